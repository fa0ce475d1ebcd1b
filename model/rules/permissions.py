"""Permissions to play cards from zones other than the hand (CR 601.3, 305.1, 611.2a).

A resolved spell or ability that says "you may play that card" leaves a continuous effect (the spec's
``effects:`` entry, with the cards it refers to in ``objects``). It is encoded as a ``lasting`` effect
whose static word is ``may_play``; its duration (``until``) is checked against the turn it began.
Playing under a permission follows the normal rules: timing, costs and land plays (the Compleated
Conjurer rulings).

A card's own keyword may let it be cast from its owner's graveyard (the ``cast_from_graveyard`` word,
``graveyard_cast``): flashback for its flashback cost instead of its mana cost (702.34a), jump-start discarding a
card (702.133a) and retrace discarding a land card (702.81a) as additional costs, and an aftermath card's second
half (702.127a), which can't be cast from any other zone. A card cast by flashback, jump-start or aftermath from a
graveyard is exiled instead of going anywhere else whenever it would leave the stack (``exiled_leaving_stack``).
"""
from __future__ import annotations


from mtgjudge.model.explain import Step, step
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.durations import in_force
from mtgjudge.model.rules.in_force import lasting_effects
from mtgjudge.model.selectors import Selector
from mtgjudge.model.state import EffectInForce
from mtgjudge.model.vocab.abilities import CostPart, StaticEffect
from mtgjudge.model.words.costs.record import GRAVEYARD_CAST_KEYWORDS
from mtgjudge.model.lazy_dataclass import dataclass


#: The static words this module gives meaning to: "You may play that card" (601.3), and the card's own
#: permission to be cast from its owner's graveyard.
GRAVEYARD_CAST_WORD = "cast_from_graveyard"
PERMISSION_WORDS = ("may_play", GRAVEYARD_CAST_WORD)
#: The keywords whose spell, cast by them, is exiled whenever it would leave the stack (retrace's is not, 702.81a).
EXILED_BY = ("Flashback", "Jump-start", "Aftermath")
#: What each keyword adds to the cost of casting the card from the graveyard (601.2b, 601.2f): "Discard a card"
#: (702.133a), "Discard a land card" (702.81a), as the cost grammar reads them.
ADDITIONAL = {"Jump-start": ("Discard a card", (CostPart("discard", n=1),)),
              "Retrace": ("Discard a land card", (CostPart("discard", n=1, what=Selector(types=("Land",))),))}


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
    for made in state.lasting_of(EffectInForce):
        e = made.payload
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
            static = lasting.arg("static")
            if static.kind not in PERMISSION_WORDS:
                continue
            ok, span = in_force(state, made.duration, card.zone)   # its duration, as stated when it was made
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


@dataclass(frozen=True)
class GraveyardCast:
    """The card's own keyword that lets it be cast from its owner's graveyard: ``keyword`` (Flashback,
    Jump-start, Retrace, Aftermath), its ``rule``, the flashback ``cost`` paid instead of the mana cost ("" for
    the others, cast for their mana cost), what it adds as an additional cost (``additional``, and its parts), whether the
    card is exiled whenever it would leave the stack (``exiled``), and its word (whose cost was read as the card
    was compiled: ``grammar.cost_of``)."""

    keyword: str
    rule: str
    cost: str
    additional: str
    exiled: bool
    word: StaticEffect
    additional_parts: tuple[CostPart, ...] = ()


def graveyard_casts(abilities) -> list[GraveyardCast]:
    """The ``cast_from_graveyard`` words among a face's abilities."""
    out = []
    for a in abilities:
        s = a.static if a.kind == "static" else None
        if s is not None and s.kind == GRAVEYARD_CAST_WORD:
            kw = s.arg("keyword")
            out.append(GraveyardCast(kw, GRAVEYARD_CAST_KEYWORDS[kw], s.arg("cost", "") or "",
                                     ADDITIONAL.get(kw, ("", ()))[0], kw in EXILED_BY, s, ADDITIONAL.get(kw, ("", ()))[1]))
    return out


def graveyard_cast(state, card_id: str, player: str) -> GraveyardCast | None:
    """601.3: the keyword of the card itself (the face it would be cast as) that lets ``player`` cast it now from
    where it is: the card is in ``player``'s own graveyard (702.34a, 702.133a, 702.81a, 702.127a: "from your
    graveyard"). Two such keywords (a choice between them, 118.9a) are not modelled."""
    obj = state.obj(card_id)
    if obj.zone != "graveyard" or obj.owner != player:
        return None
    # 702.34a, 702.133a: flashback and jump-start cast the card only "if the resulting spell is an instant or
    # sorcery spell"
    spell_types = {"Instant", "Sorcery"} & set(obj.printed.types)
    ways = [w for w in graveyard_casts(obj.printed.abilities) if spell_types or w.keyword not in ("Flashback", "Jump-start")]
    if len(ways) > 1:
        raise Unsupported(f"{obj.name} may be cast from the graveyard by {' or '.join(w.keyword for w in ways)}: "
                          "choosing between them (118.9a) is not modelled")
    return ways[0] if ways else None


def graveyard_cast_reason(state, card_id: str, way: GraveyardCast, player: str) -> Step:
    """Why ``player`` may cast the card from their graveyard, and for what."""
    name = state.obj(card_id).name
    how = (f"for its flashback cost {way.cost} instead of its mana cost" if way.cost else
           f"for its mana cost, discarding {way.additional.split(' ', 1)[1]} as an additional cost" if way.additional
           else "for its mana cost")
    return step(way.rule, f"{name} has {way.keyword.lower()}: {player} may cast it from their graveyard {how}"
                + ("; it is then exiled whenever it would leave the stack" if way.exiled else ""))


def only_from_graveyard(state, card_id: str) -> Step | None:
    """702.127a: an aftermath half can't be cast from any zone other than a graveyard; the reason when the card
    is elsewhere (None when it may be cast from where it is, so far as aftermath goes)."""
    obj = state.obj(card_id)
    if obj.zone == "graveyard" or not any(w.keyword == "Aftermath" for w in graveyard_casts(obj.printed.abilities)):
        return None
    return step("702.127a", f"{obj.name} has aftermath: that half can't be cast from any zone other than a graveyard, "
                            f"and the card is in the {obj.zone}")


def exiled_leaving_stack(obj) -> str | None:
    """The rule by which a spell is exiled instead of going anywhere else as it leaves the stack: it was cast by its
    flashback or jump-start (702.34a, 702.133a: ``cast_by``), or it is an aftermath half cast from a graveyard, by
    any permission (702.127a); None when it goes where it would. A spell with such a keyword that the question put
    on the stack (how it was cast is not known) raises Unsupported."""
    ways = [w for w in graveyard_casts(obj.printed.abilities) if w.exiled]
    if not ways:
        return None
    if obj.cast_from in ("", "?"):          # "?": on the stack as the question gave it, cast from a zone not said
        raise Unsupported(f"{obj.name} ({obj.id}) has {ways[0].keyword.lower()}: whether it was cast from a graveyard "
                          f"({ways[0].rule}) is not known to the engine")
    for w in ways:
        if obj.cast_by == w.keyword or (w.keyword == "Aftermath" and obj.cast_from == "graveyard"):
            return w.rule
    return None
