"""MediaWiki's limits: loops, depth 40, the post-expand size cap; all stop in under a second."""

from __future__ import annotations

import time

from wstools.wikitext.expand import Expander, Limits
from wstools.wikitext.registry import Registry


def timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def test_self_transclusion_is_a_loop(trap_registry: Registry) -> None:
    result, elapsed = timed(lambda: Expander(trap_registry).expand("{{Test loop}}"))
    assert result.text == ('before <span class="error">Template loop detected: '
                           '[[Template:Test loop]]</span> after')
    assert [d.code for d in result.diagnostics] == ["template-loop"]
    assert elapsed < 1.0


def test_depth_limit_is_40(trap_registry: Registry) -> None:
    result, elapsed = timed(lambda: Expander(trap_registry).expand("{{Test deep 0}}"))
    assert "<38>" in result.text and "<44>" not in result.text
    assert "limit exceeded" in result.text
    assert "depth-limit" in {d.code for d in result.diagnostics}
    assert elapsed < 1.0


def test_doubling_40_levels_hits_the_size_cap(trap_registry: Registry) -> None:
    result, elapsed = timed(lambda: Expander(trap_registry).expand("{{Test double 0}}"))
    assert "size-limit" in {d.code for d in result.diagnostics}
    assert len(result.text) < 3 * 1024 * 1024
    assert elapsed < 1.0, f"took {elapsed:.2f}s"


def test_doubling_without_arguments_uses_the_empty_frame_cache() -> None:
    reg = Registry()
    for k in range(40):
        reg.add(f"Template:D{k}", f"{{{{D{k + 1}}}}}{{{{D{k + 1}}}}}")
    reg.add("Template:D40", "xy")
    result, elapsed = timed(lambda: Expander(reg).expand("{{D0}}"))
    assert {d.code for d in result.diagnostics} >= {"size-limit"}
    assert elapsed < 1.0


def test_smaller_limits_are_honoured() -> None:
    reg = Registry()
    reg.add("Template:Big", "x" * 1000)
    result = Expander(reg, limits=Limits(post_expand_size=2500)).expand("{{Big}}" * 5)
    assert result.text.count("x" * 1000) == 2
    assert "post-expand include size too large" in result.text


def test_mutual_recursion_is_a_loop() -> None:
    reg = Registry()
    reg.add("Template:A", "a{{B}}")
    reg.add("Template:B", "b{{A}}")
    result = Expander(reg).expand("{{A}}")
    assert result.text == 'ab<span class="error">Template loop detected: [[Template:A]]</span>'


def test_redirect_loop_does_not_hang() -> None:
    reg = Registry()
    reg.add("Template:A", "#REDIRECT [[Template:B]]")
    reg.add("Template:B", "#REDIRECT [[Template:A]]")
    result = Expander(reg).expand("{{A}}")
    assert [d.code for d in result.diagnostics] == ["unknown-template"]
