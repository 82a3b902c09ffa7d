"""21 Mutinies procedures as pure functions of (state, dice): each rule of the round in the rulebook
(21-mutinies-rulebook-en.txt: placing, the actions, the cabin and the mutiny) checked on a table built by
setup and changed only through actions (tests/mutinies_table.py). The cards, treasures, bonuses, the end
and random games: test_mutinies_cards_and_scoring.py."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError
from companion.games.mutinies import game as M
from companion.games.mutinies import placing
from companion.games.mutinies.actions import Place, Plunder, Raid, Routes, Take, Tavern, Town, Trade
from companion.games.mutinies.sailors import Cabin, Mutiny
from tests.mutinies_table import CAT, ready, run, seat

# -- the round ---------------------------------------------------------------------------------


def test_captain_never_repeats_last_rounds_action():
    """§ The Actions: the pirate token covers the captain's last action for the next round."""
    t = ready()
    t, _ = run(t, Place("red", "tavern"), Place("blue", "cabin"), Place("green", "cabin"), Tavern(1),
               Cabin("prestige"), Cabin("doubloon"))
    assert t.data["tracks"]["round"] == 2 and t.data["flow"]["pirate"] == "tavern"
    with pytest.raises(RuleError, match="last round"):
        run(t, Place("red", "tavern"))
    assert "tavern" not in placing.legal_spots(t, CAT, "red")


def test_sailor_may_only_follow_cabin_or_mutiny():
    t = ready()
    t, _ = run(t, Place("red", "wreck"))
    with pytest.raises(RuleError, match="follow the captain"):
        run(t, Place("blue", "tavern"))
    assert set(placing.legal_spots(t, CAT, "blue")) == {"wreck", "cabin", "mutiny:0", "mutiny:1", "mutiny:3"}


@pytest.mark.parametrize("space, faces, treasure", [
    (1, (1, 1), 0), (1, (2, 1), 1), (2, (2, 2), 0), (2, (3, 1), 1), (3, (3, 3), 0), (3, (4, 1), 1),
])
def test_shipwreck_threshold_per_space(space, faces, treasure):
    """§ 3) Plunder Shipwrecks: a die must beat 1 for the captain, 2..5 on the next spaces."""
    t = ready(5)
    order = ["red", "blue", "green", "yellow", "purple"]
    t, _ = run(t, Place("red", "wreck"), *[Place(s, "wreck" if i < space else "cabin") for i, s in enumerate(order[1:], 1)])
    for i in range(space - 1):
        t, _ = run(t, Plunder((1, 1)))
    who = order[space - 1]
    t, _ = run(t, Plunder(faces))
    assert seat(t, who)["treasure"] == treasure


def test_captain_extra_doubloon_and_empty_treasure_stack():
    """§ 3): both dice over 1 give the captain a doubloon more; an empty stack pays 1 prestige + 1 doubloon."""
    t = ready()
    t.data["counters"]["treasures"] = 0
    t, _ = run(t, Place("red", "wreck"), Place("blue", "wreck"), Place("green", "cabin"))
    t, _ = run(t, Plunder((2, 2)), Plunder((3, 1)))
    assert (seat(t, "red")["prestige"], seat(t, "red")["doubloons"]) == (4, 3 + 1 + 1)
    assert (seat(t, "blue")["prestige"], seat(t, "blue")["doubloons"]) == (4, 5)


def test_last_spaces_give_rum_or_doubloons():
    """§ 3) and § 4): sailors on the 4th and 5th spaces gain 1 rum (wrecks) or 1/2 doubloons (tavern)."""
    t = ready(5)
    t, _ = run(t, *[Place(s, "tavern") for s in ["red", "blue", "green", "yellow", "purple"]])
    assert seat(t, "yellow")["doubloons"] == 4 + 1 and seat(t, "purple")["doubloons"] == 5 + 2
    assert seat(t, "green")["doubloons"] == 4


def test_tavern_round_robin_until_the_rum_runs_out():
    """§ 4) Tavern: 1 free rum for the captain, then die + 2 handed round from the captain."""
    t = ready()
    t, _ = run(t, Place("red", "tavern"), Place("blue", "tavern"), Place("green", "tavern"))
    t2, r = run(t, Tavern(5))  # 7 rum: red 3, blue 2, green 2, plus red's free one
    assert [seat(t2, s)["rum"] for s in ("red", "blue", "green")] == [1 + 1 + 3, 1 + 2, 1 + 2]
    short = t.copy()
    short.data["pools"]["rum"]["supply"] = 3 + 4  # the tavern holds 4 rum
    t3, _ = run(short, Tavern(6))
    assert [seat(t3, s)["rum"] for s in ("red", "blue", "green")] == [1 + 1 + 1, 1 + 1, 1 + 1]
    assert t3.pool_left("rum") == 0


