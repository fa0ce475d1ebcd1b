"""Intervening "if" clauses (CR 603.4), a triggered ability whose first effect is
``intervening_if`` (read by ``oracle.intervening``) triggers only if its condition is true when its trigger
event occurs (``triggers._trigger`` asks ``holds``), and on resolution does nothing if the condition is false
then (``resolve.resolve_top`` asks ``holds`` again). The condition is a fact of what happened this turn
(``rules.this_turn``: unsupported when the question did not state the turn's history and the actions did not make
it true), the spells cast last turn (the same, stated by ``last_turn:``) or a count of ``rules.counts`` for the
ability's controller, the ability's source being "~" for "another" (what it counts is on the battlefield as it is
checked: 603.4, 608.2h). Evolve's comparison (702.100a, ``evolves``) is of the creature whose entering
triggered it, the trigger's subject."""
from __future__ import annotations

from mtgjudge.model.engine.game import Game
from mtgjudge.model.objects import GameObject
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.engine.sba import power, toughness
from mtgjudge.model.rules import counts, this_turn
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules.timing import controlled_since_last_upkeep
from mtgjudge.model.words.kicker.perform import intervening_holds
from mtgjudge.model.vocab.abilities import Ability, Effect
from mtgjudge.model.words.suspend import record as suspend


def condition_of(ability: Ability) -> str | None:
    """The intervening "if" condition of a triggered ability, as written; None if it has none."""
    word = _condition_word(ability)
    return None if word is None else word.arg("condition")


def _condition_word(ability: Ability) -> Effect | None:
    if ability.kind == "triggered" and ability.effects and ability.effects[0].kind == "intervening_if":
        return ability.effects[0]
    return None


def holds(game: Game, ability: Ability, controller: str, source: str, source_moves: int | None = None) -> bool:
    """603.4: is the ability's intervening "if" condition true now for ``controller`` (True if it has none)?
    ``source_moves``: the zone changes of the source the ability knows (400.7)."""
    word = _condition_word(ability)
    return True if word is None else condition_holds(game, word, controller, source, "603.4", source_moves)


def condition_holds(game: Game, word: Effect, controller: str, source: str | None, rule: str,
                    source_moves: int | None = None) -> bool:
    """Is the condition of ``word`` ("you control another Spirit", "seven or more cards are in your graveyard",
    read by ``words.conditions.read`` as the card was compiled: its ``reading``) true now for ``controller``, the
    controller of the ability or spell? The one check of
    an intervening "if" (603.4) and of a condition checked on resolution (608.2c, ``words.conditions.perform``): a count
    of ``rules.counts``, the player's life total (119.1), or the creatures they control with power N or greater
    (power after the layers and counters, ``sba.power``), or the counters of a kind on the source itself
    (122.1; only while it is the object it was, ``source_moves``, 400.7)."""
    condition = word.arg("condition")
    if not word.arg("reading"):
        raise Unsupported(f"the condition 'if {condition}' ({rule}) is not one the engine reads")
    what, op, n = word.arg("reading")
    st = game.state
    guard_scope(st, "characteristics", f"the condition 'if {condition}' is checked ({rule})")
    if what.startswith(this_turn.PREFIX):
        # what happened this turn (raid, morbid, 702.54a): unsupported when the question did not state it
        k = int(this_turn.happened(st, what[len(this_turn.PREFIX):], controller,
                                   f"the condition 'if {condition}' ({rule})"))
    elif what.startswith(this_turn.LAST_PREFIX):
        # the spells cast last turn (the werewolves' transform): unsupported when the question did not state them
        return this_turn.spells_last_turn(st, what[len(this_turn.LAST_PREFIX):], op, n,
                                          f"the condition 'if {condition}' ({rule})")
    elif what == "life":
        k = st.player(controller).life
    elif what.startswith("power "):
        least = int(what.split()[1])
        k = sum(1 for o in st.battlefield(controller)
                if "Creature" in current(st, o.id).types and power(game, o.id) >= least)
    else:
        src = st.obj(source) if source is not None and st.has(source) else None
        count = counts.stored(word, what)
        if count.kind == "counters" and (source_moves is None or source is None or game.moved(source) != source_moves):
            # 400.7: the counters on the source itself; a source that changed zones since (or one whose zone changes
            # the caller does not know) is a new object, whose last known counters are not modelled here
            raise Unsupported(f"the condition 'if {condition}' ({rule}) reads the counters on {source}, which may be "
                              "a new object (400.7): not performed")
        k = counts.value(st, controller, count, src)
    return k >= n if op == ">=" else k <= n if op == "<=" else k == n


