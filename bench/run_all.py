"""Every row of the benchmarks in one command: the targets of the issues' "Done when" and the rows measured
beside them, each run as the scripts of ``bench/`` build and measure it, with a table (row, target, measured
median, met) and, with ``--baseline``, the same rows run by another installation side by side.

    .venv/bin/python bench/run_all.py                    # every row, medians of 3 runs
    .venv/bin/python bench/run_all.py --quick            # one run a row
    .venv/bin/python bench/run_all.py --baseline /other/venv/bin/python --json out.json
    .venv/bin/python bench/run_all.py --list             # the rows and their targets
    .venv/bin/python bench/run_all.py --only 'start-up/*' --only 'commander/*'

What is compared is **CPU time** (user + system) of the measured process, the kernel's accounting of the
finished child (``os.wait4``, in ``bench_scaling.process``): on a machine shared with other work, wall time
measures the others too. Wall time is shown beside it. A row whose figure is measured inside a process (the
could-produce ratio, legal actions) gives the CPU time of that part alone (``time.process_time``), as its
script does. Targets are read on the CPU medians.

``--baseline PY``: the Python of another installation of the package (e.g. an older checkout's venv). Each
row's runs alternate between this installation and that one, so that both see the same load; the table
gives both medians, their ratio and "slower" where this one's CPU median exceeds the baseline's by more than
``SLOWER_RATIO`` and ``SLOWER_SECONDS`` together (the noise of medians on a loaded machine). A row that the
baseline cannot run (an error, an older question format) says so. The questions are this tree's, for both.

The start-up rows measure whatever installation runs them: an editable one (``pip install -e``) adds its import
hook to every process (~20 ms of CPU here), which the README's ``pip install .`` does not; measure a venv made
as the README makes it (``bench_ask.editable`` tells them apart, and the table's footer says which it was).

Each installation keeps its own cache folder (compiled cards, the parse tables), made under the
``MTGJUDGE_CACHE`` folder, or ``.cache/`` of this tree, as ``bench-<hash of the python>``, and warmed
before the timing with one question naming every card of the selected rows; the cold rows empty a folder
of their own before each run.
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))
import bench_ask  # noqa: E402
import bench_combat  # noqa: E402
import bench_combat_declarations  # noqa: E402
import bench_commander_mana  # noqa: E402
import bench_real_boards  # noqa: E402
import bench_scaling  # noqa: E402
import bench_table  # noqa: E402
from bench_scaling import ENV, process, run  # noqa: E402

#: "Slower": this installation's CPU median above the baseline's by both this factor and this many seconds.
SLOWER_RATIO = 1.10
SLOWER_SECONDS = 0.02
#: Statuses of an answer (``ask --json``): answered without an expectation, or the expectation met.
ANSWERED = ("answered", "pass")
ASK_TIMEOUT = 60.0
PROCESS_TIMEOUT = 900.0

Summary = dict
Check = Callable[[Summary, dict[str, Summary]], bool]


@dataclass
class Row:
    """One row: what runs (an ``ask`` of ``question``, a ``command``, a key of a ``probe``'s result, or
    ``derived`` from other rows), its target in words and the check of its summary against it (``reads``: a
    pattern of the rows that check reads too, run with it)."""
    name: str
    target: str = ""
    question: Callable[[], str] | None = None
    command: Callable[[str], list[str]] | None = None
    probe: str | None = None
    derived: Callable[[dict[str, Summary]], Summary] | None = None
    cold: bool = False
    reads: str = ""
    meets: Check | None = None
    shown: Callable[[Summary, dict[str, Summary]], str] | None = None
    samples: dict[str, list[dict]] = field(default_factory=dict)


# ------------------------------------------------------------------------------------------------ targets

def answered(s: Summary) -> bool:
    return s["status"] in ANSWERED


def cpu_under(limit: float, mb: float | None = None) -> Check:
    """Answered, with a CPU median under ``limit`` s (and a peak under ``mb`` MB)."""
    return lambda s, _: answered(s) and s["cpu"] < limit and (mb is None or s["mb"] < mb)


def answers(value: bool) -> Check:
    """Answered ``value`` (a yes-or-no answer: JSON's true or false)."""
    return lambda s, _: answered(s) and s["answer"] == json.dumps(value)


def _store_adds(s: Summary, rows: dict[str, Summary]) -> float:
    return s["cpu"] - rows["start-up/readme-example-warm"]["cpu"]


def _commander(rows: dict[str, Summary]) -> Summary:
    boards = {n: s for n, s in rows.items() if re.fullmatch(r"commander/\d\d", n)}
    met = [n for n, s in boards.items() if s["met"]]
    return {"cpu": sum(s["cpu"] for s in boards.values()), "seconds": sum(s["seconds"] for s in boards.values()),
            "mb": max((s["mb"] for s in boards.values()), default=0), "status": "answered",
            "answer": f"{len(met)} of {len(boards)}", "count": len(met), "of": len(boards)}


# ------------------------------------------------------------------------------------------------ the rows

def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48]


