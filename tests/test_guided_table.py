"""The guided game at the table (issue 17): phase headings, stable numbers, one answer for the dice
placed at the table, the symbol chart, and steps that ask nothing done at once."""

from __future__ import annotations

import json

import pytest

from companion import catalog
from companion.engine import apply
from companion.errors import RuleError, UsageError
from companion.games.days21 import attacks as at
from companion.games.days21 import events as ev
from companion.games.days21 import flow as fl
from companion.games.days21 import game as days21
from companion.games.days21.steps_common import symbol_chart
from companion.guide import Ask

CAT = catalog.load("21days")
CS = catalog.load("21days", "cs")


def table(cat=CAT):
    opts = {"survivors": {"red": "diva", "yellow": "aleta", "blue": "maya", "green": "pjotr"},
            "strength": {"red": [3, 5], "yellow": [4, 4], "blue": [2, 6], "green": [5, 5]}}
    return days21.setup(cat, opts, 5)


def do(t, action, cat=CAT):
    return apply(t, action, cat)[0]


def morning(cat=CAT):
    t = do(table(cat), fl.SetupDone(), cat)
    return do(t, at.SharkPhase(), cat)


@pytest.mark.parametrize("cat, word", [(CAT, "Morning"), (CS, "2. Morning phase")])
def test_a_morning_symbol_is_headed_by_the_morning_not_midday(cat, word):
    t = do(morning(cat), ev.LogbookSymbols("morning", ("two-hope",)), cat)
    step = days21.next_step(t, cat)
    assert step.title == "Two hope" and step.phase.endswith(word), step.phase


def test_an_evening_symbol_is_headed_by_the_evening():
    t = do(morning(), ev.LogbookSymbols("morning", ()))
    t = do(t, ev.LogbookSymbols("midday", ("places",)))
    t = do(t, fl.Places(tuple((s, "none", False) for s in ("red", "yellow", "blue", "green"))))
    t = do(t, fl.Activate())
    t = do(t, ev.LogbookSymbols("evening", ("colour-plus2",)))
    assert days21.next_step(t, CAT).phase.endswith("Evening")


def test_placement_numbers_are_the_boards_whoever_places():
    t = do(do(morning(), ev.LogbookSymbols("morning", ())), ev.LogbookSymbols("midday", ("places",)))
    first = days21.next_step(t, CAT).ask
    keys = dict((v, k) for k, v, _label in first.numbered())
    assert keys["flare"] == "1" and keys["hope"] == "6" and keys["fishing"] == "7" and keys["none"] == "0"
    assert "play" not in keys  # nobody holds a bottle card: not legal now, not listed
    t = do(t, fl.Place("red", "hope"))
    second = days21.next_step(t, CAT).ask
    assert dict((v, k) for k, v, _l in second.numbered())["fishing"] == "7"
    assert second.parse("7") == ("fishing",)


def test_one_answer_places_every_die_still_to_place_or_none():
    t = do(do(morning(), ev.LogbookSymbols("morning", ())), ev.LogbookSymbols("midday", ("places",)))
    step = days21.next_step(t, CAT)
    action = step.make(step.ask.parse("1,1,6,7"))
    assert action.kind == "d21-place-all"
    after = do(t, action)
    assert after.data["flow"]["placements"] == [["red", "flare"], ["yellow", "flare"], ["blue", "hope"], ["green", "fishing"]]
    assert after.data["flow"]["queue"][0]["do"] == "activate"
    with pytest.raises(RuleError):  # the fishing location is full: nothing at all is placed
        do(t, step.make(step.ask.parse("7,7,1,1")))
    with pytest.raises(UsageError):
        step.make(step.ask.parse("1,1,1,1,1"))


def test_no_two_options_read_the_same():
    ask = Ask("Which?", "choice", choices=(("a", "Turtle (1 die)"), ("b", "Turtle (1 die)"), ("c", "Dolphin")))
    labels = [label for _k, _v, label in ask.numbered()]
    assert len(set(labels)) == 3 and labels[2] == "Dolphin"


def test_every_symbol_has_one_number_on_the_chart_and_the_prompt_takes_it():
    chart = symbol_chart(CAT)
    numbers = [int(n) for n, *_ in chart]
    assert numbers == list(range(1, len(chart) + 1))
    ids = {k for _n, k, _i, _name in chart}
    assert {k for k in CAT.rules["symbols"] if k != "source"} | {"places"} == ids
    assert [r[:2] for r in symbol_chart(CS)] == [r[:2] for r in chart]  # the same numbers in both editions
    step = days21.next_step(morning(), CAT)
    by_id = {k: n for n, k, _i, _name in chart}
    assert step.ask.parse(f"{by_id['two-hope']},{by_id['shared-loss']}") == ("two-hope", "shared-loss")
    assert step.ask.parse("two-hope") == ("two-hope",)


