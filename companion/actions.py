"""Actions: small frozen dataclasses, each with a text form and a `run` that changes a table copy.

`engine.apply` copies the table and calls `run`; the result (faces rolled, card drawn) is stored
in the event. Game modules register procedures of their own with `@register`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import colours, dice as dicemod
from .catalog import GameCatalog
from .errors import CompanionError, RuleError, UsageError
from .table import Table, Target
from .i18n import N_, _
from .lognames import card as card_name

REGISTRY: dict[str, type["Action"]] = {}
BIG = 10**6  # no component on any table moves by a million

MOVED = {"discard": N_("discard {deck} {card}"), "remove": N_("remove {deck} {card}")}  # the log's lines of moved cards
RETURNED = {"shuffle": N_("return {deck} {card} (shuffle)"), "top": N_("return {deck} {card} (top)"),
            "bottom": N_("return {deck} {card} (bottom)")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}
PILES = {"draw": N_("draw"), "discard": N_("discard"), "out": N_("out-of-the-game"), "table": N_("table")}  # a deck's piles, in words


def register(cls):
    """Make an action kind known to replay. A kind registered twice is a mistake that would change how
    stored games replay: it raises at import."""
    known = REGISTRY.get(cls.kind)
    if known is not None and known is not cls:
        raise RuntimeError(f"action kind {cls.kind!r} of {cls.__module__}.{cls.__qualname__} is taken by "
                           f"{known.__module__}.{known.__qualname__}")
    REGISTRY[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""

    def run(self, t: Table, cat: GameCatalog) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def text(self) -> str:
        return self.kind

    def to_dict(self) -> dict:
        d = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d


def from_dict(d: dict) -> Action:
    cls = REGISTRY.get(d.get("kind"))
    if cls is None:  # a game's own procedure: its module registers it when imported
        from .games import registry

        registry.load_actions()
        cls = REGISTRY.get(d.get("kind"))
    if cls is None:
        raise UsageError(_("unknown action kind {value!r}").format(value=d.get('kind')))
    kw = {}
    for f in dataclasses.fields(cls):
        if f.name in d:
            v = d[f.name]
            kw[f.name] = tuple(v) if isinstance(v, list) else v
    return cls(**kw)


# -- helpers shared by actions ---------------------------------------------------------------------


def parse_int(text: Any, what: str, accepted: str) -> int:
    if isinstance(text, bool):
        raise UsageError(_("{what} {text!r} is not a number; {accepted}").format(what=what, text=text, accepted=accepted))
    if isinstance(text, int):
        n = text
    else:
        s = str(text).strip()
        try:
            n = int(s)
        except ValueError:
            raise UsageError(_("{what} {text!r} is not a whole number; {accepted}").format(what=what, text=text, accepted=accepted)) from None
    if abs(n) >= BIG:
        raise UsageError(_("{what} {text!r} is far too large; {accepted}").format(what=what, text=text, accepted=accepted))
    return n


def require_alive(t: Table, cat: GameCatalog, seat: str | None) -> None:
    if seat and seat in t.data.get("dead", []):
        raise RuleError(_("{seat} is out of the game: nothing more happens to them").format(seat=seat))


def stack_lose(dice: list[int], n: int) -> list[int]:
    """Lose n visible strength: the top die counts down; losing at 1 removes that die for good."""
    dice = list(dice)
    for _step in range(n):
        if not dice:
            break
        if dice[0] > 1:
            dice[0] -= 1
        else:
            dice.pop(0)
    return dice


def stack_gain(dice: list[int], n: int, faces: int) -> list[int]:
    """Gain visible strength on the top die, stopping at its highest face; lost dice stay lost."""
    dice = list(dice)
    if dice:
        dice[0] = min(faces, dice[0] + n)
    return dice


def check_range(t: Table, target: Target, value: int) -> None:
    lo, hi = t.limits(target.spec)
    if value < lo or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if hi is not None else _("{lo} or more").format(lo=lo)
        noun = _("is off the track") if target.kind == "track" else _("is out of range")
        raise RuleError(_("{label} {value} {noun}: it runs {span}").format(label=target.label, value=value, noun=noun, span=span))


def change_counter(t: Table, target: Target, delta: int) -> int:
    spec = target.spec
    now = t.get(target)
    new = now + delta
    lo, hi = t.limits(spec)
    if new < lo:
        have = _("{seat} holds").format(seat=target.seat) if target.seat else _("there are")
        raise RuleError(_("cannot take {x} {text}: {have} only {n} ({label} is {now})").format(x=-delta, text=spec.name.lower(), have=have, n=now - lo, label=target.label, now=now))
    if spec.pool:
        left = t.pool_left(spec.id)
        if delta > left:
            raise RuleError(
                _("cannot give {delta} {text} to {seat}: the supply has only {left} left ({pool_supply} in all)").format(delta=delta, text=spec.name.lower(), seat=target.seat, left=left, pool_supply=t.pool_supply(spec.id))
            )
    elif hi is not None and new > hi:
        raise RuleError(_("{label} {now}{delta:+d} = {new} is past its cap of {hi}").format(label=target.label, now=now, delta=delta, new=new, hi=hi))
    t.put(target, new)
    return new


def correction_target(t: Table, action: "Action", cat: GameCatalog) -> Target | None:
    """What a correction (set, move, add, take) would change, for a game that guards its derived fields;
    None for any other action, or a target that does not resolve (the action itself then says why)."""
    if not isinstance(action, (SetValue, Move)):
        return None
    try:
        return t.resolve(cat, action.target)
    except CompanionError:
        return None


# -- the generic actions ---------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class SetValue(Action):
    """Set a track, counter, stack or flag to a value: the table is the source of truth."""

    kind: ClassVar[str] = "set"
    target: str
    value: str

    def text(self) -> str:
        return _("set {target} {value}").format(target=self.target, value=self.value)

    def run(self, t: Table, cat: GameCatalog):
        tg = t.resolve(cat, self.target)
        raw = str(self.value).strip()
        if tg.kind == "flag":
            values = tg.spec.values
            if values is not None and raw.lower() not in values:
                raise UsageError(_("{label} cannot be {value!r}; accepted: {items}").format(label=tg.label, value=self.value, items=', '.join(values)))
            if values is None and not raw:
                raise UsageError(_("{label} needs a value (any text)").format(label=tg.label))
            t.put(tg, tg.spec.value(raw.lower()) if values is not None else raw)
            return None
        if tg.kind == "stack":
            return self._set_stack(t, tg, raw)
        n = parse_int(raw, _("{label} value").format(label=tg.label), self._accepted(t, tg))
        if tg.kind == "track":
            check_range(t, tg, n)
            t.put(tg, n)
        else:
            change_counter(t, tg, n - t.get(tg))
        return None

    @staticmethod
    def _accepted(t: Table, tg: Target) -> str:
        lo, hi = t.limits(tg.spec)
        return _("accepted: {lo}..{hi}").format(lo=lo, hi=hi) if hi is not None else _("accepted: {lo} or more").format(lo=lo)

    def _set_stack(self, t: Table, tg: Target, raw: str):
        spec = tg.spec
        accepted = _("accepted: a visible value 1..{faces}, or every die top first like 4,3, or 'dead'").format(faces=spec.faces)
        if raw.lower() in ("dead", "none", "0"):
            t.put(tg, [])
            return None
        bits = [b for b in raw.replace("/", ",").split(",")]
        vals = [parse_int(b, _("{label} die").format(label=tg.label), accepted) for b in bits]
        for v in vals:
            if not 1 <= v <= spec.faces:
                raise RuleError(_("{label} die {v} is not a face of a d{faces}; {accepted}").format(label=tg.label, v=v, faces=spec.faces, accepted=accepted))
        if len(vals) == 1:
            cur = t.get(tg) or []
            if not cur:
                raise RuleError(_("{label} has no dice left; set every die, e.g. {vals},{faces}").format(label=tg.label, vals=vals[0], faces=spec.faces))
            t.put(tg, [vals[0], *cur[1:]])
        else:
            if len(vals) > spec.dice:
                raise RuleError(_("{label} has at most {dice} dice, not {n}").format(label=tg.label, dice=spec.dice, n=len(vals)))
            t.put(tg, vals)
        return None


@register
@dataclass(frozen=True)
class Move(Action):
    """Move a track or change a counter or stack by a signed amount."""

    kind: ClassVar[str] = "move"
    target: str
    delta: int

    def text(self) -> str:
        return _("move {target} {delta}").format(target=self.target, delta=f"{self.delta:+d}")

    def run(self, t: Table, cat: GameCatalog):
        tg = t.resolve(cat, self.target)
        d = self.delta
        if tg.kind == "flag":
            raise UsageError(_("{label} is a flag, not a number: use set {label} VALUE").format(label=tg.label))
        if d == 0:
            raise UsageError(_("move {label} by 0 changes nothing; give +N or -N").format(label=tg.label))
        require_alive(t, cat, tg.seat)
        if tg.kind == "track":
            new = t.get(tg) + d
            check_range(t, tg, new)
            t.put(tg, new)
        elif tg.kind == "counter":
            change_counter(t, tg, d)
        else:
            cur = t.get(tg) or []
            t.put(tg, stack_lose(cur, -d) if d < 0 else stack_gain(cur, d, tg.spec.faces))
        return None


@register
@dataclass(frozen=True)
class Roll(Action):
    """Roll dice virtually (from the table's generator) or record the faces rolled on the table."""

    kind: ClassVar[str] = "roll"
    dice: tuple[str, ...]
    faces: str | None = None
    why: str | None = None

    def text(self) -> str:
        s = _("roll {dice}").format(dice=" ".join(self.dice))
        if self.faces:
            s = _("{line} (table: {faces})").format(line=s, faces=self.faces)
        return _("{line} for {why}").format(line=s, why=self.why) if self.why else s

    def run(self, t: Table, cat: GameCatalog):
        dice = dicemod.parse(cat, self.dice)
        if self.faces is not None:
            rolled = dicemod.parse_faces(dice, self.faces)
        else:
            rolled = dicemod.roll_virtual(dice, t.rng())
        result = {
            "dice": [r.die for r in rolled],
            "faces": [list(r.faces) for r in rolled],
            "physical": self.faces is not None,
        }
        t.data["last"] = {"roll": " ".join(self.dice), "faces": [r.text() for r in rolled]}
        return result


@register
@dataclass(frozen=True)
class Shuffle(Action):
    """Gather a deck's discards into its draw pile and shuffle it."""

    kind: ClassVar[str] = "shuffle"
    deck: str

    def text(self) -> str:
        return _("shuffle {deck}").format(deck=self.deck)

    def run(self, t: Table, cat: GameCatalog):
        cat.deck(self.deck)
        d = t.deck(self.deck)
        pile = d["draw"] + d["discard"]
        t.rng().shuffle(pile)
        d["draw"], d["discard"] = pile, []
        return {"cards": len(pile)}


@register
@dataclass(frozen=True)
class Draw(Action):
    """Draw the top card (virtual) or record which physical card was drawn; to a seat or the table."""

    kind: ClassVar[str] = "draw"
    deck: str
    card: str | None = None
    to: str | None = None

    def text(self) -> str:
        s = _("draw {deck} {card}").format(deck=self.deck, card=card_name(self.deck, self.card)) if self.card else _("draw {deck}").format(deck=self.deck)
        return _("{line} to {to}").format(line=s, to=colours.word(self.to)) if self.to else s

    def run(self, t: Table, cat: GameCatalog):
        deck = cat.deck(self.deck)
        d = t.deck(self.deck)
        seat = None
        if self.to and self.to != "table":
            seat = t.resolve_seat(cat, self.to)
            require_alive(t, cat, seat)
            held = d["held"].get(seat, [])
            if deck.holder_limit is not None and len(held) >= deck.holder_limit:
                raise RuleError(
                    _("{seat} already holds {n} {text} (at most {holder_limit}); play one first").format(seat=seat, n=len(held), text=deck.name.lower(), holder_limit=deck.holder_limit)
                )
        if self.card is None:
            if not d["draw"]:
                raise RuleError(_("the {id} draw pile is empty; shuffle {id} to reuse the discards").format(id=deck.id))
            card = d["draw"].pop(0)
        else:
            card = resolve_card(cat, t, self.deck, self.card)
            pile, holder = t.find_card(self.deck, card)
            if pile != "draw":
                where = _("held by {holder}").format(holder=holder) if holder else _("in the {pile} pile").format(pile=_(PILES.get(pile, pile)))
                raise RuleError(_("card {card!r} cannot be drawn: it is {where}").format(card=self.card, where=where))
            d["draw"].remove(card)
        if seat:
            d["held"].setdefault(seat, []).append(card)
        else:
            d["table"].append(card)
        t.data["last"] = {"draw": self.deck, "card": card}
        return {"card": card, "to": seat or "table"}


def resolve_card(cat: GameCatalog, t: Table, deck_id: str, text: str) -> str:
    """A card id as typed or scanned (optionally 'deck/card' from a QR code) to its physical copy id."""
    raw = str(text).strip().lower()
    if not raw:
        raise UsageError(_("empty card name; accepted: the ids of the {deck_id} deck").format(deck_id=deck_id))
    if raw.startswith("castaway:"):
        raw = raw.split(":", 1)[1]
    if "/" in raw:
        dk, raw = raw.split("/", 1)
        if dk != deck_id:
            raise UsageError(_("card {text!r} belongs to the {dk} deck, not {deck_id}").format(text=text, dk=dk, deck_id=deck_id))
    base = raw.split(":", 1)[0]
    cat.deck(deck_id).card(base)  # raises with the accepted ids
    if raw in t.deck_cards(deck_id):
        return raw
    raise RuleError(_("card {text!r} is not at this table").format(text=text))


@dataclass(frozen=True)
class _MoveCard(Action):
    deck: str
    card: str
    dest: ClassVar[str] = ""

    def text(self) -> str:
        said = MOVED.get(self.kind)
        return _(said).format(deck=self.deck, card=card_name(self.deck, self.card)) if said else f"{self.kind} {self.deck} {self.card}"

    def take(self, t: Table, cat: GameCatalog) -> str:
        cat.deck(self.deck)
        card = resolve_card(cat, t, self.deck, self.card)
        pile, holder = t.find_card(self.deck, card)
        if pile == self.dest:
            raise RuleError(_("card {card!r} is already in the {dest} pile").format(card=card, dest=_(PILES.get(self.dest, self.dest))))
        d = t.deck(self.deck)
        if holder:
            d["held"][holder].remove(card)
            if not d["held"][holder]:
                del d["held"][holder]
        else:
            d[pile].remove(card)
        return card


@register
@dataclass(frozen=True)
class Discard(_MoveCard):
    kind: ClassVar[str] = "discard"
    dest: ClassVar[str] = "discard"

    def run(self, t, cat):
        card = self.take(t, cat)
        t.deck(self.deck)["discard"].insert(0, card)
        return {"card": card}


@register
@dataclass(frozen=True)
class RemoveCard(_MoveCard):
    """Take a card out of the game (back into the box)."""

    kind: ClassVar[str] = "remove"
    dest: ClassVar[str] = "out"

    def run(self, t, cat):
        card = self.take(t, cat)
        t.deck(self.deck)["out"].append(card)
        return {"card": card}


@register
@dataclass(frozen=True)
class ReturnCard(_MoveCard):
    """Put a card back into the draw pile: shuffled in (default), on top, or at the bottom."""

    kind: ClassVar[str] = "return"
    dest: ClassVar[str] = "draw"
    where: str = "shuffle"

    def text(self) -> str:
        said = RETURNED.get(self.where)
        return _(said).format(deck=self.deck, card=card_name(self.deck, self.card)) if said else f"return {self.deck} {self.card} ({self.where})"

    def run(self, t, cat):
        if self.where not in ("shuffle", "top", "bottom"):
            raise UsageError(_("return to {where!r}: accepted: shuffle, top, bottom").format(where=self.where))
        card = self.take(t, cat)
        d = t.deck(self.deck)
        if self.where == "top":
            d["draw"].insert(0, card)
        elif self.where == "bottom":
            d["draw"].append(card)
        else:
            d["draw"].append(card)
            t.rng().shuffle(d["draw"])
        return {"card": card}


@register
@dataclass(frozen=True)
class NextRound(Action):
    """Advance the round/day marker."""

    kind: ClassVar[str] = "next"

    def text(self) -> str:
        return _("next round")

    def run(self, t: Table, cat: GameCatalog):
        if not cat.round_track:
            raise UsageError(_("{name} has no round marker").format(name=cat.name))
        tg = t.resolve(cat, cat.round_track)
        new = t.get(tg) + 1
        check_range(t, tg, new)
        t.put(tg, new)
        return {cat.round_track: new}


@register
@dataclass(frozen=True)
class Note(Action):
    kind: ClassVar[str] = "note"
    body: str

    def text(self) -> str:
        return _("note: {body}").format(body=self.body)

    def run(self, t, cat):
        if not self.body.strip():
            raise UsageError(_("empty note; write some text, e.g. castaway note \"Ann joins on day 3\""))
        if len(self.body) > 2000:
            raise UsageError(_("note of {n} characters is too long; at most 2000").format(n=len(self.body)))
        return None


@register
@dataclass(frozen=True)
class EndGame(Action):
    """The game is over: won, lost, or abandoned. Later issues add each game's outcome details."""

    kind: ClassVar[str] = "end"
    result: str = "abandoned"
    detail: dict = field(default_factory=dict)

    def text(self) -> str:
        return _("end: {result}").format(result=_(RESULTS[self.result]) if self.result in RESULTS else self.result)

    def run(self, t, cat):
        if self.result not in ("won", "lost", "abandoned"):
            raise UsageError(_("result {result!r}: accepted: won, lost, abandoned").format(result=self.result))
        t.data["over"] = {"result": self.result, **self.detail}
        return {"result": self.result}
