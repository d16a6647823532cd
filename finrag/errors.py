"""Errors whose message is written for the person running FinRAG.

The CLI prints such an error as one line and exits with code 2; anything else is a bug
and is shown with its type (and, with --debug, its traceback).
"""

from __future__ import annotations


class UserError(Exception):
    """Bad input, a bad setting or a missing prerequisite; the message says what to do."""


class UsageError(UserError):
    """A command-line value that cannot work (e.g. --out names a file)."""


class StoreUnavailable(UserError):
    """The store a command reads is missing, empty or unreachable; the message says how to fix it."""
