"""The ``actions:`` of a question (cast, play, activate, resolve, destroy, ... advance), each read into a
read-only mapping with its references resolved, and the outcome assertions (``expect``/``possible`` of an
outcome question: about an object, a count of objects, a player, or the stack).

Defaults that depend on the moment an action happens (``by`` of ``cast``, ``activate``...) are *not*
filled in here; absent keys stay absent.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from mtgjudge.model.state import STEPS
from mtgjudge.model.vocab.abilities import KEYWORDS
from mtgjudge.queries.format.fields import QuestionValidator, describe, line_of
from mtgjudge.queries.format.suggest import did_you_mean

ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "cast": ("by", "targets", "x", "choices", "paying", "kicked", "alternative", "buyback",
             "entwined", "spliced", "fused", "replicated", "conspired"),
    "play": ("by",),
    "activate": ("ability", "by", "x", "targets", "choices", "paying"),
    "resolve": ("targets", "choices"),
    "destroy": (), "exile": (), "sacrifice": (), "bounce": (), "transform": (),
    "concede": (), "advance": (), "damage": (),
    "attack": (), "block": (),      # declare attackers (508.1) and blockers (509.1)
}
ASSERT_ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "stack", "none")
ASSERT_KEYS: dict[str, tuple[str, ...]] = {   # subject -> the keys it may carry
    "object": ("object", "zone", "controller", "tapped", "counters", "attached_to", "power", "toughness",
               "damage", "keywords", "attacking", "blocked", "encoded_on", "stack_size"),
    "count": ("count", "name", "zone", "controller", "tapped", "stack_size"),
    "player": ("player", "life", "hand_size", "library_size", "graveyard_size", "stack_size", "poison", "lost"),
    "stack_size": ("stack_size",),
    "prevention": ("prevention",),     # how many prevention shields are in force (615.1, state.in_force)
    "delayed_triggers": ("delayed_triggers",),   # how many delayed triggered abilities wait (603.7, state.in_force)
}
ALL_ASSERT_KEYS = tuple(dict.fromkeys(k for keys in ASSERT_KEYS.values() for k in keys))


# --------------------------------------------------------------------------------------------- actions

def ability_param(d: QuestionValidator, value: Any, path: str, line: int | None) -> int | str:
    """Which activated ability (``ability:`` of can-activate and of an activate action): a 1-based index,
    or a piece of its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return d.integer(value, path, line, 1)
    if isinstance(value, str) and value.strip():
        return value
    d.fail(path, line, f"must be an ability number (1-based) or a piece of its text like \"{{T}}: Add\"; "
                       f"got {describe(value)}")


