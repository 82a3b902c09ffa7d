"""21 Days procedures as pure functions of (state, dice): setup variants, abilities, day 21, weather,
Scruffs, the Kid, the logbook, and the guided steps making the very actions the commands make."""

from __future__ import annotations

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.days21 import abilities as ab
from companion.games.days21 import attacks as at
from companion.games.days21 import day21, scruffs, weather
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import game as days21
from companion.games.days21 import locations as lo

CAT = catalog.load("21days")
SURV = {"red": "diva", "yellow": "aleta", "blue": "maya", "green": "pjotr"}


def table(**opts):
    opts.setdefault("survivors", dict(SURV))
    opts.setdefault("strength", {"red": [3, 5], "yellow": [4, 4], "blue": [2, 6], "green": [5, 5]})
    return days21.setup(CAT, opts, 5)


def do(t, action):
    return apply(t, action, CAT)


def test_setup_scruffs_up():
    t = days21.setup(CAT, {"scruffs": True, "survivors": {"red": "diva"}}, 3)
    green = t.seat_values("green")
    assert green["survivor"] == "scruffs" and green["strength"] == [4] and green.get("hope", 0) == 0
    assert t.data["d21"]["raft"][str(CAT.rules["raft"]["fishing_spot"])] == "green"
    assert "green" not in t.data["d21"]["ability"] and len(t.deck("scruffs")["draw"]) == 10
    assert not days21.setup(CAT, {}, 3).deck("scruffs")["draw"]


@pytest.mark.parametrize("difficulty", ["green", "orange", "red"])
def test_difficulty_start(difficulty):
    t = table(difficulty=difficulty)
    assert t.data["tracks"]["ship"] == CAT.rules["ship_start"][difficulty]


def test_six_step_shark_card_and_promos():
    t = table(shark6=True, promos=["bye-bye-shark"])
    assert t.data["tracks"]["shark"] == 6 and t.data["limits"]["shark"] == [1, 6]
    assert "bye-bye-shark" in t.deck("bottle")["draw"] and "blowfish" in t.deck("bottle")["out"]
    t, _ = do(t, fl.SetupDone())
    t, _ = do(t, at.SharkPhase())
    assert t.data["tracks"]["shark"] == 5
    with pytest.raises(UsageError):
        table(promos=["nonsense"])


def test_typed_strength_is_kept_and_each_gets_one_hope():
    t = table(strength={"red": [1, 1], "yellow": [1, 1], "blue": [1, 1], "green": [1, 1]})
    assert all(t.seat_values(s)["strength"] == [1, 1] for s in t.seats)  # typed dice: the table chose to keep them
    assert all(t.seat_values(s)["hope"] == 1 for s in t.seats) and t.pool_left("hope") == 12


def test_maya_once_a_day_and_aleta_at_four():
    t = table()
    t.seat_values("blue")["hope"] = 4
    t.seat_values("yellow")["hope"] = 2
    t, res = do(t, ab.Ability("maya", to="red"))
    assert t.seat_values("red")["strength"] == [4, 5] and t.seat_values("blue")["hope"] == 2
    with pytest.raises(RuleError, match="once a day"):
        do(t, ab.Ability("maya", to="red"))
    t, _ = do(t, ab.Ability("aleta"))
    assert t.seat_values("yellow")["hope"] == 0
    t.seat_values("yellow")["hope"] = 2
    t.seat_values("yellow")["strength"] = [3, 4]
    with pytest.raises(RuleError, match="4 or more"):
        do(t, ab.Ability("aleta"))


def test_pjotr_cancels_a_shark_wound():
    t = table()
    t.seat_values("green")["hope"] = 2
    t, _ = do(t, at.SharkAttack(faces=((1, 6),)))  # fin 1 → spot 1, red at 3: wounded
    assert t.seat_values("red")["strength"] == [2, 5] and t.data["flow"]["wound"]["seat"] == "red"
    step = days21.next_step(t, CAT)
    assert step.title == "Pjotr"
    t, _ = do(t, step.make(True))
    assert t.seat_values("red")["strength"] == [3, 5] and t.seat_values("green")["hope"] == 0