def test_routes_pay_take_and_refill():
    """§ 1) On Trade Routes: able to pay to place, pay at resolution, empty squares refilled."""
    t = ready(3, costs=["5d", "1d1r", "0", "3d"])
    with pytest.raises(RuleError, match="cannot pay"):
        run(t, Place("red", "routes:1"))
    t, _ = run(t, Place("red", "routes:2"), Place("blue", "routes:3"), Place("green", "cabin"), Take(), Take())
    assert (seat(t, "red")["doubloons"], seat(t, "red")["rum"], seat(t, "red")["jewel"]) == (2, 0, 1)
    routes = t.data["flow"]["routes"]
    assert [sq["cost"] for sq in routes] == [[5, 0], None, None, [3, 0]]
    assert t.data["counters"]["jewels"] == 50 - 2


def test_fifth_raider_draws_a_free_jewel():
    t = ready(5)
    t, _ = run(t, *[Place(s, f"routes:{i}") for i, s in enumerate(["red", "blue", "green", "yellow", "purple"], 1)])
    t, _ = run(t, *[Take() for _ in range(5)])
    assert seat(t, "purple")["jewel"] == 2 and seat(t, "yellow")["jewel"] == 1


def test_beyond_pays_at_placement_and_refunds_a_refused_jewel():
    """§ 2) Beyond: the board's cost is paid before placing; a refused jewel gives it back."""
    t = ready(4, beyond="1,1,2,2,3")
    t, _ = run(t, Place("red", "beyond"), Place("blue", "beyond"), Place("green", "beyond"), Place("yellow", "beyond"))
    assert [seat(t, s)["doubloons"] for s in ("red", "blue", "green", "yellow")] == [2, 3, 2, 2]
    assert seat(t, "yellow")["rum"] == 2  # the 4th space's rum
    t, _ = run(t, Raid(True), Raid(False), Raid(True), Raid(True))
    assert seat(t, "blue")["doubloons"] == 4 and seat(t, "blue")["jewel"] == 0
    assert t.data["counters"]["jewels-out"] == 1


def test_black_market_rum_cap_and_payout():
    """§ 5) Black Market: the combination is needed to place; rum capped by 4 and the symbols traded."""
    t = ready()
    seat(t, "red")["jewel"] = 3
    seat(t, "red")["rum"] = 5
    with pytest.raises(RuleError, match="trades 4"):
        run(t, Place("red", "market:same4"))
    t, _ = run(t, Place("red", "market:same3"), Place("blue", "cabin"), Place("green", "cabin"))
    with pytest.raises(RuleError, match="no black market chart"):
        run(t, Trade(1))
    with pytest.raises(RuleError, match="0..2 rum"):
        run(t, Trade(3, (5, 2), symbols=2))
    t2, _ = run(t, Trade(2, (5, 2), symbols=2))
    assert (seat(t2, "red")["jewel"], seat(t2, "red")["rum"], seat(t2, "red")["doubloons"], seat(t2, "red")["prestige"]) == (0, 3, 8, 5)


def test_black_market_chart_from_a_users_file(tmp_path, monkeypatch):
    (tmp_path / "mutinies").mkdir()
    (tmp_path / "mutinies" / "chart.toml").write_text(
        '[rules.market-chart]\nchart = { any2 = [[1,0],[2,0],[2,1],[3,1],[3,2]] }\nsource = "my board"\n')
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path))
    monkeypatch.setattr(catalog, "_CACHE", {})
    cat = catalog.load("mutinies")
    t = M.setup(cat, {"count": "3", "order": "red,blue,green"}, 1)
    t, _ = apply(t, Routes.parse(("0",) * 4), cat)
    seat(t, "red")["jewel"] = 2
    for a in (Place("red", "market:any2"), Place("blue", "cabin"), Place("green", "cabin"), Trade(1)):
        t, _ = apply(t, a, cat)
    assert (seat(t, "red")["doubloons"], seat(t, "red")["prestige"]) == (3 + 2, 3)


def test_town_spaces():
    """§ 6) Visit the Town: tale (2 doubloons → 2 prestige), theft, tavern, rumours."""
    t = ready(4, costs=["1d", "0", "0", "0"])
    t, _ = run(t, Place("red", "town:tale"), Place("blue", "town:theft"), Place("green", "town:tavern"),
               Place("yellow", "town:rumours"))
    t, _ = run(t, Town(), Town(1), Town(), Town())
    assert (seat(t, "red")["doubloons"], seat(t, "red")["prestige"]) == (1, 5)
    assert (seat(t, "blue")["doubloons"], seat(t, "blue")["jewel"]) == (3, 1)
    assert seat(t, "green")["rum"] == 2 and seat(t, "yellow")["treasure"] == 1
    assert t.data["flow"]["routes"][0] == {"token": True, "cost": None}


