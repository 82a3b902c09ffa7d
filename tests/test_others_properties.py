"""Properties of whole guided games of Robinson Crusoe, 21 Mutinies and Dieson Crusoe played by random
tables (hypothesis chooses the answers): each game's invariants hold after every step, the same action on
the same state gives the same table, every choice a menu offers is accepted (a menu lists only legal,
affordable moves), and the game never gets stuck: until it ends, some answer to the step is accepted."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import catalog
from companion.engine import apply
from companion.errors import CompanionError
from companion.games.dieson import game as dieson
from companion.games.dieson import rules as DR
from companion.games.mutinies import core as MC
from companion.games.mutinies import game as mutinies
from companion.games.robinson import game as robinson
from companion.games.robinson.guide import _STEPS as RC_STEPS

SETTINGS = settings(max_examples=3, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MAX_STEPS = 400


def choices(ask) -> list:
    return [v for v, _ in ask.choices]


def play(cat, rules, t, data, texts, check):
    """Play guided steps with random answers until the game ends or MAX_STEPS; returns the steps taken."""
    for n in range(MAX_STEPS):
        step = rules.next_step(t, cat)
        if step is None:
            assert t.data.get("over"), "no next step, yet the game is not over"
            return n
        ask = step.ask
        if ask.kind == "choice" and not ask.multiple:
            offered = choices(ask)
            sample = data.draw(st.lists(st.sampled_from(offered), max_size=3, unique=True)) if offered else []
            for value in sample:  # every choice a menu offers is a legal move now
                try:
                    apply(t, step.make(value), cat)
                except CompanionError as e:
                    raise AssertionError(f"{step.title}: the menu offers {value!r}, refused: {e}") from None
        tries = candidates(ask, data, t, texts)
        for answer in tries:
            try:
                action = step.make(answer)
                new, _ = apply(t, action, cat)
            except CompanionError:
                continue
            break
        else:
            raise AssertionError(f"stuck at {step.phase} · {step.title}: none of {tries!r} is accepted")
        check(t, new)
        again, _ = apply(t, action, cat)
        assert again == new, "the same action on the same state gives the same table (replay)"
        t = new
    return MAX_STEPS


def candidates(ask, data, t, texts) -> list:
    """The random answer first, then every other answer the table might give (to prove one works)."""
    if ask.kind in ("none",):
        return [None]
    if ask.kind == "dice":
        return [None]
    if ask.kind == "confirm":
        first = data.draw(st.booleans())
        return [first, not first]
    if ask.kind == "number":
        lo, hi = ask.lo or 0, ask.hi if ask.hi is not None else (ask.lo or 0) + 3
        first = data.draw(st.integers(lo, hi))
        return [first, *range(lo, hi + 1)]
    if ask.kind == "choice":
        vals = choices(ask)
        if ask.multiple:
            from itertools import combinations

            first = tuple(data.draw(st.lists(st.sampled_from(vals), max_size=2, unique=True))) if vals else ()
            return [first, *(c for k in range(len(vals) + 1) for c in combinations(vals, k))]
        return [data.draw(st.sampled_from(vals)), *vals]
    options = texts(ask, t)
    return [data.draw(st.sampled_from(options)), *options]


def by_id(ask, answers: dict[str, list[str]]) -> list[str]:
    """A free-text question answered by its id (Ask.id), never by its wording: a question this table does not
    know fails the test, so a new one gets its answers here."""
    assert ask.id in answers, f"a text question with no answers here: id {ask.id!r} ({ask.prompt!r})"
    return answers[ask.id]


# -- Robinson Crusoe ---------------------------------------------------------------------------------

RC = catalog.load("robinson")
_tiles = iter(range(20, 10**6))


def rc_texts(ask, t) -> list[str]:
    a, b = t.seats[0], t.seats[-1]
    n = next(_tiles)
    return by_id(ask, {
        "rc-event-card": ["3 Fog 1", "4 Storm 2", "adventure", "mystery", "6 Rain 1"],
        "rc-changes": ["-", "wood -1", "food +1", "storm-token +1"],
        "rc-held": ["-", "reroll success", "reroll wound 0", "-"],
        "rc-night": ["-", "wood -1", "food +1", "storm-token +1"],
        "rc-plan": ["rest " + a, "weapon " + b, "explore " + a + "+" + b, "gather wood 3 " + a, "arrange " + b,
                    "threat-right " + a, "roof " + a + "+" + a, "hunt " + a + "+" + b, "weapon friday", "done"],
        "rc-beast": ["3 1 2 1", "1 0 1 0"],
        "rc-tile": [f"{n} plains food beast d1", f"{n + 100000} hills wood shelter"],
        "rc-camp": ["stay"],
    })


def rc_check(before, t):
    d, r = t.data, t.data["rc"]
    over = d.get("over")
    for seat in t.seats:
        v = t.seat_values(seat)
        assert v["wounds"] >= 0 and v["determination"] >= 0
        if not over:
            assert v["wounds"] < int(RC.characters[v["survivor"]].get("life", 12))
    for key in ("food", "wood", "fur", "roof", "palisade", "weapon", "nonperishable", "hunting", "friday-wounds"):
        assert d["counters"][key] >= 0, key
    lo, hi = t.limits(RC.tracks["morale"])
    assert lo <= d["tracks"]["morale"] <= hi
    assert 1 <= d["tracks"]["round"] <= r["rounds"]
    assert 0 <= r["first"] < len(t.seats)
    if not over:
        assert f"{d['flags']['phase']}/{d['flow'].get('step')}" in RC_STEPS, "phase and step agree"
        held: dict[str, int] = {}
        for p in r["plan"]:
            for k, n in (p.get("reserve") or {}).items():
                held[k] = held.get(k, 0) + n
        if d["flags"]["phase"] == "action" and d["flow"].get("step") == "plan":
            assert all(held[k] <= d["counters"][k] for k in held), "set aside no more than there is"
        for owner in [*t.seats, "friday", "dog", "extra"]:
            from companion.games.robinson.plan import pawns_free

            assert pawns_free(t, owner) >= 0


@SETTINGS
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), data=st.data())
def test_robinson_random_games(players, seed, data):
    t = robinson.setup(RC, {"players": str(players), "rounds": "3"}, seed)
    play(RC, robinson, t, data, rc_texts, lambda a, b: rc_check(a, b))


# -- 21 Mutinies -------------------------------------------------------------------------------------

MU = catalog.load("mutinies")
COSTS = ["0", "1d", "2d", "1d1r", "1r", "3d"]


def mu_texts(ask, t) -> list[str]:
    answers = {"mut-chart": ["0 2 1", "0 0 0"], "mut-exchange": ["0 1", "0 2"]}
    if ask.id == "mut-prices":
        n = sum(1 for sq in t.data["flow"]["routes"] if sq["token"] and sq["cost"] is None)
        answers["mut-prices"] = [" ".join(COSTS[(i * 7 + k) % len(COSTS)] for i in range(n)) for k in range(3)]
    if ask.id == "mut-treasures":
        seat = t.data["flow"]["scoring"]["todo"][0][1]
        n = t.seat_values(seat)["treasure"]
        answers["mut-treasures"] = [",".join(["prestige"] * n), ",".join(["doubloons"] * n)]
    return by_id(ask, answers)


def mu_check(before, t):
    d = t.data
    for seat in MC.players(t):
        v = t.seat_values(seat)
        for key in ("doubloons", "rum", "prestige", "jewel", "treasure"):
            assert v[key] >= 0, (seat, key, v[key])
    for pool in d["pools"]:
        assert t.pool_held(pool) + t.pool_left(pool) == t.pool_supply(pool) and t.pool_left(pool) >= 0, pool
    assert d["counters"]["jewels"] >= 0 and d["counters"]["treasures"] >= 0
    f = d["flow"]
    assert sorted(s for s in f["order"] if s != MC.HENCHMAN) == sorted(t.seats)
    assert len(f["placed"]) <= len(f["order"])
    if not d.get("over"):
        assert d["flags"]["phase"] == MC.derived_phase(t), "the phase flag mirrors the flow"
    else:
        assert d["over"]["winners"], "a finished game names its winners"


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6), data=st.data())
def test_mutinies_random_games(players, seed, data):
    t = mutinies.setup(MU, {"count": str(players)}, seed)
    t.data["counters"]["jewels"] = 6  # a short game: the stack runs out soon (as castaway set jewels 6)
    steps = play(MU, mutinies, t, data, mu_texts, mu_check)
    assert steps < MAX_STEPS


# -- Dieson Crusoe -----------------------------------------------------------------------------------

DC = catalog.load("dieson")


def dc_texts(ask, t) -> list[str]:
    return by_id(ask, {"dc-reroll": ["-", "1", "1,3"], "dc-icons": [ask.default or "none", "none"]})


def dc_check(before, t):
    d, s = t.data, t.data["dc"]
    lo, hi = d["limits"]["health"]
    assert 0 <= d["counters"]["health"] <= hi
    for key in DR.RESOURCES:
        assert d["counters"][key] >= 0, key
    dice = [*s["unused"], *s["used"], *s["icons"].values()]
    if s.get("pending"):
        dice.append(s["pending"]["die"])
    assert all(1 <= x["v"] <= 6 for x in dice), dice
    in_play = len(s["hand"]) + len(s["unused"]) + len(s["used"]) + (1 if (s.get("pending") or {}).get("from") == "unused" else 0)
    assert in_play == 3, "three action dice, wherever they are"
    if d.get("over"):
        assert d["over"]["result"] in ("won", "lost")
    else:
        assert d["counters"]["health"] > 0


@SETTINGS
@given(quest=st.sampled_from(["1", "2"]), seed=st.integers(0, 10**6), data=st.data())
def test_dieson_random_games(quest, seed, data):
    t = dieson.setup(DC, {"quest": quest}, seed)
    steps = play(DC, dieson, t, data, dc_texts, dc_check)
    assert steps < MAX_STEPS
