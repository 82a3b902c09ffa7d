"""Dieson Crusoe: the rules' pure procedures, setup options and the actions' refusals (unit level)."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import Next, RuleError, UsageError
from companion.games.dieson import game as dieson
from companion.games.dieson import rules as R
from companion.games.dieson.afternoon import DcBoost, DcPick, DcShift
from companion.games.dieson.day import DcEat, DcEvent, DcNight, DcRoll
from companion.games.dieson.do import DcDo


@pytest.fixture
def cat():
    return catalog.load("dieson")


def run(t, cat, *actions):
    for a in actions:
        t, _ = apply(t, a, cat)
    return t


def test_event_disc_goes_round_the_seven_spaces():
    assert R.event_landing(0, 2, 7) == 2
    assert R.event_landing(6, 3, 7) == 2
    assert R.event_landing(7, 1, 7) == 1


def test_meeple_moves_both_ways_from_the_start_square_and_round_the_ring():
    assert R.action_landing(0, 1, 9) == 1
    assert R.action_landing(0, -1, 9) == 9
    assert R.action_landing(0, -6, 9) == 4
    assert R.action_landing(8, 3, 9) == 2
    assert R.action_landing(2, -4, 9) == 7


@pytest.mark.parametrize("weather,roof,expect", [
    (1, 0, (0, 0)), (2, 3, (0, 0)), (3, 2, (1, 0)), (4, 0, (0, 1)),
    (5, 2, (2, 0)), (6, 1, (1, 1)), (5, 0, (0, 2)),
])
def test_weather_penalty_table(weather, roof, expect):
    """§ Weather Penalty: 1-2 nothing; 3-4 one roof or health; 5-6 two, mixed with 1 roof."""
    assert R.weather_penalty(weather, roof) == expect


@pytest.mark.parametrize("area,raid,fence,expect", [
    ("rabbit", 4, 0, {}), ("rabbit", 5, 0, {"food": 1}),
    ("deer", 6, 1, {"fence": 1}), ("deer", 5, 0, {"food": 2}),
    ("boar", 5, 2, {"fence": 2}), ("boar", 5, 1, {"food": 1, "health": 1}),
    ("bear", 6, 1, {"food": 2, "health": 1}), ("cannibals", 6, 5, {"health": 2}),
    ("wolf", 5, 0, {"food": 1, "health": 2}),
])
def test_raid_penalty_by_area(cat, area, raid, fence, expect):
    """§ Raid Penalty, each area card's line."""
    assert R.raid_penalty(raid, cat.deck("areas").card(area), fence) == expect


def test_setup_follows_prepare(cat):
    t = dieson.setup(cat, {}, 1)
    assert t.data["counters"]["health"] == 5 and t.data["counters"]["food"] == 2
    assert t.data["dc"]["hand"] == ["yellow", "yellow", "grey"]
    assert all(d == {"c": "yellow", "v": 1} for d in t.data["dc"]["icons"].values())
    assert t.data["flags"]["area"] == "rabbit" and t.data["tracks"]["event"] == 0
    assert R.friend(t) == "jack"


def test_expert_rules_four_health_and_no_friend(cat):
    t = dieson.setup(cat, {"expert": "1,2"}, 1)
    assert R.max_health(t) == 4 and R.friend(t) is None
    assert "friend" in R.tools_open(t)


@pytest.mark.parametrize("opts,msg", [
    ({"quest": "9"}, "quest '9': accepted: 1..5"),
    ({"tools": "first", "quest": "2"}, "quest 2 needs the Flag"),
    ({"tools": "spoon"}, "'spoon' is not a tool"),
    ({"health": "x"}, "health='x': accepted: a whole number 1..9"),
    ({"power": "12"}, "power='12': accepted: a whole number 0..9"),
    ({"expert": "3"}, "expert '3'"),
    ({"colour": "red"}, "option 'colour'"),
])
def test_bad_setup_options_are_refused(cat, opts, msg):
    with pytest.raises(UsageError, match=msg):
        dieson.setup(cat, opts, 1)


