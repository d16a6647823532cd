"""Who holds the embedded store, and since when: written into its lock file by the holder.

The embedded store opens in one process at a time (layout.StoreLock). A process that finds
it busy, or a run that waits its turn for it, says who it waits behind: "the answer_batch
run 'clever-fox' (pid 4242), since 17:02 UTC (12 min ago)", not only a pid. A flow names
itself with `holding_as` around opening the store; anything else is named by its command
line (`finrag ask`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, ValidationError

_label: ContextVar[str | None] = ContextVar("finrag_store_holder", default=None)


class StoreHolder(BaseModel):
    pid: int | None = None
    what: str = ""  # "the ask run 'clever-fox'", "`finrag batch`"; empty when unknown
    since: datetime | None = None

    @classmethod
    def me(cls) -> StoreHolder:
        return cls(pid=os.getpid(), what=_label.get() or command_line(), since=datetime.now(UTC))

    @classmethod
    def parse(cls, text: str) -> StoreHolder:
        """The lock file's content: this model as JSON, or a bare pid (written by earlier versions)."""
        text = text.strip()
        if text.isdigit():
            return cls(pid=int(text))
        try:
            return cls.model_validate_json(text)
        except ValidationError:  # empty (being written) or foreign: nothing known
            return cls()

    def describe(self, now: datetime | None = None) -> str:
        """"the ask run 'clever-fox' (pid 4242), since 17:02 UTC (12 min ago)"; "(pid 4242)" when
        only the pid is known; "" when nothing is."""
        pid = f"pid {self.pid}" if self.pid is not None else ""
        text = f"{self.what} ({pid})" if self.what and pid else self.what or (f"({pid})" if pid else "")
        if self.since is not None:
            text += f", since {self.since.astimezone(UTC):%H:%M} UTC ({ago(self.since, now)})"
        return text


def ago(since: datetime, now: datetime | None = None) -> str:
    seconds = max(0.0, ((now or datetime.now(UTC)) - since).total_seconds())
    if seconds < 90:
        return f"{seconds:.0f} s ago"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min ago"
    return f"{seconds / 3600:.1f} h ago"


def command_line() -> str:
    """`finrag ask` for the CLI (installed, or `python -m cli.main`), else the program's name."""
    path = Path(sys.argv[0]) if sys.argv and sys.argv[0] not in ("", "-c") else Path("python")
    if path.name == "finrag" or (path.name == "main.py" and path.parent.name == "cli"):
        command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
        return f"`finrag {command}`" if command else "`finrag`"
    return f"`{path.parent.name if path.name == '__main__.py' else path.name}`"  # `python -m pytest`: pytest


@contextmanager
def holding_as(what: str) -> Iterator[None]:
    """Name the store's holder for the stores opened in this block (this thread / context)."""
    token = _label.set(what)
    try:
        yield
    finally:
        _label.reset(token)
