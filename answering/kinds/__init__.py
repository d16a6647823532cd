"""Answer kinds: the shape of answer a question asks for, and one extractive writer per kind.

The router decides *how* to search (strategy); this package decides *what shape* the answer
takes (`finrag.models.AnswerKind`), a separate decision recorded in the answer and its trace.

- `classify.py`: question -> `KindDecision` (kind + why), from the question's wording.
- one module per kind (`yes_no.py`, `drivers.py`, `choice.py`, `listing.py`,
  `definition.py`, `not_meaningful.py`), each exposing a `KindWriter`:
  `write(question, hits, understanding, services) -> WrittenAnswer | None`
  (None: this kind's writer found nothing it can stand behind; the caller refuses with the
  reason, it never falls back to quoting look-alike passages).

Every writer is extractive offline: its answer is made of cited sentences and rows, and
with an LLM configured the same kind and evidence go to the LLM writer, whose output is
checked against them.
"""
