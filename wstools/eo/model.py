"""The executive-order model: what an order says, independent of how it was printed.

An order's body is a flat list of :class:`Block`\\ s in reading order (the preamble, part
headings, section heads with their run-in text, labelled subsections, plain paragraphs,
graphics); :attr:`ExecutiveOrder.sections` groups them. Page marks are kept where they fall,
as ``(offset, page)`` inside the block whose text they interrupt.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Block:
    """One paragraph of the order.

    ``kind`` is ``preamble``, ``heading`` (a part title), ``section`` (the head
    ``Sec. N. Caption.`` with the text that runs in after it), ``subsection`` (labelled
    ``(a)``, ``(i)``, ``(A)``, ``(1)``, at ``level`` 1–4), ``paragraph`` or ``graphic`` (the
    print's note for an image it does not carry, kept in ``text``).
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
    #: a section's head exactly as printed (``Sec. 9.1``, ``Sec. 3.--``), its caption's end
    head: str | None = None
    caption_end: str = "."
    #: a subsection whose label runs on in the paragraph of its section's head
    run_in: bool = False


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
    whole: bool = False
    differences: list[str] = field(default_factory=list)

    @property
    def standard(self) -> bool:
        return self.ab and self.c and not self.differences


@dataclass
class Signature:
    #: a name typed in the print (``BARACK OBAMA``); None when the print has none
    president: str | None = None
    graphic: bool = False
    #: what the print shows for the signature image (``(Presidential Sig.)``,
    #: ``Signature of …``), as printed
    graphic_text: str | None = None
    place: str | None = None
    #: the date as printed, with its punctuation (``January 18, 2011.``)
    date_printed: str | None = None
    date: str | None = None
    #: the block lines in printed order: ``name``, ``graphic``, ``place``, ``date``
    order: list[str] = field(default_factory=list)
    #: a page that turns before the signature block
    page: str | None = None


@dataclass
class FederalRegister:
    volume: str | None = None
    issue: str | None = None
    #: the first page of the document in the banner ([Pages N-M]): a Part's cover page
    first_page: str | None = None
    last_page: str | None = None
    date: str | None = None
    frdoc: str | None = None
    filed: str | None = None
    billing: str | None = None
    #: the order's own first page (the page its heading is printed on)
    order_page: str | None = None
    #: the footer's lines as printed; [] when the print has none
    footer: list[str] = field(default_factory=list)
    #: the banner's document number ([FR Doc No: …]), not printed with the order
    banner_frdoc: str | None = None

    @property
    def citation(self) -> str | None:
        page = self.order_page or self.first_page
        if self.volume and page:
            return f"{self.volume} FR {page}"
        return None


@dataclass
class Relation:
    """Another order this one names with an effect: ``amends``, ``revokes``,
    ``supersedes``; ``date`` as printed when the text gives it."""

    kind: str
    number: str
    date: str | None = None


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
    #: index of the first block printed after the footer, len(blocks) if none
    footer_at: int | None = None
    shape: str = ""
    #: the head line as printed (``Executive Order 13563 of January 18, 2011``)
    head: str = ""
    #: a date printed on a line of its own under the title (the APP's pages)
    dateline: str = ""
    relations: list[Relation] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: places where the print is ambiguous and was left as printed
    flags: list[str] = field(default_factory=list)

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
