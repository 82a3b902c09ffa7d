"""Robinson Crusoe against its rulebook (robinson-crusoe-rulebook-en.txt), issue 13: Friday (§ Setup: an
additional Character), the First Player (§ Setup 18: the youngest), the Night's healing, and corrections
that keep the round consistent."""

from __future__ import annotations

import json

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError
from companion.games.robinson import game as RC
from companion.games.robinson.action_phase import RcPlan, RcPlanDone, RcResolve
from companion.games.robinson.phases import RcCamp, RcEat, RcMorale, RcNightEnd, RcProduce, RcWeather, RcWeatherDice

CAT = catalog.load("robinson")


def duo(**opts):
    return RC.setup(CAT, {"players": "Ann,Bob", "characters": "cook,explorer", **opts}, 1)


def run(t, *actions):
    for a in actions:
        t, _ = apply(t, a, CAT)
    return t


def planning(t):
    return run(t, RcMorale(), RcProduce())


def test_friday_takes_an_action_alone_and_his_wounds_are_his():
    """§ Setup: with 2 players Friday is an additional Character with a pawn and a life track."""
    t = planning(duo())
    t = run(t, RcPlan("weapon", "friday"), RcPlanDone())
    t = run(t, RcResolve(faces=("success", "wound", "0")))
    assert t.data["counters"]["weapon"] == 1
    assert t.data["counters"]["friday-wounds"] == 1
    assert [t.seat_values(s)["wounds"] for s in t.seats] == [0, 0]


def test_friday_keeps_no_determination_and_seconds_as_before():
    t = planning(duo())
    with pytest.raises(RuleError, match="Friday keeps no determination"):
        apply(t, RcPlan("arrange", "friday"), CAT)
    t = run(t, RcPlan("explore", "blue", helper="friday"))
    with pytest.raises(RuleError, match="no free pawn"):
        apply(t, RcPlan("rest", "friday"), CAT)


def test_a_failed_action_by_friday_gives_nobody_determination():
    t = planning(duo())
    t = run(t, RcPlan("weapon", "friday"), RcPlanDone(), RcResolve(faces=("fail", "0", "0")))
    assert [t.seat_values(s)["determination"] for s in t.seats] == [0, 0]
    assert t.data["counters"]["weapon"] == 0


def test_friday_dying_does_not_end_the_game():
    t = planning(duo())
    t.data["counters"]["friday-wounds"] = int(CAT.characters["friday"].get("life", 6)) - 1
    t = run(t, RcPlan("weapon", "friday"), RcPlanDone(), RcResolve(faces=("success", "wound", "0")))
    assert not t.data.get("over")
    assert t.data["rc"]["friday"] is False


def test_the_dog_still_only_seconds():
    t = planning(RC.setup(CAT, {"players": "1", "characters": "cook"}, 1))
    with pytest.raises(RuleError, match="only seconds"):
        apply(t, RcPlan("explore", "dog"), CAT)


def test_night_end_may_follow_the_camp_step_without_healing():
    """README's rc eat → rc camp → rc night-end works: the healing step is there for who can heal."""
    t = planning(duo())
    t.data["counters"]["food"] = 5
    t = run(t, RcPlanDone(), RcWeatherDice(()), RcWeather(), RcEat(), RcCamp(None), RcNightEnd())
    assert t.data["tracks"]["round"] == 2 and t.data["flags"]["phase"] == "event"


def test_guided_setup_asks_the_first_player(cli):
    """§ Setup 18: the youngest player takes the First Player token."""
    script = ["robinson", "Ann, Bob", "cook", "explorer", "2", "2", "", "", "", "", ""]
    # game, names, characters (2), the youngest (2: the second seat), rounds, weather, items, camp, Friday, dog
    r = cli("play", "--no-board", input="\n".join(script) + "\n")
    assert "youngest" in r.stdout
    st = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert st["rc"]["first"] == 1


