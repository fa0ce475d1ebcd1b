"""A sweep's report for people (a table per kind of question, the most frequent reasons for
`unsupported`, then the crashes grouped) and as one JSON object."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from mtgjudge.queries.coverage.core import CoverageReport, Crash

#: How many reasons per kind are reported.
TOP = 10
#: How many cards are named for each kind of crash in the table.
CRASH_EXAMPLES = 3


def to_json(report: CoverageReport) -> dict[str, Any]:
    """``{"cards": N, "kinds": {kind: {"asked", "answered", "unsupported", "crashed", "reasons": [[reason,
    count], ...]}}, "reading": {"lines", "modelled", "round_trip", "partly_read", "mismatches": [[kind, count], ...]},
    "crashes": [...], "seconds": s, "workers": j}``."""
    return {
        "cards": report.cards,
        "kinds": {kind: {"asked": t.asked, "answered": t.answered, "unsupported": t.unsupported,
                         "crashed": t.crashed, "reasons": [[r, n] for r, n in t.top(TOP)]}
                  for kind, t in report.kinds.items()},
        "reading": {"lines": report.reading.lines, "modelled": report.reading.modelled,
                    "round_trip": report.reading.round_trip, "partly_read": report.reading.partly_read,
                    "mismatches": [[k, n] for k, n in report.reading.top(TOP)]},
        "crashes": [c.to_json() for c in report.crashes],
        "seconds": round(report.seconds, 2),
        "workers": report.workers,
    }


def _pct(n: int, of: int) -> str:
    return f"{100 * n / of:5.1f}%" if of else "    -"


def crash_groups(crashes: list[Crash]) -> list[tuple[tuple[str, str, str, str], list[str]]]:
    """Crashes grouped by (kind, type, message, where), the cards of each; most frequent first."""
    groups: dict[tuple[str, str, str, str], list[str]] = defaultdict(list)
    for c in crashes:
        groups[(c.kind, c.type, c.message, c.where)].append(c.card)
    return sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))


def to_text(report: CoverageReport) -> str:
    """The table for people."""
    out = [f"coverage of {report.cards} cards in {report.seconds:.1f} s with -j {report.workers}", ""]
    out.append(f"{'kind':<15}{'asked':>8}{'answered':>17}{'unsupported':>17}{'crashed':>15}")
    for kind, t in report.kinds.items():
        out.append(f"{kind:<15}{t.asked:>8}{t.answered:>10} {_pct(t.answered, t.asked)}"
                   f"{t.unsupported:>10} {_pct(t.unsupported, t.asked)}{t.crashed:>8} {_pct(t.crashed, t.asked)}")
    for kind, t in report.kinds.items():
        if not t.reasons:
            continue
        out += ["", (f"{kind}: the {min(TOP, len(t.reasons))} most frequent reasons for unsupported "
                     f"({len(t.reasons)} distinct)")]
        out += [f"{n:>8}  {reason}" for reason, n in t.top(TOP)]
    r = report.reading
    out += ["", f"reading: {r.lines} lines, {r.modelled} modelled ({_pct(r.modelled, r.lines).strip()}), "
                f"{r.round_trip} read back as their text ({_pct(r.round_trip, r.lines).strip()} of the lines, "
                f"{_pct(r.round_trip, r.modelled).strip()} of the modelled); {r.partly_read} modelled lines keep "
                f"a part not read"]
    if r.mismatches:
        out.append(f"reading: the {min(TOP, len(r.mismatches))} most frequent kinds of modelled line read back "
                   f"otherwise ({len(r.mismatches)} distinct)")
        out += [f"{n:>8}  {kind}" for kind, n in r.top(TOP)]
    if report.crashes:
        groups = crash_groups(report.crashes)
        out += ["", f"crashes: {len(report.crashes)} ({len(groups)} distinct)"]
        for (kind, type_, message, where), cards in groups:
            names = ", ".join(cards[:CRASH_EXAMPLES]) + (", ..." if len(cards) > CRASH_EXAMPLES else "")
            out.append(f"{len(cards):>8}  {kind}: {type_}: {message}" + (f" [{where}]" if where else ""))
            out.append(f"{'':>10}cards: {names}")
    return "\n".join(out)
