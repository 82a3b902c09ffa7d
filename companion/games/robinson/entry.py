"""Robinson Crusoe behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

from dataclasses import replace

from ..protocol import PlayTerms, RulesModuleGame, resolve


class Robinson(RulesModuleGame):
    id = "robinson"
    prefix = "rc-"
    play = PlayTerms(
        names=("robinson crusoe: adventures on the cursed island", "robinson crusoe: adventure on the cursed island",
               "robinson crusoe"),
        bgg_id=121921, bgg_source="boardgamegeek.com/boardgame/121921/robinson-crusoe-adventures-on-the-cursed-island",
        terms=(("scenario", "scenario"), ("round", "round")),
    )
    rules = "companion.games.robinson.game"
    yes_no = ("friday", "dog")
    commands = "ui.robinson_cmds"
    terminal_board = "ui.board_robinson:render"
    display_board = "ui.display.boards.robinson:board_svg"
    step_odds = "companion.odds.robinson.steps:step_odds"
    goes_on_alone = True  # steps that decide nothing are done at once (the guide pauses before a deadly one)

    def next_step(self, t, cat):
        step = super().next_step(t, cat)
        if step is not None and step.task is not None:
            step = replace(step, odds=resolve(self.step_odds)(t, cat, step.task))
        return step


GAME = Robinson()
