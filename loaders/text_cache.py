"""Extracted page text kept on disk by file content, so a tool that reads the same PDFs
again and again (`finrag eval metadata` while rules are tuned) pays for pdfium and OCR once.

The key is the file's sha256 plus every option that changes what extraction returns
(extractor, OCR and size limits); a file that could not be read is kept with its reason.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path

from loaders.errors import LoadError
from loaders.pdf_text import PdfOptions, PdfText, extract_pages

_VERSION = 1  # bump when extract_pages changes what it returns


def cached_extract(path: Path, options: PdfOptions | None, folder: Path, sha256: str | None = None) -> PdfText:
    """`extract_pages(path, options)`, read from `folder` when it was extracted before.
    Raises LoadError as extract_pages does (a kept failure is raised again)."""
    options = options or PdfOptions()
    sha256 = sha256 or hashlib.sha256(path.read_bytes()).hexdigest()
    settings = f"{options.extractor}-ocr{options.ocr_pages}-p{options.max_pages}-b{options.max_bytes}-v{_VERSION}"
    entry = folder / f"{sha256}-{settings}.json"
    if entry.is_file():
        kept = json.loads(entry.read_text())
        if "error" in kept:
            raise LoadError(kept["error"])
        return PdfText(**kept)
    try:
        text = extract_pages(path, options)
    except LoadError as err:
        _write(entry, {"error": err.reason})
        raise
    _write(entry, asdict(text))
    return text


def _write(entry: Path, value: dict) -> None:
    entry.parent.mkdir(parents=True, exist_ok=True)
    partial = entry.with_suffix(f".{os.getpid()}.part")
    partial.write_text(json.dumps(value))
    partial.replace(entry)  # whole or not at all: parallel readers never see half a file
