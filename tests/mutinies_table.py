"""The 21 Mutinies tests' table: built by setup in a fixed turn order and changed only through actions."""

from __future__ import annotations

from companion import catalog
from companion.engine import apply
from companion.games.mutinies import game as M
from companion.games.mutinies.actions import Routes

CAT = catalog.load("mutinies")


def table(n=3, **opts):
    """A table in turn order red, blue, green...; bonus spaces out of the way unless a test sets them."""
    colours = ["red", "blue", "green", "yellow", "purple"][:n]
    opts.setdefault("bonuses", "40:doubloon")
    return M.setup(CAT, {"count": str(n), "order": ",".join(colours), **opts}, 1)


def run(t, *actions):
    result = None
    for a in actions:
        t, result = apply(t, a, CAT)
    return t, result


def seat(t, s):
    return t.seat_values(s)


def ready(n=3, costs=None, **opts):
    t = table(n, **opts)
    squares = len(t.data["flow"]["routes"])
    t, _ = run(t, Routes.parse(tuple(costs or ["0"] * squares)))
    return t
