"""Which PDF files a list of paths names (ingest, inspect and the benchmarks agree)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


def expand_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Files as given; directories become their *.pdf files, sorted.

    A *.pdf entry that is not a readable file (a symlink loop, a dangling link) is kept:
    the caller reports it as failed with its reason instead of it being skipped silently.
    """
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():  # ".PDF" too: scanners and Windows tools write upper case
            files.extend(sorted(p for p in path.iterdir() if p.suffix.lower() == ".pdf" and not p.is_dir()))
        else:
            files.append(path)
    return files
