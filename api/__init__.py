"""mtgjudge: a rules verifier for Magic: The Gathering, as a library.

This folder is installed as the package ``mtgjudge``, the library's front door; the game model is
``mtgjudge.model`` and the questions about it are ``mtgjudge.queries``::

    import mtgjudge

    for question in mtgjudge.load("question.yaml"):
        result = mtgjudge.ask(question)
        print(result.status, result.answer.value)
"""
from __future__ import annotations

# Not even ``typing`` is imported here: the command's start-up (a Ctrl-C then is the entry point's to catch).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.queries.api import QuestionError, ask, check, load, loads

_FRONT_DOOR = ("QuestionError", "ask", "check", "load", "loads")


def __getattr__(name: str) -> object:
    """The front door (``mtgjudge.queries.api``), imported when first used rather than with the package, so
    that the command's entry point runs before the verifier is imported (its Ctrl-C handling); and
    ``mtgjudge.__version__``, read from the installed distribution when first asked for."""
    if name in _FRONT_DOOR or name == "__version__":
        from mtgjudge.queries import api

        if name == "__version__":
            return api.version()
        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["QuestionError", "ask", "check", "load", "loads", "__version__"]
