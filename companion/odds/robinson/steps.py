"""Robinson Crusoe, guided: the odds shown before the Weather dice are rolled (companion/games/robinson/guide.py
marks the step with task {"do": "weather"}; the Game attaches these lines through step_odds)."""

from __future__ import annotations

from ...games.robinson.phases import weather_dice
from ...games.robinson.state import first, life, who
from ...i18n import _
from ..dist import pct, prob
from .weather import weather


def step_odds(t, cat, task: dict):
    """A callable giving the lines of odds for the guided step's task, or None when it has none."""
    if (task or {}).get("do") != "weather":
        return None
    return lambda: weather_lines(t, cat)


def weather_lines(t, cat) -> list[str]:
    """The chance of any wound, and of each player's character dying, over every face of tonight's dice
    (the First Player fights the Hungry Animals' beast, as castaway resolves it)."""
    c = t.data["counters"]
    r = weather(cat, weather_dice(t), c["roof"], c["food"], c["nonperishable"], c["wood"], c["palisade"], c["weapon"],
                (c["rain-token"], c["winter-token"], c["storm-token"]))
    fighter = first(t)
    lines = [_("Weather: no wound {none}, a wound for each player {each}").format(
        none=pct(1 - r["any_wound"]), each=pct(prob(r["joint"], lambda k: k[0] > 0)))]
    for seat in t.seats:
        left = life(t, cat, seat) - t.seat_values(seat)["wounds"]
        fights = seat == fighter
        p = prob(r["joint"], lambda k: k[0] + (k[1] if fights else 0) >= left)
        if p:
            lines.append(_("WARNING: {name} dies in the weather with {p} (the game is lost)").format(
                name=who(t, cat, seat), p=pct(p)))
    return lines
