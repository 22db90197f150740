"""Issue #21, a seventh look at the shapes that rewrap the print (a PDF's text layer, text
rewrapped by hand, hard-wrapped text): labels the print runs in that a rewrap puts at a
line's start read as run in, not as items, and items the print sets apart stay items."""

from __future__ import annotations

import textwrap

from tests.test_eo_audit6 import HEAD, PDF_HEAD, PDF_SLUG, SIGNED, _structure
from wstools.eo.read import read_order

POLICY = ("Sec. 1. Policy. The Secretary shall report to the President on the\n"
          "progress of the agencies in carrying out this order, and the report\n"
          "shall be made public within ninety days of the date of this order.\n")


def _pdf(body: str) -> str:
    return PDF_HEAD + HEAD + POLICY + body + SIGNED + PDF_SLUG


def test_a_list_of_clauses_run_in_after_a_colon_goes_on_run_in() -> None:
    """'… the following areas of the Outer Continental Shelf: (1) the area …; and' then
    '(2) the lease blocks …' at a line's start after a full line: the list of clauses run in
    after a colon goes on run in (13754's print; 13096's 'six goals: (1) improving …;' the
    same). It made (2) an item."""
    body = ("Sec. 2. Withdrawal. I hereby withdraw from disposition by leasing\n"
            "for a time period without specific expiration the following areas\n"
            "of the Outer Continental Shelf: (1) the area currently designated\n"
            "by the Bureau of Ocean Energy Management as the Norton Basin; and\n"
            "(2) the lease blocks within the Bureau's St. Matthew-Hall Planning\n"
            "Area lying within 25 nautical miles of St. Lawrence Island. The\n"
            "boundaries of the withdrawn areas are delineated in the attached map.\n"
            "Sec. 3. General Provisions. (a) This order shall be implemented\n"
            "consistent with applicable law and subject to the availability of\n"
            "appropriations.\n")
    assert _structure(_pdf(body)) == [("3", "a")]


def test_a_sections_own_letters_after_a_colon_stay_items() -> None:
    """A section's own (a) run in after its colon ('Each Center shall, …: (a) conduct …;')
    opens the list the next letters go on set apart (13198's print: 28 times in 33)."""
    body = ("Sec. 2. Mission. Each Center shall, as permitted by law: (a) conduct\n"
            "a department-wide audit to identify all of the barriers that stand in\n"
            "the way of community organizations in the Federal programs it runs;\n"
            "(b) coordinate a comprehensive effort to incorporate organizations\n"
            "in department programs and initiatives to the greatest extent; and\n"
            "(c) propose initiatives to remove the barriers identified by them.\n")
    assert _structure(_pdf(body)) == [("2", "a"), ("2", "b"), ("2", "c")]


def test_a_list_run_in_after_a_colon_whose_next_item_is_set_apart() -> None:
    """'… negligently: (1) disclose …;' then '(2) classify …' after a full line, and '(3)'
    after a line cut short: the list is set apart, (2) is its item (12958's print)."""
    body = ("Sec. 2. Sanctions. (a) Officers and employees shall be subject to\n"
            "sanctions if they knowingly, willfully, or negligently: (1) disclose\n"
            "to unauthorized persons information properly classified by orders;\n"
            "(2) classify or continue the classification of the information in\n"
            "violation of this order or any implementing directive;\n"
            "(3) create a special access program contrary to this order; or\n"
            "(4) contravene any other provision of this order.\n"
            "(b) Sanctions may include reprimand, suspension without pay, or the\n"
            "removal of the officer or employee from the service of the agency.\n")
    assert _structure(_pdf(body)) == [("2", "a"), ("2", "2"), ("2", "3"), ("2", "4"),
                                      ("2", "b")]


def test_a_label_after_a_full_line_in_text_set_apart_by_blank_lines_is_a_wrap() -> None:
    """Hard-wrapped text that sets its paragraphs apart by blank lines: '(iii)' at a line's
    start after a full line ('… regulation; or'), no blank line before it, is the print's
    run-in '; or (iii) the functions …', though '(ii)' opened the paragraph (13609's
    '(vi)' in the fr1970 and bare shapes, 13950's '(b)' wrapped: both were made items)."""
    body = ("Sec. 1. Policy. The Secretary shall report to the President on the\n"
            "progress of the agencies in carrying out this order, and the report\n"
            "shall be made public within ninety days of the date of this order.\n\n"
            "Sec. 2. General Provisions. (a) Nothing in this order shall be\n"
            "construed to impair or otherwise affect:\n\n"
            "(i) the authority granted by law to a department or agency, or the\n"
            "head thereof;\n\n"
            "(ii) activities in connection with subchapter II of chapter 53 of\n"
            "title 31 of the United States Code, title 26 of the United States\n"
            "Code, or Public Law 111-203 and other laws relating to regulation; or\n"
            "(iii) the functions of the Director relating to budgetary proposals.\n\n"
            "(b) This order shall be implemented consistent with applicable law\n"
            "and subject to the availability of appropriations.\n\n")
    text = HEAD + "\n" + body + SIGNED
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("2", "a"), ("2", "i"), ("2", "ii"), ("2", "b")]


