"""Benchmark (run by hand): a four-player table of 120 permanents (30 each), a stack of 6 spells with
their targets chosen, and a creature dying with 3 "whenever a creature dies" abilities on the battlefield
(simultaneous triggers, put on the stack in APNAP order, 603.3b). Everything resolves (``resolve: all``);
the answer must come within the engine's branch bound (``MAX_BRANCHES``). Reports the time and the number
of distinct branches the engine carried at the end.

The stack, top first:
  1. Carol's Disfigure on Alice's Grizzly Bears (-2/-2: it dies, 704.5f; Alice's Unruly Mob and Moonlit
     Wake and Bob's Moonlit Wake trigger: every order of Alice's two is a branch)
  2. Alice's Giant Growth on the same Bears (its only target is gone: it doesn't resolve, 608.2b)
  3. Bob's Counterspell on 4 (701.6a)
  4. Carol's Lightning Bolt on Dave's Grizzly Bears (countered)
  5. Dave's Swords to Plowshares on Bob's Grizzly Bears (exiled, Bob gains 2 life)
  6. Alice's Unsummon on Carol's Grizzly Bears

    python bench/bench_outcome_table.py
"""
from __future__ import annotations

import json
import time

from mtgjudge.model.engine.actions import run
from mtgjudge.model.engine.game import MAX_BRANCHES, Game
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.report import to_json
from mtgjudge.queries.runner import run_question

#: Inert permanents every player has (modelled cards without triggers): 24 of them.
FILLER = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes"] * 3 + ["Memnite", "Ornithopter",
                                                                              "Sol Ring", "Grizzly Bears",
                                                                              "Grizzly Bears", "Grizzly Bears"]
#: Each player's own six: the Bears the spells target and the three death watchers (2 Alice's, 1 Bob's).
OWN = {
    "Alice": ['{card: "Grizzly Bears", id: abear}', '"Moonlit Wake"', '"Unruly Mob"',
              '"Memnite"', '"Memnite"', '"Ornithopter"'],
    "Bob": ['{card: "Grizzly Bears", id: bbear}', '"Moonlit Wake"', '"Memnite"', '"Memnite"', '"Ornithopter"',
            '"Island"'],
    "Carol": ['{card: "Grizzly Bears", id: cbear}', '"Mountain"', '"Memnite"', '"Memnite"', '"Ornithopter"',
              '"Mountain"'],
    "Dave": ['{card: "Grizzly Bears", id: dbear}', '"Memnite"', '"Memnite"', '"Ornithopter"', '"Plains"', '"Plains"'],
}
STACK = [
    "{card: Disfigure, id: disfigure, controller: Carol, targets: [abear]}",
    "{card: Giant Growth, id: growth, controller: Alice, targets: [abear]}",
    "{card: Counterspell, id: counterspell, controller: Bob, targets: [bolt]}",
    "{card: Lightning Bolt, id: bolt, controller: Carol, targets: [dbear]}",
    "{card: Swords to Plowshares, id: swords, controller: Dave, targets: [bbear]}",
    "{card: Unsummon, id: unsummon, controller: Alice, targets: [cbear]}",
]
EXPECT = [
    "{object: abear, zone: graveyard}", "{object: growth, zone: graveyard}", "{object: bolt, zone: graveyard}",
    "{object: dbear, zone: battlefield, damage: 0}", "{object: bbear, zone: exile}", "{object: cbear, zone: hand}",
    "{player: Alice, life: 21}", "{player: Bob, life: 23}", "{player: Carol, life: 20}", "{stack_size: 0}",
]


def question() -> str:
    out = "id: bench-outcome-table\nask: outcome\nstate:\n  turn: {active: Alice}\n  stack:\n"
    out += "".join(f"    - {s}\n" for s in STACK) + "  players:\n"
    total = 0
    for name, own in OWN.items():
        cards = own + [f'"{c}"' for c in FILLER]
        total += len(cards)
        out += f"    {name}:\n      battlefield: [{', '.join(cards)}]\n      library: 30\n"
    assert total == 120, total
    out += "actions:\n  - resolve: all\nexpect:\n" + "".join(f"  - {e}\n" for e in EXPECT)
    return out


def main() -> None:
    text = question()
    q = load_text(text, "bench-outcome-table.yaml")[0]
    t = time.perf_counter()
    answer = json.loads(to_json(run_question(q)))
    seconds = time.perf_counter() - t
    t = time.perf_counter()
    branches = run(Game(state=q.state, initial=q.state), q.actions)
    engine_seconds = time.perf_counter() - t
    print(f"permanents: 120, stack: {len(STACK)} spells, simultaneous triggers: 3 (Alice 2, Bob 1)")
    print(f"status: {answer.get('status')}, answer: {str(answer.get('answer'))[:200]}")
    print(f"question answered in {seconds:.2f} s; the engine alone {engine_seconds:.2f} s")
    print(f"branches at the end: {len(branches)} (bound MAX_BRANCHES = {MAX_BRANCHES})")


if __name__ == "__main__":
    main()
