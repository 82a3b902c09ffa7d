"""A fresh database that a command created is taken away again when the command fails, but never once it
holds a game: a guided game set up and then interrupted, or cut off by a closed pipe, is kept."""

from __future__ import annotations

from companion import session


def _answers(seq):
    it = iter(seq)

    def read(prompt: str) -> str:
        try:
            got = next(it)
        except StopIteration:
            raise KeyboardInterrupt from None
        if isinstance(got, BaseException):
            raise got
        return got
    return read


def test_an_interrupted_guided_game_keeps_the_game_it_set_up(cli, db, monkeypatch):
    from ui import play_cmds

    assert not db.exists()
    monkeypatch.setattr(play_cmds, "read", _answers(["1", "", "Anna"] + [""] * 14))
    r = cli("play")
    assert r.exit_code == 130, r.output
    assert db.exists()
    with session.open_store(db) as st:
        assert [g.id for g in st.games()] == [1]


def test_a_refused_first_command_still_leaves_no_file(cli, db):
    r = cli("new", "21days", "--survivor", "nobody")
    assert r.exit_code != 0 and not db.exists()


def test_a_closed_output_keeps_the_game(cli, db, monkeypatch):
    from ui import play_cmds

    monkeypatch.setattr(play_cmds, "read", _answers(["1", "", "Anna"] + [""] * 14 + [BrokenPipeError()]))
    cli("play")
    with session.open_store(db) as st:
        assert len(st.games()) == 1
