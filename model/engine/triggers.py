"""Triggered abilities (CR 603): which abilities an event triggers, and putting them on the stack.

Trigger conditions are read from the ability's words. The engine recognizes an object's own events
("When this ... enters", "dies", "leaves the battlefield", "transforms into ..."); for an unmodelled
triggered ability the words before the first comma are read the same way. A triggered ability whose
condition is not recognized could trigger on anything: when any event happens while it exists, the answer is
unsupported, naming it. A recognized but unmodelled ability whose event happens is unsupported too.
"""
from __future__ import annotations

import itertools
import re
from math import factorial, prod

from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.rules.layers import current
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.targets import is_legal_target, target_spec
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, merge
from mtgjudge.model.state import PendingTrigger, StackAbility

_SELF = r"(?:this(?: [a-z]+){1,2}|~)"
_PATTERNS = (
    ("enters", re.compile(rf"^when {_SELF} enters(?: the battlefield)?$")),
    ("dies", re.compile(rf"^when {_SELF} dies$")),
    ("leaves", re.compile(rf"^when {_SELF} leaves the battlefield$")),
    ("transforms", re.compile(rf"^when {_SELF} transforms into .+$")),
)


def condition(a: Ability) -> str | None:
    """The recognized trigger event of a triggered ability ("enters", "dies", ...), else None."""
    if a.kind == "triggered":
        words = a.trigger
    elif a.kind == "unmodelled" and a.unmodelled_kind == "triggered":
        words = a.trigger or a.source_text.split(",")[0]   # the normalized words, when the compiler kept them
    else:
        return None
    words = words.strip().lower()
    for event, pat in _PATTERNS:
        if pat.match(words):
            return event
    return None


def is_triggered(a: Ability) -> bool:
    return a.kind == "triggered" or (a.kind == "unmodelled" and a.unmodelled_kind == "triggered")


def _abilities(obj) -> tuple[Ability, ...]:
    return obj.printed.abilities if not obj.face_down else ()


def guard_unrecognized(game: Game, what: str, extra=()) -> None:
    """Any event: a triggered ability whose condition is not recognized could trigger on it."""
    for o in tuple(game.state.objects) + tuple(extra):
        for a in _abilities(o):
            if is_triggered(a) and a.mana_trigger is None and condition(a) is None:
                raise Unsupported(f"{o.name} ({o.id}) has a triggered ability the engine cannot read the trigger of, "
                                  f"and {what} could trigger it: {a.text()!r}")
        if not o.card.modelled and o.zone in ("battlefield", "stack"):
            raise Unsupported(f"{o.card.name!r} ({o.id}) is a card the verifier has no definition for yet; "
                              f"its text could apply when {what}")


def triggered_by_move(game: Game, lki, after_zone: str, before_zone: str) -> list[PendingTrigger]:
    """The abilities a zone change of one object triggers (603.2; leaves-the-battlefield abilities look back
    at the object as it last existed, 603.10a)."""
    out: list[PendingTrigger] = []
    oid = lki.id
    events = []
    if after_zone == "battlefield" and before_zone != "battlefield":
        events.append(("enters", game.state.obj(oid) if game.state.has(oid) else None))
    if before_zone == "battlefield" and after_zone != "battlefield":
        events.append(("leaves", lki))
        if after_zone == "graveyard" and "Creature" in lki.printed.types:
            events.append(("dies", lki))
    for event, obj in events:
        if obj is None:
            continue
        for i, a in enumerate(_abilities(obj), 1):
            if is_triggered(a) and condition(a) == event:
                if a.kind == "unmodelled":
                    raise Unsupported(f"{obj.name} ({oid}) {event}: its triggered ability is not modelled: "
                                      f"{a.source_text!r}")
                if obj.controller in game.left:
                    continue   # 800.4d
                moves = game.moved(oid)
                out.append(PendingTrigger(oid, i, obj.controller, moves if event == "enters" else moves - 1))
    return out


def apnap(game: Game) -> list[str]:
    """Players in APNAP order (101.4), those who left skipped."""
    names = [p.name for p in game.state.players]
    a = names.index(game.state.turn.active) if game.state.turn.active in names else 0
    return [n for n in names[a:] + names[:a] if n not in game.left]


