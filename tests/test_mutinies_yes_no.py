"""21 Mutinies: yes means yes (issue 22, item 6). Every yes/no question of the game (the setup's card texts,
keeping a jewel drawn beyond the routes, playing a compulsory card) takes y/n, yes/no and the Czech ano/ne;
n means no, and anything else is refused with what is accepted."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.errors import UsageError
from companion.games.mutinies import game as M
from companion.games.mutinies.actions import Place, Raid
from companion.games.mutinies.cards import Compulsory, DrawCard
from companion.games.mutinies.guide import next_step
from companion.games.mutinies.sailors import Mutiny
from tests.mutinies_table import CAT, ready, run, table

YES = ("y", "Y", "yes", "a", "ano", "ANO")
NO = ("n", "N", "no", "ne", "Ne")
REFUSED = ("maybe", "2", "nope", "yess", "ok")


def _raid_step():
    t = ready()
    t, _ = run(t, Place("red", "beyond"), Place("blue", "cabin"), Place("green", "cabin"))
    return t, next_step(t, CAT)


def _compulsory_step():
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "mutiny:1"), Place("green", "cabin"))
    from companion.games.mutinies.actions import Plunder
    from companion.games.mutinies.sailors import Cabin

    t, _ = run(t, Plunder((1, 1)), Cabin("prestige"), Mutiny(), DrawCard("tempest"))
    return t, next_step(t, CAT)


def _setup_texts():
    return dict(M.setup_asks(CAT, {"count": "3"}))["texts"]


@pytest.mark.parametrize("which", ["raid", "compulsory", "texts"])
def test_every_yes_no_question_takes_y_n_and_the_czech_words(which):
    ask = {"raid": lambda: _raid_step()[1].ask, "compulsory": lambda: _compulsory_step()[1].ask, "texts": _setup_texts}[which]()
    assert ask.kind == "confirm"
    for word in YES:
        assert ask.parse(word) is True, word
    for word in NO:
        assert ask.parse(word) is False, word
    for word in REFUSED:
        with pytest.raises(UsageError, match="accepted: y or n"):
            ask.parse(word)


def test_n_at_the_raid_discards_the_jewel_and_gives_the_cost_back():
    t, step = _raid_step()
    action = step.make(step.ask.parse("n"))
    assert action == Raid(False)
    t2, _ = run(t, action)
    assert t2.seat_values("red")["jewel"] == 0 and t2.seat_values("red")["doubloons"] == t.seat_values("red")["doubloons"] + 1


def test_n_at_the_compulsory_card_refuses_it():
    t, step = _compulsory_step()
    action = step.make(step.ask.parse("ne"))
    assert action == Compulsory(False)
    t2, _ = run(t, action)
    assert "tempest" in t2.data["flow"]["cards"]["discard"] and "routes" not in t2.data["flow"]["blocked"]


def test_n_at_the_setup_ignores_the_card_texts():
    opts = {"count": "3"}
    M.setup_answer(CAT, opts, "texts", _setup_texts().parse("n"))
    assert opts["texts"] == "ignore" and M.setup(CAT, opts, 1).data["options"]["ignore_texts"] is True


def test_in_czech_the_refusal_says_so_in_czech():
    i18n.set_language("cs")
    try:
        with pytest.raises(UsageError) as e:
            _setup_texts().parse("možná")
        assert "možná" in str(e.value) and "(ano)" in str(e.value) and "(ne)" in str(e.value)
    finally:
        i18n.set_language("en")