def test_counter_clockwise_needs_a_one_or_the_grey_die(cat):
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((3, 4, 5)), DcEvent())
    with pytest.raises(RuleError, match="clockwise only"):
        apply(t, DcPick(1, "ccw"), cat)
    t = run(t, cat, DcPick(3, "ccw"))  # the grey 5
    assert t.data["tracks"]["action"] == 5


def test_boost_and_stars_and_shift_costs(cat):
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((1, 5, 6)), DcEvent(), DcPick(2, "cw"))  # 5 -> box 5 woods
    assert R.box_at(cat, t.data["tracks"]["action"]) == "woods"
    with pytest.raises(RuleError, match="costs 1 wood; you have 0"):
        apply(t, DcShift(1, "wood"), cat)
    t = run(t, cat, DcBoost(1, "food"), DcDo("action"))
    assert t.data["counters"]["wood"] == 3  # a 6 gives 3 stars
    assert t.data["counters"]["food"] == 2  # +1 event, -1 boost


def test_time_limit_loses_after_the_last_day(cat):
    t = dieson.setup(cat, {}, 1)
    t.data["tracks"]["day"] = 6
    t.data["flags"]["phase"] = "evening"
    t.data["flow"]["step"] = "night"
    t.data["dc"]["used"] = [{"c": "yellow", "v": 2}] * 3
    t2, res = apply(t, DcNight(), cat)
    assert t2.data["over"] == {"result": "lost", "why": "time"}
    assert dieson.outcome(t2, cat)["day"] == 6


def test_hunger_at_zero_health_loses(cat):
    t = dieson.setup(cat, {"health": "1"}, 1)
    t.data["flags"]["phase"] = "evening"
    t.data["flow"]["step"] = "eat"
    t2, _ = apply(t, DcEat("health"), cat)
    assert t2.data["over"]["result"] == "lost"


def test_friend_die_help_does_any_action_without_moving_the_meeple(cat):
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((2, 3, 4)), DcEvent(take="wood"))
    t.data["tracks"]["friend"] = 2
    t.data["dc"]["icons"]["weather"] = {"c": "grey", "v": 6}
    from companion.games.dieson.afternoon import DcHelp

    t = run(t, cat, DcHelp("die", "weather"), DcDo("action", box="woods"))
    assert t.data["counters"]["wood"] == 1 + 3 and t.data["tracks"]["action"] == 0
    assert t.data["tracks"]["friend"] == 0 and t.data["dc"]["used"] == [] and len(t.data["dc"]["unused"]) == 3


def test_quest_5_escape_needs_the_raft_and_calm_weather(cat):
    t = dieson.setup(cat, {"quest": "5"}, 1)
    t.data["flags"]["place"] = "raft"
    t.data["dc"]["visited"] = ["raft"]
    t.deck("tools")["table"].remove("raft")
    t.deck("tools")["held"] = {"crusoe": ["raft"]}
    t.data["dc"]["icons"]["weather"]["v"] = 3
    t = run(t, cat, DcRoll((4, 5, 6)), DcEvent(), DcPick(1, "cw"))  # a 4 from the start... to box 4
    t.data["tracks"]["action"] = 1
    with pytest.raises(RuleError, match="Weather die on 1 or 2; it shows 3"):
        apply(t, DcDo("action", need=1, line="escape"), cat)
    t.data["dc"]["icons"]["weather"]["v"] = 2
    t, _ = apply(t, DcDo("action", need=1, line="escape"), cat)
    assert t.data["over"]["result"] == "won" and dieson.outcome(t, cat)["quest"] == 5


