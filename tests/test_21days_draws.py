"""21 Days: every draw asked of a table with physical decks (issue #22 item 3), castaway drawing only with
virtual decks or when the table answers "draw"; the rulebooks' sections in the names of the tests."""

from __future__ import annotations

import json

from companion import session


def _state(cli) -> dict:
    return json.loads(cli.ok("status", "--json").output)


def test_setup_decks_option_is_listed_and_physical_by_default(cli):
    helped = cli.ok("new", "21days", "--help").output
    assert "decks" in helped and "physical" in helped and "virtual" in helped
    cli.ok("new", "21days", "--seed", "3")
    with session.open_store(cli.db) as st:
        assert session.load(st, session.current_id(st)).table.data["options"]["decks"] == "physical"
    cli.ok("new", "21days", "--seed", "3", "--opt", "decks=virtual")
    with session.open_store(cli.db) as st:
        assert session.load(st, session.current_id(st)).table.data["options"]["decks"] == "virtual"


def test_setup_decks_option_refuses_other_words(cli):
    r = cli("new", "21days", "--opt", "decks=paper")
    assert r.exit_code != 0
    assert "decks 'paper'" in r.output and "physical" in r.output and "virtual" in r.output


# -- the engine's tables: a day at Midday with every die placed ------------------------------------------

import pytest  # noqa: E402

from companion import catalog  # noqa: E402
from companion.engine import apply  # noqa: E402
from companion.errors import RuleError  # noqa: E402
from companion.games import registry  # noqa: E402
from companion.games.days21 import attacks as at  # noqa: E402
from companion.games.days21 import bottle as bo  # noqa: E402
from companion.games.days21 import events as ev  # noqa: E402
from companion.games.days21 import flow as fl  # noqa: E402
from companion.games.days21.core import task  # noqa: E402

CAT = catalog.load("21days")
RULES = registry.get("21days")


def table(decks="physical", **opts):
    return RULES.setup(CAT, {"players": ["Ann"], "decks": decks, **opts}, 5)


def do(t, action):
    return apply(t, action, CAT)[0]


def step(t):
    return RULES.next_step(t, CAT)


def answer(t, text):
    s = step(t)
    return do(t, s.make(s.ask.parse(text)))


def placed(where: dict, decks="physical", **opts):
    """Midday at a fresh table, each seat's die on the location `where` names (the rest on none)."""
    t = do(table(decks, **opts), fl.SetupDone())
    t = do(t, at.SharkPhase())
    t = do(t, ev.LogbookSymbols("morning", ()))
    t = do(t, ev.LogbookSymbols("midday", ("places",)))
    while task(t)["do"] == "place":
        seat = task(t)["seat"]
        t = do(t, fl.Place(seat, where.get(seat, "none")))
    return do(t, fl.Activate()) if task(t)["do"] == "activate" else t


def test_bottle_location_receive_asks_the_card_drawn_with_physical_decks():
    """Lokalita láhev / The bottle location: Receive on 2, 4, 6: the table draws the top bottle card and says
    which; castaway does not draw it."""
    t = placed({"red": "receive"})
    assert task(t)["do"] == "receive"
    t = answer(t, "4")
    s = step(t)
    if s.ask.kind == "text" and "4" in s.say:  # the die shown first: Enter lets it count
        t = answer(t, "")
    assert t.deck("bottle")["held"] == {}  # nothing drawn by castaway
    s = step(t)
    assert s.ask.kind == "choice" and "Which bottle card" in s.say
    pick = next(n for n, v, _l in s.ask.numbered() if v == "ship-right")
    t = answer(t, pick)
    assert t.deck("bottle")["held"] == {"red": ["ship-right"]} and "ship-right" not in t.deck("bottle")["draw"]
    assert task(t)["do"] != "receive"


