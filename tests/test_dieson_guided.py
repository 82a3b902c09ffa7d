"""Dieson Crusoe's guided game at the table (issue 17): steps that leave nothing to the table run at once,
menus keep their numbers all game and list only what is legal, what tonight takes is warned before it
kills (and matches what the night then does), the date icons are confirmed at the meal, and the game
speaks Czech."""

from __future__ import annotations

import random
import re

import pytest

from companion import catalog, i18n
from companion.engine import apply
from companion.games.dieson import game as dieson
from companion.games.dieson import rules as R
from companion.games.dieson.day import DcEvent, DcRoll
from companion.games.dieson.entry import GAME
from companion.games.dieson.flow import next_step
from companion.games.dieson.tonight import tonight

INTERNAL = re.compile(r"\b(pick|do|help|craft|menu|shift|boost|swap):")


@pytest.fixture
def cat():
    return catalog.load("dieson")


def walk(cat, seed: int, quest: str = "2", limit: int = 600, defaults: bool = False):
    """A random guided game: yields (table, step) at every step, then plays a random legal answer (the
    default where there is one, with `defaults`); (table, None) once the game is over."""
    rng = random.Random(seed)
    t = dieson.setup(cat, {"quest": quest}, seed)
    for _n in range(limit):
        step = next_step(t, cat)
        yield t, step
        if step is None:
            return
        ask = step.ask
        if defaults and ask.kind == "choice" and ask.default is not None:
            answer = ask.parse("")
        elif ask.kind == "choice" and not ask.multiple:
            values = [v for v, _l in ask.choices]
            plain = [v for v in values if not v.startswith(("help:", "leather", "boost:health", "shift:"))]
            answer = rng.choice(plain or values)
        elif ask.kind == "number":
            answer = rng.randint(ask.lo, min(ask.hi, 3))
        elif ask.kind in ("none", "dice"):
            answer = None
        else:
            answer = ask.parse("")
        t, _ev = apply(t, step.make(answer), cat)


def test_the_guided_loop_does_the_steps_that_ask_nothing_at_once():
    assert GAME.goes_on_alone


def test_menus_keep_their_numbers_list_only_legal_options_and_never_show_ids(cat):
    """The same option has the same number all game (die menu, die-in-hand menu, the friend's help);
    no two options read the same; every option offered is accepted; labels are names, never ids."""
    number: dict[str, str] = {}
    menus = 0
    for seed in range(1, 7):
        for t, step in walk(cat, seed):
            ask = step.ask if step else None
            if ask is None or ask.kind != "choice":
                continue
            menus += 1
            rows = ask.numbered()
            keys = [k for k, _v, _l in rows]
            labels = [label for _k, _v, label in rows]
            assert len(set(keys)) == len(keys), f"{step.title}: numbers twice in {keys}"
            assert len(set(labels)) == len(labels) and not any(" #" in x for x in labels), f"{step.title}: {labels}"
            for k, v, label in rows:
                assert not INTERNAL.search(label), f"{step.title}: an internal id in {label!r}"
                assert len(f"{k:>2} {label}") <= 76, f"{step.title}: {label!r} is too wide for 80 columns"
                if ":" in v or v in ("friend", "idle") or (v == "leather" and "friend" in label.lower()):
                    assert number.setdefault(v, k) == k, f"{v!r} was number {number[v]}, now {k}"
            if not ask.multiple:
                for v in [v for v, _l in ask.choices][:6]:
                    apply(t, step.make(v), cat)  # every option offered is legal now (raises otherwise)
    assert menus > 100
    assert number["help:resource:food@2"] == "63" and number["craft:rope"] == "33"


def test_tonight_forecast_is_what_the_night_does_and_warns_before_it_kills(cat):
    """§ Evening: the meal, the Weather and the Raid penalties. The forecast shown before the meal is the
    health the night leaves (the dice already lie on the board: no chance involved), and a forecast of 0
    comes with the warning."""
    checked = deadly = 0
    for seed in range(1, 25):
        forecast = None
        for t, step in walk(cat, seed, quest="5", defaults=True):
            if step is not None and R.phase(t) == "evening" and R.flow(t)["step"] == "eat":
                forecast = tonight(t, cat)[0]
                warned = step.odds is not None and "dies for certain" in " ".join(step.odds())
                assert warned == (forecast <= 0)
                deadly += forecast <= 0
            elif forecast is not None and (step is None or R.flow(t).get("step") not in ("night",)):
                if (t.data.get("over") or {}).get("why") != "time":
                    assert max(forecast, 0) == R.count(t, "health"), f"seed {seed}: forecast {forecast}"
                    checked += 1
                forecast = None
    assert checked > 20 and deadly >= 1


