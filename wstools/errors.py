"""The one base class of the errors ``wstools`` reports as a message and exit code 2."""

from __future__ import annotations


class WstoolsError(Exception):
    """A problem with a file the user gave (input or output): ``file: message``, exit 2."""

    def __init__(self, file: str, message: str) -> None:
        super().__init__(message)
        self.file = file

    def format(self) -> str:
        return f"{self.file}: {self}"
