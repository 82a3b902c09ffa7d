"""Actions: small frozen dataclasses, each with a text form and a `run` that changes a table copy.

`engine.apply` copies the table and calls `run`; the result (faces rolled, card drawn) is stored
in the event. Here: the generic table actions (set, move, roll, next, note, end) and `from_dict`, which
turns a stored action back into one. The base class and the register of kinds are in action_base.py;
the deck actions in card_actions.py (imported here, so every generic kind is known wherever this module
is); game modules register procedures of their own with `@register`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Any, ClassVar

from . import (
    card_actions,  # noqa: F401  (registers the deck actions)
    rolls,
)
from . import dice as dicemod
from .action_base import REGISTRY, Action, change_counter, check_range, parse_int, register, require_alive, stack_gain, stack_lose, tuples, typed_faces
from .catalog import GameCatalog
from .errors import CompanionError, RuleError, UsageError
from .i18n import N_, _
from .table import RangedTarget, StackTarget, Table, Target
from .valuetype import frozen

RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


def from_dict(d: dict) -> Action:
    kind = d.get("kind")
    cls = REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None and isinstance(kind, str):  # a game's own procedure: its module registers it when imported
        from .games import registry

        registry.load_actions()
        cls = REGISTRY.get(kind)
    if cls is None:
        raise UsageError(_("unknown action kind {value!r}").format(value=d.get('kind')))
    kw = {}
    for f in dataclasses.fields(cls):
        if f.name in d:
            v = d[f.name]
            kw[f.name] = v if isinstance(v, dict) else tuples(v)
    return cls(**kw)


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
@frozen
class SetValue(Action):
    """Set a track, counter, stack or flag to a value: the table is the source of truth.

    target: the component's label ("shark", "red.strength"); value: an int (track, counter), the dice of a
    stack top first (() when dead), or a flag's value (True/False for a yes/no flag, else its word or text)."""

    kind: ClassVar[str] = "set"
    target: str
    value: Any

    def text(self) -> str:
        v = self.value
        shown = (",".join(map(str, v)) or "dead") if isinstance(v, tuple) else ("yes" if v is True else "no" if v is False else v)
        return _("set {target} {value}").format(target=self.target, value=shown)

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, target: str, text: str) -> "SetValue":
        """`castaway set TARGET VALUE` as typed, read against the table it will change."""
        tg = t.resolve(cat, target)
        value = typed_value(t, tg, text)
        if tg.kind == "flag" and tg.spec.id == "survivor" and cat.characters:  # a character's id, as the catalog spells it
            value = value.lower()
        return cls(tg.label, value)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        if isinstance(stored.get("value"), list):  # a stack's dice already typed (schema 3 kept text)
            return stored
        tg = t.resolve(cat, stored["target"])
        return cls(tg.label, typed_value(t, tg, str(stored["value"]), keep_under=True)).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        tg = t.resolve(cat, self.target)
        v = self.value
        if tg.kind == "flag":
            spec = tg.spec
            if spec.values is not None and v not in [spec.value(w) for w in spec.values]:
                raise UsageError(_("{label} cannot be {value!r}; accepted: {items}").format(label=tg.label, value=v, items=', '.join(spec.values)))
            if spec.values is None and (not isinstance(v, str) or not v.strip()):
                raise UsageError(_("{label} needs a value (any text)").format(label=tg.label))
            if spec.id == "survivor" and cat.characters and v not in cat.characters:  # as a stored state is checked
                raise UsageError(_("{label} cannot be {value!r}; accepted: a character of {game}: {items}").format(
                    label=tg.label, value=v, game=cat.name, items=", ".join(cat.characters)))
            t.put(tg, v)
            return None  # engine.apply adds what the game makes of the correction (Game.corrected)
        if tg.kind == "stack":
            dice = list(v) if isinstance(v, (tuple, list)) else None
            if dice is None or any(isinstance(x, bool) or not isinstance(x, int) for x in dice):
                raise UsageError(_("{label}: {value!r} is not a list of dice").format(label=tg.label, value=v))
            for x in dice:
                if not 1 <= x <= tg.spec.faces:
                    raise RuleError(_("{label} die {v} is not a face of a d{faces}; {accepted}").format(label=tg.label, v=x, faces=tg.spec.faces, accepted=_stack_accepted(tg)))
            if len(dice) > tg.spec.dice:
                raise RuleError(_("{label} has at most {dice} dice, not {n}").format(label=tg.label, dice=tg.spec.dice, n=len(dice)))
            t.put(tg, dice)
            return None  # engine.apply adds what the game makes of the correction (Game.corrected)
        if isinstance(v, bool) or not isinstance(v, int):
            raise UsageError(_("{label} value {value!r} is not a whole number; {accepted}").format(label=tg.label, value=v, accepted=_accepted(t, tg)))
        if tg.kind == "track":
            check_range(t, tg, v)
            t.put(tg, v)
        else:
            change_counter(t, tg, v - t.get(tg))
        return None  # engine.apply adds what the game makes of the correction (Game.corrected)


def _accepted(t: Table, tg: RangedTarget) -> str:
    lo, hi = t.limits(tg.spec)
    return _("accepted: {lo}..{hi}").format(lo=lo, hi=hi) if hi is not None else _("accepted: {lo} or more").format(lo=lo)


def _stack_accepted(tg: StackTarget) -> str:
    return _("accepted: one die 1..{faces}, or every die top first like 4,3, or 'dead'").format(faces=tg.spec.faces)


