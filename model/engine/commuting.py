"""Triggered abilities whose resolutions commute: abilities whose whole resolution changes life totals by fixed
amounts ("Target player loses 1 life and you gain 1 life.", "You gain 1 life."), where nothing in the game
sees a life total between two resolutions. Their order on the stack and the arrangement of their targets
among equal ones lead to equal states, so the engine puts them on the stack in one order, the targets of
equal ones chosen as a multiset (``put_commuting``, 603.3b), and resolves a run of equal ones at the top of
the stack at once (``resolve_run``). Off (every order and choice a branch, each object resolved on its own)
within ``game.full_search``, which the tests compare with.

Why the states are equal (each function says what it checks):

* Resolving such an ability changes life totals and nothing else (119.3): its targets are players, which a
  change of life doesn't make illegal (608.2b), and it reads no life total, so it changes the same totals by
  the same amounts whatever the totals are.
* Nothing sees a life total in between (``reads_life``): no modelled ability of any object names life except
  triggered abilities whose trigger condition doesn't (they trigger on no change of life), and no effect in
  force does; unmodelled text that may concern life makes every change of life unsupported (``change_life``'s
  guard), in the full search as in the reduced one.
* No player reaches 0 life on the way, in any order (704.5a: checked with every loss first), so no state-based
  action applies between two resolutions, and nothing triggers: the state before each resolution is the
  state before the first plus a sum of life changes, and after all of them it is the same sum in every order
  (addition commutes). The stack objects leave the stack; steps and choices are not compared (``Game.key``).

Where a player can reach 0 life in some order, in a game of two players, the game ends after the resolution that
brings them there (704.5a, 104.2a) with the rest of the stack as it stands, which the ended game does not keep
(104.1: nothing more happens; ``Game.key``): one order for each final state, counted and built without
enumerating the leftover stacks (``_put_to_the_end``, which gives its argument).
"""
from __future__ import annotations

import itertools
from dataclasses import replace
from math import comb, prod
from typing import Callable

from mtgjudge.model.engine.game import MAX_BRANCHES, Game, game_over, merge, reduced
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.engine.kernel.life import LIFE_WORDS, life_changes
from mtgjudge.model.engine.triggers import abilities_of, condition_rules, exiles_until, kinds_of, ability_of, target_choices
from mtgjudge.model.rules.layers import current
from mtgjudge.model.state import EffectInForce, PendingTrigger, PlayerRestriction, StackAbility, TurnReplacement

Changes = tuple[tuple[str, int], ...]


def _changes(game: Game, ability, controller: str, targets: tuple[str, ...]) -> Changes | None:
    """The life changes (player, delta) resolving ``ability`` with ``targets`` makes, if its whole resolution is
    such changes (``kernel.life.life_changes``: no modes, no intervening "if", targets players only); else
    None."""
    if ability.kind != "triggered" or ability.modes or ability.intervening or exiles_until(ability) \
            or len(ability.targets) > 1 or len(targets) > 1 or any(t not in game.state.player_names for t in targets):
        return None
    out: list[tuple[str, int]] = []
    for e in ability.effects:
        c = life_changes(e, controller, targets[0] if targets and e.arg("target") else None)
        if c is None:
            return None
        out += c
    return tuple(out)


def _pending_choices(game: Game, p: PendingTrigger):
    """The ability of the pending trigger ``p`` (and its source) and its choices of targets, each with the life
    changes its resolution makes; None unless every choice is such an ability's (``_changes``)."""
    if p.delayed is not None or (not game.state.has(p.source) and p.lki is None):
        return None
    src = p.lki if p.lki is not None else game.state.obj(p.source)
    ability = ability_of(game, p.source, p.index, src)
    if ability.kind != "triggered":
        return None
    out = []
    for targets in target_choices(game, ability, p.controller, p.source):
        c = _changes(game, ability, p.controller, targets)
        if c is None:
            return None
        out.append((targets, c))
    if not out and any(e.kind not in LIFE_WORDS for e in ability.effects):
        return None      # (with no legal target it is removed from the stack, 603.3d: a life ability only)
    return src, ability, out


