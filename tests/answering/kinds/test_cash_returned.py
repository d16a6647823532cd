"""Did a company return more cash to shareholders than its operations generated
(answering.kinds.cash_returned): the cash flow statement's lines compared, each read by the
metric machinery (here a stand-in giving eBay's FY2019 10-K figures, in USD millions)."""

from __future__ import annotations

from dataclasses import dataclass

from answering.kinds import cash_returned
from answering.written_answer import WrittenAnswer
from finrag.models import Citation

EBAY = {("share repurchases", 2019): 4973.0, ("dividends paid", 2019): 473.0, ("cash from operations", 2019): 3114.0,
        ("shareholders' equity", 2018): 6281.0, ("shareholders' equity", 2019): 2870.0}


@dataclass
class _Figure:
    year: int
    answer: WrittenAnswer
    value: float
    shown: str


def _value_of(figures: dict, unit: str = "USD millions"):
    asked: list[str] = []

    def value_of(label: str, year: int):
        asked.append(label)
        if (label, year) not in figures:
            return WrittenAnswer(status="not_found", kind="yes_no", text=f"Not found: {label} FY{year}.")
        value = figures[(label, year)]
        text = f"eBay {label} FY{year}: ${value:,.2f} million (statement line item)."
        return _Figure(year, WrittenAnswer(status="answered", kind="metric", text=text, value=value, unit=unit,
                                           citations=[Citation(doc="EBAY_2019_10K", page=60, chunk_id="c60",
                                                                    quote=f"{label} {value}")]),
                       value, f"${value:,.2f} million")
    return value_of, asked


def test_cash_returned_above_operating_cash_flow_says_yes_with_both_sides_and_the_equity():
    ask = "Did eBay return more cash to shareholders in 2019 than its operations generated"
    question = (f"{ask}? Quantify the buybacks and dividends, compare them with operating cash flow, and say what "
                "happened to its equity.")
    value_of, _ = _value_of(EBAY)
    written = cash_returned.answer(ask, question, "eBay", 2019, value_of)
    assert written is not None and written.text.startswith(
        "Yes. eBay FY2019 returned $5,446.0 million to shareholders (share repurchases (buybacks) $4,973.0 million + "
        "dividends paid $473.0 million), more than its cash from operations of $3,114.0 million (1.75x)."), written.text
    assert "Shareholders' equity fell from $6,281.00 million (FY2018) to $2,870.00 million (FY2019)" in written.text
    assert written.citations


def test_covering_is_the_other_way_and_only_the_named_lines_count():
    value_of, asked = _value_of(EBAY)
    written = cash_returned.answer("Did eBay's cash generation cover its dividends in fiscal 2019", "", "eBay", 2019,
                                   value_of)
    assert written is not None and written.text.startswith("Yes."), written.text
    assert "share repurchases" not in asked
    value_of, _ = _value_of(EBAY)
    written = cash_returned.answer("Did eBay's cash generation cover its stock repurchases and dividends in fiscal 2019",
                                   "", "eBay", 2019, value_of)
    assert written is not None and written.text.startswith("No."), written.text


def test_a_side_not_read_or_a_comparison_of_two_years_is_no_answer_here():
    value_of, _ = _value_of({k: v for k, v in EBAY.items() if k[0] != "dividends paid"})
    assert cash_returned.answer("Did eBay return more cash to shareholders in 2019 than its operations generated",
                                "", "eBay", 2019, value_of) is None
    assert cash_returned.asked_way("Did eBay return more cash to shareholders in 2019 than in 2018") is None
