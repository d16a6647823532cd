"""Write the answer from retrieved evidence: extractive offline, or an LLM when configured.

The one entry point strategies and the agent call. The question's answer kind is decided
once (answering.kinds.classify) and the offline answer is written in that shape by the
kind's extractive writer (answering.kinds); a metric question is computed exactly from
statement rows (answering.metric_answer, else answering.extractive_writer's figures).
A kind's writer that finds nothing it can stand behind refuses with the reason; it never
falls back to quoting passages that merely share words with the question. The offline
answer is the answer without an LLM, the fallback when the LLM fails, and what the LLM
writer (answering.llm_writer) is given. `WrittenAnswer` and `not_found`
(answering.written_answer) are re-exported as part of this surface.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from functools import partial
from typing import TYPE_CHECKING, NamedTuple, Protocol

from answering import checks
from answering.aspects import split_sentences
from answering.citations import cite, is_instruction, unique_citations
from answering.company_comparison import ComparisonServices, compare_companies
from answering.extractive_writer import write_offline
from answering.kinds import (
    acquisitions,
    asked_rows,
    auditor,
    board_members,
    choice,
    column_choice,
    counted_items,
    covering,
    current_report,
    dated_comparison,
    declared_dividend,
    defined_term,
    definition,
    described_name,
    drivers,
    event,
    guidance,
    headcount,
    headcount_comparison,
    headquarters,
    item_parts,
    launches,
    lead_figure,
    listed_amounts,
    listed_items,
    listing,
    named_items,
    named_paragraph,
    not_meaningful,
    note_tranches,
    officers_table,
    party_role,
    passage,
    people,
    registered_securities,
    role_changes,
    segment_metric,
    segments,
    stated_product,
    stated_rate,
    stated_share,
    stated_split,
    subject_name,
    yes_no,
)
from answering.kinds.ask_coverage import answered_in_every_ask
from answering.kinds.asked_shape import answered_in_the_asked_shape
from answering.kinds.classify import KindDecision, classify
from answering.kinds.event_coverage import answered_on_the_event, answered_with_agreed_deals
from answering.kinds.every_part import (
    answered_in_every_part,
    answered_over_the_asked_years,
    asked_parts,
)
from answering.kinds.guidance_ask import asks_guidance
from answering.kinds.named_filing import answered_from_the_named_filing
from answering.kinds.named_measures import judged_on_every_named_measure
from answering.kinds.named_part import named_part
from answering.kinds.named_topic import answered_naming_the_topic
from answering.kinds.part_completion import completed
from answering.kinds.part_questions import part_questions, quoted_answer_holds
from answering.kinds.quote_focus import FLAG as LOOK_ALIKE
from answering.kinds.quote_focus import answered_on_focus
from answering.kinds.sentences import past_forms, read_topic, sentences
from answering.kinds.statement_lines import outlined_line, zero_by_rule
from answering.kinds.tables import more_tables
from answering.llm_writer import write_llm
from answering.metric_answer import answer_metric
from answering.metric_target import read_target, unreadable_definition
from answering.shape_record import held_to_record
from answering.written_answer import NOT_FOUND, PARTIAL, QUESTION_DEFAULT, WrittenAnswer, not_found
from finrag.llm import LLMClient, LLMError, Usage
from finrag.models import AnswerKind, Question, SearchHit
from retrieval.event_ask import asks_an_event
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from answering.metric_target import MetricTarget
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

__all__ = ["WriterServices", "WrittenAnswer", "not_found", "write_answer"]

# One extractive writer per answer kind (metric has its own path below).
# choice explains its pick through drivers, and drivers hands "which segment drove it" to choice:
# each gets the other here, so neither module imports the other
_CHOICE = partial(choice.write, reader=drivers)
_WRITERS = {
    "yes_no": yes_no.write, "drivers": partial(drivers.write, pick=_CHOICE), "choice": _CHOICE,
    "list": listing.write, "definition": definition.write, "passage": passage.write,
}


class WriterServices(ComparisonServices, Protocol):
    """What writing needs of the open services (strategies.services.Services has it)."""

    @property
    def llm(self) -> LLMClient | None: ...

# "directly outlined in its income statements", "shown on the income statement": the statement's own lines
_ON_THE_STATEMENT = re.compile(r"\b(?:outlined|shown|presented|reported|stated)\s+(?:\w+\s+){0,2}(?:in|on)\s+(?:the\s+|its\s+|"
                               r"(?:[\w&.-]+\s+){0,3}?[\w&.-]+['’]s\s+)?(?:consolidated\s+)?income\s+statements?\b", re.I)


def write_answer(
    question: Question | str,
    hits: list[SearchHit],
    understanding: QueryUnderstanding,
    services: WriterServices,
    usage: Usage,
    offline_only: bool = False,
) -> WrittenAnswer:
    """Answer from these hits. `offline_only` forces the deterministic engine (e.g. after a timeout).

    When no sentence or table of the hits states what is asked, the asked company's filing is searched
    once more by the question's words alone (BM25): the fused ranking buries a page that names a rare term
    of the question ("Headcount decreased to 629 employees") under pages close to the question in meaning,
    and the answer read from that page passes the same gates."""
    written = _covered(_write_answer(question, hits, understanding, services, usage, offline_only), question, hits,
                       understanding, services)
    retriever = getattr(services, "retriever", None)
    # an answer the question's own rule for no mention gave ("If there is no mention, return False") rests on the
    # hits naming nothing: it is given only after the second look finds no mention either
    by_default = written.status == "answered" and QUESTION_DEFAULT in written.flags
    if (not by_default and (written.status != "not_found" or not (written.reason or "").startswith(_NOTHING_STATES))) \
            or retriever is None or len(understanding.companies) != 1:
        return written
    text = question.question if isinstance(question, Question) else question
    asked = understanding.search_text or text
    # then in the words a filing writes them in too: irregular past forms ("paid"), the topic's wordings ("acquire":
    # "acquisition", "acquired", "merger"); tried second, as a longer query dilutes a rare word of the question's own
    vocab = services.vocabulary
    said = " ".join(w for term in vocab.match_terms(text) for w in vocab.entries[term].wordings)
    for words in dict.fromkeys((asked, " ".join(filter(None, (asked, past_forms(text), said))))):
        more = more_tables(words, hits, list(understanding.companies), sorted(set(understanding.fiscal_years)),
                           retriever)
        if len(more) == len(hits):
            continue
        again = _covered(_write_answer(question, more, understanding, services, usage, offline_only), question, more,
                         understanding, services)
        if again.status == "answered" and QUESTION_DEFAULT not in again.flags:
            return again
    # (a mention the second look finds that decides nothing, a deal's terms or a restriction, leaves the rule's
    # answer standing: the rule is the question's own, for a deed no sentence says was done)
    return written


_NOTHING_STATES = "no sentence or table in the retrieved pages states"
_SEVERAL_PARTS = "the question has several parts and nothing found states"
_PART_UNCOVERED = "and nothing in the answer covers it"


def _covered(written: WrittenAnswer, question: Question | str, hits: list[SearchHit],
             understanding: QueryUnderstanding, services: WriterServices) -> WrittenAnswer:
    """A refusal for want of a sentence naming the topic in the readers' words, or stating every part, answered by the
    sentences that cover each part by the question's own rarest words (answering.kinds.covering), offline only: the
    LLM reads the same hits itself."""
    reason = written.reason or ""
    if written.status == "answered" or not (reason.startswith((_NOTHING_STATES, _SEVERAL_PARTS))
                                            or reason.endswith(_PART_UNCOVERED)) \
            or (services.llm is not None and written.engine != "offline") or written.kind == "metric":
        return written  # (a metric is computed from statement rows or not given: a sentence near it is no value)
    text = question.question if isinstance(question, Question) else question
    covered = covering.write(text, hits, list(understanding.companies), sorted(set(understanding.fiscal_years)))
    if covered is None:
        return written
    return held_to_record(covered, "passage", _shape_floor(services), question=text)


def _write_answer(
    question: Question | str,
    hits: list[SearchHit],
    understanding: QueryUnderstanding,
    services: WriterServices,
    usage: Usage,
    offline_only: bool = False,
) -> WrittenAnswer:
    text = question.question if isinstance(question, Question) else question
    offline_engine = services.llm is None or offline_only or not hits
    decision = classify(text, services.vocabulary, companies=understanding.companies)
    offline = _write_kind(decision, text, hits, understanding, services, offline_engine, not offline_only)
    offline = offline.model_copy(update={"kind": offline.kind or decision.kind, "kind_reason": decision.describe()})
    retriever = getattr(services, "retriever", None)
    if offline.kind == "yes_no":
        # "..., and how significant was it?"
        offline = passage.completed(offline, text, hits, understanding, retriever)
    first = offline
    offline = _gated(offline, text, hits, understanding, services)
    offline = _read_in_turn(offline, decision, text, hits, understanding, services)
    if offline.status != "answered" and first.status == "answered" and first.kind not in ("yes_no", "metric",
                                                                                          "not_meaningful"):
        # "..., and when is it expected to be fully implemented?": an answer refused (and read by no other reader)
        # for a follow-on part it leaves out, with the sentence that states that part in the words such a part is
        # answered in (a date, an effect in amounts: answering.kinds.other_words); a figure answers its own
        # formula only; kept only when the fuller answer passes every gate
        fuller = passage.completed(first, text, hits, understanding, retriever, in_other_words_only=True)
        # (an amount part that no sentence states: the one table row naming it, in the asked year's column)
        fuller = asked_rows.completed(fuller, text, hits, list(understanding.companies))
        if fuller.text != first.text and (regated := _gated(fuller, text, hits, understanding, services)).status == "answered":
            offline = regated
    offline = _with_lead_name(offline, text, hits, understanding)
    offline = _with_lead_figure(offline, text)
    offline = _with_counted_items(offline, text)
    if offline.status != "answered" and (asks := part_questions(asked_parts(text))) is not None:
        # "Why did it record an acquisition termination cost, and how large was it?": each ask answered as a
        # question of its own (what the second refers to written in), every one answered or the question refused
        offline = _by_parts(offline, asks, hits, understanding, services, offline_engine, not offline_only)
    # An unverified figure (answering.checks) stays refused with an LLM too: the evidence it
    # would rest on failed a check, and the LLM reads the same evidence. A figure held back only
    # because the question asks more than it (every_part), or quotes that miss the question's focus
    # (quote_focus), are the LLM's to complete or answer afresh from the evidence.
    if offline_engine:
        return held_to_record(offline, decision.kind, _shape_floor(services), question=text)
    if offline.status == "unverified" and PARTIAL not in offline.flags and LOOK_ALIKE not in offline.flags:
        return offline
    try:
        written = write_llm(text, hits, offline, services.llm, usage)
    except LLMError as exc:
        return offline.model_copy(update={
            "flags": [*offline.flags, "llm_failed"], "reason": offline.reason or exc.reason, "fallback": exc.kind,
        })
    return written.model_copy(update={"kind": written.kind or offline.kind, "kind_reason": offline.kind_reason})


_QUOTED = re.compile(r'"([^"]{12,})"')


def _quotes(offline: WrittenAnswer) -> list[str]:
    """What an answer quotes: its citations' quotes, else the quoted sentences of its text."""
    return [c.quote for c in offline.citations if c.quote] or _QUOTED.findall(offline.text)