def test_fifth_player_on_the_last_town_space_gains_a_prestige():
    t = ready(5)
    for s in ("red", "blue", "green", "yellow", "purple"):
        seat(t, s)["jewel"] = 2
    t, _ = run(t, Place("red", "town:tale"), Place("blue", "town:theft"), Place("green", "town:tavern"),
               Place("yellow", "town:rumours"), Place("purple", "town:market:any2"))
    assert seat(t, "purple")["prestige"] == 4


def test_cabin_choices_and_stealing_alone():
    """§ 1) Cabin: a sailor alone may steal the doubloon from another player; not when two are there."""
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "cabin"), Plunder((1, 1)))
    with pytest.raises(RuleError, match="alone"):
        run(t, Cabin("steal", "red"))
    seat(t, "blue")["doubloons"] = 5
    t, _ = run(t, Cabin("buy"), Cabin("prestige"))
    assert (seat(t, "blue")["doubloons"], seat(t, "blue")["prestige"]) == (0, 6)
    assert seat(t, "green")["prestige"] == 4
    alone = ready()
    alone, _ = run(alone, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "mutiny:1"), Plunder((1, 1)),
                   Cabin("steal", "green"))
    assert seat(alone, "blue")["doubloons"] == 5 and seat(alone, "green")["doubloons"] == 3


def test_cabin_buy_needs_five_doubloons():
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "cabin"), Plunder((1, 1)))
    with pytest.raises(RuleError, match="cannot pay 5"):
        run(t, Cabin("buy"))


def test_mutiny_order_by_money_and_a_robbed_mutineer_gets_nothing():
    """§ 2) Mutiny: the top payer is captain, the other mutineers follow by money paid, the rest keep
    their order; a sailor robbed below the cost pays nothing and gets nothing."""
    t = ready(5)
    seat(t, "yellow")["doubloons"] = 6
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "mutiny:1"),
               Place("yellow", "mutiny:6"), Place("purple", "mutiny:3"), Plunder((1, 1)))
    t, r = run(t, Cabin("steal", "yellow"))  # blue alone in the cabin robs yellow: 5 left, space 6 fails
    t, r = run(t, Mutiny())
    f = t.data["flow"]
    assert f["order"] == ["purple", "green", "red", "blue", "yellow"]
    assert (seat(t, "yellow")["doubloons"], seat(t, "yellow")["prestige"]) == (5, 3)
    assert (seat(t, "purple")["doubloons"], seat(t, "purple")["prestige"]) == (2, 5)
    assert f["draw"] == "purple" and t.data["flags"]["phase"] == "mutiny-card"


def test_mutiny_space_zero_costs_a_prestige():
    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "mutiny:0"), Place("green", "cabin"), Plunder((1, 1)),
               Cabin("doubloon"), Mutiny())
    assert (seat(t, "blue")["prestige"], seat(t, "blue")["doubloons"]) == (2, 5)
    assert t.data["flow"]["order"] == ["blue", "red", "green"]

@pytest.mark.parametrize("action", ["routes", "beyond", "wreck", "tavern"])
def test_fifth_player_on_the_last_space_of_any_marked_action_gains_a_prestige(action):
    """§ The Actions, the * footnote under the trade routes, beyond them, the shipwrecks, the tavern and the
    town: the fifth player's pawn on the last space available gains 1 prestige."""
    t = ready(5)
    order = ["red", "blue", "green", "yellow", "purple"]
    spots = [f"routes:{i}" for i in range(1, 6)] if action == "routes" else [action] * 5
    before = seat(t, "purple")["prestige"]
    t, _ = run(t, *[Place(s, spot) for s, spot in zip(order, spots)])
    assert seat(t, "purple")["prestige"] == before + 1
    assert seat(t, "yellow")["prestige"] == 3


def test_no_fifth_player_prestige_off_the_last_space_or_at_the_black_market():
    t = ready(5)
    t, _ = run(t, Place("red", "wreck"), Place("blue", "wreck"), Place("green", "cabin"), Place("yellow", "wreck"),
               Place("purple", "wreck"))  # four pawns: the fifth space stays free
    assert seat(t, "purple")["prestige"] == 3
    m = ready(5)
    for s in ("red", "blue", "green", "yellow", "purple"):
        seat(m, s)["jewel"] = 4
    m, _ = run(m, *[Place(s, f"market:{c}") for s, c in zip(["red", "blue", "green", "yellow", "purple"],
                                                          ["any2", "any3", "any4", "same3", "pairs"])])
    assert seat(m, "purple")["prestige"] == 3  # no footnote mark at the black market

def test_the_cabin_menu_lists_only_what_can_be_paid():
    from companion.games.mutinies.guide import next_step

    t = ready()
    t, _ = run(t, Place("red", "wreck"), Place("blue", "cabin"), Place("green", "wreck"), Plunder((1, 1)), Plunder((1, 1)))
    seat(t, "blue")["doubloons"] = 4
    seat(t, "green")["doubloons"] = 0
    values = [v for v, _ in next_step(t, CAT).ask.choices]
    assert "buy" not in values and "steal:green" not in values and "steal:red" in values
