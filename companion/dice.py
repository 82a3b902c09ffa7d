"""Dice: expressions such as `d6`, `2d6`, `shark`, `3*white`, and the faces typed from the table.

A roll is a list of dice; each die shows one face per part (the 21 Days shark die has two parts,
outer and inner). Faces typed at the table are written die by die with commas, parts with '/':
`2d6 --faces 3,5`, `shark --faces 2/5`, `octopus --faces blank`.
"""

from __future__ import annotations

import random
import re

from .catalog import Die, DiePart, GameCatalog
from .errors import UsageError, did_you_mean
from .i18n import _
from .valuetype import frozen

MAX_DICE = 60
MAX_SIDES = 1000
_NDX = re.compile(r"^(\d*)d(\d+)$")
_NNAME = re.compile(r"^(\d+)\*([a-z][a-z0-9-]*)$")


@frozen
class RolledDie:
    die: str  # catalog id or 'dX'
    faces: tuple  # one face per part

    def text(self) -> str:
        return "/".join(str(f) for f in self.faces)


def standard_die(sides: int) -> Die:
    return Die(
        id=f"d{sides}",
        name=_("{sides}-sided die").format(sides=sides),
        source=None,
        assumed="a standard numbered die",
        parts=(DiePart("", tuple(range(1, sides + 1))),),
    )


def parse(cat: GameCatalog, expr: list[str] | tuple[str, ...]) -> list[Die]:
    """Expand dice expressions into a list of dice, one per physical die."""
    if not expr:
        raise UsageError(_("no dice given; say e.g. d6, 2d6, shark or {items}").format(items=", ".join(list(cat.dice)[:4])))
    dice: list[Die] = []
    for token in expr:
        word = token.strip().lower()
        if not word:
            raise UsageError(_("empty dice expression; accepted: d6, 2d6, 3*white, or a die name: {items}").format(items=", ".join(cat.dice)))
        m = _NDX.match(word)
        if m:
            n = int(m.group(1) or 1)
            sides = int(m.group(2))
            if word in cat.dice:
                die = cat.dice[word]
            elif not 2 <= sides <= MAX_SIDES:
                raise UsageError(_("dice expression {token!r}: a die has 2 to {max_sides} sides").format(token=token, max_sides=MAX_SIDES))
            else:
                die = cat.dice.get(f"d{sides}") or standard_die(sides)
        else:
            m = _NNAME.match(word)
            if m:
                n, name = int(m.group(1)), m.group(2)
            else:
                n, name = 1, word
            if name not in cat.dice:
                raise UsageError(
                    _("dice expression {token!r}: no die called {name!r}; {did_you_mean}").format(token=token, name=name, did_you_mean=did_you_mean(name, [*cat.dice, "2d6", "3*white"]))
                )
            die = cat.dice[name]
        if n < 1:
            raise UsageError(_("dice expression {token!r}: roll at least one die").format(token=token))
        if len(dice) + n > MAX_DICE:
            raise UsageError(_("dice expression {token!r}: at most {max_dice} dice in one roll").format(token=token, max_dice=MAX_DICE))
        dice.extend([die] * n)
    return dice


def by_ids(cat: GameCatalog, ids) -> list[Die]:
    """The dice of a typed roll, one id per die (the catalog's, or a standard dN)."""
    dice = []
    if not ids or len(ids) > MAX_DICE:
        raise UsageError(_("a roll takes 1 to {max_dice} dice, not {n}").format(max_dice=MAX_DICE, n=len(ids or ())))
    for i in ids:
        word = str(i)
        m = _NDX.match(word)
        if word in cat.dice:
            dice.append(cat.dice[word])
        elif m and not m.group(1) and 2 <= int(m.group(2)) <= MAX_SIDES:
            dice.append(standard_die(int(m.group(2))))
        else:
            raise UsageError(_("no die called {name!r}; {did_you_mean}").format(name=word, did_you_mean=did_you_mean(word, [*cat.dice, "d6"])))
    return dice


def checked_faces(dice: list[Die], faces) -> list[RolledDie]:
    """Typed faces (one tuple of parts per die) held to the dice they were typed for."""
    if len(faces) != len(dice):
        raise UsageError(_("{n} faces given for {n2} dice ({names}); give one per die").format(n=len(faces), n2=len(dice), names=" ".join(d.id for d in dice)))
    out = []
    for die, parts in zip(dice, faces):
        parts = tuple(parts) if isinstance(parts, (tuple, list)) else (parts,)
        if len(parts) != len(die.parts) or any(f not in p.faces for f, p in zip(parts, die.parts)):
            raise UsageError(_("{faces!r} is not a face of {id}").format(faces="/".join(map(str, parts)), id=die.id))
        out.append(RolledDie(die.id, parts))
    return out


def roll_virtual(dice: list[Die], rng: random.Random) -> list[RolledDie]:
    return [RolledDie(d.id, tuple(rng.choice(p.faces) for p in d.parts)) for d in dice]


def _face(part: DiePart, die: Die, text: str, whole: str):
    t = text.strip().lower()
    for f in part.faces:
        if str(f).lower() == t:
            return f
    shown = ", ".join(dict.fromkeys(str(f) for f in part.faces))
    where = _("the {part} part of {die}").format(part=part.name, die=die.id) if part.name else die.id
    raise UsageError(_("faces {whole!r}: {strip!r} is not a face of {where}; its faces: {shown}").format(whole=whole, strip=text.strip(), where=where, shown=shown))


def parse_faces(dice: list[Die], text: str) -> list[RolledDie]:
    """Faces typed from the table, one group per die: '3,5' or '2/5' or '2/5,4'."""
    if text is None or not text.strip():
        raise UsageError(_("empty faces; type one face per die, e.g. --faces 3,5 (parts of a die with '/': 2/5)"))
    groups = [g for g in re.split(r"[,\s]+", text.strip()) if g]
    if len(groups) != len(dice):
        names = " ".join(d.id for d in dice)
        raise UsageError(_("faces {text!r}: {n} given for {n2} dice ({names}); give one per die").format(text=text, n=len(groups), n2=len(dice), names=names))
    out = []
    for die, group in zip(dice, groups):
        bits = group.split("/")
        if len(bits) != len(die.parts):
            parts = "/".join(p.name for p in die.parts) if die.compound else _("one face")
            raise UsageError(_("faces {text!r}: {group!r} for {id} should be {parts}").format(text=text, group=group, id=die.id, parts=parts))
        out.append(RolledDie(die.id, tuple(_face(p, die, b, text) for p, b in zip(die.parts, bits))))
    return out
