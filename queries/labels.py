"""Objects by card name in the text a person reads.

The model names objects by id in its reasons (``Alice taps _battlefield_Alice_1``): ids the question did
not give start with ``_``, and objects made during actions get ids like ``soldier-token-1``. A
:class:`Namer` rewrites such text with each object's card name, numbered only where two objects share a
name (``Mountain #2``); an object the user gave an id to keeps it where a number would be needed
(``Forest (f1)``). ``Name (id, id)``, the model's way of listing permanents, becomes the name once, with the
numbers in parentheses when they are needed; a Python tuple of ids becomes a list of names.

JSON output keeps the ids: they are how a program refers to objects.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from mtgjudge.model.names import UNKNOWN_CARD

#: A word that may be an object id: the question format's ids, the model's ``_zone_Player_N`` ids and the
#: engine's ``name-N``; a possessive ``'s`` is not part of it.
_WORD = re.compile(r"(?<![\w/{-])[_a-zA-Z0-9][\w-]*(?<!-)")
_PARENS = re.compile(r"\(([^()]*)\)")
_TUPLE = re.compile(r"\((?:'[^'\s]+'(?:, )?)+,?\)")


def shown_name(o: Any) -> str:
    """The name a person knows an object by: its card's (the face it shows), a token's per CR 111.4 (its
    subtypes plus "Token")."""
    if getattr(o, "token", False):
        subtypes = " ".join(getattr(o.printed, "subtypes", ()) or ())
        if subtypes and o.name != subtypes:
            return o.name           # 111.4: the effect that made it named it ("named Wood")
        return f"{subtypes or o.name} Token"
    return o.name


class Namer:
    """Labels for a result's objects. ``objects``: (id, card name) in the order the state lists them,
    then the objects made during actions; ``given``: the ids the question's author wrote."""

    def __init__(self, objects: Iterable[tuple[str, str]] = (), given: Iterable[str] = ()) -> None:
        self.names: dict[str, str] = {}
        for oid, name in objects:
            self.names.setdefault(oid, name)
        self.given = set(given)
        self._labels: dict[str, str] | None = None

    def copy(self) -> "Namer":
        """A namer of the same objects, with the labels made so far, that learns on its own (a board names the
        objects of every answer about it from one namer's labels)."""
        other = Namer()
        other.names = dict(self.names)
        other.given = self.given
        other._labels = self.labels      # never filled in place: learning a name makes new labels
        return other

    # ---- learning
    def learn(self, texts: Iterable[str]) -> None:
        """Objects that existed only during the actions (a token that died, a card drawn and discarded) are
        named where the model introduces them, ``Soldier Token (soldier-token-1)``: learn them from the text
        before labelling, so that numbering counts them."""
        for text in texts:
            for m in _PARENS.finditer(text):
                ids = m.group(1).split(", ")
                if not all(self._internal(i) and i not in self.given for i in ids):
                    continue
                before = text[:m.start()].rstrip()
                for i in ids:
                    if i in self.names:
                        continue
                    name = self._name_before(before, i)
                    if name:
                        self.names[i] = name
                        self._labels = None

    def _name_before(self, before: str, oid: str) -> str | None:
        """The card name that ends ``before`` when ``oid`` looks like an object of that name (the engine's
        ids are made from the name)."""
        base = re.sub(r"-\d+$", "", oid).lstrip("_")      # "_copy-of-grapeshot-1": the copy of Grapeshot
        if before.endswith(UNKNOWN_CARD) or oid.startswith("_unknown_"):
            return UNKNOWN_CARD if before.endswith(UNKNOWN_CARD) else None
        words = before.split()
        for n in range(1, min(len(words), 8) + 1):
            cand = " ".join(words[-n:])
            if re.sub(r"[^a-z0-9]+", "-", cand.lower()).strip("-") == base:
                return cand
        return None

    @staticmethod
    def _internal(oid: str) -> bool:
        return oid.startswith("_") or bool(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*-\d+", oid))

    # ---- labels
    @property
    def labels(self) -> dict[str, str]:
        if self._labels is None:
            by_name: dict[str, list[str]] = {}
            for oid, name in self.names.items():
                by_name.setdefault(name, []).append(oid)
            self._labels = {}
            for name, ids in by_name.items():
                for k, oid in enumerate(ids, 1):
                    # cards nobody knows are interchangeable: no number tells them apart
                    alike = len(ids) == 1 or name == UNKNOWN_CARD
                    self._labels[oid] = name if alike else f"{name} {self._tag(oid, k)}"
        return self._labels

    def _tag(self, oid: str, k: int) -> str:
        return f"({oid})" if oid in self.given else f"#{k}"

    def _short_tag(self, oid: str) -> str:
        """The part of a label after the name: ``#2`` or ``f1`` (empty for a unique name)."""
        label, name = self.labels[oid], self.names[oid]
        return label[len(name):].strip().strip("()")

    def label(self, oid: str) -> str:
        return self.labels.get(oid, oid)

    # ---- rewriting
    def text(self, text: str) -> str:
        """``text`` with every object id the namer knows replaced by the object's label."""
        if not self.names or not text:
            return text
        text = _TUPLE.sub(self._tuple, text)
        out: list[str] = []
        pos = 0
        for m in _PARENS.finditer(text):
            out.append(text[pos:m.start()])
            group = self._group("".join(out), m)
            if group == "":
                out[-1] = out[-1].rstrip(" ")
            out.append(group)
            pos = m.end()
        out.append(text[pos:])
        return _WORD.sub(self._word, "".join(out))

    def _tuple(self, m: re.Match) -> str:
        ids = re.findall(r"'([^']+)'", m.group(0))
        if not all(i in self.names for i in ids):
            return m.group(0)
        return "(" + ", ".join(self.label(i) for i in ids) + ")"

    def _group(self, text: str, m: re.Match) -> str:
        ids = m.group(1).split(", ")
        if not ids or not all(i in self.names for i in ids):
            return m.group(0)
        names = {self.names[i] for i in ids}
        before = text[:m.start()]
        if len(names) == 1:
            name = names.pop()
            said = before.rstrip()
            # the model says the card's name, a token's without "Token" (111.4 is how we show it)
            rest = "" if said.endswith(name) else "Token" if name.endswith(" Token") and said.endswith(name[:-6]) \
                else None
            if rest is not None:
                tags = [t for t in (self._short_tag(i) for i in ids) if t]
                # "Forest (forest1)": the name is said just before; keep the numbers only where needed.
                if len(tags) == 1 and tags[0].startswith("#"):
                    part = tags[0]
                else:
                    part = "(" + ", ".join(tags) + ")" if tags else ""
                return " ".join(x for x in (rest, part) if x)
        if all(i in self.given for i in ids):
            return m.group(0)   # the user's own ids, where the name is not just before: the user's words
        return "(" + ", ".join(self.label(i) for i in ids) + ")"

    def _word(self, m: re.Match) -> str:
        w = m.group(0)
        if w in self.names and w not in self.given:
            return self.label(w)
        return w

    def value(self, v: Any) -> Any:
        """A JSON-able value (a witness) with ids replaced by labels, in keys and strings."""
        if isinstance(v, str):
            return self.text(v)
        if isinstance(v, Mapping):
            return {self.value(k) if isinstance(k, str) else k: self.value(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [self.value(x) for x in v]
        return v