def read_action(d: QuestionValidator, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
    """One entry of ``actions:``: a mapping with one action key (:data:`ACTION_KEYS`) and that action's
    other keys."""
    if not isinstance(value, dict):
        d.fail(path, line, f"an action is a mapping like {{cast: Forest}}; got {describe(value)}")
    kinds = [k for k in value if k in ACTION_KEYS]
    if not kinds:
        unknown = next(iter(value), None)
        d.fail(f"{path}.{unknown}" if isinstance(unknown, str) else path, line_of(value, unknown),
               f"an action needs one of: {', '.join(ACTION_KEYS)}" +
               (f"; unknown key {unknown!r}" if unknown is not None else ""))
    if len(kinds) > 1:
        d.fail(f"{path}.{kinds[1]}", line_of(value, kinds[1]),
               f"one action per list item: {kinds[0]} and {kinds[1]} are two actions")
    kind = kinds[0]
    d.mapping(value, path, line, f"a {kind} action", (kind,) + ACTION_KEYS[kind])
    out: dict[str, Any] = {}
    for k, v in value.items():
        kp, kl = f"{path}.{k}", line_of(value, k)
        if k in ("cast", "play"):
            off_field = [o.id for o in d.objects.values() if o.zone not in ("battlefield", "stack")]
            out[k] = d.obj_ref(v, kp, kl, candidates=off_field, what="card")
        elif k in ("activate", "destroy", "exile", "sacrifice", "bounce", "transform"):
            out[k] = d.obj_ref(v, kp, kl, lenient=True)
        elif k in ("concede", "by"):
            out[k] = d.player(v, kp, kl)
        elif k == "advance":
            if v not in STEPS + ("next-turn",):
                d.fail(kp, kl, f"{describe(v)} is not a step or next-turn; steps: {', '.join(STEPS)}")
            out[k] = v
        elif k == "damage":
            out[k] = _divisions(d, v, kp, kl)
        elif k == "attack":
            out[k] = _declaration(d, v, kp, kl, "attack", "{bears: Bob}", players=True)
        elif k == "block":
            out[k] = _declaration(d, v, kp, kl, "block", "{wall: bears}", players=False)
        elif k == "resolve":
            if v != "all" and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                d.fail(kp, kl, f"must be how many objects to resolve (1 or more) or all; got {describe(v)}")
            out[k] = v
        elif k == "targets":
            out[k] = d.ref_list(v, kp, kl, players=True, lenient=True)
        elif k == "paying":
            out[k] = d.ref_list(v, kp, kl, lenient=True)
        elif k == "x":
            out[k] = d.integer(v, kp, kl, 0)
        elif k == "kicked":
            # 702.33d: whether its kicker cost was paid (true/false), or how many times (multikicker)
            if isinstance(v, bool):
                out[k] = int(v)
            else:
                out[k] = d.integer(v, kp, kl, 0)
        elif k == "replicated":
            # 702.56a: how many times its replicate cost is paid (0: none); without it, each count is a branch
            out[k] = d.integer(v, kp, kl, 0)
        elif k == "conspired":
            # 702.78a: the two creatures tapped for its conspire cost, or false (not paid); without it, each way
            # is a branch
            if v is False:
                out[k] = ()
            elif v is True:
                d.fail(kp, kl, "must name the two creatures tapped for conspire, like [elf1, elf2], or be false")
            else:
                out[k] = d.ref_list(v, kp, kl)
                if len(out[k]) != 2 or len(set(out[k])) != 2:
                    d.fail(kp, kl, f"conspire taps two creatures: name two, or say false; got {describe(v)}")
        elif k == "buyback":
            # 702.27a: whether its buyback cost is paid (true/false); without it, each way is a branch
            if not isinstance(v, bool):
                d.fail(kp, kl, f"must be true or false (whether its buyback cost is paid); got {describe(v)}")
            out[k] = v
        elif k == "entwined":
            # 702.42a: whether its entwine cost is paid (every mode chosen); without it, each way is a branch
            if not isinstance(v, bool):
                d.fail(kp, kl, f"must be true or false (whether its entwine cost is paid); got {describe(v)}")
            out[k] = v
        elif k == "fused":
            # 702.102a: whether a split card with fuse is cast as both halves (true/false); without it, each way
            # (each half, both) is a branch
            if not isinstance(v, bool):
                d.fail(kp, kl, f"must be true or false (whether both halves are cast, by fuse); got {describe(v)}")
            out[k] = v
        elif k == "spliced":
            # 702.47a-b: the cards with splice revealed from the caster's hand, in the order their text is followed
            # (none: []); without it, each set and order is a branch
            out[k] = d.ref_list(v, kp, kl) if v else ()
        elif k == "alternative":
            # 118.9, 601.2b: cast it for its alternative cost (true: its only one; N: its N-th) instead of its
            # mana cost
            out[k] = 1 if v is True else (0 if v is False else d.integer(v, kp, kl, 0))
        elif k == "choices":
            out[k] = d.choices(v, kp, kl)
        elif k == "ability":
            out[k] = ability_param(d, v, kp, kl)
    return MappingProxyType(out)


def _divisions(d: QuestionValidator, v: Any, path: str, line: int | None) -> Mapping[str, Mapping[str, int]]:
    """``damage:``: for each attacking or blocking creature (by id or name), how it divides its combat damage: a
    mapping of what it assigns to (a creature, a player, a planeswalker) to an amount (510.1c-d, 702.19b)."""
    if not isinstance(v, dict) or not v:
        d.fail(path, line, f"damage is a mapping like {{troll: {{giant: 2, Bob: 3}}}}: each creature and how it "
                           f"divides its combat damage; got {describe(v)}")
    out: dict[str, Mapping[str, int]] = {}
    for src, div in v.items():
        sp, sl = f"{path}.{src}", line_of(v, src)
        oid = d.obj_ref(src, sp, sl)
        if not isinstance(div, dict) or not div:
            d.fail(sp, sl, f"a division is a mapping of what it assigns damage to and how much, like "
                           f"{{wall: 1, Bob: 3}}; got {describe(div)}")
        amounts: dict[str, int] = {}
        for to, n in div.items():
            tp, tl = f"{sp}.{to}", line_of(div, to) or sl
            ref = d.obj_ref(to, tp, tl, players=True)
            if ref in amounts:
                d.fail(tp, tl, f"{ref} is given twice")
            amounts[ref] = d.integer(n, tp, tl, 0)
        if oid in out:
            d.fail(sp, sl, f"{oid} is given twice")
        out[oid] = MappingProxyType(amounts)
    return MappingProxyType(out)


def _declaration(d: QuestionValidator, value: Any, path: str, line: int | None, kind: str, example: str,
                 players: bool) -> Mapping[str, Any]:
    """``attack: {attacker: defending}`` (a player, or a planeswalker's or battle's id) or ``block: {blocker:
    attacker or [attackers]}``; ``{}`` declares none."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        d.fail(path, line, f"{kind} is a mapping like {example} ({{}} declares none); got {describe(value)}")
    out: dict[str, Any] = {}
    for k, v in value.items():
        kp, kl = f"{path}.{k}", line_of(value, k) or line
        oid = d.obj_ref(k, kp, kl)
        if oid in out:
            d.fail(kp, kl, f"{oid} is declared twice")
        out[oid] = d.obj_ref(v, kp, kl, players=True) if players else d.ref_list(v, kp, kl)
    return MappingProxyType(out)


# --------------------------------------------------------------------------------------------- outcome assertions

def read_assertion(d: QuestionValidator, value: Any, path: str, line: int | None) -> Mapping[str, Any]:
    """One outcome assertion: about an ``object``, a ``count`` of objects, a ``player``, or (with none of
    these) the stack's size."""
    if not isinstance(value, dict):
        d.fail(path, line, f"an assertion is a mapping like {{object: bear, zone: graveyard}}; got {describe(value)}")
    subjects = [s for s in ("object", "count", "player", "prevention", "delayed_triggers") if s in value]
    if len(subjects) > 1:
        d.fail(path, line, f"one assertion is about one thing: {subjects[0]} or {subjects[1]}, not both")
    subject = subjects[0] if subjects else "stack_size"
    allowed = ASSERT_KEYS[subject]
    for k in sorted(value, key=lambda k: line_of(value, k) or 0):
        if not isinstance(k, str) or k not in ALL_ASSERT_KEYS:
            d.fail(f"{path}.{k}", line_of(value, k), f"unknown key {describe(k)} in an assertion; allowed: "
                                                   f"{', '.join(ALL_ASSERT_KEYS)}")
        if k not in allowed:
            d.fail(f"{path}.{k}", line_of(value, k), f"{k} does not go with {subject}: an assertion about "
                                                   f"{subject} takes {', '.join(allowed)}")
    if not value:
        d.fail(path, line, "an empty assertion")
    if subject == "count" and "name" not in value:
        d.fail(path, line, "a count assertion needs name: what is counted")
    if subject == "object" and len(value) == 1:
        d.fail(path, line, "an object assertion needs something to check: zone, tapped, counters, ...")
    out: dict[str, Any] = {}
    for k, v in value.items():
        kp, kl = f"{path}.{k}", line_of(value, k)
        if k == "object":
            out[k] = d.obj_ref(v, kp, kl, lenient=True)
        elif k == "name":
            name = d.string(v, kp, kl, "a name")
            if not d.known(name) and not d.named(name):
                d.fail(kp, kl, f"unknown card {name!r}{did_you_mean(name)}")
            out[k] = name
        elif k == "player":
            out[k] = d.player(v, kp, kl)
        elif k == "controller":
            out[k] = d.player(v, kp, kl)
        elif k == "zone":
            if v not in ASSERT_ZONES:
                d.fail(kp, kl, f"{describe(v)} is not a zone; zones: {', '.join(ASSERT_ZONES)}")
            out[k] = v
        elif k in ("tapped", "lost", "attacking", "blocked"):     # attacking, blocked: combat status (506.4, 509.1h)
            out[k] = d.boolean(v, kp, kl)
        elif k == "counters":
            out[k] = MappingProxyType({c: n for c, n in d.counters(v, kp, kl).items() if n})
        elif k in ("attached_to", "encoded_on"):
            out[k] = None if v is None else d.obj_ref(v, kp, kl, lenient=True)
        elif k in ("power", "toughness", "life"):
            out[k] = d.integer(v, kp, kl)
        elif k == "keywords":     # the keyword abilities it has now, exactly these (layer 6, 613.1f)
            items = d.seq(v, kp, kl, "a list of keywords")
            kws = [str(i).capitalize() for i in items]
            for i, kw in enumerate(kws):
                if kw not in KEYWORDS:
                    d.fail(f"{kp}[{i}]", kl, f"{describe(items[i])} is not a keyword the verifier knows")
            out[k] = tuple(sorted(set(kws)))
        else:   # damage, count, hand_size, library_size, graveyard_size, stack_size
            out[k] = d.integer(v, kp, kl, 0)
    return MappingProxyType(out)


def read_assertions(d: QuestionValidator, value: Any, key: str, line: int | None) -> tuple[Mapping[str, Any], ...]:
    """A list of outcome assertions (``expect`` or ``possible`` of an outcome question)."""
    items = d.seq(value, key, line, "a list of assertions")
    return tuple(read_assertion(d, a, f"{key}[{i}]", line_of(value, i)) for i, a in enumerate(items))
