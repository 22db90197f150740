"""The one base class of the errors ``wstools`` reports as a message and exit code 2."""

from __future__ import annotations


class WstoolsError(Exception):
    """A problem with a file the user gave (input or output): ``file: message``, exit 2."""

    def __init__(self, file: str, message: str) -> None:
        super().__init__(message)
        self.file = file

    def format(self) -> str:
        return f"{self.file}: {self}"


class InputError(WstoolsError):
    """An input that cannot be processed; reported with its position, exit code 2."""

    def __init__(self, file: str, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(file, message)
        self.line, self.column = line, column

    def format(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: input-error {self}"
