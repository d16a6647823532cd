"""defined_term: a term the question quotes, answered by the filing's own definition of it.

An agreement filed with a report defines its terms: "“Arizona Fab” means, collectively, the two
semiconductor wafer fabrication buildings, Fab 52 and Fab 62, ... located on Intel’s Ocotillo campus".
A question that quotes the term ("Which buildings make up the 'Arizona Fab' in Intel's joint-venture
agreement") asks what that definition says. The definition is one sentence of a long exhibit that a
search for the question's words seldom brings back, so every chunk of the filings the search found is
read for the quoted term followed by "means" / "shall mean" / "refers to". Only the asked company's
filings are read, and only a definition of the very term quoted answers.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.citations import cite, unique_citations
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from finrag.models import Chunk, SearchHit
    from retrieval.query_understanding import QueryUnderstanding
    from retrieval.retriever import Retriever

# a term quoted in the question: 'Arizona Fab', "Merger Consideration", “Closing Date” (a capitalised name, as
# agreements define their terms)
_QUOTED_TERM = re.compile(r"(?:(?<=\s)|^)['\"\u2018\u201c](?P<term>[A-Z][\w&.-]*(?:\s+[\w&.-]+){0,5})['\"\u2019\u201d]"
                          r"(?=[\s,.;:?)]|$)")
_MAX_DEFINITION = 800
_ENDS = re.compile(r"\.(?=\s+[\"\u201c(A-Z]|\s*$)")


def quoted_terms(question: str) -> list[str]:
    """The capitalised terms `question` quotes."""
    return [m.group("term") for m in _QUOTED_TERM.finditer(question)]


def _defines(term: str) -> re.Pattern[str]:
    words = r"\s+".join(re.escape(w) for w in term.split())
    return re.compile(rf"[\"\u201c']\s*{words}\s*[\"\u201d']\s+(?:means|shall\s+mean|refers\s+to|is\s+defined\s+as)\b")


def _names_members(term: str) -> re.Pattern[str]:
    """A group the filing names after listing its members, or names and then lists: "Australia, Canada,
    France, Germany and the U.K. are collectively referred to as the "Big Five" international markets",
    "Apple, Google and Meta (together, the "Platforms")", "the Big Five markets (France, Germany, ...)".
    The members are the sentence's own words, so the whole sentence is the definition."""
    words = r"\s+".join(re.escape(w) for w in term.split())
    quoted = rf"[\"\u201c']\s*{words}\s*[\"\u201d']"
    # a parenthesis of members: at least two, separated by commas or "and"
    # (short capitalised names, not a parenthesis of prose: "(Incorporated by reference to Exhibit 2.1 ...)")
    item = r"[A-Z][\w.&'\u2019-]*(?:\s+[A-Z][\w.&'\u2019-]*){0,3}"
    members = rf"\(\s*{item}(?:\s*,\s*(?:and\s+)?{item})*(?:,?\s+and\s+{item})\s*\)"
    return re.compile(
        rf"\b(?:are|is)\s+(?:collectively\s+|together\s+|jointly\s+)?(?:referred\s+to|known|defined)\s+as\s+"
        rf"(?:the\s+)?{quoted}"
        rf"|\((?:together|collectively|jointly)?,?\s*(?:the\s+)?{quoted}\)"
        rf"|(?<![\w\"\u201c']){words}[\"\u201d']?(?:\s+[a-z]+){{0,2}}\s+{members}")


def _definition(chunk: Chunk, defines: re.Pattern[str]) -> str | None:
    """The sentence of `chunk` that defines the term, from the term on."""
    text = " ".join(chunk.text.split())
    for sentence in split_sentences(text):
        if (m := defines.search(sentence)) is None:
            continue
        # a glossary runs its definitions on ("... in the State of Arizona. “Asset Value” of any ..."): this one ends
        # at its own full stop; one the chunk cut before its end is not given
        rest = sentence[m.start():]
        end = _ENDS.search(rest)
        if end is not None and end.end() <= _MAX_DEFINITION:
            return rest[: end.end()].strip()
    return None


# where a sentence that names a group's members starts: after a full stop, or at a footnote's marker
_STARTS = re.compile(r"(?:[.;:]\s+|\*+|\u2020|\u2022|\(\d\)\s*|^)(?=[A-Z\u201c\"])")


def _members_sentence(chunk: Chunk, names: re.Pattern[str]) -> str | None:
    """The sentence of `chunk` that names the group and lists its members, or None."""
    text = " ".join(chunk.text.split())
    for m in names.finditer(text):
        start = [s.end() for s in _STARTS.finditer(text, 0, m.start())]
        begin = start[-1] if start else 0
        end = _ENDS.search(text, m.end())
        stop = end.end() if end is not None else len(text)
        if stop - begin <= _MAX_DEFINITION:
            return text[begin:stop].strip()
    return None


