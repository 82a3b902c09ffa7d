"""21 Mutinies: the table's vocabulary and how to read the table (whose seat, which phase, a name).

Beside it: purse (money, rum, tokens), spots (where a pawn stands), placing (whether it may stand
there), rounds (the round's course). They build on this module, never the other way round.

Where the game stands lives in `t.data["flow"]`:
  order        seats in turn order; the first is the captain (2 players: captain, "henchman", sailor)
  action       the captain's action this round (None before the captain places)
  pirate       the action the pirate token covers (last round's captain action)
  placed       [{seat, spot, space, payer, owes: [doubloons, rum, prestige], fifth}] in placement order
  queue        what is still to resolve this round, first entry next
  routes       one entry per trade-route square: {"token": bool, "cost": [doubloons, rum] or None}
  blocked      {action: {"until": "mutiny"} or {"round": n}} from mutiny cards
  draw         the new captain who must draw a mutiny card, or None
  compulsory   {seat, card} waiting for play-or-refuse, or None
  deck_left    mutiny cards still in the deck (the Last Mutiny is the bottom one)
  cards        {"held": {seat: [ids]}, "front": {seat: [ids]}, "discard": [ids]}
  final_round  the round after which the game is scored, or None
  claimed      {seat: [prestige spaces whose bonus was taken]}
  board        {"beyond": [costs], "bonuses": {space: bonus}} as the table's board prints them
  scoring      None, or the final scoring's progress (see score.py)
  exchange     the seat whose exchange token waits for what it prints (absent when none)
  bonus_told   {seat: [jewel bonus spaces whose jewel's colour the table was asked]} (absent until one is)
Jewel and treasure tokens are physical and hidden: castaway counts them.
"""

from __future__ import annotations

from ...catalog import GameCatalog
from ...errors import Next, RuleError, UsageError, did_you_mean
from ...i18n import N_, _
from ...table import Table

HENCHMAN = "henchman"
CAPTAIN_ACTIONS = ("routes", "beyond", "wreck", "tavern", "market", "town")
ACTION_NAMES = {  # names as the rulebook prints them; translated where they are shown
    "routes": N_("Raiding: on the trade routes"),
    "beyond": N_("Raiding: beyond the trade routes"),
    "wreck": N_("Plunder shipwrecks"),
    "tavern": N_("Tavern"),
    "market": N_("Black market"),
    "town": N_("Visit the town"),
    "cabin": N_("Cabin"),
    "mutiny": N_("Mutiny"),
}
TOWN_NAMES = {"tale": N_("Pirate's tale"), "theft": N_("Theft"), "tavern": N_("Visit the tavern"),
              "rumours": N_("Rumours"), "market": N_("Black market")}
COMBO_NAMES = {"any2": N_("2 jewels, any colours"), "any3": N_("3 jewels, any colours"), "any4": N_("4 jewels, any colours"),
               "same3": N_("3 jewels of one colour"), "pairs": N_("2 pairs of one colour each"), "same4": N_("4 jewels of one colour")}
KEYS = {"doubloons": N_("doubloons"), "rum": N_("rum"), "prestige": N_("prestige"),  # a seat's numbers, as shown
        "jewel": N_("jewel"), "treasure": N_("treasure")}
BONUSES = ("doubloon", "treasure", "rum", "jewel")
PHASE_NAMES = {"captain": N_("The captain's action"), "sailors": N_("The sailors"), "resolve": N_("Resolving the actions"),
               "mutiny-card": N_("The new captain's card"), "scoring": N_("Final scoring"), "over": N_("Game over")}


def flow(t: Table) -> dict:
    return t.data["flow"]


def rule(cat: GameCatalog, key: str) -> dict:
    return cat.rules[key]


def players(t: Table) -> list[str]:
    """The real seats in turn order (no henchman)."""
    return [s for s in flow(t)["order"] if s != HENCHMAN]


def derived_phase(t: Table) -> str:
    """Where the round stands, read from the flow itself (the phase flag mirrors it): final scoring,
    resolving, the new captain's card, the captain to place, or the sailors to place."""
    f = flow(t)
    if t.data.get("over"):
        return "over"
    if f.get("scoring") is not None:
        return "scoring"
    if f["queue"]:
        return "resolve"
    if f["draw"] or f["compulsory"]:
        return "mutiny-card"
    if not f["placed"]:
        return "captain"
    return "sailors"


def captain(t: Table) -> str:
    return flow(t)["order"][0]


def two_player(t: Table) -> bool:
    return HENCHMAN in flow(t)["order"]


def texts_ignored(t: Table) -> bool:
    return bool(t.option("ignore_texts")) or two_player(t)


def name(t: Table, seat: str) -> str:
    if seat == HENCHMAN:
        return _("the henchman")
    who = t.seat_values(seat).get("player")
    return f"{who} ({_(seat)})" if who else _(seat)


def rnd(t: Table) -> int:
    return t.data["tracks"]["round"]


def value(t: Table, seat: str, key: str) -> int:
    return t.seat_values(seat)[key]


def resolve_seat(t: Table, text: str) -> str:
    """A seat by colour, player name, 'captain' or 'henchman'."""
    key = str(text).strip().lower()
    order = flow(t)["order"]
    if key in order:
        return key
    if key == "captain":
        return captain(t)
    for s in t.seats:
        if (t.seat_values(s).get("player") or "").lower() == key:
            return s
    names = [*order] + [t.seat_values(s)["player"] for s in t.seats if t.seat_values(s).get("player")]
    raise UsageError(_("no seat {text!r} at this table; ").format(text=text) + did_you_mean(key, names))


def _phase(t: Table, *phases: str) -> None:
    now = derived_phase(t)  # read from the flow: a phase flag set by hand in an older log cannot mislead
    if now not in phases:
        raise RuleError(_("not now: the game is at \"{now}\", this is for \"{expected}\"").format(
            now=_(PHASE_NAMES[now]), expected=_(" or ").join(_(PHASE_NAMES[p]) for p in phases)), next=Next("play"))


def hand(t: Table, seat: str, pile: str = "held") -> list[str]:
    return flow(t)["cards"][pile].setdefault(seat, [])


def end_cards(t: Table, cat: GameCatalog, seat: str) -> list[str]:
    deck = cat.deck("mutiny")
    return [c for c in hand(t, seat) if deck.card(c).get("type") == "end"]