def _qid(text: str) -> str:
    return re.search(r"^id: (\S+)", text, re.M).group(1)


def _outcome_table() -> str:
    import bench_outcome_table        # imports the package: only when its question is asked for
    return bench_outcome_table.question()


def rows() -> list[Row]:
    """Every row, in the order they run."""
    out: list[Row] = []
    # bench_ask: start-up of one ask as a whole process
    readme = bench_ask.QUESTION.format(elves="Llanowar Elves")
    store = bench_ask.QUESTION.format(elves="Fyndhorn Elves")
    out += [
        Row("start-up/python-floor", command=lambda py: [py, "-c", "pass"]),
        Row("start-up/readme-example-warm", "< 0.20 s CPU", question=lambda: readme, meets=cpu_under(0.20)),
        Row("start-up/store-card-warm", "adds < 20 ms CPU", question=lambda: store, reads="start-up/readme-example-warm",
            meets=lambda s, r: answered(s) and _store_adds(s, r) < 0.020,
            shown=lambda s, r: f"{1000 * _store_adds(s, r):+.0f} ms"),
        Row("start-up/readme-example-cold", "< 0.5 s CPU", question=lambda: readme, cold=True, meets=cpu_under(0.5)),
        Row("start-up/store-card-cold", question=lambda: store, cold=True),
    ]
    # bench_scaling's five targets and bench_table's four-player table
    for name, k in bench_scaling.TARGETS:
        out.append(Row(f"scaling/{name}-{k}", "< 1 s CPU, < 300 MB",
                       question=lambda m=bench_scaling.ROWS[name][0], k=k: m(k), meets=cpu_under(1.0, 300)))
    for i, (label, text) in enumerate(bench_table.questions()):
        out.append(Row(f"table/{i:02d}-{_slug(label)}", "< 0.5 s CPU", question=lambda t=text: t,
                       meets=cpu_under(0.5)))
    for label, text in bench_table.questions(bench_table.LIMITS):
        out.append(Row(f"table/limit-{_slug(label)}", question=lambda t=text.replace("id: table-", "id: table-limit-"): t))
    # bench_real_boards: interchangeable permanents and triggers
    targets = {"bears-64-forests", "wrath-artist-2x30", "razia-4p-10", "convoke-20"}
    for group, made in bench_real_boards.ROWS.items():
        if group == "start-up":          # the README's example: start-up/readme-example-warm
            continue
        for make, k in made:
            text = make(k)
            qid = _qid(text)
            row = Row(f"real-boards/{qid}", question=lambda t=text: t)
            if qid in targets:
                row.target, row.meets = "answers, < 1 s CPU", cpu_under(1.0)
            elif group == "can-pay" and k > 41:
                row.target, row.meets = "answers no", answers(False)
            out.append(row)
    # bench_commander_mana: 16 Commander boards
    for n in range(1, 17):
        out.append(Row(f"commander/{n:02d}", "factored, < 1 s CPU", question=lambda n=n: bench_commander_mana.board(n),
                       meets=lambda s, _: cpu_under(1.0)(s, _) and s["form"] == "factored"))
    out.append(Row("commander/under-1s", ">= 15 of 16", derived=_commander, reads=r"commander/\d\d",
                   meets=lambda s, _: s["count"] >= 15,
                   shown=lambda s, _: s["answer"]))
    # bench_could_produce, bench_legal_actions: measured inside one process
    out += [
        Row("could-produce/147-permanents-vs-naive", ">= 60x the naive reference", probe="could-produce",
            meets=lambda s, _: s["value"] >= 60, shown=lambda s, _: f"{s['value']:.1f}x"),
        Row("could-produce/mana-options-12-sources", probe="could-produce"),
    ]
    out += [Row(f"legal-actions/{p}", probe="legal-actions") for p in ("Alice", "Bob", "Carol", "Dave")]
    # bench_combat, bench_combat_declarations, bench_outcome_table: one ask each
    out += [
        Row("combat/ten-on-ten-damage", "answers, < 1 s CPU", question=lambda: bench_combat.QUESTION,
            meets=cpu_under(1.0)),
        Row("combat/ten-by-ten-blocks", "answers, < 1 s CPU", question=bench_combat_declarations.board,
            meets=cpu_under(1.0)),
        Row("outcome-table/120-permanents", "answers within the branch bound", question=_outcome_table,
            meets=lambda s, _: answered(s)),
        # bench_ask's corpus row, on this tree's corpus for both installations
        Row("check/bundled-corpus-j1", command=lambda py: [py, "-m", "mtgjudge.queries.entry", "check", "-q", "-j", "1",
                                                         str(ROOT / "queries" / "corpus")]),
    ]
    return out