def _with_lead_name(offline: WrittenAnswer, text: str, hits: list[SearchHit],
                    understanding: QueryUnderstanding) -> WrittenAnswer:
    """A quoted answer to "which company completed ...", "who resigned ...", "what was its former name" led by
    the one name its quotes state for it (answering.kinds.subject_name); asked the deed's other party ("To which
    company did it complete the sale of StubHub?") and quoting none, by the one party the hits' sentences on that
    deed name, quoted first."""
    if offline.status != "answered" or offline.kind not in ("choice", "passage") or not subject_name.asked(text):
        return offline
    companies = list(understanding.companies)
    name = subject_name.lead_name(text, _quotes(offline), companies)
    if name is None and subject_name.asks_party(text) and offline.text.lstrip().startswith('"'):
        # (an answer already led by a name, the choice writer's, keeps it; a sentence on another deal of the same kind,
        # "the sale of our Classifieds business to Adevinta", is not read for "the sale of its StubHub business")
        stated = [(n, s) for s in sentences(hits, companies) if subject_name.names_the_asked_deal(text, s.text)
                  and (n := subject_name.lead_name(text, [s.text], companies))]
        if len({n for n, _ in stated}) == 1:
            name, said = stated[0]
            return offline.model_copy(update={"text": f"{name}\n\n{said.shown()} {offline.text}",
                                              "citations": unique_citations([cite(said.chunk, said.text),
                                                                             *offline.citations])})
    if name is None or offline.text.startswith(name):
        return offline
    return offline.model_copy(update={"text": f"{name}\n\n{offline.text}"})


