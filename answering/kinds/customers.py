"""Who a company's customers are: the sentences in which the company says whom its revenues come from.

A filing rarely lists "our primary customers"; it says where its revenues come from: "We derive
a significant portion of our revenues from a limited number of commercial airlines.", "In 2022,
40% of our revenues were earned pursuant to U.S. government contracts", "Sales to Walmart
accounted for 14% of our net sales". Such a sentence states a customer when it is about the
company's own revenues (our / its / total / consolidated revenues or sales), says a share of them
(a percentage, a significant portion, the majority) and names who or what the share comes from
(customers, a government, sales to ..., contracts with ...). Those sentences, in the retrieved
pages or one search of the asked company's filings for them, are the answer; none: None (the
caller refuses as before).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.ask_scope import ask_parts
from answering.kinds.customer_words import WHO_AND_SHARE
from answering.kinds.sentences import Sentence, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# "..., and how large was that share?": the other part a customer's sentence answers with its share
_ASKS_SIZE = re.compile(r"^\W*(?:and\s+)?(?:how\s+(?:large|big|much|significant)|what\s+(?:share|percent(?:age)?|portion)|"
                        r"what\s+(?:were|was|are|is)\s+(?:their|its|the(?:ir)?|each\s+one['’]s)\s+(?:shares?|percentages?))\b",
                        re.I)
# a share of the company's own revenues: "a significant portion of our revenues", "40% of our revenues",
# "14% of total net sales", "the majority of its consolidated revenues"
_OWN_REVENUE = r"(?:our|its|the\s+company['’]s|total|consolidated)\s+(?:total\s+|consolidated\s+|net\s+|operating\s+)*(?:revenues?|sales)\b"
_SHARE = re.compile(
    rf"(?:\d+(?:\.\d+)?\s?%|\bpercent|\b(?:significant|substantial|large|major)\s+(?:portion|part|share|percentage)"
    rf"|\bmajority|\bmost)\s+of\s+{_OWN_REVENUE}", re.I)
# who the share comes from, named: "... of our revenues from a limited number of commercial airlines"
# (a few of a kind that is not just "customers"), "Revenues from the U.S. government ... represented 40%",
# "Sales to Walmart accounted for 14%", "In fiscal 2020, Dell accounted for 17% of our net revenue"
_FROM_FEW = re.compile(r"^\s+(?:\w+\s+){0,3}?from\s+(?:a\s+(?:limited|small)\s+number\s+of|a\s+few|several|certain"
                       r"|(?:our|its)\s+(?:largest|major|top))\s+(?!customers\b|clients\b)[a-z]", re.I)
_NAMED = re.compile(r"\b(?:[Rr]evenues?|[Ss]ales)\s+(?:from|to)\s+(?:the\s+)?[A-Z]")
_ACCOUNTED = re.compile(r"^(?:In\s[^,]{3,40},\s+)?(?:[A-Z][\w.&'’-]*,?\s+){1,4}(?:and\s+(?:[A-Z][\w.&'’-]*\s+){1,4})?"
                        r"(?:each\s+)?(?:accounted\s+for|represented)\b")
# a pointer elsewhere states nothing: "For more information about our customers ..., see Note 3"
_POINTER = re.compile(r"\bsee\s+(?:\S+\s+){0,3}?(?:note|item|part)\b|\bfor\s+(?:more|further|additional)\s+information\b",
                      re.I)
# revenue by where it is booked, not by whom it is paid: "from non-U.S. sales", "from the Americas",
# "outside the United States"; and a sentence that says no customer is that large
_PLACE = re.compile(r"\b(?:non-u\.?s\.?|international|foreign|domestic|overseas|outside|countr(?:y|ies)|regions?"
                    r"|geograph\w*|americas?|europe\w*|asia\w*|pacific|africa\w*|china|japan|united\s+states)\b",
                    re.I)
_NEGATED = re.compile(r"\bno\s+(?:single\s+|one\s+|other\s+|individual\s+)?(?:customer|client)s?\b|\bnone\s+of\b"
                      r"|\bnot?\b|\bless\s+than\b|\bbelow\b", re.I)
_SEARCH = "customers accounted for percent of our revenues significant portion of our revenues derived from sales to"
# by its words and by meaning, and the words a business section says it in ("We derived 73% of our
# total consolidated net sales from the U.S. Government")
_SEARCHES = ((_SEARCH, "sparse"), (_SEARCH, "dense"),
             ("our principal customers we derived percent of our total net sales from", "sparse"))
_SEARCH_K = 12
_MAX_SENTENCES = 3


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The sentences stating whom the asked company's revenues come from, or None."""
    companies = list(understanding.companies)
    if len(companies) != 1:
        return None  # whose revenues: one company, else another's customers could be quoted
    filters = SearchFilters(companies=companies, fiscal_years=sorted(set(understanding.fiscal_years)))
    # the retrieved pages and a search of the company's filings by its words (the risk factor's
    # "significant portion of our revenues") and by meaning (the segment note's "Revenues from ...
    # represented 40% of consolidated revenues")
    retriever = getattr(services, "retriever", None)
    searched = [h for query, mode in _SEARCHES for h in retriever.search(
        query, filters=filters, k=_SEARCH_K, mode=mode)] if retriever is not None else []
    found = _stating([*hits, *searched], companies)
    if not found:
        return None
    found = sorted(_distinct(found)[:_MAX_SENTENCES], key=lambda s: (s.chunk.doc, s.chunk.page, s.position))
    # (both parts answered only where the other parts ask the share's size: any other part is still checked)
    sized = all(_ASKS_SIZE.match(p) for p in ask_parts(question)[1:])
    return WrittenAnswer(status="answered", kind="list", text=" ".join(s.shown() for s in found),
                         citations=unique_citations([cite(s.chunk, s.text) for s in found]),
                         flags=[WHO_AND_SHARE] if sized else [])


