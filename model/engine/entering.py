"""A permanent entering the battlefield with the replacement effects of its own text (CR 614.1c, 122.6):
"This enters with N counters", N = X being the X of the spell it was (107.3m), only if what happened this turn is as
its condition says (morbid's "if a creature died this turn", bloodthirst's, 702.54a; ``rules.this_turn``); devour's
and amplify's, for the creatures sacrificed or the cards revealed as it enters (702.82a, 702.38a: the choices are
``words.entering.perform``'s); "This enters tapped". Which of
them apply is decided from its characteristics as it would exist on the battlefield (614.12,
``entering_characteristics``)."""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.engine import zones
from mtgjudge.model.words.sagas.perform import entering_lore, lore_put
from mtgjudge.model.engine.game import Game
from mtgjudge.model.engine.tribute import guard as guard_tribute
from mtgjudge.model.engine.unleash import guard as guard_unleash
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.characteristics import Characteristics
from mtgjudge.model.vocab.cast_options import only_if_paid
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.rules import this_turn
from mtgjudge.model.words.counters.record import KEYWORDS as COUNTER_KEYWORDS
from mtgjudge.model.words.colors_spent import perform as colors_spent
from mtgjudge.model.vocab.abilities import Ability
from mtgjudge.model.vocab.words_game import CAST_FROM_HAND


#: The static words this module gives meaning to (614.1c); Tribute's choice is ``engine.tribute``'s (702.104a).
ENTERING_WORDS = ("enters_with_counters", "enters_tapped", "enters_tapped_unless_pays", "enters_tapped_unless_control",
                  "enters_tapped_unless_opponents",
                  "tribute", "enters_choosing", colors_spent.WORD, "devour", "amplify")


def entering_characteristics(game: Game, oid: str, controller: str | None = None) -> Characteristics:
    """614.12, 603.6b: the characteristics of ``oid`` as it would exist on the battlefield under ``controller``
    (default: its owner, 110.2): with the continuous effects of its own static abilities and those that already
    exist and would apply to it (Blood Moon: a nonbasic land enters a Mountain with no other abilities, so its
    "enters tapped" and "As ~ enters" don't apply; Blood Moon's rulings 2017-09-29 and 2018-03-16). Every
    replacement effect that modifies how it enters reads its abilities here."""
    st = game.state
    o = st.obj(oid)
    if o.zone == "battlefield":
        return current(st, oid)
    ctrl = controller or o.owner
    as_permanent = replace(o, zone="battlefield", controller=ctrl, timestamp=zones.next_timestamp(st), tapped=False,
                           counters=(), damage=0)
    there = zones.add_to_zone(zones.remove_from_zones(st, oid), ctrl, "battlefield", oid)
    there = there.evolve(objects=tuple(as_permanent if q.id == oid else q for q in there.objects))
    return current(there, oid)


#: The rule of a keyword of counters, cited where its condition is checked (702.54a: bloodthirst).
KEYWORD_RULES = {name: rule for name, (rule, _) in COUNTER_KEYWORDS.items()}


def _conditional(a: Ability) -> str:
    """A conditional "enters with counters" said for a message: its keyword ("Bloodthirst 2, 702.54a") or its text."""
    s = a.static
    assert s is not None
    if a.keyword in KEYWORD_RULES:
        return f"{a.keyword} {s.arg('n')} ({KEYWORD_RULES[a.keyword]})"
    return f"'{s.render()}' (614.1c)"


def _entering_abilities(game: Game, oid: str, controller: str | None) -> tuple[Ability, ...]:
    return entering_characteristics(game, oid, controller).abilities if not game.state.obj(oid).face_down else ()


def _statics(game: Game, oid: str, controller: str | None, kind: str) -> list:
    return [a.static for a in _entering_abilities(game, oid, controller)
            if a.kind == "static" and a.static is not None and a.static.kind == kind]


