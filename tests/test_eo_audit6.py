"""Issue #21: subsections of text that neither sets in nor sets apart its paragraphs (a
PDF's text layer, text rewrapped by hand) read as the GPO HTML of the same order reads
them: general rules of how filling lines to a width places a label (at a line's start after
a line cut short: a paragraph's end; after a full line: a wrap)."""

from __future__ import annotations

import textwrap

from wstools.eo import read
from wstools.eo.read import read_order

HEAD = ("Executive Order 13999 of May 1, 2020\nA Title\nBy the authority vested in me as "
        "President by the Constitution and the\nlaws of the United States of America, it "
        "is hereby ordered as follows:\n")
SIGNED = "THE WHITE HOUSE,\nMay 1, 2020.\n"
#: a PDF's running head and slug: the text is read as a PDF's (shape pdf)
PDF_HEAD = ("Federal Register / Vol. 61, No. 235 / Thursday, December 5, 1996 / Presidential "
            "Documents 64589\n\n")
PDF_SLUG = ("VerDate Sep<11>2014 17:55 Jan 20, 2011 Jkt 223001 PO 00000 Frm 00001 Fmt 4705 "
            "Sfmt 4790 E:\\FR\\FM\\21JAN0.SGM 21JAN0\n")


def _structure(text: str) -> list[tuple[str, str]]:
    order = read_order(text)
    return [(s.number or "", b.label or "") for s in order.sections for b in s.subsections]


def _widths_ok(text: str, width: int = 70) -> None:
    """The test's lines are filled as a PDF's are (none over the width)."""
    assert max(len(line) for line in text.split("\n") if not line.startswith(
        ("Federal Register", "VerDate", "By the", "laws of"))) <= width


