"""Errors whose message is written for the person running FinRAG.

The CLI prints such an error as one line and exits with code 2; anything else is a bug
and is shown with its type (and, with --debug, its traceback).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager


class UserError(Exception):
    """Bad input, a bad setting or a missing prerequisite; the message says what to do."""


class UsageError(UserError):
    """A command-line value that cannot work (e.g. --out names a file)."""


class StoreUnavailable(UserError):
    """The store a command reads is missing, empty or unreachable; the message says how to fix it."""


class DiskFull(UserError):
    """A disk filled up (or would have): the message names the path and what was kept."""


DISK_FULL_ERRNOS = frozenset({28, 122, 27})  # ENOSPC, EDQUOT, EFBIG


def is_disk_full(err: BaseException) -> bool:
    """An OSError for a full disk or quota, SQLite's "database or disk is full", or an
    engine's error carrying the OS's words (Qdrant Edge: "... No space left on device (os
    error 28)")."""
    if isinstance(err, DiskFull):
        return True
    if isinstance(err, OSError) and err.errno in DISK_FULL_ERRNOS:
        return True
    text = str(err)
    return "database or disk is full" in text or "No space left on device" in text or "Disk quota exceeded" in text


@contextmanager
def full_disk_named(path: object, kept: Callable[[], str]) -> Iterator[None]:
    """Turn a full disk while writing under `path` into DiskFull: "PATH: no space left on
    device; <what was kept>" (`kept` is asked when it happens)."""
    try:
        yield
    except DiskFull:
        raise
    except Exception as err:
        if not is_disk_full(err):
            raise
        raise DiskFull(f"{path}: no space left on device; {kept()}") from None
