"""21 Days: the odds of a roll on an ordinary day when a die may be helped once: a reroll (Aleta for 2
hope, the reroll ability token, Scruffs' reroll token) or a special hope token (±1 or ±2 on one die,
6 and 1 wrapping round, as the Czech rulebook's "6 becomes 5 or 1" and "6 becomes 2 or 4" show).
Special hope tokens are not used on day 21; the Mechanic's ability hands over a bottle card and rerolls
nothing, so it has no odds here.

Which die gets the help, and whether it is used at all, is chosen after seeing the roll, for the best
result on average (the assumption every answer lists): `helped` enumerates every face of the dice and,
for each, every use of the help.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Callable

from ...i18n import N_
from ..dist import Dist, add

SIDES = range(1, 7)
HELPS = ("reroll", "plusminus1", "plusminus2")
NAMES = {"reroll": N_("with a reroll"), "plusminus1": N_("with a ±1 token"), "plusminus2": N_("with a ±2 token")}
ASSUMED = N_("a reroll or a special hope token goes, after the roll, to the die where it helps most on average (or to none)")


def wrap(v: int) -> int:
    return (v - 1) % 6 + 1


def options(faces: tuple, help: str) -> list[Dist]:
    """Every way to use the help on these faces (keeping them as they are first): each a distribution
    over the faces that then count."""
    out: list[Dist] = [{faces: Fraction(1)}]
    for i, v in enumerate(faces):
        if help == "reroll":
            d: Dist = {}
            for w in SIDES:
                add(d, faces[:i] + (w,) + faces[i + 1:], Fraction(1, 6))
            out.append(d)
        else:
            k = 1 if help == "plusminus1" else 2
            for w in (wrap(v + k), wrap(v - k)):
                out.append({faces[:i] + (w,) + faces[i + 1:]: Fraction(1)})
    return out


def helped(n: int, score: Callable[[tuple], object], help: str | None, value: Callable | None = None) -> Dist:
    """The distribution of score(faces) for n dice with one help used at best; value(score) orders the
    outcomes (default: the score itself, higher is better).

    Exact and fast: each face tuple is scored once (a reroll looks at the same tuples again and again), and
    each use is weighed in whole numbers out of 6 (a reroll's six faces 1 each, a kept or turned die 6)."""
    value = value or (lambda s: s)
    scores: dict = {}
    values: dict = {}

    def scored(f: tuple):
        if f not in scores:
            scores[f] = score(f)
            values[f] = value(scores[f])
        return values[f]

    weights: dict = {}
    for faces in product(SIDES, repeat=n):
        best, best_v = [faces] * 6, scored(faces) * 6  # kept as rolled: 6 sixths
        if help:
            for use in _uses(faces, help):
                v = sum(scored(f) for f in use)
                if v > best_v:
                    best, best_v = use, v
        for f in best:
            weights[scores[f]] = weights.get(scores[f], 0) + 1
    scale = 6 ** (n + 1)
    return {x: Fraction(w, scale) for x, w in sorted(weights.items())}


def _uses(faces: tuple, help: str) -> list[list[tuple]]:
    """Every use of the help on these faces (not keeping them as they are), each as the six equally likely
    face tuples that then count: a reroll's six faces, or a turned die six times over."""
    out = []
    for i, v in enumerate(faces):
        if help == "reroll":
            out.append([faces[:i] + (w,) + faces[i + 1:] for w in SIDES])
        else:
            k = 1 if help == "plusminus1" else 2
            for w in (wrap(v + k), wrap(v - k)):
                out.append([faces[:i] + (w,) + faces[i + 1:]] * 6)
    return out


def swim(challenges, help: str | None, ok: Callable[[str, int, int], bool]) -> Dist:
    """A jellyfish swim's stings when one help is kept for the first failed roll it can turn into a pass
    (`ok(op, n, face)` says whether a face passes a challenge). {stings: p}."""
    dist: Dist = {(0, bool(help)): Fraction(1)}
    for op, n in challenges:
        nxt: Dist = {}
        for (stings, left), p in dist.items():
            for v in SIDES:
                q = p / 6
                if ok(op, n, v):
                    add(nxt, (stings, left), q)
                    continue
                if left:
                    assert help is not None  # a help is left only where there was one
                    turned = [d for d in options((v,), help)[1:]]
                    chance = max(sum(pp for f, pp in d.items() if ok(op, n, f[0])) for d in turned)
                    if chance > 0:
                        add(nxt, (stings, False), q * chance)
                        add(nxt, (stings + 1, False), q * (1 - chance))
                        continue
                add(nxt, (stings + 1, left), q)
        dist = nxt
    out: Dist = {}
    for (stings, _left), p in dist.items():
        add(out, stings, p)
    return dict(sorted(out.items()))
