"""21 Mutinies: the mutiny cards (drawn at the table, shown as reminders) and the treasure tokens.

castaway applies what a card does to the whole table by itself (blocked actions, Reward, the Last
Mutiny's prestige); the rest of a card's effect is a reminder the table carries out.
Source: 21-mutinies-rulebook-en.txt § The Mutiny Cards, § Card Effects, § The Treasure Tokens.
"""

from __future__ import annotations

from typing import ClassVar

from ...action_base import Action, register
from ...catalog import Card, GameCatalog
from ...colours import word
from ...errors import Next, RuleError, UsageError, did_you_mean
from ...i18n import N_, _, ngettext
from ...lognames import card as card_name
from ...table import Table
from ...valuetype import frozen
from . import core, jewels, purse, rounds
from .actions import seat_of
from .core import _phase, flow, hand, name, resolve_seat, rule
from .layout import packs
from .rounds import end_round

LAST = "last-mutiny"
def effect_text(card: Card) -> str:
    """A card's effect in the table's language (a card of a deck from CASTAWAY_DECKS may not describe it)."""
    return _(card.effect) if card.effect else _("not described in the rulebooks: read the card")


FACE_DOWN = "face-down"  # a card drawn while the texts are ignored: nobody reads it, it counts at the end
OTHER = "other"  # a card castaway does not know (read at the table)
# the words that ask castaway to draw the card ("draw for us"), English and Czech as typed
DRAW_WORDS = ("draw", "draw for us", "random", "?", "táhni", "tahni", "táhni za nás", "tahni za nas")  # untranslated: typed words


def card_of(cat: GameCatalog, text: str) -> Card:
    """A mutiny card as typed or scanned: its id or printed name ('tempest', 'Tempest', 'mutiny/tempest')."""
    key = str(text).strip().lower().removeprefix("castaway:").removeprefix("mutiny/")
    deck = cat.deck("mutiny")
    for c in deck.cards:
        if key in (c.id, c.name.lower()):
            return c
    raise UsageError(_("mutiny card {text!r} is not one castaway knows; ").format(text=text) + did_you_mean(key, [c.id for c in deck.cards]))


@register
@packs
@frozen
class DrawCard(Action):
    """The new captain draws a mutiny card (the physical one: say which); the last is the Last Mutiny."""

    kind: ClassVar[str] = "mut-card"
    card: str | None = None  # the card's id; None: face down (texts ignored) or the Last Mutiny
    virtual: bool = False  # "draw for us": castaway draws the card (card None)

    def text(self) -> str:
        if self.virtual:
            return _("draw mutiny card (castaway draws)")
        return _("draw mutiny card {card}").format(card=card_name("mutiny", self.card)) if self.card else _("draw mutiny card")

    @classmethod
    def parse(cls, cat: GameCatalog, card: str | None) -> "DrawCard":
        """The card as the table names it (its id or name), or "draw" (draw for us: castaway draws it)."""
        if card is not None and str(card).strip().lower() in DRAW_WORDS:
            return cls(None, True)
        return cls(None if card is None else card_of(cat, card).id)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(cat, stored.get("card")).to_dict()

    def _drawn(self, t: Table, cat: GameCatalog) -> Card:
        """Draw for us: one of the cards castaway knows, each as likely (the rulebook does not say how many
        copies of each the 45 cards hold: decks/mutinies/cards.toml, assumed)."""
        ids = [c.id for c in cat.deck("mutiny").cards if c.id not in (LAST, OTHER)]
        return cat.deck("mutiny").card(t.rng().choice(ids))

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "mutiny-card")
        f = flow(t)
        seat = f["draw"]
        if not seat or f["compulsory"]:
            raise RuleError(_("no mutiny card to draw now"))
        last = f["deck_left"] == 1
        card = cat.deck("mutiny").card(self.card) if self.card else None
        if self.virtual and not last and not core.texts_ignored(t):
            card = self._drawn(t, cat)
        if last:
            if card is not None and card.id != LAST:
                raise RuleError(_("the last card of the mutiny deck is always the Last Mutiny, not {card}").format(card=_(card.name)))
            card = cat.deck("mutiny").card(LAST)
        elif card is None and core.texts_ignored(t):
            f["deck_left"] -= 1
            f["draw"] = None
            hand(t, seat).append(FACE_DOWN)
            end_round(t, cat)
            return {"say": _("{who} draws a mutiny card face down: card texts are ignored, it only counts at the end").format(
                who=name(t, seat)), "card": FACE_DOWN}
        elif card is None:
            raise RuleError(_("which mutiny card was drawn? the table says it (its name or id)"),
                            next=Next("mut-card", missing=("card",)))
        elif card.id == LAST:
            raise RuleError(_("the Last Mutiny lies at the bottom: {n} cards are still above it").format(n=f["deck_left"]))
        f["deck_left"] -= 1
        f["draw"] = None
        hand(t, seat).append(card.id)
        said = [_("{who} draws {card}").format(who=name(t, seat), card=_(card.name))]
        if card.id == LAST:
            f["final_round"] = min(f["final_round"] or core.rnd(t) + 1, core.rnd(t) + 1)
            said.append(_("the next round is the last"))
        if core.texts_ignored(t):
            said.append(_("card texts are ignored: it only counts at the end"))
        elif card.get("type") == "compulsory":
            f["compulsory"] = {"seat": seat, "card": card.id}
            said.append(_("compulsory: play it or refuse it for 2 prestige"))
            return {"say": "; ".join(said), "card": card.id}
        else:
            said.append(_("kept in hand: {effect}").format(effect=effect_text(card)))
        end_round(t, cat)
        return {"say": "; ".join(said), "card": card.id}


