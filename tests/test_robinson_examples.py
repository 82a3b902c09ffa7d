"""Robinson Crusoe: the rulebook's worked examples, each driven through the CLI on a temp database.

Rulebook: robinson-crusoe-rulebook-en.txt (sections named in each test).
"""

from __future__ import annotations

import json


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def new(cli, *opts: str, players=("Ann",)):
    args = ["new", "robinson", "--seed", "7"]
    for p in players:
        args += ["-p", p]
    for o in opts:
        args += ["--opt", o]
    cli.ok(*args)


def test_morale_example_lowest_level_one_determination_token(cli):
    """§ II. Morale phase, example: Morale at the lowest level asks 3 determination tokens; the First
    Player has 1, discards it and takes 2 wounds (Unfulfilled Demand)."""
    new(cli, "characters=cook")
    cli.ok("set", "morale", "-3")
    cli.ok("set", "blue.determination", "1")
    r = cli.ok("robinson", "morale")
    assert "discards 1 determination and takes 2 wound(s)" in r.stdout
    s = state(cli)
    assert s["seat"]["blue"]["determination"] == 0
    assert s["seat"]["blue"]["wounds"] == 2
    assert s["flags"]["phase"] == "production"


def test_morale_highest_level_heal_or_gain(cli):
    """§ II. Morale phase: at the highest level the First Player gains 2 determination or heals 1 wound."""
    new(cli)
    cli.ok("set", "morale", "3")
    cli.ok("set", "blue.wounds", "2")
    cli.ok("robinson", "morale", "--heal")
    assert state(cli)["seat"]["blue"]["wounds"] == 1
    cli.ok("undo")
    cli.ok("robinson", "morale")
    s = state(cli)
    assert (s["seat"]["blue"]["wounds"], s["seat"]["blue"]["determination"]) == (2, 2)


def _to_round_two_events(cli):
    cli.ok("set", "round", "2")
    cli.ok("robinson", "phase", "event")


def test_storm_and_collapse_example(cli):
    """§ I. Event phase, example: an Adventure card's 'Storm' puts a Storm token in the Weather space,
    the next Adventure card's 'Collapse' halves the Roof (loss rounded down), then an Event card comes
    up. § Storm token: resolved after the other weather, Palisade -1."""
    new(cli, "rounds=6", players=("Ann", "Bob"))
    cli.ok("set", "roof", "3")
    cli.ok("set", "palisade", "1")
    _to_round_two_events(cli)
    cli.ok("robinson", "event", "adventure")
    cli.ok("robinson", "effects", "storm-token", "+1")
    cli.ok("robinson", "event", "adventure")
    r = cli.ok("robinson", "effects", "roof", "half")
    assert "roof -1 → 2" in r.stdout
    cli.ok("robinson", "event", "book", "Heavy", "rain", "1")
    r = cli.ok("robinson", "effects", "-")
    assert "Heavy rain goes to the right" in r.stdout
    s = state(cli)
    assert s["counters"]["roof"] == 2 and s["counters"]["storm-token"] == 1
    # the two Adventure cards were never counted into the deck (issue 26): only the Event card leaves its count
    assert s["counters"]["event-deck"] == 6 - 1
    assert [c and c["name"] for c in s["rc"]["threat"]] == ["Food crates", "Heavy rain"]
    assert s["flags"]["phase"] == "morale"
    # the weather: one rain cloud under a roof of 2, then the storm
    cli.ok("robinson", "phase", "weather")
    cli.ok("robinson", "weather-dice", "rain")
    r = cli.ok("robinson", "weather", "--faces", "r")
    assert "storm: palisade -1" in r.stdout
    s = state(cli)
    assert s["counters"]["palisade"] == 0 and s["counters"]["storm-token"] == 0
    assert [s["seat"][x]["wounds"] for x in ("blue", "yellow")] == [0, 0]


def test_storm_without_palisade_wounds_everyone(cli):
    """§ Storm token: if the Palisade cannot go down, each player takes 1 wound."""
    new(cli, players=("Ann", "Bob", "Cy"))
    cli.ok("move", "storm-token", "+1")
    cli.ok("robinson", "phase", "weather")
    cli.ok("robinson", "weather-dice", "none")
    cli.ok("robinson", "weather")
    s = state(cli)
    assert [s["seat"][x]["wounds"] for x in ("blue", "yellow", "black")] == [1, 1, 1]


def _to_night_camp(cli):
    cli.ok("robinson", "phase", "night")
    cli.ok("set", "food", "4")
    cli.ok("robinson", "eat")


