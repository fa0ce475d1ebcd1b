"""Benchmark (run by hand): ``Board.legal_actions`` for each player of the four-player table of
``bench_table.py`` (40 permanents each, replacement effects on mana, land-type changers): the wall time of
listing every spell, land and ability each player could use now, once the table is built, and the CPU time of
this process meanwhile (``time.process_time``: what to compare on a machine that others load).

    .venv/bin/python bench/bench_legal_actions.py
"""
from __future__ import annotations

import sys
import time

import yaml
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_table import table  # noqa: E402

from mtgjudge.queries.board import Board  # noqa: E402


def timings() -> dict[str, tuple[int, int, float, float]]:
    """Each player's (legal actions, unsupported ones, wall seconds, CPU seconds) of listing them, once the
    table is built and one listing has compiled its cards."""
    board = Board.from_mapping(yaml.safe_load(table())["state"])
    board.legal_actions(board.state.players[0].name)        # warm: the grammar and the cards compiled
    out = {}
    for p in board.state.players:
        t0, c0 = time.perf_counter(), time.process_time()
        actions = board.legal_actions(p.name)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        legal = sum(a.legal for a in actions)
        out[p.name] = (legal, len(actions) - legal, dt, dc)
    return out


def main() -> None:
    for name, (legal, unsupported, dt, dc) in timings().items():
        print(f"{name}: {legal} legal, {unsupported} unsupported, in {dt:.2f} s ({dc:.2f} s CPU)")


if __name__ == "__main__":
    main()
