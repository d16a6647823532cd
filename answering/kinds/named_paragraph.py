"""named_paragraph: a question about something the filing names ("the LinkedIn acquisition", "the
State Aid Decision", "its GreatCall purchase"), answered by the paragraph that names it, when no one
sentence shares enough of the question's words to state it (answering.kinds.passage refused).

The signal is one any filing carries: a name the question gives (capitalised words that are not
the company's, a month, or a statement's vocabulary) is how the filing itself refers to the thing,
and the paragraph that names it most is where the filing describes it. The paragraph is quoted
from its first sentence naming it (on into the next chunk where the chunker cut it), as far as it
goes on answering: the shortest run that leaves no part and no ask uncovered. An amount asked is
stated beside its own word ("the total purchase price"; a termination fee the company "will pay"
is another amount), or nothing is quoted. The writer's gates (every part, every ask, the event's
details) then refuse a paragraph that still leaves an asked part out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.ask_coverage import uncovered_ask
from answering.kinds.every_part import capitalised_names, unanswered_part
from answering.kinds.passage import AN_AMOUNT, next_chunks
from answering.kinds.sentences import LEGAL_FORM_STEMS, Sentence, quoted, same_stem, sentences
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

FLAG = "named_paragraph"
# an amount asked in any words: "what was the total purchase price (deal value)", "what consideration did it pay"
_ASKS_AMOUNT = re.compile(r"\b(?:how\s+(?:much|many)|amount|price|value|consideration|cost|paid|pay|proceeds|"
                          r"size)\b", re.I)
_NEAR = 80  # characters between an amount and the word that says what it is
_AMOUNT_NOUNS = frozenset({"amount", "price", "value", "consideration", "cost", "proceeds", "size"})
_SENTENCES = 8  # the naming sentence and the ones that go on describing it, at most
# capitalised words of a question that name no thing of the filing's own: periods, forms, roles, units
_NOT_NAMES = frozenset(tokenize(
    "january february march april may june july august september october november december fiscal fy q1 q2 q3 q4 "
    "gaap non-gaap form item note notes part annual quarterly report company corporation inc board directors "
    "ceo cfo coo chief officer executive usd us u.s eps ebitda ebit sec act section what which how why when where "
    "who did does was were is are the its their in on for of and")) | LEGAL_FORM_STEMS  # ("PT ADHI KARYA (Persero) Tbk.")


def distinctive_names(question: str, companies: list[str]) -> set[str]:
    """The stems of the names the question gives to what it asks about (not the company's own)."""
    company = {t for c in companies for t in tokenize(c)}
    # a run of capitalised words in the possessive holding the company's name is its full name ("Patriot
    # Transportation's" of the company stored as "Patriot"), no thing of its filing ("Pfizer CentreOne" is one)
    for run in re.findall(r"\b([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)['’]s\b", question):
        if company & set(tokenize(run)):
            company |= set(tokenize(run))
    return {n for n in capitalised_names(question)
            if len(n) > 2 and not re.search(r"\d", n) and n not in company and n not in _NOT_NAMES}


def _names_all(names: set[str], text: str) -> bool:
    tokens = tokenize(text)
    return all(any(t == n or same_stem(t, n) for t in tokens) for n in names)


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The paragraph of the hits that names every name the question gives, or None."""
    companies = list(understanding.companies)
    names = distinctive_names(question, companies)
    if not names:
        return None
    read = sentences(hits, companies)
    naming: dict[str, list[Sentence]] = defaultdict(list)
    for s in read:
        if _names_all(names, s.text):
            naming[s.chunk.chunk_id].append(s)
    if not naming:
        return None
    # the chunk that names it most, the better-ranked one first among equals
    chunk_id = min(naming, key=lambda c: (-len(naming[c]), naming[c][0].rank))
    first = min(naming[chunk_id], key=lambda s: s.position)
    # the paragraph goes on into the filing's next chunk where the chunker cut it
    after = next_chunks([first], hits, getattr(services, "retriever", None))
    nxt = {h.chunk.chunk_id for h in [*hits, *after]
           if (h.chunk.doc, h.chunk.index) == (first.chunk.doc, first.chunk.index + 1)}
    on = [s for s in sentences([*hits, *after], companies) if s.chunk.chunk_id in {chunk_id, *nxt}]
    following = sorted((s for s in on if s.chunk.chunk_id != chunk_id or s.position >= first.position),
                       key=lambda s: (s.chunk.chunk_id != chunk_id, s.position))[:_SENTENCES]
    asked = {m.group(0).lower() for m in _ASKS_AMOUNT.finditer(question)}
    # "what was its standalone revenue for fiscal 2023": an amount asked by its measure's name (the head of what
    # is asked), which a quote must state beside that name (a price per share in a merger's paragraph is another
    # amount); "What was the Zeta Agreement and what assets did it cover?" asks no amount of assets
    ask = decision.ask or question
    asked |= {w.lower() for m in services.vocabulary.match_metrics(ask) for w in services.vocabulary.metrics[m].wordings
              if " " not in w.strip() and _asked_by_name(ask, w.strip())}
    # an amount asked is stated with its own noun where the question gives one ("the total purchase price": a
    # termination fee the company "will pay" is another amount), else its verb ("how much did it pay")
    keys = (asked & _AMOUNT_NOUNS) or asked
    keys = {re.escape(k) for k in keys}

    def states_amount(run: list[Sentence]) -> bool:
        # the amount beside its word ("a purchase price of $5.4 billion", "$3.5 billion in cash ... consideration"),
        # not anywhere in the sentence ("a value proposition ... a 300% revenue increase")
        return not keys or any(abs(a.start() - w.start()) <= _NEAR for s in run for a in AN_AMOUNT.finditer(s.text)
                               for k in keys for w in re.finditer(rf"\b{k}", s.text, re.I))

    if not states_amount(following):
        return None  # nothing in it states the amount asked
    # as far as it goes on answering: the shortest run from the naming sentence that leaves no part and no
    # ask uncovered (else all of it, which the writer's gates then refuse, naming the part left out)
    for end in range(1, len(following) + 1):
        run = following[:end]
        written = _quoting(run, decision)
        if states_amount(run) and unanswered_part(written, question, companies) is None \
                and uncovered_ask(written, question, companies, services.vocabulary) is None:
            return written
    return _quoting(following, decision)


def _asked_by_name(ask: str, word: str) -> bool:
    """The ask's head is the measure's one-word name: "What was its standalone revenue for fiscal 2023?"."""
    return re.search(rf"^\W*(?:according\s+to\b[^,]*,\s*)?what\s+(?:was|were|is|are)\s+[^?,]{{0,60}}?\b{re.escape(word)}\b"
                     r"\s*(?:for|in|during|at|as\s+of|\(|\?|$)", ask, re.I) is not None


def _quoting(paragraph: list[Sentence], decision: KindDecision) -> WrittenAnswer:
    return WrittenAnswer(status="answered", kind=decision.kind, text=quoted(paragraph), flags=[FLAG],
                         citations=unique_citations([cite(s.chunk, s.text) for s in paragraph]))
