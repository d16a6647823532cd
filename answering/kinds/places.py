"""Names of places a filing breaks its figures down by: continents, regions and the countries
filings commonly report alone: what makes a table one of places (answering.kinds.choice,
answering.kinds.item_parts), and what a quote answering a question asked "by region" must name
(answering.kinds.quote_focus)."""

from __future__ import annotations

import re

PLACE_NAMES = re.compile(
    r"\b(?:(?:north|south|latin|central)\s+america|americas|caribbean|europe(?:an)?|emea|asia|pacific|apac|apla|africa|"
    r"middle\s+east|china|japan|india|korea|taiwan|canada|mexico|brazil|australia|oceania|germany|france|"
    r"united\s+(?:states|kingdom)|u\.\s?s\.|international|domestic|foreign|rest\s+of\s+(?:the\s+)?world)(?![\w])", re.I)
