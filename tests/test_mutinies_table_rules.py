"""21 Mutinies rules the table caught (issue 26): what the rulebook's text says is done, inside the guided game,
and every physical draw asked (21-mutinies-rulebook-en.txt § The Treasure Tokens, § The Mutiny Cards,
§ Card Effects, § The Jewel Tokens, § Black Market)."""

from __future__ import annotations

import pytest

from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.mutinies.actions import Place, Plunder, Take
from companion.games.mutinies.cards import DrawCard, PlayCard
from companion.games.mutinies.guide import next_step
from companion.games.mutinies.sailors import Cabin, Mutiny
from tests.mutinies_table import CAT, ready, run


def _answer(t, text):
    step = next_step(t, CAT)
    return apply(t, step.make(step.ask.parse(text)), CAT)


def test_the_treasure_tokens_an_exchange_token_is_used_inside_the_guided_game():
    """§ The Treasure Tokens: a token may "exchange Doubloons for Prestige Points", used on the owner's turn.
    The placement menu offers it; what it prints is asked next, in the guided game."""
    t = ready()
    t.seat_values("red")["treasure"] = 1
    step = next_step(t, CAT)
    rows = {v: k for k, v, _label in step.ask.numbered()}
    assert rows["treasure:exchange"] == "35"
    assert "outside this menu" not in step.say
    t, said = _answer(t, "35")
    assert t.seat_values("red")["treasure"] == 1 and "what does it print" in said["say"]
    step = next_step(t, CAT)
    assert step.title == "Exchange token" and step.ask.id == "mut-exchange"
    with pytest.raises(UsageError, match="e.g. 3 1"):
        step.make("three")
    t, said = _answer(t, "3 1")
    red = t.seat_values("red")
    assert (red["treasure"], red["doubloons"], red["prestige"]) == (0, 0, 4)
    assert "exchange" not in t.data["flow"]
    assert next_step(t, CAT).title == "The captain's action"


def _new_captain():
    """Blue mutinies (the order is then blue, red, green) and draws a card."""
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "mutiny:1"), Place("green", "cabin"))
    t, _ = run(t, Plunder((1, 1)), Cabin("prestige"), Mutiny())
    return t


def test_the_mutiny_cards_the_card_drawn_is_asked_or_drawn_for_us():
    """§ Mutiny Action 2: the Captain draws a Mutiny Card. The table names it by number or name, or answers
    "draw for us" (0): then castaway draws one of the cards it knows."""
    t = _new_captain()
    step = next_step(t, CAT)
    rows = {v: k for k, v, _label in step.ask.numbered()}
    assert rows["draw"] == "0" and rows["tempest"] == "1"
    assert step.make(step.ask.parse("Tempest")) == DrawCard("tempest")
    assert step.make(step.ask.parse("0")) == DrawCard(None, True)
    assert DrawCard.parse(CAT, "draw") == DrawCard(None, True)
    t2, said = apply(t, DrawCard(None, True), CAT)
    drawn = said["card"]
    assert drawn not in ("last-mutiny", "other") and t2.data["flow"]["deck_left"] == t.data["flow"]["deck_left"] - 1
    held = t2.data["flow"]["cards"]["held"].get("blue", []) + t2.data["flow"]["cards"]["front"].get("blue", [])
    assert drawn in held
    again, said2 = apply(t, DrawCard(None, True), CAT)
    assert said2["card"] == drawn  # the same table draws the same card: the draw is in the state's generator


def _holding(card, seat="red"):
    t = ready()
    t.data["flow"]["cards"]["held"][seat] = [card]
    return t


def test_card_effects_avast_swaps_with_the_last_sailor_at_the_beginning_of_a_round():
    """§ Card Effects, Avast! This rum tastes like seawater: "At the beginning of a round, you swap positions
    with the last sailor on the Turn Order Track. You then gain 4 doubloons." Offered to its holder in the
    captain's first menu of the round."""
    t = _holding("seawater", "blue")
    step = next_step(t, CAT)
    value = next(v for v, _l in step.ask.choices if v.startswith("card:seawater"))
    t2, said = apply(t, step.make(value), CAT)
    assert t2.data["flow"]["order"] == ["red", "green", "blue"] and t2.seat_values("blue")["doubloons"] == 4 + 4
    assert "Avast" in said["say"] and t2.data["flow"]["cards"]["held"]["blue"] == []
    t3, _ = run(t, Place("red", "tavern"))
    with pytest.raises(RuleError, match="beginning of a round"):
        run(t3, PlayCard.parse(t3, CAT, "blue", "seawater"))


def test_card_effects_famous_more_rum_and_where_is_my_rum():
    """§ Card Effects: I'm famous throughout the Seven Seas! (on Visit the Town: 10 doubloons for 5 PP), Bring
    me more rum (on a Tavern action: 2 more rum), Where's my rum? (discard 1 or 2 rum, asked)."""
    t = _holding("famous")
    with pytest.raises(RuleError, match="Visit the Town"):
        run(t, PlayCard.parse(t, CAT, "red", "famous"))
    t.seat_values("red")["doubloons"] = 12
    t2, _ = run(t, Place("red", "town:tavern"), PlayCard.parse(t, CAT, "red", "famous"))
    assert (t2.seat_values("red")["doubloons"], t2.seat_values("red")["prestige"]) == (2, 8)
    t = _holding("more-rum")
    t2, _ = run(t, Place("red", "tavern"), PlayCard.parse(t, CAT, "red", "more-rum"))
    assert t2.seat_values("red")["rum"] == 1 + 2
    t = _holding("wheres-my-rum")
    t.seat_values("red")["rum"] = 3
    step = next_step(t, CAT)
    t2, result = apply(t, step.make("card:wheres-my-rum"), CAT)
    assert t2.seat_values("red")["rum"] == 1 and result["n"] == 2  # castaway's suggestion: as much as it allows
    ask, remake = step.after(result, t2)
    assert ask.default == 2 and remake(ask.parse("")) is None
    again = remake(ask.parse("1"))
    t3, _ = apply(t, again, CAT)
    assert t3.seat_values("red")["rum"] == 2


def test_card_effects_prepare_to_board_the_jewel_costs_nothing():
    """§ Card Effects, Prepare to board, me hearties!: "You do not have to pay for the Jewel token you take
    (neither what is printed on the token nor the cost on the board)"."""
    t = ready(costs=["2d", "1r", "0", "0"])
    t.data["flow"]["cards"]["held"]["red"] = ["board"]
    t, _ = run(t, Place("red", "routes:1"), PlayCard.parse(t, CAT, "red", "board"))
    t, _ = run(t, Place("blue", "cabin"), Place("green", "cabin"), Take())
    assert t.seat_values("red")["doubloons"] == 3 and t.seat_values("red")["jewel"] == 1
    t = ready()
    t.data["flow"]["cards"]["held"]["red"] = ["board"]
    t, _ = run(t, Place("red", "beyond"))
    paid = 3 - t.seat_values("red")["doubloons"]
    t, _ = run(t, PlayCard.parse(t, CAT, "red", "board"))
    assert paid > 0 and t.seat_values("red")["doubloons"] == 3


def test_a_played_card_from_a_log_before_castaway_carried_it_out_does_nothing():
    t = _holding("more-rum")
    t2, said = run(t, Place("red", "tavern"), PlayCard("red", "more-rum"))
    assert t2.seat_values("red")["rum"] == 1 and "carry it out at the table" in said["say"]
