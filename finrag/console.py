"""Tables and progress for people at a terminal, drawn by rich (one look for every command).

`table_text` returns the table as plain text (no colour codes), so commands can print it
and tests can read it; `progress` is a rich progress display on stderr that shows bars on
a terminal and stays silent in a pipe or log, where callers print one line per item instead.
"""

from __future__ import annotations

import io
import shutil
import sys
from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

# Wide enough that a table written to a file or pipe is not wrapped mid-cell.
_FILE_WIDTH = 200


def table(columns: Sequence[str], rows: Iterable[Sequence[object]], *, title: str | None = None,
          right: Iterable[str] = ()) -> RenderableType:  # fmt: skip
    """A rich Table: `right` names the columns of figures (right-aligned); the title, if
    any, on its own line above (a rich table title wraps to the table's width)."""
    numeric = set(right)
    t = Table(box=box.MINIMAL, pad_edge=False, show_edge=False)
    for c in columns:
        t.add_column(c, justify="right" if c in numeric else "left", overflow="fold")
    for row in rows:
        t.add_row(*("" if v is None else str(v) for v in row))
    return Group(Text(title), t) if title else t


def to_text(*renderables: object, width: int | None = None) -> str:
    """Render to plain text at the terminal's width (or a wide page when not a terminal)."""
    if width is None:
        width = shutil.get_terminal_size((_FILE_WIDTH, 24)).columns if sys.stdout.isatty() else _FILE_WIDTH
    console = Console(file=io.StringIO(), width=width, color_system=None, highlight=False, emoji=False)
    for r in renderables:
        console.print(r)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines()).strip("\n")


def table_text(columns: Sequence[str], rows: Iterable[Sequence[object]], *, title: str | None = None,
               right: Iterable[str] = ()) -> str:  # fmt: skip
    return to_text(table(columns, rows, title=title, right=right))


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def progress(*, transient: bool = False) -> Progress:
    """Bars with count, elapsed time and ETA on stderr (disabled when stderr is not a terminal)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=transient,
        disable=not stderr_is_terminal(),
    )
