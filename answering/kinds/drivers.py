"""drivers: what explains a change, as the filing's own sentences say it, with the change itself.

The sentences quoted name the asked metric (or the question's topic: "why did it raise
guidance") and carry a cause cue ("due to", "driven by", "primarily", "partially offset by",
"as a result of", "reflecting", "given"); the asked period's filing and MD&A come first.
Filings state a change and its cause in many layouts, read by signals any of them carries:
- a cause that refers back ("This was principally due to ...", "The decrease was caused by
  ...") is read with the sentence just before it, which names the metric and its change;
- the sentences that go on explaining it ("These increases were offset by ...", "Revenue
  also benefited from ...") follow it, from the next chunk when the paragraph runs on;
- a table the page's text ran into a sentence's start is left out (sentences.prose);
- an ask that only refers back ("What explains this?", "what partly offset it") explains
  the metrics whose change the premise states last ("..., yet its revenue and gross profit fell");
- one more search, worded as causes, for the discussion the question's own search missed;
- a conclusion ("As a result, operating profit was $293,000 compared to an operating loss ...") is
  read with the run of sentences before it, each a line's change and its cause;
A sentence is not a cause of the asked change when its subject is another line (a cost, a
segment), when it says the metric moved the other way than the question says, when it
states no amount, year or period (how the business generally behaves), or when its only cue
says what the figure consists of ("primarily consists of income taxes").
The change is computed from cited rows when the metric machinery can (the asked year
against the one before), else the sentences' own wording of it stands.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from answering.citations import cite, unique_citations
from answering.kinds import (
    bridge,
    footnoted_row,
    gap,
    included_items,
    margin_change,
    segment_drivers,
    segment_heading,
    statement_drivers,
    underlying,
)
from answering.kinds.ask_scope import ask_parts
from answering.kinds.cause_cues import CAUSE as _CAUSE
from answering.kinds.cause_cues import CHANGED as _CHANGED
from answering.kinds.cause_cues import is_cause as _is_cause
from answering.kinds.conclusions import CONCLUDES as _CONCLUDES
from answering.kinds.conclusions import CONCLUSION as _CONCLUSION
from answering.kinds.conclusions import causes_before as _causes_before
from answering.kinds.conclusions import closing as _closing
from answering.kinds.named_part import NamedPart, named_part
from answering.kinds.sentences import (
    REFERS_BACK,
    Sentence,
    Topic,
    asks_about_risk,
    content_words,
    opens_inside,
    overlap,
    prose,
    read_topic,
    sentences,
    table_like,
)
from answering.kinds.statement_drivers import ABOVE, store_chunks, with_chunks_above
from answering.kinds.yes_no import Value, metric_value
from answering.metric_target import lower_is_better
from answering.numbers import years_in
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import Chunk, SearchFilters, SearchHit
from finrag.vocabulary import Vocabulary, tokenize
from loaders.dates import MONTH_NAMES

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# "Net income in the fiscal year ended September 30, 2022 included $6,281,000 ... from one-time
# gains on real estate": one period's figure held an item the other did not, which explains the change
_ONE_OFF = re.compile(r"\binclud(?:ed|es)\b[^;]{0,120}?\b(?:one-time|non-?recurring|unusual|discrete)\b",
                     re.I)
# "Excluding [charges], operating income increased 20%" and an action's stated purpose ("a plan
# intended to reduce operating costs") are not read as drivers: judged on the dev sets (stop 32),
# each gave an answer that names the items or the aim but not what they were, graded incorrect


_LIMIT = 3
_SEGMENT = re.compile(r"\bsegments?\b", re.I)
_ROUNDING = re.compile(r"\bdue\s+to\s+rounding\b", re.I)
_MIN_OVERLAP = 0.5
# Words of a driver question that name no subject: "What caused the increase?", "What drove such
# a large increase?". The subject is then in the sentence before ("X's expenses jumped to ...").
# "What explains the difference?", "What accounts for the gap?": the premise's two figures moving apart
# "What does its 10-K say drove the decline?", "What reasons does it give?": the filing's own account
_SCAFFOLD = REFERS_BACK | frozenset(tokenize("difference differences gap divergence discrepancy contrast disconnect "
                                             "say says said give gives cite cites attribute attributes filing"))
# "operating and bottom-line results", "top- and bottom-line performance": levels of a statement named by
# where they stand on it
_LEVEL_WORDS = frozenset(tokenize("result results performance bottom top line lines level levels"))
_PERIOD_PHRASE = re.compile(rf"\b(?:for\s+|in\s+)?(?:the\s+)?(?:fiscal\s+)?(?:year|quarter|period)\s+(?:ended|ending)\s+"
                            rf"(?:{MONTH_NAMES})\s+\d{{1,2}},?\s+\d{{4}}", re.I)
# the clause of a premise that states the change asked about: "revenues rose 8%, but its net income
# fell": what follows the last contrast is the change the ask ("What explains this?") refers to
_CONTRAST = re.compile(r",?\s*\b(?:yet|but|while|whereas|although|though|even\s+though|despite|however)\b", re.I)


# the question says a figure changed between two periods (the statement lines explain a change)
_A_CHANGE = re.compile(r"\b(?:increas|decreas|declin|grew|grow|rose|rise|fell|fall|jump|drop|doubl|tripl|halv|swung|swing|"
                       r"chang|improv|deteriorat|widen|narrow|went\s+from|turned)\w*", re.I)


# "What caused the 2021 Dixie fire": the cause of an event the question names, not of a figure's change
_EVENT_CAUSE = re.compile(r"\bwhat\s+caused\s+(?:the\s+|a\s+|an\s+|its\s+)?(?P<event>(?:[\w&.'’-]+\s+){0,4}?"
                          r"(?:fires?|outages?|accidents?|incidents?|explosions?|breach|strikes?|storms?|recalls?|"
                          r"spills?|crash|collapse|attacks?|failures?))\b", re.I)


_SAYS_CAUSED = re.compile(r"\bcaus(?:ed|e|es)\b|\bstart(?:ed|s)\b|\bignit\w*|\borigin\w*", re.I)


def _event_names(ask: str, companies: list[str]) -> list[str]:
    """The capitalised names of an event whose cause is asked ("the 2021 Dixie fire": Dixie), the company's aside;
    [] when the question asks the cause of no named event."""
    found = _EVENT_CAUSE.search(ask)
    if found is None:
        return []
    own = {w.lower() for c in companies for w in c.split()}
    return [w for w in re.findall(r"\b[A-Z][\w&'’-]+", found.group("event")) if w.lower() not in own]


def _premise(question: str, ask: str) -> str | None:
    """The sentences before the ask ("Oracle's 'acquisition related and other' expenses jumped
    to $4,713 million in FY2022 from $138 million in FY2021."), when the ask follows them."""
    at = question.find(ask)
    before = question[:at].strip() if at > 0 else ""
    return before or None


# "Which of NVIDIA's two reportable segments drove its revenue growth", "Which revenue line (cloud,
# services or product) drove the growth": one item picked by its part of the change; "which segments
# drove the improvement" (plural, no "of") asks for several and is no pick
_PICKS_DRIVER = re.compile(r"^\W*(?:(?:\S+\s+){0,12}?\S*[,.]\s*)?which\s+(?:of\s+(?:the\s+|its\s+|[\w&.-]+['’]s?\s+)"
                           r"(?:(?:two|three|four|five)\s+)?(?:\w+\s+){0,2}?\w+|(?:\w+\s+){0,2}?(?:segment|line|category|"
                           r"region|product|business|brand|offering|division|unit)\b(?:\s*\([^)]*\))?)\s+"
                           r"(?:drove|contributed\s+(?:the\s+)?most\s+to|accounted\s+for\s+(?:the\s+)?most\s+of)\b", re.I)


_HELD = re.compile(r"\b(?:(?:relatively\s+)?flat|unchanged|stable|(?:remained|was|were)\s+(?:about\s+)?the\s+same)\b", re.I)
_EITHER_OR = re.compile(r"^\W*(?:was|were|is|did)\b[^?]*?\b(?:driven|caused|explained|due|because)\b[^?]*\bor\b", re.I)


class PickWriter(Protocol):
    """What picks an item from the table of the items (answering.kinds.choice, passed in by the
    writer: choice reads an item's causes through this module, so neither imports the other)."""

    def __call__(self, decision: KindDecision, question: str, hits: list[SearchHit],
                 understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None: ...


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices, pick: PickWriter | None = None) -> WrittenAnswer | None:
    if pick is not None and _PICKS_DRIVER.search(decision.ask) and \
            (picked := _pick(pick, decision, question, hits, understanding, services)):
        return picked
    if (between := _from_gap(decision, question, hits, understanding, services)) is not None:
        return between
    if underlying.ASKS.search(question):
        # "how much was underlying growth, and what items distort the comparison?": the filing's figure
        # excluding items and the items, or a refusal (what drove the reported change answers neither)
        return _from_underlying(decision, question, hits, understanding, services)
    if (part := named_part(question, hits, list(understanding.companies))) is not None:
        # "What drove the improvement in Boeing's Commercial Airplanes (BCA) loss from operations?":
        # the part's own sentences, or none; the company's change and sentences answer another question
        return _part_drivers(part, decision, hits, understanding, services)
    companies = list(understanding.companies)
    vocab = services.vocabulary
    subject, from_premise = decision.ask, False
    premise = _premise(question, decision.ask)
    parts = ask_parts(decision.ask)
    # parts of the ask that only refer back ("What drove the increase, and what partly offset it?")
    referring = [p for p in parts if not set(content_words(p, companies)) - _SCAFFOLD]
    # "Was that growth driven by a higher take rate or by higher volume?": the premise's change, with
    # the sentences on each alternative (the one the filing says held flat is not what drove it)
    either = bool(premise and _EITHER_OR.search(decision.ask))
    premise_metrics = _changed_metrics(premise, vocab) if premise and not decision.metric and (referring or either) \
        else []
    if not decision.metric and premise and (referring or either):
        # the ask only refers back ("What caused the increase?"): its subject is the premise's
        subject, from_premise = premise, True
    topic = read_topic(subject, companies, vocab)
    if topic is None:
        return None
    if premise_metrics:
        # "revenues rose 8%, but its net income fell ... What explains the decline?": the ask
        # explains the change its premise states last, and a sentence about the others explains something else
        topic = topic.model_copy(update={"phrases": [tuple(tokenize(w)) for m in premise_metrics
                                                     for w in vocab.metrics[m].wordings if tokenize(w)]
                                         + [p for m in premise_metrics for p in _numerator_phrases(m, vocab)],
                                         "pairs": []})
    others = [p for p in parts if p not in referring]
    if from_premise and others and (also := read_topic(" ".join(others), companies, vocab)) is not None:
        # "What drove the growth, and how did the pandemic show up in its advertising metrics?": both asked
        topic = topic.model_copy(update={"phrases": topic.phrases + also.phrases, "pairs": topic.pairs + also.pairs})
    topic = topic.model_copy(update={"phrases": topic.phrases + _numerator_phrases(decision.metric, vocab)
                                     + _per_share_phrases(topic.phrases)})
    years = sorted(set(understanding.fiscal_years))
    # the periods the question names: its fiscal years and the calendar years of its dates
    # ("the quarter ended October 30, 2022" of fiscal 2023)
    named = set(years) | years_in(question)
    # the one year whose change is asked, when the question names only it ("grew in 2017")
    one_year = years[-1] if years and len(years_in(question)) == 1 and years[-1] in years_in(question) else None
    wanted = [w for w in content_words(subject, companies) if not from_premise or w not in _SCAFFOLD]
    anchored = bool(decision.metric or premise_metrics)
    # "Why did revenues and operating profit fall?": each metric the ask names is asked
    asked = set(premise_metrics or [decision.metric, *(vocab.match_metrics(decision.ask) if decision.metric else [])]
                if anchored else [])
    own = [tuple(tokenize(w)) for m in asked for w in (vocab.metrics[m].wordings if m in vocab.metrics else [])]
    asked |= {m for a in list(asked) for m in services.vocabulary.inputs(a or "")}
    # which way the asked metric moved, as the question says it (its premise's last clause)
    # (the ask's own word first: "... dollars grew but its gross margin percentage fell. What explains the decline
    # in gross margin percentage?" asks of the fall, whatever else the premise says rose)
    asked_way = (_own_way(decision.ask) or asked_direction(_changed_clause(premise, vocab) if premise_metrics and premise
                                                       else question, own)) if asked else 0
    pool = _with_following_chunks([*hits, *_searched(topic.words, companies, years, hits, services)], topic, services)
    found = sentences(pool, companies, risks=asks_about_risk(decision.ask), trim_tables=True, listed=True)
    event_names = _event_names(decision.ask, companies)
    # "Best Buy's Domestic segment gross profit rate": the segment the filing heads a section with;
    # only its section's sentences (or those naming it) explain it, never a sibling segment's
    segment, filed = _headed_segment(question, pool, services)
    before, after = _neighbours(found)
    scored = []
    for s in found:
        if opens_inside(s.text):
            continue  # a chunk that starts inside a sentence: a piece of one
        lead = before.get(s.text) if _ANAPHOR.match(s.text) else None
        unit = [lead, s] if lead is not None else [s]
        # "As a result, operating profit was $293,000 compared to an operating loss ...": a
        # conclusion whose causes are the sentences before it (each line's change and its cause)
        causes = _causes_before(s, before, found) if _CONCLUSION.match(s.text) else []
        heads = [s] if causes else unit  # the sentences whose subject must be the asked metric
        unit = [*causes, s, *_closing(s, after, question, companies)] if causes else unit
        said = " ".join(u.text for u in heads)
        one_off = bool(_ONE_OFF.search(s.text))
        if not (topic.stated_by(said) and (causes or _is_cause(s.text) or one_off)):
            continue
        if asked and not all(_about(u.text, asked, vocab) for u in heads):
            continue  # "Cost of revenue increased ...": another line that shares the asked one's words
        if event_names and not any(re.search(rf"\b{re.escape(n)}\b", u.text) and _SAYS_CAUSED.search(u.text)
                                   for u in unit for n in event_names):
            # "What caused the 2021 Dixie fire": a sentence that names the fire and says what caused or started it
            # (not an actuarial gain "due to" rates, nor insurance "attributable to" the periods the fire was in)
            continue
        if segment and not all(segment_heading.about_segment(segment, u.chunk, u.text, filed.get(u.chunk.doc, []))
                               for u in heads):
            continue  # another segment's section, or the company's: not the asked segment's change
        if not _SEGMENT.search(question) and any(_SEGMENT.search(_subject(u.text)) for u in heads):
            continue  # a segment's change does not explain the company's (a segment's growth among its causes does)
        if _ROUNDING.search(s.text) and not _CAUSE.search(_ROUNDING.sub(" ", s.text)):
            continue  # "totals may not add up due to rounding": no cause of a change
        if from_premise and not _CHANGED.search(said) and not one_off and not causes:
            continue  # "expenses primarily consist of ...": what the item is, not why it changed
        if asked_way and any(_direction(u.text, own) == -asked_way for u in heads):
            continue  # "The increase in PG&E Corporation's net loss" when it went from a loss to income: another figure
        if not anchored and overlap(said, wanted) < _MIN_OVERLAP:
            continue  # no metric to anchor it: the sentence must be about what the question asks
        if understanding.periods and _QUARTER_FILING.fullmatch(s.chunk.period or "") \
                and s.chunk.period not in understanding.periods:
            continue  # "in the first quarter of 2023": the second quarter's release explains its own quarter
        if (understanding.periods or understanding.quarter) and not _QUARTER_FILING.fullmatch(s.chunk.period or "") \
                and not _ASKS_QUARTER.search(s.text):
            continue  # "in the first quarter of fiscal 2024": the year's 10-K explains the year, not the quarter
        if years and not (understanding.periods or _ASKS_QUARTER.search(question)) \
                and _PART_YEAR.fullmatch(s.chunk.period or ""):
            continue  # "Why did revenues fall in fiscal 2017?": a first quarter's release explains its quarter only
        if causes and years and (run_years := years_in(" ".join(u.text for u in unit))) \
                and years[-1] not in run_years:
            continue  # "Fuel expenses decreased ... in fiscal year 2019. ... As a result, ...": the year before's run
        mentioned = years_in(said)
        if not (mentioned or _DATED.search(said)):
            continue  # "Generally, when our revenue becomes more concentrated, our gross margin tends to
            # decrease due to ...": how the business behaves, not what changed in the asked period
        if years and (_another_years(mentioned, named, one_year)
                      or _another_years(years_in(s.text), set(), one_year) or _changed_in_another_year(said, years[-1])):
            # "2021 compared with 2020" explains another year's change, not the asked one ("as
            # compared to 2021" alone is the asked year against the one before)
            continue
        # about the asked year first, then undated sentences of its filing
        when = 0 if years and years[-1] in mentioned else 1
        own_filing = not years or s.chunk.fiscal_year == years[-1]
        mdna = "mdna" in s.chunk.tags or "Management" in s.chunk.section
        scored.append(((when, 0 if own_filing else 1, 0 if mdna else 1, s.rank, s.position), unit))
    segment_parts, segment_said = "", []
    if segment_drivers.ASKS_BY_SEGMENT.search(question) and not segment:
        # "..., and how did its two reportable segments contribute?": each segment's own explanation,
        # of the figure asked, else the premise's first ("X's income from operations fell even though
        # revenues grew": its subject, not the contrast)
        measure = decision.metric or next(iter(vocab.match_metrics(premise or "")), None)
        segment_parts, segment_said = segment_drivers.by_segment(measure, years[-1] if years else None, hits,
                                                                 companies, services, item_causes)
    if not scored and not segment_parts:
        return _from_statement(decision, question, hits, understanding, services)
    best = _units(scored, after, named=named if years else set(), asked=one_year)
    # a sentence read with the table rows before it repeats one read whole: the whole one is kept
    best = [s for s in best if not any(o.text != s.text and s.text.endswith(o.text) for o in best)]
    if either and one_year and (alternatives := read_topic(decision.ask, companies, vocab)) is not None:
        # the alternative the filing says held flat in the asked year, beside the cause it names
        held = next((s for s in found if s not in best and _HELD.search(s.text) and alternatives.stated_by(s.text)
                     and one_year in years_in(s.text)), None)
        best = [*best, held] if held is not None else best
    if _EITHER_OR.search(decision.ask) and not any(_HELD.search(s.text) for s in best):
        # "Was its revenue growth driven by its cloud business or by its traditional lines?" asks which
        # of two; sentences on what drove it pick neither unless one says the other held flat
        reason = f"the question asks which of two causes (“{decision.ask.strip()}”), and no sentence found weighs them"
        return WrittenAnswer(status="not_found", kind="drivers", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}; found only: "
                                  + " ".join(shown(s) for s in best))
    if from_premise:
        # "What drove the growth, and how did the pandemic show up in its advertising metrics?": the
        # other part has a subject of its own, explained by a sentence of its own
        best += _other_parts(others, found, before, best, years, named, one_year, companies)
    text = " ".join(shown(s) for s in best)
    # (the company's figures are not the asked segment's: its own sentences stand alone)
    change = _change(decision, hits, understanding, services, years) if not segment else None
    citations = [cite(s.chunk, prose(s.text)) for s in best]
    if segment_parts:
        # the company-wide explanation first, without what a segment's own part repeats
        told = {_bare(s.text) for s in segment_said}
        kept = [s for s in best if _bare(s.text) not in told]
        text = " ".join([*(shown(s) for s in kept), segment_parts])
        citations = [cite(s.chunk, prose(s.text)) for s in [*kept, *segment_said]]
    flags: list[str] = []
    if change is not None and _stated_otherwise(change, best, question):
        # "Net sales increased $30,678" beside revenue computed to rise by 31,025 (total revenue, with the
        # membership fees): the figures computed are another line's; the filing's own sentences stand alone
        change, flags = None, ["drivers_change_stated_otherwise"]
    if change is not None:
        first, last = change
        verb = "rose" if last.value > first.value else "fell" if last.value < first.value else "was unchanged"
        # "Did its gross margin improve in FY2022, and what drove the change?": the yes/no first
        verdict = margin_change.verdict_of(question, last.value > first.value, lower_is_better(decision.metric or ""))
        verdict = "No. " if verdict and last.value == first.value else verdict
        label = (vocab.label(decision.metric or "") or "").lower()
        quarter = understanding.quarter
        when = (lambda y: f"Q{quarter} FY{y}") if quarter else (lambda y: f"FY{y}")
        text = (f"{verdict}{label.capitalize()} {verb} from {first.shown} ({when(first.year)}) to {last.shown} "
                f"({when(last.year)}). "
                f"What drove it, as the filing says: {text} Working: {first.answer.text} {last.answer.text}")
        citations = [*citations, *first.answer.citations, *last.answer.citations]
        flags = list(dict.fromkeys([*first.answer.flags, *last.answer.flags]))
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=flags)


