"""Indexing: PDF files -> the store and the knowledge graph. plan (hash, decide) -> load ->
store (embed, graph slice, points); `indexing.pipeline.ingest_paths` runs it, and the
Prefect flow (flows/ingest.py) runs the same steps as tasks."""
