"""frozen: `@dataclass(frozen=True)` made without compiling code, so that importing a game's rules is quick.

The standard dataclass decorator writes each class's methods as source text and compiles it: a few hundred
microseconds a class, and a game's rules define dozens (an action kind, a step, a ruling each), which made
importing them most of what a write costs. `frozen` gives the same class: an __init__ taking the fields in
order (positional or keyword, defaults and default factories, __post_init__ called), __repr__, __eq__ and
__hash__ over the fields, assignment refused with dataclasses.FrozenInstanceError, __match_args__; methods the
class defines itself are kept, as the dataclass decorator keeps them. Its fields are dataclasses.Field records
in `__dataclass_fields__`, so dataclasses.fields, replace, asdict and is_dataclass work on it, and a
dataclass may derive from it (and it from a dataclass).
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any, Callable, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_MISSING = dataclasses.MISSING
_PARAMS = SimpleNamespace(init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=True,
                          match_args=True, kw_only=False, slots=False, weakref_slot=False)


def _classvar(annotation: Any) -> bool:
    if isinstance(annotation, str):
        a = annotation.strip()
        return a in ("ClassVar", "typing.ClassVar") or a.startswith(("ClassVar[", "typing.ClassVar["))
    import typing

    return annotation is typing.ClassVar or typing.get_origin(annotation) is typing.ClassVar


def _fields(cls: type) -> dict[str, dataclasses.Field]:
    """The class's fields, its bases' first (a field it declares again keeps its place), as dataclass finds them."""
    found: dict[str, dataclasses.Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        found.update(getattr(base, "__dataclass_fields__", None) or {})
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _classvar(annotation):
            continue
        default = cls.__dict__.get(name, _MISSING)
        f: Any = default if isinstance(default, dataclasses.Field) else dataclasses.field(default=default)
        f.name, f.type, f.kw_only = name, annotation, False
        f._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # what dataclasses.fields() and replace() select on
        if isinstance(default, dataclasses.Field):  # the class attribute is the plain default, or none
            if f.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        if f.default is not _MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use default_factory")
        found[name] = f
    return found


def _init(cls: type, fields: list[dataclasses.Field]) -> Callable[..., None]:
    names = tuple(f.name for f in fields)
    required = tuple(f.name for f in fields if f.default is _MISSING and f.default_factory is _MISSING)
    defaults = {f.name: f.default for f in fields if f.default is not _MISSING}
    factories = {f.name: f.default_factory for f in fields if f.default_factory is not _MISSING}
    seen_default = False
    for f in fields:
        if f.name in defaults or f.name in factories:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    post_init = hasattr(cls, "__post_init__")
    where = f"{cls.__qualname__}.__init__()"

    def __init__(self, *args, **kwargs):
        if len(args) > len(names):
            takes = f"{len(names) + 1}" if len(required) == len(names) else f"from {len(required) + 1} to {len(names) + 1}"
            raise TypeError(f"{where} takes {takes} positional arguments but {len(args) + 1} were given")
        values = dict(zip(names, args))
        for key, value in kwargs.items():
            if key in values:
                raise TypeError(f"{where} got multiple values for argument {key!r}")
            if key not in defaults and key not in factories and key not in required:
                raise TypeError(f"{where} got an unexpected keyword argument {key!r}")
            values[key] = value
        if len(values) < len(names):
            missing = [n for n in required if n not in values]
            if missing:
                quoted = [repr(n) for n in missing]  # worded as Python words a missing argument
                said = quoted[0] if len(quoted) == 1 else " and ".join(quoted) if len(quoted) == 2 else \
                    ", ".join(quoted[:-1]) + ", and " + quoted[-1]
                s = "s" if len(missing) > 1 else ""
                raise TypeError(f"{where} missing {len(missing)} required positional argument{s}: {said}")
            for n in names:
                if n not in values:
                    values[n] = factories[n]() if n in factories else defaults[n]
        self.__dict__.update(values)
        if post_init:
            self.__post_init__()

    return __init__


def _frozen_methods(cls: Any, names: frozenset[str]):
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")  # untranslated: as dataclasses words it
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")  # untranslated: as dataclasses words it
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _value_methods(compared: tuple[str, ...], hashed: tuple[str, ...], shown: tuple[str, ...]):
    def __repr__(self):
        return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return tuple(getattr(self, n) for n in compared) == tuple(getattr(other, n) for n in compared)
        return NotImplemented

    def __hash__(self):
        return hash(tuple(getattr(self, n) for n in hashed))

    return __repr__, __eq__, __hash__


def _put(cls: type, name: str, value: Any) -> None:
    if name not in cls.__dict__:  # what the class defines itself stays (as dataclass leaves it)
        setattr(cls, name, value)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: T) -> T:
    """The class as `@dataclass(frozen=True)` makes it (see the module's docstring)."""
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
    fields = _fields(cls)
    cls.__dataclass_fields__ = fields  # type: ignore[attr-defined]
    cls.__dataclass_params__ = _PARAMS  # type: ignore[attr-defined]
    own = [f for f in fields.values() if f._field_type is dataclasses._FIELD]  # type: ignore[attr-defined]  # a dataclass base's ClassVars are in its fields too
    names = tuple(f.name for f in own)
    class_hash = cls.__dict__.get("__hash__", _MISSING)  # its own __eq__ alone leaves __hash__ None: not its own
    explicit_hash = not (class_hash is _MISSING or (class_hash is None and "__eq__" in cls.__dict__))
    _put(cls, "__init__", _init(cls, own))
    rep, eq, hsh = _value_methods(tuple(f.name for f in own if f.compare),
                                  tuple(f.name for f in own if (f.compare if f.hash is None else f.hash)),
                                  tuple(f.name for f in own if f.repr))
    _put(cls, "__repr__", rep)
    _put(cls, "__eq__", eq)
    if not explicit_hash:
        cls.__hash__ = hsh  # type: ignore[method-assign]
    cls.__setattr__, cls.__delattr__ = _frozen_methods(cls, frozenset(names))  # type: ignore[method-assign]
    _put(cls, "__match_args__", names)
    for fn in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        method = cls.__dict__.get(fn)  # the methods read as the class's own, as dataclass names them
        if method is not None and getattr(method, "__qualname__", "").startswith(("_init.", "_value_methods.", "_frozen_methods.")):
            method.__qualname__ = f"{cls.__qualname__}.{fn}"
    return cls
