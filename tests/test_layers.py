"""Imports run only downward: nothing in ``mtgjudge.model`` imports ``mtgjudge.queries``; there are no import
cycles; and imports inside functions are kept for optional heavy libraries (z3) and importlib.metadata only. Every import is read
from the source with ``ast``, function-level ones included (imports under ``if TYPE_CHECKING:`` are for type
checkers and do not count)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"mtgjudge": ROOT / "api", "mtgjudge.model": ROOT / "model", "mtgjudge.queries": ROOT / "queries"}

#: Modules that may be imported inside a function: heavy optional libraries, loaded only when needed.
#: importlib.metadata reads the installed distributions (~30 ms of every start-up): only --version asks.
#: The page (``mtgjudge serve``) loads Starlette and uvicorn, an optional extra: only ``serve`` imports it.
#: urllib (with http, ssl and email, ~20 ms) opens the network: only ``cards update`` downloads.
#: Worker processes (multiprocessing, concurrent.futures: ~10 ms) only for a run on several (``check -j N``).
#: Lark parses the phrase grammar: imported when a phrase is first parsed (model/vocab/phrases.py), so that a
#: question about cards kept compiled does not import it.
#: platformdirs (with tempfile, shutil and random, ~5 ms) only for the default folders off Linux, or without a usable
#: $HOME (model/user_folders.py: on Linux the XDG folders are read without it).
#: What only some paths need, ~1-2 ms of every start-up each: difflib (a "did you mean"), gzip (the known names, the
#: shipped parse tables), sqlite3 (once a card store file exists), shutil (`rules import`), traceback (--debug),
#: importlib.resources (`mtgjudge format`).
LAZY_ALLOWED = {"z3", "importlib.metadata", "mtgjudge.queries.web.app", "urllib", "http", "multiprocessing", "concurrent",
                "lark", "platformdirs", "difflib", "gzip", "sqlite3", "shutil", "traceback", "importlib.resources"}
#: Imports inside a function that a start-up needs (importer, imported): the package's front door, imported when
#: first used, and the command line, imported by the entry point only once its Ctrl-C handling is in place.
#: The Oracle compiler (and Lark, its phrase grammar's parser) when a card must be compiled, not kept
#: (model.cards.compiled), or a sentence read again as the engine resolves it: a question about kept cards
#: imports neither. The engine (~15 ms) when a question's actions are performed or an outcome checked (a
#: can-activate question needs none). The coverage sweep when that command runs; the modules of the commands
#: ``cards``, ``new`` and ``schema`` when that command runs (the command line builds the parser of the command named).
#: Each kind of question when a question of that kind is first read (its module imports the part of the model it
#: asks), and the engine's branches of a question's actions when a question has actions. Every distinct payment
#: (payment.enumeration) when ``--all`` asks for them or the engine branches on them.
LAZY_EDGES = {("mtgjudge.queries.kinds", f"mtgjudge.queries.kinds.{kind}")
              for kind in ("could_produce", "can_activate", "can_play", "can_pay", "mana_options", "outcome",
                           "can_attack", "can_block", "branches")} | {
              ("mtgjudge.model.payment.answers", "mtgjudge.model.payment.enumeration"),("mtgjudge", "mtgjudge.queries.api"), ("mtgjudge", "mtgjudge.queries.board"),
              ("mtgjudge.queries.entry", "mtgjudge.queries.cli"),
              ("mtgjudge.queries.cli", "mtgjudge.queries.cards_cmd"),
              ("mtgjudge.queries.cli", "mtgjudge.queries.schema"),
              ("mtgjudge.queries.cli", "mtgjudge.queries.templates"),
              ("mtgjudge.model.cards.compiled", "mtgjudge.model.oracle"),
              ("mtgjudge.model.oracle", "mtgjudge.model.oracle.compile"),
              ("mtgjudge.model.oracle.narrowing", "mtgjudge.model.oracle.compile"),
              ("mtgjudge.model.oracle.narrowing", "mtgjudge.model.oracle.lines"),
              ("mtgjudge.model.words.tokens.describe", "mtgjudge.model.oracle"),
              ("mtgjudge.queries.cards_cmd", "mtgjudge.model.oracle"),
              ("mtgjudge.queries.cards_cmd", "mtgjudge.model.oracle.reading"),
              ("mtgjudge.model.cards.store", "mtgjudge.model.oracle"),
              ("mtgjudge.model.cards.loader", "mtgjudge.model.vocab.parse"),
              ("mtgjudge.queries.kinds.branches", "mtgjudge.model.engine.actions"),
              ("mtgjudge.queries.kinds.branches", "mtgjudge.model.engine.game"),
              ("mtgjudge.queries.kinds.outcome", "mtgjudge.model.engine.game"),
              ("mtgjudge.queries.kinds.outcome", "mtgjudge.model.engine.sba"),
              ("mtgjudge.queries.format.fields", "mtgjudge.model.words.tokens.describe"),
              ("mtgjudge.queries.format.state", "mtgjudge.model.words.tokens.describe"),
              ("mtgjudge.queries.coverage.cli", "mtgjudge.queries.coverage.core"),
              ("mtgjudge.queries.coverage.cli", "mtgjudge.queries.coverage.progress"),
              ("mtgjudge.queries.coverage.cli", "mtgjudge.queries.coverage.report")}


def modules() -> dict[str, Path]:
    out = {}
    for pkg, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join((pkg,) + parts)
            if pkg == "mtgjudge" and parts:   # api/ holds only the package's __init__
                continue
            out[name] = path
    return out


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def imports(path: Path, name: str, known: set[str]) -> list[tuple[str, bool]]:
    """(imported module, at function level) for every import in the file."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue
            nested = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend((a.name, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1] + ([base] if base else []))
                for a in child.names:
                    full = f"{base}.{a.name}"
                    out.append((full if full in known else base, in_function))
            visit(child, nested)

    visit(tree, False)
    return out


