"""Splice onto Arcane (CR 702.47) as a spell is cast: which cards may be spliced onto it, every way of splicing a
branch of casting (601.2b), and the rules text the spell gains (702.47c).

- ``splice_options``: the cards in the caster's hand (never the spell itself: it is on the stack as they are
  revealed, 601.2a) whose splice ability names a quality the spell has; each set of them, revealed at once, in each
  order their effects may happen (702.47b: chosen by the caster, after the main spell's), and none, is a way to
  cast it, unless the cast action's ``spliced:`` names the one (each card at most once, 702.47b). A way whose
  targets can't be chosen (702.47b) or whose total cost can't be paid (601.2h) is not made.
- ``gained_text``: the spell abilities of a spliced card, read whole: a line not read, or read in part, or a text
  other than spell abilities and its splice ability leaves what the spell would do unknown: that way of casting is
  unsupported, naming the line. The splice ability the spell also gains functions only in a hand (702.47a): it is
  left out. The spell keeps the gained text while on the stack (``GameObject.spliced``, 702.47e); its name, types
  and colors stay its own (702.47c), and "~" in the gained text names the spell (the encoding's "this").
"""
from __future__ import annotations

from itertools import combinations, permutations

from mtgjudge.model.errors import InputError, SearchBound, Unsupported
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import GameState
from mtgjudge.model.vocab.abilities import Ability

#: How many cards that may be spliced onto one spell the engine considers at once: every set in every order is a
#: branch (15 ways for three cards); more are past its bound.
SPLICE_BOUND = 3


def _splice_word(state: GameState, cid: str):
    words = [a.static for a in current(state, cid).abilities
             if a.kind == "static" and a.static is not None and a.static.kind == "splice"]
    return words[0] if len(words) == 1 else None


def candidates(state: GameState, oid: str, caster: str) -> list[str]:
    """702.47a: the cards in ``caster``'s hand, other than the spell ``oid``, with a splice ability whose quality
    the spell has (a subtype: "Arcane")."""
    subtypes = set(current(state, oid).subtypes)
    out = []
    for c in state.in_zone(caster, "hand"):
        word = _splice_word(state, c.id) if c.id != oid else None
        if word is not None and word.arg("quality") in subtypes:
            out.append(c.id)
    return out


def splice_options(state: GameState, oid: str, caster: str, fixed: tuple[str, ...] | None) -> list[tuple[str, ...]]:
    """601.2b, 702.47a-b: the ways ``caster`` may splice cards onto ``oid`` as it is cast, each the ids of the cards
    revealed in the order their effects happen; ``()``: none. ``fixed``: the cast action's ``spliced:``, None when
    the question leaves it open (every set in every order a branch)."""
    found = candidates(state, oid, caster)
    o = state.obj(oid)
    if fixed is not None:
        for cid in fixed:
            if cid not in found:
                where = state.obj(cid)
                raise InputError("spliced", f"{where.name} ({cid}) can't be spliced onto {o.name}: only a card in "
                                            f"{caster}'s hand with a splice ability onto a quality the spell has "
                                            "(702.47a)")
        if len(set(fixed)) != len(fixed):
            raise InputError("spliced", "a card can be spliced onto one spell only once (702.47b)")
        for cid in fixed:
            gained_text(state, cid)
        return [tuple(fixed)]
    if len(found) > SPLICE_BOUND:
        raise SearchBound(f"{len(found)} cards in {caster}'s hand could be spliced onto {o.name}: past the engine's "
                          f"bound of {SPLICE_BOUND} (702.47b: each set, in each order, a way to cast it); say which "
                          "with 'spliced:'")
    for cid in found:
        gained_text(state, cid)
    return [()] + [order for k in range(1, len(found) + 1) for chosen in combinations(found, k)
                   for order in permutations(chosen)]


def _read_whole(a: Ability) -> bool:
    return (a.kind == "spell" and not a.modes and bool(a.effects) and a.render() is not None
            and all(e.word is not None and not e.word.text_only for e in a.effects))


def gained_text(state: GameState, cid: str) -> tuple[Ability, ...]:
    """702.47c: the rules text the spell gains from the card ``cid`` spliced onto it: its spell abilities, each read
    whole. Unsupported when any other line of it is not that or its splice ability."""
    c = state.obj(cid)
    out = []
    for a in current(state, cid).abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == "splice":
            continue            # 702.47a: functions only in a hand
        if not _read_whole(a):
            raise Unsupported(f"{c.name} could be spliced (702.47a): the text the spell would gain, "
                              f"{a.source_text or a.text()!r}, is not read whole by the verifier (702.47c)")
        out.append(a)
    if not out:
        raise Unsupported(f"{c.name} could be spliced (702.47a): it has no rules text the verifier reads")
    return tuple(out)


def spliced_words(state: GameState, spliced: tuple[str, ...]) -> str:
    """How a way of splicing reads: "not spliced", "Glacial Ray (g2) spliced", "A (a), then B (b) spliced"."""
    if not spliced:
        return "nothing spliced"
    return ", then ".join(f"{state.obj(c).name} ({c})" for c in spliced) + " spliced"
