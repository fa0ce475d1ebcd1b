"""The question format's documentation, shipped in the package (``mtgjudge format`` prints it): the
repository's ``docs/question-format.md``, installed as ``mtgjudge.docs``."""
from __future__ import annotations

#: Where the documentation lives in the source repository.
FORMAT_DOC = "docs/question-format.md"


def format_doc() -> str:
    """The text of the question format's documentation."""
    from importlib.resources import files   # imported when used: it costs every start-up ~1.5 ms

    return files("mtgjudge.docs").joinpath("question-format.md").read_text(encoding="utf-8")
