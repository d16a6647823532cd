"""Dates as filings write them ("January 28, 2023", "Sept. 30, 2022"), across line breaks."""

from __future__ import annotations

import re
from datetime import date, datetime

MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?"
)
# One capture group; \s also spans the line breaks of covers that print a word per line.
DATE = rf"((?:{MONTHS})\s+\d{{1,2}}\s*,?\s*\d{{4}})"


def parse_date(text: str) -> date | None:
    cleaned = re.sub(r"\s+", " ", text.replace(",", " ")).replace(".", "").strip()
    for fmt in ("%B %d %Y", "%b %d %Y"):
        try:
            return datetime.strptime(cleaned, fmt).date()
        except ValueError:
            continue
    if cleaned.lower().startswith("sept"):
        return parse_date("Sep" + cleaned[4:])
    return None
