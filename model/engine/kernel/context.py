"""What an instruction of a resolving spell or ability knows (``Ctx``), and 608.2b: an illegal target is not
affected. Every performer takes (game, effect, ctx) and returns the branches it leads to; it performs another
word through ``ctx.perform`` and a whole ability through ``ctx.run`` (both given by ``engine.resolve``), so
that no performer imports the dispatch table."""
from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Callable

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import GameState
from mtgjudge.model.engine.game import Game
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.selectors import kinds_stored
from mtgjudge.model.lazy_dataclass import dataclass

if TYPE_CHECKING:
    from mtgjudge.model.vocab.abilities import Ability, Effect

#: A performer: one word of the encoding done on a game, returning every branch it leads to.
Performer = Callable[[Game, "Effect", "Ctx"], list[Game]]


def _outside_a_resolution(*_args: object) -> list[Game]:
    raise Unsupported("an instruction performed outside the resolution of a spell or ability")


@dataclass(frozen=True)
class Ctx:
    """What an effect of a resolving spell or ability knows: its source, controller, targets, and for the
    effect at hand its target (``target``) and whether that target is still legal (608.2b); ``before``: the
    game as the resolution began, for what an effect reads of objects that an earlier effect moved (608.2h)."""
    source: str
    controller: str
    targets: tuple[str, ...]
    source_moves: int
    x: int | None = None
    target: str | None = None
    target_legal: bool = True
    group: tuple[str, ...] = ()           # a whole-use handler (``WHOLE_USE``): every target of its use
    group_legal: tuple[bool, ...] = ()    # and whether each is still legal (608.2b)
    target2: str | None = None            # an effect's second use of "target" ("fights target creature")
    target2_legal: bool = True
    it: str | None = None                 # "it": the one target of the effect before (608.2c)
    it_legal: bool = True
    before: GameState | None = None
    ability_index: int | None = None     # which ability of the source's face (None: a spell's effect)
    face: int = 0                        # the source's face the ability is on
    source_transformed: bool = False     # the source transformed since the ability went on the stack (701.27f)
    source_lki: GameObject | None = None   # the source as it last existed on the battlefield (603.10a, 608.2h)
    links_exile: bool = False              # an ability whose object has a linked "return the exiled card" (607.2a)
    no_regeneration: bool = False          # "It can't be regenerated." follows the destruction (701.19c)
    subject: str | None = None             # a triggered ability's event object: its first "it" (702.83a)
    amount: int | None = None              # the damage a triggered ability's event dealt: its "that much" (603.2)
    player: str | None = None              # the player a triggered ability's event was about ("that player": the
                                           # player dealt combat damage, 510.2; "defending player", 508.5)
    #: performs another word in this resolution (the one dispatch table, ``engine.performers``)
    perform: Callable[[Game, "Effect", "Ctx"], list[Game]] = field(default=_outside_a_resolution, compare=False,
                                                                    repr=False)
    #: performs a whole ability's instructions in order (608.2c: ``resolve.run_effects``)
    run: Callable[[Game, "Ability", "Ctx", "list[bool] | None"], list[Game]] = field(
        default=_outside_a_resolution, compare=False, repr=False)


def the_permanent_itself(game: Game, e: "Effect", ctx: Ctx, verb: str) -> Game | None:
    """An instruction about "~" of a permanent's own triggered or activated ability ("Untap ~.", "Return ~ to its
    owner's hand."): None when the source is still the object it was on the battlefield (the instruction is
    performed on it); the game with a log line when it is no longer that object (400.7: nothing is ``verb``);
    unsupported for a spell's instruction, a leaves-the-battlefield ability's (603.10a: its "~" is the card where
    it went) and an ability of a card in another zone."""
    st = game.state
    if ctx.ability_index is None or ctx.source_lki is not None or not st.has(ctx.source) \
            or (st.obj(ctx.source).zone != "battlefield" and game.moved(ctx.source) == ctx.source_moves):
        raise Unsupported(f"{e.text()!r} of anything but a permanent's own ability is not performed by the engine")
    o = st.obj(ctx.source)
    if o.zone != "battlefield" or game.moved(ctx.source) != ctx.source_moves:
        return game.log("400.7", f"{ctx.source} is no longer the permanent it was: it is not {verb}")
    return None


def unaffected(game: Game, ctx: Ctx) -> Game | None:
    """608.2b: an illegal target is not affected by the effect."""
    if ctx.target_legal:
        return None
    return game.log("608.2b", f"{ctx.target} is an illegal target now: it is not affected")


def the_target(said: "Effect | str", ctx: Ctx, verb: str = "refers to", who: str = "what") -> str:
    """The object or player an instruction is on (``ctx.target``: its target, or what "it" names, 608.2c); an
    instruction whose object the engine does not know is unsupported, saying what names it (``who`` ``said``
    ``verb``: "what 'Tap that creature.' refers to")."""
    if ctx.target is None:
        text = said if isinstance(said, str) else said.text()
        raise Unsupported(f"{who} {text!r} {verb} is not known to the engine")
    return ctx.target


def target_permanent(game: Game, e: "Effect", ctx: Ctx) -> str:
    """The permanent an instruction is on: its target, which must be an object on the battlefield (an instruction
    on a player, or on a card in another zone, is not performed by the engine: unsupported)."""
    t = ctx.target
    if t is None or t in game.state.player_names or not game.state.has(t) or game.state.obj(t).zone != "battlefield":
        raise Unsupported(f"{e.text()!r} on {t}, not a permanent, is not performed by the engine")
    return t


def affected(game: Game, e: Effect, ctx: Ctx) -> list[str]:
    """The permanents a noun phrase of the effect (``affects``: "creatures you control") names now, seen from
    the controller of the spell or ability (611.2c, 608.2c)."""
    st = game.state
    sels = kinds_stored(e, e.arg("affects"))      # "artifacts and enchantments": any of them (the union)
    if any(sel.combat not in ("", "attacking", "blocking", "attacking or blocking") for sel in sels):
        # the creatures attacking or blocking are the state's (508.1k, 509.1g; ``matches``, 506.4); any other
        # combat word ("attacking you", "blocking it") names what the engine does not know
        raise Unsupported(f"{e.text()!r}: which permanents are {e.arg('affects')} is not known to the engine")
    if any(sel.stat is not None and sel.stat[0] != "mana value" for sel in sels):
        guard_scope(st, "power-toughness", f"which permanents are {e.arg('affects')}")
    src = st.obj(ctx.source) if st.has(ctx.source) else None
    return [o.id for o in st.battlefield()
            if any(matches(sel, current(st, o.id), o, ctx.controller, src, st.turn.step) for sel in sels)]
