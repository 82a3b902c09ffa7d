"""21 Days odds: hand-checked cases, agreement with dyce, and the engine's own procedures (tests/odds_mc.py)
against the exact odds: run once for every way the dice and the colour tokens can fall where they are few
(the odds must then be equal, not close), and as Monte Carlo runs within 4 standard errors where they are
too many (the shark attack's eight dice, the octopus). ODDS_MC_N sets the sample count (default 20,000
here to keep the suite quick; bench/bench_odds.py runs 100,000)."""

from __future__ import annotations

import os
import random
from fractions import Fraction as F

import pytest

from companion.odds.days21 import attacks as d
from companion.odds.days21 import rolls as rl
from companion.odds.dist import D6, at_least, marginal, mean, prob
from tests import odds_mc as mc

N = int(os.environ.get("ODDS_MC_N", "20000"))
JELLY_A = [(">", 1), (">", 2), ("<", 3), ("<", 4)]


def crew(stacks):
    return d.crew_from_values([tuple(s) for s in stacks])


def lone(stack):
    """One survivor on the raft: every fin points at them (an empty spot's tokens pick them too)."""
    return d.Crew(("red",), ("red",), (tuple(stack),), {f: 0 for f in range(1, 7)})


# -- hand-checked -----------------------------------------------------------------------------------


@pytest.mark.parametrize("s", range(1, 7))
def test_one_bite_against_strength_s_wounds_with_6_minus_s_over_6(s):
    final = d.shark_bite(lone((s, 6)), 1)
    assert prob(final, lambda x: sum(x[0]) < s + 6) == F(6 - s, 6)


def test_single_bite_at_an_empty_spot_lets_the_tokens_pick_among_the_living():
    c = crew([(1,), (6,)])  # spot 1 (fins 1, 2) red at 1; fin 6 points at spot 4: empty
    final = d.shark_bite(c, 6)
    assert prob(final, lambda x: not x[0]) == F(1, 2) * F(5, 6)
    assert prob(final, lambda x: x[1] != (6,)) == 0


def test_fishing_table_rulebook_cs():
    r = rl.fishing([1, 2, 3, 4, 4, 5], (6, 6, 6, 5))
    assert r["fish"] == {1: F(1, 6), 2: F(1, 6), 3: F(1, 6), 4: F(2, 6), 5: F(1, 6)}
    assert r["room"] == 1 and r["gained"] == {1: F(1)} == r["best"]
    r = rl.fishing([1, 2, 3, 4, 4, 5], (5, 2, 6, 3))  # the Czech rulebook's example: a 6 feeds red, blue twice, yellow
    assert r["room"] == 5 and r["best"] == r["gained"]  # one fish each first: not a pool (issue #26)
    assert rl.shared_gain((5, 2, 6, 3), 5) == 4  # green at 6 takes the first round's fish in vain
    assert r["gained"] == {1: F(1, 6), 2: F(1, 6), 3: F(3, 6), 4: F(1, 6)}


def test_two_challenge_jellyfish_card_by_hand():
    final = d.jellyfish((2,), [(">", 2), ("<", 4)])  # pass 4/6, then 3/6
    assert final == {(2,): F(4, 6) * F(3, 6), (1,): F(4, 6) * F(3, 6) + F(2, 6) * F(3, 6), (): F(2, 6) * F(3, 6)}


def test_jellyfish_example_card_strong_swimmer_stings():
    s = d.single_summary((6, 6), d.jellyfish((6, 6), JELLY_A))
    p = [F(1, 6), F(2, 6), F(4, 6), F(3, 6)]  # fail chances: >1, >2, <3, <4
    assert s["loss"][4] == p[0] * p[1] * p[2] * p[3]
    assert s["loss"][0] == (1 - p[0]) * (1 - p[1]) * (1 - p[2]) * (1 - p[3])


def test_octopus_wakes_on_four_faces_and_never_wounds_at_one():
    assert d.octopus_wakes(("blank", "blank", "tentacle", "tentacle", "tentacle", "tentacle")) == F(2, 3)
    final = d.octopus_fight(lone((1,)), 8)
    assert prob(final, lambda x: x[0] == ((1,),)) == 1


