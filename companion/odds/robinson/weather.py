"""Robinson Crusoe: the Weather phase's losses, exact over every face of the weather dice the round
rolls (faces from the catalog, which a user's own file can correct), through the engine's own
arithmetic (games/robinson/rules.py: weather_from, face_weather)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from ...games.robinson import rules as R
from ..dist import Dist, add, marginal, prob

DICE = ("rain", "winter", "animals")


def weather(cat, dice, roof: int, food: int, nonperishable: int, wood: int, palisade: int, weapon: int,
            tokens: tuple[int, int, int] = (0, 0, 0)) -> dict:
    """{(wounds each, fighter wounds, food+nonperishable lost, wood lost, palisade lost): p} and its marginals.
    tokens: (rain, winter, storm) tokens already in the Weather space."""
    faces = [cat.die(d).parts[0].faces for d in dice]
    beast = int(cat.rules["weather_beast"]["strength"])
    out: Dist = {}
    w = Fraction(1, 1)
    for f in faces:
        w /= len(f)
    for rolled in product(*faces) if faces else [()]:
        wea = R.weather_from(list(rolled), *tokens)
        o = R.face_weather(wea, roof, food, nonperishable, wood, palisade, weapon, beast)
        key = (o.wounds_each, o.fighter_wounds, food + nonperishable - o.food - o.nonperishable, wood - o.wood,
               palisade - o.palisade)
        add(out, key, w)
    return {
        "joint": out,
        "wounds_each": marginal(out, lambda k: k[0]),
        "fighter": marginal(out, lambda k: k[1]),
        "food": marginal(out, lambda k: k[2]),
        "wood": marginal(out, lambda k: k[3]),
        "palisade": marginal(out, lambda k: k[4]),
        "any_wound": prob(out, lambda k: k[0] > 0 or k[1] > 0),
    }
