"""`castaway mutinies ...`: 21 Mutinies' procedures as single commands (the same actions the guided
`castaway play` records), the score pad and the mutiny cards' reminders.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from companion import session
from companion.games.mutinies import core
from companion.games.mutinies import game as mutinies  # noqa: F401  (registers the mut-* actions)
from companion.games.mutinies.actions import BonusJewel, Place, Plunder, Raid, Routes, Take, Tavern, Town, Trade
from companion.games.mutinies.cards import Compulsory, DrawCard, PlayCard, Treasure
from companion.games.mutinies.guide import next_step
from companion.games.mutinies.sailors import Cabin, Mutiny
from companion.games.mutinies.score import Score, ScoreCards, pad_rows
from companion.i18n import _
from ui import games
from ui.acting import act
from ui.common import CTX, command, emit_json, out, store
from ui.text import esc

# How each action is typed, after the game's group (ui/nextwords.py words a refusal's Next with it): {field} is
# filled from what the refusal knows, FIELD is left for the table to give.
WORDS: dict[str, str] = {
    "mut-place": "place {seat} SPOT",  # untranslated: command words
    "mut-routes": "routes --square {square} {costs}",  # untranslated: command words
    "mut-take": "take",  # untranslated: command words
    "mut-raid": "raid",  # untranslated: command words
    "mut-plunder": "plunder",  # untranslated: command words
    "mut-tavern": "tavern",  # untranslated: command words
    "mut-trade": "trade --rum {rum} --payout {payout}",  # untranslated: command words
    "mut-town": "town",  # untranslated: command words
    "mut-cabin": "cabin {choice} --from {victim}",  # untranslated: command words
    "mut-mutiny": "mutiny",  # untranslated: command words
    "mut-card": "card {card}",  # untranslated: command words
    "mut-compulsory": "compulsory",  # untranslated: command words
    "mut-play": "play {seat} {card}",  # untranslated: command words
    "mut-treasure": "treasure {seat} {token}",  # untranslated: command words
    "mut-score": "score --treasures {treasures}",  # untranslated: command words
    "mut-score-cards": "score --cards {points}",  # untranslated: command words
    "mut-next": "next",  # untranslated: command words
    "mut-set": "set {field} VALUE",  # untranslated: command words
    "mut-bonus-jewel": "bonus-jewel {seat} COLOUR",  # untranslated: command words
}


sub = games.group("mutinies")


def over_why(table, cat, over: dict) -> str:
    """Who won, for the game-over line (ui/acting.py): by name, as the board says it."""
    return _("winner(s): {who}").format(who=", ".join(core.name(table, s) for s in over.get("winners", [])))


GAME = "mutinies"


def _loaded(st):
    gid = session.current_id(st, CTX.game)
    return gid, session.load(st, gid)


@command("next", app=sub)
def next_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """What happens next at the table.

    Example: castaway mutinies next
    """
    with store() as st:
        _gid, loaded = _loaded(st)
    step = next_step(loaded.table, loaded.cat)
    if step is None:
        over = loaded.table.data.get("over") or {}
        return emit_json({"over": over}) if as_json else out.print(_("The game is over: {result}.").format(result=_(over.get('result', 'ended'))), markup=False)
    data = {"phase": step.phase, "title": step.title, "say": step.say, "ask": step.ask.prompt,
            "choices": [list(c) for c in step.ask.choices]}
    if as_json:
        return emit_json(data)
    out.print(f"[bold]{esc(step.phase)} · {esc(step.title)}[/]: {esc(step.say)}")
    for value, label in step.ask.choices:
        out.print(f"  {value:<18} {label}", markup=False)


@command("place", app=sub)
def place_cmd(
    seat: Annotated[str, typer.Argument(help=_("The seat placing: a colour, a player's name, or henchman."))],
    spot: Annotated[list[str], typer.Argument(help=_("routes N, beyond, wreck, tavern, market COMBO, town SPACE [COMBO], cabin, mutiny 0|1|3|6."))],
):
    """Place a pawn: the captain's action, or a sailor following, in the cabin or in the mutiny.

    Example: castaway mutinies place red routes 2
    """
    act(lambda t, cat: Place.parse(t, cat, seat, ":".join(spot)))


@command("routes", app=sub)
def routes_cmd(
    costs: Annotated[list[str], typer.Argument(help=_("Each token's price left to right: 2d1r, 3d, 1r, 0."))],
    square: Annotated[Optional[int], typer.Option("--square", help=_("Set one square only."))] = None,
):
    """Say what the face-up jewel tokens on the trade routes cost.

    Example: castaway mutinies routes 2d 1d1r 0 3d
    """
    act(Routes.parse(costs, square))


@command("take", app=sub)
def take_cmd(
    colour: Annotated[Optional[str], typer.Option("--colour", help=_("The jewel's colour: red, blue, green, yellow or wild."))] = None,
    drawn: Annotated[Optional[str], typer.Option("--drawn", help=_("5 players, the last square: the colour of the free jewel drawn."))] = None,
):
    """Resolve the next raid on the trade routes: pay the token's price and take it.

    Example: castaway mutinies take --colour red
    """
    act(lambda t, cat: Take.parse(cat, colour, drawn))


@command("raid", app=sub)
def raid_cmd(
    keep: Annotated[bool, typer.Option("--keep/--discard", help=_("Keep the jewel drawn, or discard it for the cost back."))] = True,
    colour: Annotated[Optional[str], typer.Option("--colour", help=_("The jewel's colour: red, blue, green, yellow or wild."))] = None,
):
    """Resolve the next raid beyond the trade routes: the jewel drawn is kept or refused.

    Example: castaway mutinies raid --keep --colour wild
    """
    act(lambda t, cat: Raid.parse(cat, keep, colour))


@command("plunder", app=sub)
def plunder_cmd(faces: Annotated[Optional[str], typer.Option("--faces", "-f", help=_("The two dice rolled at the table: 3,5."))] = None):
    """Resolve the next shipwreck plunder: two dice, virtual or typed.

    Example: castaway mutinies plunder --faces 3,5
    """
    act(lambda t, cat: Plunder.parse(cat, faces))


@command("tavern", app=sub)
def tavern_cmd(face: Annotated[Optional[str], typer.Option("--face", "-f", help=_("The die rolled at the table."))] = None):
    """Resolve the tavern: the captain's free rum, then one die + 2 rum handed round.

    Example: castaway mutinies tavern --face 4
    """
    act(lambda t, cat: Tavern.parse(cat, face))


@command("trade", app=sub)
def trade_cmd(
    rum: Annotated[int, typer.Option("--rum", help=_("Extra rum added (0-4, at most the rum symbols traded)."))] = 0,
    payout: Annotated[Optional[str], typer.Option("--payout", help=_("Doubloons,prestige read from the board's chart: 4,1."))] = None,
    symbols: Annotated[Optional[int], typer.Option("--symbols", help=_("Rum symbols on the tokens traded (checks the rum)."))] = None,
    jewels: Annotated[Optional[str], typer.Option("--jewels", help=_("The jewels revealed, by colour: red,red,wild."))] = None,
):
    """Resolve the next black market trade (or the town's market space).

    Example: castaway mutinies trade --rum 1 --payout 4,1
    """
    act(lambda t, cat: Trade.parse(rum, payout, symbols, cat, jewels))


@command("town", app=sub)
def town_cmd(
    choice: Annotated[Optional[str], typer.Argument(help=_("Theft only: stack, or a trade-route square number."))] = None,
    colour: Annotated[Optional[str], typer.Option("--colour", help=_("Theft only: the jewel's colour: red, blue, green, yellow or wild."))] = None,
):
    """Resolve the next town space (pirate's tale, theft, tavern, rumours).

    Example: castaway mutinies town stack
    """
    act(lambda t, cat: Town.parse(t, cat, choice, colour))


@command("cabin", app=sub)
def cabin_cmd(
    choice: Annotated[str, typer.Argument(help=_("prestige, doubloon, buy (5 doubloons for 3 prestige) or steal."))],
    from_: Annotated[Optional[str], typer.Option("--from", help=_("steal: the player robbed (only when alone in the cabin)."))] = None,
):
    """Resolve the next sailor in the cabin.

    Example: castaway mutinies cabin steal --from red
    """
    act(lambda t, cat: Cabin.parse(t, cat, choice, from_))


@command("mutiny", app=sub)
def mutiny_cmd():
    """Resolve the mutiny: the mutineers pay and gain; the top payer becomes captain.

    Example: castaway mutinies mutiny
    """
    act(Mutiny())


@command("card", app=sub)
def card_cmd(card: Annotated[Optional[str], typer.Argument(help=_("The mutiny card drawn (its id; see castaway mutinies cards)."))] = None):
    """The new captain's mutiny card, as drawn at the table (the last one is the Last Mutiny).

    Example: castaway mutinies card tempest
    """
    act(lambda t, cat: DrawCard.parse(cat, card))


@command("compulsory", app=sub)
def compulsory_cmd(
    play: Annotated[bool, typer.Option("--play/--refuse", help=_("Play the compulsory card, or refuse it for 2 prestige."))] = True,
    give: Annotated[Optional[str], typer.Option("--give", help=_("What each hands in, by commas: blue:doubloons,green:prestige (castaway suggests the rest)."))] = None,
):
    """Play the compulsory card just drawn, or refuse it and lose 2 prestige.

    Example: castaway mutinies compulsory --play --give blue:doubloons,green:prestige
    """
    act(lambda t, cat: Compulsory.parse(t, cat, play, give))


@command("play", app=sub)
def play_card_cmd(
    seat: Annotated[str, typer.Argument(help=_("The player playing it."))],
    card: Annotated[str, typer.Argument(help=_("The voluntary card's id."))],
    rum: Annotated[Optional[int], typer.Option("--rum", help=_("Where's my rum?: the rum discarded, 1 or 2 (default: as much as it allows)."))] = None,
):
    """Play a voluntary mutiny card from your hand: castaway carries out what it can, else shows what to do.

    Example: castaway mutinies play red telescope
    """
    act(lambda t, cat: PlayCard.parse(t, cat, seat, card, rum))


@command("treasure", app=sub)
def treasure_cmd(
    seat: Annotated[str, typer.Argument(help=_("The player using it."))],
    token: Annotated[str, typer.Argument(help=_("rum, prestige, doubloons, jewel (jewel:COLOUR), or exchange:PAY:GAIN as printed."))],
):
    """Use a treasure token during the game.

    Example: castaway mutinies treasure red exchange:3:1
    """
    act(lambda t, cat: Treasure.parse(t, cat, seat, token))


@command("bonus-jewel", app=sub)
def bonus_jewel_cmd(
    seat: Annotated[str, typer.Argument(help=_("The player who drew it."))],
    colour: Annotated[str, typer.Argument(help=_("Its colour: red, blue, green, yellow or wild; none: not said."))],
):
    """The colour of the face-down jewel a prestige bonus space gave.

    Example: castaway mutinies bonus-jewel red blue
    """
    act(lambda t, cat: BonusJewel.parse(t, cat, seat, colour))


@command("score", app=sub)
def score_cmd(
    treasures: Annotated[Optional[str], typer.Option("--treasures", help=_("Step 1: the player's tokens, e.g. prestige,jewel,rum."))] = None,
    cards: Annotated[Optional[int], typer.Option("--cards", help=_("Step 5: prestige from the player's end-of-game cards."))] = None,
):
    """The next step of the final scoring.

    Example: castaway mutinies score --treasures prestige,doubloons
    """
    act(ScoreCards(cards) if cards is not None else Score.parse(treasures))


@command("set", app=sub)
def set_cmd(
    field: Annotated[str, typer.Argument(help=_("round, phase, captain, order, pirate, routes, deck, SEAT.hand or SEAT.front."))],
    value: Annotated[str, typer.Argument(help=_("What the table shows: 5; sailors; red; red,blue,green; wreck or none; 2d 1d1r - 0; 12; tempest,patrol or none."))],
):
    """A correction: set what the table shows (the purses and stacks: castaway set red.doubloons 5).

    Example: castaway mutinies set order green,red,blue
    """
    from companion.games.mutinies.correct import Correct

    act(lambda t, cat: Correct.parse(t, cat, field, value))


@command("pad", app=sub)
def pad_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The score pad: prestige and doubloons of each player, step by step of the final scoring.

    Example: castaway mutinies pad
    """
    with store() as st:
        _gid, loaded = _loaded(st)
    t = loaded.table
    rows = pad_rows(t) or [("now", {s: [t.seat_values(s)["prestige"], t.seat_values(s)["doubloons"]] for s in core.players(t)})]
    if as_json:
        return emit_json({"rows": [{"step": label, "players": vals} for label, vals in rows],
                          "winners": (t.data.get("over") or {}).get("winners", [])})
    from ui.board_mutinies import pad_lines

    for line in pad_lines(t, rows):
        out.print(line)


@command("cards", app=sub, table=False)
def cards_cmd(as_json: Annotated[bool, typer.Option("--json", help=_("Machine-readable output."))] = False):
    """The mutiny cards castaway knows, their type and what they do.

    Example: castaway mutinies cards
    """
    from companion import catalog

    deck = catalog.load(GAME).deck("mutiny")
    rows = [{"id": c.id, "name": c.name, "type": c.get("type"), "effect": c.effect} for c in deck.cards]
    if as_json:
        return emit_json(rows)
    for r in rows:
        out.print(f"[bold]{esc(r['id']):<14}[/] {esc(_(r['name']))} [dim]({esc(r['type'])})[/]: {esc(_(r['effect']))}")
