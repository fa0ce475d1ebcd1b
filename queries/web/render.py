"""The page's HTML: the board form, the answer as a judge reads it, the question file, a rule's text.

Plain strings with every value escaped (:func:`html.escape`); no template engine, no front-end build. The
layout is one column on a phone and wider rows on a laptop (CSS only); a status is a word and a symbol, never
a colour alone. The little script there is completes card names, keeps the subject list in step with the
board and copies the question file; the page works without it.
"""
from __future__ import annotations

import json
from html import escape
from typing import Iterable
from urllib.parse import quote

from mtgjudge.model.state import STEPS
from mtgjudge.queries.kinds import KINDS
from mtgjudge.queries.kinds.record import json_value
from mtgjudge.queries.report import answer_text, namer_of, reason_items
from mtgjudge.queries.rules_text import Rule
from mtgjudge.queries.runner import Result
from mtgjudge.queries.web.board import SPARE_ROWS, ZONES, Board, PlayerRow, Row
from mtgjudge.queries.web.changes import changes

#: Each status as a symbol and a word (readable without colour).
MARKS = {"pass": "✓", "fail": "✗", "answered": "●", "unsupported": "?", "error": "!"}

_CSS = """
*{box-sizing:border-box}
body{font:16px/1.45 system-ui,sans-serif;margin:0;padding:.75rem;max-width:72rem;margin-inline:auto;color:#111;background:#fff}
h1{font-size:1.3rem;margin:.2rem 0 .6rem}h2{font-size:1.1rem;margin:1rem 0 .4rem}
fieldset{border:1px solid #888;border-radius:.4rem;margin:0 0 .6rem;padding:.5rem}
legend{font-weight:600;padding:0 .3rem}
label{display:block;font-size:.85rem;margin:.15rem 0}
input,select,textarea,button{font:inherit;max-width:100%}
input[type=text],input:not([type]),select,textarea{width:100%;padding:.45rem;border:1px solid #666;border-radius:.3rem}
input[type=checkbox]{width:1.3rem;height:1.3rem;vertical-align:middle}
.check{display:inline-block;margin:.3rem .9rem .3rem 0;font-size:1rem}
textarea{min-height:4.5rem;font-family:ui-monospace,monospace;font-size:.9rem}
button{padding:.6rem 1rem;border:2px solid #222;border-radius:.4rem;background:#eee;margin:.2rem .3rem .2rem 0;min-height:2.75rem}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8;font-weight:600}
.grid{display:grid;grid-template-columns:1fr;gap:.3rem .6rem}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.3rem .6rem}
details{margin:.3rem 0}summary{cursor:pointer;padding:.3rem 0;font-size:.9rem}
.row{border-style:dashed}
.status{display:inline-block;font-weight:700;padding:.2rem .6rem;border:3px solid;border-radius:.3rem;letter-spacing:.04em}
.status.pass,.status.answered{border-style:solid}.status.fail,.status.error{border-style:double}
.status.unsupported{border-style:dashed}
.answer{font-size:1.4rem;font-weight:700;margin:.4rem 0}
.why li{margin:.25rem 0}.rule{font-family:ui-monospace,monospace;font-weight:600;white-space:nowrap}
.error{border:3px double #b00;padding:.5rem;border-radius:.3rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem;border-radius:.3rem;font-size:.85rem}
.final{border:1px solid #888;border-radius:.3rem;padding:.3rem .6rem;margin:.4rem 0}
.muted{color:#444;font-size:.9rem}
@media (min-width:48rem){
 .grid{grid-template-columns:repeat(4,minmax(0,1fr))}
 .row{display:grid;grid-template-columns:2fr 2fr 3fr;gap:0 .6rem;align-items:end}
 .row details{grid-column:1/-1}
 .grid .wide{grid-column:span 2}
}
"""

_SCRIPT = """
(function(){
  var list=document.getElementById('card-names'), timer=null, last='';
  document.addEventListener('input', function(e){
    var t=e.target;
    if(t.classList && t.classList.contains('card')){
      clearTimeout(timer);
      timer=setTimeout(function(){
        var q=t.value.trim(); if(q.length<2||q===last) return; last=q;
        fetch('/cards?q='+encodeURIComponent(q)).then(function(r){return r.json();}).then(function(names){
          list.innerHTML=''; names.forEach(function(n){var o=document.createElement('option');o.value=n;list.appendChild(o);});
        }).catch(function(){});
      },150);
    }
    if(t.classList && (t.classList.contains('card')||t.classList.contains('oid'))) subjects();
  });
  function subjects(){
    var sel=document.getElementById('about'); if(!sel) return;
    var keep=sel.value, seen={};
    sel.innerHTML='<option value="">(none)</option>';
    document.querySelectorAll('fieldset.row').forEach(function(f){
      var card=f.querySelector('.card').value.trim(), id=f.querySelector('.oid').value.trim();
      var v=id||card; if(!v||seen[v]) return; seen[v]=1;
      var o=document.createElement('option'); o.value=v; o.textContent=card+(id&&card?' ('+id+')':'')||v; sel.appendChild(o);
    });
    if(keep) sel.value=keep;
  }
  var copy=document.getElementById('copy');
  if(copy) copy.addEventListener('click', function(){
    var t=document.getElementById('question-file'); t.select();
    if(navigator.clipboard) navigator.clipboard.writeText(t.value); else document.execCommand('copy');
    copy.textContent='Copied';
  });
})();
"""


