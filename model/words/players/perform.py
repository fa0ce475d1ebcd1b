"""A player's instructions: the verbs and amounts the grammar's section
"players" adds to the word ``player_acts``, performed for ``words.library.perform``'s ``_player_acts`` (which names the
players, in APNAP order for "each player", 101.4, and performs each act in the order written, 608.2c).

- amounts: a number; X (107.3a, ``library.x_value``); a count (608.2h: read as that player's act is performed;
  "they control" / "their graveyard" is the acting player's, other words the controller's, ``rules.counts``);
  "that many" (the cards the same player discarded or shuffled away by the act just before);
- sacrificing (701.21a): every player named chooses, in APNAP order, then everything chosen is sacrificed at
  once (101.4; Barter in Blood's and Release's rulings). Several permanents of a kind are distinct ones;
  "an artifact and a land" is one permanent for each, never the same one for both, as many as can be chosen
  (Structural Collapse's and Release's rulings): every such choice a branch;
- half a life total (107.1a: rounded as the instruction says; 107.1b: never a negative amount);
- shuffling a hand and/or graveyard into the library (701.24a): the cards join the library's cards nobody knows,
  their order unknown: from then on they are among those cards (what the state holds of a library whose order
  nobody knows). A library with cards the question names is unsupported (``library.shuffle``);
- "reveals their hand and discards all <quality> cards" (701.20a, 701.9a): no choice; a card nobody knows in
  that hand is unsupported (whether it has the quality matters);
- poison counters (122.1f); ten or more is a loss (704.5c), a state-based action;
- a life total set (119.5: the player gains or loses the difference);
- a graveyard's cards of a quality returned to the battlefield or the hand by every player named, in one event;
- permanents chosen and the rest sacrificed ("chooses three permanents they control, then sacrifices the rest"):
  one permanent may be chosen for several kinds (Cataclysm's ruling), all the rest sacrificed at once;
- cards of a hand put on top of the library (401.4: in any order their owner chooses, every order a branch).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations, permutations, product
from math import perm, prod
from typing import Iterator

from mtgjudge.model.engine import zones
from mtgjudge.model.words.library import perform as library
from mtgjudge.model.engine.entering import put_onto_battlefield
from mtgjudge.model.engine.game import MAX_BRANCHES, Game, interchangeable, merge, reduced
from mtgjudge.model.words.removal.perform import move_all, remove_all
from mtgjudge.model.engine.settle import after_moves
from mtgjudge.model.errors import DefinitionError, SearchBound, Unsupported
from mtgjudge.model.names import unknown_card
from mtgjudge.model.rules import counts
from mtgjudge.model.rules.characteristics import matches
from mtgjudge.model.rules.combat.declare import defending_player
from mtgjudge.model.rules.layers import current
from mtgjudge.model.vocab.abilities import Effect
from mtgjudge.model.words.players.record import VERBS, count_target, count_text, kinds_of
from mtgjudge.model.engine.kernel.context import Ctx, Performer, unaffected
from mtgjudge.model.engine.kernel.players import change_life, discard_one, give_poison

Ctx = Ctx


def _source(game: Game, ctx: Ctx):
    """The source as the instruction knows it (400.7: a source that moved since is read from its last known
    information, as ``words.counts.perform`` does)."""
    st = game.state
    same = st.has(ctx.source) and game.moved(ctx.source) == ctx.source_moves
    return st.obj(ctx.source) if same else ctx.source_lki


def where_value(game: Game, e: Effect, ctx: Ctx) -> int | None:
    """107.3e, 608.2h: the X of "..., where X is <count>", counted once, for the controller, as the instruction
    begins (None if it has none): every act's X is that one number."""
    words = {a[1][1] for a in e.arg("acts") if isinstance(a[1], tuple) and a[1][0] == "where"}
    if not words:
        return None
    (w,) = words
    return counts.value(game.state, ctx.controller, counts.stored(e, w), _source(game, ctx))


