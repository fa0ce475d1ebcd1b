"""``outcome``: perform the question's actions (model.engine), exploring every choice the rules leave open and
merging choices that lead to equal states, then check the assertions.

The value is True when every ``expect`` assertion holds in every final state, every ``possible``
assertion holds in at least one, and each list of ``possible_together`` holds whole in at least one (one and
the same final state for all of its assertions); False otherwise; ``"illegal"`` when an action is one the rules forbid. The
witness lists the distinct final states, each with the choices that lead to it; the reasons are the rules
the engine applied, then the assertions' results. The assertions that do not hold are also given as data
of their own (:attr:`OutcomeAnswer.failed`), which a failed question's message lists.

Its ``expect`` is a list of assertions (or ``illegal``), and it has ``possible``, another list; the answer
is compared with True (or ``illegal``); in JSON its ``answer`` is the distinct final states.
"""
from __future__ import annotations

from typing import Any, Mapping

from mtgjudge.model.errors import Unsupported
from mtgjudge.model.rules.guards import guard_scope
from mtgjudge.model.rules.layers import current
from mtgjudge.model.words.cipher.record import encoded_on
from mtgjudge.model.explain import Answer, step, unsupported
from mtgjudge.model.names import names_of as _names
from mtgjudge.model.names import normalize
from mtgjudge.model.state import (DelayedTrigger, PlayerRestriction, PreventionShield, PTChange, TurnReplacement,
                                   UntapSkip)
from mtgjudge.queries.format.actions import read_assertions
from mtgjudge.queries.format.fields import QuestionValidator, line_of
from mtgjudge.queries.kinds.branches import ActionsAnswer, branch_steps, made_objects, perform_actions
from mtgjudge.queries.kinds.record import Key, Kind, flow
from mtgjudge.model.lazy_dataclass import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mtgjudge.model.engine.game import Game


@dataclass(frozen=True)
class OutcomeAnswer(ActionsAnswer):
    """An outcome's answer; ``checks``: each assertion's result, in words (as in ``why``, where they are
    the steps that cite no rule); ``failed``: those that do not hold."""

    failed: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()


def _find(game: Game, ref: str, initial_ids: set[str]):
    st = game.state
    if st.has(ref):
        return st.obj(ref)
    if ref in initial_ids:
        return None
    found = [o for o in st.objects if normalize(ref) in _names(o)]
    if len(found) > 1:
        raise Unsupported(f"{len(found)} objects are named {ref} after the actions: an assertion about one of them "
                          "needs an id")
    return found[0] if found else None


def _show(a: Mapping[str, Any]) -> str:
    """An assertion as the question writes it (YAML flow style); no keywords read "none"."""
    return flow({k: ("none" if k == "keywords" and not v else v) for k, v in a.items()})


def _said(v: Any) -> str:
    """A value found or wanted, in words: ``true``, ``{"+1/+1": 3}``, ``none``."""
    if v is None or v == ():
        return "none"
    if isinstance(v, str) and v.startswith("("):
        return v
    return flow(v)


def _zone(o) -> str:
    return "none" if o is None else o.zone


