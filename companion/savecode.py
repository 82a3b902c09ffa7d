"""A game's state as a short printable code (for the QR on a save sheet and for typing), and back.

Version 2 (what castaway prints):

    CW2-XXXXXC XXXXXC ... : Crockford base32, in groups of 5 characters and a check character each

The bytes: a flags byte; the game id, the edition, the game's title (length-prefixed UTF-8); the
options and the seed, from which the game's own setup rebuilds the state the game started from; then
the difference between that starting state and the state saved (only what changed: a pile that lost
cards from its top says how many, a dict lists only its changed keys); optionally raw-deflated; and
last a CRC-32 of the whole decoded state (canonical JSON). Values are tagged varints; strings found in
the starting state, the catalog or the format's own word list are one small number.

The check character of each group (a weighted sum mod 31 of its characters) names the group a typo is
in; the CRC then proves the whole state (a code made by a castaway whose rules or catalog differ is
refused there). Version 1 codes (CW1-, zlib of JSON) are still read.
"""

from __future__ import annotations

import base64
import binascii
import json
import struct
import zlib

from .errors import UsageError

PREFIX_V1 = "CW1-"
MAX_CODE = 3000  # characters: a version-40 QR at level M holds 3391 alphanumeric characters
MAX_STATE = 1_000_000  # bytes of JSON once inflated
_REQUIRED = ("game", "seats", "tracks", "counters", "flags", "seat", "decks", "rng")


def encode_v1(table) -> str:
    """A version-1 code (kept for tests of the old format; castaway prints version 2)."""
    data = table.data if hasattr(table, "data") else table
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    packed = zlib.compress(raw, 9)
    if len(packed) > 0xFFFF:
        raise UsageError(f"the game's state is too large for a save code ({len(packed)} bytes packed)")
    body = struct.pack(">HHI", len(packed), len(packed) ^ 0xFFFF, zlib.crc32(packed)) + packed
    code = PREFIX_V1 + base64.b32encode(body).decode().rstrip("=")
    if len(code) > MAX_CODE:
        raise UsageError(f"the game's state needs a {len(code)}-character code; a save sheet holds at most {MAX_CODE}")
    return code


def _decode_v1(text: str) -> dict:
    """A version-1 code (zlib of JSON, base32), as older castaways printed it."""
    if len(text) > MAX_CODE:
        raise UsageError(f"save code is {len(text)} characters; at most {MAX_CODE} are accepted: not a castaway save code")
    body32 = text[len(PREFIX_V1):]
    try:
        body = base64.b32decode(body32 + "=" * (-len(body32) % 8))
    except (binascii.Error, ValueError):
        raise UsageError("save code has characters outside A-Z and 2-7 after 'CW1-': it was mistyped or altered") from None
    if len(body) < 8:
        raise UsageError("save code is truncated: its header is incomplete")
    length, check, crc = struct.unpack(">HHI", body[:8])
    if length ^ check != 0xFFFF:
        raise UsageError("save code is altered: its header does not check out (a character was changed)")
    packed = body[8:]
    if len(packed) < length:
        raise UsageError(f"save code is truncated: {len(packed)} of {length} bytes are there")
    if len(packed) > length:
        raise UsageError("save code is altered: it is longer than its header says")
    if zlib.crc32(packed) != crc:
        raise UsageError("save code is altered: its checksum does not match (a character was changed)")
    try:
        d = zlib.decompressobj()
        raw = d.decompress(packed, MAX_STATE)
        if d.unconsumed_tail:
            raise UsageError(f"save code inflates beyond {MAX_STATE} bytes: refused")
        data = json.loads(raw.decode())
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError("save code passed its checksum but does not hold a game state") from None
    if not isinstance(data, dict) or any(k not in data for k in _REQUIRED):
        raise UsageError("save code does not hold a castaway table (missing parts of the state)")
    return data


# -- version 2 ------------------------------------------------------------------------------------

PREFIX = "CW2-"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
GROUP = 5
CHECK_MOD = 31
MAX_BYTES = 4096
# the format's own words (keys and values common to every game's state); their order is part of version 2
WORDS = (
    "game", "seats", "seat", "tracks", "counters", "flags", "decks", "rng", "options", "edition", "draw", "discard",
    "held", "out", "table", "pools", "supply", "limits", "last", "card", "over", "dead", "flow", "queue",
    "placements", "do", "phase", "starting", "strength", "hope", "player", "players", "survivor", "used", "id",
    "result", "winners", "round", "day", "today", "setup", "shark", "morning", "midday", "evening", "attack", "end",
    "weather", "kite", "scruffs", "promos", "shark6", "difficulty", "solo", "green", "orange", "red", "yellow", "blue",
    "won", "lost", "abandoned", "who", "to", "from", "n", "faces", "roll", "die", "dice", "place", "spot",
)


def _crc_state(state: dict) -> int:
    return zlib.crc32(json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode())


