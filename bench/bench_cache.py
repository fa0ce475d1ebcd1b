"""What the cache saves, by hand: each figure in a fresh process, the median of ``--runs``.

    python bench/bench_cache.py [--runs 5]

* ``grammar, built``: the phrase grammar's LALR tables built from ``phrases.lark`` (no cache);
* ``grammar, from the cache``: read back from the plain-JSON entry of the product's cache folder;
* ``built-in cards, compiled``: every built-in card given by Oracle text compiled (the grammar loaded first),
  per card: what a process pays for each card its questions name, since compiled cards are not kept.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

PROBES = {
    "grammar, built": "from mtgjudge.model.vocab import phrases\nimport time\nt = time.perf_counter()\n"
                      "phrases.build_parser()\nprint(time.perf_counter() - t)",
    "grammar, from the cache": "from mtgjudge.model.vocab import phrases\nimport time\nt = time.perf_counter()\n"
                               "phrases.build_parser()\nprint(time.perf_counter() - t)",
    "built-in cards, compiled (per card)": (
        "import time\nfrom mtgjudge.model.vocab import phrases\nphrases.parser()\n"
        "from mtgjudge.model.cards import loader\nfrom mtgjudge.model.oracle import compile_card\n"
        "recs = [e._record for f in sorted(loader.DATA_DIR.glob('*.yaml'))\n"
        "        for e in loader.load_entries(f.read_text(encoding='utf-8'), f.name) if e._record is not None]\n"
        "t = time.perf_counter()\nfor r in recs:\n    compile_card(r, source='bench')\n"
        "print((time.perf_counter() - t) / len(recs))"),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, code in PROBES.items():
            # "built" has no cache; the others read the one the first run of "from the cache" filled
            cache = "off" if label == "grammar, built" else tmp
            env = dict(os.environ, MTGJUDGE_CACHE=cache)
            if label == "grammar, from the cache":
                subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
            times = [float(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                          text=True).stdout) for _ in range(args.runs)]
            out[label] = round(statistics.median(times), 4)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
