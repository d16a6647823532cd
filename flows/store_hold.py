"""A run's hold on the embedded store, given up while the run waits for a person.

The embedded store opens in one process at a time, and runs on the same store wait their
turn for it (flows/store_queue.py). An `ask` run paused for a plan review can wait 30
minutes: holding the store all that time would stop every other run on it. `StoreHold`
opens the services like `open_run_services`, and `released()` closes the store for the
length of a `with` block, then waits its turn again (logging who is ahead) and reopens the
store *into the same Services object*, so the agent that holds it goes on with a working
retriever. With a Qdrant server nothing is released: nothing waits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from finrag.config import Settings
from flows.store_queue import open_queued
from strategies.services import Services


class StoreHold:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._open_now = False
        self.services: Services | None = None

    def __enter__(self) -> Services:
        self.services = self._open()
        return self.services

    def __exit__(self, *_exc: object) -> None:
        self._close()

    @contextmanager
    def released(self) -> Iterator[None]:
        """Give the store up for the block (no-op with a Qdrant server)."""
        if self.settings.qdrant_url or self.services is None:
            yield
            return
        self._close()
        try:
            yield
        finally:
            reopened = self._open()
            for field in dataclasses.fields(Services):  # in place: the agent holds this object
                if field.name != "plan_reviewer":
                    setattr(self.services, field.name, getattr(reopened, field.name))

    def _open(self) -> Services:
        services = open_queued(self.settings)
        self._open_now = True
        return services

    def _close(self) -> None:
        if self.services is not None and self._open_now:
            self._open_now = False
            self.services.close()
