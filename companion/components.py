"""The component records of a game's catalog (tracks, counters, stacks, dice, decks, flags, characters,
seats, reference aids, and the GameCatalog that holds them), read-only. catalog.py loads them;
catalog_read.py builds them from the TOML."""

from __future__ import annotations

import re
from typing import Any

from .errors import UnknownComponent, did_you_mean
from .i18n import _
from .record import Record

ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
KINDS = ("track", "counter", "stack", "die", "deck", "flag", "character", "seat")


class Entry(Record):
    id: str
    name: str
    source: str | None  # "<rulebook> § <section>"
    assumed: str | None  # why the entry is assumed, where no rulebook says
    __slots__ = ("id", "name", "source", "assumed")


class Track(Entry):
    min: int
    max: int
    start: int
    per_seat: bool
    labels: tuple[tuple[int, str], ...]
    __slots__ = ("min", "max", "start", "per_seat", "labels")
    DEFAULTS = {"per_seat": False, "labels": ()}

    def label(self, value: int) -> str | None:
        return dict(self.labels).get(value)


class Counter(Entry):
    min: int
    max: int | None
    start: int
    per_seat: bool
    pool: bool  # per-seat holdings drawn from one shared supply of `max` pieces
    __slots__ = ("min", "max", "start", "per_seat", "pool")
    DEFAULTS = {"per_seat": False, "pool": False}


class Stack(Entry):
    """A pile of dice showing a value, e.g. a 21 Days survivor's two strength dice."""

    dice: int
    faces: int
    per_seat: bool
    __slots__ = ("dice", "faces", "per_seat")
    DEFAULTS = {"per_seat": True}


class DiePart(Record):
    name: str
    faces: tuple[Any, ...]  # ints for numbered faces, strings for named ones
    __slots__ = ("name", "faces")


class Die(Entry):
    parts: tuple[DiePart, ...]
    size_mm: float | None
    colour: str | None
    count: int
    symbols: tuple[tuple[str, str], ...]  # face -> drawn symbol name (for printing)
    labels: tuple[tuple[str, str], ...]  # face -> what it shows, in words, where the face is a shorthand ("rr")
    __slots__ = ("parts", "size_mm", "colour", "count", "symbols", "labels")
    DEFAULTS = {"size_mm": None, "colour": None, "count": 1, "symbols": (), "labels": ()}

    @property
    def compound(self) -> bool:
        return len(self.parts) > 1

    def label(self, face) -> str:
        """A face as the table reads it: its label where the data gives one, else the face itself."""
        return dict(self.labels).get(str(face), str(face))


class Card(Entry):
    effect: str | None  # in our own words; None when no rulebook describes the card
    copies: int
    fields: tuple[tuple[str, Any], ...]
    __slots__ = ("effect", "copies", "fields")
    DEFAULTS = {"copies": 1, "fields": ()}

    def get(self, key: str, default=None):
        return dict(self.fields).get(key, default)


class Deck(Entry):
    cards: tuple[Card, ...]
    holder_limit: int | None  # how many one seat may hold
    __slots__ = ("cards", "holder_limit")
    DEFAULTS = {"holder_limit": None}

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise UnknownComponent(
            _("card {card!r} is not in the {deck} deck; ").format(card=card_id, deck=self.id) + did_you_mean(card_id, [c.id for c in self.cards])
        )

    def all_copies(self) -> list[str]:
        """Every physical card as an id; copies get a suffix ':2', ':3'..."""
        out: list[str] = []
        for c in self.cards:
            out.append(c.id)
            out.extend(f"{c.id}:{k}" for k in range(2, c.copies + 1))
        return out


class Flag(Entry):
    values: tuple[str, ...] | None  # None: free text
    start: str | None
    per_seat: bool
    __slots__ = ("values", "start", "per_seat")
    DEFAULTS = {"start": None, "per_seat": False}

    @property
    def boolean(self) -> bool:
        """A yes/no flag: the state holds True or False, the catalog and the commands say yes or no."""
        return self.values is not None and set(self.values) == {"no", "yes"}

    @property
    def initial(self):
        return self.start == "yes" if self.boolean else self.start

    def value(self, word: str):
        """The state's value for an accepted word."""
        return word == "yes" if self.boolean else word