#: Intervening "if" conditions about the source itself (``Ability.intervening``) that can change between the
#: event and the resolution, so are checked again as the ability resolves (603.4).
CHECKED_AGAIN = ("on_battlefield", "tapped", "untapped", suspend.SUSPENDED, suspend.EXILED)
#: The rule and the words of each condition about the source (for the reasons).
SOURCE_CONDITIONS = {"on_battlefield": ("702.24a", "is on the battlefield"),
                     "controlled_since_last_upkeep": ("702.30a", "came under its controller's control since the beginning "
                                                                 "of their last upkeep"),
                     "tapped": ("110.5", "is tapped"), "untapped": ("110.5", "is untapped"),
                     suspend.SUSPENDED: ("702.62b", "is suspended"), suspend.EXILED: ("702.62a", "is exiled")}


def source_holds(game: Game, condition: str, source: GameObject, moves: int, resolving: bool = False) -> bool:
    """603.4: does the intervening "if" ``condition`` about the ability's own source (``Ability.intervening``) hold
    now? ``source`` is the object as the event saw it (as it last existed, for a leaves ability), ``moves`` how
    many times it had moved then. ``on_battlefield``: "if this permanent is on the battlefield" (702.24a): it is, as the same object (400.7);
    ``controlled_since_last_upkeep``: "if this permanent came under your control since the beginning of your last
    upkeep" (702.30a, ``rules.timing``), which only a new controller could change, to true again, so it is decided as
    the event occurs (as it resolves, a source that is no longer that permanent is not asked: 608.2h, it held);
    ``tapped``, ``untapped``: "if ~ is tapped" (110.5), the same permanent with that status; any other: the source's
    history (``words.kicker.perform.intervening_holds``)."""
    st = game.state
    here = st.has(source.id) and st.obj(source.id).zone == "battlefield" and game.moved(source.id) == moves
    if condition == "on_battlefield":
        return here
    if condition in ("tapped", "untapped"):
        # 110.5: "if ~ is tapped": the permanent's status, while it is the object it was (400.7); gone as the ability
        # resolves, its last known status counts (608.2h; Howling Mine's ruling 2004-10-04), which is not kept
        if resolving and not here:
            raise Unsupported(f"{source.name} ({source.id}) left the battlefield before its ability resolved: whether "
                              f"it {'is tapped' if condition == 'tapped' else 'is untapped'} is its last known status "
                              "(608.2h), which the engine does not keep")
        return here and st.obj(source.id).tapped == (condition == "tapped")
    if condition in (suspend.SUSPENDED, suspend.EXILED):
        # 702.62b: suspended: in exile, with suspend and a time counter on it; the same object either way (400.7)
        exiled = st.has(source.id) and st.obj(source.id).zone == "exile" and game.moved(source.id) == moves
        o = st.obj(source.id) if exiled else None
        return exiled and (condition == suspend.EXILED or (
            o is not None and suspend.has_suspend(o.printed.abilities) and dict(o.counters).get(suspend.COUNTER, 0) > 0))
    if condition == "controlled_since_last_upkeep":
        return True if resolving and not here else controlled_since_last_upkeep(st, source.id)
    return intervening_holds(condition, source)


def marker(game: Game, e, ctx) -> list[Game]:
    """The ``intervening_if`` word on resolution: the condition was checked as the ability began to resolve
    (``resolve.resolve_top``), nothing more to do."""
    return [game]


def evolves(game: Game, evolving: str, entered: str) -> bool:
    """702.100a, 702.100c: is the power or the toughness of ``entered`` greater than that of ``evolving`` now? Both
    must be creatures on the battlefield; an entered object that is not (it left, or is no creature now) has only
    last known characteristics, which the engine does not keep: unsupported."""
    st = game.state
    if not (st.has(entered) and st.obj(entered).zone == "battlefield" and "Creature" in current(st, entered).types):
        raise Unsupported(f"evolve (702.100a) compares with {entered} as it last existed on the battlefield: its last "
                          "known power and toughness are not kept by the engine")
    if "Creature" not in current(st, evolving).types:
        return False                                      # 702.100c
    return power(game, entered) > power(game, evolving) or toughness(game, entered) > toughness(game, evolving)