GIVE_WORDS = {"p": "prestige", "pp": "prestige", "prestige": "prestige", "prestiž": "prestige", "prestiz": "prestige",
              "d": "doubloons", "doubloon": "doubloons", "doubloons": "doubloons", "dublon": "doubloons", "dublony": "doubloons",
              "r": "rum", "rum": "rum", "j": "jewel", "jewel": "jewel", "drahokam": "jewel",
              "t": "treasure", "treasure": "treasure", "poklad": "treasure", "-": "nothing", "nothing": "nothing", "nic": "nothing"}


def givers(t: Table, card: Card, seat: str) -> list[str]:
    """Who chooses what to hand in for a compulsory card played by `seat`: the sailors (Swindle your
    shipmates, Revenge!) or every player (Dead calm), in turn order; nobody for the other cards."""
    if card.get("sailors_give"):
        return [s for s in core.players(t) if s != seat]
    return core.players(t) if card.get("all_give") else []


def give_options(card: Card) -> list[str]:
    return list(card.get("sailors_give") or card.get("all_give") or [])


def suggested(t: Table, card: Card, seat: str) -> str:
    """castaway's suggestion for one giver (the table decides): a doubloon or a rum rather than prestige
    (3 doubloons make a point at the end, and each rum still held costs one), a jewel rather than a
    treasure; what the giver holds, else prestige (a token: nothing when holding none)."""
    options = give_options(card)
    for what in [o for o in options if o != "prestige"]:
        if core.value(t, seat, "doubloons" if what == "doubloons" else what) > 0:
            return what
    return "prestige" if "prestige" in options else "nothing"


def parse_gives(t: Table, cat: GameCatalog, card_id: str, seat: str, text: str) -> tuple[tuple[str, str], ...]:
    """What each giver hands in, as typed by commas: SEAT:WHAT, or WHAT alone in turn order (p prestige,
    d doubloon, r rum, j jewel, t treasure; Czech words too)."""
    card = cat.deck("mutiny").card(card_id)
    who = givers(t, card, seat)
    options = give_options(card) + (["nothing"] if card.get("all_give") else [])
    bits = [b.strip() for b in str(text).replace(";", ",").split(",") if b.strip()]
    out: dict[str, str] = {}
    for i, bit in enumerate(bits):
        left, colon, right = bit.partition(":")
        if colon and GIVE_WORDS.get(left.strip().lower()) == "jewel":  # jewel:COLOUR, in turn order
            left, colon, right = bit, "", ""
        giver = resolve_seat(t, left) if colon else (who[i] if i < len(who) else None)
        word, _c, colour = (right if colon else left).strip().lower().partition(":")
        what = GIVE_WORDS.get(word)
        if giver not in who or what not in options:
            raise UsageError(_("{text!r}: say for {who} one of {options} by commas, e.g. {example}").format(
                text=text, who=", ".join(who), options=", ".join(options), example=",".join(f"{s}:{options[0]}" for s in who)))
        out[giver] = f"jewel:{jewels.parse_colour(cat, colour)}" if colour and what == "jewel" else what
    return tuple(out.items())


