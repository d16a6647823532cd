"""Who acts in a role under an agreement is the party a legal text names "X, as <role>" (kinds/party_role.py);
two parties named in the role leave nothing to pick."""

from __future__ import annotations

from answering.kinds import party_role
from tests.answering.kinds.conftest import ask, filing, hits, one_page

QUESTION = ('Which bank acts as administrative agent under the 2023 364 Day Credit Agreement of "PepsiCo, Inc."? If '
            "data is not available, return 'N/A'.")


def test_the_party_named_in_the_role_answers_from_a_sentence_of_prose(services):
    # PepsiCo's 8-K of May 30, 2023 (p.2): "... among PepsiCo, as borrower, the lenders party thereto, and Citibank,
    # N.A., as administrative agent"; the agreement's cover (p.5) prints "CITIBANK, N.A., as Administrative Agent"
    pepsico = filing("financebench/pdfs/PEPSICO_2023_8K_dated-2023-05-30.pdf")
    written = party_role.write(QUESTION, hits(pepsico, [4, 1]), ["PepsiCo"], None)
    assert written is not None and written.text.startswith("Citibank, N.A.\n\n"), written
    assert "as administrative agent" in written.citations[0].quote and written.citations[0].page == 1
    # through the writer, the name leads the answer
    answered = ask(QUESTION, pepsico, [1, 4], services)
    assert answered.status == "answered" and "Citibank, N.A." in answered.text, answered.text


def test_two_parties_in_the_role_or_none_answer_nothing():
    two = one_page("The 2022 agreement was among Acme, as borrower, and Alpha Bank, N.A., as administrative agent.",
                   "The 2023 agreement was among Acme, as borrower, and Beta Bank, N.A., as administrative agent.")
    assert party_role.write(QUESTION, hits(two, [0]), ["Acme"], None) is None
    none = one_page("The agreement was among Acme, as borrower, and the lenders party thereto.")
    assert party_role.write(QUESTION, hits(none, [0]), ["Acme"], None) is None
    assert not party_role.asks("Which bank did Acme borrow from in 2023?")



def test_each_sides_advisor_is_told_apart_only_by_the_company_named_right_after_the_role():
    pair = one_page("Morgan Stanley & Co. LLC is serving as financial advisor to Beta in connection with its proposed "
                    "acquisition by Acme.", "Goldman Sachs & Co. LLC is serving as financial advisor to Acme.")
    question = "Which firm served as financial advisor to Acme in its acquisition of Beta?"
    written = party_role.write(question, hits(pair, [0]), ["Acme"], None)
    assert written is not None and written.text.startswith("Goldman Sachs & Co. LLC\n\n"), written
    # Patriot's November 2023 8-K (p.98): "Cassel Salpeter & Co., LLC is serving as financial advisor and Foley &
    # Lardner LLP is serving as legal counsel for Patriot. Stephens Inc. is serving as financial advisor ... for UPT":
    # no role names its company right after it, so which of the two is Patriot's is not read from words
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2023_8-K.pdf")
    assert party_role.write('Which firm served as financial advisor to "PATRIOT TRANSPORTATION HOLDING, INC."?',
                            hits(patriot, [97]), ["Patriot"], None) is None


def test_a_name_wrapped_across_lines_is_whole_and_one_a_comma_cuts_or_a_former_holder_answers_nothing():
    wrapped = one_page("The agreement is among Acme, as borrower, the lenders party thereto and Morgan\nStanley Senior "
                       "Funding, Inc., as administrative agent.")
    written = party_role.write("Which bank acts as administrative agent under the credit agreement of Acme?",
                               hits(wrapped, [0]), ["Acme"], None)
    assert written is not None and written.text.startswith("Morgan Stanley Senior Funding, Inc.\n\n"), written
    firm = one_page("Skadden, Arps, Slate, Meagher & Flom LLP is serving as legal counsel to Acme.")
    assert party_role.write("Which firm is serving as legal counsel to Acme in the merger?", hits(firm, [0]), ["Acme"],
                            None) is None
    former = one_page("Jane Doe served as chief executive officer of Acme until her retirement in 2023.")
    assert party_role.write("Who serves as chief executive officer of Acme?", hits(former, [0]), ["Acme"], None) is None


