"""Reading decks/<game>/*.toml into a GameCatalog: checks that name the file and the key, and a JSON
cache of the parsed TOML (the parser is the slowest part of a command's start)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .components import ID_RE, KINDS, REFERENCE_KINDS, Card, Character, Counter, Deck, Die, DiePart, Flag, GameCatalog, Reference, Seat, Stack, Track
from .errors import CatalogError, UsageError
from .i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Sequence

MAX_NUMBER = 1000  # any number of a component: track spaces, counters, pools, copies, dice, faces
BIG_NUMBERS = {"bgg_id": 10**9}  # keys whose numbers are ids, not counts
MAX_SPAN = 1000  # spaces on one track (Dieson Crusoe counts days on a track of 999)
MAX_LIST = 1000  # faces of a die, cards of a deck, labels, rows...
MAX_FILE = 1024 * 1024  # one TOML file of data
TYPE_WORDS = {int: N_("a whole number"), (int, float): N_("a number"), str: N_("a text in quotes"), list: N_("an array [...]"),
              dict: N_("a table"), bool: N_("true or false")}  # the TOML kinds a key may need


def _shown(v) -> str:
    from .bounded import shown

    return shown(v)


# -- loading ----------------------------------------------------------------------------------


class _Reader:
    """Reads one TOML table with checks; errors name the file and the key."""

    def __init__(self, file: str, where: str, data: dict):
        self.file, self.where, self.data = file, where, data

    def fail(self, key: str, msg: str):
        raise CatalogError(f"{self.file}: {self.where}.{key}: {msg}")

    def get(self, key, typ, default=..., *, required=False):
        if key not in self.data:
            if required or default is ...:
                self.fail(key, _("is missing"))
            return default
        v = self.data[key]
        if typ is int and isinstance(v, bool) or not isinstance(v, typ):
            self.fail(key, _("should be {type}, not {value}").format(type=_(TYPE_WORDS[typ]), value=_shown(v)))
        top = BIG_NUMBERS.get(key, MAX_NUMBER)
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not -top <= v <= top:
            self.fail(key, _("{value!r} is out of range; accepted: {lo} to {hi}").format(value=v, lo=-top, hi=top))
        return v

    def ident(self) -> str:
        v = self.get("id", str, required=True)
        if not ID_RE.match(v):
            self.fail("id", _("{value!r} should be lower-case letters, digits and dashes").format(value=v))
        return v

    def provenance(self) -> dict:
        source = self.get("source", str, None)
        assumed = self.get("assumed", str, None)
        if not source and not assumed:
            self.fail("source", _("every entry needs source = \"<rulebook> § <section>\" or assumed = \"<why>\""))
        return {"source": source, "assumed": assumed}

    def base(self) -> dict:
        ident = self.ident()
        self.where = re.sub(r"\[\d+\]$", f"[{ident}]", self.where)
        return {"id": ident, "name": self.get("name", str, required=True), **self.provenance()}


def _faces(r: _Reader, key: str) -> tuple:
    faces = r.get(key, list, required=True)
    if not faces:
        r.fail(key, _("needs at least one face"))
    if len(faces) > MAX_LIST:
        r.fail(key, _("{n} faces; accepted: at most {most}").format(n=len(faces), most=MAX_LIST))
    for f in faces:
        if isinstance(f, bool) or not isinstance(f, (int, str)) or f == "":
            r.fail(key, _("face {face!r} should be a number or a name").format(face=f))
    return tuple(faces)


def _track(r: _Reader) -> Track:
    b = r.base()
    lo, hi = r.get("min", int, required=True), r.get("max", int, required=True)
    if lo > hi:
        r.fail("max", _("{hi} is below min {lo}").format(hi=hi, lo=lo))
    if hi - lo > MAX_SPAN:
        r.fail("max", _("a track of {n} spaces ({lo}..{hi}); accepted: at most {most}").format(n=hi - lo + 1, lo=lo, hi=hi, most=MAX_SPAN + 1))
    start = r.get("start", int, lo)
    if not lo <= start <= hi:
        r.fail("start", _("{start} is off the track {lo}..{hi}").format(start=start, lo=lo, hi=hi))
    labels = r.get("labels", dict, {})
    pairs = []
    for k, v in labels.items():
        try:
            pairs.append((int(k), str(v)))
        except ValueError:
            r.fail("labels", _("key {key!r} should be a position number").format(key=k))
    return Track(**b, min=lo, max=hi, start=start, per_seat=r.get("per_seat", bool, False), labels=tuple(sorted(pairs)))


def _counter(r: _Reader) -> Counter:
    b = r.base()
    lo = r.get("min", int, 0)
    hi = r.get("max", int, None)
    start = r.get("start", int, lo)
    if hi is not None and not lo <= start <= hi:
        r.fail("start", _("{start} is outside {lo}..{hi}").format(start=start, lo=lo, hi=hi))
    pool = r.get("pool", bool, False)
    if pool and hi is None:
        r.fail("max", _("a pool needs its supply as max"))
    return Counter(**b, min=lo, max=hi, start=start, per_seat=r.get("per_seat", bool, False), pool=pool)


def _stack(r: _Reader) -> Stack:
    b = r.base()
    return Stack(**b, dice=r.get("dice", int, 2), faces=r.get("faces", int, 6), per_seat=r.get("per_seat", bool, True))


def _die(r: _Reader) -> Die:
    b = r.base()
    parts = []
    if "parts" in r.data:
        for i, p in enumerate(r.get("parts", list)):
            pr = _Reader(r.file, f"{r.where}.parts[{i}]", p)
            parts.append(DiePart(pr.get("name", str, required=True), _faces(pr, "faces")))
    else:
        parts.append(DiePart("", _faces(r, "faces")))
    symbols = r.get("symbols", dict, {})
    labels = r.get("labels", dict, {})
    return Die(
        **b,
        parts=tuple(parts),
        size_mm=r.get("size_mm", (int, float), None),
        colour=r.get("colour", str, None),
        count=r.get("count", int, 1),
        symbols=tuple((str(k), str(v)) for k, v in symbols.items()),
        labels=tuple((str(k), str(v)) for k, v in labels.items()),
    )


def _card(r: _Reader) -> Card:
    b = r.base()
    extra = {k: v for k, v in r.data.items() if k not in ("id", "name", "source", "assumed", "effect", "copies")}
    copies = r.get("copies", int, 1)
    if copies < 1:
        r.fail("copies", _("{copies} should be at least 1").format(copies=copies))
    return Card(**b, effect=r.get("effect", str, None), copies=copies, fields=tuple(sorted(extra.items())))


def _deck(r: _Reader) -> Deck:
    b = r.base()
    cards, seen = [], set()
    for i, c in enumerate(r.get("card", list, [])):
        card = _card(_Reader(r.file, f"{r.where}.card[{i}]", c))
        if card.id in seen:
            r.fail("card", _("id {id!r} appears twice").format(id=card.id))
        seen.add(card.id)
        cards.append(card)
    return Deck(**b, cards=tuple(cards), holder_limit=r.get("holder_limit", int, None))


def _flag(r: _Reader) -> Flag:
    b = r.base()
    values = r.get("values", list, None)
    start = r.get("start", str, None)
    if values is not None:
        values = tuple(str(v) for v in values)
        if start is not None and start not in values:
            r.fail("start", _("{start!r} is not one of {values}").format(start=start, values=", ".join(values)))
    return Flag(**b, values=values, start=start, per_seat=r.get("per_seat", bool, False))


def _character(r: _Reader) -> Character:
    b = r.base()
    extra = {k: v for k, v in r.data.items() if k not in ("id", "name", "source", "assumed", "role", "ability", "cost")}
    return Character(
        **b,
        role=r.get("role", str, required=True),
        ability=r.get("ability", str, required=True),
        cost=r.get("cost", str, None),
        fields=tuple(sorted(extra.items())),
    )


def _seat(r: _Reader) -> Seat:
    b = r.base()
    return Seat(**b, colour=r.get("colour", str, None))


def _reference(r: _Reader) -> Reference:
    b = r.base()
    kind = r.get("kind", str, required=True)
    if kind not in REFERENCE_KINDS:
        r.fail("kind", _("{kind!r}; accepted: {kinds}").format(kind=kind, kinds=", ".join(REFERENCE_KINDS)))

    def texts(key: str) -> tuple[str, ...]:
        v = r.get(key, list, [])
        if not all(isinstance(x, (str, int, float)) for x in v):
            r.fail(key, _("should be a list of texts"))
        return tuple(str(x) for x in v)

    rows = r.get("rows", list, [])
    if not all(isinstance(row, list) for row in rows):
        r.fail("rows", _("should be a list of rows, each a list of texts"))
    out = Reference(**b, kind=kind, items=texts("items"), columns=texts("columns"),
                    rows=tuple(tuple(str(x) for x in row) for row in rows))
    if kind in ("table", "pad", "symbols") and not out.columns:
        r.fail("columns", _("a {kind} needs its columns").format(kind=kind))
    if kind in ("steps", "list") and not out.items:
        r.fail("items", _("a {kind} needs its items").format(kind=kind))
    return out


def read_decks(path: Path) -> list[Deck]:
    """A user's own TOML file of [[deck]] tables (to print), checked like the shipped ones."""
    data = _read_toml(Path(path))
    decks = data.get("deck")
    if not isinstance(decks, list) or not decks:
        raise CatalogError(_("{path}: no [[deck]] tables; write [[deck]] with id, name, source and [[deck.card]] entries").format(path=path))
    return [_deck(_Reader(Path(path).name, f"deck[{i}]", d if isinstance(d, dict) else {})) for i, d in enumerate(decks)]


