"""A game's state as a short printable code (for the QR on a save sheet), and back.

    CW1-<base32 of: length (2 bytes) + length xor FFFF (2) + CRC-32 (4) + zlib(compact JSON of the state)>

The version sits in clear text, so a code from another version is refused before anything is
decoded; the length tells a truncated code from an altered one; the CRC catches any changed
character; only then is the payload decompressed (with a size cap) and checked for a table's shape.
Base32 upper case keeps the code in the QR alphanumeric alphabet (denser than bytes).
"""

from __future__ import annotations

import base64
import binascii
import json
import struct
import zlib

from .errors import UsageError

VERSION = 1
PREFIX = f"CW{VERSION}-"
MAX_CODE = 3000  # characters: a version-40 QR at level M holds 3391 alphanumeric characters
MAX_STATE = 1_000_000  # bytes of JSON once inflated
_REQUIRED = ("game", "seats", "tracks", "counters", "flags", "seat", "decks", "rng")


def encode(table) -> str:
    """The code for a Table (or a state dict)."""
    data = table.data if hasattr(table, "data") else table
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    packed = zlib.compress(raw, 9)
    if len(packed) > 0xFFFF:
        raise UsageError(f"the game's state is too large for a save code ({len(packed)} bytes packed)")
    body = struct.pack(">HHI", len(packed), len(packed) ^ 0xFFFF, zlib.crc32(packed)) + packed
    code = PREFIX + base64.b32encode(body).decode().rstrip("=")
    if len(code) > MAX_CODE:
        raise UsageError(f"the game's state needs a {len(code)}-character code; a save sheet holds at most {MAX_CODE}")
    return code


def decode(code: str) -> dict:
    """The state dict from a code; every damaged code is refused with one line, before decoding further."""
    text = "".join(str(code).split()).upper()
    if len(text) > MAX_CODE:
        raise UsageError(f"save code is {len(text)} characters; at most {MAX_CODE} are accepted: not a castaway save code")
    if not text.startswith("CW") or "-" not in text[:8]:
        raise UsageError(f"save code {text[:12]!r}...: a castaway save code starts with {PREFIX!r}")
    version = text[2:text.index("-")]
    if version != str(VERSION):
        raise UsageError(f"save code version {version!r} is not known to this castaway (it reads version {VERSION})")
    body32 = text[len(PREFIX):]
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
