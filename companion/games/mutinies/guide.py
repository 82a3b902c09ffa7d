"""21 Mutinies: the guided game. From the table's state alone: what happens next, and its question.

Every answer becomes the same action the single commands (castaway mutinies ...) record.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import UsageError
from ...guide import Ask, Step
from ...table import Table
from . import core as core
from .actions import Place, Plunder, Raid, Routes, Take, Tavern, Town, Trade
from .sailors import Cabin, Mutiny
from .cards import LAST, Compulsory, DrawCard
from .core import ACTION_NAMES, HENCHMAN, captain, flow, name, rule
from .score import STEPS, Score, ScoreCards, end_cards

TIP = "Treasures and voluntary cards: castaway mutinies treasure / play (then castaway play again)."


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    phase = core.derived_phase(t)
    if phase in ("captain", "sailors"):
        return _routes_step(t) or _place_step(t, cat)
    if phase == "resolve":
        return _resolve_step(t, cat)
    if phase == "mutiny-card":
        return _card_step(t, cat)
    if phase == "scoring":
        return _score_step(t, cat)
    return None


def _round(t: Table) -> str:
    final = " (the final round)" if flow(t)["final_round"] == core.rnd(t) else ""
    return f"Round {core.rnd(t)}{final}"


def _routes_step(t: Table) -> Step | None:
    unknown = [i + 1 for i, sq in enumerate(flow(t)["routes"]) if sq["token"] and sq["cost"] is None]
    if not unknown:
        return None
    squares = ", ".join(map(str, unknown))
    return Step(_round(t), "Trade routes",
                f"Jewel tokens lie face up on squares {squares}: type what each costs, left to right",
                Ask(f"Costs of squares {squares} (e.g. 2d 1d1r 0)", "text"),
                lambda a: Routes(tuple(str(a).replace(",", " ").split())))


def _place_step(t: Table, cat: GameCatalog) -> Step:
    seat = core.next_placer(t)
    f = flow(t)
    spots = core.legal_spots(t, cat, seat)
    choices = tuple((s, core.spot_label(cat, t, *core.parse_spot(s))) for s in spots)
    if seat == captain(t):
        covered = f" The pirate token covers {ACTION_NAMES[f['pirate']]}." if f["pirate"] else ""
        say = f"{name(t, seat)} is captain and chooses the action.{covered} {TIP}"
        title = "The captain's action"
    elif seat == HENCHMAN:
        say = f"The captain, {name(t, captain(t))}, places the henchman (the captain pays his costs; he keeps nothing)."
        title = "The henchman"
    else:
        say = f"{name(t, seat)} follows the captain ({ACTION_NAMES[f['action']]}), takes the cabin or mutinies."
        title = "A sailor's choice"
    if not choices:
        raise UsageError(f"{name(t, seat)} has no legal space: correct the table (castaway set ...) and try again")
    return Step(_round(t), title, say, Ask("Where does the pawn go?", "choice", choices=choices),
                lambda a, seat=seat: Place(seat, a))


def _resolve_step(t: Table, cat: GameCatalog) -> Step:
    item = flow(t)["queue"][0]
    kind = item["kind"]
    p = flow(t)["placed"][item["i"]] if "i" in item else None
    who = name(t, p["seat"]) if p else ""
    head = f"{_round(t)}: resolving"
    if kind == "routes":
        return Step(head, "Raid on the trade routes",
                    f"{who} pays {core.cost_text(p['owes'][:2])} and takes the jewel of square {p['space']}",
                    Ask("Enter to go on"), lambda a: Take())
    if kind == "beyond":
        if p["seat"] == HENCHMAN:
            return Step(head, "Raid beyond the routes", "The henchman draws a jewel and discards it face up",
                        Ask("Enter to go on"), lambda a: Raid(True))
        return Step(head, "Raid beyond the routes", f"{who} draws a jewel from the stack and looks at it",
                    Ask(f"Does {who} keep it? (n: discard it face up, {p['paid'][0]} doubloons back)", "confirm", default=True),
                    lambda a: Raid(bool(a)))
    if kind == "wreck":
        beat = rule(cat, "wreck")["beats"][p["space"] - 1]
        return Step(head, "Plunder shipwrecks", f"{who} on space {p['space']} rolls both dice: one must show more than {beat}",
                    Ask("Dice", "dice", dice=("2d6",)), lambda a: Plunder(a))
    if kind == "tavern":
        return Step(head, "Tavern", f"{name(t, captain(t))} takes 1 free rum, then rolls one die: die + 2 rum go round",
                    Ask("Die", "dice", dice=("d6",)), lambda a: Tavern(a))
    if kind == "cabin":
        cab = rule(cat, "cabin")
        choices = [("prestige", "1 prestige"), ("doubloon", "1 doubloon from the bank")]
        if core.value(t, p["seat"], "doubloons") >= cab["buy_pay"]:  # a menu lists only what can be paid
            choices.append(("buy", f"pay {cab['buy_pay']} doubloons for {cab['buy_prestige']} prestige"))
        if len(core.on(t, "cabin")) == 1:
            choices += [(f"steal:{s}", f"steal 1 doubloon from {name(t, s)}") for s in core.players(t)
                        if s != p["seat"] and core.value(t, s, "doubloons") >= cab["doubloon"]]
        return Step(head, "Cabin", f"{who} is in the cabin", Ask(f"What does {who} take?", "choice", choices=tuple(choices)),
                    lambda a: Cabin(*a.split(":")) if ":" in a else Cabin(a))
    if kind == "mutiny":
        return Step(head, "Mutiny", "The mutineers pay (or, unable to pay, get nothing); the top payer becomes captain",
                    Ask("Enter to go on"), lambda a: Mutiny())
    space = p["detail"].partition(":")[0]
    if kind == "market" or space == "market":
        return _trade_step(t, cat, head, p, who)
    if space == "theft" and p["seat"] != HENCHMAN:
        routes = flow(t)["routes"]
        choices = [("stack", "draw a jewel from the stack, free")]
        choices += [(str(i + 1), f"take square {i + 1}'s token, paying {core.cost_text(sq['cost'])}")
                    for i, sq in enumerate(routes)
                    if sq["token"] and sq["cost"] is not None and core.can_pay(t, p["seat"], *sq["cost"])]
        return Step(head, "Town: theft", f"{who} steals a jewel",
                    Ask("Which?", "choice", choices=tuple(choices)), lambda a: Town(a))
    return Step(head, f"Town: {core.TOWN_NAMES[space]}", f"{who} visits the town", Ask("Enter to go on"), lambda a: Town(None))


def _trade_step(t: Table, cat: GameCatalog, head: str, p: dict, who: str) -> Step:
    combo = p["detail"] if p["action"] == "market" else p["detail"].partition(":")[2]
    cap = min(rule(cat, "market")["max_rum"], core.value(t, p["seat"], "rum"))
    say = (f"{who} reveals {core.COMBO_NAMES[combo]} and may add rum: at most {cap}, and no more than the rum symbols"
           " on the tokens traded")
    chart = (cat.rules.get("market-chart", {}).get("chart") or {}).get(combo)
    if chart:
        return Step(head, "Black market", say, Ask("Rum added", "number", lo=0, hi=cap, default=0), lambda a: Trade(int(a)))

    def make(answer):
        bits = str(answer).replace(",", " ").split()
        if len(bits) != 3 or not all(b.isdecimal() for b in bits):
            raise UsageError(f"answer {answer!r}: type rum added, doubloons and prestige from the board's chart, e.g. 1 4 1")
        return Trade(int(bits[0]), f"{bits[1]},{bits[2]}")

    return Step(head, "Black market", say + ". castaway has no copy of the board's chart: read the payout from it",
                Ask("Rum added, then the chart's doubloons and prestige (e.g. 1 4 1)", "text"), make)


def _card_step(t: Table, cat: GameCatalog) -> Step:
    f = flow(t)
    head = f"{_round(t)}: the new captain"
    if f["compulsory"]:
        card = cat.deck("mutiny").card(f["compulsory"]["card"])
        who = name(t, f["compulsory"]["seat"])
        return Step(head, card.name, f"Compulsory: {card.effect}",
                    Ask(f"Does {who} play it? (n: refuse it and lose 2 prestige)", "confirm", default=True),
                    lambda a: Compulsory(bool(a)))
    who = name(t, f["draw"])
    if f["deck_left"] == 1:
        return Step(head, "The Last Mutiny", f"{who} draws the last card of the deck: the Last Mutiny",
                    Ask("Enter to go on"), lambda a: DrawCard(None))
    choices = tuple((c.id, c.name) for c in cat.deck("mutiny").cards if c.id != LAST)
    return Step(head, "Mutiny card", f"{who} draws a mutiny card ({f['deck_left']} left)",
                Ask("Which card?", "choice", choices=choices), lambda a: DrawCard(a))


def _score_step(t: Table, cat: GameCatalog) -> Step:
    step, seat = flow(t)["scoring"]["todo"][0]
    head = "Final scoring"
    title = f"Step {step}: {STEPS[step]}"
    if step == 1:
        n = core.value(t, seat, "treasure")
        return Step(head, title, f"{name(t, seat)} turns over {n} treasure token(s)",
                    Ask("Which? (prestige, doubloons, rum, jewel, exchange:PAY:GAIN; comma-separated)", "text"),
                    lambda a: Score(a))
    if step == 5:
        n = len(end_cards(t, cat, seat))
        return Step(head, title, f"{name(t, seat)} reveals {n} end-of-game card(s)",
                    Ask("Prestige they give", "number", lo=0, hi=3 * n, default=0), lambda a: ScoreCards(int(a)))
    return Step(head, title, "castaway does this step for everyone", Ask("Enter to go on"), lambda a: Score())
