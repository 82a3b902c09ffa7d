"""Dieson Crusoe's board at a glance: health and resources, the event and action tracks as rings with
their markers, the dice where they lie, the friend, the map, tools and the quest's checklist."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.i18n import N_, _
from companion.games.dieson import rules as R
from companion.table import Table
from ui.text import esc
from ui.board import DIE

GLYPH = {"food": "🍖", "wood": "🪵", "stone": "🪨", "leather": "🟫", "fence": "🚧", "roof": "🏠"}
ICON = {"lightning": "⚡", "weather": "☁", "raid": "⚔"}
EVENT_SHORT = {"food": N_("+food"), "wood-or-stone": N_("wood/stone"), "raid+2": N_("raid+2"), "lose-food": N_("-2 food"),
               "friend+1": N_("friend+1"), "lose-fence-roof": N_("-fence-roof"), "weather+2": N_("weather+2")}
WORDS = {"food": N_("food"), "wood": N_("wood"), "stone": N_("stone"), "leather": N_("leather"), "fence": N_("fence"),
         "roof": N_("roof"), "lightning": N_("lightning"), "weather": N_("weather"), "raid": N_("raid")}


def word(w: str) -> str:
    """A resource or icon named in the chosen language."""
    return _(WORDS[w]) if w in WORDS else w


def die(d: dict | None) -> str:
    if not d:
        return "[dim]·[/]"
    face = DIE.get(d["v"], str(d["v"]))
    return f"[bold white on grey37] {face} {d['v']}[/]" if d["c"] == "grey" else f"[bold black on yellow] {face} {d['v']}[/]"


def ring(names: list[str], pos: int, marker: str) -> str:
    cells = []
    for i, name in enumerate(names, 1):
        cells.append(f"[reverse bold] {marker}{i} {esc(name)} [/]" if i == pos else f"[dim]{i} {esc(name)}[/]")
    start = f"[reverse bold] {marker}{_('start')} [/]" if pos == 0 else f"[dim]{_('start')}[/]"
    return start + " › " + " › ".join(cells)


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    s = d["dc"]
    quest = R.quest_card(t, cat)
    day = d["tracks"]["day"]
    head = f"[bold]{esc(cat.name)}[/]"
    if row is not None:
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    head += _("  ·  [bold]{quest}[/]  ·  [bold]day {day}/{of}[/]  ·  {phase}").format(
        quest=esc(_(quest.name)), day=day, of=quest.get('duration'), phase=_(d['flags']['phase']))
    lines = [head]
    if d.get("over"):
        lines.append(_("[bold reverse] game over: {result} on day {day} [/]").format(result=_(d['over']['result']), day=day))
    hp, top = d["counters"]["health"], R.max_health(t)
    who = esc(cat.characters[s["character"]].name)
    lines.append(_("[bold]Health[/]   {hearts} {hp}/{top}   [dim]{who}, power {power}[/]").format(
        hearts=f"[red]{'♥' * hp}[/][dim]{'♡' * max(0, top - hp)}[/]", hp=hp, top=top, who=who, power=s['power']))
    lines.append(_("[bold]Supplies[/] ") + "   ".join(
        f"{GLYPH[r]} {word(r)} [bold]{d['counters'][r]}[/]" if d["counters"][r] else f"[dim]{word(r)} 0[/]" for r in R.RESOURCES))
    lines.append(_("[bold]Events[/]   ") + ring([_(EVENT_SHORT[e]) if e in EVENT_SHORT else e for e in R.event_spaces(cat)], d["tracks"]["event"], "●"))
    lines.append(_("[bold]Actions[/]  ") + ring([_(R.BOX_NAMES[b]).split(". ")[-1].lower() for b in R.boxes(cat)], d["tracks"]["action"], "♟"))
    dice = _("[bold]Dice[/]     unused ") + (" ".join(die(x) for x in s["unused"]) or "[dim]—[/]")
    if s.get("pending"):
        p = s["pending"]
        boost = f" +{p['boost']}" if p.get("boost") else ""
        dice += _("   in hand {die}").format(die=die(p['die'])) + boost + (_(" [dim](friend's help)[/]") if p.get("anybox") else "")
    used = s["used"] + [None] * (3 - len(s["used"]))
    dice += _("   used ") + " ".join(f"{i}:{die(x)}" for i, x in enumerate(used, 1))
    lines.append(dice)
    icons = "   ".join(f"{ICON[i]} {word(i)} {die(s['icons'][i])}" for i in R.ICONS)
    hand = " ".join(_(c) for c in s["hand"]) if s["hand"] else "—"
    extra = _("   blueprint {die}").format(die=die(s['blueprint'])) if s.get("blueprint") else ""
    lines.append(f"         {icons}   " + _("[dim]hand: {hand}[/]").format(hand=hand) + extra)
    if R.friend(t):
        hi = t.limits(cat.tracks["friend"])[1]
        pos = d["tracks"]["friend"]
        track = " ".join("[reverse bold] ● [/]" if i == pos else "[dim]○[/]" for i in range(0, hi + 1))
        bonus = _("   +{n}★ waiting").format(n=s['stars_bonus']) if s.get("stars_bonus") else ""
        lines.append(_("[bold]Friend[/]   {name}: {track}").format(name=esc(_(cat.deck('friends').card(R.friend(t)).name)), track=track) + bonus)
    else:
        lines.append(_("[bold]Friend[/]   [dim]none yet (expert rule 2: craft the Friend)[/]"))
    card = cat.deck("areas").card(R.area(t))
    place = d['flags']['place']
    lines.append(_("[bold]Map[/]      at [bold]{place}[/] in the [bold]{area}[/] area (hunt needs power {power}; raid on 5-6: {raid})").format(
        place=_(R.PLACE_NAMES[place]) if place in R.PLACE_NAMES else place, area=esc(_(card.name)), power=card.get('power'),
        raid=esc(_(card.effect).split(': ', 1)[-1])))
    made = R.tools_made(t)
    tools = cat.deck("tools")
    lines.append(_("[bold]Tools[/]    ") + "  ".join(
        [f"[green]✔ {esc(_(tools.card(x).name))}[/]" for x in made] + [f"[dim]{esc(_(tools.card(x).name))}[/]" for x in R.tools_open(t)]))
    have = R.achieved(t)
    lines.append(_("[bold]Quest[/]    ") + "  ".join(
        f"[green]✔ {R.need_text(n)}[/]" if n in have else f"☐ {R.need_text(n)}" for n in quest.get("needs")))
    return lines
