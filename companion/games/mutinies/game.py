"""21 Mutinies: Arrr! Edition: setup, automatic consequences, the outcome and the guided game.

Source: 21-mutinies-rulebook-en.txt. The procedures live in actions (the round),
cards (mutiny cards, treasures) and score (final scoring); the guided game's
questions in guide.
"""

from __future__ import annotations

import random

from ...bounds import digits_in
from ...catalog import GameCatalog
from ...errors import UsageError, did_you_mean
from ...guide import Ask
from ...i18n import _
from ...table import Table, new_table
from ..protocol import option_int, option_words
from . import actions, cards, correct, sailors, score  # noqa: F401  (registers the actions)
from .core import BONUSES, HENCHMAN, derived_phase, players
from .guide import next_step  # noqa: F401  (the guided game)

TRUE = ("1", "yes", "y", "true", "on", "ignore", "ignored")
FALSE = ("0", "no", "n", "false", "off", "use", "read")


def _beyond(cat: GameCatalog, options: dict) -> list[int]:
    raw = options.get("beyond")
    spaces = cat.rules["beyond"]["spaces"]
    if raw in (None, ""):
        return list(cat.rules["beyond"]["costs"])
    bits = option_words(raw)
    if len(bits) != spaces or not all(digits_in(b, 0, 20) for b in bits):
        raise UsageError(_("--opt beyond={raw!r}: give the {spaces} doubloon costs printed beside the spaces, top to bottom, e.g. 1,1,2,2,3")
                         .format(raw=raw, spaces=spaces))
    return [int(b) for b in bits]


def _bonuses(cat: GameCatalog, options: dict) -> dict[str, str]:
    raw = options.get("bonuses")
    if raw in (None, ""):
        return {str(k): v for k, v in cat.rules["prestige-bonuses"]["spaces"].items()}
    out = {}
    for bit in option_words(raw):
        space, _colon, kind = bit.partition(":")
        if not space.strip().isdecimal() or kind.strip() not in BONUSES or not 1 <= int(space) <= 200:
            raise UsageError(_("--opt bonuses={raw!r}: write SPACE:BONUS pairs, e.g. 5:doubloon,10:rum (bonuses: {bonuses})")
                             .format(raw=raw, bonuses=", ".join(BONUSES)))
        out[str(int(space))] = kind.strip()
    return out


def setup(cat: GameCatalog, options: dict, seed: int) -> Table:
    """The table after setup. options: players [names] or count; colours; order; texts; cards; beyond; bonuses."""
    names = option_words(options.get("players"))
    count = len(names) or option_int(options, "count", cat.players[0], cat.players[1], 0)
    if not cat.players[0] <= count <= cat.players[1]:
        raise UsageError(_("21 Mutinies is for {lo}-{hi} players, not {count}: give a --player NAME for each, or --opt count=N")
                         .format(lo=cat.players[0], hi=cat.players[1], count=count or _("none")))
    colours = [c.lower() for c in option_words(options.get("colours"))] or list(cat.seats)[:count]
    for c in colours:
        if c not in cat.seats:
            raise UsageError(_("--opt colours: {seat!r} is not a seat; ").format(seat=c) + did_you_mean(c, cat.seats))
    if len(colours) != count or len(set(colours)) != count:
        raise UsageError(_("--opt colours={raw!r}: name {count} different seats").format(raw=options.get("colours"), count=count))
    t = new_table(cat, colours, options, seed, edition="en")
    for seat, who in zip(colours, names):
        t.seat_values(seat)["player"] = who
    texts = str(options.get("texts", "use")).strip().lower()
    if texts not in TRUE + FALSE:
        raise UsageError(_("--opt texts={texts!r}: accepted: use (play the cards' texts) or ignore").format(texts=texts))
    t.data["options"]["ignore_texts"] = texts in TRUE or count == 2
    order = _order(t, options, colours)
    sc = cat.rules["setup"]
    for i, seat in enumerate(order):
        vals = t.seat_values(seat)
        vals["doubloons"] = sc["captain_doubloons"] if i == 0 else sc["fifth_doubloons"] if i == 4 else sc["sailor_doubloons"]
        vals["rum"] = sc["rum_each"]
        vals["prestige"] = sc["prestige_start"]
    squares = cat.rules["routes"]["spaces"][str(count)]
    t.data["counters"]["jewels"] -= squares
    random_cards = option_int(options, "cards", sc["random_cards"], 44, sc["random_cards"])
    t.data["flow"] = {
        "order": [order[0], HENCHMAN, order[1]] if count == 2 else order,
        "action": None, "pirate": None, "placed": [], "queue": [],
        "routes": [{"token": True, "cost": None} for _square in range(squares)],
        "blocked": {}, "draw": None, "compulsory": None,
        "deck_left": random_cards + 1,
        "cards": {"held": {}, "front": {}, "discard": []},
        "final_round": None, "claimed": {},
        "board": {"beyond": _beyond(cat, options), "bonuses": _bonuses(cat, options)},
        "scoring": None,
    }
    t.data["flags"]["phase"] = "captain"
    return t


