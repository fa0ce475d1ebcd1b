"""Soundness guards: what the model cannot represent, found before any answer is given.

A question whose answer could depend on something the model does not implement is `unsupported`, naming
it: a card with no definition; a line of text kept as unmodelled (its declared scopes, or every scope when
it declares none, meet the question's); or a word of the encoding whose scopes meet the question's but
whose consumer for that scope does not implement it (``vocab.words.CONSUMER_OF``). Every consumer asks
here, with the scopes it covers.
"""
from __future__ import annotations

from typing import Callable, Iterable

from mtgjudge.model.errors import SearchBound, Unsupported
from mtgjudge.model.objects import GameObject, undefined_card
from mtgjudge.model.rules.in_force import exiles_until_source_leaves, lasting_effects
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import EffectInForce, GameState
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.cast_options import concerns
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word
from mtgjudge.model.vocab.words import CONSUMER_OF

#: What paying a cost can depend on.
PAYMENT_SCOPES = (Scope.MANA, Scope.SPENDING, Scope.SPELL_COSTS, Scope.CHARACTERISTICS)
#: What the mana a permanent could produce (106.7) or a player could have (605.3a) can depend on.
MANA_SCOPES = (Scope.MANA, Scope.CHARACTERISTICS)


#: Keywords of a damage source whose results the engine's noncombat damage does not perform (702.2b deathtouch,
#: 702.15b lifelink, 702.80 wither, 702.90 infect): damage from such a source is unsupported there, and a
#: payment cannot read it as that much life lost.
DAMAGE_KEYWORDS = ("Deathtouch", "Lifelink", "Infect", "Wither")

def require_handled(word: Word | None, scopes: Iterable[Scope], where: str) -> None:
    """Raise Unsupported if ``word`` changes one of ``scopes`` and that scope's consumer does not implement it."""
    if word is None:
        return
    for s in word.scopes & frozenset(scopes):
        consumer = CONSUMER_OF[s]
        if consumer not in word.handled_by:
            raise Unsupported(f"{where}: the word {word.name!r} ({s.value}) is not implemented by the {consumer} "
                              "part of the verifier")


def _unmodelled_matters(a: Ability, o: GameObject, scopes: Iterable[Scope], kinds: tuple[str, ...],
                        player: str | None) -> bool:
    relevant = a.unmodelled_kind in kinds or (player is not None and a.unmodelled_kind in ("activated", "mana")
                                              and o.controller == player)
    attached = o.attached_to is not None
    return relevant and a.functions_in(o.zone) and any(concerns(a, s, o.zone, attached) for s in scopes)


#: A guard not asked yet about a state (``require_modelled``'s record in the state's facts).
_UNASKED = object()


def require_modelled(state: GameState, scopes: Iterable[Scope], what: str = "", *, kinds: tuple[str, ...] = ("static",),
                     player: str | None = None, undefined_cards: bool = True, objects: Iterable[GameObject] = (),
                     exclude: Iterable[str] = (), ignore: "Callable[[Ability, GameObject], bool] | None" = None) -> None:
    """Raise Unsupported if something on the battlefield (or among ``objects``), or an effect in force, could
    change the answer about ``what`` within ``scopes`` and the model does not implement it: a card with no
    definition (``undefined_cards``); an unmodelled ability of one of ``kinds`` (and the unmodelled activated
    and mana abilities of ``player``'s permanents) that may concern the scopes; a static word, of a
    permanent or of a lasting effect in force, not implemented for one of the scopes. Cards in hands,
    graveyards and exile count with their unmodelled text of those kinds that functions where they are (113.6b:
    "As long as ~ is in your graveyard, ..."; ``_require_modelled_off_battlefield``), except ``exclude``.
    ``ignore``: unmodelled abilities of permanents that a rule the caller cites keeps out of ``what``."""
    scopes = tuple(Scope(s) for s in scopes)
    objects, exclude = tuple(objects), tuple(exclude)
    if ignore is not None:
        return _require_modelled(state, scopes, what, kinds, player, undefined_cards, objects, exclude, ignore)
    # the state never changes: a guard answers about it as it did before, passing or raising the same words
    key = ("modelled", scopes, what, kinds, player, undefined_cards, objects, exclude)
    try:
        said = state._cache.get(key, _UNASKED)
    except TypeError:           # arguments that can't be told apart later (a list of kinds): checked each time
        return _require_modelled(state, scopes, what, kinds, player, undefined_cards, objects, exclude, None)
    if said is None:
        return None
    if said is not _UNASKED:
        raise Unsupported(said)
    try:
        _require_modelled(state, scopes, what, kinds, player, undefined_cards, objects, exclude, None)
    except SearchBound:
        raise                   # a bound reached, not an answer about the state
    except Unsupported as e:
        state._cache[key] = str(e)
        raise
    state._cache[key] = None
    return None


