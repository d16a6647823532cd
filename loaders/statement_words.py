"""A statement's own words in the languages the vocabulary knows besides English.

The words are DATA: the `languages` table of finrag/data/vocabulary.yaml (titles, the notes
column's heading, header and month words, interim periods, whole units, the per-share heading).
This module only turns them into what the statement readers match with, once per process, so
every reader (page tags, the fact reader, the answer-time row reader) reads a statement in
Indonesian the same way, and a new language is a new table, not new code.
"""

from __future__ import annotations

import re

from finrag.vocabulary import load_vocabulary

_WORDS = load_vocabulary().statement_words()


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _phrases(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of the phrases, as whole words, spaces and brackets as printed ("9 (Sembilan) Bulan")."""
    if not words:
        return re.compile(r"(?!x)x")
    alternatives = sorted((r"\s*".join(re.escape(w) for w in phrase.split()) for phrase in words), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.I)


# Month names of other languages -> month number ("desember" -> 12); English months are each reader's own.
MONTHS: dict[str, int] = dict(_WORDS.months)
# Words a column-header or period line may hold besides dates ("Catatan", "Rp", "dan", "per").
HEADER_WORDS: frozenset[str] = frozenset(w.lower() for w in (*_WORDS.header_words, *_WORDS.note_heading))
# The notes column's heading ("Catatan"; "Catatan/" over "Notes" in a bilingual statement).
NOTE_HEADINGS: frozenset[str] = frozenset(w.lower() for w in _WORDS.note_heading)
# A title line naming a period shorter than a year ("Untuk Periode Enam Bulan ...").
INTERIM = _phrases(tuple(phrase for phrase, _ in _WORDS.interim))
# Each of those phrases with the months it names ("Periode 9 (Sembilan) Bulan" -> 9).
INTERIM_MONTHS: tuple[tuple[re.Pattern[str], int], ...] = tuple(
    (_phrases((phrase,)), months) for phrase, months in _WORDS.interim)
# A unit line saying the amounts are whole currency units ("(Dalam Rupiah Penuh)").
WHOLE_UNITS = _phrases(_WORDS.whole_units)
# The earnings-per-share heading ("Laba per lembar saham"), English's with the others; not any
# "per share" (a par value "Rp 100 per Saham" heads no per-share rows).
PER_SHARE = _phrases(("earnings per share", "income per share", "loss per share", "earnings per common share",
                      "income per common share", "earnings (loss) per share", *_WORDS.per_share))
# Statement titles, letters only, per page tag ("laporanposisikeuangan" -> "balance_sheet").
TITLES: dict[str, tuple[str, ...]] = {
    tag: tuple(sorted({_letters(t) for t in titles}, key=len, reverse=True)) for tag, titles in _WORDS.titles.items()
}


def title_kind(line: str) -> str | None:
    """The statement a title line names in another language: the line is the title, with
    "Konsolidasian" / "(Lanjutan)" around it at most ("LAPORAN POSISI KEUANGAN KONSOLIDASIAN
    (Lanjutan)"); never a line that mentions one ("diakui pada laporan laba rugi konsolidasian.")."""
    stripped = re.sub(r"\((?:lanjutan|continued)\)", "", line, flags=re.I).strip()
    if not stripped or len(stripped) > 80 or stripped.endswith((".", ",", ":", ";")) or not stripped[0].isupper():
        return None
    key = _letters(stripped)
    for tag, titles in TITLES.items():
        if key in titles:
            return tag
    return None


# Schedule I's title: "CONDENSED FINANCIAL INFORMATION OF PARENT / OF REGISTRANT", "... OF PG&E
# CORPORATION ("PARENT")", "parent company only": the parent's own statements, whose lines
# (inventories, investing cash flows, total assets) are no consolidated figure
_PARENT_ONLY = re.compile(r"financialinformationof[a-z]{0,40}?(?:parent|registrant)|parent(?:company)?only")
_HEAD_LINES = 12  # a statement's title block


def parent_only(text: str) -> bool:
    """The page's (or chunk's) title block names the parent's own statements, not the consolidated ones."""
    return _PARENT_ONLY.search(_letters(" ".join(text.splitlines()[:_HEAD_LINES]))) is not None


# The notes' own title, letters only, English's with the others ("catatanataslaporankeuangankonsolidasian").
NOTES_TITLE = re.compile(r"(?:notesto(?:the)?(?:consolidated|combined)?(?:interim)?(?:condensed)?financialstatements"
                         + "".join(f"|{re.escape(_letters(t))}" for t in _WORDS.notes_titles) + r")(?:continued|lanjutan)?")