def page(title: str, body: str, refresh: int | None = None) -> str:
    """A whole HTML page."""
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">{meta}'
            f"<title>{escape(title)}</title><style>{_CSS}</style></head><body>"
            f'<h1><a href="/">mtgjudge</a> · at the table</h1>{body}'
            f'<datalist id="card-names"></datalist><script>{_SCRIPT}</script></body></html>')


def _input(name: str, value: str, label: str, cls: str = "", extra: str = "") -> str:
    return (f'<label{(" class=wide" if "wide" in cls else "")}>{escape(label)}'
            f'<input name="{name}" value="{escape(value)}" class="{cls}" autocomplete="off" {extra}></label>')


def _select(name: str, value: str, options: Iterable[tuple[str, str]], label: str, extra: str = "") -> str:
    opts = "".join(f'<option value="{escape(v)}"{" selected" if v == value else ""}>{escape(t)}</option>'
                   for v, t in options)
    return f'<label>{escape(label)}<select name="{name}" {extra}>{opts}</select></label>'


def _check(name: str, on: bool, label: str) -> str:
    return (f'<label class="check"><input type="checkbox" name="{name}"{" checked" if on else ""}> '
            f"{escape(label)}</label>")


def _textarea(name: str, value: str, label: str, rows: int = 3) -> str:
    return (f'<label>{escape(label)}<textarea name="{name}" rows="{rows}" spellcheck="false">'
            f"{escape(value)}</textarea></label>")


def _player(j: int, p: PlayerRow) -> str:
    rest = (p.lands_played, p.mana_pool, p.library, p.more)
    return (f'<fieldset class="player"><legend>Player {j + 1}</legend><div class="pair">'
            + _input(f"p{j}.name", p.name, "name") + _input(f"p{j}.life", p.life, "life (default 20)")
            + f'</div><details{" open" if any(rest) else ""}><summary>more about this player</summary><div class="grid">'
            + _input(f"p{j}.lands_played", p.lands_played, "lands played this turn")
            + _input(f"p{j}.mana_pool", p.mana_pool, "mana pool, like {G}{G}")
            + _input(f"p{j}.library", p.library, "library: number of cards")
            + _input(f"p{j}.more", p.more, "more (YAML)", "wide")
            + "</div></details></fieldset>")


def _row(i: int, r: Row, players: list[str]) -> str:
    owners = [(n, n) for n in players] + ([] if r.player in players or not r.player else [(r.player, r.player)])
    rest = (r.id, r.counters, r.damage, r.attached_to, r.controller, r.targets, r.attacking, r.blocking, r.more)
    return (f'<fieldset class="row" id="row{i}"><legend>Object {i + 1}</legend>'
            + _input(f"o{i}.card", r.card, "card name", "card", 'list="card-names"')
            + '<div class="pair">'
            + _select(f"o{i}.player", r.player or (players[0] if players else ""), owners + [("", "(the stack)")],
                      "player")
            + _select(f"o{i}.zone", r.zone, [(z, z) for z in ZONES], "zone")
            + "</div><div>" + _check(f"o{i}.tapped", r.tapped, "tapped")
            + _check(f"o{i}.arrived", r.arrived, "arrived this turn (summoning sick)")
            + _check(f"o{i}.token", r.token, "token")
            + f'</div><details{" open" if any(rest) else ""}><summary>id, counters, damage, attached to, '
            'targets, combat</summary><div class="grid">'
            + _input(f"o{i}.id", r.id, "id (optional)", "oid")
            + _input(f"o{i}.counters", r.counters, "counters, like +1/+1: 2")
            + _input(f"o{i}.damage", r.damage, "damage marked")
            + _input(f"o{i}.attached_to", r.attached_to, "attached to (id)")
            + _input(f"o{i}.controller", r.controller, "controller (stack)")
            + _input(f"o{i}.targets", r.targets, "targets (stack), like Bob, bears")
            + _input(f"o{i}.attacking", r.attacking, "attacking (player or planeswalker)")
            + _input(f"o{i}.blocking", r.blocking, "blocking (attackers), like bears")
            + _input(f"o{i}.more", r.more, "more (YAML)", "wide")
            + "</div></details></fieldset>")


