"""The text of the Comprehensive Rules, for people: ``mtgjudge rules show 302.6`` and ``--explain``.

The product does not ship the rules text. It reads a Comprehensive Rules file in Wizards of the Coast's
plain-text form (``MagicCompRules-YYYYMMDD.txt``) that the user gives (``--rules FILE`` or the environment
variable ``MTGJUDGE_RULES``) or has imported once (``mtgjudge rules import FILE``, which keeps a copy in
the user's data folder).
"""
from __future__ import annotations

import os
import re
from dataclasses import field
from functools import lru_cache
from pathlib import Path

from mtgjudge.model.names import close_matches
from mtgjudge.model.lazy_dataclass import dataclass

ENV = "MTGJUDGE_RULES"
_RULE = re.compile(r"(\d{3})(?:\.(\d+)([a-z]?))?\.?\s+(.*)")
_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")
#: Where a sentence ends: a full stop (or ! ?) with closing quotes, before a space and a capital or the end.
_SENTENCE_END = re.compile(r"[.!?][\"”’)]*(?=\s+[A-Z“\"(]|\s*$)")


class RulesFileError(Exception):
    """The rules file cannot be found or read; the message says what to do."""


@dataclass
class Rule:
    number: str
    text: str
    examples: list[str] = field(default_factory=list)

    @property
    def first_sentence(self) -> str:
        return first_sentence(self.text)


def first_sentence(text: str) -> str:
    """The first sentence of a rule's text ("See rule 302.6." and "e.g." do not end it early)."""
    m = _SENTENCE_END.search(text)
    return text[:m.end()] if m else text


@dataclass
class RulesText:
    """The numbered rules of one Comprehensive Rules file (the glossary and credits left out)."""

    source: str
    rules: dict[str, Rule]
    effective: str = ""

    def get(self, number: str) -> Rule | None:
        return self.rules.get(number.strip().rstrip("."))

    def subrules(self, number: str) -> list[Rule]:
        """The rules directly under ``number``: 302.6 -> 302.6a, 302.6b; 302 -> 302.1, 302.2 ..."""
        n = number.strip().rstrip(".")
        if re.fullmatch(r"\d{3}", n):
            return [r for k, r in self.rules.items() if re.fullmatch(re.escape(n) + r"\.\d+", k)]
        if re.fullmatch(r"\d{3}\.\d+", n):
            return [r for k, r in self.rules.items() if re.fullmatch(re.escape(n) + r"[a-z]", k)]
        return []


def parse(text: str, source: str = "<text>") -> RulesText:
    """Read the rules of a Comprehensive Rules text. The table of contents at the top repeats the section
    titles: the rules start where rule 100.1 does, and end at the glossary."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    m = re.search(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})", text)
    start = re.search(r"^100\.1\.? ", text, re.M)
    if start is None:
        raise RulesFileError(f"{source}: this is not a Comprehensive Rules text (no rule 100.1 in it)")
    lines = text[start.start():].split("\n")
    rules: dict[str, Rule] = {}
    last: Rule | None = None
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if line == "Glossary":
            break
        if re.fullmatch(r"\d\. [A-Z].*", line):    # a chapter title: "3. Card Types"
            last = None
            continue
        rm = _RULE.fullmatch(line)
        if rm:
            number = rm.group(1) + (f".{rm.group(2)}{rm.group(3)}" if rm.group(2) else "")
            last = rules.setdefault(number, Rule(number, rm.group(4).strip()))
        elif last is not None and line.startswith("Example"):
            last.examples.append(line)
        elif last is not None:
            last.text += "\n" + line
    # Section titles ("302. Creatures") were read as rules too: keep them, they answer `rules show 302`.
    if len(rules) < 100:
        raise RulesFileError(f"{source}: only {len(rules)} rules found; is this a Comprehensive Rules text?")
    return RulesText(source, rules, m.group(1) if m else "")


def data_dir() -> Path:
    """The user's data folder for mtgjudge: ``$XDG_DATA_HOME/mtgjudge`` (``~/.local/share/mtgjudge``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "mtgjudge"


def imported_path() -> Path:
    return data_dir() / "comprehensive-rules.txt"


def locate(given: str | None = None) -> Path:
    """The rules file to read: the one given, else ``$MTGJUDGE_RULES``, else the imported copy."""
    for candidate, how in ((given, "--rules"), (os.environ.get(ENV), ENV)):
        if candidate:
            p = Path(candidate).expanduser()
            if not p.is_file():
                raise RulesFileError(f"{how}: {candidate}: no such file")
            return p
    p = imported_path()
    if p.is_file():
        return p
    raise RulesFileError("no Comprehensive Rules text: give one with --rules FILE (or the environment variable "
                         f"{ENV}), or import it once with `mtgjudge rules import FILE`; the text is published by "
                         "Wizards of the Coast as MagicCompRules-YYYYMMDD.txt")


def read(path: str | Path) -> RulesText:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise RulesFileError(f"{p}: cannot read it: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")   # older files were published in Windows-1252
    return parse(text, str(p))


def load(given: str | None = None) -> RulesText:
    """The rules text the user gave or imported (:func:`locate`), read."""
    return read(locate(given))


def import_file(path: str | Path) -> tuple[Path, RulesText]:
    """Check that ``path`` is a rules text and keep a copy in the user's data folder."""
    rules = read(path)
    dest = imported_path()
    dest.parent.mkdir(parents=True, exist_ok=True)
    import shutil   # imported when used: it costs every start-up ~1 ms

    shutil.copyfile(path, dest)
    return dest, rules


def is_rule_number(text: str) -> bool:
    return bool(_NUMBER.fullmatch(text.strip().rstrip(".")))


#: The numbers of the Comprehensive Rules (2026-04-17, with the rules the 2026-09-25 text adds), one a line:
#: facts about the CR, not its text (``tools/build_rule_numbers.py`` rebuilds the file).
RULE_NUMBERS_FILE = Path(__file__).resolve().parent / "rule_numbers.txt"


@lru_cache(maxsize=1)
def rule_numbers() -> frozenset[str]:
    """Every rule number of the Comprehensive Rules the verifier cites."""
    return frozenset(RULE_NUMBERS_FILE.read_text(encoding="utf-8").split())


def is_rule(number: str) -> bool:
    """Is ``number`` ("302.6", "107.4e", "302") a rule of the Comprehensive Rules?"""
    return number in rule_numbers()


def closest_rules(number: str, n: int = 3) -> list[str]:
    """The rule numbers most like ``number`` (a typo of a digit or a letter), for "did you mean"."""
    return close_matches(number, sorted(rule_numbers()), n=n, cutoff=0.8)
