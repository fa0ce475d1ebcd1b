"""The boards the coverage sweep asks on: for one card, the questions a judge would start with ("can I
cast/play it now", "what could it produce", "can I activate this ability"), each as a question of the
format (a ``state:`` mapping like a question file's) read by the question validator, as ``ask`` reads a
file. The card under test reaches the validator through its ``cards`` lookup, since it need not be one
the product knows.

Every board is the same generic game: Alice's precombat main phase on her turn, empty stack, no land
played yet; Alice controls a creature and an artifact creature, Bob a creature, an artifact, an
enchantment, a land and a planeswalker; both have two cards in hand, a creature, a land and an instant
card in the graveyard, and a library (for a target creature in combat, Bob's declare blockers step instead, his
creature attacking Alice and hers blocking it). What the question needs is added to that: untapped lands paying
the mana cost (one land per unit of mana, chosen by the payment model's ``ways_to_pay``), counters, cards
to discard or exile, life, permanents to sacrifice or tap, and a legal target for each target. Where the
generic board has no legal target (or too few permanents for a cost), a permanent from the pool of inert
product cards is added, the one the model's own matching (``rules.targets.legal_targets``,
``characteristics.matches``) finds first; a target card in a graveyard or a target spell is likewise added
to a graveyard or (for an outcome) to the stack, from that pool and the product's plain instants and
sorceries. Every permanent filler is a card the product defines with no static, triggered or unmodelled
ability, and every spell filler chooses nothing as it resolves, so that fillers rarely make an answer
unsupported (where one does, the answer names it).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import field
from functools import lru_cache
from typing import Any

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.mana import Symbol
from mtgjudge.model.names import normalize
from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.payment.symbols import ways_to_pay
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.rules.targets import legal_targets, target_spec
from mtgjudge.model.selectors import Selector
from mtgjudge.model.vocab.abilities import X_COUNT, Ability, CostPart
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.words.costs.record import has_dash
from mtgjudge.queries.format.fields import QuestionValidator
from mtgjudge.queries.format.questions import Question, read_question
from mtgjudge.model.lazy_dataclass import dataclass

PLAYER = "Alice"
OPPONENT = "Bob"
#: The id of the card under test in every board.
CARD_ID = "card"
#: The X a question pays ("pay X as 1").
X = 1

#: What each side controls on every board (besides what the question adds).
OURS = ("Grizzly Bears", "Memnite")
THEIRS = ("Grizzly Bears", "Sol Ring", "Deep Water", "Island")
HAND = ("Grizzly Bears", "Lightning Bolt")
GRAVEYARD = ("Grizzly Bears", "Forest", "Lightning Bolt")
#: Bob's spells on the stack, only where a target is a spell.
SPELLS = ("Grizzly Bears", "Lightning Bolt")
#: Bob's spells on the stack for an outcome, which resolves them: spells without targets (it needs no choices
#: for them), a creature spell and a noncreature instant, so that "target noncreature spell" and "target
#: instant or sorcery spell" have a legal target too.
OUTCOME_SPELLS = ("Grizzly Bears", "Fog")
LIBRARY = 20
LIFE = 20
#: At most this many lands pay a cost: a board is for a game, and Gleemax's {1000000} is no cost to lay
#: out land by land (such a card is asked on the board with this many, where the answer is no).
MAX_LANDS = 30
#: The lands a could-produce board gives Alice, so that abilities that look at her lands see every color.
COLOR_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: The land that pays one unit of each demand of the payment model (``payment.symbols.DEMAND_KINDS``).
LAND_FOR = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes",
            "generic": "Wastes", "snow": "Snow-Covered Wastes"}
#: No planeswalker is among the product's cards: Bob's is a planeswalker with no rules text (a vanilla
#: one, as Grizzly Bears is a vanilla creature), defined here.
PLANESWALKER = CardDef((Face("Vanilla Planeswalker", types=("Planeswalker",)),), source="coverage board")
PLANESWALKER_LOYALTY = 3
#: Kinds of ability a filler may have: none of them can change the answer to a question about another card.
INERT_KINDS = ("keyword", "mana", "activated")
#: The card types of permanents (110.4).
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


def _attached_only(ability: Ability) -> bool:
    """A static ability that affects only the object its source is attached to ("Equipped creature gets
    +2/+0"): a filler is never attached, so it affects nothing (301.5, 303.4)."""
    return ability.kind == "static" and ability.static is not None and bool(ability.static.arg("enchanted"))


def is_inert(card: CardDef) -> bool:
    """A card fit to fill a board: modelled, with no static (other than an Equipment's that affects only
    what it is attached to), triggered, spell or unmodelled ability. Not an Aura: unattached, it would be put
    into its owner's graveyard (704.5m)."""
    return card.modelled and all(a.kind in INERT_KINDS or (_attached_only(a) and "Aura" not in f.subtypes)
                                 for f in card.faces for a in f.abilities)


@lru_cache(maxsize=1)
def pool() -> tuple[CardDef, ...]:
    """The product's inert single-faced permanent cards, vanilla ones first: what is added to a board that
    lacks a target or a permanent a cost needs."""
    cards = [c for c in card_db().built_in()
             if len(c.faces) == 1 and is_inert(c) and any(t in PERMANENT_TYPES for t in c.front.types)]
    return tuple(sorted(cards, key=lambda c: (len(c.front.abilities), c.name)))


def _plain_spell(card: CardDef) -> bool:
    """An instant or sorcery card whose only abilities are spell abilities without targets (it resolves on
    its own, choosing nothing) and that the product models."""
    face = card.front
    return card.modelled and bool({"Instant", "Sorcery"} & set(face.types)) and \
        all(a.kind == "spell" for a in face.abilities) and not spell_targets(face)


@lru_cache(maxsize=1)
def card_pool() -> tuple[CardDef, ...]:
    """``pool`` and then the product's plain instants and sorceries (``_plain_spell``), fewest abilities
    first: the cards added to a graveyard that lacks a target card, or to the stack (as Bob's spells) where no
    spell there is a legal target for a "target ... spell"."""
    spells = [c for c in card_db().built_in() if len(c.faces) == 1 and _plain_spell(c)]
    return pool() + tuple(sorted(spells, key=lambda c: (len(c.front.abilities), c.name)))


def lookup(card: CardDef) -> dict[str, tuple[CardDef, int]]:
    """The validator's ``cards``: each face of the card under test by its name, and the vanilla planeswalker."""
    found = {normalize(PLANESWALKER.name): (PLANESWALKER, 0)}
    for i, f in enumerate(card.faces):
        found.setdefault(normalize(f.name), (card, i))
    found[normalize(card.name)] = (card, 0)
    return found


# ------------------------------------------------------------------------------------------- what it needs

@dataclass
class Needs:
    """What a question needs beyond the generic board."""

    lands: list[str] = field(default_factory=list)     # untapped lands for Alice (mana)
    x: bool = False                                     # the cost has an X: pay it as ``X``
    tapped: bool = False                                # {Q}: the card must be tapped to untap it
    counters: Counter = field(default_factory=Counter)  # on the card
    life: int = LIFE
    hand: int = len(HAND)                               # cards in Alice's hand besides the card
    graveyard: int = len(GRAVEYARD)
    hand_cards: list[str] = field(default_factory=list)      # cards of a quality a cost discards ("a land card")
    graveyard_cards: list[str] = field(default_factory=list) # ... or exiles from the graveyard
    controlled: list[tuple[Selector, int]] = field(default_factory=list)   # permanents Alice must control
    targets: tuple[str, ...] = ()                       # target phrases that need a legal target
    attackers_step: bool = False                        # cast only in the declare attackers step (508.1)


def lands_for(symbols: tuple[Symbol, ...]) -> tuple[list[str], bool]:
    """One land per unit of mana the symbols demand, each symbol paid the first way the payment model lists
    that takes no life (hybrid: its first color; Phyrexian: its color); X paid as ``X``; at most
    ``MAX_LANDS``. Also whether there is an X. A symbol the payment model does not know gets no land (the
    answer will say why)."""
    demand: Counter = Counter()
    for s in symbols:
        try:
            ways = ways_to_pay(s, X)
        except Unsupported:
            continue
        way = next((w for w in ways if not w.life), ways[0])
        for kind, n in way.demand:
            demand[kind] += n
    lands: list[str] = []
    for k in sorted(demand):     # colors sort before generic: past MAX_LANDS, generic mana goes unpaid first
        lands += [LAND_FOR[k]] * min(demand[k], MAX_LANDS - len(lands))
    return lands, any(s.kind == "x" for s in symbols)


#: A card of each card type, for a cost that discards or exiles a card of that type ("Discard a land card").
_CARD_OF_TYPE = {"Land": "Forest", "Creature": "Grizzly Bears", "Instant": "Lightning Bolt", "Artifact": "Memnite"}


def _one_type(sel: Selector | None) -> list[str]:
    """The card type a cost's card quality names when it names only that ("land", "creature"), as a list of
    at most one; [] for any other quality (the board may then lack such a card: the answer says so)."""
    if sel is None or len(sel.types) != 1 or sel.types[0] not in _CARD_OF_TYPE or sel != Selector(types=sel.types):
        return []
    return [sel.types[0]]


def cost_needs(cost: tuple[CostPart, ...], targets: tuple[str, ...]) -> Needs:
    """What an activation cost (602.1a) needs in order to be paid, and its targets."""
    needs = Needs(targets=targets)
    for part in cost:
        n = X if part.n == X_COUNT else part.n
        if part.kind == "mana":
            lands, x = lands_for(part.mana)
            needs.lands += lands
            needs.x = needs.x or x
        elif part.kind == "untap":
            needs.tapped = True
        elif part.kind == "remove_counters":
            needs.counters[part.counter] += n
            needs.x = needs.x or part.n == X_COUNT
        elif part.kind == "pay_life":
            needs.life = max(needs.life, n)
            needs.x = needs.x or part.n == X_COUNT
        elif part.kind == "discard":
            needs.hand = max(needs.hand, n)
            needs.x = needs.x or part.n == X_COUNT
            needs.hand_cards += [_CARD_OF_TYPE[t] for t in _one_type(part.what)] * n
        elif part.kind == "exile_from_graveyard":
            needs.graveyard = max(needs.graveyard, n)
            needs.x = needs.x or part.n == X_COUNT
            needs.graveyard_cards += [_CARD_OF_TYPE[t] for t in _one_type(part.what)] * n
        elif part.kind == "put_counters_on":
            assert part.what is not None    # read with its permanent (vocab.phrases.c_put_counters_on)
            needs.controlled.append((part.what, 1))
        elif part.kind in ("sacrifice", "tap_untapped", "return_to_hand"):
            needs.x = needs.x or part.n == X_COUNT
            what = part.what or Selector(types=("Creature",), controller="you", untapped=part.kind == "tap_untapped")
            needs.controlled.append((what, n))
    return needs


def spell_targets(face: Face) -> tuple[str, ...]:
    """What casting the face targets: its spell abilities' targets, every mode's of a modal one (700.2c: a mode
    can be chosen only with its targets, so the board holds a target for each), and an Aura's "Enchant <phrase>"
    (303.4a)."""
    phrases = [t for a in face.abilities if a.kind == "spell" for t in a.targets + tuple(
        t for m in a.modes for t in m.targets)]
    if "Aura" in face.subtypes:
        phrases += [a.keyword[len("Enchant "):] for a in face.abilities
                    if a.kind == "keyword" and a.keyword.startswith("Enchant ")]
    return tuple(phrases)


def cast_in_attackers_step(face: Face) -> bool:
    """Can the face be cast only during the declare attackers step ("Cast this spell only during the declare
    attackers step and only if you've been attacked this step.", 508.1, 508.6)? Its board is then Bob's declare
    attackers step with his creature attacking Alice."""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "cast_only"
               and any("declare attackers step" in c for c in a.static.arg("clauses")) for a in face.abilities)