def _with_lead_figure(offline: WrittenAnswer, text: str) -> WrittenAnswer:
    """A quoted answer to "what was the <measure> ..." led by the one amount its quotes state for that measure
    (answering.kinds.lead_figure), given as the answer's value."""
    if offline.status != "answered" or offline.kind not in ("passage", "choice") or offline.value is not None:
        return offline
    found = lead_figure.lead(text, _quotes(offline))
    if found is None:
        return offline
    value, unit, shown = found
    return offline.model_copy(update={"text": f"{shown}\n\n{offline.text}", "value": value, "unit": unit})


def _with_counted_items(offline: WrittenAnswer, text: str) -> WrittenAnswer:
    """A quoted list answer led by the names its sentence counts ("three labor unions: A; B; and C"), or, asked
    what was acquired, by the businesses its one sentence says were ("acquired ... the assets of A, B, and C"),
    or its quotes say were, one deal each."""
    if offline.status != "answered" or offline.kind != "list" or not offline.text.lstrip().startswith(('"', "“")):
        return offline
    quotes = _quotes(offline)
    items = counted_items.lead(quotes, text)
    years = [int(y) for y in re.findall(r"(?<!\d)(?:19|20)\d\d(?!\d)", text)]
    if items is None and len(quotes) == 1 and acquisitions.ASKS_ACQUISITIONS.search(text):
        items = acquisitions.listed_names(quotes[0], years)
    if items is None and len(quotes) >= 2 and acquisitions.ASKS_ACQUISITIONS.search(text):
        items = acquisitions.deal_names(quotes, years)  # one deal a quote: "we acquired Rockstar", "... of Be & Cheery"
    if items is None:
        return offline
    return offline.model_copy(update={"text": f"{'; '.join(items)}\n\n{offline.text}"})


def _by_parts(offline: WrittenAnswer, asks: list[str], hits: list[SearchHit], understanding: QueryUnderstanding,
              services: WriterServices, offline_engine: bool, may_search: bool) -> WrittenAnswer:
    """Each ask's own answer, through the same writers and gates as a question; `offline` (the whole
    question's refusal) unless every one is answered and clears its shape's record."""
    answers = []
    for ask in asks:
        decision = classify(ask, services.vocabulary, companies=understanding.companies)
        written = _write_kind(decision, ask, hits, understanding, services, offline_engine, may_search)
        written = written.model_copy(update={"kind": written.kind or decision.kind})
        written = _read_in_turn(_gated(written, ask, hits, understanding, services), decision, ask, hits,
                                understanding, services)
        written = held_to_record(written, decision.kind, _shape_floor(services), question=ask)
        if written.status != "answered" or not quoted_answer_holds(ask, written.text):
            return offline
        if any(written.text == other.text for _, other in answers):
            # "What was its cash position, and how long did it expect its cash to fund the business?": one figure
            # given for two different asks answers at most one of them, and which one is not known
            return offline
        answers.append((ask, written))
    text = "\n\n".join(f"{ask} {written.text}" for ask, written in answers)
    return WrittenAnswer(status="answered", kind=offline.kind, text=text, flags=["by_parts"],
                         citations=unique_citations([c for _, w in answers for c in w.citations]),
                         kind_reason=offline.kind_reason)


def _shape_floor(services: WriterServices) -> float:
    """FINRAG_MIN_SHAPE_PRECISION of the open services; 0 (no floor) for services built without
    settings (a comparison's or a test's own)."""
    settings = getattr(services, "settings", None)
    return settings.min_shape_precision if settings is not None else 0.0


# "how did it ...", "how will it ...": a manner or means asked, not an amount ("how much", "how many", "how large")
_ASKS_MANNER = re.compile(r"^\W*(?:and\s+)?how\s+(?!much\b|many\b|large\b|big\b|fast\b|long\b|high\b|low\b)"
                          r"(?:did|does|do|has|have|had|will|would|was|were|is|are)\b", re.I)


# a deal a question names: "its acquisition of Fotolia", "gains on sales of businesses", "the Heinz India transaction"
_OF_A_DEAL = re.compile(r"\b(?:acquisitions?|acquired?|mergers?|divestitures?|disposals?|spin-?offs?|transactions?|"
                        r"sales?\s+of\s+(?:the\s+|its\s+|their\s+)?(?:businesses|business|subsidiar\w+|stakes?|shares))\b", re.I)


class _Reader(NamedTuple):
    """A reader of what a filing's prose states, tried when the kind's own reader gave no answer."""

    when: Callable[[WrittenAnswer], bool]  # whether to try it, given the answer so far
    read: Callable[[], WrittenAnswer | None]
    kind: AnswerKind | None = None  # the kind its answer is given as, when not the asked one


def _unanswered(written: WrittenAnswer) -> bool:
    return written.status != "answered"


