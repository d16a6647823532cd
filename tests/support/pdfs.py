"""Real PDFs for tests, written with fpdf2 from given page texts."""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF


def write_pdf(path: Path, pages: list[str], font_size: float = 7) -> Path:
    """A PDF with one page per text; each text line is one line of the page."""
    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_font("helvetica", size=font_size)
    for text in pages:
        pdf.add_page()
        pdf.set_y(10)
        for line in text.split("\n"):
            pdf.cell(0, font_size * 0.5, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path