def test_moving_camp_with_shelter_roof_2_palisade_1(cli):
    """§ Moving the Camp, example: a level 2 Roof and level 1 Palisade with a built Shelter: the Roof
    loses 1, the Palisade stays (half of 1 rounded down is 0)."""
    new(cli)
    cli.ok("set", "shelter", "built")
    cli.ok("set", "roof", "2")
    cli.ok("set", "palisade", "1")
    _to_night_camp(cli)
    r = cli.ok("robinson", "camp", "4", "hills", "wood")
    assert "roof 2 → 1" in r.stdout
    s = state(cli)
    assert (s["counters"]["roof"], s["counters"]["palisade"]) == (1, 1)
    assert s["rc"]["camp"] == "4" and s["counters"]["camp-wood"] == 1 and s["counters"]["camp-food"] == 0
    assert s["flags"]["shelter"] == "built"


def test_moving_camp_without_built_shelter_drops_roof_and_palisade(cli):
    """§ Moving the Camp: a Roof and Palisade built on a tile's shelter drop to 0 when the camp moves;
    a tile's shelter is not a built Shelter, and the open-air wound follows where there is none."""
    new(cli)
    cli.ok("set", "camp-shelter", "yes")
    cli.ok("set", "roof", "2")
    cli.ok("set", "palisade", "1")
    _to_night_camp(cli)
    cli.ok("robinson", "camp", "4", "hills", "wood")
    s = state(cli)
    assert (s["counters"]["roof"], s["counters"]["palisade"]) == (0, 0)
    assert s["flags"]["camp-shelter"] is False
    cli.ok("robinson", "effects", "-")
    cli.ok("robinson", "night-end")
    s = state(cli)
    assert s["seat"]["blue"]["wounds"] == 1  # open air
    assert s["counters"]["food"] == 0  # the food left over rots


def test_exploration_example_plains_beast_two_discoveries(cli):
    """§ 5. Exploration, example: a Plains tile (the first), a Beast icon and 2 Discovery tokens: plains
    Inventions are marked, one Beast card goes into the Hunting deck, 2 tokens to Future Resources."""
    new(cli, players=("Ann", "Bob"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "explore", "blue+yellow")
    r = cli.ok("robinson", "plan", "done")
    r = cli.ok("robinson", "resolve")
    assert "draw the top Island tile" in r.stdout
    r = cli.ok("robinson", "tile", "3", "plains", "beast", "d2")
    assert "first plains: mark every Invention that needs it" in r.stdout
    s = state(cli)
    assert s["counters"]["hunting"] == 1
    assert s["counters"]["discoveries"] == 2 and s["counters"]["future-discoveries"] == 0  # actions over
    assert "plains" in s["rc"]["terrains"] and s["flags"]["phase"] == "weather"


def test_single_pawn_rolls_three_dice_typed_faces(cli):
    """§ Important: one pawn rolls the 3 Action dice; a wound die wounds, a failed success die does not build."""
    new(cli, players=("Ann", "Bob"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "weapon", "blue")
    cli.ok("robinson", "plan", "done")
    r = cli(*["robinson", "resolve", "--faces", "x,0,0"])
    assert r.exit_code == 2 and "'x' is not a face of build-success" in r.stderr
    cli.ok("robinson", "resolve", "--faces", "f,w,0")
    s = state(cli)
    assert s["counters"]["weapon"] == 0 and s["counters"]["wood"] == 1
    assert s["seat"]["blue"]["wounds"] == 1 and s["seat"]["blue"]["determination"] == 2


def test_hunting_wounds_per_missing_weapon_level(cli):
    """§ Fighting a Beast: 1 wound per Weapon level short of the strength, weapon loss, food and furs
    wait in Future Resources."""
    new(cli, players=("Ann", "Bob"))
    cli.ok("set", "hunting", "1")
    cli.ok("set", "weapon", "1")
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    r = cli("robinson", "plan", "hunt", "blue")
    assert r.exit_code == 1 and "hunting always takes 2 pawns" in r.stderr
    cli.ok("robinson", "plan", "hunt", "blue+friday")
    cli.ok("robinson", "plan", "done")
    r = cli.ok("robinson", "resolve", "--beast", "3 1 2 1")
    s = state(cli)
    assert s["seat"]["blue"]["wounds"] == 2 and s["counters"]["weapon"] == 0
    assert (s["counters"]["food"], s["counters"]["fur"]) == (1 + 2, 1)
    assert s["counters"]["hunting"] == 0


def test_who_fights_the_hunted_beast_follows_the_tables_own_rules_file(cli, tmp_path, monkeypatch):
    """§ Fighting a Beast names "the player fighting" but not which of two pawns: castaway's reading (the first
    pawn, rules.toml hunting_fighter, assumed) is the table's to change in a file of its own."""
    own = tmp_path / "robinson"
    own.mkdir()
    (own / "fighter.toml").write_text('[rules.hunting_fighter]\nfighter = "second pawn"\nassumed = "our house rule"\n',
                                      encoding="utf-8")
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path))
    from companion import catalog

    monkeypatch.setattr(catalog, "_CACHE", {})  # read again, with the table's file (put back after the test)
    new(cli, players=("Ann", "Bob"))
    for field, value in (("hunting", "1"), ("weapon", "1")):
        cli.ok("set", field, value)
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "hunt", "blue+yellow")
    cli.ok("robinson", "plan", "done")
    cli.ok("robinson", "resolve", "--beast", "3 1 2 1")
    s = state(cli)
    assert s["seat"]["yellow"]["wounds"] == 2 and s["seat"]["blue"]["wounds"] == 0