def _read_in_turn(offline: WrittenAnswer, decision: KindDecision, text: str, hits: list[SearchHit],
                  understanding: QueryUnderstanding, services: WriterServices) -> WrittenAnswer:
    """The kind's refused answer read again by each prose reader in turn, until one gives an answer
    that passes the same gates as every other (`_gated`). Each states, in the filing's own words,
    what the kind's reader looks for elsewhere (a statement row, a table, a question's wording)."""
    retriever = getattr(services, "retriever", None)
    readers = (
        # "what share of the total commitment goes to X", "the weighted average coupon of the notes
        # issued": amounts a deal's prose states, no statement row (a look-alike quote refused by
        # quote_focus is no reading either: the prose may still state it)
        # (and "the total principal amount of the notes issued", which quotes of the tranches state only in parts)
        _Reader(lambda w: w.status == "not_found" or LOOK_ALIKE in w.flags
                or (note_tranches.asks_total_principal(text) and w.value is None),
                lambda: _stated_in_prose(text, hits, understanding, retriever)),
        # "what percentage of its total net sales did the F-35 program generate": a named part's share the text
        # states; no statement line names the part
        _Reader(lambda w: _unanswered(w) and decision.kind == "metric",
                lambda: passage.named_share(decision, text, hits, understanding, services), kind="passage"),
        # "which director nominee received the most votes against": the row a table of named columns ranks first
        _Reader(lambda w: _unanswered(w) and column_choice.ASKS.search(text) is not None,
                lambda: column_choice.write(text, hits, understanding, retriever), kind="choice"),
        # "what dividend per share did the board declare on April 5, 2023": the declaring sentence's rate, never
        # the statements' dividends paid (a total)
        # (a passage quoting the declaring sentence is read again, for the rate as a figure)
        _Reader(lambda w: (_unanswered(w) or (w.kind == "passage" and w.value is None))
                and declared_dividend.ASKS.search(text) is not None,
                lambda: declared_dividend.write(text, hits, list(understanding.companies))),
        # "which bank acts as administrative agent under its credit agreement": the party an agreement names
        # "Citibank, N.A., as administrative agent" (over any other reading: a quote on the agreement that names no
        # party in the role answers nothing of who acts in it)
        _Reader(lambda w: party_role.asks(text) and not party_role.names_the_role(text, w.text),
                lambda: party_role.write(text, hits, list(understanding.companies), retriever), kind="passage"),
        # "what were the new program size, repurchase authorization and quarterly dividend, and how
        # much did it spend on buybacks": each listed amount from the sentence that states it
        _Reader(_unanswered, lambda: listed_amounts.write(text, hits, understanding, services.vocabulary, retriever)),
        # "what does its Form 8-K announce": the events its Items report on the cover's event date
        _Reader(lambda w: current_report.ASKS_ANNOUNCED.search(text) is not None,
                lambda: current_report.write(text, hits, list(understanding.companies), retriever), kind="passage"),
        # "what was its total backlog, and how much of it was contractual": each amount asked, from the
        # table row that names it (a table states it where no sentence does)
        # (not a metric question: its statement rows are read, and checked, by the metric path)
        _Reader(lambda w: w.status == "not_found" and decision.kind != "metric",
                lambda: asked_rows.write(text, hits, list(understanding.companies)), kind="passage"),
        # "what special items affected its 2022 results, and their amounts": the filing's own
        # enumeration, every item with its amount
        _Reader(_unanswered, lambda: listed_items.write(text, hits, understanding, retriever)),
        # "what was the number of employees": the company's own count of its people ("we employed
        # approximately 13,300 people"), never a part's ("6,600 of our employees were located in the U.S.")
        # (an answer of quotes that state no count is none either: "the number of employees" shares words
        # with certifications and signatures)
        # (and quotes that state the count among others, "approximately 138,000 full-time employees, including
        # approximately 39,000 in sales": the count is the company's own sentence's, given as its value)
        _Reader(lambda w: _unanswered(w) or (headcount.asks_the_whole_count(text) and w.value is None),
                lambda: headcount.write(text, hits, understanding, services)),
        # "which of the companies had the lowest number of employees: A, B, C": each one's own count, every one read
        _Reader(_unanswered, lambda: headcount_comparison.write(text, hits, understanding, services)),
        # "what was its headcount at April 30, 2023, and how did it compare with January 31, 2023": the
        # row of a table headed by both dates that names the measure, both figures and the change
        _Reader(_unanswered, lambda: dated_comparison.write(text, hits, list(understanding.companies)),
                kind="passage"),
        # "which provider of AI-based marketplace compliance solutions did it acquire": the name the filing
        # describes so ("3PM Shield, a provider of AI-based marketplace compliance solutions")
        _Reader(lambda w: decision.kind in ("choice", "passage") and described_name.asked(text) is not None,
                lambda: described_name.write(text, hits, list(understanding.companies))),
        # "in which states did it operate terminals": the names its sentence gives after the deed
        _Reader(lambda w: decision.kind in ("list", "choice", "passage") and named_items.asked(text),
                lambda: named_items.write(text, hits, list(understanding.companies)), kind="list"),
        # "which of its segments was unprofitable": the segment table's rows by the sign of their operating result
        # (over a choice's list of the segments: the sign decides which)
        _Reader(lambda w: segment_metric.asks_by_sign(text),
                lambda: segment_metric.by_sign(text, hits, list(understanding.companies), services.vocabulary, retriever)),
        # "is its Reality Labs segment profitable": the sign of the segment's operating income in its segment table
        # (over quotes read as a Yes or No: the segment table's sign decides)
        _Reader(lambda w: decision.kind == "yes_no" and segment_metric.asks_profitable(text),
                lambda: segment_metric.write(text, hits, list(understanding.companies), services.vocabulary, retriever)),
        # "who was its General Counsel": the one row of the officers' table that holds the title
        _Reader(lambda w: (officers_table.ASKS_ROLE.search(text) or officers_table.HELD_TITLE.search(text)) is not None,
                lambda: officers_table.role_holder(text, hits, understanding, services)),
        # "who served as Interim Chief Executive Officer from January 14, 2019 to May 1, 2019": the officer under
        # whose row of the officers' table that earlier position is printed (over quotes naming any officer)
        _Reader(lambda w: officers_table.ASKS_SERVED.search(text) is not None,
                lambda: officers_table.former_holder(text, hits, understanding, services)),
        # "to whom will the new Chief Transformation Officer report": the name after "will report to" in the sentences
        # from the one naming the title
        _Reader(lambda w: officers_table.ASKS_REPORTS_TO.search(text) is not None,
                lambda: officers_table.reports_to(text, hits, understanding, services)),
        # "who signed the Form 8-K on behalf of the registrant": the signature under the report's signing clause
        _Reader(lambda w: officers_table.ASKS_SIGNER.search(text) is not None,
                lambda: officers_table.signer(text, hits, understanding, services)),
        # "who was the chairman of the Audit Committee": the row of the body's members holding the seat
        _Reader(lambda w: officers_table.ASKS_SEAT.search(text) is not None,
                lambda: officers_table.seat_holder(text, hits, understanding, services)),
        # "where is it headquartered": the cover's address of principal executive offices, over any
        # sentence that names the headquarters (one that says where they are agrees with it)
        _Reader(lambda w: headquarters.ASKS_HEADQUARTERS.search(text) is not None,
                lambda: headquarters.write(text, hits, understanding, services)),
        # "who is the auditor": the one firm that signs the auditor's report and consent, or that Item 14 names
        _Reader(lambda w: auditor.ASKS_AUDITOR.search(text) is not None,
                lambda: auditor.write(text, hits, understanding, services)),
        # "on which stock exchanges were its shares listed": the exchanges the filing says its securities
        # are listed on ("listed on the Tel-Aviv Stock Exchange"), with its cover table's, over quotes that name them
        _Reader(lambda w: w.kind != "list" and registered_securities.asks_exchanges(text),
                lambda: registered_securities.stated_listings(text, hits, list(understanding.companies), retriever)),
        # "the names of the reportable segments": the sentence that counts them names as many
        _Reader(lambda w: segments.ASKS_SEGMENTS.search(text) is not None,
                lambda: segments.write(text, hits, understanding, services)),
        # "the names of the members of the board": the directors who signed the report
        _Reader(lambda w: board_members.ASKS_BOARD.search(text) is not None,
                lambda: board_members.write(text, hits, understanding, services)),
        # "what one-time charge did it record, and how was it split": the amount's sentence and the
        # sentences after it whose amounts add up to it
        _Reader(_unanswered, lambda: stated_split.write(text, hits, understanding, retriever)),
        # "which buildings make up the 'Arizona Fab' in the agreement": a quoted term, by the filing's own definition
        _Reader(lambda w: _unanswered(w) and decision.kind in ("passage", "list", "definition"),
                lambda: defined_term.write(text, hits, understanding, retriever), kind="passage"),
        # (over a list answered with quotes naming the group: its members, when its definition lists them)
        _Reader(lambda w: not _unanswered(w) and decision.kind == "list" and bool(defined_term.quoted_terms(text)),
                lambda: defined_term.members_answer(text, hits, understanding, retriever), kind="passage"),
        # a deal stated in the filing's words, not the question's: read again for its verb and the
        # names the question gives it
        _Reader(lambda w: _unanswered(w) and decision.kind == "passage" and asks_an_event(decision.ask or text),
                lambda: event.write(decision, text, hits, understanding, services)),
        # "which leadership positions changed", "the names of the new products launched": the titles a
        # named person took or left, the products the company launched, in the report's period as its
        # sentences state them, before the people writer's sentences (these questions want the names)
        _Reader(lambda w: _unanswered(w) and decision.kind in ("passage", "list", "choice"),
                lambda: role_changes.write(decision, text, hits, understanding, services)
                or launches.write(decision, text, hits, understanding, services)),
        # an appointment or a workforce action, stated with a person's name and role or a count of jobs
        # cut, in words the question does not use
        _Reader(lambda w: _unanswered(w) and decision.kind in ("passage", "list", "metric"),
                lambda: people.write(decision, text, hits, understanding, services), kind="passage"),
        # "What was the total purchase price of its acquisition of Fotolia, and how much of it was allocated to
        # goodwill?": a question of several parts read as a statement metric by one of them (the goodwill line, the
        # whole company's) and refused for the others is read as the passage that states every part
        # (only of a deal, whose figures its note states in sentences, never a statement's lines: "What were its total
        # revenues, and how fast did they grow?" is the lines' to answer, and a sentence naming revenue near another
        # figure is no answer; and facts and amounts asked, not a manner: "How did it shore up its liquidity, and what
        # was its cash?" asks what it did)
        _Reader(lambda w: _unanswered(w) and decision.kind == "metric" and len(parts := asked_parts(text)) > 1
                and _OF_A_DEAL.search(text) is not None and not any(_ASKS_MANNER.match(p) for p in parts),
                lambda: passage.write(decision, text, hits, understanding, services), kind="passage"),
    )
    for reader in readers:
        if not reader.when(offline) or (stated := reader.read()) is None:
            continue
        update = {"kind_reason": offline.kind_reason, **({"kind": reader.kind} if reader.kind else {})}
        stated = _gated(stated.model_copy(update=update), text, hits, understanding, services)
        offline = stated if stated.status == "answered" else offline
    return offline


