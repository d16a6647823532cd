"""How a filing words a change of people: a person's name, a role, an action on it.

"Alphabet and Google CFO Ruth Porat will assume the newly created role of President and Chief
Investment Officer", "Skye Anderson is being elevated to President, Global Business Services",
"appointed Shripriya Mahesh as a member of the Board": a personal name (two capitalised words,
neither a title's, an organisation's, a month's nor a sentence opener's), a role and a verb of
appointing, promoting, succeeding or leaving. A quote of what someone said names a person and a
role but changes nothing. Read by the people writer (answering.kinds.people) and by the check
that a part asking which appointments were made is answered (answering.kinds.other_words).
"""

from __future__ import annotations

import re

# a title word, a sentence's opening word or an organisation's word is no part of a person's name
_NOT_A_NAME = frozenset(re.findall(r"\w+",
    "the a an on in as at of for to our its their this that these those we it he she they mr ms mrs dr "
    "chief officer officers executive senior vice president presidents director directors board chair chairman "
    "chairwoman chairperson global group company corporation inc business services financial operating "
    "investment marketing technology transformation franchising development new ventures general counsel "
    "committee annual meeting form item exhibit securities exchange commission united states north south "
    "america americas europe international january february march april may june july august september "
    "october november december monday tuesday wednesday thursday friday street avenue california"))
# (a nickname may stand between the names: 'Patrick ("Pat") Gelsinger')
_NAME = re.compile(r"\b(?:(?:Mr|Ms|Mrs|Dr)\.\s+)?([A-Z][a-z]+(?:\s+\([\"\u201c][A-Z][a-z]+[\"\u201d]\))?(?:\s+[A-Z]\.)?"
                   r"\s+(?:[A-Z][a-z]+-)?(?:Mc|Mac|O['\u2019])?[A-Z][a-z]{2,})\b")
ROLE = re.compile(r"\b(?:Chief\s+(?:[A-Z]\w+\s+){1,3}Officer|CEO|CFO|COO|CTO|CIO|(?:Executive\s+|Senior\s+)?Vice\s+President|"
                  r"President|[Dd]irector|member\s+of\s+(?:the|its|our)\s+Board|Chair(?:man|woman|person)?|General\s+Counsel|"
                  r"Treasurer|Controller|Corporate\s+Secretary)\b")
ACTION = re.compile(r"\b(?:appointed|appoints?|appointing|named|promoted|being\s+promoted|elevated|elected|hired|"
                    r"will\s+(?:become|assume|join|succeed|step\s+down|retire|transition|serve\s+as|lead)|"
                    r"assum(?:ed|es)\s+the\s+(?:\w+\s+){0,3}role|resign\w*|retire[sd]?|retirement|step(?:ping|ped|s)?\s+down|"
                    r"succeed\w*|successor)\b", re.I)
SAID = re.compile(r"\b(?:said|says|commented|added|noted)\s*[:,]|[:,]\s*[\"\u201c]", re.I)


def people(text: str) -> list[str]:
    """The personal names a sentence gives: two or three capitalised words, no word a title's,
    an organisation's, a month's or a sentence opener's."""
    out = []
    for m in _NAME.finditer(text):
        words = re.findall(r"[A-Za-z]+", m.group(1))
        if any(w.lower() in _NOT_A_NAME for w in words):
            continue
        out.append(m.group(1))
    return out


def names_a_change(text: str) -> bool:
    """Whether a sentence states an appointment or an executive change: a person, a role, an
    action on it; a quote of what someone said is no change."""
    return bool(people(text) and ROLE.search(text) and ACTION.search(text) and not SAID.search(text))
