"""definition: a term from the glossary when no company is named; a company's policy from the
sentences of its filing that state it (Boeing's FY2022 10-K)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask


def test_a_company_policy_is_quoted_from_the_filing(boeing, services):
    written = ask("What is the nature of Boeing's revenue recognition policy for commercial aircraft?", boeing,
                  [7, 24, 63, 64], services)
    assert (written.status, written.kind) == ("answered", "definition"), written.text
    assert any("is recognized" in c.quote and "point in time" in c.quote for c in written.citations)
    assert all("could" not in c.quote for c in written.citations)


def test_a_term_without_a_company_comes_from_the_glossary(boeing, services):
    written = ask("What is litigation?", boeing, [], services)
    assert (written.status, written.kind) == ("answered", "definition")
    assert written.text.startswith("Legal proceedings:")
    assert "glossary" in written.flags
