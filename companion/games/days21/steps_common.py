"""21 Days, guided game: what the step builders share (phase names, small helpers)."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...guide import Ask
from ...table import Table
from .core import ROLL, name
from ...i18n import _, N_


GO = Ask(N_("Enter to go on"))  # prompts are translated where they are shown (ui/play_cmds.describe)
PHASE = {"setup": N_("Setup"), "weather": N_("Weather"), "weather-board": N_("Weather"), "shark": N_("Shark phase"),
         "morning": N_("Morning"), "midday": N_("Midday"), "evening": N_("Evening"), "attack": N_("Attack"), "end": N_("Night"),
         "weather-effect": N_("Morning"), "exhaustion": N_("Day 21"), "rosina": N_("Day 21"), "day21": N_("Day 21"), "harvest": N_("Evening")}


DIFFICULTY = {"green": N_("green"), "orange": N_("orange"), "red": N_("red")}
SECTION = {"morning": N_("morning"), "midday": N_("midday"), "evening": N_("evening")}
WOUND = {"octopus": N_("the octopus"), "shark": N_("a shark")}
WHY = {"jellyfish": N_("who falls into the jellyfish"), "paranoia": N_("whom Paranoia strikes"),
       "steal-die": N_("whose die the octopus steals")}


def phase_name(cat: GameCatalog, do: str | None) -> str:
    """The heading of a task's phase, in the edition's own words (the Czech edition numbers six phases,
    the logbook phase last: rules.phases in its game.toml), else the English rulebook's."""
    names = cat.rules.get("phases") or {}
    key = do if do in PHASE else "midday"
    return _(names.get(key) or PHASE[key])


def _r(answer) -> str:
    return ROLL if answer in (None, "") else answer


def _who(t: Table, cat: GameCatalog, seats) -> tuple:
    return tuple((s, name(t, cat, s)) for s in seats)


def token_ask(t: Table, cat: GameCatalog, among, prompt: str) -> Ask:
    return Ask(_("{prompt} (Enter drops them virtually)").format(prompt=prompt), "choice",
               choices=((ROLL, _("drop virtually")), *_who(t, cat, among)), default=ROLL)
