"""Reading question files: a text, a file or files and folders (searched for ``*.yaml``/``*.yml``) ->
:class:`~mtgjudge.queries.format.questions.Question` values, or :class:`QuestionError` values for what
is wrong (a broken question does not stop the others in its file from loading). A file over 5 MB is
refused, and so is anything that is not a regular file (a FIFO, a device: reading one could wait forever);
a folder that vanishes while it is searched is skipped, one that can't be read is an error; ids are unique
across everything loaded together.
"""
from __future__ import annotations

import errno
import os
import stat
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from mtgjudge.model import deadline
from mtgjudge.model.cards.store import DamagedRecord
from mtgjudge.model.errors import SearchBound
from mtgjudge.model.safe_yaml import MAX_BYTES, FileProblem, load_documents
from mtgjudge.queries.format.fields import ID_RE, QuestionError, QuestionValidator
from mtgjudge.queries.format.questions import Question, read_question


class ReadingBound(QuestionError):
    """A question whose reading (compiling its cards) reached its time bound: it is answered `unsupported`,
    naming the bound, as a question whose answering reaches it is."""


def _load(text: str, file: str, timeout: float | None = None) -> list[Question | QuestionError]:
    """All questions of one file's text, without the check of ids across files; each read within ``timeout``
    seconds (None: no bound), the time it took kept with it (``read_seconds``)."""
    try:
        docs = load_documents(text)
    except FileProblem as p:
        return [QuestionError(p.message, file, p.id_hint if p.id_hint and ID_RE.fullmatch(p.id_hint) else None,
                              p.key, p.line)]
    out: list[Question | QuestionError] = []
    for doc in docs:
        d = QuestionValidator(file=file, line=doc.line)
        if doc.problem is not None:
            qid = doc.id_hint if doc.id_hint and ID_RE.fullmatch(doc.id_hint) else None
            out.append(QuestionError(doc.problem.message, file, qid, doc.problem.key, doc.problem.line or doc.line))
            continue
        try:
            with deadline.bound(timeout):
                q = read_question(d, doc.data)
                took = deadline.spent()
            out.append(replace(q, read_seconds=took))
        except SearchBound as e:
            out.append(ReadingBound(f"reading the question (compiling its cards): {e}", file, d.qid, None, doc.line))
        except QuestionError as e:
            out.append(e)
        except RecursionError:
            out.append(QuestionError("the question is nested too deeply", file, d.qid, None, doc.line))
        except DamagedRecord as e:     # one card's row of the store: this question's error, not the run's
            out.append(QuestionError(str(e), file, d.qid, None, doc.line))
    return out


def _check_unique(items: list[Question | QuestionError]) -> list[Question | QuestionError]:
    seen: dict[str, Question] = {}
    out: list[Question | QuestionError] = []
    for q in items:
        if isinstance(q, Question):
            if q.id in seen:
                first = seen[q.id]
                out.append(QuestionError(f"two questions have the id {q.id!r} (the other at {first.file}:{first.line})",
                                         q.file, q.id, "id", q.line))
                continue
            seen[q.id] = q
        out.append(q)
    return out


def load_text(text: str, file: str = "<string>", timeout: float | None = None) -> list[Question | QuestionError]:
    """The questions in ``text`` (one YAML document each), as Question values or QuestionError values; each
    read within ``timeout`` seconds (None: no bound)."""
    return _check_unique(_load(text, file, timeout))


