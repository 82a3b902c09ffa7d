"""The guided game never waits on odds: a prompt whose odds are slow appears within the budget and says
so; odds that come in time are shown; odds that fail do not stop the game."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest

from companion.games import registry
from companion.guide import Ask, Step
from ui import odds_budget, play_cmds


class OneStep:
    """The game as registered, except that its next step is always the same question, with the odds given."""

    def __init__(self, game, odds):
        self.game, self.odds = game, odds

    def __getattr__(self, name):
        return getattr(self.game, name)

    def next_step(self, t, cat):
        return Step("Test phase", "A step", "nothing happens", Ask("Go on?", "confirm", default=True),
                    lambda a: None, odds=self.odds)


@pytest.fixture
def game(cli):
    cli.ok("new", "21days", "--seed", "1", "-p", "Ann")
    return cli


def run_play(game, monkeypatch, odds, on_prompt):
    monkeypatch.setattr(play_cmds, "registry", SimpleNamespace(get=lambda game_id: OneStep(registry.get(game_id), odds)))
    real_read = play_cmds.read

    def read(prompt):
        on_prompt(prompt)
        return real_read(prompt)

    monkeypatch.setattr(play_cmds, "read", read)
    return game.ok("play", "--no-board", input="quit\n")


def test_a_slow_solver_does_not_hold_the_prompt(game, monkeypatch):
    release, finished = threading.Event(), threading.Event()
    seen = {}

    def slow_odds():
        release.wait(30)  # a solver far slower than the budget: it ends only when the test lets it
        finished.set()
        return ["never shown"]

    def on_prompt(prompt):
        seen["finished"] = finished.is_set()
        seen["at"] = time.monotonic()

    monkeypatch.setattr(odds_budget, "BUDGET", 0.15)
    t0 = time.monotonic()
    try:
        r = run_play(game, monkeypatch, slow_odds, on_prompt)
    finally:
        release.set()
    assert seen and seen["finished"] is False  # the prompt came before the solver finished
    assert seen["at"] - t0 < 20  # generous: the solver alone would have taken 30 s
    assert "too long to compute within 150 ms" in r.stdout
    assert "never shown" not in r.stdout
    assert finished.wait(5)  # the worker ends on its own once released


def test_odds_ready_within_the_budget_are_shown(game, monkeypatch):
    monkeypatch.setattr(odds_budget, "BUDGET", 5.0)
    r = run_play(game, monkeypatch, lambda: ["Maya: 31% to lose a die, 4% to die"], lambda p: None)
    assert "Maya: 31% to lose a die, 4% to die" in r.stdout
    assert "too long" not in r.stdout


def test_odds_that_fail_say_so_and_the_game_goes_on(game, monkeypatch):
    def broken():
        raise ValueError("no table")

    monkeypatch.setattr(odds_budget, "BUDGET", 5.0)
    r = run_play(game, monkeypatch, broken, lambda p: None)
    assert "Odds: could not be computed (no table)." in r.stdout
    assert "Paused" in r.stdout


def test_only_the_newest_waiting_job_runs():
    w = odds_budget.Worker()
    gate, ran = threading.Event(), []

    def blocker():
        gate.wait(10)
        return []

    first = w.submit(blocker)
    time.sleep(0.05)  # the worker has taken the first job
    second = w.submit(lambda: ran.append("second") or [])
    third = w.submit(lambda: ran.append("third") or ["third"])
    gate.set()
    assert third.done.wait(5) and first.done.wait(5)
    assert second.dropped and ran == ["third"] and third.lines == ["third"]
