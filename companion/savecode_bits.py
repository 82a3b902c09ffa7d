"""The version-2 save code's bit codec (CW2-...): values in bytes (one byte for the common ones), a state
as its difference from the state the game started from, and the bytes as Crockford base32 in groups of 5
with a check character each. companion/savecode.py frames them (flags, header, deflate, CRC-32).
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from .errors import UsageError
from .i18n import _

PREFIX = "CW2-"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
GROUP = 5
CHECK_MOD = 31
MAX_BYTES = 4096
# the format's own words: the games and editions, then keys and values common to the games' states (their
# order is part of version 2; a word not here is written out in full, which costs bytes, never correctness)
WORDS = (
    "21days", "robinson", "mutinies", "dieson", "", "en", "cs", "game", "seats", "seat", "tracks", "counters",
    "flags", "decks", "rng", "options", "edition", "draw", "discard", "held", "out", "table", "pools", "supply",
    "limits", "last", "card", "over", "dead", "flow", "queue", "placements", "do", "phase", "starting", "strength",
    "hope", "player", "players", "survivor", "used", "id", "result", "winners", "round", "day", "today", "setup",
    "shark", "morning", "midday", "evening", "attack", "end", "weather", "kite", "scruffs", "promos", "shark6",
    "difficulty", "solo", "green", "orange", "red", "yellow", "blue", "won", "lost", "abandoned", "who", "to", "from",
    "n", "faces", "roll", "die", "dice", "place", "spot", "ability", "action", "active", "among", "animals-die",
    "area", "areas", "arrange_card", "await", "beyond", "bite", "blocked", "blueprint", "board", "bonus", "bonuses",
    "boost", "bottle", "built", "camp", "camp-food", "camp-shelter", "camp-wood", "cards", "challenges", "character",
    "claimed", "compulsory", "cost", "crusoe", "d21", "dc", "deck_left", "detail", "determination", "disaster",
    "discoveries", "dive", "dog", "done", "doubloons", "drawn", "escaped", "event", "event-deck", "expert", "extra",
    "extra-pawns", "face", "fence", "fifth", "fight", "final_round", "first", "fished", "flying", "food",
    "food-store", "for", "found", "friday", "friday-wounds", "friend", "friend_card", "friends", "front", "fur",
    "future-discoveries", "future-food", "future-fur", "future-wood", "future_items", "hand", "health", "how",
    "hunted", "hunting", "icon", "icons", "ignore_texts", "items", "jelly", "jellyfish", "jewel", "jewels",
    "jewels-out", "just_attacked", "kind", "leather", "lightning", "logbook", "lost_planks", "lost_spots", "markers",
    "morale", "mutiny", "name", "needs", "nonperishable", "octopus", "octopus_fought", "of", "order", "owes", "paid",
    "palisade", "paranoia", "pawns", "payer", "pending", "picked", "pirate", "placed", "plan", "planks", "power",
    "prestige", "quest", "quests", "raft", "raid", "rain-token", "rc", "reason", "rerolled", "rerolls", "roof",
    "rounds", "routes", "rum", "scoring", "shelter", "ship", "shortcut", "skip_pages", "space", "special",
    "stars_bonus", "step", "stone", "storm-token", "suitcases", "swap", "sym", "tentacles", "terrain", "terrains",
    "threat", "tile", "tiles", "token", "tomorrow", "tools", "total", "treasure", "treasures", "treasures-out",
    "unused", "uses", "victim", "visited", "weapon", "white", "white_die", "why", "winter-token", "wood", "wounds",
)


def crc_state(state: dict) -> int:
    return zlib.crc32(json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode())


# the value codes: one byte for the common values, an escape byte before a varint else
C_NONE, C_FALSE, C_TRUE, C_INT, C_NEG, C_FLOAT, C_STR, C_LIST, C_DICT, C_FARWORD, C_GONE, C_TAIL = range(12)
SMALL = 40  # integers 0..39 in one byte
C_SMALL = 12
C_WORD = C_SMALL + SMALL  # words 0..205 in one byte


class Out:
    def __init__(self, words: dict[str, int]):
        self.b = bytearray()
        self.words = words

    def uv(self, n: int) -> None:
        while True:
            byte = n & 0x7F
            n >>= 7
            if n:
                self.b.append(byte | 0x80)
            else:
                self.b.append(byte)
                return

    def head(self, payload: int, tag: int, bits: int = 3) -> None:
        self.uv((payload << bits) | tag)

    def raw_str(self, text: str) -> None:
        data = text.encode()
        self.uv(len(data))
        self.b.extend(data)

    def value(self, x) -> None:
        """One byte for the common values (None, booleans, 0..SMALL-1, the first words), an escape byte else."""
        if x is None or x is False or x is True:
            self.b.append({None: C_NONE, False: C_FALSE, True: C_TRUE}[x])
        elif isinstance(x, int):
            if 0 <= x < SMALL:
                self.b.append(C_SMALL + x)
            elif x >= 0:
                self.b.append(C_INT)
                self.uv(x - SMALL)
            else:
                self.b.append(C_NEG)
                self.uv(-x - 1)
        elif isinstance(x, float):
            data = repr(x).encode()
            self.b.append(C_FLOAT)
            self.uv(len(data))
            self.b.extend(data)
        elif isinstance(x, str):
            i = self.words.get(x)
            if i is not None and i < 256 - C_WORD:
                self.b.append(C_WORD + i)
            elif i is not None:
                self.b.append(C_FARWORD)
                self.uv(i - (256 - C_WORD))
            else:
                data = x.encode()
                self.b.append(C_STR)
                self.uv(len(data))
                self.b.extend(data)
        elif isinstance(x, list):
            self.b.append(C_LIST)
            self.uv(len(x))
            for v in x:
                self.value(v)
        elif isinstance(x, dict):
            self.b.append(C_DICT)
            self.uv(len(x))
            for k, v in x.items():
                self.value(k)
                self.value(v)
        else:
            raise UsageError(_("the game's state holds a {kind}, which a save code cannot carry").format(kind=type(x).__name__))




class In:
    def __init__(self, data: bytes, words: list[str]):
        self.b, self.i, self.words = data, 0, words

    def byte(self) -> int:
        if self.i >= len(self.b):
            raise ValueError("short")
        v = self.b[self.i]
        self.i += 1
        return v

    def uv(self) -> int:
        n = shift = 0
        while True:
            v = self.byte()
            n |= (v & 0x7F) << shift
            shift += 7
            if not v & 0x80:
                return n
            if shift > 63:
                raise ValueError("varint")

    def raw(self, n: int) -> bytes:
        if n > len(self.b) - self.i:
            raise ValueError("short")
        out = self.b[self.i:self.i + n]
        self.i += n
        return bytes(out)

    def raw_str(self) -> str:
        return self.raw(self.uv()).decode()

    def value(self, depth: int = 0):
        if depth > 40:
            raise ValueError("too deep")
        c = self.byte()
        if c >= C_WORD:
            return self.words[c - C_WORD]
        if c >= C_SMALL:
            return c - C_SMALL
        if c in (C_NONE, C_FALSE, C_TRUE):
            return {C_NONE: None, C_FALSE: False, C_TRUE: True}[c]
        if c == C_INT:
            return self.uv() + SMALL
        if c == C_NEG:
            return -self.uv() - 1
        if c == C_FLOAT:
            return float(self.raw(self.uv()).decode())
        if c == C_FARWORD:
            return self.words[self.uv() + 256 - C_WORD]
        if c == C_STR:
            return self.raw(self.uv()).decode()
        if c == C_LIST:
            return [self.value(depth + 1) for _i in range(self.uv())]
        if c == C_DICT:
            out = {}
            for _i in range(self.uv()):
                k = self.value(depth + 1)
                out[k] = self.value(depth + 1)
            return out
        raise ValueError("code")


def _leaves(x, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """(path, value) of every leaf: scalars, lists and empty dicts; a dict's keys in their order."""
    if isinstance(x, dict) and x:
        out = []
        for k, v in x.items():
            out += _leaves(v, path + (k,))
        return out
    return [(path, x)]