def read_file(path: Path, file: str | None = None) -> str | QuestionError:
    """The text of one question file, or a QuestionError naming ``file`` (default: the path) for what is
    wrong with it as a file (unreadable, not a regular file, over 5 MB, not UTF-8)."""
    file = str(path) if file is None else file
    try:
        # opened without waiting (a FIFO would wait for a writer), then refused unless a regular file
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as fh:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                what = "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode) or \
                    stat.S_ISBLK(st.st_mode) else "a socket" if stat.S_ISSOCK(st.st_mode) else "not a file"
                return QuestionError(f"{what}, not a regular file; refused", file)
            if st.st_size > MAX_BYTES:
                return QuestionError(f"the file is over {MAX_BYTES // (1024 * 1024)} MB ({st.st_size} bytes); "
                                     "refused", file)
            raw = fh.read(MAX_BYTES + 1)
    except OSError as e:
        return QuestionError(f"cannot read the file: {e.strerror or e}", file)
    if len(raw) > MAX_BYTES:
        return QuestionError(f"the file is over {MAX_BYTES // (1024 * 1024)} MB; refused", file)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return QuestionError(f"the file is not UTF-8 text (byte {e.start})", file)


def _load_path(path: str | Path, timeout: float | None = None) -> list[Question | QuestionError]:
    file = str(path)
    text = read_file(Path(path), file)
    if isinstance(text, QuestionError):
        return [text]
    return _load(text, file, timeout)


def load_file(path: str | Path, timeout: float | None = None) -> list[Question | QuestionError]:
    """The questions of one file: one entry per YAML document (a broken one is a QuestionError); a problem
    with the whole file (unreadable, over 5 MB, YAML syntax) is a single QuestionError. Each question is read
    within ``timeout`` seconds (None: no bound)."""
    return _check_unique(_load_path(path, timeout))


def _walk(folder: Path) -> tuple[list[Path], list[QuestionError]]:
    """The question files under ``folder`` (symbolic links to folders are not followed), and an error for each
    folder under it that can't be read; a folder that vanishes while it is searched (``/proc``) is skipped."""
    found: list[Path] = []
    problems: list[QuestionError] = []

    def unreadable(e: OSError) -> None:
        if e.errno not in (errno.ENOENT, errno.ENOTDIR, errno.ESRCH):
            problems.append(QuestionError(f"cannot read the folder: {(e.strerror or str(e)).lower()}",
                                          str(e.filename)))

    for root, dirs, files in os.walk(folder, onerror=unreadable):
        dirs.sort()
        for name in files:
            if name.endswith((".yaml", ".yml")):
                f = Path(root, name)
                try:
                    if f.is_file():
                        found.append(f)
                except OSError:   # vanished, or a name the system can't take
                    pass
    return sorted(found), problems


def _expand(paths: Sequence[str | Path]) -> list[Path | QuestionError]:
    out: list[Path | QuestionError] = []
    seen: set[Path] = set()
    for p in paths:
        if str(p) == "":
            out.append(QuestionError("an empty path names no file", "''"))
            continue
        path = Path(p)
        try:
            if path.is_dir():
                found, problems = _walk(path)
                out += problems
            elif path.exists():
                found = [path]
            else:
                out.append(QuestionError("no such file or directory", str(p)))
                continue
        except OSError as e:
            out.append(QuestionError((e.strerror or str(e)).lower(), str(p)))
            continue
        for f in found:
            try:
                key = f.resolve()
            except OSError:   # vanished, or a link loop
                continue
            if key not in seen:
                seen.add(key)
                out.append(f)
    return out


def find_files(paths: Sequence[str | Path]) -> list[Path | QuestionError]:
    """The question files under ``paths`` (directories searched recursively for *.yaml and *.yml, in sorted
    order; each file once), or a QuestionError for a path that does not exist: the order in which
    :func:`load_paths` reads them."""
    return _expand(paths)


def load_paths(paths: Sequence[str | Path], timeout: float | None = None) -> list[Question | QuestionError]:
    """The questions of files and directories (searched recursively for *.yaml and *.yml, in sorted
    order); ids must be unique across everything loaded (a repeated id is an error for the later one). Each
    question is read within ``timeout`` seconds (None: no bound)."""
    items: list[Question | QuestionError] = []
    for f in _expand(paths):
        items += [f] if isinstance(f, QuestionError) else _load_path(f, timeout)
    return _check_unique(items)