"""The one base class of the errors ``wstools`` reports as a message and exit code 2.

Every error a user can cause derives from :class:`WstoolsError`: a bad input or output file
(:class:`InputError`, ``io.output.OutputError``), a corpus file (``corpus.store.CorpusError``),
a dump (``io.dumps.DumpError``), a page serialisation (``page.PageFormatError``),
TemplateData (``wikitext.registry.TemplateDataError``), a wiki (``wiki.WikiError``). The
command's top-level handler catches :class:`WstoolsError` once and prints
:meth:`WstoolsError.format`, exit 2. Those that callers catch as ``ValueError`` keep it as a
second base.

>>> from wstools.page import PageFormatError
>>> issubclass(PageFormatError, WstoolsError) and issubclass(PageFormatError, ValueError)
True
>>> WstoolsError("page.txt", "no such file").format()
'page.txt: no such file'
>>> WstoolsError("", "a problem without a file").format()
'a problem without a file'
"""

from __future__ import annotations


class WstoolsError(Exception):
    """A problem with a file the user gave (input or output): ``file: message``, exit 2.
    ``file`` is empty when the problem is not one file's."""

    def __init__(self, file: str, message: str) -> None:
        super().__init__(message)
        self.file = file

    def format(self) -> str:
        """The one line the command prints."""
        return f"{self.file}: {self}" if self.file else str(self)


class InputError(WstoolsError):
    """An input that cannot be processed; reported with its position, exit code 2."""

    def __init__(self, file: str, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(file, message)
        self.line, self.column = line, column

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: input-error {self}"
