"""Words about costs: the parts an activation or additional cost is made of (118, 602.1a), and the static
abilities that change what a spell costs (601.2f: increases, reductions, minimums, additional costs, kicker
702.33, buyback 702.27a, replicate 702.56a, more for each extra target)."""
from __future__ import annotations

from mtgjudge.model.errors import DefinitionError
from mtgjudge.model.mana import ManaSyntaxError, parse_cost
from mtgjudge.model.rules import counts          # the one count concept: a reduction's count, read as compiled
from mtgjudge.model.vocab.abilities import StaticEffect
from mtgjudge.model.vocab.grammar import parse_cost_text
from mtgjudge.model.vocab.scopes import Scope
from mtgjudge.model.vocab.word import Word

SPELL_COSTS = frozenset({Scope.SPELL_COSTS})
PAYMENT = frozenset({"payment"})


def _spells_text(s: StaticEffect) -> str:
    spells = s.arg("spells", "spells")
    return (spells[0].upper() + spells[1:] + (" you cast" if s.arg("you_cast", False) else "")
            + (" your opponents cast" if s.arg("opponents_cast", False) else "")
            + (" from anywhere other than your hand" if s.arg("not_from_hand", False) else ""))


def _keyword_text(keyword: str, cost: str) -> str:
    return keyword + (" " if all(p.kind == "mana" for p in parse_cost_text(cost)) else "—") + cost


#: The keywords whose alternative cost (``alternative_cost``'s ``keyword``) is said as the keyword: evoke (702.74a),
#: dash (702.109a), overload (702.96a: paid, the spell's text reads "each" for "target", ``objects.Face.overloaded``),
#: surge (702.117a: only if its caster cast another spell this turn), bestow (702.103a: cast for it, the spell is
#: bestowed, ``words.attach``).
COST_KEYWORDS = ("Evoke", "Dash", "Overload", "Surge", "Bestow")


def has_dash(abilities) -> bool:
    """702.109a: is one of ``abilities`` dash's alternative cost (the spell, cast for it, is dashed)?"""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "alternative_cost"
               and a.static.arg("keyword") == "Dash" for a in abilities)


def _v_alternative(a: dict) -> dict:
    if a.get("keyword") not in (None,) + COST_KEYWORDS:
        raise DefinitionError(f"keyword must be one of {', '.join(COST_KEYWORDS)} (702.74a, 702.109a, 702.96a, "
                              f"702.117a, 702.103a), not {a.get('keyword')!r}")
    if a.get("keyword") and a.get("if_control"):
        raise DefinitionError(f"{a['keyword'].lower()}'s cost has no condition of control (702.74a, 702.109a, "
                              "702.96a, 702.117a)")
    _v_cost(a)
    return counts.compiled(a, a.get("if_control") or "")


def replicate_cost(abilities) -> str | None:
    """702.56a: the cost of the one replicate ability among ``abilities`` (its static ``replicate`` word), or None
    for none."""
    found = [a.static.arg("cost") for a in abilities if a.kind == "static" and a.static is not None
             and a.static.kind == "replicate"]
    return found[0] if len(found) == 1 else None


def has_conspire(abilities) -> bool:
    """702.78a: is one of ``abilities`` conspire's optional additional cost (the static ``conspire`` word)?"""
    return any(a.kind == "static" and a.static is not None and a.static.kind == "conspire" for a in abilities)


def _in_a_sentence(cost: str) -> str:
    """A cost as a sentence says it: "pay 1 life and exile a blue card from your hand" (Force of Will), the cost
    grammar's "Pay 1 life, exile a blue card from your hand" (``words.costs.read.cost_text``)."""
    parts = cost.split(", ")
    text = " and ".join(parts) if len(parts) == 2 else cost
    return text[0].lower() + text[1:]


def _v_cost(a: dict) -> None:
    try:
        parse_cost_text(a.get("cost"), x_parts=True)     # rules.costs.total_cost puts the announced X in place
        if a.get("or_cost") is not None:
            parse_cost_text(a.get("or_cost"), x_parts=True)
    except DefinitionError as e:
        raise DefinitionError(f"cost: {e}") from None


