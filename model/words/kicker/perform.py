"""Kicker (CR 702.33): an optional additional cost announced as the spell is cast (601.2b) and paid with the
rest of the total cost (601.2f-h); a spell whose kicker cost was paid "was kicked" (702.33d), and so is the
permanent it becomes (702.33e: the abilities that say what happens if it was kicked are linked to its kicker).

What the engine performs here:

- ``kicker_options``: every way the caster may announce the kicker of the spell being cast, each a branch
  unless the ``kicked:`` key of the cast action fixes it (one kicker cost: kicked or not);
- the markers ``if_kicked`` / ``kicked_instead`` (``words.kicker.read`` reads them from "If this spell was kicked,
  <instruction>" and "... <instruction> instead"): the instruction after ``if_kicked`` is followed only if the
  resolving spell was kicked; the instruction after ``kicked_instead`` only if it was not, the marker's own
  instruction (on the same target) if it was (608.2c);
- ``intervening_holds``: the intervening "if it was kicked" of a triggered ability (603.4), and "if you cast it
  (from your hand)" (601.2a: the permanent remembers the zone its spell was cast from).

Two kicker costs ("Kicker {A} and/or {B}", 702.33b) are announced as either, both or neither; multikicker
(702.33c) is read by no reader yet: cards with it stay unsupported, naming the text.

The other optional additional costs announced with it (601.2b): buyback (702.27a, ``buyback_options``: paid or
not, each a branch unless the cast action's ``buyback:`` fixes it; the spell then goes to its owner's hand as it
resolves, ``resolve.resolve_top``), entwine (the static word ``entwine``: every mode with its cost, a choice of modes
``words.modes.perform`` branches on unless the cast action's ``entwined:`` fixes it), splice (the static word
``splice`` of a card in the caster's hand, ``words.splice.perform``). Any other optional additional cost on a card
the engine can't perform (replicate, conspire, a splice line not read, ...: ``keywords.Keyword.additional``) makes
casting the spell unsupported (``unperformed_options``), never silently "not paid".
"""
from __future__ import annotations

from typing import Callable

from mtgjudge.model.engine.game import Game, merge
from mtgjudge.model.words.modes.perform import PERFORMED_OPTIONS
from mtgjudge.model.errors import InputError, Unsupported
from mtgjudge.model.vocab.keywords import optional_additional
from mtgjudge.model.rules.costs import has_buyback
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.persist import record as persist

#: The markers this module performs: each applies to the one instruction after it.
MARKERS = ("if_kicked", "kicked_instead")
#: A marker on its own does nothing (``run_marked`` reads it with the instruction after it).
MARKER_HANDLERS = {k: (lambda g, e, c: [g]) for k in MARKERS}
#: The intervening-if conditions (603.4) this module decides.
CONDITIONS = ("kicked", "kicked:{cost}", "cast_from_hand", "cast", "tribute_unpaid", "evoked", "replicated", "conspired", "surged")


#: How many times a multikicker cost is considered paid at most (702.33c: any number of times); a spell whose
#: multikicker could be paid more often than this is past the engine's bound.
MULTIKICKER_BOUND = 6


def _kickers(state, oid: str) -> list:
    return [a.static for a in current(state, oid).abilities
            if a.kind == "static" and a.static is not None and a.static.kind == "kicker"]


def kicker_costs(state, oid: str) -> int:
    """How many kicker costs the card ``oid`` has (702.33a-b): its static ``kicker`` words."""
    return len(_kickers(state, oid))


def is_multikicker(state, oid: str) -> bool:
    """702.33c: the card's one kicker cost is a multikicker cost (payable any number of times)."""
    ks = _kickers(state, oid)
    return len(ks) == 1 and bool(ks[0].arg("multi", False))


def kicker_options(state, oid: str, fixed: int | None) -> list[tuple[int, ...]]:
    """601.2b, 702.33d: the ways the caster may announce the kicker of ``oid``: each a tuple of the kicker
    costs paid (``()``: not kicked; ``(1,)``: its kicker cost paid; ``(1, 1)``: a multikicker cost paid twice).
    ``fixed``: the cast action's ``kicked:`` (how many times), None when the question leaves it open (then every
    way is a branch; multikicker: 0 to ``MULTIKICKER_BOUND`` + 1 times, in order, the caller stopping at the
    first it can't pay)."""
    n = kicker_costs(state, oid)
    if n == 1 and is_multikicker(state, oid):
        if fixed is not None:
            return [(1,) * fixed]
        return [(1,) * k for k in range(MULTIKICKER_BOUND + 2)]
    if n == 0:
        if fixed:
            raise InputError("kicked", f"{state.obj(oid).name} has no kicker cost: it can't be kicked (702.33a)")
        return [()]
    if n > 2:
        raise Unsupported(f"{state.obj(oid).name} has {n} kicker costs: announcing them is not performed by the "
                          "engine yet")
    if n == 2:
        # 702.33b: "Kicker [A] and/or [B]": either, both or neither
        if fixed is not None:
            raise Unsupported(f"{state.obj(oid).name} has two kicker costs: 'kicked:' does not say which; leave "
                              "it open (every announcement is a branch)")
        return [(), (1,), (2,), (1, 2)]
    if fixed is None:
        return [(), (1,)]
    if fixed > 1:
        raise InputError("kicked", f"{state.obj(oid).name} has one kicker cost: it can be kicked once (702.33d)")
    return [(1,)] if fixed else [()]


