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
    goes_on_alone = True  # the guided loop does the steps that leave nothing to decide at once
    rules = "companion.games.mutinies.game"
    commands = "ui.mutinies_cmds"
    terminal_board = "ui.board_mutinies:render"
    display_board = "ui.display.boards.mutinies:board_svg"

    def start_order(self, t):
        """§ Initial Setup 1b: the turn order track at setup; its first disc is the first captain."""
        from .game import start_order

        first = [s for s in start_order(t) if s in t.seats]
        return first + [s for s in t.seats if s not in first]

    def corrected(self, t, cat, target):
        from .correct import corrected

        return corrected(t, cat, target)

    def join_asks(self, t, cat):
        from .join import join_asks

        return join_asks(t, cat)

    def join_answer(self, t, cat, key, answer):
        from .join import join_answer

        return join_answer(t, cat, key, answer)


GAME = Mutinies()
