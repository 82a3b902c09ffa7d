"""21 Mutinies at a glance: the turn order with the captain, the pirate token, the trade routes'
tokens, the stacks, the pawns placed this round, each pirate's prestige track with its bonus
spaces, money, rum and tokens, and the score pad during the final scoring."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.games.mutinies import core
from companion.games.mutinies.score import pad_rows
from companion.i18n import _
from companion.table import Table
from ui.text import esc

BONUS_GLYPH = {"doubloon": "◉", "rum": "▪", "treasure": "✚", "jewel": "◆"}


def colour(cat: GameCatalog, seat: str) -> str:
    spec = cat.seats.get(seat)
    return spec.colour if spec and spec.colour else "white"


def who(t: Table, cat: GameCatalog, seat: str) -> str:
    if seat == core.HENCHMAN:
        return _("[dim]henchman[/]")
    return f"[{colour(cat, seat)} bold]{esc(core.name(t, seat))}[/]"


def prestige_track(t: Table, seat: str, width: int = 24) -> str:
    f = t.data["flow"]
    pp = t.seat_values(seat)["prestige"]
    claimed = f["claimed"].get(seat, [])
    cells = []
    hi = max(width, pp + 2)
    for pos in range(0, hi + 1):
        bonus = f["board"]["bonuses"].get(str(pos))
        if pos == pp:
            cells.append(f"[reverse bold]{pp}[/]")
        elif bonus:
            glyph = BONUS_GLYPH.get(bonus, "*")
            cells.append(f"[dim]{glyph}[/]" if pos in claimed else f"[yellow]{glyph}[/]")
        else:
            cells.append("[dim]·[/]" if pos > pp else "━")
    return "".join(cells)


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    f = d["flow"]
    lines = []
    head = f"[bold]{esc(cat.name)}[/]"
    if row is not None:
        head += _("  ·  game {id}  ·  version {version}").format(id=row.id, version=row.version)
    head += _("  ·  [bold]round {n}[/]  ·  {phase}").format(n=d['tracks']['round'], phase=_(d['flags']['phase']))
    if f["final_round"]:
        head += _("  ·  [bold red]final round[/]") if f["final_round"] == d["tracks"]["round"] else \
            _("  ·  final round {n}").format(n=f['final_round'])
    lines.append(head)
    if d.get("over"):
        won = esc(", ".join(core.name(t, s) for s in d["over"].get("winners", [])))
        lines.append(_("[bold reverse] game over [/] winner: {names}").format(names=won))
    order = " › ".join(("⚓ " if i == 0 else "") + who(t, cat, s) for i, s in enumerate(f["order"]))
    lines.append(_("[bold]Turn order[/]  {order}").format(order=order))
    extras = []
    if f["pirate"]:
        extras.append(_("☠ pirate token on {action}").format(action=_(core.ACTION_NAMES[f['pirate']])))
    for action, b in f["blocked"].items():
        when = _("until the next mutiny") if b.get("until") == "mutiny" else _("in round {n}").format(n=b.get('round'))
        extras.append(f"[red]✖ {_(core.ACTION_NAMES[action])}[/] {when} ({b.get('card')})")
    if texts := (_("card texts ignored") if core.texts_ignored(t) else ""):
        extras.append(f"[dim]{texts}[/]")
    if extras:
        lines.append("  ·  ".join(extras))
    routes = " ".join(f"[bold on grey23] {i + 1}:{core.cost_text(sq['cost'])} [/]" if sq["token"] else _("[dim] {i}:empty [/]").format(i=i + 1)
                      for i, sq in enumerate(f["routes"]))
    c = d["counters"]
    lines.append(_("[bold]Trade routes[/] {routes}   jewel stack ◆×{jewels}   treasures ✚×{treasures}").format(
        routes=routes, jewels=c['jewels'], treasures=c['treasures']))
    lines.append(_("[bold]Tavern[/] rum ▪×{rum}   [bold]bank[/] ◉×{bank}   [bold]mutiny deck[/] ▮×{deck} (the Last Mutiny at the bottom)")
                 .format(rum=t.pool_left('rum'), bank=t.pool_left('doubloons'), deck=f['deck_left']))
    if f["placed"]:
        by_action: dict[str, list[str]] = {}
        for p in f["placed"]:
            spot = p["detail"] or (str(p["space"]) if p["space"] else "")
            by_action.setdefault(p["action"], []).append(f"{who(t, cat, p['seat'])}{' ' + spot if spot else ''}")
        lines.append(_("[bold]Pawns[/]  ") + "   ".join(f"{_(core.ACTION_NAMES[a])}: {', '.join(ps)}" for a, ps in by_action.items()))
    if f["queue"]:
        nxt = f["queue"][0]
        lines.append(_("[bold]Next to resolve[/] {action}").format(action=_(core.ACTION_NAMES[nxt['kind']])))
    lines.append("")
    for seat in core.players(t):
        v = t.seat_values(seat)
        cards = f["cards"]
        held, front = len(cards["held"].get(seat, [])), len(cards["front"].get(seat, []))
        role = _("captain") if seat == core.captain(t) else _("sailor")
        pad = " " * max(1, 20 - len(core.name(t, seat)))
        lines.append(f"{who(t, cat, seat)}{pad}[dim]{role:<9}[/]" + _("prestige {track}").format(track=prestige_track(t, seat)))
        lines.append(_("    ◉ {doubloons:>2} doubloons  ▪ {rum} rum  ◆ {jewel} jewels  ✚ {treasure} treasures  ▮ {held} in hand, {front} in front")
                     .format(doubloons=v['doubloons'], rum=v['rum'], jewel=v['jewel'], treasure=v['treasure'], held=held, front=front))
    rows = pad_rows(t)
    if rows:
        lines.append("")
        lines.extend(pad_lines(t, rows))
    return lines


def pad_lines(t: Table, rows: list[tuple[str, dict]]) -> list[str]:
    """The score pad: one row per scoring step, one column per player: prestige (doubloons)."""
    seats = core.players(t)
    head = f"{_('step'):<28}" + "".join(f"{esc(core.name(t, s)[:14]):>16}" for s in seats)
    out = [f"[bold]{head}[/]"]
    for label, vals in rows:
        out.append(f"{_(label):<28}" + "".join(f"{vals[s][0]:>10} ({vals[s][1]:>2})" for s in seats))
    won = (t.data.get("over") or {}).get("winners")
    if won:
        out.append(_("[bold]winner:[/] ") + esc(", ".join(core.name(t, s) for s in won))
                   + (_("  (tie broken by doubloons)") if _tie_on_prestige(t) else ""))
    return out


def _tie_on_prestige(t: Table) -> bool:
    pps = sorted((t.seat_values(s)["prestige"] for s in core.players(t)), reverse=True)
    return len(pps) > 1 and pps[0] == pps[1]
