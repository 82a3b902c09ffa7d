"""History lines name what they hold as printed (logbook symbols, cards, locations, spots, planned actions),
in the table's language, through the game's catalog (companion/lognames.py); the stored line keeps the ids
(`history --json`, `castaway check`)."""

from __future__ import annotations

import json
import re

import pytest

from companion import i18n, session
from companion.card_actions import Discard, Draw, ReturnCard
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21.attacks import SharkPhase
from companion.games.days21.hazards import PlankLoss
from companion.games.dieson.afternoon import DcHelp
from companion.games.dieson.do import DcDo
from companion.games.mutinies.actions import Place as MutPlace
from companion.games.mutinies.cards import DrawCard
from companion.games.mutinies.sailors import Cabin
from companion.games.robinson.action_phase import RcPlan, RcPlans
from companion.games.robinson.phases import RcEvent, RcWeatherDice


def shown(store, gid: int, lang: str, last: int) -> list[str]:
    """The last `last` lines of a game's log as a printer shows them, in `lang`."""
    cat = session.load(store, gid).cat  # loading a game may prefer its edition's language: chosen after it
    i18n.set_language(lang)
    events = store.events(gid)
    return [session.event_text(e, events, cat) for e in events[-last:]]


def stored(store, gid: int, last: int) -> list[str]:
    return [e.text for e in store.events(gid)[-last:]]


