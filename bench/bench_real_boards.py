"""Benchmark (run by hand): boards a player actually has, where interchangeable permanents and triggers
must be counted once, and the start-up of one ``ask``. Each cell is whole ``mtgjudge ask --json``
processes (median wall and CPU seconds of N runs, the largest peak RSS), with what it answered and how
many final states (branches) the outcome has.

    .venv/bin/python bench/bench_real_boards.py                 # every row, N=3
    .venv/bin/python bench/bench_real_boards.py --repeat 5 forests wake
    .venv/bin/python bench/bench_real_boards.py --baseline-python ../other/.venv/bin/python

``--baseline-python PY``: another installed version of the package, run by PY, alternating with this
tree's runs so that both see the same load on a shared machine.

Rows (issue "fast on real boards"): casting Grizzly Bears with n untapped Forests; Wrath of God with n
creatures and one Moonlit Wake (n identical "you gain 1 life" triggers); Wrath of God with n creatures and
Blood Artists (n identical triggers, each targeting a player; a row with Bob at 100 life, where no
order can make him lose halfway, and one with a Blood Artist and Bob at 25, where some orders do); Razia's Purification with m permanents a side, two and four players;
Stoke the Flames convoked by n Grizzly Bears; can-pay of a 20-symbol cost from 60 sources with X past what
they can make; the README's worked example (start-up). "branches considered" is counted in this process
(``engine.game.CONSIDERED``), apart from the timed runs.
"""
from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scaling import ENV, run  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _outcome(qid: str, players: dict[str, list[str]], hand: str, action: str, life: dict[str, int] | None = None,
             expect: str = "{stack_size: 0}") -> str:
    s = f"id: {qid}\nask: outcome\nstate:\n  turn: {{active: Alice}}\n  players:\n"
    for name, perms in players.items():
        s += f"    {name}:\n      battlefield: [{', '.join(perms)}]\n      library: 5\n"
        if life and name in life:
            s += f"      life: {life[name]}\n"
        if name == "Alice":
            s += f"      hand: [{hand}]\n"
    return s + f"actions:\n  - {action}\n  - resolve: all\nexpect:\n  - {expect}\n"


def forests(n: int) -> str:
    """Grizzly Bears ({1}{G}) cast with n untapped Forests (payment member assignment)."""
    return (f"id: bears-{n}-forests\nask: outcome\nstate:\n  players:\n    Alice:\n"
            f"      hand: [{{card: Grizzly Bears, id: bears}}]\n      battlefield: [{', '.join(['Forest'] * n)}]\n"
            "actions:\n  - cast: bears\n  - resolve: 1\nexpect:\n  - {object: bears, zone: battlefield}\n")


def wake(n: int) -> str:
    """Wrath of God, n Grizzly Bears (half each side) and one Moonlit Wake: n identical triggers."""
    a = n // 2
    return _outcome(f"wrath-wake-{n}", {"Alice": ["Plains"] * 4 + ["Moonlit Wake"] + ["Grizzly Bears"] * a,
                                         "Bob": ["Grizzly Bears"] * (n - a)},
                    "{card: Wrath of God, id: wrath}", "{cast: wrath}")


def artist(n: int, artists: int = 1, life: int = 20) -> str:
    """Wrath of God, n creatures dying of which ``artists`` Blood Artists: each artist's trigger targets a
    player, once per creature; Bob has ``life`` life. (With fewer than n * artists + 1 life Bob can lose the
    game halfway, and the game ends with the rest of the stack in any of the arrangements Alice chose: the
    game is over, and what was left on the stack is not kept (104.2a, ``Game.key``), so all of them are one
    final state: one artist, 30 creatures and Bob at 25 has 25 + 1 = 26; two artists and Bob at 20 has 20 + 1 =
    21 (it had about 1.6 * 10^24, one for each leftover stack). The assertion is one that reads no stack, which
    an ended game's is unsupported for: Alice has not lost.)"""
    a = n // 2
    qid = f"wrath-artist-{artists}x{n}" + ("" if life == 20 else f"-life{life}")
    return _outcome(qid, {"Alice": ["Plains"] * 4 + ["Blood Artist"] * artists + ["Grizzly Bears"] * (a - artists),
                          "Bob": ["Grizzly Bears"] * (n - a)},
                    "{card: Wrath of God, id: wrath}", "{cast: wrath}", {"Bob": life}, "{player: Alice, lost: false}")


def razia(m: int, players: int = 2) -> str:
    """Razia's Purification; each player keeps three of m permanents (Alice: her six lands and Forests; the
    others m basics)."""
    ps = {"Alice": ["Mountain"] * 3 + ["Plains"] * 3 + ["Forest"] * (m - 6), "Bob": ["Forest"] * m}
    for name, land in (("Carol", "Island"), ("Dave", "Swamp"))[:players - 2]:
        ps[name] = [land] * m
    return _outcome(f"razia-{players}p-{m}", ps, "{card: Razia's Purification, id: rp}", "{cast: rp}")


