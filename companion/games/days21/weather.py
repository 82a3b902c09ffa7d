"""21 Days, the Weather expansion: the forecast board's symbols in words, what today's weather closes,
and this morning's weather tasks. Read by the events, the day's flow and the guided steps alike."""

from __future__ import annotations

from ...i18n import N_, _
from ...table import Table
from .core import d21

WEATHER = {"none": N_("nothing (clear)"), "flare": N_("flare location"), "swap": N_("swap location"),
           "hope": N_("hope location"), "fishing": N_("fishing location"), "receive": N_("bottle location (receive)"),
           "play": N_("bottle location (play)"), "bottle": N_("bottle location (receive or play)"),
           "jellyfish": N_("jellyfish location (suitcase dive)"), "heavy": N_("heavy weather: no location"),
           "minus1": N_("-1 strength for one survivor"), "plus1": N_("+1 strength for one survivor"),
           "swarm": N_("a jellyfish swarm")}


def weather_label(code: str) -> str:
    return _(WEATHER[code]) if code in WEATHER else code


def weather_tasks(t: Table) -> list[dict]:
    """This morning's weather effects, from yesterday's forecast."""
    w = d21(t).get("weather") or {}
    today = w.get("today")
    if today == "swarm":
        return [{"do": "token", "for": "jellyfish"}, {"do": "jellyfish", "sym": "jellyfish"}]
    if today in ("plus1", "minus1"):
        return [{"do": "weather-effect", "sym": today}]
    return []


def blocked(t: Table) -> set[str]:
    w = d21(t).get("weather") or {}
    today = w.get("today")
    if today == "heavy":
        return {"all"}
    if today in ("flare", "swap", "hope", "fishing", "receive", "play", "jellyfish"):
        return {today}
    if today == "bottle":  # the Czech forecast board's one bottle symbol closes both of its places
        return {"receive", "play"}
    return set()