def test_bottle_location_receive_by_name_or_draw_and_the_command_asks():
    t = placed({"red": "receive"})
    t2 = do(t, bo.Bottle.parse(t, CAT, "receive", "red", "2"))
    with pytest.raises(RuleError, match="which bottle card did") as e:
        do(t2, bo.Bottle.parse(t2, CAT, "receive"))
    assert e.value.next.missing == ("card",)
    by_name = do(t2, bo.Bottle.parse(t2, CAT, "receive", card="Rotten fish"))
    assert by_name.deck("bottle")["held"] == {"red": ["rotten-fish"]}
    top = t2.deck("bottle")["draw"][0]
    drawn = do(t2, bo.Bottle.parse(t2, CAT, "receive", card="táhni"))
    assert drawn.deck("bottle")["held"] == {"red": [top]}
    at_once = do(t, bo.Bottle.parse(t, CAT, "receive", "red", "6", "four-hope"))
    assert at_once.deck("bottle")["held"] == {"red": ["four-hope"]}


def test_bottle_location_receive_draws_for_the_table_with_virtual_decks():
    t = placed({"red": "receive"}, decks="virtual")
    top = t.deck("bottle")["draw"][0]
    t = do(t, bo.Bottle.parse(t, CAT, "receive", "red", "4"))
    assert t.deck("bottle")["held"] == {"red": [top]}


def test_disaster_cards_the_starting_player_draws_are_asked():
    """Disaster cards / Karty katastrof: the starting player shuffles the deck and draws one: the table says
    which (its number in the list, or 'draw'); a command without --card is refused with what to give."""
    t = do(table(), fl.SetupDone())
    t.data["flow"]["queue"].insert(0, {"do": "disaster"})
    with pytest.raises(RuleError, match="which disaster card") as e:
        do(t, ev.Disaster.parse(t, CAT))
    assert e.value.next.kind == "d21-disaster" and e.value.next.missing == ("card",)
    s = step(t)
    assert s.ask.kind == "choice" and s.ask.choices[0] == ("draw", "draw (castaway draws)")
    number = next(n for n, v, _l in s.ask.numbered() if v == "exhaustion")
    assert number == str([c.id for c in CAT.deck("disaster").cards].index("exhaustion") + 1)
    t2 = answer(t, number)
    assert t2.data["flow"]["disaster"]["card"] == "exhaustion"
    top = t.deck("disaster")["draw"][0]
    assert answer(t, "draw").data["flow"]["disaster"]["card"] == top


def test_disaster_cancelled_by_calm_waters_asks_no_card_and_names_none():
    """Bottle cards, Calm waters / Klidné moře: today's disaster card is cancelled: nothing is drawn, asked
    or named in the history."""
    t = do(table(), fl.SetupDone())
    t.data["flow"]["queue"].insert(0, {"do": "disaster"})
    t.data["d21"].setdefault("today", []).append("cancel-disaster")
    s = step(t)
    assert s.ask.kind == "none" and "cancelled" in s.say
    action = s.make(s.ask.parse(""))
    t2, res = apply(t, action, CAT)
    assert "no card is drawn" in res["say"] and t2.deck("disaster") == t.deck("disaster")
    assert action.text() == "disaster"


def test_jellyfish_card_turned_up_is_asked_with_physical_decks():
    """Jellyfish swarm / Hejno medúz: the top jellyfish card is turned up by the table."""
    t = do(table(), fl.SetupDone())
    t.data["flow"]["queue"].insert(0, {"do": "jellyfish"})
    with pytest.raises(RuleError, match="which jellyfish card"):
        do(t, at.Jellyfish.parse(t, CAT, who="red"))
    t2 = do(t, at.Jellyfish.parse(t, CAT, who="red", card="1", swim=False))
    assert t2.data["flow"]["jelly"]["card"] == CAT.deck("jellyfish").cards[0].id
    t3 = do(t, at.Jellyfish.parse(t, CAT, who="red", card="draw", swim=False))
    assert t3.data["flow"]["jelly"]["card"] == t.deck("jellyfish")["draw"][0]