def _targets_combat(phrase: str) -> bool:
    """Does a target phrase name creatures in combat ("target attacking creature", "target attacking or
    blocking creature")? Only a combat has them (506.4): the board is then Bob's declare blockers step."""
    return any(w.strip(",") in ("attacking", "blocking") for w in phrase.lower().split())


#: The ids of the creatures in combat on a board for a combat target: Bob's attacking Alice, Alice's blocking it.
ATTACKER, BLOCKER = "bob-attacker", "alice-blocker"


def _targets_spells(phrase: str) -> bool:
    """Does a target phrase name spells ("spell", "creature spell", "instant or sorcery spell")? Their
    legal targets are on the stack, which the generic board leaves empty."""
    return any(w.strip(",") in ("spell", "spells") for w in phrase.lower().split())


# ------------------------------------------------------------------------------------------- the state

def _repeat(names: tuple[str, ...], n: int) -> list[str]:
    """``n`` cards, cycling through ``names``."""
    return [names[i % len(names)] for i in range(n)]


#: Where fillers go: (player, zone) for permanents and graveyard cards; ``STACK`` for Bob's spells.
Place = tuple[str, str]
STACK: Place = (OPPONENT, "stack")


def _doc(kind: str, card_entry: dict, zone: str, needs: Needs, extra: Mapping[Place, list] | None = None,
         params: Mapping[str, Any] | None = None, ask: str | None = None) -> dict:
    """The question as the format's mapping: the generic board, what ``needs`` asks for, ``extra`` fillers
    by place (a player's battlefield or graveyard, Bob's spells on the stack), and the card in ``zone`` of
    Alice's (hand, graveyard, exile or battlefield). The board is laid out for ``kind``; the question asks
    ``ask`` (default ``kind``): the differential check asks can-play on an outcome's board."""
    ask = ask or kind
    extra = extra or {}
    ours: list[Any] = list(needs.lands) + list(OURS) + list(extra.get((PLAYER, "battlefield"), ()))
    theirs: list[Any] = list(THEIRS)
    if kind != "outcome":      # the engine does not perform planeswalkers' state-based actions (704.5i)
        theirs.append({"card": PLANESWALKER.name, "counters": {"loyalty": PLANESWALKER_LOYALTY}})
    theirs += list(extra.get((OPPONENT, "battlefield"), ()))
    hand = _repeat(HAND, needs.hand)
    graveyard = _repeat(GRAVEYARD, needs.graveyard) + list(needs.graveyard_cards) + \
        list(extra.get((PLAYER, "graveyard"), ()))
    exile: list[Any] = []
    {"battlefield": ours, "graveyard": graveyard, "exile": exile}.get(zone, hand).insert(
        len(ours) if zone == "battlefield" else 0, card_entry)
    alice = {"life": needs.life, "battlefield": ours, "hand": hand + list(needs.hand_cards),
             "graveyard": graveyard, "library": LIBRARY, **({"exile": exile} if exile else {})}
    bob = {"battlefield": theirs, "hand": list(HAND),
           "graveyard": list(GRAVEYARD) + list(extra.get((OPPONENT, "graveyard"), ())), "library": LIBRARY}
    # the turn's history before the position is stated: nothing happened earlier this turn (what raid, morbid and
    # storm ask, 702.40a; without it they are unknown)
    state: dict[str, Any] = {"this_turn": {}, "players": {PLAYER: alice, OPPONENT: bob}}
    if needs.attackers_step:
        # 508.1, 508.6: Bob's Grizzly Bears was declared as attacking Alice, and she has priority in his declare
        # attackers step (117.3a)
        state["turn"] = {"active": OPPONENT, "step": "declare-attackers"}
        theirs[0] = {"card": theirs[0], "id": ATTACKER, "attacking": PLAYER}
    elif any(_targets_combat(t) for t in needs.targets):
        # 506.4, 509.1: Bob's Grizzly Bears attacks Alice and her Grizzly Bears blocks it, in Bob's declare
        # blockers step (Alice casts at instant speed: she has priority there, 117.3a)
        state["turn"] = {"active": OPPONENT, "step": "declare-blockers"}
        theirs[0] = {"card": theirs[0], "id": ATTACKER, "attacking": PLAYER, "blocked": True}
        at = ours.index(OURS[0])
        ours[at] = {"card": OURS[0], "id": BLOCKER, "blocking": [ATTACKER]}
    if any(_targets_spells(t) for t in needs.targets):
        spells = SPELLS if kind != "outcome" else [n for n in OUTCOME_SPELLS if not _has_targets(n)]
        state["stack"] = [{"card": name, "controller": OPPONENT} for name in spells] + \
            [{**e, "controller": OPPONENT} for e in extra.get(STACK, ())]
    doc = {"id": "coverage", "ask": ask, "state": state, **(params or {})}
    if ask != "outcome":          # an outcome is about the whole game, its X given where the card is cast
        doc["about"] = CARD_ID
        if needs.x:
            doc["x"] = X
    return doc


