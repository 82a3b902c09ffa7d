"""Chi-square goodness of fit for dice: the p-value against closed forms and printed tables, and the verdicts."""

from __future__ import annotations

import math
import random

import pytest

from companion.fairness import chi2_sf, chi_square, gamma_q, judge


def closed_form_sf(x: float, df: int) -> float:
    """Chi-square upper tail by the textbook closed forms (even df: a Poisson sum; odd df: erfc plus a sum)."""
    y = x / 2
    if df % 2 == 0:
        return math.exp(-y) * sum(y**k / math.factorial(k) for k in range(df // 2))
    return math.erfc(math.sqrt(y)) + math.exp(-y) * sum(y ** (k - 0.5) / math.gamma(k + 0.5) for k in range(1, (df - 1) // 2 + 1))


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 7, 10, 11, 20, 35])
@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.0, 7.5, 15.0, 40.0, 90.0])
def test_p_value_matches_closed_forms(x, df):
    assert chi2_sf(x, df) == pytest.approx(closed_form_sf(x, df), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("x, df, p", [
    # critical values as printed in chi-square tables (upper-tail probability)
    (3.841, 1, 0.05), (6.635, 1, 0.01), (5.991, 2, 0.05), (11.070, 5, 0.05), (15.086, 5, 0.01),
    (18.307, 10, 0.05), (23.209, 10, 0.01), (67.505, 50, 0.05), (76.154, 50, 0.01),
])
def test_p_value_matches_printed_tables(x, df, p):
    assert chi2_sf(x, df) == pytest.approx(p, rel=2e-3)


def test_gamma_q_edges():
    assert gamma_q(3, 0) == 1.0
    assert gamma_q(1, 2.0) == pytest.approx(math.exp(-2.0))  # Q(1, x) = e^-x
    with pytest.raises(ValueError):
        gamma_q(0, 1)


def test_textbook_die_example():
    # a die thrown 60 times: 5, 8, 9, 8, 10, 20; each face expected 10 times
    stat, df, p = chi_square([5, 8, 9, 8, 10, 20], [1] * 6)
    assert stat == pytest.approx(13.4)
    assert df == 5
    assert p == pytest.approx(0.01990, abs=5e-5)


def test_fair_seeded_sample_is_not_flagged():
    rng = random.Random(2026)
    v = judge([1, 2, 3, 4, 5, 6], [rng.randint(1, 6) for _ in range(600)])
    assert v.enough and v.p_value > 0.05
    assert v.words.startswith("no sign of bias")


def test_loaded_die_six_twice_as_likely_is_flagged():
    rng = random.Random(7)
    rolls = rng.choices([1, 2, 3, 4, 5, 6], weights=[1, 1, 1, 1, 1, 2], k=600)
    v = judge([1, 2, 3, 4, 5, 6], rolls)
    assert v.p_value < 1e-6
    assert v.words.startswith("this die looks biased towards 6")


def test_false_alarms_are_rare_on_fair_dice():
    """At p < 0.01 a fair die is flagged about once in a hundred samples; 400 samples allow a little noise."""
    flagged = 0
    for seed in range(400):
        rng = random.Random(seed)
        v = judge(list(range(1, 7)), [rng.randint(1, 6) for _ in range(120)])
        flagged += v.p_value < 0.01
    assert flagged <= 12


def test_too_few_rolls_says_so():
    v = judge([1, 2, 3, 4, 5, 6], [6, 6, 6, 6, 6])
    assert not v.enough and v.p_value is None
    assert v.words.startswith("too few rolls to judge: 5 so far, about 30 needed")


def test_repeated_faces_are_one_category_with_their_share():
    # the 21 Days octopus die: two blank faces, four tentacle faces
    faces = ["blank", "blank", "tentacle", "tentacle", "tentacle", "tentacle"]
    v = judge(faces, ["blank"] * 20 + ["tentacle"] * 40)
    assert v.faces == ("blank", "tentacle")
    assert v.expected == (20.0, 40.0)
    assert v.statistic == pytest.approx(0.0)
    biased = judge(faces, ["blank"] * 40 + ["tentacle"] * 20)
    assert "biased towards blank" in biased.words


def test_a_face_the_die_does_not_have_is_refused():
    from companion.errors import RuleError

    with pytest.raises(RuleError, match="faces 7 were typed for a die whose faces are now 1, 2, 3, 4, 5, 6"):
        judge([1, 2, 3, 4, 5, 6], [7])


def test_dice_stats_after_a_die_changed_its_faces_says_so_in_one_line(cli, tmp_path, monkeypatch):
    """Faces typed before a CASTAWAY_DECKS file renamed the die's faces: one line, exit 1, no traceback."""
    from companion import catalog

    cli.ok("new", "21days", "--seed", "3")
    cli.ok("dice", "roll", "octopus", "--faces", "tentacle")
    (tmp_path / "decks" / "21days").mkdir(parents=True)
    (tmp_path / "decks" / "21days" / "mine.toml").write_text(
        '[[die]]\nid = "octopus"\nname = "Octopus die"\nfaces = ["sleep", "sleep", "arm", "arm", "arm", "arm"]\n'
        'assumed = "mine"\n', encoding="utf-8")
    monkeypatch.setenv("CASTAWAY_DECKS", str(tmp_path / "decks"))
    monkeypatch.setenv("CASTAWAY_CACHE", "off")
    monkeypatch.setattr(catalog, "_CACHE", {})
    r = cli("dice", "stats")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert "faces tentacle were typed for a die whose faces are now sleep, arm" in r.stderr
