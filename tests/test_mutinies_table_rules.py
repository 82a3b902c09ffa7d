"""21 Mutinies rules the table caught (issue 26): what the rulebook's text says is done, inside the guided game,
and every physical draw asked (21-mutinies-rulebook-en.txt § The Treasure Tokens, § The Mutiny Cards,
§ Card Effects, § The Jewel Tokens, § Black Market)."""

from __future__ import annotations

import pytest

from companion.engine import apply
from companion.errors import UsageError
from companion.games.mutinies.actions import Place, Plunder
from companion.games.mutinies.cards import DrawCard
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
