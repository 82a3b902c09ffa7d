"""Dice Race behind the game protocol: its setup, its one action (race-roll) and its outcome."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from companion.action_base import Action, register
from companion.errors import UsageError
from companion.games.protocol import Game, PlayTerms
from companion.table import new_table


@register
@dataclass(frozen=True)
class RaceRoll(Action):
    """The player whose turn it is rolls a die and moves that many spaces; the end of the track wins."""

    kind: ClassVar[str] = "race-roll"
    face: int | None = None  # the die as rolled at the table; None rolls virtually

    def text(self) -> str:
        return "race roll" + (f" {self.face}" if self.face else "")

    def run(self, t, cat):
        if self.face is not None and not 1 <= self.face <= 6:
            raise UsageError(f"face {self.face!r}: accepted: 1..6")
        seat = t.data["flags"]["turn"]
        face = self.face or t.rng().randint(1, 6)
        end = cat.tracks["pos"].max
        vals = t.seat_values(seat)
        vals["pos"] = min(end, vals["pos"] + face)
        if vals["pos"] == end:
            t.data["over"] = {"result": "won", "winner": vals.get("player") or seat}
        else:
            seats = t.seats
            t.data["flags"]["turn"] = seats[(seats.index(seat) + 1) % len(seats)]
        return {"faces": [face], "say": f"{seat} moves to {vals['pos']}"}


class Race(Game):
    id = "race"
    prefix = "race-"
    play = PlayTerms(names=("dice race",), competitive=True, terms=(("winner", "winner"),))
    decks = Path(__file__).resolve().parent / "decks"
    commands = "tests.race.cmds"
    terminal_board = "tests.race.board:render"

    def setup(self, cat, options, seed):
        names = options.get("players") or ["Red", "Blue"]
        if not 1 <= len(names) <= len(cat.seats):
            raise UsageError(f"Dice Race is for 1-{len(cat.seats)} players, not {len(names)}")
        seats = list(cat.seats)[: len(names)]
        t = new_table(cat, seats, options, seed)
        for seat, name in zip(seats, names):
            t.seat_values(seat)["player"] = name
        t.data["flags"]["turn"] = seats[0]
        return t

    def outcome(self, t, cat):
        return {"winner": (t.data.get("over") or {}).get("winner", "")}


GAME = Race()
