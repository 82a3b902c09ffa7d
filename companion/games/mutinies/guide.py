"""21 Mutinies: the guided game. From the table's state alone: what happens next, and its question.

Every answer becomes the same action the single commands (castaway mutinies ...) record. Steps that
leave nothing to decide ask nothing (Ask kind "none": the loop does them at once, see entry.py). Every
menu keeps one number per option for the whole game (SPOT_KEYS, the cabin's and the theft's keys).
"""

from __future__ import annotations

from dataclasses import replace

from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError
from ...guide import Ask, Step
from ...i18n import N_, _, ngettext
from ...table import Table
from . import core, jewels, placing, purse, rounds, spots
from .actions import BonusJewel, Place, Plunder, Raid, Routes, Take, Tavern, Town, Trade
from .cards import FACE_DOWN, LAST, Compulsory, DrawCard, PlayCard, Treasure, effect_text, give_options, givers
from .core import ACTION_NAMES, COMBO_NAMES, HENCHMAN, TOWN_NAMES, captain, flow, name, rule
from .layout import fit
from .sailors import Cabin, Mutiny
from .score import STEPS, Score, ScoreCards, end_cards

# treasure tokens used from the placement menu (§ The Treasure Tokens: before or after placing), numbered 31-35
# (an exchange token: what it prints is asked next); a voluntary card 40 + its place in the deck
TREASURE_KEYS = {"rum": "31", "prestige": "32", "doubloons": "33", "jewel": "34", "exchange": "35"}
TREASURE_LABELS = {"rum": N_("use a treasure token: +{n} rum"), "prestige": N_("use a treasure token: +{n} prestige"),
                   "doubloons": N_("use a treasure token: +{n} doubloons"), "jewel": N_("turn over a treasure token: a jewel"),
                   "exchange": N_("use an exchange token: doubloons for prestige, as it prints")}
GO = Ask(N_("Enter to go on"))  # nothing to decide: the guided loop goes on at once


def spot_keys() -> dict[str, str]:
    """Each spot's number in the placement menus, the same all game whoever places: the trade-route
    squares 1-5, beyond 6, the shipwrecks 7, the tavern 8, the black market's combinations 9-14, the
    town 15-24, the cabin 25, the mutiny spaces 26-29 (the rulebook's order of the actions)."""
    return {s: str(i) for i, s in enumerate(spots.spot_ids(), 1)}


SPOT_KEYS = spot_keys()
CABIN_KEYS = {"prestige": "1", "doubloon": "2", "buy": "3"}  # steal:SEAT is 4 + the seat's place at the table


def next_step(t: Table, cat: GameCatalog) -> Step | None:
    step = _next(t, cat)
    return None if step is None else replace(step, say=fit(step.say, len(step.title) + 2))  # "Title: say", 80 columns


def _next(t: Table, cat: GameCatalog) -> Step | None:
    if t.data.get("over"):
        return None
    phase = core.derived_phase(t)
    if flow(t).get("exchange"):
        return _exchange_step(t)
    waiting = jewels.bonus_waiting(t) if phase != "scoring" else None
    if waiting:
        return _bonus_jewel_step(t, cat, *waiting)
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
    if flow(t)["final_round"] == core.rnd(t):
        return _("Round {n} (the final round)").format(n=core.rnd(t))
    return _("Round {n}").format(n=core.rnd(t))


