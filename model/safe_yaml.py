"""Safe YAML for question files and card definition files: plain data only, with line numbers, and
refusals instead of surprises.

* Only plain data: strings, integers, floats, booleans, null, lists and mappings. A tag that would
  construct anything else (``!!python/object``, ``!!binary``, ``!!set``, any ``!local`` tag) is refused.
* A key given twice in one mapping is refused.
* Mappings load as :class:`LineDict` and lists as :class:`LineList`, which remember the 1-based line of
  the collection, of each key and of each item, so that errors can name the line.
* A text over :data:`MAX_BYTES` is refused, and so are aliases that would expand a file past that size
  (the expanded size is counted while the document is composed, before anything is built, so a
  "billion laughs" is refused at once). Self-referencing aliases are refused.
* Dates stay strings (``2008-05-01``); ``yes``/``no`` and ``true``/``false`` are booleans.
* Floats keep the text they were written as (:class:`SrcFloat`), so that ``107.10`` can be reported as
  written.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from mtgjudge.model.lazy_dataclass import dataclass

try:   # libyaml's parser, with PyYAML's (Python) composer on top, so that composition can be checked
    from yaml._yaml import CParser

    class _Base(Composer, CParser, SafeConstructor, Resolver):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)
except ImportError:  # pragma: no cover - PyYAML without libyaml
    _Base = yaml.SafeLoader  # type: ignore[misc,assignment]

#: The largest question file, and the largest expansion of its aliases, in bytes/characters (5 MB).
MAX_BYTES = 5 * 1024 * 1024

_TAG = "tag:yaml.org,2002:"
#: Explicit tags that are allowed: they build nothing but plain data.
ALLOWED_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map")) | {"!"}


class YamlProblem(Exception):
    """Something wrong in the YAML itself; ``line`` is 1-based (or None), ``key`` the key involved."""

    def __init__(self, message: str, line: int | None = None, key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.key = key


class LineDict(dict):
    """A mapping from YAML that knows its line and the line of each of its keys."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line) if hasattr(self, "key_lines") else self.line


class LineList(list):
    """A list from YAML that knows its line and the line of each item."""

    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        lines = getattr(self, "item_lines", [])
        return lines[index] if 0 <= index < len(lines) else self.line


class SrcFloat(float):
    """A float that remembers how it was written (``107.10`` reads as 107.1)."""

    text: str = ""


def _line(node: Any) -> int:
    return node.start_mark.line + 1


class SafeLineLoader(_Base):  # type: ignore[misc,valid-type]
    """SafeLoader with line numbers, duplicate-key and tag refusal, and an expansion budget."""

    # Fresh tables, so that nothing registered on SafeLoader (or later) can construct objects.
    yaml_constructors: dict = {}
    yaml_implicit_resolvers: dict = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in (_TAG + "timestamp", _TAG + "value")]
        for first, resolvers in Resolver.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.budget = MAX_BYTES           # characters the whole file may expand to
        self._sizes: dict[int, tuple[int, Any]] = {}
        self.bad_tags: list[tuple[int, str, str | None]] = []   # (line, tag, key) of refused tags in this document

    # ---- composition: tags and sizes, counted before anything is constructed
    def compose_document(self) -> Any:
        self._sizes = {}
        self.bad_tags = []
        return super().compose_document()

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in ALLOWED_TAGS:
            key = index.value if isinstance(index, ScalarNode) else None
            self.bad_tags.append((event.start_mark.line + 1, tag, key))
        if isinstance(event, yaml.AliasEvent):
            target = self.anchors.get(event.anchor)
            if target is not None and id(target) not in self._sizes:
                # every finished node has been counted: this one is still being composed
                raise YamlProblem(f"the alias *{event.anchor} refers to a node that contains it "
                                  "(recursive structures are refused)", event.start_mark.line + 1)
        node = super().compose_node(parent, index)
        self._account(node)
        return node

    def _account(self, node: Any) -> None:
        if id(node) in self._sizes:
            size = self._sizes[id(node)][0]
        elif isinstance(node, ScalarNode):
            size = len(node.value) + 1
        else:
            children = node.value if isinstance(node, SequenceNode) else [n for kv in node.value for n in kv]
            size = 1
            for child in children:
                known = self._sizes.get(id(child))
                if known is None:
                    raise YamlProblem("an alias refers to a node that contains it (recursive structures are "
                                      "refused)", _line(node))
                size += known[0]
        self._sizes[id(node)] = (size, node)
        if size > MAX_BYTES:
            raise YamlProblem(f"YAML aliases expand this file past {MAX_BYTES // (1024 * 1024)} MB; refused",
                              _line(node))

    def charge(self, node: Any) -> None:
        """Count a whole document's expanded size against the file's budget."""
        self.budget -= self._sizes.get(id(node), (0,))[0]
        if self.budget < 0:
            raise YamlProblem(f"YAML aliases expand this file past {MAX_BYTES // (1024 * 1024)} MB; refused",
                              _line(node))


#: The most digits an integer may have: far more than any count a question needs, and far below Python's
#: own limit on reading an int (4,300 digits), which raises a bare ValueError.
MAX_INT_DIGITS = 100


