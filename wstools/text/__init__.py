"""Cleanup of OCR and web-reprint text as explainable fixes (see :func:`clean`)."""

from .pipeline import DEFAULT_FIXES, FIXES, CleanResult, Mark, Options, clean
from .vocabulary import Vocabulary

__all__ = ["DEFAULT_FIXES", "FIXES", "CleanResult", "Mark", "Options", "Vocabulary", "clean"]