def _has_targets(name: str) -> bool:
    """Does the product's card of this name, as a spell, choose targets (601.2c)?"""
    found = card_db().find(name)
    return found is None or bool(spell_targets(found[0].faces[found[1]]))


def _read(doc: dict, card: CardDef) -> Question:
    return read_question(QuestionValidator(file="<coverage>", line=1, cards=lookup(card)), doc)


def _entry(card: str | CardDef, **status: Any) -> dict:
    """An object entry of the format: a card by name (a token kind with ``token: true``) and its status."""
    if isinstance(card, CardDef):
        return {"card": card.name, **({"token": True} if card.token else {}), **status}
    return {"card": card, **status}


def _not_dashed(card: CardDef, entry: dict) -> dict:
    """A permanent with dash on the board was not cast for its dash cost (702.109a): said, since the format leaves it
    unknown otherwise (``dashed: false``)."""
    return {**entry, "dashed": False} if any(has_dash(f.abilities) for f in card.faces) else entry


def _targets(q: Question, phrase: str) -> list[str] | None:
    """The legal targets of ``phrase`` on the question's board; None where no board can help: zero targets
    may be chosen, or the model does not read the phrase (the answer will name it)."""
    try:
        found, optional = legal_targets(q.state, target_spec(phrase), PLAYER, CARD_ID)
    except Unsupported:
        return None
    return None if optional else found


