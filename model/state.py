"""The game state: players, zones, turn and step, the stack, what is in force, and what the rules remember
(zone changes, triggered abilities waiting, players who left, who took which turn): one immutable value, the
position every rule reads.

Everything in force (611.2) is one record family, ``Lasting``: a payload (an ``InForce`` shape: an effect of the
question's ``effects:``, a change to one object, a shield, a replacement, a restriction, a delayed triggered
ability, an untap skip, a linked exile, a control effect) and the ``Duration`` stated as it began. Durations are
read by ``rules.durations`` and ended by one function, ``engine.turn.end_lasting``.

Build one directly or from a question file (``mtgjudge.queries``); change one only with
:meth:`GameState.evolve` (or ``with_object``/``with_player``), which gives a new value with fresh caches.
Zones are ordered tuples of object ids; objects live in ``GameState.objects`` keyed by id.
"""
from __future__ import annotations

from dataclasses import field, fields, replace
from typing import Any, Generic, Iterable, Iterator, TypeVar, Union

from mtgjudge.model.mana import COLOR_NAMES
from mtgjudge.model.objects import CardDef, GameObject
from mtgjudge.model.lazy_dataclass import dataclass

STEPS = ("untap", "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers",
         "declare-blockers", "combat-damage", "end-of-combat", "postcombat-main", "end", "cleanup")
MAIN_PHASES = ("precombat-main", "postcombat-main")
#: Steps in which no player receives priority (CR 502.4 untap; 514.3 cleanup, usually).
NO_PRIORITY_STEPS = ("untap", "cleanup")
#: 506.4, 508.1k, 509.1g: creatures are attacking or blocking only from these steps of the combat phase on.
COMBAT_STEPS = ("declare-attackers", "declare-blockers", "combat-damage", "end-of-combat")


#: The most mana a player's pool may hold in the model: the state keeps pool mana unit by unit (a question
#: giving more is refused; the engine leaving more is past its bound).
MAX_POOL = 1_000_000


@dataclass(frozen=True)
class PoolMana:
    """One mana in a mana pool (CR 106.4), with the object whose ability made it where that matters
    (snow, CR 107.4h; spending restrictions, 106.6)."""

    type: str
    source: str | None = None


@dataclass(frozen=True)
class Player:
    name: str
    life: int = 20
    lands_played: int = 0
    mana_pool: tuple[PoolMana, ...] = ()
    zones: tuple[tuple[str, tuple[str, ...]], ...] = ()   # zone name -> object ids (top first)
    unknown_library: int = 0                                # "library: N": cards nobody knows
    counters: tuple[tuple[str, int], ...] = ()              # counters on the player (122.1: energy, 107.14)
    poison: int = 0                                         # poison counters (122.1f; 704.5c: ten or more loses)

    def counter(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)

    def zone(self, name: str) -> tuple[str, ...]:
        return dict(self.zones).get(name, ())


@dataclass(frozen=True)
class Turn:
    active: str
    number: int
    step: str = "precombat-main"
    #: 500.7: extra turns added directly after this one, in the order they will be taken (the most recently
    #: created first), by the player who takes each
    extra: tuple[str, ...] = ()
    #: the player after whose seat the regular turn order goes on once the extra turns are taken: the active
    #: player of the last turn that was not an extra turn ("": this turn's active player, 500.1)
    resume: str = ""


@dataclass(frozen=True)
class StackAbility:
    """An activated or triggered ability on the stack (CR 113.7): its source, which of its abilities, and
    how many zone changes its source had made when it was put there (610.3b: whether the source has left
    the battlefield since; 400.7)."""

    source: str
    index: int
    controller: str
    targets: tuple[str, ...] = ()
    source_moves: int = 0
    face: int | None = None   # the face of its source it is an ability of (712.18, 701.27f); None: the face up
    source_transformed: bool = False   # its source transformed since it was put on the stack (701.27f)
    lki: GameObject | None = None     # a leaves-the-battlefield trigger: its source as it last existed (603.10a)
    delayed: "DelayedTrigger | None" = None   # a delayed triggered ability (603.7): not an ability of ``source``
    modes: tuple[int, ...] | None = None   # a modal ability: the modes chosen as it was put on the stack (700.2b)
    chosen: bool = False              # its targets were chosen as the engine put it on the stack (603.3d), so
                                      # () means none were chosen ("up to"), not that they are unknown
    subject: str | None = None        # the object its trigger event was about ("that creature", 702.83a)
    subject_moves: int = 0            # and that object's zone changes then (400.7: the same object?)
    amount: int | None = None         # the damage its trigger event dealt ("you gain that much life", 603.2)
    player: str | None = None         # the player its trigger event was about ("that player", "defending player")