def _give(t: Table, cat: GameCatalog, card: Card, seat: str, chosen: dict) -> tuple[dict, list[str]]:
    """Each giver hands in what the table chose."""
    paid, said = {}, []
    options = give_options(card)
    for s in givers(t, card, seat):
        what = chosen.get(s)
        who = name(t, s)
        what, _c, colour = (what or "").partition(":")  # a jewel handed in may name its colour (jewel:red)
        what = what or None
        if what is None:
            raise UsageError(_("{who} hands in what? accepted: {options}").format(who=who, options=", ".join(options)))
        if what == "prestige" and "prestige" in options:
            said.append(_("{who} loses {n} prestige").format(who=who, n=purse.lose_prestige(t, cat, s, 1)))
        elif what in ("doubloons", "rum") and what in options:
            purse.pay(t, s, what, 1, card.name)
            said.append(_("{who} hands in 1 {what}").format(who=who, what=_(core.KEYS[what])))
        elif what in ("jewel", "treasure") and what in options:
            if core.value(t, s, what) < 1:
                raise RuleError(_("{who} holds no {what} token to hand in").format(who=who, what=_(core.KEYS[what])))
            if what == "jewel" and colour:
                if jewels.known(t, s) and not jewels.known(t, s).get(colour) and not jewels.unknown(t, s):
                    raise RuleError(_("{who} holds no {colour} jewel: {held}").format(
                        who=who, colour=jewels.colour_name(colour), held=jewels.shown(t, s)))
                jewels.spent(t, s, (colour,))
            elif what == "jewel":
                jewels.handed_in(t, s)
            t.seat_values(s)[what] -= 1
            t.data["counters"][what + "s-out"] += 1
            said.append(_("{who} hands in 1 {what}").format(who=who, what=_(core.KEYS[what])))
        elif what == "nothing" and card.get("all_give") and not any(core.value(t, s, o) for o in options):
            said.append(_("{who} holds no token to hand in").format(who=who))
        else:
            raise RuleError(_("{who} cannot hand in {what}: accepted: {options}").format(who=who, what=what, options=", ".join(options)))
        paid[s] = f"{what}:{colour}" if what == "jewel" and colour else what  # the colour kept for the next giver's question
        rum = card.get("all_rum") or 0
        if rum and core.value(t, s, "rum") >= rum:
            purse.pay(t, s, "rum", rum, card.name)
            said.append(_("{who} hands in {n} rum").format(who=who, n=rum))
    return paid, said