def life_to_pay(game: Game, oid: str, controller: str | None = None) -> int | None:
    """The life its own "As this enters, you may pay N life. If you don't, it enters tapped." lets its controller
    pay as it enters (614.1c; as it would exist on the battlefield, 614.12); None if it has no such text."""
    found = _statics(game, oid, controller, "enters_tapped_unless_pays")
    return sum(s.arg("life") for s in found) if found else None


def life_choices(game: Game, oid: str, controller: str | None = None) -> list[bool | None]:
    """The choices of paying life as it enters: [None] when there is none to make; [True, False] when its
    controller can pay (119.4: only with at least that much life; 0 life can always be paid), [False] when not."""
    n = life_to_pay(game, oid, controller)
    if n is None:
        return [None]
    who = controller or game.state.obj(oid).owner
    return [True, False] if n == 0 or game.state.player(who).life >= n else [False]


def _condition_holds(game: Game, oid: str, controller: str | None, s) -> bool:
    """614.1d: "unless you control a Plains or an Island" / "two or fewer other lands", checked as it enters, among
    the permanents its controller controls (it is not one of them yet)."""
    st = game.state
    who = controller or st.obj(oid).owner
    mine = [q.id for q in st.objects if q.zone == "battlefield" and q.id != oid and q.controller == who]
    if s.arg("subtypes"):
        return any(set(s.arg("subtypes")) & set(current(st, q).subtypes) for q in mine)
    lands = sum(1 for q in mine if "Land" in current(st, q).types
                and (not s.arg("basic") or "Basic" in current(st, q).supertypes))
    return lands <= s.arg("lands") if s.arg("cmp") == "fewer" else lands >= s.arg("lands")


def _opponents(game: Game, oid: str, controller: str | None) -> int:
    """102.3 (a two-player or free-for-all game: no teams): how many opponents the player it enters under has, the
    other players still in the game (800.4a: one who left is no longer an opponent)."""
    st = game.state
    return sum(1 for p in st.opponents(controller or st.obj(oid).owner) if p not in st.left)


def _enters_condition(game: Game, oid: str, controller: str | None, a: Ability) -> bool:
    """614.1c: the condition of its "enters with N counters on it if ...", checked as it enters: what happened this
    turn (``rules.this_turn``), or "you cast it from your hand": it is a spell cast from its owner's hand (601.2a;
    a permanent put onto the battlefield otherwise was not cast; of a spell the question put on the stack where it
    was cast from is not known: unsupported)."""
    assert a.static is not None
    o = game.state.obj(oid)
    cond = a.static.arg("condition")
    if cond == CAST_FROM_HAND:
        if o.zone == "stack" and o.cast_from == "?":
            raise Unsupported(f"{o.name} ({oid}) was a spell the question put on the stack: where it was cast from "
                              f"is not known, and it enters: {_conditional(a)}")
        return o.zone == "stack" and o.cast_from == "hand"
    return this_turn.happened(game.state, this_turn.fact_of(cond) or "", controller or o.controller,
                              f"{o.name} ({oid}) enters: {_conditional(a)}")


def entering_reasons(game: Game, oid: str, controller: str | None = None,
                     paid: bool | None = None) -> list[tuple[tuple[str, ...], str]]:
    """Why the object's own text makes it enter tapped or not, or with counters or not (the rules and words for the
    log): its conditions checked (614.1d; what happened this turn, ``rules.this_turn``) and a payment of life it
    could not make (119.4)."""
    out: list[tuple[tuple[str, ...], str]] = []
    for s in _statics(game, oid, controller, "enters_tapped_unless_control"):
        holds = _condition_holds(game, oid, controller, s)
        what = s.render().removeprefix("This enters tapped unless you control ").rstrip(".")
        out.append((("614.1d",), f"{oid}: its controller {'controls' if holds else 'does not control'} {what}, so "
                                  f"it enters {'untapped' if holds else 'tapped'}"))
    for s in _statics(game, oid, controller, "enters_tapped_unless_opponents"):
        opponents = _opponents(game, oid, controller)
        out.append((("614.1d", "102.3"), f"{oid}: its controller has {opponents} opponent"
                                         f"{'s' if opponents != 1 else ''}, so it enters "
                                         f"{'untapped' if opponents >= s.arg('opponents') else 'tapped'}"))
    for a in _entering_abilities(game, oid, controller):
        s = a.static if a.kind == "static" else None
        cond = s.arg("condition") if s is not None and s.kind == "enters_with_counters" else None
        if s is not None and cond:
            held = _enters_condition(game, oid, controller, a)
            fact = this_turn.fact_of(cond)
            out.append(((KEYWORD_RULES.get(a.keyword, "614.1c"), this_turn.RULES[fact] if fact else "601.2a"),
                        f"{oid}: '{cond}' is {'true' if held else 'false'} as it enters, so '{s.render()}' "
                        f"{'puts' if held else 'puts no'} counters on it"))
    n = life_to_pay(game, oid, controller)
    if n is not None and paid is False and life_choices(game, oid, controller) == [False]:
        out.append((("119.4", "614.1c"), f"{oid}: {n} life can't be paid with less life than that, so it enters "
                                         "tapped"))
    return out