def graph() -> tuple[dict[str, set[str]], list[tuple[str, str]]]:
    mods = modules()
    known = set(mods)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    lazy: list[tuple[str, str]] = []
    for name, path in mods.items():
        for target, in_function in imports(path, name, known):
            if in_function and target.split(".")[0] not in LAZY_ALLOWED and target not in LAZY_ALLOWED \
                    and (name, target) not in LAZY_EDGES:
                lazy.append((name, target))
            if target in known and target != name:
                edges[name].add(target)
    return edges, lazy


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return out


def test_model_never_imports_queries():
    edges, _ = graph()
    up = sorted((a, b) for a, bs in edges.items() for b in bs
                if a.startswith("mtgjudge.model") and b.startswith("mtgjudge.queries"))
    assert up == []


def test_no_import_cycles():
    edges, _ = graph()
    # A package's __init__ importing its own modules is not a cycle of meaning: leave those edges out.
    plain = {a: {b for b in bs if not (a == b.rpartition(".")[0] and a in edges)} for a, bs in edges.items()}
    assert cycles(plain) == []


def test_function_level_imports_only_for_lazy_libraries():
    _, lazy = graph()
    assert sorted(set(lazy)) == []


def _module_level_writes(path: Path) -> list[str]:
    """Statements at a module's top level that write into a name of an imported module (``resolve.TABLE[k] =
    v``, ``other.REGISTRY.update(...)``): registration by side effect, which no reader of either module sees."""
    tree = ast.parse(path.read_text(), str(path))
    imported = {a.asname or a.name.split(".")[0] for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names}
    found = []
    for n in tree.body:
        targets = n.targets if isinstance(n, ast.Assign) else [n.target] if isinstance(n, (ast.AugAssign, ast.AnnAssign)) else []
        for t in targets:
            while isinstance(t, (ast.Subscript, ast.Attribute)):
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in imported:
                    found.append(f"{path.name}:{n.lineno}")
                    break
                t = t.value
        if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) and isinstance(n.value.func, ast.Attribute):
            f = n.value.func
            if f.attr in ("update", "append", "add", "extend", "setdefault", "__setitem__") and \
                    isinstance(f.value, ast.Attribute) and isinstance(f.value.value, ast.Name) and f.value.value.id in imported:
                found.append(f"{path.name}:{n.lineno}")
    return found


