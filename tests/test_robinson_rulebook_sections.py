"""Robinson Crusoe: rulebook sections and worked examples the audit (docs/rules-robinson.md) found untested.

Rulebook: robinson-crusoe-rulebook-en.txt (sections named in each test).
"""

from __future__ import annotations

import json

from companion.games.robinson import rules as R


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def new(cli, *opts: str, players=("Ann",)):
    args = ["new", "robinson", "--seed", "7"]
    for p in players:
        args += ["-p", p]
    for o in opts:
        args += ["--opt", o]
    cli.ok(*args)


def test_production_phase_example_a_food_and_a_wood_source_give_one_of_each(cli):
    """§ III. Production phase, example: a camp tile with a food and a wood source gives 1 food and 1 wood,
    available at once."""
    new(cli, "camp=food,wood")
    cli.ok("robinson", "morale")
    r = cli.ok("robinson", "produce")
    assert "1 food and 1 wood" in r.stdout
    c = state(cli)["counters"]
    assert (c["food"], c["wood"], c["future-food"], c["future-wood"]) == (1, 1, 0, 0)


def test_arranging_the_camp_example_both_pawns_resolve_twice(cli):
    """§ How to assign pawns? / § 6. Arranging the Camp, example: in a 3-player game one player's two pawns
    on Arranging the Camp resolve it twice: 4 determination and morale +2."""
    new(cli, players=("Ann", "Bob", "Cy"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "arrange", "ann")
    cli.ok("robinson", "plan", "arrange", "ann")
    cli.ok("robinson", "plan", "rest", "bob")
    cli.ok("robinson", "plan", "rest", "cy")
    cli.ok("robinson", "plan", "done")
    cli.ok("robinson", "resolve")
    cli.ok("robinson", "resolve")
    s = state(cli)
    assert s["seat"]["blue"]["determination"] == 4
    assert s["tracks"]["morale"] == 2


def test_arranging_the_camp_at_the_highest_morale_gives_only_determination(cli):
    """§ 6. Arranging the Camp: at the highest Morale level the player only gains the determination."""
    new(cli, players=("Ann", "Bob", "Cy"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "arrange", "ann")
    cli.ok("robinson", "plan", "rest", "ann")
    cli.ok("robinson", "plan", "rest", "bob")
    cli.ok("robinson", "plan", "rest", "cy")
    cli.ok("robinson", "plan", "done")
    cli.ok("set", "morale", "3")
    r = cli.ok("robinson", "resolve")
    assert "highest" in r.stdout
    s = state(cli)
    assert (s["seat"]["blue"]["determination"], s["tracks"]["morale"]) == (2, 3)


def test_rest_heals_one_wound(cli):
    """§ 7. Rest: the resting player's character heals 1 wound (the marker one space left)."""
    new(cli, players=("Ann", "Bob"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "rest", "ann")
    cli.ok("robinson", "plan", "arrange", "ann")
    cli.ok("robinson", "plan", "arrange", "bob")
    cli.ok("robinson", "plan", "arrange", "bob")
    cli.ok("robinson", "plan", "done")
    cli.ok("set", "blue.wounds", "3")
    rest = [cli.ok("robinson", "resolve").stdout for _ in range(4)]
    assert any("heals 1 wound" in out for out in rest)
    assert state(cli)["seat"]["blue"]["wounds"] == 2


def test_weather_phase_example_palisade_at_zero_wounds_everyone():
    """§ V. Weather phase, example: the Hungry Animals die asks the Palisade down 1, but it is already at 0:
    everyone gets 1 wound."""
    w = R.weather_from(["palisade"], 0, 0, 0)
    o = R.face_weather(w, roof=0, food=0, nonperishable=0, wood=0, palisade=0, weapon=0, beast_strength=3)
    assert (o.palisade, o.wounds_each) == (0, 1)
    o = R.face_weather(w, roof=0, food=0, nonperishable=0, wood=0, palisade=2, weapon=0, beast_strength=3)
    assert (o.palisade, o.wounds_each) == (1, 0)


def test_facing_the_weather_winter_clouds_cost_wood_whatever_the_roof():
    """§ Facing the weather: each Winter Cloud costs 1 wood regardless of the Roof; then each Cloud over the
    Roof level costs 1 food and 1 wood."""
    w = R.weather_from(["ww", "r"], 0, 0, 0)
    o = R.face_weather(w, roof=3, food=5, nonperishable=0, wood=5, palisade=0, weapon=0, beast_strength=3)
    assert (o.food, o.wood, o.wounds_each) == (5, 3, 0)
    o = R.face_weather(w, roof=1, food=5, nonperishable=0, wood=5, palisade=0, weapon=0, beast_strength=3)
    assert (o.food, o.wood, o.wounds_each) == (3, 1, 0)


def test_night_phase_eat_sleep_in_the_open_food_rots_and_the_first_player_passes(cli):
    """§ VI. Night phase 1, 3-5: 1 food per player; no Shelter: 1 wound each for the open air; the food left
    rots, wood stays; the round marker moves on and the First Player token passes clockwise."""
    new(cli, "friday=no", players=("Ann", "Bob"))
    cli.ok("set", "food", "5")
    cli.ok("set", "wood", "2")
    cli.ok("robinson", "phase", "night")
    assert "2 food eaten" in cli.ok("robinson", "eat").stdout
    cli.ok("robinson", "camp")
    r = cli.ok("robinson", "night-end")
    assert "open air" in r.stdout and "3 food rots" in r.stdout
    s = state(cli)
    assert [s["seat"][k]["wounds"] for k in ("blue", "yellow")] == [1, 1]
    assert (s["counters"]["food"], s["counters"]["wood"]) == (0, 2)
    assert (s["tracks"]["round"], s["rc"]["first"], s["flags"]["phase"]) == (2, 1, "event")


def test_night_phase_a_camp_on_a_tile_with_a_shelter_sleeps_dry(cli):
    """§ VI. Night phase 3: a camp on an Island tile with a Shelter takes no open-air wound, though the
    Shelter is not built (§ 5. Exploration)."""
    new(cli, "friday=no", players=("Ann", "Bob"))
    cli.ok("robinson", "set", "camp", "4 hills food shelter")
    s = state(cli)
    assert s["flags"]["shelter"] == "none" and s["flags"]["camp-shelter"] is True
    cli.ok("set", "food", "2")
    cli.ok("robinson", "phase", "night")
    cli.ok("robinson", "eat")
    cli.ok("robinson", "camp")
    r = cli.ok("robinson", "night-end")
    assert "open air" not in r.stdout
    assert [state(cli)["seat"][k]["wounds"] for k in ("blue", "yellow")] == [0, 0]


def test_setup_each_starting_item_is_used_twice(cli):
    """§ Setup: each Starting Item can be used only twice, at any time; a third use is refused."""
    new(cli, "items=Hammer,Bible")
    assert "1 use(s) left" in cli.ok("robinson", "use-item", "Hammer").stdout
    cli.ok("robinson", "use-item", "Hammer")
    r = cli("robinson", "use-item", "Hammer")
    assert r.exit_code == 1 and "twice" in r.stderr
    assert [(i["name"], i["uses"]) for i in state(cli)["rc"]["items"]] == [("Hammer", 0), ("Bible", 2)]


def test_moving_the_camp_discards_the_shortcut(cli):
    """§ Moving the Camp: the Shortcut token is discarded with the move; its card goes back to the Invention
    side."""
    new(cli)
    cli.ok("set", "shortcut", "yes")
    cli.ok("robinson", "set", "tiles", "8 beach food wood; 3 hills wood")
    cli.ok("set", "food", "1")
    cli.ok("robinson", "phase", "night")
    cli.ok("robinson", "eat")
    r = cli.ok("robinson", "camp", "3")
    assert "Shortcut" in r.stdout
    s = state(cli)
    assert s["flags"]["shortcut"] is False and s["rc"]["camp"] == "3"


def test_weather_phase_no_dice_only_the_tokens_apply():
    """§ V. Weather phase: with no Weather dice to roll, only the tokens in the Weather space apply."""
    w = R.weather_from([], rain_tokens=1, winter_tokens=1, storms=0)
    assert (w.rain, w.winter, w.animals, w.storms) == (1, 1, (), 0)
    o = R.face_weather(w, roof=0, food=4, nonperishable=0, wood=4, palisade=0, weapon=0, beast_strength=3)
    assert (o.food, o.wood, o.wounds_each) == (2, 1, 0)


def test_weather_phase_the_hungry_animals_die_called_twice_is_rolled_once(cli):
    """§ V. Weather phase: the Hungry Animals die asked by a card and by the Scenario card is rolled once."""
    new(cli)
    cli.ok("set", "animals-die", "yes")
    cli.ok("robinson", "phase", "weather")
    cli.ok("robinson", "weather-dice", "animals")
    r = cli("robinson", "weather", "--faces", "food,food")
    assert r.exit_code != 0 and "2 given for 1 dice" in r.stderr
    cli.ok("set", "food", "1")
    cli.ok("robinson", "weather", "--faces", "food")
    s = state(cli)
    assert s["counters"]["food"] == 0 and s["seat"]["blue"]["wounds"] == 0
    assert s["flags"]["animals-die"] is False


def test_night_phase_eat_with_no_food_everyone_goes_hungry_without_naming_anyone(cli):
    """§ VI. Night phase 1: with no food at all every player goes hungry (2 wounds each): there is nobody to
    choose, so nobody has to be named."""
    new(cli, "friday=no", players=("Ann", "Bob"))
    cli.ok("set", "food", "0")
    cli.ok("robinson", "phase", "night")
    r = cli.ok("robinson", "eat")
    assert "0 food eaten" in r.stdout
    s = state(cli)
    assert [s["seat"][k]["wounds"] for k in ("blue", "yellow")] == [2, 2]
