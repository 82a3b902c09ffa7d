"""21 Mutinies, rulebook sections the other test files leave open (21-mutinies-rulebook-en.txt): § 5) Black
Market's worked example of the rum symbols, § Card Effects (the cards that block an action, for how long, and
Reward); on a table built by setup and changed only through actions (tests/mutinies_table.py)."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.games.mutinies import placing
from companion.games.mutinies.actions import Place, Plunder, Tavern, Trade
from companion.games.mutinies.cards import Compulsory, DrawCard
from companion.games.mutinies.sailors import Cabin, Mutiny
from tests.mutinies_table import CAT, ready, run, seat

ACTIONS = ("routes", "beyond", "wreck", "tavern", "market", "town", "mutiny")


def after_mutiny():
    """Round 1: red captain at the tavern, blue mutinies on the 1 space and becomes captain; green in the cabin."""
    t = ready(3)
    t, _ = run(t, Place("red", "tavern"), Place("blue", "mutiny:1"), Place("green", "cabin"))
    t, _ = run(t, Tavern(1), Cabin("prestige"), Mutiny())
    return t


def test_black_market_worked_example_three_rum_symbols_allow_three_rum_however_many_are_held():
    t = ready()
    seat(t, "red")["jewel"] = 3
    seat(t, "red")["rum"] = 5
    t, _ = run(t, Place("red", "market:any3"), Place("blue", "cabin"), Place("green", "cabin"))
    with pytest.raises(RuleError, match="0..3 rum"):
        run(t, Trade(4, (5, 2), symbols=3))
    with pytest.raises(RuleError, match="rum"):
        run(t, Trade(1, (5, 2), symbols=0))  # no rum symbol: no rum may be added
    t2, _ = run(t, Trade(3, (5, 2), symbols=3))
    assert (seat(t2, "red")["jewel"], seat(t2, "red")["rum"]) == (0, 2)


@pytest.mark.parametrize("card,blocks", [
    ("tempest", {"routes", "beyond"}),
    ("patrol", {"town"}),
    ("sharks", {"wreck"}),
    ("soldiers", {"market"}),
    ("tavern-fight", {"tavern"}),
])
def test_card_effects_the_cards_that_block_an_action_until_the_next_mutiny(card, blocks):
    t, _ = run(after_mutiny(), DrawCard(card), Compulsory(True))
    assert {a for a in ACTIONS if placing.blocked(t, a)} == blocks
    assert all("until the next mutiny" in placing.blocked(t, a) for a in blocks)
    t, _ = run(t, Place("blue", "wreck" if card != "sharks" else "town:tavern"), Place("red", "cabin"),
               Place("green", "mutiny:1"))  # the next round: blue captain; green mutinies
    assert {a for a in ACTIONS if placing.blocked(t, a)} == blocks  # still blocked while no mutiny is resolved


@pytest.mark.parametrize("card", ["storm", "dead-calm"])
def test_card_effects_storm_and_dead_calm_block_the_mutiny_the_following_round_only(card):
    t = after_mutiny()
    for s in ("red", "blue", "green"):
        seat(t, s)["jewel"] = 1
    rum = {s: seat(t, s)["rum"] for s in ("red", "blue", "green")}
    t, _ = run(t, DrawCard(card))
    t, _ = run(t, Compulsory(True, gives=(("blue", "jewel"), ("red", "jewel"), ("green", "jewel"))) if card == "dead-calm"
               else Compulsory(True))
    assert {a for a in ACTIONS if placing.blocked(t, a)} == {"mutiny"}
    if card == "dead-calm":  # every player hands in a token and a rum
        assert {s: (seat(t, s)["jewel"], rum[s] - seat(t, s)["rum"]) for s in rum} == dict.fromkeys(rum, (0, 1))
    t, _ = run(t, Place("blue", "wreck"))
    assert "cabin" in placing.legal_spots(t, CAT, "red")
    assert not [s for s in placing.legal_spots(t, CAT, "red") if s.startswith("mutiny")]
    t, _ = run(t, Place("red", "cabin"), Place("green", "cabin"))
    t, _ = run(t, Plunder((1, 1)), Cabin("prestige"), Cabin("prestige"))
    assert t.data["tracks"]["round"] == 3 and not any(placing.blocked(t, a) for a in ACTIONS)


def test_card_effects_reward_each_sailor_one_doubloon_the_captain_three():
    t = after_mutiny()
    before = {s: seat(t, s)["doubloons"] for s in ("red", "blue", "green")}
    t, _ = run(t, DrawCard("reward"), Compulsory(True))
    assert {s: seat(t, s)["doubloons"] - before[s] for s in before} == {"red": 1, "blue": 3, "green": 1}