def _colors_spent_reasons(game: Game, oid: str, controller: str | None) -> list[tuple[tuple[str, ...], str]]:
    """Why its text that counts the colors of mana spent to cast it (702.44a, converge) puts the counters it does."""
    o = game.state.obj(oid)
    ch = entering_characteristics(game, oid, controller)
    out: list[tuple[tuple[str, ...], str]] = []
    for a in _entering_abilities(game, oid, controller):
        s = a.static
        if a.kind == "static" and s is not None and s.kind == colors_spent.WORD:
            kind, n, why = colors_spent.entering_counters(o, s, "Creature" in ch.types)
            rules = ("614.1c", "702.44a", "702.44b") if a.keyword == "Sunburst" else ("614.1c", "601.2h")
            out.append((rules, f"{oid}: {why}, so '{s.render()}' puts {n} {kind} counter(s) on it"))
    return out


def enters_tapped(game: Game, oid: str, controller: str | None = None, paid: bool | None = None) -> bool:
    """614.1c: the object's own "This enters tapped" (its other entering text is guarded by enters_counters), if
    it has it as it would exist on the battlefield (614.12); "unless you control ..." when the condition fails
    (614.1d); "you may pay N life. If you don't, it enters tapped" when ``paid`` is False. That choice is made by
    the caller, each way a branch (``life_choices``): a caller that makes none meets it as unsupported."""
    if _statics(game, oid, controller, "enters_tapped") \
            or any(s.arg("tapped") for s in _statics(game, oid, controller, "enters_with_counters")):
        return True
    if any(not _condition_holds(game, oid, controller, s)
           for s in _statics(game, oid, controller, "enters_tapped_unless_control")):
        return True
    if any(_opponents(game, oid, controller) < s.arg("opponents")
           for s in _statics(game, oid, controller, "enters_tapped_unless_opponents")):
        return True
    if life_to_pay(game, oid, controller) is not None:
        if paid is None:
            raise Unsupported(f"{game.state.obj(oid).name} ({oid}) enters the battlefield here with a choice of paying "
                              "life as it enters (614.1c), which the engine makes only as a land is played")
        return not paid
    return False


def unpaid_options(game: Game, oid: str) -> list[str]:
    """The rules of the object's keywords whose abilities apply only if their alternative cost was paid (evoke
    702.74a), when the actions cast it for its mana cost: what doesn't happen, to cite."""
    if (oid, game.moved(oid)) not in game.cast_plainly:
        return []
    kws = [only_if_paid(a) for a in game.state.obj(oid).printed.abilities]
    return [f"{k.rule}a" for k in kws if k is not None]


def devour_of(abilities: tuple[Ability, ...]) -> int:
    """The N of the one devour ability among ``abilities`` (702.82a; 0: none); several instances (each its own
    choice of creatures, a creature devoured by one of them only: Mycoloth's rulings 2008-10-01) are not
    performed."""
    ns = [a.static.arg("n") for a in abilities if a.kind == "static" and a.static is not None
          and a.static.kind == "devour"]
    if len(ns) > 1:
        raise Unsupported("more than one devour ability (702.82a): not performed by the engine")
    return ns[0] if ns else 0


