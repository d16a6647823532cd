"""part_completion: an amount the answer leaves out, completed from a sentence of the pages it read.

"What drove the decline in Corning's gross margin, and how much did foreign exchange movements hurt
net sales?" is answered by the drivers writer in its first part; the filing states the second on
the same page ("movements in foreign exchange rates adversely impacted Corning's consolidated net
sales by $616 million"). When the last gate (answering.kinds.ask_coverage) would refuse the answer
for an amount ask it leaves uncovered, a sentence of the retrieved chunks of the asked company that
the same gate accepts for that ask (a figure, in a sentence stating the ask's own words) is quoted
after the answer, cited; two at most, in the order retrieved (one for net sales, one for gross margin). The sentence
must state the amount by itself (not with the words of another quote of its page) and name what the
question names ("What cost savings does FedEx target from its DRIVE program": a sentence on DRIVE, not
"achieved its target of $50 million in fourth quarter savings"). Only a stating sentence is taken (no hedge: "could adversely impact ...
by up to"), and only for an amount: a cause or a name asked is not completed this way.
"""

from __future__ import annotations

import re

from answering.aspects import split_sentences
from answering.citations import cite, unique_citations
from answering.kinds.ask_coverage import asks_an_amount, states_amount_asked, uncovered_ask
from answering.kinds.counts import asked_thing
from answering.kinds.every_part import capitalised_names, unanswered_part
from answering.kinds.sentences import HEDGE, after_table_rows, content_words, past_forms
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import Vocabulary, tokenize

_MAX_WORDS = 70  # a sentence, not a paragraph the text layer ran together
_MAX_SENTENCES = 2  # an ask of two things ("how much did it hurt net sales and gross margin") may need two


# capitalised words a question writes that name no thing of its own (dates, forms, periods)
_NOT_NAMES = frozenset(tokenize("form fiscal fy quarter annual report january february march april may june july "
                                "august september october november december what which how did does is was were "
                                "give use explain describe compare"))


def _names(question: str, companies: list[str]) -> set[str]:
    """The stems of what the question names by a capitalised word past a sentence's first (a
    program, a product, a segment: "DRIVE", "Services"), not the company, a month or a form."""
    company = {t for c in companies for t in tokenize(c)}
    return {t for t in capitalised_names(question) if len(t) > 2 and not re.search(r"\d", t)} - company - _NOT_NAMES


_AMOUNT = re.compile(r"[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:%|percent\b|(?:million|billion)\b)", re.I)
_NEAR = 8  # words between an amount and what it is the amount of, in one clause


def _amount_by_its_words(sentence: str, ask: str, companies: list[str]) -> bool:
    """Whether an amount of the sentence stands within a few words of a word of the ask ("impacted
    ... net sales by $616 million"), not in a table row run into the sentence ("Non-GAAP earnings per
    share-diluted $ 10.10 ... driven by higher sales-driven Franchised margins")."""
    # (the ask's verbs in their irregular past forms too: "what did it pay" is said "the Company paid $66.2 million")
    stems = set(content_words(ask, companies)) | set(tokenize(past_forms(ask)))
    words = sentence.split()
    at = [i for i, w in enumerate(words) if set(tokenize(w)) & stems]
    amounts = [sentence[: m.start()].count(" ") for m in _AMOUNT.finditer(sentence)]
    return any(abs(i - j) <= _NEAR for i in at for j in amounts)


def _quoted(hit: SearchHit, sentence: str) -> str:
    """A sentence as the writers quote it: ' "..." (doc p.N)'."""
    return f' "{sentence}" ({hit.chunk.doc} p.{hit.chunk.page + 1})'


def completed(written: WrittenAnswer, question: str, hits: list[SearchHit], companies: list[str],
              vocab: Vocabulary | None, counts: bool = True) -> WrittenAnswer:
    """The answer with a quoted sentence stating each amount it left out (ask by ask: "what did it pay, and how
    much goodwill did the deal create"), or the answer as it was. `counts`: a count asked ("how many paid members")
    is completed too (a sentence counting a like thing, "Executive members totaled 29.1 million", is no sure count)."""
    if written.status != "answered" or written.kind in (None, "metric", "not_meaningful"):
        return written
    for _ in range(_MAX_ASKS):
        more = _one_ask_completed(written, question, hits, companies, vocab, counts)
        if more is written:
            break
        written = more
    return written


_MAX_ASKS = 3  # the amount asks one question makes ("what did it pay, ..., and how much goodwill ...")


def _one_ask_completed(written: WrittenAnswer, question: str, hits: list[SearchHit], companies: list[str],
                       vocab: Vocabulary | None, counts: bool) -> WrittenAnswer:
    """The answer with the sentences stating the first amount ask it leaves uncovered, or `written` itself."""
    # the coverage of asks first; then every_part, which holds an amount part the coverage takes as said by any
    # amount of the answer ("what did it pay", beside the goodwill recorded) to a sentence stating a payment
    checks = (lambda answer: uncovered_ask(answer, question, companies, vocab),
              lambda answer: unanswered_part(answer, question, companies))
    ask, still_open = next(((a, check) for check in checks if (a := check(written)) is not None), (None, checks[0]))
    if ask is None or not asks_an_amount(ask) or (not counts and asked_thing(ask)):
        return written
    named = _names(question, companies)
    found: list[tuple[SearchHit, str]] = []
    for hit in hits:
        if companies and hit.chunk.company not in companies:
            continue
        for sentence in (after_table_rows(s) for s in split_sentences(hit.chunk.text)):
            if len(sentence.split()) > _MAX_WORDS or HEDGE.search(sentence) or sentence in written.text \
                    or any(sentence == s for _, s in found):
                continue
            # the sentence states the amount by itself (not by words of another quote on its page), and
            # names what the question is about ("DRIVE"), not only a like amount ("$50 million in savings")
            if not states_amount_asked(ask, question, sentence, companies, vocab) \
                    or (named and not named & set(tokenize(sentence))) or not _amount_by_its_words(sentence, ask, companies):
                continue
            alone = written.model_copy(update={"text": written.text + _quoted(hit, sentence)})
            if still_open(alone) != ask:
                found.append((hit, sentence))  # ("... hurt net sales and gross margin": a sentence each)
        if len(found) >= _MAX_SENTENCES:
            break
    if not found:
        return written
    found = found[:_MAX_SENTENCES]
    text = written.text + "".join(_quoted(h, s) for h, s in found)
    citations = unique_citations([*written.citations, *(cite(h.chunk, s) for h, s in found)])
    flags = written.flags if "part_completed" in written.flags else [*written.flags, "part_completed"]
    return written.model_copy(update={"text": text, "citations": citations, "flags": flags})