@register
@packs
@frozen
class Compulsory(Action):
    """A compulsory card: played face up in front of the captain, or refused for 2 prestige. A card that
    makes the sailors (or every player) hand something in takes what each chose (`gives`: (seat, what)),
    castaway's suggestion for the others."""

    kind: ClassVar[str] = "mut-compulsory"
    play: bool = True
    # what each giver hands in, (seat, what), every giver named; None: nobody is asked (a log from before
    # castaway asked: the table carried the card out itself)
    gives: tuple[tuple[str, str], ...] | None = None

    def text(self) -> str:
        if self.play and self.gives:
            return _("play the compulsory card: {gives}").format(gives=", ".join(f"{s}:{w}" for s, w in self.gives))
        return _("play the compulsory card") if self.play else _("refuse the compulsory card")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, play: bool = True, gives: str | None = None) -> "Compulsory":
        """`compulsory --play [--give blue:doubloons,green:prestige]` as typed, against the card waiting: each
        giver the table names hands in what it says, the others castaway's suggestion."""
        pending = flow(t)["compulsory"]
        if not play or not pending:
            return cls(play)
        card = cat.deck("mutiny").card(pending["card"])
        who = givers(t, card, pending["seat"])
        if not who:
            return cls(True)
        chosen = dict(parse_gives(t, cat, card.id, pending["seat"], gives)) if gives else {}
        return cls(True, tuple((s, chosen.get(s) or suggested(t, card, s)) for s in who))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return {**stored, "gives": stored.get("gives")}

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "mutiny-card")
        f = flow(t)
        pending = f["compulsory"]
        if not pending:
            raise RuleError(_("no compulsory card is waiting"))
        seat, card = pending["seat"], cat.deck("mutiny").card(pending["card"])
        hand(t, seat).remove(card.id)
        f["compulsory"] = None
        if not self.play:
            f["cards"]["discard"].append(card.id)
            lost = purse.lose_prestige(t, cat, seat, 2)
            end_round(t, cat)
            return {"say": _("{who} refuses {card}: -{lost} prestige").format(who=name(t, seat), card=_(card.name), lost=lost)}
        hand(t, seat, "front").append(card.id)
        said = [_("{who} plays {card}: {effect}").format(who=name(t, seat), card=_(card.name), effect=effect_text(card))]
        paid: dict = {}
        if self.gives is not None:
            paid, gave = _give(t, cat, card, seat, dict(self.gives))
            said += gave
        for action in card.get("blocks", []):
            f["blocked"][action] = ({"until": "mutiny", "card": card.name} if card.get("until") == "mutiny"
                                    else {"round": core.rnd(t) + 1, "card": card.name})
        if card.get("captain_doubloons"):
            said.append(_("captain +{n} doubloons").format(n=purse.gain(t, seat, "doubloons", card.get("captain_doubloons"))))
            for s in core.players(t):
                if s != seat:
                    purse.gain(t, s, "doubloons", card.get("sailors_doubloons"))
            said.append(_("each sailor +{n}").format(n=card.get("sailors_doubloons")))
        if card.get("prestige"):
            extra = purse.gain_prestige(t, cat, seat, card.get("prestige"))
            said.append(_("+{n} prestige").format(n=card.get("prestige")) + "".join(f"; {e}" for e in extra))
        end_round(t, cat)
        return {"say": "; ".join(said), **({"gave": paid} if paid else {})}


@register
@packs
@frozen
class PlayCard(Action):
    """A voluntary card from a player's hand: discarded, its effect carried out at the table."""

    kind: ClassVar[str] = "mut-play"
    seat: str
    card: str  # the card's id
    n: int | None = None  # Where's my rum?: the rum discarded, 1 or 2 (None: castaway's suggestion)
    # castaway carries out the card's effect where it can (cards.toml `play`); False: a log from before it
    # did, the table carried the card out itself
    effect: bool = False

    def text(self) -> str:
        said = _("{seat} plays {card}").format(seat=word(self.seat), card=card_name("mutiny", self.card))
        return said + (f" ({self.n})" if self.n is not None else "")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat: str, card: str, n: int | None = None) -> "PlayCard":
        return cls(resolve_seat(t, seat), card_of(cat, card).id, n, True)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return {**cls.parse(t, cat, stored["seat"], stored["card"]).to_dict(), "effect": False}

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "captain", "sailors", "resolve", "mutiny-card")
        seat = seat_of(t, self.seat)
        card = cat.deck("mutiny").card(self.card)
        if card.get("play") != "round-start" or not self.effect:  # § Card Effects: "At the beginning of a round" is the card's own time
            _on_turn(t, seat, _("a voluntary card is played on its holder's own turn"))
        held = hand(t, seat)
        if card.id not in held:
            raise RuleError(_("{who} holds no {card} ({held})").format(who=name(t, seat), card=_(card.name), held=", ".join(held) or _("no cards")))
        if core.texts_ignored(t):
            raise RuleError(_("card texts are ignored in this game: the cards only count at the end"))
        if card.get("type") == "end":
            raise RuleError(_("{card} counts at the end of the game, in the final scoring").format(card=_(card.name)))
        mark = card.get("who")  # § The Mutiny Cards: a Captain card only for the captain, a Sailor card only for sailors
        if mark == "captain" and seat != core.captain(t):
            raise RuleError(_("{card} is a Captain card: {who} is a sailor now").format(card=_(card.name), who=name(t, seat)))
        if mark == "sailor" and seat == core.captain(t):
            raise RuleError(_("{card} is a Sailor card: {who} is the captain now").format(card=_(card.name), who=name(t, seat)))
        done = _effect(t, cat, seat, card, self.n) if self.effect else None  # refused before the card leaves the hand
        held.remove(card.id)
        flow(t)["cards"]["discard"].append(card.id)
        if done is None:
            return {"say": _("{who} plays {card}: {effect} (carry it out at the table)").format(
                who=name(t, seat), card=_(card.name), effect=effect_text(card))}
        return {"say": _("{who} plays {card}: {done}").format(who=name(t, seat), card=_(card.name), done=done),
                **({"n": flow(t).pop("_n"), "seat": seat, "most": card.get("most") or 2}
                   if card.get("play") == "discard-rum" else {})}


