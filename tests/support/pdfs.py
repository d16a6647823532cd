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



def flate_bomb(path: Path, inflated_mb: int) -> Path:
    """A one-page PDF whose content stream is about a thousandth of its inflated size
    (`inflated_mb` MB of spaces): the size and page limits let it through."""
    import zlib

    squeeze = zlib.compressobj(9)
    chunk = b" " * 2**20
    data = b"".join(squeeze.compress(chunk) for _ in range(inflated_mb)) + squeeze.flush()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"]
    out, offsets = bytearray(b"%PDF-1.7\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(bytes(out))
    return path
