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

__version__ = version()

__all__ = ["QuestionError", "ask", "check", "load", "loads", "__version__"]
