"""A caption that hands over to its table ("... were as follows (dollars in millions):") states
nothing itself, so it never stands as the sentence that answers a part.

Real filing: APPLE_2020_10K (financebench-extra), whose gross margin section opens with
"Products and Services gross margin and gross margin percentage for 2020, 2019 and 2018 were
as follows (dollars in millions):".
"""

from __future__ import annotations

import pytest

from answering.kinds.sentences import sentences
from finrag.models import LoadedDocument, SearchHit
from loaders.document import load_document


@pytest.fixture(scope="module")
def apple(financebench_extra_dir) -> LoadedDocument:
    return load_document(financebench_extra_dir / "pdfs" / "APPLE_2020_10K.pdf")


def test_a_caption_of_a_table_is_no_sentence(apple):
    chunk = next(c for c in apple.chunks if "gross margin percentage for 2020, 2019 and 2018 were as follows" in c.text)
    found = [s.text for s in sentences([SearchHit(chunk=chunk, score=1.0)], ["Apple"])]
    assert found  # the page's prose is read ...
    assert not any("as follows" in s for s in found)  # ... its caption is not
