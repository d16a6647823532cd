"""stated_rate: a rate a release states in a sentence, for the asked period and the asked GAAP basis, when its
inputs are printed nowhere the reader finds."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing

PAGES = [2, 3, 4, 10, 11, 13]  # zero-based: the release's pages naming the effective tax rate


def test_the_rate_the_release_states_for_the_asked_quarter_and_basis(services):
    # eBay's Q2 2023 release, p.3: "The GAAP effective tax rate for continuing operations for the second quarter of 2023
    # was 39.7%, compared to 26.3% for the second quarter of 2022." and "The non-GAAP effective tax rate for continuing
    # operations for the second quarter of 2023 was 16.5%"
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_EARNINGS.pdf")
    gaap = ask("What was eBay's GAAP effective tax rate for continuing operations for the second quarter of 2023?", ebay,
               PAGES, services)
    assert (gaap.status, gaap.value, gaap.unit) == ("answered", 39.7, "percent"), gaap.text
    non_gaap = ask("What was eBay's non-GAAP effective tax rate for the second quarter of 2023?", ebay, PAGES, services)
    assert (non_gaap.status, non_gaap.value) == ("answered", 16.5), non_gaap.text


def test_a_rate_stated_for_another_period_is_no_answer(services):
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_EARNINGS.pdf")
    written = ask("What was eBay's GAAP effective tax rate for the first quarter of 2023?", ebay, PAGES, services)
    assert written.value not in (39.7, 26.3), written.text
