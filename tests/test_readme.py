"""The README's "Using wstools from Python" examples are doctests, kept true here."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples() -> None:
    text = README.read_text(encoding="utf-8")
    section = re.search(r"^## Using wstools from Python\n(.*?)^## ", text, re.S | re.M)
    assert section is not None
    examples = "\n".join(re.findall(r"```python\n(.*?)```", section.group(1), re.S))
    assert ">>> import wstools" in examples
    test = doctest.DocTestParser().get_doctest(examples, {}, "README", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5