# ------------------------------------------------------------------------------------------------ probes
# A probe runs in a child process of the installation measured (``run_all.py --probe NAME``) and prints one
# JSON object: for each row it gives, the CPU (and wall) seconds of the measured part and what it answered.

def _probe_could_produce() -> dict:
    import bench_could_produce as cp
    from mtgjudge.model.errors import Unsupported
    from mtgjudge.model.rules.mana_options import mana_options
    solver, naive = cp.against_naive(40, 100, 8)
    out = {"could-produce/147-permanents-vs-naive": {"cpu": solver, "value": naive / solver,
                                                     "answer": f"solver {solver:.3f} s, naive {naive:.2f} s"}}
    st = cp.state_of(*[cp.obj(f"s{i}", n, "Alice") for i, n in enumerate(bench_scaling.SOURCES[:12])],
                     cp.obj("m1", "Mana Reflection", "Alice"), cp.obj("m2", "Zendikar Resurgent", "Alice"),
                     cp.obj("b1", "Badlands", "Bob"))
    t = cp.time.process_time()
    try:
        opts = mana_options(st, "Alice", bound_seconds=3600)      # the script lifts the product's bound too
        answer, status = f"{len(opts.pools)} maximal pools", "answered"
    except Unsupported as e:       # the factored pruning's own bound: said as the row's status
        answer, status = str(e), "unsupported"
    out["could-produce/mana-options-12-sources"] = {"cpu": cp.time.process_time() - t, "answer": answer,
                                                    "status": status}
    return out


def _probe_legal_actions() -> dict:
    import bench_legal_actions
    return {f"legal-actions/{p}": {"cpu": dc, "seconds": dt, "answer": f"{legal} legal, {unsupported} unsupported"}
            for p, (legal, unsupported, dt, dc) in bench_legal_actions.timings().items()}


def _probe_branches(names: list[str]) -> dict:
    """The branches each real-board row's search considered (``bench_real_boards._branches``), untimed."""
    by_name = {r.name: r for r in rows()}
    return {n: {"branches": bench_real_boards._branches(by_name[n].question())} for n in names}


PROBES: dict[str, Callable[..., dict]] = {"could-produce": _probe_could_produce, "legal-actions": _probe_legal_actions,
                                          "branches": _probe_branches}


def probe_main(name: str, args: list[str]) -> None:
    try:
        out = PROBES[name](*([args] if args else []))
    except Exception as e:      # an installation that lacks what the probe calls: said, as the row's status
        out = {"error": f"{type(e).__name__}: {e}".splitlines()[0][:200], "trace": traceback.format_exc()[-800:]}
    print(json.dumps(out))


def run_probe(name: str, python: str, env: dict, args: list[str] = ()) -> tuple[dict, dict]:
    """(the probe's JSON, the child's process figures)."""
    with tempfile.TemporaryFile("w+b") as fh:
        measured = process([python, str(Path(__file__).resolve()), "--probe", name, *args], PROCESS_TIMEOUT, env, fh)
        fh.seek(0)
        text = fh.read().decode(errors="replace").strip()
    try:
        return json.loads(text.splitlines()[-1]), measured
    except (ValueError, IndexError):
        return {"error": "killed" if measured["killed"] else f"exit {measured['exit']}, no output"}, measured


# ------------------------------------------------------------------------------------------------ measuring

def cache_env(python: str, base: Path) -> dict:
    """The children's environment for ``python``: its own cache folder (versions' cache entries replace each
    other's), bytecode written as an installed package does (``bench_scaling.ENV``)."""
    # The path as given: two venvs' pythons are links to one interpreter, and are two installations.
    tag = hashlib.sha1(os.path.abspath(python).encode()).hexdigest()[:10]
    return {**ENV, "MTGJUDGE_CACHE": str(base / f"bench-{tag}")}


