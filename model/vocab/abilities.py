"""Abilities as data (CR 113, 602, 605): costs, effects, mana production, statics and triggers, as the values a
card definition compiles to. ``Ability.text`` renders an ability back in Oracle-like words: what
``mtgjudge cards show`` prints and what a question's ``ability: "{T}: Add"`` is matched against.

The words these values use (static kinds, effect kinds, cost parts) are records of ``model.vocab.words``;
parsing a definition into these values is ``model.vocab.parse``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mtgjudge.model.mana import COLORS, Symbol, format_cost
from mtgjudge.model.selectors import Selector, TargetSpec
from mtgjudge.model.vocab.scopes import Scope

if TYPE_CHECKING:
    from mtgjudge.model.vocab.words import Word

KEYWORDS = ("Haste", "Flying", "Defender", "Trample", "Indestructible", "Vigilance", "Reach", "Deathtouch",
            "Lifelink", "Infect", "Wither", "First strike", "Double strike", "Menace", "Flash", "Hexproof", "Shroud",
            "Convoke", "Delve", "Improvise",   # 702.51, 702.66, 702.126: alternatives to paying mana
            "Devoid", "Changeling",            # 702.114, 702.73: characteristic-defining (rules.characteristics)
            "Split second",                    # 702.61: on the stack (rules.timing.split_second_requirement)
            "Rebound")                         # 702.88a: performed as the spell resolves (engine.delayed.rebound)

#: ``CostPart.n`` / ``ManaProduction.amount`` value meaning "X" (chosen on activation, CR 107.3).
X_COUNT = -1


def count_word(n: int) -> str:
    return "a" if n == 1 else "X" if n == X_COUNT else str(n)


@dataclass(frozen=True)
class CostPart:
    """One part of a cost (CR 118, 602.1a). ``kind`` says which; the other fields are its parameters."""

    kind: str                          # mana | tap | untap | pay_life | sacrifice | sacrifice_self |
                                       # remove_counters | tap_untapped | discard | exile_from_graveyard |
                                       # loyalty (606.4: n is +N or -N; counter "X" for -X) | discard_self |
                                       # exile_self_from_graveyard | exile_self_from_hand | put_counters |
                                       # return_to_hand
    mana: tuple[Symbol, ...] = ()
    n: int = 1
    what: Selector | None = None
    counter: str = ""
    # "Sacrifice an artifact or creature": other kinds of permanent that may pay the part too,
    # each permanent paying it fitting ``what`` or one of these (``payment.problem.part_fits``)
    alternatives: tuple[Selector, ...] = ()
    at_random: bool = False            # "Discard a card at random" (701.9b)

    def text(self) -> str:
        k = self.kind
        if k == "mana":
            return format_cost(self.mana)
        if k == "tap":
            return "{T}"
        if k == "untap":
            return "{Q}"
        if k == "pay_life":
            return f"Pay {count_word(self.n) if self.n == X_COUNT else self.n} life"
        if k == "sacrifice_self":
            return "Sacrifice this"
        if k == "sacrifice":
            return f"Sacrifice {count_word(self.n)} {self.what.describe() if self.what else 'permanent'}" + "".join(
                f" or {alt.describe()}" for alt in self.alternatives)
        if k == "remove_counters":
            if self.n == X_COUNT:
                return f"Remove X {self.counter} counters from this"
            return f"Remove {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} from this"
        if k == "tap_untapped":
            # The selector already says "untapped" (the cost can only tap untapped permanents).
            what = self.what.describe() if self.what else "untapped creature you control"
            return f"Tap {'an' if what[0] in 'aeiou' else 'a'} {what}" if self.n == 1 else f"Tap {self.n} {what}"
        if k == "crew":
            return f"Tap any number of other untapped creatures you control with total power {self.n} or greater"
        if k == "discard":
            return (f"Discard {count_word(self.n)} {self.what.describe() + ' ' if self.what else ''}"
                    f"card{'s' if self.n > 1 or self.n == X_COUNT else ''}" + (" at random" if self.at_random else ""))
        if k == "exile_from_graveyard":
            return (f"Exile {count_word(self.n)} {self.what.describe() + ' ' if self.what else ''}"
                    f"card{'s' if self.n > 1 or self.n == X_COUNT else ''} from your graveyard")
        if k == "loyalty":
            return "−X" if self.counter == "X" else (f"+{self.n}" if self.n > 0 else ("0" if self.n == 0 else f"−{-self.n}"))
        if k == "discard_self":
            return "Discard this card"
        if k == "exile_self_from_graveyard":
            return "Exile this card from your graveyard"
        if k == "exile_self_from_hand":
            return "Exile this card from your hand"
        if k == "reveal_from_hand":
            what = self.what.describe() if self.what else ""
            return f"Reveal {count_word(self.n)} {what + ' ' if what else ''}card{'s' if self.n > 1 else ''} from your hand"
        if k == "put_counters_on":
            what = self.what.describe() if self.what else "permanent you control"
            return (f"Put {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} on "
                    f"{'an' if what[0] in 'aeiou' else 'a'} {what}")
        if k == "put_counters":
            return f"Put {count_word(self.n)} {self.counter} counter{'s' if self.n > 1 else ''} on this"
        if k == "return_to_hand":
            what = self.what.describe() if self.what else "permanent you control"
            return f"Return {count_word(self.n) if self.n > 1 or self.n == X_COUNT else ('an' if what[0] in 'aeiou' else 'a')} {what} to its owner's hand"
        return k


def cost_text(cost: tuple[CostPart, ...]) -> str:
    return ", ".join(p.text() for p in cost)


@dataclass(frozen=True)
class Effect:
    """One effect of a spell or ability: a word of the effect family and its arguments (validated)."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()
    word: "Word | None" = field(default=None, compare=False, repr=False)

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def text(self) -> str:
        return self.word.render(dict(self.args)) if self.word is not None else self.kind


