"""The two statistics a strategy comparison needs, exactly, with nothing but `math`.

- `wilson_interval`: a 95% interval for an accuracy measured on n questions. The Wilson
  score interval stays inside [0, 1] and behaves at 0/n and n/n, where the normal
  approximation does not.
- `mcnemar_exact`: were two strategies, run on the same questions, equally often right?
  Only the discordant questions carry information (one right, the other wrong); under the
  null hypothesis each is a fair coin, so the two-sided p-value is a binomial tail,
  computed exactly (the chi-square version is wrong for the handful of discordant
  questions a 70-question run has).
"""

from __future__ import annotations

import math

Z_95 = 1.959963984540054  # standard normal quantile for a two-sided 95% interval


def wilson_interval(correct: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """(low, high) bounds of the Wilson score interval; (0, 1) when nothing was scored."""
    if n <= 0:
        return 0.0, 1.0
    p = correct / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At 0/n and n/n the bound is exactly 0 or 1; floating point lands a hair inside.
    low = 0.0 if correct == 0 else max(0.0, centre - half)
    high = 1.0 if correct == n else min(1.0, centre + half)
    return low, high


def mcnemar_exact(won: int, lost: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts (1.0 when there are none)."""
    n = won + lost
    if n == 0:
        return 1.0
    k = min(won, lost)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)
