"""Depreciation and amortization printed as two rows of a cash flow statement is read as the two rows together
(answering.metric_answer.Evidence), quoted both; a part alone is refused by answering.checks.check_whole_measure."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

_EBITDA_MARGIN = ("What is the FY2015 unadjusted EBITDA % margin for Oracle? Calculate unadjusted EBITDA using unadjusted "
                  "operating income and D&A (from cash flow statement). Answer in units of percents and round to one "
                  "decimal place.")


def test_depreciation_and_amortization_on_two_rows_is_read_as_their_sum(services):
    """Oracle's FY2015 cash flow statement prints "Depreciation 712" and, on the next row, "Amortization of intangible
    assets 2,149": D&A is 2,861, and EBITDA margin (13,871 + 2,861) / 38,226 = 43.8% (depreciation alone made 38.1%)."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask(_EBITDA_MARGIN, oracle, [90, 93], services)
    assert written.status == "answered" and "43.8%" in written.text and "2,861" in written.text, written.text
    assert any("Depreciation 712" in c.quote and "Amortization of intangible assets 2,149" in c.quote
               for c in written.citations), written.citations


def test_a_part_whose_neighbour_rows_are_not_the_other_part_is_still_refused(services):
    """The same statement with its amortization row moved away from the depreciation row: which row of amortization
    belongs to D&A is not told by position, so the part read alone fails the whole-measure check."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    moved = []
    for chunk in oracle:
        lines = chunk.text.splitlines()
        if chunk.page == 93 and "Depreciation 712 608 546" in lines:
            amortization = next(line for line in lines if line.startswith("Amortization of intangible assets 2,149"))
            lines = [line for line in lines if line != amortization]
            lines.insert(lines.index("Depreciation 712 608 546") + 3, amortization)
            chunk = chunk.model_copy(update={"text": "\n".join(lines)})
        moved.append(chunk)
    written = ask(_EBITDA_MARGIN, moved, [90, 93], services)
    assert written.status != "answered", written.text
    assert "Amortization of intangible assets" in written.text, written.text


def test_depreciation_asked_alone_is_not_added_to_the_amortization_row(services):
    """"Depreciation" alone is the one row: the question names neither amortization nor D&A nor EBITDA, so nothing is
    summed (and the row beside an amortization row is not given as the whole measure either)."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask("What was Oracle's FY2015 depreciation expense? Answer in USD millions, based on the statement of "
                  "cash flows.", oracle, [93], services)
    assert "2,861" not in written.text, written.text


def test_a_definition_that_adds_the_amortization_row_itself_reads_depreciation_alone(services):
    """"operating income plus depreciation plus amortization of intangible assets": the question adds the amortization
    row as a term of its own, so the depreciation term is the one row (summing both would count amortization twice:
    49.4% instead of 43.8%)."""
    oracle = filing("financebench-extra/pdfs/ORACLE_2015_10K.pdf")
    written = ask("What was Oracle's FY2015 unadjusted EBITDA margin? Define unadjusted EBITDA as operating income plus "
                  "depreciation plus amortization of intangible assets, with depreciation and amortization taken from "
                  "the cash flow statement. Answer in percent, rounded to one decimal place.", oracle, [90, 93], services)
    assert written.status == "answered" and "43.8%" in written.text, written.text
