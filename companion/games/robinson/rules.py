"""Robinson Crusoe: the rules' arithmetic as pure functions of numbers and faces.

Nothing here touches a table: the actions in phases.py and action_phase.py read the state, call these, and
write the results back, so a later issue can enumerate exact odds from them.
Source: robinson-crusoe-rulebook-en.txt (sections named in each docstring).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import _
from ...valuetype import frozen

PHASES = ("event", "morale", "production", "action", "weather", "night")
# IV.ii Resolving Action: the order in which planned actions are resolved
ORDER = ("threat", "hunt", "build", "gather", "explore", "arrange", "rest")
BUILDS = ("shelter", "roof", "palisade", "weapon", "item")
DICE_COLOUR = {"build": "build", "gather": "gather", "explore": "explore"}


def pay(have: int, need: int) -> tuple[int, int]:
    """Unfulfilled Demand: pay what you can; returns (left, missing). Each missing piece is a wound."""
    paid = min(have, need)
    return have - paid, need - paid


def morale_tokens(level: int, table: dict) -> int:
    """§ II. Morale phase: determination the First Player gains (+) or must discard (-) at a level."""
    return int(table[str(level)])


def fight(weapon: int, strength: int) -> int:
    """§ Fighting a Beast step 1: one wound for each Weapon level short of the Beast's strength."""
    return max(0, strength - weapon)


def half_loss(level: int) -> int:
    """How much a level loses when halved, the loss rounded down (Collapse; § Moving the Camp)."""
    return level // 2


def camp_move(roof: int, palisade: int, shelter_built: bool) -> tuple[int, int]:
    """§ Moving the Camp: with a built Shelter, Roof and Palisade each lose half (rounded down);
    without one, any Roof or Palisade (built on a tile's shelter) drops to 0."""
    if shelter_built:
        return roof - half_loss(roof), palisade - half_loss(palisade)
    return 0, 0


@frozen
class Weather:
    rain: int  # rain clouds from dice and tokens
    winter: int  # winter clouds from dice and tokens
    animals: tuple[str, ...]  # hungry-animal faces: food, palisade, beast
    storms: int


def clouds(face: str) -> tuple[int, int]:
    """A weather face written as clouds: each r a rain cloud, each w a winter cloud ('0' for none)."""
    f = str(face).lower()
    return f.count("r"), f.count("w")


def weather_from(faces: list[str], rain_tokens: int, winter_tokens: int, storms: int) -> Weather:
    rain, winter, animals = rain_tokens, winter_tokens, []
    for f in faces:
        if f in ("food", "palisade", "beast"):
            animals.append(f)
            continue
        r, w = clouds(f)
        rain += r
        winter += w
    return Weather(rain, winter, tuple(animals), storms)


@dataclass
class Outcome:
    """What the weather did: resources and levels after it, and the wounds each player takes."""

    food: int
    nonperishable: int
    wood: int
    palisade: int
    wounds_each: int
    fighter_wounds: int
    lines: list[str]


def face_weather(w: Weather, roof: int, food: int, nonperishable: int, wood: int, palisade: int,
                 weapon: int, beast_strength: int) -> Outcome:
    """§ V. Weather phase, in its order: winter wood, then clouds over the Roof, then the hungry
    animals, the Storm last. Every piece that cannot be paid is one wound for each player."""
    lines: list[str] = []
    each = 0
    if w.winter:
        wood, miss = pay(wood, w.winter)
        each += miss
        lines.append(_("{n} winter cloud(s): {burnt} wood burnt").format(n=w.winter, burnt=w.winter - miss)
                     + (_(", {n} missing").format(n=miss) if miss else ""))
    total = w.rain + w.winter
    open_ = max(0, total - roof)
    if total:
        lines.append(_("{n} cloud(s) against roof {roof}: {open} unprotected").format(n=total, roof=roof, open=open_))
    if open_:
        food, nonperishable, miss_f = _eat(food, nonperishable, open_)
        wood, miss_w = pay(wood, open_)
        each += miss_f + miss_w
        lines.append(_("{food} food and {wood} wood used against the weather").format(food=open_ - miss_f, wood=open_ - miss_w)
                     + (_(", {n} missing").format(n=miss_f + miss_w) if miss_f + miss_w else ""))
    fighter = 0
    for a in w.animals:
        if a == "food":
            food, nonperishable, miss = _eat(food, nonperishable, 1)
            each += miss
            lines.append(_("hungry animals: -1 food") + (" " + _("(none left: 1 wound each)") if miss else ""))
        elif a == "palisade":
            palisade, miss = pay(palisade, 1)
            each += miss
            lines.append(_("hungry animals: palisade -1") + (" " + _("(at 0: 1 wound each)") if miss else ""))
        else:
            fighter += fight(weapon, beast_strength)
            lines.append(_("hungry animals: a beast of strength {strength} against weapon {weapon}: {n} wound(s) to the "
                           "one who fights").format(strength=beast_strength, weapon=weapon, n=fight(weapon, beast_strength)))
    for _storm in range(w.storms):
        palisade, miss = pay(palisade, 1)
        each += miss
        lines.append(_("storm: palisade -1") + (" " + _("(at 0: 1 wound each)") if miss else ""))
    return Outcome(food, nonperishable, wood, palisade, each, fighter, lines)


def _eat(food: int, nonperishable: int, n: int) -> tuple[int, int, int]:
    """Discard n food, the perishable first; returns (food, nonperishable, missing)."""
    food, rest = pay(food, n)
    nonperishable, miss = pay(nonperishable, rest)
    return food, nonperishable, miss


def eat(food: int, nonperishable: int, n: int) -> tuple[int, int, int]:
    return _eat(food, nonperishable, n)


def action_dice(what: str) -> tuple[str, str, str]:
    """§ Important: a single pawn rolls the three Action dice of its action's colour."""
    c = DICE_COLOUR[what]
    return f"{c}-success", f"{c}-wound", f"{c}-adventure"


def read_action_dice(faces: list[str]) -> tuple[bool, bool, bool]:
    """(success, wounded, adventure) from the success, wound and adventure dice."""
    s, w, a = (str(f).lower() for f in faces)
    return s == "success", w == "wound", a == "adventure"


def event_deck_size(rounds: int) -> int:
    """§ Setup: ceil(rounds / 2) cards from each of the two piles."""
    return 2 * -(-rounds // 2)
