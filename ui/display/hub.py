"""The games' versions, read by a watcher thread every POLL seconds (one cheap query: any process's write
shows within a fraction of a second), and the server-sent event streams it wakes."""

from __future__ import annotations

import asyncio
import threading
from typing import Callable

from companion.errors import CompanionError
from companion.store import Store

POLL = 0.1  # seconds between two reads of the games' versions
KEEPALIVE = 5.0  # seconds between two comments on an idle event stream (a gone client is noticed then)


class Hub:
    """The games' versions as last read, and the event streams waiting for a change."""

    def __init__(self):
        self.versions: dict[int, int] = {}
        self.waiting: dict[int, set[asyncio.Event]] = {}
        self.closing = False

    def publish(self, versions: dict[int, int]) -> None:
        changed = [g for g, v in versions.items() if self.versions.get(g) != v]
        self.versions = versions
        for g in changed:
            for ev in self.waiting.get(g, ()):
                ev.set()

    def subscribe(self, game_id: int) -> asyncio.Event:
        ev = asyncio.Event()
        self.waiting.setdefault(game_id, set()).add(ev)
        return ev

    def unsubscribe(self, game_id: int, ev: asyncio.Event) -> None:
        subs = self.waiting.get(game_id)
        if subs is not None:
            subs.discard(ev)
            if not subs:
                del self.waiting[game_id]

    def close(self) -> None:
        self.closing = True
        for subs in self.waiting.values():
            for ev in subs:
                ev.set()

    async def stream(self, game_id: int):
        """A game's server-sent events: its version at once and after each change, a comment when idle."""
        wake = self.subscribe(game_id)
        try:
            yield "retry: 1000\n\n"
            sent = None
            while not self.closing:
                v = self.versions.get(game_id)
                if v != sent:
                    sent = v
                    yield f"data: {v}\n\n"
                try:
                    await asyncio.wait_for(wake.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"  # untranslated: a server-sent-events comment line, read by the browser
                wake.clear()
        finally:
            self.unsubscribe(game_id, wake)


def watch(open_store: Callable[[], Store], hub: Hub, loop: asyncio.AbstractEventLoop, stop: threading.Event,
          poll: float = POLL) -> None:
    """The watcher thread: read the versions every `poll` seconds and wake the streams on a change."""
    st = None
    last: dict[int, int] | None = None
    while not stop.is_set():
        try:
            if st is None:
                st = open_store()
            versions = st.versions()
            if versions != last:
                last = versions
                loop.call_soon_threadsafe(hub.publish, versions)
        except CompanionError:  # a busy or briefly unreadable file: read again next time
            if st is not None:
                st.close()
            st = None
        stop.wait(poll)
    if st is not None:
        st.close()