# "Net sales increased $30,678 or 16%", "revenues decreased by $1.2 billion": a change stated as an amount
_STATED_CHANGE = re.compile(r"\b(?:increased|decreased|grew|rose|fell|declined)\s+(?:by\s+)?[$€£]\s?(?P<n>\d[\d,]*(?:\.\d+)?)"
                            r"(?:\s*(?P<scale>thousand|million|billion))?", re.I)
_SCALES = {"thousands": 1e3, "millions": 1e6, "billions": 1e9}


_SUBJECT_FILLER = frozenset(tokenize("the our its total consolidated company's company in during fiscal year"))


def _said_of_the_asked(subject: str, question: str) -> bool:
    """Whether a change sentence's subject ("Net sales") is the question's own wording of the metric:
    every word of it is the question's ("Compensation and benefits decreased $8,123,000" is a cost's)."""
    words = [w for w in tokenize(re.split(r"[,;:]", subject)[-1]) if w not in _SUBJECT_FILLER and not w.isdigit()]
    return bool(words) and set(words) <= set(tokenize(question))


def _stated_otherwise(change: tuple[Value, Value], best: list[Sentence], question: str) -> bool:
    """Whether the quoted sentences state the asked metric's change as an amount (their subject in the
    question's own words), and none of the amounts stated is the change computed (within rounding):
    the computed rows are then another line's."""
    first, last = change
    unit = first.answer.unit or ""
    scale = _SCALES.get(unit.removeprefix("USD ").strip())
    if not unit.startswith("USD") or scale is None:
        return False
    stated = []  # (amount, half of its last digit's unit: "$1.2 billion" is 1.15 to 1.25 billion)
    for sentence in best:
        for m in _STATED_CHANGE.finditer(sentence.text):
            if not _said_of_the_asked(sentence.text[:m.start()], question):
                continue
            size = _SCALES.get(f"{m.group('scale').lower()}s", 1.0) if m.group("scale") else scale
            decimals = len(m.group("n").split(".")[1]) if "." in m.group("n") else 0
            stated.append((float(m.group("n").replace(",", "")) * size, 0.5 * 10 ** -decimals * size))
    moved = abs(last.value - first.value) * scale
    return bool(stated) and moved > 0 and not any(abs(x - moved) <= half * 1.01 for x, half in stated)