def test_a_die_may_be_raised_past_6_for_stars(cat):
    """§ Afternoon 3: food or health raises the die by one, as often as you pay; the rulebook sets no top.
    The stars past 6 come from rules.stars.beyond (assumed, listed by castaway rules assumptions)."""
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((1, 5, 6)), DcEvent(), DcPick(3, "cw"))  # the grey 6
    t.data["counters"]["food"] = 3
    t = run(t, cat, DcBoost(2, "food"))
    assert t.data["dc"]["pending"]["boost"] == 2
    assert R.stars_for(cat, 8) == cat.rules["stars"]["beyond"][1]
    with pytest.raises(RuleError, match="rules.stars.beyond"):
        apply(t, DcBoost(R.star_top(cat), "food"), cat)


def test_eating_without_food_pays_health_unless_told_otherwise(cat):
    t = dieson.setup(cat, {}, 1)
    t.data["flags"]["phase"] = "evening"
    t.data["flow"]["step"] = "eat"
    t.data["counters"]["food"] = 0
    health = t.data["counters"]["health"]
    t2, res = apply(t, DcEat(), cat)
    assert t2.data["counters"]["health"] == health - 1 and "No meal" in res["say"]
    with pytest.raises(RuleError, match="lose 1 health instead") as e:
        apply(t, DcEat("food"), cat)
    assert e.value.next == Next("dc-eat", {"pay": "health"})  # the rules say which action, not which command
    t.data["counters"]["food"] = 1
    t3, _ = apply(t, DcEat(), cat)
    assert t3.data["counters"]["food"] == 0 and t3.data["counters"]["health"] == health


def test_the_friends_help_is_offered_at_any_step(cat):
    """§ My Friend's Help: at any time. The eating step (no food, the game at stake) offers it."""
    from companion.games.dieson.flow import next_step

    t = dieson.setup(cat, {"health": "1"}, 1)
    t.data["flags"]["phase"] = "evening"
    t.data["flow"]["step"] = "eat"
    t.data["counters"]["food"] = 0
    t.data["tracks"]["friend"] = 2
    step = next_step(t, cat)
    values = [v for v, _ in step.ask.choices]
    assert "help:resource:food@2" in values and "health" in values  # the arrow at space 2 (the card's data)
    assert step.odds is not None and "dies for certain" in " ".join(step.odds())  # the warning
    t2, _ = apply(t, step.make("help:resource:food@2"), cat)
    assert t2.data["counters"]["food"] == 1 and t2.data["tracks"]["friend"] == 0
    step2 = next_step(t2, cat)
    t3, _ = apply(t2, step2.make(step2.ask.parse("")), cat)
    assert not t3.data.get("over") and t3.data["counters"]["health"] == 1


def test_a_die_that_can_do_nothing_goes_unused_and_menus_list_only_what_can_be_paid(cat):
    from companion.games.dieson.flow import next_step

    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((4, 5, 6)), DcEvent())
    # the meeple onto 4. Build fences with nothing to pay: no fence option, and no other way out but idle
    t.data["tracks"]["action"] = R.boxes(cat).index("fences")
    for res in ("stone", "wood", "leather", "food"):
        t.data["counters"][res] = 0
    t.data["counters"]["health"] = 1
    t.data["dc"]["friend"] = None
    t = run(t, cat, DcPick(1, "cw"))
    if R.box_at(cat, t.data["tracks"]["action"]) != "fences":
        t.data["tracks"]["action"] = R.boxes(cat).index("fences") + 1
    step = next_step(t, cat)
    values = [v for v, _ in step.ask.choices]
    # the last health may still pay for a shift or a boost (§ Afternoon 2 and 3), nothing else can be paid
    assert "do:fences" not in values and values == ["shift:1:health", "shift:-1:health", "boost:health", "idle"]
    t2, _ = apply(t, step.make("idle"), cat)
    assert t2.data["dc"]["pending"] is None and len(t2.data["dc"]["used"]) == 1
    t.data["counters"]["stone"] = t.data["counters"]["wood"] = 1
    with pytest.raises(RuleError, match="can still be used"):
        apply(t, DcDo("idle"), cat)