def reads_life(game: Game) -> str | None:
    """What in the game could see a life total between two resolutions or act on a change of one ("" for an
    effect in force), None if nothing: a modelled ability of any object whose words name life, other than a
    triggered ability whose trigger condition does not and which has no intervening "if"; effects in force from
    resolved spells that name life, replacement effects and restrictions."""
    st = game.state
    if bool(st.in_force(TurnReplacement)) or bool(st.in_force(PlayerRestriction)) or \
            any("life" in repr(e).lower() for e in st.in_force(EffectInForce)):
        return "an effect in force"
    for o in st.objects:
        abilities = current(st, o.id).abilities if o.zone == "battlefield" else abilities_of(o)
        for a in abilities:
            if "life" not in (a.text() or "").lower() and "life" not in (a.source_text or "").lower():
                continue
            if a.kind == "triggered" and "life" not in (a.trigger or "").lower() and not a.intervening:
                continue
            return f"{o.name} ({o.id}): {a.text()!r}"
    return None


def _no_one_reaches_zero(game: Game, losses: dict[str, int]) -> bool:
    """704.5a: with ``losses`` (the most each player can lose, every loss first) no player in the game reaches 0
    life."""
    return all(p.life - losses.get(p.name, 0) > 0 for p in game.state.players if p.name not in game.left)


def put_commuting(game: Game, per_player: list[list[PendingTrigger]]) -> list[Game] | None:
    """603.3b for pending triggers whose resolutions commute (the module's argument): each player's in one order,
    the targets of the triggers of one class (one ability's words, one controller, the same choices of targets)
    chosen as a multiset (combinations with repetition), assigned in order to its triggers grouped by source (so
    that equal stack objects are adjacent: ``resolve_run``). None when the argument does not apply: then every
    order and every choice is a branch (``put_pending``).

    It applies only while the stack resolves whole before any action can see it (``stack_resolves_whole``, the
    caller's), when every pending trigger is such an ability, nothing reads life (``reads_life``) and no player
    can reach 0 life with every loss first."""
    seq = [p for ps in per_player for p in ps]
    if not seq or game.pending or reads_life(game) is not None:
        return None
    read = {}
    for p in dict.fromkeys(seq):
        r = _pending_choices(game, p)
        if r is None:
            return None
        read[p] = r
    losses: dict[str, int] = {}
    for p in seq:
        for pl in game.state.player_names:
            worst = min([0] + [sum(d for who, d in ch if who == pl) for _, ch in read[p][2]])
            losses[pl] = losses.get(pl, 0) - worst
    if not _no_one_reaches_zero(game, losses):
        return _put_to_the_end(game, per_player, read)
    order: list[PendingTrigger] = []
    classes: list[tuple[tuple, list[PendingTrigger]]] = []
    for ps in per_player:
        mine: dict[tuple, list[PendingTrigger]] = {}
        for p in ps:
            mine.setdefault((p.controller, read[p][1].effects, tuple(read[p][2])), []).append(p)
        for k, members in mine.items():
            members = sorted(members, key=lambda p: (p.source, p.index))     # stable: equal triggers adjacent
            classes.append((k, members))
            order += members
    if prod(comb(len(ms) + len(k[2]) - 1, len(ms)) if k[2] else 1 for k, ms in classes) > MAX_BRANCHES:
        return None
    rules = ("603.3",) if len(seq) == 1 else \
        ("603.3", "603.3b") + (("101.4",) if sum(1 for ps in per_player if ps) > 1 else ())
    if len(seq) > 1:
        game = game.log(rules, f"{len(seq)} triggered abilities that only change life totals go on the stack in one "
                               "order, the targets of equal ones chosen as a multiset: every other order and "
                               "arrangement leads to the same state (119.3, 704.5a: no player can reach 0 life)")
    picks = [list(itertools.combinations_with_replacement(range(len(k[2])), len(ms))) if k[2] else [None]
             for k, ms in classes]
    out = []
    for combo in itertools.product(*picks):
        chosen: list[tuple[str, ...] | None] = []
        for (k, ms), pick in zip(classes, combo):
            chosen += [None] * len(ms) if pick is None else [k[2][c][0] for c in pick]
        g = game
        for p, targets in zip(order, chosen):
            src, ability, opts = read[p]
            if targets is None:
                g = g.log("603.3d", f"the triggered ability of {p.source} ({ability.text()}) has no legal target: it "
                                    "is removed from the stack")
                continue
            ab = StackAbility(p.source, p.index, p.controller, targets, p.source_moves, face=src.face, lki=p.lki,
                              chosen=True, amount=p.amount)
            g = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
            g = g.log(rules + condition_rules(ability),
                      f"{p.controller} puts the triggered ability of {p.source} ({ability.text()}) on the "
                             "stack" + (f", targeting {', '.join(targets)}" if targets else ""))
            if len(opts) > 1:
                g = g.choose(f"trigger {p.source}#{p.index} targets {', '.join(targets) or 'none'}")
        out.append(g)
    return merge(out)


