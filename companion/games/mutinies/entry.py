"""21 Mutinies behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

from ...i18n import N_
from ..protocol import PlayTerms, RulesModuleGame


class Mutinies(RulesModuleGame):
    id = "mutinies"
    prefix = "mut-"
    play = PlayTerms(
        names=("21 mutinies", "21 mutinies: arrr! edition", "21 mutinies arrr! edition"),
        competitive=True, scored=True,
        terms=(("winner", N_("winner")), ("tiebreak", N_("tie-break")), ("prestige", N_("prestige"))),
    )
    rules = "companion.games.mutinies.game"
    commands = "ui.mutinies_cmds"
    terminal_board = "ui.board_mutinies:render"
    display_board = "ui.display.boards.mutinies:board_svg"


GAME = Mutinies()
