"""The benchmarks' runner (``bench/run_all.py``): it lists every row of the scripts it runs, runs one, and reads
its figures as its documentation says. No timing is asserted: the figures are the benchmark's to report."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))
import bench_commander_mana  # noqa: E402
import bench_real_boards  # noqa: E402
import bench_table  # noqa: E402
import run_all  # noqa: E402


def _listed(capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert run_all.main(["--list"]) == 0
    return [line.split()[0] for line in capsys.readouterr().out.splitlines()]


def test_the_runner_lists_every_row_of_the_scripts_it_runs(capsys: pytest.CaptureFixture[str]) -> None:
    names = _listed(capsys)
    assert len(names) == len(set(names)), "row names are unique"
    # bench_scaling's five targets and the four-player table's questions
    for row in ("reflection-24", "yavimaya-60", "can-pay-400", "options-sources-12", "options-reflection-30"):
        assert f"scaling/{row}" in names
    assert sum(n.startswith("table/") for n in names) == len(bench_table.QUESTIONS) + len(bench_table.LIMITS)
    # every row of bench_real_boards (its start-up row is the README's example, a start-up row here)
    for group, made in bench_real_boards.ROWS.items():
        for make, k in made:
            qid = run_all._qid(make(k))
            assert (f"real-boards/{qid}" in names) is (group != "start-up"), qid
    assert [n for n in names if n.startswith("commander/")] == [f"commander/{i:02d}" for i in range(1, 17)] + [
        "commander/under-1s"]
    for row in ("start-up/readme-example-warm", "start-up/store-card-warm", "start-up/readme-example-cold",
                "could-produce/147-permanents-vs-naive", "legal-actions/Dave", "combat/ten-by-ten-blocks",
                "combat/ten-on-ten-damage", "outcome-table/120-permanents", "check/bundled-corpus-j1"):
        assert row in names


def test_the_targets_of_the_issue_are_rows_with_a_target() -> None:
    targets = {r.name: r.target for r in run_all.rows()}
    for row in ("real-boards/bears-64-forests", "real-boards/wrath-artist-2x30", "real-boards/razia-4p-10",
                "real-boards/convoke-20", "real-boards/pay-x42", "commander/under-1s", "start-up/readme-example-warm",
                "start-up/store-card-warm", "start-up/readme-example-cold", "could-produce/147-permanents-vs-naive"):
        assert targets[row], row
    assert not targets["real-boards/pay-x41"]         # X = 41 can be paid: no "answers no" target


def test_one_row_runs_by_this_installation_and_a_baseline(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    done = subprocess.run([sys.executable, str(BENCH / "run_all.py"), "--quick", "--only", "start-up/readme-example-warm",
                           "--baseline", sys.executable, "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    table = [line for line in done.stdout.splitlines() if line.startswith("| start-up/readme-example-warm |")]
    assert len(table) == 1 and table[0].count("|") == 10, done.stdout
    (row,) = json.loads(out.read_text())["rows"]
    for tree in ("now", "baseline"):
        summary = row[tree]["summary"]
        assert summary["status"] == "pass" and summary["answer"] == "true", summary    # the README's answer: yes
        assert summary["cpu"] > 0 and summary["seconds"] > 0 and len(row[tree]["runs"]) == 1
    assert row["slower"] in ("no", "SLOWER") and row["ratio"] > 0


def test_slower_needs_both_the_ratio_and_the_seconds() -> None:
    base = {"cpu": 1.0, "status": "answered"}
    assert run_all.slower({"cpu": 1.2, "status": "answered"}, base) == "SLOWER"
    assert run_all.slower({"cpu": 1.05, "status": "answered"}, base) == "no"
    assert run_all.slower({"cpu": 0.015, "status": "answered"}, {"cpu": 0.010, "status": "answered"}) == "no"     # 50% of 5 ms: noise
    assert run_all.slower({"cpu": 0.5, "status": "answered"}, {"cpu": 9.0, "status": "cannot run"}) == "baseline cannot run"


def test_rows_that_one_side_did_not_answer_or_that_a_time_bound_stopped_are_not_compared_by_time() -> None:
    now = {"cpu": 0.6, "status": "pass"}
    refused = {"cpu": 0.5, "status": "unsupported", "said": "60 triggered abilities can be ordered in more ways"}
    assert run_all.slower(now, refused) == "no (the baseline did not answer)"
    assert run_all.slower({**refused, "status": "unsupported"}, {**now, "cpu": 2.0}).startswith("WORSE")
    stopped = {"cpu": 3.1, "status": "answered", "said": "the solver reached its bound; the count of mana decides"}
    assert run_all.slower(stopped, {**stopped, "cpu": 2.0}) == "time bound: not compared"
    unshortened = {**stopped, "said": "these reasons may not be minimal: finding a minimal set of them reached the "
                                      "solver's bound"}
    assert run_all.slower({**stopped, "said": ""}, {**unshortened, "cpu": 2.0}) == "time bound: not compared"
    both = {"cpu": 1.2, "status": "unsupported", "said": "the factored mana-options answer reached its bound"}
    assert run_all.slower(both, {**both, "cpu": 0.8}) == "SLOWER"     # a bound of size, not of time: compared


def test_the_commander_row_counts_the_boards_that_meet_theirs() -> None:
    selected = [r for r in run_all.rows() if r.name.startswith("commander/")]
    summaries = {}
    for i, r in enumerate(r for r in selected if not r.derived):
        fast = i != 3
        summaries[r.name] = {"cpu": 0.5 if fast else 1.5, "seconds": 1.0, "mb": 90, "status": "answered",
                             "answer": "[]", "form": "factored" if i != 5 else "amounts"}
    run_all.judge(selected, summaries)
    assert summaries["commander/04"]["met"] is False and summaries["commander/06"]["met"] is False
    agg = summaries["commander/under-1s"]
    assert (agg["count"], agg["of"], agg["met"]) == (14, 16, False)


def test_the_warm_question_names_every_card_but_tokens() -> None:
    text = ("id: q\nask: outcome\nstate:\n  stack:\n    - {card: Disfigure, controller: Carol, targets: [b]}\n"
            "  players:\n    Alice:\n      battlefield: [Forest, {card: Grizzly Bears, id: b}, {card: Treasure, token: true}]\n"
            "      hand: [{card: Fireball, id: f}]\n      library: 30\n")
    assert run_all.cards_of(text) == {"Forest", "Grizzly Bears", "Fireball", "Disfigure"}
    assert run_all.cards_of(bench_table.questions()[0][1]) >= {"Gift of Paradise", "Mana Reflection", "Forest"}
    warm = run_all.warm_question([text, bench_commander_mana.board(1)])
    assert "Gaea's Cradle" in warm and '"Disfigure"' in warm and "Treasure" not in warm
