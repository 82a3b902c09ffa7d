"""Every Record type declares its fields twice, once for the interpreter (__slots__) and once for mypy
(class annotations): the two lists must name the same fields in the same order."""

import inspect

import companion.components as components
import companion.events as events
from companion.record import Record


def record_types():
    for mod in (components, events):
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if issubclass(cls, Record) and cls is not Record and cls.__module__ == mod.__name__:
                yield cls


def test_every_record_type_is_found():
    names = {c.__name__ for c in record_types()}
    assert {"Entry", "Track", "Die", "Card", "Deck", "GameCatalog", "Event"} <= names


def test_annotations_name_the_slots():
    for cls in record_types():
        own = tuple(cls.__dict__.get("__slots__", ()))
        annotated = tuple(n for n in cls.__dict__.get("__annotations__", {}) if not n.isupper())
        assert annotated == own, f"{cls.__name__}: annotations {annotated} vs __slots__ {own}"