def raw(ids, lines) -> list[str]:
    """The ids that a line still shows as a word of its own."""
    return [i for i in ids for line in lines if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", line)]


def read_back(game: str, cases) -> None:
    """Each (action, its stored line, its line shown in English, in Czech): the log keeps the stored line,
    and event_text with the game's catalog names what it holds as printed (without one: the stored line)."""
    from companion import catalog
    from companion.events import Event

    cat = catalog.load(game)
    try:
        for action, stored_line, en, cs in cases:
            e = Event(seq=9, type="action", action=action.to_dict(), text=session.stored_text(action))
            assert e.text == stored_line
            i18n.set_language("en")
            assert session.event_text(e, cat=cat) == en
            assert session.event_text(e) == stored_line
            i18n.set_language("cs")
            assert session.event_text(e, cat=cat) == cs
    finally:
        i18n.set_language("en")


@pytest.fixture
def store(tmp_path):
    with session.open_store(tmp_path / "names.db", create=True) as st:
        yield st


def play(store, game: str, options: dict, *actions, seed: int = 1, edition: str | None = None) -> int:
    opts = dict(options, **({"edition": edition} if edition else {}))
    gid = session.new_game(store, game, opts, seed).row.id
    for action in actions:
        session.act(store, gid, action)
    return gid


DAY = (fl.SetupDone(), SharkPhase(), ev.LogbookSymbols("morning", ("plank",)), PlankLoss(3))
MIDDAY = (ev.LogbookSymbols("midday", ("places", "no-fishing")),)


def test_21days_symbols_and_locations_by_their_printed_names(store):
    gid = play(store, "21days", {}, *DAY, *MIDDAY, fl.Place("red", "flare"), fl.Place("yellow", "receive"))
    assert stored(store, gid, 3) == ["logbook midday: places, no-fishing", "place red on flare", "place yellow on receive"]
    en = shown(store, gid, "en", 4)
    assert en[1:] == ["logbook midday: Esperanza emblem, broken fishing rod", "place red on Flare",
                      "place yellow on Bottle: receive (2/4/6)"]
    cs = shown(store, gid, "cs", 4)
    assert cs[1:] == ["lodní deník, denní fáze: Znak Esperanzy, zlomený rybářský prut", "červená na lokalitu Signální lokalita",
                      "žlutá na lokalitu Láhev: získat kartu (2/4/6)"]
    ids = ("places", "no-fishing", "flare", "receive", "plank")
    assert raw(ids[:3], en) == [] and raw(ids, cs) == []  # (the English names hold the words receive and plank)
    assert raw(ids, stored(store, gid, 6)) != []  # the stored lines keep the ids: the check above can fail


def test_21days_cards_and_tokens_by_their_printed_names(store):
    gid = play(store, "21days", {}, *DAY, Draw("bottle", "rotten-fish", "red"), Discard("disaster", "exhaustion"),
               ReturnCard("disaster", "exhaustion", "top"))
    assert stored(store, gid, 3) == ["draw bottle rotten-fish to red", "discard disaster exhaustion",
                                     "return disaster exhaustion (top)"]
    cat = session.load(store, gid).cat
    fish, tired = cat.deck("bottle").card("rotten-fish").name, cat.deck("disaster").card("exhaustion").name
    en = shown(store, gid, "en", 3)
    assert en == [f"draw bottle {fish} to red", f"discard disaster {tired}", f"return disaster {tired} (top)"]
    cs = shown(store, gid, "cs", 3)
    assert [i18n._(fish), i18n._(tired)] != [fish, tired]  # both have a Czech name, which the lines show
    assert i18n._(fish) in cs[0] and i18n._(tired) in cs[1] and i18n._(tired) in cs[2]
    assert raw(("rotten-fish", "exhaustion"), en + cs) == []


def test_the_czech_edition_names_from_its_own_catalog(store):
    gid = play(store, "21days", {}, *DAY, *MIDDAY, edition="cs")
    cat = session.load(store, gid).cat
    line = shown(store, gid, "cs", 1)[0]
    assert line == "lodní deník, denní fáze: {a}, {b}".format(a=i18n._(cat.rules["symbol_chart"]["places"]["name"]),
                                                         b=i18n._(cat.rules["symbol_chart"]["no-fishing"]["name"]))
    assert raw(("places", "no-fishing"), [line]) == []


def test_mutinies_spots_by_their_printed_names(store):
    gid = play(store, "mutinies", {"count": "3", "order": "red,blue,green"}, seed=3)
    from companion.games.mutinies.actions import Routes

    session.act(store, gid, Routes.parse(("1d", "2d", "1d1r", "0")))
    for action in (MutPlace("red", "town:theft"), MutPlace("blue", "town:rumours"), MutPlace("green", "mutiny:1")):
        session.act(store, gid, action)
    assert stored(store, gid, 3) == ["red places on town:theft", "blue places on town:rumours", "green places on mutiny:1"]
    en, cs = shown(store, gid, "en", 3), shown(store, gid, "cs", 3)
    assert en == ["red places on Town, Theft", "blue places on Town, Rumours", "green places on Mutiny, space 1"]
    assert cs == ["červená staví na Město, Krádež", "modrá staví na Město, Fámy", "zelená staví na Vzpoura, políčko 1"]
    assert raw(("town:theft", "town:rumours", "mutiny:1", "theft", "rumours"), en + cs) == []


def test_mutinies_cards_and_the_cabin_from_the_log():
    """The lines alone (no game needs to reach the card phase): an action rebuilt as the log keeps it."""
    read_back("mutinies", (
            (DrawCard("dead-calm"), "draw mutiny card dead-calm", "draw mutiny card Dead calm", "tah karty vzpoury Bezvětří"),
            (Cabin("prestige"), "cabin: prestige", "cabin: 1 prestige", "kajuta: 1 prestiž"),
            (Cabin("steal", "red"), "cabin: steal from red", "cabin: steal 1 doubloon from red",
             "kajuta: ukrást 1 dublon od červená")))


def test_robinson_plans_cards_and_dice_by_their_printed_names():
    read_back("robinson", (
            (RcPlans((RcPlan("explore", "red", helper="friday").fields(), RcPlan("gather", "blue", arg="wood@3").fields()), True),
             "plan explore red+friday; gather wood 3 blue; done",
             "plan Exploration red+Friday; Gathering Resources wood 3 blue; done",
             "plán Průzkum červená+Pátek; Sběr surovin dřevo 3 modrá; hotovo"),
            (RcPlan("threat-right", "blue"), "plan threat-right blue", "plan Threat Action (right card) blue",
             "plán Akce hrozby (pravá karta) modrá"),
            (RcEvent("explore", "Rain", 1), "event deck: explore Rain (1 pawn)",
             "event deck: Event card, Exploration icon: Rain (1 pawn)", "balíček událostí: Karta události, ikona průzkumu: Rain (figurka 1)"),
            (RcWeatherDice(("winter", "animals")), "weather dice: winter animals", "weather dice: Winter die, Hungry Animals die",
             "kostky počasí: kostka zimy, kostka hladových zvířat")))


def test_dieson_boxes_tools_and_resources_by_their_printed_names():
    read_back("dieson", (
            (DcDo("craft", tool="stone-knife"), "dieson: craft stone-knife", "dieson: craft Stone Knife", "dieson: výroba Stone Knife"),
            (DcDo("action", box="resource", take="wood"), "dieson: action resource, take wood",
             "dieson: action 2. Get one resource, take wood", "dieson: akce 2. Získej jednu surovinu, bere dřevo"),
            (DcHelp("resource", "wood", 2), "dieson: friend's help (resource wood x2)",
             "dieson: friend's help (resources wood x2)", "dieson: pomoc přítele (suroviny dřevo x2)"),
            (DcHelp("stars", None, 3), "dieson: friend's help (stars x3)", "dieson: friend's help (stars x3)",
             "dieson: pomoc přítele (hvězdy x3)")))


def test_history_shows_names_and_its_json_keeps_the_stored_ids(cli):
    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "1")
    for step in (["21days", "setup-done"], ["21days", "shark-phase"], ["21days", "logbook", "morning", "21"], ["cards", "draw", "bottle", "--card", "rotten-fish"]):
        cli.ok(*step)
    en = cli.ok("history").output
    assert "logbook morning: octopus takes a die\n" in en and "steal-die" not in en
    assert "draw bottle Rotten fish\n" in en and "rotten-fish" not in en  # the card named once, no arrow repeating it
    cs = cli.ok("--lang", "cs", "history").output
    assert "steal-die" not in cs and "rotten-fish" not in cs and "lodní deník, ráno: chobotnice bere kostku" in cs
    rows = json.loads(cli.ok("history", "--json").output)
    assert [r["text"] for r in rows][-2:] == ["logbook morning: steal-die", "draw bottle rotten-fish"]
    assert cli("check").exit_code == 0


def test_21days_survivors_tokens_modes_and_day21_moves_from_the_log():
    from companion.games.days21.abilities import Ability, SpecialHope
    from companion.games.days21.bottle import Bottle
    from companion.games.days21.day21 import Day21
    read_back("21days", (
            (Ability("maya", "red"), "ability maya to red", "ability Maya Ayushi to red", "schopnost Maya Ayushi pro červená"),
            (SpecialHope("blue", "plusminus2"), "blue spends special hope plusminus2", "blue spends special hope ±2",
             "modrá utrácí speciální naději ±2"),
            (Bottle("receive", "yellow"), "bottle receive yellow", "bottle receive (2/4/6) yellow", "láhev získat kartu (2/4/6) žlutá"),
            (Day21("exhaustion"), "day 21: exhaustion", "day 21: exhaustion", "21. den: vyčerpání")))
