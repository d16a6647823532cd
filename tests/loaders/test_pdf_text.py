"""Bad input fails with a reason a person understands; odd-but-readable input loads."""

from __future__ import annotations

import pytest
from pypdf import PdfReader, PdfWriter

from finrag.config import Settings, load_settings
from loaders import LoadError, read_document
from loaders.inspect import inspect_paths
from loaders.pdf_text import PdfOptions

TEXT = "Revenue grew in fiscal 2022 because customers bought more of our products.\nNet revenue 86,392 79,474"


def _reason(path, options=None) -> str:
    with pytest.raises(LoadError) as caught:
        read_document(path, options=options)
    return caught.value.reason


def test_zero_byte_file(tmp_path):
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    assert _reason(path) == "empty file (0 bytes)"


def test_text_file_renamed_pdf(tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_text("Quarterly notes, not a PDF at all\n")
    reason = _reason(path)
    assert reason.startswith("not a PDF: starts with")
    assert "Quarterly notes" in reason


def test_truncated_pdf(make_pdf, tmp_path):
    whole = make_pdf("whole.pdf", [TEXT] * 3).read_bytes()
    path = tmp_path / "truncated.pdf"
    path.write_bytes(whole[:400])
    reason = _reason(path)
    assert reason.startswith("corrupt or truncated PDF")


def test_a_file_cut_off_in_its_cross_reference_table_is_read(make_pdf, tmp_path):
    whole = make_pdf("whole.pdf", [TEXT] * 3).read_bytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(whole[: whole.rindex(b"\nxref") + 40])  # every object, half an index ("\n": not startxref)
    meta, pages = read_document(path)
    assert meta.repaired == "file cut off in its cross-reference table: read after rebuilding it"
    assert len(pages) == 3 and "Net revenue 86,392 79,474" in pages[2].text


def test_a_real_filing_cut_off_in_its_index_is_read(financebench_extra_dir):
    # Downloaded incomplete: the last cross-reference table stops mid-line.
    meta, pages = read_document(financebench_extra_dir / "pdfs" / "INTEL_2023_8K_dated-2023-08-16.pdf")
    assert (meta.company, meta.form, meta.report_date, len(pages)) == ("Intel", "8-K", "2023-08-16", 5)
    assert meta.repaired == "file cut off in its cross-reference table: read after rebuilding it"


def _encrypt(source, target, user_password: str, algorithm: str = "AES-128") -> None:
    writer = PdfWriter(clone_from=PdfReader(source))
    writer.encrypt(user_password=user_password, owner_password="owner-secret", algorithm=algorithm)
    with open(target, "wb") as handle:
        writer.write(handle)


def test_encrypted_pdf_needs_password(make_pdf, tmp_path):
    path = tmp_path / "locked.pdf"
    _encrypt(make_pdf("plain.pdf", [TEXT]), path, user_password="pw")
    reason = _reason(path)
    assert "encrypted" in reason and "password" in reason


def test_encrypted_pdf_with_empty_user_password_is_read(make_pdf, tmp_path):
    path = tmp_path / "owner-only.pdf"
    _encrypt(make_pdf("plain.pdf", [TEXT]), path, user_password="")
    _meta, pages = read_document(path)
    assert "Net revenue 86,392 79,474" in pages[0].text


def _cut_in_its_index(path):
    whole = path.read_bytes()
    path.write_bytes(whole[: whole.rindex(b"\nxref") + 40])  # every object, half an index, no trailer
    return path


@pytest.mark.parametrize(("user_password", "algorithm"), [("", "RC4-128"), ("", "AES-128"), ("pw", "AES-256")])
def test_an_encrypted_file_cut_off_in_its_index_is_called_truncated_and_encrypted(make_pdf, tmp_path, monkeypatch,
                                                                                  user_password, algorithm):
    """Its trailer held the /Encrypt and /ID its key is made from: the pages are ciphertext,
    never OCR'd page by page and then called scanned."""
    import loaders.pdf_text

    def no_ocr(*args):
        raise AssertionError("a truncated encrypted file was sent to OCR")

    monkeypatch.setattr(loaders.pdf_text, "_ocr", no_ocr)
    path = tmp_path / "locked.pdf"
    _encrypt(make_pdf("plain.pdf", [TEXT] * 3), path, user_password=user_password, algorithm=algorithm)
    reason = _reason(_cut_in_its_index(path))
    assert reason.startswith("truncated encrypted PDF"), reason
    assert "scanned" not in reason


def test_an_aes256_file_cut_off_in_its_index_is_read(make_pdf, tmp_path):
    # AES-256 keys do not depend on the trailer's /ID: naming the encryption dictionary
    # in the rebuilt trailer is enough.
    path = tmp_path / "owner-only.pdf"
    _encrypt(make_pdf("plain.pdf", [TEXT] * 3), path, user_password="", algorithm="AES-256")
    meta, pages = read_document(_cut_in_its_index(path))
    assert len(pages) == 3 and "Net revenue 86,392 79,474" in pages[2].text
    assert meta.repaired == "file cut off in its cross-reference table: read after rebuilding it"


def _options(**settings) -> PdfOptions:
    return PdfOptions.from_settings(load_settings(**settings))


def test_limits_on_pages_and_bytes_come_from_settings(make_pdf):
    path = make_pdf("three.pdf", [TEXT] * 3)
    assert _reason(path, _options(pdf_max_pages=2)) == "too many pages: 3 exceeds the limit of 2 (FINRAG_PDF_MAX_PAGES)"
    megabytes = path.stat().st_size / 2**20
    reason = _reason(path, _options(pdf_max_mb=megabytes / 2))
    assert reason == (
        f"file too large: {megabytes:.3g} MB exceeds the limit of {megabytes / 2:.3g} MB (FINRAG_PDF_MAX_MB)"
    )
    _meta, pages = read_document(path, options=_options(pdf_max_pages=3, pdf_max_mb=megabytes))  # at the limit
    assert len(pages) == 3


def test_limits_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("FINRAG_PDF_MAX_PAGES", "7")
    monkeypatch.setenv("FINRAG_PDF_MAX_MB", "0.5")
    assert PdfOptions.from_settings(load_settings()) == PdfOptions(max_pages=7, max_bytes=2**19)
    assert PdfOptions() == PdfOptions.from_settings(Settings())  # no settings given: Settings' defaults


def test_an_over_limit_file_fails_with_its_reason_while_the_others_load(make_pdf, tmp_path):
    make_pdf("a-short.pdf", [TEXT])
    make_pdf("b-long.pdf", [TEXT] * 4)
    make_pdf("c-short.pdf", [TEXT.replace("2022", "2023")] * 2)
    reports = inspect_paths([tmp_path], workers=1, options=_options(pdf_max_pages=3))
    assert [(r.doc, r.status, r.reason) for r in reports] == [
        ("a-short", "ok", ""),
        ("b-long", "failed", "too many pages: 4 exceeds the limit of 3 (FINRAG_PDF_MAX_PAGES)"),
        ("c-short", "ok", ""),
    ]


def test_duplicate_file_is_reported_as_such(make_pdf, tmp_path):
    first = make_pdf("a.pdf", [TEXT])
    (tmp_path / "b.pdf").write_bytes(first.read_bytes())
    reports = inspect_paths([tmp_path], workers=1)
    assert [r.status for r in reports] == ["ok", "ok"]
    assert reports[0].reason == ""
    assert reports[1].reason == "duplicate of a.pdf (same content)"


def test_pages_are_zero_based_and_rows_stay_on_one_line(make_pdf):
    path = make_pdf("rows.pdf", ["first page text", "Purchases of property, plant and equipment (1,577) (1,373) (1,420)"])
    meta, pages = read_document(path)
    assert meta.pages == 2
    assert [p.number for p in pages] == [0, 1]
    assert "Purchases of property, plant and equipment (1,577) (1,373) (1,420)" in pages[1].text.split("\n")


def test_pypdf_can_be_the_first_extractor_and_pdfium_still_repairs(financebench_extra_dir):
    from loaders.cleaning import clean_pages

    path = financebench_extra_dir / "pdfs" / "MCDONALDS_2023Q1_EARNINGS.pdf"  # tables: the layouts differ
    _meta, pages = read_document(path, options=_options(pdf_extractor="pypdf"))
    by_pypdf = clean_pages([page.extract_text() for page in PdfReader(path).pages])
    by_pdfium = [p.text for p in read_document(path)[1]]
    assert [p.text for p in pages] == by_pypdf != by_pdfium
    cut_off = financebench_extra_dir / "pdfs" / "INTEL_2023_8K_dated-2023-08-16.pdf"  # pypdf cannot read it
    assert read_document(cut_off, options=_options(pdf_extractor="pypdf"))[0].repaired