_BUILDERS = {
    "track": _track,
    "counter": _counter,
    "stack": _stack,
    "die": _die,
    "deck": _deck,
    "flag": _flag,
    "character": _character,
    "seat": _seat,
}


def _read_toml(path: Path) -> dict:
    import tomllib

    from .bounded import check_shape, read_text

    try:
        text = read_text(path, MAX_FILE, N_("a TOML data file"))
    except UsageError as e:
        raise CatalogError(str(e)) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise CatalogError(_("{path}: not valid TOML: {error}").format(path=path, error=e)) from None
    except RecursionError:
        raise CatalogError(_("{path}: nested too deep; accepted: at most 32 levels of tables and arrays").format(path=path)) from None
    try:
        check_shape(data, str(path))
    except UsageError as e:
        raise CatalogError(str(e)) from None
    return data


def _cache_dir() -> Path | None:
    """The user's cache folder, found without importing platformdirs (it costs a start-up)."""
    where = os.environ.get("CASTAWAY_CACHE")
    if where == "off":
        return None
    if where:
        return Path(where)
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "castaway" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "castaway"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "castaway"


def _cache_file(paths: list[Path]) -> Path | None:
    where = _cache_dir()
    if where is None:
        return None
    import zlib

    key = zlib.crc32("\n".join(str(p.resolve()) for p in paths).encode())
    return where / f"catalog-{paths[0].parent.name}-{key:08x}.json"


