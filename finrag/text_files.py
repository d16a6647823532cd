"""Text files people make (question batches, manifests), read whatever their encoding.

UTF-8 with or without a BOM, UTF-16 with a BOM (Excel's "Unicode text"), and cp1252 as a
fallback (Excel's "CSV" on Windows). Every failure is a `TextFileError` whose message
names the file (and the line, when there is one), never a traceback.
"""

from __future__ import annotations

import codecs
import os
import stat
import tempfile
import threading
from pathlib import Path

from finrag.errors import UserError

MAX_TEXT_FILE_BYTES = 50 * 2**20  # a file typed or exported by people; larger is refused unread


class TextFileError(UserError, ValueError):
    """A text file that cannot be read; the message says which file (and line) and why."""


def read_text(path: str | Path, max_bytes: int = MAX_TEXT_FILE_BYTES) -> str:
    """A regular file's text, at most `max_bytes` read (a FIFO would block, a link to
    /dev/zero would never end: both are refused unread)."""
    path = Path(path)
    try:
        if path.is_dir():
            raise TextFileError(f"{path}: is a directory, not a file")
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            kind = "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or \
                stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a regular file"
            raise TextFileError(f"{path}: is {kind}, not a regular file")
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise TextFileError(f"{path}: over the {max_bytes:,}-byte limit")
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


_UMASK_LOCK = threading.Lock()


def umask_mode(mode: int = 0o666) -> int:
    """`mode` as the process umask leaves it: what `open()` would give a new file. For
    files made with mkstemp (always 0600) that people in the group must read."""
    with _UMASK_LOCK:  # os.umask can only be read by setting it
        current = os.umask(0o077)
        os.umask(current)
    return mode & ~current


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write via a temporary file in the same directory, flushed, and rename it over `path`:
    a crash never leaves half a file, and the file gets the mode the umask gives."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, umask_mode())  # mkstemp makes 0600: the group must read a service's outputs
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
