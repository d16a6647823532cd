"""core_operations: whether a result's change came from the operations, judged by the income statement's own
arithmetic (operating income against the lines between it and the result). Real filings: Adobe's FY2021 10-K
(net income fell as operating income rose: the tax line), Uber's FY2021 10-K (the net loss narrowed on other
income), McDonald's FY2022 10-K (operating income led the fall, and its exit charges sit in an operating line)."""

from __future__ import annotations

from answering.kinds.core_operations import asks
from tests.answering.kinds.conftest import ask, filing


def _statement_pages(chunks) -> list[int]:
    """The income statement's page(s), as the loader tagged them."""
    return sorted({c.page for c in chunks if "income_statement" in c.tags})


def test_the_questions_that_ask_whether_the_operations_drove_a_change():
    assert asks("Was that improvement driven mainly by its core operations?")
    assert asks("Patriot's operating profit jumped. Was this improvement driven by its core trucking operations?")
    assert asks("Does this signal a deterioration in the underlying business?")
    assert not asks("What drove the improvement in its operating margin?")


def test_a_change_the_lines_below_operating_income_made_is_not_core(services):
    adobe = filing("financebench/pdfs/ADOBE_2021_10K.pdf")
    pages = _statement_pages(adobe)
    written = ask("Adobe's net income declined in FY2021 while operating income rose. Was the decline driven by its "
                  "core operations?", adobe, pages, services)
    assert written.status == "answered" and written.kind == "yes_no", written.text
    assert written.text.startswith("No.") and "Provision for (benefit from) income taxes" in written.text, written.text


def test_a_narrower_net_loss_made_by_other_income_is_not_core(services):
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    pages = _statement_pages(uber)
    written = ask("Uber's net loss narrowed by 93% in FY2021. Was that improvement driven mainly by its core "
                  "operations?", uber, pages, services)
    assert written.text.startswith("No.") and "Other income (expense), net" in written.text, written.text


def test_a_change_operating_income_led_is_not_judged_from_the_statement_alone(services):
    from answering.kinds.core_operations import answer
    from tests.answering.kinds.conftest import hits

    mcd = filing("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf")
    pages = _statement_pages(mcd)
    question = "McDonald's GAAP diluted EPS fell 17% in FY2022. Does that reflect a deterioration in the underlying business?"
    # the statement is read (operating income fell by $985.0 million of net income's $1,367.8 million), and no verdict
    # is drawn: its exit charges sit in an operating line ("Other operating (income) expense, net")
    assert pages and answer(question, hits(mcd, pages), [mcd[0].company or ""], 2022, services.vocabulary) is None
    assert not ask(question, mcd, pages, services).text.startswith("Yes.")


def test_a_level_asked_is_not_judged_by_a_change(services):
    """Apple's Q3 FY2023 10-Q: "was its positive net income driven by its core operations?" asks of the level
    (operating income $23.0 billion of net income's $19.9 billion), which a change's split does not answer."""
    from answering.kinds.core_operations import answer
    from tests.answering.kinds.conftest import hits

    apple = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    pages = _statement_pages(apple)
    question = "Was Apple's positive net income in the third quarter of fiscal 2023 driven by its core operations?"
    assert answer(question, hits(apple, pages), [apple[0].company or ""], 2023, services.vocabulary) is None


def test_a_change_said_as_from_and_to_is_a_change(services):
    uber = filing("filings-wild/pdfs/Uber_2021_10-K.pdf")
    written = ask("Uber's net loss shrank from $6.8 billion in 2020 to $0.5 billion in 2021. Was that driven by its core "
                  "operations?", uber, _statement_pages(uber), services)
    assert written.text.startswith("No."), written.text