def _stated_in_prose(text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                     retriever: Retriever | None) -> WrittenAnswer | None:
    """A figure computed from amounts a filing states in sentences, each reader asked in turn."""
    company = understanding.companies[0] if len(understanding.companies) == 1 else None
    for reader in (stated_share.write, note_tranches.write):
        if (written := reader(text, hits, company)) is not None:
            return written
    return stated_product.write(text, hits, company, retriever)


def _gated(offline: WrittenAnswer, text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
           services: WriterServices) -> WrittenAnswer:
    """The writer's gates, in order: an answer that fails one is refused saying why. Refused, the answer is
    tried once more with the amounts it leaves out quoted first from sentences of the pages read ("what did it
    pay, and how much goodwill did the deal create": the payment's sentence, the goodwill's), so that no gate
    before the completion refuses for a part the pages answer."""
    gated = _gates(offline, text, hits, understanding, services)
    if gated.status == "answered" or offline.status != "answered":
        return gated
    fuller = completed(offline, text, hits, list(understanding.companies), services.vocabulary, counts=False)
    if fuller.text == offline.text:
        return gated
    again = _gates(fuller, text, hits, understanding, services)
    return again if again.status == "answered" else gated


def _gates(offline: WrittenAnswer, text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
           services: WriterServices) -> WrittenAnswer:
    # a question of several parts answered in one of them is refused, never given as the answer
    offline = answered_in_every_part(offline, text, list(understanding.companies))
    offline = answered_over_the_asked_years(offline, text)
    # quotes that share words with the question but do not state what its focus asks (a company's
    # name, a date, a ratio), or state nothing (headings, consents), are no answer
    offline = answered_on_focus(offline, text, list(understanding.companies))
    # a yes or no about a thing the question names by name is decided by a quote naming it
    offline = answered_naming_the_topic(offline, text, list(understanding.companies), hits)
    offline = answered_with_agreed_deals(offline, text)
    offline = answered_from_the_named_filing(offline, understanding, hits)
    offline = answered_in_the_asked_shape(offline, text)
    # a yes/no judged over figures shows each measure the question names ("support your answer with capex")
    offline = judged_on_every_named_measure(offline, text, services.vocabulary)
    # last: every ask the question's grammar makes (an amount, a cause, a name, the thing a figure
    # was asked of) is covered by the answer, or the answer is refused naming the ask it leaves out
    # (an amount the answer leaves out, which a sentence of the pages read states, is quoted first)
    offline = completed(offline, text, hits, list(understanding.companies), services.vocabulary)
    offline = answered_in_every_ask(offline, text, list(understanding.companies), services.vocabulary)
    # "who was its President Director": quotes that name no person hold no answer, whatever words they share
    offline = officers_table.answered_with_a_person(offline, text, list(understanding.companies))
    # a deal's sentences are alike: the close date, the reason, the price per share each asked of an
    # event are given by a sentence that states that, not by one that names the deal
    return answered_on_the_event(offline, text, list(understanding.companies))