def board_form(b: Board, spare: int = SPARE_ROWS) -> str:
    """The form that builds a board and asks about it."""
    q = b.question
    names = [p.name for p in b.players]
    subjects = [("", "(none)")] + b.subjects()
    if q.get("about") and q["about"] not in [v for v, _ in subjects]:
        subjects.append((q["about"], q["about"]))
    kinds = [(k, k) for k in KINDS]
    rows = list(b.rows) + [Row(player=names[0] if names else "") for _ in range(spare)]
    open_more = any(b.yaml_keys.get(k) for k in ("actions", "expect", "possible", "because")) or b.more
    return (
        '<form method="post" action="/board" id="board">'
        '<fieldset><legend>Question</legend><div class="pair">'
        + _select("q.ask", q.get("ask", ""), kinds, "kind of question", 'id="ask"')
        + _select("q.about", q.get("about", ""), subjects, "about (subject)", 'id="about"')
        + f'</div><details{" open" if any(q.get(k) for k in ("ability", "cost", "x", "by")) else ""}>'
        '<summary>id, ability, cost, X, by</summary><div class="grid">'
        + _input("q.id", q.get("id", ""), "question id")
        + _input("q.ability", q.get("ability", ""), "ability: number or text")
        + _input("q.cost", q.get("cost", ""), "cost (can-pay), like {1}{G}")
        + _input("q.x", q.get("x", ""), "X")
        + _input("q.by", q.get("by", ""), "by (player)")
        + "</div></details></fieldset>"
        + "".join(_row(i, r, names) for i, r in enumerate(rows))
        + '<p><button name="op" value="rows">More objects</button></p>'
        '<fieldset><legend>Turn</legend><div class="grid">'
        + _select("turn.active", b.active, [("", "(the first player)")] + [(n, n) for n in names]
                  + ([(b.active, b.active)] if b.active and b.active not in names else []), "active player")
        + _input("turn.number", b.number, "turn number")
        + _select("turn.step", b.step, [("", "(precombat-main)")] + [(s, s) for s in STEPS], "step")
        + "</div></fieldset>"
        + "".join(_player(j, p) for j, p in enumerate(b.players + [PlayerRow()]))
        + f'<details{" open" if open_more else ""}><summary>Actions, expected answer, effects in force</summary>'
        + _textarea("y.actions", b.yaml_keys.get("actions", ""), "actions (YAML list), like - cast: bears")
        + _textarea("y.expect", b.yaml_keys.get("expect", ""), "expect (YAML)")
        + _textarea("y.possible", b.yaml_keys.get("possible", ""), "possible (outcome, YAML list)")
        + _textarea("y.because", b.yaml_keys.get("because", ""), "because: rules the reasons must cite")
        + _textarea("state.effects", b.effects, "effects in force (YAML list)")
        + _textarea("state.more", b.state_more, "the state's other keys (YAML)", 2)
        + _textarea("q.more", b.more, "the question's other keys: source, note, ... (YAML)", 2)
        + "</details>"
        '<p><button class="primary" name="op" value="answer" id="ask-button">Answer</button>'
        '<button name="op" value="file">Show the question file</button></p>'
        "</form>")


def open_form(text: str = "") -> str:
    """The form that opens a question file: pasted, or uploaded."""
    return ('<details><summary>Open a question file</summary>'
            '<form method="post" action="/open" enctype="multipart/form-data" id="open">'
            + _textarea("text", text, "paste a question file (YAML)", 6)
            + '<label>or choose a file<input type="file" name="file" accept=".yaml,.yml,text/yaml,text/plain"></label>'
            '<p><button name="op" value="open">Open it on the board</button>'
            '<button class="primary" name="op" value="answer" id="open-answer">Answer it</button></p>'
            "</form></details>")


def choose_question(text: str, ids: list[str], index: int) -> str:
    """For a file of several questions: which one the board shows, and the others to open."""
    options = [(str(k), f"{k + 1}. {i}") for k, i in enumerate(ids)]
    return ('<form method="post" action="/open" enctype="multipart/form-data" id="choose">'
            f'<p class="muted">The file holds {len(ids)} questions; the board shows number {index + 1}.</p>'
            f'<textarea name="text" hidden>{escape(text)}</textarea>'
            + _select("index", str(index), options, "question")
            + '<button name="op" value="open">Open it on the board</button>'
            '<button name="op" value="answer">Answer it</button></form>')


def question_file(text: str, name: str = "question.yaml") -> str:
    """The question file the page built, to copy or download."""
    href = "data:text/yaml;charset=utf-8," + quote(text)
    return ('<section><h2>The question file</h2>'
            f'<textarea id="question-file" readonly rows="10" spellcheck="false">{escape(text)}</textarea>'
            f'<p><button type="button" id="copy">Copy</button> '
            f'<a href="{escape(href)}" download="{escape(name)}" id="download">Download {escape(name)}</a></p>'
            "</section>")