def check(game: Game, a: Mapping[str, Any], initial_ids: set[str]) -> tuple[bool, str]:
    """Does assertion ``a`` hold in this final state? (and what was found, in words)"""
    # the engine (~15 ms to import) when an outcome is asked, not for every question read
    from mtgjudge.model.engine.game import ENDED_STACK, game_over
    from mtgjudge.model.engine.sba import power, toughness

    st = game.state
    # 104.2a, 104.1: once the game is over nothing more happens in it, and what was left on the stack is not kept
    # (``Game.key``: ended states that differ only there are one): what reads it is unsupported
    ended = game_over(game)
    on_stack = [o for o in st.objects if o.zone == "stack"] if ended else []
    if ended and "stack_size" in a:
        raise Unsupported(f"{_show(a)}: {ENDED_STACK} (104.2a)")
    if "object" in a:
        if on_stack and not st.has(a["object"]) and any(o.id.startswith("_") for o in on_stack):
            raise Unsupported(f"{_show(a)}: {ENDED_STACK} (104.2a), and an object named on it may be "
                              f"{a['object']}")
        o = _find(game, a["object"], initial_ids)
        if ended and o is not None and o.zone == "stack" and set(a) - {"object", "zone"}:
            # which objects were on the stack is kept (``Game.key``): that it was there is exact, not what it was
            raise Unsupported(f"{_show(a)}: {a['object']} was on the stack when the game ended; {ENDED_STACK} "
                              "(104.2a)")
        got: dict[str, Any] = {}
        for k, want in a.items():
            if k == "object":
                continue
            if k == "zone":
                got[k] = _zone(o)
            elif o is None:
                got[k] = "(no such object)"
            elif k == "controller":
                got[k] = o.controller
            elif k == "tapped":
                got[k] = o.tapped
            elif k == "attacking":      # 506.4, 508.1k: an attacking creature until it is removed from combat
                got[k] = o.zone == "battlefield" and o.attacking is not None
            elif k == "blocked":        # 509.1h: an attacking creature that is blocked
                got[k] = o.zone == "battlefield" and o.attacking is not None and o.blocked
            elif k == "counters":
                got[k] = dict(o.counters)
                want = dict(want)
            elif k == "attached_to":
                got[k] = o.attached_to if o.attached_to is None or st.has(o.attached_to) else None
            elif k == "encoded_on":     # 702.99b-c: the permanent an exiled card with cipher is encoded on
                got[k] = encoded_on(st, o)
            elif k == "damage":
                got[k] = o.damage
            elif k == "power":
                got[k] = power(game, o.id) if o.zone == "battlefield" else o.printed.power
            elif k == "toughness":
                got[k] = toughness(game, o.id) if o.zone == "battlefield" else o.printed.toughness
            elif k == "keywords":   # layer 6 (613.1f): the keyword abilities it has now
                guard_scope(st, "characteristics", f"the keywords of {o.id} are asked")
                ch = current(st, o.id) if o.zone == "battlefield" else o.printed
                got[k] = tuple(sorted({a.keyword for a in ch.abilities if a.kind == "keyword" and a.keyword}))
            if got[k] != want:
                return False, f"{a['object']}: {k} is {_said(got[k])}, not {_said(want)}"
        return True, f"{a['object']}: " + ", ".join(f"{k} {_said(v)}" for k, v in got.items())
    if "count" in a:
        if on_stack and a.get("zone", "stack") == "stack":
            raise Unsupported(f"{_show(a)}: {ENDED_STACK} (104.2a)")
        objs = [o for o in st.objects if normalize(a["name"]) in _names(o)
                and ("zone" not in a or o.zone == a["zone"])
                and ("controller" not in a or o.controller == a["controller"])
                and ("tapped" not in a or o.tapped == a["tapped"])]      # (a key read but not checked before)
        n = len(objs)
        return n == a["count"], f"{n} {a['name']}" + (f" in {a['zone']}" if "zone" in a else "")
    if "player" in a:
        name = a["player"]
        lost = name in game.left          # 104.3: a player who left the game (conceded, 104.3a, or lost, 704.5) lost it
        if "lost" in a and lost != a["lost"]:
            return False, f"{name} has {'' if lost else 'not '}lost the game"
        # 104.3: where the game ended, the loser's state is as it ended; in a game going on, a player who left
        # has none (800.4a)
        if lost and set(a) - {"player", "lost"} and not game_over(game):
            return False, f"{name} has left the game"
        p = st.player(name)
        got = {"life": p.life, "hand_size": len(p.zone("hand")),
               "library_size": len(p.zone("library")) + p.unknown_library,
               "graveyard_size": len(p.zone("graveyard")), "poison": p.poison, "lost": lost}
        for k, want in a.items():
            if k != "player" and got[k] != want:
                return False, f"{name}: {k} is {got[k]}, not {want}"
        return True, f"{name}: " + ", ".join(f"{k} {got[k]}" for k in a if k != "player")
    if "prevention" in a:     # 615.1: the prevention shields of resolved spells in force now
        prevention = st.in_force(PreventionShield)
        n = len(prevention)
        return n == a["prevention"], f"{n} prevention shield(s) in force: " + ("; ".join(
            s.describe() for s in prevention) or "none")
    if "delayed_triggers" in a:     # 603.7: delayed triggered abilities waiting to trigger (words.delayed.perform)
        delayed = st.in_force(DelayedTrigger)
        n = len(delayed)
        return n == a["delayed_triggers"], f"{n} delayed triggered abilit{'y' if n == 1 else 'ies'} waiting: " + (
            "; ".join(d.describe() for d in delayed) or "none")
    if "stack_size" in a:
        n = len(st.stack)
        return n == a["stack_size"], f"the stack holds {n} object(s)"
    raise Unsupported(f"the assertion {dict(a)} is not checked by the engine")


