"""Actions: small frozen dataclasses, each with a text form and a `run` that changes a table copy.

`engine.apply` copies the table and calls `run`; the result (faces rolled, card drawn) is stored
in the event. Here: the generic table actions (set, move, roll, next, note, end) and `from_dict`, which
turns a stored action back into one. The base class and the register of kinds are in action_base.py;
the deck actions in card_actions.py (imported here, so every generic kind is known wherever this module
is); game modules register procedures of their own with `@register`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar

from . import card_actions  # noqa: F401  (registers the deck actions)
from . import dice as dicemod
from .action_base import Action, REGISTRY, change_counter, check_range, parse_int, register, require_alive, stack_gain, stack_lose, typed_faces
from .catalog import GameCatalog
from .errors import CompanionError, RuleError, UsageError
from .table import Table, Target
from .i18n import N_, _

RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


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
            s = typed_faces(s, self.faces)
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


def refuse_flow_moves(t: Table, action: "Action", cat: GameCatalog, next_round: str, phase: str) -> None:
    """The corrections a game with a flow refuses (its check): the generic `next` (the game moves its own
    marker, next_round says how) and setting the phase alone (phase says what to do instead); every other
    correction stays free."""
    if isinstance(action, NextRound):
        raise RuleError(next_round)
    tg = correction_target(t, action, cat)
    if tg is not None and tg.kind == "flag" and tg.spec.id == "phase":
        raise RuleError(phase)