def _write_kind(decision: KindDecision, text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                services: WriterServices, offline_engine: bool, may_search: bool = True) -> WrittenAnswer:
    """The offline answer in the decided kind, or a refusal that says what was missing.
    `may_search`: a statement page may still be searched for (not after the question's deadline)."""
    if asks_guidance(decision.ask or text):
        # guidance is a forward-looking figure: the period's actual rows would be another quantity
        return guidance.write(decision, text, hits, understanding, services)
    if decision.unless_not_meaningful and (explained := not_meaningful.write(decision, text, hits, understanding,
                                                                             services)):
        return explained
    if decision.kind in ("drivers", "choice", "list") and (parts := item_parts.read_parts(decision.ask)) is not None \
            and (decision.kind != "list" or not parts.drivers) \
            and (composed := item_parts.write(parts, decision, text, hits, understanding, services,
                                              _WRITERS["drivers"])) is not None:
        # "What drove the increase, and which product lines declined?": the causes, then each item
        # part from the table of the asked kind of items; else the kind's own writer (and its refusal)
        return composed
    outlined = None
    if decision.kind == "metric" and decision.default_value == 0 and decision.metric and _ON_THE_STATEMENT.search(text) \
            and len(understanding.companies) == 1:
        # "the quantity of restructuring costs directly outlined in its income statements": the statement's
        # own line, when it prints one; never a note's figure beside it
        outlined = outlined_line(decision.metric, understanding.companies[0], hits, understanding, services)
    if outlined is not None:
        written: WrittenAnswer | None = outlined
    elif decision.kind == "metric":
        written = _metric(text, hits, understanding, services, offline_engine, may_search)
    else:
        written = _WRITERS[decision.kind](decision, text, hits, understanding, services)
    if written is None and decision.kind == "passage":
        # no sentence shares enough of the question's words: the paragraph naming what it names (the gates
        # after refuse it when it leaves a part out)
        written = named_paragraph.write(decision, text, hits, understanding, services)
    if decision.quantities and (written is None or written.status != "answered") and (
            each := _each_quantity(decision.quantities, text, hits, understanding, services, may_search)) is not None:
        # the sentences found state none of the measures asked side by side: each computed
        written = each
    again = decision.kind == "metric" and _ASKED_AGAIN.search(text) is not None
    if decision.kind == "metric" and (written is None or written.status != "answered" or again) and (
            periods := _each_period(decision, text, hits, understanding, services, may_search)) is not None:
        # "its current ratio at July 1, 2023, and how did it compare with September 24, 2022": each period's value
        written = periods
    elif again and written is not None and written.status == "answered":
        # "..., and what was it in fiscal 2021?" answered for one year: half of what is asked
        reason = "the question asks the measure again for another year, and it could not be read for each year asked"
        written = WrittenAnswer(status="not_found", kind="metric", reason=reason,
                                text=f"{NOT_FOUND.capitalize()}: {reason}; found: {written.text}")
    if written is not None and written.status == "not_found" and decision.default_value == 0 and decision.metric \
            and len(understanding.companies) == 1:
        zero = zero_by_rule(decision.metric, understanding.companies[0], hits, understanding, services)
        written = zero or written
    if written is not None and decision.unless_not_meaningful and checks.FAILED_FLAG + checks.MEANINGFUL_BASE in written.flags:
        # the question asked to be told when its metric does not apply: that is the answer
        why = (written.reason or "").removeprefix(f"{checks.MEANINGFUL_BASE}: ")
        return written.model_copy(update={"status": "answered", "kind": "not_meaningful", "value": None,
                                          "text": why[0].upper() + why[1:] + "."})
    if written is not None and decision.unless_not_meaningful and len(understanding.companies) == 1 \
            and (sliver := not_meaningful.over_a_sliver(written, text, understanding.companies[0],
                                                        services.vocabulary)) is not None:
        # "return on equity ..., if not meaningful, say so": 3,085% on a shareholders' equity shrunk by buybacks
        return sliver
    if (written is None or written.status == "not_found") and decision.metric:
        # a metric whose inputs this business does not have is explained, not refused
        explained = not_meaningful.write(decision, text, hits, understanding, services)
        if explained is not None:
            return explained
    if (written is None or written.status == "not_found") and not decision.metric \
            and (unpaid := not_meaningful.unpaid_dividend(text, hits, understanding, services)) is not None:
        # "by how much did it raise its dividend per share" of a company that paid none: the premise, not a refusal
        return unpaid
    written = written if written is not None else _refusal(decision, hits, understanding, services, text)
    if any(is_instruction(s) for h in hits for s in split_sentences(h.chunk.text)):
        # text addressed to an AI was read and left out (answering.citations)
        written = written.model_copy(update={"flags": [*written.flags, "ignored_instruction_in_evidence"]})
    return written


