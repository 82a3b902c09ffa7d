"""The pads of one run: the tokens the table gave (a seat's pad, or the table's) and the phones waiting for the
table's answer to their request to join. Used from the server and the terminal's thread, hence a lock."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

MAX_ASKS = 8  # phones waiting for the table's answer at once; more are refused (429)
ASK_TIMEOUT = 120.0  # seconds a phone's request to join waits for the table's answer, then lapses
TABLE = "table"  # the role of the table's pad (a seat's pad has the seat's id)


@dataclass
class Pad:
    """A token the table gave: its number (for `revoke N`), the role (a seat id, or TABLE) and when."""

    n: int
    token: str
    role: str
    made: float


@dataclass
class Ask:
    """A phone's request to join: its key (known to that phone alone), the role, and the table's answer."""

    n: int
    key: str
    role: str
    state: str = "asked"  # asked, allowed, refused, lapsed (unanswered for ASK_TIMEOUT)
    token: str = ""
    made: float = 0.0


class Pads:
    """The tokens of one run and the phones waiting to join; used from the server and the terminal's
    thread, hence the lock."""

    def __init__(self):
        self._lock = threading.Lock()
        self._pads: dict[str, Pad] = {}
        self._asks: OrderedDict[str, Ask] = OrderedDict()
        self._n = 0
        self._asked = 0

    def add(self, role: str) -> Pad:
        with self._lock:
            self._n += 1
            pad = Pad(self._n, secrets.token_urlsafe(18), role, time.time())
            self._pads[pad.token] = pad
            return pad

    def get(self, token: str) -> Pad | None:
        if not token:
            return None
        with self._lock:
            for known, pad in self._pads.items():
                if secrets.compare_digest(known.encode(), token.encode()):
                    return pad
        return None

    def list(self) -> list[Pad]:
        with self._lock:
            return sorted(self._pads.values(), key=lambda p: p.n)

    def revoke(self, n: int) -> Pad | None:
        with self._lock:
            for token, pad in self._pads.items():
                if pad.n == n:
                    del self._pads[token]
                    return pad
        return None

    def _lapse(self) -> None:
        """Asks left unanswered for ASK_TIMEOUT lapse (the lock is held)."""
        now = time.monotonic()
        for a in self._asks.values():
            if a.state == "asked" and now - a.made > ASK_TIMEOUT:
                a.state = "lapsed"

    def ask(self, role: str) -> Ask | None:
        with self._lock:
            self._lapse()
            waiting = [a for a in self._asks.values() if a.state == "asked"]
            if len(waiting) >= MAX_ASKS:
                return None
            self._asked += 1
            a = Ask(self._asked, secrets.token_urlsafe(18), role, made=time.monotonic())
            self._asks[a.key] = a
            while len(self._asks) > 4 * MAX_ASKS:  # answered asks nobody came back for
                self._asks.popitem(last=False)
            return a

    def waiting(self) -> list[Ask]:
        with self._lock:
            self._lapse()
            return [a for a in self._asks.values() if a.state == "asked"]

    def answer(self, allow: bool, n: int | None = None) -> tuple[Ask, Pad | None] | None:
        """The table's answer to the oldest waiting phone (or to ask `n`); None when none (or not that) waits."""
        with self._lock:
            self._lapse()
            a = next((x for x in self._asks.values() if x.state == "asked" and n in (None, x.n)), None)
        if a is None:
            return None
        pad = self.add(a.role) if allow else None
        with self._lock:
            a.state = "allowed" if allow else "refused"
            a.token = pad.token if pad else ""
        return a, pad

    def state(self, key: str) -> Ask | None:
        """The ask of that key; once allowed, it is handed over and forgotten (the token is given once)."""
        with self._lock:
            self._lapse()
            for known, a in self._asks.items():
                if secrets.compare_digest(known.encode(), key.encode()):
                    if a.state != "asked":
                        del self._asks[known]
                    return a
        return None
