"""PDFs read in processes of their own, each with a memory budget: a file that breaks its
process (out of memory, a crash inside the PDF library) fails alone, named, with a reason.

One mechanism for both readers of files: `finrag inspect` (loaders.inspect, several
processes) and ingest (indexing.load, one `ReaderProcess` kept for the whole run).
"""

from __future__ import annotations

import faulthandler
import os
import resource
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

READER_DIED = "the reader process died on this file (out of memory, or a crash inside the PDF library)"


class ReaderDied(Exception):
    """The reader process ended while it read a file."""


def start_reader(budget_mb: int) -> None:
    """A reader process: default signal handling (a forked copy of the CLI's SIGTERM
    handler would print a traceback when the pool stops its workers), no stack dump, gone
    with its parent, a memory budget."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    faulthandler.disable()  # a file that crashes the reader is reported by name, not by a stack dump
    parent = os.getppid()
    threading.Thread(target=_exit_with, args=(parent,), daemon=True, name="finrag-reader-parent").start()
    bound_memory(budget_mb)


def _exit_with(parent: int) -> None:
    """A pool's worker outlives a parent killed with SIGKILL (it waits on a pipe it holds
    both ends of), keeping memory and, for ingest, a copy of the store lock's descriptor."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


def bound_memory(budget_mb: int) -> None:
    """A reader process may grow by `budget_mb` over what it holds at start (its address
    space is capped): a file that inflates past it fails in that process, with the reason,
    instead of taking the machine's memory (a 1 MB Flate bomb inflates to 2 GB)."""
    try:
        status = Path("/proc/self/status").read_text()
        size_kb = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmSize:")))
    except (OSError, StopIteration, ValueError):
        return  # not Linux: no cap
    limit = size_kb * 1024 + budget_mb * 2**20
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


def reader_pool(workers: int, budget_mb: int) -> ProcessPoolExecutor:
    """Reader processes (forked: they start at once, with what the caller has loaded)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=start_reader, initargs=(budget_mb,))


class ReaderProcess:
    """One reader process for a run's files, read one at a time; a file that kills it fails
    alone (ReaderDied) and the next file gets a new process.

    Start it before the store is opened: a forked reader then holds no copy of the store's
    lock (only a replacement after a death does, and it ends with its parent)."""

    def __init__(self, budget_mb: int) -> None:
        self.budget_mb = budget_mb
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def __enter__(self) -> ReaderProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        with self._lock:
            self._started()

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = reader_pool(1, self.budget_mb)
            self._pool.submit(os.getpid).result()  # forked now, not at the first file
        return self._pool

    def call(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in the reader process; ReaderDied when the process ended."""
        with self._lock:
            pool = self._started()
            try:
                return pool.submit(function, *args).result()
            except BrokenProcessPool:
                pool.shutdown(wait=False)
                self._pool = None
                raise ReaderDied(READER_DIED) from None

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
                self._pool = None
