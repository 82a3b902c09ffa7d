"""Robinson Crusoe, guided: from the table's state alone, what happens next and which action an answer makes.

Every step records the same action the single commands (castaway rc ...) record.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...guide import Ask, Step
from ...table import Table
from . import phases as A
from . import action_phase as B
from .state import (EVENT_KINDS, flow, kind_of, needs_dice, next_entry, parse_event, parse_plan,
                             rc, who)
from . import rules as R

CHANGES = ("what changed on the table, e.g. 'wood -1, cook.wounds +1, roof half, storm-token +1' "
           "(Enter: nothing)")
PLAN_HELP = ("one action with who takes it; '+' adds a second pawn (sure success, no dice): "
             "threat-left / threat-right, hunt (2 pawns), shelter / roof / palisade (then wood or fur), weapon, "
             "item NAME (then its cost wood=N fur=N food=N, and 'own' for a character's own Invention), "
             "gather food|wood (then the tile number), explore, arrange, rest. "
             "E.g. 'roof cook+cook', 'explore explorer', 'hunt soldier+friday'")


def _title(t: Table, phase: str) -> str:
    return f"Round {t.data['tracks']['round']} of {rc(t)['rounds']} · {phase}"


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    phase, step = t.data["flags"]["phase"], flow(t).get("step")
    fn = _STEPS.get(f"{phase}/{step}")
    return fn(t, cat) if fn else None


def _adjust(phase: str, title: str, say: str):
    def make(t: Table, cat: GameCatalog) -> Step:
        return Step(_title(t, phase), title, say, Ask("Changes", "text", default="-"),
                    lambda a: A.RcAdjust(a))
    return make


def _event_draw(t, cat):
    menu = "  ".join(f"{i}) {k}" for i, k in enumerate(EVENT_KINDS, 1))
    left = t.data["counters"]["event-deck"]
    return Step(_title(t, "I. Event"), "Draw the top card of the Event deck",
                f"{left} card(s) in the deck. Which came up? {menu} (3-6: an Event card by its icon; add its name and "
                "its threat action's pawns, e.g. '3 Heavy rain 2')",
                Ask("Card", "text"), lambda a: A.RcEvent(*parse_event(a)))


def _event_effect(t, cat):
    card = flow(t)["card"]
    name = card.get("name") or card.get("kind", "card")
    return Step(_title(t, "I. Event"), f"Event effect of {name}",
                "Resolve the card's Event effect at the table; " + CHANGES, Ask("Changes", "text", default="-"),
                lambda a: A.RcAdjust(a))


def _event_threat(t, cat):
    card = flow(t)["card"]
    return Step(_title(t, "I. Event"), f"Threat effect of {card['name']}",
                f"{card['name']} left the Threat Action field: resolve its Threat effect, then discard it; " + CHANGES,
                Ask("Changes", "text", default="-"), lambda a: A.RcAdjust(a))


def _morale(t, cat):
    level = t.data["tracks"]["morale"]
    top = t.limits(cat.tracks["morale"])[1]
    n = R.morale_tokens(level, cat.rules["morale"]["levels"])
    name = who(t, cat, t.seats[rc(t)["first"]])
    if level == top:
        return Step(_title(t, "II. Morale"), f"Morale {level:+d}: the highest", f"{name} (First Player) chooses",
                    Ask("Gain", "choice", choices=(("determination", f"{n} determination"), ("heal", "heal 1 wound")),
                        default="determination"), lambda a: A.RcMorale(a))
    what = f"gains {n} determination" if n > 0 else f"discards {-n} determination" if n < 0 else "neither gains nor discards"
    return Step(_title(t, "II. Morale"), f"Morale {level:+d}", f"{name} (First Player) {what}",
                Ask("Enter to go on"), lambda a: A.RcMorale())


def _produce(t, cat):
    c = t.data["counters"]
    return Step(_title(t, "III. Production"), f"Camp on tile {rc(t)['camp']}",
                f"its sources give {c['camp-food']} food and {c['camp-wood']} wood", Ask("Enter to go on"),
                lambda a: A.RcProduce())


def _plan(t, cat):
    planned = rc(t)["plan"]
    done = "; ".join(f"{p['what']} {who(t, cat, p['by'])}" + ("+" + p["helper"] if p.get("helper") else "")
                     for p in planned) or "nothing yet"
    say = f"Planned: {done}. Next: " + (PLAN_HELP if not planned else "another action, or Enter when done")
    return Step(_title(t, "IV. Action: planning"), "Place the pawns", say,
                Ask("Plan (Enter when every pawn is placed)", "text", default="done"),
                lambda a: B.RcPlanDone() if a.strip().lower() == "done" else B.RcPlan(**parse_plan(t, cat, a)))


def _resolve(t, cat):
    p = next_entry(t)
    k = kind_of(p)
    head = f"{who(t, cat, p['by'])}: {p['what']}" + (f" {p['arg']}" if p.get("arg") else "")
    phase = _title(t, "IV. Action: resolving")
    if k == "threat":
        card = rc(t)["threat"][0 if p["what"] == "threat-left" else 1]
        if card.get("icon") == "wreckage":
            return Step(phase, head, f"{card['name']} with {1 + bool(p.get('helper'))} pawn(s)", Ask("Enter to go on"),
                        lambda a: B.RcResolve())
        return Step(phase, head, f"Pay what {card['name']} asks and take its benefit; " + CHANGES,
                    Ask("Changes", "text", default="-"), lambda a: B.RcResolve(changes=a))
    if k == "hunt":
        return Step(phase, head, "Draw the top Beast card of the Hunting deck. Type its strength, weapon loss, food "
                    "and furs (and palisade loss if shown), e.g. '3 1 2 1'", Ask("Beast", "text"),
                    lambda a: B.RcResolve(beast=a))
    if needs_dice(p):
        return Step(phase, head, "One pawn: roll the 3 Action dice (success, wound, adventure)",
                    Ask("Dice", "dice", dice=R.action_dice(k)), lambda a: B.RcResolve(faces=a))
    if k == "arrange" and rc(t)["arrange_card"]:
        return Step(phase, head, "4 players: 2 determination or morale +1", Ask("Take", "choice", choices=(
            ("determination", "2 determination"), ("morale", "morale +1"))), lambda a: B.RcResolve(choice=a))
    say = {"build": "two pawns: it succeeds", "gather": "two pawns: it succeeds", "explore": "two pawns: it succeeds",
           "arrange": "2 determination and morale +1", "rest": "heal 1 wound"}[k]
    return Step(phase, head, say, Ask("Enter to go on"), lambda a: B.RcResolve())


def _tile(t, cat):
    return Step(_title(t, "IV. Action: resolving"), "Draw the top Island tile",
                "Type its number, terrain and what it shows: food, wood, shelter, beast, mystery, dN (N discovery "
                "tokens), e.g. '5 plains food beast d2'", Ask("Tile", "text"), lambda a: B.RcTile(a))


def _weather_dice(t, cat):
    return Step(_title(t, "V. Weather"), "Which Weather dice?",
                "Look at the Scenario card for this round", Ask("Dice", "choice", multiple=True, choices=(
                    ("rain", "Rain die"), ("winter", "Winter die"), ("animals", "Hungry Animals die"))),
                lambda a: A.RcWeatherDice(tuple(a)))


def _weather_roll(t, cat):
    dice = A.weather_dice(t)
    c = t.data["counters"]
    tokens = ", ".join(f"{c[k]} {k}" for k in ("rain-token", "winter-token", "storm-token") if c[k]) or "no tokens"
    if not dice:
        return Step(_title(t, "V. Weather"), "No weather dice this round", f"Weather space: {tokens}",
                    Ask("Enter to go on"), lambda a: A.RcWeather())
    return Step(_title(t, "V. Weather"), "Roll " + ", ".join(dice), f"Weather space: {tokens}; roof {c['roof']}",
                Ask("Weather dice", "dice", dice=tuple(dice)), lambda a: A.RcWeather(a))


def _eat(t, cat):
    c = t.data["counters"]
    have = c["food"] + c["nonperishable"]
    short = len(t.seats) - have
    if short <= 0:
        return Step(_title(t, "VI. Night"), "Eat", f"{len(t.seats)} food for {len(t.seats)} player(s)",
                    Ask("Enter to go on"), lambda a: A.RcEat())
    if short == len(t.seats):
        return Step(_title(t, "VI. Night"), "No food", "nobody eats: 2 wounds each", Ask("Enter to go on"),
                    lambda a: A.RcEat(tuple(t.seats)))
    return Step(_title(t, "VI. Night"), "Not enough food",
                f"{have} food for {len(t.seats)}: choose {short} who go hungry (2 wounds each)",
                Ask("Hungry", "choice", multiple=True, choices=tuple((s, who(t, cat, s)) for s in t.seats)),
                lambda a: A.RcEat(tuple(a)))


def _camp(t, cat):
    known = ", ".join(k for k in sorted(rc(t)["tiles"]) if k != rc(t)["camp"]) or "none"
    return Step(_title(t, "VI. Night"), "Move the camp?",
                f"Stay on tile {rc(t)['camp']} (Enter) or move to an adjacent tile: its number (known: {known}), or a "
                "new one with what it shows, e.g. '5 plains food wood shelter'",
                Ask("Camp", "text", default="stay"), lambda a: A.RcCamp(None if a == "stay" else a))


def _night_end(t, cat):
    return Step(_title(t, "VI. Night"), "End of the round",
                "Open-air wounds without a shelter, food rots unless stored, the round marker moves on",
                Ask("Is the Scenario's goal met?", "confirm", default=False),
                lambda a: A.RcGoal() if a else A.RcNightEnd())


_STEPS = {
    "event/draw": _event_draw,
    "event/effect": _event_effect,
    "event/threat": _event_threat,
    "morale/morale": _morale,
    "production/produce": _produce,
    "action/plan": _plan,
    "action/resolve": _resolve,
    "action/tile": _tile,
    "action/adventure": _adjust("IV. Action: resolving", "Adventure card", "Resolve the Adventure card; " + CHANGES),
    "weather/dice": _weather_dice,
    "weather/roll": _weather_roll,
    "night/eat": _eat,
    "night/camp": _camp,
    "night/heal": _adjust("VI. Night", "Healing and night effects",
                          "Heal only now (tokens, cards), e.g. 'cook.wounds -1'; " + CHANGES),
    "night/end": _night_end,
}