def _part_drivers(part: NamedPart, decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
                  services: MetricServices) -> WrittenAnswer | None:
    """A named part's change, explained by the filing's sentences whose subject is that part (by its
    name or its abbreviation), about the asked year; None when the filing has none."""
    years = sorted(set(understanding.fiscal_years))
    for label in part.labels:
        said = item_causes(label, decision.metric, 0, years[-1] if years else None, hits,
                           list(understanding.companies), services)
        if said:
            return WrittenAnswer(status="answered", kind="drivers",
                                 text=f"What drove {part.name}'s change, as the filing says: "
                                      + " ".join(shown(s) for s in said),
                                 citations=unique_citations([cite(s.chunk, prose(s.text)) for s in said]),
                                 flags=["drivers_named_part"])
    return None


# a part that asks a pick, a yes/no or an amount: a cause sentence does not answer it
_NOT_A_CAUSE_PART = re.compile(r"^\W*(?:and\s+)?(?:which|who|when|where|is|are|was|were|did|does|do|has|have|had|"
                               r"how\s+(?:much|many)|by\s+how|what\s+(?:percentage|share|amount|portion))\b", re.I)


def _other_parts(others: list[str], found: list[Sentence], before: dict[str, Sentence], best: list[Sentence],
                 years: list[int], named: set[int], one_year: int | None, companies: list[str]) -> list[Sentence]:
    """For each part of the ask with a subject of its own, the one explaining sentence (with the one it
    refers back to) that names at least half of that part's words, about the asked year's change:
    "how did the pandemic show up in its advertising metrics" -> "The decrease in average price per ad
    ... was primarily driven by a decrease in advertising demand ... due to the COVID-19 pandemic"."""
    out: list[Sentence] = []
    for part in others:
        words = content_words(part, companies)
        if _NOT_A_CAUSE_PART.match(part) or len(words) < 2:
            continue
        scored = []
        for s in found:
            if opens_inside(s.text) or s in best or s in out or not _is_cause(s.text):
                continue
            lead = before.get(s.text) if _ANAPHOR.match(s.text) else None
            said = " ".join(u.text for u in (lead, s) if u is not None)
            mentioned = years_in(said)
            if overlap(s.text, words) < _MIN_OVERLAP or not (mentioned or _DATED.search(said)):
                continue
            if years and (_another_years(mentioned, named, one_year) or _another_years(years_in(s.text), set(), one_year)
                          or _changed_in_another_year(said, years[-1])):
                continue  # another year's change
            when = 0 if years and years[-1] in mentioned else 1
            own_filing = not years or s.chunk.fiscal_year == years[-1]
            scored.append(((when, 0 if own_filing else 1, -overlap(s.text, words), s.rank, s.position),
                           [u for u in (lead, s) if u is not None and u not in best and u not in out]))
        if scored:
            out += min(scored, key=lambda t: t[0])[1]
    return out