def _read_all(paths: list[Path]) -> tuple[list[dict], str]:
    """The TOML files parsed, and their digest (_digest); a JSON copy of both in the cache folder, keyed by
    each file's size, mtime, ctime and inode (any write to a file, or a file put in its place, changes them),
    spares the TOML parser and the hashing on later runs (they were most of the time a command takes to
    start). A cache file that does not read back whole, in its shape, is read past."""
    stamp = []
    for p in paths:
        try:
            st = p.stat()
        except OSError as e:
            raise CatalogError(_("{path}: cannot be read: {error}").format(path=p, error=e.strerror)) from None
        stamp.append([p.name, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino])
    cache = _cache_file(paths)
    if cache is not None:
        try:
            saved = json.loads(cache.read_text())
            data, digest = saved["data"], saved["digest"]
            if (saved.get("stamp") == stamp and isinstance(digest, str) and isinstance(data, list)
                    and len(data) == len(paths) and all(isinstance(d, dict) for d in data)):
                return data, digest
        except (OSError, ValueError, AttributeError, TypeError, KeyError, RecursionError):
            pass
    data = [_read_toml(p) for p in paths]
    digest = _digest(paths)
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"stamp": stamp, "digest": digest, "data": data}, default=str))
            os.replace(tmp, cache)
        except (OSError, TypeError, ValueError):
            pass  # a cache that cannot be written is only slower
    return data, digest


