"""Dieson Crusoe's board at a glance: health and resources, the event and action tracks as rings with
their markers, the dice where they lie, the friend, the map, tools and the quest's checklist."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.dieson import rules as R
from companion.table import Table
from ui.text import esc
from ui.board import DIE

GLYPH = {"food": "🍖", "wood": "🪵", "stone": "🪨", "leather": "🟫", "fence": "🚧", "roof": "🏠"}
ICON = {"lightning": "⚡", "weather": "☁", "raid": "⚔"}
EVENT_SHORT = {"food": "+food", "wood-or-stone": "wood/stone", "raid+2": "raid+2", "lose-food": "-2 food",
               "friend+1": "friend+1", "lose-fence-roof": "-fence-roof", "weather+2": "weather+2"}


def die(d: dict | None) -> str:
    if not d:
        return "[dim]·[/]"
    face = DIE.get(d["v"], str(d["v"]))
    return f"[bold white on grey37] {face} {d['v']}[/]" if d["c"] == "grey" else f"[bold black on yellow] {face} {d['v']}[/]"


def ring(names: list[str], pos: int, marker: str) -> str:
    cells = []
    for i, name in enumerate(names, 1):
        cells.append(f"[reverse bold] {marker}{i} {esc(name)} [/]" if i == pos else f"[dim]{i} {esc(name)}[/]")
    start = f"[reverse bold] {marker}start [/]" if pos == 0 else "[dim]start[/]"
    return start + " › " + " › ".join(cells)


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    s = d["dc"]
    quest = R.quest_card(t, cat)
    day = d["tracks"]["day"]
    head = f"[bold]{esc(cat.name)}[/]"
    if row is not None:
        head += f"  ·  game {row.id}  ·  version {row.version}"
    head += f"  ·  [bold]{esc(quest.name)}[/]  ·  [bold]day {day}/{quest.get('duration')}[/]  ·  {d['flags']['phase']}"
    lines = [head]
    if d.get("over"):
        lines.append(f"[bold reverse] game over: {d['over']['result']} on day {day} [/]")
    hp, top = d["counters"]["health"], R.max_health(t)
    who = esc(cat.characters[s["character"]].name)
    lines.append(f"[bold]Health[/]   [red]{'♥' * hp}[/][dim]{'♡' * max(0, top - hp)}[/] {hp}/{top}   "
                 f"[dim]{who}, power {s['power']}[/]")
    lines.append("[bold]Supplies[/] " + "   ".join(
        f"{GLYPH[r]} {r} [bold]{d['counters'][r]}[/]" if d["counters"][r] else f"[dim]{r} 0[/]" for r in R.RESOURCES))
    lines.append("[bold]Events[/]   " + ring([EVENT_SHORT.get(e, e) for e in R.event_spaces(cat)], d["tracks"]["event"], "●"))
    lines.append("[bold]Actions[/]  " + ring([R.BOX_NAMES[b].split(". ")[1].lower() for b in R.boxes(cat)], d["tracks"]["action"], "♟"))
    dice = "[bold]Dice[/]     unused " + (" ".join(die(x) for x in s["unused"]) or "[dim]—[/]")
    if s.get("pending"):
        p = s["pending"]
        boost = f" +{p['boost']}" if p.get("boost") else ""
        dice += f"   in hand {die(p['die'])}{boost}" + (" [dim](friend's help)[/]" if p.get("anybox") else "")
    used = s["used"] + [None] * (3 - len(s["used"]))
    dice += "   used " + " ".join(f"{i}:{die(x)}" for i, x in enumerate(used, 1))
    lines.append(dice)
    icons = "   ".join(f"{ICON[i]} {i} {die(s['icons'][i])}" for i in R.ICONS)
    hand = " ".join(s["hand"]) if s["hand"] else "—"
    extra = f"   blueprint {die(s['blueprint'])}" if s.get("blueprint") else ""
    lines.append(f"         {icons}   [dim]hand: {hand}[/]{extra}")
    if R.friend(t):
        hi = t.limits(cat.tracks["friend"])[1]
        pos = d["tracks"]["friend"]
        track = " ".join("[reverse bold] ● [/]" if i == pos else "[dim]○[/]" for i in range(0, hi + 1))
        bonus = f"   +{s['stars_bonus']}★ waiting" if s.get("stars_bonus") else ""
        lines.append(f"[bold]Friend[/]   {esc(cat.deck('friends').card(R.friend(t)).name)}: {track}{bonus}")
    else:
        lines.append("[bold]Friend[/]   [dim]none yet (expert rule 2: craft the Friend)[/]")
    card = cat.deck("areas").card(R.area(t))
    lines.append(f"[bold]Map[/]      at [bold]{R.PLACE_NAMES.get(d['flags']['place'], d['flags']['place'])}[/] in the "
                 f"[bold]{esc(card.name)}[/] area (hunt needs power {card.get('power')}; raid on 5-6: {esc(card.effect.split(': ', 1)[-1])})")
    made = R.tools_made(t)
    tools = cat.deck("tools")
    lines.append("[bold]Tools[/]    " + "  ".join(
        [f"[green]✔ {esc(tools.card(x).name)}[/]" for x in made] + [f"[dim]{esc(tools.card(x).name)}[/]" for x in R.tools_open(t)]))
    have = R.achieved(t)
    lines.append("[bold]Quest[/]    " + "  ".join(
        f"[green]✔ {R.need_text(n)}[/]" if n in have else f"☐ {R.need_text(n)}" for n in quest.get("needs")))
    return lines
