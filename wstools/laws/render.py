"""Writers for the law model: JSON, lines (the corpus form), plain text, wikitext."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import regex

from .model import Clause, Code, Law, Paragraph, Section, to_dict


def clause_label(c: Clause) -> str:
    """How a clause's label is printed: ``(a)``, ``(a.)``, ``I.``, ``1st.``, ``*``."""
    if c.style == "(a)":
        return f"({c.label})"
    if c.style == "(a.)":
        return f"({c.label}.)"
    if c.style in ("-", "*"):
        return "*"
    return f"{c.label}."


def to_json(codes: Sequence[Code], indent: int = 1) -> str:
    """The codes as JSON (see ``wstools/laws/schema.json``)."""
    return json.dumps({"codes": [to_dict(c) for c in codes]}, ensure_ascii=False,
                      indent=indent)


def number_mark(law: Law, sep: str = " ") -> str:
    """A law's number as printed, with what follows it: ``1.—`` when the print has a dash
    after the number, else ``1.`` and ``sep``.

    >>> number_mark(Law(1, "Each", dash="—")), number_mark(Law(12, "If")), number_mark(Law(None))
    ('1.—', '12. ', '')
    """
    if law.number is None:
        return ""
    return f"{law.label}.{law.dash}" if law.dash else f"{law.label}.{sep}"


def _run_in(law: Law) -> str:
    """A law's run-in heading as printed before its text (italic after a number)."""
    if not law.heading:
        return ""
    return f"{law.heading}.—" if law.number is None else f"''{law.heading}.''—"


def _opening(law: Law, number: str) -> str:
    """A law's first line: ``number`` (already formatted), run-in heading, text."""
    if law.number is None:
        return _run_in(law) + law.text
    return f"{number}{_run_in(law)}{law.text}"


def _law_lines(law: Law, number_sep: str) -> list[str]:
    head = _run_in(law)
    first = _opening(law, number_mark(law, number_sep))
    out = []
    body = list(law.body)
    if not law.text and body and isinstance(body[0], Clause) and law.number is not None \
            and body[0].style not in ("-", "*"):
        c = body.pop(0)
        assert isinstance(c, Clause)
        first = f"{number_mark(law, number_sep)}{head}{clause_label(c)} {c.text}"
    out.append(first)
    for b in body:
        if isinstance(b, Clause):
            out.append(f"{clause_label(b)} {b.text}")
        else:
            out.append(("    " if b.indent else "") + b.text)
    for n in law.notes:
        out.append(f"[NOTE.—{n.text}—ED.]" if n.kind == "editor" else f"NOTE.—{n.text}")
    return out


def front(code: Code, title: str | None = None) -> list[str]:
    """A code's opening paragraphs in print order (see :class:`~wstools.laws.model.Code`):
    what introduces it above its title, a law's end carried from an earlier page, the
    title (``title``, when given, stands for it), the authority line, the preamble.

    >>> front(Code("LAWS.", "(Adopted 1900.)", preamble=["As follows:"], before_title=["I."]))
    ['I.', 'LAWS.', '(Adopted 1900.)', 'As follows:']
    """
    out = list(code.before_title)
    if code.fragment:
        out.append(code.fragment)
    if code.title:
        out.append(title or code.title)
    if code.authority:
        out.append(code.authority)
    out.extend(code.preamble)
    return out


def to_lines(codes: Sequence[Code], number_sep: str = " ") -> str:
    """The ``lines`` shape: one paragraph a line, blank lines between (the corpus form)."""
    out: list[str] = []
    for code in codes:
        out.extend(front(code))
        for s in code.sections + code.back_matter:
            if s.heading:
                out.append(s.heading)
            out.extend(s.paragraphs)
            for law in s.laws:
                out.extend(_law_lines(law, number_sep))
        out.extend(f"[{k}] {v}" for k, v in code.footnotes.items())
    return "\n\n".join(out) + "\n"


def _plain(s: str) -> str:
    return s.replace("'''", "").replace("''", "")


# a line of a wikitext table: its opening, a row, a cell, a header cell, its caption, its end
_TABLE_LINE = regex.compile(r"[ \t]*(?:\{\||\|\}|\|[-+]?|!)")
_REF = regex.compile(r"<ref(?P<attrs>(?:\s[^>]*?)?)(?:/>|>(?P<body>.*?)</ref\s*>)",
                     regex.IGNORECASE | regex.DOTALL)
_REF_NAME = regex.compile(r"\bname\s*=\s*[\"']?([^\"'/>]+?)[\"']?\s*(?:/|$)")


