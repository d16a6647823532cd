"""Names of places a filing breaks its figures down by: continents, regions and the countries
filings commonly report alone. A question asked "by region" is answered only by a quote or a
table row that names one (answering.kinds.choice, answering.kinds.quote_focus)."""

from __future__ import annotations

import re

PLACE_NAMES = re.compile(
    r"\b(?:(?:north|south|latin|central)\s+america|americas|caribbean|europe(?:an)?|emea|asia|pacific|apac|apla|africa|"
    r"middle\s+east|china|japan|india|korea|taiwan|canada|mexico|brazil|australia|oceania|germany|france|"
    r"united\s+(?:states|kingdom)|u\.\s?s\.|international|domestic|foreign|rest\s+of\s+(?:the\s+)?world)(?![\w])", re.I)
