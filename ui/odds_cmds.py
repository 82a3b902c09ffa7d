"""`castaway GAME odds ...`: exact chances before a roll, from the current game or from values typed here.

Only typer and ui.common at import: the calculators load inside each command, so `castaway status`
stays fast.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion.i18n import _
from ui import games
from ui.common import command, emit_json, out
from ui.text import esc

DAYS21, ROBINSON, MUTINIES, DIESON = (games.odds(g) for g in ("21days", "robinson", "mutinies", "dieson"))

Json = Annotated[bool, typer.Option("--json", help=_("The numbers as JSON (floats and exact fractions)."))]
Strength = Annotated[Optional[str], typer.Option("--strength", help=_("Strength dice per survivor, top first, in raft-spot order: 3/5,2,6/1 (default: the current game)."))]


def render(rep: dict) -> None:
    from ui.charts import bar

    out.print(f"[bold]{esc(rep['title'])}[/]")
    width = max((len(r["label"]) for r in rep["rows"]), default=0)
    for r in rep["rows"]:
        cells = "   ".join(f"{esc(c['name'])} {_pct(c['p']):>5} {bar(c['p'], 1.0, 10):<10}" for c in r["cells"])
        note = f"  [dim]{esc(r['note'])}[/]" if r.get("note") else ""
        out.print(f"  {esc(r['label']):<{width}}  {cells}{note}", markup=True, highlight=False)
    for n in rep.get("notes", []):
        out.print(f"  {n}", markup=False)
    for a in rep.get("assumptions", []):
        out.print(_("  [dim]assumed: {what}[/]").format(what=esc(a)))


def _pct(p: float) -> str:
    from companion.odds.dist import pct

    return pct(p)


def show(rep: dict, as_json: bool) -> None:
    if as_json:
        emit_json(rep)
    else:
        render(rep)


def _table(game: str = "21days"):
    """The current game's table and catalog, refused when another game is on the table."""
    return games.current_table(game, f"{game} odds")


def _crew(strength: Optional[str]):
    from companion.odds.days21 import attacks as d
    from companion.odds.days21.report import parse_stacks

    if strength:
        return d.crew_from_values(parse_stacks(strength))
    t, cat = _table()
    return d.crew_from_table(t, cat)


Pjotr = Annotated[Optional[str], typer.Option("--pjotr", help=_("Pjotr on the raft: his place in --strength and his hope, e.g. 2:4 (default: the current game's)."))]


def _pjotr(text: Optional[str], strength: Optional[str], crew):
    """(Pjotr's index in the crew, his hope), or None."""
    from companion.errors import UsageError

    if text:
        bits = text.split(":")
        if len(bits) != 2 or not all(b.isdigit() for b in bits) or not 1 <= int(bits[0]) <= len(crew.stacks):
            raise UsageError(_("--pjotr {text!r}: write PLACE:HOPE with PLACE 1..{n} in --strength, e.g. 2:4").format(text=text, n=len(crew.stacks)))
        return int(bits[0]) - 1, int(bits[1])
    if strength:
        return None
    from companion.games.days21.core import hope, seat_of

    t, _cat = _table()
    seat = seat_of(t, "pjotr")
    return (crew.index(seat), hope(t, seat)) if seat in crew.seats else None


@command("shark", app=DAYS21)
def shark_cmd(strength: Strength = None, bites: Annotated[int, typer.Option("--bites", min=1, max=4, help=_("Bites still to come."))] = 4,
              pjotr: Pjotr = None, json: Json = False):
    """21 Days: the shark attack on the raft as it stands: per survivor strength lost, a die lost, death.

    Example: castaway 21days odds shark --strength 3/5,2,6/1,1/4
    """
    from companion.odds.days21 import report as r

    crew = _crew(strength)
    show(r.shark(crew, bites, _pjotr(pjotr, strength, crew)), json)


