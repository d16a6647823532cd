"""going_concern: "Is the company (considered) a going concern?" read from the going-concern conclusion.

A filing states the conclusion the other way round: "management has concluded that these
circumstances raise substantial doubt about [its] ability to continue as a going concern". A
question asking whether the company IS (considered, regarded) a going concern is answered No by
such a sentence, and by nothing weaker: a hedge ("could raise substantial doubt"), a negation
("no substantial doubt", "alleviated") or a policy ("evaluates whether ...") decides nothing here.
A question about the doubt itself ("did it report a material uncertainty or significant doubt about
its ability to continue as a going concern?") is answered Yes by a sentence that states the doubt
(the conclusion above) or the auditor's and directors' wording of it, "a material uncertainty exists
that may cast significant doubt on ..." (that "may" is the standard's wording, no hedge); a sentence
that only describes the test ("whether a material uncertainty exists"), a hedge on the future
("future events may cause the Company to cease to continue as a going concern") or a negation says
nothing either way here, and the stated reading (answering.kinds.yes_no) goes on. Anything this
cannot read with certainty is None.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.cause_cues import is_cause
from answering.kinds.sentences import Sentence, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

# "consider the company a going concern", "is X still a going concern", "regarded as a going concern"
_ASKS_STATUS = re.compile(r"\b(?:consider(?:s|ed)?|regard(?:s|ed)?|deem(?:s|ed)?|view(?:s|ed)?|is|was|remains?|"
                          r"remained)\s+(?:[\w&'’.-]+\s+){0,4}?(?:as\s+|to\s+be\s+)?an?\s+going\s+concerns?\b", re.I)
# the question asks about the doubt, or its polarity is turned: not a status question
_ASKS_OTHER = re.compile(r"\bdoubt|\buncertaint|\bability\b|\bnot\b|n['’]t\b|\bno\s+longer\b|\bwarning|"
                         r"\bemphasis\b|\bqualif|\brisks?\b|\bbasis\b", re.I)
_DOUBT = re.compile(r"\bsubstantial\s+doubt\s+(?:about|as\s+to|regarding|on)\b[^.;]{0,160}?"
                    r"\babilit(?:y|ies)\s+to\s+continue\s+as\s+(?:a\s+)?going\s+concerns?\b", re.I)
# a conclusion, stated: "has concluded that ... raise(s)", "there is substantial doubt", "conditions exist"
_CONCLUDED = re.compile(r"\b(?:conclu\w+|determined|raises?|there\s+is|exists?)\b", re.I)
# a hedge, a negation, a condition or a policy: the sentence concludes nothing certain
_UNCERTAIN = re.compile(r"\b(?:no|not|never|without|alleviat\w*|mitigat\w*|eliminat\w*|resolv\w*|"
                        r"if|unless|whether|could|may|might|would|can|should|absent|evaluat\w*|assess\w*)\b"
                        r"|n['’]t\b", re.I)
# the stated cause of the doubt, said in the sentence before the conclusion
_CIRCUMSTANCE = re.compile(r"\b(?:chapter\s+11|bankruptcy|losses|net\s+loss|deficit|default\w*|"
                           r"negative\s+(?:cash|working)|wildfires?|litigation|liabilit(?:y|ies))\b", re.I)
_ASKS_WHY = re.compile(r"\bwhy\b|\bexplain\b|\bcircumstances?\b|\breasons?\b|\bcauses?\b", re.I)
# the question asks whether the doubt is reported: "a material uncertainty or significant doubt about
# its ability to continue as a going concern", "substantial doubt about ... going concern"
_EVIDENCE = 2
_NEGATED = re.compile(r"\b(?:no|not)\s+(?:\w+\s+){0,3}(?:substantial\s+doubt|material\s+uncertaint)|alleviat", re.I)
# the directors' word that the going-concern basis is appropriate (an IFRS report's conclusion when no
# material uncertainty exists): "are of the opinion that the use of the going concern basis of accounting is appropriate"
_BASIS_APPROPRIATE = re.compile(r"\bgoing\s+concern\s+basis\b[^.;]{0,160}?\bappropriate\b"
                                r"|\bappropriate\b[^.;]{0,160}?\bgoing\s+concern\s+basis\b", re.I)
# the auditor's description of its duty ("conclude on the appropriateness of ... use of the going concern basis")
# (or a basis sentence that goes on to the uncertainty: "appropriate ... on the going concern basis but ... there is
# a material uncertainty")
_UNCERTAIN_BASIS = re.compile(r"\bappropriateness\b|\bconclude\s+on\b|\bwhether\b|\bresponsib\w*|\bunless\b"
                              r"|\buncertaint|\bdoubt", re.I)
_SEARCHED = "material uncertainty significant substantial doubt ability to continue as a going concern basis appropriate"
_SEARCH_K = 8
_ASKS_DOUBT = re.compile(r"\b(?:doubts?|uncertaint(?:y|ies))\b[^?]{0,120}?\bgoing\s+concerns?\b", re.I)
# the IFRS / ISA wording: "a material uncertainty exists that may cast significant doubt on the
# Company's ability to continue as a going concern" (and "... related to going concern exists")
# (and "concluded there is a material uncertainty over Zegona's ability to continue as a going concern")
_UNCERTAINTY_EXISTS = re.compile(r"\bmaterial\s+uncertaint(?:y|ies)\s+(?:[\w’'-]+\s+){0,6}?exists?\b[^.;]{0,200}?"
                                 r"\bgoing\s+concerns?\b|\b(?:there\s+(?:is|was|remains)|represents?|constitutes?)\s+"
                                 r"(?:a\s+)?material\s+uncertaint(?:y|ies)\b[^.;]{0,200}?\bgoing\s+concerns?\b", re.I)
# the test described, not its outcome, or the outcome negated: "whether a material uncertainty exists",
# "no material uncertainty", "if ... substantial doubt exists"
_NOT_STATED = re.compile(r"\b(?:whether|if|unless|no|not|never|absence|alleviat\w*)\b|n['’]t\b", re.I)


def asks_status(ask: str) -> bool:
    """Whether the asking clause asks if the company is (considered) a going concern, with no
    turn of its polarity (a "not", a "doubt") that would make a No read as a Yes."""
    return bool(_ASKS_STATUS.search(ask)) and not _ASKS_OTHER.search(ask)


def concludes_doubt(text: str) -> bool:
    """Whether a sentence states, without hedge or negation, substantial doubt about the ability
    to continue as a going concern."""
    return bool(_DOUBT.search(text)) and bool(_CONCLUDED.search(text)) and not _UNCERTAIN.search(text)


def answer(ask: str, question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """No, with the doubt-stating sentence (and its stated cause when the question asks why), or
    None when the question is no status question or no sentence concludes doubt with certainty."""
    if not asks_status(ask):
        return None
    pool = sentences(hits, companies)
    named = [s for s in pool if _DOUBT.search(s.text)]
    doubt = [s for s in named if concludes_doubt(s.text)]
    if not doubt or any(re.search(r"\b(?:no|not)\s+(?:\w+\s+){0,3}substantial\s+doubt|alleviat", s.text, re.I)
                        for s in named):
        return None  # nothing concluded, or a sentence that says the doubt was alleviated: not for us to weigh
    doubt.sort(key=lambda s: (s.rank, s.position))
    evidence: list[Sentence] = [doubt[0]]
    if _ASKS_WHY.search(question):
        # the circumstances the conclusion refers to ("these circumstances") are stated just before
        # it: the first concluding sentence that has them, else the best-ranked one alone
        for s in doubt:
            cause = _cause_before(s, pool)
            if cause is not None:
                evidence = [cause, s]
                break
    return WrittenAnswer(
        status="answered", kind="yes_no",
        text="No. Management concluded there is substantial doubt about the company's ability to continue "
             "as a going concern: " + " ".join(s.shown() for s in evidence),
        citations=unique_citations([cite(s.chunk, s.text) for s in evidence]),
    )


def _cause_before(s: Sentence, pool: list[Sentence]) -> Sentence | None:
    before = [b for b in pool if b.chunk.chunk_id == s.chunk.chunk_id and b.position == s.position - 1]
    if before and (is_cause(before[0].text) or _CIRCUMSTANCE.search(before[0].text)):
        return before[0]
    return None


def asks_doubt(ask: str) -> bool:
    """Whether the asking clause asks if the doubt about the going concern is reported (not whether
    the company is one: that is `asks_status`, answered the other way round)."""
    return bool(_ASKS_DOUBT.search(ask)) and not asks_status(ask)


def states_uncertainty(text: str) -> bool:
    """Whether a sentence states the material uncertainty as existing ("indicate that a material
    uncertainty exists that may cast significant doubt ... going concern"), not the test for it."""
    m = _UNCERTAINTY_EXISTS.search(text)
    return m is not None and not _NOT_STATED.search(text[:m.start()] + " " + m.group(0))


def doubt_answer(ask: str, hits: list[SearchHit], companies: list[str], retriever: Retriever | None = None,
                 years: list[int] | None = None) -> WrittenAnswer | None:
    """Yes, with the sentences stating the doubt or the material uncertainty, when the question asks
    whether it is reported; No when none states it, none negates it, the asked filing was searched for
    it, and the filing says its going-concern basis is appropriate ("the use of the going concern basis
    of accounting is appropriate"); None otherwise (for the stated reading to weigh)."""
    if not asks_doubt(ask):
        return None
    searched = False
    while True:
        pool = sentences(hits, companies)
        stated = [s for s in pool if concludes_doubt(s.text) or states_uncertainty(s.text)]
        negated = [s for s in pool if _NEGATED.search(s.text)]
        if stated or negated or searched or retriever is None or len(companies) != 1:
            break
        # a doubt stated on a page the first search missed is what a No must rule out
        filters = SearchFilters(companies=companies, fiscal_years=(years or [])[-1:])
        have = {h.chunk.chunk_id for h in hits}
        hits = [*hits, *(h for h in retriever.search(_SEARCHED, filters=filters, k=_SEARCH_K, mode="sparse")
                         if h.chunk.chunk_id not in have)]
        searched = True
    if stated and not negated:
        stated.sort(key=lambda s: (s.rank, s.position))
        # the auditor's and management's own sentences, each once (a chunk's overlap repeats a sentence)
        once: dict[str, Sentence] = {}
        for s in stated:
            once.setdefault(s.text, s)
        evidence = list(once.values())[:_EVIDENCE]
        return WrittenAnswer(status="answered", kind="yes_no",
                             text="Yes. " + " ".join(s.shown() for s in evidence),
                             citations=unique_citations([cite(s.chunk, s.text) for s in evidence]))
    basis = [s for s in pool if _BASIS_APPROPRIATE.search(s.text) and not _UNCERTAIN_BASIS.search(s.text)]
    if searched and not stated and not negated and basis:
        return WrittenAnswer(status="answered", kind="yes_no",
                             text="No. No sentence of the report states a material uncertainty or substantial doubt "
                                  "about the company's ability to continue as a going concern; it says its going-concern "
                                  f"basis is appropriate: {basis[0].shown()}",
                             citations=unique_citations([cite(basis[0].chunk, basis[0].text)]))
    return None
