"""On-disk embedding cache: (model name, sha256 of text) -> float32 vector, in SQLite.

Re-ingesting a changed filing re-embeds only the chunks whose text changed, and
evaluation runs over the same questions never pay for a query embedding twice.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import numpy as np

# SQLite allows at most 999 host parameters per statement in older builds.
_LOOKUP_BATCH = 500


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EmbeddingCache:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # One connection shared by the threads of this process, guarded by a lock;
        # WAL lets several processes (tests, a CLI run) read while one writes.
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS embeddings ("
            " model TEXT NOT NULL, text_sha256 TEXT NOT NULL, vector BLOB NOT NULL,"
            " PRIMARY KEY (model, text_sha256))"
        )
        self._db.commit()

    def get_many(self, model: str, texts: list[str]) -> dict[str, list[float]]:
        """Cached vectors by text sha256, for the texts that have one."""
        keys = sorted({text_key(t) for t in texts})
        found: dict[str, list[float]] = {}
        with self._lock:
            for start in range(0, len(keys), _LOOKUP_BATCH):
                part = keys[start : start + _LOOKUP_BATCH]
                rows = self._db.execute(
                    "SELECT text_sha256, vector FROM embeddings WHERE model = ?"
                    f" AND text_sha256 IN ({','.join('?' * len(part))})",
                    [model, *part],
                ).fetchall()
                for key, blob in rows:
                    found[key] = np.frombuffer(blob, dtype=np.float32).tolist()
        return found

    def put_many(self, model: str, texts: list[str], vectors: list[list[float]]) -> None:
        rows = [
            (model, text_key(t), np.asarray(v, dtype=np.float32).tobytes())
            for t, v in zip(texts, vectors, strict=True)
        ]
        with self._lock:
            self._db.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?)", rows)
            self._db.commit()

    def __len__(self) -> int:
        with self._lock:
            return self._db.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