@command("bite", app=DAYS21)
def bite_cmd(fin: Annotated[int, typer.Argument(help=_("The logbook's shark: 1 or 6."))], strength: Strength = None, pjotr: Pjotr = None,
             json: Json = False):
    """21 Days: a single Shark 1 / Shark 6 bite: one bite against strength s wounds with (6-s)/6.

    Example: castaway 21days odds bite 6
    """
    from companion.errors import UsageError
    from companion.odds.days21 import report as r

    if fin not in (1, 6):
        raise UsageError(_("shark {fin}: accepted: 1 or 6 (the logbook's single sharks)").format(fin=fin))
    crew = _crew(strength)
    show(r.bite(crew, fin, _pjotr(pjotr, strength, crew)), json)


@command("octopus", app=DAYS21)
def octopus_cmd(strength: Strength = None, tentacles: Annotated[Optional[int], typer.Option("--tentacles", min=0, max=8, help=_("Tentacles left (default: the current game's)."))] = None,
                pjotr: Pjotr = None, json: Json = False):
    """21 Days: the octopus fight: damage per survivor, tentacles cut (colour tokens break ties).

    Example: castaway 21days odds octopus --strength 3/5,1,5,3 --tentacles 3
    """
    from companion.odds.days21 import report as r

    crew = _crew(strength)
    if tentacles is None:
        tentacles = _table()[0].data["counters"]["tentacles"] if not strength else 8
    show(r.octopus(crew, tentacles, pj=_pjotr(pjotr, strength, crew)), json)


@command("jellyfish", app=DAYS21)
def jellyfish_cmd(who: Annotated[Optional[str], typer.Argument(help=_("The swimmer: a seat or survivor (default: the survivor the game picked)."))] = None,
                  card: Annotated[str, typer.Option("--card", help=_("A card id (swarm-a) or its four challenges: >1,>2,<3,<4."))] = "swarm-a",
                  strength: Annotated[Optional[str], typer.Option("--strength", help=_("The swimmer's dice, top first: 3/5."))] = None,
                  json: Json = False):
    """21 Days: a jellyfish swim for a survivor and card: stings, a die lost, death.

    Example: castaway 21days odds jellyfish maya --card '>1,>2,<3,<4'
    """
    from companion.errors import UsageError
    from companion.games.days21.attacks import parse_challenges
    from companion.odds.days21 import report as r
    from companion.odds.days21.report import parse_stacks

    if any(c in card for c in "<>"):
        challenges, label = parse_challenges(card), card
    else:
        from companion import catalog

        cat = catalog.load("21days")
        spec = cat.deck("jellyfish").card(card.strip().lower())
        if not spec.get("challenges"):
            raise UsageError(_("jellyfish card {card!r} is not in the rulebooks: type its challenges, e.g. --card '>2,<5,>3,<4'").format(card=card))
        challenges, label = [(c[0], int(c[1])) for c in spec.get("challenges")], spec.name
    if strength:
        stack, name = parse_stacks(strength)[0], who or "swimmer"
    else:
        from companion.games.days21.core import flow, seat_arg
        from companion.games.days21.core import name as seat_name

        t, cat = _table()
        j = flow(t).get("jelly") or {}
        seat = seat_arg(t, cat, who) if who else (j.get("who") or flow(t).get("picked"))
        if seat is None:
            raise UsageError(_("say who swims, e.g. castaway 21days odds jellyfish maya (or --strength 3/5)"))
        stack, name = tuple(t.seat_values(seat)["strength"]), seat_name(t, cat, seat)
    show(r.jellyfish(name, tuple(stack), challenges, label), json)