def test_dolphin_never_in_attacks_never_for_scruffs():
    t = days21.setup(CAT, {"scruffs": True}, 4)
    t, _ = do(t, ev.Symbol("dolphin"))
    t.seat_values("red")["strength"] = [5, 5]
    t, _ = do(t, ab.Dolphin("red", 1))
    assert t.seat_values("red")["strength"] == [2, 5]
    with pytest.raises(RuleError, match="Scruffs"):
        do(t, ab.Dolphin("green", 1))
    t.data["flow"]["shark"] = {"bite": 1}
    with pytest.raises(RuleError, match="shark and octopus"):
        do(t, ab.Dolphin("red", 1))


def test_day_21_flares_shouts_diva_and_the_buoy():
    t = table()
    t.data["tracks"]["day"] = 21
    t.data["tracks"]["ship"] = 8
    t.seat_values("red")["hope"] = 5
    t, _ = do(t, day21.Day21("exhaustion"))
    assert t.seat_values("red")["strength"] == [2, 5]
    with pytest.raises(RuleError, match="still holds hope"):
        do(t, day21.Day21("shout", "red", 6))
    t, res = do(t, day21.Day21("flare", "red", 6))
    assert t.data["tracks"]["ship"] == 9 and t.seat_values("red")["hope"] == 3
    for _ in range(3):
        t, _ = do(t, day21.Day21("diva", "red", 2))
    with pytest.raises(RuleError, match="at most 3"):
        do(t, day21.Day21("diva", "red", 2))
    with pytest.raises(RuleError, match="day 21"):
        do(t, ab.SpecialHope("red", "plusminus2"))
    t.seat_values("yellow")["hope"] = 0
    t, _ = do(t, day21.Day21("shout", "yellow", 6))  # shouting costs 2 strength; a 6 reaches the buoy
    assert t.seat_values("yellow")["strength"] == [1, 4]
    assert t.data["over"]["result"] == "won" and t.data["tracks"]["ship"] == 10


def test_ship_never_reaches_the_buoy_before_day_21():
    t = table()
    t.data["tracks"]["ship"] = 9
    t, _ = do(t, ev.Symbol("ship-right"))
    assert t.data["tracks"]["ship"] == 9 and not t.data.get("over")


def test_weather_blocks_a_location_tomorrow():
    t = table(weather=True)
    t, _ = do(t, fl.SetupDone())
    t, _ = do(t, ev.Weather(face="cloud"))
    assert t.data["flow"]["queue"][0]["do"] == "weather-board"
    t, _ = do(t, ev.Weather(result="fishing"))
    assert t.data["d21"]["weather"]["tomorrow"] == "fishing"
    t.data["flow"]["queue"] = [{"do": "end"}]
    t, _ = do(t, fl.EndDay())
    assert weather.blocked(t) == {"fishing"} and "fishing" not in fl.available(t, CAT, "red")


def test_scruffs_token_success_and_failure():
    t = days21.setup(CAT, {"scruffs": True}, 4)
    t.seat_values("green")["strength"] = [5]
    t, res = do(t, scruffs.ScruffsToken(card="shark-reset", face=None))
    assert "Type the numbers" in res["say"]
    t.data["tracks"]["shark"] = 2
    t, res = do(t, scruffs.ScruffsToken(needs=(5, 6), face=6))
    assert t.data["tracks"]["shark"] == 5 and "shark-reset" in t.deck("scruffs")["out"]
    t, _ = do(t, scruffs.ScruffsToken(card="flare", needs=(6,), face=2))
    assert t.deck("scruffs")["discard"] == ["flare"]
    t.seat_values("green")["strength"] = [4]
    with pytest.raises(RuleError, match="5 or 6"):
        do(t, scruffs.ScruffsToken(card="strength-2"))


def test_a_scruffs_token_whose_deck_describes_no_effect_says_so(monkeypatch):
    """A token from a deck of one's own (CASTAWAY_DECKS) may have no effect written: the line says to read it
    (it once said 'None')."""
    from companion.components import Card, Deck

    bare = Card(**{f: getattr(CAT.deck("scruffs").card("shark-reset"), f) for f in Card.FIELDS if f != "effect"}, effect=None)
    real = Deck.card
    monkeypatch.setattr(Deck, "card", lambda self, cid: bare if cid == "shark-reset" else real(self, cid))
    t = days21.setup(CAT, {"scruffs": True}, 4)
    t.seat_values("green")["strength"] = [5]
    _t, res = do(t, scruffs.ScruffsToken(card="shark-reset", face=None))
    assert "not described in the rulebooks: read the card" in res["say"] and "None" not in res["say"]