class _Out:
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
        if x is None or x is False or x is True:
            self.head({None: 0, False: 1, True: 2}[x], 0)
        elif isinstance(x, int):
            self.head(x, 1) if x >= 0 else self.head(-x - 1, 2)
        elif isinstance(x, float):
            data = repr(x).encode()
            self.head(len(data), 7)
            self.b.extend(data)
        elif isinstance(x, str):
            if x in self.words:
                self.head(self.words[x], 3)
            else:
                data = x.encode()
                self.head(len(data), 4)
                self.b.extend(data)
        elif isinstance(x, list):
            self.head(len(x), 5)
            for v in x:
                self.value(v)
        elif isinstance(x, dict):
            self.head(len(x), 6)
            for k, v in x.items():
                self.value(k)
                self.value(v)
        else:
            raise UsageError(f"the game's state holds a {type(x).__name__}, which a save code cannot carry")

    def diff(self, old, new) -> None:
        """ops (2 bits): 1 replace, 2 dict patch, 3 list: drop k from the front, then append."""
        if isinstance(old, dict) and isinstance(new, dict):
            changed = [k for k in new if k not in old or old[k] != new[k]]
            gone = [k for k in old if k not in new]
            self.head(len(changed) + len(gone), 2, 2)
            for k in changed:
                self.value(k)
                self.diff(old.get(k, _MISSING), new[k])
            for k in gone:
                self.value(k)
                self.head(0, 0, 2)
            return
        if isinstance(old, list) and isinstance(new, list):
            for k in range(len(old) + 1):
                tail = old[k:]
                if new[:len(tail)] == tail:
                    self.head(k, 3, 2)
                    self.value(new[len(tail):])
                    return
        self.head(0, 1, 2)
        self.value(new)


_MISSING = object()


class _In:
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
        h = self.uv()
        tag, p = h & 7, h >> 3
        if tag == 0:
            return (None, False, True)[p]
        if tag == 1:
            return p
        if tag == 2:
            return -p - 1
        if tag == 3:
            return self.words[p]
        if tag == 4:
            return self.raw(p).decode()
        if tag == 5:
            return [self.value(depth + 1) for _ in range(p)]
        if tag == 6:
            out = {}
            for _ in range(p):
                k = self.value(depth + 1)
                out[k] = self.value(depth + 1)
            return out
        if tag == 7:
            return float(self.raw(p).decode())
        raise ValueError("tag")

    def diff(self, old, depth: int = 0):
        if depth > 40:
            raise ValueError("too deep")
        h = self.uv()
        op, p = h & 3, h >> 2
        if op == 1:
            return self.value(depth + 1)
        if op == 2:
            out = dict(old) if isinstance(old, dict) else {}
            for _ in range(p):
                k = self.value(depth + 1)
                h2 = self.b[self.i] if self.i < len(self.b) else None
                if h2 is not None and h2 & 3 == 0 and h2 >> 2 == 0:  # a deleted key
                    self.i += 1
                    out.pop(k, None)
                else:
                    out[k] = self.diff(old.get(k) if isinstance(old, dict) else None, depth + 1)
            return out
        if op == 3:
            base = list(old[p:]) if isinstance(old, list) else []
            return base + self.value(depth + 1)
        raise ValueError("op")


def _start(game: str, edition: str, options: dict, seed: int) -> dict:
    """The state the game started from, rebuilt by the game's own setup (the reference of the difference)."""
    from . import catalog
    from .session import setup_table

    cat = catalog.load(game, edition or None)
    return setup_table(cat, options, seed).data


def _words(start: dict, game: str, edition: str) -> list[str]:
    from . import catalog

    found: set[str] = set(WORDS)

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                found.add(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            found.add(x)

    walk(start)
    cat = catalog.load(game, edition or None)
    for deck in cat.decks.values():
        found.add(deck.id)
        found.update(deck.all_copies())
    for group in (cat.characters, cat.counters, cat.tracks, cat.dice, cat.seats):
        found.update(group)
    return list(WORDS) + sorted(found - set(WORDS))


def _option_words(game: str, edition: str) -> list[str]:
    from . import catalog

    cat = catalog.load(game, edition or None)
    found = set(cat.characters) | set(cat.seats) | {s.colour for s in cat.seats.values() if s.colour}
    return list(WORDS) + sorted(found - set(WORDS))


def _to_text(data: bytes) -> str:
    bits = "".join(f"{b:08b}" for b in data)
    bits += "0" * (-len(bits) % 5)
    chars = [ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5)]
    groups = []
    for i in range(0, len(chars), GROUP):
        g = chars[i:i + GROUP]
        groups.append("".join(g) + ALPHABET[_check(g)])
    return PREFIX + " ".join(groups)


def _check(chars) -> int:
    return sum((k + 1) * ALPHABET.index(ch) for k, ch in enumerate(chars)) % CHECK_MOD