def refused_subject(decision: KindDecision, question: str, vocab: Vocabulary, companies: list[str]) -> str | None:
    """What a refusal says was not explained when the ask names nothing of its own ("What drove such a
    large increase?", "What were the main drivers?"): the change its premise states ("the change in
    operating income"), never the ask's own words ("drove such large increase")."""
    premise = _premise(question, decision.ask)
    if decision.metric or not premise or set(content_words(decision.ask, companies)) - _SCAFFOLD:
        return None
    metrics = _changed_metrics(premise, vocab)
    labels = ", ".join((vocab.label(m) or m).lower() for m in metrics)
    # "X reported a net loss. ... Why?": the figure itself, no change between periods
    return (f"the change in {labels}" if _A_CHANGE.search(premise) else labels) if metrics else None


def _bare(text: str) -> str:
    """A sentence without the bullet glyph a list printed before it ("° Global comparable sales ...")."""
    return re.sub(r"^[^\w(]+", "", prose(text)).strip()


def _pick(pick: PickWriter, decision: KindDecision, question: str, hits: list[SearchHit],
          understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None:
    """The item whose change was the largest part of the asked one, read from the table of the
    items (answering.kinds.choice), with its share and its own causes when asked; the biggest
    fall when the question says the total fell."""
    way = asked_direction(question, [])
    order = "lowest" if way < 0 else "highest"
    written = pick(decision.model_copy(update={"kind": "choice", "order": order, "candidates": []}),
                           question, hits, understanding, services)
    return written if written is not None and written.status == "answered" else None


# "This was principally due to ...", "These increases were offset by ...", "The decrease was caused
# by ...": a sentence whose subject is the one before it (which names the metric and its change)
_ANAPHOR = re.compile(r"^(?:This|These|That|Those|Such|It|The\s+(?:\w+\s+){0,2}?(?:increases?|decreases?|declines?|"
                      r"changes?|improvements?|growth|drops?|reductions?|rises?|variances?|deterioration|"
                      r"shortfalls?|differences?))\b")
# a sentence that goes on explaining the one before it: "These increases were offset by ...",
# "Revenue in 2021 also benefited from ..."
_GOES_ON = re.compile(r"\b(?:also|further|additionally|in\s+addition)\b|\boffset\b|\bbenefit", re.I)
# a filing about part of a year: its first three quarters (a fourth quarter's release reports the year too)
_PART_YEAR = re.compile(r"\d{4}Q[1-3]")
_QUARTER_FILING = re.compile(r"\d{4}Q[1-4]")
# a question about a quarter, though no period of it was read ("in the quarter ended March 31, 2019":
# the second quarter of a fiscal year ending in September): a quarter's filing explains it
_ASKS_QUARTER = re.compile(r"\bquarter\b|\bthree\s+months\b|\bQ[1-4]\b", re.I)

# a sentence about a period's change: an amount or a period it is set against
_DATED = re.compile(r"[$€£¥]\s?\d|\d\s*%|\d[\d,.]*\s*(?:percent|thousand|million|billion)\b|\b(?:compared|prior|previous|"
                    r"last|preceding|same)\s+(?:\w+\s+){0,2}(?:year|quarter|period|fiscal)|\bfiscal\b|\byear[-\s](?:over|on)[-\s]year\b|"
                    r"\bsequentially\b|\bthe\s+(?:year|quarter|period)\b", re.I)
# "This includes charges related to our restructuring efforts of $1.14 billion": what a figure held,
# with its amount (a sentence referring back to the figure's change)
_HELD_CHARGE = re.compile(r"^(?:This|These|That|It)\s+(?:figure\s+|amount\s+)?(?:includes|included|reflects|reflected)\b"
                          r"[^.;]{0,80}?\b(?:charges?|costs?|expenses?|impairments?|losses?|gains?)\b[^;]{0,120}?"
                          r"(?:[$€£¥]\s?\d|\d[\d,.]*\s*(?:thousand|million|billion)\b)", re.I)
# "Included in other income (expense), net in 2021 and 2022 is a ... valuation gain (loss) of $11.8 billion
# and $(12.7) billion from our equity investment in Rivian": what the item held, named with its amount
_INCLUDED_IN = re.compile(r"^(?:Also\s+)?Included\s+in\b[^.;]{0,160}?\b(?:charges?|costs?|expenses?|impairments?|"
                          r"losses?|gains?|\(losses?\))\b[^;]{0,160}?(?:[$€£¥]\s?\(?\d|\d[\d,.]*\s*(?:thousand|million|"
                          r"billion)\b)", re.I)
_BENEFIT = re.compile(r"\bbenefit(?:ed|ted|s)?\s+from\b|\boffset\b", re.I)
_FOLLOWERS = 2


def _changed_metrics(premise: str, vocab: Vocabulary) -> list[str]:
    """The metrics whose change the premise states last: those of its last clause that names one
    ("..., yet its revenue and gross profit fell from 2023" -> revenue and gross profit; "Facebook's
    revenue grew 22% in 2020 despite the COVID-19 pandemic" -> revenue)."""
    return list(dict.fromkeys(vocab.match_metrics(_changed_clause(premise, vocab))))


def _changed_clause(premise: str, vocab: Vocabulary) -> str:
    """The premise's last clause that names a metric, which says which way the asked one moved ("net
    revenues grew ... even though gross merchandise volume (GMV) declined": revenue grew; the volume
    the vocabulary does not know is the contrast, not the change asked about)."""
    return next((c for c in reversed(_CONTRAST.split(premise)) if vocab.match_metrics(c)), "")


# "The increase in the cost of cloud revenue is ...": what changed is what follows "The increase in"
_ANAPHOR_OF = re.compile(r"^the\s+(?:increase|decrease|decline|change|rise|growth|drop|reduction)\s+(?:in|of)\s+", re.I)
# the finite verb that ends a sentence's subject ("Our cloud revenue in 2022 increased by ..."; "The
# revenue increase in our ... segment in 2022 is primarily attributed to ...": not the noun "increase")
_VERB = re.compile(r"\b(?:is|was|were|are|has|have|had|increased|decreased|declined|grew|rose|fell|dropped|improved|reduced|"
                   r"remained|totaled|totalled|amounted)\b", re.I)
_COST = re.compile(r"\b(?:costs?|expenses?|expenditures?)\b", re.I)


_UP = re.compile(r"\b(?:rose|rise|rises|grew|grow|grows|higher|increas\w*|jump\w*|doubl\w*|tripl\w*|improv\w*|climb\w*|up)\b"
                 r"|\bfrom\s+(?:a\s+)?(?:net\s+|operating\s+)?loss\b.*\bto\s+(?:a\s+)?(?:net\s+|operating\s+)?(?:income|profit)",
                 re.I)
_DOWN = re.compile(r"\b(?:fell|fall|falls|declin\w*|decreas\w*|drop\w*|reduc\w*|worsen\w*|shr[ai]nk\w*|slipp\w*|plung\w*|down|lower)\b"
                   r"|\bfrom\s+(?:\w+\s+)?(?:income|profit)\b.*\bto\s+(?:a\s+)?(?:net\s+|operating\s+)?loss", re.I)
_LOSS = re.compile(r"\bloss(?:es)?\b", re.I)


def asked_direction(clause: str, own: list[tuple[str, ...]]) -> int:
    """Which way the question says the asked metric moved, read as the sentences are: a loss
    that grew ("Why did Acme's net loss increase?") is income that fell."""
    return _direction(clause, own) or _way(clause)


def _own_way(ask: str) -> int:
    """Which way the ask's own words say the asked figure moved, a loss that grew being income that fell."""
    way = _way(ask)
    return -way if _LOSS.search(ask) else way


def _way(text: str) -> int:
    """+1 when the text says the figure went up, -1 down, 0 when it says neither or both."""
    up, down = bool(_UP.search(text)), bool(_DOWN.search(text))
    return 0 if up == down else 1 if up else -1


def _direction(text: str, own: list[tuple[str, ...]]) -> int:
    """Which way a sentence says the asked metric itself moved (a loss that grew is income that
    fell), or 0 when its subject is not the asked metric or it says no way."""
    subject = _subject(text)
    tokens = tokenize(subject)
    if not any(tuple(tokens[i : i + len(p)]) == p for p in own if p for i in range(len(tokens) - len(p) + 1)) \
            and not _LOSS.search(subject):
        return 0
    changed = _CHANGED.search(text)
    way = _way(changed.group(0)) if changed else 0
    return -way if _LOSS.search(subject) else way


def _subject(text: str) -> str:
    """What a sentence says changed: its words before its finite verb."""
    return _VERB.split(_ANAPHOR_OF.sub("", text), maxsplit=1)[0]


def _about(text: str, asked: set[str | None], vocab: Vocabulary) -> bool:
    """Whether the sentence's subject, the first metric it names, is an asked one (or an input
    of it: gross profit for a gross margin), and its subject (the words before its change) no cost
    unless a cost is asked; a sentence that names no metric is judged by its words."""
    subject = _subject(text)
    labels = " ".join(vocab.label(a or "") or "" for a in asked)
    if _COST.search(subject) and not _COST.search(labels):
        return False  # "Marketing and sales expenses in 2020 increased ...": a cost, not the asked sales
    # "This decrease was primarily driven by proceeds from ..., as well as lower Adjusted EBITDA": an
    # anaphor's subject is the sentence before it (checked on its own); what it names after are causes
    named = vocab.match_metrics(subject if _ANAPHOR.match(text) else text)
    return not named or named[0] in asked


def _neighbours(found: list[Sentence]) -> tuple[dict[str, Sentence], dict[str, Sentence]]:
    """Each sentence's neighbours in its chunk, by text: the sentence just before it and the one
    just after (a chunk's first sentences, repeated from the chunk before, are that chunk's)."""
    by_text = {s.text: s for s in found}
    before: dict[str, Sentence] = {}
    after: dict[str, Sentence] = {}
    for s in found:
        lead = by_text.get(s.before)
        if lead is None and s.before:
            # the chunk starts inside the sentence before, read whole in the chunk it began in
            lead = next((t for t in found if t.chunk.doc == s.chunk.doc and t.chunk.index == s.chunk.index - 1
                         and t.text.endswith(s.before)), None)
        if lead is not None and lead.chunk.doc == s.chunk.doc:
            before[s.text] = lead
            after.setdefault(lead.text, s)
    return before, after


def item_causes(label: str, measure: str | None, way: int, year: int | None, hits: list[SearchHit],
                companies: list[str], services: MetricServices, included: bool = False,
                verbatim: bool = False) -> list[Sentence]:
    """What the filing says drove one item's change (a segment, a category, a region picked from a
    table): the sentences whose subject is the item ("iPhone net sales increased during 2021 compared
    to 2020 due primarily to ..."; "Delivery revenue increased $4.5 billion ... primarily attributable
    to"), with a cause cue, about the asked year's change and moving the way the table says it moved
    (`way`: +1 up, -1 down, 0 either), and about the ranked `measure` when its subject names one
    ("Compute & Networking operating income" explains no revenue). A sentence about another item,
    another year's change or how the business generally behaves is none of its causes. `included`: a
    sentence that refers back to the item's change and names a charge it held, with its amount ("This
    includes charges related to our restructuring efforts of $1.14 billion"), is a cause as well.
    `verbatim`: the sentence names the item as `label` prints it (a catch-all line, "Other income
    (expense), net", shares every word with another: "Other operating expense (income), net")."""
    words = content_words(label, companies)
    if not words or len(companies) != 1:
        return []
    pool = _with_following_chunks([*hits, *_searched(label, companies, [year] if year else [], hits, services)],
                                  Topic(words=label, phrases=[tuple(tokenize(label))], pairs=[]), services)
    texts: dict[str, list[str]] = {}
    for h in pool:
        texts.setdefault(h.chunk.doc, []).append(" ".join(h.chunk.text.split()))
    found = [_with_name(s, label, texts.get(s.chunk.doc, [])) for s in sentences(pool, companies, trim_tables=True, listed=True)]
    items, dated = _bullet_items(pool, companies)
    read = {s.text for s in found}
    found += [i for i in items if i.text not in read]
    before, after = _neighbours(found)
    scored = []
    for s in found:
        if opens_inside(s.text) or table_like(s.text):
            continue  # (statement rows read as one sentence: "... Earnings per share attributable to" is no cause)
        lead = before.get(s.text) if _ANAPHOR.match(s.text) else None
        held = included and ((lead is not None and bool(_HELD_CHARGE.search(s.text)))
                             or bool(_INCLUDED_IN.search(s.text)))
        if not (_is_cause(s.text) or held):
            continue
        unit = [lead, s] if lead is not None else [s]
        head = unit[0].text
        if verbatim and not any(_names_line(u.text, label) for u in unit):
            continue
        if overlap(_subject(head), words) < 1:
            continue  # its subject is another item, or the whole company
        named = services.vocabulary.match_metrics(_subject(head))
        if measure and named and not {measure, *services.vocabulary.inputs(measure)} & set(named):
            continue  # the item's other line: its operating income for its revenue
        changed = _CHANGED.search(head)
        if measure and not named and not held and not _CHANGED.search(" ".join(u.text for u in unit)):
            continue  # "30% of BDS backlog was attributable to non-U.S. customers": what the item is made of, not why it moved
        if way and changed and _way(changed.group(0)) == -way:
            continue  # it says the item moved the other way: another period's change
        said = " ".join(u.text for u in unit)
        mentioned = years_in(said) or dated.get(id(s), set())
        if not (mentioned or _DATED.search(said)):
            continue
        if year and mentioned and year not in mentioned:
            continue  # "during 2020 compared to 2019": the year before's change
        scored.append(((0 if year in mentioned else 1, s.rank, s.position), unit))
    return [_from_item(s, label) for s in _units(scored, after, limit=1)]


# a bullet a PDF's text keeps as a character ("\uf0b7" of a symbol font, "•", "▪", "◦")
_BULLET = r"[\uf0b7\u2022\u25aa\u25e6]"
# "The primary sales drivers by segment were as follows: • Display Technologies' net sales decreased ...; • ...": a
# lead-in's colon, then items each opened by a bullet, the page's text run on in one line
_LEAD_AND_ITEMS = re.compile(rf":\s*(?={_BULLET}\s)(?P<items>(?:{_BULLET}\s[^\uf0b7\u2022\u25aa\u25e6]+)+)")
_ITEM_SPLIT = re.compile(rf"\s*{_BULLET}\s+")
_LEAD_BACK = 400  # characters before a lead-in's colon in which it (or the sentence before it) dates the list


def _bullet_items(pool: list[SearchHit], companies: list[str]) -> tuple[list[Sentence], dict[int, set[int]]]:
    """Each item of a bulleted list the page's text ran into one line, as a sentence of its own subject ("Optical
    Communications' net sales declined $501 million, as ... due to ..."), dated by the years the text before the
    lead-in names ({id(item): years}): read whole, the run is too long to be a sentence and no item is its subject."""
    wanted = {c.casefold() for c in companies}
    by_place = {(h.chunk.doc, h.chunk.index): h.chunk for h in pool}
    items: list[Sentence] = []
    dated: dict[int, set[int]] = {}
    for rank, hit in enumerate(pool):
        if wanted and (hit.chunk.company or "").casefold() not in wanted:
            continue
        following = by_place.get((hit.chunk.doc, hit.chunk.index + 1))
        body = " ".join(f"{hit.chunk.text} {following.text if following is not None else ''}".split())
        for run in _LEAD_AND_ITEMS.finditer(body):
            years = years_in(body[max(0, run.start() - _LEAD_BACK): run.start()])
            lead = body[max(0, run.start() - _LEAD_BACK): run.start() + 1]
            for k, item in enumerate(p for p in _ITEM_SPLIT.split(run.group("items")) if p.strip()):
                # (the last item ends at its sentence's end: the page's prose after it is no part of it)
                text = re.split(r"(?<=[a-z0-9)])\.\s+(?=[A-Z])", item.strip(), maxsplit=1)[0]
                text = text.removesuffix("; and").rstrip(";").rstrip(".").strip() + "."
                read = Sentence(text=text, chunk=hit.chunk, rank=rank, position=10_000 + k, before=lead)
                items.append(read)
                dated[id(read)] = years
    return items, dated


def _with_name(s: Sentence, label: str, texts: list[str]) -> Sentence:
    """The sentence with the start of the item's name that the table rows cut before it took
    ("681 % Compute & Networking revenue – The year-on-year increase ..." trimmed to "Networking
    revenue – ..."): the name is the sentence's subject, not a table cell. `texts`: its filing's
    chunks, whitespace collapsed (a sentence read on into the next chunk is that chunk's text)."""
    for k in (i for i, ch in enumerate(label) if ch == " "):
        head, rest = label[:k], label[k + 1:]
        if not s.text.startswith(rest):
            continue
        # the sentence may run on into the next chunk: its start is found by its first words
        if any(f"{head} {s.text[:len(rest) + 12]}" in text for text in texts):
            return s.model_copy(update={"text": f"{head} {s.text}"})
    return s


def _from_item(s: Sentence, label: str) -> Sentence:
    """The sentence from where it names the item, when a heading or the sentence before it ran into
    its start ("... bundled products. iPhone iPhone net sales increased ...")."""
    at = s.text.find(label)
    cut = s.text.rfind(". ", 0, at) if at > 0 else -1
    return s.model_copy(update={"text": s.text[cut + 2:]}) if cut >= 0 else s


# "Products gross margin percentage decreased during 2018 due primarily to ...": the year a change is said to
# have happened in, not the year it is compared with ("decreased ... compared to 2018")
_CHANGED_DURING = re.compile(r"\b(?:increased|decreased|declined|grew|rose|fell|improved|deteriorated|changed|dropped)\s+"
                             r"(?:[\w%,.-]+\s+){0,4}?(?:during|in)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?(?P<year>(?:19|20)\d\d)\b",
                             re.I)


def _changed_in_another_year(text: str, asked: int) -> bool:
    """The sentence says its change happened in a year other than the asked one, and names no change of it."""
    said = {int(m.group("year")) for m in _CHANGED_DURING.finditer(text)}
    return bool(said) and asked not in said


def _another_years(mentioned: set[int], named: set[int], asked: int | None = None) -> bool:
    """Whether a sentence's years place it on another change than the asked years' ("2021 compared
    with 2020" for 2023; "as compared to 2021" alone is the year before the asked 2022). `asked`: the
    one year whose change the question asks ("grew in 2017"): a change between two years that ends
    before it ("in 2016 compared to 2015") is the year before's, though the year before is named."""
    if asked is not None and len(mentioned) > 1 and max(mentioned) < asked:
        return True
    return bool(mentioned and named and not mentioned & named and (
        len(mentioned) > 1 or max(mentioned) < min(named) - 1 or min(mentioned) > max(named)))


def _units(scored: list[tuple[tuple[int, ...], list[Sentence]]], after: dict[str, Sentence],
           limit: int = _LIMIT, named: set[int] | None = None, asked: int | None = None) -> list[Sentence]:
    """The best explaining units (a sentence, with the one it refers back to), each followed by
    the sentences that go on explaining it ("These increases were offset by ..."), in order."""
    out: list[Sentence] = []
    taken = 0
    for _, unit in sorted(scored, key=lambda t: t[0]):
        if taken == limit:
            break
        if all(s.text in {o.text for o in out} for s in unit):
            continue
        taken += 1
        out += [s for s in unit if s.text not in {o.text for o in out}]
        last = unit[-1]
        for _ in range(_FOLLOWERS):
            nxt = after.get(last.text)
            if nxt is None or not (_ANAPHOR.match(nxt.text) or _GOES_ON.search(nxt.text[:80])) \
                    or not (_CAUSE.search(nxt.text) or _BENEFIT.search(nxt.text)) \
                    or _another_years(years_in(nxt.text), named or set(), asked):
                break  # "The increase ... in 2016 compared to 2015" after the asked 2017's: another change
            if nxt.text not in {o.text for o in out}:
                out.append(nxt)
            last = nxt
    return out


def shown(s: Sentence) -> str:
    return f'"{prose(s.text)}" ({s.chunk.doc} p.{s.chunk.page + 1})'


_SEARCH_K = 8


def _headed_segment(question: str, pool: list[SearchHit], services: MetricServices) -> tuple[str | None, dict[str, list[Chunk]]]:
    """The segment the question names when the filing heads a section with it, and each filing's
    chunks (read whole when a store is at hand, so a section's heading pages above the hits count)."""
    name = segment_heading.asked_segment(question)
    if name is None:
        return None, {}
    filed: dict[str, list[Chunk]] = {}
    for h in pool:
        if h.chunk.doc not in filed:
            filed[h.chunk.doc] = list(services.retriever.filing(h.chunk.doc).chunks) if services.retriever is not None \
                else [p.chunk for p in pool if p.chunk.doc == h.chunk.doc]
    if not any(segment_heading.headed(name, chunks) for chunks in filed.values()):
        return None, {}
    return name, filed


def _searched(words: str, companies: list[str], years: list[int], hits: list[SearchHit],
              services: MetricServices) -> list[SearchHit]:
    """One more search, for the discussion that explains the asked change: the question's own
    search brings back what shares its words (the premise's figures, the statements), and the
    sentences that explain a change are worded as causes ("increased ... primarily due to")."""
    if services.retriever is None or len(companies) != 1:
        return []
    filters = SearchFilters(companies=companies, fiscal_years=years[-1:])
    query = f"{companies[0]} {words} increased decreased compared to prior year primarily due to driven by offset"
    have = {h.chunk.chunk_id for h in hits}
    return [h for h in services.retriever.search(query, filters=filters, k=_SEARCH_K) if h.chunk.chunk_id not in have]


def _with_following_chunks(pool: list[SearchHit], topic: Topic, services: MetricServices) -> list[SearchHit]:
    """The pool and the chunk after each one that explains the topic: a paragraph that explains a
    change often runs on into the next chunk ("... beginning in the" | "second quarter of 2021.
    These increases were offset by ...")."""
    store = getattr(services.retriever, "store", None)
    if store is None:
        return pool
    have = {(h.chunk.doc, h.chunk.index) for h in pool}
    wanted = {(h.chunk.doc, h.chunk.index + 1) for h in pool
              if topic.stated_by(h.chunk.text) and _CAUSE.search(h.chunk.text)}
    # a conclusion ("As a result, operating profit was ...") rests on the sentences before it, which
    # often start in the chunk before
    wanted |= {(h.chunk.doc, h.chunk.index - d) for h in pool for d in range(1, ABOVE + 1)
               if _CONCLUDES.search(h.chunk.text) and topic.stated_by(h.chunk.text)}
    wanted -= have
    if not wanted:
        return pool
    return [*pool, *store_chunks(wanted, pool, store)]


def _from_statement(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                    services: MetricServices) -> WrittenAnswer | None:
    """No sentence explains the change: the statement lines that sum to the asked total, for the
    metric the ask names, else those the sentences before it name ("revenue fell 13%, yet income
    from operations rose 15%. What explains this?": the last named is the one explained). The
    asked period's income statement is searched for once when the hits do not hold it."""
    vocab = services.vocabulary
    premise = _premise(question, decision.ask) or ""
    # the change the premise states last ("revenue grew, but its gross margin fell": the margin), never
    # another metric it names on the way
    metrics = [decision.metric] if decision.metric else list(reversed(_changed_metrics(premise, vocab)))
    years = sorted(set(understanding.fiscal_years))
    companies = list(understanding.companies)
    if len(companies) != 1:
        return None
    if not metrics:
        # a figure the vocabulary does not know ("unallocated corporate costs"): its table row and what
        # the row's own footnote says it included in the asked year
        return _from_row_footnote(premise or decision.ask, years[-1] if years else None, hits, companies, services)
    # "X had positive pre-tax income but still reported a net loss. Why?": no change between years is
    # asked, but what made the year's figure a loss: the lines that turned a subtotal of the other sign
    make_up = not _A_CHANGE.search(question)
    year = years[-1] if years else None
    for pool in (hits, None):
        if pool is None:
            if services.retriever is None:
                break
            filters = SearchFilters(companies=companies, fiscal_years=[year] if year else [], tags=["income_statement"])
            label = vocab.label(metrics[0]) or ""
            pool = services.retriever.search(f"{companies[0]} consolidated statements of income {label}",
                                             filters=filters, k=8)
        pool = with_chunks_above(pool, services.retriever)
        for metric in metrics:
            if (ratio := margin_change.parts(metric, vocab)) is not None:
                # a margin is no statement line: read through its numerator's lines, with its denominator's row
                margin = _from_margin(metric, ratio, year, question, pool, companies, services)
                if margin is not None:
                    return margin
                continue
            change = statement_drivers.read_change(metric, year, pool, companies, vocab, question)
            if change is not None:
                # None: its main mover explains nothing, or no subtotal above it has the other sign
                written = statement_drivers.write_make_up(change) if make_up else statement_drivers.write(change)
                if written is None and not make_up:
                    # its main mover is a catch-all: what each year's results included, as the filing lists it
                    return _from_included(change, pool, companies, services)
                if written is None:
                    # what turned it most is a catch-all: given only with the filing's sentence naming it
                    return _catch_all_make_up(change, year, pool, companies, services)
                return _with_line_cause(written, change, make_up, year, pool, companies, services)
    return _from_walk(metrics, year, hits, companies, services) if not make_up else None


def _gap_totals(question: str, ask: str, companies: list[str], vocab: Vocabulary) -> tuple[str, str] | None:
    """The two statement totals a premise says moved apart ("net income roughly tripled while operating
    income grew only about 2%"), upper first in the statement's order, when the ask only refers back to
    them ("What explains the gap?"); None otherwise."""
    premise = _premise(question, ask)
    # the ask may name the two again in its own words ("the divergence between operating and
    # bottom-line results for the year ended January 31, 2023"): words of the premise, of the
    # period, or the analysts' names of the two levels are no topic of their own
    restated = _SCAFFOLD | set(content_words(premise or "", companies)) | _LEVEL_WORDS
    if not premise or any(set(content_words(_PERIOD_PHRASE.sub(" ", p), companies)) - restated for p in ask_parts(ask)):
        return None
    clauses = [c for c in _CONTRAST.split(premise) if c.strip()]
    named = [m for c in clauses if _A_CHANGE.search(c) for m in vocab.match_metrics(c)
             if m in statement_drivers.TOTALS]
    totals = sorted(set(named), key=statement_drivers.TOTALS.index)
    return (totals[0], totals[-1]) if len(totals) == 2 and len(clauses) >= 2 else None


def _catch_all_make_up(change: statement_drivers.StatementChange, year: int | None, pool: list[SearchHit],
                       companies: list[str], services: MetricServices) -> WrittenAnswer | None:
    """"Amazon had operating income but a net loss: what drove it?" when "Other income (expense), net"
    turned it: the statement's lines, with what the filing says that line held in the year ("Included
    in other income (expense), net in 2021 and 2022 is a ... loss of ... $(12.7) billion from our
    equity investment in Rivian"), named as the statement prints it; None without such a sentence."""
    written = statement_drivers.write_make_up(change, with_catch_all=True)
    main = statement_drivers.main_line(change, make_up=True)
    if written is None or main is None:
        return None
    line, way = main
    causes = item_causes(line.name, None, way, year, pool, companies, services, included=True, verbatim=True)
    return _with_stated(written, f"Why {line.name} moved", causes, "line_cause_stated") if causes else None


def _names_line(text: str, name: str) -> bool:
    return " ".join(name.lower().split()) in " ".join(text.lower().split())


def _from_gap(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
              services: MetricServices) -> WrittenAnswer | None:
    """"X rose while Y grew only Z: what explains the gap": the statement lines between the two totals
    (gap.py), with the filing's own sentence on why the line that opened the gap most moved."""
    vocab, companies = services.vocabulary, list(understanding.companies)
    totals = _gap_totals(question, decision.ask, companies, vocab) if len(companies) == 1 else None
    if totals is None:
        return None
    years = sorted(set(understanding.fiscal_years))
    year = years[-1] if years else None
    for pool in (hits, None):
        if pool is None:
            if services.retriever is None:
                break
            filters = SearchFilters(companies=companies, fiscal_years=[year] if year else [], tags=["income_statement"])
            pool = services.retriever.search(f"{companies[0]} consolidated statements of operations "
                                             f"{vocab.label(totals[1]) or ''}", filters=filters, k=8)
        pool = with_chunks_above(pool, services.retriever)
        found = gap.read(totals[0], totals[1], year, pool, companies, vocab)
        written = gap.write(found) if found is not None else None
        if written is None or found is None:
            continue
        main = gap.main_line(found)
        if main is None:
            return written
        line, way = main
        causes = item_causes(line.gloss or line.name, None, way, year, pool, companies, services)
        if not causes:
            return written
        return _with_stated(written, f"Why {line.name} moved", causes, "line_cause_stated")
    return None


def _from_margin(metric: str, ratio: tuple[str, str], year: int | None, question: str, pool: list[SearchHit],
                 companies: list[str], services: MetricServices) -> WrittenAnswer | None:
    """A margin's change: both periods' margins from its numerator's and denominator's statement rows,
    the numerator's lines that moved it (margin_change.py), and the filing's own sentences that say
    what moved the margin itself ("Restructuring impacted first quarter GAAP operating margin by (860)
    bps"), from the statement's filing."""
    vocab = services.vocabulary
    wordings = list(vocab.metrics[metric].wordings)
    if margin_change.asks_adjusted(question, wordings):
        return None
    change = statement_drivers.read_change(ratio[0], year, pool, companies, vocab)
    found = margin_change.read(change, ratio[1], vocab) if change is not None else None
    label = vocab.label(metric) or metric
    written = margin_change.write(found, label, question, wordings) if found is not None else None
    if written is None or change is None:
        return None
    doc = change.total.chunk.doc
    topic = Topic(words=label, phrases=[tuple(tokenize(w)) for w in wordings if tokenize(w)], pairs=[])
    searched = services.retriever.search(f"{companies[0]} {label} impacted by", filters=SearchFilters(
        companies=companies), k=6) if services.retriever is not None else []
    stated = [s for s in sentences([h for h in [*pool, *searched] if h.chunk.doc == doc], companies, trim_tables=True, listed=True)
              if not table_like(s.text) and topic.stated_by(s.text) and (_is_cause(s.text) or _IMPACTED.search(s.text))
              and not margin_change.asks_adjusted(s.text, wordings)]  # a non-GAAP margin's sentence is another figure's
    stated = list({s.text: s for s in stated}.values())[:_LIMIT]
    if not stated:
        return written
    return _with_stated(written, f"What moved {label}", stated, "margin_cause_stated")


# "Restructuring impacted first quarter GAAP operating margin by (860) bps": a named item's effect on the margin
_IMPACTED = re.compile(r"\b(?:impacted|affected|reduced|lowered|benefit(?:ed|ted))\b[^.]{0,80}\bby\b", re.I)


def _from_underlying(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                     services: MetricServices) -> WrittenAnswer | None:
    """The asked figure's change excluding items, as its filing states it, and the items each period's
    results included (underlying.py), from one filing of the asked period."""
    vocab, companies = services.vocabulary, list(understanding.companies)
    years = sorted(set(understanding.fiscal_years))
    premise = _premise(question, decision.ask) or question
    metric = decision.metric or next(iter(vocab.match_metrics(premise)), None)
    if len(companies) != 1 or not years or metric is None or metric not in vocab.metrics:
        return None
    year = years[-1]
    wordings = [tuple(tokenize(w)) for w in vocab.metrics[metric].wordings if tokenize(w)]
    topic = Topic(words=vocab.label(metric) or metric, phrases=wordings + _per_share_phrases(wordings), pairs=[])
    pool = list(hits)
    if services.retriever is not None:
        filters = SearchFilters(companies=companies, fiscal_years=[year])
        pool += services.retriever.search(f"{companies[0]} excluding {topic.words} was an increase of", filters=filters, k=6)
        pool += services.retriever.search(f"{companies[0]} results for {year} included the following", filters=filters,
                                          k=6)
    store = getattr(services.retriever, "store", None)
    if store is not None:
        have = {(h.chunk.doc, h.chunk.index) for h in pool}
        # a list of what results included, or a sentence on the figure excluding items, runs on into the next chunk
        wanted = {(h.chunk.doc, h.chunk.index + 1) for h in pool
                  if included_items.HEAD.search(text := " ".join(h.chunk.text.split()))
                  or re.search(r"\bexcluding\b", text, re.I)} - have
        pool += store_chunks(wanted, pool, store) if wanted else []
    found = sentences(pool, companies, trim_tables=True, listed=True)
    for doc in dict.fromkeys(h.chunk.doc for h in pool if h.chunk.fiscal_year in (None, year)):
        read = underlying.read(found, topic, doc, (year - 1, year), pool)
        if read is None:
            continue
        held = " ".join(f"Results for {i.year} included: " + "; ".join(f'"{x}"' for x in i.items) + "."
                        for i in read.lists)
        after = next((i.after for i in read.lists if i.after), "")
        text = (f"Underlying growth (excluding items), in the filing's words: {shown(read.stated)} The items that "
                f"distort the comparison, "
                f"as the filing lists them: {held}" + (f' "{after}"' if after else ""))
        citations = [cite(read.stated.chunk, prose(read.stated.text)),
                     *(cite(i.chunk, x) for i in read.lists for x in i.items)]
        if after:
            citations.append(cite(read.lists[-1].chunk, after))
        return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                             flags=["drivers_underlying", "drivers_included_items"])
    return None


