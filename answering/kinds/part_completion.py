"""part_completion: an amount the answer leaves out, completed from a sentence of the pages it read.

"What drove the decline in Corning's gross margin, and how much did foreign exchange movements hurt
net sales?" is answered by the drivers writer in its first part; the filing states the second on
the same page ("movements in foreign exchange rates adversely impacted Corning's consolidated net
sales by $616 million"). When the last gate (answering.kinds.ask_coverage) would refuse the answer
for an amount ask it leaves uncovered, a sentence of the retrieved chunks of the asked company that
the same gate accepts for that ask (a figure, in a sentence stating the ask's own words) is quoted
after the answer, cited; two at most, in the order retrieved (one for net sales, one for gross margin). Only a stating sentence is taken (no hedge: "could adversely impact ...
by up to"), and only for an amount: a cause or a name asked is not completed this way.
"""

from __future__ import annotations

from answering.aspects import split_sentences
from answering.citations import cite, unique_citations
from answering.kinds.ask_coverage import asks_an_amount, uncovered_ask
from answering.kinds.sentences import HEDGE
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import Vocabulary

_MAX_WORDS = 70  # a sentence, not a paragraph the text layer ran together
_MAX_SENTENCES = 2  # an ask of two things ("how much did it hurt net sales and gross margin") may need two


def completed(written: WrittenAnswer, question: str, hits: list[SearchHit], companies: list[str],
              vocab: Vocabulary | None) -> WrittenAnswer:
    """The answer with a quoted sentence stating the amount it left out, or the answer as it was."""
    if written.status != "answered" or written.kind in (None, "metric", "not_meaningful"):
        return written
    ask = uncovered_ask(written, question, companies, vocab)
    if ask is None or not asks_an_amount(ask):
        return written
    found: list[tuple[SearchHit, str]] = []
    for hit in hits:
        if companies and hit.chunk.company not in companies:
            continue
        for sentence in split_sentences(hit.chunk.text):
            if len(sentence.split()) > _MAX_WORDS or HEDGE.search(sentence) or sentence in written.text \
                    or any(sentence == s for _, s in found):
                continue
            alone = written.model_copy(update={"text": f'{written.text} "{sentence}" ({hit.chunk.doc} p.{hit.chunk.page + 1})'})
            if uncovered_ask(alone, question, companies, vocab) != ask:
                found.append((hit, sentence))  # ("... hurt net sales and gross margin": a sentence each)
        if len(found) >= _MAX_SENTENCES:
            break
    if not found:
        return written
    found = found[:_MAX_SENTENCES]
    text = written.text + "".join(f' "{s}" ({h.chunk.doc} p.{h.chunk.page + 1})' for h, s in found)
    citations = unique_citations([*written.citations, *(cite(h.chunk, s) for h, s in found)])
    return written.model_copy(update={"text": text, "citations": citations, "flags": [*written.flags, "part_completed"]})
