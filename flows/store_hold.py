"""A run's hold on the embedded store, given up while the run waits for a person.

The embedded store opens in one process at a time, and runs queue for it on the `store`
concurrency limit. An `ask` run paused for a plan review can wait 30 minutes: holding the
store (and its slot) all that time would stop every other run. `StoreHold` opens the
services under the slot like `open_run_services`, and `released()` closes the store and
frees the slot for the length of a `with` block, then takes the slot again (waiting its
turn) and reopens the store *into the same Services object*, so the agent that holds it
goes on with a working retriever. With a Qdrant server nothing is released: nothing waits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from finrag.config import Settings
from flows.answer_batch import limit_slot
from strategies.services import Services, open_services


class StoreHold:
    def __init__(self, settings: Settings, present: set[str]) -> None:
        self.settings, self.present = settings, present
        self._slot = ExitStack()
        self._open_now = False
        self.services: Services | None = None

    def __enter__(self) -> Services:
        self.services = self._open()
        return self.services

    def __exit__(self, *_exc: object) -> None:
        self._close()

    @contextmanager
    def released(self) -> Iterator[None]:
        """Give the store and its slot up for the block (no-op with a Qdrant server)."""
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
        self._slot = ExitStack()
        if not self.settings.qdrant_url:
            self._slot.enter_context(limit_slot("store", self.present))
        try:
            services = open_services(self.settings)
        except BaseException:
            self._slot.close()
            raise
        self._open_now = True
        return services

    def _close(self) -> None:
        try:
            if self.services is not None and self._open_now:
                self._open_now = False
                self.services.close()
        finally:
            self._slot.close()
