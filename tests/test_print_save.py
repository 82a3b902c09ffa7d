"""Save to paper: print save → decode the QR → resume → the same state; damaged codes refused before decoding."""

from __future__ import annotations

import base64
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
    cli.ok("draw", "bottle", "--to", "red")
    cli.ok("roll", "shark", "--faces", "2/5")
    before = _current_state(cli)
    cli.ok("print", "save", "--out", str(tmp_path / "saves"))
    files = list((tmp_path / "saves").glob("*.pdf"))
    assert len(files) == 1 and not list((tmp_path / "saves").glob("*.tmp"))
    doc = pymupdf.open(files[0])
    assert doc.page_count == 1 and "Print at 100% / actual size" in doc[0].get_text()
    codes = qr_texts(doc[0])
    assert len(codes) == 1 and codes[0].startswith(savecode.PREFIX)
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
    mid = len(code) // 2
    altered = code[:mid] + ("B" if code[mid] != "B" else "C") + code[mid + 1:]
    cases = {
        "altered": altered,
        "truncated": code[: len(code) - 16],
        "characters": code[:20] + "0189" + code[24:],
        "version": "CW7-" + code[4:],
        "at most": code + "A" * savecode.MAX_CODE,
        "starts with": "hello",
    }
    for word, bad in cases.items():
        r = cli("resume", bad)
        assert r.exit_code == 2, (word, r.output)
        assert word in r.output and "Traceback" not in r.output, (word, r.output)
    assert _games(cli) == n


def test_decode_checks_the_header_before_the_payload():
    state = {"game": "21days", "seats": [], "tracks": {}, "counters": {}, "flags": {}, "seat": {}, "decks": {}, "rng": [1, 0]}
    code = savecode.encode(state)
    assert savecode.decode(code) == state
    assert savecode.decode(code.lower()) == state  # scanners and people may change the case
    assert savecode.decode(" ".join(code[i:i + 5] for i in range(0, len(code), 5))) == state  # typed in groups
    body = base64.b32decode(code[4:] + "=" * (-len(code[4:]) % 8))
    forged = bytes([body[0] ^ 1]) + body[1:]  # the length changed, its check not
    with pytest.raises(UsageError, match="header"):
        savecode.decode("CW1-" + base64.b32encode(forged).decode().rstrip("="))
    with pytest.raises(UsageError, match="castaway table"):
        savecode.decode(savecode.encode({"game": "21days"}))