def cards_of(text: str) -> set[str]:
    """The names of the cards a question's state holds (not tokens, not effects)."""
    import yaml
    found: set[str] = set()

    def walk(x: object, zone: bool) -> None:
        if isinstance(x, dict):
            if "card" in x and not x.get("token"):
                found.add(str(x["card"]))
            for k, v in x.items():
                walk(v, k in ("battlefield", "hand", "graveyard", "exile", "stack"))
        elif isinstance(x, list):
            for v in x:
                if isinstance(v, str) and zone:
                    found.add(v)
                else:
                    walk(v, zone)
    walk(yaml.safe_load(text).get("state"), False)
    return found


def warm_question(texts: list[str]) -> str:
    """One question naming every card of ``texts`` (in Alice's hand): asking it compiles and caches them all."""
    names = sorted(set().union(*(cards_of(t) for t in texts))) if texts else []
    hand = ", ".join(json.dumps({"card": n}) for n in names)
    return ("id: bench-warm\nask: could-produce\nabout: warm\nstate:\n  players:\n    Alice:\n"
            f"      battlefield: [{{card: Forest, id: warm}}]\n      hand: [{hand}]\n")


def sample(row: Row, python: str, env: dict, scratch: Path, probes: dict, i: int) -> dict:
    """The ``i``-th run of ``row`` by ``python`` (a probe's ``i``-th run, shared by the rows it gives, is kept
    in ``probes``)."""
    if row.cold:
        folder = scratch / "cold-cache"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        env = {**env, "MTGJUDGE_CACHE": str(folder)}
    if row.question:
        r = run(row.question(), ASK_TIMEOUT, env, python)
        if row.name.startswith("commander/"):
            try:
                r["form"] = bench_commander_mana.form_of(json.loads(r["answer"]))
            except ValueError:
                r["form"] = "-"
        return r
    if row.command:
        r = process(row.command(python), PROCESS_TIMEOUT, env)
        return {**r, "status": "killed" if r.pop("killed") else ("answered" if r["exit"] == 0 else f"exit {r['exit']}"),
                "answer": ""}
    key = (row.probe, python, i)
    if key not in probes:
        probes[key] = run_probe(row.probe, python, env)
    got, measured = probes[key]
    if "error" in got:
        return {**measured, "status": "cannot run", "answer": got["error"]}
    mine = got.get(row.name)
    if mine is None:
        return {**measured, "status": "cannot run", "answer": "the probe gave no such row"}
    return {"seconds": mine.get("seconds", mine["cpu"]), "cpu": mine["cpu"], "mb": measured["mb"],
            "status": mine.get("status", "answered"),
            "answer": mine.get("answer", ""), **({"value": mine["value"]} if "value" in mine else {})}


def summarize(samples: list[dict]) -> Summary:
    """Medians of the runs' wall and CPU seconds (and of a probe's value), the largest peak, the first's answer."""
    first = samples[0]
    s = {"cpu": statistics.median(x["cpu"] for x in samples), "seconds": statistics.median(x["seconds"] for x in samples),
         "mb": max(x["mb"] for x in samples), "status": first["status"], "answer": first["answer"], "runs": len(samples)}
    if "value" in first:
        s["value"] = statistics.median(x["value"] for x in samples)
    if "form" in first:
        s["form"] = first["form"]
    if any(x.get("said") for x in samples):
        s["said"] = next(x["said"] for x in samples if time_bounded(x)) if any(time_bounded(x) for x in samples) \
            else first.get("said", "")
    return s


def judge(selected: list[Row], summaries: dict[str, Summary]) -> None:
    """Derive the derived rows and mark each summary's ``met`` (None: no target, or not measurable)."""
    for row in selected:
        if row.derived:
            continue
        s = summaries.get(row.name)
        if s is not None:
            s["met"] = _met(row, s, summaries)
    for row in selected:
        if row.derived:
            s = summaries[row.name] = row.derived(summaries)
            s["met"] = _met(row, s, summaries)


def _met(row: Row, s: Summary, summaries: dict[str, Summary]) -> bool | None:
    if row.meets is None or s["status"] == "cannot run":
        return None
    try:
        return bool(row.meets(s, summaries))
    except KeyError:            # a row it is read against was not selected
        return None


def shown(row: Row, s: Summary, summaries: dict[str, Summary]) -> str:
    if s["status"] == "cannot run":
        return "cannot run"
    text = f"{s['cpu']:.3f} s CPU ({s['seconds']:.2f} s wall)"
    if row.shown:
        try:
            text = f"{row.shown(s, summaries)}; " + text
        except KeyError:
            pass
    return text