def _from_included(change: statement_drivers.StatementChange, pool: list[SearchHit], companies: list[str],
                   services: MetricServices) -> WrittenAnswer | None:
    """The total's change when the line that moved it most is a catch-all ("Other operating (income)
    expense, net"): the statement's arithmetic, and what the statement's own filing says each year's
    results included ("Results for 2022 included the following: • Pre-tax charges of $1,153 million ...
    related to the sale of the Company's business in Russia"), else nothing."""
    top = statement_drivers.movers(change)
    if not top or not statement_drivers.catch_all(top[0][0]):
        return None
    doc, (before, now) = change.total.chunk.doc, change.years
    found = list(pool)
    if services.retriever is not None:
        filters = SearchFilters(companies=companies, fiscal_years=[change.total.chunk.fiscal_year or now])
        found += [h for h in services.retriever.search(f"{companies[0]} results for {before} included the following "
                                                       f"charges gain", filters=filters, k=6) if h.chunk.doc == doc]
    store = getattr(services.retriever, "store", None)
    if store is not None:
        have = {(h.chunk.doc, h.chunk.index) for h in found}
        wanted = {(doc, h.chunk.index + 1) for h in found if h.chunk.doc == doc
                  and included_items.HEAD.search(" ".join(h.chunk.text.split()))} - have
        found += store_chunks(wanted, found, store) if wanted else []
    lists = included_items.read(found, doc, (before, now))
    if not lists:
        return None
    line, moved = top[0]
    sample = change.total.row.tokens[-1] if change.total.row.tokens else ""
    t0, t1 = change.value(change.total, 0), change.value(change.total, 1)
    label = change.total.name
    held = " ".join(f"Results for {i.year} included: " + "; ".join(f'"{x}"' for x in i.items) + "." for i in lists)
    after = next((i.after for i in lists if i.after and _CAUSE.search(i.after)), "")
    text = (f"{label} went from {statement_drivers.shown_value(t0, sample)} ({before}) to "
            f"{statement_drivers.shown_value(t1, sample)} ({now}). The statement line that moved it most is "
            f"{line.name}: {statement_drivers.shown_value(change.value(line, 0), sample)} ({before}) to "
            f"{statement_drivers.shown_value(change.value(line, 1), sample)} ({now}), "
            f"{'+' if moved > 0 else '-'}{statement_drivers.shown_value(abs(moved), sample)} on {label}. "
            f"What the results held, as the filing lists it: {held}" + (f' "{after}"' if after else ""))
    citations = [cite(change.total.chunk, change.total.row.line), cite(line.chunk, line.row.line),
                 *(cite(i.chunk, x) for i in lists for x in i.items)]
    if after:
        citations.append(cite(lists[-1].chunk, after))
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_statement_lines", "drivers_included_items"])


