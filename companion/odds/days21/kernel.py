"""21 Days, day 21: the compiled search (companion/odds/days21/_kernel.c) behind the same interface as
Search (companion/odds/days21/search.py), which stays the fallback and the reference the tests compare
it with. The kernel is built when the package is installed (an optional extension: without a compiler
the install goes on and day 21 uses Search, only slower).

The kernel values the same canonical states with the same recursion and the same arithmetic, plus a few
exact reductions of its own (REDUCTIONS in _kernel.c). It searches without holding the interpreter lock,
and stops at the search's deadline like Search (TooLong; what it valued stays in its memo), or when its
memo holds MOST_STATES states (TooBig: some 800 MB).
A state it cannot hold (more than six survivors) is valued by Search, whose steps come back to the
kernel as soon as they fit.
"""

from __future__ import annotations

import threading
from time import perf_counter
from typing import TYPE_CHECKING

from .search import Search, TooBig, TooLong

if TYPE_CHECKING:
    from ._kernel import Kernel as _Kernel  # its types: _kernel.pyi


def _compiled() -> type[_Kernel] | None:
    try:
        from ._kernel import Kernel
    except ImportError:  # not built here: Search alone
        return None
    return Kernel


Kernel = _compiled()

ENABLED = True  # the bench turns it off to time Search in the same run
MOST_STATES = 6_000_000  # a search's memo at most: some 800 MB (the longest tables then stop, TooBig)


def available() -> bool:
    return Kernel is not None


def make(supply: int, dolphin: bool, diva_most: int, kite_p: dict, most_need: int = 12) -> Search:
    """The kernel's search where it is built and the rules fit it, else Search."""
    if ENABLED and Kernel is not None and supply <= 63 and 0 <= diva_most <= 15 and 1 <= most_need <= 250:
        return KernelSearch(supply, dolphin, diva_most, kite_p, most_need)
    return Search(supply, dolphin, diva_most, kite_p, most_need)


def _code(kite) -> int:
    """The kernel's kite: 0 none, 1 flying, else 2 + (pieces on the raft << 2 | pieces up)."""
    return 0 if kite is None else 1 if kite == "F" else 2 + (kite[0] << 2 | kite[1])


class KernelSearch(Search):
    """Search whose values come from the kernel (vec, value); its canonical forms (canon, person) are
    Search's own, which the kernel takes as they are."""

    most_kept = MOST_STATES // 2  # some 400 MB: the longest table a game can reach stays known between questions

    def __init__(self, supply: int, dolphin: bool, diva_most: int, kite_p: dict, most_need: int = 12):
        super().__init__(supply, dolphin, diva_most, kite_p, most_need)
        assert Kernel is not None  # make() builds a KernelSearch only where the kernel is built
        self.kernel = Kernel(supply, int(dolphin), diva_most, self.p_kite, self.p_hope, self.p_blank, most_need, MOST_STATES)
        self.lock = threading.Lock()
        self.slow = self.memo  # Search's own memo: the states over the kernel's size, valued by Search

    def known(self) -> int:
        return len(self.kernel) + len(self.slow)

    def forget(self) -> None:
        with self.lock:
            self.kernel.clear()
            self.slow.clear()

    def _fits(self, people, kite) -> bool:
        return len(people) <= 6 and (kite is None or kite == "F" or (0 <= kite[0] <= 15 and 0 <= kite[1] <= 2))

    def _left(self) -> float:
        return -1.0 if self.deadline is None else max(0.0, self.deadline - perf_counter())

    def vec(self, people, songs, kite) -> list:
        if not self._fits(people, kite):
            return self._slow(people, songs, kite)
        with self.lock:
            try:
                got = self.kernel.vec(people, songs, _code(kite), self._left())
            except OverflowError:
                raise TooBig from None
        if got is None:
            raise TooLong
        return got

    def value(self, people, songs, kite, need) -> float:
        """As Search.value; the kernel values the states this need reads, and only as far as it reads
        them (a state reached only by moving the ship is read at a smaller need)."""
        if need <= 0:
            return 1.0
        if need > self.K:
            raise ValueError(f"need {need} is over this search's {self.K}")
        if not self._fits(people, kite):
            return super().value(people, songs, kite, need)
        with self.lock:
            try:
                got = self.kernel.value(people, songs, _code(kite), need, self._left())
            except OverflowError:
                raise TooBig from None
        if got is None:
            raise TooLong
        return got

    def _slow(self, people, songs, kite) -> list:
        """Search's own step (its memo is self.slow), whose next states come back to vec."""
        return Search.vec(self, people, songs, kite)
