"""Robinson Crusoe: Adventures on the Cursed Island: setup, automatic consequences, outcome, guided setup.

Source: robinson-crusoe-rulebook-en.txt. The procedures are in phases.py and action_phase.py (importing this
module registers them), the guided game in guide.py, the arithmetic in rules.py.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import UsageError, did_you_mean
from ...guide import Ask
from ...i18n import _, ngettext
from ...table import Table, new_table
from ..protocol import YES, option_words
from . import action_phase, correct, phases  # noqa: F401 (registers the actions)
from . import rules as R
from .guide import next_step  # noqa: F401 (the guided game's entry)
from .state import LEGACY, STARTING_ITEMS, characters_for, follow_corrections, goto, life, parse_schedule, parse_tile, seat_of, unknown_character, who

YES_CS = {"ano": True, "a": True, "ne": False}  # the table's own words in Czech (the y/n of the guided questions too)
OPTIONS = ("players", "characters", "rounds", "friday", "dog", "items", "first", "camp", "weather")


def _yes(options: dict, key: str, default: bool) -> bool:
    v = options.get(key)
    if v is None:
        return default
    if isinstance(v, bool):
        return v
    word = str(v).strip().lower()
    if word not in YES and word not in YES_CS:
        raise UsageError(_("{key}={value!r}: accepted: yes or no").format(key=key, value=v))
    return YES[word] if word in YES else YES_CS[word]


def player_count(options: dict) -> int:
    p = options.get("players")
    if p is None or p == []:
        return 1
    if isinstance(p, int) or (isinstance(p, str) and p.strip().isdecimal()):
        n = int(p)
    else:
        n = len(option_words(p))
    if not 1 <= n <= 4:
        raise UsageError(_("players={value!r}: Robinson Crusoe is for 1 to 4 players").format(value=p))
    return n


def setup(cat: GameCatalog, options: dict, seed: int) -> Table:
    """The table after § Setup, from the choices made (options) and the seed for virtual draws."""
    bad = [k for k in options if k not in OPTIONS]
    if bad:
        raise UsageError(_("option {option!r} is not a Robinson Crusoe setup choice; accepted: {accepted}").format(
            option=bad[0], accepted=", ".join(OPTIONS)))
    n = player_count(options)
    seats = list(cat.seats)[:n]
    t = new_table(cat, seats, options, seed)
    rng = t.rng()
    names = [] if isinstance(options.get("players"), (int, type(None))) or str(options.get("players")).isdecimal() \
        else option_words(options.get("players"))
    pool = characters_for(cat, n)
    chosen = [c.lower() for c in option_words(options.get("characters"))]
    if len(chosen) > n:
        raise UsageError(ngettext("characters={value!r}: {chosen} characters for {n} player",
                                   "characters={value!r}: {chosen} characters for {n} players", n).format(
            value=options["characters"], chosen=len(chosen), n=n))
    for c in chosen:
        if c not in pool:
            if c in characters_for(cat, 4):
                raise UsageError(_("character {name!r}: a 2-player game draws only from {pool}").format(
                    name=c, pool=", ".join(pool)))
            raise unknown_character(cat, c)
        if chosen.count(c) > 1:
            raise UsageError(_("character {name!r} is chosen twice: one card each").format(name=c))
    rest = sorted(set(pool) - set(chosen))
    rng.shuffle(rest)
    for i, seat in enumerate(seats):
        vals = t.seat_values(seat)
        vals["survivor"] = chosen[i] if i < len(chosen) else rest.pop()
        if i < len(names):
            vals["player"] = names[i]
    rounds = _rounds(cat, options.get("rounds"))
    t.data["limits"]["round"] = [1, rounds]
    camp = cat.rules["start_tile"]
    tile = {"tile": str(camp["tile"]), "terrain": camp["terrain"], "food": int(camp["food"]),
            "wood": int(camp["wood"]), "shelter": bool(camp["shelter"])}
    if options.get("camp"):
        given = parse_tile(f"{tile['tile']} {tile['terrain']} {options['camp']}".replace(",", " "))
        tile.update({k: given[k] for k in ("food", "wood", "shelter")})
    t.data["counters"].update({"camp-food": tile["food"], "camp-wood": tile["wood"],
                               "event-deck": R.event_deck_size(rounds)})
    t.data["flags"]["camp-shelter"] = bool(tile["shelter"])
    items = option_words(options.get("items"))
    if len(items) not in (0, 2):
        raise UsageError(_("items={value!r}: name the 2 Starting Items drawn, e.g. items=Hammer,Bible").format(
            value=options["items"]))
    first = 0
    if options.get("first"):
        first = seats.index(seat_of(t, cat, str(options["first"])))
    t.data["rc"] = {
        "rounds": rounds,
        "first": first,
        "friday": _yes(options, "friday", n <= 2),
        "dog": _yes(options, "dog", n == 1),
        "arrange_card": n == 4,
        "threat": [None, {"name": cat.rules["wreckage"]["name"], "pawns": 1, "icon": "wreckage"}],
        "items": [{"name": i, "uses": 2} for i in (items or list(STARTING_ITEMS))],
        "future_items": [],
        "terrains": [tile["terrain"]],
        "tiles": {tile["tile"]: tile},
        "camp": tile["tile"],
        "plan": [],
        "weather": parse_schedule(options.get("weather") or ""),
    }
    goto(t, "morale", "morale")  # § I. Event phase: skipped in the first round
    return t


def _rounds(cat: GameCatalog, value) -> int:
    if value is None or value == "":
        return int(cat.rules["rounds"]["default"])
    hi = cat.tracks["round"].max
    try:
        n = int(str(value).strip())
    except ValueError:
        raise UsageError(_("rounds={value!r}: the number of rounds on the Scenario card, 1..{hi}").format(
            value=value, hi=hi)) from None
    if not 1 <= n <= hi:
        raise UsageError(_("rounds={value!r}: the number of rounds on the Scenario card, 1..{hi}").format(
            value=value, hi=hi))
    return n


def settle(t: Table, cat: GameCatalog) -> None:
    """A character whose life track is full dies, and the game is lost at once (§ End of the game)."""
    if "rc" not in t.data:
        return
    legacy = bool(t.data["rc"].pop(LEGACY, False))  # a schema-3 row: as the code of its time did
    if t.data.get("over"):
        return
    follow_corrections(t)
    set_past = t.data["rc"].get("wounds_set") or {}
    for s in t.seats:  # the rules stop the Wound marker on the track's last space; a correction past it stays
        vals = t.seat_values(s)
        if not legacy and vals["wounds"] > life(t, cat, s) and set_past.get(s) != vals["wounds"]:
            vals["wounds"] = max(life(t, cat, s), set_past.get(s) or 0)
    dead = [s for s in t.seats if t.seat_values(s)["wounds"] >= life(t, cat, s)]
    if dead:  # every character whose track is full died (one blow can fill two tracks): the play marks all
        dead = dead[:1] if legacy else dead
        names = ", ".join(who(t, cat, s) for s in dead)
        t.data["over"] = {"result": "lost", "reason": f"{names} died", "dead": dead[0]}
        t.data["dead"] = dead
        return
    r = t.data["rc"]
    if r["friday"] and t.data["counters"]["friday-wounds"] >= int(cat.characters["friday"].get("life", 6)):
        r["friday"] = False  # Friday is no player's character: his death ends nothing (castaway's reading)
        r["friday_dead"] = True


def outcome(t: Table, cat: GameCatalog) -> dict:
    """What the play log keeps of a finished game."""
    c, f = t.data["counters"], t.data["flags"]
    return {
        "round": t.data["tracks"]["round"],
        "rounds": t.data["rc"]["rounds"],
        "reason": (t.data.get("over") or {}).get("reason", ""),
        "characters": {t.seat_values(s)["survivor"]: t.seat_values(s)["wounds"] for s in t.seats},
        "morale": t.data["tracks"]["morale"],
        "shelter": f["shelter"],
        "roof": c["roof"], "palisade": c["palisade"], "weapon": c["weapon"],
    }


# -- guided setup ------------------------------------------------------------------------------------


def setup_asks(cat: GameCatalog, options: dict):
    """The setup questions, one at a time; later ones depend on the answers already given."""
    if not options.get("players"):
        yield "players", Ask(_("How many players?"), "number", lo=1, hi=4, default=1)
    n = player_count(options)
    pool = characters_for(cat, n)
    for i in range(n):
        taken = option_words(options.get("characters"))
        left = [c for c in pool if c not in taken]
        # each character keeps its number whatever was taken before it (0: drawn at random)
        choices = (("random", _("drawn at random")),) + tuple((c, cat.characters[c].name) for c in left)
        keys = ("0",) + tuple(str(pool.index(c) + 1) for c in left)
        yield f"character:{i}", Ask(_("Character {i} of {n}").format(i=i + 1, n=n), "choice", choices=choices,
                                    keys=keys, default="random")
    seats = list(cat.seats)[:n]
    names = option_words(options.get("players")) if not str(options.get("players") or "").strip().isdigit() else []
    labels = tuple((seat, f"{names[i]} ({_(seat)})" if i < len(names) else _("player {i} ({seat})").format(
        i=i + 1, seat=_(seat)))
                   for i, seat in enumerate(seats))
    if n > 1:  # § Game setup 18: the youngest player takes the First Player token
        yield "first", Ask(_("Who is the youngest player? They take the First Player token"), "choice",
                           choices=labels, default=seats[0])
    yield "rounds", Ask(_("Rounds on the Scenario card"), "number", lo=1, hi=cat.tracks["round"].max,
                        default=int(cat.rules["rounds"]["default"]))
    yield "weather", Ask(_("Weather dice by round from the Scenario card, e.g. '4:rain 7:rain+winter'\n"
                           "  (Enter: castaway asks every round)"), "text", default="ask")
    yield "items", Ask(_("The 2 Starting Items drawn, e.g. 'Hammer, Bible'\n  (Enter: unnamed)"), "text", default="-")
    yield "camp", Ask(_("What tile 8 shows besides the camp: food, wood, shelter"), "text", default="food wood")
    if n == 2 or n == 1:
        yield "friday", Ask(_("Play with Friday?"), "confirm", default=True)
    yield "dog", Ask(_("Play with the dog?"), "confirm", default=n == 1)


def setup_answer(cat: GameCatalog, options: dict, key: str, answer) -> None:
    """Fold one setup answer into the options."""
    if key == "players":
        options["players"] = str(answer)
    elif key.startswith("character:"):
        if answer != "random":
            options["characters"] = [*option_words(options.get("characters")), answer]
    elif key == "first":
        options["first"] = str(answer)
    elif key == "rounds":
        options["rounds"] = str(answer)
    elif key == "weather":
        parse_schedule(answer)
        if answer not in ("ask", "-"):
            options["weather"] = answer
    elif key == "items":
        if answer != "-":
            options["items"] = answer
    elif key == "camp":
        parse_tile(f"8 beach {answer}".replace(",", " "))  # refused now, not when the game is set up
        options["camp"] = answer
    elif key in ("friday", "dog"):
        options[key] = bool(answer)
    elif key == "first":
        options["first"] = answer
    else:  # pragma: no cover - every key above is yielded by setup_asks
        raise UsageError(_("setup question {key!r}; ").format(key=key) + did_you_mean(key, OPTIONS))


def check(t: Table, action, cat: GameCatalog) -> None:
    """Nothing is refused here: every correction is accepted (the table is the truth), a round or phase set by
    one puts the round at the start of it (settle, state.follow_corrections); the procedures refuse
    themselves out of their place (state.expect)."""
