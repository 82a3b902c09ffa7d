"""Robinson Crusoe's guided game at the table (issue 17): steps that decide nothing are done at once, a
warning and a pause before a step or roll that can kill, stable numbered menus of what is legal and
affordable, the table decides what the rules leave to it (castaway's suggestion on Enter), several plans
in one answer, 80 columns, and the same in Czech."""

from __future__ import annotations

import json

from companion import catalog
from companion.engine import apply
from companion.games.robinson import game as RC
from companion.games.robinson.action_phase import RcPlan, RcPlanDone, RcPlans, RcResolve
from companion.games.robinson.entry import GAME
from companion.games.robinson.guide import legal_actions, next_step
from companion.games.robinson.phases import RcCamp, RcEat, RcMorale, RcProduce, RcWeatherDice
from companion.i18n import set_language

CAT = catalog.load("robinson")
SETUP = ["robinson", "Ann", "cook", "2", "", "Hammer, Bible", "", "", "", ""]  # the last: a new game


def duo(**opts):
    return RC.setup(CAT, {"players": "Ann,Bob", "characters": "cook,explorer", **opts}, 1)


def run(t, *actions):
    for a in actions:
        t, _r = apply(t, a, CAT)
    return t


def state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").stdout)["state"]


def test_steps_that_decide_nothing_are_done_at_once(cli):
    """Morale 0, production, a Wreckage card, a sure success, a meal for everyone and the night's end ask
    nothing: round 1 takes four answers (the plans, the tile, the weather dice, the camp) and the night."""
    round1 = ["threat-right cook; explore cook+dog; done", "3 plains food wood beast d1", "-", "", ""]
    r = cli.ok("play", "--no-board", input="\n".join(SETUP + round1 + ["quit"]) + "\n")
    assert "Enter to go on" not in r.stdout
    s = state(cli)
    assert s["tracks"]["round"] == 2 and s["flags"]["phase"] == "event"
    assert s["counters"]["food"] == 0 and s["seat"]["blue"]["wounds"] == 1  # ate, rotted, slept in the open


def test_a_deadly_step_warns_and_waits(cli):
    """§ VI. Night 1: nobody can eat and the Cook has one wound to go: castaway names who dies and pauses."""
    cli.ok("new", "robinson", "-p", "Ann", "--opt", "characters=cook")
    cli.ok("set", "blue.wounds", "10")
    cli.ok("robinson", "phase", "night")
    r = cli.ok("play", "--no-board", input="quit\n")
    assert "WARNING: 2 wounds for going hungry: Cook would die" in r.stdout
    assert "? Enter to go on" in r.stdout and state(cli)["over"] is None  # nothing happened before Enter
    r = cli.ok("play", "--no-board", input="\n")
    assert state(cli)["over"]["result"] == "lost"


def test_the_weather_roll_shows_who_dies_and_the_odds():
    t = duo(weather="1:rain+winter")
    t.seat_values("blue")["wounds"] = 11
    t = run(t, RcMorale(), RcProduce(), RcPlanDone())
    step = GAME.next_step(t, CAT)
    assert step.ask.kind == "dice" and step.odds is not None
    lines = step.odds()
    assert lines[0].startswith("Weather: no wound ")
    # a rain or winter cloud over no roof with no food or wood is a wound each: the Cook (11 of 12) dies
    assert any(line.startswith("WARNING: Cook dies in the weather with ") for line in lines)
    assert not any("Explorer dies" in line for line in lines)


def test_a_single_pawn_roll_warns_when_a_wound_kills():
    t = duo()
    t.seat_values("blue")["wounds"] = 11
    t = run(t, RcMorale(), RcProduce(), RcPlan("explore", "blue"), RcPlanDone())
    step = next_step(t, CAT)
    assert step.ask.kind == "dice" and "WARNING: a wound kills Cook (33%)" in step.say.replace("\n", " ")


def test_planning_menu_lists_only_legal_and_affordable_actions_by_their_own_numbers():
    t = run(duo(), RcMorale(), RcProduce())  # 1 food, 1 wood; no shelter; no beast yet
    words = {w: n for n, w, _needs in legal_actions(t, CAT)}
    assert "roof" not in words and "palisade" not in words and "hunt" not in words and "shelter" not in words
    assert words == {"threat-right": 2, "weapon": 7, "item": 8, "gather": 9, "explore": 10, "arrange": 11, "rest": 12}
    t.data["counters"]["wood"] = 5
    t.data["flags"]["camp-shelter"] = True
    t.data["counters"]["hunting"] = 1
    words = {w: n for n, w, _needs in legal_actions(t, CAT)}
    assert words["shelter"] == 4 and words["roof"] == 5 and words["palisade"] == 6 and words["hunt"] == 3
    t = run(t, RcPlan("weapon", "blue"))
    t.data["counters"]["wood"] = 1  # the weapon holds the only wood left: nothing more to build with it
    assert "weapon" not in {w for _n, w, _needs in legal_actions(t, CAT)}


