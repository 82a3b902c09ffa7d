"""Robinson Crusoe: unit tests of the pure procedures and the parsers (robinson-crusoe-rulebook-en.txt)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import catalog
from companion.errors import UsageError
from companion.games.robinson import game as robinson
from companion.games.robinson import rules as R
from companion.games.robinson.plan import parse_plan
from companion.games.robinson.state import parse_event, parse_schedule, parse_tile, weather_dice_for


@pytest.fixture(scope="module")
def cat():
    return catalog.load("robinson")


def test_fight_one_wound_per_missing_weapon_level():
    assert [R.fight(w, 3) for w in (0, 1, 2, 3, 5)] == [3, 2, 1, 0, 0]


@pytest.mark.parametrize("roof,pal,built,after", [
    (2, 1, True, (1, 1)),  # § Moving the Camp example
    (3, 4, True, (2, 2)),
    (0, 0, True, (0, 0)),
    (2, 1, False, (0, 0)),  # roof and palisade on a tile's shelter are lost
])
def test_camp_move(roof, pal, built, after):
    assert R.camp_move(roof, pal, built) == after


def test_event_deck_takes_ceil_half_rounds_from_each_pile():
    assert [R.event_deck_size(r) for r in (1, 2, 7, 10, 12)] == [2, 2, 8, 10, 12]


def test_weather_winter_wood_then_clouds_over_roof():
    """§ Facing the weather: 1 wood per winter cloud, then 1 food and 1 wood per cloud over the roof."""
    w = R.weather_from(["rr", "w"], 0, 0, 0)
    o = R.face_weather(w, roof=1, food=5, nonperishable=0, wood=5, palisade=0, weapon=0, beast_strength=3)
    assert (o.wood, o.food, o.wounds_each) == (5 - 1 - 2, 5 - 2, 0)


def test_weather_missing_resources_are_wounds_for_each_player():
    w = R.weather_from(["rr", "ww"], 0, 0, 0)
    o = R.face_weather(w, roof=0, food=1, nonperishable=0, wood=1, palisade=0, weapon=0, beast_strength=3)
    # 2 winter wood (1 missing), then 4 food (3 missing) and 4 wood (4 missing)
    assert (o.food, o.wood, o.wounds_each) == (0, 0, 1 + 3 + 4)


def test_weather_tokens_animals_and_storm_last():
    w = R.weather_from(["0", "0", "beast"], rain_tokens=1, winter_tokens=0, storms=2)
    assert (w.rain, w.winter, w.animals, w.storms) == (1, 0, ("beast",), 2)
    o = R.face_weather(w, roof=1, food=0, nonperishable=0, wood=0, palisade=1, weapon=1, beast_strength=3)
    assert (o.palisade, o.wounds_each, o.fighter_wounds) == (0, 1, 2)
    assert o.lines[-1].startswith("storm")


def test_hungry_animals_food_uses_nonperishable_when_needed():
    w = R.weather_from(["food"], 0, 0, 0)
    o = R.face_weather(w, roof=0, food=0, nonperishable=1, wood=0, palisade=0, weapon=0, beast_strength=3)
    assert (o.nonperishable, o.wounds_each) == (0, 0)


@given(st.lists(st.sampled_from(["0", "r", "rr", "w", "ww", "rw", "food", "palisade", "beast"]), max_size=4),
       st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.integers(0, 4), st.integers(0, 6),
       st.integers(0, 6), st.integers(0, 3))
def test_weather_never_goes_negative_and_pays_or_wounds(faces, rt, wt, storms, roof, food, wood, pal):
    w = R.weather_from(faces, rt, wt, storms)
    o = R.face_weather(w, roof, food, 0, wood, pal, 0, 3)
    assert min(o.food, o.wood, o.palisade) >= 0
    open_ = max(0, w.rain + w.winter - roof)
    demanded = w.winter + 2 * open_ + sum(a in ("food", "palisade") for a in w.animals) + w.storms
    paid = (food - o.food) + (wood - o.wood) + (pal - o.palisade)
    assert paid + o.wounds_each == demanded


def test_morale_table_ends_and_zero_are_the_rulebooks(cat):
    levels = cat.rules["morale"]["levels"]
    assert (R.morale_tokens(-3, levels), R.morale_tokens(0, levels), R.morale_tokens(3, levels)) == (-3, 0, 2)


def test_action_dice_read():
    assert R.read_action_dice(["success", "wound", "0"]) == (True, True, False)
    assert R.read_action_dice(["fail", "0", "adventure"]) == (False, False, True)


def test_parsers(cat):
    t = robinson.setup(cat, {"players": ["A", "B"], "characters": "cook,explorer"}, 1)
    assert parse_plan(t, cat, "roof cook+cook fur") == {
        "what": "roof", "arg": None, "by": "blue", "helper": "blue", "pay": "fur", "cost": None, "own": False}
    assert parse_plan(t, cat, "gather wood 3 explorer+friday")["arg"] == "wood@3"
    assert parse_plan(t, cat, "gather wood 3 explorer+friday")["by"] == "yellow"
    assert parse_plan(t, cat, "item knife cook wood=1 own")["cost"] == (("wood", 1),)
    for bad, text in (("fly cook", "'fly' is not an action"), ("roof", "say who takes it"),
                      ("gather gold cook", "gather food or wood"), ("item fire cook gold=2", "cost 'gold=2'")):
        with pytest.raises(UsageError, match=text):
            parse_plan(t, cat, bad)
    assert parse_event("3 Heavy rain 2") == ("book", "Heavy rain", 2)
    assert parse_event("adventure") == ("adventure", None, None)
    with pytest.raises(UsageError, match="1 or 2 pawns"):
        parse_event("book Fog 3")
    with pytest.raises(UsageError, match="card '7777"):  # a huge number is refused in one line (the fuzzer's find)
        parse_event("7" * 5000)
    assert parse_tile("5 plains food wood shelter beast d2")["discoveries"] == 2
    with pytest.raises(UsageError, match="'lava' is not understood"):
        parse_tile("5 plains lava")
    assert parse_schedule("7:rain+winter 4:rain") == [[4, ["rain"]], [7, ["rain", "winter"]]]
    with pytest.raises(UsageError, match="weather schedule"):
        parse_schedule("4:snow")


def test_weather_schedule_gives_the_rounds_dice(cat):
    t = robinson.setup(cat, {"weather": "4:rain 7:rain+winter+animals"}, 1)
    got = {}
    for rnd in (1, 4, 6, 7, 12):
        t.data["tracks"]["round"] = rnd
        got[rnd] = weather_dice_for(t)
    assert got == {1: (), 4: ("rain",), 6: ("rain",), 7: ("rain", "winter", "animals"), 12: ("rain", "winter", "animals")}


def test_setup_defaults(cat):
    solo = robinson.setup(cat, {}, 5)
    assert solo.seats == ["blue"] and solo.data["rc"]["friday"] and solo.data["rc"]["dog"]
    three = robinson.setup(cat, {"players": "3", "rounds": "10"}, 5)
    assert len(three.seats) == 3 and not three.data["rc"]["friday"] and three.data["counters"]["event-deck"] == 10
    assert three.data["limits"]["round"] == [1, 10]
    assert len({three.seat_values(s)["survivor"] for s in three.seats}) == 3
    with pytest.raises(UsageError, match="1 to 4 players"):
        robinson.setup(cat, {"players": "5"}, 5)