def test_a_list_ends_with_its_section() -> None:
    """(b) at a line's start after a full line is the next item of the (a) run in after the
    caption; the '(c)' run in the next section's sentence is another list's (12963's PDF
    text: it made (b) a wrap of (a))."""
    body = ("Section 1. Establishment. (a) The Secretary of Health and Human\n"
            "Services shall establish an Advisory Council, to be known as the\n"
            "Presidential Advisory Council on the matters of this order. The\n"
            "Advisory Council shall comply with the Federal Advisory Committee\n"
            "Act, as amended, and with the rules of the Department for it all.\n"
            "(b) The Secretary shall designate a Chairperson from among the\n"
            "members of the Advisory Council.\n"
            "Sec. 2. Functions. The Advisory Council shall provide advice to the\n"
            "Secretary regarding programs and policies intended to (a) promote\n"
            "prevention, (b) advance research, and (c) promote quality services.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert read_order(text).shape == "pdf"
    assert _structure(text) == [("1", "a"), ("1", "b")]


def test_label_after_a_line_cut_short_opens_an_item() -> None:
    """A label at a line's start after a line that ends short of the width by more than
    the label and its next word opens an item, even where the line before does not end a
    clause (13129's print lacks the full stop: 'Tahrike Islami'a Taliban''')."""
    body = ("Sec. 4. For the purposes of this order:\n"
            "(a) the term ``person'' means an individual or entity and any other\n"
            "body that the Secretary of State names in the regulations of this\n"
            "order, in consultation with the Secretary of the Treasury and the\n"
            "Attorney General, who shall publish the names of all such bodies;\n"
            "(b) the term ``Taliban'' means the entity called ``Taleban''\n"
            "(c) the term ``territory'' means the territory referred to in the\n"
            "description of the Secretary of State and the Attorney General,\n"
            "who shall publish it in the Federal Register within thirty days.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("4", "a"), ("4", "b"), ("4", "c")]


def test_first_item_after_an_introduction_without_a_stop() -> None:
    """'… is amended by' then '(a) deleting …; and' and '(b) inserting …' each at a line's
    start, (b) after a line cut short: the list is set one item a line, (a) is its first
    item though the introduction does not end in ':' (13030)."""
    body = ("Sec. 1. Section 2(a) of Executive Order 12163 is further amended by\n"
            "inserting the words that follow in the places shown in this order.\n"
            "Sec. 2. Section 1(a)(2) of Executive Order 12884 is amended by\n"
            "(a) deleting ``and'' before ``(3)''; and\n"
            "(b) inserting ``, and (5)'' after ``(3)''.\n"
            "Sec. 3. This order shall be implemented consistent with applicable\n"
            "law and subject to the availability of appropriations, and it is\n"
            "not intended to create any right or benefit, substantive or\n"
            "procedural, enforceable at law or in equity by any party against\n"
            "the United States, its departments, agencies, or entities.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("2", "a"), ("2", "b")]


def test_label_at_a_line_start_of_a_list_run_in() -> None:
    """'… with the following exceptions:' then '(a) an exemption …; (b) notice …; and (c)
    an exemption …' run in: (a) only fell at a line's start (13148's PDF text made it a
    subsection the print does not have)."""
    body = ("Sec. 801. Exemptions. The head of any agency may request from the\n"
            "President an exemption from complying with the provisions of any\n"
            "or all provisions of this order for particular agency facilities,\n"
            "provided that the procedures of law are followed, with exceptions:\n"
            "(a) an exemption issued under this section will be for a specified\n"
            "period of time that may exceed 1 year; (b) notice of any exemption\n"
            "is only required to the Director of OMB; and (c) an exemption under\n"
            "this section may be issued due to lack of appropriations. To the\n"
            "maximum extent practicable, each agency shall comply with this.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == []


def test_a_reference_is_not_the_next_item() -> None:
    """'section 571(a)(2), (c) and (d) of Public Law' is a reference: (b) at a line's start
    after a clause's end is an item though '(c)' runs in after it (13028's PDF text)."""
    body = ("Section 1. Executive Order No. 12757, as amended by Executive Order\n"
            "No. 12823, is further amended as follows, in each of its sections:\n"
            "(a) The Preamble is amended:\n"
            "(1) by striking ``and'' after ``Public Law 102-237''; and\n"
            "(2) by inserting ``, and section 571'' after ``Public Law 102-549''.\n"
            "(b) Section 1 is amended by inserting ``. The functions vested by\n"
            "section 571(a)(2), (c) and (d) of Public Law 104-107 are also\n"
            "delegated to the Secretary'' after ``State'' where it appears and\n"
            "after the words of the Council in the section as it now stands.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("1", "a"), ("1", "1"), ("1", "2"), ("1", "b")]


def test_width_leaves_out_joined_lines() -> None:
    """A PDF's line a broken word was joined to is longer than the width: not counted."""
    lines = ["a" * 60 + " and", "so on"] * 6 + ["a" * 120 + " and", "so on"] * 2
    assert read._width(lines) == 64


def test_a_line_cut_short_ends_its_paragraph() -> None:
    """'Sec. 4. Enforcement.' and '… this order.' cut short: '4-401. …' and '4-402. (a) If
    …' open paragraphs of their own, so (a) is not run in after the section's sentence
    (13160 rewrapped: a subsection (a) the print does not have); (b) after a line cut
    short is an item."""
    body = ("Sec. 4. Enforcement.\n"
            "4-401. Any person who believes himself or herself to be aggrieved by a\n"
            "violation of this order may file a written complaint with the agency\n"
            "that such person believes is in violation of this order, and each\n"
            "agency shall investigate it.\n"
            "4-402. (a) If the office designated to investigate complaints finds\n"
            "that an employee has not complied with this order, such office shall\n"
            "complete a report and refer it to an appropriate agency official.\n"
            "(b) In addition, the office may recommend corrective action.\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("4", "b")]
    paragraphs = [b.text[:6] for b in read_order(text).blocks if b.kind == "paragraph"]
    assert paragraphs == ["4-401.", "4-402."]


def test_a_quoted_passage_after_a_colon_is_a_paragraph() -> None:
    """'… the following new sections are added:' (a full line) then '``Sec. 4. … (a) The
    …' : the quoted section is a paragraph of its own, its (a) not run in after section
    3's sentence (13333's PDF text)."""
    body = ("Sec. 3. After section 3, the following new sections are now added:\n"
            "``Sec. 4. Guidelines. (a) The Senior Policy Operating Group shall\n"
            "establish guidelines and policies to coordinate the activities of\n"
            "executive branch departments and agencies regarding the policies\n"
            "involving the international trafficking in persons, to the extent\n"
            "permitted by law and the regulations of the Secretary of State.\n"
            "(b) The Secretary of State shall promulgate regulations.''\n")
    _widths_ok(body)
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("3", "b")]


def test_a_title_run_on_from_the_head_ends_at_the_opening() -> None:
    """A head with its title run on ('Executive Order 13494 of Economy in Government
    Contracting', the print's own) and no blank line after the title: the title ends at
    'By the authority …' (it took the whole text: no sections, no subsections)."""
    text = ("Executive Order 13999 of Economy in Government Contracting\n"
            "By the authority vested in me as President by the Constitution and the laws\n"
            "of the United States of America, it is hereby ordered that:\n"
            "Section 1. Examples of costs unallowable under this order include the costs\n"
            "of the following activities, when they are undertaken to persuade employees:\n"
            "(a) preparing and distributing materials;\n"
            "(b) hiring or consulting legal counsel or consultants; and\n"
            "(c) holding meetings for this purpose.\n"
            "Sec. 2. This order shall be implemented consistent with applicable law and\n"
            "subject to the availability of appropriations, and it does not create any\n"
            "right or benefit, substantive or procedural, enforceable at law or in\n"
            "equity by any party against the United States, its departments or agencies.\n"
            + SIGNED)
    order = read_order(text)
    assert order.title == "Economy in Government Contracting"
    assert _structure(text) == [("1", "a"), ("1", "b"), ("1", "c")]


def test_a_list_past_z_doubles_its_letters() -> None:
    """(aa) at a line's start after a full line is the item after (z), (bb) after (aa)
    (13708, 13811 rewrapped: (aa) was read as a wrap of (z))."""
    items = "".join(f"({c}) Committee number {k}; Executive Order {k}, as amended, of the Office\n"
                    f"of the Department of the Interior and of the other agencies named.\n"
                    for k, c in enumerate([*"uvwxyz", "aa", "bb"], 1))
    text = (HEAD + "Section 1. Each advisory committee listed below is continued until the\n"
            "last day of September, 2017, as the law provides, with its duties.\n"
            "(t) Committee for the Preservation of the White House; Executive Order\n"
            "11145, as amended (Department of the Interior), and its staff.\n" + items
            + SIGNED)
    assert read_order(text).shape == "wrapped"
    assert [label for _, label in _structure(text)] == ["t", *"uvwxyz", "aa", "bb"]


def test_a_list_opened_after_the_section_caption_colon() -> None:
    """'Sec. 2. Rationale: (a) This order finds that:' then (1)-(4) on their lines, then
    '(b) In light …' after a full line: (b) is the next item of the (a) run in after the
    section's colon (13155 rewrapped read (b) as a wrap of (4))."""
    text = (HEAD + "Sec. 2. Rationale: (a) This order finds that:\n"
            "(1) since the onset of the epidemic, approximately 34 million people living\n"
            "in the region have been infected with the disease;\n"
            "(2) access to effective therapeutics is determined by issues of price and of\n"
            "health system infrastructure for its delivery, and of sustainable financing.\n"
            "(b) In light of these findings, this order recognizes the need to act.\n"
            + SIGNED)
    assert _structure(text) == [("2", "1"), ("2", "2"), ("2", "b")]


def test_a_quoted_first_item_opens_its_list() -> None:
    """'``(a) Reconsideration. …' (a quoted passage's first item) then '(b) Exceptions.'
    after a full line: (b) is an item (12960 rewrapped)."""
    text = (HEAD + "Section 1. Rule 1009 is amended to read as follows, in all of its parts:\n"
            "``(a) Reconsideration. Subject to this rule, a sentence may be reconsidered\n"
            "at any time before such sentence is announced in open session of the court.\n"
            "(b) Exceptions. If the sentence announced in open session was less than\n"
            "the mandatory minimum, the court may reconsider such sentence.''\n"
            + SIGNED)
    assert _structure(text) == [("1", "b")]


def test_a_first_item_whose_next_is_far() -> None:
    """(a) after a sentence's end, its (b) more than 12 lines on at a line's start: (a)
    opens the list (12960 rewrapped read it as a wrap: the next item was looked for in 12
    lines only)."""
    long_item = ("the time of the court-martial, subject to the code, by reentry into the\n"
                 "armed forces or otherwise, as the law of the time of the offense holds.\n") * 7
    text = (HEAD + "Sec. 5. Jurisdiction. Court-martial jurisdiction terminates on discharge.\n"
            "The rule has exceptions for persons who committed offenses in the past.\n"
            "(a) A person who was subject to the code at the time an offense was\n"
            "committed may be tried by court-martial for that offense if:\n"
            "(1) For offenses occurring on or after 23 October 1992, the person is, at\n"
            + long_item + "(b) Pleading and proof. The inclusion of the rank is sufficient.\n"
            + SIGNED)
    assert _structure(text) == [("5", "a"), ("5", "1"), ("5", "b")]


def test_a_label_after_subsection_at_a_line_end_is_a_reference() -> None:
    """'… to meet the criteria in subsection' then '(a)(i) or (a)(ii) of this section' at
    a line's start: a reference, not an item (13622's PDF text made it a subsection)."""
    body = ("Sec. 2. (a) The Secretary of State is hereby authorized to impose on a\n"
            "person any of the sanctions described in section 3 of this order upon\n"
            "determining that the person is owned or controlled by, or under common\n"
            "ownership or control with, a person determined by the Secretary of\n"
            "State in accordance with this subsection to meet the criteria in subsection\n"
            "(a)(i) or (a)(ii) of this section, and knowingly participated in the\n"
            "activities referred to in that subsection.\n"
            "(b) Subsection (a)(i) of this section shall apply only in this case.\n")
    text = PDF_HEAD + HEAD + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("2", "a"), ("2", "b")]


def test_a_line_a_tenth_short_ends_its_paragraph() -> None:
    """'``(f) Article 119a--attempting to kill an unborn infant''' ends 12 short of the
    width: '(b) Paragraph' would not fit, '(b)' would, with a tenth of the width to spare:
    the quoted line ends its paragraph and (b) opens an item (13430's PDF text)."""
    body = ("Sec. 2. Part IV of the Manual for Courts-Martial, United States, is\n"
            "amended as follows, in each of the paragraphs named in this section:\n"
            "(a) Paragraph 4.c.(6) is amended by redesignating paragraph (f) as\n"
            "paragraph (g) and inserting the following new paragraph (f) after it:\n"
            "``(f) Article 119a--attempting to kill an unborn infant''\n"
            "(b) Paragraph 12a is amended by replacing the word ``Transportation''\n"
            "with the words ``Homeland Security'', in each of the places it stands\n"
            "in the paragraph, and by inserting after it the words that are set\n"
            "out in the table of the Secretary, as the Secretary shall publish it\n"
            "in the Federal Register, within thirty days of the date of this order.\n")
    _widths_ok(body)
    head = ("Executive Order 13999 of May 1, 2020\nA Title\nBy the authority vested in me "
            "as President by the Constitution and\nthe laws of the United States of America, "
            "it is hereby ordered that\nthe Manual be amended as this order provides.\n")
    _widths_ok(head)
    text = PDF_HEAD + head + body + SIGNED + PDF_SLUG
    assert _structure(text) == [("2", "a"), ("2", "b")]


_LONG = ("the Secretary shall report to the President on the matters of this order, and\n"
         "shall consult the heads of the other agencies named in it before each report.\n")


def test_furniture_after_the_order_leaves_its_text_flat() -> None:
    """Text rewrapped by hand with a dozen graphics' notes after the signature (an order's
    schedules): the blank lines the reader sets around the notes do not make the text one
    that sets its paragraphs apart, so (b) after a full line is still the next item of the
    (a) run in after the caption (13594 rewrapped)."""
    words = ("The Secretary shall report to the President on the matters of this order, "
             "and shall consult the heads of the agencies named in it. ") * 6
    graphics = "".join(f"[GRAPHIC] [TIFF OMITTED] TD23DE11.{k:03}\n" for k in range(60, 72))
    text = (HEAD + textwrap.fill(f"Section 1. Duties. {words}", 76) + "\n"
            "Sec. 2. Payments. (a) Locality-based comparability payments shall be paid.\n"
            "(b) The Director of the Office of Personnel Management shall take actions.\n"
            + textwrap.fill(f"Sec. 3. Reports. {words}", 76) + "\n"
            + "<GRAPHIC(S) NOT AVAILABLE IN TIFF FORMAT>\n(Presidential Sig.)\n" + SIGNED
            + "Billing code 3295-F2-P\n" + graphics
            + "[FR Doc. 2011-33087\nFiled 12-22-11; 8:45 am]\nBilling code 6235-01-C\n")
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("2", "a"), ("2", "b")]


def test_sections_set_apart_make_text_not_flat() -> None:
    """Hard-wrapped text with a blank line before every section (long paragraphs, few
    blank lines): not text without columns, so '(ii) …' at a line's start after a full
    line stays run in, as printed (13535 wrapped, once the furniture's blank lines no
    longer counted)."""
    words = ("The Secretary shall report to the President on the matters of this order, "
             "and shall consult the heads of the agencies named in it. ") * 10
    sections = "".join("\n" + textwrap.fill(f"Sec. {k}. Duties. {words}", 68) + "\n"
                       for k in (1, 2, 3))
    text = (HEAD + sections
            + "\nSec. 4. General Provisions. (a) Nothing in this order shall be\n"
            "construed to impair or otherwise affect: (i) authority granted by\n"
            "law or Presidential directive to an agency, or the head thereof; or\n"
            "(ii) functions of the Director of the OMB relating to budgetary,\n"
            "administrative, or legislative proposals.\n\n"
            "(b) This order shall be implemented consistent with applicable law.\n\n"
            + SIGNED)
    assert _structure(text) == [("4", "a"), ("4", "b")]


def test_a_first_item_after_a_colon_is_set_apart() -> None:
    """'(b) Section 5(b)(1) … is amended to read as follows:' (a full line) then '(1) If
    any department …', a list of one item: set apart, as the prints set a label after a
    colon 2,343 times in 2,476 (13020 rewrapped: it needed a next item at a line's start)."""
    text = (HEAD
            + "Section 1. Amendment. (a) Section 5(a)(3)(B) of the order is amended to read\n"
            "as follows, in the words that the Secretary of State shall give to the Chair.\n"
            "(b) Section 5(b)(1) of Executive Order 12981 is amended to read as follows:\n"
            "(1) If any department or agency disagrees with a licensing determination of\n"
            "the Department of Commerce made through the Chair of the OC, it may appeal.\n"
            + textwrap.fill("Sec. 2. Reports. " + _LONG.replace("\n", " ") * 3, 76) + "\n"
            + SIGNED)
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("1", "a"), ("1", "b"), ("1", "1")]


def test_pdf_text_with_paragraphs_apart_label_after_a_full_line() -> None:
    """A PDF's text that sets its paragraphs apart by blank lines: '(1)(A) Export …' at a
    line's start with no blank line before it, after a line the label did not fit on, is
    a wrap of '(a) Committees.', run in as printed (12981's PDF text made (1) and (A)
    items, and (A) a level deeper)."""
    words = ("The Secretary shall report to the President on the matters of this order, "
             "and shall consult the heads of the agencies named in it. ") * 3
    body = (textwrap.fill(f"Section 1. Duties. {words}", 58) + "\n\n"
            "Sec. 5. Interagency Dispute Resolution. (a) Committees.\n"
            "(1)(A) Export Administration Review Board. The Export\n"
            "Administration Review Board is hereby continued.\n\n"
            "(B) The Secretary may refer to the Board such matters.\n\n"
            + textwrap.fill(f"Sec. 6. Reports. {words}", 58) + "\n\n")
    _widths_ok(body, 58)
    text = PDF_HEAD + HEAD + "\n" + body + SIGNED + PDF_SLUG
    assert read_order(text).shape == "pdf"
    assert _structure(text) == [("5", "a"), ("5", "B")]


def test_labels_inside_a_closed_quote_are_not_the_lists() -> None:
    """'(c) Mil. R. Evid. 701 is amended to read as follows:' then a quoted rule with its
    own '(a) …, (b) …, and (c) …' run in, closed, then '(d) Mil. R. Evid. 702 …' after a
    full line: (d) is the next item of the order's list, the quote's run-in (c) is the
    quoted text's (13365 rewrapped made (d) a wrap of the quote)."""
    words = ("The Secretary shall report to the President on the matters of this order, "
             "and shall consult the heads of the agencies named in it. ") * 3
    text = (HEAD + textwrap.fill(f"Section 1. Duties. {words}", 76) + "\n"
            "Sec. 3. Part III of the Manual for Courts-Martial is amended as follows:\n"
            "(c) Mil. R. Evid. 701 is amended to read as follows:\n"
            "``If the witness is not testifying as an expert, the testimony of the witness\n"
            "in the form of opinions is limited to those opinions which are (a)\n"
            "rationally based on the perception of the witness, (b) helpful to a clear\n"
            "understanding of the testimony, and (c) not based in knowledge of Rule 702.''\n"
            "(d) Mil. R. Evid. 702 is amended to read as follows, in the words below:\n"
            "``If scientific knowledge will assist the trier of fact, a witness may testify\n"
            "in the form of an opinion.''\n" + SIGNED)
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("3", "c"), ("3", "d")]


def test_a_list_opened_after_a_caption_in_quotes() -> None:
    """'Sec. 5. … in Order to ``Hire American.'' (a) In order …' (a closing quote after
    the caption's stop) then '(b) …' after a full line: (b) is the next item of the (a)
    run in after the caption (13788 rewrapped read it as a wrap). The (a) itself stays in
    the section's paragraph, as the reader reads the GPO print."""
    words = ("The Secretary shall report to the President on the matters of this order, "
             "and shall consult the heads of the agencies named in it. ") * 3
    text = (HEAD + textwrap.fill(f"Section 1. Duties. {words}", 76) + "\n"
            "Sec. 5. Ensuring the Integrity of the Immigration System in Order to ``Hire\n"
            "American.'' (a) In order to advance the policy outlined in section 2(b) of\n"
            "this order, the Secretary of State and the Attorney General shall, as soon\n"
            "as practicable, propose new rules to protect the interests of the workers.\n"
            "(b) In order to promote the proper functioning of the H-1B visa program, the\n"
            "Secretary of State shall suggest reforms.\n" + SIGNED)
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("5", "b")]


