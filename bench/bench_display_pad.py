"""How fast the table display answers a pad, measured in one run against a real `castaway display --pad` on
127.0.0.1 (no browser: the requests a pad's script makes, over one kept-alive HTTP connection, as a phone's).

A temp store holds a fresh game of each of the four games. For each game, CYCLES times:

1. question: GET /pad/ID/fragment (the pad reads the question and its id, at a version not drawn before)
2. answer:   POST /game/ID/answer with that question's id (one transaction, checked against the version)
3. undo:     POST /game/ID/undo (back to the question: the next cycle asks it again, at a new version)
4. board:    GET /game/ID/fragment (the board the TV fetches after each write, at a version not drawn before)

Then a second reader of the same version (another phone of the table, or the board after the TV): "question
again" and "board again". Prints each kind's median and p95 in ms, over all four games and per game (the first
cycle of each game is printed apart: the rules and drawings a game needs are imported then).
A TARGET (ms) may be given (`--target MS`): exits 1 if the p95 of question, answer, undo or board (over all
games) is above it. `--events N`: each game is given N notes first (a long evening's log).
"""

from __future__ import annotations

import http.client
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import session  # noqa: E402
from companion.actions import Note  # noqa: E402
from companion.errors import CompanionError  # noqa: E402
from tests.display_server import Served, make_games  # noqa: E402

CYCLES = 30  # answer-and-undo cycles per game
KINDS = ("question", "answer", "undo", "board", "question again", "board again")


def p95(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]


def typed(db: Path, gid: int) -> str | None:
    """An answer to the game's current question, as a pad sends it (null: dice rolled by castaway, or the
    default); a typed question gets the first of a few answers its step makes an action of that applies."""
    from companion.engine import apply
    from ui.display import view

    with session.open_store(db) as st:
        loaded = session.load(st, gid)
    step = view.step_of(loaded.table, loaded.cat)
    ask = step.ask
    if ask.kind in ("dice", "none") or ask.default is not None:
        return None
    for text in ("y", "1", "0", "0 0 0 0"):
        try:
            action = step.make(ask.parse(text))
            session.check_flow(loaded.table, action, loaded.cat)
            apply(loaded.table, action, loaded.cat)
            return text
        except CompanionError:
            continue
    raise SystemExit(f"game {gid}: no answer to {ask.prompt!r}")


class Client:
    """One kept-alive connection to the display; each call's wall time is added to `times`."""

    def __init__(self, base: str, token: str):
        host, port = base.split("://", 1)[1].rsplit(":", 1)
        self.conn = http.client.HTTPConnection(host, int(port), timeout=30)
        self.token = token
        self.times: dict[str, dict[str, list[float]]] = {}

    def call(self, kind: str, game: str, method: str, path: str, body: dict | None = None) -> http.client.HTTPResponse:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        data = json.dumps(body).encode() if body is not None else None
        t0 = time.perf_counter()
        self.conn.request(method, f"{path}?t={self.token}", body=data, headers=headers)
        r = self.conn.getresponse()
        text = r.read().decode()
        ms = (time.perf_counter() - t0) * 1000
        if r.status != 200:
            raise SystemExit(f"{method} {path} {body}: {r.status} {text}")
        self.times.setdefault(kind, {}).setdefault(game, []).append(ms)
        r.text = text  # type: ignore[attr-defined]
        return r


def cycle(c: Client, game: str, gid: int, answer: str | None) -> None:
    r = c.call("question", game, "GET", f"/pad/{gid}/fragment")
    version, question = int(r.getheader("X-Castaway-Version")), r.getheader("X-Castaway-Question")
    c.call("question again", game, "GET", f"/pad/{gid}/fragment")
    body = {"version": version, "answer": answer, **({"question": question} if question else {})}
    c.call("answer", game, "POST", f"/game/{gid}/answer", body)
    c.call("undo", game, "POST", f"/game/{gid}/undo", {"version": version + 1})
    c.call("board", game, "GET", f"/game/{gid}/fragment")
    c.call("board again", game, "GET", f"/game/{gid}/fragment")


def lengthen(db: Path, ids: dict[str, int], events: int) -> None:
    """Each game given `events` notes (written without waiting for the disk: building the fixture only)."""
    with session.open_store(db) as st:
        st.conn.execute("PRAGMA synchronous = OFF")
        for gid in ids.values():
            for i in range(events):
                session.act(st, gid, Note(f"note {i}"))


def main() -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--target", type=float, default=None, help="the largest p95 accepted, ms")
    ap.add_argument("--events", type=int, default=0, help="notes written to each game first")
    args = ap.parse_args()
    target = args.target
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        ids = make_games(db)
        if args.events:
            lengthen(db, ids, args.events)
        answers = {game: typed(db, gid) for game, gid in ids.items()}
        with Served(db, "--pad", "--game", str(ids["21days"])) as served:
            c = Client(served.base, served.token)
            for game, gid in ids.items():  # one cycle each first: the server's first look at each game
                cycle(c, game, gid, answers[game])
            first = {game: {k: v[game][0] for k, v in c.times.items()} for game in ids}
            c.times.clear()
            for _i in range(CYCLES):
                for game, gid in ids.items():
                    cycle(c, game, gid, answers[game])
            c.conn.close()
    print(f"the display's answers to a pad ({CYCLES} cycles per game, {args.events} notes in each game's log first, "
          f"one kept-alive connection, ms; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):")
    print("  the first cycle of each game (the display's first look at it; the shown game, 21days, drawn at start): "
          + "; ".join(f"{g} " + ", ".join(f"{k} {ms:.0f}" for k, ms in t.items() if k in KINDS[:4]) for g, t in first.items()))
    worst = 0.0
    for kind in KINDS:
        every = [x for v in c.times[kind].values() for x in v]
        worst = max(worst, p95(every)) if kind in ("question", "answer", "undo", "board") else worst
        per = "; ".join(f"{g} {statistics.median(v):.0f}/{p95(v):.0f}" for g, v in c.times[kind].items())
        print(f"  {kind:15} median {statistics.median(every):6.1f}  p95 {p95(every):6.1f}   (median/p95 per game: {per})")
    if target is not None:
        print(f"  worst p95 {worst:.1f} ms (target: at most {target:.0f} ms)")
        return 0 if worst <= target else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
