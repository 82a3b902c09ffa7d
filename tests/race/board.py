"""Dice Race's board in the terminal: one line per player, the track with the token on it."""

from __future__ import annotations


def render(t, cat, row=None) -> list[str]:
    end = cat.tracks["pos"].max
    lines = [f"Dice Race · turn: {t.data['flags']['turn']}"]
    for seat in t.seats:
        pos = t.seat_values(seat)["pos"]
        lines.append(f"{t.seat_values(seat)['player']:>6} " + "".join("●" if i == pos else "·" for i in range(end + 1)) + " ⚑")
    return lines
