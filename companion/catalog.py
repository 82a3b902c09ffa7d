"""The component catalog: what each game has on the table, read from decks/<game>/*.toml.

Every entry carries `source = "<rulebook file> § <section>"` or, where no rulebook says,
`assumed = "<why>"`. A user can override or add entries with TOML files of their own in
the folder named by CASTAWAY_DECKS (or <data dir>/decks/<game>/): an entry there replaces
the shipped entry with the same id.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from .components import ID_RE, KINDS, REFERENCE_KINDS, Card, Character, Counter, Deck, Die, DiePart, Entry, Flag, GameCatalog, Reference, Seat, Stack, Track  # noqa: F401
from .errors import UnknownComponent
from .i18n import _

if TYPE_CHECKING:
    from collections.abc import Sequence


def decks_root() -> Path:
    import decks

    return Path(decks.__file__).parent


def user_decks_root() -> Path | None:
    env = os.environ.get("CASTAWAY_DECKS")
    if env:
        return Path(env)
    return None


def load_folder(folder: Path, overrides: Sequence[Path] = ()) -> GameCatalog:
    """Read and check one game folder (then the override files) into its catalog."""
    from .catalog_read import load_folder as read

    return read(folder, list(overrides))


def read_decks(path: Path) -> list[Deck]:
    """The decks of a user's own TOML file (cards to print)."""
    from .catalog_read import read_decks as read

    return read(path)


_CACHE: dict[tuple[str, str], GameCatalog] = {}
_FOLDERS: dict[str, Path] = {}  # games that do not ship with castaway: id -> their catalog's folder


def add_folder(game_id: str, folder: Path | None) -> None:
    """Where a game registered from elsewhere keeps its catalog (None: forget it)."""
    if folder is None:
        _FOLDERS.pop(game_id, None)
    else:
        _FOLDERS[game_id] = Path(folder)
    for key in [k for k in _CACHE if k[0] == game_id]:
        del _CACHE[key]


def folder_of(game_id: str) -> Path:
    return _FOLDERS.get(game_id) or decks_root() / game_id


def game_ids() -> list[str]:
    root = decks_root()
    return sorted({*(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.toml"))), *_FOLDERS})


def resolve_game(name: str) -> str:
    """A game id or alias to its folder name."""
    key = name.strip().lower()
    ids = game_ids()
    if key in ids:
        return key
    for gid in ids:
        if key in (a.lower() for a in load(gid).aliases):
            return gid
    shown = ", ".join(ids)
    raise UnknownComponent(_("unknown game {game!r}; accepted: {accepted}").format(game=name, accepted=shown))


def editions(game_id: str) -> list[str]:
    """The editions a game has besides its base one (folders decks/<game>/editions/<edition>/)."""
    folder = folder_of(game_id) / "editions"
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and any(p.glob("*.toml")))


def load(game_id: str, edition: str | None = None) -> GameCatalog:
    """A game's catalog: the base files, then an edition's files (its own names, colours, cards),
    then the user's own files; a later entry replaces an earlier one with the same id."""
    edition = (edition or "").strip().lower()
    key = (game_id, edition)
    if key in _CACHE:
        return _CACHE[key]
    folder = folder_of(game_id)
    if not folder.is_dir():
        raise UnknownComponent(_("unknown game {game!r}; accepted: {accepted}").format(game=game_id, accepted=', '.join(game_ids())))
    overrides: list[Path] = []
    if edition and edition != "en":
        ed = folder / "editions" / edition
        if not ed.is_dir():
            known = ", ".join(["en", *editions(game_id)])
            raise UnknownComponent(_("edition {edition!r} of {game}: accepted: {accepted}").format(edition=edition, game=game_id, accepted=known))
        overrides += sorted(ed.glob("*.toml"))
    user = user_decks_root()
    if user and (user / game_id).is_dir():
        overrides += sorted((user / game_id).glob("*.toml"))
    cat = load_folder(folder, overrides)
    _CACHE[key] = cat
    return cat


def digest(game_id: str, edition: str | None = None) -> str:
    """A digest of every file the game's catalog is read from (the shipped files, the edition's and the
    user's overrides): a stored game records it, so a change of data is told from damage."""
    return load(game_id, edition).digest
