"""21 Mutinies on the table display: the prestige track with its bonus spaces and every pirate's disc,
the captain and the turn order, the action spaces with the pawns placed on them this round, the trade
routes' tokens, the mutiny cards left, and each pirate's doubloons, rum, jewels, treasures and cards.

Drawn from the table state and the catalog alone. Jewel and treasure tokens stay hidden at the table,
so the board counts them without telling their colours or kinds.
"""

from __future__ import annotations

from companion.catalog import GameCatalog
from companion.errors import CompanionError
from companion.i18n import N_, _, ngettext
from companion.table import Table
from ui.display import svg as S

HENCHMAN = "henchman"
ACTIONS = ("routes", "beyond", "wreck", "tavern", "market", "town", "cabin", "mutiny")
ACTION_NAMES = {"routes": N_("Raiding: on the trade routes"), "beyond": N_("Raiding: beyond the trade routes"),
                "wreck": N_("Plunder shipwrecks"), "tavern": N_("Tavern"), "market": N_("Black market"),
                "town": N_("Visit the town"), "cabin": N_("Cabin"), "mutiny": N_("Mutiny")}
ACTION_ICON = {"routes": "ship", "beyond": "ship", "wreck": "treasure", "tavern": "rum", "market": "jewel",
               "town": "roof", "cabin": "captain", "mutiny": "mutiny"}
TOWN = {"tale": N_("Pirate's tale"), "theft": N_("Theft"), "tavern": N_("Visit the tavern"), "rumours": N_("Rumours"),
        "market": N_("Black market")}
COMBO = {"any2": N_("2 jewels, any colours"), "any3": N_("3 jewels, any colours"), "any4": N_("4 jewels, any colours"),
         "same3": N_("3 jewels of one colour"), "pairs": N_("2 pairs of one colour each"), "same4": N_("4 jewels of one colour")}
BONUS_ICON = {"doubloon": "doubloon", "rum": "rum", "treasure": "treasure", "jewel": "jewel"}
PHASES = {"setup": N_("Setup"), "captain": N_("The captain's action"), "sailors": N_("The sailors"),
          "resolve": N_("Resolving the actions"), "mutiny-card": N_("The new captain's card"), "scoring": N_("Final scoring"),
          "over": N_("Game over")}


def board_svg(t: Table, cat: GameCatalog) -> str:
    d = t.data
    f = d.get("flow") or {}
    body = _header(t, cat, f)
    body += _prestige(t, cat, f)
    body += _score_pad(t, cat, f) if (f.get("scoring") or {}).get("pad") else _spaces(t, cat, f)
    body += _supply(t, cat, f)
    body += _players(t, cat, f)
    return S.root(body, label=_("{game}: round {round}").format(game=_(cat.name), round=d["tracks"]["round"]))


def players(t: Table) -> list[str]:
    order = (t.data.get("flow") or {}).get("order") or t.seats
    return [s for s in order if s != HENCHMAN]


def name(t: Table, seat: str) -> str:
    if seat == HENCHMAN:
        return _("the henchman")
    return t.seat_values(seat).get("player") or seat


def _header(t: Table, cat: GameCatalog, f: dict) -> str:
    d = t.data
    rnd = d["tracks"]["round"]
    out = S.text(30, 70, _("Round"), 34, fill=S.DIM, weight="bold")
    out += S.text(30, 116, rnd, 64, weight="bold")
    phase = d["flags"].get("phase", "")
    label = _(PHASES.get(phase, phase))
    if d.get("over"):
        won = ", ".join(name(t, s) for s in d["over"].get("winners", []))
        label = _("Game over: {who} won").format(who=won) if won else label
    out += S.pill(170, 30, 550, 70, label, fill=S.ACCENT, ink="#111111", stroke=S.INK, size=32)
    if f.get("final_round"):
        last = f["final_round"] == rnd
        out += S.text(440, 126, _("final round!") if last else _("final round: {n}").format(n=f["final_round"]), 26,
                      fill=S.DANGER, weight="bold", anchor="middle")
    # the turn order, the captain first
    order = f.get("order") or []
    out += S.text(750, 52, _("Turn order"), 26, fill=S.DIM, weight="bold")
    n = max(1, len(order))
    gap = 12
    w = min(300, (1140 - gap * (n - 1)) / n)
    for i, seat in enumerate(order):
        x = 750 + i * (w + gap)
        col = S.colour(seat) if seat != HENCHMAN else "#5a6470"
        ink = "#111111" if seat in ("yellow", "green", "orange") else S.INK
        out += S.rect(x, 64, w, 60, fill=col, stroke=S.INK if i == 0 else S.FAINT, sw=4 if i == 0 else 2, r=12)
        num = f"{i + 1}."
        out += S.text(x + 10, 104, num, 28, fill=ink, weight="bold")
        if i == 0:
            out += S.icon("captain", x + w - 30, 94, 44)
        nx = x + 16 + S.measure(num, 28, True)
        out += S.boxed(nx, 66, x + w - (56 if i == 0 else 8) - nx, 56, name(t, seat), 30, fill=ink, weight="bold", lines=2)
    return out


