"""21 Days: setup and the consequences the rules make automatic.

Sources: 21-days-rulebook-en.txt and 21-dni-pravidla-cs.txt (the Czech edition fills the
English text's gaps: setup strength roll, one hope each, difficulty start).
"""

from __future__ import annotations

from ..catalog import GameCatalog
from ..errors import RuleError, UsageError, did_you_mean
from ..table import Table, new_table

COLOURS = ("red", "yellow", "blue", "green")
DIFFICULTIES = ("green", "orange", "red")


def setup(cat: GameCatalog, options: dict, seed: int) -> Table:
    """The table after setup, from the choices made (options) and the seed for virtual dice.

    options: survivors {colour: id} (missing colours drawn at random), strength {colour: [top, bottom]}
    (missing ones rolled), difficulty, players [names], scruffs (bool), shark6 (bool), edition.
    """
    t = new_table(cat, COLOURS, options, seed, edition=options.get("edition", "en"))
    rng = t.rng()
    chosen = dict(options.get("survivors") or {})
    if options.get("scruffs"):
        if chosen.get("green", "scruffs") != "scruffs":
            raise UsageError("Scruffs Up! puts Scruffs in the green seat; drop --survivor for green or drop --scruffs")
        chosen["green"] = "scruffs"
    for colour in COLOURS:
        pick = chosen.get(colour)
        pool = [c.id for c in cat.characters.values() if c.role == colour and not c.get("dog")]
        if pick is None:
            pick = rng.choice(sorted(pool))
        elif pick not in cat.characters:
            raise UsageError(f"survivor {pick!r} is not in 21 Days; " + did_you_mean(pick, cat.characters))
        elif cat.characters[pick].role != colour:
            raise UsageError(
                f"survivor {pick!r} is {cat.characters[pick].role}, not {colour}: one survivor of each colour"
            )
        t.seat_values(colour)["survivor"] = pick
    players = list(options.get("players") or [])
    for i, colour in enumerate(COLOURS):
        if players:
            t.seat_values(colour)["player"] = players[i % len(players)] if len(players) < 4 else players[i]
    typed = options.get("strength") or {}
    for colour in COLOURS:
        if t.seat_values(colour)["survivor"] == "scruffs":
            t.seat_values(colour)["strength"] = [cat.rules["setup"]["scruffs_strength"]]
            continue
        dice = typed.get(colour)
        if dice is None:
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
        t.seat_values(colour)["strength"] = list(dice)
        t.seat_values(colour)["hope"] = cat.rules["setup"]["hope_each"]
    difficulty = options.get("difficulty", "orange")
    if difficulty not in DIFFICULTIES:
        raise UsageError(f"difficulty {difficulty!r}: accepted: {', '.join(DIFFICULTIES)} (red is hardest)")
    t.data["tracks"]["ship"] = cat.rules["ship_start"][difficulty]
    if options.get("shark6"):
        t.data["limits"]["shark"] = [1, 6]
        t.data["tracks"]["shark"] = 6
    t.data["flags"]["starting"] = options.get("starting", "red")
    for deck in ("bottle", "disaster", "jellyfish", "swap", "scruffs"):
        d = t.deck(deck)
        if deck == "bottle" and not options.get("promos"):
            promo = [c.id for c in cat.deck("bottle").cards if c.get("promo")]
            d["out"] = [c for c in d["draw"] if c.split(":")[0] in promo]
            d["draw"] = [c for c in d["draw"] if c not in d["out"]]
        if deck == "scruffs" and not options.get("scruffs"):
            d["out"], d["draw"] = d["draw"], []
        rng.shuffle(d["draw"])
    t.data["dead"] = []
    return t


def strength_total(t: Table) -> int:
    return sum(sum(t.seat_values(s)["strength"]) for s in t.seats)


def settle(t: Table, cat: GameCatalog) -> None:
    """A survivor whose last strength die is gone dies: hope back to the bag, bottle card reshuffled."""
    dead = t.data.setdefault("dead", [])
    for seat in t.seats:
        if seat in dead or t.alive(seat):
            continue
        dead.append(seat)
        vals = t.seat_values(seat)
        vals["hope"] = 0
        bottle = t.deck("bottle")
        held = bottle["held"].pop(seat, [])
        if held:
            bottle["draw"].extend(held)
            t.rng().shuffle(bottle["draw"])
    for seat in t.seats:
        vals = t.seat_values(seat)
        if vals.get("survivor") == "scruffs" and vals.get("hope", 0) > 0:
            raise RuleError("Scruffs cannot hold hope tokens: give them to the other survivors")
