"""The words that only change life totals by fixed amounts (119.3), read once: who gains or loses how much. The
performers of these words (``engine.basics``) and the search that orders their triggers once (``engine.commuting``)
read them here, so both say the same."""
from __future__ import annotations

from mtgjudge.model.vocab.abilities import Effect

#: The words whose whole effect is a change of life totals by fixed amounts (119.3), with the changes each makes:
#: (who, sign, the argument holding the amount); who is "target" (the target player) or "you" (the controller).
LIFE_WORDS: dict[str, tuple[tuple[str, int, str], ...]] = {
    "drain": (("target", -1, "n"), ("you", 1, "gain")),     # "Target player loses N life and you gain M life."
    "gain_life": (("you", 1, "n"),),                         # "You gain N life."
    "lose_life": (("you", -1, "n"),),                        # "You lose N life."
}


def life_changes(e: Effect, controller: str, target: str | None) -> tuple[tuple[str, int], ...] | None:
    """The life changes (player, delta) the effect ``e`` makes, in order, for its controller and its target
    player: the one reading of the words of ``LIFE_WORDS`` (their performers make exactly these changes); None if
    ``e`` is not one of them with integer amounts and a player target where it names one."""
    parts = LIFE_WORDS.get(e.kind)
    if parts is None or set(dict(e.args)) - {a for _, _, a in parts} - {"target"}:
        return None
    out: list[tuple[str, int]] = []
    for who, sign, arg in parts:
        n = e.arg(arg)
        player = target if who == "target" else controller
        if not isinstance(n, int) or isinstance(n, bool) or player is None:
            return None
        out.append((player, sign * n))
    return tuple(out)