class Character(Entry):
    role: str  # e.g. the colour/class a 21 Days survivor belongs to
    ability: str
    cost: str | None
    fields: tuple[tuple[str, Any], ...]
    __slots__ = ("role", "ability", "cost", "fields")
    DEFAULTS = {"cost": None, "fields": ()}

    def get(self, key: str, default=None):
        return dict(self.fields).get(key, default)


class Seat(Entry):
    colour: str | None
    __slots__ = ("colour",)
    DEFAULTS = {"colour": None}


class Reference(Entry):
    """A reference aid (printed by `castaway print reference`): decks/<game>/reference.toml, [[reference]]."""

    kind: str  # steps | list | table | pad
    items: tuple[str, ...]  # steps and list lines (pad: lines above the pad)
    columns: tuple[str, ...]  # table and pad headings
    rows: tuple[tuple[str, ...], ...]
    __slots__ = ("kind", "items", "columns", "rows")
    DEFAULTS = {"items": (), "columns": (), "rows": ()}


REFERENCE_KINDS = ("steps", "list", "table", "pad", "symbols")  # symbols: the chart drawn from rules.symbol_chart


class GameCatalog(Record):
    id: str
    name: str
    aliases: tuple[str, ...]
    bgg_id: int | None
    players: tuple[int, int]
    round_track: str | None
    source: str | None
    tracks: dict[str, Track]
    counters: dict[str, Counter]
    stacks: dict[str, Stack]
    dice: dict[str, Die]
    decks: dict[str, Deck]
    flags: dict[str, Flag]
    characters: dict[str, Character]
    seats: dict[str, Seat]
    rules: dict[str, Any]  # game-specific tables (fishing table, ...)
    files: tuple[str, ...]
    reference: tuple[Reference, ...]  # reference aids, in file order
    digest: str  # of the files it was read from, in order (the user's overrides included)
    __slots__ = ("id", "name", "aliases", "bgg_id", "players", "round_track", "source", "tracks", "counters", "stacks", "dice", "decks", "flags", "characters", "seats", "rules", "files", "reference", "digest")
    DEFAULTS = {"rules": {}, "files": (), "reference": (), "digest": ""}

    # -- lookups with errors that say what is accepted ---------------------------------------
    def deck(self, deck_id: str) -> Deck:
        try:
            return self.decks[deck_id]
        except KeyError:
            raise UnknownComponent(
                _("deck {deck!r} is not in {game}; ").format(deck=deck_id, game=self.name) + did_you_mean(deck_id, self.decks)
            ) from None

    def die(self, die_id: str) -> Die:
        try:
            return self.dice[die_id]
        except KeyError:
            raise UnknownComponent(
                _("die {die!r} is not in {game}; ").format(die=die_id, game=self.name) + did_you_mean(die_id, [*self.dice, "d6", "2d6"])
            ) from None

    def assumptions(self) -> list[tuple[str, str, str]]:
        """(kind, id, why) for every entry that no rulebook backs; `why` in the table's language where the
        catalog has it (a note of the user's own file reads as written)."""
        out = []
        for kind, table in (
            ("track", self.tracks),
            ("counter", self.counters),
            ("stack", self.stacks),
            ("die", self.dice),
            ("deck", self.decks),
            ("flag", self.flags),
            ("character", self.characters),
            ("seat", self.seats),
        ):
            for e in table.values():
                if e.assumed:
                    out.append((kind, e.id, _(e.assumed)))
                if isinstance(e, Deck):
                    for c in e.cards:
                        if c.assumed:
                            out.append(("card", f"{e.id}/{c.id}", _(c.assumed)))
        for key, value in self.rules.items():
            if isinstance(value, dict) and value.get("assumed"):
                out.append(("rule", key, _(str(value["assumed"]))))
        for ref in self.reference:
            if ref.assumed:
                out.append(("reference", ref.id, _(ref.assumed)))
        return out