def test_kite_dive_suitcase_turned_up_is_asked():
    """The Kite Expansion: the diver back alive turns a suitcase token up; the table says which."""
    t = do(table(kite=True), fl.SetupDone())
    t.seat_values("red")["hope"] = 3
    t.seat_values("red")["strength"] = [6, 6]
    t.data["flow"]["queue"].insert(0, {"do": "dive", "seat": "red"})
    t = do(t, at.Jellyfish.parse(t, CAT, who="red", card="swarm-a", swim=False, dive=True))
    t = do(t, at.Jellyfish.parse(t, CAT, faces="6,6,1,1", dive=True))
    assert t.data["flow"]["suitcase"] == "red" and task(t)["do"] == "dive"
    s = step(t)
    assert s.ask.kind == "choice" and "suitcase" in s.say.lower()
    hope = t.seat_values("red")["hope"]
    t2 = answer(t, "hope")
    assert t2.seat_values("red")["hope"] == hope + 1 and t2.data["d21"]["kite"]["found"] == ["hope"]
    assert sorted(t2.data["d21"]["kite"]["suitcases"]) == ["empty", "kite", "kite", "kite"]
    assert "suitcase" not in t2.data["flow"] and (task(t2) or {}).get("do") != "dive"


def test_setup_swap_location_turned_up_is_asked():
    """Setup H / Příprava H: the swap location cards are shuffled and one is turned up at random."""
    t = table()
    s = step(t)
    assert s.ask.kind == "choice" and "swap location" in s.ask.prompt.lower()
    t2 = answer(t, "dolphin")
    assert t2.data["d21"]["swap"] == "dolphin" and "dolphin" in t2.deck("swap")["table"]
    assert t.data["d21"]["swap"] in t2.deck("swap")["draw"]
    assert step(t2).ask.kind == "confirm"  # then: is the table set up like this?
    kept = answer(t, "draw")
    assert kept.data["d21"]["swap"] == t.data["d21"]["swap"]
    assert "to_ask" not in table(decks="virtual").data["d21"]


def test_setup_swap_option_names_the_token(cli):
    cli.ok("new", "21days", "--seed", "4", "--opt", "swap=flare-swap")
    state = _state(cli)["state"]
    assert state["d21"]["swap"] == "flare-swap" and "to_ask" not in state["d21"]


def test_flare_location_anchor_hope_goes_to_whom_the_table_chooses():
    """Signální lokalita / Flare location: the ship reaching the anchor before day 21 gives a hope token per
    flare die, which may be given to any survivor; Enter keeps them with the dice's owners."""
    from companion.games.days21 import locations as lo
    from companion.games.days21.core import anchor

    t = placed({"red": "flare", "blue": "flare"})
    t.data["tracks"]["ship"] = anchor(CAT) - 1
    for tok in t.data["d21"]["ability"].values():  # nothing could change the dice: they count as typed
        tok["used"] = True
    t.data["d21"]["special"] = {k: "used" for k in t.data["d21"]["special"]}
    s = step(t)
    action = s.make(s.ask.parse("6,6"))
    t2, res = apply(t, action, CAT)
    assert res["anchor"] == 2
    ask, remake = s.after(res, t2)
    assert "anchor" in ask.prompt and remake("") is None  # Enter: red and blue keep one each
    assert t2.seat_values("red")["hope"] == t.seat_values("red")["hope"] + 1
    again = remake("yellow")
    t3 = do(t, again)
    assert t3.seat_values("yellow")["hope"] == t.seat_values("yellow")["hope"] + 2
    assert t3.seat_values("red")["hope"] == t.seat_values("red")["hope"]
    with pytest.raises(RuleError, match="one per flare die"):
        do(t, lo.Flare.parse(t, CAT, faces="6,6", anchor_to="red,blue,yellow"))