def legal_target(game: Game, phrase: str, chooser: str, source: str, oid: str, player: str | None) -> bool:
    """Is ``oid`` a legal target for ``phrase`` now (115.1, 608.2b)? ``player``: "that player" (for each
    opponent); None: any of the controller's opponents."""
    return is_legal_target(game.state, target_spec(phrase), chooser, source, oid, player)


def target_slots(game: Game, ability: Ability, controller: str) -> list[tuple[str, str | None, bool]]:
    """The ability's targets: (phrase, "that player" or None, optional) for each use of "target"."""
    out = []
    for e in ability.effects:
        phrase = e.arg("target")
        if not phrase:
            continue
        if e.kind != "exile_until_source_leaves":
            raise Unsupported(f"choosing targets for {e.text()!r} is not modelled")
        players = [p for p in apnap(game) if p != controller] if e.arg("for_each") == "opponent" else [None]
        out += [(phrase, pl, bool(e.arg("up_to"))) for pl in players]
    return out


def target_choices(game: Game, ability: Ability, controller: str, source: str) -> list[tuple[str, ...]]:
    """Every choice of targets for a triggered ability put on the stack (603.3d, 601.2c)."""
    slots: list[list[str | None]] = []
    for phrase, pl, optional in target_slots(game, ability, controller):
        opts = [o.id for o in game.state.battlefield() if legal_target(game, phrase, controller, source, o.id, pl)]
        slots.append(([None] if optional else []) + opts)
    if prod(len(x) for x in slots) > MAX_BRANCHES:
        raise Unsupported(f"more than {MAX_BRANCHES} choices of targets: the search bound was reached")
    out = []
    for combo in itertools.product(*slots):
        out.append(tuple(t for t in combo if t is not None))
    return out


def put_pending(game: Game) -> list[Game]:
    """603.3b: each player in APNAP order puts their triggered abilities on the stack in any order; every
    order and every choice of targets is a branch."""
    if not game.pending:
        return [game]
    pending = game.pending
    game = game.remember(pending=())
    per_player = [[p for p in pending if p.controller == name] for name in apnap(game)]
    if prod(factorial(len(ps)) for ps in per_player) > MAX_BRANCHES:
        raise Unsupported(f"{len(pending)} triggered abilities can be ordered in more than {MAX_BRANCHES} ways: "
                          "the search bound was reached")
    orders = [list(itertools.permutations(ps)) for ps in per_player]
    out = []
    for combo in itertools.product(*orders):
        seq = [p for group in combo for p in group]
        branches = [game]
        for p in seq:
            nxt = []
            for g in branches:
                if not g.state.has(p.source):
                    raise Unsupported(f"the source {p.source} of a triggered ability ceased to exist before the "
                                      "ability was put on the stack: last known information is not modelled there")
                src = g.state.obj(p.source)
                ability = ability_of(g, p.source, p.index, src)
                choices = target_choices(g, ability, p.controller, p.source)
                if not choices:
                    nxt.append(g.log("603.3d", f"the triggered ability of {p.source} ({ability.text()}) has no legal "
                                               "target: it is removed from the stack"))
                    continue
                for targets in choices:
                    ab = StackAbility(p.source, p.index, p.controller, targets, p.source_moves, face=src.face)
                    g2 = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
                    g2 = g2.log("603.3", f"{p.controller} puts the triggered ability of {p.source} "
                                         f"({ability.text()}) on the stack" + (f", targeting {', '.join(targets)}" if targets else ""))
                    if len(seq) > 1 or len(choices) > 1:
                        g2 = g2.choose(f"trigger {p.source}#{p.index}" + (f" targets {', '.join(targets)}" if targets else " no targets"))
                    nxt.append(g2)
            branches = nxt
        out += branches
    return merge(out)


def ability_of(game: Game, source: str, index: int, src=None) -> Ability:
    obj = src if src is not None else game.state.obj(source)
    abilities = _abilities(obj)
    if not 1 <= index <= len(abilities):
        raise Unsupported(f"{obj.name} has no ability number {index}")
    return abilities[index - 1]