def test_no_module_writes_into_another_modules_names():
    writes = [w for path in modules().values() for w in _module_level_writes(path)]
    assert writes == []


def test_the_write_check_finds_what_it_is_for(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from a import resolve\nresolve.HANDLERS['x'] = 1\nresolve.WHOLE.add('y')\nLOCAL = {}\nLOCAL['z'] = 2\n")
    assert _module_level_writes(p) == ["m.py:2", "m.py:3"]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_imports(path: Path) -> list[str]:
    """``from <a module of the product> import _name``, or ``module._name`` of a product module it imported: a
    reach into another module's private name."""
    tree = ast.parse(path.read_text(), str(path))
    out, imported = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mtgjudge"):
            out.extend(f"{path.name}:{node.lineno} {a.name}" for a in node.names if _private(a.name))
            imported |= {a.asname or a.name for a in node.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported \
                and node.value.id[:1].islower() and _private(node.attr):
            out.append(f"{path.name}:{node.lineno} {node.value.id}.{node.attr}")
    return out


def test_no_module_imports_another_modules_private_names():
    # a name another module needs is part of its owner's interface: public, with a docstring
    reaches = [r for path in modules().values() for r in _private_imports(path)]
    assert reaches == []


def test_the_private_import_check_finds_what_it_is_for(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from mtgjudge.model.engine import triggers\nfrom mtgjudge.model.x import _hidden, public\n"
                 "from os import _exit\ntriggers._kinds([])\nself._own = 1\n")
    assert _private_imports(p) == ["m.py:2 _hidden", "m.py:4 triggers._kinds"]


def test_performers_reach_the_dispatch_only_through_their_context():
    """The one dispatch table (``engine.performers``) imports every module that performs words, and
    ``engine.resolve`` reads it: a performer module importing either would be a cycle in all but name."""
    edges, _ = graph()
    from mtgjudge.model.engine import performers
    listed = {m.__name__ for m in performers._MODULES}
    bad = sorted((m, t) for m in listed for t in edges[m]
                 if t in ("mtgjudge.model.engine.resolve", "mtgjudge.model.engine.performers"))
    assert bad == []


def _package(module: str) -> str:
    """The package a module belongs to: its first three name parts (``mtgjudge.model.engine`` for
    ``mtgjudge.model.engine.kernel.damage``); a module directly in ``model/`` or ``queries/`` is its own. A file
    of a concept folder (``model/words/<concept>/``) belongs to no package: it sits on its role's floor (a record
    beside the vocabulary, a reader beside the oracle, a performer beside the engine, each listed by its layer:
    ``test_concept_files_keep_their_roles``), so it is ``""`` here and the package graph goes through it."""
    if module.startswith("mtgjudge.model.words."):
        return ""
    return ".".join(module.split(".")[:3])


def package_graph() -> dict[str, set[str]]:
    """The import graph between packages (``mtgjudge.model.engine``, ``mtgjudge.queries.kinds``, ...): a package
    depends on another if one of its modules imports one of the other's, directly or through concept files."""
    edges, _ = graph()
    pkg = _package

    def reached(m: str) -> set[str]:
        seen, todo, out = {m}, [m], set()
        while todo:
            for t in edges[todo.pop()]:
                if pkg(t):
                    out.add(pkg(t))
                elif t not in seen:
                    seen.add(t)
                    todo.append(t)
        return out

    out: dict[str, set[str]] = {}
    for m in edges:
        if pkg(m):
            out.setdefault(pkg(m), set()).update(p for p in reached(m) if p != pkg(m))
    for targets in list(out.values()):
        for t in targets:
            out.setdefault(t, set())
    return out


#: Cycles between packages today (a ratchet: the number may only go down).
PACKAGE_CYCLES_AT_MOST = 3


def test_package_cycles_do_not_grow():
    found = cycles(package_graph())
    assert len(found) <= PACKAGE_CYCLES_AT_MOST, found


#: What each file of a concept folder (``model/words/<concept>/``) may not import, by its role: a record is a
#: value of the encoding (no reader, no engine); a reader turns text into records (no engine); a performer
#: changes a game (no reader: the text was read at compile time; not the dispatch table that lists it).
ROLE_FORBIDS = {
    "record": ("mtgjudge.model.oracle", "mtgjudge.model.engine", "mtgjudge.model.words."),
    "read": ("mtgjudge.model.engine",),
    "perform": ("mtgjudge.model.oracle", "mtgjudge.model.engine.resolve", "mtgjudge.model.engine.performers"),
    # the engine's reader of a token's description (111.3: ``words.tokens.describe``), below the engine it serves
    "describe": ("mtgjudge.model.engine",),
}
#: Imports that break a role today (importer, imported), each to be removed, never added to: performers that
#: still read phrases at run time, and records that share another concept's record.
ROLE_EXCEPTIONS = {
    ("mtgjudge.model.words.library.record", "mtgjudge.model.words.players.record"),
}


def role_violations() -> set[tuple[str, str]]:
    edges, _ = graph()
    out = set()
    for m, targets in edges.items():
        if not m.startswith("mtgjudge.model.words.") or m.count(".") != 4:
            continue
        role = m.rsplit(".", 1)[1]
        concept = m.rsplit(".", 1)[0]
        for t in targets:
            if t.startswith(concept + "."):
                continue          # a concept's own files
            if any(t == f or t.startswith(f if f.endswith(".") else f + ".") or t == f.rstrip(".")
                   for f in ROLE_FORBIDS.get(role, ())):
                out.add((m, t))
    return out


def test_concept_files_keep_their_roles():
    found = role_violations()
    assert found - ROLE_EXCEPTIONS == set()
    assert ROLE_EXCEPTIONS - found == set(), "an exception that no longer happens: remove it from the list"


def test_every_concept_file_has_a_role():
    roles = {p.stem for p in (ROOT / "model" / "words").rglob("*.py") if p.parent.name != "words"} - {"__init__"}
    assert roles <= set(ROLE_FORBIDS), roles - set(ROLE_FORBIDS)


#: The engine and the performers read values, never phrases: the text was read at compile time (each word's
#: arguments, each ability's trigger), and the policy both the compiler and the engine apply lives below both.
#: What imports the Oracle reader from the engine or a performer today (importer, imported): each to be removed,
#: never added to (a ratchet). The one left: a token's card is compiled from its description as the effect that
#: makes it is performed (111.3), since some descriptions are text no card's compilation saw: an X/X token with X
#: known only as it resolves (107.3a, 608.2h), a token a keyword action's rule defines (701.16a: investigate's
#: Clue), a named token a question states. Compiling the fixed descriptions with the card that makes them would
#: still leave those.
ENGINE_READS_TEXT = {
    ("mtgjudge.model.words.tokens.describe", "mtgjudge.model.oracle"),
}


def engine_reads_text() -> set[tuple[str, str]]:
    """Every import of ``model.oracle`` by a module of ``model/engine``, a performer (``model/words/*/perform.py``) or
    the engine's reader of a token's description (``model/words/*/describe.py``), function-level imports included."""
    edges, _ = graph()
    return {(m, t) for m, targets in edges.items() for t in targets
            if (m.startswith("mtgjudge.model.engine.") or m == "mtgjudge.model.engine"
                or (m.startswith("mtgjudge.model.words.") and m.endswith((".perform", ".describe"))))
            and (t == "mtgjudge.model.oracle" or t.startswith("mtgjudge.model.oracle."))}


def test_the_engine_does_not_read_card_text():
    found = engine_reads_text()
    assert found - ENGINE_READS_TEXT == set(), "the engine or a performer reads text: read it at compile time"
    assert ENGINE_READS_TEXT - found == set(), "an import that no longer happens: remove it from the list"


#: The phrase parsers: the functions that read text into values of the encoding (a count, a selector, a target
#: phrase, a cost, a condition, a static ability), by module; every function of the Oracle compiler
#: (``model/oracle``) is one too.
PHRASE_PARSERS = {
    "mtgjudge.model.words.conditions.read": {"read_condition"},
    "mtgjudge.model.words.sagas.read": {"chapter_numbers"},
    "mtgjudge.model.vocab.phrases": {"parse", "parse_np", "parse_nps", "parse_target", "quality_selector"},
    "mtgjudge.model.vocab.parse": {"parse_static", "parse_effect", "parse_ability"},
    "mtgjudge.model.vocab.grammar": {"parse_cost_text", "parse_production"},
    "mtgjudge.model.rules.counts": {"parse"},
    "mtgjudge.model.rules.targets": {"target_spec"},
}


def _is_parser(module: str, name: str) -> bool:
    return name in PHRASE_PARSERS.get(module, ()) or module.startswith("mtgjudge.model.oracle")


def _resolves_at_run_time(module: str) -> bool:
    """A module of what runs as a question is answered: the engine, the rules, legality, payment, a performer."""
    return (module.startswith(("mtgjudge.model.engine", "mtgjudge.model.rules", "mtgjudge.model.payment"))
            or module == "mtgjudge.model.legality"
            or (module.startswith("mtgjudge.model.words.") and module.endswith(".perform")))


def phrase_parses(mods: dict[str, Path] | None = None) -> set[tuple[str, str, str]]:
    """Every call of a phrase parser (``PHRASE_PARSERS``) in a module that runs as a question is answered, as
    (module, the function it is in, the parser), but a parser's own calls (``counts.parse`` reading its parts)."""
    mods = modules() if mods is None else mods
    known = set(modules()) | set(mods)
    out: set[tuple[str, str, str]] = set()
    for name, path in mods.items():
        if not _resolves_at_run_time(name):
            continue
        tree = ast.parse(path.read_text(), str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        names: dict[str, tuple[str, str]] = {}      # a local name -> (module, function), or (module, "") for a module
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    names[a.asname or a.name] = (a.name, "")
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
                for a in node.names:
                    full = f"{base}.{a.name}"
                    names[a.asname or a.name] = (full, "") if full in known else (base, a.name)

        def called(f: ast.expr) -> tuple[str, str] | None:
            if isinstance(f, ast.Name) and f.id in names and names[f.id][1]:
                return names[f.id]
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in names \
                    and not names[f.value.id][1]:
                return names[f.value.id][0], f.attr
            return None

        def visit(node: ast.AST, where: str) -> None:
            for child in ast.iter_child_nodes(node):
                inner = where
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    inner = f"{where}.{child.name}" if where else child.name
                if isinstance(child, ast.Call):
                    target = called(child.func)
                    if target is not None and _is_parser(*target) and not (
                            target[0] == name or _is_parser(name, where.split(".")[0])):
                        out.add((name, where or "<module>", f"{target[0].rsplit('.', 1)[1]}.{target[1]}"))
                visit(child, inner)

        visit(tree, "")
    return out


#: What resolves a question still parses a phrase (module, function, parser): each to be moved to compile time
#: (the reader keeps the parsed value in the word's arguments, as ``rules.counts.compiled`` keeps counts). A ratchet:
#: added to only by a new use of a kind still listed (a target phrase, a cost's text, a fixed delayed word built as
#: it resolves), moved with its kind.
PHRASE_PARSES = {
    ('mtgjudge.model.engine.shields', '_names', 'phrases.parse_np'),
    ('mtgjudge.model.rules.combat.lines', 'condition', 'counts.parse'),
    ('mtgjudge.model.rules.combat.lines', 'declaring_static', 'parse.parse_static'),
    ('mtgjudge.model.rules.combat.lines', 'damage_static', 'parse.parse_static'),
    ('mtgjudge.model.rules.combat.lines', 'selectors', 'phrases.parse'),
}


def test_nothing_that_resolves_parses_a_phrase():
    found = phrase_parses()
    assert found - PHRASE_PARSES == set(), "a phrase is parsed as a question is answered: parse it at compile time"
    assert PHRASE_PARSES - found == set(), "a parse that no longer happens: remove it from the list"


def test_the_parse_check_finds_what_it_is_for(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("from mtgjudge.model.rules import counts\nfrom mtgjudge.model.vocab.phrases import parse_np as np\n"
                       "def f(e):\n    return counts.parse(e.arg('per')), np('creature')\n")
    found = phrase_parses({"mtgjudge.model.words.planted.perform": planted})
    assert found == {("mtgjudge.model.words.planted.perform", "f", "counts.parse"),
                     ("mtgjudge.model.words.planted.perform", "f", "phrases.parse_np")}
