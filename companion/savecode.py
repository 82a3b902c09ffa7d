"""A game's state as a short printable code (for the QR on a save sheet and for typing), and back.

Version 2 (what castaway prints):

    CW2-XXXXXCXXXXXC... : Crockford base32, in groups of 5 characters and a check character each
                          (groups() spaces them out for printing; spaces are ignored when read)

The bytes: a flags byte; the game id, the edition, the game's title (length-prefixed UTF-8); the
options and the seed, from which the game's own setup rebuilds the state the game started from; then
the difference between that starting state and the state saved (a bit per leaf of the starting state,
then each changed leaf's new value; a pile that lost cards from its top says how many and what came on
its end; then the leaves the starting state does not have); optionally raw-deflated; and last a CRC-32
of the whole decoded state (canonical JSON). Common values take one byte: None, booleans, 0..39, and the
first words of the word list (the starting state's strings, the format's own words, the catalog's ids).

The check character of each group (a weighted sum mod 31 of its characters) names the group a typo is
in; the CRC then proves the whole state (a code made by a castaway whose rules or catalog differ is
refused there). Version 1 codes (CW1-, zlib of JSON) are still read.

This module frames and dispatches; the bit codec is in savecode_bits.py, the version-1 reader in
savecode_v1.py.
"""

from __future__ import annotations

import struct
import zlib

from .errors import UsageError
from .i18n import _
from .savecode_bits import ALPHABET, GROUP, MAX_BYTES, PREFIX, WORDS, In, Out, check_char, crc_state, groups, option_words, read_changes, start_state, to_text, words_for, write_changes  # noqa: F401 (groups: the API)
from .savecode_v1 import PREFIX_V1, read_v1, write_v1

MAX_CODE = 3000  # characters: a version-40 QR at level M holds 3391 alphanumeric characters
MAX_STATE = 1_000_000  # bytes of JSON once inflated
_REQUIRED = ("game", "seats", "tracks", "counters", "flags", "seat", "decks", "rng")


def encode_v1(table) -> str:
    """A version-1 code (kept for tests of the old format; castaway prints version 2)."""
    return write_v1(table, MAX_CODE)


def encode(table, title: str = "") -> str:
    """The version-2 code for a Table (or a state dict), with the game's title."""
    state = table.data if hasattr(table, "data") else table
    game = state.get("game", "")
    edition = state.get("edition") or ""
    options = state.get("options") or {}
    rng = state.get("rng") or [0, 0]
    seed = rng[0] if isinstance(rng, list) and rng and isinstance(rng[0], int) and rng[0] >= 0 else 0
    try:
        start = start_state(game, edition, options, seed)
        flags = 1
    except Exception:  # noqa: BLE001 - a state whose start cannot be rebuilt is written whole
        start, flags = {}, 0
    head = Out({w: i for i, w in enumerate(option_words(game, edition))})
    head.value(game)
    head.value(edition)
    head.raw_str(title or "")
    head.value(options)
    head.uv(seed)
    body = Out({w: i for i, w in enumerate(words_for(start, game, edition))})
    if not write_changes(body, start, state):  # written whole, against an empty start
        start, flags = {}, 0
        body = Out({w: i for i, w in enumerate(words_for(start, game, edition))})
        write_changes(body, start, state)
    payload = bytes(head.b) + bytes(body.b)
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = z.compress(payload) + z.flush()
    if len(packed) < len(payload):
        payload, flags = packed, flags | 2
    data = bytes([flags]) + payload + struct.pack(">I", crc_state(state))
    if len(data) > MAX_BYTES:
        raise UsageError(_("the game's state needs {n} bytes; a save code holds at most {most}").format(n=len(data), most=MAX_BYTES))
    return to_text(data)


def decode(code: str, with_title: bool = False):
    """The state dict from a code (and its title, if asked); every damaged code is refused with one line."""
    text = "".join(str(code).split()).upper()
    if len(text) > MAX_CODE:
        raise UsageError(_("save code is {n} characters; at most {most} are accepted: not a castaway save code").format(n=len(text), most=MAX_CODE))
    if text.startswith(PREFIX_V1):
        state = read_v1(text, MAX_CODE, MAX_STATE, _REQUIRED)
        return (state, "") if with_title else state
    if not text.startswith("CW") or "-" not in text[:8]:
        raise UsageError(_("save code {start!r}...: a castaway save code starts with {prefix!r}").format(start=text[:12], prefix=PREFIX))
    version = text[2:text.index("-")]
    if version != PREFIX[2:-1]:
        raise UsageError(_("save code version {version!r} is not known to this castaway (it reads versions 1 and 2)").format(version=version))
    body = text[len(PREFIX):].replace("O", "0").replace("I", "1").replace("L", "1")
    words = str(code).upper().split()
    typed = [g for g in (" ".join(words))[len(PREFIX):].split() if g] if len(words) > 1 else []
    chars: list[str] = []
    for n, i in enumerate(range(0, len(body), GROUP + 1), 1):
        g = body[i:i + GROUP + 1]
        shown = typed[n - 1] if len(typed) >= n else g
        if len(g) < 2:
            raise UsageError(_("save code is truncated: group {n} ({shown!r}) has no check character").format(n=n, shown=shown))
        if any(ch not in ALPHABET for ch in g):
            bad = next(ch for ch in g if ch not in ALPHABET)
            raise UsageError(_("save code group {n} ({shown!r}) has {bad!r}, which is not in a save code (0-9 and A-Z without I, L, O, U): a typo").format(n=n, shown=shown, bad=bad))
        if ALPHABET[check_char(g[:-1])] != g[-1]:
            raise UsageError(_("save code group {n} ({shown!r}) does not check out: a typo in that group").format(n=n, shown=shown))
        chars.extend(g[:-1])
    bits = "".join(f"{ALPHABET.index(ch):05b}" for ch in chars)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - len(bits) % 8, 8))
    if len(data) < 6:
        raise UsageError(_("save code is truncated: it is too short to hold a game"))
    flags, payload, crc = data[0], data[1:-4], struct.unpack(">I", data[-4:])[0]
    try:
        if flags & 2:
            d = zlib.decompressobj(-15)
            payload = d.decompress(payload, MAX_STATE)
            if d.unconsumed_tail or not d.eof:
                raise ValueError("deflate")
        head = In(payload, list(WORDS))
        game, edition, title = head.value(), head.value(), head.raw_str()
        if not isinstance(game, str) or not isinstance(edition, str):
            raise ValueError("header")
        head.words = option_words(game, edition)
        options = head.value()
        seed = head.uv()
        start = start_state(game, edition, options, seed) if flags & 1 else {}
        body_in = In(payload[head.i:], words_for(start, game, edition))
        state = read_changes(body_in, start)
        if body_in.i != len(body_in.b):
            raise ValueError("trailing")
    except UsageError:
        raise UsageError(_("save code passed its group checks but does not hold a game this castaway knows (made by another version or catalog?)")) from None
    except (ValueError, IndexError, KeyError, UnicodeDecodeError, zlib.error, TypeError, AttributeError):
        raise UsageError(_("save code is altered or truncated: its groups check out but its contents do not")) from None
    if crc_state(state) != crc:
        raise UsageError(_("save code's checksum does not match the state it holds: made by a castaway with other rules or catalog, or altered"))
    if not isinstance(state, dict) or any(k not in state for k in _REQUIRED):
        raise UsageError(_("save code does not hold a castaway table (missing parts of the state)"))
    return (state, title) if with_title else state