@dataclass(frozen=True)
class StaticEffect:
    """A static ability's effect (CR 604): a word of the static family and its arguments; ``affects``
    selects the objects it applies to (None: the object itself)."""

    kind: str
    affects: Selector | None = None
    args: tuple[tuple[str, Any], ...] = ()
    word: "Word | None" = field(default=None, compare=False, repr=False)

    def arg(self, key: str, default: Any = None) -> Any:
        return dict(self.args).get(key, default)

    def text(self) -> str:
        return self.word.render(self) if self.word is not None else self.kind


@dataclass(frozen=True)
class ManaProduction:
    """What a mana ability adds (CR 106.1, 605.1a).

    mode:
      ``fixed``        exactly ``fixed`` (a tuple of type letters, e.g. ("G", "G")).
      ``one_type``     ``amount`` mana, all of one type chosen from ``choices`` ("Add {R} or {G}";
                       "two mana of any one color").
      ``combination``  ``amount`` mana, each of any type in ``choices`` ("any combination of colors").
      ``options``      one of ``options``, each fixed mana ("Add {W}{W}, {W}{U}, or {U}{U}").
      ``reflect``      one mana of any type (or color, ``reflect_colors_only``) that the permanents
                       ``reflect`` selects could produce (CR 106.7); ``reflect_sacrificed`` for "the
                       sacrificed land".
      ``chosen_color`` ``amount`` mana of the color chosen for the object (``chosen: {color: G}``).
      ``color_of``     one mana of a color of a permanent ``color_of`` selects (Meteor Crater; none if no
                       such permanent is colored, CR 106.5).
      ``colors_among`` one mana of each color among the permanents ``color_of`` selects (Bloom Tender).
      ``color_of_card`` one mana of a color of a card in its controller's ``card_zone`` ("a card in your
                       graveyard": Corrupted Grafstone; none if no such card is colored, 106.5).
      ``produced_type`` (triggered mana abilities) one mana of any type the triggering permanent produced.
      ``double_pool``  double the amount of each type of unspent mana (Doubling Cube, CR 106.6 example).
    ``per``: when given, the amount is multiplied by the number of permanents it selects ("for each");
    ``per_power``: by the permanent's own power (0 if it is 0 or less, 107.1b).
    ``amount`` may be ``X_COUNT``: X, the number of counters removed to pay the cost (Calciform Pools);
    ``x_plus``: then the amount is X plus that many (Mana Battery: "Add {R}, then add an additional {R} for each
    charge counter removed this way"; X may then be 0).
    ``instead_if`` / ``instead``: a self-replacement (CR 614.15) "If <condition>, add <instead> instead";
    conditions: ``played_land_this_turn``; ``control``: you control a permanent of each of ``instead_control``.
    """

    mode: str
    fixed: tuple[str, ...] = ()
    choices: str = ""
    amount: int = 1
    reflect: Selector | None = None
    reflect_colors_only: bool = False
    reflect_sacrificed: bool = False
    per: Selector | None = None
    per_counter: str = ""            # "for each <kind> counter on this"
    color_of: Selector | None = None
    card_zone: str = ""
    instead_if: str = ""
    instead: tuple[str, ...] = ()
    options: tuple[tuple[str, ...], ...] = ()
    x_plus: int = 0
    instead_control: tuple[tuple[Selector, ...], ...] = ()   # instead_if "control": for each permanent you
                                                              # must control, what it must match (all of them)
    per_power: bool = False          # "an amount of {G} equal to this's power" (``fixed`` one symbol)
    per_life: bool = False           # "X mana ..., where X is your life total" (107.3a)
    per_greatest_power: Selector | None = None   # "..., where X is the greatest power among <permanents>"
    per_devotion: str = ""           # "equal to your devotion to green" (a color letter; "chosen": the color chosen)
    per_card_in: tuple[str, Selector] | None = None   # "for each black creature card in your graveyard": (zone, what)
    per_domain: bool = False         # "X is the number of basic land types among lands you control"
    instead_counter: str = ""        # instead_if "counter": it has a counter of this kind
    instead_production: ManaProduction | None = None   # what it adds then ("instead add one mana of any color")

    @property
    def amount_from_game(self) -> bool:
        """Does the amount depend on the game beyond the permanent itself (its controller's life, other
        permanents' power)? Other mana abilities activated meanwhile (paying life, sacrificing) could change it."""
        return (self.per_life or self.per_greatest_power is not None or bool(self.per_devotion)
                or self.per_card_in is not None or self.per_domain or self.mode == "colors_among")

    def text(self) -> str:
        each = ""
        if self.per_power:
            return "Add an amount of " + "".join("{%s}" % t for t in self.fixed) + " equal to this's power"
        if self.per is not None:
            each = f" for each {self.per.describe()}"
        if self.per_counter:
            each = f" for each {self.per_counter} counter on this"
        if self.per_devotion:
            each = " for each point of your devotion to " + ("that color" if self.per_devotion == "chosen" else
                                                             "{%s}" % self.per_devotion)
        if self.instead_production is not None:
            return (ManaProduction(self.mode, fixed=self.fixed, choices=self.choices, amount=self.amount).text() +
                    f". If this has a {self.instead_counter} counter on it, instead "
                    + self.instead_production.text()[0].lower() + self.instead_production.text()[1:])
        if self.per_card_in is not None:
            each = f" for each {self.per_card_in[1].describe()} card in your {self.per_card_in[0]}"
        if self.per_domain:
            each = " for each basic land type among lands you control"
        if self.mode == "colors_among":
            assert self.color_of is not None
            return f"For each color among {self.color_of.describe()}, add one mana of that color"
        if self.per_life:
            each = " for each point of your life total"
        if self.per_greatest_power is not None:
            each = f" for each point of the greatest power among {self.per_greatest_power.describe()}"
        if self.mode == "fixed":
            return "Add " + "".join("{%s}" % t for t in self.fixed) + each
        if self.mode == "one_type":
            if self.choices == COLORS:
                what = "one mana" if self.amount == 1 else f"{self.amount} mana"
                return f"Add {what} of any {'one ' if self.amount > 1 else ''}color" + each
            if self.amount == 1:
                return "Add " + " or ".join("{%s}" % c for c in self.choices) + each
            return f"Add {self.amount} mana of any one type among " + "".join("{%s}" % c for c in self.choices)
        if self.mode == "options":
            words = ["".join("{%s}" % t for t in o) for o in self.options]
            return "Add " + ", ".join(words[:-1]) + (", or " if len(words) > 2 else " or ") + words[-1] + each
        if self.mode == "combination":
            if self.choices == COLORS:
                return f"Add {self.amount} mana in any combination of colors" + each
            return f"Add {self.amount} mana in any combination of " + " and/or ".join("{%s}" % c for c in self.choices) + each
        if self.mode == "reflect":
            kind = "color" if self.reflect_colors_only else "type"
            if self.reflect_sacrificed:
                return f"Add one mana of any {kind} the sacrificed land could produce"
            sel = self.reflect
            assert sel is not None
            return f"Add one mana of any {kind} that {_article(sel)} could produce"
        if self.mode == "chosen_color":
            return f"Add {'one mana' if self.amount == 1 else str(self.amount) + ' mana'} of the chosen color" + each
        if self.mode == "color_of":
            assert self.color_of is not None
            return f"Choose a color of {_article(self.color_of)}. Add one mana of that color"
        if self.mode == "color_of_card":
            return f"Choose a color of a card in your {self.card_zone}. Add one mana of that color"
        if self.mode == "produced_type":
            return "Add one mana of any type that permanent produced"
        if self.mode == "double_pool":
            return "Double the amount of each type of unspent mana you have"
        return self.mode

    def full_text(self) -> str:
        """The text with its self-replacement and X, as on the card."""
        t = self.text()
        if self.amount == X_COUNT:
            t = t.replace(f"Add {X_COUNT} mana", f"Add X plus {self.x_plus} mana" if self.x_plus else "Add X mana")
        if self.instead_if == "played_land_this_turn":
            t += ". If you played a land this turn, add " + "".join("{%s}" % c for c in self.instead) + " instead"
        if self.instead_if == "control":
            t += (". If you control " + " and ".join("a " + " ".join(s.subtypes[0] for s in group) for group in self.instead_control) + ", add "
                  + "".join("{%s}" % c for c in self.instead) + " instead")
        return t


