"""Dieson Crusoe's board at a glance: health and resources, the event and action tracks as rings with
their markers, the dice where they lie (faces as pips and digits), the friend, the map, tools and the
quest's checklist. Every line fits 80 columns: a long one folds under its label."""

from __future__ import annotations

from rich.text import Text

from companion.catalog import GameCatalog
from companion.games.dieson import rules as R
from companion.i18n import N_, _
from companion.table import Table
from ui.board import DIE
from ui.text import esc

WIDTH = 80
INDENT = " " * 9
GLYPH = {"food": "🍖", "wood": "🪵", "stone": "🪨", "leather": "🟫", "fence": "🚧", "roof": "🏠"}
ICON = {"lightning": "⚡", "weather": "☁", "raid": "⚔"}
EVENT_SHORT = {"food": N_("+1 food"), "wood-or-stone": N_("wood/stone"), "raid+2": N_("raid+2"), "lose-food": N_("-2 food"),
               "friend+1": N_("friend+1"), "lose-fence-roof": N_("-fence -roof"), "weather+2": N_("weather+2")}
PHASES = {"morning": N_("Morning"), "afternoon": N_("Afternoon"), "evening": N_("Evening"), "over": N_("game over")}


def die(d: dict | None) -> str:
    if not d:
        return "[dim]·[/]"
    face = DIE.get(d["v"], str(d["v"]))
    return f"[bold white on grey37] {face} {d['v']}[/]" if d["c"] == "grey" else f"[bold black on yellow] {face} {d['v']}[/]"


def width(markup: str) -> int:
    return Text.from_markup(markup, emoji=False).cell_len  # as `out` prints it: emoji codes stay text


def fold(label: str, cells: list[str], sep: str = "  ") -> list[str]:
    """A label and its cells on as many lines as 80 columns need, the later lines indented under the cells."""
    head = f"[bold]{label}[/]"
    lines, cur = [], head + " " * max(1, len(INDENT) - width(head))
    fresh = True
    for cell in cells:
        piece = cell if fresh else sep + cell
        if not fresh and width(cur) + width(piece) > WIDTH:
            lines.append(cur)
            cur, piece = INDENT, cell
        cur += piece
        fresh = False
    lines.append(cur)
    return lines


def ring(names: list[str], pos: int, marker: str) -> list[str]:
    start = f"[reverse bold] {marker}{esc(_('start'))} [/]" if pos == 0 else f"[dim]{esc(_('start'))}[/]"
    cells = [start]
    for i, name in enumerate(names, 1):
        cells.append(f"[reverse bold] {marker}{i} {esc(name)} [/]" if i == pos else f"[dim]{i} {esc(name)}[/]")
    return cells


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    s = d["dc"]
    quest = R.quest_card(t, cat)
    day = d["tracks"]["day"]
    bits = [f"[bold]{esc(cat.name)}[/]"]
    if row is not None:
        bits.append(esc(_("game {id} (v{v})").format(id=row.id, v=row.version)))
    phase = d["flags"]["phase"]
    bits += [f"[bold]{esc(quest.name)}[/]", f"[bold]{esc(_('day {day}/{of}').format(day=day, of=quest.get('duration')))}[/]",
             esc(_(PHASES[phase])) if phase in PHASES else esc(phase)]
    lines = [" · ".join(bits)]
    if d.get("over"):
        lines.append("[bold reverse] " + esc(_("game over: {result} on day {day}").format(
            result=_(d["over"]["result"]), day=day)) + " [/]")
    hp, top = d["counters"]["health"], R.max_health(t)
    who = esc(cat.characters[s["character"]].name)
    lines += fold(esc(_("Health")), [f"[red]{'♥' * hp}[/][dim]{'♡' * max(0, top - hp)}[/] {hp}/{top}",
                                     f"[dim]{esc(_('{who}, power {power}').format(who=who, power=s['power']))}[/]"], "   ")
    lines += fold(esc(_("Supplies")), [
        f"{GLYPH[r]} {esc(R.res_name(r))} [bold]{d['counters'][r]}[/]" if d["counters"][r] else f"[dim]{esc(R.res_name(r))} 0[/]"
        for r in R.RESOURCES], "   ")
    lines += fold(esc(_("Events")), ring([_(EVENT_SHORT[e]) if e in EVENT_SHORT else e for e in R.event_spaces(cat)],
                                        d["tracks"]["event"], "●"), " › ")
    lines += fold(esc(_("Actions")), ring([_(R.BOX_NAMES[b]).split(". ", 1)[-1].lower() for b in R.boxes(cat)],
                                         d["tracks"]["action"], "♟"), " › ")
    dice = [esc(_("unused")) + " " + (" ".join(die(x) for x in s["unused"]) or "[dim]—[/]")]
    if s.get("pending"):
        p = s["pending"]
        boost = f" +{p['boost']}" if p.get("boost") else ""
        dice.append(esc(_("in hand")) + f" {die(p['die'])}{boost}" + ((" [dim](" + esc(_("friend's help")) + ")[/]") if p.get("anybox") else ""))
    used = s["used"] + [None] * (3 - len(s["used"]))
    dice.append(esc(_("used")) + " " + " ".join(f"{i}:{die(x)}" for i, x in enumerate(used, 1)))
    lines += fold(esc(_("Dice")), dice, "   ")
    icons = [f"{ICON[i]} {esc(_(R.ICON_NAMES[i]))} {die(s['icons'][i])}" for i in R.ICONS]
    hand = " ".join(R.colour_name(c) for c in s["hand"]) if s["hand"] else "—"
    icons.append(f"[dim]{esc(_('hand'))}: {esc(hand)}[/]")
    if s.get("blueprint"):
        icons.append(f"Blueprint {die(s['blueprint'])}")
    lines += fold("", icons, "   ")
    if R.friend(t):
        hi = t.limits(cat.tracks["friend"])[1]
        pos = d["tracks"]["friend"]
        track = " ".join("[reverse bold] ● [/]" if i == pos else "[dim]○[/]" for i in range(0, hi + 1))
        bonus = [esc(_("+{n}★ waiting").format(n=s["stars_bonus"]))] if s.get("stars_bonus") else []
        lines += fold(esc(_("Friend")), [esc(cat.deck("friends").card(R.friend(t)).name) + ":", track, *bonus], " ")
    else:
        lines += fold(esc(_("Friend")), [f"[dim]{esc(_('none yet (expert rule 2: craft the Friend)'))}[/]"])
    card = cat.deck("areas").card(R.area(t))
    place = R.place_name(d["flags"]["place"])
    lines += fold(esc(_("Map")), (esc(_("at {place} in the {area} area;").format(place=place, area=card.name)) + " " +
                                  esc(_("hunting needs power {power}; a raid on 5-6: {raid}").format(
                                      power=card.get("power"), raid=R.raid_text(card.get("raid") or {})))).split(" "), " ")
    made = R.tools_made(t)
    tools = cat.deck("tools")
    lines += fold(esc(_("Tools")), [f"[green]✔ {esc(tools.card(x).name)}[/]" for x in made] +
                  [f"[dim]{esc(tools.card(x).name)}[/]" for x in R.tools_open(t)])
    have = R.achieved(t)
    lines += fold(esc(_("Quest")), [f"[green]✔ {esc(R.need_text(n))}[/]" if n in have else f"☐ {esc(R.need_text(n))}"
                                   for n in quest.get("needs")])
    return lines