def test_friend_die_help_can_move_on_the_map_through_the_guided_menus(cat):
    """Found by the property tests: with the friend's die help, 1. Move through the guided menus named no box."""
    from companion.games.dieson.afternoon import DcHelp
    from companion.games.dieson.flow import next_step

    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((2, 3, 4)), DcEvent(take="wood"))
    t.data["tracks"]["friend"] = 2
    t = run(t, cat, DcHelp("die", "weather"))
    for answer in ("menu:move", "plain", 0, "other", "same", "wood"):
        step = next_step(t, cat)
        t, _ = apply(t, step.make(answer), cat)
    assert t.data["dc"]["pending"] is None and t.data["counters"]["wood"] == 2


def test_afternoon_2_and_3_the_last_health_may_pay_for_a_shift_or_a_boost(cat):
    """§ Afternoon 2 (move to an adjacent box for 1 wood or 1 health) and 3 (the die +1 for 1 food or 1
    health): "You may do this multiple times", so at 1 health both stay offered, said to be the last one;
    paying it loses the game at once (§ End of the Game: health 0)."""
    from companion.games.dieson.flow import next_step

    t = run(dieson.setup(cat, {"health": "1"}, 1), cat, DcRoll((2, 3, 4)), DcEvent(take="wood"), DcPick(1, "cw"))
    t.data["counters"]["food"] = t.data["counters"]["wood"] = 0
    step = next_step(t, cat)
    labels = dict(step.ask.choices)
    for value in ("shift:1:health", "shift:-1:health", "boost:health"):
        assert "the game is lost" in labels[value]
    t2, _ = apply(t, step.make("boost:health"), cat)
    assert t2.data["counters"]["health"] == 0 and t2.data["over"] == {"result": "lost", "why": "health"}
    t3, _ = apply(t, DcShift(1, "health"), cat)
    assert t3.data["over"]["result"] == "lost"
    with pytest.raises(RuleError, match="you have only 1"):
        apply(t, DcBoost(2, "health"), cat)


def test_my_friends_help_is_the_icon_on_the_arrow_at_the_discs_space(cat):
    """§ Play with My Friend, My Friend's Help: "move the disk to its initial position along the arrow and gain
    the benefit corresponding to the icon on the arrow". The arrows are the card's data (assumed) or the
    table's --opt arrows=...; only the arrow at the disc's space is offered, and another help is refused."""
    from companion.games.dieson.afternoon import DcHelp
    from companion.games.dieson.flow import next_step

    t = run(dieson.setup(cat, {"arrows": "-,food:2,stars:2,raid,roof"}, 1), cat, DcRoll((2, 3, 4)), DcEvent(take="wood"))
    helps = {}
    for pos in range(1, 6):
        t.data["tracks"]["friend"] = pos
        helps[pos] = [v for v, _l in next_step(t, cat).ask.choices if v.startswith("help:")]
    assert helps == {1: [], 2: ["help:resource:food:2@2"], 3: ["help:stars:2@3"], 4: ["help:die:raid@4"],
                     5: ["help:resource:roof@5"]}
    t.data["tracks"]["friend"] = 2
    step = next_step(t, cat)
    t2, _ = apply(t, step.make("help:resource:food:2@2"), cat)
    assert t2.data["counters"]["food"] == t.data["counters"]["food"] + 2 and t2.data["tracks"]["friend"] == 0
    assert DcHelp.parse(t, cat) == DcHelp("resource", "food", 2, arrow=2)  # `dieson help`: the arrow's
    with pytest.raises(RuleError, match="the arrow at the Friend disc's space 2 gives 2 food, not 1 wood"):
        apply(t, DcHelp.parse(t, cat, "resource", "wood"), cat)
    t.data["tracks"]["friend"] = 1
    with pytest.raises(RuleError, match="no arrow leads back from the Friend disc's space 1"):
        DcHelp.parse(t, cat, "stars")
    jack = dieson.setup(cat, {}, 1)  # Jack's arrows from the card's data
    assert R.arrows(jack, cat)[3] == ("die", "lightning", 1)
    with pytest.raises(UsageError, match="arrows 'food:x'"):
        dieson.setup(cat, {"arrows": "food:x,-,-,-,-"}, 1)
    with pytest.raises(UsageError, match="each of the card's 5 spaces"):
        dieson.setup(cat, {"arrows": "food"}, 1)
    other = dieson.setup(cat, {"friend": "other"}, 1)  # a card whose arrows castaway does not know: all offered
    other.data["tracks"]["friend"] = 2
    assert R.arrows(other, cat) is None and DcHelp.parse(other, cat, "resource", "wood").arrow is None


