"""Dieson Crusoe: the evening's losses and the hunt, exact over the dice, with the engine's own rules
functions (games/dieson/rules.py) and the board's numbers from decks/dieson.

Evening: before the morning roll the three action dice are random; the smallest moves the event disc
and the event may raise the Weather or Raid die or take food, fence and roof; then eating (a food, or a
health point), the Weather penalty and the Raid penalty of the current area, as the board stands
(whatever the afternoon changes is not known yet). Hunting: for each action die, how many food or
health boosts make the hunt succeed (stars from the die's value, power from character and tools).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ...games.dieson import rules as R
from ..dist import Dist, add, marginal, prob

FACES = range(1, 7)


def evening(cat, weather: int, raid: int, area_card, food: int, roof: int, fence: int, event_pos: int | None,
            fire: bool = False, dice: int = 3) -> dict:
    """{(health lost, food lost, roof lost, fence lost): p} for tonight. event_pos: where the event disc
    stands before the morning roll, or None once today's event has happened."""
    spaces = R.event_spaces(cat)
    out: Dist = {}
    rolls = list(product(FACES, repeat=dice)) if event_pos is not None else [(6,)]
    w = Fraction(1, len(rolls))
    for faces in rolls:
        ev = spaces[R.event_landing(event_pos, min(faces), len(spaces)) - 1] if event_pos is not None else None
        f, r, fe, we, ra = food, roof, fence, weather, raid
        if ev == "food":
            f += 1
        elif ev == "raid+2":
            ra = R.clamp_die(cat, ra + 2)
        elif ev == "weather+2":
            we = R.clamp_die(cat, we + 2)
        elif ev == "lose-food":
            f = max(0, f - 2)
        elif ev == "lose-fence-roof":
            fe, r = max(0, fe - 1), max(0, r - 1)
        if fire and event_pos is not None:
            we = R.clamp_die(cat, we - 1)
        health = 0
        if f > 0:
            f -= 1
        else:
            health += 1
        roofs, hurt = R.weather_penalty(we, r)
        r -= roofs
        health += hurt
        pen = R.raid_penalty(ra, area_card, fe)
        lost_f = min(f, pen.get("food", 0))
        f -= lost_f
        fe -= min(fe, pen.get("fence", 0))
        health += pen.get("health", 0)
        add(out, (health, food - f, roof - r, fence - fe), w)
    return {"joint": out, "health": marginal(out, lambda k: k[0]), "food": marginal(out, lambda k: k[1]),
            "roof": marginal(out, lambda k: k[2]), "fence": marginal(out, lambda k: k[3]),
            "hurt": prob(out, lambda k: k[0] > 0)}


def hunt_boosts(cat, power: int, need: int, value: int, bow: bool = False) -> int | None:
    """The fewest food/health boosts (+1 to the die each) for a hunt to succeed with this die; None if
    no boost reaches (the star tables end: rules.stars.table, then rules.stars.beyond)."""
    top = R.star_top(cat)
    if bow and value == 6:
        return 0
    for k in range(0, top - value + 1):
        if power + R.stars_for(cat, value + k) >= need:
            return k
    return None


def hunt_chance(cat, power: int, need: int, boosts: int, dice: int = 3, bow: bool = False) -> Fraction:
    """Before the roll: the chance that at least one of `dice` action dice can hunt with at most
    `boosts` boosts."""
    ok = sum(1 for v in FACES if (k := hunt_boosts(cat, power, need, v, bow)) is not None and k <= boosts)
    return 1 - Fraction(6 - ok, 6) ** dice