def test_octopus_one_tentacle_by_hand():
    final = d.octopus_fight(lone((3,)), 1)  # white 3 (1/6): defence 1-2 wounds, 3 escapes, 4-6 cuts
    assert marginal(final, lambda x: x[1]) == {0: F(1) - F(1, 6) * F(3, 6), 1: F(1, 6) * F(3, 6)}
    assert prob(final, lambda x: x[0] == ((2,),)) == F(1, 6) * F(2, 6)


def test_hope_location_by_hand():
    r = rl.hope_location(1)
    assert r["won"] == {0: F(2, 6), 1: F(3, 6), 2: F(1, 6)}
    r = rl.hope_location(3, holders=(True, True, True))
    assert r["paid"][0] == F(5, 6) ** 3
    assert rl.hope_location(3, holders=(False,) * 3, bag=0)["won"] == {0: F(1)}
    assert rl.hope_location(3, holders=(True, False, False), bag=0)["won"] == {0: F(5, 6), 1: F(1, 6)}  # a paid-back token refills the bag


def test_three_flares_go_back_without_a_six_and_with_a_one():
    r = rl.flares(3, 5, 1, 9)
    assert r["back"] == F(125 - 64, 216)
    assert rl.flares(1, 5, 1, 9)["forward"] == F(1, 6)
    assert rl.flares(1, 9, 1, 9)["forward"] == 0  # the buoy waits for day 21


def test_paranoia_pay_nothing_dies_when_the_die_reaches_the_total():
    for total in range(1, 7):
        assert rl.paranoia((total,), 0)["die"] == F(7 - total, 6)
    r = rl.paranoia((2, 3), 2, "live")
    assert r["die"] == 0 and mean(r["spent"]) == F(0 + 0 + 0 + 0 + 1 + 2, 6)


def test_kid_costs_him_his_last_point_a_third_of_the_time():
    assert rl.kid((1,))["die"] == F(1, 3)
    assert rl.kid((1, 4))["lose_die"] == F(1, 3)


# -- dyce agrees where it can say the same -----------------------------------------------------------