def amount(game: Game, e: Effect, ctx: Ctx, n, player: str, that_many: int | None = None,
           where: int | None = None) -> int:
    """The amount of one act for ``player``: a number, X, a count (608.2h: read now, as this player's act is
    performed), "that many" (``that_many``: what the act before did for this player) or the X of "where X is"
    (``where``: counted once, ``where_value``)."""
    if isinstance(n, int):
        return n
    if n == "X":
        return library.x_value(e, ctx)
    if n[0] == "where":
        if where is None:
            raise Unsupported(f"{e.text()!r}: the value of X is not known to the engine")
        return where
    if n[0] == "that_many":
        if that_many is None:
            raise Unsupported(f"{e.text()!r}: what 'that many' refers to is not known to the engine")
        return max(0, that_many - n[1])     # 107.1b: never a negative number
    _, words, per = n
    theirs = any(w.lower() in ("they", "their") for w in words.split())
    count = counts.stored(e, count_text(words))
    whose = player if theirs else ctx.controller
    if count_target(n):         # "for each creature target opponent controls": the target player's
        if ctx.target not in game.state.player_names:
            raise Unsupported(f"{e.text()!r}: the target {ctx.target} is not a player")
        whose = ctx.target
    return per * counts.value(game.state, whose, count, _source(game, ctx))


def that_many(game: Game, e: Effect, verb: str, n: int, detail, player: str) -> int:
    """How many cards ``player``'s act (``verb``, its amount ``n``) takes from their hand, on the state before
    it: what "that many" / "as many cards as they discarded this way" counts after it (608.2c)."""
    hand = game.state.player(player).zone("hand")
    if verb == "discard_hand" or verb == "shuffle_in" and detail == ("hand",):
        return len(hand)
    if verb == "discard" and isinstance(n, int):
        return min(n, len(hand))
    if verb == "discard_all":
        return len(_of_quality(game, e, player, detail))
    raise Unsupported(f"what 'that many' counts after {verb!r} is not known to the engine")


def _of_quality(game: Game, e: Effect, player: str, quality: str) -> list[str]:
    """The cards of ``player``'s hand with the quality (read by the target grammar as cards' characteristics)."""
    st = game.state
    selectors = _kinds(e, "cards", quality)
    out = []
    for oid in st.player(player).zone("hand"):
        o = st.obj(oid)
        if not o.card.modelled:
            raise Unsupported(f"{player}'s hand holds {unknown_card(o)}: whether it is a {quality} card matters")
        if any(matches(sel, current(st, oid), o, player, None) for sel in selectors):
            out.append(oid)
    return out


def _kinds(e: Effect, how: str, phrase: str) -> tuple:
    """The selectors of a kind or quality the acts name, read as the card was compiled (``record.KINDS``)."""
    try:
        return kinds_of(e, how, phrase)
    except DefinitionError as err:          # a word made otherwise than by compiling it
        raise Unsupported(f"{e.text()!r}: {err}") from None