def _routes_step(t: Table) -> Step | None:
    unknown = [i + 1 for i, sq in enumerate(flow(t)["routes"]) if sq["token"] and sq["cost"] is None]
    if not unknown:
        return None
    squares = ", ".join(map(str, unknown))
    example = " ".join(("2d", "1d1r", "0", "1r")[:len(unknown)])  # one price a square, as many as are asked
    say = ngettext("A jewel token lies face up on square {squares}: type its price, e.g. 2d, 1r or 1d1r",
                   "Jewel tokens lie face up on squares {squares}: type their prices, left to right, e.g. {example}",
                   len(unknown)).format(squares=squares, example=example)
    # § Initial Setup 8 and § Raiding: On Trade Routes: the tokens are drawn from a shuffled stack, so their
    # prices are the table's, never a default
    hint = ngettext("type the price printed on the token of square {squares} (d doubloons, r rum, 0 free), e.g. 2d, 1r or 1d1r",
                    "type the prices printed on the tokens of squares {squares}, left to right (d doubloons, r rum, "
                    "0 free), e.g. {example}", len(unknown)).format(squares=squares, example=example)
    ask = Ask(ngettext("Price of square {squares} (d doubloons, r rum, 0 free)",
                       "Prices of squares {squares} (d doubloons, r rum, 0 free)",
                       len(unknown)).format(squares=squares), "text", hint=hint, id="mut-prices")
    return Step(_round(t), _("Trade routes"), say, ask, lambda a: Routes.parse(str(a).replace(",", " ").split()))


def _place_step(t: Table, cat: GameCatalog) -> Step:
    seat = rounds.next_placer(t)
    assert seat is not None, "a pawn is left to place while the captain or the sailors place"
    f = flow(t)
    legal = placing.legal_spots(t, cat, seat)
    choices = tuple((s, spots.spot_label(cat, t, *spots.parse_spot(s))) for s in legal)
    if seat == captain(t):
        covered = (" " + _("The pirate token covers {action}.").format(action=_(ACTION_NAMES[f["pirate"]]))
                   if f["pirate"] else "")
        say = _("{who} is captain and chooses the action.").format(who=name(t, seat)) + covered
        title = _("The captain's action")
    elif seat == HENCHMAN:
        say = _("The captain, {who}, places the henchman (the captain pays his costs; he keeps nothing).").format(
            who=name(t, captain(t)))
        title = _("The henchman")
    else:
        say = _("{who} follows the captain ({action}), takes the cabin or mutinies.").format(
            who=name(t, seat), action=_(ACTION_NAMES[f["action"]]))
        title = _("A sailor's choice")
    if not choices:
        raise RuleError(_("{who} has no legal space: the table needs correcting first").format(who=name(t, seat)),
                        next=Next("set", missing=("target",)))
    keys = tuple(SPOT_KEYS[s] for s in legal)
    extra, extra_keys = _uses(t, cat, seat)
    return Step(_round(t), title, say, Ask(_("Where does the pawn go? (a number or a place, e.g. wreck)"), "choice",
                                           choices=choices + extra, keys=keys + extra_keys),
                lambda a: _place_or_use(seat, a), seat=None if seat == HENCHMAN else seat,
                after=lambda r, now: _rum_asked(r, now, cat))


def _rum_asked(result, _after, cat: GameCatalog):
    """Where's my rum? (§ Card Effects: "You can discard 1 or 2 rum"): castaway discards its suggestion, then
    asks how many; Enter keeps it. A treasure token that is a jewel (§ The Treasure Tokens): its colour is
    asked, Enter leaving it not said."""
    if isinstance(result, dict) and result.get("jewel"):
        seat = result["jewel"]
        return _colour_ask(cat, _after, seat), (
            lambda answer: None if answer == jewels.UNKNOWN else Treasure(seat, "jewel", colour=answer))
    if not isinstance(result, dict) or "n" not in result or "seat" not in result:
        return None
    n, seat, most = result["n"], result["seat"], result.get("most", 2)
    ask = Ask(_("How much rum is discarded? 1 to {most}").format(most=most), "number", lo=1, hi=most, default=n)

    def remake(answer):
        return None if answer == n else PlayCard(seat, "wheres-my-rum", int(answer), True)

    return ask, remake


