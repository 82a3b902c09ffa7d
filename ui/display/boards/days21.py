"""21 Days on the table display: the raft with its planks and the spot each plank carries, the shark fins
pointing at the spots, the shark card as a gauge, the rescue ship on its track with the anchor and the
buoy, the tentacles, the hope bag, the swap token, the logbook's symbol chart (each symbol's number with its
drawing, today's still to come lit up), the locations
with the dice placed on them, and one panel per survivor (both strength dice, hope, bottle card, ability
token, where their die is, dead or alive); the day and its phase as progress along the top.

Drawn from the table state and the catalog alone (no game module): names come from the catalog (the
Czech edition's as printed) and through _() otherwise.
"""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.i18n import N_, _, ngettext
from companion.table import Table
from ui.display import svg as S

# the day's phases as the terminal names them; a task of the queue belongs to the phase named here
PHASES = ("shark", "morning", "midday", "evening", "attack", "end")
PHASE_NAMES = {"weather": N_("Weather"), "shark": N_("Sharks"), "morning": N_("Morning"), "midday": N_("Midday"),
               "evening": N_("Evening"), "attack": N_("Attack"), "end": N_("Night"), "setup": N_("Setup"),
               "day21": N_("Day 21")}
TASK_PHASE = {"setup": "setup", "weather": "weather", "weather-board": "weather", "shark": "shark",
              "weather-effect": "morning", "morning": "morning", "midday": "midday", "evening": "evening",
              "harvest": "evening", "attack": "attack", "end": "end", "exhaustion": "day21", "rosina": "day21",
              "day21": "day21"}
LOCATIONS = {"octopus": N_("Octopus"), "flare": N_("Flare"), "jellyfish": N_("Jellyfish"), "receive": N_("Bottle: receive"),
             "play": N_("Bottle: play"), "swap": N_("Swap location"), "hope": N_("Hope"), "fishing": N_("Fishing"),
             "plank": N_("Plank location"), "kid": N_("The Kid")}
LOCATION_ICON = {"octopus": "octopus", "flare": "flare", "jellyfish": "jellyfish", "receive": "bottle", "play": "bottle",
                 "swap": "swap", "hope": "hope", "fishing": "fish", "plank": "plank", "kid": "person"}
SYMBOLS = {"two-hope": ("hope", N_("2 hope tokens")), "reshuffle": ("clasped", N_("clasped hands")),
           "swap-choice": ("compass", N_("compass with ?")), "swap-new": ("compass", N_("compass")),
           "dolphin": ("dolphin", N_("Dolphin")), "all-plus1": ("heart", N_("+1 heart")), "all-minus1": ("heart", N_("-1 heart")),
           "colour-plus2": ("heart", N_("+2 for a colour")), "shared-loss": ("heart", N_("-2/-3 shared")),
           "skip-day": ("logbook", N_("logbook -1")), "octopus": ("octopus", N_("Octopus")),
           "jellyfish": ("jellyfish", N_("Jellyfish")), "ship-left": ("arrow-left", N_("ship ←")),
           "ship-right": ("arrow-right", N_("ship →")), "disaster": ("warning", N_("warning triangle")),
           "shark-1": ("shark", N_("Shark 1")), "shark-6": ("shark", N_("Shark 6")), "plank": ("plank", N_("plank lost")),
           "no-fishing": ("rod", N_("broken rod")), "steal-die": ("octopus", N_("octopus takes a die")),
           "paranoia": ("warning", N_("Paranoia"))}
ABILITY = {"hope21": N_("+3 hope on day 21"), "reroll": N_("Reroll any die"), "strength4": N_("4 strength to share"),
           "cancel-disaster": N_("Cancel a disaster"), "swap-seats": N_("Swap two on the raft")}
