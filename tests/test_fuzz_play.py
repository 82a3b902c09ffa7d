"""A stateful fuzzer that plays (issue 25, item 9): each game driven through its guided steps, corrections,
undo and redo, and `castaway GAMEID …` commands, mixed with hostile values and commands out of place
(tests/playlib.py). After every command: no traceback, a refused command leaves the database byte-identical;
after every rule: replay equals the head, `castaway check` is clean. A short run per game here;
bench/bench_fuzz_play.py runs it for minutes and prints how many commands ran and how many were accepted."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from tests import fuzzlib, playlib

# the same short run every time (derandomized): the bench explores; hypothesis's first example is its simplest
# (the first rule again and again), so the figures below are for the run as a whole
SHORT = settings(max_examples=4, stateful_step_count=20, deadline=None, database=None, derandomize=True,
                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))


@pytest.fixture
def quiet_env(monkeypatch):
    from companion import i18n

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "CASTAWAY_DB", "CASTAWAY_DECKS"):
        monkeypatch.delenv(var, raising=False)
    for var, value in fuzzlib.LIMITS.items():
        monkeypatch.setenv(var, value)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game", playlib.GAMES)
def test_a_game_played_corrected_and_fuzzed_stays_sound(game, quiet_env):
    machine = playlib.MACHINES[game]
    machine.stats = stats = playlib.Stats()
    run_state_machine_as_test(machine, settings=SHORT)
    run, ok = stats.total()
    assert run >= 40, stats.run
    played = stats.ok["guided step"]
    assert played * 2 > stats.run["guided step"], f"{played} of {stats.run['guided step']} guided answers accepted"
    assert ok * 4 > run, f"{ok} of {run} commands accepted: the fuzz plays too little ({dict(stats.ok)})"
    assert len([k for k in stats.ok if stats.ok[k]]) >= 3, f"the run reached too few kinds of command: {dict(stats.ok)}"


def test_the_checks_can_fail(quiet_env):
    """A refused command that wrote, and a crash, are seen (the harness is no test that cannot fail)."""
    from companion.errors import RuleError

    m = playlib.Days21()
    m.stats = playlib.Stats()
    try:
        from companion import session

        with session.open_store(m.db, create=True) as s:
            m.gid = session.new_game(s, "21days", {}, seed=1).row.id

        def writes_then_refuses():
            m.db.write_bytes(m.db.read_bytes() + b"x")
            raise RuleError("refused")

        with pytest.raises(AssertionError, match="refused, but the database changed"):
            m.attempt("x", "writes then refuses", writes_then_refuses)
        with pytest.raises(AssertionError, match="KeyError"):
            m.attempt("x", "crashes", lambda: {}["boom"])
        m.replay_equals_the_head_and_check_is_clean()  # a sound game passes
        with session.open_store(m.db) as s, s.write():  # a cache that is not what the log gives
            s.conn.execute("UPDATE games SET state = replace(state, '\"planks\":6', '\"planks\":2')")
        with pytest.raises(AssertionError, match="replay differs from the cached head"):
            m.replay_equals_the_head_and_check_is_clean()
    finally:
        m.teardown()


# -- what the fuzz found: each a regression test -------------------------------------------------------


def test_a_survivor_is_set_only_to_a_character(cli, db):
    """`set red.survivor x` was accepted; then every write refused the game as damaged (its cached state
    holds a survivor no catalog knows)."""
    cli.ok("new", "21days", "--seed", "3")
    before = db.read_bytes()
    r = cli("set", "red.survivor", "x")
    assert r.exit_code == 2 and "red.survivor cannot be 'x'; accepted: a character of 21 Days: magnusson" in r.output
    assert db.read_bytes() == before
    cli.ok("set", "red.survivor", "Maya")  # a character's id, typed in any case
    cli.ok("move", "shark", "-1")  # the game goes on
    assert "maya" in cli.ok("status", "--json").output


def test_the_starting_player_is_set_only_to_a_seat_at_the_table(cli, db):
    """`set starting x` was accepted; then the next guided step crashed (ValueError in the placing order)."""
    cli.ok("new", "21days", "--seed", "3", "-p", "Ann", "-p", "Bob")
    before = db.read_bytes()
    r = cli("set", "starting", "x")
    assert r.exit_code == 1 and "the starting player 'x' is not a seat at this table; accepted: red, yellow" in r.output
    assert db.read_bytes() == before
    cli.ok("set", "starting", "yellow")


def test_a_negative_seed_is_refused_before_anything_is_written(cli, db):
    """`castaway 21days demo --seed -2136` made a game whose state its own check calls damaged, then failed
    with exit 1 with the game written."""
    cli.ok("new", "21days", "--seed", "3")
    before = db.read_bytes()
    r = cli("21days", "demo", "--seed", "-2136")
    assert r.exit_code == 2 and "--seed -2136: accepted: 0 .. 2**63-1" in r.output
    assert db.read_bytes() == before
    from companion import session
    from companion.errors import UsageError

    with session.open_store(db) as st, pytest.raises(UsageError, match="accepted: 0 .. 2"):
        session.new_game(st, "dieson", {}, seed=2**63)
