"""21 Mutinies: plunder success per shipwreck space and the tavern's rum for each participant, exact
over the dice (two d6 at a wreck, one d6 + 2 at the tavern) with the numbers in decks/mutinies."""

from __future__ import annotations

from fractions import Fraction

from ..dist import Dist, add


def plunder(beat: int) -> dict:
    """Two dice at a wreck space that needs more than `beat`: a treasure if either beats it; the
    captain's extra doubloon if both do."""
    one = Fraction(36 - beat * beat, 36)
    both = Fraction((6 - beat) ** 2, 36)
    return {"treasure": one, "both": both}


def tavern(guests: int, free: int = 1, bonus: int = 2, left: int | None = None, skip: tuple[int, ...] = ()) -> dict:
    """The captain (guest 0) takes `free` rum first; then d6 + bonus rum go round the guests in
    order, one each, while the supply (`left`) lasts; guests in `skip` (the henchman) take none and
    their share stays. Returns each guest's rum distribution."""
    per: list[Dist] = [{} for _ in range(guests)]
    for face in range(1, 7):
        pool = None if left is None else left
        got = [0] * guests
        if guests:
            take = free if pool is None else min(free, pool)
            got[0] += take
            pool = None if pool is None else pool - take
        for unit in range(face + bonus):
            g = unit % guests
            if g in skip:
                continue
            if pool is not None and pool <= 0:
                break
            got[g] += 1
            pool = None if pool is None else pool - 1
        for g in range(guests):
            add(per[g], got[g], Fraction(1, 6))
    return {"rum": [dict(sorted(d.items())) for d in per]}
