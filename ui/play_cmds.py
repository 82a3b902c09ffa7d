"""`castaway play`: the guided game loop. Reads answers from the keyboard or from a script on stdin.

Words understood at any question: board, undo, history, help, quit.
"""

from __future__ import annotations

import sys
import textwrap
from collections import Counter
from typing import Annotated

import typer

from companion import catalog, session
from companion.errors import CompanionError, StaleError, UsageError
from companion.games import registry
from companion.guide import Ask, Step
from companion.i18n import N_, _
from ui.board import die_word
from ui.common import CTX, command, discard_created, err, out, show_board, store, wrapped_between_words
from ui.linereader import Changed, keys_mode, read_line
from ui.text import esc

HELP = (N_("Answer the question, or type: board (show the table), undo (step back), history, quit (pause; `castaway play` resumes). On a dice question, Enter rolls virtually; type the faces you rolled to use your own dice."))


EDITIONS = {"en": N_("the English edition (21 Days)"), "cs": N_("the Czech edition (21 dní)")}
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


class Quit(Exception):
    pass


WATCH: list = [None]  # the watch of the question being read (ask_until_valid sets it)
NOTICE: list = [None]  # what arrived while the question waits (day 21's exact odds): lines, or None


def read(prompt: str, watch=None) -> str:
    """A line typed for the question; `watch` (True once the table changed elsewhere; else the one the question
    being asked set in WATCH) makes the read give up with linereader.Changed as soon as the table moves on, what
    was half typed dropped."""
    from rich.markup import escape

    watch = watch if watch is not None else WATCH[0]
    take = NOTICE[0]

    first, *rest = prompt.split("\n")  # the question wraps under itself; a menu below is already laid out
    rows = textwrap.wrap(first, min(out.width, 120) - 1, initial_indent="? ", subsequent_indent="  ", break_on_hyphens=False)
    came = take() if take is not None else None
    for said_line in came or ():  # already there: said before the question
        hanging(said_line, "  ", "cyan")
    shown = f"[bold cyan]{escape(chr(10).join((rows or ['?']) + rest))}[/] "
    out.print(shown, end="")
    out.file.flush()

    def tell() -> bool:  # while the question waits: said under it, then the question again
        came = take()
        if came is None:
            return False
        out.print()
        for said_line in came:
            hanging(said_line, "  ", "cyan")
        out.print(shown, end="")
        out.file.flush()
        return True

    line = read_line(watch, tell if take is not None else None)
    if line is None:  # end of input: pause
        out.print()
        raise Quit
    if not sys.stdin.isatty():
        out.print(line, markup=False)
    return line


def faces_accepted(ask: Ask, cat) -> str:
    """What a dice question takes when a die has named faces (the octopus die: blank or tentacle)."""
    words = []
    for d in dict.fromkeys(ask.dice):
        try:
            die = cat.die(d)
        except CompanionError:
            continue
        for part in die.parts:
            named = [str(f) for f in dict.fromkeys(part.faces) if not isinstance(f, int)]
            if named:
                words.append(_("{die}: {faces}").format(die=_(die.name), faces=_(" or ").join(_(f) for f in named)))
    return "; ".join(words)


def fit_brackets(text: str) -> str:
    """A dice question too wide for the terminal: what it accepts goes on lines of its own, one die a line."""
    width = min(out.width, 120)
    head, sep, tail = text.rpartition(" [")
    if len(text) + 2 <= width or not sep or "\n" in text:
        return text
    if len(tail) + 5 <= width:
        return f"{head}\n    [{tail}"
    if "; " not in tail:  # one sentence: wrapped between words
        return head + "\n    [" + "\n     ".join(textwrap.wrap(tail, width - 5, break_on_hyphens=False))
    rows = tail.replace("; ", ";\n     ").split("\n")
    if len(rows[0]) + 5 > width:
        rows[0] = rows[0].replace(": ", ":\n     ", 1)
    return head + "\n    [" + "\n".join(rows)


def packed(bits: list[str], sep: str, width: int, indent: str) -> str:
    """Parts joined by sep, a new line (indented) where the next part would pass the width."""
    rows: list[str] = []
    for b in bits:
        if rows and len(rows[-1]) + len(sep) + len(b) <= width - len(indent):
            rows[-1] += sep + b
        else:
            rows.append(b)
    return ("\n" + indent).join(rows)