def _article(sel: Selector) -> str:
    d = sel.describe()
    return ("an " if d[0] in "aeiou" else "a ") + d


@dataclass(frozen=True)
class TriggerEvent:
    """A trigger condition the engine watches for (CR 603.2). ``event``: ``enters``, ``dies``, ``leaves``
    (zone changes, 603.6a, 603.10a), ``cast`` (603.2e: when the spell becomes cast, 601.2i), ``upkeep`` or
    ``end`` (the beginning of that step of its controller's turn, 503.1a, 513.1a), ``becomes_tapped`` (the object
    itself changes from untapped to tapped on the battlefield, 603.2e), ``attacks`` or ``blocks`` (508.1, 509.1:
    the engine declares no attackers or blockers, so these never happen in its games), ``cycles`` ("When you
    cycle ~", 702.29: the engine performs no cycling, so it never happens in its games either), ``haunted_dies`` ("the creature it haunts dies", 702.55c:
    no card haunts a creature in the engine's games, since Haunt's own trigger is not performed), ``turned_face_up``
    (702.37e: the engine turns no permanent face up). ``who``: whose zone
    change: ``self`` (the object with the ability), ``other`` ("another ...": any other matching object),
    ``self_or_other`` ("~ or another ..."), ``any`` (any matching object, itself included); for ``cast``,
    ``you``: the spell's caster must be the ability's controller; for steps, ``you``: on its controller's
    turn, ``each``: on every player's turn, ``opponent``: on its controller's opponents' turns. ``what``: what the other objects or the spell must be (a noun phrase read by ``vocab.phrases``)."""

    event: str
    who: str = "self"
    what: "TargetSpec | None" = None
    also: str = ""      # a second event of the same object ("When ~ enters or dies"): either triggers it

    def on(self, event: str) -> bool:
        """Does ``event`` meet this condition (its event, or the second one)?"""
        return event == self.event or (bool(self.also) and event == self.also)


