"""What happened to a company's liquidity (answering.kinds.liquidity_change), read from Oracle's
FY2019 and FY2020 10-Ks: the asked year's sentence stating its cash balance's change, and the
"did its cash generation cover its buybacks and dividends ..., and what happened to its
liquidity?" answer (answering.kinds.cash_returned) that states every part with it."""

from __future__ import annotations

from answering.kinds import cash_returned
from answering.kinds.every_part import unanswered_part
from answering.kinds.liquidity_change import stated_change
from finrag.models import SearchHit
from tests.answering.kinds.conftest import filing
from tests.answering.kinds.test_cash_returned import _value_of

ORACLE = {("share repurchases", 2019): 36140.0, ("dividends paid", 2019): 2932.0, ("cash from operations", 2019): 14551.0}
ASK = "Did Oracle's cash generation cover its stock repurchases and dividends in fiscal 2019"
QUESTION = f"{ASK}? How were they funded, and what happened to its liquidity?"


def _all(relative: str) -> list[SearchHit]:
    return [SearchHit(chunk=c, score=1.0) for c in filing(relative)]


def test_the_asked_years_sentence_states_the_change_of_its_cash_and_marketable_securities():
    hits = _all("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    found = stated_change(hits, "Oracle", 2019)
    assert found is not None
    assert found[1].quote.startswith("The decrease in cash, cash equivalents and marketable securities at May 31, 2019"), found
    # another year's filing states nothing of this one
    assert stated_change(hits, "Oracle", 2018) is None
    found = stated_change(_all("financebench-extra/pdfs/ORACLE_2020_10K.pdf"), "Oracle", 2020)
    assert found is not None and found[1].quote.startswith("The increase in cash, cash equivalents"), found


def test_a_flow_or_a_statements_row_is_no_change_of_the_balance():
    # Boeing's "The decrease in cash inflows in 2022 ..." is a flow, its statement's "Net (decrease)
    # increase in cash ..." a row
    assert stated_change(_all("financebench/pdfs/BOEING_2022_10K.pdf"), "Boeing", 2022) is None


def test_the_cover_answer_states_its_liquidity_and_leaves_no_part_unanswered():
    hits = _all("financebench-extra/pdfs/ORACLE_2019_10K.pdf")
    value_of, _ = _value_of(ORACLE)
    written = cash_returned.answer(ASK, QUESTION, "Oracle", 2019, value_of,
                                   lambda year: stated_change(hits, "Oracle", year))
    assert written is not None and written.text.startswith("No. Oracle FY2019 returned $39,072.0 million"), written.text
    assert 'Liquidity: "The decrease in cash, cash equivalents and marketable securities' in written.text
    assert any(c.quote.startswith("The decrease in cash, cash equivalents") for c in written.citations)
    assert unanswered_part(written, QUESTION, ["Oracle"]) is None
    # not stated: the part stays unanswered, and the every-part gate names it
    value_of, _ = _value_of(ORACLE)
    bare = cash_returned.answer(ASK, QUESTION, "Oracle", 2019, value_of)
    assert bare is not None and "Liquidity" not in bare.text
    assert unanswered_part(bare, QUESTION, ["Oracle"]) == "what happened to its liquidity?"