def _digest(paths: list[Path]) -> str:
    """Of the files' names and bytes, in order: the catalog's data as a stored game records it."""
    import hashlib

    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def load_folder(folder: Path, overrides: Sequence[Path] = ()) -> GameCatalog:
    files = sorted(folder.glob("*.toml"))
    if not files:
        raise CatalogError(_("{folder}: no .toml files").format(folder=folder))
    entries: dict[str, dict[str, Any]] = {k: {} for k in KINDS}
    meta: dict[str, Any] = {}
    meta_file = ""
    rules: dict[str, Any] = {}
    reference: dict[str, Reference] = {}
    paths = [*files, *overrides]
    parsed, digest = _read_all(paths)
    for path, data in zip(paths, parsed):
        name = path.name
        for key, value in data.items():
            if key == "game":
                if not isinstance(value, dict):
                    raise CatalogError(_("{file}: game: should be a table").format(file=name))
                meta.update(value)
                meta_file = meta_file or name
            elif key in KINDS:
                if not isinstance(value, list):
                    raise CatalogError(_("{file}: {key}: should be an array of tables ([[{key}]])").format(file=name, key=key))
                for i, item in enumerate(value):
                    if not isinstance(item, dict):
                        raise CatalogError(_("{file}: {key}[{i}]: should be a table").format(file=name, key=key, i=i))
                    e = _BUILDERS[key](_Reader(name, f"{key}[{i}]", item))
                    entries[key][e.id] = e  # later files (user overrides) replace by id
            elif key == "rules":
                if not isinstance(value, dict):
                    raise CatalogError(_("{file}: rules: should be a table").format(file=name))
                rules.update(value)
            elif key == "reference":
                if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
                    raise CatalogError(_("{file}: reference: should be an array of tables ([[reference]])").format(file=name))
                for i, item in enumerate(value):
                    e = _reference(_Reader(name, f"reference[{i}]", item))
                    reference[e.id] = e
            else:
                raise CatalogError(_("{file}: {key}: unknown section; accepted: {sections}").format(file=name, key=key, sections=", ".join(("game", "rules", "reference", *KINDS))))
    r = _Reader(meta_file or folder.name, "game", meta)
    gid = r.ident()
    players = r.get("players", list, [1, 4])
    if len(players) != 2 or not all(isinstance(p, int) for p in players) or players[0] > players[1]:
        r.fail("players", _("{players!r} should be [min, max]").format(players=players))
    round_track = r.get("round_track", str, None)
    if round_track and round_track not in entries["track"]:
        r.fail("round_track", _("{track!r} is not a track").format(track=round_track))
    names = [*entries["track"], *entries["counter"], *entries["stack"], *entries["flag"]]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise CatalogError(_("{folder}: component id(s) {ids} used by two kinds; ids must be unique").format(folder=folder.name, ids=", ".join(sorted(dup))))
    return GameCatalog(
        id=gid,
        name=r.get("name", str, required=True),
        aliases=tuple(r.get("aliases", list, [])),
        bgg_id=r.get("bgg_id", int, None),
        players=(players[0], players[1]),
        round_track=round_track,
        source=r.get("source", str, None),
        tracks=entries["track"],
        counters=entries["counter"],
        stacks=entries["stack"],
        dice=entries["die"],
        decks=entries["deck"],
        flags=entries["flag"],
        characters=entries["character"],
        seats=entries["seat"],
        rules=rules,
        files=tuple(p.name for p in [*files, *overrides]),
        digest=digest,
        reference=tuple(reference.values()),
    )
