"""Benchmark (run by hand): how the searches scale with the size of the board. Each row of the
table is one kind of board grown by k; each cell is one whole ``mtgjudge ask --json`` process (start to
exit, bytecode written as an installed package would): wall time, CPU time (user + system: less sensitive
to other load on the machine), peak memory (the child's maximum RSS), and what it answered.

    .venv/bin/python bench/bench_scaling.py                 # every row, default sizes
    .venv/bin/python bench/bench_scaling.py reflection 8 16 24 --timeout 60
    .venv/bin/python bench/bench_scaling.py --list

Targets ("Done when"), each under 1 s and 300 MB on this machine: could-produce with 24 Mana
Reflections and a Contamination (answer {B}); could-produce with 60 Yavimaya, Cradle of Growth; can-pay of
400 {G} with one Forest (no, a short reason); mana-options with 12 sources; mana-options with 30 Mana
Reflections and a Forest. ``bench/bench_table.py`` measures the four-player board.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
#: Bytecode is written and read as an installed package would.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
#: GNU time, when installed, measures the child's peak memory (see ``run``).
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def _battlefield(player: str, cards: list) -> str:
    items = []
    for c in cards:
        items.append('"%s"' % c if isinstance(c, str) else '{card: "%s", id: %s}' % (c[0], c[1]))
    return f"    {player}:\n      battlefield: [{', '.join(items)}]\n"


def question(qid: str, ask: str, players: dict[str, list], extra: str = "") -> str:
    body = "".join(_battlefield(p, cards) for p, cards in players.items())
    return f"id: {qid}\nask: {ask}\n{extra}state:\n  players:\n{body}"


# ------------------------------------------------------------------------------------------------ the rows

def reflection_contamination(k: int) -> str:
    """could-produce of a Forest with k Mana Reflections and a Contamination (R1): answer {B}."""
    return question(f"cp-reflection-{k}", "could-produce", {"Alice": [("Forest", "f")] + ["Mana Reflection"] * k + ["Contamination"]},
                    "about: f\n")


def land_type_changers(card: str) -> Callable[[int], str]:
    def make(k: int) -> str:
        return question(f"cp-{card[:5].lower()}-{k}", "could-produce", {"Alice": [("Island", "i"), ("Tundra", "t")] + [card] * k},
                        "about: i\n")
    make.__doc__ = f"could-produce of an Island with k {card} on the battlefield (R3: layer 4, 613.8)."
    return make


def can_pay_green(k: int) -> str:
    """can-pay of k {G} with one Forest (R2): answer no, a short reason."""
    return question(f"pay-green-{k}", "can-pay", {"Alice": ["Forest"]}, f"cost: \"{'{G}' * k}\"\n")


def options_reflection(k: int) -> str:
    """mana-options with k Mana Reflections and a Forest (R1): one pool of 2^k {G}."""
    return question(f"mo-reflection-{k}", "mana-options", {"Alice": ["Forest"] + ["Mana Reflection"] * k})


SOURCES = ["Forest", "Tundra", "Mystic Gate", "Birds of Paradise", "Llanowar Elves", "Sol Ring", "Reflecting Pool",
           "Exotic Orchard", "Vivid Crag", "Castle Sengir", "Gaea's Cradle", "Mana Confluence",
           "City of Brass", "Graven Cairns", "Taiga", "Fellwar Stone"]


def options_sources(k: int) -> str:
    """mana-options with the first k of 16 mana sources, Mana Reflection and Zendikar Resurgent in force (12
    sources: 7,594 maximal pools)."""
    return question(f"mo-sources-{k}", "mana-options",
                    {"Alice": SOURCES[:k] + ["Mana Reflection", "Zendikar Resurgent"], "Bob": ["Badlands"]})


ROWS: dict[str, tuple[Callable[[int], str], list[int]]] = {
    "reflection": (reflection_contamination, [8, 12, 16, 24, 32, 64]),
    "yavimaya": (land_type_changers("Yavimaya, Cradle of Growth"), [10, 20, 40, 60, 120, 240]),
    "magus": (land_type_changers("Magus of the Moon"), [20, 40, 60, 120, 240]),
    "omen": (land_type_changers("Prismatic Omen"), [20, 40, 60, 120, 240]),
    "can-pay": (can_pay_green, [100, 200, 400, 800, 2000, 5000]),
    "options-reflection": (options_reflection, [8, 12, 16, 20, 30, 60]),
    "options-sources": (options_sources, [4, 6, 8, 10, 12, 14, 16]),
}

#: The targets of the docstring: (row, k), each under 1 s and 300 MB.
TARGETS = [("reflection", 24), ("yavimaya", 60), ("can-pay", 400), ("options-sources", 12), ("options-reflection", 30)]


# ------------------------------------------------------------------------------------------------ measuring

def ask_command(python: str | None = None) -> list[str]:
    """The ``mtgjudge ask --json`` command as the installed script runs it (``queries.entry``), by ``python``
    (another installation's interpreter), by default this one's."""
    return [python or sys.executable, "-m", "mtgjudge.queries.entry", "ask", "--json"]


def process(cmd: list[str], timeout: float, env: dict | None = None, stdout=subprocess.DEVNULL) -> dict:
    """One whole process ``cmd``, waited for with ``os.wait4``: wall seconds, CPU seconds (user + system of the
    child alone, the kernel's accounting: what other load on the machine inflates least), peak RSS in MB, its
    exit code, and whether it was killed at ``timeout`` seconds (with its process group)."""
    with tempfile.TemporaryDirectory() as d:
        mem = Path(d) / "rss"
        # A child forked from this process starts its peak memory at this process's size (Linux keeps the
        # larger across fork and exec), and this process grows as it reads large answers: GNU time, small,
        # forks the child and reports its own peak alone.
        timer = [GNU_TIME, "-f", "%M", "-o", str(mem)] if GNU_TIME else []
        t0 = time.perf_counter()
        p = subprocess.Popen(timer + cmd, cwd=ROOT, stdout=stdout, stderr=subprocess.DEVNULL, env=env or ENV,
                             start_new_session=True)
        killed = False
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t0 > timeout:
                os.killpg(p.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(p.pid, 0)
                killed = True
                break
            time.sleep(0.005)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        kb = usage.ru_maxrss
        if timer and not killed:
            try:
                kb = int(mem.read_text().split()[-1])
            except (OSError, ValueError, IndexError):
                pass
    return {"seconds": wall, "cpu": usage.ru_utime + usage.ru_stime, "mb": kb / 1024, "killed": killed,
            "exit": p.returncode}


def run(text: str, timeout: float, env: dict | None = None, python: str | None = None) -> dict:
    """One whole ``mtgjudge ask --json`` process on the question ``text`` (:func:`process`'s figures), with its
    status, a short answer and its output's size (``env``: the child's environment, by default this one's;
    ``python``: another installation's interpreter)."""
    with tempfile.TemporaryDirectory() as d:
        q = Path(d) / "q.yaml"
        q.write_text(text)
        out = Path(d) / "out.json"
        with out.open("wb") as fh:
            measured = process(ask_command(python) + [str(q)], timeout, env, fh)
        killed = measured.pop("killed")
        size = out.stat().st_size
        res = {**measured, "bytes": size, "status": "killed" if killed else "output over 50 MB", "answer": "", "said": ""}
        if not killed and size < 50_000_000:
            try:
                j = json.loads(out.read_text().splitlines()[0])
                res["status"] = j["status"]
                a = j["answer"]
                if j["status"] in ("unsupported", "error"):
                    a = j.get("message") or a
                res["answer"] = a if isinstance(a, str) else json.dumps(a)
                res["why"] = len(j.get("why") or [])
                # what the answer says of itself (its message and reasons): whether a bound stopped it
                res["said"] = " ".join([str(j.get("message") or "")] + [str(w.get("text", "")) for w in j.get("why") or []])[:4000]
            except (ValueError, IndexError, KeyError):
                res["status"] = "unreadable"
    return res


def main(argv: list[str]) -> None:
    timeout = 60.0
    if "--timeout" in argv:
        i = argv.index("--timeout")
        timeout = float(argv[i + 1])
        del argv[i:i + 2]
    if "--list" in argv:
        for name, (make, ks) in ROWS.items():
            print(f"{name:20} k = {ks}: {make.__doc__}")
        return
    rows = [argv[0]] if argv and argv[0] in ROWS else list(ROWS)
    sizes = [int(a) for a in argv[1:]] if argv and argv[0] in ROWS else None
    run(question("warm", "could-produce", {"Alice": [("Forest", "f")]}, "about: f\n"), timeout)   # bytecode
    print("| row | k | seconds | cpu s | peak MB | status | answer (shortened) | output bytes |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in rows:
        make, ks = ROWS[name]
        for k in sizes or ks:
            r = run(make(k), timeout)
            ans = r["answer"]
            if len(ans) > 60:
                ans = ans[:57] + "..."
            print(f"| {name} | {k} | {r['seconds']:.2f}{'+' if r['status'] == 'killed' else ''} | {r['cpu']:.2f} | {r['mb']:.0f} | "
                  f"{r['status']} | {ans} | {r['bytes']} |", flush=True)
            if r["status"] == "killed":
                break


if __name__ == "__main__":
    main(sys.argv[1:])
