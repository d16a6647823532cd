"""named_measures: a verdict worked from figures shows every measure the question names.

"Is Intel a capital-intensive business? Support your answer with capex and asset metrics" asks
for capital expenditures by name; a "Yes" worked from net PP&E / total assets alone judges on
another measure than the one the analyst asked to see. On the judged first runs of the blind
sets, yes/no answers worked from statement figures that left out a measure the question names
were wrong each time (3 of 3: capex, depreciation, operating cash flow or free cash flow
missing), and no right answer left one out.

The reading is kept in the text and the answer is `unverified`, like a figure that answers one
part of a question of several (answering.kinds.every_part): the figures were found and
checked, only not all that was asked.
"""

from __future__ import annotations

from answering.written_answer import JUDGED, PARTIAL, WrittenAnswer
from finrag.vocabulary import Vocabulary, tokenize


def unshown_measures(question: str, text: str, vocab: Vocabulary) -> list[str]:
    """The labels of the metrics `question` names that `text` shows by none of their wordings
    (every word of a wording or of the label, in any order: "Capital expenditures / Revenue" shows
    capex as a share of revenue)."""
    shown = set(tokenize(text))

    def named(metric: str) -> bool:
        names = [*vocab.metrics[metric].wordings, vocab.label(metric) or metric.replace("_", " ")]
        return any((words := tokenize(name)) and all(w in shown for w in words) for name in names)

    # a ratio is shown by its inputs too ("Capital expenditures / Revenue" for "capex relative to revenue")
    return [vocab.label(m) or m.replace("_", " ") for m in vocab.match_metrics(question)
            if not named(m) and not ((inputs := vocab.inputs(m)) and all(named(i) for i in inputs if i in vocab.metrics))]


def judged_on_every_named_measure(written: WrittenAnswer, question: str, vocab: Vocabulary) -> WrittenAnswer:
    if written.status != "answered" or JUDGED not in written.flags:
        return written
    missing = unshown_measures(question, written.text, vocab)
    if not missing:
        return written
    named = ", ".join(m.lower() for m in missing)
    reason = f"the question names {named}, and the verdict found shows no figure of {'it' if len(missing) == 1 else 'them'}"
    return written.model_copy(update={
        "status": "unverified", "value": None, "reason": reason, "flags": [*written.flags, PARTIAL],
        "text": f"Not given: {reason}; the reading: {written.text}",
    })