class _WikiPlain:
    """Texts read from wikitext rendered as the text a reader copies (templates expanded,
    links as their text, tables as tab-separated rows), their ``<ref>`` notes numbered
    ``[1]`` through the whole export and kept in :attr:`notes` for its end."""

    def __init__(self) -> None:
        from ..wikitext.registry import Registry
        self.registry = Registry.from_directory()
        self.notes: list[str] = []
        self.names: dict[str, int] = {}

    def _ref(self, m: regex.Match[str]) -> str:
        name = _REF_NAME.search(m.group("attrs") or "")
        key = name.group(1).strip() if name else None
        if key is not None and key in self.names:
            return f"[{self.names[key]}]"
        if m.group("body") is None:
            return ""  # (a reuse of a note never given)
        self.notes.append(self(m.group("body")))
        if key is not None:
            self.names[key] = len(self.notes)
        return f"[{len(self.notes)}]"

    def __call__(self, s: str) -> str:
        from ..wikitext.plain import to_text as wiki_to_text
        return wiki_to_text(_REF.sub(self._ref, s), self.registry).text


def _tables_joined(lines: list[str]) -> list[str]:
    """The lines of a wikitext table (one paragraph each in the model) as one block."""
    out: list[str] = []
    for line in lines:
        last = out[-1].split("\n") if out else []
        if last and last[0].lstrip().startswith("{|") and not last[-1].strip().startswith(
                "|}") and _TABLE_LINE.match(line):
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def _body_blocks(law: Law, markup: bool) -> list[str]:
    """The blocks after a law's first line: clauses and indented paragraphs after four
    spaces; a wikitext table's lines (``markup``) together."""
    lines = [f"    {clause_label(b)} {b.text}" if isinstance(b, Clause)
             else ("    " if b.indent else "") + b.text for b in law.body]
    return _tables_joined(lines) if markup else lines


def to_text(codes: Sequence[Code], width: int | None = None, *, markup: bool = False) -> str:
    """Plain text: one law a paragraph, clauses indented, no page marks or markup. With
    ``markup`` (texts read from wikitext), the texts are rendered as a reader copies them:
    templates expanded, links as their text, a table's rows as lines of tab-separated
    cells, each ``<ref>`` a mark ``[1]`` and its note at the end."""
    plain = _WikiPlain() if markup else _plain
    out: list[str] = []
    for code in codes:
        out.extend(plain(p) for p in front(code))
        for s in code.sections + code.back_matter:
            if s.heading:
                out.append(plain(s.heading).upper())
            out.extend(plain(p) for p in (_tables_joined(s.paragraphs) if markup
                                           else s.paragraphs))
            for law in s.laws:
                head = f"{law.heading}.—" if law.heading else ""
                out.append(plain(f"{number_mark(law)}{head}{law.text}".rstrip()))
                for b in _body_blocks(law, markup):
                    out.append(("    " + plain(b[4:])) if b.startswith("    ") else plain(b))
                for n in law.notes:
                    out.append("    " + plain(f"Note.—{n.text}"))
        for k, v in code.footnotes.items():
            out.append(plain(f"[{k}] {v}"))
    if isinstance(plain, _WikiPlain):
        out.extend(f"[{k}] {note}" for k, note in enumerate(plain.notes, 1))
    return "\n\n".join(out) + "\n"


_WIKI_MARKUP = regex.compile(r"&(?=#?\w+;)|<|>|\{(?=[{|])|\}(?=\})|\[(?=\[)|\](?=\])"
                             r"|~(?=~~)|_(?=_)|(?<=https?|ftp|mailto):|^[*#:; =]|^-(?=---)",
                             regex.M)


def wiki_text(text: str) -> str:
    """Plain text (the model's, which may carry ``''italic''`` and bold, nothing else) made
    safe as wikitext: each character that would open markup is written as its character
    reference, which shows the printed character and opens nothing (as ``proofread``
    writes a stray ``<!--``, :mod:`wstools.text.stray_markup`): ``<!--``, tags, ``{{``,
    ``[[``, ``~~~~`` (a signature when saved), ``__NOTOC__``, a URL, a mark that begins a
    line (a list, an indent, a heading).

    >>> wiki_text("Two packs <!-- are ''used'' {{x}} ~~~~ __NOTOC__")
    "Two packs &#60;!-- are ''used'' &#123;{x&#125;} &#126;&#126;~~ &#95;_NOTOC&#95;_"
    >>> wiki_text("* a [[b]] c & d &amp; e")
    '&#42; a &#91;[b&#93;] c & d &#38;amp; e'
    """
    return _WIKI_MARKUP.sub(lambda m: f"&#{ord(m.group())};", text)