def _controlled(q: Question, sel: Selector, among: Collection[str] | None = None) -> list[str]:
    """Alice's permanents that fit ``sel`` (a cost's "a creature you control") as the model matches them."""
    src = q.state.obj(CARD_ID)
    return [o.id for o in q.state.battlefield(PLAYER)
            if (among is None or o.id in among) and matches(sel, current(q.state, o.id), o, PLAYER, src)]


def _missing(q: Question, phrase: str) -> int:
    """How many more legal targets ``phrase`` needs on the question's board (0 where none can help)."""
    found = _targets(q, phrase)
    return 0 if found is None else max(0, max(1, _target_count(phrase)) - len(found))


def _unmet(q: Question, needs: Needs) -> bool:
    return any(_missing(q, t) for t in needs.targets) or \
        any(len(_controlled(q, sel)) < n for sel, n in needs.controlled)


def _fit(kind: str, card: CardDef, card_entry: dict, zone: str, needs: Needs, params: Mapping[str, Any] | None = None,
         ask: str | None = None) -> Question:
    """The question on the generic board with ``needs``; where that board lacks a target or the
    permanents a cost needs, fillers from the pool are added (the first the model matches): a permanent on
    a battlefield, a card in a graveyard ("target creature card from your graveyard"), a spell on the stack
    ("target sorcery spell")."""
    card_entry = _not_dashed(card, card_entry) if zone == "battlefield" else card_entry
    q = _read(_doc(kind, card_entry, zone, needs, params=params, ask=ask), card)
    if not _unmet(q, needs):
        return q
    # One board holding the pool in every place tells which pool card fits what is missing. Permanents
    # untapped, then tapped ("target tapped creature"): an untapped one is chosen where it fits.
    # the engine does not perform planeswalkers' state-based actions (704.5i): no planeswalker fills an outcome
    permanents = [(c, status) for status in ({}, {"tapped": True}) for c in pool()
                  if kind != "outcome" or "Planeswalker" not in c.front.types]
    cards: list[tuple[CardDef, dict]] = [(c, {}) for c in card_pool()]
    places: dict[Place, list[tuple[CardDef, dict]]] = {
        (OPPONENT, "battlefield"): permanents, (PLAYER, "battlefield"): permanents,
        (OPPONENT, "graveyard"): cards, (PLAYER, "graveyard"): cards}
    if kind == "outcome" and any(_targets_spells(t) for t in needs.targets):
        places[STACK] = [(c, {}) for c in card_pool() if not spell_targets(c.front)]
    owner: dict[str, tuple[Place, CardDef, dict]] = {}
    everything: dict[Place, list] = {}
    for place, candidates in places.items():
        everything[place] = []
        for i, (c, st) in enumerate(candidates):
            oid = f"pool-{place[0].lower()}-{place[1]}-{i}"
            owner[oid] = (place, c, st)
            everything[place].append(_entry(c, id=oid, **st))
    # one board per place, so that each stays within the format's limit of objects (MAX_OBJECTS) however many
    # cards the pool holds; an id names its place, so what fits is the union of the boards' answers
    wides = [_read(_doc(kind, card_entry, zone, needs, {place: entries}, params, ask), card)
             for place, entries in everything.items()]
    # a target is an opponent's where it can be, a permanent before a card in a graveyard or a spell
    order = [oid for place in ((OPPONENT, "battlefield"), (PLAYER, "battlefield"), STACK,
                               (OPPONENT, "graveyard"), (PLAYER, "graveyard"))
             for oid in owner if owner[oid][0] == place]
    extra: dict[Place, list] = {}
    for phrase in needs.targets:
        missing = _missing(q, phrase)       # "two target creature cards": as many fillers as it lacks
        fits = {oid for wide in wides for oid in (_targets(wide, phrase) or ())} if missing else set()
        chosen = next((oid for oid in order if oid in fits), None)
        if chosen is not None:
            place, c, st = owner[chosen]
            extra.setdefault(place, []).extend(_entry(c, **st) for _ in range(missing))
    mine = [oid for oid in owner if owner[oid][0] == (PLAYER, "battlefield")]
    for sel, n in needs.controlled:
        have = len(_controlled(q, sel))
        fits = {oid for wide in wides for oid in _controlled(wide, sel, mine)}
        chosen = next((oid for oid in mine if oid in fits), None)
        if have < n and chosen is not None:
            _, c, st = owner[chosen]
            extra.setdefault((PLAYER, "battlefield"), []).extend(_entry(c, **st) for _ in range(n - have))
    return _read(_doc(kind, card_entry, zone, needs, extra, params, ask), card)