def test_a_phase_or_round_corrected_is_accepted_and_the_round_goes_on_from_there(cli):
    """The table is the truth: `set phase` puts the round at the start of that phase (the next step is worked
    out from it), `set round` and `next` move the round marker; nothing is refused."""
    cli.ok("new", "robinson", "-p", "Ann", "-p", "Bob", "--seed", "1")
    cli.ok("set", "phase", "weather")
    assert "Weather" in cli.ok("robinson", "next").stdout
    cli.ok("set", "round", "3")
    cli.ok("next")
    cli.ok("set", "phase", "event")
    out = cli.ok("robinson", "next").stdout
    assert "Round 4" in out and "Event deck" in out
    cli.ok("set", "phase", "action")
    assert "planning" in cli.ok("robinson", "next").stdout
    for _i in range(5):
        cli.ok("undo")
    assert "Round 1" in cli.ok("robinson", "next").stdout


def test_a_card_loss_leaves_resources_set_aside_for_a_planned_build():
    """§ VERY IMPORTANT: resources are assigned to an action when planning; a Threat card resolved first
    takes only what is free (the rest is Unfulfilled Demand), and the build still pays."""
    t = planning(duo())
    t.data["counters"]["wood"] = 1
    t = run(t, RcPlan("weapon", "blue", helper="blue"), RcPlan("threat-right", "yellow"), RcPlanDone())
    t = run(t, RcResolve(changes=(("wood", "+", -1),)))  # the Food crates (wreckage) card, asking a wood by hand
    assert t.data["counters"]["wood"] == 1 and [t.seat_values(s)["wounds"] for s in t.seats] == [1, 1]
    t = run(t, RcResolve())
    assert t.data["counters"]["weapon"] == 1 and t.data["counters"]["wood"] == 0


def test_planning_refuses_what_the_rulebook_forbids():
    """§ Gathering Resources: not on the camp tile, once per source a round; § Hunting: a Hunting deck and
    2 pawns; § Building: a Roof needs a Shelter; § Threat Action: each card once."""
    t = planning(duo())
    camp = t.data["rc"]["camp"]
    with pytest.raises(RuleError, match="holds the camp"):
        apply(t, RcPlan("gather", "blue", arg=f"wood@{camp}"), CAT)
    t2 = run(t, RcPlan("gather", "blue", arg="wood@3"))
    with pytest.raises(RuleError, match="once per source"):
        apply(t2, RcPlan("gather", "yellow", arg="wood@3"), CAT)
    with pytest.raises(RuleError, match="Hunting deck"):
        apply(t, RcPlan("hunt", "blue", helper="yellow"), CAT)
    with pytest.raises(RuleError, match="needs a Shelter"):
        apply(t, RcPlan("roof", "blue", helper="blue"), CAT)
    t3 = run(t, RcPlan("threat-right", "blue"))
    with pytest.raises(RuleError, match="each Threat Action once"):
        apply(t3, RcPlan("threat-right", "yellow"), CAT)


@pytest.mark.parametrize("arg", [None, "gold@3", "3"])
def test_a_gathering_planned_as_fields_names_food_or_wood(arg):
    """§ Gathering Resources: food or wood from a source; a plan given as fields (a pad, a stored action) is held to
    it as the typed plan is (one without its resource once failed in planning, another when it resolved)."""
    from companion.errors import UsageError

    with pytest.raises(UsageError, match="gather food or wood"):
        apply(planning(duo()), RcPlan("gather", "blue", arg=arg), CAT)


@pytest.mark.parametrize("target", ["wood", "blue.wounds", "morale"])
def test_a_stored_change_setting_a_count_or_track_as_a_flag_is_refused(target):
    """A change holds (target, op, value); 'flag' is for a flag: on a counter or track it is refused as a change
    that cannot be made, with the table left as it was (it once failed on the count's missing list of values)."""
    from companion.errors import UsageError
    from companion.games.robinson.changes import apply_changes

    t = duo()
    before = json.dumps(t.data, sort_keys=True)
    with pytest.raises(UsageError, match="cannot be changed this way"):
        apply_changes(t, CAT, ((target, "flag", True),))
    assert json.dumps(t.data, sort_keys=True) == before
