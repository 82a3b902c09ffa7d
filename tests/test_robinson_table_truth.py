"""Robinson Crusoe against its rulebook (robinson-crusoe-rulebook-en.txt), issues 26 and 22: the rules the
table caught (a game lost while a question waited, wounds past the life track, the Event deck's count, furs
for building, the Shelter's message), the dice held before they apply, every draw asked, a round set."""

from __future__ import annotations

import pytest

from companion import catalog, rolls
from companion.actions import NextRound, SetValue
from companion.engine import apply
from companion.errors import RuleError
from companion.games import registry
from companion.games.robinson import game as RC
from companion.games.robinson.action_phase import RcPlan, RcPlanDone, RcResolve
from companion.games.robinson.guide import adventure_changes, legal_actions
from companion.games.robinson.held_dice import RcDice, RcReroll
from companion.games.robinson.phases import RcAdjust, RcEvent, RcMorale, RcNightEnd, RcProduce, RcWeather
from companion.games.robinson.state import over_reason

CAT = catalog.load("robinson")
GAME = registry.get("robinson")


def duo(**opts):
    return RC.setup(CAT, {"players": "Ann,Bob", "characters": "cook,explorer", **opts}, 1)


def run(t, *actions):
    for a in actions:
        t, _ = apply(t, a, CAT)
    return t


def planning(t):
    return run(t, RcMorale(), RcProduce())


def at(t, phase, step, **extra):
    t.data["flags"]["phase"], t.data["flow"] = phase, {"step": step, **extra}
    return t


def step_of(t):
    return f"{t.data['flags']['phase']}/{t.data['flow']['step']}"


# -- § V. Weather phase, § End of the game ----------------------------------------------------------------


def test_weather_phase_who_fights_the_beast_is_asked_before_the_game_can_be_lost():
    """§ V: 'fight a beast that has a strength of 3'; § End: lost when a character dies. The Cook (First Player)
    would die of the beast: while 'Who fights the beast?' waits, the game is not over; the Explorer fights."""
    t = at(duo(), "weather", "roll", dice=["animals"])
    t.seat_values("blue")["wounds"] = 10
    t = run(t, RcDice(("beast",)))
    assert step_of(t) == "weather/held" and not t.data.get("over")
    step = GAME.next_step(t, CAT)
    assert step.title == "Who fights the beast?" and step.ask.default == "blue"
    assert "Cook" in step.say and "would die" in step.say
    t = run(t, step.make("yellow"))
    assert not t.data.get("over")
    assert (t.seat_values("blue")["wounds"], t.seat_values("yellow")["wounds"]) == (10, 3)


def test_end_of_the_game_marks_every_character_who_died_and_the_marker_stops_at_the_track_end():
    """§ VI. Night 3: no Shelter, a wound each; both characters at their last space die together: the play marks
    both; the Wound marker does not run past the track (12 of 12, not 13)."""
    t = at(duo(), "night", "end")
    for seat in t.seats:
        t.seat_values(seat)["wounds"] = 11
    t.seat_values("blue")["wounds"] = 12 - 1
    t = run(t, RcNightEnd())
    assert t.data["over"]["result"] == "lost"
    assert t.data["dead"] == ["blue", "yellow"]
    assert over_reason(t, CAT, t.data["over"]) == "Cook, Explorer died"
    t2 = at(duo(), "weather", "roll", dice=["animals"])
    t2.seat_values("blue")["wounds"] = 11
    t2 = run(t2, RcDice(("beast",)), RcWeather(None, "blue"))
    assert t2.seat_values("blue")["wounds"] == 12 and t2.data["dead"] == ["blue"]


def test_end_of_the_game_wounds_set_past_the_life_track_are_a_correction_kept_with_a_warning():
    """Issue 22 item 2: a correction the rules could not reach is accepted with a warning, not clamped."""
    t, res = apply(duo(), SetValue("blue.wounds", 15), CAT)
    assert t.seat_values("blue")["wounds"] == 15
    assert "past the life track's 12" in res["say"] and res["warning"]
    assert t.data["over"]["result"] == "lost" and t.data["dead"] == ["blue"]


# -- § I. Event phase: Adventure and Mystery cards shuffled into the Event deck ----------------------------