def _require_modelled(state: GameState, scopes: tuple[Scope, ...], what: str, kinds: tuple[str, ...], player: str | None,
                      undefined_cards: bool, objects: tuple[GameObject, ...], exclude: tuple[str, ...],
                      ignore: "Callable[[Ability, GameObject], bool] | None") -> None:
    when = f" that may apply when {what}" if what else ""
    _require_modelled_off_battlefield(state, scopes, when, kinds, set(exclude) | {o.id for o in objects})
    # Spells on the stack function there (113.6): split second (702.61a) and the like.
    stack_spells = [o for o in state.objects if o.zone == "stack"]
    for o in list(state.battlefield()) + stack_spells + list(objects):
        if undefined_cards and not o.card.modelled:
            raise Unsupported(undefined_card(o.card.name, o.id))
        abilities = current(state, o.id).abilities if o.zone == "battlefield" else o.printed.abilities
        for a in abilities:
            if a.kind == "unmodelled" and _unmodelled_matters(a, o, scopes, kinds, player) \
                    and not (ignore is not None and ignore(a, o)):
                raise Unsupported(f"{o.name} ({o.id}) has text the verifier cannot model{when}: {a.source_text!r}")
            if a.kind == "static" and a.static is not None:
                require_handled(a.static.word, scopes, f"{o.name} ({o.id}): {a.text()!r}")
    for e in state.in_force(EffectInForce):
        if not e.card.modelled:
            continue
        lasting = lasting_effects(e.card, e.face, e.ability)
        if not lasting and not exiles_until_source_leaves(e.card, e.face, e.ability):
            # An effect in force whose words the model doesn't have could change anything.
            raise Unsupported(f"the effect of {e.source_card} in force is not modelled{when}")
        for le in lasting:
            static = le.arg("static")
            require_handled(static.word, scopes, f"the effect of {e.source_card} in force ({static.text()!r})")


def _require_modelled_off_battlefield(state: GameState, scopes: tuple[Scope, ...], when: str, kinds: tuple[str, ...],
                                      skip: set[str]) -> None:
    """113.6b-c: an ability of a card in a hand, a graveyard or exile functions there if its text says so (Anger's
    "As long as ~ is in your graveyard and you control a Mountain, creatures you control have haste"): such
    unmodelled text of ``kinds`` that may concern ``scopes`` makes the answer unsupported, for every question
    kind alike (the characteristics it could change are every kind's)."""
    for o in state.objects:
        if o.zone not in OFF_BATTLEFIELD or o.id in skip or not o.card.modelled:
            continue
        for a in o.printed.abilities:
            if a.kind == "unmodelled" and _unmodelled_matters(a, o, scopes, kinds, None):
                raise Unsupported(f"{o.name} ({o.id}) in the {o.zone} has text the verifier cannot model{when}: "
                                  f"{a.source_text!r}")


def require_modelled_object(state: GameState, oid: str) -> None:
    """Raise Unsupported if the object itself is a card with no definition."""
    o = state.obj(oid)
    if not o.card.modelled:
        raise Unsupported(undefined_card(o.card.name, o.id))


#: Zones other than the battlefield and the stack where a card's abilities may function (113.6b-c, 113.6j-m):
#: a mana ability activated from the hand ("Exile ~ from your hand: Add {R}."), a static ability of a card in a
#: graveyard ("As long as ~ is in your graveyard, lands you control have ..."). Library cards are hidden and not
#: in the model's states.
OFF_BATTLEFIELD = ("hand", "graveyard", "exile")