def _metric(text: str, hits: list[SearchHit], understanding: QueryUnderstanding, services: WriterServices,
            offline_engine: bool, may_search: bool = True) -> WrittenAnswer:
    # A metric question is computed exactly from statement rows (answering.metric_answer): its
    # answer is the offline answer, and the checked figure the LLM writer is given. Offline,
    # an input it could not find is named rather than another quantity answered.
    compared = compare_companies(text, hits, understanding, services, may_search)
    if compared is not None:  # "which company had a higher X: A or B": X read per company, one currency
        return compared
    metric = answer_metric(text, hits, understanding, services, may_search)
    if (metric is None or metric.status in ("not_found", "unverified")) and (segment := segment_metric.write(
            text, hits, list(understanding.companies), services.vocabulary, getattr(services, "retriever", None))):
        # "the Delivery segment's revenue growth", "the Converse brand's revenues": the consolidated lines are the
        # company's (refused, or withheld), its segment table prints the part's
        return segment
    if (metric is None or metric.status == "not_found") and (target := read_target(
            text, services.vocabulary, list(understanding.companies))) is not None and (stated := stated_rate.write(
            text, target.metric, hits, list(understanding.companies), services.vocabulary)) is not None:
        # "the GAAP effective tax rate for the second quarter": a release states the rate, not its inputs
        return stated
    if metric is not None and (metric.status in ("answered", "unverified") or offline_engine):
        return metric.model_copy(update={"kind": "metric"})
    if (unread := unreadable_definition(text, services.vocabulary)) is not None:
        # the question defines its own formula: the vocabulary's formula would be another quantity
        reason = f"the question defines its measure as “{unread}”, with a term the reports' vocabulary does not read"
        return WrittenAnswer(status="not_found", kind="metric", reason=reason,
                             text=f"{NOT_FOUND.capitalize()}: {reason}; no other formula is used.")
    if (beyond := _beyond_the_yearly_reading(text, hits, understanding)) is not None:
        return WrittenAnswer(status="not_found", kind="metric", reason=beyond,
                             text=f"{NOT_FOUND.capitalize()}: {beyond}.")
    return write_offline(text, hits, understanding, services.vocabulary).model_copy(update={"kind": "metric"})


def _each_quantity(metrics: list[str], text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                   services: WriterServices, may_search: bool) -> WrittenAnswer | None:
    """ "What were its inventory turnover and days inventory outstanding for fiscal 2019?": each
    measure computed exactly, as if asked alone for the question's period, all of them or None."""
    years = sorted(set(understanding.fiscal_years))
    if len(understanding.companies) != 1 or len(years) != 1 or _beyond_the_yearly_reading(text, hits, understanding):
        return None
    company, vocab = understanding.companies[0], services.vocabulary
    written = [answer_metric(f"What was {company}'s {vocab.label(m) or m} in fiscal {years[0]}?", hits, understanding,
                             services, may_search) for m in metrics]
    if not all(w is not None and w.status == "answered" for w in written):
        return None
    answered = [w for w in written if w is not None]
    return WrittenAnswer(status="answered", kind="metric", text=" ".join(w.text for w in answered),
                         citations=[c for w in answered for c in w.citations],
                         flags=list(dict.fromkeys(f for w in answered for f in w.flags)))


# the question sets one period beside another: "how did it compare with", "versus", "from ... to"
_COMPARES_PERIODS = re.compile(r"\bcompared?\b|\bcomparison\b|\bversus\b|\bvs\.?\s|\bagainst\b|\bfrom\b.{3,60}\bto\b"
                               r"|\bchanged?\b|\bbetween\b", re.I)
_YEAR_ENDED = re.compile(r"\b(?:fiscal\s+)?years?\s+ended\b", re.I)
# "..., and what was it in fiscal 2021?": the same measure asked again of another year
# ("..., and in fiscal 2021?")
_ASKED_AGAIN = re.compile(r"\b(?:what\s+(?:was|were)\s+(?:it|they|that)|,?\s+and)\s+(?:in|for)\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?"
                          r"\d{4}\b(?=\s*(?:\([^)]*\)\s*)?\?)", re.I)
# an average, a growth or a compound rate across the periods is one figure of its own, not each period's value
_OTHER_AGGREGATE = re.compile(r"\baverage\b|\bmean\b|\bcagr\b|\bcompound|\bpercent(?:age)?\b[^?]{0,40}\b(?:chang|increas|"
                              r"decreas|declin|gr[eo]w|ris|fell|drop)\w*|\bgrowth\b|\bgr[eo]w\b|\bby\s+what\s+(?:percent|%)"
                              r"|\bin\s+percent|\bwhat\s+percent", re.I)
_ASKS_CHANGE = re.compile(r"\bchange[sd]?\b|\bby\s+how\s+much\b|\bincrease[sd]?\b|\bdecrease[sd]?\b|\bdifference\b", re.I)