_ABSENT = object()


def _get(x, path: tuple):
    for k in path:
        if not isinstance(x, dict) or k not in x:
            return _ABSENT
        x = x[k]
    return x


# (leaf index, path, op, argument): one leaf of the start that differs in the state (see _changes)
Change = tuple[int, tuple, int, Any]


def _changes(start: dict, state: dict) -> list[Change]:
    """(leaf index, path, op, argument) for every leaf of the start that differs in the state:
    op 0 gone, 1 a new value, 2 a list that lost k items from its front and gained a tail (argument: (k, tail))."""
    out: list[Change] = []
    for i, (path, old) in enumerate(_leaves(start)):
        new = _get(state, path) if path else state
        if new is _ABSENT:
            out.append((i, path, 0, None))
        elif new != old or type(new) is not type(old):
            if isinstance(old, list) and isinstance(new, list):
                k = next((k for k in range(len(old)) if new[:len(old) - k] == old[k:]), None)
                if k is not None:
                    out.append((i, path, 2, (k, new[len(old) - k:])))
                    continue
            out.append((i, path, 1, new))
    return out


def _apply(start: dict, changes: list[Change], extra: list[tuple[tuple, Any]]) -> dict:
    """The start with the changes, then the extra leaves, applied (the decoder's and the encoder's check)."""
    import copy

    state: Any = copy.deepcopy(start)  # a change at the root path replaces it whole
    gone = []
    for _i, path, op, arg in changes:
        if op == 0:
            gone.append(path)
            continue
        new = arg if op == 1 else list(_get(start, path)[arg[0]:]) + list(arg[1])
        if not path:
            state = new
            continue
        parent = _get(state, path[:-1]) if len(path) > 1 else state
        if not isinstance(parent, dict):
            raise ValueError("path")
        parent[path[-1]] = new
    for path in gone:
        parent = _get(state, path[:-1]) if len(path) > 1 else state
        if isinstance(parent, dict):
            parent.pop(path[-1], None)
    for path, value in extra:
        if not path or not isinstance(state, dict):
            raise ValueError("path")
        node = state
        for k in path[:-1]:
            if not isinstance(node.get(k), dict):
                node[k] = {}
            node = node[k]
        node[path[-1]] = value
    return state


