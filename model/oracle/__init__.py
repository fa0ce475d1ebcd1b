"""The Oracle-text compiler: card data as published (``model.cards.sources``) -> the model's card definitions.

The compiler (``compile`` and the readers it imports) is imported when one of its names is first asked for, not
with the package: a process whose cards are kept compiled (``model.cards.compiled``) needs no compiler, and the
engine and legality import nothing of it.
"""
from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.model.oracle.compile import COMPILER_VERSION, CompileError, compile_card

__all__ = ["COMPILER_VERSION", "CompileError", "compile_card"]


def __getattr__(name: str) -> object:
    """``COMPILER_VERSION``, ``CompileError``, ``compile_card``: the compiler's, imported when first asked for."""
    if name in __all__:
        from mtgjudge.model.oracle import compile as compiler

        value = getattr(compiler, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