def _uses(t: Table, cat: GameCatalog, seat: str) -> tuple[tuple, tuple]:
    """What the placer may use before placing: a treasure token (the bonus printed on it, as turned
    over), a voluntary mutiny card in hand. (choices, keys)"""
    if seat == HENCHMAN:
        return (), ()
    choices, keys = [], []
    if core.value(t, seat, "treasure") > 0:
        for kind, key in TREASURE_KEYS.items():
            choices.append((f"treasure:{kind}", _(TREASURE_LABELS[kind]).format(n=rule(cat, "treasure").get(kind, ""))))
            keys.append(key)
    if not core.texts_ignored(t):
        deck = cat.deck("mutiny")
        ids = [c.id for c in deck.cards]
        for cid in dict.fromkeys(flow(t)["cards"]["held"].get(seat, [])):
            if cid != FACE_DOWN and deck.card(cid).get("type") == "voluntary" and _playable(t, cat, seat, cid):
                choices.append((f"card:{cid}", _("play {card}").format(card=_(deck.card(cid).name))))
                keys.append(str(40 + ids.index(cid)))
        if not flow(t)["placed"]:  # § Card Effects: "At the beginning of a round", whoever holds the card
            for other in core.players(t):
                for cid in dict.fromkeys(flow(t)["cards"]["held"].get(other, [])):
                    round_key = str(40 + ids.index(cid)) if cid in ids else None
                    if (other != seat and deck.card(cid).get("play") == "round-start" and round_key not in keys
                            and _playable(t, cat, other, cid) and round_key is not None):  # a card of the deck has its key
                        choices.append((f"card:{cid}:{other}", _("{who} plays {card}").format(who=name(t, other), card=_(deck.card(cid).name))))
                        keys.append(round_key)
    return tuple(choices), tuple(keys)


def _bonus_jewel_step(t: Table, cat: GameCatalog, seat: str, space: int) -> Step:
    """A prestige bonus space gave a face-down jewel (§ Initial Setup 1a): its colour, as its owner sees it,
    is asked before the game goes on; Enter leaves it not said."""
    say = _("{who} reached bonus space {space} and drew a jewel from the stack, face down.").format(who=name(t, seat), space=space)
    return Step(_round(t), _("A bonus jewel"), say, _colour_ask(cat, t, seat),
                lambda a: BonusJewel(seat, space, None if a == jewels.UNKNOWN else a), seat=seat)


def _exchange_step(t: Table) -> Step:
    """An exchange token turned over (§ The Treasure Tokens): the doubloons it asks and the prestige it gives,
    as printed on it, asked inside the guided game."""
    seat = flow(t)["exchange"]
    who = name(t, seat)

    def make(answer):
        bits = str(answer).replace(",", " ").replace(":", " ").split()
        if len(bits) != 2 or not all(b.isdecimal() for b in bits):
            raise UsageError(_("answer {answer!r}: type the doubloons the token asks and the prestige it gives, e.g. 3 1")
                             .format(answer=answer))
        return Treasure(seat, "exchange", int(bits[0]), int(bits[1]))

    return Step(_round(t), _("Exchange token"),
                _("{who} turns over an exchange token ({n} doubloons in hand)").format(who=who, n=core.value(t, seat, "doubloons")),
                Ask(_("What does it print? doubloons paid and prestige gained (e.g. 3 1)"), "text",
                    hint=_("type the doubloons the token asks and the prestige it gives, e.g. 3 1"), id="mut-exchange"), make)


def _playable(t: Table, cat: GameCatalog, seat: str, card: str) -> bool:
    """Whether the card may be played now (a menu lists only what the rules take): tried on a copy."""
    from ...engine import apply

    try:
        apply(t, PlayCard(seat, card, effect=True), cat)
    except (RuleError, UsageError):
        return False
    return True


def _place_or_use(seat: str, answer: str):
    """A menu's value (a spot's id, treasure:TOKEN, card:ID) as the typed action it chooses."""
    kind, _colon, what = answer.partition(":")
    if kind == "treasure":
        return Treasure(seat, what)
    if kind == "card":
        cid, _colon, holder = what.partition(":")
        return PlayCard(holder or seat, cid, effect=True)
    return Place(seat, answer)


def plunder_odds(beat: int, is_captain: bool) -> list[str]:
    """The chance of a treasure on a shipwreck space (one of two dice above `beat`), and the captain's
    extra doubloon (both dice above 1)."""
    miss = beat * beat
    lines = [_("a treasure: {got} in 36 ({pct}%); nothing: {miss} in 36").format(
        got=36 - miss, pct=round(100 * (36 - miss) / 36), miss=miss)]
    if is_captain:
        lines.append(_("the captain's extra doubloon (both dice above {beat}): 25 in 36 ({pct}%)").format(
            beat=beat, pct=round(100 * 25 / 36)))
    return lines