def test_several_plans_in_one_answer_by_number_and_the_planning_ends_when_every_pawn_is_placed():
    t = run(duo(friday="no"), RcMorale(), RcProduce())
    step = next_step(t, CAT)
    t = run(t, step.make("2 cook; 10 explorer+cook"))
    assert [p["what"] for p in t.data["rc"]["plan"]] == ["threat-right", "explore"]
    assert t.data["flow"]["step"] == "plan"  # the Explorer's second pawn is free
    t = run(t, next_step(t, CAT).make("rest explorer"))
    assert t.data["flow"]["step"] == "resolve"  # every pawn placed: resolving starts


def test_a_refused_plan_in_a_list_refuses_the_whole_answer():
    t = run(duo(), RcMorale(), RcProduce())
    try:
        apply(t, RcPlans.parse(t, CAT, ("rest cook", "roof explorer")), CAT)
    except Exception as e:
        assert "plan 'roof yellow'" in str(e) and "Shelter" in str(e)
    else:
        raise AssertionError("a roof without a shelter is refused")
    assert t.data["rc"]["plan"] == []


def test_a_plan_refused_in_a_list_is_named_once():
    """The error of one plan among several quotes that plan once, whether it was refused as typed (an unknown
    action) or by the rules (a roof without a shelter)."""
    t = run(duo(), RcMorale(), RcProduce())
    for plans, quoted in ((("rest cook", "gahter wood 3 explorer"), "plan 'gahter wood 3 explorer'"),
                          (("rest cook", "roof explorer"), "plan 'roof yellow'")):
        try:
            apply(t, RcPlans.parse(t, CAT, plans), CAT)
        except Exception as e:
            assert str(e).count("plan '") == 1 and quoted in str(e), str(e)
        else:
            raise AssertionError(f"{plans} is refused")


def test_who_goes_hungry_is_the_tables_choice_with_castaways_suggestion_on_enter():
    """§ VI. Night 1: 'decide which player(s) do not get to eat': Enter takes the one with the most life left."""
    t = duo()
    t.seat_values("blue")["wounds"] = 4
    t = run(t, RcMorale(), RcProduce(), RcPlanDone(), RcWeatherDice(()))
    from companion.games.robinson.phases import RcWeather

    t = run(t, RcWeather())
    t.data["counters"]["food"] = 1
    step = next_step(t, CAT)
    assert step.ask.kind == "choice" and step.ask.multiple
    assert [k for k, _v, _l in step.ask.numbered()] == ["1", "2"]  # seats keep their numbers
    assert step.ask.parse("") == ("yellow",)  # the Explorer has the most life left
    t2 = run(t, step.make(step.ask.parse("1")))
    assert t2.seat_values("blue")["wounds"] == 6


def test_morale_at_the_top_suggests_healing_a_wounded_first_player():
    t = duo()
    t.data["tracks"]["morale"] = t.limits(CAT.tracks["morale"])[1]
    t.seat_values("blue")["wounds"] = 2
    step = next_step(t, CAT)
    assert [k for k, _v, _l in step.ask.numbered()] == ["1", "2"]
    assert step.ask.parse("") == "heal"
    t.seat_values("blue")["wounds"] = 0
    assert next_step(t, CAT).ask.parse("") == "determination"


def test_character_menu_keeps_each_characters_number():
    from ui.play_cmds import next_setup_question

    _ctx, (key, ask) = next_setup_question([("game", "robinson"), ("names", "-"), ("players", 3)])
    first = {label: k for k, _v, label in ask.numbered()}
    _ctx, (key, ask) = next_setup_question([("game", "robinson"), ("names", "-"), ("players", 3), ("character:0", "cook")])
    second = {label: k for k, _v, label in ask.numbered()}
    assert "Cook" not in second and all(second[name] == first[name] for name in second)


def test_the_guided_game_fits_80_columns_in_english_and_czech(cli):
    script = SETUP + ["threat-right cook; explore cook+dog", "", "3 plains food wood beast d1", "1,2", "", "", "",
                      "3 Fog 1", "wood -1", "2 cook; 7 cook; done", "-", "s,w,a", "", "food +1", "1,2", "", "", ""]
    for lang in ("en", "cs"):
        r = cli.ok("--lang", lang, "play", input="\n".join(script) + "\n")
        assert [line for line in r.stdout.splitlines() if len(line) > 80] == [], lang
    assert "Rozmístěte figurky" in r.stdout and "Enter to go on" not in r.stdout
    set_language("en")


def test_setup_note_names_the_characters_drawn_at_random(cli):
    r = cli.ok("new", "robinson", "-p", "Ann", "-p", "Bob", "--opt", "characters=cook")
    assert "Characters drawn at random: Bob: Explorer" in r.stdout or "Characters drawn at random: Bob: Carpenter" in r.stdout


def test_undo_lands_on_the_last_question_answered(cli):
    cli.ok("play", "--no-board", input="\n".join(SETUP + ["rest cook; done", "-", "quit"]) + "\n")
    assert state(cli)["flags"]["phase"] == "night"  # rest resolved alone, weather without dice
    cli.ok("play", "--no-board", input="undo\nquit\n")
    s = state(cli)
    assert s["flags"]["phase"] == "weather" and s["flow"]["step"] == "dice"


