"""Numbers are bounded where they enter: ids, versions, scores, durations, counts.

A whole number typed on the command line or read from a file is checked here before it reaches the
store (SQLite holds 64-bit integers) or a loop (a count of 10**12 must not run for ever).
"""

from __future__ import annotations

import math

from .errors import UsageError
from .i18n import _

MAX_ID = 2**63 - 1  # SQLite's largest integer: game ids, play ids, versions
MAX_WHOLE = 10**9  # any other whole number typed as an option or argument
MAX_FLOAT = 1e9


def digits_in(text: str, lo: int, hi: int) -> bool:
    """`text` is plain digits naming a whole number from lo to hi (a menu's number, a die's face). A string of
    thousands of digits is simply not one: int() would refuse it past Python's digit limit."""
    return text.isdecimal() and len(text) <= len(str(hi)) + 2 and lo <= int(text) <= hi


def game_id(value: int, what: str = "--game") -> int:
    """A game id or version as typed: 1 .. 2**63-1."""
    if not 1 <= value <= MAX_ID:
        raise UsageError(_("{what} {value}: accepted: a whole number from 1 to {hi}").format(what=what, value=value, hi=MAX_ID))
    return value


def whole(value: int, what: str, lo: int = -MAX_WHOLE, hi: int = MAX_WHOLE) -> int:
    if not lo <= value <= hi:
        raise UsageError(_("{what} {value}: accepted: a whole number from {lo} to {hi}").format(what=what, value=value, lo=lo, hi=hi))
    return value


def real(value: float, what: str, lo: float = -MAX_FLOAT, hi: float = MAX_FLOAT) -> float:
    if not (math.isfinite(value) and lo <= value <= hi):
        raise UsageError(_("{what} {value}: accepted: a number from {lo:g} to {hi:g}").format(what=what, value=value, lo=lo, hi=hi))
    return value
