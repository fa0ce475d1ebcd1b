"""Objects an instruction makes or changes: tokens (111.2-111.4, 111.10), counters put and removed (122.1; the one
way each is done) and "gets +N/+N until end of turn" (613.4c, 514.2)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.cards.lookup import card_db
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.objects import CardDef, GameObject
from mtgjudge.model.state import Duration, Lasting, PTChange
from mtgjudge.model.engine.game import Game, name_of
from mtgjudge.model.engine import zones
from mtgjudge.model.engine.entering import ENTERING_WORDS
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.engine.triggers import guard_unrecognized, triggered_by_last_counter
from mtgjudge.model.words.sagas.perform import lore_put
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.words.counters.record import unperformed_rule



def create_token(game: Game, kind: str | CardDef, controller: str, rule, tapped: bool = False) -> Game:
    """111.2: ``controller`` creates a token of a defined kind (by name: 111.10) or of the card an effect's
    words describe (111.3); it enters the battlefield under their control (``tapped``: the effect says it
    enters tapped, 110.5b)."""
    if controller in game.left:
        return game.log("800.4b", f"{controller} has left the game: no token is created")
    if isinstance(kind, CardDef):
        card, face = kind, 0
    else:
        found = card_db().find(kind)
        if found is None or not found[0].token:
            raise Unsupported(f"the token kind {kind!r} has no definition")
        card, face = found
    subtypes = " ".join(card.faces[face].subtypes)
    # 111.4: its name is its subtypes plus "Token", unless the effect names it ("named Wood", words.tokens.describe)
    own_name = card.faces[face].name if card.faces[face].name != subtypes else ""
    name = own_name or subtypes + " Token"
    guard_scope(game.state, "enters", f"a {name} enters the battlefield")
    for a in card.faces[face].abilities:
        if a.kind == "unmodelled" and (a.may_concern("enters") or a.may_concern("enters-itself")):
            raise Unsupported(f"the token {name} has unmodelled text that may apply as it enters: {a.source_text!r}")
        if a.kind == "static" and a.static is not None and a.static.kind in ENTERING_WORDS:
            # 614.1c, 614.12: what its own text does as it enters is applied only to a permanent put onto the
            # battlefield (``engine.entering``), not yet to a token as it is created
            raise Unsupported(f"the token {name} has text that applies as it enters: {a.source_text or a.text()!r}")
        if a.kind == "keyword" and a.keyword == "Unleash":
            # 702.98a: its controller's choice as it enters is performed only for a resolving spell (engine.unleash)
            raise Unsupported(f"the token {name} has unleash: its choice as it enters (702.98a) is not performed")
    oid = zones.fresh_id(game.state, name)
    o = GameObject(id=oid, card=card, owner=controller, controller=controller, zone="battlefield", face=face, token=True,
                   tapped=tapped)
    why = "the name the effect gives it" if own_name else "its name is its subtypes plus Token"
    game = zones.create_object(game, o).log(rule, f"{controller} creates a {name} ({oid}) (111.4: {why})")
    return after_moves(game, [(game.state.obj(oid), "none", "battlefield")], "a token is created")


def add_pt_change(game: Game, target: str, p: int, t: int, source: str) -> Game:
    """613.4c (layer 7c): ``target`` gets +p/+t until end of turn (514.2), from ``source``'s effect."""
    st = game.state
    guard_scope(st, "power-toughness", f"{target}'s power and toughness change")
    origin = st.obj(source).name if st.has(source) else source
    ts = max([o.timestamp for o in st.objects] + [c.timestamp for c in st.in_force(PTChange)] + [0]) + 1
    made = Lasting(PTChange(target, p, t, origin, ts), Duration("end_of_turn", st.turn.number))
    game = game.with_state(st.adding(made))
    guard_unrecognized(game, f"{target}'s power and toughness change")
    return game.log("613.4c", f"{name_of(st, target)} gets {p:+d}/{t:+d} until end of turn")


def add_counters(game: Game, oid: str, kind: str, n: int) -> Game:
    """122.1: ``n`` counters of ``kind`` are put on the permanent ``oid``. A kind whose meaning the engine does not
    perform (a keyword counter, 122.1b; shield, stun, ... counters: ``words.counters.record``) is unsupported, and
    so is unmodelled text that may change what counters are put (614.1a: "that many plus one")."""
    st = game.state
    o = st.obj(oid)
    rule = unperformed_rule(kind)
    if rule is not None:
        raise Unsupported(f"{kind} counters on {o.name} ({oid}): what they do ({rule}) is not performed by the engine")
    guard_scope(st, "counters", f"counters are put on {o.name}")
    c = dict(o.counters)
    before = c.get(kind, 0)
    c[kind] = before + n
    game = game.with_state(st.with_object(replace(o, counters=tuple(sorted(c.items())))))
    guard_unrecognized(game, f"counters are put on {o.name}")
    game = game.log("122.1", f"{n} {kind} counter(s) are put on {oid}")
    return lore_put(game, oid, before, before + n) if kind == "lore" else game     # 714.2b: a Saga's chapters


def remove_counters(game: Game, oid: str, kind: str, n: int) -> tuple[Game, int]:
    """122.1, 609.3: up to ``n`` counters of ``kind`` are removed from the permanent ``oid`` (as many as it has,
    if it has fewer); returns the game and how many were removed. A kind whose removal has a meaning the engine
    does not perform (a lore counter removed from a Saga, 714.4; a stun counter, 122.1d) is unsupported, and so is
    unmodelled text that may change what counters are removed or watch their removal."""
    st = game.state
    o = st.obj(oid)
    rule = unperformed_rule(kind) or ("714" if kind == "lore" else None)
    if rule is not None:
        raise Unsupported(f"{kind} counters removed from {o.name} ({oid}): what that does ({rule}) is not performed "
                          "by the engine")
    guard_scope(st, "counters", f"counters are removed from {o.name}")
    c = dict(o.counters)
    gone = min(n, c.get(kind, 0))
    if not gone:
        return game.log(("122.1", "609.3"), f"{o.name} ({oid}) has no {kind} counter: none is removed"), 0
    c[kind] -= gone
    game = game.with_state(st.with_object(replace(o, counters=tuple(sorted((k, v) for k, v in c.items() if v)))))
    guard_unrecognized(game, f"counters are removed from {o.name}")
    game = game.log("122.1", f"{gone} {kind} counter(s) are removed from {oid}"
                    + (f" (it had only {gone}: 609.3)" if gone < n else ""))
    if not c[kind]:         # 702.63a: "When the last time counter is removed from ~"
        game = triggered_by_last_counter(game, [(oid, kind)], "an effect removes it")
    return game, gone
