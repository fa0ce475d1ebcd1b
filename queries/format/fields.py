"""Shape checks with file:line: :class:`QuestionValidator` reads one question document, refusing a wrong
value with a :class:`QuestionError` that names the file, the question id, the key and the line, and
resolves references to the objects and players of the question's state.

References to objects (``about``, ``attached_to``, ``targets``, stack abilities' sources, effects'
``objects``, pool mana's ``source``, and the objects actions name) resolve like this: an id wins over a
name; a name matches objects by their card's name or the name of the face they show (case, punctuation
and spacing ignored); a name that matches several objects is an error. In actions (other than ``cast``
and ``play``) and in outcome assertions a name that matches no object of the state may name an object
made during the actions (a token, a copy): it is kept as written if it is a known card or token name. So a
reference string is an object id exactly when ``state.has(ref)``; otherwise it is such a name. Targets may
also be player names.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import field
from types import MappingProxyType
from typing import Any, Iterable, Mapping, NoReturn

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.vocab.subtypes import all_subtypes
from mtgjudge.model.mana import COLORS, ManaSyntaxError, parse_cost, parse_mana
from mtgjudge.model.names import close_matches, normalize
from mtgjudge.model.objects import CardDef, GameObject
from mtgjudge.model.safe_yaml import LineDict, LineList, SrcFloat
from mtgjudge.queries.rules_text import closest_rules, is_rule
from mtgjudge.model.lazy_dataclass import dataclass

ID_RE = re.compile(r"[a-z0-9][a-z0-9-]*")

# Limits on the sizes that drive the work of answering (docs/question-format.md, "Limits"): past them a
# question is refused with an error rather than allocated or searched blindly.
#: The largest whole number (life, library sizes, counters, X, counts): 10^18.
MAX_NUMBER = 10**18
#: The most players in a state, objects in a state (all zones and the stack), and actions in a question.
MAX_PLAYERS = 100
MAX_OBJECTS = 1000
MAX_ACTIONS = 100
RULE_RE = re.compile(r"\d{3}(\.\d+[a-z]?)?")


class QuestionError(Exception):
    """A question (or file) that is wrong, as one human line:
    ``<file>:<line>: question <id>: key <key>: <message>`` (parts not known are left out)."""

    def __init__(self, message: str, file: str, qid: str | None = None, key: str | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.qid = qid
        self.key = key
        self.line = line

    def __str__(self) -> str:
        parts = [f"{self.file}:{self.line}" if self.line else self.file]
        if self.qid:
            parts.append(f"question {self.qid}")
        if self.key:
            parts.append(f"key {self.key}")
        parts.append(self.message)
        return ": ".join(parts)


# --------------------------------------------------------------------------------------------- building blocks

def freeze(value: Any) -> Any:
    """Plain immutable data: mappings -> read-only mappings, lists -> tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    if isinstance(value, SrcFloat):
        return float(value)
    return value


def describe(value: Any) -> str:
    """A value from the file as an error message quotes it."""
    if isinstance(value, SrcFloat):
        return value.text
    if isinstance(value, bool):
        # YAML reads yes/no, on/off and true/false alike as a boolean: say so, since "id: on" meant the word
        return ("true" if value else "false") + " (YAML reads yes, no, on, off, true and false as true or false: " \
            "quote the word to mean it)"
    if value is None:
        return "null (nothing)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def mapping_as_mana(value: Any) -> str | None:
    """``{G}`` unquoted reads as the mapping {G: None}: give back the text it was, or None."""
    if isinstance(value, dict) and value and all(v is None for v in value.values()):
        return "".join("{%s}" % describe(k).strip("'") for k in value)
    return None


def line_of(container: Any, key: Any) -> int | None:
    """The line of ``key`` (a key or an index) in a mapping or list read from the file, if known."""
    if isinstance(container, (LineDict, LineList)):
        return container.line_of(key)
    return None


def known_name(name: str) -> bool:
    """Is ``name`` a card, face or token kind the product knows (including "<subtypes> Token", CR 111.4)?"""
    db = card_db()
    if db.find(name) or db.is_known_card(name):
        return True
    n = normalize(name)
    if n.endswith("token") and len(n) > 5:
        base = n[:-5]
        if db.find(base):
            return True
        if any(c.token and normalize(" ".join(f.subtypes)) == base for c in db.built_in() for f in c.faces):
            return True
        # a token an effect describes (111.3) is named by its subtypes (111.4): "Wurm Token", "Elf Warrior Token"
        words = name.split()[:-1]
        return bool(words) and all(w in all_subtypes() for w in words)
    return False


