"""Robinson Crusoe behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

from ...i18n import N_
from ..protocol import PlayTerms, RulesModuleGame


class Robinson(RulesModuleGame):
    id = "robinson"
    prefix = "rc-"
    play = PlayTerms(
        names=("robinson crusoe: adventures on the cursed island", "robinson crusoe: adventure on the cursed island",
               "robinson crusoe"),
        bgg_id=121921, bgg_source="boardgamegeek.com/boardgame/121921/robinson-crusoe-adventures-on-the-cursed-island",
        terms=(("scenario", N_("scenario")), ("round", N_("round"))),
    )
    rules = "companion.games.robinson.game"
    yes_no = ("friday", "dog")
    commands = "ui.robinson_cmds"
    terminal_board = "ui.board_robinson:render"
    display_board = "ui.display.boards.robinson:board_svg"


GAME = Robinson()
