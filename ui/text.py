"""User text inside Rich markup: names, notes, titles, card texts and play fields are shown as typed.

Rich reads `[...]` as a tag; a player named `[/x]` would break the line (or style it). Everything that
comes from a user or a data file goes through esc() before it is put into a markup string.

Control characters (C0, DEL and C1) would reach the terminal raw: `\\e]0;title\\a` retitles the window,
`\\e[2J` clears it. esc() shows each one escaped, as Python writes it (`\\x1b`), so a note shows what was
typed and the terminal obeys none of it; a newline is kept only where the text may hold one.
"""

from __future__ import annotations

import re

from rich.markup import escape

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_BUT_NEWLINE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


def _shown(m: re.Match) -> str:
    return {"\t": "\\t", "\n": "\\n", "\r": "\\r"}.get(m.group(), f"\\x{ord(m.group()):02x}")


def plain(value, newline: bool = True) -> str:
    """`value` as text with its control characters escaped (for output printed without markup)."""
    return (_CONTROL_BUT_NEWLINE if newline else _CONTROL).sub(_shown, str(value))


def esc(value, newline: bool = True) -> str:
    """`value` as text that Rich prints literally, its control characters escaped (a newline too unless
    `newline`: a name or a title on a line of a list)."""
    return escape(plain(value, newline))
