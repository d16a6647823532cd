"""Render one fictional Form 10-K as a real PDF (fpdf2, core fonts) and record where facts landed.

Layout choices that matter to FinRAG's loaders:
- every statement row is drawn on ONE baseline (label left, numbers right-aligned in
  fixed columns) so text extraction keeps a row together, as in real filings;
- a running header ("<legal name> | Form 10-K | Fiscal Year N") and a page-number
  footer repeat on every page, for header/footer cleaning to remove;
- each statement starts on its own page, so the page recorded for a fact is the page
  its row was drawn on (read back with `page_no()` while drawing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from fpdf import FPDF

from finrag.models import Fact, Relation
from samples.companies import Company
from samples.financials import METRIC_UNITS, YearFinancials
from samples.narrative import (
    Block,
    auditor_report,
    business,
    long_date,
    mdna,
    risk_factors,
)

# Fixed so that the same seed gives byte-identical PDFs.
CREATION_DATE = datetime(2024, 1, 1, tzinfo=UTC)

MARGIN = 54.0  # points; US Letter is 612 x 792
BODY_SIZE, TABLE_SIZE = 10, 9
LINE_H, ROW_H = 13.0, 13.5
COL_W = 78.0  # width of one year column in a statement table


@dataclass(frozen=True)
class Row:
    """One statement line. `metric` names the truth metric the row states (None for subtotals
    that are not truth metrics and for captions)."""

    label: str
    field_name: str | None = None  # YearFinancials attribute to print; None = caption row
    metric: str | None = None
    style: str = "amount"  # amount | eps | shares
    dollar: bool = False
    total: bool = False
    negate: bool = False  # outflow printed in parentheses
    indent: int = 0


@dataclass
class RenderedReport:
    pdf: bytes
    pages: int
    facts: list[Fact]
    relations: list[Relation]
    page_tags: dict[str, list[int]]
    injection_page: int | None = None


@dataclass
class _Recorder:
    doc: str
    company: Company
    facts: list[Fact] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    page_tags: dict[str, list[int]] = field(default_factory=dict)

    def tag(self, name: str, page: int) -> None:
        pages = self.page_tags.setdefault(name, [])
        if page not in pages:
            pages.append(page)


def format_number(raw: int, style: str, dollar: bool) -> str:
    """Filing-style cell: thousands separators, negatives in parentheses, optional '$ '."""
    if style == "eps":
        text = f"{abs(raw) / 100:,.2f}"
    elif raw == 0:
        return "-"
    else:
        text = f"{abs(raw) / 10:,.1f}"
    if raw < 0:
        text = f"({text})"
    return f"$ {text}" if dollar or style == "eps" else text


INCOME_STATEMENT = (
    Row("Revenue", "revenue", "revenue", dollar=True),
    Row("Cost of revenue", "cost_of_revenue", "cost_of_revenue"),
    Row("Gross profit", "gross_profit", "gross_profit", total=True),
    Row("Operating expenses:"),
    Row("Research and development", "research_and_development", "research_and_development", indent=1),
    Row("Selling, general and administrative", "sga", "sga", indent=1),
    Row("Operating income", "operating_income", "operating_income", total=True),
    Row("Interest expense", "interest_expense", "interest_expense"),
    Row("Income before income taxes", "pretax_income", "pretax_income", total=True),
    Row("Provision for income taxes", "income_tax", "income_tax"),
    Row("Net income", "net_income", "net_income", dollar=True, total=True),
    Row("Basic earnings per share", "eps_basic", "eps_basic", style="eps"),
    Row("Diluted earnings per share", "eps_diluted", "eps_diluted", style="eps"),
    Row("Weighted-average shares outstanding, basic", "shares_weighted", "shares_weighted", style="shares"),
    Row("Weighted-average shares outstanding, diluted", "shares_diluted", style="shares"),
)

BALANCE_SHEET = (
    Row("ASSETS"),
    Row("Current assets:"),
    Row("Cash and cash equivalents", "cash", "cash", dollar=True, indent=1),
    Row("Accounts receivable, net", "receivables", "receivables", indent=1),
    Row("Inventories", "inventories", "inventories", indent=1),
    Row("Prepaid expenses and other current assets", "other_current_assets", indent=1),
    Row("Total current assets", "current_assets", "current_assets", total=True),
    Row("Property, plant and equipment, net", "ppe_net", "ppe_net"),
    Row("Goodwill", "goodwill"),
    Row("Other long-term assets", "other_assets"),
    Row("Total assets", "total_assets", "total_assets", dollar=True, total=True),
    Row("LIABILITIES AND SHAREHOLDERS' EQUITY"),
    Row("Current liabilities:"),
    Row("Accounts payable", "accounts_payable", "accounts_payable", dollar=True, indent=1),
    Row("Accrued liabilities", "accrued_liabilities", indent=1),
    Row("Total current liabilities", "current_liabilities", "current_liabilities", total=True),
    Row("Long-term debt", "long_term_debt", "long_term_debt"),
    Row("Other long-term liabilities", "other_liabilities"),
    Row("Total liabilities", "total_liabilities", "total_liabilities", total=True),
    Row("Total shareholders' equity", "equity", "equity", total=True),
    Row("Total liabilities and shareholders' equity", "total_assets", dollar=True, total=True),
)

CASH_FLOWS = (
    Row("Cash flows from operating activities:"),
    Row("Net income", "net_income", "net_income", dollar=True, indent=1),
    Row("Depreciation and amortization", "depreciation_amortization", "depreciation_amortization", indent=1),
    Row("Changes in working capital and other, net", "other_operating", indent=1),
    Row("Net cash provided by operating activities", "operating_cash_flow", "operating_cash_flow", total=True),
    Row("Cash flows from investing activities:"),
    Row("Purchases of property and equipment", "capex", "capex", negate=True, indent=1),
    Row("Other investing activities, net", "other_investing", indent=1),
    Row("Net cash used in investing activities", "investing_cash_flow", total=True),
    Row("Cash flows from financing activities:"),
    Row("Dividends paid", "dividends_paid", "dividends_paid", negate=True, indent=1),
    Row("Proceeds from (repayments of) long-term debt, net", "debt_change", indent=1),
    Row("Repurchases of common stock and other, net", "other_financing", indent=1),
    Row("Net cash provided by (used in) financing activities", "financing_cash_flow", total=True),
    Row("Net increase (decrease) in cash and cash equivalents", "net_change_in_cash"),
    Row("Cash and cash equivalents at beginning of year", "cash_begin"),
    Row("Cash and cash equivalents at end of year", "cash", "cash", dollar=True, total=True),
)


class _ReportPDF(FPDF):
    def __init__(self, running_header: str) -> None:
        super().__init__(orientation="P", unit="pt", format="letter")
        self.running_header = running_header
        self._widths: dict[tuple[str, str, float, str], float] = {}
        self.set_margins(MARGIN, MARGIN + 8, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN)
        self.set_creation_date(CREATION_DATE)

    def header(self) -> None:
        self.set_font("Helvetica", "", 8)
        self.set_text_color(90, 90, 90)
        self.set_y(28)
        self.cell(0, 10, self.running_header, align="R")
        self.line(MARGIN, 40, self.w - MARGIN, 40)
        self.set_text_color(0, 0, 0)
        self.set_y(MARGIN + 8)

    def footer(self) -> None:
        self.set_y(-36)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 10, str(self.page_no()), align="C")

    def _word_width(self, word: str) -> float:
        # Reports repeat most words; fpdf2's get_string_width copies font state on every call.
        key = (self.font_family, self.font_style, self.font_size_pt, word)
        if key not in self._widths:
            self._widths[key] = self.get_string_width(word)
        return self._widths[key]

    @property
    def page_index(self) -> int:
        return self.page_no() - 1  # FinRAG pages are zero-based

    def paragraph(self, text: str, line_h: float = LINE_H, align: str = "L") -> None:
        """Word-wrapped text drawn line by line.

        fpdf2's multi_cell measures every fragment again for each character it adds, which
        made paragraphs ~80% of generation time; measuring each word once is linear.
        """
        space = self._word_width(" ")
        line: list[str] = []
        width = 0.0
        for word in text.split():
            w = self._word_width(word)
            if line and width + space + w > self.epw:
                self.cell(0, line_h, " ".join(line), align=align, new_x="LMARGIN", new_y="NEXT")
                line, width = [], 0.0
            width += (space if line else 0.0) + w
            line.append(word)
        if line:
            self.cell(0, line_h, " ".join(line), align=align, new_x="LMARGIN", new_y="NEXT")

    def blocks(self, blocks: list[Block], recorder: _Recorder | None = None) -> None:
        for block in blocks:
            if block.kind == "heading":
                self.set_font("Helvetica", "B", 12)
                self.ln(4)
                self.paragraph(block.text, 16)
                self.ln(2)
            elif block.kind == "subheading":
                self.set_font("Helvetica", "B", BODY_SIZE)
                self.ln(3)
                self.paragraph(block.text)
            else:
                self.set_font("Helvetica", "", BODY_SIZE)
                self.paragraph(block.text)
                self.ln(4)
            # Read after drawing: an automatic page break happens before the text is placed.
            if recorder:
                for predicate, obj in block.relations:
                    recorder.relations.append(
                        Relation(
                            subject=recorder.company.name, predicate=predicate, object=obj,
                            doc=recorder.doc, page=self.page_index, source_text=block.text,
                        )
                    )

    def statement(
        self,
        title: str,
        company: Company,
        caption: str,
        scale_label: str,
        columns: list[YearFinancials],
        rows: tuple[Row, ...],
        recorder: _Recorder,
    ) -> None:
        self.set_font("Helvetica", "B", 11)
        self.cell(0, 15, company.legal_name.upper(), align="C", new_x="LMARGIN", new_y="NEXT")
        self.cell(0, 15, title, align="C", new_x="LMARGIN", new_y="NEXT")
        self.ln(8)
        label_w = self.epw - COL_W * len(columns)
        self.set_font("Helvetica", "", TABLE_SIZE)
        self.set_x(MARGIN + label_w)
        self.cell(COL_W * len(columns), ROW_H, caption, align="R", new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "I", TABLE_SIZE)
        self.cell(label_w, ROW_H, scale_label)
        self.set_font("Helvetica", "B", TABLE_SIZE)
        for year in columns:
            self.cell(COL_W, ROW_H, str(year.fiscal_year), align="R")
        self.ln(ROW_H)
        self.line(MARGIN, self.get_y(), self.w - MARGIN, self.get_y())
        self.ln(3)
        for row in rows:
            self._row(row, columns, label_w, recorder)

    def _row(self, row: Row, columns: list[YearFinancials], label_w: float, recorder: _Recorder) -> None:
        indent = 12.0 * row.indent
        self.set_font("Helvetica", "B" if row.total or row.field_name is None else "", TABLE_SIZE)
        self.set_x(MARGIN + indent)
        self.cell(label_w - indent, ROW_H, row.label)
        if row.field_name is None:
            self.ln(ROW_H)
            return
        if row.total:
            y = self.get_y() + 0.5
            self.line(MARGIN + label_w + 10, y, self.w - MARGIN, y)
        cells = []
        for year in columns:
            raw = getattr(year, row.field_name)
            cells.append(format_number(-raw if row.negate else raw, row.style, row.dollar))
            self.cell(COL_W, ROW_H, cells[-1], align="R")
        self.ln(ROW_H)
        if row.metric:
            source = " ".join([row.label, *cells])
            for year in columns:
                recorder.facts.append(
                    Fact(
                        company=recorder.company.name,
                        metric=row.metric,
                        fiscal_year=year.fiscal_year,
                        value=year.value(row.metric),  # outflows (capex, dividends) stay positive
                        unit=METRIC_UNITS[row.metric],
                        scale="units" if row.style == "eps" else "millions",
                        doc=recorder.doc,
                        page=self.page_index,
                        source_text=source,
                    )
                )


def _cover(pdf: _ReportPDF, company: Company, period_end: date, fiscal_year: int, file_number: str) -> None:
    c = company
    pdf.set_font("Helvetica", "B", 12)
    for line in ("UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION"):
        pdf.cell(0, 16, line, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 14, "Washington, D.C. 20549", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font("Helvetica", "B", 18)
    pdf.cell(0, 24, "FORM 10-K", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font("Helvetica", "", 10)
    pdf.paragraph("[X] ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934", align="C")
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 18, f"For the fiscal year ended {long_date(period_end)}", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 14, "or", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.paragraph("[ ] TRANSITION REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934", align="C")
    pdf.cell(0, 16, f"Commission File Number {file_number}", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(14)
    pdf.set_font("Helvetica", "B", 20)
    pdf.cell(0, 26, c.legal_name, align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 16, f"({c.exchange}: {c.ticker})", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "I", 9)
    pdf.cell(0, 13, "(Exact name of registrant as specified in its charter)", align="C", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(0, 14, f"Delaware  |  Principal executive offices: {c.headquarters}", align="C",
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(14)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(0, 14, "Securities registered pursuant to Section 12(b) of the Act:", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    exchange = "The Nasdaq Stock Market LLC" if c.exchange == "NASDAQ" else "New York Stock Exchange"
    pdf.cell(0, 14, f"Common Stock, $0.01 par value  |  Trading symbol: {c.ticker}  |  {exchange}",
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(10)
    pdf.paragraph(
        "Indicate by check mark whether the registrant (1) has filed all reports required to be filed by "
        "Section 13 or 15(d) of the Securities Exchange Act of 1934 during the preceding 12 months and (2) has "
        "been subject to such filing requirements for the past 90 days. Yes [X] No [ ]",
    )
    pdf.ln(6)
    pdf.paragraph(
        "Indicate by check mark whether the registrant is a large accelerated filer, an accelerated filer, a "
        "non-accelerated filer or a smaller reporting company. Large accelerated filer [X]",
    )
    pdf.ln(6)
    pdf.paragraph(
        "DOCUMENTS INCORPORATED BY REFERENCE: Portions of the registrant's proxy statement for its "
        f"{fiscal_year + 1} annual meeting of shareholders are incorporated by reference into Part III."
    )


def _segment_note(pdf: _ReportPDF, company: Company, columns: list[YearFinancials], caption: str) -> None:
    pdf.blocks([
        Block("heading", "Notes to Consolidated Financial Statements"),
        Block("subheading", "Note 12. Segment Information"),
        Block(
            "text",
            f"{company.name} reports the following segments: {', '.join(company.segments)}. "
            "Segments are managed separately because each offers different products and services. Revenue by "
            "segment was as follows:",
        ),
    ])
    label_w = pdf.epw - COL_W * len(columns)
    pdf.set_font("Helvetica", "", TABLE_SIZE)
    pdf.set_x(MARGIN + label_w)
    pdf.cell(COL_W * len(columns), ROW_H, caption, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "I", TABLE_SIZE)
    pdf.cell(label_w, ROW_H, "(in millions)")
    pdf.set_font("Helvetica", "B", TABLE_SIZE)
    for year in columns:
        pdf.cell(COL_W, ROW_H, str(year.fiscal_year), align="R")
    pdf.ln(ROW_H)
    for i, name in enumerate(company.segments):
        pdf.set_font("Helvetica", "", TABLE_SIZE)
        pdf.cell(label_w, ROW_H, name)
        for year in columns:
            pdf.cell(COL_W, ROW_H, format_number(year.segment_revenue[i], "amount", i == 0), align="R")
        pdf.ln(ROW_H)
    pdf.set_font("Helvetica", "B", TABLE_SIZE)
    pdf.cell(label_w, ROW_H, "Total revenue")
    for year in columns:
        pdf.cell(COL_W, ROW_H, format_number(year.revenue, "amount", True), align="R")
    pdf.ln(ROW_H)


def render_report(
    company: Company,
    financials: dict[int, YearFinancials],
    fiscal_year: int,
    period_end: date,
    doc: str,
    seed: int,
    injection: str | None = None,
) -> RenderedReport:
    """The 10-K of `company` for `fiscal_year`; `financials` must hold the two years before it."""
    three = [financials[fiscal_year - k] for k in range(3)]  # current year first, like filings
    two = three[:2]
    month_day = f"{period_end:%B} {period_end.day}"
    pdf = _ReportPDF(f"{company.legal_name}  |  Form 10-K  |  Fiscal Year {fiscal_year}")
    pdf.set_title(f"{company.legal_name} Form 10-K for the fiscal year ended {long_date(period_end)}")
    pdf.set_author(company.legal_name)
    pdf.set_subject("Annual report on Form 10-K")
    rec = _Recorder(doc=doc, company=company)
    file_number = f"001-3{sum(map(ord, company.ticker)) * 37 % 10000:04d}"

    pdf.add_page()
    _cover(pdf, company, period_end, fiscal_year, file_number)

    pdf.add_page()
    pdf.blocks(business(company, fiscal_year), rec)

    pdf.add_page()
    rec.tag("risk_factors", pdf.page_index)
    pdf.blocks(risk_factors(company, seed), rec)
    rec.tag("risk_factors", pdf.page_index)

    pdf.add_page()
    rec.tag("mdna", pdf.page_index)
    injection_page = None
    for block in mdna(company, three[0], three[1], period_end, injection):
        pdf.blocks([block], rec)
        if injection and block.text == injection:
            injection_page = pdf.page_index
    rec.tag("mdna", pdf.page_index)

    pdf.add_page()
    pdf.blocks(auditor_report(company, period_end, fiscal_year, seed), rec)

    sections = (
        ("income_statement", "Consolidated Statements of Operations", "(in millions, except per share data)",
         f"Fiscal Year Ended {month_day},", three, INCOME_STATEMENT),
        ("balance_sheet", "Consolidated Balance Sheets", "(in millions)", f"As of {month_day},", two, BALANCE_SHEET),
        ("cash_flow", "Consolidated Statements of Cash Flows", "(in millions)",
         f"Fiscal Year Ended {month_day},", three, CASH_FLOWS),
    )
    for tag, title, scale, caption, columns, rows in sections:
        pdf.add_page()
        rec.tag(tag, pdf.page_index)
        pdf.statement(title, company, caption, scale, columns, rows, rec)

    pdf.add_page()
    rec.tag("segment_note", pdf.page_index)
    _segment_note(pdf, company, three, f"Fiscal Year Ended {month_day},")

    return RenderedReport(
        pdf=bytes(pdf.output()),
        pages=pdf.page_no(),
        facts=rec.facts,
        relations=rec.relations,
        page_tags=rec.page_tags,
        injection_page=injection_page,
    )
