"""The HTML of the display: the board page (shell + live fragment) and the phone pad (shell + fragment).

Everything the page says goes through _() and html.escape; the board itself is the game's SVG drawing.
The scripts hold no text: what they show comes from data-* attributes written here.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path
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


def board_fragment(version: int, table: Table, cat: GameCatalog, board_svg: str, pad_qr: str = "", rolled=None) -> str:
    """The part of the board page that changes with each write: what to do now, the board, the roll, the odds.

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
    if pad_qr:
        side += f'<section class="padqr">{pad_qr}<p>{_e(_("Join with a phone: scan, then the table allows it"))}</p></section>'
    return (f'<div class="frag" data-version="{version}">{top}<div class="main">'
            f'<div class="board">{board_svg}</div><aside class="side">{side}</aside></div></div>')


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
        f'data-answer="/game/{game_id}/answer" data-undo="/game/{game_id}/undo" '
        f'data-sending="{_e(_("Sending..."))}" data-lost="{_e(_("Connection lost; reconnecting..."))}">'
        f'{whose}<div id="live">{fragment}</div><p id="msg" class="msg" role="status"></p></div>'
    )
    return _shell(_("castaway pad · {name}").format(name=_(cat.name)), body, "pad.js", "pad.css")


def pad_fragment(version: int, table: Table, cat: GameCatalog, icon=None) -> str:
    """The current question with one big button per answer; typing as at the keyboard; undo.

    `icon(value) -> svg | None` draws a choice's icon (a logbook symbol) where the game has one."""
    now = view.now(table, cat, with_odds=False) if view.guided(cat) else None
    if now is None:
        over = table.data.get("over")
        head = _("The game is over") if over else _("This game has no guided mode")
        return (f'<div class="frag" data-version="{version}"><header><h1>{_e(head)}</h1></header>'
                f'{_undo_html()}</div>')
    buttons = _answers_html(now, icon)
    # nothing to answer: the button says what happens, a prompt above it would only say it again
    prompt = "" if now.kind == "none" else f'<p class="prompt">{_e(now.prompt)}</p>'
    typed = "" if now.kind == "none" else (f'<form class="typed"><label>{_e(_("Or type the answer as at the keyboard"))}'
             f'<input name="answer" autocomplete="off" autocapitalize="off" spellcheck="false"></label>'
             f'<button type="submit">{_e(_("Send"))}</button></form>')
    return (f'<div class="frag" data-version="{version}"><header><div class="phase">{_e(now.phase)}</div>'
            f'<h1>{_e(now.title)}</h1><p class="say">{_e(now.say)}</p></header>'
            f'<section class="ask" data-kind="{_e(now.kind)}">{prompt}{buttons}</section>'
            f'{typed}{_undo_html()}</div>')


def _undo_html() -> str:
    return f'<button type="button" class="undo" data-undo>{_e(_("Undo"))}</button>'


def _answers_html(now: view.Now, icon) -> str:
    send = _e(_("Send"))
    if now.kind == "dice":
        rows = []
        for i, d in enumerate(now.dice):
            for j, (part, faces) in enumerate(d.parts):
                label = f"{d.name} · {part}" if part else d.name
                bg = view.die_colour(d.colour) or "#fafafa"
                ink = "#fff" if bg in DARK else "#111"
                btns = "".join(f'<button type="button" class="face{" word" if len(f) > 2 else ""}" data-face="{_e(f)}" '
                               f'style="--die:{bg};--ink:{ink}">{_e(f)}</button>' for f in dict.fromkeys(faces))
                words = " words" if any(len(f) > 2 for f in faces) else ""
                rows.append(f'<div class="dierow" data-die="{i}" data-part="{j}"><span class="diename">{_e(label)}</span>'
                            f'<div class="faces{words}">{btns}</div></div>')
        out = "".join(rows)
        if rows:
            out += f'<button type="button" class="send primary" data-from="dice" data-label="{send}" disabled>{send}</button>'
        return out + f'<button type="button" class="send" data-answer="">{_e(_("Roll virtually"))}</button>'
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
            out += (f'<button type="button" class="send primary" data-from="picks">{send}</button>'
                    f'<button type="button" class="send" data-answer="-">{_e(_("None of them"))}</button>')
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
