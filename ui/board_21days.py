"""The 21 Days raft at a glance: ship on its track with anchor and buoy, the shark card as a gauge,
tentacles as glyphs, planks, each survivor's dice as die faces with hope, bottle card, ability token
and raft spot, the swap location, weather, kite, and where the day stands."""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.table import Table
from ui.board import COLOUR, DIE, gauge

TENTACLE, FLIPPED, CUT = "ᘐ", "ᘏ", "·"
PHASES = {"setup": "setup", "weather": "weather", "weather-board": "weather", "shark": "shark phase",
          "morning": "morning", "midday": "midday", "evening": "evening", "attack": "attack", "end": "night",
          "exhaustion": "day 21", "rosina": "day 21", "day21": "day 21", "harvest": "evening"}


def _ship(t: Table, cat: GameCatalog) -> str:
    spec = cat.tracks["ship"]
    value = t.data["tracks"]["ship"]
    cells = []
    for pos in range(spec.min, spec.max + 1):
        label = spec.label(pos)
        mark = "⚓" if label == "anchor" else "◎" if label == "buoy" else "·"
        cells.append(f"[reverse bold] ⛵{pos} [/]" if pos == value else f"[dim]{mark}{pos}[/]")
    buoy = next((p for p, lab in spec.labels if lab == "buoy"), spec.max)
    return " ".join(cells) + f"  [dim]({buoy - value} to the buoy; the buoy only on day 21)[/]"


def _shark(t: Table) -> str:
    value = t.data["tracks"]["shark"]
    hi = (t.data.get("limits", {}).get("shark") or [1, 5])[1]
    warn = "  [bold red]they attack tonight![/]" if value == 1 and t.data["tracks"]["day"] < 21 else ""
    return f"[bold]Sharks     [/] {gauge(hi - value + 1, hi, '≈', '·')}  {value} away{warn}"


def _tentacles(t: Table) -> str:
    left = t.data["counters"]["tentacles"]
    fight = (t.data.get("flow") or {}).get("fight") or {}
    flipped = fight.get("i", 0)
    glyphs = FLIPPED * flipped + TENTACLE * (left - flipped) + f"[dim]{CUT * (8 - left)}[/]"
    extra = f"  [bold]fighting: tentacle {flipped + 1} of {fight.get('of')}[/]" if fight else ""
    return f"[bold]Octopus    [/] {glyphs}  {left} tentacles" + (f", {8 - left} cut" if left < 8 else "") + extra


def _raft(t: Table, cat: GameCatalog) -> str:
    x = t.data.get("d21") or {}
    planks = t.data["counters"]["planks"]
    spots = []
    for spot, seat in (x.get("raft") or {}).items():
        if spot in x.get("lost_spots", []):
            spots.append(f"[dim]{spot}: gone[/]")
        elif seat is None or seat in t.data.get("dead", []):
            spots.append(f"[dim]{spot}: empty[/]")
        else:
            spots.append(f"[{COLOUR.get(seat, 'white')}]{spot}: {seat}[/]")
    fins = cat.rules.get("raft", {}).get("fins", {})
    fin_text = " ".join(f"{f}→{s}" for f, s in fins.items())
    return f"[bold]Raft       [/] {gauge(planks, 6, '▭', '·')}  {planks} planks   spots {'  '.join(spots)}   [dim]fins {fin_text}[/]"