def require_modelled_elsewhere(state: GameState, scopes: Iterable[Scope], what: str = "", *, player: str | None = None,
                               exclude: Iterable[str] = (),
                               read: "Callable[[GameObject, Ability], bool] | None" = None) -> None:
    """Raise Unsupported if a card in a hand, graveyard or exile has text functioning there (113.6) that could
    change ``what`` within ``scopes``: an unmodelled static ability (and, of ``player``'s cards, an unmodelled
    activated or mana ability) that may function there, or a mana ability that functions there (mana sources
    and payments look at permanents only, 605.3a). ``exclude``: the object being cast (601.2a moves it to the
    stack before any mana ability is activated, 601.2g). ``read``: the mana abilities off the battlefield that the
    caller reads itself (payments: ``mana_sources.read_from_hand``)."""
    scopes = tuple(Scope(s) for s in scopes)
    when = f" that may apply when {what}" if what else ""
    skip = set(exclude)
    for o in state.objects:
        if o.zone not in OFF_BATTLEFIELD or o.id in skip or not o.card.modelled:
            continue
        for a in o.printed.abilities:
            if a.kind == "unmodelled" and _unmodelled_matters(a, o, scopes, ("static",), player):
                raise Unsupported(f"{o.name} ({o.id}) in the {o.zone} has text the verifier cannot model{when}: "
                                  f"{a.source_text!r}")
            if a.kind == "mana" and a.zones and o.zone in a.zones and (player is None or o.owner == player) \
                    and Scope.MANA in scopes and not (read is not None and o.owner == player and read(o, a)):
                raise Unsupported(f"{o.name} ({o.id}) has a mana ability that functions from the {o.zone} (113.6m): "
                                  f"{a.text()!r}; mana made outside the battlefield is not modelled"
                                  + (f" (when {what})" if what else ""))


def guard_scope(state: GameState, scope: Scope | str, what: str, *, lower_bound: bool = False,
                ignore: "Callable[[Ability, GameObject], bool] | None" = None) -> None:
    """The engine's guard for one event: unmodelled static text, or an unimplemented static word, that may
    apply when ``what`` happens (cards with no definition are the event's own guard's). Text that only raises
    power and toughness changes them too, unless ``lower_bound``: only a lower bound of them matters.
    ``ignore``: unmodelled abilities a rule the caller cites keeps out of the event (``require_modelled``)."""
    scopes: tuple[Scope, ...] = (Scope(scope),)
    if scopes[0] == Scope.POWER_TOUGHNESS and not lower_bound:
        scopes += (Scope.PT_RAISED,)
    # the state never changes: a guard it passed once it passes again (only ``what`` would differ, in a message)
    passed = ("guard_passed", scopes)
    if ignore is None and state._cache.get(passed):
        return
    require_modelled(state, scopes, what, undefined_cards=False, ignore=ignore)
    if ignore is None:
        state._cache[passed] = True


def power_now(state: GameState, oid: str, what: str) -> int:
    """A permanent's power now: its characteristics after the layers (613), with its +1/+1 and -1/-1 counters
    (122.1a, 613.4c). Unmodelled text that may change power makes it unsupported (``what``: why it matters)."""
    guard_scope(state, Scope.POWER_TOUGHNESS, what)
    ch = current(state, oid)
    o = state.obj(oid)
    if ch.power is None:
        raise Unsupported(f"{o.name} has no power the model knows")
    return ch.power + o.counters_pt()[0]


def colors_off_battlefield(state: GameState) -> str:
    """Why the colors of spells and cards off the battlefield are not known ("" when they are): the model applies
    continuous effects on the battlefield only (613), so text it doesn't have that may change colors of spells
    and cards (Celestial Dawn's "The same is true for spells you control and nonland cards you own that aren't on
    the battlefield") leaves them unknown. Set as ``Characteristics.colors_unknown`` / ``Purpose.colors_unknown``
    where a spell's characteristics are matched: whatever reads its colors then raises. Cached on the state."""
    cache = state._cache.get("colors_off_battlefield")
    if cache is None:
        try:
            require_modelled(state, (Scope.COLORS_OFF_BATTLEFIELD,), "the colors of spells or cards off the battlefield matter")
            cache = ""
        except Unsupported as e:
            cache = str(e)
        state._cache["colors_off_battlefield"] = cache
    return cache
