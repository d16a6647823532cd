"""An offline answer is held to its shape's record on unseen filings (answering.shape_record).

A reading whose shape (answer kind x evidence form) was right less often than the floor on
judged first runs is not given: it comes back `unverified`, the record as its reason, the
reading kept in the text. The shipped table is rebuilt from eval/judged by eval.shape_record.
"""

from __future__ import annotations

import pytest

from answering.shape_record import FLAG, evidence_form, held_to_record, shape_records, shrunk
from answering.writer import write_answer
from answering.written_answer import WrittenAnswer
from finrag.config import Settings, load_settings
from finrag.llm import Usage
from finrag.models import Citation, ShapeRecord
from retrieval.query_understanding import understand
from strategies.services import Services
from tests.answering.kinds.conftest import catalog, filing, hits

RECORDS = {
    ("yes_no", "quoted"): ShapeRecord(kind="yes_no", evidence="quoted", right=1, wrong=7, precision=0.3),
    ("metric", "computed"): ShapeRecord(kind="metric", evidence="computed", right=40, wrong=10, precision=0.8),
}


def _quoted_yes() -> WrittenAnswer:
    return WrittenAnswer(status="answered", text='Yes. "We paid a dividend of $0.50 per share."', kind="yes_no",
                         citations=[Citation(doc="D", page=3, chunk_id="c", quote="We paid a dividend")])


def test_a_shape_under_the_floor_is_not_given_and_says_its_record_and_keeps_the_reading() -> None:
    held = held_to_record(_quoted_yes(), "yes_no", floor=0.6, records=RECORDS)
    assert held.status == "unverified" and FLAG in held.flags and held.value is None
    assert "right 1 of 8 times" in held.reason and "0.30" in held.reason and "0.60 floor" in held.reason
    assert "We paid a dividend of $0.50 per share" in held.text and held.citations


def test_a_shape_over_the_floor_an_unknown_shape_a_refusal_and_a_zero_floor_pass_unchanged() -> None:
    metric = WrittenAnswer(status="answered", text="Acme Capex FY2022: $1.0M. Read from X.", value=1.0, kind="metric")
    assert held_to_record(metric, "metric", floor=0.6, records=RECORDS) == metric
    listed = WrittenAnswer(status="answered", text="A; B", kind="list")
    assert held_to_record(listed, "list", floor=0.6, records=RECORDS) == listed
    refused = WrittenAnswer(status="not_found", text="not found", kind="yes_no")
    assert held_to_record(refused, "yes_no", floor=0.6, records=RECORDS) == refused
    assert held_to_record(_quoted_yes(), "yes_no", floor=0.0, records=RECORDS).status == "answered"


def test_the_shape_is_read_from_the_answer_as_the_records_were_and_the_question_kind_names_it() -> None:
    # a worked answer over two years carries no single value, and is worked all the same
    two_years = WrittenAnswer(status="answered", kind="metric", text="Acme FY2014 Operating margin 7.3%; Acme FY2015 "
                              "Operating margin 4.5%. Acme FY2014: Operating margin = Operating income / Revenue = 7.3%.")
    assert evidence_form(two_years.text) == "computed" and evidence_form(_quoted_yes().text) == "quoted"
    assert held_to_record(two_years, "metric", floor=0.6, records=RECORDS) == two_years
    judged = _quoted_yes().model_copy(update={"text": "No. Acme FY2022: capital expenditures are 1.2% of revenue "
                                              "(capital intensive at 10% or more)."})
    assert evidence_form(judged.text) == "computed"
    # companies ranked by a figure read from each one's statements carry that figure
    assert evidence_form("Bolt Motors had the higher Revenue: Acme $2,500.0M; Bolt $5,000.0M.", figure=True) == "computed"
    # the kind asked decides, when the writer answered in another kind
    as_metric = _quoted_yes().model_copy(update={"kind": "metric"})
    assert held_to_record(as_metric, "yes_no", floor=0.6, records=RECORDS).status == "unverified"


def test_a_small_record_leans_on_the_prior() -> None:
    assert shrunk(1, 0, prior=0.5) == pytest.approx(0.6)  # one right answer is not a record of 1.00
    assert shrunk(80, 20, prior=0.5) == pytest.approx(0.788, abs=1e-3)


