"""User text inside Rich markup: names, notes, titles, card texts and play fields are shown as typed.

Rich reads `[...]` as a tag; a player named `[/x]` would break the line (or style it). Everything that
comes from a user or a data file goes through esc() before it is put into a markup string.
"""

from __future__ import annotations

from rich.markup import escape


def esc(value) -> str:
    """`value` as text that Rich prints literally."""
    return escape(str(value))