def start_order(t: Table) -> list[str]:
    """§ Initial Setup 1b: the turn order track as the game was set up (its first disc the first captain), from
    the setup's own options and seed: the order the table gave, or the one castaway drew (setup's first draw)."""
    options, colours = t.data["options"], list(t.seats)
    if not option_words(options.get("order")) or option_words(options.get("order")) == ["random"]:
        order = list(colours)
        random.Random(f"{t.data['rng'][0]}:0").shuffle(order)
        return order
    names = option_words(options.get("players"))
    return _named_order(options, colours, {n.lower(): s for s, n in zip(colours, names)})


def _order(t: Table, options: dict, colours: list[str]) -> list[str]:
    # the first draw of the game's generator (start_order draws it again for the play log)
    if not option_words(options.get("order")) or option_words(options.get("order")) == ["random"]:
        order = list(colours)
        t.rng().shuffle(order)
        return order
    return _named_order(options, colours, {(t.seat_values(s).get("player") or "").lower(): s for s in colours})


def _named_order(options: dict, colours: list[str], by_name: dict[str, str]) -> list[str]:
    """The turn order the table gave (colours or players' names, captain first), every seat once."""
    raw = option_words(options.get("order"))
    order = []
    for bit in raw:
        key = bit.lower()
        seat = key if key in colours else by_name.get(key)
        if seat is None:
            raise UsageError(_("--opt order: {who!r} is not at this table; ").format(who=bit) + did_you_mean(key, [*colours, *by_name]))
        order.append(seat)
    if sorted(order) != sorted(colours):
        raise UsageError(_("--opt order={raw!r}: list every seat once, captain first").format(raw=options.get("order")))
    return order


def setup_asks(cat: GameCatalog, options: dict):
    """The guided setup's questions (the players' names are asked before these)."""
    if not option_words(options.get("players")):
        yield "count", Ask(_("How many players?"), "number", lo=cat.players[0], hi=cat.players[1], default=3)
    if len(option_words(options.get("players"))) != 2 and str(options.get("count")) != "2":
        yield "texts", Ask(_("Play the mutiny cards' texts? (n: ignore them; 2 doubloons a point at the end)"), "confirm", default=True)
    yield "order", Ask(_("Turn order, captain first, by commas (Enter: castaway draws it at random)"),
                       "text", default="random")
    costs = ",".join(str(c) for c in cat.rules["beyond"]["costs"])
    yield "beyond", Ask(_("Doubloon costs printed beside the 5 spaces beyond the trade routes, top to bottom (Enter: {costs}, a guess)")
                        .format(costs=costs),
                        "text", default=costs)
    bonuses = ",".join(f"{k}:{v}" for k, v in cat.rules["prestige-bonuses"]["spaces"].items())
    yield "bonuses", Ask(_("Bonus spaces on your prestige track as SPACE:BONUS (Enter: {bonuses}, a guess)").format(bonuses=bonuses),
                         "text", default=bonuses)


def setup_answer(cat: GameCatalog, options: dict, key: str, answer) -> None:
    if key == "texts":
        options["texts"] = "use" if answer else "ignore"
    elif key == "order":
        options["order"] = str(answer).strip()
        if option_words(options["order"]) not in ([], ["random"]):  # checked now: a refused answer is asked again
            names = option_words(options.get("players"))
            count = len(names) or int(options.get("count") or 0)
            colours = [c.lower() for c in option_words(options.get("colours"))] or list(cat.seats)[:count]
            _named_order(options, colours, {n.lower(): s for s, n in zip(colours, names)})
    else:
        options[key] = str(answer)


def settle(t: Table, cat: GameCatalog) -> None:
    """The last jewel gone from the stack: this round finishes, then one final round."""
    f = t.data.get("flow")
    if not f:
        return
    if t.data["flags"]["phase"] != "setup" and derived_phase(t) not in ("scoring", "over"):
        if t.data["counters"]["jewels"] == 0 and f["final_round"] is None:
            f["final_round"] = t.data["tracks"]["round"] + 1
    if t.data["flags"]["phase"] != "setup":
        t.data["flags"]["phase"] = derived_phase(t)  # the flag mirrors the flow


def outcome(t: Table, cat: GameCatalog) -> dict:
    seats = players(t) if t.data.get("flow") else t.seats
    over = t.data.get("over") or {}
    return {
        "prestige": {s: t.seat_values(s)["prestige"] for s in seats},
        "doubloons": {s: t.seat_values(s)["doubloons"] for s in seats},
        "winners": over.get("winners", []),
        "rounds": t.data["tracks"]["round"],
        "players": len(seats),
        "card_texts": "ignored" if t.data["options"].get("ignore_texts") else "used",
    }


def check(t: Table, action, cat: GameCatalog) -> None:
    """Corrections are always accepted: a round or phase set by hand puts the table at its start
    (correct.corrected), and the procedures refuse themselves out of their place in the round."""