SPECIAL = {"plusminus1-a": "±1", "plusminus1-b": "±1", "plusminus2": "±2"}
WEATHER = {"none": N_("clear"), "flare": N_("flare location closed"), "swap": N_("swap location closed"),
           "hope": N_("hope location closed"), "fishing": N_("fishing closed"), "receive": N_("bottle (receive) closed"),
           "play": N_("bottle (play) closed"), "bottle": N_("bottle location closed"), "jellyfish": N_("jellyfish location closed"),
           "heavy": N_("heavy weather: no location"), "minus1": N_("-1 strength for one survivor"),
           "plus1": N_("+1 strength for one survivor"), "swarm": N_("a jellyfish swarm")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


def board_svg(t: Table, cat: GameCatalog) -> str:
    d = t.data
    x = d.get("d21") or {}
    body = _header(t, cat)
    body += _raft(t, cat, x)
    body += _ship(t, cat)
    body += _sharks(t)
    body += _bag(t, cat, x)
    body += _today(t, cat, x)
    body += _locations(t, cat, x)
    body += _survivors(t, cat, x)
    return S.root(body, label=_("{game}: day {day} of 21").format(game=_(cat.name), day=d["tracks"]["day"]))


# -- the day and its phase ----------------------------------------------------------------------------


def current_phase(t: Table) -> str:
    """The phase the day is in: the phase the step's header names (steps_common.phase_key: a phase's own
    task at the head, else the phase the next phase task closes), as the board's phase key."""
    from companion.games.days21.steps_common import phase_key

    if t.data.get("over"):
        return "over"
    queue = (t.data.get("flow") or {}).get("queue") or []
    if not queue:
        return "end"
    return TASK_PHASE.get(phase_key(queue), "midday")


def phase_name(cat: GameCatalog, key: str) -> str:
    """The edition's own heading of a phase (the Czech edition numbers six), cut at its colon; a long
    one keeps its number and takes the short name."""
    own = (cat.rules.get("phases") or {}).get(key)
    short = _(PHASE_NAMES.get(key, key))
    if not own:
        return short
    own = _(own).split(":")[0]
    if len(own) <= 16:
        return own
    head = own.split(" ", 1)[0]
    return f"{head} {short}" if head.rstrip(".").isdigit() else short


def _header(t: Table, cat: GameCatalog) -> str:
    d = t.data
    day = d["tracks"]["day"]
    out = S.text(30, 86, _("Day"), 40, fill=S.DIM, weight="bold")
    out += S.text(40 + S.measure(_("Day"), 40, True), 92, day, 80, weight="bold")
    out += S.gauge(250, 40, 380, 34, day, 21, lo=0, fill=S.ACCENT)
    out += S.text(250, 108, "1", 24, fill=S.DIM)
    out += S.text(630, 108, "21", 24, fill=S.DIM, anchor="end")
    out += S.text(440, 108, ngettext("{n} day to go", "{n} days to go", max(0, 21 - day)).format(n=max(0, 21 - day)), 24,
                  fill=S.DIM, anchor="middle")
    phase = current_phase(t)
    x0, width = 660, 1230
    if d.get("over"):
        res = d["over"].get("result", "")
        word = _(RESULTS.get(res, res))
        fill = S.GOOD if res == "won" else S.DANGER
        out += S.pill(x0, 28, width, 70, _("Game over: {result}").format(result=word), fill=fill, ink="#111111", size=40)
        return out
    keys = ["day21"] if day >= 21 else list(PHASES)
    if day < 21 and (d.get("d21") or {}).get("weather") is not None and cat.rules.get("weather", {}).get("when") != "morning":
        keys.insert(0, "weather")
    if phase == "setup":
        keys = ["setup"] + keys
    out += S.steps(x0, 28, width, 70, [phase_name(cat, k) for k in keys], keys.index(phase) if phase in keys else None)
    return out


# -- the raft ----------------------------------------------------------------------------------------


def _raft(t: Table, cat: GameCatalog, x: dict) -> str:
    d = t.data
    raft_rules = cat.rules.get("raft", {})
    flare_side = list(raft_rules.get("planks_flare", []))
    bottle_side = list(raft_rules.get("planks_bottle", []))
    order = flare_side + list(reversed(bottle_side))  # outermost planks at both ends
    spot_plank = {str(k): v for k, v in (raft_rules.get("spot_plank") or {}).items()}
    plank_spot = {v: k for k, v in spot_plank.items()}
    # which spot each fin points at: the state's own marks of the board where it keeps them, else the catalog's
    fins = {str(k): str(v) for k, v in ((x.get("board") or {}).get("fins") or raft_rules.get("fins") or {}).items()}
    have = set(x.get("planks", order))
    raft = x.get("raft") or {}
    lost_spots = {str(s) for s in x.get("lost_spots", [])}
    dead = set(d.get("dead", []))
    planks = d["counters"]["planks"]
    full = (cat.counters["planks"].max if "planks" in cat.counters else None) or len(order)
    label = _(cat.counters["planks"].name) if "planks" in cat.counters else _("Planks")
    out = S.panel(20, 130, 910, 540)
    out += S.text(40, 176, label, 34, fill=S.DIM, weight="bold")
    lx = 40 + S.measure(label, 34, True) + 16
    out += S.text(lx, 178, planks, 44, weight="bold")
    out += S.icon("plank", lx + S.measure(str(planks), 44, True) + 50, 164, 60)
    if planks < full:
        out += S.text(910, 176, ngettext("{n} plank lost", "{n} planks lost", full - planks).format(n=full - planks), 28,
                      fill=S.DANGER, anchor="end")
    pw, gap, top, ph = 128, 10, 240, 290
    x0 = 20 + (910 - (len(order) * pw + (len(order) - 1) * gap)) / 2
    # the two sides, and which plank die faces take a plank from them
    half = len(flare_side) * (pw + gap) - gap
    if flare_side:
        out += S.icon("flare", x0 + 24, 214, 40)
        out += S.text(x0 + 50, 224, _("flare side: die 2 4 6"), 26, fill=S.DIM, width=half - 50)
    if bottle_side:
        bx = x0 + len(flare_side) * (pw + gap)
        out += S.icon("bottle", bx + 20, 214, 40)
        out += S.text(bx + 46, 224, _("bottle side: die 1 3 5"), 26, fill=S.DIM, width=half - 46)
    centres = {}
    for i, plank in enumerate(order):
        px = x0 + i * (pw + gap)
        spot = plank_spot.get(plank)
        if plank not in have:
            out += S.rect(px, top, pw, ph, fill="none", stroke=S.FAINT, sw=3, r=10, dash="12 10")
            out += S.icon("wave", px + pw / 2, top + ph / 2, 70)
            out += S.text(px + pw / 2, top + ph - 24, _("gone"), 28, fill=S.DIM, anchor="middle")
        else:
            out += S.rect(px, top, pw, ph, fill="#a8743f", stroke="#5b3a1c", sw=4, r=10)
            for k in (0.25, 0.55, 0.8):
                out += S.line(px + 14, top + ph * k, px + pw - 14, top + ph * k + 8, stroke="#8a5c2f", sw=3)
        if spot is None:
            continue
        cx = px + pw / 2
        centres[spot] = cx
        seat = raft.get(spot)
        if plank not in have:  # the plank says "gone" itself; only a survivor who drowned with it is named
            out += S.token(cx, top + 56, 44, spot, fill="#0b1d2e", ink=S.INK, size=52)
            if seat:
                out += S.boxed(px + 4, top + 104, pw - 8, 40, _("drowned"), 26, fill=S.DANGER, weight="bold", anchor="middle")
            continue
        if spot in lost_spots:
            who, fill, ink = _("drowned") if seat else _("empty"), "#0b1d2e", S.DIM
        elif seat is None or seat in dead:
            who, fill, ink = _("empty"), "#0b1d2e", S.DIM
        else:
            who, fill, ink = _survivor_name(t, cat, seat), S.colour(seat), S.INK
        out += S.token(cx, top + 56, 44, spot, fill=fill, ink=S.INK if fill == "#0b1d2e" else "#111111", size=52)
        # the name runs up the plank, so it can be long and still large
        size = S.fit(who, 34, ph - 120, True)
        outline = ' stroke="#3b250f" stroke-width="5" paint-order="stroke"' if ink != S.DIM else ""
        out += (f'<text transform="translate({S.num(round(cx + size * 0.36, 1))} {top + ph - 12}) rotate(-90)" '
                f'font-size="{S.num(round(size, 1))}" font-weight="bold" fill="{S.INK}"{outline}>{S.esc(who)}</text>')
    # the shark fins under the raft, each pointing up at the spot it bites
    by_spot: dict[str, list[str]] = {}
    for fin, spot in sorted(fins.items()):
        by_spot.setdefault(spot, []).append(fin)
    fy = top + ph + 30
    for spot, fs in by_spot.items():
        cx = centres.get(spot)
        if cx is None:
            continue
        n = len(fs)
        for j, fin in enumerate(fs):
            fx = cx + (j - (n - 1) / 2) * 78
            out += S.line(fx, fy + 4, cx, top + ph + 2, stroke="#5fb4ff", sw=3, dash="6 6")
            out += S.icon("fin", fx, fy + 40, 66)
            out += S.text(fx, fy + 104, fin, 34, weight="bold", anchor="middle")
    out += S.wrapped(40, fy + 74, _("shark die"), 26, width=90, fill=S.DIM, floor=24)
    return out


# -- ship, sharks, tentacles -----------------------------------------------------------------------


def _ship(t: Table, cat: GameCatalog) -> str:
    spec = cat.tracks["ship"]
    value = t.data["tracks"]["ship"]
    lo, hi = t.limits(spec)
    icons = {}
    for pos, lab in spec.labels:
        if lab in ("anchor", "buoy"):
            icons[pos] = lab
    buoy = next((p for p, lab in spec.labels if lab == "buoy"), hi)
    marks = (t.data.get("d21") or {}).get("board") or {}  # the anchor and buoy spaces as the state keeps them
    for lab in ("anchor", "buoy"):
        if isinstance(marks.get(lab), int):
            icons = {p: ic for p, ic in icons.items() if ic != lab}
            icons[marks[lab]] = lab
    if isinstance(marks.get("buoy"), int):
        buoy = marks["buoy"]
    out = S.panel(950, 130, 950, 160)
    out += S.text(970, 172, _(spec.name), 34, fill=S.DIM, weight="bold")
    left = buoy - value
    out += S.text(1880, 172, ngettext("{n} space to the buoy", "{n} spaces to the buoy", left).format(n=left), 30,
                  fill=S.ACCENT if left <= 2 else S.INK, weight="bold", anchor="end")
    out += S.track(970, 188, 910, 92, lo, hi, value, icons=icons, marker="ship", size=40)
    return out


def _sharks(t: Table) -> str:
    d = t.data
    value = d["tracks"]["shark"]
    hi = (d.get("limits", {}).get("shark") or [1, 5])[1]
    out = S.panel(950, 300, 950, 140)
    attack = value == 1 and d["tracks"]["day"] < 21
    out += S.text(970, 342, _("Sharks"), 34, fill=S.DIM, weight="bold")
    out += S.icon("fin", 1000, 400, 64)
    out += S.text(1045, 422, value, 64, fill=S.DANGER if attack else S.INK, weight="bold")
    out += S.gauge(1100, 370, 300, 50, hi - value + 1, hi, fill=S.DANGER if attack else "#8fa3b5")
    sx = 970 + S.measure(_("Sharks"), 34, True) + 24  # after the heading, never touching it
    out += S.text((sx + 1420) / 2, 342, _("they attack tonight!") if attack else _("{n} away").format(n=value), 30,
                  fill=S.DANGER if attack else S.INK, weight="bold", anchor="middle", width=1420 - sx)
    left = d["counters"]["tentacles"]
    fight = (d.get("flow") or {}).get("fight") or {}
    flipped = fight.get("i", 0)
    out += S.text(1440, 342, _("Tentacles"), 34, fill=S.DIM, weight="bold")
    out += S.text(1880, 342, f"{left}/8", 40, weight="bold", anchor="end")
    for i in range(8):
        cx = 1465 + i * 54
        if i < left:
            out += S.icon("tentacle", cx, 402, 62)
            if i < flipped:
                out += S.circle(cx, 402, 30, fill="none", stroke=S.ACCENT, sw=4)
        else:
            out += S.circle(cx, 402, 18, fill="none", stroke=S.FAINT, sw=3, dash="5 5")
    return out


def _bag(t: Table, cat: GameCatalog, x: dict) -> str:
    left, supply = t.pool_left("hope"), t.pool_supply("hope")
    out = S.panel(950, 450, 950, 90)
    out += S.icon("hope", 995, 495, 56)
    out += S.text(1036, 516, left, 50, weight="bold")
    tx = 1036 + S.measure(str(left), 50, True) + 12
    out += S.text(tx, 488, _("hope in the bag"), 24, fill=S.DIM, width=200)
    out += S.text(tx, 520, _("of {n}").format(n=supply), 24, fill=S.DIM, width=200)
    special = [SPECIAL.get(k, "±") for k, v in sorted((x.get("special") or {}).items()) if v not in ("used",)]
    sx = tx + 230
    for label in special:
        out += S.token(sx, 495, 28, label, fill="#ffcc22", size=26)
        sx += 64
    swap = x.get("swap")
    sx = max(sx, 1500)
    out += S.icon("swap", sx, 495, 46)
    out += S.text(sx + 34, 482, _("Swap location"), 22, fill=S.DIM, width=1890 - sx - 40)
    if swap:
        name = _(cat.deck("swap").card(swap.split(":")[0]).name)
        out += S.text(sx + 34, 526, name, 34, weight="bold", width=1890 - sx - 40)
    else:
        out += S.text(sx + 34, 524, _("none"), 30, fill=S.DIM)
    return out


def _today(t: Table, cat: GameCatalog, x: dict) -> str:
    """The logbook: the symbol chart (every symbol's number with its drawing, the numbers the guided game
    takes) with today's symbols still waiting lit up, and the day's weather, kite and dog."""
    d = t.data
    queue = (d.get("flow") or {}).get("queue") or []
    syms = [q["sym"] for q in queue if q.get("sym") and q.get("do") != "weather-effect"]
    syms += [s for s in x.get("today", []) if s in ("no-fishing", "octopus")]
    out = S.panel(950, 550, 950, 120)
    col = 290  # the left column: the logbook's heading, what is waiting, the weather, the kite
    waiting = ngettext("{n} to come", "{n} to come", len(syms)).format(n=len(syms)) if syms else _("nothing waiting")
    rows = [(_("Logbook"), S.DIM, "bold"), (waiting, S.ACCENT if syms else S.DIM, "bold" if syms else "normal")]
    w = x.get("weather")
    if w is not None:
        rows.append((_("weather: {w}").format(w=_(WEATHER.get(w.get("today") or "none", "clear"))), S.INK, "normal"))
    k = x.get("kite")
    if k is not None:
        rows.append((kite_line(t, k), S.INK, "normal"))
    rh = 108 / len(rows)
    for i, (line, fill, weight) in enumerate(rows):
        out += S.boxed(964, 556 + i * rh, col - 8, rh, line, 26 if i == 0 else 22, fill=fill, weight=weight, lines=2)
    return out + symbol_chart(cat, set(syms), 950 + col, 556, 1892 - 950 - col, 108)


def kite_line(t: Table, k: dict) -> str:
    """The kite: the pieces found in suitcases (the counter) and, on day 21, the pieces built into it."""
    built = int(k.get("built", 0) or 0)
    found = int(t.data["counters"].get("kite", 0) or 0) + built
    if k.get("flying"):
        return _("kite flying")
    if built:
        return _("kite: {built}/3 built").format(built=built)
    return _("kite: {n}/3 pieces").format(n=found)


# marks that tell apart symbols drawn with the same icon (the chart's names say the rest)
MARKS = {"all-plus1": "+1", "all-minus1": "−1", "colour-plus2": "+2", "shared-loss": "−2/3", "skip-day": "−1",
         "shark-1": "1", "shark-6": "6", "swap-choice": "?", "ship-left": "←", "ship-right": "→", "steal-die": "⚀"}
CHART_ICON = {"ship-left": "ship", "ship-right": "ship", "paranoia": "skull"}  # where the chart draws otherwise


def symbol_chart(cat: GameCatalog, lit: set[str], x: float, y: float, w: float, h: float) -> str:
    """The logbook symbols by chart number (rules.symbol_chart), each number beside its drawing, in rows
    that fill the box; the symbols in `lit` (today's, still to come) stand out."""
    chart = sorted(((v["n"], k, v) for k, v in (cat.rules.get("symbol_chart") or {}).items() if isinstance(v, dict)),
                   key=lambda r: r[0])
    if not chart:
        return ""
    rows = 2 if len(chart) <= 22 else 3
    cols = -(-len(chart) // rows)
    cw, ch = w / cols, h / rows
    out = ""
    for i, (n, sid, spec) in enumerate(chart):
        cx, cy = x + (i % cols) * cw, y + (i // cols) * ch
        on = sid in lit
        cell = S.rect(cx + 2, cy + 2, cw - 4, ch - 4, fill="#1d4566" if on else "#122b40",
                      stroke=S.ACCENT if on else S.FAINT, sw=3 if on else 1, r=8)
        mark = MARKS.get(sid)
        # the number in the upper half, the mark (if any) in the lower half: never one over the other
        size = min(ch * (0.4 if mark else 0.44), 24)
        ny = cy + (ch * 0.25 + size * 0.36 + 2 if mark else ch / 2 + size * 0.36)
        cell += S.text(cx + 7, ny, n, size, weight="bold", fill=S.ACCENT if on else S.INK)
        ic = CHART_ICON.get(sid) or (SYMBOLS[sid][0] if sid in SYMBOLS else spec.get("icon") or "logbook")
        isz = min(ch * 0.56, cw * 0.4)
        ix = cx + cw - 5 - isz / 2
        cell += S.icon(ic, ix, cy + ch / 2 - 2, isz)
        if mark:
            msz = S.fit(mark, min(20, ch * 0.36), cw - 12, True)
            cell += (f'<text x="{S.num(round(cx + cw - 5, 1))}" y="{S.num(round(cy + ch - 6, 1))}" font-size="{S.num(round(msz, 1))}" '
                    f'font-weight="bold" text-anchor="end" fill="{S.INK}" stroke="#0b1d2e" stroke-width="4" '
                    f'paint-order="stroke">{S.esc(mark)}</text>')
        out += S.group(cell, cls="sym lit" if on else "sym", data={"n": n, "symbol": sid})  # untranslated: CSS class names
    return S.group(out, cls="symbol-chart")


# -- the locations and who is on them -------------------------------------------------------------


def _locations(t: Table, cat: GameCatalog, x: dict) -> str:
    d = t.data
    placements = (d.get("flow") or {}).get("placements") or []
    living = [s for s in t.seats if s not in d.get("dead", []) and t.alive(s)]
    shown = []
    for loc in cat.rules.get("locations", {}).get("order", []):
        if loc == "jellyfish" and x.get("kite") is None:
            continue
        if loc == "plank" and not x.get("plank_card"):
            continue
        if loc == "kid" and not any(t.seat_values(s).get("survivor") == "kid" for s in living):
            continue
        shown.append(loc)
    blocked = _blocked(x)
    out = ""
    n = max(1, len(shown))
    gap = 10
    w = (1880 - gap * (n - 1)) / n
    for i, loc in enumerate(shown):
        lx = 20 + i * (w + gap)
        dice = [s for s, where in placements if where == loc]
        closed = "all" in blocked or loc in blocked or (loc == "fishing" and "no-fishing" in x.get("today", []))
        out += S.rect(lx, 684, w, 104, fill="#16324a" if not dice else "#1d4566", stroke=S.ACCENT if dice else S.FAINT,
                      sw=4 if dice else 2, r=12)
        label = _(LOCATIONS[loc]) if loc in LOCATIONS else loc
        if loc == "swap" and x.get("swap"):
            label = _(cat.deck("swap").card(x["swap"].split(":")[0]).name)
        out += S.icon(LOCATION_ICON.get(loc, "compass"), lx + 30, 714, 40)
        out += S.text(lx + 56, 724, label, 26, weight="bold", fill=S.DIM if closed else S.INK, width=w - 62)
        if closed:
            out += S.line(lx + 10, 694, lx + w - 10, 778, stroke=S.DANGER, sw=4)
        for j, seat in enumerate(dice[:4]):
            face, pips = S.die_for(seat)
            out += S.rect(lx + 12 + j * 54, 736, 46, 46, fill=face, stroke="#000", sw=2, r=8)
    return out


def _blocked(x: dict) -> set[str]:
    today = (x.get("weather") or {}).get("today")
    if today == "heavy":
        return {"all"}
    if today == "bottle":
        return {"receive", "play"}
    return {today} if today else set()


# -- the survivors -----------------------------------------------------------------------------------


def _survivor_name(t: Table, cat: GameCatalog, seat: str) -> str:
    who = t.seat_values(seat).get("survivor")
    ch = cat.characters.get(who)
    return _(ch.name) if ch else _(cat.seats[seat].name) if seat in cat.seats else seat


def _survivors(t: Table, cat: GameCatalog, x: dict) -> str:
    seats = t.seats
    n = max(1, len(seats))
    gap = 14
    w = (1880 - gap * (n - 1)) / n
    out = ""
    for i, seat in enumerate(seats):
        out += _survivor(t, cat, x, seat, 20 + i * (w + gap), 800, w, 270)
    return out


def _survivor(t: Table, cat: GameCatalog, x: dict, seat: str, px: float, py: float, w: float, h: float) -> str:
    d = t.data
    vals = t.seat_values(seat)
    col = S.colour(seat)
    dead = seat in d.get("dead", []) or not t.alive(seat)
    name = _survivor_name(t, cat, seat)
    out = S.rect(px, py, w, h, fill="#0f2638" if dead else S.PANEL, stroke=col, sw=5, r=14)
    out += S.band(px, py, w, 56, fill="#3a3f45" if dead else col)
    ink = S.INK if dead or seat in ("red", "blue", "green") else "#111111"
    star = d["flags"].get("starting") == seat and not dead
    right = px + w - (60 if star else 16)  # the band's room ends at the star
    player = vals.get("player")
    if player:  # the survivor on the left of the band, whose player on the right, each in its own room
        room = right - px - 16
        nw = min(S.measure(name, 36, True), room * 0.55)
        out += S.boxed(px + 16, py + 4, nw, 50, name, 36, fill=ink, weight="bold", lines=2)
        out += S.boxed(px + 28 + nw, py + 4, right - px - 28 - nw, 50, player, 26, fill=ink, anchor="end", lines=2)
    else:
        out += S.boxed(px + 16, py + 4, right - px - 16, 50, name, 36, fill=ink, weight="bold", lines=2)
    if star:
        out += S.icon("star", px + w - 32, py + 28, 44)
    spot = next((s for s, who in (x.get("raft") or {}).items() if who == seat), None)
    if dead:
        out += S.icon("cross", px + 70, py + 150, 100)
        out += S.text(px + 140, py + 170, _("dead"), 52, fill=S.DIM, weight="bold")
        return out
    dice = vals.get("strength") or []
    face, pips = S.die_for(seat)
    scruffs = vals.get("survivor") == "scruffs"
    ds = 106
    for j in range(1 if scruffs else 2):
        dx = px + 16 + j * (ds + 28)
        if j < len(dice):
            out += S.die(dx, py + 78, ds, dice[j], fill=face, pips=pips, dim=j > 0)
        else:
            out += S.rect(dx, py + 78, ds, ds, fill="none", stroke=S.FAINT, sw=3, r=18, dash="10 8")
    held = (d["decks"].get("bottle") or {}).get("held", {}).get(seat) or []
    lines = [("bottle", _(cat.deck("bottle").card(c.split(":")[0]).name), S.INK) for c in held]
    tok = (x.get("ability") or {}).get(seat)
    if tok:
        label = _(ABILITY.get(tok["id"], tok["id"]))
        lines.append(("token", label + (" · " + _("used") if tok.get("used") else ""), S.DIM if tok.get("used") else S.INK))
    jelly = (d.get("flow") or {}).get("jelly") or {}
    swimming = jelly.get("who") == seat  # in the water during a jellyfish swim: the challenges on a line of its own
    if swimming:
        ch = ", ".join(f"{o}{n}" for o, n in jelly.get("challenges") or [])
        lines.append(("jellyfish", _("swimming: {challenges}").format(challenges=ch) if ch else _("swimming"), S.ACCENT))
    if len(lines) < 2:  # room for the dice's legend
        out += S.text(px + 16 + ds / 2, py + 210, _("visible"), 24, fill=S.DIM, anchor="middle")
        if len(dice) > 1:
            out += S.text(px + 44 + ds * 1.5, py + 210, _("below"), 24, fill=S.DIM, anchor="middle")
    rx = px + 2 * ds + 68
    rw = px + w - 16 - rx
    if not scruffs:
        hope = vals.get("hope", 0)
        out += S.icon("hope", rx + 22, py + 106, 44)
        out += S.text(rx + 52, py + 122, hope, 44, weight="bold")
        out += S.text(rx + 52 + S.measure(str(hope), 44, True) + 8, py + 120, _("hope"), 24, fill=S.DIM, width=rw - 90)
    where = [loc for s, loc in (d.get("flow") or {}).get("placements", []) if s == seat]
    placed = bool(where) and not swimming  # a swimmer's line is the one below the dice
    if spot is not None:
        out += S.token(rx + 20, py + 150, 20, spot, fill=S.colour(seat), size=26)
        # on two lines where one would come out small ("on the" / "raft"), unless the placement's line is
        # under it: then one line, a little smaller
        out += S.wrapped(rx + 48, py + 146, _("on the raft"), 26, width=rw - 48, fill=S.INK, floor=17 if placed else 22)
    if placed:
        label = ", ".join(_(LOCATIONS.get(loc, loc)) for loc in where)
        out += S.text(rx, py + 194, "→ " + label, 26, fill=S.ACCENT, weight="bold", width=rw)
    for k, (ic, label, fill) in enumerate(lines[-2:]):
        ly = py + (256 if k == len(lines[-2:]) - 1 else 224)
        out += S.icon(ic, px + 30, ly - 9, 30)
        out += S.text(px + 50, ly, label, 26, fill=fill, width=w - 66)
    return out