def test_i_after_an_open_letter_list_at_h_is_the_next_letter() -> None:
    """In text without columns, '(i) To promote …' after '(h) … principles:' with its own
    '(i)', '(ii)', and the text going on with '(j)' (not '(ii)'): (i) is the letter list's
    next item, not a roman numeral opening a nested list (13559 and 13470 rewrapped ran it
    into the paragraph before, looking for '(ii)' next)."""
    text = (HEAD + "Section 1. Amendments. Executive Order 13279 is amended as follows:\n"
            "(g) Each agency shall ensure that organizations are treated equally and that\n"
            "nothing in this order requires them to change their governing documents.\n"
            "(h) Each agency responsible for administering or awarding Federal financial\n"
            "assistance for social service programs shall offer protections for\n"
            "beneficiaries of such programs pursuant to the following principles:\n"
            "(i) Referral to an Alternative Provider. If a beneficiary or prospective\n"
            "beneficiary of a social service program supported by Federal financial\n"
            "assistance objects to the religious character of an organization that\n"
            "provides services under the program, that organization shall, within a\n"
            "reasonable time after the date of the objection, refer the beneficiary to an\n"
            "alternative provider.\n"
            "(ii) Agency Responsibilities. Each agency responsible for administering a\n"
            "social service program or supporting a social service program with Federal\n"
            "financial assistance shall establish policies and procedures designed to\n"
            "ensure that appropriate and timely referrals are made to an alternative\n"
            "provider and that each beneficiary of a social service program receives a\n"
            "written notice of the protections set forth in this subsection prior to\n"
            "enrolling in or receiving services from such program, consistent with law.\n"
            "(i) To promote transparency and accountability, agencies that provide\n"
            "Federal financial assistance for social service programs shall post online,\n"
            "in an easily accessible manner, regulations, guidance documents, and\n"
            "policies that reflect or elaborate upon the fundamental principles described\n"
            "in this section, consistent with law and pursuant to guidance set forth in\n"
            "paragraph (c) of section 3 of this order.\n"
            "(j) Decisions about awards of Federal financial assistance must be free from\n"
            "political interference or even the appearance of such interference and must\n"
            "be made on the basis of merit, not on the basis of the religious affiliation.\n"
            "Sec. 2. General Provisions. This order shall be implemented consistent with\n"
            "applicable law and subject to the availability of appropriations.\n" + SIGNED)
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("1", "g"), ("1", "h"), ("1", "i"), ("1", "ii"),
                                ("1", "i"), ("1", "j")]
    assert read._letter_after(["(i) three;", "(j) four."], 0, "(i) three;", {"h"}) == "j"
    assert read._letter_after(["(i) three;", "(ii) four."], 0, "(i) three;", {"h"}) is None
