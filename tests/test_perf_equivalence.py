"""Rewritten expressions and functions match what they replaced (issue 23's speed-ups):
the old form is kept here, and both are run on generated input."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from wstools.running_head import _CLOSES_FIRST

_CLOSES_FIRST_BEFORE = regex.compile(r"[^\n()]*[ \t][^\n()]*\)")

_TEXT = st.text(alphabet=st.sampled_from(list("ab \t\n()x.")), max_size=40)


@settings(max_examples=3000, deadline=None)
@given(_TEXT)
def test_closes_first_matches_as_before(text: str) -> None:
    assert (_CLOSES_FIRST.match(text) is None) == (_CLOSES_FIRST_BEFORE.match(text) is None)
