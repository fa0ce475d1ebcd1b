"""Reading a cycling keyword (CR 702.29a, 702.29e) from a keyword line's item: "Cycling {2}", "Cycling—Pay 2
life", "Swampcycling {2}", "Basic landcycling {1}{G}", "mountaincycling {2}" (the second of two on one line).
The item is read as the activated ability the keyword means, "[Cost], Discard this card: <its instruction>"
(``record.meaning``), by the readers of any activated ability (``oracle.lines``): its cost by the cost grammar,
its instruction by the library's reader. A cost or an instruction they do not read whole leaves the keyword
unmodelled, as it was (the keyword table's row: an ability of the hand, ``vocab.keywords``).

"Transmute {1}{U}{B}" (702.53a) is read likewise, its cost "{1}{U}{B}, Discard ~" by the cost grammar; its
instruction is transmute's own word and its timing "Activate only as a sorcery" (``transmute_text``).

"Reinforce 2—{2}{W}" (702.77a) is read as the activated ability it means too (``reinforce_text``), its
instruction by the counters' reader."""
from __future__ import annotations

from mtgjudge.model import patterns
from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import parse_cost
from mtgjudge.model.vocab.abilities import count_word
from mtgjudge.model.words.cycling.record import is_cycling, is_reinforce, is_transmute, meaning


def cycling_text(keyword: str, cost: str) -> tuple[str, str, str] | None:
    """(the keyword's name as the ability says it, its cost with "Discard ~" after it, its instruction) for a
    cycling keyword and the cost it was printed with; None for any other keyword or no cost."""
    cost = cost.strip().rstrip(".").strip()
    if not is_cycling(keyword) or not cost:
        return None
    name = keyword[:1].upper() + keyword[1:]
    try:
        return name, f"{cost}, Discard ~", meaning(name)
    except DefinitionError:
        return None           # "[Type]cycling" naming no type the rules know (205): not read


def transmute_text(keyword: str, cost: str) -> str | None:
    """The cost of transmute's ability with "Discard ~" after it (702.53a) for the keyword and the cost it was
    printed with; None for any other keyword, or a cost that is not a mana cost (every transmute is printed with
    one: a word after the keyword is not read as a cost)."""
    cost = cost.strip().rstrip(".").strip()
    if not is_transmute(keyword) or not cost.startswith("{"):
        return None
    try:
        parse_cost(cost)
    except (DefinitionError, ValueError):
        return None
    return f"{cost}, Discard ~"


def reinforce_meaning(n: int) -> str:
    """What reinforce N's ability does (702.77a), in Oracle words."""
    return f"Put {count_word(n)} +1/+1 counter{'s' if n > 1 else ''} on target creature."


_REINFORCE = patterns.compile(r"^(?P<n>[1-9][0-9]*)\s*—\s*(?P<cost>(?:\{[^}]+\})+)$")


def reinforce_text(keyword: str, param: str) -> tuple[str, str] | None:
    """(its cost with "Discard ~" after it, its instruction) for reinforce and the "N—cost" it was printed with;
    None for any other keyword, "Reinforce X" (X is not read), or a cost that is not a mana cost (every reinforce
    is printed with one)."""
    m = _REINFORCE.match(param.strip().rstrip(".").strip())
    if not is_reinforce(keyword) or m is None:
        return None
    try:
        parse_cost(m.group("cost"))
    except (DefinitionError, ValueError):
        return None
    return f"{m.group('cost')}, Discard ~", reinforce_meaning(int(m.group("n")))