@command("hope", app=DAYS21)
def hope_cmd(dice: Annotated[int, typer.Option("--dice", min=1, max=3, help=_("Placement dice at the Hope location."))] = 3,
             per: Annotated[int, typer.Option("--per", min=1, max=3, help=_("Points a token: 3 (Hope), 1 or 2 (Turtle)."))] = 3,
             empty: Annotated[int, typer.Option("--empty", min=0, max=3, help=_("Rollers holding no hope (a 1 costs them nothing)."))] = 0,
             bag: Annotated[int, typer.Option("--bag", min=0, max=17, help=_("Tokens left in the bag."))] = 16,
             mick: Annotated[bool, typer.Option("--mick", help=_("Mick is among the rollers (1 more token when he gets 3 at once)."))] = False,
             json: Json = False):
    """21 Days: the Hope location for a placement: tokens won, and the 1s paid back with three dice.

    Example: castaway 21days odds hope --dice 3 --mick
    """
    from companion.odds.days21 import report as r

    holders = tuple(i >= min(empty, dice) for i in range(dice))
    show(r.hope(dice, per, holders, bag, mick), json)


@command("fishing", app=DAYS21)
def fishing_cmd(strength: Strength = None, json: Json = False):
    """21 Days: fishing: the fish caught and the strength the raft really gains.

    Example: castaway 21days odds fishing --strength 5,2,6,3
    """
    from companion import catalog
    from companion.odds.days21 import report as r

    crew = _crew(strength)
    cat = catalog.load("21days")
    show(r.fishing(cat.rules["fishing"]["fish"], [s[0] for s in crew.stacks if s]), json)


@command("flares", app=DAYS21)
def flares_cmd(dice: Annotated[int, typer.Option("--dice", min=1, max=3, help=_("Placement dice at the Flare location."))] = 1,
               ship: Annotated[Optional[int], typer.Option("--ship", help=_("The ship's space (default: the current game's)."))] = None,
               day21: Annotated[bool, typer.Option("--day21", help=_("It is day 21: the buoy is open."))] = False, json: Json = False):
    """21 Days: flare attempts: the chance the ship moves, and back with three dice.

    Example: castaway 21days odds flares --dice 3 --ship 6
    """
    from companion import catalog
    from companion.games.days21.core import anchor, buoy, day
    from companion.odds.days21 import report as r

    if ship is None:
        t, cat = _table()
        ship, day21 = t.data["tracks"]["ship"], day21 or day(t) >= 21
    else:
        cat = catalog.load("21days")
    spec = cat.tracks["ship"]
    hi = buoy(cat) if day21 else buoy(cat) - 1
    show(r.flares(dice, ship, spec.min, hi, None if day21 else anchor(cat)), json)


@command("paranoia", app=DAYS21)
def paranoia_cmd(who: Annotated[Optional[str], typer.Argument(help=_("The survivor Paranoia strikes (default: the one picked)."))] = None,
                 strength: Annotated[Optional[str], typer.Option("--strength", help=_("Their dice, top first: 3/5."))] = None,
                 hope: Annotated[Optional[int], typer.Option("--hope", min=0, help=_("Their own hope."))] = None, json: Json = False):
    """21 Days: Paranoia with and without paying hope: a die lost, death, hope spent.

    Example: castaway 21days odds paranoia --strength 2/3 --hope 2
    """
    from companion.errors import UsageError
    from companion.odds.days21 import report as r
    from companion.odds.days21.report import parse_stacks

    if strength:
        stack, name, h = parse_stacks(strength)[0], who or "survivor", hope or 0
    else:
        from companion.games.days21.core import flow, seat_arg
        from companion.games.days21.core import hope as held
        from companion.games.days21.core import name as seat_name

        t, cat = _table()
        p = flow(t).get("paranoia") or {}
        seat = seat_arg(t, cat, who) if who else (p.get("who") or flow(t).get("picked"))
        if seat is None:
            raise UsageError(_("say who, e.g. castaway 21days odds paranoia maya (or --strength 3/5 --hope 1)"))
        stack, name, h = tuple(t.seat_values(seat)["strength"]), seat_name(t, cat, seat), held(t, seat) if hope is None else hope
    show(r.paranoia(name, tuple(stack), h), json)