@pytest.mark.filterwarnings("ignore::Warning")
def test_dyce_agrees():
    from dyce import H
    from dyce.evaluation import expand

    for s in range(1, 7):
        assert dict(H(6).gt(s).probability_items()).get(True, 0) == prob(d.shark_bite(lone((s,)), 1), lambda x: x[0] != (s,))
    fish = [1, 2, 3, 4, 4, 5]
    assert dict(H(6).apply(lambda v: fish[v - 1]).probability_items()) == rl.fishing(fish, (1,))["fish"]
    assert dict((3 @ H(6)).apply(lambda v: v // 3).probability_items()) == rl.hope_location(3, holders=(False,) * 3)["won"]
    assert dict((3 @ H(6).eq(6)).probability_items()) == marginal(rl.flares(3, 1, 1, 20, full=4)["ship"], lambda s: s - 1)
    stings = sum(H(6).apply(lambda v, o=o, n=n: int(not (v > n if o == ">" else v < n))) for o, n in JELLY_A)
    assert dict(stings.probability_items()) == d.single_summary((6, 6), d.jellyfish((6, 6), JELLY_A))["loss"]

    def attack(vis_h, n):  # one survivor alone: four bites, each wounding when inner > visible
        def bite(vis, n):
            if n == 0:
                return H({0: 1})
            return expand(lambda inner: (1 + bite(vis - 1, n - 1)) if inner.outcome > vis else bite(vis, n - 1), H(6))
        return bite(vis_h, n)

    got = d.summary(lone((4, 6)), d.shark_attack(lone((4, 6)), 4))["survivors"][0]["loss"]
    assert dict(attack(4, 4).lowest_terms().probability_items()) == got


# -- Monte Carlo through the engine --------------------------------------------------------------------


def _check(exact: dict, samples: list) -> None:
    n = len(samples)
    for outcome, p in exact.items():
        hits = sum(1 for s in samples if s == outcome)
        assert mc.within(p, hits, n), f"{outcome}: exact {float(p):.5f}, sampled {hits / n:.5f} over {n}"
    assert all(s in exact for s in samples)


def _exactly(exact: dict, procedure) -> None:
    """The engine, run once for every way the dice and the colour tokens can fall, gives exactly these odds."""
    walked = mc.distribution(procedure)
    expected = {k: F(v) for k, v in exact.items() if v}
    assert walked == expected, {k: (walked.get(k), expected.get(k)) for k in {*walked, *expected} if walked.get(k) != expected.get(k)}


def test_shark_attack_matches_the_engine():
    stacks = [(3, 5), (2,), (6, 1), (1, 4)]
    rng = random.Random(21)
    runs = [tuple(tuple(s) for s in mc.shark_attack(stacks, rng)) for _ in range(N)]
    exact = d.shark_attack(crew(stacks), 4)
    for i in range(4):
        _check(marginal(exact, lambda x, i=i: d.fate(stacks[i], x[i])), [d.fate(stacks[i], r[i]) for r in runs])
        _check(marginal(exact, lambda x, i=i: sum(x[i])), [sum(r[i]) for r in runs])


def test_shark_attack_with_an_empty_spot_matches_the_engine():
    stacks = [(2,), (1, 2), (4,)]  # spot 4 (fins 5, 6) empty: the colour tokens pick
    rng = random.Random(5)
    runs = [tuple(tuple(s) for s in mc.shark_attack(stacks, rng)) for _ in range(N)]
    exact = d.shark_attack(crew(stacks), 4)
    _check(marginal(exact, lambda x: tuple(bool(s) for s in x)), [tuple(bool(s) for s in r) for r in runs])


def test_single_bite_matches_the_engine():
    stacks = [(2,), (5,), (1, 1)]
    _exactly(marginal(d.shark_bite(crew(stacks), 6), lambda x: x),
             lambda rng: tuple(tuple(s) for s in mc.shark_bite(stacks, 6, rng)))


def test_octopus_fight_matches_the_engine():
    stacks = [(3, 5), (2, 4), (5, 1), (3, 3)]  # a tie at 3: the colour tokens pick
    rng = random.Random(8)
    n = max(2000, N // 4)
    runs = [mc.octopus(stacks, 8, rng) for _ in range(n)]
    exact = d.octopus_fight(crew(stacks), 8)
    _check(marginal(exact, lambda x: x[1]), [r[1] for r in runs])
    for i in range(4):
        _check(marginal(exact, lambda x, i=i: sum(x[0][i])), [sum(r[0][i]) for r in runs])


def test_jellyfish_matches_the_engine():
    _exactly(d.jellyfish((2, 1), JELLY_A), lambda rng: tuple(mc.jellyfish((2, 1), JELLY_A, rng)))


def test_hope_location_matches_the_engine():
    holders = (True, True, False)
    _exactly(rl.hope_location(3, 3, holders, 16 - 2)["net"], lambda rng: mc.hope(3, holders, rng))


def test_fishing_matches_the_engine():
    stacks = [(5,), (2,), (6,), (3,)]
    _exactly(rl.fishing([1, 2, 3, 4, 4, 5], (5, 2, 6, 3))["gained"], lambda rng: mc.fishing(stacks, rng))


def test_flares_match_the_engine():
    from companion.games.days21.core import anchor, buoy

    _exactly(rl.flares(3, 8, mc.CAT.tracks["ship"].min, buoy(mc.CAT) - 1, anchor(mc.CAT))["ship"],
             lambda rng: mc.flares(3, 8, rng))


@pytest.mark.parametrize("policy", ["none", "live", "dice", "all"])
def test_paranoia_matches_the_engine(policy):
    _exactly(rl.paranoia((2, 3), 2, policy)["final"], lambda rng: tuple(mc.paranoia((2, 3), 2, policy, rng)))


def test_kid_matches_the_engine():
    final = {}
    for v, p in D6.items():
        key = (4,) if v in (3, 4) else (1, 4)
        final[key] = final.get(key, 0) + p
    _exactly(final, lambda rng: tuple(mc.kid((1, 4), rng)))
    assert rl.kid((1, 4))["lose_die"] == final[(4,)]


def test_at_least():
    assert at_least(2, 1, F(1, 6)) == 1 - F(25, 36)


def test_the_exhaustive_walk_weighs_each_path_by_its_chance():
    """A die, then a coin, and a pick between two only on heads: every path once, weighed by its chance."""
    got = mc.distribution(lambda rng: (rng.randint(1, 6) > 4, rng.choice("ab") if rng.randint(1, 2) == 1 else None))
    assert got == {(high, pick): F(1 if high else 2, 3) * (F(1, 2) if pick is None else F(1, 4))
                   for high in (True, False) for pick in ("a", "b", None)}