def _from_row_footnote(premise: str, year: int | None, hits: list[SearchHit], companies: list[str],
                       services: MetricServices) -> WrittenAnswer | None:
    if year is None or not _A_CHANGE.search(premise):
        return None
    row = footnoted_row.read(premise, year, hits, companies, services.vocabulary)
    return footnoted_row.write(row) if row is not None else None


def _from_walk(metrics: list[str], year: int | None, hits: list[SearchHit], companies: list[str],
               services: MetricServices) -> WrittenAnswer | None:
    """No sentence and no statement explains the change: the filing's own reconciliation of it, the
    year before's figure walked to the asked year's by items that add up ("Income Available for
    Common Shareholders - 2014 $ 1,436 $ 3.06 ... Fines and penalties (578) (1.19) ... - 2015 $ 874
    $ 1.79"), searched for once, each chunk read with the ones around it (a table runs on)."""
    if year is None:
        return None
    vocab = services.vocabulary
    pool = list(hits)
    if services.retriever is not None:
        label = vocab.label(metrics[0]) or ""
        filters = SearchFilters(companies=companies, fiscal_years=[year])
        pool += services.retriever.search(f"{companies[0]} summary reconciliation of key changes in {label} "
                                          f"{year} compared to {year - 1}", filters=filters, k=8)
    store = getattr(services.retriever, "store", None)
    if store is not None:
        have = {(h.chunk.doc, h.chunk.index) for h in pool}
        wanted = {(h.chunk.doc, h.chunk.index + d) for h in pool for d in (-1, 1)
                  if re.search(rf"[-–—]\s*(?:{year - 1}|{year})\b", h.chunk.text)} - have
        pool += store_chunks(wanted, pool, store) if wanted else []
    for metric in metrics:
        walk = bridge.read_walk(metric, year, pool, companies, vocab)
        if walk is not None:
            return bridge.write(walk, vocab.label(metric) or metric)
    return None