def test_a_deadly_night_is_warned_in_the_afternoon_and_the_friend_may_help_first(cat):
    t = dieson.setup(cat, {"health": "1", "arrows": "stars,roof,wood,lightning,weather"}, 1)
    t, _e = apply(t, DcRoll((2, 4, 4)), cat)
    t, _e = apply(t, DcEvent(take="wood"), cat)
    t.data["counters"]["food"] = 0
    t.data["dc"]["icons"]["weather"]["v"] = 6
    step = next_step(t, cat)
    lines = " ".join(step.odds())
    assert "no food: -1 health" in lines and "Weather 6: -2 health" in lines and "the Hunter dies for certain" in lines
    assert "unless you get food or roofs or health first" in lines
    t.data["flags"]["phase"], t.data["flow"]["step"] = "evening", "night"
    t.data["dc"]["used"], t.data["dc"]["unused"] = t.data["dc"]["unused"], []  # the night: the three dice are used
    t.data["counters"]["health"] = 2
    t.data["tracks"]["friend"] = 2
    step = next_step(t, cat)
    values = [v for v, _l in step.ask.choices]
    assert step.ask.kind == "choice" and step.ask.default == "go" and "help:resource:roof@2" in values


def test_the_date_icons_are_confirmed_at_the_meal(cat):
    """The date track's icons come from castaway's board data (assumed): shown at the meal, where the
    table may say the board shows others; then the night asks for them."""
    t = dieson.setup(cat, {}, 1)
    t.data["flags"]["phase"], t.data["flow"]["step"] = "evening", "eat"
    t.data["dc"]["hand"] = []
    t.data["dc"]["used"] = [{"c": "yellow", "v": 2}, {"c": "yellow", "v": 3}, {"c": "grey", "v": 4}]
    step = next_step(t, cat)
    assert "Then day 2: the date space shows no icons" in step.say
    assert [v for v, _l in step.ask.choices][:3] == ["food", "health", "icons"] and step.ask.default == "food"
    quiet, _e = apply(t, step.make("food"), cat)
    assert next_step(quiet, cat).ask.kind == "none"  # the night runs at once with the board data
    t, _e = apply(t, step.make("icons"), cat)
    assert t.data["counters"]["food"] == 1
    night = next_step(t, cat)
    assert night.ask.kind == "text" and night.ask.default == "none"
    t, _e = apply(t, night.make(night.ask.parse("raid+2")), cat)
    assert t.data["dc"]["icons"]["raid"]["v"] == 4 + 2 and "icons" not in t.data["flow"]  # used box 3 → Raid, then +2


def test_two_dice_alike_are_one_option(cat):
    t = dieson.setup(cat, {}, 1)
    t, _e = apply(t, DcRoll((5, 5, 6)), cat)
    t, _e = apply(t, DcEvent(), cat)
    values = [v for v, _l in next_step(t, cat).ask.choices]
    assert values[:3] == ["pick:1:cw", "pick:3:cw", "pick:3:ccw"]


SCRIPT = ["1,5,6", "pick:1:cw", "boost:food", "menu:move", "plain", "1", "other", "deer", "wood",
          "pick:1:cw", "do:hunt", "pick:1:ccw", "friend", "food", "3,4,4", "pick:1:cw", "craft:rope"]


def test_a_guided_game_in_czech_speaks_czech(cli):
    cli.ok("new", "dieson", "--opt", "quest=1", "--opt", "tools=first", "--seed", "7")
    r = cli.ok("--lang", "cs", "play", "--no-board", input="\n".join(SCRIPT) + "\n")
    i18n.set_language("en")
    text = r.stdout
    assert "Která kostka?" in text and "Co teď?" in text and "Večeře?" in text and "Konec hry: vyhráno." in text
    for english in ("Which die?", "What now?", "Action 1 of 3", "The meal?", "Unused dice", "stars", "the meeple",
                    "smallest first", "Die to used box", "Hunting the", "Food", "Action meeple", "a new place"):
        assert english not in text, f"{english!r} is still English under --lang cs"
    assert "Enter to go on" not in text and "Pokračujte klávesou Enter" not in text


def test_the_bench_plays_whole_games_within_ten_answers_a_day():
    """bench/bench_guided_dieson.py through the real `castaway play` loop (three short games): the issue's
    target of at most 10 answers a day (median), and no bare Enter except before a deadly night."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    r = subprocess.run([sys.executable, str(root / "bench" / "bench_guided_dieson.py"), "--seeds", "1-3"],
                       capture_output=True, text=True, timeout=120, cwd=root)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    m = re.match(r"median answers per day: ([\d.]+)  \(total (\d+), bare Enter to go on (\d+), days (\d+)\)", last)
    assert m, last
    median, total, go, days = float(m[1]), int(m[2]), int(m[3]), int(m[4])
    assert days >= 3 and total < 20 * days and median <= 10 and go <= days // 3, last
