# The types of the compiled kernel (_kernel.c, built at install): what its Kernel type takes and gives.

class Kernel:
    """Day 21's search, compiled: the chances of the canonical states Search (search.py) packs."""

    def __init__(self, supply: int, dolphin: int, diva_most: int, p_kite: float, p_hope: float, p_blank: float,
                 most_need: int, most_states: int = 6000000) -> None: ...
    def vec(self, people: tuple[int, ...], songs: int, kite: int, seconds_left: float, /) -> list[float] | None:
        """The chances for needs 0..L, or None past the deadline."""
    def value(self, people: tuple[int, ...], songs: int, kite: int, need: int, seconds_left: float, /) -> float | None:
        """The chance for one need, or None past the deadline."""
    def clear(self) -> None:
        """Forget every state valued (refused while it is searching)."""
    def __len__(self) -> int: ...