def summary(game: Game) -> dict:
    """A compact JSON view of a final state: each player's life and zones, the permanents' status."""
    from mtgjudge.model.engine.game import ENDED_STACK, game_over

    st = game.state
    out: dict[str, Any] = {"players": {}, "stack": ENDED_STACK if game_over(game) else [
        s if isinstance(s, str) else f"ability {s.source}#{s.index}" for s in st.stack]}
    for p in st.players:
        zones: dict[str, list[str] | int] = {z: list(p.zone(z)) for z in ("battlefield", "hand", "graveyard", "exile")
                                             if p.zone(z)}
        zones["library"] = len(p.zone("library")) + p.unknown_library
        out["players"][p.name] = {"life": p.life, **zones}
        if p.poison:                       # 122.1f
            out["players"][p.name]["poison"] = p.poison
        if p.counters:                     # 122.1: counters on a player (energy)
            out["players"][p.name]["counters"] = dict(p.counters)
        if p.mana_pool:                    # 106.4: mana a spell added, not yet spent
            out["players"][p.name]["mana_pool"] = "".join(f"{{{m.type}}}" for m in p.mana_pool)
    if game.left:
        out["left_the_game"] = list(game.left)
    encoded = {o.id: encoded_on(st, o) for o in st.objects if encoded_on(st, o) is not None}
    if encoded:
        out["encoded"] = encoded              # 702.99b: each exiled card with cipher and what it is encoded on
    if st.monarch is not None:
        out["monarch"] = st.monarch           # 725.1
    if st.turn.extra:                         # 500.7: extra turns to be taken after this one, in order
        out["extra_turns"] = list(st.turn.extra)
    if st.in_force(PreventionShield):         # 615.1: prevention shields in force this turn
        out["prevention"] = [s.describe() for s in st.in_force(PreventionShield)]
    if st.in_force(DelayedTrigger):           # 603.7: delayed triggered abilities waiting to trigger
        out["delayed_triggers"] = [d.describe() for d in st.in_force(DelayedTrigger)]
    if st.in_force(PlayerRestriction):        # 101.2: "can't cast / play ... this turn"
        out["restrictions"] = [r.describe() for r in st.in_force(PlayerRestriction)]
    if any(u.player for u in st.in_force(UntapSkip)):  # 502.3: "lands you control don't untap during your next ..."
        out["untap_skips"] = [u.describe() for u in st.in_force(UntapSkip) if u.player]
    if st.in_force(TurnReplacement):          # 701.19a, 614.1a: regeneration shields, "exile it instead"
        out["replacements"] = [r.describe() for r in st.in_force(TurnReplacement)]
    perms = {}
    for o in st.battlefield():
        d: dict[str, Any] = {"card": o.name}
        if o.token:
            d["token"] = True
        if o.tapped:
            d["tapped"] = True
        if o.counters:
            d["counters"] = dict(o.counters)
        if o.attached_to:
            d["attached_to"] = o.attached_to
        if o.damage:
            d["damage"] = o.damage
        if o.attacking is not None:     # combat (506.4)
            d["attacking"] = o.attacking
            d["blocked"] = o.blocked
        if o.blocking:
            d["blocking"] = list(o.blocking)
        pts = [c for c in st.in_force(PTChange) if c.object == o.id]
        if pts:   # 613.4c: "+N/+N until end of turn" effects on it
            d["until_end_of_turn"] = [f"{c.describe()} ({c.origin})" for c in pts]
        skips = [u for u in st.in_force(UntapSkip) if u.object == o.id and u.moves == game.moved(o.id)]
        if skips:  # 502.3: it doesn't untap during its controller's next untap step
            d["untap_skip"] = [u.describe() for u in skips]
        perms[o.id] = d
    out["permanents"] = perms
    return out


def answer(question) -> Answer:
    finals = perform_actions(question)
    if isinstance(finals, Answer):
        return finals
    initial_ids = {o.id for o in question.state.objects}
    expect = question.expect if isinstance(question.expect, tuple) else ()
    possible = tuple(question.params.get("possible", ()))
    together = tuple(question.params.get("possible_together", ()))
    why = branch_steps(finals)
    ok = True
    failed: list[str] = []
    checks: list[str] = []
    try:
        for a in expect:
            results = [check(g, a, initial_ids) for g in finals]
            holds = all(r[0] for r in results)
            ok &= holds
            bad = next((r[1] for r in results if not r[0]), None)
            text = f"expect {_show(a)}: " + ("holds in every final state" if holds else f"fails: {bad}")
            why.append(step((), text))
            checks.append(text)
            if not holds:
                failed.append(text)
        for a in possible:
            results = [check(g, a, initial_ids) for g in finals]
            holds = any(r[0] for r in results)
            ok &= holds
            text = f"possible {_show(a)}: " + (f"holds in {sum(r[0] for r in results)} of {len(finals)} final "
                                               "state(s)" if holds else "holds in no final state")
            why.append(step((), text))
            checks.append(text)
            if not holds:
                failed.append(text)
        for group in together:
            each = [[check(g, a, initial_ids) for a in group] for g in finals]
            n = sum(all(r[0] for r in rs) for rs in each)
            ok &= n > 0
            text = f"possible together {_show_group(group)}: " + (
                f"all hold in {n} of {len(finals)} final state(s)" if n else "never all hold in one final state")
            why.append(step((), text))
            checks.append(text)
            if not n:
                failed.append(text)
    except Unsupported as e:
        return unsupported(str(e))
    witness = [{"state": summary(g), "choices": list(g.choices)} for g in finals]
    return OutcomeAnswer(value=ok, why=tuple(why), witness=witness, failed=tuple(failed), checks=tuple(checks),
                         objects=made_objects(question, finals))