def _v_mana_cost(a: dict) -> None:
    """A cost of mana symbols alone, which the cost grammar reads, with no X."""
    _v_cost(a)
    try:
        symbols = parse_cost(str(a.get("cost", "")))      # the mana grammar (107.4), or an error for any other text
    except ManaSyntaxError:
        symbols = ()
    if not symbols or any(s.kind == "x" for s in symbols):
        raise DefinitionError(f"cost must be mana symbols alone, with no X, not {a.get('cost')!r}")


#: The keywords that let a card be cast from its owner's graveyard, with the rule of each (``cast_from_graveyard``).
GRAVEYARD_CAST_KEYWORDS = {"Flashback": "702.34a", "Jump-start": "702.133a", "Retrace": "702.81a",
                           "Aftermath": "702.127a"}


def _v_graveyard_cast(a: dict) -> None:
    if a.get("keyword") not in GRAVEYARD_CAST_KEYWORDS:
        raise DefinitionError(f"keyword must be one of {', '.join(GRAVEYARD_CAST_KEYWORDS)}, not {a.get('keyword')!r}")
    if (a.get("keyword") == "Flashback") != bool(a.get("cost")):
        raise DefinitionError("a flashback cost is given with Flashback, and only with it (702.34a)")
    if a.get("cost"):
        _v_cost(a)


def _v_amount(a: dict) -> None:
    if "amount" in a and a["amount"] < 0:
        raise DefinitionError(f"amount must be 0 or more, not {a['amount']}")
    if a.get("you_cast") and a.get("opponents_cast"):
        raise DefinitionError("spells you cast or spells your opponents cast, not both")


#: 702.125a: what undaunted's reduction is for ("This spell costs {1} less to cast for each opponent you have.").
UNDAUNTED_PER = "opponent you have"


def _v_self_reduction(a: dict) -> dict:
    _v_amount(a)
    if a.get("affinity") is not None and (a.get("amount", 1) != 1 or a.get("per") != f"{a['affinity']} you control"
                                          or a.get("if_count") is not None):
        # 702.41a: "Affinity for [text]" is {1} less for each [text] you control, nothing else
        raise DefinitionError(f"affinity for {a['affinity']} means amount 1, per {a['affinity']!r} you control")
    if a.get("undaunted") and (a.get("amount", 1) != 1 or a.get("per") != UNDAUNTED_PER or a.get("if_count") is not None
                               or a.get("affinity") is not None):
        # 702.125a: "Undaunted" is {1} less for each opponent you have, nothing else
        raise DefinitionError(f"undaunted means amount 1, per {UNDAUNTED_PER!r}")
    if not (a.get("per") or a.get("if_count")):
        raise DefinitionError("needs per or if_count (the count the reduction is for)")
    return counts.compiled(a, a.get("per") or "", a.get("if_count") or "")


def _v_extra_target(a: dict) -> None:
    _v_amount(a)
    if "cost" in a:
        if "amount" in a:
            raise DefinitionError("an amount of generic mana or a cost, not both")
        parts = parse_cost_text(a["cost"])
        if any(p.kind != "mana" for p in parts):
            raise DefinitionError(f"cost must be mana, not {a['cost']!r}")


def _cost_part(name: str, scopes: frozenset[Scope] = frozenset({Scope.SPELL_COSTS}), mana_options: bool = True) -> Word:
    """A cost part: paid by the payment model; those a mana ability's cost may hold are also paid by the
    mana-options search."""
    return Word(name, "cost", {}, lambda p: p.text(), scopes, frozenset({"payment", "mana"} if mana_options else {"payment"}))


