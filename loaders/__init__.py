"""PDF file -> LoadedDocument (cleaned pages, DocumentMeta, Chunks with provenance)."""

from loaders.document import load_document, read_document
from loaders.errors import LoadError
from loaders.manifest import DocumentHints, read_manifest
from loaders.pdf_text import PdfOptions

__all__ = ["DocumentHints", "LoadError", "PdfOptions", "load_document", "read_document", "read_manifest"]