def test_the_kid_choice_on_five_or_six():
    """21-days-rulebook-en.txt § Survivor Profile: The Kid: his die on his location (placed, 2 hope), once a day."""
    t = table(survivors={**SURV, "yellow": "kid"})
    with pytest.raises(RuleError, match="not on his location"):
        do(t, lo.Kid(face=5))
    t.data["flow"]["placements"] = [["yellow", "kid"]]
    t, res = do(t, lo.Kid(face=5))
    assert "choose" in res["say"]
    t, _ = do(t, lo.Kid.parse(t, CAT, choice="strength", to="red,kid"))
    assert t.seat_values("red")["strength"] == [4, 5] and t.seat_values("yellow")["strength"] == [5, 4]
    with pytest.raises(RuleError, match="once a day"):
        do(t, lo.Kid(face=3))
    t.data["d21"]["today"] = []  # the next day, placed again
    t, _ = do(t, lo.Kid(face=3))
    assert t.seat_values("yellow")["strength"] == [4, 4]


def test_skip_day_jumps_a_page_but_not_on_day_20():
    t = table()
    t, _ = do(t, ev.Symbol("skip-day"))
    t.data["flow"]["queue"] = [{"do": "end"}]
    t, res = do(t, fl.EndDay())
    assert t.data["tracks"]["day"] == 3
    t.data["tracks"]["day"] = 20
    t, res = do(t, ev.Symbol("skip-day"))
    assert "ignored on day 20" in res["say"] and t.data["d21"]["skip_pages"] == 0


def test_guided_steps_make_the_same_actions_as_the_commands():
    t = table()
    t, _ = do(t, fl.SetupDone())
    t, _ = do(t, at.SharkPhase())
    t, _ = do(t, ev.LogbookSymbols("morning", ()))
    t, _ = do(t, ev.LogbookSymbols("midday", ("places",)))
    step = days21.next_step(t, CAT)
    assert step.title.startswith("Placement") and step.make("flare").to_dict() == fl.Place("red", "flare").to_dict()
    for seat in ("red", "yellow", "blue", "green"):
        t, _ = do(t, fl.Place(seat, "flare" if seat != "green" else "hope"))
    t, _ = do(t, fl.Activate())
    step = days21.next_step(t, CAT)
    shown = step.make("6,1,3")  # the die is shown first: the rules let the table change it (afterdie.py)
    assert shown.kind == "d21-die-shown" and shown.inner == lo.Flare(faces=(6, 1, 3)).to_dict()
    t2, _r = do(t, shown)
    applied = days21.next_step(t2, CAT).make("apply")
    assert applied.inner == lo.Flare(faces=(6, 1, 3)).to_dict()
    t2, r1 = do(t2, applied)
    t3, r2 = do(t, lo.Flare(faces=(6, 1, 3)))
    assert t2 == t3 and r1 == r2


def test_octopus_day_with_scruffs_resolves_the_octopus_once():
    t = days21.setup(CAT, {"scruffs": True, "strength": {"red": [6, 6], "yellow": [6, 6], "blue": [6, 6]}}, 8)
    t.seat_values("green")["strength"] = [6]
    t, _ = do(t, ev.LogbookSymbols("midday", ("places", "octopus")))
    assert [q["do"] for q in t.data["flow"]["queue"][:2]] == ["octopus", "scruffs"]
    t, _ = do(t, at.Octopus("blank"))
    t, _ = do(t, scruffs.ScruffsToken(skip=True))
    t, _ = do(t, fl.Place("yellow", "hope"))
    t, _ = do(t, fl.Place("blue", "none"))
    t, res = do(t, fl.Activate())
    assert "ctopus" not in res["say"] and res["say"].startswith("Activation order: Hope")  # the names on the board


def test_nothing_happens_to_the_dead():
    t = table()
    t.seat_values("red")["strength"] = []
    t, _ = do(t, ev.Symbol("all-plus1"))
    assert t.seat_values("red")["strength"] == [] and "red" in t.data["dead"]
    with pytest.raises(UsageError):
        do(t, ab.Ability("maya", to="red"))