def _with_line_cause(written: WrittenAnswer | None, change: statement_drivers.StatementChange, make_up: bool,
                     year: int | None, pool: list[SearchHit], companies: list[str],
                     services: MetricServices) -> WrittenAnswer | None:
    """The statement's arithmetic and, when the filing says why its main line moved, that sentence:
    "Income tax provision: 836" tells what turned pre-tax income into a loss, not why the tax was so
    large ("... increased ... primarily due to a DTA write-off ..."). Found by `item_causes`, under
    its gates (the line's own subject, the asked year, the way the line moved)."""
    main = statement_drivers.main_line(change, make_up) if written is not None else None
    if written is None or main is None:
        return written
    line, way = main
    causes = item_causes(line.gloss or line.name, None, way, year, pool, companies, services)
    if not causes and not make_up:
        # "revenue grew 3%, but income from operations fell 15%": the lines add up, but the filing
        # explains the costs' subtotal on the way ("Total costs and expenses were $21.42 billion, an
        # increase of 10% ... This includes charges related to our restructuring efforts of $1.14
        # billion"): what that subtotal held is why the total moved
        for total in reversed(change.subtotals):
            delta = change.value(total, 1) - change.value(total, 0)
            if not _COST.search(total.name) or not delta:
                continue
            causes = item_causes(total.gloss or total.name, None, (delta > 0) - (delta < 0), year, pool, companies,
                                 services, included=True)
            if causes:
                line = total
                break
    if not causes:
        return written
    return _with_stated(written, f"Why {line.name} moved", causes, "line_cause_stated")