def test_event_phase_adventure_cards_shuffled_in_are_counted_in_the_event_deck():
    """§ I: 'during the course of the game, you will shuffle some Adventure and/or Mystery cards into this Event
    deck'; drawn, one gives its Event effect and is discarded. The deck's count follows."""
    t = planning(duo(rounds="6"))
    t = run(t, RcPlan("weapon", "blue"), RcPlanDone(), RcDice(("success", "0", "adventure")), RcResolve())
    assert step_of(t) == "action/adventure"
    t = run(t, adventure_changes(t, CAT, "food +1, shuffle"))
    assert t.data["counters"]["event-deck"] == 7
    t = at(t, "event", "draw")
    t, said = apply(t, RcEvent("adventure"), CAT)
    assert t.data["counters"]["event-deck"] == 6 and "had not counted" not in said["say"]
    t = run(t, RcAdjust())
    t, said = apply(t, RcEvent("adventure"), CAT)  # one castaway had not counted: it was there, the count stays
    assert t.data["counters"]["event-deck"] == 6 and "had not counted" in said["say"]
    t = run(t, RcAdjust(), RcEvent("book", "Fog", 1))
    assert t.data["counters"]["event-deck"] == 5


def test_event_phase_a_mystery_card_shuffled_in_by_a_card_effect_is_counted():
    t = at(duo(rounds="4"), "night", "heal")
    t = run(t, RcAdjust.parse(t, CAT, "event-mystery +1"))
    assert t.data["counters"]["event-deck"] == 5 and t.data["rc"]["shuffled"] == {"adventure": 0, "mystery": 1}


def test_event_phase_draw_for_us_draws_a_kind_from_the_event_deck():
    """Issue 22 item 3: every draw asked; 'draw for us' (Czech 'losujte za nás') lets castaway draw."""
    assert RcEvent.parse("draw for us") == RcEvent.parse("losujte za nás") == RcEvent("draw")
    t = at(duo(rounds="4"), "event", "draw")
    t, said = apply(t, RcEvent("draw"), CAT)
    card = t.data["flow"]["card"]
    assert card.get("kind") in ("adventure", "mystery") or card["icon"] in ("book", "build", "gather", "explore")
    assert "castaway drew for the table" in said["say"] and t.data["counters"]["event-deck"] == 3
    step = GAME.next_step(at(duo(rounds="4"), "event", "draw"), CAT)
    assert "draw for us" in step.ask.prompt


# -- § Building: wood or furs, never mixed; the Shelter ----------------------------------------------------


def test_building_shelter_cost_in_furs_is_offered_while_planning():
    """§ Building: 'You can pay the build cost in either wood or furs, but not with a mix of both.'"""
    t = planning(duo())
    t.data["counters"].update(wood=2, fur=1)
    needs = {word: need for _n, word, need in legal_actions(t, CAT)}
    assert needs["shelter"] == "2 wood, or 1 furs: add 'fur'"
    t, said = apply(t, RcPlan("shelter", "blue", helper="blue"), CAT)
    assert "or pay 1 furs instead: add 'fur' to the plan" in said["say"]
    t = planning(duo())
    t.data["counters"].update(wood=2, fur=1)
    t = run(t, RcPlan("shelter", "blue", helper="blue", pay="fur"))
    assert t.data["rc"]["plan"][-1]["reserve"] == {"fur": 1}
    t = planning(duo())
    t.data["counters"].update(wood=1, fur=1)
    assert {word: need for _n, word, need in legal_actions(t, CAT)}["shelter"] == "1 furs"
    t = run(t, RcPlan("shelter", "blue", helper="blue"))
    assert t.data["rc"]["plan"][-1]["reserve"] == {"fur": 1}


def test_building_the_shelter_says_the_roof_and_palisade_as_they_stand():
    """§ 3. Building: a Roof built on a tile with a Shelter stays when the Shelter is built."""
    t = planning(duo(camp="food wood shelter"))
    t.data["counters"].update(wood=4, roof=1)
    t = run(t, RcPlan("shelter", "blue", helper="blue"), RcPlanDone())
    t, said = apply(t, RcResolve(), CAT)
    assert "roof 1, palisade 0" in said["say"] and "start at 0" not in said["say"]
    assert t.data["counters"]["roof"] == 1


# -- § IV.ii, Important: the Action dice shown before they apply --------------------------------------------


