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
