"""Exact finite distributions: a dict {outcome: Fraction}, built by enumeration, never by sampling.

A distribution is a plain dict whose values are `fractions.Fraction` and sum to 1. The helpers keep
that shape: `die` for a die's faces (a face printed twice counts twice), `push` to advance a
distribution over states by one random step, `marginal` to look at one part of a joint outcome.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any, Callable, Hashable, Iterable, Mapping, TypeVar

from ..i18n import Decimal, decimal_mark

Dist = dict  # {outcome: probability}: any hashable outcomes (faces, states, tuples of counts)
K = TypeVar("K", bound=Hashable)  # an outcome
R = TypeVar("R", bound=Hashable)  # an outcome seen through a function of it


class Weighted(dict):
    """A distribution kept in whole-number weights out of `scale` (exact, and much faster to add up than
    Fractions); `prob` and `marginal` give Fractions back."""

    def __init__(self, weights: dict, scale: int):
        super().__init__(weights)
        self.scale = scale

    def dist(self) -> Dist:
        return {x: Fraction(w, self.scale) for x, w in self.items()}


def _scale(dist) -> int:
    return getattr(dist, "scale", 1)

ONE = Fraction(1)
SIXTH = Fraction(1, 6)


def die(faces: Iterable[K]) -> dict[K, Fraction]:
    """A fair die with these faces; a face printed on several sides weighs that many times."""
    faces = list(faces)
    if not faces:
        raise ValueError("a die needs at least one face")
    out: dict[K, Fraction] = {}
    w = Fraction(1, len(faces))
    for f in faces:
        out[f] = out.get(f, 0) + w
    return out


D6 = die(range(1, 7))


def add(out: dict[K, Any], key: K, p) -> None:
    if p:
        out[key] = out.get(key, 0) + p


def push(dist: Mapping[K, Any], step: Callable[[K], Mapping[R, Any]]) -> dict[R, Any]:
    """One random step applied to every state: sum over states of p(state) * step(state)."""
    out: dict[R, Any] = {}
    for state, p in dist.items():
        for nxt, q in step(state).items():
            add(out, nxt, p * q)
    return out


def walk(start: K, step: Callable[[K], Mapping[K, int]], n: int, den: int) -> Weighted:
    """n random steps from `start`; `step(state)` gives whole-number weights summing to `den`: the result
    is exact, as Weighted (weights out of den**n)."""
    dist: dict[K, int] = {start: 1}
    for _ in range(n):
        out: dict[K, int] = {}
        for state, w in dist.items():
            for nxt, q in step(state).items():
                if q:
                    out[nxt] = out.get(nxt, 0) + w * q
        dist = out
    return Weighted(dist, den**n)


def mapd(dist: Mapping[K, Any], f: Callable[[K], R]) -> dict[R, Fraction]:
    out: dict[R, Any] = {}
    for x, p in dist.items():
        add(out, f(x), p)
    scale = _scale(dist)
    return {x: Fraction(p, scale) for x, p in out.items()}


def marginal(dist: Mapping[K, Any], f: Callable[[K], R]) -> dict[R, Fraction]:
    """The distribution of f(outcome), sorted by outcome."""
    return dict(sorted(mapd(dist, f).items()))


def prob(dist: Mapping[K, Any], pred: Callable[[K], bool]) -> Fraction:
    return Fraction(sum(p for x, p in dist.items() if pred(x)), _scale(dist))


def mean(dist: Dist):
    return sum((x * p for x, p in dist.items()), Fraction(0))


def total(dist: Dist):
    return Fraction(sum(dist.values()), _scale(dist))


def at_least(n: int, k: int, p) -> Fraction:
    """P(at least k successes in n independent trials of chance p)."""
    if k <= 0:
        return ONE
    return sum((comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1)), Fraction(0))


def pct(p, digits: int | None = None) -> str:
    """A chance as a percentage for people: whole percents, one decimal under 10%, '<0.1%' and '>99.9%'
    rather than a rounded 0 or 100 for what can still happen."""
    v = Decimal(float(p) * 100)  # the decimal mark of the table's language
    if digits is not None:
        return f"{v:.{digits}f}%"
    if v == 0 or v == 100:
        return f"{v:.0f}%"
    if v < 0.05:
        return decimal_mark("<0.1%")
    if v > 99.95:
        return decimal_mark(">99.9%")
    if v < 9.95 or v > 99.5:
        return f"{v:.1f}%"
    return f"{v:.0f}%"


def as_json(dist: Dist) -> list[dict]:
    """[{outcome, p (float), exact ('n/d')}] in outcome order."""
    return [{"outcome": x, "p": float(p), "exact": f"{p.numerator}/{p.denominator}" if isinstance(p, Fraction) else None}
            for x, p in sorted(dist.items(), key=lambda kv: _key(kv[0]))]


def _key(x):
    return (0, x) if isinstance(x, (int, float)) else (1, str(x))
