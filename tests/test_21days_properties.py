"""Properties of whole 21 Days games played by random tables (hypothesis chooses every answer):
no die above 6, hope held plus hope in the bag equals the supply (16, one more with the kite suitcase's
token, one less per special token spent), tentacles never above 8, nothing happens to the dead,
every action the guided game makes passes the legality model the single commands pass (issue 13),
and every step can be undone exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import catalog
from companion.engine import apply
from companion.errors import CompanionError
from companion.games.days21 import game as days21
from companion.games.days21 import legal

CAT = catalog.load("21days")
OPTIONS = st.fixed_dictionaries({
    "scruffs": st.booleans(), "weather": st.booleans(), "kite": st.booleans(), "promos": st.booleans(),
    "shark6": st.booleans(), "difficulty": st.sampled_from(["green", "orange", "red"]),
})


def answer(ask, data, t):
    if ask.kind == "dice":
        return None
    if ask.kind == "confirm":
        return data.draw(st.booleans())
    if ask.kind == "number":
        return data.draw(st.integers(ask.lo or 0, ask.hi or 0))
    if ask.kind == "choice":
        vals = [v for v, _ in ask.choices]
        assert vals, f"a question with nothing to choose: {ask.prompt!r}"
        if ask.multiple:
            return tuple(data.draw(st.lists(st.sampled_from(vals), max_size=2, unique=True)))
        return data.draw(st.sampled_from(vals))
    if ask.kind == "text":
        if ask.prompt.startswith("What now?"):
            return data.draw(st.sampled_from(ask.prompt[len("What now? "):].split(" | ")))
        if "printed" in ask.prompt:
            return "5,6"
        if "challenges" in ask.prompt:
            return data.draw(st.sampled_from(["roll", ">1,>2,<3,<4"]))
        if ask.default is not None:
            return ask.parse(None)
        from companion.games.days21.core import living

        alive = living(t)
        assert alive, f"a question about survivors with nobody alive (the game is over then): {ask.prompt!r}"
        return ",".join(data.draw(st.lists(st.sampled_from(alive), min_size=2, max_size=3)))
    return None


def check(before, after, action):
    d = after.data
    for seat, vals in d["seat"].items():
        assert len(vals["strength"]) <= 2 and all(1 <= v <= 6 for v in vals["strength"]), vals
        if seat in before.data.get("dead", []) and action.kind != "d21-pjotr":
            assert vals == before.data["seat"][seat], f"{action.text()} changed dead {seat}"
    supply = d["pools"]["hope"]["supply"]
    found = 1 if "hope" in ((d["d21"].get("kite") or {}).get("found") or []) else 0
    spent = sum(1 for v in d["d21"]["special"].values() if v == "used")
    assert supply == 16 + found - spent
    assert after.pool_held("hope") + after.pool_left("hope") == supply and after.pool_left("hope") >= 0
    assert 0 <= d["counters"]["tentacles"] <= 8
    assert 0 <= d["counters"]["planks"] <= 6


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(options=OPTIONS, seed=st.integers(0, 10**6), data=st.data())
def test_random_games_keep_the_invariants(options, seed, data):
    t = days21.setup(CAT, dict(options), seed)
    for _ in range(400):
        step = days21.next_step(t, CAT)
        if step is None:
            break
        try:
            action = step.make(answer(step.ask, data, t))
            new, _res = apply(t, action, CAT)
        except CompanionError:
            continue  # a refused answer changes nothing; the table answers again
        legal.check(t, action, CAT)  # one legality model: what the guided game makes, the flow accepts
        check(t, new, action)
        again, _ = apply(t, action, CAT)
        assert again == new, "the same action on the same state gives the same table (replay)"
        t = new
