"""The executive-order model: what an order says, independent of how it was printed.

An order's body is a flat list of :class:`Block`\\ s in reading order (the preamble, part
headings, section heads with their run-in text, labelled subsections, plain paragraphs);
:attr:`ExecutiveOrder.sections` groups them. Page marks are kept where they fall, as
``(offset, page)`` inside the block whose text they interrupt.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Block:
    """One paragraph of the order.

    ``kind`` is ``preamble``, ``heading`` (a part title), ``section`` (the head
    ``Sec. N. Caption.`` with the text that runs in after it), ``subsection`` (labelled
    ``(a)``, ``(i)``, ``(A)``, ``(1)``, at ``level`` 1–4) or ``paragraph``.
    """

    kind: str
    text: str
    number: str | None = None
    caption: str | None = None
    label: str | None = None
    level: int = 0
    breaks: list[tuple[int, str]] = field(default_factory=list)
    #: the word before a section's number as printed (Section, Sec., SECTION…)
    word: str | None = None


@dataclass
class Section:
    number: str | None
    caption: str | None
    blocks: list[Block]

    @property
    def subsections(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "subsection"]


@dataclass
class GeneralProvisions:
    """The standard closing section and which of its standard parts are present word for
    word (``ab``: (a) with (i)–(ii) and (b); ``c``: (c)); ``differences`` names the parts
    that are there with other wording."""

    section: str
    ab: bool = False
    c: bool = False
    differences: list[str] = field(default_factory=list)

    @property
    def standard(self) -> bool:
        return self.ab and self.c and not self.differences


@dataclass
class Signature:
    president: str | None = None
    graphic: bool = False
    place: str | None = None
    date: str | None = None


@dataclass
class FederalRegister:
    volume: str | None = None
    issue: str | None = None
    first_page: str | None = None
    last_page: str | None = None
    date: str | None = None
    frdoc: str | None = None
    filed: str | None = None
    billing: str | None = None

    @property
    def citation(self) -> str | None:
        if self.volume and self.first_page:
            return f"{self.volume} FR {self.first_page}"
        return None


@dataclass
class ExecutiveOrder:
    number: str
    date: str
    title: str
    blocks: list[Block] = field(default_factory=list)
    signature: Signature = field(default_factory=Signature)
    register: FederalRegister = field(default_factory=FederalRegister)
    general_provisions: GeneralProvisions | None = None
    first_page: str | None = None
    #: index of the first block after the signature (an annex), len(blocks) if none
    signature_at: int | None = None
    shape: str = ""
    warnings: list[str] = field(default_factory=list)

    @property
    def sections(self) -> list[Section]:
        out: list[Section] = []
        for block in self.blocks:
            if block.kind == "section":
                out.append(Section(block.number, block.caption, [block]))
            elif out and block.kind != "heading":
                out[-1].blocks.append(block)
        return out

    @property
    def subsections(self) -> list[Block]:
        return [b for b in self.blocks if b.kind == "subsection"]

    @property
    def preamble(self) -> str:
        return "\n\n".join(b.text for b in self.blocks if b.kind == "preamble")

    @property
    def pages(self) -> list[str]:
        pages = [self.first_page] if self.first_page else []
        for block in self.blocks:
            pages += [page for _, page in block.breaks]
        return pages

    def to_dict(self) -> dict:
        data = asdict(self)
        data["citation"] = self.register.citation
        data["sections"] = [{"number": s.number, "caption": s.caption,
                             "subsections": len(s.subsections)} for s in self.sections]
        data["pages"] = self.pages
        return data