def resolve_run(game: Game, resolve_top: Callable[[Game], list[Game]], sba_apply: Callable[[Game], bool]
                ) -> list[Game] | None:
    """608.1, 608.2: k >= 2 equal stack objects at the top of the stack, abilities whose resolutions commute
    (the module's argument), resolve one after the other: the first is resolved (``resolve_top``), and when it
    changed life totals and nothing else, the k - 1 others change them by the same amounts (equal objects, a
    state that differs only in life totals, which nothing reads): their result is written at once, as far as no
    player is at 0 life or less after any of them but the last written (704.5a). None when
    that does not apply (then each resolves on its own); ``sba_apply``: would state-based actions apply now (then
    they would between the resolutions: not at once)."""
    st = game.state
    if not reduced() or len(st.stack) < 2 or game.pending or game_over(game):
        return None
    top = st.stack[0]
    if not isinstance(top, StackAbility) or top.delayed is not None or st.stack[1] != top:
        return None
    k = 1
    while k < len(st.stack) and st.stack[k] == top:
        k += 1
    src = top.lki if top.lki is not None else st.obj(top.source) if st.has(top.source) else None
    if src is None or top.modes is not None or (top.face is not None and top.face != src.face):
        return None
    if _changes(game, ability_of(game, top.source, top.index, src), top.controller, top.targets) is None \
            or reads_life(game) is not None or sba_apply(game):
        return None
    first = resolve_top(game)
    if len(first) != 1:
        return None
    g1 = first[0]
    if g1.state.player_names != st.player_names or g1.pending:
        return None
    lives = {p.name: g1.state.player(p.name).life for p in st.players}
    expected = st.evolve(stack=st.stack[1:], players=tuple(replace(p, life=lives[p.name]) for p in st.players))
    if g1.state != expected:
        return None
    delta = {p.name: lives[p.name] - p.life for p in st.players}
    # life moves the same way at every resolution: the first k resolutions after which every life total is still
    # above 0 are written at once (704.5a: no state-based action applies between them); the rest resolve each on
    # its own, state-based actions checked after each
    in_game = [p for p in st.players if p.name not in game.left]
    while k > 1 and any(p.life + k * delta[p.name] <= 0 for p in in_game):
        k -= 1
    if k < 2:
        return None
    final = {p.name: p.life + k * delta[p.name] for p in st.players}
    state = g1.state.evolve(stack=st.stack[k:], players=tuple(replace(p, life=final[p.name]) for p in st.players))
    said = ", ".join(f"{n} {'+' if d >= 0 else ''}{d}" for n, d in delta.items() if d)
    return [g1.with_state(state).log(("608.2", "119.3"), f"the {k - 1} other equal abilities of {top.source} resolve "
                                                        f"one after the other, each the same way (life: {said or 'no change'}); "
                                                        f"nothing happens between them")]


#: The DP states (what is left to resolve, life totals) ``_put_to_the_end`` may visit: past it, unsupported.
_MAX_STATES = 20 * MAX_BRANCHES