def dice_names(dice, cat=None) -> str:
    """The dice of a question by their printed names, counted: 2× Red survivor die."""
    out = []
    for d, n in Counter(dice).items():
        word = die_word(cat, d) if cat is not None else d
        out.append(f"{n}× {word}" if n > 1 else word)
    return ", ".join(out)


def describe(ask: Ask, cat=None) -> str:
    prompt = _(ask.prompt)  # prompts defined at import time (N_) are translated here; others already are
    if ask.kind == "dice":
        named = faces_accepted(ask, cat) if cat is not None else ""
        if named:
            text = _("{prompt} [Enter rolls virtually, or type the face: {faces}]").format(prompt=prompt, faces=named)
        else:
            text = _("{prompt} [Enter rolls {dice} virtually, or type your faces]").format(prompt=prompt, dice=dice_names(ask.dice, cat))
        return fit_brackets(text)
    if ask.kind == "choice":
        inline = "  ".join(f"{k}) {label}" for k, _v, label in ask.numbered())
        opts = compact(ask) if len(ask.choices) > 8 or len(inline) > min(out.width, 120) - 4 else inline
        more = _(" (one number, or one per die still to place: 1,6,7)") if ask.also else _(" (several: 1,3; none: -)") if ask.multiple else ""
        labels = dict(ask.choices)
        if ask.default is not None and str(ask.default) in labels:
            more += _(" [Enter: {label}]").format(label=labels[str(ask.default)])
        return f"{prompt}{more}\n    {opts}\n "
    if ask.kind == "confirm":
        d = {True: _(" [Y/n]"), False: _(" [y/N]")}.get(ask.default, _(" [y/n]"))
        return prompt + d
    if ask.kind == "number":
        d = f" [{ask.default}]" if ask.default is not None else ""
        return f"{prompt} ({ask.lo}..{ask.hi}){d}"
    if ask.kind == "text" and ask.default not in (None, "") and "Enter" not in prompt:  # what Enter keeps, shown
        return prompt + _(" [Enter: {label}]").format(label=ask.default)
    return prompt


