"""What a Saga does in the engine (CR 714):

- 714.3a: a Saga without read ahead enters with a lore counter (``entering_lore``: the one place entering
  counters are decided, ``engine.entering``, asks); read ahead (702.155, a choice as it enters) is unsupported;
- 714.2b: when one or more lore counters are put onto it (as it enters too, 122.6), each chapter ability N whose
  number the count passed from below triggers (``lore_put``); a chapter whose effect is not read is unsupported
  then, naming it, and only then;
- 714.3c: as its controller's precombat main phase begins, a lore counter is put on each Saga they control with
  a chapter ability (``sagas_for_the_turn``, put by ``engine.turn``);
- 714.4: a Saga with lore counters at least its final chapter number is sacrificed unless a chapter ability of it
  has triggered and not left the stack (``due_sacrifice``, a state-based action of ``engine.sba``).
"""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import PendingTrigger, StackAbility
from mtgjudge.model.vocab.abilities import Ability


def _chapters(a: Ability, name: str) -> tuple[int, ...]:
    """The chapter number an ability of a Saga triggers on (714.2b), read or not: an unmodelled chapter line is one
    unmodelled ability for each of its numerals (714.2c), each with its number (``words.sagas.read``)."""
    t = a.trigger_event
    return (t.n,) if a.kind in ("triggered", "unmodelled") and t is not None and t.event == "chapter" else ()


def final_chapter(o: GameObject) -> int:
    """714.2d: the greatest chapter number among its chapter abilities (0 with none)."""
    return max((n for a in o.printed.abilities for n in _chapters(a, o.name)), default=0)


def is_saga(o: GameObject, subtypes: tuple[str, ...]) -> bool:
    return "Saga" in subtypes


def entering_lore(o: GameObject, subtypes: tuple[str, ...], keywords: set[str]) -> int:
    """714.3a: the lore counters a permanent enters with by the Saga rule (0 for any other permanent)."""
    if not is_saga(o, subtypes):
        return 0
    if "Read ahead" in keywords:
        raise Unsupported(f"{o.name} ({o.id}) has read ahead: the chapter chosen as it enters (702.155, 714.3b) is "
                          "not modelled")
    return 1


def lore_put(game: Game, oid: str, before: int, after: int) -> Game:
    """714.2b: lore counters were put onto the Saga ``oid`` (from ``before`` to ``after``): each chapter ability N
    with ``before`` < N <= ``after`` triggers, waiting to be put on the stack (603.3)."""
    o = game.state.obj(oid)
    if o.zone != "battlefield" or after <= before or o.face_down:
        return game
    pending = []
    for i, a in enumerate(o.printed.abilities, 1):
        hit = [n for n in _chapters(a, o.name) if before < n <= after]
        if not hit:
            continue
        if a.kind == "unmodelled":
            raise Unsupported(f"{o.name} ({oid}) gets its lore counter {hit[0]}: its chapter ability is not "
                              f"modelled: {a.source_text!r}")
        pending.append(PendingTrigger(oid, i, o.controller, game.moved(oid)))
        game = game.log("714.2b", f"{o.name} ({oid}) has {after} lore counter(s): its chapter ability "
                                  f"{a.text()!r} triggers")
    return game.remember(pending=game.pending + tuple(pending)) if pending else game


def sagas_for_the_turn(game: Game, player: str) -> list[str]:
    """714.3c: the Sagas ``player`` controls with one or more chapter abilities, each of which gets a lore counter
    as their precombat main phase begins (a turn-based action: no stack; ``engine.turn`` puts them, through the
    one way counters are put, which triggers the chapters: ``lore_put``)."""
    return [o.id for o in game.state.battlefield(player)
            if is_saga(o, current(game.state, o.id).subtypes) and final_chapter(o) > 0]


def due_sacrifice(game: Game) -> list[GameObject]:
    """714.4: the Sagas whose lore counters are at least their final chapter number (one or more chapter
    abilities) and that are the source of no chapter ability that has triggered and not left the stack."""
    waiting = [(p.source, p.index) for p in game.pending if p.delayed is None] + \
        [(item.source, item.index) for item in game.state.stack if isinstance(item, StackAbility)]
    out = []
    for o in game.state.battlefield():
        final = final_chapter(o) if is_saga(o, current(game.state, o.id).subtypes) else 0
        if not final or o.counter("lore") < final:
            continue
        chapter_waits = any(src == o.id and 0 < i <= len(o.printed.abilities)
                            and _chapters(o.printed.abilities[i - 1], o.name) for src, i in waiting)
        if not chapter_waits:
            out.append(o)
    return out
