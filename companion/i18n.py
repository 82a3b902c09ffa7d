"""Translations: the standard library's gettext, with Czech plural forms (1 žeton, 2 žetony, 5 žetonů).

Messages are written in English in the code and wrapped: `_("{seat} loses {n} strength").format(...)`,
`ngettext("{n} token", "{n} tokens", n).format(n=n)`; strings defined at import time are marked with
`N_()` and translated where they are shown. The catalogs are companion/locales/<lang>/LC_MESSAGES/
castaway.mo, compiled from the .po files by tools/compile_locales.py. English needs no file: the .mo
is read only when another language is chosen, so a command in English loads nothing more.

The language: `--lang` first, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG; a game of the Czech edition
speaks Czech when neither says otherwise (`prefer`).
"""

from __future__ import annotations

import os
from pathlib import Path

LANGUAGES = ("en", "cs")
DOMAIN = "castaway"
LOCALES = Path(__file__).resolve().parent / "locales"

_catalog = None  # a gettext.GNUTranslations, or None for English
_lang = "en"
_explicit = False  # chosen by --lang or the environment (a game's edition does not override it)


def _(message: str) -> str:
    """The message in the current language (the English text itself when there is no translation).

    An empty message stays empty: gettext's catalog keeps its header under the empty string."""
    return message if _catalog is None or not message else _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for n, by the current language's plural rule."""
    if _catalog is None:
        return singular if n == 1 else plural
    return _catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a string for translation without translating it (it is translated where it is shown)."""
    return message


def language() -> str:
    return _lang


def normalise(value: str | None) -> str | None:
    """'cs_CZ.UTF-8' -> 'cs'; None for no preference (empty, C, POSIX) or a language we have no catalog for."""
    if not value:
        return None
    for part in value.split(":"):  # LANGUAGE may list several
        code = part.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in ("", "c", "posix"):
            continue
        if code in LANGUAGES:
            return code
    return None


def from_environment() -> str | None:
    """The first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that names a language (gettext's own order)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            found = normalise(value)
            if found or var != "LANGUAGE":
                return found
    return None


def from_argv(argv: list[str]) -> str | None:
    """The value of `--lang X` or `--lang=X` among the global options, as typed (checked later)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


class Decimal(float):
    """A number that formats with the decimal mark of the current language: 2.75 in English, 2,75 in
    Czech (`_("{m:.2f} on average").format(m=Decimal(x))`)."""

    def __format__(self, spec: str) -> str:
        return decimal_mark(float.__format__(self, spec))


def decimal_mark(text: str) -> str:
    """A formatted number's decimal point as the current language writes it."""
    return text.replace(".", ",") if _lang == "cs" else text


def folded(text) -> str:
    """Text as a table may type it loosely: lower case, no accents, no spaces around (červená → cervena)."""
    from unicodedata import combining, normalize

    return "".join(ch for ch in normalize("NFKD", str(text).strip().lower()) if not combining(ch))


_every: dict = {}


def in_every_language(message: str) -> tuple[str, ...]:
    """The message in every language castaway speaks, whatever the current one: for words a table may
    type in any of them (a seat's colour), so that what is read never depends on the language chosen."""
    got = _every.get(message)
    if got is None:
        import gettext

        out = [message]
        for code in LANGUAGES[1:]:
            cat = gettext.translation(DOMAIN, LOCALES, languages=[code], fallback=True)
            out.append(cat.gettext(message) if message else message)
        got = _every[message] = tuple(dict.fromkeys(out))
    return got


def retranslate(text: str, templates) -> str:
    """A sentence the game state keeps in English (made from one of `templates`, marked N_), in the current
    language: the template it was made from, translated, with the same fields. Text made from none of
    them is returned as it is."""
    import re

    for tpl in templates:
        names = re.findall(r"\{(\w+)\}", tpl)
        pattern = "^" + re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>.+?)", re.escape(tpl)) + "$"
        m = re.match(pattern, text)
        if m and set(names) == set(m.groupdict()):
            return _(tpl).format(**m.groupdict())
    return text


class english:
    """`with english():` every message inside is the English text itself, whatever the language chosen:
    for the lines the game's log stores (its English record), written under any language."""

    def __enter__(self):
        global _catalog
        self._saved = _catalog
        _catalog = None
        return self

    def __exit__(self, *exc):
        global _catalog
        _catalog = self._saved
        return False


def set_language(lang: str) -> str:
    """Switch every later message to `lang` ('en' or 'cs'); an unknown language raises ValueError."""
    global _catalog, _lang
    code = (lang or "en").strip().lower()
    if code not in LANGUAGES:
        raise ValueError(lang)
    if code == "en":
        _catalog = None
    elif code != _lang or _catalog is None:
        import gettext

        _catalog = gettext.translation(DOMAIN, LOCALES, languages=[code], fallback=True)
    _lang = code
    return code


def configure(typed: str | None = None) -> str:
    """Choose the language for a command: `--lang` if typed, else the environment, else English
    (which a game's edition may still change, see `prefer`)."""
    global _explicit
    chosen = typed.strip().lower() if typed else from_environment()
    _explicit = chosen is not None
    return set_language(chosen or "en")


def prefer(lang: str | None) -> None:
    """A game's edition speaks its own language unless --lang or the environment chose one."""
    code = (lang or "").strip().lower()
    if not _explicit and code in LANGUAGES and code != _lang:
        set_language(code)