def test_build_cost_wood_or_furs_never_mixed(cli):
    """§ Building: 3 players pay 3 wood or 2 furs for the Shelter, never a mix."""
    new(cli, players=("Ann", "Bob", "Cy"))
    cli.ok("set", "wood", "2")
    cli.ok("set", "fur", "1")
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")  # +1 wood: 3 wood, 1 fur
    cli.ok("robinson", "plan", "shelter", "blue+yellow")
    r = cli("robinson", "plan", "roof", "black+black", "fur")
    assert r.exit_code == 1
    cli.ok("robinson", "plan", "done")
    cli.ok("robinson", "resolve")
    s = state(cli)
    assert s["flags"]["shelter"] == "built" and s["counters"]["wood"] == 0 and s["counters"]["fur"] == 1


def test_setup_two_players_friday_and_event_deck(cli):
    """§ Setup: 2 players draw from Carpenter, Cook, Explorer and get Friday; the Event deck holds
    ceil(rounds/2) cards of each pile; Food crates starts in the right threat space; 4 players get the
    Arranging the Camp card."""
    r = cli("new", "robinson", "-p", "A", "-p", "B", "--opt", "characters=soldier")
    assert r.exit_code == 2 and "a 2-player game draws only from carpenter, cook, explorer" in r.stderr
    new(cli, "rounds=7", players=("A", "B"))
    s = state(cli)
    assert s["rc"]["friday"] is True and s["counters"]["event-deck"] == 8
    assert {s["seat"][x]["survivor"] for x in s["seats"]} <= {"carpenter", "cook", "explorer"}
    assert s["rc"]["threat"][1]["name"] == "Food crates" and s["flags"]["phase"] == "morale"
    new(cli, players=("A", "B", "C", "D"))
    s = state(cli)
    assert s["rc"]["arrange_card"] is True and s["rc"]["friday"] is False
    assert all(i["uses"] == 2 for i in s["rc"]["items"])


def test_bad_input_is_one_line_and_writes_nothing(cli):
    new(cli)
    before = json.loads(cli.ok("status", "--json").stdout)["version"]
    for args, code, text in (
        (("robinson", "produce"), 1, "now morale/morale"),
        (("robinson", "effects", "wood", "lots"), 2, "'lots' is not a number"),
        (("robinson", "effects", "gold", "+1"), 2, "nothing called 'gold'"),
        (("new", "robinson", "--opt", "rounds=zero"), 2, "rounds='zero'"),
        (("new", "robinson", "--opt", "colour=red"), 2, "--opt colour: Robinson Crusoe: Adventures on the Cursed Island has no such setup choice"),
    ):
        r = cli(*args)
        assert r.exit_code == code, (args, r.output)
        assert text in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert json.loads(cli.ok("status", "--json").stdout)["version"] == before


def test_players_by_name_and_four_player_arranging_the_camp(cli):
    """§ 6. Arranging the Camp: with 4 players each pawn there gives 2 determination OR morale +1;
    gains of a Threat Action wait in Future Resources, determination comes at once."""
    new(cli, players=("Ann", "Bob", "Cy", "Di"))
    cli.ok("robinson", "morale")
    cli.ok("robinson", "produce")
    cli.ok("robinson", "plan", "arrange", "ann")
    cli.ok("robinson", "plan", "arrange", "ann")
    r = cli("robinson", "plan", "rest", "ann")
    assert r.exit_code == 1 and "has no free pawn" in r.stderr
    cli.ok("robinson", "plan", "done")
    r = cli("robinson", "resolve", "--beast", "3 1 1 1")
    assert r.exit_code == 2 and "does not fit the next action, arrange" in r.stderr
    r = cli("robinson", "resolve")
    assert r.exit_code == 2 and "accepted: determination, morale" in r.stderr
    cli.ok("robinson", "resolve", "--choice", "determination")
    cli.ok("robinson", "resolve", "--choice", "morale")
    s = state(cli)
    assert s["seat"]["blue"]["determination"] == 2 and s["tracks"]["morale"] == 1
    cli.ok("robinson", "effects", "ann.wounds", "+1")
    assert state(cli)["seat"]["blue"]["wounds"] == 1
