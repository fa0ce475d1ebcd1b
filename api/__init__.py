"""mtgjudge: a rules verifier for Magic: The Gathering, as a library.

This folder is installed as the package ``mtgjudge``, the library's front door; the game model is
``mtgjudge.model`` and the questions about it are ``mtgjudge.queries``::

    import mtgjudge

    for question in mtgjudge.load("question.yaml"):
        result = mtgjudge.ask(question)
        print(result.status, result.answer.value)
"""
from __future__ import annotations

from mtgjudge.queries.api import QuestionError, ask, check, load, loads, version



def __getattr__(name: str) -> str:
    """``mtgjudge.__version__``, read from the installed distribution when first asked for (not at every
    import: the command line's start-up)."""
    if name == "__version__":
        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["QuestionError", "ask", "check", "load", "loads", "__version__"]