def test_camp_move_by_a_known_tile_and_the_plans_in_results_use_printed_names():
    t = run(duo(), RcMorale(), RcProduce(), RcPlan("explore", "blue", helper="friday"), RcPlanDone())
    t, res = apply(t, RcResolve(), CAT)
    assert res["say"].startswith("Exploration · Cook + Friday")
    assert "explore" not in res["say"].split("\n")[0] and "friday" not in res["say"]
    t.data["flags"]["phase"], t.data["flow"] = "night", {"step": "eat"}
    t.data["counters"]["food"] = 2
    t = run(t, RcEat())
    t.data["rc"]["tiles"]["4"] = {"tile": "4", "terrain": "hills", "food": 0, "wood": 1, "shelter": False}
    t = run(t, RcCamp("4"))
    assert t.data["rc"]["camp"] == "4"


def test_a_bad_camp_answer_at_setup_is_asked_again(cli):
    """The camp tile's answer is checked when given (it used to fail only once every question was answered)."""
    answers = ["robinson", "Ann", "cook", "2", "", "", "lake", "food wood", "", "", "quit"]
    r = cli.ok("play", "--no-board", input="\n".join(answers) + "\n")
    assert "'lake' is not understood" in r.stderr
    assert state(cli)["counters"]["camp-food"] == 1


def test_who_fights_the_hungry_animals_beast_is_the_tables_choice(cli):
    """§ V. Weather: 'fight a beast that has a strength of 3'; the rulebook does not say who: the table chooses
    once the die shows, before the weather applies; castaway's suggestion is the First Player (Enter)."""
    cli.ok("new", "robinson", "-p", "Ann", "-p", "Bob", "--opt", "characters=cook,explorer", "--opt", "weather=1:animals")
    cli.ok("robinson", "phase", "weather")
    r = cli.ok("play", "--no-board", input="3\nbeast\n2\nquit\n")
    assert "The beast deals 3 wound(s) to whoever fights it" in r.stdout
    assert "Who fights the beast? (Enter: Cook, the First Player)" in r.stdout
    s = state(cli)
    # (the night's hunger follows at once: 2 wounds each)
    assert s["seat"]["yellow"]["wounds"] - s["seat"]["blue"]["wounds"] == 3
    assert s["last"]["faces"] == ["beast"]
    while state(cli)["flags"]["phase"] != "weather":
        cli.ok("undo")
    r = cli.ok("play", "--no-board", input="beast\n\nquit\n")
    s = state(cli)
    assert s["seat"]["blue"]["wounds"] - s["seat"]["yellow"]["wounds"] == 3


def test_the_board_names_the_life_track_by_the_wounds_it_counts(cli):
    """A character's track counts wounds up to death (§ Character cards): '3/12' is read as wounds, never
    as 3 life left of 12."""
    cli.ok("new", "robinson", "-p", "Ann")
    cli.ok("set", "blue.wounds", "3")
    text = cli.ok("status").stdout
    assert "wounds ✚✚✚········· 3/12" in text, text
    assert " life " not in text, text


def test_friday_is_no_player_at_night_and_the_table_is_told():
    """§ VI. Night 1 and 3 ('discard 1 food per player'; 'each player gets 1 wound' in the open air) with
    § Setup (Friday, an additional character for 2 players): Friday neither eats nor takes the open-air
    wound, and the night's steps say so (castaway's reading, marked assumed on his card)."""
    t = duo(friday="yes")
    assert t.data["rc"]["friday"]
    t = run(t, RcMorale(), RcProduce(), RcPlanDone(), RcWeatherDice(()))
    from companion.games.robinson.phases import RcWeather

    t = run(t, RcWeather())
    t.data["counters"]["food"] = 2
    step = next_step(t, CAT)
    assert "2 food for 2 players" in step.say and "Friday eats nothing" in step.say
    t = run(t, step.make(step.ask.parse("")))
    assert t.data["counters"]["food"] == 0 and t.data["counters"]["friday-wounds"] == 0
    assert "neither eats at night" in CAT.characters["friday"].assumed
    alone = duo(friday="no")
    alone = run(alone, RcMorale(), RcProduce(), RcPlanDone(), RcWeatherDice(()), RcWeather())
    assert "Friday" not in next_step(alone, CAT).say


def test_friday_is_named_in_the_tables_language_in_the_planning_step():
    """The planning step's free pawns name Friday as the board does: 'Pátek' in Czech (it said 'Friday')."""
    t = run(duo(friday="yes"), RcMorale(), RcProduce())
    set_language("cs")
    try:
        assert "Pátek\u00a01" in next_step(t, CAT).say.replace(" ", "\u00a0")
    finally:
        set_language("en")
    assert "Friday\u00a01" in next_step(t, CAT).say.replace(" ", "\u00a0")