def test_action_list_1_move_the_new_area_card_is_asked_never_drawn(cat):
    """§ Action List, 1. Move: "If you enter a new area while moving, immediately replace the revealed area
    card with a new area card." The table says which area it entered, by number or by name; castaway never
    draws the area pile."""
    from companion.games.dieson.afternoon import DcHelp
    from companion.games.dieson.flow import next_step

    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((2, 3, 4)), DcEvent(take="wood"))
    t.data["tracks"]["friend"] = 4  # Jack's arrow at 4: an action with the Lightning die (the card's data)
    t = run(t, cat, DcHelp.parse(t, cat))
    for answer in ("menu:move", "plain", 0, "other"):
        step = next_step(t, cat)
        t, _ = apply(t, step.make(answer), cat)
    step = next_step(t, cat)
    assert step.ask.prompt == "Which area is the place in?" and step.ask.default == "same"
    assert step.ask.parse("Deer") == "deer" and step.ask.parse("") == "same"
    before = dict(t.deck("areas"))
    t, _ = apply(t, step.make(step.ask.parse("deer")), cat)
    step = next_step(t, cat)
    t, _ = apply(t, step.make("wood"), cat)
    assert R.area(t) == "deer" and t.deck("areas")["table"] == ["deer"] and before["draw"] != t.deck("areas")["draw"]


def _at_box(cat, box, tools=(), face=5):
    """A die of FACE in hand with the action meeple on BOX (§ Afternoon 1-2), the TOOLS made."""
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((1, face, 6)), DcEvent(), DcPick(2, "cw"))
    t.data["tracks"]["action"] = R.boxes(cat).index(box) + 1
    assert R.box_at(cat, t.data["tracks"]["action"]) == box
    t.deck("tools")["held"] = {"crusoe": list(tools)}
    return t


def test_action_list_2_4_7_8_one_resource_the_builds_and_health_up_to_the_maximum(cat):
    t = _at_box(cat, "resource")
    stone = t.data["counters"]["stone"]
    t, _ = apply(t, DcDo("action", take="stone"), cat)  # 2. one food, wood or stone
    assert t.data["counters"]["stone"] == stone + 1
    t = _at_box(cat, "fences")
    t.data["counters"].update(stone=1, wood=1, fence=0)
    t2, _ = apply(t, DcDo("action"), cat)  # 4. 1 stone + 1 wood -> 2 fences
    assert (t2.data["counters"]["stone"], t2.data["counters"]["wood"], t2.data["counters"]["fence"]) == (0, 0, 2)
    t.deck("tools")["held"] = {"crusoe": ["rope"]}
    t2, _ = apply(t, DcDo("action"), cat)  # the Rope: one fence more (§ Tool List)
    assert t2.data["counters"]["fence"] == 3
    t = _at_box(cat, "roofs")
    t.data["counters"].update(leather=1, wood=1, roof=0)
    t2, _ = apply(t, DcDo("action"), cat)  # 7. 1 leather + 1 wood -> 2 roofs
    assert (t2.data["counters"]["leather"], t2.data["counters"]["wood"], t2.data["counters"]["roof"]) == (0, 0, 2)
    t.data["counters"]["leather"] = 0
    with pytest.raises(RuleError, match="needs 1 leather"):
        apply(t, DcDo("action"), cat)
    t = _at_box(cat, "recover", face=6)
    top = R.max_health(t)
    t.data["counters"]["health"] = top - 1
    t2, _ = apply(t, DcDo("action"), cat)  # 8. health = stars, never past the maximum
    assert R.stars_for(cat, 6) > 1 and t2.data["counters"]["health"] == top


