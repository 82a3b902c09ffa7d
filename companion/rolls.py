"""The one shape in which every action records the dice it took: a list under its result's "rolls" key,
one record per die part, the same in every game.

    {"die": "shark", "part": "outer", "face": 2, "typed": True}

die: the catalog's die id ("red", "shark", "d6"); part: the part's name for a die inside a die ("outer",
"inner"), "" for a plain die; face: the face as the catalog writes it (a number, or a word such as
"tentacle"); typed: True when the face was typed in from the table's own die, False when castaway rolled it.
`castaway dice stats` counts the typed records of the events on a game's live path (store.typed_rolls).
"""

from __future__ import annotations

from typing import Any, Iterable, TypedDict

KEY = "rolls"


class DieRecord(TypedDict):
    die: str
    part: str
    face: Any
    typed: bool


def record(die: str, face: Any, typed: bool, part: str = "") -> DieRecord:
    return {"die": str(die), "part": str(part), "face": face, "typed": bool(typed)}


def of_die(cat, die_id: str, faces: Iterable[Any], typed: bool) -> list[DieRecord]:
    """One record per part of a die that shows `faces` (one per part), the parts named from the catalog."""
    faces = list(faces)
    die = cat.dice.get(die_id) if cat is not None else None
    names = [p.name for p in die.parts] if die is not None and len(die.parts) == len(faces) else [""] * len(faces)
    if len(faces) == 1:
        names = [""]
    return [record(die_id, f, typed, part) for f, part in zip(faces, names)]


def add(result: dict | None, records: Iterable[DieRecord]) -> dict:
    """The result with these records appended to its rolls (a new dict when there was none)."""
    out = dict(result or {})
    out[KEY] = [*out.get(KEY, []), *records]
    return out