@command("kid", app=DAYS21)
def kid_cmd(strength: Annotated[Optional[str], typer.Option("--strength", help=_("The Kid's dice, top first: 1/4."))] = None, json: Json = False):
    """21 Days: the Kid's roll: nothing, a lost strength point (and what it costs him), or a choice.

    Example: castaway 21days odds kid --strength 1/4
    """
    from companion.errors import RuleError
    from companion.odds.days21 import report as r
    from companion.odds.days21.report import parse_stacks

    if strength:
        stack = parse_stacks(strength)[0]
    else:
        from companion.games.days21.core import seat_of

        t, _cat = _table()
        seat = seat_of(t, "kid")
        if seat is None:
            raise RuleError(_("The Kid is not on the raft; give --strength to ask anyway"))
        stack = tuple(t.seat_values(seat)["strength"])
    show(r.kid(tuple(stack)), json)


@command("day21", app=DAYS21)
def day21_cmd(need: Annotated[Optional[int], typer.Option("--need", min=0, help=_("Spaces the ship still needs to the buoy."))] = None,
              person: Annotated[Optional[list[str]], typer.Option("--person", help=_("A survivor: STRENGTH:HOPE[:ROLE][:token], e.g. 3/5:2:diva or 4:0 (repeat)."))] = None,
              dolphin: Annotated[bool, typer.Option("--dolphin", help=_("The Dolphin is on the board."))] = False,
              kite: Annotated[Optional[str], typer.Option("--kite", help=_("Kite expansion: pieces on the raft,pieces up, e.g. 3,0."))] = None,
              fresh: Annotated[bool, typer.Option("--before-exhaustion", help=_("Exhaustion (-1 each) is still to come."))] = False,
              limit: Annotated[float, typer.Option("--limit", min=0.1, max=3600, envvar="CASTAWAY_ODDS_LIMIT",
                                                   help=_("Give up after this many seconds (default 60, or $CASTAWAY_ODDS_LIMIT)."))] = 60.0,
              json: Json = False):
    """21 Days, day 21: the chance of rescue when the group plays its best, and the best order of attempts.

    Example: castaway 21days odds day21 --need 2 --person 3/5:2 --person 4:0 --person 2:3:diva
    """
    from companion.errors import UsageError
    from companion.odds.days21 import read as rd
    from companion.odds.days21 import report as r
    from companion.odds.days21 import rescue as rs
    from companion.odds.days21.report import parse_stacks

    if person:
        if need is None:
            raise UsageError(_("with --person, say how far the ship is: --need N (spaces to the buoy)"))
        people, names = [], {}
        for i, p in enumerate(person):
            bits = p.split(":")
            if len(bits) < 2 or not bits[1].isdecimal():
                raise UsageError(_("--person {p!r}: write STRENGTH:HOPE[:ROLE][:token], e.g. 3/5:2:diva").format(p=p))
            role = next((b for b in bits[2:] if b in ("diva", "mick", "rosina", "scruffs")), "")
            seat = f"p{i + 1}"
            people.append((seat, role, parse_stacks(bits[0])[0], int(bits[1]), "token" in bits[2:]))
            names[seat] = role.capitalize() if role else f"survivor {i + 1}"
        k = tuple(int(x) for x in kite.split(",")) + (False,) if kite else None
        if k is not None:
            k = (k[0], k[1], k[1] >= 3)
        res = rs.Rescue(need=need, people=tuple(people), dolphin=dolphin, kite=k, exhausted=not fresh,
                        rosina_open=fresh, names=names)
        show(_searching(lambda: r.day21(res), res, limit, json), json)
        return
    t, cat = _table()
    res = rd.rescue_from_table(t, cat)
    if need is not None:
        res = rs.Rescue(**{**res.__dict__, "need": need})
    show(_searching(lambda: r.day21(res, t, cat), res, limit, json), json)