def test_the_shipped_table_holds_quoted_yes_no_under_the_default_floor_and_computed_metrics_over_it() -> None:
    table, floor = shape_records(), Settings().min_shape_precision
    assert table[("yes_no", "quoted")].precision < floor <= table[("metric", "computed")].precision


def test_the_writer_holds_an_offline_reading_on_a_real_filing_to_the_floor(services: Services) -> None:
    chunks = filing("financebench/pdfs/BESTBUY_2022_10K.pdf")
    question = ("Does Best Buy have a healthy liquidity profile based on its quick ratio at the end of FY2022? Quick "
                "ratio defined as (cash and cash equivalents + receivables, net) / total current liabilities.")
    # every page whole, as the metric path reads a statement's page (tests/answering/kinds/test_defined_metrics.py)
    pages: dict[int, list] = {}
    for c in chunks:
        pages.setdefault(c.page, []).append(c)
    whole = [cs[0].model_copy(update={"text": "\n".join(c.text for c in cs)}) for _, cs in sorted(pages.items())]
    found = hits(whole, sorted({c.page for c in chunks if "balance_sheet" in c.tags}))
    understanding = understand(question, catalog(whole), services.vocabulary)
    gated = Services(settings=load_settings(min_shape_precision=0.99), store=None, embedder=None,  # type: ignore[arg-type]
                     retriever=None, llm=None, graph=None, vocabulary=services.vocabulary)
    free = write_answer(question, found, understanding, services, Usage())
    held = write_answer(question, found, understanding, gated, Usage())
    assert free.status == "answered" and free.text.startswith("No."), free.text
    assert held.status == "unverified" and FLAG in held.flags and free.text in held.text
    assert "yes/no answers worked from statement figures" in held.reason


def test_a_typed_question_with_its_own_rule_for_a_missing_fact_is_not_held_to_analyst_questions_records() -> None:
    asked = 'Did "Acme" announce a share buyback plan in the annual report? If there is no mention, return False.'
    assert held_to_record(_quoted_yes(), "yes_no", floor=0.6, question=asked, records=RECORDS).status == "answered"
    names = "What are the names of the new directors appointed at \"Acme\"? If data is not available, return 'N/A'."
    assert held_to_record(_quoted_yes(), "yes_no", floor=0.6, question=names, records=RECORDS).status == "answered"
    plain = 'Did "Acme" announce a share buyback plan in the annual report?'
    assert held_to_record(_quoted_yes(), "yes_no", floor=0.6, question=plain, records=RECORDS).status == "unverified"
    # an analyst's own follow-on ("If not, how did it ...", "If X is not a useful metric, state that") is no such rule
    follow_on = "Did Acme pay a dividend in FY2017? If not, how did it return capital to shareholders that year?"
    assert held_to_record(_quoted_yes(), "yes_no", floor=0.6, question=follow_on, records=RECORDS).status == "unverified"



def test_the_covers_registration_table_read_row_by_row_is_a_worked_reading():
    from answering.shape_record import evidence_form

    assert evidence_form("None: the Section 12(b) table of the cover (f89927b7f4 p.1) lists no debt securities, "
                         "only: Common Stock, par value $.01 per share AMZN Nasdaq Global Select Market.") == "computed"
    assert evidence_form('Yes. Registered under Section 12(b) (7bb91c6eb5 p.1): 3.125% senior notes due July 2025 '
                         "— New York Stock Exchange.") == "computed"
    assert evidence_form('"Our debt securities are listed on the New York Stock Exchange." (x p.40)') == "quoted"


def test_a_passage_s_number_read_from_its_quote_is_a_quoted_reading_as_its_record_reads_it() -> None:
    # the records read an answer's text: "190,234 employees: \"...\"" is quoted sentences, value or not
    records = {("passage", "computed"): ShapeRecord(kind="passage", evidence="computed", right=0, wrong=1, precision=0.5),
               ("passage", "quoted"): ShapeRecord(kind="passage", evidence="quoted", right=60, wrong=28, precision=0.68)}
    count = WrittenAnswer(status="answered", kind="passage", value=190_234.0, unit="employees",
                          text='190,234 employees: "As of December 31, 2022, Alphabet had 190,234 employees." (d p.9)')
    assert held_to_record(count, "passage", floor=0.65, records=records) == count
    worked = count.model_copy(update={"text": "Cash FY2022 = $1.0M. Read from d."})
    assert held_to_record(worked, "passage", floor=0.65, records=records).status == "unverified"
