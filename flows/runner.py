"""Where a flow's tasks run: threads in this process, or Dask worker processes.

One switch for ingest, batch and compare: `--runner local|dask[:ADDRESS]` and `--workers N`
on the CLI, FINRAG_RUNNER / FINRAG_DASK_ADDRESS / FINRAG_DASK_WORKERS for deployments.
`dask` without an address is a LocalCluster of N single-threaded worker processes, started
for the run and shut down at its end, also when the process gets SIGTERM; with an address
it is the cluster behind that scheduler (one machine or many, same code). Either way the
tasks go through Prefect's Dask task runner (prefect-dask), so the UI shows them as usual.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import struct
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from pydantic import BaseModel

from finrag.config import Settings
from finrag.errors import UsageError


class RunnerError(UsageError):
    """A --runner / --workers value that cannot be used; the message says why."""


# A scheduler address as Dask writes it: tcp:// or tls://, a host (or [IPv6]) and a port.
_ADDRESS = re.compile(r"^(?P<scheme>tcp|tls)://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(?P<port>\d{1,5})$")


class Runner(BaseModel):
    kind: Literal["local", "dask"] = "local"
    workers: int | None = None  # LocalCluster size; None on a remote scheduler (its own size)
    address: str | None = None  # scheduler address, e.g. tcp://10.0.0.5:8786
    timeout_s: float = 10.0  # to reach the scheduler (FINRAG_DASK_TIMEOUT)

    def report(self) -> dict[str, Any]:
        """What `--json` outputs say about where the work ran."""
        return self.model_dump(exclude_none=True, exclude={"timeout_s"})

    def task_runner(self, local_default: Any = None) -> Any:
        """The Prefect task runner for this choice (`local_default` when local)."""
        if self.kind == "local":
            return local_default
        from prefect_dask import DaskTaskRunner

        if self.address:  # the client's own connect is bounded too
            return DaskTaskRunner(address=self.address, client_kwargs={"timeout": f"{self.timeout_s:g}s"})
        return DaskTaskRunner(cluster_class=local_cluster, cluster_kwargs={"n_workers": self.workers})


def parse_runner(text: str | None, workers: int | None, settings: Settings) -> Runner:
    """`local`, `dask`, `dask:tcp://host:8786` (CLI) with the settings' values as defaults.

    Refused (RunnerError, before anything starts): an unknown runner, an address that is
    not `tcp://HOST:PORT` / `tls://HOST:PORT`, and `workers` (the CLI's --workers) where it
    means nothing (the local runner, a remote scheduler). A LocalCluster larger than the
    machine's cores is capped at them, with a warning."""
    text = text or settings.runner
    kind, _, address = text.partition(":")
    if kind not in ("local", "dask"):
        raise RunnerError(f"unknown runner {text!r}: use local, dask or dask:ADDRESS")
    if kind == "local":
        if workers is not None:
            raise RunnerError("--workers is for --runner dask (a LocalCluster); the local runner uses threads")
        return Runner()
    address = address or settings.dask_address
    if address:
        if not _ADDRESS.match(address):
            raise RunnerError(f"{address!r} is not a Dask scheduler address: use tcp://HOST:PORT (or tls://)")
        if workers is not None:
            raise RunnerError(f"--workers is for a LocalCluster; the scheduler at {address} has its own workers")
        return Runner(kind="dask", address=address, timeout_s=settings.dask_timeout_s)
    count = workers if workers is not None else settings.dask_workers
    if count < 1:
        raise RunnerError(f"--workers must be at least 1, got {count}")
    cores = os.cpu_count() or 1
    if count > cores:
        print(f"warning: {count} Dask workers capped at {cores}, this machine's cores (one CPU job per worker)",
              file=sys.stderr)
        count = cores
    return Runner(kind="dask", workers=count)


# A Dask message starts with its length (8 bytes, little-endian); a handshake is a few
# hundred bytes. Text a non-Dask server speaks first ("HTTP/1.1", "SSH-2.0-", "220 ...")
# read as a length is petabytes, which the Dask client tries to allocate (a MemoryError).
_PRELUDE = struct.Struct("<Q")
_MAX_HANDSHAKE = 1 << 20


def check_runner(runner: Runner) -> None:
    """Before a run starts: a remote scheduler must answer, as a Dask scheduler, within its
    timeout. A Dask scheduler speaks first on a new connection (its handshake, a length
    then a message), so a port that accepts and stays silent, or says something else, is
    not one: found in seconds instead of a client that waits for minutes or fails with a
    MemoryError. RunnerError (one line, never retried)."""
    if runner.kind != "dask" or not runner.address:
        return
    found = _ADDRESS.match(runner.address)
    assert found is not None  # parse_runner checked it
    host, port = found["host"].strip("[]"), int(found["port"])
    where = f"the Dask scheduler at {runner.address}"
    try:
        with socket.create_connection((host, port), timeout=runner.timeout_s) as probe:
            if found["scheme"] == "tls":
                return  # a TLS server waits for the client's hello: reaching it is all we can check
            probe.settimeout(runner.timeout_s)
            prelude = _first_bytes(probe, _PRELUDE.size)
            if not prelude:
                raise RunnerError(f"{where} closed the connection at once: is it a Dask scheduler?")
            (length,) = _PRELUDE.unpack(prelude.ljust(_PRELUDE.size, b"\0"))
            if len(prelude) < _PRELUDE.size or not 0 < length <= _MAX_HANDSHAKE:
                said = prelude.decode("latin-1").encode("unicode_escape").decode()
                raise RunnerError(f"{runner.address} is not a Dask scheduler: it answered {said!r}, not a Dask "
                                  "handshake; check the address and port")
    except TimeoutError:
        raise RunnerError(f"{where} did not answer as a Dask scheduler within {runner.timeout_s:g} s "
                          "(FINRAG_DASK_TIMEOUT): check the address and port") from None
    except OSError as err:
        raise RunnerError(f"{where} cannot be reached: {err.strerror or err}") from None


def _first_bytes(connection: socket.socket, count: int) -> bytes:
    """Up to `count` bytes, fewer when the peer closes; TimeoutError when it stays silent."""
    data = b""
    while len(data) < count:
        more = connection.recv(count - len(data))
        if not more:
            break
        data += more
    return data


def local_cluster(n_workers: int = 2, **kwargs: Any):
    """A LocalCluster of single-threaded worker processes on this machine.

    allowed-failures 0: a task whose worker dies is reported lost at once instead of being
    re-run on the next worker, which a document that crashes its worker (out of memory)
    would kill in turn; a re-run of the command picks lost items up. The scheduler runs in
    this process, so the setting must be in force while the cluster is built.
    """
    import dask
    from distributed import LocalCluster

    # The scheduler's INFO lines (workers joining, leaving) would bury the run's progress.
    logging.getLogger("distributed").setLevel(logging.WARNING)
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        return LocalCluster(
            n_workers=n_workers,
            threads_per_worker=1,  # one CPU job per process: torch and pdfium are not shared
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
            **kwargs,
        )


def dask_workers_now() -> int:
    """Workers of the Dask cluster the current flow run submits to (1 when not on Dask)."""
    from prefect.context import FlowRunContext

    context = FlowRunContext.get()
    runner = context.task_runner if context else None
    if runner is None or type(runner).__name__ != "DaskTaskRunner":
        return 1
    return max(1, len(runner.client.scheduler_info(n_workers=-1)["workers"]))


def on_dask() -> bool:
    """True when the current flow run's tasks go to Dask workers."""
    from prefect.context import FlowRunContext

    context = FlowRunContext.get()
    return context is not None and type(context.task_runner).__name__ == "DaskTaskRunner"


@contextmanager
def exit_on_sigterm() -> Iterator[None]:
    """SIGTERM unwinds like Ctrl-C, so the `with` blocks that own a LocalCluster close it,
    and the command ends with its one line (`interrupted (SIGTERM)`, exit code 143), also
    while the Dask client waits on a scheduler.

    Without this, Python dies on SIGTERM without running `finally`, and the cluster's
    worker processes outlive the command.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from flows.runtime import signals_as_interrupts

    with signals_as_interrupts():
        yield


@contextmanager
def running_on(runner: Runner) -> Iterator[None]:
    """What a CLI command wraps a flow call in when it runs on Dask."""
    if runner.kind == "local":
        yield
        return
    from flows.runtime import temporary_server  # one server for the flow and its workers

    with exit_on_sigterm(), temporary_server():
        yield


def configured_task_runner(local_default: Any) -> Any:
    """The task runner FINRAG_RUNNER asks for, for a flow's decorator (deployments).

    The CLI overrides it per run with `flow.with_options(task_runner=...)`.
    """
    from finrag.config import load_settings

    settings = load_settings()
    return parse_runner(None, None, settings).task_runner(local_default)
