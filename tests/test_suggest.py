"""Finding the card a judge meant: a short legend's name finds it by prefix (modelled cards first), a name
split at its comma in a flow list is pointed out with the quoted form, and `cards show` finds the one
modelled card a prefix names."""
from __future__ import annotations

from mtgjudge.queries.cli import main
from mtgjudge.queries.format.files import load_text
from mtgjudge.queries.format.suggest import joined_by_comma, suggestions


def error_of(battlefield: str) -> str:
    (e,) = load_text("id: q\nask: mana-options\nstate:\n  players:\n    Alice: {battlefield: " + battlefield + "}\n")
    assert isinstance(e, Exception), e
    return str(e)


def test_a_prefix_finds_the_modelled_card_first():
    assert suggestions("Thalia")[0] == "Thalia, Guardian of Thraben"
    assert suggestions("Urborg")[0] == "Urborg, Tomb of Yawgmoth"
    assert "Birds of Paradise" in suggestions("Bird of Paradise")


def test_the_error_for_a_short_name_suggests_the_quoted_full_name():
    assert 'did you mean: "Thalia, Guardian of Thraben"' in error_of("[Thalia]")


def test_a_name_split_at_its_comma_is_pointed_out():
    message = error_of("[Forest, Thalia, Guardian of Thraben]")
    assert "'Thalia' and 'Guardian of Thraben' look like one card split at its comma" in message
    assert 'write the name in quotes: ["Thalia, Guardian of Thraben"]' in message
    assert "battlefield[1]" in message
    assert joined_by_comma("Forest", "Island") is None


def test_the_quoted_name_and_a_block_list_are_fine():
    for battlefield in ('["Thalia, Guardian of Thraben"]', "\n        - Thalia, Guardian of Thraben\n"):
        (q,) = load_text("id: q\nask: mana-options\nstate:\n  players:\n    Alice:\n      battlefield: "
                         + battlefield + "\n")
        assert not isinstance(q, Exception), q


def test_cards_show_finds_the_one_modelled_card_a_prefix_names(capsys):
    assert main(["cards", "show", "Thalia"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Thalia, Guardian of Thraben") and "showing 'Thalia, Guardian of Thraben'" in captured.err


def test_only_plausible_names_are_suggested_and_a_newer_card_is_told_how_to_import():
    message = error_of("[The One Ring]")
    assert "did you mean" not in message and "Entering" not in message
    assert "if it is a real card, import card data that has it: `mtgjudge cards update`" in message
    assert "or `mtgjudge cards import FILE`" in message
    assert 'did you mean: "Lightning Bolt"' in error_of("[Lightnig Bolt]")
    assert 'did you mean: "Mountain"' in error_of("[Moutain]")


def test_a_real_card_without_a_definition_says_it_is_not_in_the_card_store(tmp_path, monkeypatch):
    from mtgjudge.queries.runner import run_question
    monkeypatch.setenv("MTGJUDGE_CARDS", str(tmp_path / "none.sqlite"))
    (q,) = load_text("id: q\nask: could-produce\nabout: vents\nstate:\n  players:\n"
                     "    Alice: {battlefield: [{card: Steam Vents, id: vents}]}\n")
    r = run_question(q)
    assert r.status == "unsupported"
    assert "'Steam Vents' (vents) is a real card that is neither built in nor in your card store" in r.message
    assert "mtgjudge cards import FILE" in r.message


def test_a_real_card_without_a_definition_is_unsupported_when_its_ability_is_asked_of(tmp_path, monkeypatch):
    """Which activated abilities such a card has is not known: not "it has none" (an input error, exit 2)."""
    from mtgjudge.queries.runner import run_question
    monkeypatch.setenv("MTGJUDGE_CARDS", str(tmp_path / "none.sqlite"))
    for kind, more in (("can-activate", "about: elves\n"),
                       ("outcome", "actions: [{activate: elves}]\nexpect: [{stack_size: 0}]\n")):
        (q,) = load_text(f"id: q\nask: {kind}\nstate:\n  players:\n"
                         f"    Alice: {{battlefield: [{{card: Fyndhorn Elves, id: elves}}]}}\n{more}")
        r = run_question(q)
        assert r.status == "unsupported", (kind, r.message)
        assert "'Fyndhorn Elves' (elves) is a real card that is neither built in nor in your card store" in r.message