_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _target_count(phrase: str) -> int:
    """How many objects a target phrase asks for at least ("two target creatures": 2; "up to two": 0)."""
    words = phrase.lower().split()
    if not words or words[0] in ("up", "any"):
        return 0
    return _COUNT_WORDS.get(words[0], int(words[0]) if words[0].isdigit() else 1)


# ------------------------------------------------------------------------------------------- the questions

def can_play(card: CardDef) -> Question:
    """"Can I cast/play it now?": the card (its front face) in Alice's hand, lands paying its mana cost."""
    face = card.faces[0]
    lands, x = lands_for(face.mana_cost or ())
    needs = Needs(lands=lands, x=x, targets=spell_targets(face),
                  attackers_step=cast_in_attackers_step(face))
    return _fit("can-play", card, _entry(face.name, id=CARD_ID), "hand", needs)


def battlefield_faces(card: CardDef) -> list[int]:
    """The faces the card can have up on the battlefield: those with a permanent type (a split card's
    halves and an adventure have none; both faces of a double-faced card may)."""
    return [i for i, f in enumerate(card.faces) if any(t in PERMANENT_TYPES for t in f.types)]


def on_battlefield(card: CardDef, face: int) -> Question:
    """"What could it produce?" (106.7): the face up on Alice's battlefield, untapped, under her control
    since her turn began, with a basic land of each color beside it."""
    entry = _entry(card.faces[face].name, id=CARD_ID)
    return _fit("could-produce", card, entry, "battlefield", Needs(lands=list(COLOR_LANDS)))


