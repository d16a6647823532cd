"""customer_words: the words of a question about a company's customers, and the flag of an answer that states them
with their shares (read by answering.kinds.classify, answering.kinds.customers and answering.kinds.every_part; no
imports, so none of them imports another for them)."""

from __future__ import annotations

import re

# "Who are the (primary) customers of X", "Who are X's major customers": the item asked is customers
# ("Which single customer accounted for a significant share of its net revenue": the customer its revenues come from)
ASKS_CUSTOMERS = re.compile(r"^\W*who\s+(?:are|were)\s+(?:the\s+)?(?:\w+\s+){0,2}customers\b"
                            r"|^\W*who\s+(?:are|were)\s+\S+['’]s?\s+(?:\w+\s+){0,2}customers\b"
                            r"|^\W*which\s+(?:single\s+|one\s+|major\s+|significant\s+)?customers?\s+"
                            r"(?:each\s+|individually\s+)?(?:accounted|represented|made\s+up|contributed)\b[^?]{0,80}?\b(?:revenues?|sales)\b",
                            re.I)
# the flag of an answer whose every sentence says whom a share of revenue comes from and how large it is: both
# parts of "which customer accounted for a significant share, and how large was it" (answering.kinds.every_part)
WHO_AND_SHARE = "customers_with_their_share"
