"""The HTML of the display: the board page (shell + live fragment) and the phone pad (shell + fragment).

Everything the page says goes through _() and html.escape; the board itself is the game's SVG drawing.
The scripts hold no text: what they show comes from data-* attributes written here.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

from companion import i18n
from companion.catalog import GameCatalog
from companion.i18n import N_, _
from companion.table import Table

from . import view

DARK = ("#d32f2f", "#1e63c6", "#2e8b3d", "#222", "#7b3fa0", "#8d5a2b")  # dice faces that take white digits
MAX_LISTED = 10  # choices listed on the board; a longer list is left to the pad and the keyboard


def _e(text) -> str:
    return escape(str(text), quote=True)


@lru_cache(maxsize=8)
def _asset(name: str) -> str:
    """A file of static/ (a style sheet, a script, the icon), to be put inline."""
    return (Path(__file__).resolve().parent / "static" / name).read_text(encoding="utf-8")


def _shell(title: str, body: str, script: str, css: str = "display.css") -> str:
    """The page as one response: its style sheet, script and icon inline, so the first board is drawn
    without a second request to the server (static/ still serves them, for a look at them alone)."""
    icon = "data:image/svg+xml," + quote(_asset("icon.svg").strip())
    return (
        f'<!doctype html>\n<html lang="{_e(i18n.language())}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{_e(title)}</title><style>{_asset(css)}</style>'
        f'<link rel="icon" href="{_e(icon)}" type="image/svg+xml"></head>'
        f'<body>{body}<script>{_asset(script)}</script></body></html>'
    )


# -- the board page ------------------------------------------------------------------------------------

def board_page(game_id: int, kind: str, version: int, cat: GameCatalog, fragment: str, query: str = "") -> str:
    """`query` (the ?v= the page was opened with, under --lan) goes on the addresses the script fetches."""
    body = (
        f'<div id="root" class="board-page" data-game="{_e(kind)}" data-game-id="{game_id}" data-version="{version}" '
        f'data-events="/game/{game_id}/events{_e(query)}" data-fragment="/game/{game_id}/fragment{_e(query)}">'
        f'<div id="live">{fragment}</div>'
        f'<div id="conn" class="conn" hidden>{_e(_("Connection lost; reconnecting..."))}</div></div>'
    )
    return _shell(_("castaway · {name}").format(name=_(cat.name)), body, "display.js")


class Fragment(NamedTuple):
    """A drawn board fragment and whether it is pending: day 21's odds still a lower bound while the exact
    search runs (the page fetches it again; the server draws it again rather than keep it)."""

    html: str
    pending: bool


def board_fragment(version: int, table: Table, cat: GameCatalog, board_svg: str, pad_qr: str = "",
                   log: list[tuple[int, str]] | None = None, rolled=None) -> str:
    """The part of the board page that changes with each write (board_part's HTML)."""
    return board_part(version, table, cat, board_svg, pad_qr, log, rolled).html


def board_part(version: int, table: Table, cat: GameCatalog, board_svg: str, pad_qr: str = "",
               log: list[tuple[int, str]] | None = None, rolled=None) -> Fragment:
    """The part of the board page that changes with each write: what to do now, the board, the roll, the odds,
    the last events (`log`: (number, line), the latest first); and whether it is pending (Fragment).

    `rolled`: the log's latest event that took dice (store.last_rolled), shown as the last roll with when
    it was rolled; without it, the state's own record of its last roll."""
    now = view.now(table, cat) if view.guided(cat) else None
    over = table.data.get("over")
    if now is not None:
        top = _now_html(now)
    elif over:
        why = _why(over, table)
        top = (f'<section class="now over"><div class="phase">{_e(_("The game is over"))}</div>'
               f'<h1>{_e(_result(over))}</h1>' + (f'<p class="say">{_e(why)}</p>' if why else "") + '</section>')
    else:
        top = (f'<section class="now"><h1>{_e(_(cat.name))}</h1>'
               f'<p class="say">{_e(_("This game has no guided mode: the table uses the single commands."))}</p></section>')
    side = _roll_html(table, cat, rolled) + (_odds_html(now.odds) if now is not None and now.odds else "")
    if log:
        items = "".join(f'<li><b>#{seq}</b> {_e(line)}</li>' for seq, line in log)
        side += f'<section class="log"><h2>{_e(_("Last events"))}</h2><ol>{items}</ol></section>'
    if pad_qr:
        side += f'<section class="padqr">{pad_qr}<p>{_e(_("Join with a phone: scan, then the table allows it"))}</p></section>'
    pending = now is not None and now.odds_pending
    mark = ' data-pending="1"' if pending else ""  # the page's script fetches it again
    return Fragment(f'<div class="frag" data-version="{version}"{mark}>{top}<div class="main">'
                    f'<div class="board">{board_svg}</div><aside class="side">{side}</aside></div></div>', pending)


def _result(over: dict) -> str:
    words = {"won": _("won"), "lost": _("lost"), "abandoned": _("abandoned")}
    return words.get(over.get("result"), str(over.get("result") or _("ended")))


# Dieson Crusoe's end, stored as a word
WHY = {"time": N_("the quest's days ran out"), "health": N_("health ran out")}


def _why(over: dict, table: Table) -> str:
    """What ended the game, as the state records it: the rules' reason, or who won."""
    reason = over.get("how") or over.get("reason")
    if reason:
        return _(str(reason))
    if over.get("why"):
        return _(WHY.get(str(over["why"]), str(over["why"])))
    winners = over.get("winners") or []
    if winners:
        names = [table.seat_values(s).get("player") or s for s in winners]
        return _("won by {who}").format(who=_(" and ").join(names))
    return ""


def _now_html(now: view.Now) -> str:
    choices = ""
    if now.kind == "choice" and len(now.choices) > MAX_LISTED and not now.chart:
        choices = f'<p class="more">{_e(_("{n} to choose from, on the pad or at the keyboard").format(n=len(now.choices)))}</p>'
    elif now.kind == "choice" and now.choices:
        keys = now.keys or [str(i) for i in range(1, len(now.choices) + 1)]
        items = "".join(f'<li class="{"default" if str(now.default) == v else ""}"><b>{_e(k)}</b> {_e(label)}</li>'
                        for k, (v, label) in zip(keys, now.choices))
        choices = f'<ol class="choices">{items}</ol>'
    elif now.kind == "dice" and now.dice:
        choices = f'<p class="dicewanted">{_e(", ".join(d.name for d in now.dice))}</p>'
    elif now.kind == "number":
        choices = f'<p class="dicewanted">{_e(f"{now.lo}..{now.hi}")}</p>'
    listed = " listed" if choices else ""
    return (f'<section class="now{listed}"><div class="head"><div class="phase">{_e(now.phase)}</div>'
            f'<h1>{_e(now.title)}</h1></div><p class="say">{_e(now.say)}</p>'
            f'<div class="ask"><span class="prompt">{_e(now.prompt)}</span>{choices}</div></section>')


def _die(face: str, colour: str | None, name: str, big: bool = True) -> str:
    bg = view.die_colour(colour) or "#fafafa"
    dark = bg in DARK
    cls = "die big" if big else "die"  # untranslated: CSS class names
    fg = "#fff" if dark else "#111"
    word = " word" if len(face) > 2 or (len(face) > 1 and not face.isdigit()) else ""  # a word face ("tentacle", "ww"): a wider die, the word on one line
    return (f'<figure class="{cls}"><span class="face{word}" style="background:{bg};color:{fg}">{_e(face)}</span>'
            f'<figcaption>{_e(name)}</figcaption></figure>')


def _roll_html(table: Table, cat: GameCatalog, rolled=None) -> str:
    got = view.rolled(rolled, cat) if rolled is not None else None
    if got is not None:
        heading, shown, at = got
    else:
        last = view.last_roll(table, cat)
        if last is None:
            return ""
        (heading, shown), at = last, ""
    # each die named under its face, unless the heading already names the one kind of die rolled
    named = len({x.name for x in shown}) > 1 or any(len(x.face) > 2 for x in shown)
    dice = "".join(_die(s.face, s.colour, s.name if named else "") for s in shown)
    when = f'<p class="when">{_e(at)}</p>' if at else ""
    return (f'<section class="roll"><h2>{_e(_("Last roll"))}</h2><p class="rolled">{_e(heading)}</p>{when}'
            f'<div class="dice">{dice}</div></section>')


def _odds_html(lines: list[str]) -> str:
    items = "".join(f"<li>{_e(line.strip())}</li>" for line in lines if line.strip())
    return f'<section class="odds"><h2>{_e(_("Odds"))}</h2><ul>{items}</ul></section>'


# -- the pad ------------------------------------------------------------------------------------------

def pad_page(game_id: int, version: int, cat: GameCatalog, fragment: str, who: str = "", asks: bool = False) -> str:
    """`who` names whose pad this is (a seat's, or the table's); `asks`: the table's pad, which also lets
    phones in (the script asks /asks for the phones waiting)."""
    whose = f'<p class="who">{_e(who)}</p>' if who else ""
    if asks:
        whose += (f'<div id="asks" class="asks" data-asks="/asks" data-ask="{_e(_("a phone asks to join as {role}: allow?"))}" '
                  f'data-allow="{_e(_("Allow"))}" data-refuse="{_e(_("Refuse"))}"></div>')
    body = (
        f'<div id="root" class="pad-page" data-game="{_e(cat.id)}" data-game-id="{game_id}" data-version="{version}" '
        f'data-events="/game/{game_id}/events" data-fragment="/pad/{game_id}/fragment" '
        f'data-answer="/game/{game_id}/answer" data-undo="/game/{game_id}/undo" data-redo="/game/{game_id}/redo" '
        f'data-history="/pad/{game_id}/history" '
        f'data-sending="{_e(_("Sending..."))}" data-lost="{_e(_("Connection lost; reconnecting..."))}" '
        f'data-empty="{_e(_("Nothing to send: tap an answer, or type one"))}">'
        f'{whose}<div id="live">{fragment}</div><p id="msg" class="msg" role="status"></p>'
        f'<div id="confirm" class="confirm" hidden><p></p><button type="button" class="send primary" data-yes>{_e(_("Yes, do it"))}</button>'
        f'<button type="button" class="send" data-no>{_e(_("Cancel"))}</button></div>'
        f'<section id="history" class="history" hidden></section></div>'
    )
    return _shell(_("castaway pad · {name}").format(name=_(cat.name)), body, "pad.js", "pad.css")


def pad_fragment(version: int, table: Table, cat: GameCatalog, icon=None, role: str = "table", whose: str | None = None,
                 head: str = "", head_seq: int = 0) -> str:
    """The current question with one big button per answer; typing as at the keyboard; ONE Send; undo
    (confirmed, naming what it takes back) and the history. A seat's pad (`role` a seat) shows that seat in
    full first; a question addressed to another seat (`whose`) is shown read-only.

    `icon(value) -> svg | None` draws a choice's icon (a logbook symbol) where the game has one."""
    seat = seat_html(table, cat, role) if role in table.seats else ""
    tools = _tools_html(head, head_seq)
    now = view.now(table, cat, with_odds=False) if view.guided(cat) else None
    if now is None:
        over = table.data.get("over")
        head_line = _("The game is over") if over else _("This game has no guided mode")
        return (f'<div class="frag" data-version="{version}">{seat}<header><h1>{_e(head_line)}</h1></header>'
                f'{tools}</div>')
    mine = whose is None or role == whose or role not in table.seats
    buttons = _answers_html(now, icon) + _offers_html(now.offers)
    # nothing to answer: the button says what happens, a prompt above it would only say it again
    prompt = "" if now.kind == "none" else f'<p class="prompt">{_e(now.prompt)}</p>'
    typed = "" if now.kind in ("none", "wait") or not mine else (
        f'<form class="typed"><label>{_e(_("Or type the answer as at the keyboard"))}'
        f'<input name="answer" autocomplete="off" autocapitalize="off" spellcheck="false"></label>'
        f'<button type="submit" class="send primary" data-send data-label="{_e(_("Send"))}">{_e(_("Send"))}</button></form>')
    for_whom = ""
    if whose is not None:
        name = _seat_name(table, cat, whose)
        for_whom = (f'<p class="for">{_e(_("Your question"))}</p>' if mine and role == whose else
                    f'<p class="for">{_e(_("For {seat}").format(seat=name))}</p>' if mine else
                    f'<p class="for other">{_e(_("This question is for {seat}: their pad answers it").format(seat=name))}</p>')
    readonly = "" if mine else " readonly"
    return (f'<div class="frag" data-version="{version}" data-whose="{_e(whose or "")}" data-mine="{"1" if mine else ""}">{seat}'
            f'<header><div class="phase">{_e(now.phase)}</div>'
            f'<h1>{_e(now.title)}</h1><p class="say">{_e(now.say)}</p>{for_whom}</header>'
            f'<section class="ask{readonly}" data-kind="{_e(now.kind)}"{" inert" if not mine else ""}>{prompt}{buttons}</section>'
            f'{typed}{tools}</div>')


def _offers_html(offers: list[tuple[str, str, str]]) -> str:
    """A typed question's answers as buttons, grouped under what they are; a value that ends in a space
    goes into the field (the rest, a die's face, is typed after it), any other is sent at once."""
    groups: dict[str, list[str]] = {}
    for group, value, label in offers:
        attr = "data-fill" if value.endswith(" ") else "data-answer"
        groups.setdefault(group, []).append(f'<button type="button" class="choice" {attr}="{_e(value)}">{_e(label)}</button>')
    return "".join(f'<div class="group"><h3>{_e(g)}</h3><div class="choices">{"".join(bs)}</div></div>' for g, bs in groups.items())


def _seat_name(table: Table, cat: GameCatalog, seat: str) -> str:
    """A seat as the table calls it: its survivor or character and the player, else the seat's own name."""
    values = table.seat_values(seat) if seat in table.seats else {}
    ch = cat.characters.get(str(values.get("survivor") or values.get("character") or ""))
    spec = cat.seats.get(seat)
    name = _(ch.name) if ch is not None else _(spec.name) if spec is not None else seat
    who = values.get("player")
    return f"{name} ({who})" if who else name


def seat_html(table: Table, cat: GameCatalog, seat: str) -> str:
    """A seat's survivor, character, purse and hand, in full: the seat's pad shows it large."""
    values = dict(table.seat_values(seat))
    player = values.pop("player", None)
    rows = []
    who = values.pop("survivor", None) or values.pop("character", None)
    person = ""
    if who:
        ch = cat.characters.get(str(who))
        name = _(ch.name) if ch is not None else str(who)
        ability = _(ch.ability) if ch is not None and getattr(ch, "ability", None) else ""
        person = (f'<p class="person">{_e(name)}</p>' + (f'<p class="ability">{_e(ability)}</p>' if ability else ""))
    if len(cat.seats) == 1:  # a solo game (Dieson Crusoe): the table's counters are the one character's
        values.update({k: v for k, v in (table.data.get("counters") or {}).items() if k not in values})
    for key, value in values.items():
        spec = cat.counters.get(key) or cat.tracks.get(key) or cat.stacks.get(key)
        label = _(spec.name) if spec is not None else key.replace("-", " ")
        if isinstance(value, (list, tuple)):
            shown = " ".join(str(v) for v in value) or "-"
        elif isinstance(value, dict):
            shown = ", ".join(f"{k} {v}" for k, v in value.items()) or "-"
        elif isinstance(value, bool):
            shown = _("yes") if value else _("no")
        else:
            shown = str(value)
        rows.append(f'<div class="stat"><dt>{_e(label)}</dt><dd>{_e(shown)}</dd></div>')
    hand = []
    for deck_id, deck in (table.data.get("decks") or {}).items():
        for card in (deck.get("held") or {}).get(seat, []) if isinstance(deck, dict) else []:
            try:
                hand.append(_(cat.deck(deck_id).card(str(card).split(":")[0]).name))
            except (KeyError, LookupError, Exception):  # a card the catalog does not know: its id
                hand.append(str(card))
    held = (f'<h3>{_e(_("In hand"))}</h3><ul class="hand">' + "".join(f"<li>{_e(c)}</li>" for c in hand) + "</ul>") if hand else ""
    spec = cat.seats.get(seat)
    title = _(spec.name) if spec is not None else seat
    return (f'<section class="seat" data-seat="{_e(seat)}"><h2>{_e(title)}' + (f' · {_e(player)}' if player else "") + '</h2>'
            f'{person}<dl class="stats">{"".join(rows)}</dl>{held}</section>')


def _tools_html(head: str = "", head_seq: int = 0) -> str:
    """Undo (confirmed, naming the action it takes back) and the whole history."""
    undo = ""
    if head_seq:
        ask = _("Undo #{seq} {text}?").format(seq=head_seq, text=head)
        undo = f'<button type="button" class="undo" data-undo data-confirm="{_e(ask)}">{_e(_("Undo"))}</button>'
    return f'<div class="tools">{undo}<button type="button" class="tool" data-history-open>{_e(_("History"))}</button></div>'


def history_html(version: int, events: list, live: set[int], redo: list[int], cat: GameCatalog) -> str:
    """The whole log, the latest first: each action of the live path with "Undo back to here" (its
    confirmation names every action it takes back), each undone action the redo list holds with "Redo up
    to here" (naming what it puts back); undone and moved-over events are marked."""
    from companion import session

    by_seq = {e.seq: e for e in events}
    line = {e.seq: session.event_text(e, by_seq, cat) for e in events}
    path = sorted(live)  # the live actions, oldest first
    order = list(reversed(redo))  # the redo list, next to redo first
    rows = []
    unit = _(cat.tracks[cat.round_track].name).lower() if cat.round_track else _("round")  # as `castaway history` says it
    for e in reversed(events):
        button = ""
        if e.type == "setup" or e.seq in live:
            after = [n for n in path if n > e.seq] if e.type != "setup" else path
            if after:
                takes = "\n".join(f"#{n} {line[n]}" for n in reversed(after))
                ask = _("Undo back to #{seq}? This takes back {n}:").format(seq=e.seq, n=len(after)) + "\n" + takes
                button = (f'<button type="button" class="tool" data-undo-to="{e.seq}" data-confirm="{_e(ask)}">'
                          f'{_e(_("Undo back to here"))}</button>')
        elif e.seq in redo:
            upto = order[:order.index(e.seq) + 1]
            puts = "\n".join(f"#{n} {line[n]}" for n in upto)
            ask = _("Redo up to #{seq}? This puts back {n}:").format(seq=e.seq, n=len(upto)) + "\n" + puts
            button = (f'<button type="button" class="tool" data-redo-to="{e.seq}" data-confirm="{_e(ask)}">'
                      f'{_e(_("Redo up to here"))}</button>')
        state = "live" if e.type == "setup" or e.seq in live else "undone" if e.type == "action" else "moved"
        day = f'<span class="day">{_e(unit)} {_e(e.day)}</span>' if e.day else ""
        rows.append(f'<li class="{state}" data-seq="{e.seq}"><span class="line"><b>#{e.seq}</b> {day}{_e(line[e.seq])}</span>{button}</li>')
    return (f'<div class="hist" data-version="{version}"><header><h2>{_e(_("History"))}</h2>'
            f'<button type="button" class="tool" data-history-close>{_e(_("Close"))}</button></header>'
            f'<ol>{"".join(rows)}</ol></div>')


def _answers_html(now: view.Now, icon) -> str:
    if now.kind == "dice":
        rows = []
        names = [d.name for d in now.dice]
        for i, d in enumerate(now.dice):
            # several dice of one name (four swimmers' placement dice): each its number, so no two read the same
            name = f"{d.name} {names[:i + 1].count(d.name)}" if names.count(d.name) > 1 else d.name
            for j, (part, faces) in enumerate(d.parts):
                label = f"{name} · {part}" if part else name
                bg = view.die_colour(d.colour) or "#fafafa"
                ink = "#fff" if bg in DARK else "#111"
                btns = "".join(f'<button type="button" class="face{" word" if len(f) > 2 else ""}" data-face="{_e(f)}" '
                               f'style="--die:{bg};--ink:{ink}">{_e(f)}</button>' for f in dict.fromkeys(faces))
                words = " words" if any(len(f) > 2 for f in faces) else ""
                rows.append(f'<div class="dierow" data-die="{i}" data-part="{j}"><span class="diename">{_e(label)}</span>'
                            f'<div class="faces{words}">{btns}</div></div>')
        # the faces tapped go with the one Send below; castaway rolls only when asked to
        return "".join(rows) + f'<div class="choices"><button type="button" class="choice" data-answer="">{_e(_("Roll virtually"))}</button></div>'
    if now.kind == "choice":
        picks = []
        for v, label in now.choices:
            pic = icon(v) if icon is not None else None
            art = f'<span class="icon">{pic}</span>' if pic else ""
            default = " default" if str(now.default) == v else ""
            attr = "data-pick" if now.multiple else "data-answer"
            picks.append(f'<button type="button" class="choice{default}" {attr}="{_e(v)}">{art}<span>{_e(label)}</span></button>')
        out = f'<div class="choices{" icons" if any("icon" in p for p in picks) else ""}">{"".join(picks)}</div>'
        if now.multiple:
            # the picks tapped go with the one Send below
            out += f'<div class="choices"><button type="button" class="choice" data-answer="-">{_e(_("None of them"))}</button></div>'
        return out
    if now.kind == "confirm":
        return (f'<div class="choices two"><button type="button" class="choice{" default" if now.default is True else ""}" data-answer="y">{_e(_("Yes"))}</button>'
                f'<button type="button" class="choice{" default" if now.default is False else ""}" data-answer="n">{_e(_("No"))}</button></div>')
    if now.kind == "number" and now.lo is not None and now.hi is not None and now.hi - now.lo <= 24:
        return '<div class="choices numbers">' + "".join(
            f'<button type="button" class="choice{" default" if now.default == n else ""}" data-answer="{n}">{n}</button>'
            for n in range(now.lo, now.hi + 1)) + "</div>"
    if now.kind == "none":
        return f'<button type="button" class="send primary" data-answer="">{_e(now.button or _("Go on"))}</button>'
    return ""


# -- joining ------------------------------------------------------------------------------------------

def join_page(roles: list[tuple[str, str]], cat: GameCatalog) -> str:
    """The page the board's code opens: one button per seat and one for the table's pad. A tap asks the
    table; the page waits for the answer and opens the pad once allowed. It holds no token."""
    buttons = "".join(f'<button type="button" class="choice" data-as="{_e(role)}">{_e(label)}</button>' for role, label in roles)
    body = (
        f'<div id="root" class="pad-page join" data-join="/join" '
        f'data-waiting="{_e(_("Asked; the table answers at the terminal..."))}" '
        f'data-refused="{_e(_("The table said no."))}" data-lapsed="{_e(_("Nobody answered in time; ask again."))}" data-lost="{_e(_("Connection lost; reconnecting..."))}">'
        f'<header><div class="phase">{_e(_(cat.name))}</div><h1>{_e(_("Join the table with this phone"))}</h1>'
        f'<p class="say">{_e(_("Choose what this phone is; the table allows it at the terminal running the display."))}</p></header>'
        f'<section class="ask"><div class="choices">{buttons}</div></section>'
        f'<p id="msg" class="msg" role="status"></p></div>'
    )
    return _shell(_("castaway · join · {name}").format(name=_(cat.name)), body, "join.js", "pad.css")
