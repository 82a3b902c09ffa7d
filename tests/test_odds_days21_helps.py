"""21 Days odds added for issue 16: Pjotr's cancel in attacks, rerolls and special hope tokens on
ordinary days, Mick's extra token at the Hope location; hand-checked values."""

from __future__ import annotations

from fractions import Fraction as F

from companion.odds.days21 import attacks as d
from companion.odds.days21 import helps as hp
from companion.odds.days21 import rolls as rl
from companion.odds.dist import marginal, prob


def crew(*stacks):
    return d.Crew(tuple(f"s{i}" for i in range(len(stacks))), tuple(f"s{i}" for i in range(len(stacks))),
                  tuple(stacks), {f: 0 for f in range(1, 7)})


def test_pjotr_cancels_the_killing_bite():
    c = crew((1,), (5,))  # every fin points at the survivor with 1 strength: a bite over 1 kills him
    plain = d.summary(c, d.shark_bite(c, 6))
    assert plain["survivors"][0]["die"] == F(5, 6)
    final = d.shark_bite(c, 6, d.Pjotr(1, 2, "live"))
    assert prob(final, lambda x: not x[0][0]) == 0  # cancelled every time
    assert marginal(final, lambda x: x[1]) == {0: F(5, 6), 2: F(1, 6)}  # 2 hope spent when he bit


def test_pjotr_runs_out_of_hope():
    c = crew((2,), (5,))
    final = d.shark_attack(c, 2, d.Pjotr(1, 2, "all"))  # two bites, hope for one cancel
    # the first wound is cancelled, a second wound (a bite over 2 again) stands
    assert prob(final, lambda x: sum(x[0][0]) == 1) == F(4, 6) * F(4, 6)
    final_oct = d.octopus_fight(c, 1, d.Pjotr(1, 0, "all"))
    assert marginal(final_oct, lambda x: (x[0][0], x[1])) == marginal(d.octopus_fight(c, 1), lambda x: x)  # no hope: as without him


def test_a_reroll_on_a_single_flare():
    where = hp.helped(1, lambda f: rl.flare_ship(f, 4, 1, 9), "reroll")
    assert where == {4: F(25, 36), 5: F(11, 36)}


def test_special_tokens_wrap_six_and_one():
    assert hp.wrap(7) == 1 and hp.wrap(0) == 6 and hp.wrap(8) == 2
    good = hp.helped(1, lambda f: f[0] >= 5, "plusminus2", value=int)
    assert good == {True: F(1)}  # 1 -> 5 (1-2 wraps), 2 -> 6 (2-2 wraps), 3 -> 5, 4 -> 6
    one = hp.helped(1, lambda f: f[0] == 6, "plusminus1", value=int)
    assert one[True] == F(3, 6)  # 5, 6 and 1 (wrapping) become 6


def test_jellyfish_help_turns_the_first_failure():
    stings = hp.swim([(">", 1)], "reroll", lambda op, n, v: v > n if op == ">" else v < n)
    assert stings == {0: 1 - F(1, 36), 1: F(1, 36)}


def test_mick_extra_token_at_the_hope_location():
    r = rl.hope_location(1, 3, (False,), 16, mick=True)
    assert r["mick"] == {0: F(1)}  # one die never brings 3 tokens
    r = rl.hope_location(3, 3, (False,) * 3, 16, mick=True)
    assert r["mick"][1] == prob(rl.hope_location(3, 3, (False,) * 3, 16)["won"], lambda k: k >= 3)
    full = rl.hope_location(3, 3, (False,) * 3, 3, mick=True)  # the bag holds exactly 3: no extra one
    assert full["mick"].get(1, 0) == 0


def test_small_bag_pays_the_ones_back_first():
    got, lost, _more = rl.hope_payout((1, 4, 4), 3, (True, True, True), 2)
    assert (got, lost) == (3, 1)  # the 1 paid back goes into the bag first, so 3 can be drawn


def test_guided_attack_lines_show_pjotr_with_his_hope():
    from companion.odds.days21 import read as rd
    from tests import odds_mc as mc

    t = mc.table([(1,), (5,), (3, 1)], hope=[0, 0, 4], survivors=["maya", "tomi", "pjotr"])
    lines = rd.shark_lines(t, mc.CAT)
    assert lines[-1].startswith("If Pjotr cancels every wound that would kill (2 hope each): nobody dies")
    t.seat_values("blue")["hope"] = 1  # too little for one cancel: no line
    assert not any("Pjotr cancels" in x for x in rd.shark_lines(t, mc.CAT))


def test_guided_flare_line_lists_the_order_near_the_buoy():
    from companion.odds.days21 import steps as st
    from tests import odds_mc as mc

    t = mc.table([(3,), (4,), (5,)], ship=9)
    t.data["flow"]["placements"] = [["red", "flare"], ["yellow", "flare"], ["blue", "flare"]]
    lines = st.ODDS["flare"](t, mc.CAT, {"do": "flare"})
    assert any(x.startswith("Assumed: with three flare dice, the 6s move the ship first") for x in lines)
    t.data["tracks"]["ship"] = 2  # far from the buoy: the order cannot matter, nothing to say
    assert not any(x.startswith("Assumed") for x in st.ODDS["flare"](t, mc.CAT, {"do": "flare"}))