def _guarded(construct: Callable[[SafeLineLoader, Any], Any]) -> Callable[[SafeLineLoader, Any], Any]:
    """A constructor whose failures on a malformed value (an explicit tag on a value of the wrong form,
    such as ``!!int ''`` or ``!!map [1, 2]``) are a YamlProblem at the value's line."""
    def guarded(loader: SafeLineLoader, node: Any) -> Any:
        try:
            return construct(loader, node)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            tag = node.tag.replace(_TAG, "!!")
            raise YamlProblem(f"this value cannot be read as {tag}", _line(node)) from None
    return guarded


def _construct_int(loader: SafeLineLoader, node: Any) -> int:
    if isinstance(node, ScalarNode) and sum(c.isdigit() for c in node.value) > MAX_INT_DIGITS:
        raise YamlProblem(f"an integer of more than {MAX_INT_DIGITS} digits is refused", _line(node))
    return yaml.SafeLoader.construct_yaml_int(loader, node)


def _construct_str(loader: SafeLineLoader, node: Any) -> str:
    return loader.construct_scalar(node)


def _construct_float(loader: SafeLineLoader, node: Any) -> float:
    value = yaml.SafeLoader.construct_yaml_float(loader, node)
    f = SrcFloat(value)
    f.text = node.value
    return f


def _construct_seq(loader: SafeLineLoader, node: Any) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = _line(node)
    out.item_lines = [_line(child) for child in node.value]
    return out


def _construct_map(loader: SafeLineLoader, node: Any) -> LineDict:
    out = LineDict()
    out.line = _line(node)
    out.key_lines = {}
    explicit: dict = {}
    for key_node, _ in node.value:
        if key_node.tag == _TAG + "merge":
            continue
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            raise YamlProblem("a key must be a plain value, not a list or mapping", _line(key_node))
        if key in explicit:
            raise YamlProblem(f"key {key!r} is given twice in one mapping (first on line {explicit[key]})",
                              _line(key_node), key=str(key))
        explicit[key] = _line(key_node)
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            raise YamlProblem("a key must be a plain value, not a list or mapping", _line(key_node))
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = _line(key_node)
    return out


def _refuse(loader: SafeLineLoader, node: Any) -> None:
    raise YamlProblem(f"the YAML tag {node.tag} is refused: question files hold plain data only", _line(node))


SafeLineLoader.add_constructor(_TAG + "null", _guarded(yaml.SafeLoader.construct_yaml_null))
SafeLineLoader.add_constructor(_TAG + "bool", _guarded(yaml.SafeLoader.construct_yaml_bool))
SafeLineLoader.add_constructor(_TAG + "int", _guarded(_construct_int))
SafeLineLoader.add_constructor(_TAG + "float", _guarded(_construct_float))
SafeLineLoader.add_constructor(_TAG + "str", _guarded(_construct_str))
SafeLineLoader.add_constructor(_TAG + "seq", _guarded(_construct_seq))
SafeLineLoader.add_constructor(_TAG + "map", _guarded(_construct_map))
SafeLineLoader.add_constructor(None, _refuse)


@dataclass
class Document:
    """One YAML document of a file: its data, or the problem that kept it from loading."""

    data: Any
    line: int                     # 1-based line where its content starts
    id_hint: str | None = None    # the value of a top-level `id:` key, read from the nodes
    problem: YamlProblem | None = None


_UNQUOTED_MANA = re.compile(r"\{[^{}\"']*\}\s*\{")
_KEY_ON_LINE = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][A-Za-z0-9_ ]*?)\s*:(?:\s|$)")


_CLOSERS = {"{": "}", "[": "]"}


def _in_words(e: yaml.YAMLError, lines: list[str], line: int | None) -> tuple[str, int | None] | None:
    """What a YAML syntax error means for someone writing a question by hand, and the line to look at: a tab, a
    bracket or quote never closed, a line indented out of step, a ': ' inside a plain value; None when the
    error is none of these."""
    problem = str(getattr(e, "problem", None) or "")
    context = str(getattr(e, "context", None) or "")
    start = getattr(e, "context_mark", None)
    opened = start.line + 1 if start is not None else None
    tabbed = [n for n, text in enumerate(lines, 1) if "\t" in text[:len(text) - len(text.lstrip())]]
    if tabbed and (line is None or tabbed[0] <= line):
        return (f"line {tabbed[0]} is indented with a tab: YAML indents with spaces only; replace the tab with "
                "spaces", tabbed[0])
    if "\t" in (lines[line - 1] if line and line <= len(lines) else "") and "cannot start any token" in problem:
        return f"line {line} has a tab where YAML expects a value: use spaces", line
    if "flow" in context and start is not None and opened is not None and opened <= len(lines):
        col = start.column
        bracket = lines[opened - 1][col] if col < len(lines[opened - 1]) else "["
        if bracket not in _CLOSERS:     # "flow node": the bracket is further left on that line
            bracket = next((c for c in reversed(lines[opened - 1][:col + 1]) if c in _CLOSERS), "[")
        close = _CLOSERS[bracket]
        return (f"the {bracket!r} opened on line {opened} is not closed where it should be: a {close!r} is missing, "
                f"or two items have no comma between them", opened)
    if "quoted scalar" in context and opened is not None and opened <= len(lines):
        return f"the quote opened on line {opened} is never closed: end the text with the same quote", opened
    mark = getattr(e, "problem_mark", None)
    if mark is not None and line and line <= len(lines) and lines[line - 1][mark.column:mark.column + 1] in ("]", "}"):
        return f"the {lines[line - 1][mark.column]!r} on line {line} closes nothing that was opened", line
    if "expected key" in problem or "block end" in problem:
        return (f"line {line} is not indented in step with the lines above it: the keys of one mapping (and the "
                "'- ' of one list) start in the same column", line)
    if "mapping values are not allowed" in problem:
        return (f"line {line} has a second ': ' in one value: put the value in quotes, like note: \"this: that\"",
                line)
    return None


