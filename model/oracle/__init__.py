"""The Oracle-text compiler: card data as published (``model.cards.sources``) -> the model's card definitions."""
from mtgjudge.model.oracle.compile import COMPILER_VERSION, CompileError, compile_card

__all__ = ["COMPILER_VERSION", "CompileError", "compile_card"]