WORDS = (
    # ``opponents_cast``: "Spells your opponents cast" (Aura of Silence): only a spell an opponent of the
    # permanent's controller casts
    Word("cost_increase", "static", {"amount": int, "spells": str, "you_cast": bool, "opponents_cast": bool},
         lambda s: f"{_spells_text(s)} cost {{{s.arg('amount', 1)}}} more to cast", SPELL_COSTS, PAYMENT, _v_amount),
    # ``not_from_hand``: "Spells you cast from anywhere other than your hand" (Savvy Trader): the zone the
    # spell was cast from (601.2a, 601.2f).
    Word("cost_reduction", "static", {"amount": int, "spells": str, "you_cast": bool, "not_from_hand": bool,
                                      "opponents_cast": bool},
         lambda s: f"{_spells_text(s)} cost {{{s.arg('amount', 1)}}} less to cast", SPELL_COSTS, PAYMENT, _v_amount),
    Word("minimum_spell_cost", "static", {"amount": int, "while_untapped": bool},
         lambda s: (("As long as this is untapped, each" if s.arg("while_untapped", False) else "Each") +
                    f" spell that would cost less than {s.arg('amount')} mana to cast costs {s.arg('amount')} mana to cast"),
         SPELL_COSTS, PAYMENT, _v_amount),
    # ``or_cost``: "discard a card or pay {5}" (Lightning Axe): the caster pays one of the two (601.2b, 601.2f)
    Word("additional_cost", "static", {"cost": str, "or_cost": str},
         lambda s: f"As an additional cost to cast this spell, {s.arg('cost')[0].lower()}{s.arg('cost')[1:]}"
                   + (f" or {s.arg('or_cost')[0].lower()}{s.arg('or_cost')[1:]}" if s.arg("or_cost") else ""),
         SPELL_COSTS, PAYMENT, _v_cost),
    # ``multi``: multikicker (702.33c), its cost payable any number of times
    Word("kicker", "static", {"cost": str, "multi": bool},
         lambda s: f"{'Multikicker' if s.arg('multi', False) else 'Kicker'}"
                   + (f" {s.arg('cost')}" if str(s.arg("cost")).startswith("{") else f"—{s.arg('cost')}"),
         SPELL_COSTS, PAYMENT,
         _v_cost),
    # 702.27a: "Buyback [cost]": an optional additional cost announced as it is cast (601.2b); if it was paid, the
    # spell is put into its owner's hand instead of into the graveyard as it resolves (608.2n)
    Word("buyback", "static", {"cost": str},
         lambda s: f"Buyback{' ' if s.arg('cost').startswith('{') else '—'}{s.arg('cost')}", SPELL_COSTS, PAYMENT,
         _v_cost),
    # 702.56a: "Replicate [cost]": an optional additional cost the caster may pay any number of times as it is cast
    # (601.2b, 601.2f); its linked triggered ability copies the spell once for each time (``words.copies``)
    Word("replicate", "static", {"cost": str},
         lambda s: f"Replicate{' ' if s.arg('cost').startswith('{') else '—'}{s.arg('cost')}", SPELL_COSTS, PAYMENT,
         _v_cost),
    # 702.78a: "Conspire": as an additional cost the caster may tap two untapped creatures they control that each
    # share a color with the spell (601.2b, 601.2f-h); its linked triggered ability copies it (``words.copies``)
    Word("conspire", "static", {}, lambda s: "Conspire", SPELL_COSTS, PAYMENT),
    # 702.42a: "Entwine [cost]": the caster of the modal spell may choose all its modes instead of the number
    # specified, paying [cost] as an additional cost (601.2b, 601.2f; ``words.modes.perform``)
    Word("entwine", "static", {"cost": str},
         lambda s: f"Entwine{' ' if s.arg('cost').startswith('{') else '—'}{s.arg('cost')}", SPELL_COSTS, PAYMENT,
         _v_cost),
    # 702.120a: "Escalate [cost]": an additional cost of a modal spell paid once for each mode chosen beyond the
    # first (601.2b, 601.2f; ``words.modes.perform.extra_cost``); read with a mana cost only
    Word("escalate", "static", {"cost": str}, lambda s: f"Escalate {s.arg('cost')}", SPELL_COSTS, PAYMENT,
         _v_mana_cost),
    # ``cost``: a mana cost, where the increase is not only generic mana (Strive: "{2}{U} more")
    Word("costs_more_per_extra_target", "static", {"amount": int, "cost": str},
         lambda s: f"This spell costs {s.arg('cost') or '{' + str(s.arg('amount', 1)) + '}'} more to cast for each "
                   "target beyond the first",
         SPELL_COSTS, PAYMENT, _v_extra_target),
    # 601.2f: the spell's own reduction, "for each <count>" (``per``) or "if <count> is at least N" (``if_count``,
    # ``at_least``), the count read by ``rules.counts`` (``words.costs.read``)
    # ``affinity``: the reduction "Affinity for <affinity>" means (702.41a), said back as the keyword
    # ``undaunted``: the reduction "Undaunted" means (702.125a: {1} less for each opponent), said as the keyword
    Word("self_cost_reduction", "static", {"amount": int, "per": str, "if_count": str, "at_least": int,
                                           "affinity": str, "undaunted": bool, counts.ARG: tuple},
         lambda s: "Undaunted" if s.arg("undaunted") else f"Affinity for {s.arg('affinity')}" if s.arg("affinity") else
         f"This spell costs {{{s.arg('amount', 1)}}} less to cast " + (
             f"for each {s.arg('per')}" if s.arg("per") else f"if there are {s.arg('at_least', 1)} or more "
                                                              f"{s.arg('if_count')}"),
         SPELL_COSTS, PAYMENT, _v_self_reduction),
    # 118.9: "You may <cost> rather than pay this spell's mana cost", ``if_control``: "If you control a Swamp, ..."
    # (a count of permanents, at least one); another way to cast it, chosen as it is cast (601.2b)
    # ``keyword``: "Evoke", "Dash", "Surge": the alternative cost evoke (702.74a), dash (702.109a) or surge (702.117a:
    # "if you or a teammate has cast another spell this turn") means, said as the keyword
    Word("alternative_cost", "static", {"cost": str, "if_control": str, "keyword": str, counts.ARG: tuple},
         lambda s: _keyword_text(s.arg("keyword"), s.arg("cost")) if s.arg("keyword") else
         (f"If you control {s.arg('if_control')[:-len(' you control')]}, you may " if s.arg("if_control") else
          "You may ") + f"{_in_a_sentence(s.arg('cost'))} rather than pay this spell's mana cost",
         SPELL_COSTS | frozenset({Scope.CAST_OPTIONS}), PAYMENT, _v_alternative),
    # 601.3, 702.34a, 702.133a, 702.81a, 702.127a: the card's own permission to be cast from its owner's graveyard,
    # by the keyword ``keyword``: flashback (``cost`` paid instead of its mana cost, 118.9), jump-start (discard a
    # card) and retrace (discard a land card) as additional costs, aftermath (this half only from a graveyard).
    # Flashback, jump-start and aftermath exile the card whenever it would leave the stack (``rules.permissions``).
    Word("cast_from_graveyard", "static", {"keyword": str, "cost": str},
         lambda s: s.arg("keyword") + (("—" if any(p.kind != "mana" for p in parse_cost_text(s.arg("cost"), x_parts=True))
                                        else " ") + s.arg("cost") if s.arg("cost") else ""),
         frozenset({Scope.PLAY_PERMISSIONS, Scope.CAST_OPTIONS, Scope.SPELL_COSTS, Scope.RESOLUTION}),
         frozenset({"permissions", "payment", "engine"}), _v_graveyard_cast),
    _cost_part("mana"),
    _cost_part("tap"),
    _cost_part("untap"),
    _cost_part("pay_life"),
    _cost_part("sacrifice"),
    _cost_part("sacrifice_self"),
    _cost_part("remove_counters"),
    _cost_part("tap_untapped", mana_options=False),
    # 702.122a: Crew N, "Tap any number of other untapped creatures you control with total power N or greater"
    _cost_part("crew", mana_options=False),
    _cost_part("discard", mana_options=False),
    # "Discard this card" (702.29a cycling, 113.6j): the card itself, from its owner's hand
    _cost_part("discard_self", mana_options=False),
    _cost_part("exile_from_graveyard", mana_options=False),
    # "Exile this card from your graveyard" (scavenge, 702.97a; 113.6j): the card itself, from its owner's graveyard
    _cost_part("exile_self_from_graveyard", mana_options=False),
    _cost_part("loyalty", frozenset({Scope.ACTIVATION}), mana_options=False),
    _cost_part("return_to_hand", mana_options=False),
    # "Put a -0/-1 counter on ~" (Wall of Roots): on the source itself
    _cost_part("put_counters", mana_options=False),
    # "Put a -1/-1 counter on a creature you control": on one permanent the payer chooses
    _cost_part("put_counters_on", mana_options=False),
    # "Reveal a Dinosaur card from your hand": such a card is in the hand (it is shown, not used up)
    _cost_part("reveal_from_hand", mana_options=False),
    # "Exile a blue card from your hand" (Force of Will, evoke 702.74a): cards of the hand leave it for exile
    _cost_part("exile_from_hand", mana_options=False),
)
