"""How a card's encoding reads back: each line of its rules text beside what the model understood it to say,
rendered from the encoding alone (``Ability.render``), and the one comparison of the two.

A line is *modelled* when every ability it compiled to renders (an unmodelled ability, or a part the
renderer cannot say, leaves the line unmodelled). A modelled line *round-trips* when its rendering equals its
source after ``normalize_reading``, which removes only what both templating eras say differently and the
model need not keep: reminder text (207.2), the card's name or "this creature" for the object itself
(201.4, 201.4c), "enters the battlefield" for "enters" (the 2024 wording), case, spacing and final periods.
A modelled line that does not round-trip is either worded differently by a renderer or misread: ``mismatch_kind``
names the words the rendering is about, so that the most frequent ones can be looked at first.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import field

from mtgjudge.model.objects import CardDef, Face
from mtgjudge.model.vocab import keyword_triggers
from mtgjudge.model.oracle.lines import without_ability_word
from mtgjudge.model.oracle.text import normalize_self, self_names, strip_reminder
from mtgjudge.model.vocab.abilities import Ability, TriggerEvent
from mtgjudge.model.words.costs.read import render_dash, render_evoke, render_surge
from mtgjudge.model.words.copies.read import render_conspire, render_replicate
from mtgjudge.model.words.counters.record import render_keyword
from mtgjudge.model.words.madness.record import render_madness
from mtgjudge.model.words.suspend.record import render_suspend
from mtgjudge.model.words.evolve import record as evolve
from mtgjudge.model.words.persist import record as persist
from mtgjudge.model.words.renown import record as renown
from mtgjudge.model.words.provoke import record as provoke
from mtgjudge.model.lazy_dataclass import dataclass

#: After "this", words that do not name the object itself ("this turn", "this ability").
_NOT_SELF = ("turn", "way", "ability", "abilities", "mana", "effect", "emblem", "combat", "game", "step", "phase",
             "cost", "damage", "choice", "process", "text", "time", "spell's", "card's", "one", "many", "much")
_THIS = re.compile(r"\bthis\b(?! (?:" + "|".join(_NOT_SELF) + r")\b)")
_SPACE = re.compile(r"\s+")


#: What the two templating eras say differently for one meaning, the 2018 words first: each pair is written the
#: later way before a source and a rendering are compared (the rules did not change, only the wording did).
ERA_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(a), b) for a, b in (
    (r"\benters? the battlefield\b", "enters"),                               # 2024
    # "Whenever a creature enters the battlefield under your control" -> "Whenever a creature you control enters"
    (r"\b((?:a|an|another|one or more) [^,.]*?) enters under your control\b", r"\1 you control enters"),
    (r"\b((?:a|an|another|one or more) [^,.]*?) enters under an opponent's control\b",
     r"\1 an opponent controls enters"),
    # 2020: mill (701.13)
    (r"\bputs the top card of (?:his or her|their) library into (?:his or her|their) graveyard\b", "mills a card"),
    (r"\bput the top card of your library into your graveyard\b", "mill a card"),
    (r"\bputs the top (\w+) cards of (?:his or her|their) library into (?:his or her|their) graveyard\b",
     r"mills \1 cards"),
    (r"\bput the top (\w+) cards of your library into your graveyard\b", r"mill \1 cards"),
    (r"\bconverted mana cost\b", "mana value"),                               # 2021
    # 2021: "Search your library for a card and put that card into your hand. Then shuffle your library."
    (r"\b(search (?:your|their) library for [^.]*?),? and put (?:that card|it) ", r"\1, put it "),
    (r"\b(search (?:your|their) library for [^.]*?),? and put (?:those cards|them) ", r"\1, put them "),
    (r"\. then shuffle\b", ", then shuffle"),
    (r"\breveal that card\b", "reveal it"), (r"\breveal those cards\b", "reveal them"),   # 2021
    (r"\b(shuffle[^.]*? on top) of it\b", r"\1"),
    # a token's quoted ability: 'token. It has "..."' -> 'token with "..."'
    (r"\btoken\. it has \"", "token with \""), (r"\btokens\. they have \"", "tokens with \""),
    (r"\bshuffle your library\b", "shuffle"),                                 # 2021
    (r"\bshuffles (?:his or her|their) library\b", "shuffles"),
    (r"\bactivate this ability only\b", "activate only"),                     # 2021
    (r"\bactivate only any time you could cast a sorcery\b", "activate only as a sorcery"),
    (r"\bany time you could cast a sorcery\b", "as a sorcery"),
    (r"\bhis or her\b", "their"), (r"\bhe or she\b", "they"), (r"\bhim or her\b", "them"),
))


def normalize_reading(text: str, names: tuple[str, ...] = (), reminder: bool = True) -> str:
    """``text`` (a source line or a rendering) as the two are compared: reminder text and a leading ability
    word (207.2c) removed, the object's own names (``names``), "this creature" and a bare "this" written "~",
    the 2018 wording written as today's (``ERA_WORDING``: "enters the battlefield" is "enters"), bullets and
    spacing made one, lower case, no final period. ``reminder=False`` keeps parentheses (a rendering has no
    reminder text: what it says in parentheses is the model's)."""
    t = text.replace("\n", " ")
    t = strip_reminder(t) if reminder else t.strip()
    t = without_ability_word(t)
    t = normalize_self(t, names)
    t = t.replace("−", "-").replace("—", "-").replace("’", "'")
    t = t.lower()
    t = _THIS.sub("~", t)
    for pattern, later in ERA_WORDING:
        t = pattern.sub(later, t)
    t = _SPACE.sub(" ", t).strip()
    t = re.sub(r"\s*([.,:;])(?=\s|$)", r"\1", t)
    return t.rstrip(". ")


#: How a rendering marks a part of the line the model keeps without reading it (``Ability.render``).
NOT_READ = "[not read: "


@dataclass(frozen=True)
class LineReading:
    """One line of a face: its source text, the abilities it compiled to, and what they render as together
    (None: the line is not modelled)."""

    source: str
    abilities: tuple[Ability, ...]
    rendering: str | None
    round_trip: bool

    @property
    def modelled(self) -> bool:
        return self.rendering is not None

    @property
    def partly_read(self) -> bool:
        """A modelled line with a part the model keeps as words it does not read (``[not read: ...]``)."""
        return self.rendering is not None and NOT_READ in self.rendering


def attached_words(face: Face) -> str:
    """What the face's text calls the permanent it is attached to (the encoding's "enchanted permanent"):
    "equipped creature" for an Equipment, "enchanted <what it may enchant>" for an Aura (303.4, 301.5)."""
    if "Equipment" in face.subtypes:
        return "equipped creature"
    if "Aura" in face.subtypes:
        for a in face.abilities:
            if a.kind == "keyword" and a.keyword == "Enchant" and len(a.targets) == 1 and " or " not in a.targets[0]:
                # the permanent's type alone: "Enchant non-Wall creature" -> "enchanted creature"
                what = a.targets[0].removeprefix("target ").removesuffix(" you control").removesuffix(
                    " an opponent controls")
                return "enchanted " + what.split()[-1].lower()
    return "enchanted permanent"


_ARTICLE = re.compile(r"\b([Aa]) (?=(?:[aeio]|u(?!ni)|8|11\b|18\b)[\w/-]*)")
_TARGET_ANOTHER = re.compile(r"\b([Tt])arget another\b")
_A_ANOTHER = re.compile(r"\b[Aa]n? (another|any)\b")


def say(ability: Ability, face: Face | None = None) -> str | None:
    """One ability rendered as on the face: its attached permanent named as the face names it, "an" before a
    vowel."""
    said = ability.render()
    if said is None:
        return None
    if face is not None:
        attached = attached_words(face)
        said = said.replace("Enchanted permanent", attached[:1].upper() + attached[1:]).replace(
            "enchanted permanent", attached)
    if face is not None and not {"Creature", "Planeswalker"} & set(face.types):
        # 700.4: "dies" says it of a creature or planeswalker; of another permanent the words are the event's own
        said = said.replace("When ~ dies", "When ~ is put into a graveyard from the battlefield")
    said = _A_ANOTHER.sub(r"\1", said)
    said = _TARGET_ANOTHER.sub(lambda m: ("A" if m.group(1) == "T" else "a") + "nother target", said)
    said = _ARTICLE.sub(lambda m: m.group(1) + "n ", said)
    return as_keyword(ability, said) or said


def as_keyword(ability: Ability, said: str) -> str | None:
    """A triggered ability read from a keyword said as that keyword, where the encoding is exactly what the rule
    says the keyword means: persist, undying, evolve, renown and provoke by the parts of their encoding (``words.persist``,
    ``words.evolve``, ``words.renown``, ``words.provoke``); those of ``keyword_triggers.MEANINGS`` ("Soulshift 3") where what the
    model understood (``said``, rendered from the encoding) is the rule's meaning (700.4: "dies" is "is put into a
    graveyard from the battlefield"); None otherwise."""
    if ability.kind != "triggered" or not ability.keyword:
        return None
    a = ability
    structural = persist.keyword_of(a.keyword, a.trigger_event == TriggerEvent("dies"), a.intervening, a.effects) \
        or evolve.keyword_of(a.keyword, a.trigger, a.intervening, a.effects) \
        or renown.keyword_of(a.keyword, a.trigger, a.intervening, a.effects) \
        or provoke.keyword_of(a.keyword, a.trigger, a.effects)
    if structural is not None:
        return structural
    name, _, param = ability.keyword.partition(" ")
    meaning = keyword_triggers.meaning(name, param)
    if meaning is None:
        return None
    ways = {normalize_reading(meaning), normalize_reading(meaning.replace(
        "~ is put into a graveyard from the battlefield", "~ dies"))}
    return ability.keyword if normalize_reading(said, reminder=False) in ways else None


def render_line(abilities: tuple[Ability, ...], face: Face | None = None) -> str | None:
    """What the abilities of one line say together: keywords in a list ("Flying, vigilance"), statics about
    one subject in one sentence ("Enchanted creature gets +1/+1 and has haste"), other abilities one after
    another; None if one of them does not render."""
    # "Fading 3", "Evoke {2}{U}", "Dash {2}{R}": what they mean
    keyword = render_keyword(abilities) or render_evoke(abilities) or render_dash(abilities) \
        or render_surge(abilities) or render_replicate(abilities) or render_conspire(abilities) \
        or render_madness(abilities) or render_suspend(abilities)
    if keyword is not None:
        return keyword
    said = [say(a, face) for a in abilities]
    if not said or any(s is None for s in said):
        return None
    words = [s for s in said if s]
    chapters = [a.trigger_event for a in abilities if a.kind == "triggered" and a.trigger_event is not None
                and a.trigger_event.event == "chapter"]
    if len(words) > 1 and len(chapters) == len(abilities) and len({w.partition(" — ")[2] for w in words}) == 1:
        # 714.2c: "II, III — [Effect]" is one chapter ability for each numeral, said on one line
        return ", ".join(w.partition(" — ")[0] for w in words) + " — " + words[0].partition(" — ")[2]
    if all(a.kind == "keyword" or (a.keyword and s == a.keyword) for a, s in zip(abilities, said)):
        # a keyword list ("Flying, soulshift 4"), triggered keywords said as keywords among them
        return ", ".join([words[0]] + [w[:1].lower() + w[1:] for w in words[1:]])
    if len(words) > 1 and all(a.static is not None and a.static.kind == "kicker" for a in abilities):
        # "Kicker {1}{R} and/or {G}" (702.33d): two kicker costs of one line
        return words[0].rstrip(".") + "".join(" and/or " + w.removeprefix("Kicker ").rstrip(".") for w in words[1:])
    if len(words) > 1 and all(a.kind == "static" for a in abilities):
        joined = _one_subject(words)
        if joined is not None:
            return joined
    return " ".join(words)


_SUBJECT = re.compile(r"^(.+?) (gets?|has|have|can't|is|are) (.*?)\.?$")


def _one_subject(sentences: list[str]) -> str | None:
    """Static sentences that all begin with the same subject said as one ("X gets +1/+1 and has haste")."""
    parts = [_SUBJECT.match(s) for s in sentences]
    if any(p is None for p in parts) or len({p.group(1) for p in parts if p}) != 1:
        return None
    subject = parts[0].group(1) if parts[0] else ""
    said: list[str] = []
    for i, p in enumerate(parts):
        if p is None:
            continue
        before = parts[i - 1] if i else None
        # "has flying and first strike": a verb said once for consecutive keywords
        same_verb = before is not None and before.group(2) == p.group(2) and p.group(2) in ("has", "have")
        said.append(p.group(3) if same_verb else f"{p.group(2)} {p.group(3)}")
    if len(said) == 1 and said[0].count(" and ") >= 2 and said[0].startswith(("has ", "have ")):
        verb, _, rest = said[0].partition(" ")
        items = rest.split(" and ")          # "has flying, first strike, and lifelink"
        return f"{subject} {verb} " + ", ".join(items[:-1]) + ", and " + items[-1] + "."
    if len(said) == 2 and said[1].count(" and ") >= 1 and not said[1].startswith(("gets", "get", "has ", "have ")):
        items = said[1].split(" and ")       # "gets +3/+3 and has first strike, vigilance, and lifelink"
        if len(items) >= 3:
            said[1] = ", ".join(items[:-1]) + ", and " + items[-1]
    return subject + " " + " and ".join(said) + "."


def face_lines(face: Face) -> list[tuple[str, tuple[Ability, ...]]]:
    """The lines of a face with the abilities each compiled to; a hand-encoded face (no lines kept) gives one
    line per ability, its source text if it has one."""
    if face.lines and sum(n for _, n in face.lines) == len(face.abilities):
        out, i = [], 0
        for text, n in face.lines:
            out.append((text, face.abilities[i:i + n]))
            i += n
        return out
    return [(a.source_text, (a,)) for a in face.abilities]


def read_face(face: Face, legendary: bool | None = None) -> list[LineReading]:
    """Every line of a face read back."""
    names = self_names(face.name, "Legendary" in face.supertypes if legendary is None else legendary)
    out = []
    for source, abilities in face_lines(face):
        rendering = render_line(abilities, face)
        equal = (rendering is not None and bool(source)
                 and normalize_reading(rendering, names, reminder=False) == normalize_reading(source, names))
        out.append(LineReading(source, abilities, rendering, equal))
    return out


def read_card(card: CardDef) -> list[tuple[Face, list[LineReading]]]:
    """Every face's lines read back."""
    return [(f, read_face(f)) for f in card.faces]


def mismatch_kind(line: LineReading) -> str:
    """A name for what a modelled line that does not round-trip is about: the kinds of its abilities and the
    words they use ("triggered: draw_cards"), so that mismatches group by the renderer to look at."""
    parts = []
    for a in line.abilities:
        words = [e.kind for m in (a.modes or (a,)) for e in m.effects]
        if a.static is not None:
            words.append(a.static.kind)
        if a.production is not None:
            words.append("mana:" + a.production.mode)
        if a.mana_trigger is not None:
            words.append("mana_trigger")
        if a.kind == "keyword":
            words.append(a.keyword)
        parts.append(a.kind + (": " + "+".join(words) if words else ""))
    return ("not read: " if line.partly_read else "") + "; ".join(parts)


@dataclass
class ReadingTally:
    """Lines swept, modelled and round-tripping, and the modelled lines that did not, counted by kind."""

    lines: int = 0
    modelled: int = 0
    round_trip: int = 0
    partly_read: int = 0
    mismatches: Counter = field(default_factory=Counter)

    def add_card(self, card: CardDef) -> None:
        if not card.modelled:
            return
        for _, lines in read_card(card):
            for line in lines:
                self.lines += 1
                if line.modelled:
                    self.modelled += 1
                    self.partly_read += line.partly_read
                    if line.round_trip:
                        self.round_trip += 1
                    else:
                        self.mismatches[mismatch_kind(line)] += 1

    def add(self, other: ReadingTally) -> None:
        self.lines += other.lines
        self.modelled += other.modelled
        self.round_trip += other.round_trip
        self.partly_read += other.partly_read
        self.mismatches.update(other.mismatches)

    @property
    def share(self) -> float:
        """Round-tripping lines among the lines swept."""
        return self.round_trip / self.lines if self.lines else 0.0

    def top(self, n: int = 10) -> list[tuple[str, int]]:
        return sorted(self.mismatches.items(), key=lambda kv: (-kv[1], kv[0]))[:n]
