"""State-based actions (CR 704): checked whenever a player would receive priority, all at once, repeated
until none apply (704.3). Those the engine performs: 704.5a and 704.5c (a player loses: in a two-player game the
game ends, 104.3), 704.5b (unsupported), 704.5d tokens off the battlefield, 704.5e copies of spells off the stack, 704.5f/g creatures with 0 toughness or lethal
damage, 704.5m Auras, 704.5n Equipment (both with protection's 702.16c-d), 704.5q +1/+1 and -1/-1 counters.
Anything the engine cannot judge (power and toughness changed by unmodelled text, battles) is unsupported;
704.5i planeswalkers with no loyalty; 704.5j the legend rule, each choice of the permanent kept a branch
(``checks``).
"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.rules.layers import CONDITIONAL_WORDS, APPLIERS, PARTS, current
from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.engine.game import Game, game_over
from mtgjudge.model.engine import shields, zones
from mtgjudge.model.words.sagas.perform import due_sacrifice
from mtgjudge.model.rules.enchanting import can_enchant
from mtgjudge.model.rules.protection import protected_from, quality_name


#: The static words the engine reads power and toughness through: those the layers apply in layer 7 (613.4),
#: those applied in several layers, 7b among them ("with base power and toughness 0/4", ``layers.PARTS``), and the
#: conditional ones (``layers.CONDITIONAL_WORDS``).
PT_WORDS = frozenset(kind for kind, (layer, _) in APPLIERS.items() if layer == 7) | frozenset(PARTS) \
    | frozenset(CONDITIONAL_WORDS)


def toughness(game: Game, oid: str, lower_bound: bool = False) -> int:
    """Toughness now: after the layers (613, static "gets +N/+N" and resolved effects in layer 7), with +1/+1
    and -1/-1 counters (613.4c). Unmodelled text that may change power or toughness makes this unsupported;
    ``lower_bound``: text that only raises them (``Scope.PT_RAISED``) is left out, and the value is a lower bound."""
    state = game.state
    guard_scope(game.state, "power-toughness", f"the toughness of {oid} matters", lower_bound=lower_bound)
    ch = current(state, oid)
    o = state.obj(oid)
    if ch.toughness is None:
        raise Unsupported(f"{o.name} has no printed toughness (a characteristic-defining ability?)")
    return ch.toughness + o.counters_pt()[1]


def power(game: Game, oid: str) -> int:
    state = game.state
    guard_scope(game.state, "power-toughness", f"the power of {oid} matters")
    ch = current(state, oid)
    o = state.obj(oid)
    if ch.power is None:
        raise Unsupported(f"{o.name} has no printed power")
    return ch.power + o.counters_pt()[0]


def _aura_legal(game: Game, aura: str, target: str) -> bool:
    """704.5m for an Aura still attached to a permanent: an attachment the question's state gives is taken as
    legal while neither object nor the enchanted object's characteristics changed since; otherwise its enchant
    ability decides (``rules.enchanting.can_enchant``: unsupported where that is not read)."""
    init = game.initial
    if init is None:
        return True
    same = (game.moved(aura) == 0 and game.moved(target) == 0 and init.has(target)
            and init.obj(target).zone == "battlefield" and init.obj(aura).attached_to == target)
    if same:
        a, b = current(game.state, target), current(init, target)
        same = (a.types, a.subtypes, a.supertypes, a.colors, a.abilities) == (b.types, b.subtypes, b.supertypes,
                                                                              b.colors, b.abilities) \
            and game.state.obj(target).controller == init.obj(target).controller
    return same or can_enchant(game.state, aura, target)


def _lose(game: Game, losers: list[tuple[str, str, str]]) -> Game:
    """704.5a, 704.5c: the players lose the game. In a two-player game the other player wins and the game ends
    (104.2a, 104.3): the state stays as it ended. Where players would remain (800.4a: their objects leave the
    game) or both lose at once (a draw, 104.4a), the engine does not go on: unsupported."""
    in_game = [p for p in game.state.player_names if p not in game.left]
    names = ", ".join(n for n, _, _ in losers)
    if len(in_game) != 2 or len(losers) != 1:
        raise Unsupported(f"{names} lose{'s' if len(losers) == 1 else ''} the game (704.5a, 704.5c) with "
                          f"{len(in_game)} players in it: what happens then (104.4a, 800.4a) is not performed")
    name, rule, why = losers[0]
    winner = next(p for p in in_game if p != name)
    game = game.remember(left=game.left + (name,))
    return game.log((rule, "104.3", "104.2a"), f"{why} and loses the game; {winner} wins and the game ends")


def legend_groups(game: Game) -> list[tuple[str, str, tuple[str, ...]]]:
    """704.5j: (player, name, permanents) for each player who controls two or more legendary permanents with the
    same name."""
    st = game.state
    groups: dict[tuple[str, str], list[str]] = {}
    for o in st.battlefield():
        if not o.face_down and "Legendary" in current(st, o.id).supertypes:
            groups.setdefault((o.controller, o.name), []).append(o.id)
    return [(p, n, tuple(ids)) for (p, n), ids in sorted(groups.items()) if len(ids) > 1]


def checks(game: Game, deathtouched: frozenset[str] = frozenset()) -> list[tuple[Game, list, bool]]:
    """``check`` for each choice the legend rule leaves (704.5j: the player chooses which one to keep; each
    choice a branch, the others put into their owners' graveyards with the other state-based actions)."""
    if game_over(game):
        return [(game, [], False)]
    choices: list[tuple[Game, dict[tuple[str, str], str]]] = [(game, {})]
    for player, name, ids in legend_groups(game):
        # unmodelled text may change the rule ("The 'legend rule' doesn't apply") or what dying does
        guard_scope(game.state, "dies", f"the legend rule (704.5j) applies to {player}'s {name}")
        choices = [(g.choose(f"{player} keeps {name} ({oid}) (704.5j)"), {**keep, (player, name): oid})
                   for g, keep in choices for oid in ids]
    return [check(g, deathtouched, keep) for g, keep in choices]


def check(game: Game, deathtouched: frozenset[str] = frozenset(),
          keep: dict[tuple[str, str], str] | None = None) -> tuple[Game, list, bool]:
    """Perform the state-based actions that apply now, simultaneously (704.3); returns the game, the zone
    changes they made (lki, from, to: what follows them is the caller's, ``settle``), and whether any did.
    ``deathtouched``: the creatures dealt damage by a source with deathtouch since state-based actions were last
    checked (704.5h). ``keep``: for the legend rule, the permanent each player keeps of each name (``checks``)."""
    if game_over(game):
        return game, [], False        # 104.3: the game has ended; nothing more happens in it
    state = game.state
    losers = [(p.name, "704.5a", f"{p.name} has {p.life} life") if p.life <= 0 else
              (p.name, "704.5c", f"{p.name} has {p.poison} poison counters")
              for p in state.players if p.name not in game.left and (p.life <= 0 or p.poison >= 10)]
    if losers:
        return _lose(game, losers), [], True
    if game.drew_empty:
        raise Unsupported(f"{', '.join(game.drew_empty)} drew from an empty library and loses the game (704.5b): "
                          "the end of the game is not modelled")
    to_cease = []
    to_graveyard: list[tuple[str, str | tuple[str, ...], str]] = []   # (oid, rule(s), why)
    unbestow: list[str] = []        # bestowed Auras that become unattached and cease to be bestowed (702.103f)
    unattach: list[tuple[str, str | tuple[str, ...], str]] = []
    counters_fix = []
    for o in state.objects:
        if o.token and o.zone != "battlefield" or o.spell_copy and o.zone != "stack":
            to_cease.append(o.id)
    sagas_done = {o.id for o in due_sacrifice(game)}
    for o in state.battlefield():
        ch = current(state, o.id)
        if o.id in sagas_done:
            # 714.4: its lore counters reached its final chapter, no chapter ability of it waiting: sacrificed
            guard_scope(state, "dies", f"{o.name} ({o.id}) is sacrificed after its final chapter")
            to_graveyard.append((o.id, "714.4", f"{o.name} ({o.id}) has {o.counter('lore')} lore counter(s), its final "
                                                "chapter done: its controller sacrifices it"))
            continue
        if "Battle" in ch.types:
            # a battle's defense (704.5v) is not modelled
            raise Unsupported(f"{o.name} ({o.id}): state-based actions for battles are not modelled")
        if "Planeswalker" in ch.types and o.counter("loyalty") <= 0:
            # 306.5b, 704.5i: its loyalty is the number of loyalty counters on it (given by the question's state,
            # or put on it as it entered: ``entering.enters_counters``)
            guard_scope(state, "dies", f"{o.name} ({o.id}) has no loyalty counters")
            to_graveyard.append((o.id, "704.5i", f"{o.name} ({o.id}) is a planeswalker with loyalty 0 and is put into "
                                                 "its owner's graveyard"))
            continue
        kept = (keep or {}).get((o.controller, o.name))
        if "Legendary" in ch.supertypes and not o.face_down and kept is not None and kept != o.id:
            to_graveyard.append((o.id, "704.5j", f"{o.controller} controls two or more legendary permanents named "
                                                 f"{o.name} and keeps {kept}: {o.id} is put into its owner's "
                                                 "graveyard"))
            continue
        if "Legendary" in ch.supertypes and not o.face_down and keep is None and sum(
                1 for q in state.battlefield(o.controller)
                if q.name == o.name and not q.face_down and "Legendary" in current(state, q.id).supertypes) > 1:
            raise Unsupported(f"the legend rule (704.5j) applies to {o.name}: the choice is not modelled here")
        if o.counter("+1/+1") and o.counter("-1/-1"):
            counters_fix.append(o.id)
        if "Creature" in ch.types:
            # 704.5f-g: a creature that survives with a lower bound of its toughness survives (unmodelled text
            # that only raises toughness can't make either apply); else its toughness must be known exactly
            low = toughness(game, o.id, lower_bound=True)
            if low > 0 and o.damage < low and o.id not in deathtouched:
                continue
            t = toughness(game, o.id)
            if t <= 0:
                to_graveyard.append((o.id, "704.5f", f"{o.name} ({o.id}) has toughness {t} and is put into its owner's graveyard"))
                continue
            if o.damage >= t or o.id in deathtouched:
                if ch.has_keyword("Indestructible"):
                    game = game.log(("702.12b",) + (("704.5h",) if o.id in deathtouched else ()),
                                    f"{o.name} ({o.id}) is indestructible: " + (
                                        "lethal damage" if o.damage >= t else "damage from a source with deathtouch")
                                    + " doesn't destroy it")
                    continue
                if o.damage >= t:
                    to_graveyard.append((o.id, "704.5g", f"{o.name} ({o.id}) has lethal damage and is destroyed"))
                else:
                    to_graveyard.append((o.id, "704.5h", f"{o.name} ({o.id}) was dealt damage by a source with "
                                                         "deathtouch and is destroyed"))
                continue
        if "Aura" in ch.subtypes and o.bestowed:
            # 702.103f, an exception to 704.5m: a bestowed Aura unattached, or attached to an illegal object,
            # becomes unattached and ceases to be bestowed: it stays on the battlefield, an enchantment creature
            target = o.attached_to
            if target is None or not state.has(target) or state.obj(target).zone != "battlefield" or \
                    protected_from(state, target, o.id) is not None or not _aura_legal(game, o.id, target):
                unbestow.append(o.id)
            continue
        if "Aura" in ch.subtypes:
            target = o.attached_to
            if target is None or not state.has(target) or state.obj(target).zone != "battlefield":
                to_graveyard.append((o.id, "704.5m", f"{o.name} ({o.id}) is an Aura attached to no object on the "
                                                     "battlefield and is put into its owner's graveyard"))
            elif (q := protected_from(state, target, o.id)) is not None:
                # 702.16c: protection from the Aura's quality, whether or not the question's state attached it
                to_graveyard.append((o.id, ("704.5m", "702.16c"), f"{o.name} ({o.id}) is attached to "
                                     f"{state.obj(target).name} ({target}), which has protection from "
                                     f"{quality_name(q)}, and is put into its owner's graveyard"))
            elif not _aura_legal(game, o.id, target):
                to_graveyard.append((o.id, "704.5m", f"{o.name} ({o.id}) is attached to an object it can't "
                                                     "enchant and is put into its owner's graveyard"))
        elif ("Equipment" in ch.subtypes or "Fortification" in ch.subtypes) and o.attached_to is not None:
            target = o.attached_to
            kind = "Creature" if "Equipment" in ch.subtypes else "Land"
            if not state.has(target) or state.obj(target).zone != "battlefield" or kind not in current(state, target).types:
                unattach.append((o.id, "704.5n", ""))
            elif (q := protected_from(state, target, o.id)) is not None:
                # 702.16d: it becomes unattached from a permanent with protection from its quality
                unattach.append((o.id, ("704.5n", "702.16d"), f" ({state.obj(target).name} has protection from "
                                                              f"{quality_name(q)})"))
    if not (to_cease or to_graveyard or unattach or counters_fix or unbestow):
        return game, [], False
    for oid in to_cease:
        if game.state.obj(oid).spell_copy:
            game = zones.cease_to_exist(game, oid).log(("707.10a", "704.5e"), f"{oid}, a copy of a spell, is in a "
                                                                              "zone other than the stack and ceases to exist")
            continue
        game = zones.cease_to_exist(game, oid).log(("111.7", "704.5d"), f"the token {oid} is in a zone other than "
                                                                           "the battlefield and ceases to exist")
    for oid, rule, why in unattach:
        o = game.state.obj(oid)
        game = game.with_state(game.state.with_object(replace(o, attached_to=None)))
        game = game.log(rule, f"{o.name} ({oid}) is attached to an illegal permanent{why} and becomes unattached; "
                              "it remains on the battlefield")
    for oid in unbestow:
        o = game.state.obj(oid)
        game = game.with_state(game.state.with_object(replace(o, attached_to=None, bestowed=False)))
        game = game.log(("702.103f", "704.5m"), f"{o.name} ({oid}) is a bestowed Aura attached to no legal object: it "
                                                "becomes unattached and ceases to be bestowed, and remains on the "
                                                "battlefield as an enchantment creature")
    # 704.3: the actions are performed at once: a permanent put into a graveyard now last existed on the battlefield
    # with the counters it had as they were checked, 704.5q's pairs not removed (Hangarback Walker's ruling
    # 2015-06-22: its +1/+1 counters before it got the -1/-1 counters are counted)
    last = {oid: game.state.obj(oid) for oid, _, _ in to_graveyard}
    for oid in counters_fix:
        o = game.state.obj(oid)
        n = min(o.counter("+1/+1"), o.counter("-1/-1"))
        c = dict(o.counters)
        c["+1/+1"] -= n
        c["-1/-1"] -= n
        game = game.with_state(game.state.with_object(replace(o, counters=tuple(sorted((k, v) for k, v in c.items() if v)))))
        game = game.log("704.5q", f"{n} +1/+1 and -1/-1 counter pair(s) are removed from {oid}")
    moved = []
    # 702.89a: the actions are performed at once (704.3): a permanent's destruction replaced by its Aura's umbra
    # armor is looked at before that Aura's own move (which the replacement then makes)
    to_graveyard.sort(key=lambda item: not (item[1] in ("704.5g", "704.5h") and shields.armored_by(game, item[0])))
    start = game.state          # the replacement effects of going to a graveyard: those as the event begins (614.1a)
    for oid, rule, why in to_graveyard:
        if not game.state.has(oid) or game.state.obj(oid).zone != "battlefield":
            continue        # an Aura destroyed already by the umbra armor of what it enchanted (702.89a)
        lki = last[oid]
        if rule in ("704.5g", "704.5h"):
            # 704.5g-h are destruction: an Aura's umbra armor (702.89a) or a regeneration shield replaces it
            # (701.19a); 704.5f is not (701.19c; the rulings of 2013-07-01)
            armored = shields.umbra_armor(game, oid, cause=rule)
            if armored is not None:
                game, aura_moves = armored
                moved += aura_moves
                continue
            game, regenerated = shields.regenerate(game, oid, cause=rule)
            if regenerated:
                continue
        to, instead = shields.dies_to(game, oid)          # "exile it instead" (614.1a)
        rules = rule if isinstance(rule, tuple) else (rule,)
        game = zones.move(game, oid, to, event_start=start).log(rules + ("614.1a",) if instead else rules, why + instead)
        moved.append((lki, "battlefield", to))
    return game, moved, True
