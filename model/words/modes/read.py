"""Modal spells and abilities (CR 700.2): "Choose one — • A • B" read as a modal ability whose modes are each
read exactly as the same text would be read alone (``read_mode``), so a mode means what its sentence means
anywhere else.

A modal line is one ability (113.2c; ``oracle.text`` joins the bullets to the line that introduces them, with
" • " between them). The instruction before the bullets is read by the phrase grammar (``modal_header``).
A mode whose effect is not read stays in the ability as an effect the engine does not perform: choosing it
makes the answer unsupported, naming it, while the other modes stay usable. A mode whose targets can't be read
leaves the whole line unread: which modes could be chosen (700.2a) depends on them.
"""
from __future__ import annotations

from typing import Callable

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.vocab import phrases
from mtgjudge.model.vocab.abilities import Ability

#: What separates the modes of a normalized modal line (``oracle.text.ability_lines``).
BULLET = " • "


def split_modes(norm: str) -> tuple[str, list[str]] | None:
    """The instruction and the modes' texts of a normalized modal line; None when it has no bullets."""
    head, *modes = norm.split(BULLET)
    if len(modes) < 2 or any(not m.strip() for m in modes):
        return None        # 700.2: a modal text has two or more options
    return head.strip(), [m.strip() for m in modes]


def read_header(head: str, n_modes: int) -> tuple[int, int, bool] | None:
    """(at least, at most, may repeat) modes from the instruction (700.2, 700.2d); None when it is not read or
    asks for more different modes than are printed."""
    try:
        lo, hi, repeat = phrases.parse(head, "modal_header")
    except DefinitionError:
        return None
    hi = n_modes if hi is None else hi
    if not repeat and hi > n_modes:
        return None
    return lo, hi, repeat


def _header_and_modes(text: str):
    """The instruction read (how many modes, 700.2) and the modes' texts of "Choose ... — • A • B"; None when
    the text is not modal or its instruction is not read."""
    split = split_modes(text)
    if split is None:
        return None
    head, texts = split
    header = read_header(head, len(texts))
    return None if header is None else (header, texts)


def modal_ability(norm: str, printed: str, kind: str, read_mode: Callable[[str], Ability]) -> Ability | None:
    """The modal ability of a normalized line "Choose ... — • A • B" (700.2), of ``kind`` ("spell"), each mode
    read by ``read_mode``; None when the line is not modal, its instruction is not read, or a mode's targets are
    not read (an unmodelled mode)."""
    read = _header_and_modes(norm)
    if read is None:
        return None
    header, texts = read
    modes = tuple(read_mode(t) for t in texts)
    if any(m.kind == "unmodelled" for m in modes):
        return None
    lo, hi, repeat = header
    return Ability(kind, modes=modes, choose=(lo, hi), mode_repeat=repeat, source_text=printed)


def modal_trigger(body: str, printed: str, read_mode: Callable[[str, str], Ability]) -> Ability | None:
    """"When ~ enters the battlefield, choose one — • A • B" (700.2b: the modes are chosen as the ability is put on
    the stack, 603.3c): a triggered ability whose modes are each read as "[condition], [mode]" alone would be
    (``read_mode(condition, mode)``); None when the line is not such a modal trigger or a mode is not read whole
    (a triggered ability's instructions are read whole or not at all)."""
    condition, sep, effect = body.partition(", ")
    if not sep or not effect.lower().startswith("choose ") or BULLET not in effect:
        return None
    read = _header_and_modes(effect)
    if read is None:
        return None
    header, texts = read
    modes = tuple(read_mode(condition, t) for t in texts)
    if any(m.kind != "triggered" or not m.effects or m.trigger_event is None for m in modes):
        return None
    lo, hi, repeat = header
    return Ability("triggered", modes=modes, choose=(lo, hi), mode_repeat=repeat, trigger=condition,
                   trigger_event=modes[0].trigger_event, source_text=printed)