#: What an answer stopped by a time bound says of itself (``deadline``: "the question's time bound of 10 s";
#: the listings' and mana-options' "bound of 5 s"; can-pay's solver, 5 s: "the solver reached its bound", "these
#: reasons may not be minimal: ... reached the solver's bound"): its CPU time is what the machine's load left
#: the process within the bound, not a cost to compare. (Bounds of size, "more than 20000 distinct payments",
#: "the factored mana-options answer reached its bound", are not of time.)
TIME_BOUND = re.compile(r"time bound|bound of [0-9.]+ s\b|solver reached its bound|the solver's bound")


def time_bounded(s: Summary) -> bool:
    return bool(TIME_BOUND.search(s.get("said") or "")) or s["status"] == "killed"


def slower(now: Summary, base: Summary) -> str:
    """The verdict of one row: "SLOWER", "no", or why the two are not compared."""
    if base["status"] == "cannot run":
        return "baseline cannot run"
    if now["status"] in ANSWERED and base["status"] not in ANSWERED:
        return "no (the baseline did not answer)"
    if base["status"] in ANSWERED and now["status"] not in ANSWERED:
        return "WORSE (the baseline answered)"
    if time_bounded(now) or time_bounded(base):
        return "time bound: not compared"
    if now["cpu"] > base["cpu"] * SLOWER_RATIO and now["cpu"] - base["cpu"] > SLOWER_SECONDS:
        return "SLOWER"
    return "no"


def _short(text: str, n: int = 48) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 3] + "..."


def note(s: Summary) -> str:
    parts = [] if s["status"] in ANSWERED else [s["status"]]
    try:
        listed = json.loads(s.get("answer") or "")
    except ValueError:
        listed = None
    if isinstance(listed, list) and s["status"] in ANSWERED:      # an outcome's final states, mana-options' terms
        parts.append(f"{len(listed)} final states" if all(isinstance(x, dict) for x in listed) else f"{len(listed)} terms")
    elif s.get("answer") and s["status"] != "cannot run":
        parts.append(_short(s["answer"]))
    elif s["status"] == "cannot run":
        parts.append(_short(s["answer"], 70))
    if s.get("form") and s["form"] != "-":
        parts.append(s["form"])
    if time_bounded(s) and s["status"] != "killed":
        parts.append("stopped by a time bound")
    if s.get("branches") not in (None, "-"):
        parts.append(f"{s['branches']} branches")
    return "; ".join(parts)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--probe"]:
        probe_main(argv[1], argv[2:])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--quick", action="store_true", help="one run a row (default: --repeat)")
    ap.add_argument("--repeat", type=int, default=3, help="runs a row, of each installation (default 3)")
    ap.add_argument("--baseline", metavar="PYTHON", help="another installation's python, run alternately")
    ap.add_argument("--json", metavar="FILE", help="also write every row, its runs and summaries, as JSON")
    ap.add_argument("--only", action="append", metavar="PATTERN",
                    help="rows whose name matches (fnmatch, or a part of the name); repeatable")
    ap.add_argument("--list", action="store_true", help="list the rows and their targets, run nothing")
    args = ap.parse_args(argv)
    every = rows()
    selected = [r for r in every if not args.only or any(fnmatch.fnmatch(r.name, p) or p in r.name for p in args.only)]
    if args.list:
        for r in selected:
            print(f"{r.name:56} {r.target}")
        return 0
    if not selected:
        print(f"no row matches {args.only}", file=sys.stderr)
        return 2
    names = {r.name for r in selected}
    reads = [r.reads for r in selected if r.reads]      # the rows a selected row's target is read against
    selected = [r for r in every if r.name in names or any(re.fullmatch(p, r.name) for p in reads)]
    n = 1 if args.quick else args.repeat
    pythons = {"now": sys.executable}
    if args.baseline:
        if not shutil.which(args.baseline):
            print(f"--baseline {args.baseline}: no such python", file=sys.stderr)
            return 2
        pythons["baseline"] = args.baseline
    chosen = os.environ.get("MTGJUDGE_CACHE", "")
    base = Path(chosen) if chosen and chosen.lower() not in ("off", "0", "no") else ROOT / ".cache"
    scratch = Path(tempfile.mkdtemp(prefix="bench-run-all-"))
    try:
        envs = {tree: cache_env(py, base) for tree, py in pythons.items()}
        if any(r.name.startswith("start-up/store-card") for r in selected):
            envs = {tree: bench_ask.store_env(env, scratch, pythons[tree]) for tree, env in envs.items()}
        texts = [r.question() for r in selected if r.question and not r.cold]
        for tree, py in pythons.items():          # bytecode written, every card of the rows compiled and cached
            if texts:
                w = run(warm_question(texts), ASK_TIMEOUT * 5, envs[tree], py)
                if w["status"] not in ANSWERED:
                    print(f"warning: warming {tree} ({py}): {w['status']} {_short(w['answer'], 100)}", file=sys.stderr)
        probes: dict = {}
        for row in selected:
            if row.derived:
                continue
            for i in range(n):
                for tree, py in pythons.items():
                    row.samples.setdefault(tree, []).append(sample(row, py, envs[tree], scratch, probes, i))
            print(f"  {row.name}: " + ", ".join(f"{t} {statistics.median(x['cpu'] for x in ss):.3f} s CPU"
                                              for t, ss in row.samples.items()), file=sys.stderr, flush=True)
        summaries = {tree: {r.name: summarize(r.samples[tree]) for r in selected if r.samples.get(tree)}
                     for tree in pythons}
        real = [r.name for r in selected if r.name.startswith("real-boards/")]
        for tree, py in pythons.items():          # branches considered: untimed, once
            if real:
                got, _ = run_probe("branches", py, envs[tree], real)
                for name in real:
                    summaries[tree][name]["branches"] = got.get(name, {}).get("branches", got.get("error", "?"))
        for tree in pythons:
            judge(selected, summaries[tree])
        report(selected, summaries, n, pythons)
        if args.json:
            Path(args.json).write_text(json.dumps({
                "pythons": pythons, "runs": n, "slower_ratio": SLOWER_RATIO, "slower_seconds": SLOWER_SECONDS,
                "rows": [{"name": r.name, "target": r.target,
                          **{tree: {"summary": summaries[tree].get(r.name), "runs": r.samples.get(tree, [])}
                             for tree in pythons},
                          **({"ratio": _ratio(summaries, r.name), "slower": slower(summaries["now"][r.name],
                                                                                    summaries["baseline"][r.name])}
                             if "baseline" in pythons else {})} for r in selected]}, indent=1, default=str))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def _ratio(summaries: dict, name: str) -> float | None:
    b = summaries["baseline"][name]
    if b["status"] == "cannot run" or not b["cpu"]:
        return None
    return summaries["now"][name]["cpu"] / b["cpu"]


