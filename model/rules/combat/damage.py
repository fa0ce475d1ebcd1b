"""Assigning combat damage (CR 510.1): which creatures assign in a combat damage step (510.4, 702.4b, 702.7b), to
what (510.1b-d), and every legal division of a creature's damage (510.1c-d: divided as its controller chooses,
with no damage assignment order; 702.19b-d: trample's excess only once every blocker is assigned lethal damage;
702.2c: with deathtouch any nonzero amount is lethal), each division a branch.

Divisions that provably lead to the same state are given once: a recipient marked ``saturable`` is one for which
every amount from its lethal damage up has the same result (it is destroyed either way and nothing reads the
amount: the engine decides that, ``engine.combat_damage``), so amounts past lethal to it are not told apart.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from mtgjudge.model.lazy_dataclass import dataclass

#: The steps of 510.4: a first-strike combat damage step, then the regular one.
FIRST_STRIKE, REGULAR = "first-strike", "regular"


@dataclass(frozen=True)
class Recipient:
    """A creature a blocked attacker or a blocker assigns damage to: ``lethal`` is the damage lethal for the
    assignment (702.19b: toughness less the damage already marked; 702.2c: 1 from a source with deathtouch);
    ``saturable``: every amount from ``lethal`` up has the same result."""

    id: str
    lethal: int
    saturable: bool


@dataclass(frozen=True)
class Assigner:
    """A creature that assigns combat damage in this step: its ``power`` (510.1a), the creatures it assigns to
    (510.1c-d), and ``attacked``: the player, planeswalker or battle an attacker assigns to when unblocked
    (510.1b) or, with ``trample``, its excess (702.19b-d); None for a blocker, or an attacker attacking nothing."""

    id: str
    power: int
    creatures: tuple[Recipient, ...] = ()
    attacked: str | None = None
    trample: bool = False
    blocked: bool = False
    attacker: bool = True
    deathtouch: bool = False
    #: "You may have ~ assign its combat damage as though it weren't blocked": blocked, it may also assign all of
    #: it to ``attacked`` instead (510.1c-d; all one way or the other, never split: Thorn Elemental ruling
    #: 2018-04-27)
    as_though_unblocked: bool = False


def _unblocked_too(a: Assigner) -> bool:
    return a.as_though_unblocked and a.blocked and a.attacker and a.attacked is not None and a.power > 0


Division = tuple[tuple[str, int], ...]


def divisions(a: Assigner) -> list[Division]:
    """Every legal assignment of ``a``'s combat damage (510.1a-d, 702.19b-d), as (recipient, amount) pairs with
    amounts above 0; of the assignments that differ only in amounts past lethal to saturable creatures, one (the
    excess on the first such creature). With ``as_though_unblocked``, all of it to what it attacks is one more."""
    if _unblocked_too(a):
        rest = divisions(replace(a, as_though_unblocked=False))
        whole: Division = ((a.attacked or "", a.power),)
        return rest + ([whole] if whole not in rest else [])
    if a.power <= 0:
        return [()]                                       # 510.1a: 0 or less assigns no combat damage
    if not a.creatures:
        if a.attacked is not None and (not a.blocked or a.trample):
            return [((a.attacked, a.power),)]             # 510.1b; 702.19d: a trampler with no blockers left
        return [()]                                       # 510.1b-d: nothing to assign to
    excess_to = a.attacked if a.trample else None
    out: list[Division] = []
    seen: set[Division] = set()

    def walk(i: int, left: int, chosen: list[tuple[str, int]], all_lethal: bool, sink: int | None) -> None:
        # ``sink``: the first saturable creature assigned its lethal damage, which takes what is left over
        # (amounts past lethal to it are alike)
        if i == len(a.creatures):
            amounts: range | tuple[int, ...]
            if excess_to is not None and all_lethal:
                amounts = range(0, left + 1) if sink is not None else (left,)
            else:
                amounts = (0,) if (left == 0 or sink is not None) else ()
            for x in amounts:
                rest = left - x
                full = [(r, n + (rest if k == sink else 0)) for k, (r, n) in enumerate(chosen)]
                # (x is 0 unless there is an ``excess_to``)
                d = tuple((r, n) for r, n in full if n > 0) + (((excess_to, x),) if x and excess_to is not None else ())
                if d not in seen:
                    seen.add(d)
                    out.append(d)
            return
        r = a.creatures[i]
        cap = min(left, r.lethal) if r.saturable else left
        for n in range(cap + 1):
            walk(i + 1, left - n, chosen + [(r.id, n)], all_lethal and n >= r.lethal,
                 sink if sink is not None or not (r.saturable and n >= r.lethal) else i)

    walk(0, a.power, [], True, None)
    return out


def rules_of(a: Assigner) -> tuple[str, ...]:
    """The rules by which ``a`` assigns its combat damage."""
    if a.power <= 0:
        return ("510.1a",)
    if _unblocked_too(a):
        return rules_of(replace(a, as_though_unblocked=False)) + ("510.1b",)
    if a.deathtouch and a.creatures and (a.trample or len(a.creatures) > 1):
        return rules_of(replace(a, deathtouch=False)) + ("702.2c",)
    if not a.attacker:
        return ("510.1d",)
    if not a.blocked:
        return ("510.1b",)
    if a.trample:
        return ("510.1c", "702.19b") if a.creatures else ("510.1c", "702.19d")
    return ("510.1c",)


def illegal_division(a: Assigner, given: Mapping[str, int]) -> tuple[tuple[str, ...], str] | None:
    """Why the division ``given`` of ``a``'s damage breaks 510.1a-d or 702.19b: the rules and the reason (None if
    it doesn't)."""
    total = sum(given.values())
    power = max(a.power, 0)
    if total != power:
        return ("510.1a", "510.1e"), f"{a.id} assigns combat damage equal to its power, {power}, not {total}"
    if _unblocked_too(a) and given.get(a.attacked or "", 0) == power:
        return None             # all of it as though it weren't blocked (510.1b)
    allowed = {r.id for r in a.creatures}
    if a.attacked is not None and (not a.creatures and (not a.blocked or a.trample) or a.trample):
        allowed.add(a.attacked)
    for k, n in given.items():
        if n and k not in allowed:
            return rules_of(a) + ("510.1e",), f"{a.id} can't assign combat damage to {k}"
    if a.trample and a.creatures and given.get(a.attacked or "", 0) > 0:
        short = [r.id for r in a.creatures if given.get(r.id, 0) < r.lethal]
        if short:
            return ("702.19b", "510.1e"), (f"{a.id} assigns damage to {a.attacked} before lethal damage is assigned "
                                          f"to {', '.join(short)}")
    return None


def lethal_for(toughness: int, marked: int, deathtouch: bool) -> int:
    """702.19b: the damage lethal for assignment: toughness less damage already marked (none below 0); 702.2c:
    with deathtouch, any nonzero amount."""
    need = max(0, toughness - marked)
    return min(need, 1) if deathtouch else need


def assigns_in_step(step: str, has_first: bool, has_double: bool, was_first_striker: bool) -> bool:
    """510.4, 702.4b, 702.7b: in the first-strike step only creatures with first strike or double strike assign;
    in the regular step those that had neither as the first-strike step began, and those with double strike now
    (702.4c-d)."""
    if step == FIRST_STRIKE:
        return has_first or has_double
    return not was_first_striker or has_double
