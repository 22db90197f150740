"""The typed model of a code of laws: Code → Section → Law → Clause.

Texts are plain strings that may carry inline wiki markup (``''italic''``). A law's body is
ordered: its first paragraph is ``text``; ``body`` holds what follows, paragraphs and clauses
in the order printed (a clause list can be followed by more text, or by a second list).
Page marks are kept as positions: the block of the law (0 is ``text``, i is ``body[i-1]``)
and the character offset in that block's text.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass
class Clause:
    """A lettered, roman, ordinal or bulleted item of a law: label ``a``, ``I``, ``1st``."""

    label: str
    text: str
    style: str = "(a)"  # how the label was printed: "(a)", "(a.)", "a.", "I.", "1st.", "-", "*"
    clauses: list[Clause] = field(default_factory=list)


@dataclass
class Paragraph:
    """A paragraph of a law after its first (``indent`` when printed indented)."""

    text: str
    indent: bool = False


@dataclass
class Note:
    """An editor's or printer's note attached to a law (``[NOTE.--…--ED.]``)."""

    text: str
    kind: str = "note"


@dataclass
class PageMark:
    """A page break inside a law: page label, block index (0 = text) and offset in it."""

    page: str
    block: int = 0
    offset: int = 0


@dataclass
class Law:
    """One numbered (or unnumbered) law."""

    number: int | None
    text: str = ""
    suffix: str = ""  # "a" in 12a
    heading: str | None = None  # run-in heading, "The Game"
    body: list[Clause | Paragraph] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    footnotes: list[str] = field(default_factory=list)  # labels of footnotes referenced
    page_marks: list[PageMark] = field(default_factory=list)
    range_end: int | None = None  # "5 to 10. As in Bridge."
    span: tuple[int, int] | None = None  # in the source text
    prefix: str = ""  # printed before the number: "Sec. ", "Section ", "Art. "
    dash: str = ""  # printed after the number's full stop: "—" in "1.—Each player…"

    @property
    def label(self) -> str:
        if self.number is None:
            return ""
        if self.range_end is not None:
            return f"{self.number} to {self.range_end}"
        return f"{self.number}{self.suffix}"

    @property
    def clauses(self) -> list[Clause]:
        return [b for b in self.body if isinstance(b, Clause)]

    @property
    def paragraphs(self) -> list[Paragraph]:
        return [b for b in self.body if isinstance(b, Paragraph)]


@dataclass
class Section:
    """Laws under one heading; ``paragraphs`` hold unnumbered rules (etiquette, notes)."""

    heading: str | None = None
    laws: list[Law] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    heading_match: str | None = None  # the corpus heading this one was recognised as
    footnotes: list[str] = field(default_factory=list)


@dataclass
class Code:
    """A code of laws: title, authority line, metadata, preamble, sections.

    In print order: ``before_title`` (paragraphs that introduce the code above its title),
    ``fragment`` (a law's end begun on an earlier page, when the text opens with it), the
    title, the authority line, the ``preamble`` (printed after the title), the sections.
    """

    title: str | None = None
    authority: str | None = None
    metadata: dict[str, str] = field(default_factory=dict)
    preamble: list[str] = field(default_factory=list)
    fragment: str | None = None  # continuation of a law begun on an earlier page
    sections: list[Section] = field(default_factory=list)
    footnotes: dict[str, str] = field(default_factory=dict)
    before_title: list[str] = field(default_factory=list)  # printed above the title
    # printed after the last law and not part of the code (a book list, a site's tail, the
    # next game's heading and prose): law-less sections, kept so that an export loses no text
    back_matter: list[Section] = field(default_factory=list)

    @property
    def laws(self) -> list[Law]:
        return [law for s in self.sections for law in s.laws]

    def law(self, label: str | int) -> Law | None:
        for law in self.laws:
            if law.label == str(label) or (law.range_end is not None and law.number is not None
                                           and isinstance(label, int)
                                           and law.number <= label <= law.range_end):
                return law
        return None

    @property
    def headings(self) -> list[str]:
        return [s.heading for s in self.sections if s.heading]


def _shallow(obj: Any) -> dict:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def to_dict(obj: Any) -> Any:
    """The JSON form of a model object (clauses and paragraphs tagged with ``type``)."""
    if isinstance(obj, Code):
        d = _shallow(obj)
        d["metadata"] = dict(obj.metadata)
        d["preamble"] = list(obj.preamble)
        d["before_title"] = list(obj.before_title)
        d["footnotes"] = dict(obj.footnotes)
        d["sections"] = [to_dict(s) for s in obj.sections]
        d["back_matter"] = [to_dict(s) for s in obj.back_matter]
        return d
    if isinstance(obj, Section):
        d = _shallow(obj)
        d["paragraphs"] = list(obj.paragraphs)
        d["footnotes"] = list(obj.footnotes)
        d["laws"] = [to_dict(law) for law in obj.laws]
        return d
    if isinstance(obj, Law):
        d = _shallow(obj)
        d["body"] = [to_dict(b) for b in obj.body]
        d["notes"] = [asdict(n) for n in obj.notes]
        d["footnotes"] = list(obj.footnotes)
        d["page_marks"] = [asdict(m) for m in obj.page_marks]
        d["span"] = list(obj.span) if obj.span else None
        return d
    if isinstance(obj, Clause):
        return {"type": "clause", "label": obj.label, "style": obj.style, "text": obj.text,
                "clauses": [to_dict(c) for c in obj.clauses]}
    if isinstance(obj, Paragraph):
        return {"type": "paragraph", "text": obj.text, "indent": obj.indent}
    raise TypeError(type(obj))


def from_dict(d: dict) -> Code:
    """Rebuild a :class:`Code` from :func:`to_dict` output."""
    def clause(c: dict) -> Clause:
        return Clause(c["label"], c["text"], c.get("style", "(a)"),
                      [clause(x) for x in c.get("clauses", [])])

    def block(b: dict) -> Clause | Paragraph:
        if b["type"] == "clause":
            return clause(b)
        return Paragraph(b["text"], b.get("indent", False))

    def law(x: dict) -> Law:
        return Law(x["number"], x.get("text", ""), x.get("suffix", ""), x.get("heading"),
                   [block(b) for b in x.get("body", [])],
                   [Note(**n) for n in x.get("notes", [])], list(x.get("footnotes", [])),
                   [PageMark(**p) for p in x.get("page_marks", [])], x.get("range_end"),
                   tuple(x["span"]) if x.get("span") else None, x.get("prefix", ""),
                   x.get("dash", ""))

    def section(s: dict) -> Section:
        return Section(s.get("heading"), [law(x) for x in s.get("laws", [])],
                       list(s.get("paragraphs", [])), s.get("heading_match"),
                       list(s.get("footnotes", [])))

    return Code(d.get("title"), d.get("authority"), dict(d.get("metadata", {})),
                list(d.get("preamble", [])), d.get("fragment"),
                [section(s) for s in d.get("sections", [])],
                dict(d.get("footnotes", {})), list(d.get("before_title", [])),
                [section(s) for s in d.get("back_matter", [])])
