"""21 Days: what the table typed, parsed once where it is typed (the command line, the guided game, the pad)
into the typed fields of an action, and the checks `run` makes of those typed values (a count of faces
held to the dice the rules roll, a seat held to the living). Nothing here reads text inside `run`.
"""

from __future__ import annotations

from typing import Any

from ... import rolls
from ...errors import UsageError
from ...i18n import _, ngettext
from ...table import Table
from .core import ROLL, faces_list, roll

Faces = tuple[int, ...]


def faces(text: Any, what: str, lo: int = 1, hi: int = 6) -> Faces | None:
    """Typed die faces '3,5 6' as ints, however many (None for a virtual roll: nothing typed, or 'roll');
    `run` holds their count to the dice it rolls (`need`)."""
    if text is None or isinstance(text, (tuple, list)):
        return None if text is None else tuple(text)
    if str(text).strip().lower() in ("", ROLL):
        return None
    got = faces_list(str(text), None, what, lo, hi)
    return None if got is None else tuple(got)


def need(typed: Faces | None, n: int, what: str, lo: int = 1, hi: int = 6) -> None:
    """Typed faces held to the n dice the rules roll here, each a face lo..hi."""
    if typed is None:
        return
    example = ",".join(["3"] * (n or 2))
    accepted = ngettext("{n} face {lo}..{hi}, e.g. {example}", "{n} faces {lo}..{hi}, e.g. {example}", n).format(n=n, lo=lo, hi=hi, example=example)
    shown = ",".join(map(str, typed))
    if len(typed) != n:
        raise UsageError(_("{what}: {n} faces typed ({text!r}) for {n2} dice; accepted: {accepted}").format(what=what, n=len(typed), text=shown, n2=n, accepted=accepted))
    for v in typed:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise UsageError(_("{what}: face {v} is not on the die; accepted: {accepted}").format(what=what, v=v, accepted=accepted))


def dice(t: Table, typed: Faces | None, n: int, what: str) -> tuple[list[int], bool]:
    """The n faces a step takes: the typed ones (checked), or rolled from the table's generator. Returns
    (faces, virtual)."""
    if typed is not None:
        need(typed, n, what)
        return list(typed), False
    return roll(t, n), True


def records(die: str, faces_: list[Any], virtual: bool, part: str = "") -> list[rolls.DieRecord]:
    """The result's records of dice of one kind (companion/rolls.py)."""
    return [rolls.record(die, f, not virtual, part) for f in faces_]


# -- attacks, hazards, abilities, events, Scruffs (attacks.py, hazards.py, abilities.py, events.py,
#    scruffs.py): their parsers and checks below ---------------------------------------------------







# -- locations, the bottle, day 21, the day's flow (locations.py, bottle.py, day21.py, flow.py): their
#    parsers and checks below ----------------------------------------------------------------------