def buyback_options(state, oid: str, fixed: bool | None) -> list[bool]:
    """601.2b, 702.27a: whether the caster pays the buyback cost of ``oid``: both ways (branches) unless ``fixed``
    (the cast action's ``buyback:``) says; [False] for a card without buyback."""
    if not has_buyback(state, oid):
        if fixed:
            raise InputError("buyback", f"{state.obj(oid).name} has no buyback cost (702.27a)")
        return [False]
    return [False, True] if fixed is None else [bool(fixed)]


def _sharing_a_color(state, oid: str, player: str) -> int:
    """The untapped creatures ``player`` controls that share a color with the spell ``oid`` (702.78a)."""
    colors = set(current(state, oid).colors)
    return sum(1 for o in state.battlefield(player) if not o.tapped and "Creature" in current(state, o.id).types
               and colors & set(current(state, o.id).colors))


#: Optional additional costs that provably can't be paid now (118.3: no player can pay a cost without the
#: resources it names), so that not announcing them is the only way: by keyword, what the cost needs at the least.
#: Conspire (702.78a) taps two untapped creatures the caster controls that share a color with the spell; casualty
#: N (702.153a) sacrifices a creature with power N or greater: with no creature at all, no way.
UNPAYABLE_NOW = {
    "Conspire": lambda state, oid, caster: _sharing_a_color(state, oid, caster) < 2,
    "Casualty": lambda state, oid, caster: not any("Creature" in current(state, o.id).types
                                                   for o in state.battlefield(caster)),
}


def unperformed_options(state, oid: str, caster: str) -> None:
    """601.2b: the optional additional costs ``caster`` could announce casting ``oid`` that the engine does not
    perform make the cast unsupported, naming them: an unmodelled one of the spell's own (replicate 702.56a,
    conspire 702.78a, a buyback whose cost is not read, ...), and a splice ability of a card in the caster's hand
    (702.47a: spliced onto the spell as it is cast) whose quality the spell may have."""
    o = state.obj(oid)
    for a in current(state, oid).abilities:
        kw = optional_additional(a.source_text) if a.kind == "unmodelled" else None
        if kw is not None and kw.name in UNPAYABLE_NOW and UNPAYABLE_NOW[kw.name](state, oid, caster):
            continue          # 118.3: it can't be paid, so it is not announced
        if kw is not None and kw.name not in PERFORMED_OPTIONS and kw.name != "Splice":
            raise Unsupported(f"{o.name} has {a.source_text.split('(')[0].strip()!r}: whether that optional "
                              f"additional cost is paid as it is cast ({kw.rule}a, 601.2b) is not performed by the "
                              "engine")
    ch = current(state, oid)
    for c in state.in_zone(caster, "hand"):
        if c.id == oid:
            continue
        for a in current(state, c.id).abilities:
            kw = optional_additional(a.source_text) if a.kind == "unmodelled" else None
            if kw is None or kw.name != "Splice":
                continue
            onto = a.source_text.split("(")[0].split("onto", 1)[-1].split("{")[0].split("—")[0].strip()
            if onto.lower() == "arcane" and "Arcane" not in ch.subtypes:
                continue          # 702.47a: spliced only onto an Arcane spell
            raise Unsupported(f"{c.name} in {caster}'s hand has {a.source_text.split('(')[0].strip()!r}: splicing it "
                              f"onto {o.name} as it is cast (702.47a, 601.2b) is not performed by the engine")


def kicked_words(kicked: tuple[int, ...]) -> str:
    """How an announcement of kicker costs reads: "not kicked", "kicked", "kicked 3 times", "kicked with kicker
    costs 1, 2"."""
    if not kicked:
        return "not kicked"
    if kicked == (1,):
        return "kicked"
    if set(kicked) == {1}:
        return f"kicked {len(kicked)} times"
    return "kicked with kicker costs " + ", ".join(str(k) for k in kicked)