def creature_faces(card: CardDef) -> list[int]:
    """The faces the card can have up on the battlefield as a creature (each is asked the combat questions)."""
    return [i for i in battlefield_faces(card) if "Creature" in card.faces[i].types]


#: The opponent's creatures on a combat board: a vanilla creature, a flier and a reach creature (the product's
#: cards, each with no text but its keyword), the first the attacker a can-block question asks about.
COMBAT_OPPONENT = ("Grizzly Bears", "Air Elemental", "Giant Spider")
#: The id of the opponent's vanilla creature on a combat board.
VANILLA_ID = "vanilla"


def _combat_doc(kind: str, card: CardDef, face: int) -> dict:
    """A combat question as the format's mapping: the card's face on Alice's battlefield, untapped and under her
    control since her turn began (so 302.6 does not apply, ``summoning_sick`` defaults to false), Bob's three
    creatures beside it, in the declare attackers step. For can-attack it is Alice's turn and nothing attacks yet
    (508.1); for can-block it is Bob's, his three creatures attack Alice, and the card blocks the vanilla one
    (509.1), so that the answer turns on the card's own text."""
    attacking = kind == "can-block"
    theirs = [{"card": name, "id": VANILLA_ID if i == 0 else f"opponent-{i}", **({"attacking": PLAYER} if attacking else {})}
              for i, name in enumerate(COMBAT_OPPONENT)]
    ours = [_not_dashed(card, _entry(card.faces[face].name, id=CARD_ID))]
    players = {PLAYER: {"life": LIFE, "battlefield": ours, "hand": list(HAND), "library": LIBRARY},
               OPPONENT: {"life": LIFE, "battlefield": theirs, "hand": list(HAND), "library": LIBRARY}}
    doc: dict[str, Any] = {"id": "coverage", "ask": kind, "about": CARD_ID,
                           "state": {"turn": {"active": OPPONENT if attacking else PLAYER, "step": "declare-attackers"},
                                     "players": players}}
    if attacking:
        doc["attacker"] = VANILLA_ID
    return doc