def _put_to_the_end(game: Game, per_player: list[list[PendingTrigger]], read: dict) -> list[Game] | None:
    """603.3b for pending triggers whose resolutions only change life totals (``put_commuting``'s conditions but
    the last: here a player can reach 0 life in some order) in a game of two players: one order of them for
    each final state, the engine resolving each. None where it does not apply (more than two players in the game:
    a player who loses leaves and the game goes on, 800.4a).

    Why the orders it leaves out lead to the final states of those it keeps. Resolving the stack from the top,
    each such ability changes life totals by fixed amounts and nothing else (119.3; ``put_commuting``), and
    nothing sees a life total in between (``reads_life``). State-based actions are checked each time a player
    would receive priority, so between two resolutions (704.3) and never during one: after each resolution, a
    player at 0 life or less loses the game (704.5a, 104.3b), and with two players the game ends at once (104.2a,
    104.1), the rest of the stack left where it is (the engine stops there: ``sba._lose``). So the final state of
    an order (top first) s_1 .. s_n is fixed by t, the first resolution after which a player is at 0 or less (n if
    none): the life totals after s_1 .. s_t (a sum, whose order does not matter: addition commutes) and the
    objects s_{t+1} .. s_n left on the stack in their order (which is seen). Two orders whose first t resolved
    abilities differ but leave the same abilities to resolve and the same life totals reach the same state, from
    which the same happens. Once the game has ended nothing more happens in it (104.1) and what was left on the
    stack is not kept (``Game.key``): the final states where a player reached 0 differ only in their life
    totals. The players put theirs in APNAP order (603.3b, 101.4), so every order resolves the
    last player's first, each player's in any order of their own. So a search over what is left to resolve (how
    many of each kind of equal triggers, ``triggers._kinds``, in that order of players, one player's kinds whose
    choices change life totals alike counted together: ``_members``) and the life totals, each such state kept once with the first order found to reach it
    (every life total above 0 after each of its resolutions, as in the order it stands for), finds every such t
    prefix; where it ends with a player at 0 or less, the life totals are the final state (one arrangement of the
    rest stands for every arrangement of it, ``_one_arrangement``), kept once for each life totals; where nothing
    is left, the life totals are. Each order kept is one a player could choose; each order left out reaches the
    state of one kept."""
    in_game = [n for n in game.state.player_names if n not in game.left]
    if len(in_game) != 2:
        return None
    # 603.3b, 101.4: the players put theirs on the stack in APNAP order, so the last player's resolve first: the
    # kinds in the order of resolution of their controllers, ``group`` saying whose each is
    kinds, group = [], []
    for n, ps in enumerate(reversed([ps for ps in per_player if ps])):
        for k in kinds_of(ps):
            kinds.append(k)
            group.append(n)
    opts = [read[k[0]][2] for k in kinds]
    deltas = [[{pl: sum(d for who, d in ch if who == pl) for pl in in_game} for _, ch in o] for o in opts]
    # triggers with no legal target are removed as they would be put on the stack (603.3d)
    counts0 = tuple(len(k) if o else 0 for k, o in zip(kinds, opts))
    # one player's kinds whose choices change life totals by the same amounts are one class for the search: which
    # of them resolves changes the life totals alike, and a final state is its life totals (nothing left, or the
    # game over with a leftover stack it does not keep), so only how many of the class are left matters
    classes: dict[tuple, list[int]] = {}
    for i, d in enumerate(deltas):
        classes.setdefault((group[i], tuple(tuple(sorted(x.items())) for x in d)), []).append(i)
    members = list(classes.values())
    cgroup = [group[ms[0]] for ms in members]
    cdeltas = [deltas[ms[0]] for ms in members]
    start = (tuple(sum(counts0[i] for i in ms) for ms in members),
             tuple(game.state.player(n).life for n in in_game))
    seen: dict[tuple, tuple] = {start: ()}
    todo = [start] if any(start[0]) else []
    ended: list[tuple[tuple, tuple]] = [] if todo else [(start[0], ())]   # (what is left, the order resolving the rest)
    lost: dict[tuple, tuple[tuple, tuple]] = {}     # the same where a player reached 0 life, by the life totals
    while todo:
        counts, lives = state = todo.pop()
        path = seen[state]
        now = min(cgroup[i] for i, c in enumerate(counts) if c)      # the player whose abilities are on top
        for i, c in enumerate(counts):
            if not c or cgroup[i] != now:
                continue
            left = counts[:i] + (c - 1,) + counts[i + 1:]
            for j, delta in enumerate(cdeltas[i]):
                after = tuple(life + delta[n] for life, n in zip(lives, in_game))
                nxt = (left, after)
                if nxt in seen:
                    continue
                seen[nxt] = path + ((i, j),)
                if len(seen) > _MAX_STATES:
                    raise SearchBound(f"putting {sum(start[0])} triggered abilities that change life totals on the "
                                      f"stack: more than {_MAX_STATES} ways to resolve them: the search bound was "
                                      "reached")
                if any(life <= 0 for life in after):
                    # the game ends here (704.5a, 104.2a) with the rest on the stack, which is not kept: one state
                    # for each life totals (``Game.key``), whatever is left
                    lost.setdefault(after, (left, seen[nxt]))
                elif not any(left):
                    ended.append((left, seen[nxt]))
                else:
                    todo.append(nxt)
    ended += lost.values()
    if len(ended) > MAX_BRANCHES:
        raise SearchBound(f"{sum(start[0])} triggered abilities that change life totals go on the stack and a player "
                          f"can reach 0 life in some orders (704.5a): {len(ended)} distinct final states, more than "
                          f"{MAX_BRANCHES}: the search bound was reached")
    rules = ("603.3", "603.3b") + (("101.4",) if sum(1 for ps in per_player if ps) > 1 else ())
    removed = [k for k, o in zip(kinds, opts) if not o]
    base = game
    for k in removed:
        for p in k:
            base = base.log("603.3d", f"the triggered ability of {p.source} ({read[p][1].text()}) has no legal "
                                      "target: it is removed from the stack")
    if sum(start[0]) > 1:
        base = base.log(rules, f"{sum(start[0])} triggered abilities that only change life totals go on the stack; "
                               "a player can reach 0 life in some orders, where the game ends with the rest of the "
                               "stack left: one order for each final state (119.3, 704.5a, 104.2a)")
    out = []
    for _, found in ended:
        steps, left = _members(found, members, counts0)
        order = _grouped(steps, deltas, start[1], in_game)
        top_first = order + _one_arrangement(left, group)
        g = base
        for i, j in reversed(top_first):       # put on the stack bottom first: the first to resolve is last
            p = kinds[i][0]
            src, ability, _ = read[p]
            targets = opts[i][j][0]
            ab = StackAbility(p.source, p.index, p.controller, targets, p.source_moves, face=src.face,
                              lki=p.lki, chosen=True, amount=p.amount)
            g = g.with_state(g.state.evolve(stack=(ab,) + g.state.stack))
            g = g.log(rules + condition_rules(ability),
                      f"{p.controller} puts the triggered ability of {p.source} ({ability.text()}) on the "
                             "stack" + (f", targeting {', '.join(targets)}" if targets else ""))
            if len(top_first) > 1 or len(opts[i]) > 1:
                g = g.choose(f"trigger {p.source}#{p.index} targets {', '.join(targets) or 'none'}")
        out.append(g)
    return merge(out)