def test_a_word_broken_before_a_paragraphs_short_last_line_keeps_the_line_short() -> None:
    """A PDF's text: 'the follo-' then 'wing:' alone, the paragraph's last line, then the
    quoted passage. The word joined whole goes down to its short line ('following:'), which
    still reads as a paragraph's end; joined up, the line read full and the quoted passage
    ran on into the section, its '(a)' then split off as an item (13474's print)."""
    body = ("Sec. 2. Executive Order 12962 of June 7, 1995, is amended: (a) in\n"
            "the preamble, by striking ``and the Magnuson Act'' and by then\n"
            "inserting before ``, and other pertinent statutes,'' the follo-\n"
            "wing:\n"
            "``the National Marine Sanctuaries Act of 1972 (16 U.S.C. 1431 et\n"
            "seq.), the National Wildlife Refuge System Administration Act of\n"
            "1966 (16 U.S.C. 668dd-ee), the National Park Service Act''; and\n"
            "(b) by redesignating subsections (d) through (i) in section 1 as\n"
            "subsections (e) through (j), respectively, in the order.\n")
    order = read_order(_pdf(body))
    assert order.shape == "pdf"
    assert _structure(_pdf(body)) == [("2", "b")]
    assert "following:" in order.sections[1].blocks[0].text


def test_a_label_after_a_full_line_before_a_run_in_item_is_a_wrap() -> None:
    """Text without columns: '(a) one …;' opened a paragraph (after a line cut short),
    '(b) an …' comes at a line's start after a full line and '(c)' runs in after it: the
    list is run in, (b) with it (13950's print, whose (a) opens a page). It made (b) an
    item."""
    body = ("Sec. 2. Grants. The heads of all the agencies shall review their grant\n"
            "programs and identify the programs for which the agency may require a\n"
            "recipient to certify it will not promote the concepts that\n"
            "(a) one race or sex is inherently superior to any other race or sex;\n"
            "(b) an individual, by virtue of his or her race or sex, is a racist,\n"
            "sexist, or oppressive, whether consciously or not; (c) an individual\n"
            "should be discriminated against because of his or her race or sex.\n")
    assert _structure(_pdf(body)) == [("2", "a")]


def test_a_label_the_line_before_had_room_for_stays_an_item() -> None:
    """'(iii)' after a line it would have fit at the end of ('… or to this order;') opens
    an item though '(iv)' runs in after it (13469's print: (i)-(vii) set apart, '; or
    (viii)' run in)."""
    body = ("Sec. 2. Persons. The persons determined by the Secretary are these:\n"
            "(i) to be a senior official of the Government of Zimbabwe or of the\n"
            "party that governs it, or an agency of either of them, as named;\n"
            "(ii) to be a spouse or dependent child of any person whose property\n"
            "is blocked pursuant to Executive Order 13288 or to this order;\n"
            "(iii) to have materially assisted, sponsored, or provided support\n"
            "for the Government of Zimbabwe or any of its officials, as named by\n"
            "the Secretary, in consultation with the Secretary of State; or (iv)\n"
            "to be owned or controlled by any person named in this order.\n")
    assert _structure(_pdf(body)) == [("2", "i"), ("2", "ii"), ("2", "iii")]


def _rewrapped(paragraphs: list[str], width: int = 78) -> str:
    """Plain text rewrapped by a program at ``width``, paragraphs one after another."""
    return "".join(textwrap.fill(p, width, break_on_hyphens=False) + "\n"
                   for p in paragraphs)


TOP = "Executive Order 13999 of May 1, 2020\nA Title\n"
PREAMBLE = ("By the authority vested in me as President by the Constitution and the laws of "
            "the United States of America, it is hereby ordered as follows:")


