"""``mtgjudge cards``: show the verifier's own encoding of a card, as the rules see it on the battlefield."""
from __future__ import annotations

import argparse
import sys

from mtgjudge.model.cards import card_db
from mtgjudge.model.rules.layers import activated_abilities, current
from mtgjudge.model.objects import GameObject
from mtgjudge.model.state import GameState, Player, Turn
from mtgjudge.queries.coverage.cli import run_coverage


def describe_card(name: str) -> str:
    """How the verifier understands a card: characteristics, then abilities; activated abilities are
    numbered as a question's ``ability:`` counts them (rule-given ones, CR 305.6, included)."""
    db = card_db()
    found = db.find(name)
    if found is None:
        real = db.is_known_card(name)
        if real:
            raise LookupError(f"{real!r} is a real card the verifier has no definition for yet")
        hint = db.suggest(name)
        raise LookupError(f"unknown card {name!r}" + (f"; did you mean: {', '.join(hint)}?" if hint else ""))
    card, _ = found
    out: list[str] = []
    for face_index, face in enumerate(card.faces):
        obj = GameObject("card", card, "You", "You", "battlefield", face=face_index)
        state = GameState((Player("You"),), (obj,), Turn("You", 1))
        ch = current(state, "card")
        side = "" if len(card.faces) == 1 else (" (front face)" if face_index == 0 else " (back face)")
        out.append(f"{face.name}{side}" + ("  [token]" if card.token else ""))
        out.append(f"  mana cost: {face.cost_text()}")
        out.append(f"  type: {face.type_line()}")
        if face.power is not None:
            out.append(f"  power/toughness: {face.power}/{face.toughness}")
        colors = "".join(c for c in "WUBRG" if c in ch.colors) or "colorless"
        out.append(f"  color: {colors}")
        activated = activated_abilities(state, "card")
        n = 0
        for a in ch.abilities:
            if a in activated:
                n += 1
                kind = "mana ability" if a.is_mana_ability else "activated"
                label = f"  [{n}] {kind}: "
            elif a.kind == "unmodelled":
                label = f"  [not modelled, {a.unmodelled_kind}] "
            else:
                label = f"  {a.kind}: "
            given = f"   (given by rule {a.rule_given})" if a.rule_given else ""
            out.append(label + a.text() + given)
    return "\n".join(out)


def run_cards(args: argparse.Namespace) -> int:
    if args.cards_command == "show":
        try:
            print(describe_card(" ".join(args.name)))
        except LookupError as e:
            print(f"mtgjudge: {e.args[0]}", file=sys.stderr)
            return 2
        return 0
    if args.cards_command == "coverage":
        return run_coverage(args)
    if args.cards_command == "list":
        for name in sorted(card_db().cards):
            print(name)
        return 0
    print("mtgjudge cards: say `show NAME`, `list` or `coverage`", file=sys.stderr)
    return 2
