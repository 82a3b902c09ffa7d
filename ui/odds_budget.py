"""The guided game's odds within a time budget: each prompt's odds are computed in a worker thread and
the prompt waits for them at most BUDGET seconds; then it shows them if they are ready, or says they
took too long. The worker is one daemon thread: a question never waits for it, quitting never waits
for it, and a computation still running when the next prompt comes goes on (day 21's search keeps what
it found, so the next question usually finds its answer there); only the newest waiting job is kept.
"""

from __future__ import annotations

import queue
import threading
from typing import Callable

from companion.i18n import _

BUDGET = 0.150  # seconds


class Job:
    def __init__(self, fn: Callable[[], list[str]]):
        self.fn = fn
        self.done = threading.Event()
        self.dropped = False
        self.lines: list[str] = []
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            self.lines = list(self.fn())
        except Exception as e:  # odds must never stop the game: the prompt says what went wrong
            self.error = e
        finally:
            self.done.set()


class Worker:
    def __init__(self):
        self.jobs: queue.Queue = queue.Queue()
        self.waiting: list[Job] = []
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def submit(self, fn: Callable[[], list[str]]) -> Job:
        job = Job(fn)
        with self.lock:
            for old in self.waiting:  # not started yet and no longer asked for
                old.dropped = True
            self.waiting = [job]
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._loop, name="castaway-odds", daemon=True)
                self.thread.start()
        self.jobs.put(job)
        return job

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            with self.lock:
                if job in self.waiting:
                    self.waiting.remove(job)
            if not job.dropped:
                job.run()


WORKER = Worker()


def odds_within(fn: Callable[[], list[str]], budget: float | None = None, pending: list | None = None) -> list[str]:
    """The odds lines if they come within the budget, else one line saying they took too long; odds with a
    `quick` part (day 21's lower bound) show it instead, and their job goes on `pending` (arrived() gives
    the lines once they are there)."""
    budget = BUDGET if budget is None else budget
    job = WORKER.submit(fn)
    if not job.done.wait(budget):
        quick = getattr(fn, "quick", None)
        if quick is not None:
            if pending is not None:
                pending.append(job)
            try:
                return list(quick())
            except Exception as e:  # odds must never stop the game
                return [_("Odds: could not be computed ({error}).").format(error=e)]
        return [_("Odds: too long to compute within {ms} ms; decide without them.").format(ms=round(budget * 1000))]
    return _lines(job)


def _lines(job: Job) -> list[str]:
    if job.error is not None:
        return [_("Odds: could not be computed ({error}).").format(error=job.error)]
    return job.lines


def arrived(pending: list) -> list[str] | None:
    """The lines of the first pending job once it is done (taken off the list); None while none is."""
    if pending and pending[0].done.is_set():
        return _lines(pending.pop(0))
    return None


def start(fn: Callable[[], object]) -> None:
    """Work started in the background now, waited for by nobody (day 21's search, warming its memo); a
    later submit keeps it if it is already running."""
    WORKER.submit(fn)