def amplify_of(abilities: tuple[Ability, ...]) -> int:
    """The N of the one amplify ability among ``abilities`` (702.38a; 0: none); several instances (702.38b: each
    works separately, each its own reveal) are not performed."""
    ns = [a.static.arg("n") for a in abilities if a.kind == "static" and a.static is not None
          and a.static.kind == "amplify"]
    if len(ns) > 1:
        raise Unsupported("more than one amplify ability (702.38b): not performed by the engine")
    return ns[0] if ns else 0


def enters_counters(game: Game, oid: str, x: int | None, controller: str | None = None,
                    choosing: bool = False, devoured: int | None = None,
                    revealed: int | None = None) -> tuple[tuple[str, int], ...]:
    """614.1c: the counters the object enters with; X is the X of the spell it was, 0 when it was not cast. Its
    abilities as it would exist on the battlefield decide (614.12): text it would lose there doesn't apply.
    ``choosing``: the caller makes the choices of "As this enters, choose ..." (``words.choices.perform``); else
    an object with one is unsupported, naming it. ``devoured``: how many creatures the caller sacrificed for its
    devour ability as it enters (702.82a: N +1/+1 counters for each, ``words.entering.perform.devour_choices``);
    None: the caller made no such choice, and an object with devour is unsupported, naming it. ``revealed``: so too
    the cards the caller had its controller reveal for its amplify ability (702.38a,
    ``words.entering.perform.amplify_choices``)."""
    o = game.state.obj(oid)
    out: dict[str, int] = {}
    if not choosing:
        guard_choosing(o)
    devour = devour_of(_entering_abilities(game, oid, controller))
    if devour and devoured is None:
        raise Unsupported(f"{o.name} ({oid}) has devour and enters the battlefield here: the choice of creatures to "
                          "sacrifice as it enters (702.82a) is made only as a permanent spell resolves")
    if devour and devoured:
        out["+1/+1"] = devour * devoured
    amplify = amplify_of(_entering_abilities(game, oid, controller))
    if amplify and revealed is None:
        raise Unsupported(f"{o.name} ({oid}) has amplify and enters the battlefield here: the cards revealed as it "
                          "enters (702.38a) are chosen only as a permanent spell resolves")
    if amplify and revealed:
        out["+1/+1"] = out.get("+1/+1", 0) + amplify * revealed
    # 702.74a (evoke): "When this permanent enters, if its evoke cost was paid, ..." can't trigger (603.4) on a
    # permanent that was a spell the actions cast for its mana cost.
    plainly = (oid, game.moved(oid)) in game.cast_plainly
    ch = entering_characteristics(game, oid, controller)
    for a in _entering_abilities(game, oid, controller):
        if plainly and only_if_paid(a) is not None:
            continue
        if a.kind == "static" and a.static is not None and a.static.kind == colors_spent.WORD:
            # 702.44a-b, converge: a counter for each color of mana spent to cast the spell it was
            kind, n, _ = colors_spent.entering_counters(o, a.static, "Creature" in ch.types)
            if n:
                out[kind] = out.get(kind, 0) + n
            continue
        # its own replacement effects of entering (614.12), besides those of any permanent's entering
        if a.kind == "unmodelled" and a.unmodelled_kind == "static" and (a.may_concern("enters")
                                                                         or a.may_concern("enters-itself")):
            raise Unsupported(f"{o.name} ({oid}) enters the battlefield and has text the engine cannot model that "
                              f"may apply: {a.source_text!r}")
        if a.kind == "static" and a.static is not None and a.static.kind == "enters_with_counters":
            n = a.static.arg("n")
            if a.static.arg("if_kicked") and not (o.zone == "stack" and o.kicked):
                continue        # 702.33d-e: "If ~ was kicked": the spell it was had its kicker cost paid; no spell wasn't
            if a.static.arg("condition") and not _enters_condition(game, oid, controller, a):
                continue        # 614.1c: the condition is checked as it enters
            if n == "kicked":
                # 702.33c-d: the times the spell it was was kicked; a permanent that was no spell was not kicked
                n = len(o.kicked) if o.zone == "stack" else 0
            n = (x or 0) if str(n).upper() == "X" else int(n)
            if n:
                kind = a.static.arg("counter")
                out[kind] = out.get(kind, 0) + n
    lore = entering_lore(o, ch.subtypes, {a.keyword for a in ch.abilities if a.kind == "keyword"})
    if lore:
        out["lore"] = out.get("lore", 0) + lore          # 714.3a: a Saga's intrinsic replacement (614.1c)
    if "Planeswalker" in ch.types:
        # 306.5b: a planeswalker's intrinsic "This permanent enters with loyalty counters equal to its printed
        # loyalty number" (a face with no printed number, a token or a copy: not known here)
        printed = o.printed.loyalty if not o.face_down else None
        if printed is None:
            raise Unsupported(f"{o.name} ({oid}) enters the battlefield as a planeswalker with no printed loyalty "
                              "number the verifier knows (306.5b)")
        out["loyalty"] = out.get("loyalty", 0) + printed
    # a spell the actions cast for its mana cost is unchanged by a keyword whose abilities apply only if its
    # alternative cost was paid (bestow 702.103a-b: it is a creature spell, no Aura spell, and enters as one)
    guard_scope(game.state, "enters", f"{o.name} ({oid}) enters the battlefield",
                ignore=lambda a, s: s.zone == "stack" and (s.id, game.moved(s.id)) in game.cast_plainly
                and only_if_paid(a) is not None)
    return tuple(sorted(out.items()))