@dataclass(frozen=True)
class ManaTrigger:
    """The event of a triggered mana ability and what it adds (CR 605.1b, 106.12a).

    ``event``: ``tapped_for_mana`` (a permanent is tapped for mana: an activated mana ability with {T} in
    its cost resolves and produces mana, 106.12a) or ``adds_chosen_color`` (a land's ability makes you add
    mana of the chosen color: Caged Sun). ``of``: ``land`` (any land), ``enchanted`` (the permanent this
    Aura is attached to; ``enchanted_is`` a subtype it must have). ``by``: who must be the player tapping
    or adding: ``any`` or ``you``. The mana goes to that player. ``add``: what it adds.
    """

    event: str
    of: str
    by: str
    add: ManaProduction
    enchanted_is: str = ""

    def text(self) -> str:
        who = {"any": "that player adds", "you": "add"}[self.by]
        if self.of == "enchanted":
            who = "its controller adds an additional"
        body = self.add.text()
        return f"{who} {body[4:] if body.startswith('Add ') else body}"


@dataclass(frozen=True)
class Ability:
    """One ability of a card (CR 113.3).

    kind: ``mana`` (an activated mana ability, CR 605.1a), ``activated``, ``static``, ``keyword``,
    ``triggered``, ``spell`` (a spell's effect) or ``unmodelled`` (text the product cannot represent:
    any question that depends on it is answered ``unsupported``, naming ``source_text``).
    """

    kind: str
    cost: tuple[CostPart, ...] = ()
    production: ManaProduction | None = None
    effects: tuple[Effect, ...] = ()
    static: StaticEffect | None = None
    keyword: str = ""
    timing: str = "any"               # activated: any | sorcery (602.5d) | instant
    once_each_turn: bool = False       # "Activate only once each turn" (602.5b)
    during: str = ""                   # "Activate only during your turn" / "your upkeep" (602.5)
    only_if: str = ""                  # activated (not mana): "Activate only if you have no cards in hand" (602.5)
    any_player: bool = False           # activated (not mana): "Any player may activate this ability." (602.2)
    unread: str = ""                   # activated: the parts the model does not read (its cost, activation
                                       # instructions 602.5, a spending restriction 106.6): whether and when it
                                       # may be activated, and how its mana may be spent, are unknown; what it
                                       # would produce (106.7, costs ignored) is not affected
    targets: tuple[str, ...] = ()      # what it targets, as target phrases (rules.targets)
    trigger: str = ""                  # triggered: the event, as words
    source_text: str = ""              # unmodelled: the card text; others: optional override of text()
    rule_given: str = ""               # abilities the rules give the object (305.6): the rule number
    spend_only: str = ""               # mana abilities: "Spend this mana only to cast a creature spell" (106.6)
    granted_by: str = ""               # an ability another object's effect gives it (layer 6): that object's name
    mana_trigger: "ManaTrigger | None" = None   # triggered mana abilities (605.1b): event and what it adds
    trigger_event: "TriggerEvent | None" = None  # triggered: the condition read (603.2); None: read from ``trigger``
    intervening: str = ""              # triggered: an intervening "if" the engine decides (603.4): ``kicked``
    unmodelled_kind: str = ""          # unmodelled: static | activated | mana | triggered | spell
    scope: tuple[Scope, ...] = ()      # unmodelled: what the text can change; empty: unknown, so anything
    zones: tuple[str, ...] = ()        # unmodelled: the zones where the text functions (113.6); empty: any
    modes: tuple["Ability", ...] = ()  # modal (700.2): each mode read as the same text alone is (a spell ability)
    choose: tuple[int, int] = (0, 0)   # modal: how many modes are chosen, at least and at most (700.2)
    mode_repeat: bool = False          # modal: "You may choose the same mode more than once." (700.2d)

    @property
    def is_mana_ability(self) -> bool:
        """CR 605.1a: an activated ability that could add mana, with no target, not a loyalty ability."""
        return self.kind == "mana"

    @property
    def is_loyalty_ability(self) -> bool:
        """CR 606.3: an activated ability with a loyalty symbol in its cost."""
        return any(p.kind == "loyalty" for p in self.cost)

    @property
    def is_triggered_mana_ability(self) -> bool:
        """CR 605.1b: triggers from a mana ability / mana being added, and could add mana."""
        return self.kind == "triggered" and self.mana_trigger is not None

    def may_concern(self, scope: Scope | str) -> bool:
        """For an unmodelled ability: could its text matter to questions about ``scope``? An unmodelled
        ability with no declared scope may matter to anything."""
        return not self.scope or Scope(scope) in self.scope

    def functions_in(self, zone: str) -> bool:
        """Does the ability function while its object is in ``zone``? (113.6: abilities of permanents usually
        function only on the battlefield, an instant's or sorcery's only on the stack.) Unknown: yes."""
        return not self.zones or zone in self.zones

    @property
    def is_activated(self) -> bool:
        return self.kind in ("mana", "activated")

    def text(self) -> str:
        if self.kind == "keyword":
            return self.keyword
        if self.kind == "unmodelled":
            return self.source_text
        if self.source_text:
            return self.source_text
        if self.kind == "mana":
            assert self.production is not None
            spend = f" Spend this mana only to {self.spend_only}." if self.spend_only else ""
            return f"{cost_text(self.cost)}: {self.production.full_text()}.{spend}"
        if self.kind == "activated":
            body = ". ".join(e.text() for e in self.effects)
            tail = ""
            if self.timing == "sorcery":
                tail = " Activate only as a sorcery."
            if self.once_each_turn:
                tail += " Activate only once each turn."
            if self.during:
                tail += f" Activate only during {self.during}."
            if self.only_if:
                tail += f" Activate only if {self.only_if}."
            if self.any_player:
                tail += " Any player may activate this ability."
            return f"{cost_text(self.cost)}: {body}.{tail}"
        if self.kind == "static":
            assert self.static is not None
            return self.static.text()
        if self.kind == "triggered":
            if self.mana_trigger is not None:
                return f"{self.trigger}, {self.mana_trigger.text()}."
            body = ". ".join(e.text() for e in self.effects)
            return f"{self.trigger}, {body[:1].lower()}{body[1:]}."
        if self.kind == "spell":
            return ". ".join(e.text() for e in self.effects) + "."
        return self.kind