def _prestige(t: Table, cat: GameCatalog, f: dict) -> str:
    seats = players(t)
    points = {s: t.seat_values(s).get("prestige", 0) for s in seats}
    bonuses = {int(k): v for k, v in ((f.get("board") or {}).get("bonuses") or {}).items()}
    hi = max([25, *(p + 2 for p in points.values()), *(b + 1 for b in bonuses)])
    out = S.panel(20, 136, 1880, 244)
    n = hi + 1
    gap = 4
    x0, w = 40, 1840
    cw = (w - gap * (n - 1)) / n
    top = 190
    for pos in range(0, n):
        cx = x0 + pos * (cw + gap)
        bonus = bonuses.get(pos)
        out += S.rect(cx, top, cw, 86, fill="#3a3014" if bonus else "#1d4566", stroke=S.ACCENT if bonus else S.FAINT,
                      sw=3 if bonus else 2, r=8)
        out += S.text(cx + cw / 2, top + 28, pos, min(26, cw * 0.5), fill=S.DIM, anchor="middle")
        if bonus:
            out += S.icon(BONUS_ICON.get(bonus, "star"), cx + cw / 2, top + 60, min(40, cw * 0.8))
        here = [s for s in seats if points[s] == pos]
        r = min(14, cw * 0.22)
        for k, s in enumerate(here):
            out += S.circle(cx + cw / 2 + (k % 2 - 0.5) * (2 * r + 3) * (len(here) > 1), top + 106 + (k // 2) * (2 * r + 4), r,
                            fill=S.colour(s), stroke=S.INK, sw=3)
    # the legend: who has which colour and how many points, largest first
    out += S.text(40, 176, _("Prestige"), 30, fill=S.DIM, weight="bold")
    x = 60 + S.measure(_("Prestige"), 30, True)
    ranked = sorted(seats, key=lambda s: -points[s])
    labels = [f"{name(t, s)} {points[s]}" for s in ranked]
    room = 1880 - x
    need = [S.measure(lb, 28, True) + 50 for lb in labels]
    scale = min(1.0, room / max(1, sum(need)))
    for s, label, nd in zip(ranked, labels, need):
        out += S.circle(x + 16, 174 - 8, 14, fill=S.colour(s), stroke=S.INK, sw=2)
        out += S.text(x + 38, 176, label, 28, weight="bold", width=nd * scale - 46)
        x += nd * scale
    return out


def _spot(p: dict) -> str:
    action, detail = p.get("action"), p.get("detail")
    if action == "routes" and p.get("space"):
        return _("square {n}").format(n=p["space"])
    if action == "mutiny" and detail is not None:
        return _("space {n}").format(n=detail)
    if action == "town" and detail:
        head, _sep, combo = str(detail).partition(":")
        return _(TOWN.get(head, head)) + (": " + _(COMBO.get(combo, combo)) if combo else "")
    if action == "market" and detail:
        return _(COMBO.get(detail, detail))
    return ""


def _spaces(t: Table, cat: GameCatalog, f: dict) -> str:
    out = S.panel(20, 392, 1420, 284)
    placed = f.get("placed") or []
    blocked = f.get("blocked") or {}
    gap = 10
    w = (1380 - gap * 3) / 4
    h = 124
    for i, action in enumerate(ACTIONS):
        x = 40 + (i % 4) * (w + gap)
        y = 406 + (i // 4) * (h + 10)
        here = [p for p in placed if p.get("action") == action]
        is_captain = action == f.get("action")
        pirate = action == f.get("pirate")
        stroke = S.ACCENT if is_captain else (S.DANGER if action in blocked else S.FAINT)
        out += S.rect(x, y, w, h, fill="#1d4566" if here else "#16324a", stroke=stroke, sw=5 if is_captain else 2, r=12)
        out += S.icon(ACTION_ICON.get(action, "compass"), x + 32, y + 34, 44)
        out += S.boxed(x + 62, y + 6, w - 74, 52, _(ACTION_NAMES[action]), 28, fill=S.INK, weight="bold", lines=2)
        if pirate:
            out += S.icon("pirate", x + w - 30, y + h - 34, 46)
        if action in blocked:
            out += S.line(x + 12, y + h - 12, x + w - 12, y + 12, stroke=S.DANGER, sw=5)
        spots = [_spot(p) for p in here]
        if any(spots) and len(here) > 1:  # each pawn with where it stands, two to a row under the space's name
            cw2, rh = (w - 24) / 2, (h - 64) / 2
            for k, (p, spot) in enumerate(zip(here[:4], spots)):
                px, py = x + 12 + (k % 2) * cw2, y + 60 + (k // 2) * rh
                out += S.icon("pawn", px + 14, py + rh / 2, min(30, rh), tint=_pawn(p["seat"]))
                if spot:
                    out += S.boxed(px + 30, py + 1, cw2 - 34, rh - 2, spot, 22, lines=2)
        else:
            slot = (w - 20) / max(1, min(4, len(here)))
            for k, (p, spot) in enumerate(zip(here[:4], spots)):
                px = x + 16 + k * slot
                out += S.icon("pawn", px + 18, y + h - 34, 46, tint=_pawn(p["seat"]))
                if spot:  # where on the space, beside the pawn (on up to three lines)
                    out += S.boxed(px + 42, y + h - 62, slot - 46, 58, spot, 24, lines=3)
    return out


def _pawn(seat: str) -> str:
    return S.colour(seat) if seat != HENCHMAN else "#5a6470"


def _supply(t: Table, cat: GameCatalog, f: dict) -> str:
    c = t.data["counters"]
    out = S.panel(1460, 392, 440, 284)
    left = f.get("deck_left", 0)
    out += S.icon("cards", 1510, 446, 70)
    out += S.text(1560, 468, left, 64, weight="bold", fill=S.DANGER if left <= 2 else S.INK)
    out += S.wrapped(1560 + S.measure(str(left), 64, True) + 14, 436, _("mutiny cards left"), 28, width=230, fill=S.DIM,
                     floor=22)
    rows = [("jewel", c.get("jewels", 0), _("jewel stack")), ("treasure", c.get("treasures", 0), _("treasure stack")),
            ("rum", t.pool_left("rum") if "rum" in t.data["pools"] else 0, _("rum in the tavern"))]
    y = 520
    for ic, n, label in rows:
        out += S.icon(ic, 1500, y, 42)
        out += S.text(1530, y + 14, n, 36, weight="bold")
        out += S.text(1610, y + 12, label, 26, fill=S.DIM, width=280)
        y += 56
    # the trade routes' squares: a face-up token and its price, or empty
    routes = f.get("routes") or []
    if routes:
        out += S.text(40, 722, _("Trade routes"), 30, fill=S.DIM, weight="bold")
        x = 60 + S.measure(_("Trade routes"), 30, True)
        wd = min(300, (1890 - x) / len(routes) - 10)
        for i, sq in enumerate(routes):
            has = sq.get("token")
            out += S.rect(x, 690, wd, 46, fill="#3a3014" if has else "#16324a", stroke=S.ACCENT if has else S.FAINT, sw=2, r=8)
            label = f"{i + 1}: " + ((_cost(sq["cost"]) if sq.get("cost") is not None else _("price ?")) if has else _("empty"))
            out += S.text(x + wd / 2, 723, label, 28, anchor="middle", weight="bold" if has else "normal",
                          fill=S.INK if has else S.DIM, width=wd - 12)
            x += wd + 10
    return out


def _cost(cost) -> str:
    d, r = (list(cost) + [0, 0])[:2]
    bits = []
    if d:
        bits.append(ngettext("{n} doubloon", "{n} doubloons", d).format(n=d))
    if r:
        bits.append(ngettext("{n} rum", "{n} rum", r).format(n=r))
    return " + ".join(bits) or _("free")


def _card(cat: GameCatalog, cid: str) -> str:
    """A mutiny card's name as printed (an id the deck does not know, as typed)."""
    try:
        return _(cat.deck("mutiny").card(str(cid).split(":")[0]).name)
    except (KeyError, LookupError, CompanionError):
        return str(cid)


def _score_pad(t: Table, cat: GameCatalog, f: dict) -> str:
    """The final scoring's pad: each player's prestige (and doubloons) before it and after each step."""
    from companion.games.mutinies.score import STEPS

    sc = f.get("scoring") or {}
    pad = sc.get("pad") or {}
    rows = [(_("before scoring"), pad["0"])] if "0" in pad else []
    rows += [(f"{n}. {_(STEPS[n])}", pad[str(n)]) for n in range(1, 7) if str(n) in pad]
    seats = players(t)
    out = S.panel(20, 392, 1420, 284)
    out += S.text(40, 428, _("Final scoring: prestige (doubloons)"), 28, fill=S.DIM, weight="bold", width=1380)
    lw = 330
    cw = (1380 - lw) / max(1, len(seats))
    rh = min(34, 224 / max(1, len(rows) + 1))
    y = 440
    for k, seat in enumerate(seats):
        out += S.rect(40 + lw + k * cw + 2, y, cw - 4, rh - 2, fill=S.colour(seat), r=6)
        ink = "#111111" if seat in ("yellow", "green", "orange") else S.INK
        out += S.boxed(40 + lw + k * cw + 6, y, cw - 12, rh - 2, name(t, seat), 22, fill=ink, weight="bold",
                       anchor="middle", lines=1)
    won = set((t.data.get("over") or {}).get("winners") or [])
    for i, (label, vals) in enumerate(rows):
        ry = y + (i + 1) * rh
        last = i == len(rows) - 1
        out += S.boxed(40, ry, lw - 10, rh, label, 22, fill=S.INK if last else S.DIM, weight="bold" if last else "normal",
                       lines=1)
        for k, seat in enumerate(seats):
            p, dbl = (list(vals.get(seat) or [0, 0]) + [0, 0])[:2]
            hi = last and seat in won
            out += S.boxed(40 + lw + k * cw + 6, ry, cw - 12, rh, f"{p} ({dbl})", 24, fill=S.ACCENT if hi else S.INK,
                           weight="bold" if last else "normal", anchor="middle", lines=1)
    return out


def _players(t: Table, cat: GameCatalog, f: dict) -> str:
    seats = players(t)
    n = max(1, len(seats))
    gap = 12
    w = (1880 - gap * (n - 1)) / n
    out = ""
    cap = (f.get("order") or [None])[0]
    cards = f.get("cards") or {}
    for i, seat in enumerate(seats):
        x, y, h = 20 + i * (w + gap), 750, 320
        v = t.seat_values(seat)
        col = S.colour(seat)
        ink = "#111111" if seat in ("yellow", "green", "orange") else S.INK
        out += S.rect(x, y, w, h, fill=S.PANEL, stroke=col, sw=5, r=14)
        out += S.band(x, y, w, 60, fill=col)
        out += S.boxed(x + 16, y + 2, w - (84 if seat == cap else 32), 56, name(t, seat), 36, fill=ink, weight="bold", lines=2)
        if seat == cap:
            out += S.icon("captain", x + w - 38, y + 32, 56)
        role = _("captain") if seat == cap else _("sailor")
        out += S.text(x + 16, y + 94, role, 28, fill=S.ACCENT if seat == cap else S.DIM, weight="bold")
        out += S.text(x + w - 16, y + 94, _("{n} prestige").format(n=v.get("prestige", 0)), 30, weight="bold", anchor="end",
                      width=w * 0.55)
        items = [("doubloon", v.get("doubloons", 0), _("doubloons")), ("rum", v.get("rum", 0), _("rum")),
                 ("jewel", v.get("jewel", 0), _("jewels")), ("treasure", v.get("treasure", 0), _("treasures"))]
        cw = (w - 24) / 2
        for k, (ic, n_, label) in enumerate(items):
            cx = x + 12 + (k % 2) * cw
            cy = y + 104 + (k // 2) * 82
            out += S.icon(ic, cx + 28, cy + 24, 46)
            out += S.text(cx + 60, cy + 42, n_, 46, weight="bold")
            out += S.text(cx + 6, cy + 72, label, 24, fill=S.DIM, width=cw - 12)
        held = [_card(cat, c) for c in (cards.get("held") or {}).get(seat, [])]
        front = [_card(cat, c) for c in (cards.get("front") or {}).get(seat, [])]
        bits = ([_("in hand: {cards}").format(cards=", ".join(held))] if held else []) + \
               ([_("in front: {cards}").format(cards=", ".join(front))] if front else [])
        out += S.icon("cards", x + 30, y + h - 26, 32)
        out += S.boxed(x + 50, y + h - 50, w - 60, 46, "; ".join(bits) or _("no mutiny cards"), 24,
                       fill=S.INK if bits else S.DIM, lines=2)
    return out
