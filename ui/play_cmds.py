"""`castaway play`: the guided game loop. Reads answers from the keyboard or from a script on stdin.

Words understood at any question: board, undo, history, help, quit.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from companion import catalog, session
from companion.errors import CompanionError, StaleError, UsageError
from companion.games import registry
from companion.guide import Ask, Step
from ui.common import CTX, command, err, out, show_board, store
from ui.text import esc
from companion.i18n import _, N_

HELP = (N_("Answer the question, or type: board (show the table), undo (step back), history, quit (pause; `castaway play` resumes). On a dice question, Enter rolls virtually; type the faces you rolled to use your own dice."))


RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}


class Quit(Exception):
    pass


def read(prompt: str) -> str:
    from rich.markup import escape

    out.print(f"[bold cyan]? {escape(prompt)}[/] ", end="")
    line = sys.stdin.readline()
    if not line:  # end of input: pause
        out.print()
        raise Quit
    if not sys.stdin.isatty():
        out.print(line.rstrip("\n"), markup=False)
    return line.rstrip("\n")


def describe(ask: Ask) -> str:
    prompt = _(ask.prompt)  # prompts defined at import time (N_) are translated here; others already are
    if ask.kind == "dice":
        return _("{prompt} [Enter rolls {dice} virtually, or type your faces]").format(prompt=prompt, dice=" ".join(ask.dice))
    if ask.kind == "choice":
        opts = "  ".join(f"{i}) {label}" for i, (_v, label) in enumerate(ask.choices, 1))
        more = _(" (several: 1,3; none: -)") if ask.multiple else ""
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
    return prompt


def ask_until_valid(ask: Ask, on_word) -> object:
    while True:
        text = read(describe(ask))
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


def guided_new(st) -> int:
    """No game to resume: ask which game and its setup questions, then start it."""
    ids = catalog.game_ids()
    choices = tuple((g, _(catalog.load(g).name)) for g in ids)
    out.print(_("[bold]No game in progress.[/] Let's set one up."))
    game = ask_until_valid(Ask(_("Which game?"), "choice", choices=choices, default="21days"), lambda w: out.print(_(HELP)))
    if game is Undo:
        game = "21days"
    cat = catalog.load(game)
    rules = registry.get(game)
    options: dict = {}
    names = ask_until_valid(Ask(_("Players' names, separated by commas (Enter: none)"), "text", default="-"), lambda w: None)
    if names not in (Undo, "-"):
        options["players"] = [n.strip() for n in str(names).split(",") if n.strip()]
    for key, ask in rules.setup_asks(cat, options):
        while True:
            ans = ask_until_valid(ask, lambda w: out.print(_(HELP)))
            if ans is Undo:
                break
            try:
                rules.setup_answer(cat, options, key, ans)
                break
            except CompanionError as e:  # a refused answer is asked again
                err.print(f"[bold red]{_('error:')}[/] {esc(e)}")
    loaded = session.new_game(st, game, options)
    out.print(_("Game {id}: {name} is set up.").format(id=loaded.row.id, name=_(cat.name)))
    return loaded.row.id


@command("play")
def play_cmd(
    board: Annotated[bool, typer.Option("--board/--no-board", help=_("Show the board before each question."))] = True,
):
    """Play guided: castaway announces each phase, asks for each decision and die, and keeps the table.

    Example: castaway play
    """
    with store(create=True) as st:
        try:
            gid = session.current_id(st, CTX.game)
            if st.game(gid).status == "over":
                raise UsageError("over")
        except UsageError:
            try:
                gid = guided_new(st)
            except Quit:
                out.print(_("Paused before the game started."))
                return
        loaded = session.load(st, gid)
        rules = registry.get(loaded.cat.id)
        if not rules.guided:
            raise UsageError(_("{name} has no guided mode yet; use the single commands (castaway --help)").format(name=_(loaded.cat.name)))

        def on_word(word: str) -> None:
            if word == "board":
                cur = session.load(st, gid)
                show_board(cur.table, cur.cat, cur.row)
            elif word == "history":
                for e in st.events(gid)[-10:]:
                    out.print(f"[dim]#{e.seq}[/] {esc(e.text)}")
            elif word == "undo":
                try:
                    ev, _t, undone = session.undo(st, gid)
                    out.print(_("[dim]#{seq}[/] undid: {text}").format(seq=ev.seq, text=esc(undone.text)))
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
                out.print(f"[bold]{esc(step.title)}[/]: {esc(step.say)}")
                if step.odds is not None:
                    from ui.odds_budget import odds_within

                    for line in odds_within(step.odds):
                        out.print(f"  [cyan]{esc(line)}[/]")
                while True:
                    answer = ask_until_valid(step.ask, on_word)
                    if answer is Undo:
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
                    if ev.result and isinstance(ev.result, dict) and ev.result.get("say"):
                        out.print(f"  → {esc(ev.result['say'])}")
                    break
        except Quit:
            out.print(_("Paused. `castaway play` picks up right here."))
