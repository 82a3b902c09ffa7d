"""Save to paper: print save → decode the QR → resume → the same state; damaged codes refused before decoding."""

from __future__ import annotations

import json

import pytest

from companion import savecode
from companion.errors import UsageError
from tests.print_helpers import qr_texts


def _current_state(cli):
    return json.loads(cli.ok("status", "--json").output)["state"]


def _games(cli):
    return len(json.loads(cli.ok("list", "--json").output))


def test_print_save_then_resume_restores_the_same_state(cli, tmp_path):
    import pymupdf

    cli.ok("new", "21days", "-p", "Ann", "-p", "Bob", "--seed", "11", "--promos")
    cli.ok("move", "ship", "+1")
    cli.ok("cards", "draw", "bottle", "--to", "red")
    cli.ok("dice", "roll", "shark", "--faces", "2/5")
    before = _current_state(cli)
    cli.ok("print", "save", "--out", str(tmp_path / "saves"))
    files = list((tmp_path / "saves").glob("*.pdf"))
    assert len(files) == 1 and not list((tmp_path / "saves").glob("*.tmp"))
    doc = pymupdf.open(files[0])
    assert doc.page_count == 1 and "print at 100% / actual size" in doc[0].get_text()
    codes = qr_texts(doc[0])
    assert len(codes) == 1 and codes[0].startswith(savecode.PREFIX)
    sizes = {round(sp["size"], 2) for b in doc[0].get_text("dict")["blocks"] for ln in b.get("lines", []) for sp in ln["spans"]}
    assert min(sizes) >= 6.0
    n = _games(cli)
    r = cli.ok("resume", codes[0])
    assert "restored" in r.output
    assert _games(cli) == n + 1
    assert _current_state(cli) == before


def _code(cli):
    cli.ok("new", "21days", "-p", "Ann", "--seed", "4")
    return savecode.encode(_current_state(cli))


def test_altered_truncated_long_and_foreign_codes_are_refused_and_nothing_is_written(cli):
    code = _code(cli)
    n = _games(cli)
    groups = savecode.groups(code)[len(savecode.PREFIX):].split()
    g = groups[3]
    typo = g[:2] + ("B" if g[2] != "B" else "C") + g[3:]
    altered = savecode.PREFIX + " ".join(groups[:3] + [typo] + groups[4:])
    cases = {
        "group 4": altered,
        "truncated": savecode.PREFIX + " ".join(groups[:2]),
        "not in a save code": savecode.PREFIX + " ".join(groups[:1] + ["UUUUUU"] + groups[2:]),
        "version": "CW7-" + code[4:],
        "at most": code + "A" * savecode.MAX_CODE,
        "starts with": "hello",
    }
    for word, bad in cases.items():
        r = cli("resume", bad)
        assert r.exit_code == 2, (word, r.output)
        assert word in r.output and "Traceback" not in r.output, (word, r.output)
    assert _games(cli) == n


def _day10(seed: int) -> dict:
    """A 21 Days game played to day 10 by the seeded table policy of the whole-game tests (pure engine)."""
    import random

    from companion.engine import apply
    from companion.errors import CompanionError
    from tests.test_21days_games import CAT, answers, days21

    opts = {"players": ["Ann", "Bob", "Cecilie", "Dan"][:2 + seed % 3], "difficulty": "orange", "scruffs": seed % 3 == 1,
            "promos": seed % 2 == 0, "shark6": seed % 4 == 0, "weather": seed % 3 == 2, "kite": seed % 3 == 2}
    rnd = random.Random(seed)
    t = days21.setup(CAT, dict(opts), seed)
    while t.data["tracks"]["day"] < 10 and not t.data.get("over"):
        step = days21.next_step(t, CAT)
        for retry in range(40):
            try:
                t, _r = apply(t, step.make(step.ask.parse(answers(step.ask, rnd, t, retry))), CAT)
                break
            except CompanionError:
                continue
    return t.data


def test_a_21_days_code_on_day_10_is_short_its_qr_small_and_it_resumes_with_its_title(cli):
    import qrcode

    longest = ""
    for seed in range(8):
        state = _day10(seed)
        assert state["tracks"]["day"] in (10, 11)  # 11: the logbook symbol that skips a page came up on day 9
        code = savecode.encode(state, "Friday night")
        assert len(code) <= 400, (seed, len(code))
        assert savecode.decode(code, with_title=True) == (state, "Friday night")
        longest = max(longest, code, key=len)
    q = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M)
    q.add_data(longest)
    q.make(fit=True)
    assert q.version <= 15
    state = savecode.decode(longest)
    cli.ok("resume", savecode.groups(longest))  # typed in its groups
    from companion import catalog
    from companion.games import registry
    from companion.table import Table

    # status --json shows the state with what 21 Days derives from it (its phase, the board's marks)
    assert _current_state(cli) == registry.get("21days").view(Table(state), catalog.load("21days"))
    rows = json.loads(cli.ok("list", "--json").output)
    assert any(r.get("title") == "Friday night" for r in rows), rows


def test_a_typo_names_its_group():
    code = savecode.encode(_day10(3))
    typed = savecode.groups(code).split()
    for n in (1, 5, len(typed) - 1):
        g = typed[n]
        bad = g[:1] + ("7" if g[1] != "7" else "8") + g[2:]
        with pytest.raises(UsageError, match=f"group {n + 1} "):  # typed[0] is the prefix with group 1
            savecode.decode(" ".join(typed[:n] + [bad] + typed[n + 1:]))


def test_version_1_codes_are_still_read():
    state = {"game": "21days", "seats": [], "tracks": {}, "counters": {}, "flags": {}, "seat": {}, "decks": {}, "rng": [1, 0]}
    assert savecode.decode(savecode.encode_v1(state)) == state


def test_decode_checks_the_groups_then_the_state():
    state = {"game": "21days", "seats": [], "tracks": {}, "counters": {}, "flags": {}, "seat": {}, "decks": {}, "rng": [1, 0]}
    code = savecode.encode(state)
    assert savecode.decode(code) == state
    assert savecode.decode(code.lower()) == state  # scanners and people may change the case
    assert savecode.decode(code.replace(" ", "")) == state  # typed without the spaces
    with pytest.raises(UsageError, match="castaway table"):
        savecode.decode(savecode.encode({"game": "21days"}))
