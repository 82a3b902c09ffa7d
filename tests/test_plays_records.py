"""Play records: validation, the game's own terms, filters, edits, and stats against values worked out by hand."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from companion import plays as pl
from companion.errors import UsageError
from companion.playstats import stats, streaks
from companion.playtimes import active_minutes
from companion.playwords import describe

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=timezone.utc)


def play(game, date, result, players, minutes=None, **outcome):
    d = pl.validate({"game": game, "started": f"2026-01-{date:02d}T18:00:00+00:00", "result": result,
                     "duration_min": minutes, "players": players, "outcome": outcome}, NOW)
    d["players"] = pl.settle_players(d["players"], outcome, result, pl.info(game).competitive)
    return d


def seat(name, role="", score=None):
    return {"name": name, "role": role, "score": score}


@pytest.fixture
def crafted():
    """Five 21 Days plays and two 21 Mutinies plays; the expected numbers below are counted by hand."""
    rows = [
        play("21days", 1, "won", [seat("Ann", "Maya Ayushi"), seat("Bob")], 40, difficulty="orange"),
        play("21days", 2, "lost", [seat("Ann", "Maya Ayushi"), seat("Ann")], 30, difficulty="orange"),
        play("21days", 3, "won", [seat("Ann"), seat("Bob")], 50, difficulty="red"),
        play("21days", 4, "won", [seat("Ann"), seat("Bob"), seat("Cid")], 60, difficulty="orange"),
        play("21days", 5, "abandoned", [seat("Ann")], None, difficulty="orange"),
        play("mutinies", 6, "won", [seat("Ann", score=12), seat("Bob", score=9), seat("Cid", score=12)], 45,
             winner="Ann", tiebreak="most doubloons"),
        play("mutinies", 7, "won", [seat("Bob", score=15), seat("Ann", score=10)], 50, winner="Bob"),
    ]
    return [{"id": i, "data": d} for i, d in enumerate(rows, start=1)]


def by_key(rows):
    return {r["key"]: (r["won"], r["decided"], r["plays"]) for r in rows}


def test_stats_match_hand_counts(crafted):
    s = stats(crafted)
    assert s["plays"] == 7 and s["minutes"] == 180 + 95
    days = next(g for g in s["games"] if g["game"] == "21days")
    assert (days["plays"], days["minutes"], days["timed"], days["average_minutes"]) == (5, 180, 4, 45.0)
    assert (days["won"], days["lost"], days["abandoned"], days["rate"]) == (3, 1, 1, 0.75)
    mut = next(g for g in s["games"] if g["game"] == "mutinies")
    assert (mut["plays"], mut["minutes"], mut["average_minutes"], mut["rate"]) == (2, 95, 47.5, None)
    wr = s["win_rate"]
    assert by_key(wr["game"]) == {"21days": (3, 4, 5)}
    assert by_key(wr["difficulty"]) == {"21days:orange": (2, 3, 4), "21days:red": (1, 1, 1)}
    assert by_key(wr["player_count"]) == {"1": (0, 1, 2), "2": (2, 2, 2), "3": (1, 1, 1)}
    assert by_key(wr["player"]) == {"Ann": (4, 6, 7), "Bob": (4, 5, 5), "Cid": (1, 2, 2)}
    assert by_key(wr["survivor"]) == {"21days:Maya Ayushi": (1, 2, 2)}


def test_streaks_match_hand_counts(crafted):
    s = stats(crafted)
    days = next(r for r in s["streaks"]["game"] if r["key"] == "21days")
    assert (days["longest_won"], days["longest_lost"], days["current"]) == (2, 1, {"kind": "won", "length": 2})
    ann = next(r for r in s["streaks"]["player"] if r["key"] == "Ann")
    assert (ann["longest_won"], ann["longest_lost"], ann["current"]) == (3, 1, {"kind": "lost", "length": 1})
    assert streaks([None, None]) == {"longest_won": 0, "longest_lost": 0, "current": {"kind": None, "length": 0}}


def test_scores_match_hand_counts(crafted):
    rows = {(r["game"], r["player"]): r for r in stats(crafted)["scores"]}
    all_ = rows[("mutinies", None)]
    assert (all_["count"], all_["average"], all_["best"], all_["best_by"]) == (5, 11.6, 15, "Bob")
    ann = rows[("mutinies", "Ann")]
    assert (ann["count"], ann["average"], ann["best"]) == (2, 11.0, 12)


def test_winner_from_the_outcome_and_the_coop_table(crafted):
    mut = crafted[5]["data"]
    assert [p["winner"] for p in mut["players"]] == [True, False, False]
    assert describe(mut).startswith("won by Ann")
    assert "tie-break most doubloons" in describe(mut)
    assert all(p["winner"] for p in crafted[0]["data"]["players"])
    assert not any(p["winner"] for p in crafted[1]["data"]["players"])


def test_21days_outcome_in_its_own_terms():
    d = play("21days", 3, "won", [seat("Ann")] * 4, 50, day=21, alive=3, ship=12, difficulty="red")
    assert describe(d) == "rescued · day 21 · survivors alive 3 of 4 · ship at 12 · difficulty red"
    lost = play("21days", 3, "lost", [seat("Ann")], 50, day=9)
    assert describe(lost) == "lost · day 9"
    rc = play("robinson", 3, "won", [seat("Ann")], 90, scenario="Castaways", round=10)
    assert describe(rc) == "won · scenario Castaways · round 10"
    dc = play("dieson", 3, "lost", [seat("Ann")], 30, quest=2, day=7)
    assert describe(dc) == "lost · quest 2 · day 7"


def test_any_outcome_dict_is_accepted_and_shown():
    d = play("21days", 3, "won", [seat("Ann")], 20, weather={"storms": 2}, kite=True)
    assert "kite True" in describe(d) and "weather storms 2" in describe(d)
    assert pl.validate(d, NOW) == d


@pytest.mark.parametrize("started, message", [
    ("2031-01-01", "is in the future"),
    ("2026-02-30", "is not a date"),
    ("yesterday", "is not a date"),
    ("1850-01-01", "before 1900"),
])
def test_bad_dates_are_refused_with_the_input_quoted(started, message):
    with pytest.raises(UsageError, match=message) as e:
        pl.validate({"game": "21days", "started": started, "result": "won"}, NOW)
    assert repr(started) in str(e.value)


@pytest.mark.parametrize("data, message", [
    ({"started": "2026-01-01", "result": "won"}, "'game' is missing"),
    ({"game": "21days", "started": "2026-01-01", "result": "draw"}, "accepted: won, lost, abandoned"),
    ({"game": "21days", "started": "2026-01-01", "players": [{"name": "Ann", "score": "lots"}]}, "should be a number"),
    ({"game": "21days", "started": "2026-01-01", "players": "Ann"}, "should be a list"),
    ({"game": "21days", "started": "2026-01-02", "ended": "2026-01-01"}, "before it started"),
    ({"game": "21days", "started": "2026-01-01", "duration_min": -5}, "minutes; accepted"),
    ([1, 2], "should be an object"),
])
def test_malformed_plays_are_refused(data, message):
    with pytest.raises(UsageError, match=message):
        pl.validate(data, NOW)


def test_filters(crafted):
    assert [e["id"] for e in pl.select(crafted, game="mutinies", now=NOW)] == [6, 7]
    assert [e["id"] for e in pl.select(crafted, player="cid", now=NOW)] == [4, 6]
    assert [e["id"] for e in pl.select(crafted, since="2026-01-03", until="2026-01-04", now=NOW)] == [3, 4]
    with pytest.raises(UsageError, match="before --since"):
        pl.select(crafted, since="2026-01-05", until="2026-01-01", now=NOW)


def test_edit_sets_scores_winners_and_refuses_unknown_players(crafted):
    d = pl.edit(crafted[6]["data"], {"scores": {"ann": 16}, "winners": ["Ann"], "location": "Pier 7"}, NOW)
    assert [(p["name"], p["score"], p["winner"]) for p in d["players"]] == [("Bob", 15, False), ("Ann", 16, True)]
    assert d["location"] == "Pier 7"
    with pytest.raises(UsageError, match="player 'Zed' is not in this play; its players: Bob, Ann"):
        pl.edit(crafted[6]["data"], {"winners": ["Zed"]}, NOW)


def test_active_minutes_leaves_out_long_breaks():
    stamps = ["2026-01-01T18:00:00+00:00", "2026-01-01T18:20:00+00:00", "2026-01-02T09:00:00+00:00",
              "2026-01-02T09:10:00+00:00"]
    assert active_minutes(stamps) == 30


def test_people_groups_seats_of_one_player():
    d = play("21days", 1, "won", [{"name": "Ann", "seat": "red", "colour": "red", "role": "Maya"},
                                  {"name": "Bob", "seat": "yellow", "colour": "yellow"},
                                  {"name": "Ann", "seat": "blue", "colour": "blue", "role": "Horvath"}], 10)
    ann = pl.people(d)[0]
    assert (ann["name"], ann["colours"], ann["roles"], ann["position"]) == ("Ann", ["red", "blue"], ["Maya", "Horvath"], 1)