def convoke(n: int) -> str:
    """Stoke the Flames ({2}{R}{R}, convoke) at Bob from two Mountains and n Grizzly Bears."""
    return _outcome(f"convoke-{n}", {"Alice": ["Mountain"] * 2 + ["Grizzly Bears"] * n, "Bob": []},
                    "{card: Stoke the Flames, id: stoke}", "{cast: stoke, targets: [Bob]}")


def can_pay_x(x: int) -> str:
    """can-pay of bench_payment's 20-symbol cost from its 60 sources with X = x: at most 57 mana can be made,
    the cost needs 16 + X (yes up to X = 41)."""
    from bench_payment import BIG_BOARD, BIG_COST
    bf = ", ".join(f'"{b}"' for b in BIG_BOARD)
    return (f'id: pay-x{x}\nask: can-pay\ncost: "{BIG_COST}"\nx: {x}\nstate:\n  players:\n    Alice:\n      life: 20\n'
            f"      battlefield: [{bf}]\n")


def elves(_: int) -> str:
    """The README's worked example (can-activate: Fervor and a summoning-sick Llanowar Elves)."""
    return ("id: elves-arrived-this-turn\nask: can-activate\nabout: elves\nstate:\n  players:\n    Alice:\n"
            "      battlefield:\n        - Fervor\n        - {card: Llanowar Elves, id: elves, summoning_sick: true}\n"
            "expect: yes\nbecause: [\"702.10c\"]\n")


ROWS = {
    "forests": [(forests, k) for k in (10, 12, 24, 64)],
    "wake": [(wake, k) for k in (6, 7, 12, 30)],
    "artist": [(artist, 5), (artist, 6), (artist, 12), (lambda k: artist(k, 2), 30),
               (lambda k: artist(k, 2, life=100), 30), (lambda k: artist(k, 1, life=25), 30)],
    "razia": [(razia, 8), (razia, 10), (lambda k: razia(k, 4), 10)],
    "convoke": [(convoke, k) for k in (6, 10, 14, 20)],
    "can-pay": [(can_pay_x, x) for x in (41, 42, 45, 50)],
    "start-up": [(elves, 0)],
}


def _states(answer: str) -> str:
    """The number of final states of an outcome answer (the answer's JSON text); "" for other answers."""
    try:
        ans = json.loads(answer)
    except ValueError:
        return ""
    return str(len(ans)) if isinstance(ans, list) else ""


def _branches(text: str) -> str:
    """The branches the engine considered following the question's actions (``game.CONSIDERED``: every
    branch given to a merge, before equal ones merged), in this process, untimed; "-" for a question without
    actions, the error's name for one past a bound."""
    from mtgjudge.model import deadline
    from mtgjudge.model.engine import game
    from mtgjudge.model.engine.actions import run as perform
    from mtgjudge.queries.format.files import load_text
    (q,) = load_text(text, "bench.yaml")
    if not getattr(q, "actions", None):
        return "-"
    before = game.CONSIDERED[0]
    try:
        with deadline.bound(60):
            perform(game.Game(state=q.state, initial=q.state), q.actions)
    except Exception as e:      # a search past its bound: say which
        return type(e).__name__
    return str(game.CONSIDERED[0] - before)


def main(argv: list[str]) -> None:
    n = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 3
    base = argv[argv.index("--baseline-python") + 1] if "--baseline-python" in argv else None
    names = [a for a in argv if a in ROWS] or list(ROWS)
    run(elves(0), 60)                      # bytecode and the compiled-card cache
    if base:
        run(elves(0), 60, ENV, base)
    print("| row | k | " + ("baseline: median s / cpu s / status | " if base else "")
          + f"now: median s (of {n}) / cpu s / peak MB | status | final states | branches considered | answer (shortened) |")
    print("| --- | --- | " + ("--- | " if base else "") + "--- | --- | --- | --- | --- |")
    for name in names:
        for make, k in ROWS[name]:
            text = make(k)
            now, old = [], []
            for _ in range(n):
                now.append(run(text, 60, ENV))
                if base:
                    old.append(run(text, 60, ENV, base))
            med = lambda rs, key: statistics.median(r[key] for r in rs)  # noqa: E731
            r = now[0]
            states = _states(r["answer"])
            ans = r["answer"] if len(r["answer"]) <= 50 else r["answer"][:47] + "..."
            cell = f"| {name} | {k} | "
            if base:
                cell += (f"{med(old, 'seconds'):.2f} / {med(old, 'cpu'):.2f} / {old[0]['status']}"
                         f" ({_states(old[0]['answer']) or '-'} states) | ")
            cell += (f"{med(now, 'seconds'):.2f} / {med(now, 'cpu'):.2f} / {max(x['mb'] for x in now):.0f} | "
                     f"{r['status']} | {states} | {_branches(text)} | {ans} |")
            print(cell, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
