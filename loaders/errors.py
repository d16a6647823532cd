"""The one exception loaders raise for input they cannot read."""

from __future__ import annotations


class LoadError(Exception):
    """A PDF that cannot be loaded; `reason` is meant for the person who gave us the file."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