def _each_period(decision: KindDecision, text: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                 services: WriterServices, may_search: bool) -> WrittenAnswer | None:
    """ "What was its current ratio as of July 1, 2023, and how did it compare with September 24, 2022?": the
    measure read exactly for each period the question sets side by side, as if each were asked alone (with the
    question's own definition), then the change between them; all of them or None. Balances are asked by the
    days the question names; other measures by its fiscal years, when it names no quarter."""
    if decision.metric is None or len(understanding.companies) != 1 \
            or not (_COMPARES_PERIODS.search(text) or _ASKED_AGAIN.search(text)) \
            or _OTHER_AGGREGATE.search(text):
        return None
    vocab = services.vocabulary
    if (whole := read_target(text, vocab, understanding.companies)) is not None and whole.unresolved:
        return None  # the question's own measure cannot be computed: asked period by period, it would be another
    company, label = understanding.companies[0], vocab.label(decision.metric) or decision.metric.replace("_", " ")
    balance = all(vocab.statement_of(m) == "balance_sheet" for m in vocab.inputs(decision.metric) or [decision.metric])
    if balance and len(set(understanding.dates)) >= 2:
        # (latest first, whatever order the question names them in: the change runs from the earlier to the later)
        asked = [f"as of {date.fromisoformat(d):%B} {date.fromisoformat(d).day}, {d[:4]}"
                 for d in sorted(set(understanding.dates), reverse=True)]
    elif len(set(understanding.fiscal_years)) >= 2 and not understanding.periods \
            and (not understanding.dates or _YEAR_ENDED.search(text)):
        # (a day written as a fiscal year's end, "(year ended May 31, 2022)", names the year, no balance date)
        asked = [f"in fiscal {y}" for y in sorted(set(understanding.fiscal_years), reverse=True)]
    else:
        return None
    # the question's own definition, after its asking sentence ("Calculate as total current assets divided by ...");
    # a company's "Inc." ends no sentence, so only the question mark closes the ask
    definition = text.split("?", 1)[1].strip() if "?" in text else ""
    subs = [f"What was {company}'s {label} {when}? {definition}".strip() for when in asked]
    if (again := _ASKED_AGAIN.search(text)) is not None and len(asked) == 2 and asked[0].startswith("in fiscal"):
        subs = _asked_again_each_year(text, again, definition, asked)
        if subs is None:
            return None
    if not all(_asks_only(read_target(sub, vocab, understanding.companies), when) for sub, when in zip(subs, asked,
                                                                                                       strict=True)):
        return None  # a sub-question read as another period than its own would give one period's value twice
    written = [answer_metric(sub, hits, understanding, services, may_search) for sub in subs]
    if not all(w is not None and w.status == "answered" and w.value is not None for w in written):
        return None
    answered = [w for w in written if w is not None]
    first, second = answered[0], answered[1]
    if first.citations and {c.quote for c in first.citations} == {c.quote for c in second.citations} \
            and first.value == second.value:
        return None  # both periods read from the same figures: one period given twice
    delta = first.value - second.value
    percent = re.search(r":\s*-?[\d,.]+%", first.text) is not None  # a rate's change is in percentage points
    change = f"{delta:+,.2f}" + (" percentage points" if percent else "")
    # the figure given is the change when the question asks it, else the later period's level
    value = round(delta, 4) if _ASKS_CHANGE.search(text) else first.value
    return WrittenAnswer(status="answered", kind="metric", unit=first.unit, value=value,
                         text=" ".join(w.text for w in answered) + f" Change: {change} from {_bare(asked[1])} to {_bare(asked[0])}.",
                         citations=unique_citations([c for w in answered for c in w.citations]),
                         flags=list(dict.fromkeys(["each_period", *(f for w in answered for f in w.flags)])))


def _asked_again_each_year(text: str, again: re.Match, definition: str, asked: list[str]) -> list[str] | None:
    """ "What was its demand creation expense as a percentage of revenues in fiscal 2022, and what was it in fiscal
    2021?": the first ask as the question words it, then the same ask of the other year (its measure is the question's,
    which the kind's one metric may not name), in the order of `asked`; None unless each names one year of its own."""
    first = re.split(r",?\s+and\s+$", text[: again.start()].rstrip(), maxsplit=1)[0].rstrip(" ,?")
    of_first, of_again = set(_FOUR_DIGIT_YEAR.findall(first)), set(_FOUR_DIGIT_YEAR.findall(again.group(0)))
    if len(of_first) != 1 or len(of_again) != 1 or of_first == of_again:
        return None
    (year,), (other,) = of_first, of_again
    by_year = {year: first, other: first.replace(year, other)}
    if any(when[-4:] not in by_year for when in asked):
        return None
    return [f"{by_year[when[-4:]]}? {definition}".strip() for when in asked]


_FOUR_DIGIT_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _asks_only(target: MetricTarget | None, when: str) -> bool:
    """The sub-question's target reads the one period it names: "as of July 1, 2023" as that day, "in fiscal 2022" as
    that year alone."""
    if target is None or target.unresolved or target.aggregation != "value":
        return False
    if when.startswith("as of "):
        return target.as_of is not None and target.as_of[:4] == when[-4:] and target.years == [int(when[-4:])]
    return target.years == [int(when[-4:])]


def _bare(when: str) -> str:
    return re.sub(r"^(?:as of|in)\s+", "", when)


def _beyond_the_yearly_reading(text: str, hits: list[SearchHit], understanding: QueryUnderstanding) -> str | None:
    """Why the general offline reading (the company's fiscal-year statement lines) cannot answer a
    metric question the exact path did not read, or None. A part of the company the question names
    ("the Client Computing Group's operating margin") or a quarter it asks for would be answered
    with the whole company's year: another quantity, given with confidence."""
    companies = list(understanding.companies)
    part = segment_metric.asked_part(text, companies) or getattr(named_part(text, hits, companies), "name", None)
    if part is not None:
        return f"the question asks for {part}'s figure, and the statements read give the whole company's"
    if parse_periods(text).periods:
        return "the question asks for a quarter's figure, and only fiscal-year lines were read"
    return None


def _refusal(decision: KindDecision, hits: list[SearchHit], understanding: QueryUnderstanding,
             services: WriterServices, question: str = "") -> WrittenAnswer:
    topic = read_topic(decision.ask, list(understanding.companies), services.vocabulary)
    what = {"yes_no": "whether", "drivers": "what drove", "choice": "which", "list": "the items of",
            "definition": "what is", "passage": ""}.get(decision.kind, "")
    subject = f"{what} {topic.words}".strip() if topic else "the answer"
    label = (services.vocabulary.label(decision.metric) or decision.metric or "").lower()
    if decision.kind == "drivers" and label and topic is not None and label not in topic.words.lower():
        # (the measure whose change is asked, when the ask's words name another first: "What drove the
        # improvement, and did SG&A leverage contribute?")
        subject = f"{what} {label}"
    if decision.kind == "drivers" and (premised := drivers.refused_subject(
            decision, question, services.vocabulary, list(understanding.companies))):
        subject = f"{what} {premised}"  # "What drove such a large increase?": the premise's change
    docs = list(dict.fromkeys(h.chunk.doc for h in hits))
    searched = f"{len(hits)} passages from {', '.join(docs[:4])}{' ...' if len(docs) > 4 else ''}" if hits else "nothing"
    reason = f"{_NOTHING_STATES} {subject}"
    return WrittenAnswer(status="not_found", kind=decision.kind, reason=reason,
                         text=f"{NOT_FOUND.capitalize()}: {reason}; searched: {searched}.")
