"""On which exchanges a company's shares are listed is what its filing says of them ("Our ADSs have been
listed on The NASDAQ Stock Market since 1996 and our ordinary shares have been traded on the Tel Aviv Stock
Exchange"), with its cover table's exchanges: a foreign issuer's cover names its US exchange only. The
answer names the exchanges, each once; a listing stated as a condition ("provided the Shares are listed on a
Stock Market") or a negation names none. NICE's 2022 annual report (20-F)."""

from __future__ import annotations

import pytest

from answering.kinds import registered_securities
from tests.answering.kinds.conftest import ask, filing

QUESTION = ('On which stock exchanges were the shares of "NICE Ltd." listed in the fiscal year 2022? If data is '
            "not available, return 'N/A'.")


@pytest.fixture(scope="module")
def nice() -> list:
    return filing("filings-wild/pdfs/NICE_2022_AnnualReport.pdf")


def test_the_exchanges_the_filing_says_its_shares_are_listed_on(nice, services):
    written = ask(QUESTION, nice, sorted({c.page for c in nice}), services)
    assert written.status == "answered", written.text
    names = written.text.split("\n\n")[0].split("; ")
    assert len(names) == 2 and any("NASDAQ" in n for n in names) and any("Tel" in n and "Aviv" in n for n in names), \
        written.text


def test_only_an_exchanges_question_is_read_so():
    assert registered_securities.asks_exchanges(QUESTION)
    assert not registered_securities.asks_exchanges("What was NICE's revenue in 2022?")
