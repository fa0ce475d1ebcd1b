"""Reading a cycling keyword (CR 702.29a, 702.29e) from a keyword line's item: "Cycling {2}", "Cycling—Pay 2
life", "Swampcycling {2}", "Basic landcycling {1}{G}", "mountaincycling {2}" (the second of two on one line).
The item is read as the activated ability the keyword means, "[Cost], Discard this card: <its instruction>"
(``record.meaning``), by the readers of any activated ability (``oracle.lines``): its cost by the cost grammar,
its instruction by the library's reader. A cost or an instruction they do not read whole leaves the keyword
unmodelled, as it was (the keyword table's row: an ability of the hand, ``vocab.keywords``)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.words.cycling.record import is_cycling, meaning


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
