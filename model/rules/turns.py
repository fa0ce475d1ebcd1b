"""Whose turn is (or was) which (CR 102.1, 500.1, 800.4a): turns go round the seats in turn order; a player
who left the game is skipped (800.4a). Turns before the question's own are counted back from it along every
seat; turns played during actions are the ones recorded; later turns are counted on from the last one,
skipping the players who left. ("Your next turn", 611.2a, reads this.)"""
from __future__ import annotations

from mtgjudge.model.state import GameState


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
    last = max(dict(state.turns_played) or {state.turn.number: None})
    limit = max(after, last) + len(order) + 1
    for t in range(after + 1, limit + 1):
        owner = turn_owner(state, t)
        if owner == player:
            return t
        if t > last and player in state.left:
            return None
    return None