@dataclass
class QuestionValidator:
    """Validation of one question document: each check returns the value it accepts or raises (through
    ``fail``) the :class:`QuestionError`; ``players``, ``objects`` and ``by_name`` are the state's, once
    it is built, for resolving references. ``cards``: card definitions the caller brings beyond the
    product's (normalized name -> card and the face that name shows), found first by the state's names."""

    file: str
    line: int
    qid: str | None = None
    cards: Mapping[str, tuple[CardDef, int]] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    objects: dict[str, GameObject] = field(default_factory=dict)
    by_name: dict[str, list[str]] = field(default_factory=dict)
    #: the names of the cards the state lists: a token kind not defined otherwise may be one that an effect of
    #: theirs creates under a name of its own (111.4, ``words.tokens.describe.named_token``)
    card_names: tuple[str, ...] = ()

    def fail(self, key: str | None, line: int | None, message: str) -> NoReturn:
        raise QuestionError(message, self.file, self.qid, key, line or self.line)

    # ---- shapes
    def mapping(self, value: Any, path: str, line: int | None, what: str, allowed: Iterable[str]) -> LineDict:
        """``value`` must be a mapping whose keys are all in ``allowed``."""
        allowed = tuple(allowed)
        if not isinstance(value, dict):
            self.fail(path, line, f"{what} must be a mapping with keys {', '.join(allowed)}; got {describe(value)}")
        for k in value:
            if not isinstance(k, str):
                self.fail(path, line_of(value, k), f"key {describe(k)} in {what} is not a name: quote it if it is one")
        for k in sorted(value, key=lambda k: line_of(value, k) or 0):
            if k not in allowed:
                self.fail(f"{path}.{k}" if path else k, line_of(value, k),
                          f"unknown key {k!r} in {what}; allowed: {', '.join(allowed)}")
        return value  # type: ignore[return-value]

    def seq(self, value: Any, path: str, line: int | None, what: str) -> list:
        if not isinstance(value, list):
            self.fail(path, line, f"{what} must be a list; got {describe(value)}")
        return value

    def integer(self, value: Any, path: str, line: int | None, minimum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, line, f"must be a whole number; got {describe(value)}")
        if minimum is not None and value < minimum:
            self.fail(path, line, f"must be at least {minimum}; got {value}")
        if abs(value) > MAX_NUMBER:
            self.fail(path, line, "must be at most 10^18 (a limit of the question format)")
        return value

    def at_most(self, n: int, limit: int, path: str, line: int | None, what: str) -> None:
        """A size limit of the question format (``what``: what is counted, in the plural)."""
        if n > limit:
            self.fail(path, line, f"at most {limit} {what} (a limit of the question format); got {n}")

    def boolean(self, value: Any, path: str, line: int | None) -> bool:
        if not isinstance(value, bool):
            self.fail(path, line, f"must be true or false (yes or no); got {describe(value)}")
        return value

    def string(self, value: Any, path: str, line: int | None, what: str = "a string") -> str:
        if not isinstance(value, str) or not value.strip():
            hint = ""
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                hint = " (quote it)"
            self.fail(path, line, f"must be {what}; got {describe(value)}{hint}")
        return value

    def player(self, value: Any, path: str, line: int | None) -> str:
        if not isinstance(value, str) or value not in self.players:
            close = close_matches(value, self.players, n=1, cutoff=0.6) if isinstance(value, str) else []
            mean = f'; did you mean "{close[0]}"?' if close else ""
            self.fail(path, line, f"{describe(value)} is not a player of the state; players: {', '.join(self.players)}"
                                  f"{mean}")
        return value

    def cost(self, value: Any, path: str, line: int | None) -> str:
        text = mapping_as_mana(value)
        if text is not None:
            self.fail(path, line, f"a mana cost must be quoted: write \"{text}\" (unquoted, YAML reads it as a mapping)")
        if not isinstance(value, str):
            self.fail(path, line, f"must be a quoted mana cost like \"{{2}}{{W}}\"; got {describe(value)}")
        try:
            parse_cost(value)
        except ManaSyntaxError as e:
            self.fail(path, line, str(e))
        return value

    def mana(self, value: Any, path: str, line: int | None) -> Counter:
        text = mapping_as_mana(value)
        if text is not None:
            self.fail(path, line, f"mana must be quoted: write \"{text}\" (unquoted, YAML reads it as a mapping)")
        if not isinstance(value, str):
            self.fail(path, line, f"must be quoted mana like \"{{G}}{{G}}\"; got {describe(value)}")
        try:
            return parse_mana(value)
        except ManaSyntaxError as e:
            self.fail(path, line, str(e))

    def rule_list(self, value: Any, path: str, line: int | None) -> tuple[str, ...]:
        items = [value] if isinstance(value, (str, int, float)) and not isinstance(value, bool) else value
        items = self.seq(items, path, line, "a list of rule numbers")
        out = []
        for i, r in enumerate(items):
            where = f"{path}[{i}]"
            rl = line_of(value, i) if isinstance(value, list) else line
            if isinstance(r, (int, float)) and not isinstance(r, bool):
                self.fail(where, rl, f"rule number {describe(r)} must be quoted: write \"{describe(r)}\" (unquoted, YAML "
                                     f"reads it as the number {float(r) if isinstance(r, float) else r})")
            if not isinstance(r, str) or not RULE_RE.fullmatch(r.strip()):
                self.fail(where, rl, f"{describe(r)} is not a rule number like \"106.7\" or \"107.4e\"")
            if not is_rule(r.strip()):
                close = closest_rules(r.strip())
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                self.fail(where, rl, f"there is no rule {r.strip()} in the Comprehensive Rules (2026-04-17){hint}")
            out.append(r.strip())
        return tuple(out)

    def choices(self, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{color: G}}; got {describe(value)}")
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, line_of(value, k), f"key {describe(k)} is not a name: quote it")
            vs = v if isinstance(v, list) else [v]
            if any(isinstance(x, (dict, list)) or x is None for x in vs):
                self.fail(f"{path}.{k}", line_of(value, k), "must be a value or a list of values")
        return freeze(value)

    def chosen(self, value: Any, path: str, line: int | None) -> tuple[tuple[str, str], ...]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{color: G}}; got {describe(value)}")
        out = []
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, line_of(value, k), f"key {describe(k)} is not a name: quote it")
            if isinstance(v, (bool, dict, list)) or v is None:
                self.fail(f"{path}.{k}", line_of(value, k), f"must be one value (a color, a name...); got {describe(v)}")
            text = v.text if isinstance(v, SrcFloat) else str(v)
            if k == "color" and text not in COLORS:
                # 105.1: the five colors, by letter (a "chosen color" is one of them)
                self.fail(f"{path}.{k}", line_of(value, k), f"a chosen color is one of {' '.join(COLORS)}; got {text!r}")
            out.append((k, text))
        return tuple(out)

    def counters(self, value: Any, path: str, line: int | None) -> dict[str, int]:
        if not isinstance(value, dict):
            self.fail(path, line, f"must be a mapping like {{\"+1/+1\": 2}}; got {describe(value)}")
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                self.fail(path, line_of(value, k), f"counter kind {describe(k)} must be quoted")
            out[k] = self.integer(v, f"{path}.{k}", line_of(value, k), 0)
        return out

    # ---- references
    def known(self, name: str) -> bool:
        """Is ``name`` a card or token name the product knows (``known_name``), or the name of its own that an
        effect of a card in the state gives the tokens it creates (111.4)?"""
        if known_name(name):
            return True
        db = card_db()
        from mtgjudge.model.words.tokens.describe import named_token   # the engine's, only for a name no card has

        return named_token(name, [f[0] for f in map(db.find, self.card_names) if f is not None]) is not None

    def named(self, ref: str, candidates: Iterable[str] | None = None) -> list[str]:
        """The ids of the state's objects that answer to the name ``ref`` (among ``candidates``)."""
        ids = self.by_name.get(normalize(ref), [])
        return [i for i in ids if candidates is None or i in candidates]

    def obj_ref(self, ref: Any, path: str, line: int | None, *, players: bool = False, lenient: bool = False,
                candidates: Iterable[str] | None = None, what: str = "object") -> str:
        """Resolve a reference: an object id, else (``players``) a player name, else a unique object name.

        ``lenient``: a name that matches no object is kept if it is a known card or token name (an object
        made during the actions). ``candidates`` limits the objects a name may match.
        """
        if not isinstance(ref, str) or not ref.strip():
            self.fail(path, line, f"must be an id or a name; got {describe(ref)}")
        if ref in self.objects:
            return ref
        if players and ref in self.players:
            return ref
        cands = set(candidates) if candidates is not None else None
        found = self.named(ref, cands)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            self.fail(path, line, f"{len(found)} objects are named {ref}: use an id")
        if lenient and self.known(ref):
            return ref
        if cands is not None and self.named(ref):
            self.fail(path, line, f"no {what} named {ref!r} outside the battlefield and the stack")
        hint = " or player" if players else ""
        self.fail(path, line, f"no {what}{hint} with the id or name {ref!r} in the state"
                              f"{self._close_refs(ref, players, cands)}")

    def _close_refs(self, ref: str, players: bool, candidates: set[str] | None) -> str:
        """``; did you mean: "elves"?``: the ids, players and names of the state's objects spelled like ``ref``."""
        ids = [i for i in self.objects if candidates is None or i in candidates]
        pool = {i.lower(): i for i in ids}
        pool.update({o.name.lower(): o.name for i, o in self.objects.items() if i in ids})
        if players:
            pool.update({p.lower(): p for p in self.players})
        close = close_matches(ref.lower(), list(pool), n=3, cutoff=0.7)
        return "; did you mean: " + ", ".join(f'"{pool[c]}"' for c in close) + "?" if close else ""

    def ref_list(self, value: Any, path: str, line: int | None, **kw: Any) -> tuple[str, ...]:
        items = [value] if isinstance(value, str) else value
        items = self.seq(items, path, line, "a list of ids or names")
        return tuple(self.obj_ref(r, f"{path}[{i}]", line_of(value, i) if isinstance(value, list) else line, **kw)
                     for i, r in enumerate(items))
