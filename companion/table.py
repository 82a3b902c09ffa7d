"""The table's state: a plain JSON-shaped dict, wrapped with the lookups the rules need.

Layout of `Table.data`:
  game, edition, options       what was chosen at setup
  seats                        seat ids in clockwise order (red, yellow, ...)
  tracks, counters, flags      global components by id
  pools                        {pool id: {"supply": n}} for counters held per seat from one supply
  seat                         {seat id: {component id: value}} per-seat tracks, counters, stacks, flags
  decks                        {deck id: {"draw": [...], "discard": [...], "out": [...], "table": [...],
                                          "held": {seat: [...]}}}; the top of a pile is its first entry
  limits                       {component id: [min, max]} where setup changed a range (6-step shark card)
  rng                          [seed, draws made]: virtual dice and shuffles are part of the state
  last                         the last roll or draw, for the board view
  over                         None, or the game's end as {"result": ..., ...}
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar, Iterable, Literal, Union

from .catalog import Counter, Flag, GameCatalog, Stack, Track
from .errors import RuleError, UsageError, did_you_mean
from .i18n import _
from .valuetype import frozen

PILES = ("draw", "discard", "out", "table")


@frozen
class _Place:
    """A named place on the table: a component, and the seat it belongs to if per-seat. One class per kind
    of component (below), so that a check of `kind` tells the type checker what `spec` is."""

    spec: Track | Counter | Stack | Flag
    seat: str | None
    kind: ClassVar[str]

    @property
    def label(self) -> str:
        return f"{self.seat}.{self.spec.id}" if self.seat else self.spec.id


@frozen
class TrackTarget(_Place):
    spec: Track
    kind: ClassVar[Literal["track"]] = "track"


@frozen
class CounterTarget(_Place):
    spec: Counter
    kind: ClassVar[Literal["counter"]] = "counter"


@frozen
class StackTarget(_Place):
    spec: Stack
    kind: ClassVar[Literal["stack"]] = "stack"


@frozen
class FlagTarget(_Place):
    spec: Flag
    kind: ClassVar[Literal["flag"]] = "flag"


Target = Union[TrackTarget, CounterTarget, StackTarget, FlagTarget]
RangedTarget = Union[TrackTarget, CounterTarget]  # a component with a range: a track or a counter


class Table:
    __slots__ = ("data",)

    def __init__(self, data: dict):
        self.data = data

    # -- identity -------------------------------------------------------------------------------
    def copy(self) -> "Table":
        return Table(json.loads(json.dumps(self.data)))

    def to_json(self) -> str:
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Table":
        return cls(json.loads(text))

    def __eq__(self, other) -> bool:
        return isinstance(other, Table) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Table({self.data.get('game')!r})"

    # -- shortcuts ------------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.data["game"]

    @property
    def seats(self) -> list[str]:
        return self.data["seats"]

    def seat_values(self, seat: str) -> dict:
        return self.data["seat"][seat]

    def option(self, key: str, default=None):
        return self.data["options"].get(key, default)

    def rng(self) -> random.Random:
        """A generator for the next virtual draw; the state remembers that it was used."""
        seed, n = self.data["rng"]
        self.data["rng"] = [seed, n + 1]
        return random.Random(f"{seed}:{n}")

    def limits(self, spec: Track | Counter) -> tuple[int, int | None]:
        lim = self.data.get("limits", {}).get(spec.id)
        if lim:
            return lim[0], lim[1]
        return spec.min, spec.max

    # -- finding components ---------------------------------------------------------------------
    def resolve_seat(self, cat: GameCatalog, name: str) -> str:
        key = name.strip().lower()
        if key in self.seats:
            return key
        for seat in self.seats:
            if self.seat_values(seat).get("survivor") == key:
                return seat
        accepted = list(self.seats) + [v["survivor"] for v in self.data["seat"].values() if v.get("survivor")]
        raise UsageError(_("no seat {name!r} at this table; {did_you_mean}").format(name=name, did_you_mean=did_you_mean(name, accepted)))

    def resolve(self, cat: GameCatalog, name: str) -> Target:
        if not isinstance(name, str) or not name.strip():
            raise UsageError(_("empty component name; {did_you_mean}").format(did_you_mean=did_you_mean("", self.names(cat))))
        raw = name.strip().lower()
        seat = None
        comp = raw
        if "." in raw:
            left, comp = raw.split(".", 1)
            seat = self.resolve_seat(cat, left)
        found = _component(cat, comp, seat)
        if found is not None:
            if found.spec.per_seat and seat is None:
                raise UsageError(
                    _("{comp!r} belongs to each seat: say which, e.g. {seats}.{comp} (seats: {items})").format(comp=comp, seats=self.seats[0], items=', '.join(self.seats))
                )
            if not found.spec.per_seat and seat is not None:
                raise UsageError(_("{comp!r} is not per seat: say just {comp!r}").format(comp=comp))
            return found
        raise UsageError(_("nothing called {name!r} on the {name2} table; {did_you_mean}").format(name=name, name2=cat.name, did_you_mean=did_you_mean(name, self.names(cat))))

    def names(self, cat: GameCatalog) -> list[str]:
        out: list[str] = []
        for table in (cat.tracks, cat.counters, cat.stacks, cat.flags):
            for spec in table.values():
                if spec.per_seat:
                    out.extend(f"{s}.{spec.id}" for s in self.seats)
                else:
                    out.append(spec.id)
        return out

    def get(self, t: Target) -> Any:
        if t.seat:
            return self.data["seat"][t.seat].get(t.spec.id)
        return self.data[t.kind + "s"].get(t.spec.id)

    def put(self, t: Target, value: Any) -> None:
        if t.seat:
            self.data["seat"][t.seat][t.spec.id] = value
        else:
            self.data[t.kind + "s"][t.spec.id] = value

    # -- pools ----------------------------------------------------------------------------------
    def pool_supply(self, pool: str) -> int:
        return self.data["pools"][pool]["supply"]

    def pool_held(self, pool: str) -> int:
        return sum(v.get(pool, 0) for v in self.data["seat"].values())

    def pool_left(self, pool: str) -> int:
        return self.pool_supply(pool) - self.pool_held(pool)

    # -- stacks (a survivor's strength dice) ----------------------------------------------------
    def visible(self, seat: str, stack: str = "strength") -> int:
        dice = self.data["seat"][seat].get(stack) or []
        return dice[0] if dice else 0

    def alive(self, seat: str, stack: str = "strength") -> bool:
        return bool(self.data["seat"][seat].get(stack))

    # -- decks ----------------------------------------------------------------------------------
    def deck(self, deck_id: str) -> dict:
        return self.data["decks"][deck_id]

    def find_card(self, deck_id: str, card: str) -> tuple[str, str | None]:
        """Where a physical card is: (pile, seat) with pile in draw/discard/out/table/held."""
        d = self.deck(deck_id)
        for pile in PILES:
            if card in d[pile]:
                return pile, None
        for seat, cards in d["held"].items():
            if card in cards:
                return "held", seat
        raise RuleError(_("card {card!r} is not in the {deck_id} deck at this table").format(card=card, deck_id=deck_id))

    def deck_cards(self, deck_id: str) -> list[str]:
        d = self.deck(deck_id)
        out = [c for p in PILES for c in d[p]]
        for cards in d["held"].values():
            out.extend(cards)
        return out


def _component(cat: GameCatalog, comp: str, seat: str | None) -> Target | None:
    """The track, counter, stack or flag with this id (looked for in that order), as a place at `seat`."""
    if comp in cat.tracks:
        return TrackTarget(cat.tracks[comp], seat)
    if comp in cat.counters:
        return CounterTarget(cat.counters[comp], seat)
    if comp in cat.stacks:
        return StackTarget(cat.stacks[comp], seat)
    if comp in cat.flags:
        return FlagTarget(cat.flags[comp], seat)
    return None


def new_table(cat: GameCatalog, seats: Iterable[str], options: dict, seed: int, edition: str = "") -> Table:
    """The table as the box opens it: every component at its start value, decks in box order."""
    seats = list(seats)
    data: dict[str, Any] = {
        "game": cat.id,
        "edition": edition,
        "options": dict(options),
        "seats": seats,
        "tracks": {t.id: t.start for t in cat.tracks.values() if not t.per_seat},
        "counters": {c.id: c.start for c in cat.counters.values() if not c.per_seat},
        "flags": {f.id: f.initial for f in cat.flags.values() if not f.per_seat},
        "pools": {c.id: {"supply": c.max} for c in cat.counters.values() if c.pool},
        "seat": {},
        "decks": {},
        "limits": {},
        "rng": [seed, 0],
        "last": None,
        "over": None,
    }
    for s in seats:
        vals: dict[str, Any] = {}
        for t in cat.tracks.values():
            if t.per_seat:
                vals[t.id] = t.start
        for c in cat.counters.values():
            if c.per_seat:
                vals[c.id] = c.start
        for st in cat.stacks.values():
            if st.per_seat:
                vals[st.id] = []
        for f in cat.flags.values():
            if f.per_seat:
                vals[f.id] = f.initial
        data["seat"][s] = vals
    for d in cat.decks.values():
        data["decks"][d.id] = {"draw": d.all_copies(), "discard": [], "out": [], "table": [], "held": {}}
    return Table(data)