def test_tool_list_basket_axe_and_the_power_tools(cat):
    stars = R.stars_for(cat, 5)
    for tools, more in (((), 0), (("basket",), 1), (("basket", "axe"), 2)):
        t = _at_box(cat, "woods", tools)
        wood = t.data["counters"]["wood"]
        t, _ = apply(t, DcDo("action"), cat)  # 5. woods = stars; Basket and Axe one star more each
        assert t.data["counters"]["wood"] == wood + stars + more
    t = _at_box(cat, "stones", ("basket",))
    stone = t.data["counters"]["stone"]
    t, _ = apply(t, DcDo("action"), cat)  # 3. stones = stars; the Basket one more
    assert t.data["counters"]["stone"] == stone + stars + 1
    t = _at_box(cat, "hunt")
    base = R.hunt_power(t, cat, 2)
    assert base == t.data["dc"]["power"] + 2
    t.deck("tools")["held"] = {"crusoe": ["stone-knife", "axe", "sword"]}
    assert R.hunt_power(t, cat, 2) == base + 1 + 2 + 1  # the Knife +1, the Axe +2, the Sword +1


@pytest.mark.parametrize("quest,days,needs", [
    ("2", 10, {"place:mountain-top", "tool:flag"}),
    ("3", 12, {"place:watch-dog", "tool:watch-dog"}),
    ("4", 14, {"area:cannibals", "tool:bow", "hunt:cannibals"}),
])
def test_quest_list_2_3_4_need_the_place_and_the_tool(cat, quest, days, needs):
    t = dieson.setup(cat, {"quest": quest}, 1)
    card = R.quest_card(t, cat)
    assert card.get("duration") == days and set(R.quest_missing(t, cat)) == needs
    for need in sorted(needs):
        kind, _colon, what = need.partition(":")
        if kind == "tool":
            t.deck("tools")["held"] = {"crusoe": [what]}
        else:
            t.data["dc"]["visited" if kind == "place" else {"area": "areas", "hunt": "hunted"}[kind]].append(what)
        needs = needs - {need}
        assert set(R.quest_missing(t, cat)) == needs


def _dusk(cat, tools, lightning=1, raid=1, food=2):
    t = dieson.setup(cat, {}, 1)
    t.data["flags"]["phase"] = "evening"
    t.data["flow"]["step"] = "dusk"
    t.deck("tools")["held"] = {"crusoe": list(tools)}
    t.data["dc"]["icons"]["lightning"]["v"], t.data["dc"]["icons"]["raid"]["v"] = lightning, raid
    t.data["counters"].update(food=food, leather=0, fence=0)
    return t


def test_tool_list_trap_watch_dog_and_flag_at_the_start_of_the_evening(cat):
    from companion.games.dieson.day import DcDusk

    t, _ = apply(_dusk(cat, ["trap"], lightning=5), DcDusk(trap=True), cat)  # 1 food -> 1 leather and 2 food
    assert (t.data["counters"]["food"], t.data["counters"]["leather"]) == (3, 1)
    with pytest.raises(RuleError, match="Trap does not work tonight"):
        apply(_dusk(cat, ["trap"], lightning=4), DcDusk(trap=True), cat)
    t, _ = apply(_dusk(cat, ["watch-dog"], raid=6), DcDusk(dog=True), cat)  # 1 food -> 1 fence
    assert (t.data["counters"]["food"], t.data["counters"]["fence"]) == (1, 1)
    with pytest.raises(RuleError, match="Watch Dog does not work tonight"):
        apply(_dusk(cat, ["watch-dog"], raid=4), DcDusk(dog=True), cat)
    for lightning, on in ((2, 1), (4, 1), (3, 0), (6, 0)):  # the Flag: the friend disc on, by itself
        t = _dusk(cat, ["flag"], lightning=lightning)
        before = t.data["tracks"]["friend"]
        t, _ = apply(t, DcDusk(), cat)
        assert t.data["tracks"]["friend"] == before + on