# --------------------------------------------------------------------------------------------- the kind

def _show_group(group: tuple[Mapping[str, Any], ...]) -> str:
    return "[" + ", ".join(_show(a) for a in group) + "]"


def read_together(d: QuestionValidator, value: Any, key: str, line: int | None) -> tuple[tuple[Mapping[str, Any], ...], ...]:
    """``possible_together``: a list of lists of assertions, each list to hold whole in one final state."""
    items = d.seq(value, key, line, "a list of lists of assertions")
    out = []
    for i, group in enumerate(items):
        where, gline = f"{key}[{i}]", line_of(value, i) or line
        if not isinstance(group, list) or not group:
            d.fail(where, gline, "each item of possible_together is a list of the assertions that hold together, "
                                 "like [{object: bear, zone: hand}, {player: Alice, life: 16}]")
        out.append(read_assertions(d, group, where, gline))
    return tuple(out)


def _needs_expect_or_possible(d: QuestionValidator, doc: Mapping[str, Any]) -> None:
    if not any(k in doc for k in ("expect", "possible", "possible_together")):
        d.fail("expect", d.line, "an outcome question needs expect:, possible:, possible_together:, or any of them")


def _parse_expect(d: QuestionValidator, value: Any, line: int | None) -> tuple[Mapping[str, Any], ...]:
    return read_assertions(d, value, "expect", line)


def _expectation(question) -> tuple[Any, bool]:
    """The answer is True/False/"illegal": the assertions (expect and/or possible) hold or not."""
    return ("illegal" if question.expect == "illegal" else True), (
        question.has_expect or bool(question.params.get("possible")) or bool(question.params.get("possible_together")))


def _json_answer(answer: Answer) -> Any:
    """The distinct final states, each with the choices that lead to it (or "illegal")."""
    return answer.value if answer.value == "illegal" else answer.witness


def _as_written(question) -> Any:
    """The assertions as the question wrote them (its ``expect`` and ``possible``), or "illegal"."""
    if question.expect == "illegal":
        return "illegal"
    written: dict[str, list] = {"expect": [dict(a) for a in (question.expect or ())],
               "possible": [dict(a) for a in question.params.get("possible", ())]}
    if question.params.get("possible_together"):
        written["possible_together"] = [[dict(a) for a in g] for g in question.params["possible_together"]]
    return written


def _written_lines(written: Any) -> list[str]:
    if written == "illegal":
        return ["illegal"]
    return [f"{key} {flow(a)}" for key in ("expect", "possible") for a in written[key]] + [
        "possible together [" + ", ".join(flow(a) for a in g) + "]" for g in written.get("possible_together", ())]


def _answer_text(answer: Answer) -> str | None:
    """How many assertions hold, when there are assertions."""
    if not isinstance(answer, OutcomeAnswer) or not answer.checks:
        return None
    n, bad = len(answer.checks), len(answer.failed)
    if not bad:
        return "yes: the assertion holds" if n == 1 else f"yes: all {n} assertions hold"
    return f"no: {bad} of {n} assertion(s) do not hold"


def _fail_detail(answer: Answer) -> str:
    return "".join(f"; {text}" for text in answer.failed) if isinstance(answer, OutcomeAnswer) else ""


KIND = Kind("outcome", answer, keys=(Key("possible", read_assertions), Key("possible_together", read_together)), required=("actions",),
            parse_expect=_parse_expect, check=_needs_expect_or_possible, performs_actions=True,
            expectation=_expectation, json_answer=_json_answer, fail_detail=_fail_detail, as_written=_as_written,
            written_lines=_written_lines, answer_text=_answer_text)
