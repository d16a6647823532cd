"""Page texts of a small, made-up 10-K with the parts loaders must recognise."""

from __future__ import annotations

COMPANY = "ACME WIDGETS HOLDINGS CO., INC."
RUNNING_HEADER = "Acme Widgets 2022 Form 10-K"

COVER = f"""UNITED STATES SECURITIES AND EXCHANGE COMMISSION
Washington, D.C. 20549
FORM 10-K
ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934
For the fiscal year ended December 31, 2022
Commission file number 1-12345
{COMPANY}
(Exact name of registrant as specified in its charter)
Delaware 12-3456789
Securities registered pursuant to Section 12(b) of the Act:
Title of each class Trading Symbol(s) Name of each exchange on which registered
Common Stock, par value $0.01 per share AWH New York Stock Exchange"""

CONTENTS = """Table of Contents
Item 1A. Risk Factors 4
Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations 5
Item 8. Financial Statements and Supplementary Data 7
Consolidated Statements of Cash Flows 8"""

RISKS = """Item 1A. Risk Factors
Acme Widgets depends on a small number of steel suppliers, and a disruption at any
of them could reduce our ability to make widgets. Acme Widgets also faces competition
from larger manufacturers with more resources than ours."""


def _mdna_prose() -> str:
    sentences = [
        f"In fiscal 2022 Acme Widgets sold widgets in region {n}, where demand grew because "
        f"distributors restocked after the shortages of fiscal 2021 and prices rose {n} percent."
        for n in range(1, 26)
    ]
    lines, line = [], ""
    for word in " ".join(sentences).split():
        if len(line) + len(word) > 110:
            lines.append(line)
            line = ""
        line = f"{line} {word}".strip()
    lines.append(line)
    return "\n".join(lines)


MDNA = "Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations\n" + _mdna_prose()

CASH_FLOW_ROWS = [f"Operating line item number {n} {n * 101:,} ({n * 37:,}) {n * 53:,}" for n in range(1, 61)]

CASH_FLOW = "\n".join(
    [
        "Item 8. Financial Statements and Supplementary Data",
        "Consolidated Statements of Cash Flows",
        "(in millions)",
        "2022 2021 2020",
        *CASH_FLOW_ROWS[:40],
    ]
)
CASH_FLOW_CONTINUED = "\n".join(
    [
        "Consolidated Statements of Cash Flows (continued)",
        "(in millions)",
        "2022 2021 2020",
        *CASH_FLOW_ROWS[40:],
        "Net Cash Provided by Operating Activities 9,999 8,888 7,777",
    ]
)
SEGMENT_NOTE = """Note 5 - Segment Information
We report two segments, Widgets and Gadgets.
(in millions) 2022 2021 2020
Widgets net revenue 5,100 4,900 4,700
Gadgets net revenue 2,300 2,100 2,000
Widgets operating profit 900 850 800
Gadgets operating profit 300 280 260
Total operating profit 1,200 1,130 1,060"""


def filing_pages() -> list[str]:
    body = [COVER, CONTENTS, RISKS, MDNA, CASH_FLOW, CASH_FLOW_CONTINUED, SEGMENT_NOTE]
    # A running header on top and a page number at the bottom of every page but the cover.
    return [body[0]] + [f"{RUNNING_HEADER}\n{text}\n{n}" for n, text in enumerate(body[1:], start=2)]
