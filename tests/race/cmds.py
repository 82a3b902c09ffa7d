"""Dice Race's command: `castaway race roll [--face N]`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ui import games
from ui.common import CTX, command, out, session, store

from .game import RaceRoll

sub = games.group("race")


@command("roll", app=sub)
def roll_cmd(face: Annotated[Optional[int], typer.Option("--face", "-f", help="The die as rolled.")] = None):
    """Roll for the player whose turn it is.

    Example: castaway race roll --face 4
    """
    with store() as st:
        ev, table = session.act(st, session.current_id(st, CTX.game), RaceRoll(face), CTX.if_version)
    out.print(f"#{ev.seq} {ev.text}: {ev.result['say']}", markup=False)