def _resolve_step(t: Table, cat: GameCatalog) -> Step:
    item = flow(t)["queue"][0]
    kind = item["kind"]
    p = flow(t)["placed"][item["i"]] if "i" in item else None
    who = name(t, p["seat"]) if p else ""
    head = _("{round}: resolving").format(round=_round(t))
    if kind == "tavern":
        return Step(head, _("Tavern"),
                    _("{who} takes 1 free rum, then rolls one die: die + 2 rum go round").format(who=name(t, captain(t))),
                    Ask(N_("One die"), "dice", dice=("d6",)), lambda a: Tavern.parse(cat, a))
    if kind == "mutiny":
        return Step(head, _("Mutiny"), _("the mutineers pay; who pays the most becomes captain"),
                    GO, lambda a: Mutiny())
    assert p is not None, f"{kind} resolves a placed pawn (rounds.resolution_queue)"
    if kind == "routes":
        make, after = _coloured(t, cat, p["seat"], lambda a: Take())
        return Step(head, _("Raid on the trade routes"), _("{who}, square {n}").format(who=who, n=p["space"]),
                    GO, make, after=after)
    if kind == "beyond":
        if p["seat"] == HENCHMAN:
            return Step(head, _("Raid beyond the routes"), _("The henchman draws a jewel and discards it face up"),
                        GO, lambda a: Raid(True))
        back = p["paid"][0]
        make, after = _coloured(t, cat, p["seat"], lambda a: Raid(bool(a)))
        return Step(head, _("Raid beyond the routes"), _("{who} draws a jewel from the stack and looks at it").format(who=who),
                    Ask(ngettext("Does {who} keep it? (n: discard it face up, {n} doubloon back)",
                                 "Does {who} keep it? (n: discard it face up, {n} doubloons back)", back).format(who=who, n=back),
                        "confirm", default=True),
                    make, after=after)
    if kind == "wreck":
        beat = rule(cat, "wreck")["beats"][p["space"] - 1]
        is_cap = p["seat"] == captain(t)
        return Step(head, _("Plunder shipwrecks"),
                    _("{who} on space {n} rolls both dice: one must show more than {beat}").format(who=who, n=p["space"], beat=beat),
                    Ask(N_("Two dice"), "dice", dice=("2d6",)), lambda a: Plunder.parse(cat, a),
                    odds=lambda: plunder_odds(beat, is_cap))
    if kind == "cabin":
        return _cabin_step(t, cat, head, p, who)
    space = p["detail"].partition(":")[0]
    if kind == "market" or space == "market":
        return _trade_step(t, cat, head, p, who)
    if space == "theft" and p["seat"] != HENCHMAN:
        routes = flow(t)["routes"]
        choices = [("stack", _("draw a jewel from the stack, free"))]
        keys = ["0"]
        for i, sq in enumerate(routes):
            if sq["token"] and sq["cost"] is not None and purse.can_pay(t, p["seat"], *sq["cost"]):
                choices.append((str(i + 1), _("take square {n}'s token, paying {cost}").format(n=i + 1, cost=purse.cost_text(sq["cost"]))))
                keys.append(str(i + 1))
        make, after = _coloured(t, cat, p["seat"], lambda a: Town.parse(t, cat, a))
        return Step(head, _("Town: theft"), _("{who} steals a jewel").format(who=who),
                    Ask(_("Which jewel? (0: the stack, or a square's number)"), "choice", choices=tuple(choices), keys=tuple(keys)),
                    make, after=after)
    return Step(head, _("Town: {space}").format(space=_(TOWN_NAMES[space])), _("{who} visits the town").format(who=who),
                GO, lambda a: Town(None))