def wiki_safe(code: Code) -> Code:
    """A copy of ``code`` whose texts are :func:`wiki_text` (labels, styles and numbers are
    kept as they are)."""
    def clause(c: Clause) -> Clause:
        return replace(c, text=wiki_text(c.text), clauses=[clause(x) for x in c.clauses])

    def block(b: Clause | Paragraph) -> Clause | Paragraph:
        return clause(b) if isinstance(b, Clause) else replace(b, text=wiki_text(b.text))

    def opt(t: str | None) -> str | None:
        return wiki_text(t) if t else t

    def law(x: Law) -> Law:
        return replace(x, text=wiki_text(x.text), heading=opt(x.heading),
                       body=[block(b) for b in x.body],
                       notes=[replace(n, text=wiki_text(n.text)) for n in x.notes])

    def section(s: Section) -> Section:
        return replace(s, heading=opt(s.heading), laws=[law(x) for x in s.laws],
                       paragraphs=[wiki_text(p) for p in s.paragraphs])

    return replace(code, title=opt(code.title), authority=opt(code.authority),
                   preamble=[wiki_text(p) for p in code.preamble], fragment=opt(code.fragment),
                   sections=[section(s) for s in code.sections],
                   footnotes={k: wiki_text(v) for k, v in code.footnotes.items()},
                   before_title=[wiki_text(p) for p in code.before_title],
                   back_matter=[section(s) for s in code.back_matter])


def _wiki_escape(text: str) -> str:
    """Make ``|`` and ``=`` safe inside a template parameter."""
    return text.replace("|", "{{!}}").replace("=", "{{=}}")


def _wiki_body(law: Law, in_template: bool) -> list[str]:
    """The lines after a law's first: clauses and indented paragraphs as list items, a
    plain paragraph after a blank line (a single line break would run it into the text
    before it, in one paragraph)."""
    out: list[str] = []
    esc = _wiki_escape if in_template else (lambda s: s)
    table = False  # inside a wikitext table: its lines follow each other, no blank line
    for b in law.body:
        if table and isinstance(b, Paragraph) and not b.indent and _TABLE_LINE.match(b.text):
            out.append(esc(b.text))
            table = not b.text.strip().startswith("|}")
            continue
        table = isinstance(b, Paragraph) and not b.indent and b.text.lstrip().startswith("{|")
        if isinstance(b, Clause):
            if b.style in ("-", "*"):
                out.append(f"* {esc(b.text)}")
            else:
                out.append(f":{clause_label(b)} {esc(b.text)}")
        elif b.indent:
            out.append(":" + esc(b.text))
        else:
            out.extend(["", esc(b.text)])
    for n in law.notes:
        text = f"[NOTE.—{n.text}—ED.]" if n.kind == "editor" else f"NOTE.—{n.text}"
        out.append(f":<small>{esc(text)}</small>")
    return out


def _heading_wiki(text: str) -> str:
    return "{{c|{{sc|" + _wiki_escape(text) + "}}}}"


def to_wikitext(codes: Sequence[Code], form: str = "paragraphs", *,
                markup: bool = False) -> str:
    """Wikitext for Wikisource: ``form="ol"`` puts each run of consecutive plain numbered
    laws in an ``{{ol}}`` (the form of the American Whist Congress page); ``"paragraphs"``
    writes ``'''12.'''`` paragraphs. Headings are ``{{c|{{sc|…}}}}`` in both. The texts are
    written as text (:func:`wiki_text`): markup in them opens nothing; ``markup=True`` when
    they were read from wikitext (a proofread page's ``{{sc|…}}``): written as they are."""
    if form not in ("ol", "paragraphs"):
        raise ValueError(f"unknown wikitext form {form!r}")
    out: list[str] = []
    for code in codes if markup else map(wiki_safe, codes):  # (text: no markup of its own)
        out.extend(front(code, "{{c|" + _wiki_escape(code.title or "") + "}}"))
        for s in code.sections + code.back_matter:
            if s.heading:
                out.append(_heading_wiki(s.heading))
            out.extend(s.paragraphs)
            run: list[Law] = []

            def flush(run: list[Law] = run) -> None:
                if not run:
                    return
                items = []
                for law in run:
                    # the list prints the number; the dash after it stays with the text
                    head = law.dash.strip() + (f"{law.heading}.—" if law.heading else "")
                    lines = [_wiki_escape(head + law.text)] + _wiki_body(law, True)
                    items.append("\n".join(lines))
                start = "" if run[0].number == 1 else f"|start={run[0].number}"
                out.append("{{ol" + start + "\n|" + "\n|".join(items) + "\n}}")
                run.clear()

            for law in s.laws:
                # (a paragraph after the first inside a list item would run into it: an
                # {{ol}} item holds no blank line; such a law is a paragraph of its own)
                plain_number = (law.number is not None and not law.suffix and law.range_end is None
                                and law.text and not any(isinstance(b, Paragraph) and not b.indent
                                                         for b in law.body))
                if form == "ol" and plain_number and (
                        not run or (run[-1].number or 0) + 1 == law.number):
                    run.append(law)
                    continue
                flush()
                if form == "ol" and plain_number:
                    run.append(law)
                    continue
                first = _opening(law, f"'''{law.label}.'''{law.dash or ' '}")
                out.append("\n".join([first] + _wiki_body(law, False)))
            flush()
        for k, v in code.footnotes.items():
            out.append(f"[{k}] {v}")
    return "\n\n".join(out) + "\n"
