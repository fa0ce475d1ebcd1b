"""Whose turn is (or was) which (CR 102.1, 500.1, 500.7, 800.4a): turns go round the seats in turn order; a
player who left the game is skipped (800.4a); extra turns added after the current one come first, the most
recently created first (500.7), then the regular order goes on from the last turn that was not an extra turn. Turns before the question's own are counted back from it along every
seat; turns played during actions are the ones recorded; later turns are counted on from the last one,
skipping the players who left. ("Your next turn", 611.2a, reads this.)"""
from __future__ import annotations

from dataclasses import replace

from mtgjudge.model.state import GameState, Turn


def seats(state: GameState) -> tuple[str, ...]:
    """The players in turn order, those who left included."""
    return state.turn_order or state.player_names


def next_player(state: GameState, after: str) -> str | None:
    """Who takes the turn after ``after``'s (500.1), skipping players who left (800.4a); None if nobody."""
    order = seats(state)
    i = order.index(after)
    for k in range(1, len(order) + 1):
        p = order[(i + k) % len(order)]
        if p not in state.left:
            return p
    return None


def following_turn(state: GameState) -> Turn | None:
    """The turn after the current one as it begins (its untap step): the first extra turn added after this one
    by a player still in the game (500.7, 800.4a), else the regular next player's turn (500.1); None if
    nobody is left to take one."""
    t = state.turn
    extra = [p for p in t.extra if p not in state.left]
    anchor = t.resume or t.active
    if extra:
        return Turn(extra[0], t.number + 1, "untap", extra=tuple(extra[1:]), resume=anchor)
    p = next_player(state, anchor)
    return None if p is None else Turn(p, t.number + 1, "untap")


def _owners_after_current(state: GameState, k: int) -> list[str | None]:
    """The players who take the next ``k`` turns after the current one (``following_turn`` repeated)."""
    out: list[str | None] = []
    st: GameState | None = state
    for _ in range(k):
        nxt = following_turn(st) if st is not None else None
        out.append(nxt.active if nxt is not None else None)
        st = replace(st, turn=nxt) if nxt is not None and st is not None else None
    return out


def turn_owner(state: GameState, n: int) -> str | None:
    """The player whose turn number ``n`` is (or was, or will be)."""
    known = dict(state.turns_played) or {state.turn.number: state.turn.active}
    if n in known:
        return known[n]
    order = seats(state)
    first = min(known)
    if n < first:
        return order[(order.index(known[first]) - (first - n)) % len(order)]
    last = max(known)
    if n < last:
        return None   # not recorded: turns during actions are recorded as they begin
    if last == state.turn.number and n > last:
        return _owners_after_current(state, n - last)[-1]
    p: str | None = known[last]
    for _ in range(n - last):
        p = next_player(state, p) if p is not None else None
    return p


def next_turn_of(state: GameState, player: str, after: int) -> int | None:
    """The number of ``player``'s first turn after turn ``after``; None if they left the game and take no
    more turns."""
    order = seats(state)
    if player not in order:
        return None
    last = max(dict(state.turns_played) or [state.turn.number])
    limit = max(after, last) + len(order) + 1
    for t in range(after + 1, limit + 1):
        owner = turn_owner(state, t)
        if owner == player:
            return t
        if t > last and player in state.left:
            return None
    return None
