"""Arguments several `finrag` commands share, spelled (and documented) once."""

from __future__ import annotations

import argparse


def add_store(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", help="the embedded store's folder (default: $FINRAG_STORE or data/store)")


def add_runner(p: argparse.ArgumentParser) -> None:
    p.add_argument("--runner", metavar="local|dask[:ADDRESS]",
                   help="where tasks run: this process (local) or Dask workers; dask without an "
                   "address starts a LocalCluster (default: $FINRAG_RUNNER or local)")
    p.add_argument("--workers", type=int,
                   help="LocalCluster worker processes for --runner dask (default: $FINRAG_DASK_WORKERS or 2)")