def _coloured(t: Table, cat: GameCatalog, seat: str, make):
    """A step whose action may give the seat a jewel: once it has, its colour is asked (§ The Jewel Tokens:
    four colours and wild), Enter leaving it not said (castaway cannot see it: of unknown colour, taken on
    trust at the black market); the answer records the action again with the colour."""
    made: list = []

    def made_by(answer):
        made.append(make(answer))
        return made[-1]

    def after(result, now):
        if seat == HENCHMAN or not made or core.value(now, seat, "jewel") <= core.value(t, seat, "jewel"):
            return None
        return _colour_ask(cat, t, seat), lambda answer: None if answer == jewels.UNKNOWN else replace(made[-1], colour=answer)

    return made_by, after


def _colour_ask(cat: GameCatalog, t: Table, seat: str) -> Ask:
    """Which colour a seat's new jewel is: the four colours and wild by number, 0 or Enter: not said."""
    choices = (*((c, jewels.colour_name(c)) for c in jewels.colours(cat)), (jewels.UNKNOWN, _("not said")))
    return Ask(_("Which colour is {who}'s new jewel? (Enter: not said)").format(who=name(t, seat)), "choice",
               choices=choices, keys=(*(str(i) for i in range(1, len(choices))), "0"), default=jewels.UNKNOWN,
               id="mut-jewel-colour")


def _cabin_step(t: Table, cat: GameCatalog, head: str, p: dict, who: str) -> Step:
    """The cabin's menu: only what can be paid; stealing only alone, only from one who holds a doubloon,
    with a warning when the theft leaves a mutineer unable to pay (he then gets nothing)."""
    cab = rule(cat, "cabin")
    choices = [("prestige", _("1 prestige")), ("doubloon", _("1 doubloon from the bank"))]
    keys = [CABIN_KEYS["prestige"], CABIN_KEYS["doubloon"]]
    if core.value(t, p["seat"], "doubloons") >= cab["buy_pay"]:  # a menu lists only what can be paid
        choices.append(("buy", _("pay {pay} doubloons for {prestige} prestige").format(pay=cab["buy_pay"], prestige=cab["buy_prestige"])))
        keys.append(CABIN_KEYS["buy"])
    if len(spots.on(t, "cabin")) == 1:
        for s in core.players(t):
            if s == p["seat"] or core.value(t, s, "doubloons") < cab["doubloon"]:
                continue
            label = _("steal 1 doubloon from {who}").format(who=name(t, s))
            if _robbed_mutineer(t, cat, s, cab["doubloon"]):
                label += " " + _("(then {who} cannot pay for the mutiny and gets nothing)").format(who=name(t, s))
            choices.append((f"steal:{s}", label))
            keys.append(str(4 + t.seats.index(s)))
    return Step(head, _("Cabin"), _("{who} is in the cabin").format(who=who),
                Ask(_("What does {who} take?").format(who=who), "choice", choices=tuple(choices), keys=tuple(keys)),
                lambda a: Cabin.parse(t, cat, *a.split(":")))


def _robbed_mutineer(t: Table, cat: GameCatalog, seat: str, n: int) -> bool:
    """Whether losing n doubloons leaves this seat short of the mutiny space it stands on."""
    spaces = rule(cat, "mutiny")["spaces"]
    return any(pl["seat"] == seat and core.value(t, seat, "doubloons") - n < spaces[pl["detail"]][0]
               for pl in spots.on(t, "mutiny"))


