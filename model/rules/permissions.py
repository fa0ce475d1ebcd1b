"""Permissions to play cards from zones other than the hand (CR 601.3, 305.1, 611.2a).

A resolved spell or ability that says "you may play that card" leaves a continuous effect (the spec's
``effects:`` entry, with the cards it refers to in ``objects``). It is encoded as a ``lasting`` effect
whose static word is ``may_play``; its duration (``until``) is checked against the turn it began.
Playing under a permission follows the normal rules: timing, costs and land plays (the Compleated
Conjurer rulings).
"""
from __future__ import annotations

from dataclasses import dataclass

from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.durations import in_force
from mtgjudge.model.rules.in_force import lasting_effects


#: The static words this module gives meaning to: "You may play that card" (601.3).
PERMISSION_WORDS = ("may_play",)


@dataclass(frozen=True)
class Permission:
    """An effect in force that lets ``player`` play ``card``, and why it is (or is no longer) in force."""

    source_card: str
    player: str
    card: str
    in_force: bool
    reason: Step
    free: bool = False     # "without paying its mana cost": the alternative cost it requires (118.9b)


def play_permissions(state, card_id: str) -> list[Permission]:
    """Every effect listed in the state that names ``card_id`` among the cards it lets its controller play."""
    out: list[Permission] = []
    card = state.obj(card_id)
    for e in state.effects:
        if card_id not in e.objects:
            continue
        if not e.card.modelled:
            raise Unsupported(f"the effect from {e.source_card!r} in force: the verifier has no definition of that card")
        lasting_list = lasting_effects(e.card, e.face, e.ability)
        if not lasting_list:
            # An effect in force naming this card whose words the model doesn't have: it may let it be played.
            raise Unsupported(f"the effect from {e.source_card} in force names {card.name}, and what it does is not "
                              "modelled")
        for lasting in lasting_list:
            static, until = lasting.arg("static"), lasting.arg("until", "")
            if static.kind not in PERMISSION_WORDS:
                continue
            ok, span = in_force(state, until, e.controller, e.began_turn, card.zone)
            if card.zone == "stack" or card.zone == "battlefield":
                ok, span = False, f"the card is on the {card.zone}"
            text = (f"{e.source_card}'s effect lets {e.controller} play {card.name} {span}"
                    + ("" if ok else "; it is no longer in force"))
            free = bool(static.arg("free", False))
            if free:
                text += " without paying its mana cost"
            out.append(Permission(e.source_card, e.controller, card_id, ok, step(("601.3", "611.2a"), text), free))
    return out


def without_mana_cost(state, card_id: str, player: str) -> Step | None:
    """118.9b, 107.3b: is ``player`` casting ``card_id`` under a permission that requires casting it without
    paying its mana cost? The reason, or None (it is cast paying its mana cost). A card that more than one
    effect lets be played, some for free and some not, has two ways to be cast: unsupported."""
    obj = state.obj(card_id)
    if obj.zone in ("hand", "stack", "battlefield"):
        return None
    perms = [p for p in play_permissions(state, card_id) if p.in_force and p.player == player]
    if not any(p.free for p in perms):
        return None
    if not all(p.free for p in perms):
        raise Unsupported(f"{obj.name} may be cast under several effects, one of them without paying its mana cost: "
                          "choosing between them (118.9a) is not modelled")
    src = next(p.source_card for p in perms if p.free)
    return step(("118.9", "118.9b"), f"{src}'s effect lets {player} cast {obj.name} only without paying its mana "
                                     "cost")
