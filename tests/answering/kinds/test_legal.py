"""A named matter in the legal proceedings / contingencies section is read under its own
heading, whatever words the filing uses for it (answering.kinds.legal)."""

from __future__ import annotations

from tests.answering.kinds.conftest import ask


def test_a_named_matter_is_quoted_from_under_its_heading_in_the_contingencies_note(boeing, services):
    a = ask("What contingencies does Boeing disclose for its Commercial Crew program in its FY2022 10-K?",
            boeing, [91, 90], services)
    assert a.status == "answered" and "legal_section" in a.flags
    assert a.text.startswith('Under "Commercial Crew"') and "Contingencies" in a.text
    assert "Starliner" in a.text and "reach-forward loss" in a.text
    assert all(c.page in (90, 91) for c in a.citations)


def test_a_name_no_heading_carries_is_refused(boeing, services):
    a = ask("What contingencies does Boeing disclose for its Starliner Lunar Base program?", boeing, [91, 90],
            services)
    assert a.status == "not_found"


def test_a_heading_outside_the_legal_sections_is_not_read_as_a_legal_matter(boeing, services):
    """"Commercial Crew" is also a heading elsewhere; without a legal cue in the question the
    heading rule is not used."""
    a = ask("What does Boeing say about its Commercial Crew program timeline for the crewed flight test?",
            boeing, [91, 90], services)
    assert "legal_section" not in a.flags


def test_the_status_of_a_named_suit_is_its_paragraph_not_the_sentence_that_names_it(services):
    # "Epic Games, Inc. (“Epic”) filed a lawsuit ...": one sentence names the suit; its status
    # (ruled, affirmed, stayed) is the rest of the paragraph under the "Epic Games" heading
    from tests.answering.kinds.conftest import filing

    apple = filing("financebench-extra/pdfs/APPLE_2023Q3_10Q.pdf")
    a = ask("According to Apple's 10-Q for the third quarter of fiscal 2023 (quarter ended July 1, 2023), what is "
            "the status of the Epic Games lawsuit over the App Store?", apple, [22, 23, 24], services)
    assert a.status == "answered" and "legal_section" in a.flags, a.text
    assert "granted Apple’s motion to stay enforcement of the injunction" in a.text


def test_what_the_court_decided_and_what_happened_next_are_the_ruling_and_the_appeal(services):
    # neither "decide" nor "happened next" is in the filing: "ruled in favor of", "Epic appealed the decision"
    from tests.answering.kinds.conftest import filing

    apple = filing("financebench-extra/pdfs/APPLE_2021_10K.pdf")
    a = ask("According to Apple's fiscal 2021 annual report, what did the court decide in the antitrust lawsuit Epic "
            "Games brought against Apple over the App Store, and what happened next?", apple, [19, 16], services)
    assert a.status == "answered" and "legal_section" in a.flags, a.text
    assert "ruled in favor of the Company with respect to nine out of the ten counts" in a.text
    assert "Epic appealed the decision" in a.text


def test_a_suits_status_is_answered_by_its_ruling_and_the_trial_under_way(services):
    from tests.answering.kinds.conftest import filing

    oracle = filing("financebench-extra/pdfs/ORACLE_2016_10K.pdf")
    a = ask("What is the Hewlett-Packard (Itanium) lawsuit against Oracle described in Oracle's fiscal 2016 annual "
            "report about, and what was its status?", oracle, [133, 134], services)
    assert a.status == "answered" and "legal_section" in a.flags, a.text
    assert "trial, which began on May 23, 2016" in a.text