def _with_stated(written: WrittenAnswer, lead: str, stated: list[Sentence], flag: str) -> WrittenAnswer:
    """The answer with the filing's own sentences about what moved it appended, quoted and cited."""
    said = " ".join(shown(s) for s in stated)
    return written.model_copy(update={
        "text": f"{written.text} {lead}, in the filing's words: {said}",
        "citations": unique_citations([*written.citations, *(cite(s.chunk, prose(s.text)) for s in stated)]),
        "flags": [*written.flags, flag]})


_PER_SHARE = ("per", "share")


def _per_share_phrases(phrases: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """A per-share figure as releases word it: "earnings per share" is "$0.29 per diluted share",
    "core earnings per diluted share" (the share count between "per" and "share")."""
    if not any(p[i:i + 2] == _PER_SHARE for p in phrases for i in range(len(p) - 1)):
        return []
    return [(*tokenize("per"), *tokenize(kind), *tokenize("share")) for kind in ("diluted", "basic")]


def _numerator_phrases(metric: str | None, vocab: Vocabulary) -> list[tuple[str, ...]]:
    """A margin moves with its numerator: MD&A explains "loss from operations" for an
    operating margin. The numerator's wordings, with income / earnings / loss / profit
    interchangeable (a year's figure can be either)."""
    formula = vocab.formula(metric or "")
    if not formula or "/" not in formula:
        return []
    numerator = next((m for m in vocab.inputs(metric or "") if m in formula.split("/")[0]), None)
    if numerator is None:
        return []
    phrases: list[tuple[str, ...]] = []
    for wording in vocab.metrics[numerator].wordings:
        for word in ("income", "earnings", "loss", "profit"):
            variant = re.sub(r"\b(?:income|earnings|loss|profit)\b", word, wording)
            phrases.append(tuple(tokenize(variant)))
    return list(dict.fromkeys(p for p in phrases if p))


def _change(decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
            services: MetricServices, years: list[int]) -> tuple[Value, Value] | None:
    """The asked metric in the year before and the asked year, when both can be computed."""
    if not decision.metric or len(understanding.companies) != 1 or not years:
        return None
    quarter = understanding.quarter
    span = [years[-1] - 1, years[-1]] if len(years) == 1 or quarter else [years[0], years[-1]]
    label = (services.vocabulary.label(decision.metric) or "").lower()
    # a quarter's change is the quarter against the same quarter a year before, never the years'
    got = [metric_value(label, y, hits, understanding, services, quarter=quarter) for y in span]
    if not all(isinstance(v, Value) for v in got):
        return None
    return got[0], got[1]  # type: ignore[return-value]