def done_n(t: Table, seat: str, card: Card) -> int:
    """Where's my rum?: castaway's suggestion, as much rum as the card allows and the player holds (each rum
    still held costs a point at the end, § Final Score 6)."""
    return max(1, min(card.get("most") or 2, core.value(t, seat, "rum")))


def _own_placement(t: Table, seat: str, actions: tuple[str, ...], unresolved: bool = False) -> dict | None:
    """The seat's pawn on one of these actions this round (not yet resolved, if asked)."""
    f = flow(t)
    placing = core.derived_phase(t) in ("captain", "sailors")  # nothing resolved yet
    waiting = {q.get("i") for q in f["queue"]}
    for i, p in enumerate(f["placed"]):
        if p["seat"] == seat and p["action"] in actions and (not unresolved or placing or i in waiting):
            return p
    return None


def _effect(t: Table, cat: GameCatalog, seat: str, card: Card, n: int | None) -> str | None:
    """§ Card Effects: what a voluntary card does, where castaway can do it (`play` in cards.toml); None: a
    reminder, the table carries it out (Telescope, I'd swear it was... There!, Duel)."""
    how = card.get("play")
    f = flow(t)
    who = name(t, seat)
    if how == "round-start":  # Avast! This rum tastes like seawater
        if core.derived_phase(t) != "captain" or f["placed"]:
            raise RuleError(_("{card} is played at the beginning of a round, before the captain places").format(card=_(card.name)))
        order, last = f["order"], core.players(t)[-1]
        if seat == last:
            raise RuleError(_("{who} is the last on the turn order track already: nobody to swap with").format(who=who))
        i, j = order.index(seat), order.index(last)
        order[i], order[j] = order[j], order[i]
        got = purse.gain(t, seat, "doubloons", card.get("doubloons") or 0)
        return _("{who} swaps places with {last} on the turn order track and takes {n} doubloons; the captain is {cap}").format(
            who=who, last=name(t, last), n=got, cap=name(t, core.captain(t)))
    if how == "famous":  # I'm famous throughout the Seven Seas!
        if _own_placement(t, seat, ("town",)) is None:
            raise RuleError(_("{card} needs {who}'s pawn on Visit the Town this round").format(card=_(card.name), who=who))
        pay, pp = card.get("pay"), card.get("prestige")
        purse.pay(t, seat, "doubloons", pay, card.name)
        extra = purse.gain_prestige(t, cat, seat, pp)
        return _("{who} pays {pay} doubloons: +{pp} prestige").format(who=who, pay=pay, pp=pp) + "".join(f"; {e}" for e in extra)
    if how == "tavern-rum":  # Bring me more rum, ya salty dog!
        if _own_placement(t, seat, ("tavern",)) is None:
            raise RuleError(_("{card} needs {who}'s pawn on the Tavern this round").format(card=_(card.name), who=who))
        got = purse.gain(t, seat, "rum", card.get("rum") or 0)
        return _("{who} takes {n} more rum from the tavern").format(who=who, n=got)
    if how == "discard-rum":  # Where's my rum?
        most = card.get("most") or 2
        k = done_n(t, seat, card) if n is None else n
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= most:
            raise UsageError(_("{card}: discard 1 or {most} rum, not {n!r}").format(card=_(card.name), most=most, n=n))
        purse.pay(t, seat, "rum", k, card.name)
        f.setdefault("_n", k)  # read back by PlayCard.run for the guided question, then removed
        return ngettext("{who} discards {n} rum", "{who} discards {n} rum", k).format(who=who, n=k)
    if how == "free-jewel":  # Prepare to board, me hearties!
        p = _own_placement(t, seat, ("routes", "beyond"), unresolved=True)
        if p is None:
            raise RuleError(_("{card} needs {who}'s pawn on a raid whose jewel is not taken yet").format(card=_(card.name), who=who))
        back = p["paid"][0]
        if back:
            purse.gain(t, p["payer"], "doubloons", back)
        p["owes"], p["paid"] = [0, 0, 0], [0, 0]
        return (ngettext("the jewel costs {who} nothing: {n} doubloon back", "the jewel costs {who} nothing: {n} doubloons back", back)
                .format(who=who, n=back) if back else _("the jewel costs {who} nothing").format(who=who))
    return None