def _searching(fn, res, limit: float, quiet: bool):
    """Day 21's search, with a spinner on a terminal (a strong raft with the Dolphin and the kite can
    take a while), given up after `limit` seconds with a one-line refusal instead of a hang."""
    from time import perf_counter

    from companion.errors import RuleError
    from companion.odds.days21 import rescue as rs
    from companion.odds.days21.kernel import MOST_STATES
    from companion.odds.days21.search import TooBig, TooLong

    search = rs.Solver(res).search
    search.deadline = perf_counter() + limit
    try:
        if quiet or not out.is_terminal:
            return fn()
        with out.status(_("Searching every play of day 21...")):
            return fn()
    except TooBig:
        raise RuleError(_("day 21's search gave up: this table needs more than {n:g} million states, more memory than the search may take").format(
            n=MOST_STATES / 1e6)) from None
    except TooLong:
        raise RuleError(_("day 21's search gave up after {limit:g} s; --limit SECONDS gives it longer").format(limit=limit)) from None
    finally:
        search.deadline = None


# -- Dieson Crusoe, 21 Mutinies, Robinson Crusoe ------------------------------------------------------


@command("evening", app=DIESON)
def dc_evening_cmd(json: Json = False):
    """Dieson Crusoe: tonight's losses (health, food, roof, fence) over the morning roll and its event.

    Example: castaway dieson odds evening
    """
    from companion.odds import others_report as r

    t, cat = _table("dieson")
    show(r.dieson_evening(cat, t), json)


@command("hunt", app=DIESON)
def dc_hunt_cmd(json: Json = False):
    """Dieson Crusoe: hunting in this area with each unused die, and the boosts it needs.

    Example: castaway dieson odds hunt
    """
    from companion.odds import others_report as r

    t, cat = _table("dieson")
    show(r.dieson_hunt(cat, t), json)


@command("plunder", app=MUTINIES)
def plunder_cmd(json: Json = False):
    """21 Mutinies: the chance of a treasure on each shipwreck space (two dice).

    Example: castaway mutinies odds plunder
    """
    from companion import catalog
    from companion.odds import others_report as r

    show(r.mutinies_plunder(catalog.load("mutinies")), json)


@command("tavern", app=MUTINIES)
def tavern_cmd(guests: Annotated[Optional[int], typer.Option("--guests", min=1, max=5, help=_("Pawns at the tavern, captain first (default: this round's)."))] = None,
               json: Json = False):
    """21 Mutinies: the tavern's rum for each participant (the captain's free rum, then d6 + 2 handed round).

    Example: castaway mutinies odds tavern --guests 3
    """
    from companion import catalog
    from companion.odds import others_report as r

    if guests:
        show(r.mutinies_tavern(catalog.load("mutinies"), [f"guest {i + 1}" for i in range(guests)], None), json)
        return
    from companion.errors import UsageError
    from companion.games.mutinies import core, spots

    t, cat = _table("mutinies")
    placed = spots.on(t, "tavern")
    if not placed:
        raise UsageError(_("nobody is on the tavern this round; give --guests N to ask anyway"))
    names = [core.name(t, p["seat"]) if hasattr(core, "name") else p["seat"] for p in placed]
    skip = tuple(i for i, p in enumerate(placed) if p["seat"] == core.HENCHMAN)
    show(r.mutinies_tavern(cat, names, t.pool_left("rum"), skip), json)


@command("weather", app=ROBINSON)
def rc_weather_cmd(dice: Annotated[Optional[str], typer.Option("--dice", help=_("The weather dice rolled: rain,winter,animals (default: this round's)."))] = None,
                   json: Json = False):
    """Robinson Crusoe: the Weather phase's wounds and losses against the current roof, palisade and resources.

    Example: castaway robinson odds weather --dice rain,winter
    """
    from companion.errors import UsageError
    from companion.odds import others_report as r

    t, cat = _table("robinson")
    if dice is None:
        from companion.games.robinson.phases import weather_dice

        picked = weather_dice(t)
    else:
        picked = [d.strip().lower() for d in dice.split(",") if d.strip()]
        for d in picked:
            if d not in ("rain", "winter", "animals"):
                raise UsageError(_("weather die {die!r}: accepted: rain, winter, animals").format(die=d))
    show(r.robinson_weather(cat, picked, t.data["counters"]), json)
