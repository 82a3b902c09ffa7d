"""21 Mutinies: what castaway says, in lines that fit an 80-column terminal (in any language).

`pack` lays out an action's result: its parts ("; "-separated) packed a few to a line, a part split only
when it is longer than a line; `packs` applies it to an action class's result. `fit` wraps a guided
step's words after its title.
"""

from __future__ import annotations

import textwrap

WIDTH = 78  # the guided game's lines fit an 80-column terminal
INDENT = "    "  # a result's later lines, under the "  → " of its first


def pack(text: str) -> str:
    rows: list[str] = []
    room = WIDTH - len(INDENT)
    for part in (p for p in str(text).split("; ") if p):
        for piece in textwrap.wrap(part, room, break_long_words=False, break_on_hyphens=False) or [part]:
            if rows and piece == part and len(rows[-1]) + 2 + len(piece) <= room:
                rows[-1] += "; " + piece
            else:
                rows.append(piece)
    return ("\n" + INDENT).join(rows)


def packs(cls):
    """An action class whose result's "say" is packed into lines (see pack)."""
    run = cls.run

    def packed_run(self, t, cat):
        result = run(self, t, cat)
        if isinstance(result, dict) and isinstance(result.get("say"), str):
            result = {**result, "say": pack(result["say"])}
        return result

    packed_run.__doc__ = run.__doc__
    cls.run = packed_run
    return cls


def fit(text: str, lead: int = 0) -> str:
    """Words wrapped to the terminal's width; the first line starts `lead` columns in (after a title),
    the later ones two columns in."""
    rows = textwrap.wrap(str(text), WIDTH, initial_indent="x" * lead, subsequent_indent="  ",
                         break_long_words=False, break_on_hyphens=False) or [""]
    rows[0] = rows[0][lead:]
    return "\n".join(rows)