def typed_value(t: Table, tg: Target, text: str, keep_under: bool = False) -> Any:
    """What `set` was given for a component, as the value the table will hold (see SetValue)."""
    raw = str(text).strip()
    if tg.kind == "flag":
        values = tg.spec.values
        if values is not None and raw.lower() not in values:
            raise UsageError(_("{label} cannot be {value!r}; accepted: {items}").format(label=tg.label, value=text, items=', '.join(values)))
        if values is None and not raw:
            raise UsageError(_("{label} needs a value (any text)").format(label=tg.label))
        return tg.spec.value(raw.lower()) if values is not None else raw
    if tg.kind == "stack":
        accepted = _stack_accepted(tg)
        if raw.lower() in ("dead", "none", "0"):
            return ()
        vals = [parse_int(b, _("{label} die").format(label=tg.label), accepted) for b in raw.replace("/", ",").split(",")]
        for v in vals:
            if not 1 <= v <= tg.spec.faces:
                raise RuleError(_("{label} die {v} is not a face of a d{faces}; {accepted}").format(label=tg.label, v=v, faces=tg.spec.faces, accepted=accepted))
        if len(vals) == 1 and keep_under:  # (a stored schema-3 value: the top die's, the dice under it stay)
            cur = t.get(tg) or []
            if not cur:
                raise RuleError(_("{label} has no dice left; set every die, e.g. {vals},{faces}").format(label=tg.label, vals=vals[0], faces=tg.spec.faces))
            return (vals[0], *cur[1:])
        if len(vals) > tg.spec.dice:
            raise RuleError(_("{label} has at most {dice} dice, not {n}").format(label=tg.label, dice=tg.spec.dice, n=len(vals)))
        return tuple(vals)
    return parse_int(raw, _("{label} value").format(label=tg.label), _accepted(t, tg))


@register
@frozen
class Move(Action):
    """Move a track or change a counter or stack by a signed amount (target: the component's label)."""

    kind: ClassVar[str] = "move"
    target: str
    delta: int

    def text(self) -> str:
        return _("move {target} {delta}").format(target=self.target, delta=f"{self.delta:+d}")

    @classmethod
    def parse(cls, t: Table, cat: GameCatalog, target: str, delta: int) -> "Move":
        return cls(t.resolve(cat, target).label, delta)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(t, cat, stored["target"], stored["delta"]).to_dict()

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
        return None  # engine.apply adds what the game makes of the correction (Game.corrected)


@register
@frozen
class Roll(Action):
    """Roll dice virtually (from the table's generator) or record the faces rolled on the table.

    dice: one die id per die ("d6", "shark", "white"); faces: one tuple of faces (one per part) per die as
    typed at the table, or None for a virtual roll; why: what the roll is for, in the table's words."""

    kind: ClassVar[str] = "roll"
    dice: tuple[str, ...]
    faces: tuple[tuple[Any, ...], ...] | None = None
    why: str | None = None

    def text(self) -> str:
        s = _("roll {dice}").format(dice=" ".join(_dice_words(self.dice)))
        if self.faces:
            s = typed_faces(s, self.faces)
        return _("{line} for {why}").format(line=s, why=self.why) if self.why else s

    @classmethod
    def parse(cls, cat: GameCatalog, exprs, faces: str | None = None, why: str | None = None) -> "Roll":
        """`castaway roll DICE... [--faces F]` as typed: dice expressions (2d6, 3*white) and faces (3,5  2/5)."""
        dice = dicemod.parse(cat, list(exprs))
        typed = None if faces is None else tuple(r.faces for r in dicemod.parse_faces(dice, faces))
        return cls(tuple(d.id for d in dice), typed, why)

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        return cls.parse(cat, stored["dice"], stored.get("faces"), stored.get("why")).to_dict()

    def run(self, t: Table, cat: GameCatalog):
        dice = dicemod.by_ids(cat, self.dice)
        if self.faces is not None:
            rolled = dicemod.checked_faces(dice, self.faces)
        else:
            rolled = dicemod.roll_virtual(dice, t.rng())
        typed = self.faces is not None
        result = {"dice": [r.die for r in rolled], "faces": [list(r.faces) for r in rolled],
                  rolls.KEY: [rec for r in rolled for rec in rolls.of_die(cat, r.die, r.faces, typed)]}
        t.data["last"] = {"roll": " ".join(_dice_words(self.dice)), "faces": [r.text() for r in rolled]}
        return result


def _dice_words(ids) -> list[str]:
    """Die ids as the table writes them: a run of the same die as 2d6 or 3*white."""
    out = list(ids)
    words: list[str] = []
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and out[j] == out[i]:
            j += 1
        n, die = j - i, out[i]
        if n == 1:
            words.append(die)
        elif die.startswith("d") and die[1:].isdigit():
            words.append(f"{n}{die}")
        else:
            words.append(f"{n}*{die}")
        i = j
    return words


@register
@frozen
class NextRound(Action):
    """Advance the round/day marker."""

    kind: ClassVar[str] = "next"

    def text(self) -> str:
        return _("next round")

    def run(self, t: Table, cat: GameCatalog):
        if not cat.round_track:
            raise UsageError(_("{name} has no round marker").format(name=cat.name))
        tg = t.resolve(cat, cat.round_track)
        assert tg.kind == "track"  # the catalog's round_track names a track (catalog_read checks it)
        new = t.get(tg) + 1
        check_range(t, tg, new)
        t.put(tg, new)
        return {cat.round_track: new}


@register
@frozen
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
@frozen
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
