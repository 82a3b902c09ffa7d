"""Dieson Crusoe behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

from ...i18n import N_
from ..protocol import PlayTerms, RulesModuleGame


class Dieson(RulesModuleGame):
    id = "dieson"
    prefix = "dc-"
    goes_on_alone = True  # steps that leave nothing to the table are done at once (flow.py)
    play = PlayTerms(
        names=("dieson crusoe",),
        terms=(("quest", N_("quest")), ("day", N_("day"))),
    )
    rules = "companion.games.dieson.game"
    commands = "ui.dieson_cmds"
    terminal_board = "ui.board_dieson:render"
    display_board = "ui.display.boards.dieson:board_svg"

    def join_asks(self, t, cat):
        from .join import join_asks

        return join_asks(t, cat)

    def join_answer(self, t, cat, key, answer):
        from .join import join_answer

        return join_answer(t, cat, key, answer)


GAME = Dieson()