def test_the_reference_aids_print_the_symbol_chart(tmp_path):
    import pymupdf

    from printables import reference

    text = " ".join(p.get_text() for p in pymupdf.open(stream=reference.render(CAT), filetype="pdf"))
    assert "Logbook symbol chart" in text and "two hope tokens" in text and "octopus takes a die" in text


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_castaway_symbols_lists_every_number_and_wraps_an_effect_in_its_column(cli, lang):
    lines = cli.ok("--lang", lang, "21days", "symbols").stdout.splitlines()
    starts = [ln.split()[0] for ln in lines if ln.strip() and not ln.startswith(" " * 10)]
    assert starts == [str(n) for n in range(1, 23)]
    assert all(len(ln.rstrip()) <= 80 for ln in lines)
    tails = [ln for ln in lines if ln.startswith(" " * 10)]
    assert tails and all(ln.startswith(" " * 30) for ln in tails)  # under the effect, not at the margin


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_21_days_setup_fits_80_columns_and_wraps_a_dice_prompt_between_words(cli, lang):
    r = cli.ok("--lang", lang, "play", input="\n" * 30)
    lines = r.stdout.splitlines()
    assert [ln for ln in lines if len(ln) > 80] == []
    dice = [ln for ln in lines if ln.startswith("? ") and "2/6" in ln]
    assert len(dice) == 4  # the four strength rolls
    assert not [ln for ln in lines if ln.rstrip().endswith(("[Enter:", "[Enter"))]


def test_castaway_logbook_takes_chart_numbers(cli):
    cli.ok("new", "21days", "--seed", "3")
    cli.ok("play", "--no-board", input="draw\ny\n")  # the swap location token turned up: castaway's
    cli.ok("21days", "logbook", "morning", "3")
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["flow"]["queue"][0] == {"do": "sym", "sym": "two-hope"}


def test_steps_that_ask_nothing_are_done_without_enter(cli):
    cli.ok("new", "21days", "--seed", "3")
    r = cli.ok("play", "--no-board", input="draw\ny\n-\n\n1,1,6,7\n")
    assert "Enter to go on" not in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["flow"]["queue"][0]["do"] in ("flare", "hope", "fishing")  # activation went on by itself


def test_a_survivor_keeps_their_seats_number_in_every_menu():
    from companion.games.days21.steps_common import token_ask

    ask = token_ask(table(), CAT, ["blue", "green"], "Whose token fell?")
    assert [k for k, _v, _l in ask.numbered()] == ["0", "3", "4"] and ask.parse("3") == "blue"


def test_two_turtle_tokens_taking_one_die_read_differently():
    from companion.games.days21.steps import swap_label

    labels = [swap_label(c) for c in CAT.deck("swap").cards]
    assert len(set(labels)) == len(labels)


def test_before_a_plank_roll_the_table_sees_the_raft_and_who_would_drown():
    from companion.games.days21.steps import plank_warning

    t = morning()
    lines = plank_warning(t, CAT)
    assert lines[0].startswith("Raft: spot 1 on flare side, plank 2 from the outside: Diva")
    assert lines[1].startswith("Even (3 in 6): nobody drowns") and lines[2].startswith("Odd (3 in 6): nobody drowns")
    x = t.data["d21"]
    x["planks"] = [p for p in x["planks"] if p not in ("bottle-1", "flare-1", "flare-2", "flare-3")]  # the table's raft
    t.data["counters"]["planks"] = len(x["planks"])
    lines = plank_warning(t, CAT)
    assert "Pjotr (green) drowns" in lines[2] or "Maya Ayushi (blue) drowns" in lines[2], lines


def test_a_named_die_question_says_which_faces_it_takes():
    from ui.play_cmds import describe

    text = describe(Ask("Octopus die", "dice", dice=("octopus",)), CAT)
    assert "blank or tentacle" in text


def test_a_text_question_shows_what_enter_keeps():
    """Joining in progress: a survivor's strength question shows the dice Enter keeps, not only an example."""
    from companion.games.days21.join import join_asks
    from ui.play_cmds import describe

    t = morning()
    asks = dict(join_asks(t, CAT))
    seat = t.seats[0]
    dice = ",".join(str(v) for v in t.seat_values(seat)["strength"])
    assert describe(asks[f"strength:{seat}"], CAT).endswith(f"[Enter: {dice}]")
    assert describe(Ask("Players' names (Enter: none)", "text", default="-")).endswith("(Enter: none)")
    assert describe(Ask("A note", "text")) == "A note"


