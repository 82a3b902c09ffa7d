"""Is this die fair? Pearson's chi-square goodness-of-fit test, with its p-value, in plain words. Pure.

The p-value is the upper tail of the chi-square distribution, Q(k/2, x/2), the regularized upper
incomplete gamma function, computed here by its power series (x < a + 1) or its continued fraction
(Lentz's method) otherwise; both converge to double precision in a few dozen terms for dice.

Faces that repeat on a die (the 21 Days octopus die has two blank and four tentacle faces) are one
category whose expected share is how many faces show it.
"""

from __future__ import annotations

import math
from collections import Counter

from .errors import RuleError
from .i18n import _
from .valuetype import frozen

ALPHA = 0.01  # "looks biased" below this p-value
HINT = 0.05  # "a hint of bias" between ALPHA and this
MIN_EXPECTED = 5  # the usual rule: every face expected at least 5 times before the test means much

_EPS = 1e-15
_TINY = 1e-300


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a), for a > 0, x >= 0."""
    if a <= 0 or x < 0:
        raise ValueError(f"gamma_q needs a > 0 and x >= 0, got a={a}, x={x}")
    if x == 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        # P(a, x) by the series sum x^n / (a (a+1) ... (a+n))
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Q(a, x) by the continued fraction 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...)))
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return min(1.0, math.exp(log_front) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with df degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    return gamma_q(df / 2, x / 2) if x > 0 else 1.0


def chi_square(observed: list[int], expected_share: list[float]) -> tuple[float, int, float]:
    """(statistic, degrees of freedom, p-value) of observed counts against expected shares."""
    if len(observed) != len(expected_share) or len(observed) < 2:
        raise ValueError("need at least two categories, one share per observed count")
    n = sum(observed)
    total_share = sum(expected_share)
    stat = 0.0
    for o, s in zip(observed, expected_share):
        e = n * s / total_share
        stat += (o - e) ** 2 / e
    df = len(observed) - 1
    return stat, df, chi2_sf(stat, df)


@frozen
class Verdict:
    faces: tuple[str, ...]  # one per category, in the die's order
    counts: tuple[int, ...]
    expected: tuple[float, ...]
    rolls: int
    statistic: float | None
    df: int | None
    p_value: float | None
    enough: bool
    words: str

    def to_dict(self) -> dict:
        return {"faces": list(self.faces), "counts": list(self.counts), "expected": [round(e, 3) for e in self.expected],
                "rolls": self.rolls, "chi_square": self.statistic, "df": self.df, "p_value": self.p_value,
                "enough": self.enough, "verdict": self.words}


def judge(faces: list, rolled: list) -> Verdict:
    """Counts per face of a die with these faces (repeats allowed), the test, and what it means."""
    shares = Counter(str(f) for f in faces)
    cats = list(dict.fromkeys(str(f) for f in faces))
    seen = Counter(str(r) for r in rolled)
    unknown = set(seen) - set(shares)
    if unknown:
        raise RuleError(_("faces {typed} were typed for a die whose faces are now {faces}: its data changed since "
                          "(a file in CASTAWAY_DECKS?); put its faces back to test it").format(
            typed=", ".join(sorted(unknown)), faces=", ".join(cats)))
    n = sum(seen.values())
    counts = tuple(seen.get(c, 0) for c in cats)
    expected = tuple(n * shares[c] / len(faces) for c in cats)
    if len(cats) < 2:
        return Verdict(tuple(cats), counts, expected, n, None, None, None, False,
                       _("a die with one kind of face cannot be tested"))
    need = math.ceil(MIN_EXPECTED * len(faces) / min(shares.values()))
    if n == 0 or min(expected) < MIN_EXPECTED:
        return Verdict(tuple(cats), counts, expected, n, None, None, None, False,
                       _("too few rolls to judge: {n} so far, about {need} needed (each face expected {least} times)").format(
                           n=n, need=need, least=MIN_EXPECTED))
    stat, df, p = chi_square(list(counts), [shares[c] for c in cats])
    # the face most over-represented, in standard units
    lean = max(range(len(cats)), key=lambda i: (counts[i] - expected[i]) / math.sqrt(expected[i]))
    if p < ALPHA:
        words = _("this die looks biased towards {face} (p = {p:.2g}: a fair die would do this less than 1 time in 100)").format(
            face=cats[lean], p=p)
    elif p < HINT:
        words = _("a hint of bias towards {face} (p = {p:.2g}); roll it more before blaming it").format(face=cats[lean], p=p)
    else:
        words = _("no sign of bias (p = {p:.2f})").format(p=p)
    return Verdict(tuple(cats), counts, expected, n, stat, df, p, True, words)