def _extras(t: Table, cat: GameCatalog) -> list[str]:
    x = t.data.get("d21") or {}
    bits = []
    if x.get("swap"):
        bits.append("swap: [bold]" + cat.deck("swap").card(x["swap"].split(":")[0]).name + "[/]")
    w = x.get("weather")
    if w is not None:
        bits.append(f"weather today: {w.get('today') or 'clear'}, tomorrow: {w.get('tomorrow') or '-'}")
    k = x.get("kite")
    if k is not None:
        bits.append(f"kite: {t.data['counters']['kite']} piece(s) on the raft, {k['built']}/3 built"
                    + (" [bold]flying[/]" if k["flying"] else "") + f", {len(k['suitcases'])} suitcases left")
    sc = x.get("scruffs")
    if sc and sc.get("active"):
        bits.append(f"Scruffs token {sc['active']['card']}: {sc['active']['uses']} use(s) left")
    special = [k for k, v in (x.get("special") or {}).items() if v != "used"]
    if special:
        bits.append("special hope in play: " + ", ".join(special))
    wd = x.get("white_die")
    if wd:
        bits.append(f"Extra hands ({wd['seat']}): {wd['markers']} marker(s)")
    if x.get("plant"):
        bits.append(f"plant: day {x['plant']['days']} of 3")
    today = [k for k in x.get("today", []) if k in ("no-fishing", "cancel-disaster", "octopus")]
    if today:
        bits.append("today: " + ", ".join(today))
    if x.get("skip_pages"):
        bits.append(f"{x['skip_pages']} logbook page(s) to skip tonight")
    return ["[bold]Also       [/] " + "  ·  ".join(bits)] if bits else []


def _survivor(t: Table, cat: GameCatalog, seat: str, where: dict) -> str:
    x = t.data.get("d21") or {}
    vals = t.data["seat"][seat]
    colour = COLOUR.get(seat, "white")
    who = vals.get("survivor")
    ch = cat.characters.get(who)
    nm = ch.name if ch else (who or seat)
    player = f" [dim]({vals['player']})[/]" if vals.get("player") else ""
    start = " [bold]★[/]" if t.data["flags"].get("starting") == seat else ""
    if seat in t.data.get("dead", []):
        return f"[{colour} bold]{seat:<7}[/] [dim]✝ {nm} is dead[/]"
    dice = vals.get("strength") or []
    faces = " ".join(DIE.get(v, str(v)) for v in dice)
    parts = [f"[{colour} bold]{seat:<7}[/] [{colour}]{faces:<3}[/] [bold]{dice[0] if dice else 0}[/]{start} {nm}{player}"]
    if who != "scruffs":
        n = vals.get("hope", 0)
        parts.append(f"hope {'●' * n}" + (f" {n}" if n > 3 else "") if n else "[dim]hope 0[/]")
    held = t.data["decks"]["bottle"]["held"].get(seat) or []
    if held:
        parts.append("bottle: " + ", ".join(cat.deck("bottle").card(c.split(":")[0]).name for c in held))
    tok = (x.get("ability") or {}).get(seat)
    if tok:
        parts.append(f"[dim]token {tok['id']}{' (used)' if tok['used'] else ''}[/]")
    if seat in where:
        parts.append("[bold]on " + ", ".join(where[seat]) + "[/]")
    return "  ".join(parts)


def render(t: Table, cat: GameCatalog, row=None) -> list[str]:
    d = t.data
    f = d.get("flow") or {}
    q = (f.get("queue") or [{}])[0] if f.get("queue") else {}
    head = f"[bold]{cat.name}[/]"
    if row is not None:
        head += f"  ·  game {row.id}  ·  version {row.version}"
    head += f"  ·  [bold]day {d['tracks']['day']}/21[/]"
    if q:
        head += f"  ·  {PHASES.get(q.get('do'), 'midday')}"
    lines = [head]
    if d.get("over"):
        lines.append(f"[bold reverse] game over: {d['over']['result']} [/] {d['over'].get('how', '')}")
    lines.append(f"[bold]Rescue ship[/] {_ship(t, cat)}")
    lines.append(_shark(t))
    lines.append(_tentacles(t))
    lines.append(_raft(t, cat))
    left, supply = t.pool_left("hope"), t.pool_supply("hope")
    lines.append(f"[bold]Hope       [/] bag {gauge(left, supply, '●', '○')}  {left} of {supply} in the bag")
    lines += _extras(t, cat)
    where: dict[str, list[str]] = {}
    for seat, loc in f.get("placements", []):
        where.setdefault(seat, []).append(loc)
    lines.append("")
    for seat in t.seats:
        lines.append(_survivor(t, cat, seat, where))
    last = d.get("last")
    if last and "roll" in last:
        lines.append(f"[dim]last roll {last['roll']}: {'  '.join(map(str, last['faces']))}[/]")
    return lines