def was_kicked(game: Game, oid: str) -> tuple[int, ...]:
    """The kicker costs paid for the spell or permanent ``oid`` (702.33d-e); () when it no longer exists."""
    return game.state.obj(oid).kicked if game.state.has(oid) else ()


def intervening_holds(condition: str, obj) -> bool:
    """603.4: does the intervening "if" ``condition`` hold for the object whose ability it is? ``kicked``: "if it
    was kicked" (702.33e): the permanent was a spell whose kicker cost was paid. A condition this module does
    not know is unsupported, naming it."""
    if condition == "kicked":
        return bool(obj.kicked)
    if condition == "conspired":
        return obj.conspired           # 702.78a: as the spell becomes cast, kept on it (``GameObject.conspired``)
    if condition == "replicated":
        # 702.56a: "if a replicate cost was paid for it", asked only as the spell becomes cast (its replicate
        # trigger), when the count chosen as it was cast is on the spell (``GameObject.replicated``)
        return obj.replicated > 0
    if condition == "tribute_unpaid":
        # 702.104b: decided as it entered (``engine.tribute``); a permanent the question put there: not known
        if obj.tribute_paid is None:
            raise Unsupported(f"whether the tribute of {obj.name} ({obj.id}) was paid is not known to the engine")
        return not obj.tribute_paid
    if obj.cast_from == "?" and condition in ("cast_from_hand", "cast", "evoked", "surged"):
        raise Unsupported(f"{obj.name} ({obj.id}) was a spell the question put on the stack: "
                          + (f"whether its {'evoke' if condition == 'evoked' else 'surge'} cost was paid" if condition in ("evoked", "surged")
                             else "where it was cast from")
                          + " is not known")
    if condition == "surged":
        # 702.117a: the permanent was a spell cast for its surge cost (``GameObject.surged``, kept as it entered)
        return obj.surged
    if condition == "evoked":
        # 702.74a: the permanent was a spell cast for its evoke cost (``GameObject.evoked``, kept as it entered)
        return obj.evoked
    if condition == "cast_from_hand":
        # 601.2a: "if you cast it from your hand": the permanent was a spell cast from its controller's hand
        return obj.cast_from == "hand"
    if condition == "cast":
        return bool(obj.cast_from)
    if condition.startswith("kicked:"):
        # 702.33f: "if it was kicked with its [A] kicker": the kicker ability with that cost was paid
        costs = [a.static.arg("cost") for a in obj.printed.abilities
                 if a.kind == "static" and a.static is not None and a.static.kind == "kicker"]
        want = condition[len("kicked:"):]
        if costs.count(want) != 1:
            raise Unsupported(f"which kicker of {obj.name} 'if it was kicked with its {want} kicker' names is not "
                              "known to the engine")
        return costs.index(want) + 1 in obj.kicked
    if condition == "not_renowned":
        return not obj.renowned              # 702.112a: "if it isn't renowned" (702.112b), checked again on resolution
    if condition.startswith(persist.NO_COUNTERS):
        # 702.79a, 702.93a: "if it had no -1/-1 (+1/+1) counters on it": the object as it last existed on the
        # battlefield (603.10a), which nothing can change before the ability resolves
        return dict(obj.counters).get(condition[len(persist.NO_COUNTERS):], 0) == 0
    raise Unsupported(f"the intervening 'if' condition {condition!r} is not decided by the engine yet (603.4)")


def run_marked(branches: list, effects: tuple[Effect, ...], uses: list, i: int, it, perform: Callable,
               kicked: bool):
    """608.2c: ``effects[i]`` is a marker; the instruction after it is followed (``perform``, as
    ``resolve.run_effects`` does) only if the resolving spell was kicked (``if_kicked``); or, after
    ``kicked_instead``, that instruction if it was not kicked and the marker's own one, on the same target, if it
    was. Returns the branches, what "it" names next and the index after the instruction."""
    marker = effects[i]
    if i + 1 >= len(effects) or effects[i + 1].kind in MARKERS:
        raise Unsupported(f"{marker.text()!r} with no instruction after it is not performed")
    nxt = effects[i + 1]
    if marker.kind == "kicked_instead":
        inst = marker.arg("effect") if kicked else nxt
        logged = [g.log(("702.33d", "608.2c"), f"the spell was {'' if kicked else 'not '}kicked: "
                                               f"{inst.text()!r}") for g in branches]
        done, it = perform(logged, inst, uses[i + 1], it)
        return merge(done), it, i + 2
    if not kicked:
        return [g.log(("702.33d", "608.2c"), f"the spell was not kicked: {nxt.text()!r} is not followed")
                for g in branches], it, i + 2
    done, it = perform(branches, nxt, uses[i + 1], it)
    return merge(done), it, i + 2
