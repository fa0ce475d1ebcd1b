"""The distribution installs one import name, ``mtgjudge``, and a user's own modules named like the
project's folders (``model.py``, ``queries.py``) change nothing."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import mtgjudge

tomllib = pytest.importorskip("tomllib")   # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]


def test_every_folder_with_an_init_is_a_listed_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = set()
    for top, name in ((ROOT / folder, pkg) for pkg, folder in config["package-dir"].items()):
        for init in top.rglob("__init__.py"):
            rel = init.parent.relative_to(top).parts
            found.add(".".join((name,) + rel))
    assert found == listed


def test_front_door_exports():
    assert mtgjudge.__version__
    assert callable(mtgjudge.ask) and callable(mtgjudge.check) and callable(mtgjudge.load)


def test_a_users_model_py_changes_no_answer(tmp_path):
    (tmp_path / "model.py").write_text("raise SystemExit('the user model.py was imported')\n")
    (tmp_path / "queries.py").write_text("raise SystemExit('the user queries.py was imported')\n")
    (tmp_path / "q.yaml").write_text(
        "id: elves-tap\nask: can-activate\nabout: elves\n"
        "state: {players: {Alice: {battlefield: [{card: Llanowar Elves, id: elves}]}}}\nexpect: yes\n")
    run = subprocess.run([sys.executable, "-m", "mtgjudge.queries.cli", "ask", "q.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("PASS")


def test_metadata_says_what_the_package_is():
    import importlib.metadata
    meta = importlib.metadata.metadata("mtgjudge")
    assert meta["License"] == "MIT" and (ROOT / "LICENSE").is_file()
    classifiers = meta.get_all("Classifier")
    assert "Framework :: Pytest" in classifiers and "Typing :: Typed" in classifiers
    assert meta["Summary"] and meta["Requires-Python"]


def test_the_package_is_typed_and_ships_its_documentation():
    from importlib.resources import files
    assert files("mtgjudge").joinpath("py.typed").is_file()
    assert files("mtgjudge.docs").joinpath("question-format.md").is_file()