def test_a_note_between_the_name_and_its_role_and_the_other_side_before_it_are_left_out(services):
    """McDonald's 8-K of August 14, 2023 (p.5): "... between the Company and U.S. Bank Trust Company, National Association
    (formerly, First Union National Bank), as trustee": the party is the name before the note, without the Company it
    is joined to; its sentence starts at "The Notes" ("U.S." ends no sentence). Asked of the notes "issued ... on
    August 14, 2023", the day names the notes, and the party answers over a quote on the notes that names none."""
    mcdonalds = filing("financebench-extra/pdfs/MCDONALDS_8K_dated-2023-08-14.pdf")
    question = ('Which institution acts as trustee under the Indenture for the Medium-Term Notes issued by "McDONALD’S '
                "CORPORATION\" on August 14, 2023? If data is not available, return 'N/A'.")
    written = party_role.write(question, hits(mcdonalds, [4]), ["McDonald's"], None)
    assert written is not None and written.text.startswith("U.S. Bank Trust Company, National Association\n\n"), written
    assert written.citations[0].quote.startswith("The Notes are being issued under the Indenture")
    answered = ask(question, mcdonalds, [2, 4], services)
    assert answered.status == "answered" and answered.text.startswith("U.S. Bank Trust Company, National Association"), \
        answered.text


def test_a_heading_run_into_the_name_ends_where_its_defined_short_name_starts():
    """Canadian Banc Corp.'s 2022 report: the heading "Related Party Transactions" runs into "Quadravest Capital
    Management Inc. ("Quadravest") as investment manager": the short name the aside defines starts the party's name."""
    page = one_page("Related Party Transactions Quadravest Capital Management Inc. (“Quadravest”) as investment manager "
                    "and Manager earns fees from the Company as described below in the Management Fees section.")
    question = "Which firm acts as investment manager of Acme Corp according to its 2022 annual report?"
    written = party_role.write(question, hits(page, [0]), ["Acme Corp"], None)
    assert written is not None and written.text.startswith("Quadravest Capital Management Inc.\n\n"), written


def test_a_successor_in_the_role_or_the_company_joined_to_the_party_leave_no_wrong_name():
    question = "Which bank serves as trustee under Acme Corp's indenture for the Senior Notes due 2030?"
    moved = one_page("The indenture is between Acme Corp. and Wells Fargo Bank, National Association, as trustee.",
                     "In 2022, Computershare Trust Company, N.A. became the successor trustee under the indenture.")
    assert party_role.write(question, hits(moved, [0]), ["Acme Corp"], None) is None
    joined = one_page("The indenture is between Acme Corp. and Wells Fargo Bank, National Association, as trustee.")
    written = party_role.write(question, hits(joined, [0]), ["Acme Corp"], None)
    assert written is not None and written.text.startswith("Wells Fargo Bank, National Association\n\n"), written


def test_a_generic_or_two_word_short_name_marks_no_start_of_the_name():
    question = "Which bank acts as administrative agent under Acme Corp's credit agreement?"
    for said, name in (("among Acme Corp, as borrower, and JPMorgan Chase Bank, N.A. (the “Bank”), as administrative "
                        "agent.", "JPMorgan Chase Bank, N.A."),
                       ("among Acme Corp, as borrower, and MUFG Union Bank, N.A. (“Union Bank”), as administrative agent.",
                        "MUFG Union Bank, N.A.")):
        written = party_role.write(question, hits(one_page(f"The credit agreement was entered into {said}"), [0]),
                                   ["Acme Corp"], None)
        assert written is not None and written.text.startswith(f"{name}\n\n"), written