def _members(path: tuple, members: list[list[int]], counts: tuple[int, ...]
             ) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
    """The order ``path`` of (class, choice of targets) as (kind, choice of targets), each step a kind of its
    class with triggers left, and how many of each kind are left after it (of ``counts``)."""
    left = list(counts)
    out = []
    for c, j in path:
        i = next(i for i in members[c] if left[i])
        left[i] -= 1
        out.append((i, j))
    return out, tuple(left)


def _grouped(path: list[tuple[int, int]] | tuple, deltas: list, lives: tuple[int, ...], in_game: list[str]) -> list[tuple[int, int]]:
    """The order ``path`` (top first) with its abilities but the last sorted, so that equal ones are adjacent and
    resolve as one run (``resolve_run``), if every life total stays above 0 after each of its resolutions but the
    last, as along ``path``; else ``path``. (Either leaves the same abilities and life totals: the same state.)"""
    if len(path) < 3:
        return list(path)
    candidate = sorted(path[:-1]) + [path[-1]]
    for i, j in candidate[:-1]:
        lives = tuple(life + deltas[i][j][n] for life, n in zip(lives, in_game))
        if any(life <= 0 for life in lives):
            return list(path)
    return candidate


def _one_arrangement(counts: tuple[int, ...], group: list[int]) -> list[tuple[int, int]]:
    """One sequence (top first) of (kind, choice of targets) with ``counts[i]`` triggers of kind i, the kinds of
    each player's abilities after those of the players before in ``group`` (APNAP order reversed, 101.4), each
    with its first choice of targets: the rest of the stack where the game ended, which is not kept (every
    arrangement of it leads to one state, ``Game.key``), so one order a player could choose stands for all."""
    return [(i, 0) for g in sorted(set(group)) for i, c in enumerate(counts) if group[i] == g for _ in range(c)]
