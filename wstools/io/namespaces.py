"""The names of ProofreadPage's ``Page`` namespace, to find it in a dump's ``<siteinfo>``.

The number of the Page: namespace differs from wiki to wiki (104 on en.wikisource, 102 on
de, 108 on it, 250 on a lab wiki) and 104 may be another namespace (de: Index, it:
Progetto): the Page namespace of a dump is the one its siteinfo names with one of these
names (or, where the siteinfo gives it, whose canonical name is one of them).

The table is ProofreadPage's own (``ProofreadPage.namespaces.php``: the ``page`` name of
each language, and its aliases); zh.wikisource keeps the English name.

>>> sorted(page_namespaces({0: "", 102: "Seite", 104: "Index"}))
[102]
>>> sorted(page_namespaces({104: "Progetto", 108: "Pagina", 110: "Indice"}))
[108]
>>> sorted(page_namespaces({104: "Index", 106: "Portal"}))
[]
>>> sorted(page_namespaces({250: "Seite"}, {250: "Page"}))
[250]
>>> [is_page_namespace_name(n) for n in ("Página", "página", "Page_talk", "Index")]
[True, True, False, False]
"""

from __future__ import annotations

# language → the names of the Page namespace (the first is the name, the others aliases)
PAGE_NAMESPACE_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Page",),
    "ar": ("صفحة",),
    "as": ("পৃষ্ঠা",),
    "be": ("Старонка",),
    "bn": ("পাতা",),
    "br": ("Pajenn",),
    "ca": ("Pàgina",),
    "cs": ("Stránka",),
    "cy": ("Tudalen",),
    "da": ("Side",),
    "de": ("Seite",),
    "el": ("Σελίδα",),
    "eo": ("Paĝo",),
    "es": ("Página",),
    "et": ("Lehekülg",),
    "fa": ("برگه",),
    "fi": ("Sivu",),
    "fr": ("Page",),
    "frr": ("Seite",),
    "gl": ("Páxina",),
    "gu": ("પૃષ્ઠ",),
    "he": ("עמוד",),
    "hr": ("Stranica",),
    "hu": ("Oldal",),
    "hy": ("Էջ",),
    "id": ("Halaman",),
    "is": ("Blaðsíða",),
    "it": ("Pagina",),
    "kn": ("ಪುಟ",),
    "ko": ("페이지",),
    "la": ("Pagina",),
    "ml": ("താൾ",),
    "mr": ("पान",),
    "nb": ("Side",),
    "nl": ("Pagina",),
    "or": ("ପୃଷ୍ଠା",),
    "pl": ("Strona",),
    "pt": ("Página",),
    "ro": ("Pagină",),
    "ru": ("Страница",),
    "sa": ("पृष्ठम्", "पुटम्"),
    "sl": ("Stran",),
    "sv": ("Sida",),
    "ta": ("பக்கம்",),
    "te": ("పుట",),
    "th": ("หน้า",),
    "uk": ("Сторінка",),
    "vec": ("Pagina",),
    "vi": ("Trang",),
    "zh": ("Page",),
}


def _key(name: str) -> str:
    """A namespace name as MediaWiki compares it: underscores are spaces; the first letter's
    case is ignored (and, to be lenient, the others')."""
    return " ".join(name.replace("_", " ").split()).casefold()


_PAGE_NAMES = frozenset(_key(n) for names in PAGE_NAMESPACE_NAMES.values() for n in names)


def is_page_namespace_name(name: str) -> bool:
    """Whether ``name`` is a name of ProofreadPage's Page namespace in some language."""
    return bool(name) and _key(name) in _PAGE_NAMES


def page_namespaces(names: dict[int, str], canonical: dict[int, str] | None = None
                    ) -> list[int]:
    """The keys of ``names`` (a siteinfo's key → name) that are a Page namespace: their name
    or their canonical name (``canonical``, key → name, when known) is a Page name."""
    canonical = canonical or {}
    return [k for k, v in names.items()
            if is_page_namespace_name(v) or is_page_namespace_name(canonical.get(k, ""))]


def namespace_by_name(names: dict[int, str], name: str,
                      canonical: dict[int, str] | None = None) -> int | None:
    """The key of the namespace called ``name`` (its name or canonical name, compared as
    MediaWiki does) in ``names``, if any."""
    want = _key(name)
    canonical = canonical or {}
    return next((k for k, v in names.items()
                 if _key(v) == want or (canonical.get(k) and _key(canonical[k]) == want)), None)