def can_attack(card: CardDef, face: int) -> Question:
    """"Can it attack?" (508.1): the face on Alice's battlefield, untapped, not summoning sick, in her declare
    attackers step, attacking Bob, who controls a vanilla creature, a flier and a reach creature."""
    return _read(_combat_doc("can-attack", card, face), card)


def can_block(card: CardDef, face: int) -> Question:
    """"Can it block?" (509.1): the face on Alice's battlefield, untapped, in Bob's declare attackers step, where
    Bob's vanilla creature, flier and reach creature attack Alice; it blocks the vanilla one."""
    return _read(_combat_doc("can-block", card, face), card)


def activated(q: Question) -> list[Ability]:
    """The activated abilities of the card on a battlefield board, numbered as ``ability:`` counts them."""
    return activated_abilities(q.state, CARD_ID)


def has_mana_ability(q: Question) -> bool:
    """Does the card on a battlefield board have a mana ability (605.1a), modelled or not?"""
    return any(a.is_mana_ability or (a.kind == "unmodelled" and a.unmodelled_kind == "mana")
               for a in current(q.state, CARD_ID).abilities)


def can_activate(card: CardDef, face: int, index: int, ability: Ability) -> Question:
    """"Can I activate its ability ``index``?": the face on Alice's battlefield, untapped (tapped for a
    {Q} cost), with what the cost needs and a legal target for each of its targets."""
    needs = cost_needs(ability.cost, ability.targets)
    if "Planeswalker" in card.faces[face].types:   # it entered with loyalty (306.5b): some, for any + ability
        needs.counters["loyalty"] = max(needs.counters["loyalty"], PLANESWALKER_LOYALTY)
    status: dict[str, Any] = {"id": CARD_ID}
    if needs.tapped:
        status["tapped"] = True
    if needs.counters:
        status["counters"] = dict(needs.counters)
    return _fit("can-activate", card, _entry(card.faces[face].name, **status), "battlefield", needs,
                params={"ability": index})


def _enters_trigger(name: str) -> re.Pattern:
    """An enters trigger of the card itself, in either templating era ("When Man-o'-War enters the
    battlefield", "When this creature enters"; a read trigger has the card's name as ~)."""
    short = name.split(",")[0]
    return re.compile(rf"^When(?:ever)? (?:~|this \w+|{re.escape(name)}|{re.escape(short)}) enters\b", re.I)


def casts_and_resolves(card: CardDef) -> bool:
    """Is the card asked "cast it and let it resolve"? Instants and sorceries (their effect is the answer),
    permanents with an enters trigger of their own (603.6a), and Sagas (their chapter I triggers as they enter
    with a lore counter, 714.3a, 714.2b), by their front face."""
    face = card.faces[0]
    if {"Instant", "Sorcery"} & set(face.types) or "Saga" in face.subtypes:
        return True
    enters = _enters_trigger(face.name)
    return any(a.kind in ("triggered", "unmodelled") and enters.match(a.source_text or a.trigger or "")
               for a in face.abilities)


def kicker_lands(face: Face) -> list[str]:
    """Lands paying the mana of the face's kicker cost (702.33a), so that an outcome is asked both kicked and
    not kicked (the engine branches on it, 601.2b)."""
    out: list[str] = []
    for a in face.abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == "kicker":
            try:
                parts = parse_cost_text(a.static.arg("cost"))
            except Exception:       # a cost the grammar does not read: the answer will name it
                continue
            for part in parts:
                if part.kind == "mana":
                    out += lands_for(part.mana)[0]
    return out


def _add_spell_cost_needs(needs: Needs, face: Face) -> None:
    """What the face's own additional costs (601.2f: "As an additional cost to cast this spell, sacrifice a
    Goblin") need beyond its mana, added to ``needs`` (``cost_needs``)."""
    for a in face.abilities:
        if not (a.kind == "static" and a.static is not None and a.static.kind == "additional_cost"):
            continue
        try:
            # an additional cost offering two ways (601.2b): the board can pay either
            parts = parse_cost_text(a.static.arg("cost"), x_parts=True) + (
                parse_cost_text(a.static.arg("or_cost"), x_parts=True) if a.static.arg("or_cost") else ())
        except Exception:       # a cost the grammar does not read: the answer will name it
            continue
        more = cost_needs(tuple(parts), ())
        needs.lands += more.lands
        needs.x = needs.x or more.x
        needs.life = max(needs.life, more.life)
        needs.hand = max(needs.hand, more.hand)
        needs.graveyard = max(needs.graveyard, more.graveyard)
        needs.controlled += more.controlled
        needs.hand_cards += more.hand_cards
        needs.graveyard_cards += more.graveyard_cards


