"""Version-1 save codes (CW1-...): the table's state as JSON, zlib-compressed, in base32 behind a small
header (length, its complement, a CRC-32). Older castaways printed them; castaway still reads them and
writes them only for the tests of the old format (companion/savecode.py dispatches by the prefix).
"""

from __future__ import annotations

import base64
import binascii
import json
import struct
import zlib

from .errors import UsageError
from .i18n import _

PREFIX_V1 = "CW1-"


def write_v1(table, max_code: int) -> str:
    """A version-1 code of at most max_code characters (kept for tests of the old format; castaway prints version 2)."""
    data = table.data if hasattr(table, "data") else table
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    packed = zlib.compress(raw, 9)
    if len(packed) > 0xFFFF:
        raise UsageError(_("the game's state is too large for a save code ({n} bytes packed)").format(n=len(packed)))
    body = struct.pack(">HHI", len(packed), len(packed) ^ 0xFFFF, zlib.crc32(packed)) + packed
    code = PREFIX_V1 + base64.b32encode(body).decode().rstrip("=")
    if len(code) > max_code:
        raise UsageError(_("the game's state needs a {n}-character code; a save sheet holds at most {most}").format(n=len(code), most=max_code))
    return code


def read_v1(text: str, max_code: int, max_state: int, required: tuple[str, ...]) -> dict:
    """The state in a version-1 code (zlib of JSON, base32), as older castaways printed it; refused when
    longer than max_code, inflating past max_state bytes, or missing a required part of the state."""
    if len(text) > max_code:
        raise UsageError(_("save code is {n} characters; at most {most} are accepted: not a castaway save code").format(n=len(text), most=max_code))
    body32 = text[len(PREFIX_V1):]
    try:
        body = base64.b32decode(body32 + "=" * (-len(body32) % 8))
    except (binascii.Error, ValueError):
        raise UsageError(_("save code has characters outside A-Z and 2-7 after 'CW1-': it was mistyped or altered")) from None
    if len(body) < 8:
        raise UsageError(_("save code is truncated: its header is incomplete"))
    length, check, crc = struct.unpack(">HHI", body[:8])
    if length ^ check != 0xFFFF:
        raise UsageError(_("save code is altered: its header does not check out (a character was changed)"))
    packed = body[8:]
    if len(packed) < length:
        raise UsageError(_("save code is truncated: {n} of {length} bytes are there").format(n=len(packed), length=length))
    if len(packed) > length:
        raise UsageError(_("save code is altered: it is longer than its header says"))
    if zlib.crc32(packed) != crc:
        raise UsageError(_("save code is altered: its checksum does not match (a character was changed)"))
    try:
        d = zlib.decompressobj()
        raw = d.decompress(packed, max_state)
        if d.unconsumed_tail:
            raise UsageError(_("save code inflates beyond {most} bytes: refused").format(most=max_state))
        data = json.loads(raw.decode())
    except (zlib.error, UnicodeDecodeError, json.JSONDecodeError):
        raise UsageError(_("save code passed its checksum but does not hold a game state")) from None
    if not isinstance(data, dict) or any(k not in data for k in required):
        raise UsageError(_("save code does not hold a castaway table (missing parts of the state)"))
    return data