def defines_quoted(part: str, text: str) -> bool:
    """Whether `part` quotes terms and `text` gives the definition of every one."""
    terms = quoted_terms(part)
    return bool(terms) and all(_defines(t).search(text) for t in terms)


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          retriever: Retriever | None) -> WrittenAnswer | None:
    """The definition of each term the question quotes, from the found filings, or None."""
    if len(understanding.companies) != 1:
        return None
    wanted = understanding.companies[0].casefold()
    # (a question quoting the company's own name, 'launched by "TransUnion"', quotes no term to define)
    terms = [t for t in quoted_terms(question) if wanted not in t.casefold() and t.casefold() not in wanted]
    if not terms:
        return None
    docs = list(dict.fromkeys(h.chunk.doc for h in hits if (h.chunk.company or "").casefold() == wanted))
    found: list[tuple[Chunk, str]] = []
    for term in terms:
        defines, names = _defines(term), _names_members(term)

        def read(chunk: Chunk, defines: re.Pattern[str] = defines, names: re.Pattern[str] = names) -> str | None:
            return _definition(chunk, defines) or _members_sentence(chunk, names)

        # the found chunks first, then every chunk of their filings
        chunks = [h.chunk for h in hits if h.chunk.doc in docs]
        definition = next(((c, d) for c in chunks if (d := read(c)) is not None), None)
        if definition is None and retriever is not None:
            definition = next(((c, d) for doc in docs for c in retriever.filing(doc).chunks
                               if (d := read(c)) is not None), None)
        if definition is None:
            return None  # a term quoted and not defined: its meaning is not the filing's to give here
        found.append(definition)
    quoted = " ".join(f'"{d}" ({c.doc} p.{c.page + 1})' for c, d in found)
    # a group defined by its members ("“Family” refers to our Facebook, Instagram, Messenger, and WhatsApp
    # products") is answered by them, ahead of the sentence
    members = _members(found[0][1]) if len(found) == 1 else None
    return WrittenAnswer(status="answered", kind="definition", text=f"{'; '.join(members)}\n\n{quoted}" if members else quoted,
                         citations=unique_citations([cite(c, d) for c, d in found]))


def members_answer(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
                   retriever: Retriever | None) -> WrittenAnswer | None:
    """The definition's answer only when it lists the group's members ("Which countries are its "Big Five"
    markets": quotes that name the group list none of them), else None."""
    if not _ASKS_MEMBERS.search(question):
        return None  # "Besides its "Family" apps, which ...": the group named is not what is asked
    written = write(question, hits, understanding, retriever)
    return written if written is not None and not written.text.startswith('"') else None


# "which products make up the "Family"", "which countries does it refer to as its "Big Five" markets"
_ASKS_MEMBERS = re.compile(r"\b(?:make\s+up|makes\s+up|comprise[sd]?|constitute[sd]?|consists?\s+of|refers?\s+to\s+as|"
                           r"referred\s+to\s+as|are\s+(?:in|part\s+of)|(?:is|are)\s+(?:included\s+in|defined\s+as)|"
                           r"members?\s+of|as\s+defined)\b", re.I)


_MEMBER = r"(?:the\s+)?[A-Z][\w.&'\u2019-]*(?:\s+[A-Z][\w.&'\u2019-]*){0,3}"
# (three members at least, parted by commas: "A and B" may be one name, "the Amended and Restated Credit Agreement")
_MEMBER_LIST = rf"{_MEMBER}(?:\s*,\s*(?!and\b){_MEMBER})+,?\s+and\s+{_MEMBER}"
_LISTS_MEMBERS = (
    # "“Family” refers to our Facebook, Instagram, Messenger, and WhatsApp products"
    re.compile(rf"\b(?:refers\s+to|means)\s+(?:our\s+|its\s+|the\s+)?(?P<list>{_MEMBER_LIST})(?:\s+[a-z]+)?\s*[.;]?$"),
    # "Australia, Canada, France, Germany and the U.K. are collectively referred to as the “Big Five” ..."
    re.compile(rf"^\W*(?P<list>{_MEMBER_LIST})\s+(?:are|is)\s+(?:collectively\s+|together\s+|jointly\s+)?"
               r"(?:referred\s+to|known|defined)\s+as\b"),
)


def _without_full_stop(item: str) -> str:
    return item if re.search(r"\b[A-Z]\.$|\b(?:Inc|Ltd|Corp|Co)\.$", item) else item.rstrip(".")


def _members(definition: str) -> list[str] | None:
    """The members a definition lists, in its order, or None (a definition in prose)."""
    for pattern in _LISTS_MEMBERS:
        if (m := pattern.search(definition)) is not None:
            # (the sentence's full stop is no part of the last member; an abbreviation's is: "the U.K.")
            items = [re.sub(r"^the\s+", "", _without_full_stop(i.strip(" ,")))
                     for i in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("list")) if i.strip(" ,")]
            return items if len(items) >= 2 else None
    return None
