"""A stored game records the data it was built with: castaway's version and a digest of its catalog,
the user's overrides included. A changed override then never silently changes a stored game."""

from __future__ import annotations

import pytest

from companion import catalog, session

PLANKS = '[[counter]]\nid = "planks"\nname = "Planks"\nmin = 0\nmax = 6\nstart = {start}\nassumed = "my raft"\n'


@pytest.fixture
def decks(tmp_path, monkeypatch):
    folder = tmp_path / "decks"
    (folder / "21days").mkdir(parents=True)
    monkeypatch.setenv("CASTAWAY_DECKS", str(folder))
    monkeypatch.setattr(catalog, "_CACHE", {})
    monkeypatch.setattr(session, "_warned", set())
    return folder / "21days" / "mine.toml"


def fresh_process(monkeypatch):
    """What a new castaway process would see: no catalog read yet, no warning given yet."""
    monkeypatch.setattr(catalog, "_CACHE", {})
    monkeypatch.setattr(session, "_warned", set())


def test_the_setup_event_records_version_and_catalog_digest(cli, db):
    from importlib import metadata

    cli.ok("new", "21days", "--seed", "3")
    with session.open_store(db) as st:
        setup = st.events(1)[0].action
    assert setup["castaway"] == metadata.version("castaway")
    assert setup["catalog"] == catalog.digest("21days") and len(setup["catalog"]) == 16
    assert catalog.digest("21days", "cs") != catalog.digest("21days")  # the edition's files count


def test_a_changed_override_is_told_from_damage(cli, db, decks, monkeypatch):
    decks.write_text(PLANKS.format(start=5))
    cli.ok("new", "21days", "--seed", "3")
    assert cli.ok("status", "--json").stdout.count('"planks": 5') == 1
    r = cli.ok("check")
    assert "replay matches" in r.stdout and "other data" not in r.stdout and not r.stderr

    decks.write_text(PLANKS.format(start=4))  # the user edits the override
    fresh_process(monkeypatch)
    r = cli.ok("status")
    assert r.stderr.splitlines() == ["warning: game 1 was set up with other catalog data than now (a deck file or your "
                                     "override changed): castaway check tells whether it replays the same"]
    fresh_process(monkeypatch)
    r = cli.ok("check")  # not damage: exit 0
    assert "game 1: 1 events, gapless, replay DIFFERS FROM the stored state; built with other data than now" in r.stdout

    decks.write_text(PLANKS.format(start=5))  # back as it was: the same data, no word of it
    fresh_process(monkeypatch)
    r = cli.ok("status")
    assert not r.stderr


def test_damage_is_still_damage(cli, db):
    cli.ok("new", "21days", "--seed", "3")
    with session.open_store(db) as st, st.write():
        st.conn.execute("UPDATE games SET state = replace(state, '\"planks\":6', '\"planks\":2')")
    r = cli("check")
    assert r.exit_code == 1 and "CACHE DAMAGED" in r.stdout and "other data" not in r.stdout