def _on_turn(t: Table, seat: str, rule_text: str) -> None:
    """§ The Treasure Tokens, § The Mutiny Cards (voluntary: on the holder's subsequent turns)."""
    turn = rounds.turn_of(t)
    if seat not in turn:
        now = _(" or ").join(name(t, s) for s in turn) or _("nobody's (a mutiny card is being drawn)")
        raise RuleError(_("not {who}'s turn: {rule}; it is {now}").format(who=name(t, seat), rule=rule_text, now=now))


TREASURES = ("rum", "prestige", "doubloons", "exchange", "jewel")
# the same words in Czech, as the Czech prompts name them (with and without diacritics)
TREASURE_WORDS = {"prestiž": "prestige", "prestiz": "prestige", "dublony": "doubloons", "drahokam": "jewel",
                  "výměna": "exchange", "vymena": "exchange"}


def use_treasure(t: Table, cat: GameCatalog, seat: str, kind: str, pay: int | None, get: int | None,
                 scoring: bool = False, colour: str | None = None) -> str:
    """One treasure token turned over: its bonus. At the final scoring a rum token counts nothing."""
    if kind not in TREASURES:
        raise UsageError(_("treasure {kind!r}: accepted: {kinds}").format(kind=kind, kinds=", ".join(TREASURES)))
    if core.value(t, seat, "treasure") < 1:
        raise RuleError(_("{who} holds no treasure token").format(who=name(t, seat)))
    tr = rule(cat, "treasure")
    who = name(t, seat)
    extra: list[str] = []
    if kind == "exchange":
        if pay is None or get is None or pay < 0 or get < 0:
            raise UsageError(_("an exchange token: give what it prints, doubloons paid and prestige gained, e.g. exchange:3:1"))
        purse.pay(t, seat, "doubloons", pay, N_("the exchange"))
    t.seat_values(seat)["treasure"] -= 1
    t.data["counters"]["treasures-out"] += 1
    if kind == "rum":
        said = (_("{who}'s rum token counts nothing now").format(who=who) if scoring
                else _("{who}: +{n} rum").format(who=who, n=purse.gain(t, seat, "rum", tr["rum"])))
    elif kind == "prestige":
        extra = purse.gain_prestige(t, cat, seat, tr["prestige"], bonus=not scoring)
        said = _("{who}: +{n} prestige").format(who=who, n=tr["prestige"])
    elif kind == "doubloons":
        said = _("{who}: +{n} doubloons").format(who=who, n=purse.gain(t, seat, "doubloons", tr["doubloons"]))
    elif kind == "exchange":
        assert pay is not None and get is not None, "checked before the token is turned over"
        extra = purse.gain_prestige(t, cat, seat, get, bonus=not scoring)
        said = ngettext("{who} pays {n} doubloon: +{pp} prestige", "{who} pays {n} doubloons: +{pp} prestige", pay).format(
            who=who, n=pay, pp=get)
    else:
        t.seat_values(seat)["jewel"] += 1
        jewels.gained(t, seat, colour)
        t.data["counters"]["treasures-out"] -= 1  # it stays in play as a jewel
        said = _("{who}'s treasure is a jewel: it counts as a jewel token").format(who=who)
    return said + "".join(f"; {e}" for e in extra)


