"""Tables and progress for people at a terminal, drawn by rich (one look for every command).

`table_text` returns the table as plain text (no colour codes), so commands can print it
and tests can read it; `progress` is a rich progress display on stderr that shows bars on
a terminal and stays silent in a pipe or log, where callers print one line per item instead.
While the bars show, log lines print above them, never on a bar's line (`LogsAboveProgress`).
"""

from __future__ import annotations

import io
import logging
import shutil
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.file_proxy import FileProxy
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


class LogsAboveProgress(Progress):
    """A rich Progress under which every log line prints above the bars.

    rich moves what is written to `sys.stderr` above its bars, but a logging handler keeps the
    stream it was given when it was made (Prefect's console handler, and its own rich Console,
    hold the real stderr), so its lines were written after the bar on the bar's line. While
    the bars show, such handlers write through the bars' console; they get their stream back
    when the bars stop."""

    def __enter__(self) -> LogsAboveProgress:
        terminal = sys.stderr
        super().__enter__()
        self._restore = [] if self.disable else _handlers_through(self.console, terminal)
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            super().__exit__(*exc)
        finally:
            for undo in reversed(getattr(self, "_restore", [])):
                undo()


def _handlers_through(console: Console, terminal: Any) -> list[Any]:
    """Point every logging handler that writes to `terminal` at a proxy that prints through
    `console` (above its live display); the undo steps."""
    undo: list[Any] = []
    loggers = [logging.getLogger(), *(lg for lg in logging.Logger.manager.loggerDict.values()
                                      if isinstance(lg, logging.Logger))]  # fmt: skip
    for handler in {h for lg in loggers for h in lg.handlers}:
        if not isinstance(handler, logging.StreamHandler) or handler.stream not in (terminal, sys.__stderr__):
            continue
        proxy = _AboveBars(console, handler.stream)
        undo.append(lambda h=handler, s=handler.stream: h.setStream(s))
        handler.setStream(proxy)
        inner = getattr(handler, "console", None)  # Prefect's handler prints with a Console of its own
        if isinstance(inner, Console):
            undo.append(lambda c=inner, f=inner.file: setattr(c, "file", f))
            inner.file = proxy
    return undo


class _AboveBars(io.TextIOBase):
    """rich's FileProxy (lines printed above the live bars), but not recognisable as one: a
    Console given a FileProxy as its file unwraps it and writes to the terminal again."""

    def __init__(self, console: Console, file: Any) -> None:
        self._proxy, self._file = FileProxy(console, file), file

    def write(self, text: str) -> int:
        self._proxy.write(text)
        return len(text)

    def flush(self) -> None:
        self._proxy.flush()

    def isatty(self) -> bool:
        return self._file.isatty()

    def fileno(self) -> int:
        return self._file.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._file, "encoding", "utf-8")


def progress(*, transient: bool = False) -> Progress:
    """Bars with count, elapsed time and ETA on stderr (disabled when stderr is not a terminal);
    log lines print above them."""
    return LogsAboveProgress(
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