def message(text: str, kind: str = "error") -> str:
    return f'<p class="{kind}" role="alert">{escape(text)}</p>'


def waiting(ahead: int) -> str:
    """A question in the queue: how many are ahead of it."""
    if ahead <= 0:
        said = "Your question is being answered"
    else:
        said = f"Your question is in the queue: {ahead} question{'s' if ahead > 1 else ''} ahead of it"
    return (f'<section id="answer" aria-live="polite"><p class="status waiting" id="status">… {said}.</p>'
            '<p class="muted">Questions are answered one at a time. This page refreshes by itself.</p></section>')


def _rules(rules: Iterable[str]) -> str:
    return ", ".join(f'<a class="rule" href="/rules/{escape(n)}" target="_blank" rel="noopener">{escape(n)}</a>'
                     for n in rules)


def answer_section(r: Result, start: dict | None = None,
                   rulings: Iterable[tuple[str, Iterable[tuple[str, str]]]] = ()) -> str:
    """The answer as a judge reads it: status, answer, reasons with rules, checks, final states, the rulings of
    the cards involved, witness."""
    mark = MARKS.get(r.status, "")
    out = [f'<section id="answer"><h2>Answer: {escape(r.qid or "")}</h2><p><span class="status {escape(r.status)}" id="status">'
           f"{mark} {escape(r.status.upper())}</span></p>"]
    a = r.answer
    if r.status == "error" or a is None:
        out.append(f'<p class="error" id="error">{escape(r.message)}</p></section>')
        return "".join(out)
    namer = namer_of(r)
    say = namer.text
    if a.is_unsupported:
        out.append(f'<p class="answer" id="answer-value">unsupported</p>'
                   f'<p id="unsupported">Cannot model: {escape(say(a.unsupported or ""))}</p>')
    else:
        out.append(f'<p class="answer" id="answer-value">{escape(say(answer_text(r)))}</p>')
    if r.status == "fail" and r.message:
        out.append(f'<p class="error" id="fail">Not as expected: {escape(say(r.message))}</p>')
    reasons, checks = reason_items(a, say)
    if reasons:
        items = "".join(f"<li>{('[' + _rules(rs) + '] ') if rs else ''}{escape(t)}</li>" for rs, t in reasons)
        out.append(f'<h2>Why</h2><ol class="why" id="why">{items}</ol>')
    if checks:
        out.append('<h2>Checks</h2><ul id="checks">' + "".join(f"<li>{escape(c)}</li>" for c in checks) + "</ul>")
    if r.ask == "outcome" and isinstance(a.witness, list) and start is not None:
        out.append(f'<h2>Final states ({len(a.witness)})</h2><div id="final-states">')
        for k, final in enumerate(a.witness, 1):
            lines = changes(start, final.get("state", {}), namer.label)
            choices = final.get("choices") or []
            chosen = f'<p class="muted">choices: {escape(say(", ".join(map(str, choices))))}</p>' if choices else ""
            out.append(f'<div class="final"><h3>State {k}</h3>{chosen}<ul>'
                       + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul></div>")
        out.append("</div>")
    shown_rulings = [(name, list(kept)) for name, kept in rulings]
    if shown_rulings:
        out.append('<h2>Rulings</h2><div id="rulings">' + "".join(
            f"<h3>{escape(name)}</h3><ul>" + "".join(f"<li><time>{escape(d)}</time> {escape(t)}</li>" for d, t in kept)
            + "</ul>" for name, kept in shown_rulings) + "</div>")
    if not a.is_unsupported and a.witness:
        shown = json.dumps(namer.value(json_value(a.witness)), ensure_ascii=False, indent=1, default=str)
        out.append(f'<details id="witness"><summary>Witness</summary><pre>{escape(shown)}</pre></details>')
    out.append("</section>")
    return "".join(out)


def rule_page(rule: Rule | None, number: str, subrules: list[Rule], problem: str | None = None) -> str:
    """A rule's text (or why it cannot be shown)."""
    if problem is not None:
        return page(f"rule {number}", f"<h2>Rule {escape(number)}</h2>" + message(problem))
    if rule is None:
        return page(f"rule {number}", f"<h2>Rule {escape(number)}</h2>" + message(f"no rule {number} in the rules text"))
    body = f'<h2>Rule {escape(rule.number)}</h2><p id="rule-text">{escape(rule.text)}</p>'
    body += "".join(f'<p class="muted">{escape(e)}</p>' for e in rule.examples)
    if subrules:
        body += "<ul>" + "".join(f'<li><a href="/rules/{escape(s.number)}">{escape(s.number)}</a> {escape(s.text)}</li>'
                                 for s in subrules) + "</ul>"
    return page(f"rule {number}", body)
