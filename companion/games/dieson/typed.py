"""Dieson Crusoe: what the table typed, parsed once where it is typed (the command line, the guided game, the
pad) into the typed fields of an action (faces as ints, resources, boxes, tools and areas as their ids), and
the checks `run` makes of those typed values. `run` reads no text: a field is an id or it is refused.
"""

from __future__ import annotations

from typing import Any

from ... import dice as dicemod
from ... import rolls
from ...catalog import GameCatalog
from ...errors import UsageError
from ...i18n import _
from ...table import Table

Faces = tuple[int, ...]


def faces(cat: GameCatalog, colours, text: Any) -> Faces | None:
    """The faces typed for the dice of these colours, in their order ('2,4,4' or '2 4 4'), as ints; None
    (nothing typed) rolls them virtually. Faces already typed (a tuple) are kept as they are."""
    if text is None:
        return None
    if isinstance(text, (tuple, list)):
        return tuple(text)
    return tuple(int(r.faces[0]) for r in dicemod.parse_faces(dicemod.by_ids(cat, list(colours)), str(text)))


def rolled(t: Table, cat: GameCatalog, colours, typed: Faces | None) -> list[dict]:
    """The dice of these colours as they lie: the typed faces held to those dice, or rolled from the table's
    generator (typed None)."""
    dice = dicemod.by_ids(cat, list(colours))
    if typed is not None and (not isinstance(typed, tuple) or any(isinstance(f, bool) or not isinstance(f, int) for f in typed)):
        raise UsageError(_("faces {faces!r}: typed faces are one whole number per die").format(faces=typed))
    got = dicemod.roll_virtual(dice, t.rng()) if typed is None else dicemod.checked_faces(dice, [(f,) for f in typed])
    return [{"c": r.die, "v": int(r.faces[0])} for r in got]


def records(dice: list[dict], typed: bool) -> list[rolls.DieRecord]:
    """The result's record of these dice (companion/rolls.py): one per die, its colour as the die's id."""
    return [rolls.record(d["c"], d["v"], typed) for d in dice]


def positions(text: Any) -> tuple[int, ...]:
    """Unused dice by their places, 1 = the leftmost: '1,3' (or positions already typed)."""
    if isinstance(text, (tuple, list)):
        return tuple(text)
    try:
        return tuple(int(x) for x in str(text).replace(" ", "").split(",") if x)
    except ValueError:
        raise UsageError(_("positions {text!r}: write them like 1,3 (1 = the leftmost unused die)").format(text=text)) from None


def word(text: Any, accepted, what: str) -> str | None:
    """A choice typed in any case, with spaces around, as its id; None stays None (left out)."""
    if text is None:
        return None
    raw = str(text).strip().lower()
    if raw not in accepted:
        raise UsageError(_("{what} {text!r}: accepted: {accepted}").format(what=what, text=text, accepted=", ".join(accepted)))
    return raw


def chosen(text: Any, accepted, what: str) -> str:
    """A choice the action cannot leave out, typed as for word(); None refused as `held` refuses it in run."""
    got = word(text, accepted, what)
    if got is None:
        raise UsageError(_("{what} {text!r}: accepted: {accepted}").format(what=what, text=text, accepted=", ".join(accepted)))
    return got


def card(cat: GameCatalog, deck: str, text: Any, what: str) -> str | None:
    """A card of a deck by its id or by its printed name, in any case ('Stone Knife', 'stone-knife')."""
    if text is None:
        return None
    raw = str(text).strip().lower()
    cards = cat.deck(deck).cards
    for c in cards:
        if raw in (c.id, c.name.lower()):
            return c.id
    raise UsageError(_("{what} {text!r}: accepted: {accepted}").format(what=what, text=text, accepted=", ".join(c.id for c in cards)))


def held(value: Any, accepted, what: str) -> str:
    """A typed choice held to its ids (what `run` checks; the text was read where it was typed)."""
    if value not in tuple(accepted):
        raise UsageError(_("{what} {text!r}: accepted: {accepted}").format(what=what, text=value, accepted=", ".join(accepted)))
    return value


def parse_icons(text: Any) -> tuple[int, int]:
    """The icons on a date space as typed: 'weather+1 raid+2' / 'none' → (1, 2)."""
    raw = (text or "").strip().lower()
    w = r = 0
    if raw in ("", "none", "-", "žádné"):
        return 0, 0
    for item in raw.replace(",", " ").split():
        name, _plus, n = item.partition("+")
        if name not in ("weather", "raid") or n not in ("1", "2"):
            raise UsageError(_("date icons {text!r}: write weather+1, raid+2 (each +1 or +2), or none").format(text=text))
        if name == "weather":
            w = int(n)
        else:
            r = int(n)
    return w, r


def by_parse(cls, stored: dict, t: Table, cat: GameCatalog) -> dict:
    """Action.upgrade of a kind whose `parse(t, cat, **fields)` takes its fields by name: the schema-3 dict
    (its fields the text the table typed) read by parse against the table it applied to."""
    return cls.parse(t, cat, **{k: v for k, v in stored.items() if k != "kind"}).to_dict()
