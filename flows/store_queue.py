"""Flow runs take turns with the embedded store: one queue per store, and a log of who is ahead.

The embedded store opens in one process at a time; its lock file is the store's own
(finrag/store/layout.py), so runs on two different stores (two copies, two `--store`s)
never wait on each other, and a run on a busy store waits its turn instead of failing.
While it waits, its log says what it waits behind and since when ("waiting for the store
at data/store, in use by another process: the answer_batch run 'clever-fox' (pid 4242),
since 17:02 UTC (12 min ago)"), once a minute and whenever the holder changes. The run
that holds the store is named in the lock file by `holding_as(run_label())`.

The wait ends with the run's own timeout (each flow has one): a Prefect global concurrency
limit is not used for the store any more, since it was one limit for every store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.store import StoreHolder, holding_as
from finrag.store.holder import command_line

if TYPE_CHECKING:
    from strategies.services import Services

# Longer than any flow's timeout: the run's timeout ends a wait, not this.
QUEUE_WAIT_S = 24 * 3600.0


def run_label() -> str:
    """"the ask run 'clever-fox'" inside a flow run ("... of `finrag batch`" when a command
    started it), else the command line (holder.py)."""
    from prefect.context import FlowRunContext

    command = command_line()
    ctx = FlowRunContext.get()
    if ctx is None or ctx.flow_run is None:
        return command
    flow_name = ctx.flow.name if ctx.flow is not None else "flow"
    label = f"the {flow_name} run '{ctx.flow_run.name}'"
    return f"{label} of {command}" if command.startswith("`finrag ") else label


def waiting_logger(settings: Settings) -> Callable[[StoreHolder], None]:
    """What a waiting run logs about the holder (the run's logger, else Python's)."""

    def tell(holder: StoreHolder) -> None:
        from prefect.exceptions import MissingContextError
        from prefect.logging import get_run_logger

        who = holder.describe() or "another process"
        try:
            logger = get_run_logger()
        except MissingContextError:
            import logging

            logger = logging.getLogger(__name__)
        logger.info("waiting for the store at %s, in use by %s", settings.store_dir, who)

    return tell


@contextmanager
def queued_for_store(settings: Settings) -> Iterator[Callable[[StoreHolder], None]]:
    """Name this run as the store's holder for the block; yields the waiting logger."""
    with holding_as(run_label()):
        yield waiting_logger(settings)


def open_queued(settings: Settings) -> Services:
    """Open Services once this run's turn with the store comes (no wait with a Qdrant server)."""
    from strategies.services import open_services

    with queued_for_store(settings) as tell:
        return open_services(settings, wait_s=QUEUE_WAIT_S, on_wait=tell)
