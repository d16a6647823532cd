"""Hold an offline answer to its shape's record on unseen filings.

Five stops of checks chosen on seen filings raised precision on every set they were chosen
on and on none held out: a check fires on the case that suggested it. What did carry over
is a shape's record. Offline answers of one shape (answer kind x evidence form: a figure or
verdict worked from statement rows, or sentences quoted) were right about as often on each
new set of filings as on the last. A yes/no read from quoted sentences was right 0 times in 6
on first runs. A metric computed from statement rows was right 4 times in 5.

So an answer whose shape has a measured precision under the floor (`FINRAG_MIN_SHAPE_PRECISION`)
is not given. It is `unverified`, with that record as the reason and the reading kept in the
text, for an analyst to weigh. The table is data (`finrag/data/shape_record.json`), rebuilt
from judged first runs by `python -m eval.shape_record --write`. It holds only the offline
engine's answers to analyst questions: an LLM's answers, and typed questions that state their own
rule for a missing fact, have no record yet.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib.resources import files

from answering.metric_answer import SOURCE_NOTES
from answering.written_answer import GLOSSARY, WrittenAnswer
from finrag.models import AnswerKind, EvidenceForm, ShapeRecord

FLAG = "shape_below_record"
# How many answers' worth of a prior precision (its kind's for a shape, all shapes' for a kind)
# a record is blended with: one answered 3 times is judged mostly on the prior, 60 times on itself.
PRIOR_WEIGHT = 4.0


# What the offline writers print when they work a figure or a verdict from statement rows. The
# records were made from judged answers' text, so the shape is read from the text here too: the same
# reading at both ends (an answer over two years carries no single value, yet is worked).
# (the cover's Section 12(b) table, read row by row for the classes registered, is a verdict worked from a
# table's rows as much as a statement's: both of its first-run readings were right)
_WORKED = re.compile(r" = |Read from|\b(?:rose|fell|went|grew|declined) from\b|capital intensive at|Section 12\(b\) table|"
                     r"Registered under Section 12\(b\)|"
                     + "|".join(rf"\({re.escape(note)}\)" for note in SOURCE_NOTES.values()))


def evidence_form(text: str, figure: bool = False) -> EvidenceForm:
    """"computed" when the answer shows a worked figure or a verdict over one, or carries a figure
    read from statements (`figure`: a value, companies ranked by one); "quoted" when it stands on
    sentences alone."""
    return "computed" if figure or _WORKED.search(text) else "quoted"


def shrunk(right: int, wrong: int, prior: float, weight: float = PRIOR_WEIGHT) -> float:
    """A record's precision blended with `prior` (its kind's, or all shapes') at `weight` answers."""
    return (right + prior * weight) / (right + wrong + weight)


@lru_cache(maxsize=1)
def shape_records() -> dict[tuple[str, str], ShapeRecord]:
    """The shipped table, by (kind, evidence form)."""
    raw = json.loads(files("finrag").joinpath("data/shape_record.json").read_text(encoding="utf-8"))
    records = [ShapeRecord.model_validate(r) for r in raw["shapes"]]
    return {(r.kind, r.evidence): r for r in records}


# A question that states its own rule for a missing fact ("If there is no mention, return False",
# "If data is not available, return 'N/A'") is a typed extraction (the Enterprise RAG Challenge's
# style), another population than the analyst questions the records were measured on.
_OWN_RULE = re.compile(r"\bif\b[^.?]{0,60}\b(?:no|not)\b[^.?]{0,30}\b(?:mention\w*|available|disclos\w*|outlined|found|"
                       r"information|data)\b[^.?]{0,40}\b(?:return|state|answer)\b", re.I)


def held_to_record(written: WrittenAnswer, kind: AnswerKind | None, floor: float, question: str = "",
                   records: dict[tuple[str, str], ShapeRecord] | None = None) -> WrittenAnswer:
    """`written`, or, when its shape's record is under `floor`, the same reading not given."""
    if written.status != "answered" or floor <= 0 or GLOSSARY in written.flags:
        return written  # (a glossary definition reads no filing: no record of readings is its)
    if _OWN_RULE.search(question):
        return written  # no record of typed questions: the floor is not theirs
    # (a passage's value is the number its quote states, "190,234 employees": quoted, as the records read its text)
    figure = (written.value is not None and (kind or written.kind) != "passage") or bool(written.rows)
    form = evidence_form(written.text, figure=figure)
    record = (records if records is not None else shape_records()).get((kind or written.kind or "", form))
    if record is None or record.precision >= floor:
        return written
    shape = f"{record.kind.replace('_', '/')} answers {'worked from statement figures' if record.evidence == 'computed' else 'read from quoted sentences'}"
    reason = (f"{shape} were right {record.right} of {record.right + record.wrong} times on filings the system "
              f"had not seen (precision {_shown(record.precision, floor)}, under the {floor:.2f} floor)")
    return written.model_copy(update={
        "status": "unverified", "value": None, "reason": reason, "flags": [*written.flags, FLAG],
        "text": f"Not given: {reason}. The reading, unchecked: {written.text}",
    })


def _shown(precision: float, floor: float) -> str:
    """The precision to two places, or three when two would round it up to the floor it is under (0.645, not 0.65)."""
    return f"{precision:.2f}" if round(precision, 2) < floor else f"{precision:.3f}"