def _cast_needs(face: Face) -> Needs:
    """What casting the face needs: lands for its mana cost and its kicker, its additional costs, targets."""
    lands, x = lands_for(face.mana_cost or ())
    needs = Needs(lands=lands + kicker_lands(face), x=x, targets=spell_targets(face),
                  attackers_step=cast_in_attackers_step(face))
    _add_spell_cost_needs(needs, face)
    return needs


def _first_action(card: CardDef, needs: Needs) -> dict:
    """Playing the card (a land, 305.1) or casting it (X paid as ``X`` where a cost has one), as an action."""
    face = card.faces[0]
    # ``by``: the board's player, said (no permission in force names who plays a card from exile, 601.3)
    return {"play": CARD_ID, "by": PLAYER} if "Land" in face.types else \
        {"cast": CARD_ID, "by": PLAYER, **({"x": X} if needs.x else {})}


def play_pair(card: CardDef, zone: str) -> tuple[Question, Question]:
    """The differential check's pair for playing the card from Alice's ``zone`` (hand, graveyard, exile): can-play
    and an outcome whose one action casts or plays it (nothing resolved, nothing asserted), on one board (an
    outcome's, ``outcome``)."""
    face = card.faces[0]
    needs = _cast_needs(face)
    entry = _entry(face.name, id=CARD_ID)
    asked = _fit("outcome", card, entry, zone, needs, ask="can-play")
    done = _fit("outcome", card, entry, zone, needs, ask="outcome",
                params={"actions": [_first_action(card, needs)], "expect": []})
    return asked, done


def activate_pair(card: CardDef, face: int, zone: str, index: int, ability: Ability) -> tuple[Question, Question]:
    """The differential check's pair for the card's activated ability ``index`` (as ``ability:`` counts them)
    with ``face`` up in Alice's ``zone``: can-activate and an outcome whose one action activates it, on one
    board (``can_activate``'s, an outcome's layout)."""
    needs = cost_needs(ability.cost, ability.targets)
    if zone == "battlefield" and "Planeswalker" in card.faces[face].types:
        needs.counters["loyalty"] = max(needs.counters["loyalty"], PLANESWALKER_LOYALTY)
    status: dict[str, Any] = {"id": CARD_ID}
    if needs.tapped and zone == "battlefield":
        status["tapped"] = True
    if needs.counters and zone == "battlefield":
        status["counters"] = dict(needs.counters)
    entry = _entry(card.faces[face].name, **status)
    asked = _fit("outcome", card, entry, zone, needs, params={"ability": index}, ask="can-activate")
    action = {"activate": CARD_ID, "ability": index, **({"x": X} if needs.x else {})}
    done = _fit("outcome", card, entry, zone, needs, ask="outcome", params={"actions": [action], "expect": []})
    return asked, done


def abilities_in(card: CardDef, face: int, zone: str) -> list[Ability]:
    """The activated abilities of the card with ``face`` up in Alice's ``zone`` on the generic board, numbered as
    ``ability:`` counts them."""
    entry = _entry(card.faces[face].name, id=CARD_ID)
    return activated(_fit("outcome", card, entry, zone, Needs(), ask="can-play"))


def outcome(card: CardDef) -> Question:
    """"What happens when I cast it?": the can-play board, the card cast or played (every legal choice of targets a
    branch, 601.2c) and everything on the stack resolved, its enters trigger too (608.2, 603.3); nothing is
    asserted, so the answer is the outcome computed in every branch."""
    face = card.faces[0]
    lands, x = lands_for(face.mana_cost or ())
    lands += kicker_lands(face)
    needs = Needs(lands=lands, x=x, targets=spell_targets(face),
                  attackers_step=cast_in_attackers_step(face))
    _add_spell_cost_needs(needs, face)
    # a land is played, not cast (305.1), and its enters trigger then resolves like the rest
    # X may be the mana cost's or an additional cost's ("As an additional cost ..., pay X life", 107.3, 601.2b)
    first = {"play": CARD_ID} if "Land" in face.types else {"cast": CARD_ID, **({"x": X} if x or needs.x else {})}
    return _fit("outcome", card, _entry(face.name, id=CARD_ID), "hand", needs,
                params={"actions": [first, {"resolve": "all"}], "expect": []})
