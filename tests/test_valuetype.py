"""companion/valuetype.py's `frozen` makes the class `@dataclass(frozen=True)` makes: each class below is made
by both, and everything a caller can see of them compared (construction and its errors, repr, equality,
hashing, assignment refused, dataclasses.fields/replace/asdict, inheritance either way)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from companion.valuetype import frozen


def both(make):
    """The class `make(decorator)` defines, once by the standard decorator and once by frozen."""
    return make(dataclass(frozen=True)), make(frozen)


def outcome(fn):
    try:
        return ("ok", fn())
    except Exception as e:  # the error's type and words are what a caller sees
        return (type(e).__name__, str(e).replace("_std", "").replace("_ours", ""))


def _plain(deco):
    class Roll:
        kind: ClassVar[str] = "roll"
        dice: tuple
        faces: tuple | None = None
        seat: str = ""
        extra: dict = field(default_factory=dict, compare=False)
        hidden: int = field(default=0, repr=False, compare=False)

        def text(self) -> str:
            return f"{self.kind} {self.dice}"

    return deco(Roll)


CALLS = [((("d6",),), {}), ((), {"dice": ("d6",), "faces": (3,)}), ((("d6",), (2,), "red", {"a": 1}, 5), {}),
         ((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"dice": 2}), ((1,), {"nope": 2}), ((), {"faces": 1})]


@pytest.mark.parametrize("args,kwargs", CALLS)
def test_construction_and_its_errors_are_the_same(args, kwargs):
    std, ours = both(_plain)
    a, b = outcome(lambda: repr(std(*args, **kwargs))), outcome(lambda: repr(ours(*args, **kwargs)))
    assert a == b


def test_two_missing_arguments_are_worded_alike():
    def make(deco):
        class Three:
            a: int
            b: int
            c: int

        return deco(Three)

    std, ours = both(make)
    assert outcome(lambda: std(1)) == outcome(lambda: ours(1))
    assert outcome(lambda: std()) == outcome(lambda: ours())


def test_values_compare_hash_show_and_refuse_assignment_alike():
    std, ours = both(_plain)
    for cls in (std, ours):
        x, y, z = cls(("d6",), (3,)), cls(("d6",), (3,), hidden=9), cls(("d6",), (4,))
        assert x == y and x != z
        assert hash(x) == hash(y) == hash(cls(("d6",), (3,), hidden=1))
        assert x.text() == "roll ('d6',)" and cls.kind == "roll" and "kind" not in [f.name for f in dataclasses.fields(cls)]
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'seat'"):
            x.seat = "red"
        with pytest.raises(dataclasses.FrozenInstanceError):
            del x.seat
        assert x.__eq__(object()) is NotImplemented
    assert repr(std(("d6",), seat="red")) == repr(ours(("d6",), seat="red"))
    assert hash(std(("d6",), (3,))) == hash(ours(("d6",), (3,)))
    assert std.__match_args__ == ours.__match_args__
    assert [(f.name, f.type, f.default, f.repr, f.compare) for f in dataclasses.fields(std)] == \
           [(f.name, f.type, f.default, f.repr, f.compare) for f in dataclasses.fields(ours)]
    assert dataclasses.asdict(std(("d6",))) == dataclasses.asdict(ours(("d6",)))
    assert dataclasses.replace(ours(("d6",), seat="red"), faces=(1,)) == ours(("d6",), (1,), "red")
    assert dataclasses.is_dataclass(ours) and ours.__init__.__qualname__.endswith("Roll.__init__")
    assert std(("d6",)).extra is not std(("d6",)).extra and ours(("d6",)).extra is not ours(("d6",)).extra
    assert not hasattr(ours, "extra") and ours.seat == ""  # as dataclass leaves the class's attributes


def test_what_the_class_defines_itself_is_kept_and_post_init_runs():
    def make(deco):
        class Ask:
            kind: str
            keys: tuple = ()

            def __post_init__(self):
                if self.kind not in ("menu", "text"):
                    raise ValueError(f"ask kind {self.kind!r}")

            def __repr__(self):
                return f"<ask {self.kind}>"

            def __eq__(self, other):
                return isinstance(other, type(self)) and other.kind == self.kind

        return deco(Ask)

    std, ours = both(make)
    for cls in (std, ours):
        assert repr(cls("menu")) == "<ask menu>" and cls("menu", (1,)) == cls("menu")
        with pytest.raises(ValueError, match="ask kind 'dice'"):
            cls("dice")
    assert outcome(lambda: hash(std("menu"))) == outcome(lambda: hash(ours("menu")))


def test_inheritance_either_way_keeps_the_fields_in_order():
    def base(deco):
        class Action:
            kind: ClassVar[str] = ""
            seat: str = ""

        return deco(Action)

    std_base, our_base = both(base)
    for b in (std_base, our_base):
        for deco in (dataclass(frozen=True), frozen):
            class Move(b):
                kind: ClassVar[str] = "move"
                target: str = ""
                by: int = 1

            cls = deco(Move)
            assert [f.name for f in dataclasses.fields(cls)] == ["seat", "target", "by"]
            assert repr(cls("red", "ship")) == "test_inheritance_either_way_keeps_the_fields_in_order.<locals>.Move(seat='red', target='ship', by=1)"
            assert cls("red", "ship") != b("red") and cls(by=2).by == 2
            with pytest.raises(dataclasses.FrozenInstanceError):
                cls().by = 3


def test_a_definition_dataclass_refuses_is_refused_alike():
    def late_default(deco):
        class Bad:
            a: int = 1
            b: int

        return deco(Bad)

    def mutable_default(deco):
        class Bad:
            a: list = []  # noqa: RUF012

        return deco(Bad)

    for make in (late_default, mutable_default):
        a = outcome(lambda: make(dataclass(frozen=True)))
        b = outcome(lambda: make(frozen))
        assert a[0] == b[0] and a[0] != "ok", (a, b)