def _distinct(found: list[Sentence]) -> list[Sentence]:
    """One sentence per page: a page's second one tends to repeat its first. Of one sentence read
    twice, the copy without the table rows a chunk ran into its start ("... Total revenues $66,608
    Revenues from the U.S. government ...") is kept."""
    kept: dict[tuple[str, int], Sentence] = {}
    for s in found:
        page = (s.chunk.doc, s.chunk.page)
        if page not in kept or (kept[page].text.endswith(s.text) and len(s.text) < len(kept[page].text)):
            kept[page] = s
    return list(kept.values())


def _stating(hits: list[SearchHit], companies: list[str]) -> list[Sentence]:
    # a page's table may run into the sentence after it ("Total revenues $66,608 $62,286 $58,158 Revenues
    # from ..."): read without it
    read = [s.model_copy(update={"text": _ROWS_BEFORE.sub("", s.text)})
            for s in sentences(hits, companies, trim_tables=True)]
    return [s for s in read if states_customers(s.text)]


# table rows run into a sentence's start: words and three amounts at least, up to a capitalised word
_ROWS_BEFORE = re.compile(r"^.*(?:[$(]?\s?\d[\d,.]*\)?%?\s+){3,}(?=[A-Z][a-z])")


def states_customers(text: str) -> bool:
    """The sentence says whom a share of the company's own revenues comes from."""
    # a parenthesis details who is meant ("the U.S. government (including foreign military sales)")
    if _NEGATED.search(text) or _POINTER.search(text) or _PLACE.search(re.sub(r"\([^)]*\)", " ", text)):
        return False
    if _NAMES_WITH_SHARES.search(text) and _REVENUE_WORD.search(text):
        return True  # "Apple, Google, and Sony have been our most significant customers with revenues of 17%, 13%, ..."
    share = _SHARE.search(text)
    if share is None:
        return False
    return _FROM_FEW.match(text[share.end():]) is not None or _NAMED.search(text) is not None \
        or (_ACCOUNTED.match(text) is not None and _CUSTOMER.search(text) is not None)  # "iPhone accounted for" is a product


_CUSTOMER = re.compile(r"\bcustomers?\b|\bclients?\b", re.I)
# customers named in a list and called customers, then their shares: "Apple, Google, and Sony have been our most
# significant customers with revenues of 17%, 13%, and 11%, respectively"
_NAMES_WITH_SHARES = re.compile(r"(?-i:[A-Z][\w&.'’-]*)(?:\s+(?-i:[A-Z][\w&.'’-]*))*,\s+(?:(?-i:[A-Z][\w&.'’-]*)(?:\s+"
                                r"(?-i:[A-Z][\w&.'’-]*))*,?\s+)*and\s+(?-i:[A-Z][\w&.'’-]*)[^.;]{0,80}?\bcustomers?\b"
                                r"[^.;]{0,60}?\d+(?:\.\d+)?\s?%", re.I)
_REVENUE_WORD = re.compile(r"\b(?:revenues?|sales)\b", re.I)
# a sentence whose subject is the company's customers: "The Company’s customers are primarily in the
# consumer, small and mid-sized business, education, enterprise and government markets."
_CUSTOMERS_ARE = re.compile(r"\b(?:our|its|the\s+company['’]s)\s+(?:\w+\s+)?customers\s+(?:are|include|consist|comprise)\b"
                            r"(?!\s+(?:subject|not|likely|unlikely|able|unable|expected|concentrated|located)\b)", re.I)


def says_who(text: str) -> bool:
    """Another reading's answer to "who are the customers" says who they are: its sentence has
    the customers as subject ("our customers include ..."), or a share of revenues from someone named."""
    if _GOES_ON.match(text):
        return False  # "In addition, our customers include other manufacturers ...": the main ones are elsewhere
    return _CUSTOMERS_ARE.search(text) is not None or states_customers(text)


_GOES_ON = re.compile(r"^\W*(?:in\s+addition|additionally|also|further(?:more)?|moreover|other)\b", re.I)
