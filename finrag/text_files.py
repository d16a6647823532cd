"""Text files people make (question batches, manifests), read whatever their encoding.

UTF-8 with or without a BOM, UTF-16 with a BOM (Excel's "Unicode text"), and cp1252 as a
fallback (Excel's "CSV" on Windows). Every failure is a `TextFileError` whose message
names the file (and the line, when there is one), never a traceback.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from finrag.errors import UserError

MAX_TEXT_FILE_BYTES = 50 * 2**20  # a file typed or exported by people; larger is refused unread


class TextFileError(UserError, ValueError):
    """A text file that cannot be read; the message says which file (and line) and why."""


def read_text(path: str | Path, max_bytes: int = MAX_TEXT_FILE_BYTES) -> str:
    path = Path(path)
    try:
        if path.is_dir():
            raise TextFileError(f"{path}: is a directory, not a file")
        size = path.stat().st_size
        if size > max_bytes:
            raise TextFileError(f"{path}: {size:,} bytes, over the {max_bytes:,}-byte limit")
        data = path.read_bytes()
    except FileNotFoundError:
        raise TextFileError(f"{path}: file not found") from None
    except OSError as err:
        raise TextFileError(f"{path}: cannot read ({err.strerror})") from None
    return decode_text(path, data)


def decode_text(path: Path, data: bytes) -> str:
    if data.startswith(codecs.BOM_UTF8):
        encodings = ["utf-8-sig"]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ["utf-16"]
    else:
        encodings = ["utf-8", "cp1252"]
    error: UnicodeDecodeError | None = None
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as err:
            error = error or err
            continue
        if "\x00" in text:
            raise TextFileError(f"{path}: binary content (NUL characters), not a text file")
        return text
    assert error is not None
    line = data[: error.start].count(b"\n") + 1
    raise TextFileError(
        f"{path}:{line}: not UTF-8, UTF-16 (with BOM) or cp1252 text (byte 0x{data[error.start]:02x}); "
        "save it as UTF-8"
    )
