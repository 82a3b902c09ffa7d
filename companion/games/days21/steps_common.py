"""21 Days, guided game: what the step builders share (phase names, small helpers)."""

from __future__ import annotations

from ...catalog import GameCatalog
from ...guide import Ask
from ...i18n import N_, _
from ...table import Table
from .core import ROLL, name
from .names import TOKEN  # noqa: F401 (the guided steps' words for the tokens)

GO = Ask(N_("Enter to go on"))  # prompts are translated where they are shown (ui/play_cmds.describe)
PHASE = {"setup": N_("Setup"), "weather": N_("Weather"), "weather-board": N_("Weather"), "shark": N_("Shark phase"),
         "morning": N_("Morning"), "midday": N_("Midday"), "evening": N_("Evening"), "attack": N_("Attack"), "end": N_("Night"),
         "weather-effect": N_("Morning"), "exhaustion": N_("Day 21"), "rosina": N_("Day 21"), "day21": N_("Day 21"), "harvest": N_("Evening")}


DIFFICULTY = {"green": N_("green"), "orange": N_("orange"), "red": N_("red")}
SECTION = {"morning": N_("morning"), "midday": N_("midday"), "evening": N_("evening")}
WOUND = {"octopus": N_("the octopus"), "shark": N_("a shark")}
WHY = {"jellyfish": N_("who falls into the jellyfish"), "paranoia": N_("whom Paranoia strikes"),
       "steal-die": N_("whose die the octopus steals")}


# A task that is no phase of its own (a symbol, a colour token, a location's roll) belongs to the phase
# before the next phase still queued: the key is that next phase, the value the phase it closes.
CLOSES = {"morning": "weather-effect", "midday": "morning", "evening": "midday", "harvest": "evening",
          "attack": "evening", "end": "attack", "rosina": "exhaustion", "day21": "day21"}


def phase_key(queue: list[dict]) -> str:
    """Which phase the head of the day's queue belongs to."""
    if queue and queue[0].get("do") in PHASE:
        return queue[0]["do"]
    for q in queue[1:]:
        if q.get("do") in CLOSES:
            return CLOSES[q["do"]]
    return "end"


def phase_name(cat: GameCatalog, do: str | list[dict] | None) -> str:
    """The heading of a phase (a task name, or the day's queue: see phase_key), in the edition's own
    words (the Czech edition numbers six phases, the logbook phase last: rules.phases in its game.toml),
    else the English rulebook's."""
    names = cat.rules.get("phases") or {}
    key = phase_key(do) if isinstance(do, list) else do if do in PHASE else "midday"
    return _(names.get(key) or PHASE[key])


def _r(answer) -> str:
    return ROLL if answer in (None, "") else answer


def _who(t: Table, cat: GameCatalog, seats) -> tuple:
    return tuple((s, name(t, cat, s)) for s in seats)


def seat_keys(t: Table, seats, first: str | None = None) -> tuple[str, ...]:
    """Each seat's number in a menu, the same all game whoever is listed (red 1, yellow 2, blue 3, green 4);
    `first`: a leading option that is no seat, numbered 0."""
    return ((("0",) if first else ()) + tuple(str(t.seats.index(s) + 1) for s in seats))


def who_ask(t: Table, cat: GameCatalog, prompt: str, seats, first: tuple[str, str] | None = None, **kw) -> Ask:
    """A question picking survivors, each by their seat's number (seat_keys)."""
    seats = list(seats)
    return Ask(prompt, "choice", choices=((first,) if first else ()) + _who(t, cat, seats),
               keys=seat_keys(t, seats, first and first[0]), **kw)


def token_ask(t: Table, cat: GameCatalog, among, prompt: str) -> Ask:
    return who_ask(t, cat, _("{prompt} (Enter drops them virtually)").format(prompt=prompt), among,
                   (ROLL, _("drop virtually")), default=ROLL)


def symbol_chart(cat: GameCatalog) -> list[tuple[str, str, str, str]]:
    """(number, id, icon, name) of every logbook symbol, by number (rules.symbol_chart in game.toml)."""
    chart = cat.rules.get("symbol_chart") or {}
    rows = [(str(v["n"]), k, v.get("icon", ""), _(v["name"])) for k, v in chart.items() if isinstance(v, dict)]
    return sorted(rows, key=lambda r: int(r[0]))


def symbol_ask(cat: GameCatalog, prompt: str, ids, default=None) -> Ask:
    """A question on one part of the logbook card: the symbols by their chart numbers (or ids)."""
    chart = {r[1]: r for r in symbol_chart(cat)}
    rows = [chart.get(k) or (str(90 + i), k, "", k) for i, k in enumerate(ids)]  # the rules' order; shown by number
    return Ask(prompt, "choice", multiple=True, choices=tuple((k, name) for _n, k, _i, name in rows),
               keys=tuple(n for n, *_rest in rows), default=default)
