"""drivers asked as "What explains the difference?": the ask refers back to the premise's figures moving
apart, so the premise's change is the one explained (eBay's FY2021 10-K: net revenues +17% on flat GMV)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing


def test_what_explains_the_difference_explains_the_premises_change(services):
    ebay = filing("financebench-extra/pdfs/EBAY_2021_10K.pdf")
    # p.33: "Net revenues increased 17% to $10.4 billion in 2021 compared to 2020 primarily due to the
    # migration of managed payments on a global basis and the associated higher take rate."
    written = ask("eBay's net revenues grew 17% in 2021 even though gross merchandise volume was flat. What explains "
                  "the difference?", ebay, [32, 35], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert ("Net revenues increased 17% to $10.4 billion in 2021 compared to 2020 primarily due to the migration of "
            "managed payments") in written.text, written.text
