"""The base of every action: the Action class, the register of action kinds that replay reads, and the
helpers actions share (a typed number, a counter or track kept within its limits, a strength stack).

The generic actions live in actions.py (set, move, roll, next, note, end) and card_actions.py (the deck
actions); each game's procedures in its own package, `@register`ed like them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, ClassVar, Union

from .catalog import GameCatalog
from .errors import RuleError, UsageError
from .i18n import _
from .table import CounterTarget, RangedTarget, Table
from .valuetype import frozen

REGISTRY: dict[str, type["Action"]] = {}
BIG = 10**6  # no component on any table moves by a million


def register(cls):
    """Make an action kind known to replay. A kind registered twice is a mistake that would change how
    stored games replay: it raises at import."""
    known = REGISTRY.get(cls.kind)
    if known is not None and known is not cls:
        raise RuntimeError(f"action kind {cls.kind!r} of {cls.__module__}.{cls.__qualname__} is taken by "
                           f"{known.__module__}.{known.__qualname__}")
    REGISTRY[cls.kind] = cls
    return cls


@frozen
class Action:
    """A typed value: its fields are ids, seats, numbers and faces, never text to parse. What the table typed
    is parsed once where it enters (a classmethod such as `parse(t, cat, ...)`, the guided step's `make`,
    the pad), against the table it will apply to; `run` only checks the typed values against the rules."""

    kind: ClassVar[str] = ""

    def run(self, t: Table, cat: GameCatalog) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def upgrade(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
        """A schema-3 stored action (its fields were the text typed at the table) in the shape this kind
        stores now, read against `t`, the table it applied to (the schema 4 migration, schema_v4.py). A kind
        whose fields were already typed keeps them."""
        return stored

    def text(self) -> str:
        return self.kind

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            d[f.name] = lists(getattr(self, f.name))
        return d


def lists(v: Any) -> Any:
    """A field as JSON keeps it: tuples, nested ones too, as lists."""
    return [lists(x) for x in v] if isinstance(v, (tuple, list)) else v


def tuples(v: Any) -> Any:
    """A stored field as the action holds it: lists, nested ones too, as tuples."""
    return tuple(tuples(x) for x in v) if isinstance(v, (tuple, list)) else v


# What the edge hands to session.act: an Action, or a function that parses what was typed into one against
# the table's head, inside the command's one transaction.
Builder = Callable[[Table, GameCatalog], "Action"]
Intent = Union["Action", Builder]


# -- helpers shared by actions ---------------------------------------------------------------------


def faces_words(faces) -> str:
    """Typed faces as the table writes them: dice by commas, a die's parts by '/' (2/5,3)."""
    if isinstance(faces, (list, tuple)):
        return ",".join("/".join(str(p) for p in f) if isinstance(f, (list, tuple)) else str(f) for f in faces)
    return str(faces)


def typed_faces(line: str, faces) -> str:
    """A log line with the faces the table typed; a virtual roll (no faces, or 'roll') adds nothing, since its
    faces are in the line's result."""
    if faces is None or faces == () or faces == [] or str(faces).strip().lower() in ("", "roll"):
        return line
    return _("{line} (table: {faces})").format(line=line, faces=faces_words(faces))


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


def check_range(t: Table, target: RangedTarget, value: int) -> None:
    lo, hi = t.limits(target.spec)
    if value < lo or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if hi is not None else _("{lo} or more").format(lo=lo)
        noun = _("is off the track") if target.kind == "track" else _("is out of range")
        raise RuleError(_("{label} {value} {noun}: it runs {span}").format(label=target.label, value=value, noun=noun, span=span))


def change_counter(t: Table, target: CounterTarget, delta: int) -> int:
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