def report(selected: list[Row], summaries: dict, n: int, pythons: dict) -> None:
    now = summaries["now"]
    base = summaries.get("baseline")
    yes = {True: "met", False: "MISSED", None: "-"}
    head = ["row", "target", f"measured (median of {n})", "met"]
    if base is not None:
        head += ["baseline measured", "baseline met", "now / baseline (CPU)", "slower?"]
    head.append("note (now)" + (" / baseline" if base is not None else ""))
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for row in selected:
        s = now[row.name]
        cells = [row.name, row.target or "-", shown(row, s, now), yes[s["met"]]]
        nt = note(s)
        if base is not None:
            b = base[row.name]
            r = _ratio(summaries, row.name)
            cells += [shown(row, b, base), yes[b["met"]], "-" if r is None else f"{r:.2f}", slower(s, b)]
            nt += " / " + note(b)
        cells.append(nt)
        print("| " + " | ".join(c.replace("|", "/") for c in cells) + " |", flush=True)
    targets = [r for r in selected if r.meets]
    met = [r.name for r in targets if now[r.name]["met"]]
    print(f"\ntargets met: {len(met)} of {len(targets)}"
          + (f"; missed: {', '.join(r.name for r in targets if now[r.name]['met'] is False)}"
             if len(met) < len(targets) else ""))
    if base is not None:
        slow = [r.name for r in selected if slower(now[r.name], base[r.name]).startswith(("SLOWER", "WORSE"))]
        cannot = [r.name for r in selected if base[r.name]["status"] == "cannot run"]
        print(f"slower than the baseline, or answering less ({pythons['baseline']}): {', '.join(slow) if slow else 'none'}"
              + (f"; rows the baseline cannot run: {', '.join(cannot)}" if cannot else ""))
    print(f"CPU seconds of the measured process (or part), medians of {n} run(s); python {pythons['now']}"
          + (" (an editable install: the start-up rows include its import hook)" if bench_ask.editable(pythons["now"])
             else ""))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
