"""Robinson Crusoe behind the game protocol (companion/games/protocol.py); the rules are in game.py and beside it."""

from __future__ import annotations

from dataclasses import replace

from ...i18n import N_
from ..protocol import PlayTerms, RulesModuleGame, resolve


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
    step_odds = "companion.odds.robinson.steps:step_odds"
    goes_on_alone = True  # steps that decide nothing are done at once (the guide pauses before a deadly one)

    def setup_note(self, cat, options: dict, t) -> str:
        """The characters castaway drew at random: the table takes these cards (nobody drew them)."""
        from ...i18n import _
        from ..protocol import option_words

        chosen = len(option_words(options.get("characters")))
        drawn = [s for s in t.seats[chosen:]]
        if not drawn:
            return ""
        from .state import who

        names = ", ".join(f"{t.seat_values(s).get('player') or _(s)}: {who(t, cat, s)}" for s in drawn)
        return _("Characters drawn at random: {names}; take these cards from the box.").format(names=names)

    def corrected(self, t, cat, target):
        """A round set (`set round N`, `next`) puts the table at the start of that round's phase order; wounds set
        past the life track are kept, with a warning (companion/games/robinson/correct.py)."""
        from .correct import corrected

        return corrected(t, cat, target)

    def join_asks(self, t, cat):
        """A game joined in progress: what the table shows, in Robinson Crusoe's terms, the fresh table's value
        on Enter (companion/games/robinson/join.py)."""
        from .join import join_asks

        return join_asks(t, cat)

    def join_answer(self, t, cat, key, answer):
        from .join import join_answer

        return join_answer(t, cat, key, answer)

    def next_step(self, t, cat):
        step = super().next_step(t, cat)
        if step is not None and step.task is not None:
            step = replace(step, odds=resolve(self.step_odds)(t, cat, step.task))
        return step


GAME = Robinson()
