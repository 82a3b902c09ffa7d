"""Record: a small read-only value type that is cheap to define (see its docstring)."""

from __future__ import annotations

from typing import Any


class Record:
    """A small read-only record with keyword or positional fields.

    Used instead of dataclasses here because defining a dozen dataclasses costs more start-up time
    than every other part of `castaway status` together. Subclasses list their fields in __slots__
    and their defaults in DEFAULTS.
    """

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()
    DEFAULTS: dict[str, Any] = {}

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("__slots__", ())
        cls.FIELDS = (*cls.FIELDS, *own)
        cls.DEFAULTS = {**{k: v for b in cls.__mro__[1:] for k, v in getattr(b, "DEFAULTS", {}).items()},
                        **cls.__dict__.get("DEFAULTS", {})}

    def __init__(self, *args, **kw):
        names = self.FIELDS
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} fields, got {len(args)}")
        vals = dict(zip(names, args))
        for k, v in kw.items():
            if k not in names or k in vals:
                raise TypeError(f"{type(self).__name__}: unexpected or repeated field {k!r}")
            vals[k] = v
        for n in names:
            if n not in vals:
                if n not in self.DEFAULTS:
                    raise TypeError(f"{type(self).__name__}: missing field {n!r}")
                vals[n] = self.DEFAULTS[n]
            object.__setattr__(self, n, vals[n])

    def __setattr__(self, key, value):
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in self.FIELDS)

    def __hash__(self):
        return hash((type(self).__name__, getattr(self, "id", None)))

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.FIELDS[:3])
        return f"{type(self).__name__}({inner}, ...)"