def encode(table, title: str = "") -> str:
    """The version-2 code for a Table (or a state dict), with the game's title."""
    state = table.data if hasattr(table, "data") else table
    game = state.get("game", "")
    edition = state.get("edition") or ""
    options = state.get("options") or {}
    rng = state.get("rng") or [0, 0]
    seed = rng[0] if isinstance(rng, list) and rng and isinstance(rng[0], int) and rng[0] >= 0 else 0
    try:
        start = _start(game, edition, options, seed)
        flags = 1
    except Exception:  # noqa: BLE001 - a state whose start cannot be rebuilt is written whole
        start, flags = {}, 0
    head = _Out({w: i for i, w in enumerate(_option_words(game, edition))})
    head.raw_str(game)
    head.raw_str(edition)
    head.raw_str(title or "")
    head.value(options)
    head.uv(seed)
    body = _Out({w: i for i, w in enumerate(_words(start, game, edition))})
    body.diff(start, state)
    payload = bytes(head.b) + bytes(body.b)
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = z.compress(payload) + z.flush()
    if len(packed) < len(payload):
        payload, flags = packed, flags | 2
    data = bytes([flags]) + payload + struct.pack(">I", _crc_state(state))
    if len(data) > MAX_BYTES:
        raise UsageError(f"the game's state needs {len(data)} bytes; a save code holds at most {MAX_BYTES}")
    return _to_text(data)


def decode(code: str, with_title: bool = False):
    """The state dict from a code (and its title, if asked); every damaged code is refused with one line."""
    text = "".join(str(code).split()).upper()
    if len(text) > MAX_CODE:
        raise UsageError(f"save code is {len(text)} characters; at most {MAX_CODE} are accepted: not a castaway save code")
    if text.startswith(PREFIX_V1):
        state = _decode_v1(text)
        return (state, "") if with_title else state
    if not text.startswith("CW") or "-" not in text[:8]:
        raise UsageError(f"save code {text[:12]!r}...: a castaway save code starts with {PREFIX!r}")
    version = text[2:text.index("-")]
    if version != PREFIX[2:-1]:
        raise UsageError(f"save code version {version!r} is not known to this castaway (it reads versions 1 and 2)")
    body = text[len(PREFIX):].replace("O", "0").replace("I", "1").replace("L", "1")
    groups = str(code).upper().split()
    typed = [g for g in (" ".join(groups))[len(PREFIX):].split() if g] if len(groups) > 1 else []
    chars = []
    for n, i in enumerate(range(0, len(body), GROUP + 1), 1):
        g = body[i:i + GROUP + 1]
        shown = typed[n - 1] if len(typed) >= n else g
        if len(g) < 2:
            raise UsageError(f"save code is truncated: group {n} ({shown!r}) has no check character")
        if any(ch not in ALPHABET for ch in g):
            bad = next(ch for ch in g if ch not in ALPHABET)
            raise UsageError(f"save code group {n} ({shown!r}) has {bad!r}, which is not in a save code (0-9 and A-Z without I, L, O, U): a typo")
        if ALPHABET[_check(g[:-1])] != g[-1]:
            raise UsageError(f"save code group {n} ({shown!r}) does not check out: a typo in that group")
        chars.extend(g[:-1])
    bits = "".join(f"{ALPHABET.index(ch):05b}" for ch in chars)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - len(bits) % 8, 8))
    if len(data) < 6:
        raise UsageError("save code is truncated: it is too short to hold a game")
    flags, payload, crc = data[0], data[1:-4], struct.unpack(">I", data[-4:])[0]
    try:
        if flags & 2:
            d = zlib.decompressobj(-15)
            payload = d.decompress(payload, MAX_STATE)
            if d.unconsumed_tail or not d.eof:
                raise ValueError("deflate")
        head = _In(payload, [])
        game, edition, title = head.raw_str(), head.raw_str(), head.raw_str()
        head.words = _option_words(game, edition)
        options = head.value()
        seed = head.uv()
        start = _start(game, edition, options, seed) if flags & 1 else {}
        body_in = _In(payload[head.i:], _words(start, game, edition))
        state = body_in.diff(start)
        if body_in.i != len(body_in.b):
            raise ValueError("trailing")
    except UsageError:
        raise UsageError("save code passed its group checks but does not hold a game this castaway knows (made by another version or catalog?)") from None
    except (ValueError, IndexError, KeyError, UnicodeDecodeError, zlib.error, TypeError, AttributeError):
        raise UsageError("save code is altered or truncated: its groups check out but its contents do not") from None
    if _crc_state(state) != crc:
        raise UsageError("save code's checksum does not match the state it holds: made by a castaway with other rules or catalog, or altered")
    if not isinstance(state, dict) or any(k not in state for k in _REQUIRED):
        raise UsageError("save code does not hold a castaway table (missing parts of the state)")
    return (state, title) if with_title else state