def compact(ask: Ask) -> str:
    """A long menu in columns that fit the terminal: number and label, row by row."""
    rows = ask.numbered()
    cell = max(len(f"{k:>2}) {label}") for k, _v, label in rows) + 2  # a column, with its gap
    width = max(40, min(out.width, 120) - 4)
    per = max(1, width // cell)
    if per == 1:  # one option a line: a long label wraps under itself
        return "\n    ".join(textwrap.fill(f"{k:>2}) {label}", width, subsequent_indent=" " * 8, break_on_hyphens=False)
                               .replace("\n", "\n    ") for k, _v, label in rows)
    lines = ["".join(f"{k:>2}) {label}".ljust(cell) for k, _v, label in rows[i:i + per]).rstrip() for i in range(0, len(rows), per)]
    return "\n    ".join(lines)


def ask_watched(ask: Ask, on_word, cat, watch) -> object:
    """ask_until_valid while the table is watched (read() takes `watch` from WATCH: tests and the benches
    replace read and ask_until_valid by functions of their own arguments)."""
    WATCH[0] = watch
    try:
        return ask_until_valid(ask, on_word, cat)
    finally:
        WATCH[0] = None


def ask_until_valid(ask: Ask, on_word, cat=None) -> object:
    while True:
        text = read(describe(ask, cat))
        word = text.strip().lower()
        if word in ("quit", "q", "konec"):
            raise Quit
        if word in ("board", "undo", "history", "help", "?"):
            on_word(word)
            if word == "undo":
                return Undo
            continue
        try:
            return ask.parse(text)
        except UsageError as e:
            err.print(f"[bold red]{_('error:')}[/] {esc(e)}")


class Undo:
    pass


def hanging(text: str, lead: str, style: str = "") -> None:
    """A line that starts with lead and wraps between words under its text (not at the margin)."""
    hang = " " * len(lead)
    for k, part in enumerate(str(text).split("\n")):  # a line break of the text's own stays
        for row in textwrap.wrap(part.strip(), min(out.width, 120), initial_indent=hang if k else lead, subsequent_indent=hang,
                                 break_on_hyphens=False) or [lead.rstrip()]:
            out.print(f"[{style}]{esc(row)}[/]" if style else esc(row))


def said(ev, before=None, after=None, cat=None) -> None:
    if ev.result and isinstance(ev.result, dict) and ev.result.get("say"):
        hanging(ev.result["say"], "  → ")
    if before is not None and after is not None:
        line = changes(before, after, cat)
        if line:
            out.print(f"  [dim]= {esc(packed(line.split(' · '), ' · ', min(out.width, 120) - 4, '    '))}[/]")


def changes(before, after, cat) -> str:
    """One line of what an action changed on the table: tracks, counters, each seat's numbers."""
    bits = []
    b, a = before.data, after.data
    for group in ("tracks", "counters"):
        names = getattr(cat, group, {}) or {}
        for k, v in (a.get(group) or {}).items():
            old = (b.get(group) or {}).get(k)
            if isinstance(v, int) and isinstance(old, int) and v != old:
                label = _(names[k].name) if k in names else k
                bits.append(f"{label} {old}→{v}")
    for seat in a.get("seat") or {}:
        sb, sa = (b.get("seat") or {}).get(seat) or {}, a["seat"][seat]
        for k, v in sa.items():
            old = sb.get(k)
            if k == "strength" and isinstance(v, list) and v != old:
                bits.append(_("{seat} strength {old}→{new}").format(seat=_(seat), old="/".join(map(str, old or [])) or "-", new="/".join(map(str, v)) or _("dead")))
            elif isinstance(v, int) and not isinstance(v, bool) and isinstance(old, int) and v != old:
                bits.append(f"{_(seat)} {_(k)} {old}→{v}")
    return " · ".join(bits)


def undo_to_question(st, gid: int, rules) -> None:
    """After an undo, keep undoing the steps that asked nothing (the loop does them at once), so the
    table lands on the question it answered last, not on a step the loop would redo by itself."""
    while rules.goes_on_alone:
        cur = session.load(st, gid)
        step = rules.next_step(cur.table, cur.cat)
        if step is None or step.ask.kind != "none" or step.pause:
            return
        try:
            ev, _t, undone = session.undo(st, gid)
        except CompanionError:
            return
        out.print(_("[dim]#{seq}[/] undid: {text}").format(seq=ev.seq, text=esc(session.event_text(undone, cat=cur.cat))))


def setup_questions(ctx: dict):
    """Every question of the guided setup in turn: the game, its edition, the players' names, then the
    game's own (they may depend on the answers so far, which `answer_setup` folds into ctx)."""
    ids = catalog.game_ids()
    yield "game", Ask(_("Which game?"), "choice", choices=tuple((g, _(catalog.load(g).name)) for g in ids), default="21days")
    game = ctx["game"]
    eds = catalog.editions(game)
    if eds:
        yield "edition", Ask(_("Which edition is on your table?"), "choice", default="en", choices=tuple(
            (e, _(EDITIONS[e]) if e in EDITIONS else e) for e in ("en", *eds)))
    yield "names", Ask(_("Players' names, separated by commas (Enter: none)"), "text", default="-")
    cat = catalog.load(game, ctx["options"].get("edition"))
    yield from registry.get(game).setup_asks(cat, ctx["options"])


def answer_setup(ctx: dict, key: str, ans) -> None:
    if key == "game":
        ctx["game"] = ans
    elif key == "edition":
        if ans != "en":
            ctx["options"]["edition"] = ans
    elif key == "names":
        if ans != "-":
            ctx["options"]["players"] = [n.strip() for n in str(ans).split(",") if n.strip()]
    else:
        cat = catalog.load(ctx["game"], ctx["options"].get("edition"))
        registry.get(ctx["game"]).setup_answer(cat, ctx["options"], key, ans)


def next_setup_question(answered: list) -> tuple[dict, tuple | None]:
    """The setup folded from the answers so far, and the next question (None: all answered)."""
    ctx: dict = {"game": None, "options": {}}
    gen = setup_questions(ctx)
    for key, ans in answered:
        next(gen)
        answer_setup(ctx, key, ans)
    return ctx, next(gen, None)


def table_decides(st, gid: int, step: Step, ev, after, cur, on_word) -> None:
    """What the rules leave to the table (who gets the fish, ...): castaway's share stands on Enter;
    another answer records the action again with the same dice and the table's choice. A step with
    `after_again` asks its next question (one player after another) until it has none left."""
    follow = step.after(ev.result, after)
    while follow:
        ask, remake = follow
        while True:
            try:
                ans = ask_watched(ask, on_word, cur.cat, watcher(st, gid, ev.seq))
            except Changed as moved:  # castaway's share stands; the table moved on elsewhere
                changed_elsewhere(st, gid, ev.seq, after, cur.cat, moved.typed)
                return
            if ans is Undo:
                return
            try:
                again = remake(ans)
            except CompanionError as e:
                err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
                continue
            if again is None:
                break
            try:  # one transaction: castaway's share stands until the table gives one the rules take
                ev2, t2 = session.replace(st, gid, again, expect=ev.seq)
            except CompanionError as e:
                err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
                continue
            said(ev2, cur.table, t2, cur.cat)
            ev, after = ev2, t2
            break
        if not step.after_again:
            return
        follow = step.after(ev.result, after)


def exact_odds(pending: list):
    """What read() says once the exact odds arrive (odds_budget.arrived): their lines, once."""
    from ui.odds_budget import arrived

    def take() -> list[str] | None:
        lines = arrived(pending)
        if lines is not None:
            NOTICE[0] = None
        return lines

    return take


def watcher(st, gid: int, version: int):
    """True once game `gid` is no longer at `version`: another device or command wrote."""
    return lambda: st.versions().get(gid) != version


def changed_elsewhere(st, gid: int, since: int, before, cat, typed: str) -> None:
    """What another device or command wrote while a question waited, in one line, and what was dropped."""
    if typed.strip():
        err.print(_("[yellow]dropped what was typed ({typed}): the question changed[/]").format(typed=esc(typed.strip())))
    events = st.events(gid, since)
    what = "; ".join(f"#{e.seq} {session.event_text(e, events, cat)}" for e in events[-5:])
    if len(events) > 5:
        what = "... " + what
    out.print(_("[bold yellow]The table changed elsewhere:[/] {what}").format(what=esc(what)))
    after = session.load(st, gid)
    line = changes(before, after.table, cat)
    if line:
        out.print(f"  [dim]= {esc(packed(line.split(' · '), ' · ', min(out.width, 120) - 4, '    '))}[/]")


def guided_new(st) -> int:
    """No game to resume: ask which game and its setup questions, then start it. `undo` goes back one
    question (it never takes a default)."""
    out.print(_("[bold]No game in progress.[/] Let's set one up."))
    answered: list = []
    while True:
        ctx, nxt = next_setup_question(answered)
        if nxt is None:
            break
        key, ask = nxt
        cat = catalog.load(ctx["game"], ctx["options"].get("edition")) if ctx.get("game") else None
        ans = ask_until_valid(ask, lambda w: out.print(_(HELP)) if w != "undo" else None, cat)
        if ans is Undo:
            if answered:
                answered.pop()
                out.print(_("[dim]back to the previous question[/]"))
            else:
                out.print(_("[dim]nothing to undo: this is the first question[/]"))
            continue
        try:
            next_setup_question(answered + [(key, ans)])  # a refused answer is asked again
        except CompanionError as e:
            err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
            continue
        answered.append((key, ans))
    loaded = session.new_game(st, ctx["game"], ctx["options"])
    out.print(_("Game {id}: {name} is set up.").format(id=loaded.row.id, name=_(loaded.cat.name)))
    game = registry.get(ctx["game"])
    note = game.setup_note(loaded.cat, ctx["options"], loaded.table)
    if note:
        out.print(esc(note))
    join_in_progress(st, loaded.row.id, game)
    return loaded.row.id


def join_in_progress(st, gid: int, game) -> None:
    """A game the table already plays: each question of the game's join_asks (what the table shows, Enter
    keeps the fresh table's value) is recorded as a correction, then the guided game goes on from there."""
    loaded = session.load(st, gid)
    if not any(True for _q in game.join_asks(loaded.table, loaded.cat)):
        return
    fresh = Ask(_("Is this a new game, or one already in progress at the table?"), kind="choice", default="new",
                choices=(("new", _("a new game")), ("progress", _("in progress: I set what the table shows"))), id="join")
    if ask_until_valid(fresh, lambda w: out.print(_(HELP)), loaded.cat) != "progress":
        return
    done: set[str] = set()
    while True:
        cur = session.load(st, gid)
        nxt = next(((k, a) for k, a in game.join_asks(cur.table, cur.cat) if k not in done), None)
        if nxt is None:
            break
        key, ask = nxt
        ans = ask_until_valid(ask, lambda w: out.print(_(HELP)), cur.cat)
        if ans is Undo:
            continue
        try:
            action = game.join_answer(cur.table, cur.cat, key, ans)
            if action is not None:
                ev, after = session.act(st, gid, action, expect=cur.row.version)
                said(ev, cur.table, after, cur.cat)
        except CompanionError as e:
            err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
            continue
        done.add(key)
    out.print(_("[bold]The table is set as it is.[/] castaway plays on from here."))


@command("play")
def play_cmd(
    board: Annotated[bool, typer.Option("--board/--no-board", help=_("Show the board before each question."))] = True,
):
    """Play guided: castaway announces each phase, asks for each decision and die, and keeps the table.

    Example: castaway play
    """
    with store(create=True) as st, wrapped_between_words(), keys_mode():
        try:
            gid = session.current_id(st, CTX.game)
            if st.game(gid).status == "over":
                raise UsageError(_("the game is over"))  # caught just below: a new game is set up
        except UsageError:
            try:
                gid = guided_new(st)
            except Quit:
                out.print(_("Paused before the game started."))
                discard_created()  # a database this command made, still without a game, is taken away again
                return
        loaded = session.load(st, gid)
        rules = registry.get(loaded.cat.id)
        if not rules.guided:
            raise UsageError(_("{name} has no guided mode yet; use the single commands (castaway --help)").format(name=_(loaded.cat.name)))

        shown = {"version": None}  # the version the question on screen was read at

        def on_word(word: str) -> None:
            if word == "board":
                cur = session.load(st, gid)
                show_board(cur.table, cur.cat, cur.row)
            elif word == "history":
                events = st.events(gid)
                for e in events[-10:]:
                    out.print(f"[dim]#{e.seq}[/] {esc(session.event_text(e, events, loaded.cat))}")
            elif word == "undo":
                try:
                    ev, _t, undone = session.undo(st, gid, expect=shown["version"])
                    out.print(_("[dim]#{seq}[/] undid: {text}").format(seq=ev.seq, text=esc(session.event_text(undone, cat=loaded.cat))))
                except CompanionError as e:
                    err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
            else:
                out.print(_(HELP))

        last_phase = None
        try:
            while True:
                cur = session.load(st, gid)
                step: Step | None = rules.next_step(cur.table, cur.cat)
                if step is None:
                    show_board(cur.table, cur.cat, cur.row)
                    over = cur.table.data.get("over") or {}
                    out.print(_("[bold]The game is over: {result}.[/]").format(result=_(RESULTS[over["result"]]) if over.get("result") in RESULTS else esc(over.get("result") or _("ended"))))
                    break
                if step.phase != last_phase:
                    if board:
                        out.print()
                        show_board(cur.table, cur.cat, cur.row)
                    out.print(f"\n[bold reverse] {esc(step.phase)} [/]")
                    last_phase = step.phase
                head, *more = step.say.split("\n")
                out.print(f"[bold]{esc(step.title)}[/]: {esc(head)}")
                for part in more:  # an indented part of the text wraps under itself
                    hanging(part.lstrip(), part[:len(part) - len(part.lstrip())])
                pending: list = []
                NOTICE[0] = None
                if step.odds is not None:
                    from ui.odds_budget import odds_within

                    for line in odds_within(step.odds, pending=pending):
                        hanging(line, "  ", "cyan")
                    if pending:
                        NOTICE[0] = exact_odds(pending)
                elif step.background is not None:
                    from ui.odds_budget import start

                    start(step.background)
                auto = step.ask.kind == "none" and rules.goes_on_alone and not step.pause  # nothing to decide: done at once
                shown["version"] = cur.row.version
                while True:
                    if auto:
                        answer, auto = None, False  # if the rules refuse it, the table is asked
                    else:
                        try:
                            answer = ask_watched(step.ask, on_word, cur.cat, watcher(st, gid, cur.row.version))
                        except Changed as moved:  # a pad, another terminal, `castaway set`: the new question at once
                            changed_elsewhere(st, gid, cur.row.version, cur.table, cur.cat, moved.typed)
                            break
                    if answer is Undo:
                        undo_to_question(st, gid, rules)
                        last_phase = None
                        break
                    try:
                        action = step.make(answer)
                        ev, _t = session.act(st, gid, action, expect=cur.row.version)
                    except StaleError as e:  # answered elsewhere first (a pad, another terminal): the new question
                        err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
                        last_phase = None
                        break
                    except CompanionError as e:
                        err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
                        continue
                    said(ev, cur.table, _t, cur.cat)
                    if step.after is not None:
                        table_decides(st, gid, step, ev, _t, cur, on_word)
                    break
        except Quit:
            out.print(_("Paused. `castaway play` picks up right here."))