def act(game: Game, e: Effect, verb: str, n: int, detail, player: str, ctx: Ctx) -> list[Game]:
    """One act of this module's verbs by ``player`` (``n``: its amount, already read)."""
    if player in game.left:
        return [game.log("800.4a", f"{player} has left the game: the instruction does nothing to them")]
    if verb == "lose_half":
        life = game.state.player(player).life
        half = max(0, (life + 1) // 2 if detail == "up" else life // 2)    # 107.1a rounding, 107.1b
        if half == 0:
            return [game.log(("107.1a", "107.1b"), f"half of {player}'s life ({life}) is 0: no life is lost")]
        game = game.log("107.1a", f"half of {player}'s life total {life}, rounded {detail}, is {half}")
        return [change_life(game, player, -half)]
    if verb == "shuffle_in":
        return [shuffle_in(game, player, detail)]
    if verb == "discard_all":
        return [discard_all(game, e, player, detail)]
    if verb == "poison":
        return [give_poison(game, player, n)]          # 704.5c is a state-based action (engine.sba)
    if verb == "put_top":
        return put_top(game, player, n)
    if verb == "choose":        # acted on by the next instruction, which makes the choice (608.2c)
        return [game.log("608.2c", f"{player} chooses: what is done with the choice is the next instruction's")]
    if verb == "life_becomes":
        # 119.5: the player gains or loses the amount of life that makes their life total the number
        life = game.state.player(player).life
        if n == life:
            return [game.log("119.5", f"{player}'s life total is already {n}: no life is gained or lost")]
        return [change_life(game, player, n - life, rules=("119.5",), why=f" (their life total becomes {n})")]
    raise Unsupported(f"the instruction {verb!r} is not performed by the engine")


def put_top(game: Game, player: str, n: int) -> list[Game]:
    """401.4: ``player`` chooses ``n`` cards of their hand (all of it if fewer) and puts them on top of their
    library in the order they choose: every ordered choice a branch (cards nobody knows are interchangeable,
    ``Game.key``)."""
    hand = game.state.player(player).zone("hand")
    k = min(n, len(hand))
    if k == 0:
        return [game.log("401.4", f"{player}'s hand is empty: no card is put on their library")]
    if perm(len(hand), k) > MAX_BRANCHES:
        raise SearchBound(f"{player} could put more than {MAX_BRANCHES} sequences of cards on their library")
    out = []
    for order in permutations(hand, k):        # order[0] ends on top
        g, moved = game, []
        for oid in reversed(order):
            lki = g.state.obj(oid)
            g = zones.move(g, oid, "library", top=True)
            moved.append((lki, "hand", "library"))
        g = g.log("401.4", f"{player} puts {', '.join(order)} from their hand on top of their library (top first)")
        out.append(after_moves(g, moved, f"{player} puts cards on their library").choose(
            f"{player} puts {', '.join(order)} on top"))
    return merge(out)


def return_all(game: Game, e: Effect, players: list[str], detail: tuple[str, str], ctx: Ctx) -> list[Game]:
    """400.6, 101.4: every player named returns all the cards of the quality from their graveyard to the
    battlefield (under their control: the player who puts it there, 110.2) or to their hand, all in one event
    (what the moves trigger sees them all, ``settle.after_moves``); each card a new object (400.7)."""
    quality, to = detail
    st = game.state
    selectors = _kinds(e, "cards", quality)
    cards = []
    for p in players:
        if p in game.left:
            continue
        for oid in st.player(p).zone("graveyard"):
            o = st.obj(oid)
            if not o.card.modelled:
                raise Unsupported(f"{p}'s graveyard holds {unknown_card(o)}: whether it is a {quality} card, and "
                                  "what it does as it moves, matter")
            if any(matches(sel, current(st, oid), o, p, None) for sel in selectors):
                cards.append((p, oid))
    moved = []
    for p, oid in cards:
        lki = game.state.obj(oid)
        if to == "battlefield":
            if "Aura" in current(game.state, oid).subtypes:
                raise Unsupported(f"{lki.name} is an Aura put onto the battlefield: what it enchants (303.4f) is not "
                                  "modelled")
            game = put_onto_battlefield(game, oid, p, None, ("400.6", "110.2"),
                                        f"{p} returns {lki.name} ({oid}) from their graveyard to the battlefield; it "
                                        "becomes a new object (400.7)")
        else:
            game = zones.move(game, oid, "hand").log("400.6", f"{p} returns {lki.name} ({oid}) from their graveyard to "
                                                              "their hand; it becomes a new object (400.7)")
        moved.append((lki, "graveyard", to))
    if not moved:
        return [game.log("400.6", f"no {quality} card is in those graveyards: nothing is returned")]
    return [after_moves(game, moved, f"{quality} cards return from graveyards")]


def shuffle_in(game: Game, player: str, zones_in: tuple[str, ...]) -> Game:
    """701.24a: the cards of ``player``'s zones are shuffled into their library. The library must be cards
    nobody knows (its order can't be represented otherwise); the cards join them (their positions unknown)."""
    if game.state.player(player).zone("library"):
        raise Unsupported(f"{player} shuffles cards into a library with cards the question names: their order "
                          "becomes unknown, which the engine does not represent")
    library.guard_library(game, f"{player} shuffles cards into their library")
    moved, k = [], 0
    for zone in zones_in:
        for oid in game.state.player(player).zone(zone):
            lki = game.state.obj(oid)
            if lki.token:
                continue        # 111.8 a token off the battlefield can't move (it ceases to exist, 704.5d)
            if not lki.card.modelled:
                raise Unsupported(f"{player} shuffles {unknown_card(lki)} into their library: what it does as it "
                                  "moves matters")
            game = zones.move(game, oid, "library")
            st = game.state
            st = zones.remove_from_zones(st, oid).evolve(objects=tuple(q for q in st.objects if q.id != oid))
            pl = st.player(player)
            game = game.with_state(st.with_player(replace(pl, unknown_library=pl.unknown_library + 1)))
            moved.append((lki, zone, "library"))
            k += 1
    game = game.log("701.24a", f"{player} shuffles {k} card(s) from their {' and '.join(zones_in)} into their "
                               f"library: it is {game.state.player(player).unknown_library} card(s) in an order "
                               "nobody knows")
    return after_moves(game, moved, f"{player} shuffles cards into their library") if moved else game


def discard_all(game: Game, e: Effect, player: str, quality: str) -> Game:
    """701.20a, 701.9a: the hand is revealed and every card of it with the quality is discarded (no choice)."""
    game = game.log("701.20a", f"{player} reveals their hand")
    cards = _of_quality(game, e, player, quality)
    if not cards:
        return game.log("701.9a", f"{player}'s hand holds no {quality} card: nothing is discarded")
    for oid in cards:
        game = discard_one(game, player, oid)
    return game


def _choices(game: Game, player: str, items: tuple, e: Effect, ctx: Ctx) -> list[tuple[str, ...]]:
    """701.21a: the sets of permanents ``player`` may sacrifice for the items ((N, kind) pairs): one distinct
    permanent for each unit of each item, as many units filled as can be (Release's ruling); each set once."""
    st = game.state
    units = []
    for k, kind in items:
        k = library.x_value(e, ctx) if k == "X" else k
        sel, = _kinds(e, "permanents", kind)
        if sel.combat:
            raise Unsupported(f"{e.text()!r}: which permanents are {kind} is not known to the engine")
        fits = tuple(o.id for o in st.battlefield(player)
                     if matches(sel, current(st, o.id), o, player, None, st.turn.step))
        units += [fits] * k
    if not units:
        return [()]
    if prod(len(u) + 1 for u in units) > 20 * MAX_BRANCHES:
        raise SearchBound(f"{player}'s choices of permanents to sacrifice are more than the search bound")
    out: set[tuple[str, ...]]
    best, out = -1, set()
    for pick in product(*[u + (None,) for u in units]):
        chosen = [p for p in pick if p is not None]
        if len(set(chosen)) != len(chosen):
            continue
        if len(chosen) > best:
            best, out = len(chosen), set()
        if len(chosen) == best:
            out.add(tuple(sorted(chosen)))
    return sorted(out)


def sacrifice(game: Game, e: Effect, ctx: Ctx, players: list[str], items: tuple, k: dict[str, int]) -> list[Game]:
    """701.21a, 101.4: each player named chooses (APNAP order) the permanents to sacrifice (``items`` ``k[p]``
    times, a count's amount), then all of them are sacrificed at once: every combination a branch."""
    options = []
    for p in players:
        if p in game.left:
            continue
        options.append(_choices(game, p, tuple(i for i in items for _ in range(k[p])), e, ctx))
    if prod(len(o) for o in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of permanents to sacrifice: the search bound was reached")
    game = game.log(("701.21a", "101.4"), "each player named chooses the permanents to sacrifice, in APNAP order, "
                                          "then they are sacrificed at once: every choice is a branch")
    out = []
    for combo in product(*options):
        chosen = [oid for c in combo for oid in c]
        g = remove_all(game, chosen, "sacrifice") if chosen else game.log("701.21a", "nothing is sacrificed")
        out.append(g.choose("sacrificed: " + (", ".join(chosen) or "none")))
    return merge(out)


def _kept(game: Game, player: str, items: tuple, e: Effect, ctx: Ctx) -> list[frozenset]:
    """The sets of permanents ``player`` may choose to keep: for each item (N, kind), N distinct permanents of
    the kind (all of them if fewer); one permanent may be chosen for several items (Cataclysm's and Cataclysmic
    Gearhulk's rulings: "as either of the types or both"). Each set once."""
    if reduced() and len(items) == 1:
        # Interchangeable permanents are kept by count: the first c of each class stand for any c of it
        # (``game.interchangeable``); one branch per count of each class.
        k, kind = items[0]
        k = library.x_value(e, ctx) if k == "X" else k
        classes = interchangeable(game, list(_fits(game, player, kind, e)))
        kept = []
        for counts in _counts([len(c) for c in classes], min(k, sum(len(c) for c in classes))):
            kept.append(frozenset(i for cls, c in zip(classes, counts) for i in cls[:c]))
            if len(kept) > 20 * MAX_BRANCHES:
                raise SearchBound(f"{player}'s choices of permanents to keep are more than the search bound")
        return sorted(kept, key=sorted)
    per_item = []
    for k, kind in items:
        k = library.x_value(e, ctx) if k == "X" else k
        fits = _fits(game, player, kind, e)
        per_item.append([frozenset(c) for c in combinations(fits, min(k, len(fits)))])
    if prod(len(o) for o in per_item) > 20 * MAX_BRANCHES:
        raise SearchBound(f"{player}'s choices of permanents to keep are more than the search bound")
    return sorted({frozenset().union(*pick) for pick in product(*per_item)}, key=sorted)


def _counts(sizes: list[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every way to take n things from classes of ``sizes``: how many of each class (each at most its size)."""
    if not sizes:
        if n == 0:
            yield ()
        return
    if n > sum(sizes):
        return
    for c in range(min(n, sizes[0]), -1, -1):
        for rest in _counts(sizes[1:], n - c):
            yield (c,) + rest


def _fits(game: Game, player: str, kind: str, e: Effect) -> tuple[str, ...]:
    """The permanents ``player`` controls of the kind ("creature", "nonland permanents")."""
    st = game.state
    sel, = _kinds(e, "permanents", kind)
    if sel.combat:
        raise Unsupported(f"{e.text()!r}: which permanents are {kind} is not known to the engine")
    return tuple(o.id for o in st.battlefield(player) if matches(sel, current(st, o.id), o, player, None, st.turn.step))


def chosen(game: Game, e: Effect, ctx: Ctx, players: list[str], detail: tuple) -> list[Game]:
    """608.2c, 101.4: each player named chooses (APNAP order) permanents of the items, then what the sentence
    after the choice says is done to all of them at once ("Destroy that creature.", 701.8a): every combination
    of choices a branch; a player with none of the kind chooses nothing."""
    items, verb = detail
    options = [[(p, kept) for kept in _kept(game, p, items, e, ctx)] for p in players if p not in game.left]
    if prod(len(o) for o in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of permanents: the search bound was reached")
    game = game.log(("608.2c", "101.4"), f"each player named chooses, in APNAP order; the chosen are {verb}ed")
    out = []
    for combo in product(*options):
        picked = sorted(oid for _, kept in combo for oid in kept)
        g = remove_all(game, picked, verb) if picked else game.log("608.2c", "nothing was chosen")
        out.append(g.choose("chosen: " + (", ".join(picked) or "none")))
    return merge(out)


def keep(game: Game, e: Effect, ctx: Ctx, players: list[str], detail: tuple) -> list[Game]:
    """701.21a, 101.4: each player named chooses (APNAP order) the permanents of the items to keep, then every
    other permanent of the scope ("the rest") they control is sacrificed, all at once (Razia's Purification's
    and Cataclysm's rulings): every combination of choices a branch."""
    items, scope, *how = detail
    verb = how[0] if how else "sacrifice"       # "Destroy the rest." (701.8a) after a choice
    options, rests = [], []
    for p in players:
        if p in game.left:
            continue
        options.append([(p, kept) for kept in _kept(game, p, items, e, ctx)])
        rests.append((p, _fits(game, p, scope, e)))
    if prod(len(o) for o in options) > MAX_BRANCHES:
        raise SearchBound(f"more than {MAX_BRANCHES} choices of permanents to keep: the search bound was reached")
    game = game.log(("701.21a", "101.4"), "each player named chooses the permanents to keep, in APNAP order, then "
                                          "the rest are sacrificed at once: every choice is a branch")
    scoped = dict(rests)
    if reduced() and len(options) > 1 and any(len(o) == 1 for o in options) and \
            all(game.state.obj(oid).owner == p for p, ids in rests for oid in ids):
        return _keep_factored(game, options, scoped, verb)
    out = []
    for combo in product(*options):
        gone = [oid for p, kept in combo for oid in scoped[p] if oid not in kept]
        g = remove_all(game, gone, verb) if gone else game.log("701.21a", f"nothing is {verb}ed")
        out.append(g.choose("kept: " + ", ".join(sorted(k for _, kept in combo for k in kept))))
    return merge(out)


def _keep_factored(game: Game, options: list, scoped: dict, verb: str) -> list[Game]:
    """``keep`` where some players have one choice: their permanents are moved once, then every combination of
    the others' choices moves theirs, and what the whole event triggers follows (``settle.after_moves``). The
    same event as ``keep``'s, its zone changes made in another order: each permanent goes to its owner's
    graveyard (every one of them is owned by the player who controls it, the caller's condition), so each
    graveyard gets its cards in the same order, and what the event triggers is put on the stack in every
    order anyway (603.3b)."""
    fixed = [o[0] for o in options if len(o) == 1]
    varying = [o for o in options if len(o) > 1]
    gone = [oid for p, kept in fixed for oid in scoped[p] if oid not in kept]
    base, moved = move_all(game, gone, verb)
    out = []
    for combo in product(*varying):
        more = [oid for p, kept in combo for oid in scoped[p] if oid not in kept]
        g, m = move_all(base, more, verb, begun=game.state if moved else None)
        every = moved + m
        g = after_moves(g, every, f"{', '.join(gone + more)} leave the battlefield") if every else \
            g.log("701.21a", f"nothing is {verb}ed")
        out.append(g.choose("kept: " + ", ".join(sorted(k for _, kept in fixed + list(combo) for k in kept))))
    return merge(out)


def _lives(branches: list[Game], named, e: Effect) -> dict[str, int]:
    """The life of each player ``named`` in the one branch of an act whose life lost "that much" names (the act
    loses a number of life, no choice in it); several branches are unsupported (which one's loss is not said)."""
    if len(branches) != 1:
        raise Unsupported(f"{e.text()!r}: 'that much' after an act with several outcomes is not performed")
    return {p: branches[0].state.player(p).life for p in named}


def event_player(game: Game, e: Effect, ctx: Ctx) -> list[str]:
    """The player the triggered ability's event was about (603.2), as the ability remembers it (``Ctx.player``):
    "that player", the player its creature dealt combat damage (510.2); "defending player", the player its
    attacking creature attacks, or the controller of the planeswalker it attacks, now; if it is no longer attacking,
    the one it was attacking as the event happened (508.5). A player who left the game is not affected (800.4a)."""
    if ctx.player is None:
        raise Unsupported(f"{e.text()!r}: which player {e.arg('who')!r} is is not known to the engine")
    player = ctx.player
    st = game.state
    if e.arg("who") == "defending player" and ctx.subject is not None and st.has(ctx.subject) and \
            st.obj(ctx.subject).zone == "battlefield" and (attacked := st.obj(ctx.subject).attacking) is not None:
        player = defending_player(st, attacked)
    return [player] if player not in game.left else []


def player_acts(game: Game, e: Effect, ctx: Ctx) -> list[Game]:
    """119.3, 121.1, 701.9, 701.17: each act in the order written (608.2c), by every player it names in APNAP
    order (101.4); "you may" is a choice: doing nothing is a branch."""
    if e.arg("target"):
        skip = unaffected(game, ctx)
        if skip is not None:
            return [skip]
        if ctx.target not in game.state.player_names:
            raise Unsupported(f"{e.text()!r}: {ctx.target} is not a player")
    players = event_player(game, e, ctx) if e.arg("event") else library.players_named(game, e.arg("who"), ctx)
    if e.arg("event"):
        game = game.log(("603.2", "508.5") if e.arg("who") == "defending player" else ("603.2", "510.2"),
                        f"{e.arg('who')!r}: {', '.join(players) or 'a player who left the game'}")
    if e.arg("who") == "its controller":
        game = game.log("608.2h", f"'its controller': {ctx.targets[0]}'s controller as it last existed, "
                                  f"{', '.join(players) or 'a player who left the game'}")
    if e.arg("who") == "its owner":
        game = game.log("108.3", f"'its owner': the owner of {ctx.targets[0]}, "
                                 f"{', '.join(players) or 'a player who left the game'}")
    branches = [game]
    acts = e.arg("acts")
    last: dict[str, int] = {}       # (players) what each player's act before took from their hand ("that many")
    where = where_value(game, e, ctx)      # (players) 107.3e: "where X is ...", counted once
    lost: int | None = None                 # (players) the life the act before lost ("that much")
    if where is not None:
        branches = [g.log(("107.3e", "608.2h"), f"X is {where}: counted as the instruction begins") for g in branches]
    for i, (verb, n, detail, *own) in enumerate(acts):
        named = library.players_named(game, own[0], ctx) if own else players      # (players) a verb phrase's own subject
        if n == "X":
            n = library.x_value(e, ctx)
            branches = [g.log("107.3a", f"X is {n}, the value chosen as the spell was cast") for g in branches]
            if n == 0:      # 107.3a: X is 0: the act is done zero times (no event: no life is gained, 119.10)
                continue
        follows = i + 1 < len(acts) and isinstance(acts[i + 1][1], tuple) and acts[i + 1][1][0] == "that_many"
        if isinstance(n, tuple) and n[0] == "that_much":
            # the total life the act before lost, of every player it named (Syndic of Tithes's ruling 2013-04-15);
            # first, the damage the trigger event dealt (603.2; Angel of Deliverance's ruling 2016-04-08: once for
            # all the damage a source deals at once)
            said = lost if i else ctx.amount
            if said is None:
                raise Unsupported(f"{e.text()!r}: what 'that much' refers to is not known to the engine")
            n = said
            branches = [g.log("119.3", f"'that much': the {n} life lost by the instruction before" if i else
                              f"'that much': the {n} damage dealt") for g in branches]
            if n == 0:      # 119.10: no life is gained
                continue
        lost = None
        before = _lives(branches, named, e) if i + 1 < len(acts) and acts[i + 1][1] == ("that_much", 0) else None
        if verb == "sacrifice":         # (players) chosen by all, then sacrificed at once (701.21a, 101.4)
            nxt = []
            for g in branches:
                each = {p: amount(g, e, ctx, n, p, None, where) for p in named}
                if isinstance(n, tuple) and n[0] == "count":
                    g = g.log("608.2h", f"{n[1]!r} is counted as the instruction is performed: " +
                              ", ".join(f"{p} {v}" for p, v in each.items()))
                nxt += sacrifice(g, e, ctx, named, detail, each)
            branches = merge(nxt)
            continue
        if verb in ("keep", "chosen"):  # (players) chosen by all, then acted on at once (701.21a, 101.4)
            choice = keep if verb == "keep" else chosen
            branches = merge([r for g in branches for r in choice(g, e, ctx, named, detail)])
            continue
        if verb == "return_all":        # (players) one event for every player named (101.4)
            branches = merge([r for g in branches for r in return_all(g, e, named, detail, ctx)])
            continue
        for p in named:
            if follows:
                seen = {that_many(g, e, verb, n, detail, p) for g in branches}
                if len(seen) != 1:
                    raise Unsupported(f"{e.text()!r}: 'that many' differs from one choice to another")
                last[p] = seen.pop()
            nxt = []
            for g in branches:
                k = amount(g, e, ctx, n, p, last.get(p), where)
                if isinstance(n, tuple) and n[0] == "count":
                    g = g.log("608.2h", f"{p}: {n[1]!r} is counted as the instruction is performed, {n[2]} for "
                                        f"each: {k}")
                if k <= 0 and verb != "life_becomes":   # 608.2h: an amount of 0 does nothing (119.10, 121.1)
                    nxt.append(g.log("608.2h", f"{p}: the amount is 0, nothing happens"))
                    continue
                nxt += (act(g, e, verb, k, detail, p, ctx) if verb in VERBS
                        else library.library_act(g, verb, k, p, ctx))
            branches = merge(nxt)
            if len(branches) > MAX_BRANCHES:
                raise SearchBound(f"{e.text()!r} has more than {MAX_BRANCHES} outcomes: the search bound")
        if before is not None:
            after = _lives(branches, named, e)
            lost = sum(max(0, before[p] - after[p]) for p in named)
    if e.arg("may"):
        branches = merge([game.log("608.2d", f"{ctx.controller} chooses not to: {e.text()}")] + branches)
    return branches




PERFORMERS: dict[str, Performer] = {"player_acts": player_acts}


__all__ = ["VERBS", "act", "amount", "return_all", "sacrifice", "shuffle_in", "discard_all", "chosen", "keep", "player_acts", "that_many"]