def _syntax_problem(e: yaml.YAMLError, text: str) -> YamlProblem:
    mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    problem = getattr(e, "problem", None) or str(e)
    message = f"YAML syntax error: {problem}"
    key = None
    lines = text.splitlines()
    raw = message
    words = _in_words(e, lines, line)
    if words is not None:
        message, line = f"{words[0]} [{raw}]", words[1]
    candidates = [n for n in {line, getattr(getattr(e, "context_mark", None), "line", -2) + 1} if n]
    for n in sorted(candidates, reverse=True):
        if 1 <= n <= len(lines):
            src = re.sub(r"\"[^\"]*\"|'[^']*'", '""', lines[n - 1].split(" #")[0])
            if _UNQUOTED_MANA.search(src):
                m = _KEY_ON_LINE.match(lines[n - 1])
                key = m.group(1) if m else None
                message = ("mana must be quoted: write it like cost: \"{2}{W}\" (unquoted, YAML reads {2}{W} as "
                           f"a broken mapping) [{raw}]")
                line = n
                break
    return YamlProblem(message, line, key)


def _id_hint(node: Any) -> str | None:
    if isinstance(node, MappingNode):
        for k, v in node.value:
            if isinstance(k, ScalarNode) and k.value == "id" and isinstance(v, ScalarNode):
                return v.value
    return None


def _id_hint_from_text(text: str, line: int | None) -> str | None:
    """The `id:` of the document around ``line``, read from the text (for syntax errors)."""
    if line is None:
        return None
    lines = text.splitlines()
    start = 0
    for i in range(min(line, len(lines)) - 1, -1, -1):
        if re.match(r"^---(\s|$)", lines[i]):
            start = i + 1
            break
    for j in range(start, len(lines)):
        if j > start and re.match(r"^(---|\.\.\.)(\s|$)", lines[j]):
            break
        m = re.match(r"^id:\s*['\"]?([A-Za-z0-9_-]+)['\"]?\s*(#.*)?$", lines[j])
        if m:
            return m.group(1)
    return None


class FileProblem(YamlProblem):
    """A problem with the whole file (syntax, size): no document of it loads."""

    def __init__(self, message: str, line: int | None = None, key: str | None = None,
                 id_hint: str | None = None) -> None:
        super().__init__(message, line, key)
        self.id_hint = id_hint


def load_documents(text: str) -> list[Document]:
    """Every non-empty document of ``text``; raise :class:`FileProblem` if the file cannot be read as YAML."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise FileProblem(f"the file is over {MAX_BYTES // (1024 * 1024)} MB; refused")
    loader = SafeLineLoader(text)
    docs: list[Document] = []
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None:
                continue
            loader.charge(node)
            if isinstance(node, ScalarNode) and node.tag == _TAG + "null" and node.value in ("", "~", "null"):
                continue   # an empty document (a trailing ---)
            doc = Document(None, _line(node), _id_hint(node))
            if loader.bad_tags:
                tline, tag, tkey = loader.bad_tags[0]
                shown = tag.replace(_TAG, "!!")
                doc.problem = YamlProblem(f"the YAML tag {shown} is refused: question files hold plain data only "
                                          "(tags that construct objects are not allowed)", tline, tkey)
            else:
                try:
                    doc.data = loader.construct_document(node)
                except YamlProblem as p:
                    doc.problem = p
                    loader.constructed_objects = {}
                    loader.recursive_objects = {}
                except yaml.YAMLError as e:
                    mark = getattr(e, "problem_mark", None)
                    doc.problem = YamlProblem(f"YAML error: {getattr(e, 'problem', None) or e}",
                                              mark.line + 1 if mark else doc.line)
                    loader.constructed_objects = {}
                    loader.recursive_objects = {}
            docs.append(doc)
    except YamlProblem as p:
        raise FileProblem(p.message, p.line, p.key, _id_hint_from_text(text, p.line)) from None
    except yaml.YAMLError as e:
        problem = _syntax_problem(e, text)
        raise FileProblem(problem.message, problem.line, problem.key, _id_hint_from_text(text, problem.line)) from None
    except RecursionError:
        raise FileProblem("the YAML is nested too deeply") from None
    finally:
        loader.dispose()
    return docs
