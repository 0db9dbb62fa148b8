"""What an option takes: each kind a small class that checks and converts a raw value
(any generator's) into what `Settings` holds, or raises TypeError/ValueError saying why
not, and names its type as the docs show it.

As MkDocs' `config_options` carry a type's check in one object, an entry of the option
table (`table.OPTIONS`) carries one of these; the adapters ask it, never the option's name:
`words` (which words YAML's booleans stand for) and `from_text` (a value from the
command line's text, as Sphinx's `-D` gives it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..values.closematch import did_you_mean
from ..values.page import parse_flag


class Kind:
    """A value of any Python type, checked by `check` (the base of every kind)."""

    type = "str"
    """The type as docs/options.md names it."""

    choices: tuple[str, ...] = ()
    """The words it takes, when it takes a few (the docs list each)."""

    words: Mapping[bool, str] = {}
    """The words YAML's booleans stand for (`gzip: no` loads as False)."""

    def __init__(self, check: Callable[[Any], Any] = lambda value: value) -> None:
        self._check = check

    def parse(self, value: Any, root: Path | None) -> Any:
        """What `Settings` holds for `value` (never the option's default), or
        TypeError/ValueError; `root` is the folder relative paths are taken from."""
        return self._check(value)

    def from_text(self, text: str) -> Any:
        """The value command-line `text` stands for; the text itself when it is none."""
        return text

    def parse_kept(self, value: Any, root: Path | None) -> tuple[Any, tuple[str, ...]]:
        """What `Settings` holds for `value` and why items of it were left out: a list
        keeps its good items (one bad pattern drops that pattern only); any other value
        is parsed whole."""
        return self.parse(value, root), ()


class Text(Kind):
    """A string, `check`ed (for a non-string: TypeError, `value is not {what}`)."""

    def __init__(self, what: str, check: Callable[[str], Any] = lambda value: value) -> None:
        super().__init__(check)
        self._what = what

    def parse(self, value: Any, root: Path | None) -> Any:
        if not isinstance(value, str):
            raise TypeError(f"{value!r} is not {self._what}")
        return self._check(value)


class Folder(Text):
    """A folder's path, taken from `root` when relative."""

    def __init__(self) -> None:
        super().__init__("a folder path")

    def parse(self, value: Any, root: Path | None) -> Path:
        path = Path(super().parse(value, root)).expanduser()
        return path if path.is_absolute() or root is None else root / path


class Choice(Kind):
    """One word of `choices`; `words`: the YAML booleans it also takes."""

    def __init__(self, choices: tuple[str, ...], words: Mapping[bool, str] | None = None) -> None:
        super().__init__()
        self.choices = choices
        self.words = dict(words or {})

    def parse(self, value: Any, root: Path | None) -> str:
        if isinstance(value, bool) and value in self.words:
            return self.words[value]
        return choice(value, self.choices)


class Whole(Kind):
    """A whole number from `low` to `high`."""

    type = "int"

    def __init__(self, low: int, high: int) -> None:
        super().__init__()
        self.low, self.high = low, high

    def parse(self, value: Any, root: Path | None) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not self.low <= value <= self.high
        ):
            raise ValueError(f"{value!r} is not a whole number from {self.low} to {self.high}")
        return value

    def from_text(self, text: str) -> Any:
        try:
            return int(text)
        except ValueError:
            return text  # the core names the option and the value


class Number(Kind):
    """A number, `check`ed."""

    type = "float"

    def from_text(self, text: str) -> Any:
        try:
            return float(text)
        except ValueError:
            return text


class Switch(Kind):
    """True or False."""

    type = "bool"

    def parse(self, value: Any, root: Path | None) -> bool:
        if not isinstance(value, bool):
            raise TypeError(f"{value!r} is not true or false")
        return value

    def from_text(self, text: str) -> Any:
        """A switch from `0`/`1` (as Sphinx reads its own) or a yes/no word."""
        flag = parse_flag(text)
        return text if flag is None else flag


class SwitchOr(Kind):
    """True, False or a word (`auto`), from a bool or its yes/no word."""

    def from_text(self, text: str) -> Any:
        return Switch().from_text(text)


class Strings(Kind):
    """A list of strings (one string: a list of it), each `check`ed, as a tuple."""

    type = "list[str]"

    def parse(self, value: Any, root: Path | None) -> tuple[Any, ...]:
        return tuple(self._check(item) for item in strings(value))

    def parse_kept(self, value: Any, root: Path | None) -> tuple[Any, tuple[str, ...]]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{value!r} is not a list of strings")
        return _kept(value, self._item)

    def _item(self, item: Any) -> Any:
        if not isinstance(item, str):
            raise TypeError(f"{item!r} is not a string")
        return self._check(item)

    def from_text(self, text: str) -> list[str]:
        """A list from commas, as Sphinx reads its own lists."""
        return [item for item in text.split(",") if item]


class Choices(Strings):
    """A list of at least one of `choices`, each once."""

    def __init__(self, choices: tuple[str, ...]) -> None:
        super().__init__(lambda item: choice(item, choices))
        self.choices = choices

    def parse(self, value: Any, root: Path | None) -> tuple[Any, ...]:
        return self._at_least_one(super().parse(value, root))

    def parse_kept(self, value: Any, root: Path | None) -> tuple[Any, tuple[str, ...]]:
        chosen, dropped = super().parse_kept(value, root)
        if not chosen and dropped:  # nothing left: the whole option is wrong
            raise ValueError("; ".join(dropped))
        return self._at_least_one(chosen), dropped

    @staticmethod
    def _at_least_one(chosen: tuple[Any, ...]) -> tuple[Any, ...]:
        chosen = tuple(dict.fromkeys(chosen))
        if not chosen:
            raise ValueError("at least one format is needed")
        return chosen


class Records(Kind):
    """A list of mappings, each made a record by `check`."""

    type = "list[dict]"

    def parse(self, value: Any, root: Path | None) -> tuple[Any, ...]:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{value!r} is not a list of rules")
        return tuple(self._check(item) for item in value)

    def parse_kept(self, value: Any, root: Path | None) -> tuple[Any, tuple[str, ...]]:
        if not isinstance(value, (list, tuple)):
            raise TypeError(f"{value!r} is not a list of rules")
        return _kept(value, self._check)

    def from_text(self, text: str) -> Any:
        """A list from JSON text (`[{"match": "blog/*", "priority": 0.3}]`), as the
        command line can give one; else the text itself."""
        import json  # a command line that sets rules only

        try:
            return json.loads(text)
        except ValueError:
            return text


def _kept(items: Any, check: Callable[[Any], Any]) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The items `check` takes, converted, and why each other one was left out."""
    kept: list[Any] = []
    dropped: list[str] = []
    for item in items:
        try:
            kept.append(check(item))
        except (TypeError, ValueError) as exc:
            dropped.append(str(exc))
    return tuple(kept), tuple(dropped)


def choice(value: Any, allowed: tuple[str, ...]) -> str:
    """`value` when it is one of the `allowed` words, else ValueError naming them and,
    for a misspelt word, the nearest one (`gti`: did you mean 'git'?)."""
    if not isinstance(value, str) or value not in allowed:
        hint = did_you_mean(value, allowed) if isinstance(value, str) else ""
        raise ValueError(f"{value!r} is not one of {', '.join(allowed)}{hint}")
    return value


def strings(value: Any) -> tuple[str, ...]:
    """A tuple of strings from a list of them (or one string), else TypeError."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{value!r} is not a list of strings")
    return tuple(value)
