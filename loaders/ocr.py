"""Page images -> text with Tesseract, for pages whose text layer cannot be read.

Some PDFs carry text in fonts without a Unicode map (a Type3 font with numbered glyphs:
the text layer is a substitution cipher of control characters), and scanned filings carry
none. Tesseract (Debian's `tesseract-ocr`, run as a program; the one place FinRAG calls it)
reads the rendered page instead. Measured on a 9-page earnings release of this kind:
about 1 s per page at 300 dpi with one thread, and the figures and headline read right.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from io import BytesIO

from PIL import Image

OCR_DPI = 300  # pages are rendered at this resolution for OCR
# At most this many pixels per rendered page (a letter page at 300 dpi is 8.4 million): a
# page sized in metres (a 24 KB file can declare one) is rendered at a lower resolution
# instead of costing gigabytes of memory.
MAX_OCR_PIXELS = 40_000_000


def ocr_scale(width_pt: float, height_pt: float) -> float:
    """The render scale (pixels per point) for a page: OCR_DPI, lowered to stay within
    MAX_OCR_PIXELS."""
    scale = OCR_DPI / 72
    area = max(width_pt, 1.0) * max(height_pt, 1.0)
    return min(scale, 0.995 * (MAX_OCR_PIXELS / area) ** 0.5)  # 0.995: the renderer rounds sizes up
_TIMEOUT_S = 120.0  # one page (FINRAG_OCR_TIMEOUT); a page that takes longer is left unreadable, not retried
# A page's text layer is unreadable when this share of its visible characters are control
# or private-use code points. Across 15,600 pages of 171 real filings, the only pages
# above 1% were the 9 pages of the one release set in such fonts (8% to 88%).
_UNREADABLE_SHARE = 0.03
_MIN_UNREADABLE_CHARS = 5
# pypdf spells a glyph without a Unicode map by its name ("/0 /1/2/i255"); a page that is
# mostly such names has no words either.
_GLYPH_NAME = re.compile(r"(?<![\w/])(?:/[A-Za-z]{0,3}\d+)+(?![\w/])")  # not a date: 10/15/2023
_GLYPH_NAME_SHARE = 0.3


class OcrUnavailable(Exception):
    """Tesseract is not installed (or cannot run)."""


class OcrTimedOut(Exception):
    """Tesseract took longer than its timeout on a page (and was stopped)."""


def text_layer_unreadable(text: str) -> bool:
    """True when extracted text is glyph codes, not words (a font without a Unicode map)."""
    visible = [c for c in text if not c.isspace()]
    bad = sum(1 for c in visible if c == "\ufffd" or unicodedata.category(c) in ("Cc", "Co", "Cs"))
    if bad >= _MIN_UNREADABLE_CHARS and bad / max(len(visible), 1) >= _UNREADABLE_SHARE:
        return True
    names = sum(len(m.group()) for m in _GLYPH_NAME.finditer(text))
    return names >= 20 and names / max(len(visible), 1) >= _GLYPH_NAME_SHARE


def tesseract_available() -> bool:
    return shutil.which("tesseract") is not None


def ocr_image(image: Image.Image, timeout_s: float = _TIMEOUT_S, dpi: int = OCR_DPI) -> str:
    """The text Tesseract reads on one page image rendered at `dpi`. Raises
    OcrUnavailable, or OcrTimedOut after `timeout_s`."""
    png = BytesIO()
    image.save(png, format="PNG")
    # One thread per page: Tesseract's OpenMP threads fight each other on a busy 2-core
    # machine (15 s a page with threads, 1 s without, same page).
    env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    try:
        done = subprocess.run(
            ["tesseract", "-", "-", "--dpi", str(dpi)],
            input=png.getvalue(), capture_output=True, timeout=timeout_s, env=env, check=False,
        )
    except FileNotFoundError as err:
        raise OcrUnavailable("tesseract is not installed") from err
    except subprocess.TimeoutExpired:
        raise OcrTimedOut(f"tesseract timed out after {timeout_s:g} s on a page (FINRAG_OCR_TIMEOUT)") from None
    if done.returncode != 0:
        last = done.stderr.decode(errors="replace").strip().splitlines()[-1:]
        raise OcrUnavailable(last[0] if last else f"tesseract exited with {done.returncode}")
    return done.stdout.decode("utf-8", errors="replace")
