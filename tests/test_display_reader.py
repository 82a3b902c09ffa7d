"""The display reads fast and never stale (ui/display/reader.py, fragments.py, connections.py): a worker
thread keeps its store open; a game loaded once is used again only while its row in the store is the same
row, so a write from the terminal (another connection) or a cache rebuilt at the same version is drawn anew;
drawing never changes the table it reads; and each response leaves without waiting for the client's ACK."""

from __future__ import annotations

import http.client
import socket
import statistics
import threading
import time

import pytest

from companion import session
from companion.actions import Note
from companion.errors import StoreError
from tests.display_server import Served, drive, make_games
from ui.display import view
from ui.display.connections import no_delay
from ui.display.run import Display


@pytest.fixture()
def games(tmp_path):
    db = tmp_path / "castaway.db"
    return db, make_games(db)


def test_a_write_from_another_connection_is_drawn_at_once(games):
    db, ids = games
    d = Display(db, ids["21days"], pad=True)
    for gid in ids.values():
        v1, board1 = d.fragment(gid, "board")
        pv1, pad1, asked1 = d.pad_fragment(gid, "table")
        assert d.fragment(gid, "board") == (v1, board1)  # drawn once per version
        with session.open_store(db) as st:  # the terminal writes
            session.act(st, gid, Note("from the terminal"))
        v2, board2 = d.fragment(gid, "board")
        pv2, _pad2, asked2 = d.pad_fragment(gid, "table")
        assert (v2, pv2) == (v1 + 1, pv1 + 1) and f'data-version="{v2}"' in board2 and "from the terminal" in board2
        assert asked1 != asked2 and (asked1 or "").startswith(f"{v1}:") and (asked2 or "").startswith(f"{v2}:")


def test_a_cache_rebuilt_at_the_same_version_is_loaded_and_drawn_again(games):
    db, ids = games
    gid = ids["21days"]
    d = Display(db, gid)
    version, before = d.fragment(gid, "board")
    with session.open_store(db) as st:  # as `castaway check --repair` does: the row rewritten, its version kept
        row = st.game(gid)
        table = row.state.copy()
        table.data["tracks"]["shark"] = 2
        with st.write():
            st.rebuild_cache(gid, row.version, row.head, row.redo, table, {})
    assert d.shown().table.data["tracks"]["shark"] == 2
    again, after = d.fragment(gid, "board")
    assert again == version and after != before


def test_drawing_leaves_the_cached_table_as_stored(games):
    db, ids = games
    d = Display(db, ids["21days"], pad=True)

    def look(gid: int) -> None:
        d.fragment(gid, "board")
        d.fragment(gid, "history")
        d.pad_fragment(gid, "table")
        for seat in d.shown().table.seats if gid == d.game_id else d.reader._games[gid].table.seats:
            d.pad_fragment(gid, seat)
        cached = d.reader._games[gid]
        with session.open_store(db) as st:
            stored = st.game(gid)
        assert cached.row.version == stored.version and cached.table.data == stored.state.data

    for kind, gid in ids.items():
        if kind == "mutinies":  # its first question is typed (the routes' prices): answered here, not by drive()
            look(gid)
            with session.open_store(db) as st:
                loaded = session.load(st, gid)
                step = view.step_of(loaded.table, loaded.cat)
                session.act(st, gid, step.make(step.ask.parse("0 0 0 0")))
            look(gid)
            continue
        seen = []
        assert drive(db, gid, lambda step: look(gid) or seen.append(step.title) or len(seen) == 6) is not None


def test_each_worker_thread_keeps_one_store_and_one_that_failed_is_opened_again(games):
    db, ids = games
    d = Display(db, ids["dieson"])
    with d.reader.store() as first:
        pass
    with d.reader.store() as second:
        assert second is first
    other = []

    def elsewhere():
        with d.reader.store() as st:
            other.append(st)

    t = threading.Thread(target=elsewhere)
    t.start()
    t.join()
    assert other and other[0] is not first
    with pytest.raises(StoreError):
        with d.reader.store():
            raise StoreError("busy")
    with d.reader.store() as third:
        assert third is not first and third.game(ids["dieson"]) is not None
    with pytest.raises(Exception, match="closed"):  # the failed one was closed, not left open
        first.game(ids["dieson"])


def test_an_accepted_socket_of_proto_0_sends_at_once():
    class Transport:
        def __init__(self, sock):
            self.sock = sock

        def get_extra_info(self, name):
            return self.sock if name == "socket" else None

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)  # proto 0, as `castaway display` binds it
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    client = socket.create_connection(listener.getsockname())
    conn, _addr = listener.accept()
    try:
        assert conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        no_delay(Transport(conn))
        assert conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        for s in (conn, client, listener):
            s.close()


def test_requests_on_a_kept_alive_connection_answer_without_the_ack_delay(games):
    """The client's delayed ACK is 40 ms on Linux: a second write of a response waiting for it made every
    request of a kept-alive connection but the first take over 40 ms."""
    db, ids = games
    with Served(db, "--pad", "--game", str(ids["robinson"])) as s:
        host, port = s.base.split("://", 1)[1].rsplit(":", 1)
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        took = []
        for _i in range(12):
            t0 = time.perf_counter()
            conn.request("GET", f"/pad/{ids['robinson']}/fragment?t={s.token}")
            r = conn.getresponse()
            r.read()
            took.append((time.perf_counter() - t0) * 1000)
            assert r.status == 200
        conn.close()
    assert statistics.median(took[1:]) < 30, took
