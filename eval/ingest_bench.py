"""`finrag bench ingest`: pages/s and chunks/s per stage and end to end, plus re-ingest time.

For each corpus (FinanceBench PDFs and a generated sample corpus by default):
1. each stage ALONE on the same files: parse+chunk (loaders), embed (the model, on a
   sample of the chunks with an empty cache, under torch and under ONNX Runtime side by
   side with the agreement of their vectors: the rate is extrapolated to all chunks and
   labelled so), sparse vectors, upsert (the embedded store, a throwaway one);
2. the real pipeline end to end into a fresh store with an empty embedding cache;
3. the same files again (unchanged): what a re-run costs.

Targets: end to end within 1.3x the slowest stage alone (parsing overlaps embedding);
re-ingest of an unchanged corpus < 5% of the first ingest.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from finrag.config import Settings, load_settings
from finrag.console import table_text
from finrag.embeddings import Embedder, get_embedder
from finrag.models import LoadedDocument
from finrag.sparse import document_vector
from finrag.store import open_store
from indexing.pipeline import ingest_paths
from indexing.plan import StageSeconds
from loaders.files import expand_paths

FINANCEBENCH_PDFS = Path(__file__).resolve().parents[1].parent / "shared" / "financebench" / "pdfs"
EMBED_SAMPLE = 256  # chunks embedded for the stage-alone rate


@dataclass
class Row:
    corpus: str
    stage: str
    seconds: float
    pages: int
    chunks: int
    note: str = ""

    def cells(self) -> list[str]:
        rate = lambda n: f"{n / self.seconds:.1f}" if self.seconds > 0 and n else "-"  # noqa: E731
        return [self.corpus, self.stage, f"{self.seconds:.2f}", str(self.pages), str(self.chunks),
                rate(self.pages), rate(self.chunks), self.note]


def _load_all(files: list[Path]) -> tuple[list[LoadedDocument], float]:
    from loaders import LoadError, load_document

    started = time.perf_counter()
    loaded = []
    for path in files:
        try:
            loaded.append(load_document(path))
        except LoadError:
            continue  # the end-to-end run reports these; stages measure what loads
    return loaded, time.perf_counter() - started


def _embed_sample(texts: list[str]) -> list[str]:
    step = max(1, len(texts) // EMBED_SAMPLE)
    return list(dict.fromkeys(texts[::step]))[:EMBED_SAMPLE]


def _embed_rate(embedder: Embedder, texts: list[str]) -> tuple[float, int]:
    """Seconds per chunk with an empty cache, measured on a spread sample of `texts`."""
    sample = _embed_sample(texts)
    embedder.encoder.encode(sample[:8])  # warm-up: first call pays one-off allocations
    started = time.perf_counter()
    embedder.encoder.encode(sample)
    return (time.perf_counter() - started) / max(len(sample), 1), len(sample)


RUNTIMES = ("torch", "onnx", "torch+int8", "onnx+int8")


def runtime_rows(name: str, texts: list[str], pages: int, settings: Settings) -> list[Row]:
    """The bundled model under each runtime (torch and ONNX Runtime, fp32 and dynamic int8)
    on the same chunks, side by side.

    Rounds alternate (torch, onnx, torch+int8, onnx+int8, then again) so all see the same
    machine load; the note gives each one's speed against torch fp32 and the agreement of
    its vectors with torch fp32's (cosine of each chunk's two vectors)."""
    import numpy as np

    from finrag.embeddings import LocalEncoder, OnnxEncoder, onnx_model_path

    model, batch, cache = settings.embedding_model, settings.embedding_batch, settings.cache_dir
    encoders = {
        "torch": LocalEncoder(model, batch, quantize=False),
        "onnx": OnnxEncoder(model, batch, onnx_model_path(model, cache)),
        "torch+int8": LocalEncoder(model, batch, quantize=True),
        "onnx+int8": OnnxEncoder(model, batch, onnx_model_path(model, cache, quantize=True), quantize=True),
    }
    sample = _embed_sample(texts)
    seconds = dict.fromkeys(encoders, 0.0)
    vectors = {}
    for encoder in encoders.values():
        encoder.encode(sample[:8])  # warm-up
    for _ in range(2):
        for runtime, encoder in encoders.items():
            started = time.perf_counter()
            vectors[runtime] = np.asarray(encoder.encode(sample), dtype=np.float32)
            seconds[runtime] += (time.perf_counter() - started) / 2
    per_chunk = {runtime: s / max(len(sample), 1) for runtime, s in seconds.items()}
    rows = [Row(name, "embed alone (torch)", per_chunk["torch"] * len(texts), pages, len(texts),
                f"rate from {len(sample)} chunks, load {os.getloadavg()[0]:.1f}")]
    for runtime in RUNTIMES[1:]:
        cosines = (vectors["torch"] * vectors[runtime]).sum(axis=1)
        rows.append(Row(
            name, f"embed alone ({runtime})", per_chunk[runtime] * len(texts), pages, len(texts),
            f"{per_chunk['torch'] / per_chunk[runtime]:.2f}x torch's speed; cosine to torch mean "
            f"{cosines.mean():.4f}, min {cosines.min():.4f}",
        ))
    return rows


def bench_corpus(name: str, files: list[Path], settings: Settings) -> list[Row]:
    rows: list[Row] = []
    loaded, parse_s = _load_all(files)
    pages = sum(d.meta.pages for d in loaded)
    chunks = [c for d in loaded for c in d.chunks]
    texts = [c.embed_text for c in chunks]
    rows.append(Row(name, "parse+chunk alone", parse_s, pages, len(chunks),
                    f"{len(loaded)}/{len(files)} files loaded"))

    embedder = get_embedder(settings)
    if settings.embedding_url or settings.embedding_quantize:
        per_chunk, sampled = _embed_rate(embedder, texts)
        rows.append(Row(name, "embed alone", per_chunk * len(texts), pages, len(chunks),
                        f"rate from {sampled} chunks"))
    else:
        rows += runtime_rows(name, texts, pages, settings)

    started = time.perf_counter()
    sparse = [document_vector(t) for t in texts]
    rows.append(Row(name, "sparse alone", time.perf_counter() - started, pages, len(chunks)))

    with tempfile.TemporaryDirectory(prefix="finrag-bench-upsert-") as tmp:
        upsert_settings = settings.with_overrides(store_dir=Path(tmp) / "store")
        dense = [[1.0] + [0.0] * (embedder.dim - 1)] * len(chunks)  # vectors don't change write cost
        with open_store(upsert_settings, dim=embedder.dim) as store:
            started = time.perf_counter()
            offset = 0
            for doc in loaded:
                n = len(doc.chunks)
                store.replace_document(doc.meta, doc.chunks, dense[offset:offset + n], sparse[offset:offset + n])
                offset += n
            store.optimize()
            rows.append(Row(name, "upsert alone", time.perf_counter() - started, pages, len(chunks),
                            f"{store.engine}, optimize() included"))

    with tempfile.TemporaryDirectory(prefix="finrag-bench-e2e-") as tmp:
        # Empty embedding cache and store: the first ingest pays for everything.
        e2e_settings = settings.with_overrides(store_dir=Path(tmp) / "store", cache_dir=Path(tmp) / "cache")
        timings = StageSeconds()
        started = time.perf_counter()
        reports = ingest_paths(files, e2e_settings, timings=timings)
        first_s = time.perf_counter() - started
        done = [r for r in reports if r.status == "ingested"]
        slowest = max(rows, key=lambda r: r.seconds)
        rows.append(Row(name, "end to end (first ingest)", first_s, sum(r.pages for r in done),
                        sum(r.chunks or 0 for r in done),
                        f"{first_s / slowest.seconds:.2f}x slowest stage ({slowest.stage}); target <= 1.3x"))
        rows.append(Row(name, "  of which embed (in pipeline)", timings.embed, timings.pages, timings.chunks))
        rows.append(Row(name, "  of which upsert (in pipeline)", timings.upsert, timings.pages, timings.chunks))
        rows.append(Row(name, "  of which graph (in pipeline)", timings.graph, timings.pages, timings.chunks))

        started = time.perf_counter()
        again = ingest_paths(files, e2e_settings)
        again_s = time.perf_counter() - started
        unchanged = sum(r.status == "unchanged" for r in again)
        rows.append(Row(name, "re-ingest unchanged", again_s, 0, 0,
                        f"{100 * again_s / first_s:.1f}% of first ingest; {unchanged}/{len(again)} "
                        "unchanged; target < 5%"))
    return rows


def format_rows(rows: list[Row]) -> str:
    header = ["corpus", "stage", "seconds", "pages", "chunks", "pages/s", "chunks/s", "note"]
    return table_text(header, [r.cells() for r in rows], right=header[2:7])


def _default_corpora(limit: int | None, workdir: Path) -> list[tuple[str, list[Path]]]:
    corpora = []
    if FINANCEBENCH_PDFS.is_dir():
        corpora.append(("financebench", expand_paths([FINANCEBENCH_PDFS])[:limit]))
    from samples import generate_corpus

    sample = generate_corpus(workdir / "sample", companies=4, years=2, seed=7)
    corpora.append(("sample", expand_paths([sample / "pdfs"])[:limit]))
    return corpora


def run_cli(args) -> int:
    """`finrag bench ingest [PATH...] [--limit N]`."""
    settings = load_settings()
    with tempfile.TemporaryDirectory(prefix="finrag-bench-") as tmp:
        if args.paths:
            corpora = [("given", expand_paths(args.paths)[: args.limit])]
        else:
            corpora = _default_corpora(args.limit, Path(tmp))
        rows: list[Row] = []
        for name, files in corpora:
            print(f"benchmarking {name}: {len(files)} file(s)...", flush=True)
            rows += bench_corpus(name, files, settings)
            print(format_rows(rows), flush=True)  # a long run shows each corpus as it finishes
    print(f"\nembedding model: {get_embedder(settings).name}, documents embedded with "
          f"{settings.embedding_runtime} in the pipeline (FINRAG_EMBEDDING_RUNTIME); "
          "pages/s and chunks/s are per wall-clock second on this machine")
    return 0
