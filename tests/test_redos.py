"""Regular expressions on hostile input (issue 18): each takes linear time on 64 KB.

Each input made the old pattern backtrack for seconds to hours (exponential, cubic or
quadratic); the bound is generous (2 s where the fixed pattern takes milliseconds) so that
a slow shared machine does not fail it. A few hand-picked cases check that the matches
are the old pattern's on normal input too.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from wstools.eo import read
from wstools.laws import parse
from wstools.text import web
from wstools.wikitext import functions, plain

SIZE = 64_000
BOUND = 2.0


def _fr_filed(text: str) -> object:
    return read._FR_FILED.search(text, 0, text.rfind("]") + 1)


HOSTILE: dict[str, tuple[Callable[[str], object], str]] = {
    # #iferror's error tag: exponential in the blanks (30 took 30 s)
    "iferror-blanks": (functions.find_error, "<p" + " " * SIZE + "x"),
    "iferror-openings": (functions.find_error, "<p " * (SIZE // 3)),
    "iferror-classes": (functions.find_error, '<p class="' + "error " * (SIZE // 6)),
    "iferror-attributes": (functions.find_error, "<p " + "a " * (SIZE // 2) + 'class="x'),
    # laws/parse.py NOTE: cubic in a run of dashes or blanks (2,000 dashes took 12 s)
    "note-dashes": (parse.NOTE.match, "[NOTE" + "—" * SIZE + "x"),
    "note-dashes-inside": (parse.NOTE.match, "[NOTE—a" + "—" * SIZE + "x"),
    "note-blanks": (parse.NOTE.match, "[NOTE—" + "— " * (SIZE // 2) + "x"),
    # laws/parse.py wikitext heading: cubic in blanks, quadratic in braces and prefixes
    "heading-blanks": (parse._WIKI_HEADING.match, "=" + " " * SIZE + "x"),
    "heading-equals": (parse._WIKI_HEADING.match, "=a" + "= " * (SIZE // 2) + "x"),
    "heading-braces": (parse._WIKI_HEADING.match, "{{c|" + "}" * SIZE + "x"),
    "heading-prefixes": (parse._WIKI_HEADING.match, "{{c|" * (SIZE // 4) + "x"),
    # eo/read.py [FR Doc. … Filed …]: cubic in blanks (2,000 took 7 s)
    "frdoc-blanks": (_fr_filed, "[FR Doc.0" + " " * SIZE + "\n"),
    "frdoc-blanks-closed": (_fr_filed, "[FR Doc.0" + " " * SIZE + "x]"),
    "frdoc-starts": (_fr_filed, "[FR Doc.1 " * (SIZE // 10) + "]"),
    # eo/read.py the order's head line: quadratic in blank lines (64 KB of newlines: 8 s)
    "eo-line-newlines": (read.EO_LINE.search, "\n" * SIZE),
    "eo-line-blank-lines": (read.EO_LINE.search, " \n" * (SIZE // 2) + "Executive Order 1 of x"),
    # wikitext/plain.py links dropped from plain text: quadratic ([[ + 20k blanks: 16 s)
    "link-blanks": (plain._LINK_DROP.match, " " * SIZE + "x"),
    "link-colon": (plain._LINK_DROP.match, " " * (SIZE // 2) + ":" + " " * (SIZE // 2) + "x"),
    # text/web.py features of site chrome: quadratic (64 KB of a.a.a. took 16 s, ab-ab-… 49 s)
    "email-dots": (web.find_emails, "a." * (SIZE // 2)),
    "email-ats": (web.find_emails, "a@" * (SIZE // 2)),
    "email-protected": (web.find_emails, "a@b.c[email protected]" * (SIZE // 21)),
    "domain-hyphens": (web._FEATURES[0][1].findall, "ab-" * (SIZE // 3) + ".x"),
    "quoted-openings": (web._quoted, "“" * SIZE),
    "quoted-apostrophes": (web._quoted, " ‘" * (SIZE // 2) + "’x"),
    "boilerplate-dots": (web.remove_boilerplate, "a." * (SIZE // 2) + "\n"),
    # wikitext/functions.py {{anchorencode:}}: quadratic ([[ x 32,000: 30 s)
    "anchorencode-links": (functions._anchorencode, "[[" * (SIZE // 2)),
    "anchorencode-links-x": (functions._anchorencode, "[[x" * (SIZE // 3) + "]"),
    "anchorencode-tags": (functions._anchorencode, "<" * SIZE),
    # wikitext/plain.py: a run of line breaks with no paragraph in it (<br> x 16,000)
    "plain-breaks": (plain._finish, "\x00B" * (SIZE // 2)),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_linear_on_hostile_input(name: str) -> None:
    find, text = HOSTILE[name]
    start = time.process_time()
    find(text)
    assert time.process_time() - start < BOUND, name


def test_iferror_still_finds_errors() -> None:
    assert functions.find_error('<strong class="error">x</strong>')
    assert functions.find_error('<p <span id="a"  class="big error x">')
    assert functions.find_error('<div\nclass="a\terror">')
    assert not functions.find_error('<p class="errors">')
    assert not functions.find_error('<p> class="error"')
    assert not functions.find_error('<p class="error')


def test_note_and_heading_keep_their_matches() -> None:
    m = parse.NOTE.match("[NOTE.—See Law 12.—ED.]")
    assert m and m.group("t") == "See Law 12."
    m = parse.NOTE.match("[NOTE——ED.]")   # one run of dashes: an empty note, as before
    assert m and m.group("t") == ""
    m = parse.NOTE.match("NOTE—A law.")
    assert m and m.group("n") == "A law."
    m = parse._WIKI_HEADING.match("{{c|{{sc|Of the Deal}}}}")
    assert m and m.group("h") == "Of the Deal"
    m = parse._WIKI_HEADING.match("{{c|x}}}")     # odd braces: one is the heading's
    assert m and m.group("h") == "x}"
    m = parse._WIKI_HEADING.match("== Of  Cutting ==")
    assert m and m.group("e") == "Of  Cutting"
    m = parse._WIKI_HEADING.match("===")
    assert m and m.group("e") == "" and m.span("e") == (2, 2)


def test_fr_doc_filed_keeps_its_matches() -> None:
    text = "x [FR Doc. 95-3321\nFiled 2-6-95; 8:45 am]\nBilling code 3195-01-P"
    m = _fr_filed(text)
    assert m and m.group(1) == "2-6-95; 8:45 am"
    m = _fr_filed("[FR Doc. 95-1 Filed ]")   # the old backtracking's answers
    assert m and m.group(4) == "Filed"
    m = _fr_filed("[FR Doc. 95-1  ]")
    assert m and m.group(2) == " "


def test_web_features_keep_their_matches() -> None:
    assert web.find_emails("mail a.b@c.org or [email\n protected] now") == [
        "a.b@c.org", "[email\n protected]"]
    assert web.find_emails("(see x@y.com-z@w.net)") == ["x@y.com-z@w.net"]
    assert web._FEATURES[0][1].findall("abc.com-def.org and --abc.net") == [
        "abc.com", "-def.org", "abc.net"]
    assert web._quoted('say "a b" and ‘c’ but not d’s ‘e’f') == "a b c"
