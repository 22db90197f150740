"""Page: serialisation: read and written back losslessly, in every form."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from wstools.page import LEVELS, Page, PageFormatError, new_page, quality_tag, read_page

FORMS = [
    # canonical
    '<noinclude><pagequality level="3" user="Ann" />{{rh|600|WHIST|}}</noinclude>Body.'
    '<noinclude>{{smallrefs}}</noinclude>',
    # no header text, empty footer
    '<noinclude><pagequality level="1" user="OCR" /></noinclude>Body<noinclude></noinclude>',
    # header only, no footer
    '<noinclude><pagequality level="2" user="X" />H</noinclude>Body text\n',
    # no quality tag at all
    "<noinclude>{{rh|1|T|}}</noinclude>Body<noinclude></noinclude>",
    # legacy pagetext div and PageQuality template
    '<noinclude>{{PageQuality|4|Old}}<div class="pagetext">\n\n\n</noinclude>Body'
    "<noinclude><references/></div></noinclude>",
    # empty close tag, single quotes, odd whitespace
    "<noinclude> <pagequality level='0' user='Z'></pagequality>\n\n</noinclude>\n Body \n"
    "<noinclude>\n</noinclude>\n\n",
    # bare OCR text; text with noinclude only inside
    "Plain OCR text, never saved as a Page.",
    "Text <noinclude>x</noinclude> more",
    # unclosed header
    "<noinclude>never closed",
    "",
]


@pytest.mark.parametrize("text", FORMS)
def test_round_trip_every_form(text: str) -> None:
    assert read_page(text).wikitext() == text


def test_parts_and_levels() -> None:
    p = read_page(FORMS[0])
    assert (p.level, p.user, p.header, p.body, p.footer) == (
        3, "Ann", "{{rh|600|WHIST|}}", "Body.", "{{smallrefs}}")
    assert p.level_name == "Proofread"
    legacy = read_page(FORMS[4])
    assert (legacy.level, legacy.user, legacy.header, legacy.footer) == (
        4, "Old", "", "<references/>")
    assert read_page(FORMS[3]).level == 1  # ProofreadPage's default
    assert read_page(FORMS[6]).body == FORMS[6]
    assert [LEVELS[i] for i in range(5)] == ["Without text", "Not proofread", "Problematic",
                                             "Proofread", "Validated"]


def test_changes_are_written_canonically_and_the_rest_kept() -> None:
    p = read_page(FORMS[5])
    p.level = 3
    out = p.wikitext()
    assert out.startswith('<noinclude><pagequality level="3" user="Z" />\n\n</noinclude>')
    assert out.endswith("\n Body \n<noinclude>\n</noinclude>\n\n")
    bare = read_page("OCR text")
    bare.header = "{{rh|2|X|}}"
    assert bare.wikitext() == ('<noinclude><pagequality level="1" user="" />{{rh|2|X|}}'
                               "</noinclude>OCR text<noinclude></noinclude>")


def test_user_names_are_escaped_and_read_back() -> None:
    p = new_page("B", level=2, user='A "quoted" <name>')
    assert quality_tag(2, 'A "quoted" <name>') in p.wikitext()
    assert read_page(p.wikitext()).user == 'A "quoted" <name>'


def test_bad_levels_and_parts_are_refused() -> None:
    with pytest.raises(PageFormatError):
        new_page("x", level=5)
    p = new_page("x")
    p.level = 7
    with pytest.raises(PageFormatError):
        p.wikitext()
    p = new_page("x", header="a</noinclude>b")
    with pytest.raises(PageFormatError):
        p.wikitext()


def test_json_form() -> None:
    p = read_page(FORMS[0])
    d = p.to_dict()
    assert d == {"header": "{{rh|600|WHIST|}}", "body": "Body.", "footer": "{{smallrefs}}",
                 "level": {"level": 3, "user": "Ann"}}
    assert Page.from_dict(d).wikitext() == FORMS[0]


text_part = st.lists(st.sampled_from(list("ab \n\t{}|<>/=\"'") + [
    "<ref>x</ref>", "{{rh|1|T|}}", "<div>", "</div>", "<noinclude>"]), max_size=20).map("".join)


@given(header=text_part, body=text_part, footer=text_part, level=st.integers(0, 4),
       user=st.text(max_size=8), trailing=st.sampled_from(["", "\n", "\n\n  "]))
def test_round_trip_generated(header: str, body: str, footer: str, level: int, user: str,
                              trailing: str) -> None:
    assume("<noinclude>" not in footer)
    stored = new_page(body, header, footer, level, user).wikitext() + trailing
    again = read_page(stored)
    assert again.wikitext() == stored
    assert again.level == level and again.user == user


@given(st.text(max_size=80))
def test_any_text_round_trips(text: str) -> None:
    assert read_page(text).wikitext() == text