def write_changes(out: "Out", start: dict, state: dict) -> bool:
    """The state as changes to the start: a bit per leaf of the start (changed or not), each changed leaf's
    op and argument, then the leaves the start does not have (path, value). False when they would not
    rebuild the state exactly (the caller then writes the state whole)."""
    leaves = _leaves(start)
    changes = _changes(start, state)
    applied = _apply(start, changes, [])
    extra = [(p, v) for p, v in _leaves(state) if p and (_get(applied, p) != v or type(_get(applied, p)) is not type(v))]
    if _apply(start, changes, extra) != state:
        return False
    bits = bytearray((len(leaves) + 7) // 8)
    for i, *_rest in changes:
        bits[i // 8] |= 1 << (i % 8)
    out.b.extend(bits)
    for _i, _path, op, arg in changes:  # a new value as it is; a leaf gone, or a list's new tail, after a code
        if op == 2:
            out.b.append(C_TAIL)
            out.uv(arg[0])
            out.value(arg[1])
        elif op == 0:
            out.b.append(C_GONE)
        else:
            out.value(arg)
    out.uv(len(extra))
    for p, v in extra:
        out.value(list(p))
        out.value(v)
    return True


def read_changes(inp: "In", start: dict) -> dict:
    leaves = _leaves(start)
    bits = inp.raw((len(leaves) + 7) // 8)
    changes: list[Change] = []
    for i, (path, old) in enumerate(leaves):
        if not bits[i // 8] >> (i % 8) & 1:
            continue
        code = inp.b[inp.i] if inp.i < len(inp.b) else None
        if code == C_GONE:
            inp.i += 1
            changes.append((i, path, 0, None))
        elif code == C_TAIL and isinstance(old, list):
            inp.i += 1
            k = inp.uv()
            tail = inp.value()
            if not isinstance(tail, list) or k > len(old):
                raise ValueError("tail")
            changes.append((i, path, 2, (k, tail)))
        else:
            changes.append((i, path, 1, inp.value()))
    extra: list[tuple[tuple, Any]] = []
    for _i in range(inp.uv()):
        path, value = inp.value(), inp.value()
        if not isinstance(path, list):
            raise ValueError("path")
        extra.append((tuple(path), value))
    return _apply(start, changes, extra)


def start_state(game: str, edition: str, options: dict, seed: int) -> dict:
    """The state the game started from, rebuilt by the game's own setup (the reference of the difference)."""
    from . import catalog
    from .session import setup_table

    cat = catalog.load(game, edition or None)
    return setup_table(cat, options, seed).data


def _catalog(game: str, edition: str):
    """The game's catalog, or None for a game or edition this castaway does not know (the code still
    carries the state, whole, for the state check to refuse with its own words)."""
    from . import catalog
    from .errors import CompanionError

    try:
        return catalog.load(game, edition or None)
    except (CompanionError, TypeError, ValueError):
        return None


def words_for(start: dict, game: str, edition: str) -> list[str]:
    """The body's word list: the start state's strings in the order they come (the values a game changes
    most are there, so they get the one-byte numbers), the format's words, then the catalog's other ids."""

    order: dict[str, None] = {}

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v)
                order.setdefault(k)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            order.setdefault(x)

    walk(start)
    for w in WORDS:
        order.setdefault(w)
    cat = _catalog(game, edition)
    more: set[str] = set()
    if cat is None:
        return list(order)
    for deck in cat.decks.values():
        more.add(deck.id)
        more.update(deck.all_copies())
    for group in (cat.characters, cat.counters, cat.tracks, cat.dice, cat.seats):
        more.update(group)
    return list(order) + sorted(more - set(order))


def option_words(game: str, edition: str) -> list[str]:
    cat = _catalog(game, edition)
    if cat is None:
        return list(WORDS)
    found = set(cat.characters) | set(cat.seats) | {s.colour for s in cat.seats.values() if s.colour}
    return list(WORDS) + sorted(found - set(WORDS))


def to_text(data: bytes) -> str:
    bits = "".join(f"{b:08b}" for b in data)
    bits += "0" * (-len(bits) % 5)
    chars = [ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5)]
    groups = []
    for i in range(0, len(chars), GROUP):
        g = chars[i:i + GROUP]
        groups.append("".join(g) + ALPHABET[check_char(g)])
    return PREFIX + "".join(groups)


def groups(code: str) -> str:
    """The code with a space after each group, for printing and typing (the spaces are read and ignored)."""
    body = code[len(PREFIX):] if code.startswith(PREFIX) else code
    return PREFIX + " ".join(body[i:i + GROUP + 1] for i in range(0, len(body), GROUP + 1))


def check_char(chars) -> int:
    return sum((k + 1) * ALPHABET.index(ch) for k, ch in enumerate(chars)) % CHECK_MOD