def parse_treasure(text: str) -> tuple[str, int | None, int | None]:
    """'prestige', 'exchange:3:1' -> (kind, pay, gain)."""
    bits = str(text).strip().lower().split(":")
    kind = TREASURE_WORDS.get(bits[0], bits[0])
    if kind == "exchange":
        if len(bits) != 3 or not bits[1].isdecimal() or not bits[2].isdecimal():
            raise UsageError(_("treasure {text!r}: an exchange token is written exchange:PAY:GAIN, e.g. exchange:3:1").format(text=text))
        return kind, int(bits[1]), int(bits[2])
    if len(bits) != 1 or kind not in TREASURES:
        raise UsageError(_("treasure {text!r}: accepted: {kinds}, exchange:PAY:GAIN, jewel").format(text=text, kinds=", ".join(TREASURES[:3])))
    return kind, None, None


@register
@packs
@frozen
class Treasure(Action):
    """A treasure token used during the game (before or after placing, or at the owner's resolution)."""

    kind: ClassVar[str] = "mut-treasure"
    seat: str
    token: str  # one of TREASURES
    # an exchange token: the doubloons paid and the prestige gained, as printed; None: turned over in the
    # guided game, which asks what it prints next (the token stays in hand until then)
    pay: int | None = None
    gain: int | None = None
    colour: str | None = None  # a jewel token: the colour it depicts as the table says; None: not said

    def text(self) -> str:
        token = f"{self.token}:{self.pay}:{self.gain}" if self.token == "exchange" else self.token
        token += f" ({jewels.colour_name(self.colour)})" if self.colour else ""
        return _("{seat} uses a treasure: {token}").format(seat=word(self.seat), token=token)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, seat: str, token: str) -> "Treasure":
        """`treasure SEAT TOKEN` as typed: rum, prestige, doubloons, jewel (jewel:COLOUR), or exchange:PAY:GAIN
        as printed."""
        kind, _colon, colour = str(token).strip().lower().partition(":")
        if TREASURE_WORDS.get(kind, kind) == "jewel" and colour:
            return cls(resolve_seat(t, seat), "jewel", colour=jewels.parse_colour(cat, colour))
        return cls(resolve_seat(t, seat), *parse_treasure(token))

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["seat"], stored["token"]).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        _phase(t, "captain", "sailors", "resolve", "mutiny-card")
        seat = seat_of(t, self.seat)
        if seat == core.HENCHMAN:
            raise RuleError(_("the henchman keeps no treasure"))
        _on_turn(t, seat, _("a treasure token is used on its owner's turn (just before or after placing the pawn, "
                            "or as the owner's part of an action resolves)"))
        f = flow(t)
        if self.token == "exchange" and self.pay is None and self.gain is None:
            if core.value(t, seat, "treasure") < 1:
                raise RuleError(_("{who} holds no treasure token").format(who=name(t, seat)))
            f["exchange"] = seat
            return {"say": _("{who} turns over an exchange token: what does it print?").format(who=name(t, seat))}
        said = use_treasure(t, cat, seat, self.token, self.pay, self.gain, colour=self.colour)
        if f.get("exchange") == seat and self.token == "exchange":
            del f["exchange"]
        if self.token == "jewel" and self.colour is None:
            return {"say": said, "jewel": seat}
        return {"say": said}