def _trade_step(t: Table, cat: GameCatalog, head: str, p: dict, who: str) -> Step:
    combo = p["detail"] if p["action"] == "market" else p["detail"].partition(":")[2]
    cap = min(rule(cat, "market")["max_rum"], core.value(t, p["seat"], "rum"))
    say = _("{who} reveals {combo} and may add rum: at most {cap}, and no more than the rum symbols on the tokens traded").format(
        who=who, combo=_(COMBO_NAMES[combo]), cap=cap)
    chart = (cat.rules.get("market-chart", {}).get("chart") or {}).get(combo)
    made: list = []
    if chart:
        def by_rum(a):
            made.append(Trade(int(a)))
            return made[-1]

        return Step(head, _("Black market"), say, Ask(_("Rum added"), "number", lo=0, hi=cap, default=0), by_rum,
                    after=_revealed(t, cat, p["seat"], combo, made))

    def make(answer):
        bits = str(answer).replace(",", " ").split()
        if len(bits) != 3 or not all(b.isdecimal() for b in bits):
            raise UsageError(_("answer {answer!r}: type rum added, doubloons and prestige from the board's chart, e.g. 1 4 1").format(answer=answer))
        made.append(Trade(int(bits[0]), (int(bits[1]), int(bits[2]))))
        return made[-1]

    return Step(head, _("Black market"), say + ". " + _("castaway has no copy of the board's chart: read the payout from it"),
                Ask(_("Rum added, the chart's doubloons, its prestige: three numbers (e.g. 1 4 1)"), "text", id="mut-chart"), make,
                after=_revealed(t, cat, p["seat"], combo, made))


def _revealed(t: Table, cat: GameCatalog, seat: str, combo: str, made: list):
    """Once a trade is made with castaway's pick of the seat's jewels (§ 5) Black Market: the jewels revealed),
    which ones were revealed is asked, the pick on Enter; only where the seat's colours are known."""
    if seat == HENCHMAN or not jewels.known(t, seat):
        return None
    picked = jewels.choose(t, seat, combo, rule(cat, "market")["combos"][combo], None)
    if picked is None or not picked[0]:
        return None
    suggestion = ",".join(picked[0])

    def after(result, now):
        if not made:
            return None
        ask = Ask(_("Which jewels did {who} reveal? (Enter: {jewels})").format(
            who=name(t, seat), jewels=", ".join(jewels.colour_name(c) for c in picked[0])), "text", default=suggestion,
            id="mut-jewels-revealed")

        def remake(answer):
            given = jewels.parse_colours(cat, answer)
            return None if given is None or sorted(given) == sorted(picked[0]) else replace(made[-1], colours=given)

        return ask, remake

    return after


def _card_step(t: Table, cat: GameCatalog) -> Step:
    f = flow(t)
    head = _("{round}: the new captain").format(round=_round(t))
    if f["compulsory"]:
        card = cat.deck("mutiny").card(f["compulsory"]["card"])
        who = name(t, f["compulsory"]["seat"])
        return Step(head, _(card.name), _("Compulsory: {effect}").format(effect=effect_text(card)),
                    Ask(_("Does {who} play it? (n: refuse it and lose 2 prestige)").format(who=who), "confirm", default=True),
                    lambda a: Compulsory.parse(t, cat, bool(a)), after=_gives_asked(t, cat, card, f["compulsory"]["seat"]),
                    after_again=True)
    who = name(t, f["draw"])
    if f["deck_left"] == 1:
        return Step(head, _("The Last Mutiny"), _("{who} draws the last card of the deck: the Last Mutiny").format(who=who),
                    GO, lambda a: DrawCard(None))
    if core.texts_ignored(t):  # the card's text plays no part: nobody needs to read it out
        return Step(head, _("Mutiny card"),
                    _("{who} draws a mutiny card and keeps it face down: its text is ignored, it counts at the end ({n} left)")
                    .format(who=who, n=f["deck_left"]), GO, lambda a: DrawCard(None))
    cards = cat.deck("mutiny").cards
    # the name in the table's language, and as printed on the English cards when that differs (and fits)
    choices = tuple((c.id, _(c.name) if _(c.name) == c.name or len(_(c.name) + c.name) > 68 else f"{_(c.name)} ({c.name})")
                    for c in cards if c.id != LAST)
    keys = tuple(str(i) for i, c in enumerate(cards) if c.id != LAST)  # the deck's order: one number per card all game
    # 0 (the Last Mutiny's place, never drawn from this menu): castaway draws for the table
    choices += (("draw", _("draw for us: castaway draws a card")),)
    keys += ("0",)
    return Step(head, _("Mutiny card"), _("{who} draws a mutiny card ({n} left) and reads it out").format(who=who, n=f["deck_left"]),
                Ask(_("Which card? (its number or name; 0: castaway draws for you)"), "choice", choices=choices, keys=keys),
                lambda a: DrawCard(None, True) if a == "draw" else DrawCard(a))