def guard_choosing(o) -> None:
    """An object with "As this enters, choose ..." entering where the caller makes no choice (its printed text,
    before its characteristics on the battlefield are computed, which may read the choice): unsupported, naming
    it."""
    for a in o.printed.abilities:
        if a.kind == "static" and a.static is not None and a.static.kind == "enters_choosing":
            raise Unsupported(f"{o.name} ({o.id}) enters the battlefield here with a choice made as it enters "
                              f"('{a.static.render()}', 614.12), which the engine makes only as a permanent spell "
                              "resolves or a land is played")


def put_onto_battlefield(game: Game, oid: str, controller: str | None, x: int | None, rule, why: str,
                         tribute: bool = False, paid: bool | None = None, tapped: bool = False,
                         choosing: bool = False, unleash: bool = False, devoured: int | None = None,
                         revealed: int | None = None) -> Game:
    """Move ``oid`` onto the battlefield, with the counters it enters with. ``tribute``: the caller performs
    Tribute (``engine.tribute.as_it_enters``); else a creature with Tribute is unsupported, naming it. ``paid``:
    the choice of ``life_choices``, made and paid by the caller (the life its own text offers, paid as it enters:
    614.1c, 119.4). ``tapped``: the effect putting it there says it enters tapped. ``choosing``: the caller made
    the choices of "As this enters, choose ..." on the object it was (``enters_counters``), which it keeps.
    ``unleash``: the caller performs unleash's choice (``engine.unleash.as_it_enters``); else a permanent with
    unleash is unsupported, naming it. ``devoured``: the creatures the caller sacrificed for its devour ability
    (702.82a, ``enters_counters``); ``revealed``: the cards revealed for its amplify ability (702.38a)."""
    if not tribute:
        guard_tribute(game.state.obj(oid), "(not as a resolving creature spell)")
    if not unleash:
        guard_unleash(game.state.obj(oid), "(not as a resolving permanent spell)")
    if not choosing:
        guard_choosing(game.state.obj(oid))
    lost = [a for a in game.state.obj(oid).printed.abilities if a.kind in ("static", "triggered")
            and a not in _entering_abilities(game, oid, controller)]
    if lost:
        game = game.log(("614.12", "603.6b"), f"{oid} would exist on the battlefield without "
                        + "; ".join(repr(a.text()) for a in lost) + ": such text doesn't apply as it enters")
    counters = enters_counters(game, oid, x, controller, choosing, devoured, revealed)
    spent = _colors_spent_reasons(game, oid, controller)      # (read from the object it was, before it moves)
    unpaid = unpaid_options(game, oid)
    if unpaid:
        game = game.log(tuple(unpaid) + ("603.4",), f"{oid} was cast for its mana cost: its abilities that apply only "
                                                    "if an alternative cost was paid don't apply (nor trigger)")
    tapped = enters_tapped(game, oid, controller, paid) or tapped
    # 702.33d-e: a permanent that was a kicked spell remembers it ("if it was kicked")
    o = game.state.obj(oid)
    kicked = o.kicked if o.zone == "stack" else ()
    cast_from = o.cast_from if o.zone == "stack" else ""      # "if you cast it from your hand" (601.2a)
    evoked = o.evoked and o.zone == "stack"                   # 702.74a: "if its evoke cost was paid"
    dashed = o.dashed if o.zone == "stack" else False         # 702.109a: "as long as its dash cost was paid"
    surged = o.surged and o.zone == "stack"                   # 702.117a: "if its surge cost was paid"
    # 702.103b: a bestowed Aura spell becomes a bestowed Aura (702.103e: a spell that ceased to be bestowed, or
    # a permanent put onto the battlefield other than by resolving, is not one)
    bestowed = o.bestowed if o.zone == "stack" else False
    if not evoked and o.cast_from != "?" and any(a.kind == "triggered" and a.intervening == "evoked"
                                                 for a in _entering_abilities(game, oid, controller)):
        game = game.log(("702.74a", "603.4"), f"{oid}'s evoke cost was not paid: its \"When this permanent enters, if "
                                              "its evoke cost was paid, its controller sacrifices it\" doesn't trigger")
    if not surged and o.cast_from != "?" and any(a.kind == "triggered" and a.intervening == "surged"
                                                 for a in _entering_abilities(game, oid, controller)):
        game = game.log(("702.117a", "603.4"), f"{oid}'s surge cost was not paid: its abilities that trigger \"if its "
                                               "surge cost was paid\" don't trigger")
    # 614.12: the choices made as it enters (``words.choices.perform.as_it_enters``, on the object it was)
    chosen = o.chosen if choosing else ()
    game = zones.move(game, oid, "battlefield", controller=controller, counters=counters, x=x, tapped=tapped,
                      kicked=kicked, cast_from=cast_from, evoked=evoked, dashed=dashed, chosen=chosen, surged=surged,
                      bestowed=bestowed)
    if devoured is not None and devour_of(_entering_abilities(game, oid, controller)):
        # 702.82b: "it devoured": the creatures sacrificed for its devour ability as it entered, remembered
        game = game.with_state(game.state.with_object(replace(game.state.obj(oid), devoured=devoured))).log(
            "702.82b", f"{oid} devoured {devoured} creature(s)")
    for rules, text in entering_reasons(game, oid, controller, paid) + spent:
        game = game.log(rules, text)
    if tapped:
        game = game.log("614.1c", f"{oid} enters tapped")
    if counters:
        game = game.log(("614.1c", "122.6") + (("107.3m",) if x is not None else ())
                        + (("306.5b",) if any(k == "loyalty" for k, _ in counters) else ())
                        + (("714.3a",) if any(k == "lore" for k, _ in counters) else ())
                        + (("702.82a",) if devoured else ()) + (("702.38a",) if revealed else ()),
                        f"{oid} enters with " + ", ".join(f"{n} {k} counter(s)" for k, n in counters)
                        + (f" (X = {x}, the X of the spell it was)" if x is not None else ""))
    game = game.log(rule, why)
    # 122.6, 714.2b: counters it enters with are put onto it: a Saga's chapters up to its lore counters trigger
    return lore_put(game, oid, 0, dict(counters).get("lore", 0))
