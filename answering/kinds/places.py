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


# words a place's label may hold beside its name ("Rest of world", "Other international", "EMEA region")
_PLACE_QUALIFIERS = frozenset({"and", "of", "the", "rest", "other", "total", "region", "regions", "countries", "country",
                               "markets", "market", "operations", "segment", "net", "sales", "revenue", "revenues",
                               "area", "areas", "world"})


def names_a_place(label: str, names: re.Pattern[str] = PLACE_NAMES) -> bool:
    """The label is a place: it names one, and its other words are a place's qualifiers or names of their
    own (capitalised: "Greater China", "New Zealand"), not a service or product said of a place
    ("International priority", "U.S. overnight box": lower-case nouns of what is sold there)."""
    if not names.search(label):
        return False
    rest = names.sub(" ", re.sub(r"\([^)]*\)", " ", label))
    return not any(w[0].islower() and w.lower() not in _PLACE_QUALIFIERS for w in re.findall(r"[A-Za-z][\w'’-]*", rest))

# the states of the United States, as an address or a list of locations names them
US_STATES = ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "Wisconsin", "Wyoming"] + ["New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina",
                                     "North Dakota", "Rhode Island", "South Carolina", "South Dakota", "West Virginia",
                                     "District of Columbia"]