def test_action_dice_are_shown_before_they_apply_and_a_reroll_is_recorded_as_a_die():
    """§ IV, Important: one pawn rolls the 3 Action dice. Issue 22 item 4: they are held, a reroll (a skill paid
    in determination) is offered at that prompt and recorded as a die; only then they apply."""
    t = planning(duo())
    t.data["counters"]["wood"] = 1
    t.seat_values("blue")["determination"] = 2
    t = run(t, RcPlan("weapon", "blue"), RcPlanDone())
    t, said = apply(t, RcDice(("fail", "wound", "0")), CAT)
    assert step_of(t) == "action/held" and said[rolls.KEY][0] == rolls.record("build-success", "fail", True)
    assert t.data["counters"]["weapon"] == 0 and t.seat_values("blue")["wounds"] == 0  # nothing applied yet
    step = GAME.next_step(t, CAT)
    assert step.ask.id == "rc-held" and "reroll" in step.say
    reroll = step.make("reroll success s cook 2")
    assert reroll == RcReroll(0, "success", "blue", 2)
    t, said = apply(t, reroll, CAT)
    assert said[rolls.KEY] == [rolls.record("build-success", "success", True)]
    assert t.seat_values("blue")["determination"] == 0 and t.data["flow"]["held"]["faces"] == ["success", "wound", "0"]
    with pytest.raises(RuleError, match="has 0 determination"):
        apply(t, RcReroll(1, "0", "blue", 1), CAT)
    t = run(t, step.make(""))
    assert t.data["counters"]["weapon"] == 1 and t.seat_values("blue")["wounds"] == 1


def test_action_dice_held_refuse_new_faces_and_a_virtual_reroll_rolls_one_die():
    t = planning(duo())
    t.data["counters"]["wood"] = 1
    t = run(t, RcPlan("weapon", "blue"), RcPlanDone(), RcDice(("fail", "0", "0")))
    with pytest.raises(RuleError, match="show already"):
        apply(t, RcResolve(faces=("success", "0", "0")), CAT)
    t, said = apply(t, RcReroll(0), CAT)
    assert len(said[rolls.KEY]) == 1 and said[rolls.KEY][0]["typed"] is False


def test_a_reroll_typed_with_roll_for_its_face_is_castaways_roll():
    """'reroll DIE roll' reads as 'reroll DIE' (castaway rolls), like 'roll' for any faces (it once failed reading
    the face of a die left to castaway)."""
    t = planning(duo())
    t.data["counters"]["wood"] = 1
    t = run(t, RcPlan("weapon", "blue"), RcPlanDone(), RcDice(("fail", "0", "0")))
    assert RcReroll.parse(t, CAT, "reroll success roll") == RcReroll.parse(t, CAT, "reroll success") == RcReroll(0)


# -- a round set: the table at the start of that round ----------------------------------------------------


def test_game_play_a_round_set_or_next_puts_the_table_at_the_start_of_that_round():
    """§ Game Play: each round's phases in order (the first round skips the Event phase)."""
    t = planning(duo())
    assert step_of(t) == "action/plan"
    t = run(t, SetValue("round", 3))
    assert t.data["tracks"]["round"] == 3 and step_of(t) == "event/draw"
    t = run(t, RcEvent("book", "Fog", 1), NextRound())
    assert t.data["tracks"]["round"] == 4 and step_of(t) == "event/draw"
    t = run(t, SetValue("round", 1))
    assert step_of(t) == "morale/morale"


def test_exploration_draw_for_us_picks_a_tile_not_on_the_island_and_the_table_says_what_it_shows():
    """§ 5. Exploration: 'draw the top Island tile'; left to castaway, it names a tile not placed yet."""
    t = planning(duo())
    t = run(t, RcPlan("explore", "blue", helper="blue"), RcPlanDone(), RcResolve())
    assert step_of(t) == "action/tile"
    step = GAME.next_step(t, CAT)
    assert "draw for us" in step.say
    t = run(t, step.make("draw for us"))
    drawn = t.data["flow"]["drawn"]
    assert drawn in [str(n) for n in range(1, 12)] and drawn != "8"
    step = GAME.next_step(t, CAT)
    assert f"castaway drew tile {drawn}" in step.say
    t = run(t, step.make("plains food beast d1"))
    assert drawn in t.data["rc"]["tiles"] and t.data["counters"]["hunting"] == 1


def test_the_board_shows_the_held_dice_and_the_cards_shuffled_in():
    from ui.board_robinson import render

    t = planning(duo())
    t.data["counters"]["wood"] = 1
    t = run(t, RcPlan("weapon", "blue"), RcPlanDone(), RcDice(("success", "wound", "0")))
    text = "\n".join(render(t, CAT))
    assert "Dice shown" in text and "success, wound, 0" in text
    t = run(t, RcAdjust.parse(t, CAT, "event-adventure +1"))
    assert "(shuffled in: 1 Adventure, 0 Mystery)" in "\n".join(render(t, CAT))