def test_tool_list_fire_after_the_morning_and_the_blueprint_die(cat):
    from companion.games.dieson.afternoon import DcSwap

    t = dieson.setup(cat, {}, 1)
    t.deck("tools")["held"] = {"crusoe": ["fire"]}
    t.data["dc"]["icons"]["weather"]["v"] = 4
    t = run(t, cat, DcRoll((1, 5, 6)), DcEvent())  # the Fire: the Weather die -1 after the Morning
    assert t.data["dc"]["icons"]["weather"]["v"] == 3
    t = run(dieson.setup(cat, {}, 1), cat, DcRoll((1, 5, 6)), DcEvent())
    with pytest.raises(RuleError, match="make the Blueprint first"):
        apply(t, DcSwap(1), cat)
    t.data["dc"]["blueprint"] = {"c": "grey", "v": 6}  # as the Blueprint made puts it on the card
    t, _ = apply(t, DcSwap(1), cat)  # the card's 6 for the unused 1
    assert t.data["dc"]["unused"][0] == {"c": "grey", "v": 6} and t.data["dc"]["blueprint"]["v"] == 1


def test_end_the_day_a_die_pushed_past_6_shows_6_and_the_fire_stops_at_1(cat):
    """§ End the Day and § Event List raise the Weather or Raid die by 1 or 2; a die shows 1..6 (assumed, rules.die_cap)."""
    from companion.games.dieson.day import bump_icon

    t = dieson.setup(cat, {}, 1)
    t.data["dc"]["icons"]["raid"]["v"] = 5
    assert bump_icon(t, cat, "raid", 2) == (5, 6) and t.data["dc"]["icons"]["raid"]["v"] == 6
    t.data["dc"]["icons"]["weather"]["v"] = 1
    assert bump_icon(t, cat, "weather", -1) == (1, 1)


def test_craft_a_tool_stars_resources_the_rope_icon_and_the_location_icon(cat):
    """§ Craft a Tool 1-2 and its additional conditions, read from each card's data (tools.toml, assumed costs)."""
    t = dieson.setup(cat, {"tools": "all"}, 1)
    t.data["counters"].update(food=9, wood=9, stone=9, leather=9)
    cards = cat.deck("tools")
    roped = next(c for c in cards.cards if c.get("needs_rope"))
    placed = next(c for c in cards.cards if c.get("location"))
    plain = next(c for c in cards.cards if not c.get("needs_rope") and not c.get("location") and c.get("stars"))
    assert R.craft_problems(t, cat, plain.id, plain.get("stars")) == []
    assert any("stars" in p for p in R.craft_problems(t, cat, plain.id, plain.get("stars") - 1))  # 1. the stars
    res, n = next(iter(plain.get("cost").items()))
    t.data["counters"][res] = n - 1
    assert any(R.res_name(res) in p for p in R.craft_problems(t, cat, plain.id, 9))  # 2. the resources
    t.data["counters"][res] = 9
    assert R.craft_problems(t, cat, roped.id, 9) == ["needs the Rope made first"]  # the rope icon
    t.deck("tools")["held"] = {"crusoe": ["rope"]}
    assert R.craft_problems(t, cat, roped.id, 9) == []
    assert [p for p in R.craft_problems(t, cat, placed.id, 9) if "made only at" in p]  # the location icon
    t.data["flags"]["place"] = placed.get("location")
    assert R.craft_problems(t, cat, placed.id, 9) == []