@dataclass(frozen=True)
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (603.3)."""

    source: str
    index: int
    controller: str
    source_moves: int
    lki: GameObject | None = None     # a leaves-the-battlefield trigger: its source as it last existed (603.10a)
    delayed: "DelayedTrigger | None" = None   # a delayed triggered ability (603.7): not an ability of ``source``
    subject: str | None = None        # the object its trigger event was about (a combat event's creature)
    subject_moves: int = 0            # and that object's zone changes then (400.7)
    amount: int | None = None         # the damage its trigger event dealt ("that much", 603.2)
    player: str | None = None         # the player its trigger event was about: the player dealt combat damage
                                      # (510.2: "that player"), an attacking creature's defending player (508.5)


@dataclass(frozen=True)
class LinkedExile:
    """Cards exiled until ``source`` (as the object it was after ``source_moves`` zone changes) leaves the
    battlefield (610.3); ``exiled``: (id, its zone-change count once exiled). Its ``Lasting``'s duration says
    how it ends: "source_leaves" (exiled "until" the source leaves, returning by itself, 610.3), or none (exiled
    by an ability linked to another of the same object's abilities, which returns it: "the exiled card",
    607.2a)."""

    source: str
    source_moves: int
    controller: str
    exiled: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class EffectInForce:
    """What a resolved spell or ability left behind (CR 611): from which card (and face), which of its
    abilities (None: its spell's effect), on what objects."""

    card: CardDef
    controller: str
    face: int = 0
    ability: int | None = None
    objects: tuple[str, ...] = ()
    chosen: tuple[tuple[str, str], ...] = ()
    x: int | None = None
    timestamp: int = 0

    @property
    def source_card(self) -> str:
        """The name of the card (face) that created it."""
        return self.card.faces[self.face].name


@dataclass(frozen=True)
class PTChange:
    """An "until end of turn" continuous effect of a resolved spell or ability on one object (611.2a), in force as
    long as its ``Lasting``'s duration says (514.2, 511.2); 400.7: a marker once that object left its zone. It may
    change power and toughness (613.4c, layer 7c: "gets +N/+N"), grant keywords (613.1f, layer 6: "gains flying"),
    switch power and toughness (613.4d, layer 7d), change its controller (613.1b, layer 2: the engine sets the
    object's controller and sets it back as the effect ends) and add rules to the game for that object (``rules``:
    "can't block", "can't be blocked"; 613.11, which combat reads)."""

    object: str
    power: int
    toughness: int
    origin: str
    timestamp: int = 0
    keywords: tuple[str, ...] = ()
    switch: bool = False
    rules: tuple[str, ...] = ()
    control: str = ""             # 613.1b (layer 2): the player who controls the object by this effect ...
    control_before: str = ""      # ... and who controlled it as the effect began
    colors: str = ""              # 613.1e (layer 5): "becomes black": its colors are these letters
    loses: tuple[str, ...] = ()   # 613.1f (layer 6): "loses flying": these keywords are removed
    # "becomes a 2/2 creature ... It's still a land" (``words.becomes``): 613.1d (layer 4) card types added, the
    # object keeping its other types (205.1b); its creature types set to these (205.1a), or to all of them
    types: tuple[str, ...] = ()
    creature_types: tuple[str, ...] = ()
    all_creature_types: bool = False
    loses_all: bool = False       # 613.1f (layer 6): "loses all abilities", in timestamp order with the rest
    base: tuple[int, int] | None = None   # 613.4b (layer 7b): its base power and toughness are these
    blocks: str = ""              # 509.1c: the attacking creature the object blocks this combat if able (702.39a)

    def describe(self) -> str:
        """What the effect does, in words ("+2/+2 and trample")."""
        parts = [f"{self.power:+d}/{self.toughness:+d}"] if (self.power, self.toughness) != (0, 0) else []
        if self.loses_all:
            parts.insert(0, "loses all abilities")
        if self.types or self.creature_types or self.all_creature_types:
            kinds = " ".join(list(self.creature_types) + [t.lower() for t in self.types]) or "creature"
            article = "an" if kinds[:1].lower() in "aeiou" else "a"
            parts.append(f"is {article} {kinds}" + (" with all creature types" if self.all_creature_types else "")
                         + (" (and keeps its other types)" if self.types else ""))
        if self.base is not None:
            parts.append(f"base power and toughness {self.base[0]}/{self.base[1]}")
        parts += [k.lower() for k in self.keywords]
        parts += ["loses " + k.lower() for k in self.loses]
        if self.colors:
            parts.insert(0, "becomes " + " and ".join(COLOR_NAMES[c] for c in self.colors))
        if self.switch:
            parts.append("power and toughness switched")
        parts += list(self.rules)
        if self.blocks:
            parts.append(f"blocks {self.blocks} if able")
        if self.control:
            parts.insert(0, f"control by {self.control}")
        return " and ".join(parts) or "no change"


@dataclass(frozen=True)
class PreventionShield:
    """A prevention effect of a resolved spell or ability (615.1), in force until the cleanup step ends it
    (514.2, its ``Lasting``'s duration): ``what`` the damage it prevents ("combat damage": all combat damage dealt
    this turn, 615.1a), ``origin`` the name of its source."""

    what: str
    origin: str
    by: str = ""      # only damage dealt by sources of this description ("attacking creature"); "": any source
    to_players: bool = False   # only damage dealt to players
    to: str = ""      # only damage dealt to this object or player (615.7: "to target creature")
    source: str = ""  # only damage this object deals ("Prevent all damage target creature would deal")
    left: int | None = None   # a shield that prevents "the next N damage" (615.7): how much it still prevents
    to_np: str = ""   # or to each permanent this noun phrase names as the damage would be dealt ("creatures")
    by_np: str = ""   # only damage dealt by a permanent this noun phrase names then ("by creatures")
    controller: str = ""   # whose spell or ability made it (what "you" in its noun phrases is)

    def describe(self) -> str:
        """How the outcome and the log name it."""
        if self.to or self.source or self.left is not None or self.to_np or self.by_np:
            amount = f"the next {self.left} damage" if self.left is not None else f"all {self.what}"
            to = " and ".join(x for x in (self.to, f"{self.to_np} ({self.controller})" if self.to_np else "") if x)
            by = self.source or (f"{self.by_np} ({self.controller})" if self.by_np else "")
            return f"{amount} that would be dealt{' to ' + to if to else ''}{' by ' + by if by else ''} this turn " \
                   f"is prevented ({self.origin})"
        by = f" by each {self.by}" if self.by else ""
        to = " to players" if self.to_players else ""
        return f"all {self.what} that would be dealt{to} this turn{by} is prevented ({self.origin})"


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability (603.7) a resolving spell or ability created: it triggers once (603.7c), the
    next time ``step`` ("upkeep" or "end") begins in a turn after ``after_turn`` ("the next turn's upkeep") or
    at all ("the next end step": any later beginning of it), of ``whose`` turn if set ("your next upkeep").
    ``effect``: what it does (a word of the encoding); ``objects``: the objects it refers to, each as (id, its
    zone-change count when the effect named it): if one has moved since, it is a new object and the ability
    does nothing to it (603.7c, 400.7). ``origin``: the name of the spell or ability's source. In force (its
    ``Lasting``'s duration) until it triggers."""

    controller: str
    step: str
    effect: Any
    origin: str
    after_turn: int = -1
    whose: str = ""
    objects: tuple[tuple[str, int], ...] = ()
    text: str = ""
    player: str = ""      # "its controller" (the controller of the object it refers to, as the effect named it)
    source: str = ""      # the id of the spell or ability's source (608.2: its effects' source)

    def describe(self) -> str:
        """How the outcome and the log name it."""
        return f"{self.text} ({self.origin}, {self.controller})"


@dataclass(frozen=True)
class UntapSkip:
    """"It doesn't untap during its controller's next untap step" (502.3, 611.2): the permanent ``object`` (as
    the object it was after ``moves`` zone changes, 400.7) doesn't untap during the next untap step of whoever
    controls it then (the effect tracks the permanent, not its controller: Rush of Ice's ruling 2015-08-25);
    ``steps``: how many of those untap steps it skips ("next two untap steps"). Its ``Lasting``'s duration: until
    those untap steps (``words.tapping.perform.untapping`` ends it)."""

    object: str
    moves: int
    origin: str
    steps: int = 1
    # "Lands you control don't untap during your next untap step": every permanent of one of the types
    # ``kinds`` that ``player`` controls as their next untap step begins, those that enter later too (``object``
    # is ""; Bontu's Last Reckoning's rulings 2017-07-14)
    player: str = ""
    kinds: tuple[str, ...] = ()

    def describe(self) -> str:
        """How the outcome and the log name it."""
        if self.player:
            what = " and ".join(k.lower() + "s" for k in self.kinds)
            return f"{what} {self.player} controls don't untap during {self.player}'s next untap step ({self.origin})"
        n = "next untap step" if self.steps == 1 else f"next {self.steps} untap steps"
        return f"doesn't untap during its controller's {n} ({self.origin})"


@dataclass(frozen=True)
class PlayerRestriction:
    """"Target player can't play lands this turn", "Your opponents can't cast spells this turn" (101.2: a "can't"
    wins; 611.2a, 514.2: it ends in this turn's cleanup step, as its ``Lasting``'s duration says): ``player``
    can't do ``what`` ("cast_spells", "cast_creature_spells", "play_lands"). ``rules.restrictions`` reads it."""

    player: str
    what: str
    origin: str

    def describe(self) -> str:
        """How the outcome and the log name it."""
        verb = {"cast_spells": "can't cast spells", "cast_creature_spells": "can't cast creature spells",
                "play_lands": "can't play lands"}[self.what]
        return f"{self.player} {verb} this turn ({self.origin})"


@dataclass(frozen=True)
class TurnReplacement:
    """A replacement effect of a resolved spell or ability on one permanent that lasts this turn (614.1a,
    514.2): ``kind`` "regenerate" (a regeneration shield, 701.19a: used up the next time it would be
    destroyed), "no_regeneration" (701.19c: regeneration shields are not applied to it) or "exile_if_dies"
    ("if it would die this turn, exile it instead", 614.1a, 700.4) or "exile_if_leaves" (unearth's "If it would
    leave the battlefield, exile it instead of putting it anywhere else", 702.84a: its duration states none, 611.2a,
    and it ends as its permanent leaves, 400.7); ``origin`` the name of its source. Its ``Lasting``'s duration:
    this turn, but for "exile_if_leaves"."""

    kind: str
    object: str
    origin: str

    def describe(self) -> str:
        """How the outcome and the log name it."""
        what = {"regenerate": "a regeneration shield is on {o}",
                "no_regeneration": "{o} can't be regenerated this turn",
                "exile_if_dies": "if {o} would die this turn, it is exiled instead",
                "exile_if_leaves": "if {o} would leave the battlefield, it is exiled instead of put anywhere else",
                "no_prevention": "damage can't be prevented this turn"}[self.kind]   # 615.12
        return what.format(o=self.object) + f" ({self.origin})"


@dataclass(frozen=True)
class ControlEffect:
    """A control effect of a resolved spell or ability that states no duration (613.1b, 611.2a): the permanent
    ``object`` (as the object it was after ``moves`` zone changes, 400.7) is controlled by an effect, not by the
    player who has it by default (800.4c asks, ``words.until.perform.end_control``)."""

    object: str
    moves: int

    def describe(self) -> str:
        """How the log names it."""
        return f"{self.object} is controlled by an effect"


#: What a ``Duration`` may say (611.2a-b): until this turn's cleanup step (514.2), until the end of combat (511.2),
#: until the cleanup step of its controller's next turn, for as long as the card it names remains exiled (611.2b),
#: until its source leaves the battlefield (610.3), until it triggers (a delayed triggered ability, 603.7c), until
#: the untap step(s) it names (502.3), or "" (it states none: the rest of the game, 611.2a). ``UNKNOWN``: the card
#: that made it states a duration the engine does not read (``Duration.why``).
UNTILS = ("end_of_turn", "end_of_combat", "end_of_your_next_turn", "while_exiled", "source_leaves", "triggers",
          "untap_step", "")
UNKNOWN = "unknown"


@dataclass(frozen=True)
class TurnHistory:
    """What happened this turn that rules and cards ask about later: ``spells_cast`` (player, how many spells they
    cast this turn: storm, 702.40a; "if you've cast another spell this turn"), ``damaged`` (the players dealt damage
    this turn: bloodthirst, 702.54a), ``died`` (how many creatures died this turn, 700.4: morbid), ``left`` (the
    players a permanent they controlled left the battlefield this turn: revolt), ``attacked_with`` (the players who
    declared one or more attacking creatures this turn, 508.1: raid), ``attacked`` (the players attacked this
    step, 508.6: reset as each step begins) and ``cast_order`` (the spells cast during the question's actions, in the
    order they became cast, each as (id, its zone changes then): which spells were cast before one, storm, 702.40a;
    those cast before the question are counted in ``spells_cast`` only) and ``dealt_damage`` (each permanent dealt
    damage this turn and its source, each as (id, its zone changes then), 400.7: "Whenever a creature dealt damage
    by ~ this turn dies", 603.10a).

    ``known``: whether the whole turn's history is in the record: the question stated it (its ``this_turn:``), or
    the turn began during the question's actions (it began with nothing done). When it is not known the record
    holds only what the actions did, a lower bound of what happened (``rules.this_turn`` reads it so).

    Of the turn before this one it keeps what "last turn" conditions ask ("if no spells were cast last turn", the
    werewolves' transform): ``last_spells_cast`` (player, how many spells they cast last turn), whole when
    ``last_known`` (the question stated it, its ``last_turn:``, or that turn's record was whole as it ended), else a
    lower bound."""

    known: bool = False
    spells_cast: tuple[tuple[str, int], ...] = ()
    damaged: tuple[str, ...] = ()
    died: int = 0
    left: tuple[str, ...] = ()
    attacked_with: tuple[str, ...] = ()
    attacked: tuple[str, ...] = ()
    cast_order: tuple[tuple[str, int], ...] = ()
    dealt_damage: tuple[tuple[str, int, str, int], ...] = ()
    last_known: bool = False
    last_spells_cast: tuple[tuple[str, int], ...] = ()

    def following(self) -> "TurnHistory":
        """The record of the turn that begins after this one (500.1): nothing done in it yet, and this turn's spells
        as its last turn's (as whole as this record was)."""
        return TurnHistory(known=True, last_known=self.known, last_spells_cast=self.spells_cast)

    def cast(self, player: str, spell: str = "", moves: int = 0) -> "TurnHistory":
        """The record after ``player`` cast one more spell (601.2i: it became cast): ``spell``, the object it is
        after ``moves`` zone changes (400.7), last in ``cast_order``."""
        n = dict(self.spells_cast)
        n[player] = n.get(player, 0) + 1
        return replace(self, spells_cast=tuple(sorted(n.items())),
                       cast_order=self.cast_order + (((spell, moves),) if spell else ()))

    def cast_before(self, spell: str, moves: int) -> int | None:
        """How many spells, any player's, are recorded as cast this turn before ``spell`` (the object it is after
        ``moves`` zone changes) became cast; None when it is not one the record saw cast."""
        if (spell, moves) not in self.cast_order:
            return None
        earlier = sum(n for _, n in self.spells_cast) - len(self.cast_order)
        return earlier + self.cast_order.index((spell, moves))

    def damage_dealt(self, to: str, to_moves: int, source: str, source_moves: int) -> "TurnHistory":
        """The record after ``source`` (after ``source_moves`` zone changes) dealt damage to the permanent ``to``
        (after ``to_moves``)."""
        entry = (to, to_moves, source, source_moves)
        return self if entry in self.dealt_damage else replace(self, dealt_damage=tuple(sorted(self.dealt_damage +
                                                                                                (entry,))))

    def noting(self, field_name: str, player: str) -> "TurnHistory":
        """The record with ``player`` in the player list ``field_name`` (``damaged``, ``left``, ``attacked_with``,
        ``attacked``)."""
        had: tuple[str, ...] = getattr(self, field_name)
        changes: dict[str, Any] = {field_name: tuple(sorted(had + (player,)))}
        return self if player in had else replace(self, **changes)

    def spells_of(self, player: str) -> int:
        """How many spells ``player`` is recorded to have cast this turn."""
        return dict(self.spells_cast).get(player, 0)


@dataclass(frozen=True)
class Duration:
    """How long something in force lasts, as stated when it began (611.2a): ``until`` (one of ``UNTILS``, or
    ``UNKNOWN``), from turn ``began``; ``controller``: the player "your next turn" speaks of. ``why``: for an
    ``UNKNOWN`` duration, why it is not known (the answer that needs its end is unsupported, saying so).
    ``rules.durations`` reads it; ``engine.turn.end_lasting`` ends what it says ends."""

    until: str
    began: int
    controller: str = ""
    why: str = ""

    def __post_init__(self) -> None:
        if self.until not in UNTILS and self.until != UNKNOWN:
            raise ValueError(f"no such duration: {self.until!r}")


#: Everything a ``Lasting`` may hold: the shapes of what is in force.
InForce = Union[PTChange, PreventionShield, TurnReplacement, PlayerRestriction, EffectInForce, DelayedTrigger,
                UntapSkip, LinkedExile, ControlEffect]

#: The order the kinds in force are kept in (``GameState.lasting``), each kind in the order it began.
_KIND_ORDER = (PTChange, PreventionShield, TurnReplacement, PlayerRestriction, EffectInForce, DelayedTrigger,
               UntapSkip, LinkedExile, ControlEffect)
_RANK = {k: i for i, k in enumerate(_KIND_ORDER)}

_P = TypeVar("_P", bound=InForce)


@dataclass(frozen=True)
class Lasting(Generic[_P]):
    """One thing in force (611.1-611.2): what it is (``payload``, one of ``InForce``) and how long it lasts
    (``duration``)."""

    payload: _P
    duration: Duration

    def with_payload(self, payload: _P) -> "Lasting[_P]":
        """The same duration over another payload (the same one, changed)."""
        return replace(self, payload=payload)


def _ordered(records: Iterable[Lasting[Any]]) -> tuple[Lasting[Any], ...]:
    """``records`` kind by kind (``_KIND_ORDER``), each kind in its own order: one order for every state."""
    return tuple(sorted(records, key=lambda l: _RANK[type(l.payload)]))


@dataclass(frozen=True)
class GameState:
    """A whole game state. ``stack`` is top first: object ids (spells) or StackAbility entries.

    What the rules remember: ``zone_changes`` (how many times each id's card moved, so that "the same
    object" is told from the new one it became, 400.7), ``pending`` (triggered abilities not yet on the stack,
    603.3), ``left`` (players who left the game, 800.4a), ``drew_empty`` (players who drew from an empty library,
    704.5b), ``turn_order`` (the seats in turn order, those who left included; empty: the players, in order) and
    ``turns_played`` ((turn number, active player) of the question's own turn and of every turn that began during
    its actions; empty: the current turn is the anchor). ``model.rules.turns`` reads the last two. ``lasting``:
    everything in force from resolved spells and abilities (611.2), each with its duration, kind by kind
    (``rules.layers`` reads the ``PTChange`` ones). ``this_turn``: what happened this turn (``TurnHistory``).
    """

    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    turn: Turn
    stack: tuple[str | StackAbility, ...] = ()
    zone_changes: tuple[tuple[str, int], ...] = ()
    pending: tuple[PendingTrigger, ...] = ()
    left: tuple[str, ...] = ()
    drew_empty: tuple[str, ...] = ()
    turn_order: tuple[str, ...] = ()
    turns_played: tuple[tuple[int, str], ...] = ()
    monarch: str | None = None          # the player who is the monarch (725.1), if any
    # 510.4: the combat damage steps of this combat whose damage has been dealt ("first-strike", "regular"), and
    # the creatures that had first strike or double strike as the first-strike step began (``engine.combat_damage``)
    combat_damage_dealt: tuple[str, ...] = ()
    first_strikers: tuple[str, ...] = ()
    #: everything in force with its duration (611.2, 613), kind by kind: read with ``in_force``/``lasting_of``,
    #: changed with ``with_lasting``/``adding``
    lasting: tuple[Lasting[Any], ...] = ()
    #: what happened this turn (spells cast, damage to players, deaths, attacks): ``TurnHistory``
    this_turn: TurnHistory = TurnHistory()
    _index: dict = field(init=False, default_factory=dict, compare=False, repr=False, hash=False)
    _cache: dict = field(init=False, default_factory=dict, compare=False, repr=False, hash=False)  # derived facts

    def __post_init__(self) -> None:
        self._index.update({o.id: o for o in self.objects})

    def evolve(self, **changes) -> "GameState":
        """A copy with some fields changed, with fresh caches; the index of objects by id is made anew only when
        ``objects`` changes (it is built once, in ``__post_init__``, and never written after). The fields are
        copied as they are (every one is an immutable value), not passed through ``__init__`` again:
        ``dataclasses.replace`` is most of the cost of a branch on a large board."""
        unknown = changes.keys() - _STATE_FIELDS
        if unknown:
            raise TypeError(f"GameState has no field {sorted(unknown)[0]!r}")
        new = object.__new__(GameState)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        d["_cache"] = {}
        if "objects" in changes:
            d["_index"] = {o.id: o for o in d["objects"]}
        return new

    # ---- what is in force
    def lasting_of(self, kind: type[_P]) -> tuple[Lasting[_P], ...]:
        """The records in force whose payload is a ``kind``, in the order they began."""
        key = ("lasting", kind)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = tuple(l for l in self.lasting if type(l.payload) is kind)
        return got

    def in_force(self, kind: type[_P]) -> tuple[_P, ...]:
        """The payloads in force of ``kind``, in the order they began."""
        key = ("in force", kind)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = tuple(l.payload for l in self.lasting_of(kind))
        return got

    def with_lasting(self, kind: type[_P], records: Iterable[Lasting[_P]]) -> "GameState":
        """A copy whose records in force of ``kind`` are ``records`` (in that order), the others as they are."""
        return self.evolve(lasting=_ordered([l for l in self.lasting if type(l.payload) is not kind] + list(records)))

    def adding(self, *records: Lasting[Any]) -> "GameState":
        """A copy with ``records`` in force too, after those of their kind."""
        return self.evolve(lasting=_ordered(self.lasting + records))

    def moved(self, oid: str) -> int:
        """How many zone changes the card ``oid`` has made during the actions (400.7)."""
        return dict(self.zone_changes).get(oid, 0)

    # ---- lookups
    def obj(self, oid: str) -> GameObject:
        return self._index[oid]

    def has(self, oid: str) -> bool:
        return oid in self._index

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def defending_player(self, attacked: str) -> str:
        """The player a creature attacking ``attacked`` (a player, or a planeswalker's or battle's id) attacks: that
        player, or the planeswalker's controller (506.2, 508.5)."""
        return attacked if attacked in self.player_names else self.obj(attacked).controller

    def opponents(self, name: str) -> tuple[str, ...]:
        """In a multiplayer game every other player is an opponent (CR 102.3; no teams modelled)."""
        return tuple(p.name for p in self.players if p.name != name)

    def battlefield(self, controller: str | None = None) -> Iterator[GameObject]:
        """Permanents on the battlefield, in timestamp order."""
        key = ("battlefield", controller)
        perms = self._cache.get(key)          # a function of the state alone (which never changes)
        if perms is None:
            perms = self._cache[key] = tuple(sorted(
                (o for o in self.objects if o.zone == "battlefield" and (controller is None or o.controller == controller)),
                key=lambda o: o.timestamp))
        return iter(perms)

    def in_zone(self, player: str, zone: str) -> tuple[GameObject, ...]:
        return tuple(self.obj(i) for i in self.player(player).zone(zone))

    # ---- derived facts
    @property
    def active_player(self) -> str:
        return self.turn.active

    def is_main_phase(self) -> bool:
        return self.turn.step in MAIN_PHASES

    def with_object(self, o: GameObject) -> "GameState":
        """A copy of this state with one object replaced."""
        return self.evolve(objects=tuple(o if x.id == o.id else x for x in self.objects))

    def with_player(self, p: Player) -> "GameState":
        """A copy of this state with one player replaced."""
        return self.evolve(players=tuple(p if x.name == p.name else x for x in self.players))


#: The fields ``GameState.evolve`` may change (those ``__init__`` takes).
_STATE_FIELDS = frozenset(f.name for f in fields(GameState) if f.init)