GIVE_LABELS = {"prestige": N_("lose 1 prestige"), "doubloons": N_("hand in 1 doubloon"), "rum": N_("hand in 1 rum"),
               "jewel": N_("hand in 1 jewel token"), "treasure": N_("hand in 1 treasure token"),
               "nothing": N_("nothing: no token to hand in")}
GIVE_KEYS = {"prestige": "1", "doubloons": "2", "rum": "2", "jewel": "3", "treasure": "4", "nothing": "0"}


def _gives_asked(t: Table, cat: GameCatalog, card, seat: str):
    """A card that makes the sailors (or every player) hand something in (§ Card Effects: Swindle your
    shipmates, Revenge!, Dead calm): once played, each one's choice is asked in turn order, one player a
    question, castaway's suggestion (what it handed in) standing on Enter; the loop asks again until
    every giver was asked (Step.after_again)."""
    who = givers(t, card, seat)
    if not who:
        return None
    asked: list[str] = []

    def after(result, now):
        gave = (result or {}).get("gave") if isinstance(result, dict) else None
        if not gave:  # refused: nobody hands anything in
            return None
        left = [s for s in who if s not in asked]
        if not left:
            return None
        s = left[0]
        options = give_options(card) + (["nothing"] if card.get("all_give") else [])
        # what the giver holds now (before the card took castaway's suggestion): the suggestion itself, or
        # what this player could hand in instead
        held = {o: core.value(t, s, o) for o in options if o not in ("prestige", "nothing")}
        suggested = gave[s].partition(":")[0]
        can = [o for o in options if o == "prestige" or o == suggested or held.get(o, 0) > 0
               or (o == "nothing" and not any(held.values()))]
        choices = tuple((o, _(GIVE_LABELS[o])) for o in can)
        keys = tuple(GIVE_KEYS[o] for o in can)
        default = gave[s]
        colours = jewels.known(t, s)
        if "jewel" in can and colours:  # the jewel's colour asked too, so the colours recorded stay right
            by_colour = tuple((f"jewel:{c}", _("hand in 1 {colour} jewel").format(colour=jewels.colour_name(c)))
                              for c in sorted(colours))
            plain = (("jewel", _(GIVE_LABELS["jewel"])),) if jewels.unknown(t, s) else ()
            choices = tuple(x for o, label in choices for x in (by_colour + plain if o == "jewel" else ((o, label),)))
            keys = ()
            if default == "jewel" and not plain:
                default = by_colour[0][0]
        ask = Ask(_("What does {who} hand in?").format(who=name(t, s)), "choice", choices=choices, keys=keys, default=default)

        def remake(answer, s=s):
            asked.append(s)
            if answer == gave[s]:
                return None  # castaway's suggestion stands
            return Compulsory(True, tuple((x, answer if x == s else gave[x]) for x in who))

        return ask, remake

    return after


def _score_step(t: Table, cat: GameCatalog) -> Step:
    step, seat = flow(t)["scoring"]["todo"][0]
    head = _("Final scoring")
    title = _("Step {step}: {name}").format(step=step, name=_(STEPS[step]))
    if step == 1:
        n = core.value(t, seat, "treasure")
        return Step(head, title, ngettext("{who} turns over {n} treasure token", "{who} turns over {n} treasure tokens", n)
                    .format(who=name(t, seat), n=n),
                    Ask(_("Which tokens? prestige, doubloons, rum, jewel, exchange:PAY:GAIN (by commas)"), "text", id="mut-treasures"),
                    lambda a: Score.parse(a))
    if step == 5:
        n = len(end_cards(t, cat, seat))
        return Step(head, title, ngettext("{who} reveals {n} end-of-game card", "{who} reveals {n} end-of-game cards", n)
                    .format(who=name(t, seat), n=n),
                    Ask(_("Prestige they give"), "number", lo=0, hi=3 * n, default=0), lambda a: ScoreCards(int(a)))
    return Step(head, title, _("castaway does this step for everyone"), GO, lambda a: Score())