POLICY_LONG = ("Sec. 1. Policy. The Secretary shall report to the President on the progress of "
               "the agencies in carrying out this order, and the report shall be made public "
               "within ninety days of the date of this order, in the form the Secretary sets "
               "for it. The report shall describe the measures each agency has taken, the "
               "resources it has used for them, the results it has seen, and the measures it "
               "plans to take in the year ahead, with the reasons for each of them, so that "
               "the President may judge the progress made and the work that remains to be "
               "done by the agencies under the terms of this order and of the laws it "
               "carries out. The Secretary shall also report on the measures the agencies "
               "have taken together, on those they have taken with the States and with "
               "private bodies, and on the advice the Council has given the agencies on the "
               "measures they have taken, so that the report shows the work of the "
               "Government as a whole and not only that of each agency by itself.")
OFFENSES = ["Sec. 2. Lesser included offenses. The lesser included offenses are these, and "
            "the Secretary shall publish them in the manual with the other offenses:",
            "(1) Killing an unborn child. Article 119a--injuring an unborn child",
            "(2) Intentionally killing an unborn child.",
            "(a) Article 119a--killing an unborn child",
            "(b) Article 119a--attempts (attempting to kill an unborn child)",
            "Sec. 3. Maximum punishment. The maximum punishment for each offense is the one "
            "the Code sets for the offense against the mother, as the manual describes it."]


def test_plain_text_a_label_the_line_before_had_room_for_opens_an_item() -> None:
    """Plain text rewrapped by a program, no blank lines: '(2) Intentionally …' after '(1)
    Killing an unborn child. Article 119a--injuring an unborn child', a line with room for
    '(2)' at its end: a wrap would have put it there, so the line ends its paragraph, though
    it ends no clause (13430's lesser included offenses: (2) was run into (1))."""
    text = TOP + _rewrapped([PREAMBLE, POLICY_LONG, *OFFENSES]) + SIGNED
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("2", "1"), ("2", "2"), ("2", "a"), ("2", "b")]


def test_text_copied_from_proportional_type_keeps_the_wider_margin() -> None:
    """The same text where many lines had room for the next line's first word (copied
    from a PDF's proportional type, not filled character by character): a label the line
    before had room for is not taken for an item on that alone."""
    policy = _rewrapped([POLICY_LONG]).split("\n")[:-1]
    # every second line of the policy ends a word early, as proportional type breaks it
    ragged = [" ".join(line.split()[:-1]) + "\n" + line.split()[-1] if k % 2 == 0 else line
              for k, line in enumerate(policy)]
    text = TOP + _rewrapped([PREAMBLE]) + "\n".join(ragged) + "\n" + _rewrapped(OFFENSES) \
        + SIGNED
    assert read_order(text).shape == "wrapped"
    assert _structure(text) == [("2", "1"), ("2", "a"), ("2", "b")]


def test_a_pdfs_items_set_one_a_line_between_blank_line_paragraphs() -> None:
    """A PDF's text that sets its paragraphs apart by blank lines but a list one item a
    line: '(2) the resources …' after '(1) …; and', a full line, is an item. A PDF's text
    has no line cut short to tell a wrap by (its type is proportional), so the wrap rule of
    hard-wrapped text is not applied to it (the branch's first form of that rule lost
    this (2))."""
    body = ("Sec. 1. Policy. The Secretary shall report to the President on the\n"
            "progress of the agencies in carrying out this order, and the report\n"
            "shall be made public within ninety days of the date of this order.\n\n"
            "Sec. 2. Duties. (a) The Council shall advise the President on the\n"
            "measures the agencies take under this order, and in particular on:\n\n"
            "(1) the progress the agencies make in meeting the goals of the plan\n"
            "that the Secretary of the Interior publishes every year for them; and\n"
            "(2) the resources the agencies need to meet the goals in the years\n"
            "ahead.\n\n"
            "(b) The Council shall meet at the call of its Chair.\n\n")
    text = PDF_HEAD + HEAD + "\n" + body + SIGNED + PDF_SLUG
    assert read_order(text).shape == "pdf"
    assert _structure(text) == [("2", "a"), ("2", "1"), ("2", "2"), ("2", "b")]


def test_a_capitalized_word_broken_before_a_short_last_line_joins_up() -> None:
    """'… the Secretary of the Inte-' then 'rior.' alone: a word in capitals goes up whole
    as before, so that the line it would leave, shorter, is not read as a paragraph's end
    before 'Interior.' (a line in lower case is kept on by _runs_on; one in capitals is
    not)."""
    body = ("Sec. 2. Report. The Council shall report each year to the President\n"
            "on its work, with the advice of the Secretary of the Inte-\n"
            "rior.\n"
            "Sec. 3. General Provisions. (a) This order shall be implemented\n"
            "consistent with applicable law and subject to the availability of\n"
            "appropriations.\n")
    order = read_order(_pdf(body))
    assert order.sections[1].blocks[0].text.endswith("Secretary of the Interior.")
