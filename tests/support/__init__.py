"""Test and evaluation code that is not installed with wstools (issue 23): the fidelity
suite (:mod:`tests.support.fidelity`), the MediaWiki oracle (:mod:`tests.support.oracle`),
the HTML comparison (:mod:`tests.support.compare`) and the generated dumps
(:mod:`tests.support.generate`). Tests, benchmarks, scripts and ``.ci/run`` import them from
the checkout's root (``python -m tests.support.fidelity summary``)."""
