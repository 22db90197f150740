"""Law-start search: the shortcut for clean, consecutive numbers finds what the full
search finds."""

from hypothesis import given, settings
from hypothesis import strategies as st

from wstools.laws.numbering import find_law_starts

SENTENCES = ["The dealer must cut.", "If a card is exposed, it may be called.",
             "A revoke costs three tricks.", "The pack is shuffled by the player."]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=180), st.integers(min_value=1, max_value=25),
       st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=3))
def test_consecutive_clean_numbers_take_the_shortcut_to_the_same_answer(
        first: int, count: int, body: list[str]) -> None:
    text = "\n".join(f"{n}. {' '.join(body)}" for n in range(first, first + count))
    found = find_law_starts(text)
    assert [(s.token, s.number, s.cost) for s in found] == \
        [(str(n), n, 0.0) for n in range(first, first + count)]
    # with both ends given, the full search runs: the same path
    assert found == find_law_starts(text, first=first, last=first + count - 1)


def test_a_garbled_number_still_gets_the_full_search() -> None:
    text = "53. The pack. 54. If he. Cl. A card. 56. The player. 57. The"
    assert [(s.token, s.number) for s in find_law_starts(text)] == \
        [("53", 53), ("54", 54), ("Cl", 55), ("56", 56), ("57", 57)]