def test_logbook_midday_showing_nothing_places_no_dice():
    """Logbook, midday: answered '-' (nothing shown), nothing happens: no placement is asked, and the history
    and the result say so."""
    t = do(table(), fl.SetupDone())
    t = do(t, at.SharkPhase())
    t = do(t, ev.LogbookSymbols("morning", ()))
    s = step(t)
    action = s.make(s.ask.parse("-"))
    t2, res = apply(t, action, CAT)
    assert "nothing happens" in res["say"] and action.text() == "logbook midday: nothing"
    assert not [q for q in t2.data["flow"]["queue"] if q["do"] == "place"]
    t3 = do(t, ev.LogbookSymbols("midday", ("places",)))
    assert [q for q in t3.data["flow"]["queue"] if q["do"] == "place"]
    t4 = do(t, ev.LogbookSymbols.parse(t, CAT, "midday", ("-",)))  # `logbook midday -`
    assert not [q for q in t4.data["flow"]["queue"] if q["do"] == "place"]
    assert ev.LogbookSymbols.parse(t, CAT, "midday", ()).nothing is False  # a stored log's empty midday: placement


def test_karty_lahve_a_strength_card_for_a_survivor_no_longer_aboard_leaves_the_game():
    """Karty láhve: if that survivor is no longer on the raft, the card leaves the game; got at the bottle
    location, its holder may take a new one (asked again with physical decks, drawn again with virtual)."""
    t = placed({"red": "receive"})
    t.seat_values("blue")["strength"] = []
    t.data["dead"].append("blue")
    t2 = do(t, bo.Bottle.parse(t, CAT, "receive", "red", "4", "strength-blue"))
    assert "strength-blue" in t2.deck("bottle")["out"] and t2.deck("bottle")["held"] == {}
    assert t2.data["flow"]["bottle"] == {"seat": "red", "face": 4} and task(t2)["do"] == "receive"
    t3 = answer(t2, "four-hope")
    assert t3.deck("bottle")["held"] == {"red": ["four-hope"]}
    v = placed({"red": "receive"}, decks="virtual")
    v.seat_values("blue")["strength"] = []
    v.data["dead"].append("blue")
    v.deck("bottle")["draw"].remove("strength-blue")
    v.deck("bottle")["draw"].insert(0, "strength-blue")
    nxt = v.deck("bottle")["draw"][1]
    v2 = do(v, bo.Bottle.parse(v, CAT, "receive", "red", "4"))
    assert v2.deck("bottle")["held"] == {"red": [nxt]} and "strength-blue" in v2.deck("bottle")["out"]


def test_karty_lahve_a_held_strength_card_leaves_the_game_when_its_survivor_dies():
    t = placed({"red": "receive"})
    t = do(t, bo.Bottle.parse(t, CAT, "receive", "red", "4", "strength-blue"))
    assert t.deck("bottle")["held"] == {"red": ["strength-blue"]}
    from companion.games.days21.game import settle

    t2 = t.copy()
    t2.seat_values("blue")["strength"] = []  # blue drowns
    settle(t2, CAT)
    assert "blue" in t2.data["dead"]
    assert t2.deck("bottle")["held"] == {} and "strength-blue" in t2.deck("bottle")["out"]


def test_flare_location_anchor_hope_asked_after_a_die_shown_first():
    """Signální lokalita / Flare location, with a special hope token still unused: the flare dice show first
    (the token could change them); Enter applies them, and the anchor's hope is still the table's to give."""
    from companion.games.days21.core import anchor

    t = placed({"red": "flare", "blue": "flare"})
    t.data["tracks"]["ship"] = anchor(CAT) - 1
    for tok in t.data["d21"]["ability"].values():
        tok["used"] = True
    t.data["d21"]["special"] = {k: "used" for k in t.data["d21"]["special"]}
    t.data["d21"]["special"][next(iter(t.data["d21"]["special"]))] = "ready"
    s = step(t)
    t = do(t, s.make(s.ask.parse("6,6")))
    assert t.data["flow"].get("shown"), "the flare dice are shown first"
    s = step(t)
    action = s.make(s.ask.parse(""))
    t2, res = apply(t, action, CAT)
    assert res["anchor"] == 2 and s.after is not None
    ask, remake = s.after(res, t2)
    assert "anchor" in ask.prompt and remake("") is None
    t3 = do(t, remake("yellow"))
    assert t3.seat_values("yellow")["hope"] == t.seat_values("yellow")["hope"] + 2
    assert t3.seat_values("red")["hope"] == t.seat_values("red")["hope"]