def test_after_an_action_one_line_says_what_changed():
    from ui.play_cmds import changes

    t = morning()
    after = do(t, ev.LogbookSymbols("morning", ("all-minus1",)))
    after = do(after, ev.Symbol("all-minus1"))
    line = changes(t, after, CAT)
    assert "red strength 3/5→2/5" in line and "yellow strength 4/4→3/4" in line


def test_names_not_ids_in_the_setup_and_the_activation_order():
    t = table()
    step = days21.next_step(t, CAT)
    assert not any(word in step.say for word in ("strength4", "hope21", "swap-seats", "cancel-disaster"))


def test_the_guided_setup_asks_the_edition_and_undo_goes_back(cli):
    # game, edition (undo: back to the game question, which is answered again), edition: Czech, ...
    answers = ["21days", "undo", "21days", "2", "Jana", "undo", "Jana, Petr"] + [""] * 30
    r = cli.ok("play", "--no-board", input="\n".join(answers) + "\n")
    assert "Which edition is on your table?" in r.stdout and "back to the previous question" in r.stdout
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["edition"] == "cs" and [s["seat"][c].get("player") for c in ("red", "yellow")] == ["Jana", "Petr"]


def test_robinson_asks_for_the_youngest_as_first_player(cli):
    answers = ["robinson", "Ann,Bob", "", "", "2", "", "", "", "", "", "", "quit"]
    cli.ok("play", "--no-board", input="\n".join(answers) + "\n")
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert s["rc"]["first"] == 1


def test_a_deck_with_cards_no_rulebook_describes_is_drawn_at_the_table():
    from companion.games.days21.steps import card_ask, drawn_at_table

    assert drawn_at_table(CAT, "disaster") and drawn_at_table(CAT, "jellyfish") and not drawn_at_table(CAT, "bottle")
    ask = card_ask(table(), CAT, "disaster")
    assert ask.default is None and ask.kind == "choice" and "roll" not in [v for v, _l in ask.choices]


def test_the_table_decides_who_gets_the_fish_castaways_share_on_enter():
    from companion.games.days21 import locations as lo
    from companion.games.days21.steps_midday import share_after

    t = do(do(morning(), ev.LogbookSymbols("morning", ())), ev.LogbookSymbols("midday", ("places",)))
    t = do(t, fl.Places((("red", "fishing", False), ("yellow", "none", False), ("blue", "none", False), ("green", "none", False))))
    t = do(t, fl.Activate())
    t2, res = apply(t, lo.Fishing(face=2), CAT)
    ask, remake = share_after("fishing")(t, CAT)(res, t2)
    assert "Enter keeps castaway's share" in ask.prompt and remake(ask.parse("")) is None
    again = remake("blue,red")  # a 2 feeds two survivors, one fish each (CS § Lokalita rybolov)
    assert again.to_dict() == lo.Fishing(face=2, to=("blue", "red")).to_dict()
    t3 = do(t, again)
    assert t3.visible("blue") == min(6, t.visible("blue") + 1) and t3.visible("red") == min(6, t.visible("red") + 1)


def test_the_table_may_give_the_fish_in_the_guided_loop(cli):
    cli.ok("new", "21days", "--seed", "3")
    # setup; no morning symbols; midday places: red fishes, the others place nowhere; Enter rolls, the die shows
    # (a hope token could change it), Enter applies it; blue gets the fish
    r = cli.ok("play", "--no-board", input="draw\ny\n-\n\n7,0,0,0\n\n\nblue\n")
    s = json.loads(cli.ok("status", "--json").stdout)["state"]
    assert "Who gets the fish?" in r.stdout
    assert s["flow"]["queue"][0]["do"] == "evening"


def test_the_legality_check_takes_every_die_at_once_and_names_a_sub_tasks_phase():
    from companion.games.days21 import legal

    t = do(do(morning(), ev.LogbookSymbols("morning", ())), ev.LogbookSymbols("midday", ("places",)))
    legal.check(t, fl.Places((("red", "flare", False), ("yellow", "hope", False))), CAT)  # no refusal
    t = do(morning(), ev.LogbookSymbols("morning", ("two-hope",)))
    step, _next = legal.step_text(t, CAT, t.data["flow"]["queue"][0])
    assert step.startswith("Morning"), step


def test_a_long_result_line_wraps_under_its_text():
    from ui.common import out, wrapped_between_words
    from ui.play_cmds import hanging

    with wrapped_between_words(), out.capture() as cap:
        hanging("the shark card slides to 4 " * 8 + "\n  and a part of its own", "  → ")
    rows = cap.get().splitlines()
    assert rows[0].startswith("  → the shark") and len(rows) > 3
    assert all(len(r) <= out.width for r in rows)
    assert all(r.startswith("    ") and not r.startswith("     ") for r in rows[1:])
