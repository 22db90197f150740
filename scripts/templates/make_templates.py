"""Writes the template pages of ``wstools/data/templates/`` listed in ``SPECS`` (issue 22).

Each entry is one ``Template:NAME`` page: its definition, a line of documentation saying
whether the rendering follows Wikisource's documentation (``documented``) or is our best
reading of it (``inferred``), and its TemplateData; shortcuts become redirect pages.
Definitions and prose are our own (Wikisource's documentation was read, not copied).

Run from the checkout: ``python scripts/templates/make_templates.py`` (it does not touch
the pages it does not list).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = ROOT / "wstools" / "data" / "templates"
sys.path.insert(0, str(ROOT))

from wstools.wikitext.registry import file_name  # noqa: E402


def P(label: str, desc: str, type: str = "line", required: bool = False,  # noqa: A002
      aliases: list[str] | None = None, default: str | None = None,
      suggested: list[str] | None = None, example: str | None = None,
      deprecated: str | None = None) -> dict:
    spec: dict = {"label": label, "description": desc, "type": type}
    if required:
        spec["required"] = True
    if aliases:
        spec["aliases"] = aliases
    if default is not None:
        spec["default"] = default
    if suggested:
        spec["suggestedvalues"] = suggested
    if example:
        spec["example"] = example
    if deprecated:
        spec["deprecated"] = deprecated
    return spec


TEXT = P("Text", "The text", "content", required=True)
TEXT_OPT = P("Text", "The text", "content")
SPECS: list[dict] = []


def T(name: str, body: str, desc: str, params: dict | None = None, *,
      shortcuts: tuple[str, ...] = (), block: bool = False, inferred: str = "",
      order: list[str] | None = None) -> None:
    SPECS.append({"name": name, "body": body, "desc": desc, "params": params or {},
                  "shortcuts": shortcuts, "block": block, "inferred": inferred,
                  "order": order})


def style_if(prop: str, param: str) -> str:
    return f"{{{{#if:{{{{{{{param}|}}}}}}|{prop}:{{{{{{{param}}}}}}};}}}}"


# -- spacing ---------------------------------------------------------------------------
T("Gap", '<span class="wst-gap" style="padding-left:{{{1|2em}}};"></span>',
  "A fixed-width gap in a line (default 2em); it copies as nothing.",
  {"1": P("Width", "Width of the gap, CSS length", default="2em", example="3em")},
  shortcuts=("G",))
T("Em", '<span class="wst-em" style="padding-left:{{{1|1}}}em;"></span>',
  "A gap of N ems (default 1) in a line.",
  {"1": P("Ems", "Width in ems, a number", "number", default="1", example="2.5")},
  inferred="an em gap like {{gap}}, the number taken as ems")
T("Wide space", ' <span class="wst-wide-space" style="padding-left:{{{1|0.5em}}};"></span>',
  "A wider gap between words that still copies as a space.",
  {"1": P("Extra width", "Extra width after the space, CSS length", default="0.5em")},
  inferred="a space followed by a padded span")
T("Nbsp", "{{#switch:{{{1|1}}}|1=&#160;|2=&#160;&#160;|3=&#160;&#160;&#160;"
  "|4=&#160;&#160;&#160;&#160;|#default=&#160;}}",
  "Non-breaking spaces (1 to 4).", {"1": P("Count", "How many (1-4)", "number",
                                            default="1")})
T("Dhr", '<div class="wst-dhr" style="visibility:hidden; line-height:'
  '{{#iferror:{{#expr:{{{1|2}}}}}|{{{1|2}}}|{{{1|2}}}em}};">&#160;</div>',
  "Double-height row: vertical space between blocks (default 2 lines).",
  {"1": P("Height", "Lines (a number, in ems) or a CSS length", default="2",
          example="75%")}, block=True)
T("Clear", '<div style="clear:{{{1|both}}};"></div>',
  "Ends the wrapping of text around floats.",
  {"1": P("Side", "left, right or both", default="both",
          suggested=["left", "right", "both"])}, block=True)
T("Hanging indent", '<div class="wst-hanging-indent" style="padding-left:{{{indent|2em}}}; '
  'text-indent:-{{{indent|2em}}};">{{{1|}}}</div>',
  "A paragraph whose first line hangs out to the left.",
  {"1": TEXT, "indent": P("Indent", "How far the other lines are indented",
                          default="2em")}, shortcuts=("Hi",), block=True,
  inferred="named parameter indent= for the width")
T("Block indent", '<div class="wst-block-indent" style="margin-left:{{{left|2em}}};'
  '{{#if:{{{right|}}}|margin-right:{{{right}}};}}">{{{1|}}}</div>',
  "A block indented from the left (and optionally the right) margin.",
  {"1": TEXT, "left": P("Left", "Left indent, CSS length", default="2em"),
   "right": P("Right", "Right indent, CSS length")}, block=True)
T("Indent", '<div class="wst-indent" style="text-indent:{{{indent|2em}}};">{{{1|}}}</div>',
  "A paragraph whose first line is indented.",
  {"1": TEXT, "indent": P("Indent", "First-line indent", default="2em")}, block=True,
  inferred="named parameter indent=")

# -- size ------------------------------------------------------------------------------
SIZES = [("XX-smaller", "58%"), ("X-smaller", "69%"), ("Smaller", "83%"), ("Larger", "120%"),
         ("X-larger", "144%"), ("XX-larger", "172%"), ("XXX-larger", "207%"),
         ("XXXX-larger", "249%")]
for name, size in SIZES:
    low = name.lower()
    T(name, f'<span class="wst-{low}" style="font-size:{size};">{{{{{{1|}}}}}}</span>',
      f"Text in a {low.replace('-', ' ')} size ({size} of the surrounding text).",
      {"1": TEXT})
    T(f"{name} block", f'<div class="wst-{low}-block" style="font-size:{size};">'
      f'{{{{{{1|}}}}}}</div>', f"A block in a {low.replace('-', ' ')} size ({size}).",
      {"1": TEXT}, block=True)
    T(f"{name} block/s", f'<div class="wst-{low}-block" style="font-size:{size};">',
      f"Opens a {low} block that spans pages; close it with {{{{{name} block/e}}}}.",
      block=True)
    T(f"{name} block/e", "</div>", f"Closes {{{{{name} block/s}}}}.", block=True)
T("Small", '<span class="wst-small" style="font-size:85%;">{{{1|}}}</span>',
  "Slightly smaller text (85%).", {"1": TEXT}, inferred="85%, as HTML's small")
T("Big", '<span class="wst-big" style="font-size:120%;">{{{1|}}}</span>',
  "Bigger text (120%).", {"1": TEXT}, inferred="the size of {{larger}}")
T("Font-size", '<span class="wst-font-size" style="font-size:{{{1|100%}}};">{{{2|}}}</span>',
  "Text in a given font size.",
  {"1": P("Size", "CSS font size", required=True, example="108%"), "2": TEXT},
  shortcuts=("Fs",))
for pct in ("70", "75", "80", "85", "90", "95", "115", "120"):
    T(f"Fs{pct}", f'<span class="wst-fs{pct}" style="font-size:{pct}%;">{{{{{{1|}}}}}}</span>',
      f"Text at {pct}% size.", {"1": TEXT})
T("Fine", '<span class="wst-fine" style="font-size:83%; line-height:1.2;">{{{1|}}}</span>',
  "Fine print in a line (83%).", {"1": TEXT}, inferred="83% with a tighter line height")
T("Fine block", '<div class="wst-fine-block" style="font-size:83%; line-height:1.2;">'
  '{{{1|}}}</div>', "A block of fine print (83%, tighter lines), e.g. a long quotation.",
  {"1": TEXT}, block=True, inferred="83% with a tighter line height")
T("Fine block/s", '<div class="wst-fine-block" style="font-size:83%; line-height:1.2;">',
  "Opens a fine-print block that spans pages; close it with {{fine block/e}}.", block=True)
T("Fine block/e", "</div>", "Closes {{fine block/s}}.", block=True)

# -- alignment, floats, blocks ---------------------------------------------------------
T("Right", '<div class="wst-right" style="text-align:right;'
  '{{#if:{{{offset|}}}|padding-right:{{{offset}}};}}">{{{1|}}}</div>',
  "Right-aligned text; offset= keeps it away from the margin.",
  {"1": TEXT, "offset": P("Offset", "Distance from the right margin", example="2em")},
  shortcuts=("Flushright", "Align right"), block=True)
T("Left", '<div class="wst-left" style="text-align:left;">{{{1|}}}</div>',
  "Left-aligned text (inside a centred block, say).", {"1": TEXT}, block=True)
T("Justify", '<div class="wst-justify" style="text-align:justify;">{{{1|}}}</div>',
  "Justified text.", {"1": TEXT}, block=True)
T("Float right", '<div class="wst-float-right" style="float:right;'
  '{{#if:{{{margin|}}}|margin-left:{{{margin}}};}}">{{{1|}}}</div>',
  "A block floated to the right, text wrapping around it.",
  {"1": TEXT, "margin": P("Margin", "Space between it and the text")},
  shortcuts=("Fr",), block=True)
T("Float left", '<div class="wst-float-left" style="float:left;'
  '{{#if:{{{margin|}}}|margin-right:{{{margin}}};}}">{{{1|}}}</div>',
  "A block floated to the left, text wrapping around it.",
  {"1": TEXT, "margin": P("Margin", "Space between it and the text")},
  shortcuts=("Fl",), block=True)
T("Block right", '<div class="wst-block-right" style="display:table; margin-left:auto;'
  '{{#if:{{{offset|}}}|margin-right:{{{offset}}};}}">{{{1|}}}</div>',
  "A block set against the right margin, its lines left-aligned.",
  {"1": TEXT, "offset": P("Offset", "Distance from the right margin")}, block=True)
T("Block left", '<div class="wst-block-left" style="display:table; margin-right:auto;">'
  '{{{1|}}}</div>', "A block set against the left margin.", {"1": TEXT}, block=True)
T("Center/s", '<div class="wst-center">', "Opens a centred block that spans pages.",
  block=True)
T("Center/e", "</div>", "Closes {{center/s}}.", block=True)
T("Block center/s", '<div class="wst-block-center" style="'
  + style_if("width", "width") + style_if("max-width", "max-width") + '">',
  "Opens a centred block that spans pages; close it with {{block center/e}}.",
  {"width": P("Width", "CSS width"), "max-width": P("Maximum width", "CSS max-width")},
  shortcuts=("Bc/s",), block=True)
T("Block center/e", "</div>", "Closes {{block center/s}}.", shortcuts=("Bc/e",),
  block=True)
T("Nowrap", '<span class="nowrap" style="white-space:nowrap;">{{{1|}}}</span>',
  "Text that is not broken across lines.", {"1": TEXT}, shortcuts=("Nw",))
T("Left sidenote", '<span class="wst-sidenote wst-sidenote-left" style="float:left; '
  'width:{{{width|8em}}}; margin-left:-{{{width|8em}}}; font-size:83%;">{{{1|}}}</span>',
  "A note printed in the left margin.", {"1": TEXT, "width": P("Width", "Note width",
                                                             default="8em")},
  shortcuts=("Lsn",), inferred="a floated span in the margin")
T("Right sidenote", '<span class="wst-sidenote wst-sidenote-right" style="float:right; '
  'width:{{{width|8em}}}; margin-right:-{{{width|8em}}}; font-size:83%;">{{{1|}}}</span>',
  "A note printed in the right margin.", {"1": TEXT, "width": P("Width", "Note width",
                                                              default="8em")},
  shortcuts=("Rsn",), inferred="a floated span in the margin")
T("Border", '<div class="wst-border" style="border:{{{border|1px solid}}}; '
  'padding:{{{padding|0.5em}}};{{{style|}}}">{{{1|}}}</div>',
  "A block with a border.", {"1": TEXT, "border": P("Border", "CSS border"),
                             "padding": P("Padding", "CSS padding"),
                             "style": P("Style", "More CSS")}, block=True,
  inferred="border= padding= style=")
T("Double rule", '<hr class="wst-rule" style="width:{{{1|100%}}}; height:1px;" />'
  '<hr class="wst-rule" style="width:{{{1|100%}}}; height:1px;" />',
  "Two thin rules.", {"1": P("Width", "CSS width")}, block=True,
  inferred="two rules")

# -- case and type ---------------------------------------------------------------------
T("Uppercase", '<span style="text-transform:uppercase;">{{{1|}}}</span>',
  "Shown in capitals; copies as typed.", {"1": TEXT}, shortcuts=("Uc",))
T("Lowercase", '<span style="text-transform:lowercase;">{{{1|}}}</span>',
  "Shown in lower case; copies as typed.", {"1": TEXT}, shortcuts=("Lc",))
T("Capitalize", '<span style="text-transform:capitalize;">{{{1|}}}</span>',
  "Each word shown with a capital; copies as typed.", {"1": TEXT})
T("Caps and small caps", '<span class="wst-csc" style="font-variant:small-caps; '
  'text-transform:lowercase;">{{{1|}}}</span>',
  "Capitals shown as small capitals (a heading in caps and small caps); copies as typed.",
  {"1": TEXT}, shortcuts=("Csc",), inferred="small-caps over lower case")
T("Small-caps block", '<div class="smallcaps wst-sc" style="font-variant:small-caps;">'
  '{{{1|}}}</div>', "A block in small capitals.", {"1": TEXT}, block=True)
T("Strikethrough", '<s>{{{1|}}}</s>', "Struck-out text.", {"1": TEXT},
  shortcuts=("Strike",))
T("Underline", '<span style="text-decoration:underline;">{{{1|}}}</span>',
  "Underlined text.", {"1": TEXT}, shortcuts=("U", "Ul"))
T("Overline", '<span style="text-decoration:overline;">{{{1|}}}</span>',
  "Overlined text.", {"1": TEXT})
T("Bold", "'''{{{1|}}}'''", "Bold text.", {"1": TEXT})
T("Italic", "''{{{1|}}}''", "Italic text.", {"1": TEXT})
T("Italic block", '<div style="font-style:italic;">{{{1|}}}</div>', "A block in italics.",
  {"1": TEXT}, block=True)
T("Serif", '<span class="wst-serif" style="font-family:serif;">{{{1|}}}</span>',
  "Text in a serif face.", {"1": TEXT})
T("Sans-serif", '<span class="wst-sans-serif" style="font-family:sans-serif;">{{{1|}}}'
  '</span>', "Text in a sans-serif face.", {"1": TEXT})
T("Monospace", '<span style="font-family:monospace;">{{{1|}}}</span>',
  "Text in a fixed-width face.", {"1": TEXT}, shortcuts=("Mono",))
T("Letter-spacing", '<span class="wst-letter-spacing" style="letter-spacing:{{{2|0.2em}}};">'
  '{{{1|}}}</span>', "Spaced-out letters (a printer's way of emphasis).",
  {"1": TEXT, "2": P("Spacing", "Extra space between letters", default="0.2em")},
  shortcuts=("Sp", "Ls", "Spaced"), inferred="text first, spacing second")
T("Color", '<span style="color:{{{1|inherit}}};">{{{2|}}}</span>', "Coloured text.",
  {"1": P("Colour", "CSS colour", required=True), "2": TEXT}, shortcuts=("Colour",))
T("Float quote mark", '<span class="wst-fqm" style="position:absolute; '
  'margin-left:-0.5em;">{{{1|“}}}</span>',
  "An opening quotation mark hung in the left margin.",
  {"1": P("Mark", "The mark", default="“")}, shortcuts=("Fqm",),
  inferred="a span pulled left by half an em")
T("Abbr", '<abbr title="{{{2|}}}">{{{1|}}}</abbr>',
  "An abbreviation with its expansion as a tooltip.",
  {"1": P("Abbreviation", "The text shown", "content", required=True),
   "2": P("Expansion", "The tooltip", required=True)})
T("Tooltip", '<span class="wst-tooltip" title="{{{2|}}}" style="border-bottom:1px dotted;">'
  '{{{1|}}}</span>', "Text with a tooltip.",
  {"1": TEXT, "2": P("Tooltip", "The tooltip text", required=True)})
T("Popup note", '<span class="wst-popup-note" title="{{{1|}}}" '
  'style="border-bottom:1px dotted;">{{{2|}}}</span>',
  "Text with an editor's note shown on hover: {{popup note|note|text}}.",
  {"1": P("Note", "The note shown on hover", required=True), "2": TEXT},
  inferred="note first, text second: so the validated Pentagon Papers pages use it, and "
  "a LaTeX converter of those pages keeps the second parameter as the text")

# -- languages -------------------------------------------------------------------------
for name, code, desc, extra in [
        ("Greek", "grc", "Greek text", ""), ("Polytonic", "grc", "Polytonic Greek", ""),
        ("Hebrew", "he", "Hebrew text", ' dir="rtl"'), ("Arabic", "ar", "Arabic text",
                                                        ' dir="rtl"'),
        ("Latin", "la", "Latin text", ""), ("French", "fr", "French text", ""),
        ("German", "de", "German text", ""), ("Sanskrit", "sa", "Sanskrit text", ""),
        ("Russian", "ru", "Russian text", ""), ("Chinese", "zh", "Chinese text", ""),
        ("Transl", "und-Latn", "A transliteration", "")]:
    T(name, f'<span class="wst-lang" lang="{code}"{extra}>{{{{{{1|}}}}}}</span>',
      f"{desc}, marked with its language ({code}) so it is shown and read right.",
      {"1": TEXT}, inferred=f"lang={code}")

# -- punctuation, symbols, fractions ---------------------------------------------------
T("=", "=", "An equals sign (for use inside template parameters).")
T("Bar", '<span class="wst-bar" style="white-space:nowrap;">{{#switch:{{{1|4}}}'
  '|1=—|2=——|3=———|4=————|5=—————|6=——————|8=————————|#default=————}}</span>',
  "A horizontal bar of N em dashes (default 4).",
  {"1": P("Length", "Ems (1-8)", "number", default="4")},
  inferred="em dashes in a no-wrap span")
T("Dash", "&#8202;—&#8202;", "A spaced em dash.", inferred="hair spaces around the dash")
T("Asterism", '<span class="wst-asterism">⁂</span>', "An asterism (⁂).")
T("***", '<div class="wst-dinkus" style="text-align:center;">{{#switch:{{{1|3}}}'
  '|1={{{char|*}}}|2={{{char|*}}}<span style="padding-left:{{{2|2em}}};"></span>'
  '{{{char|*}}}|4={{{char|*}}}<span style="padding-left:{{{2|2em}}};"></span>'
  '{{{char|*}}}<span style="padding-left:{{{2|2em}}};"></span>{{{char|*}}}'
  '<span style="padding-left:{{{2|2em}}};"></span>{{{char|*}}}'
  '|#default={{{char|*}}}<span style="padding-left:{{{2|2em}}};"></span>{{{char|*}}}'
  '<span style="padding-left:{{{2|2em}}};"></span>{{{char|*}}}}}</div>',
  "A centred row of spaced stars (a section break).",
  {"1": P("Count", "How many marks (1-4)", "number", default="3"),
   "2": P("Spacing", "Gap between marks", default="2em"),
   "char": P("Mark", "The mark", default="*")}, shortcuts=("Dinkus",), block=True,
  inferred="marks separated by gaps")
T("Frac", '<span class="wst-frac" style="white-space:nowrap;">{{#if:{{{3|}}}|{{{1}}}'
  '<sup>{{{2}}}</sup>⁄<sub>{{{3}}}</sub>|{{#if:{{{2|}}}|<sup>{{{1}}}</sup>⁄<sub>{{{2}}}'
  '</sub>|<sup>1</sup>⁄<sub>{{{1|}}}</sub>}}}}</span>',
  "A fraction: {{frac|1|2}}, {{frac|3|1|4}} (whole number first), {{frac|4}} (¼).",
  {"1": P("First", "Numerator, or whole number with three values", required=True),
   "2": P("Second", "Denominator, or numerator with three values"),
   "3": P("Third", "Denominator when a whole number is given")}, shortcuts=("Sfrac",
                                                                           "Tfrac"))
T("Sup", "<sup>{{{1|}}}</sup>", "Superscript.", {"1": TEXT}, shortcuts=("Super",))
T("Anchor", '<span id="{{anchorencode:{{{1|}}}}}"></span>',
  "A place a link can point to (#name).",
  {"1": P("Name", "The anchor name", required=True)})
T("Anchor+", '<span id="{{anchorencode:{{{1|}}}}}">{{{2|}}}</span>',
  "A place a link can point to, around some text.",
  {"1": P("Name", "The anchor name", required=True), "2": TEXT})
T("Hyphenated word start", "{{#ifeq:{{NAMESPACE}}|Page|{{{1|}}}|{{{2|}}}}}",
  "First part of a word hyphenated across pages: the part on the Page:, the whole word "
  "once transcluded.", {"1": P("First part", "As printed on this page", required=True),
                        "2": P("Whole word", "The word unbroken", required=True)},
  shortcuts=("Hws",))
T("Hyphenated word end", "{{#ifeq:{{NAMESPACE}}|Page|{{{1|}}}|}}",
  "Second part of a word hyphenated across pages: shown on the Page:, nothing once "
  "transcluded.", {"1": P("Second part", "As printed on this page", required=True),
                   "2": P("Whole word", "The word unbroken")}, shortcuts=("Hwe",))
T("Linked phrase start", "{{#ifeq:{{NAMESPACE}}|Page|{{{hws|{{{1|}}}}}}{{{hyph|-}}}"
  "|{{{hws|{{{1|}}}}}}{{{hyph|-}}}{{{hwe|{{{2|}}}}}}}}",
  "First part of a word split across pages whose hyphen is kept.",
  {"hws": P("First part", "As printed on this page", aliases=["1"]),
   "hyph": P("Hyphen", "The hyphen or dash kept", default="-"),
   "hwe": P("Second part", "As printed on the next page", aliases=["2"])},
  shortcuts=("Lps",), inferred="the joined word is shown once transcluded")
T("Linked phrase end", "{{#ifeq:{{NAMESPACE}}|Page|{{{hwe|{{{1|}}}}}}|}}",
  "Second part of a word split across pages whose hyphen is kept.",
  {"hwe": P("Second part", "As printed on this page", aliases=["1"]),
   "hws": P("First part", "As printed on the previous page", aliases=["2"]),
   "hyph": P("Hyphen", "The hyphen or dash kept")}, shortcuts=("Lpe",))

# -- images ----------------------------------------------------------------------------
T("Img float", '<div class="wst-img-float" style="float:{{{align|right}}};'
  '{{#if:{{{width|}}}|width:{{{width}}};}} margin:0.5em;{{{style|}}}">'
  '[[File:{{{file|}}}|{{#if:{{{width|}}}|{{{width}}}|frameless}}|link={{{link|}}}|alt={{{alt|}}}]]'
  '{{#if:{{{cap|}}}|<div class="wst-img-float-caption" style="text-align:'
  '{{{capalign|center}}};">{{{cap}}}</div>}}</div>',
  "An image floated left or right with its caption; the text wraps around it.",
  {"file": P("File", "Image file name, without File:", required=True, aliases=["1"]),
   "width": P("Width", "Image width", example="200px"),
   "align": P("Side", "left, right or center", default="right",
              suggested=["left", "right", "center"]),
   "cap": P("Caption", "The caption", "content", aliases=["caption"]),
   "capalign": P("Caption alignment", "left, center, right or justify", default="center"),
   "style": P("Style", "More CSS for the block"),
   "alt": P("Alt text", "Text for readers who cannot see the image"),
   "link": P("Link", "Where the image links (empty: nowhere)")}, block=True,
  inferred="a floated div holding the image and a caption div")
T("FreedImg", '<div class="wst-freedimg" style="text-align:center; margin:0.5em auto;'
  '{{#if:{{{width|}}}|width:{{{width}}};}}">[[File:{{{file|{{{1|}}}}}}|'
  '{{#if:{{{width|}}}|{{{width}}}|frameless}}|center|alt={{{alt|}}}]]'
  '{{#if:{{{caption|}}}|<div class="wst-freedimg-caption">{{{caption}}}</div>}}</div>',
  "A centred image with its caption that scales with the page.",
  {"file": P("File", "Image file name", required=True, aliases=["1"]),
   "width": P("Width", "Image width"), "caption": P("Caption", "The caption", "content"),
   "alt": P("Alt text", "Text for readers who cannot see the image")},
  shortcuts=("FI",), block=True, inferred="a centred div with the image and caption")
T("Raw image", '<div class="wst-raw-image">[[File:{{{1|}}}|frameless]]</div>',
  "The page scan shown in place of an image not yet extracted.",
  {"1": P("File", "The scan file", required=True)}, block=True,
  inferred="the file shown whole")

# -- references, tables, pages ---------------------------------------------------------
T("Reflist", '<div class="reflist">{{#if:{{{group|}}}|{{#tag:references||group={{{group}}}}}'
  '|<references />}}</div>', "The list of footnotes.",
  {"group": P("Group", "Cite group of the notes to list")}, block=True)
T("Table style", "{{Table style/code|{{{1|}}}}}{{Table style/code|{{{2|}}}}}"
  "{{Table style/code|{{{3|}}}}}{{Table style/code|{{{4|}}}}}{{Table style/code|{{{5|}}}}}"
  "{{Table style/code|{{{6|}}}}}{{Table style/code|{{{7|}}}}}{{Table style/code|{{{8|}}}}}",
  "", {}, shortcuts=(), inferred="")
SPECS.pop()  # Table style is written by hand below (it needs the style="" wrapper)

# -- Wikisource page furniture of main pages ------------------------------------------
HEADER_PARAMS = ["title", "author", "override_author", "translator", "override_translator",
                 "editor", "override_editor", "contributor", "override_contributor",
                 "section", "previous", "next", "year", "notes", "portal", "wikipedia",
                 "wikidata", "commons", "commonscat", "categories", "shortcut", "edition",
                 "disambiguation", "override_year", "cover", "related_author",
                 "illustrator", "override_illustrator", "wikiquote", "wiktionary",
                 "genre", "type", "language"]
T("Header", '<div class="ws-noexport wst-header" id="headertemplate">'
  '<div class="wst-header-title">{{{title|}}}{{#if:{{{section|}}}|<br />{{{section}}}}}'
  '{{#if:{{{year|}}}| ({{{year}}})}}</div>'
  '{{#if:{{{author|}}}{{{override_author|}}}|<div class="wst-header-author">'
  '{{#if:{{{override_author|}}}|{{{override_author}}}|by [[Author:{{{author}}}|{{{author}}}]]}}'
  '</div>}}{{#if:{{{translator|}}}|<div class="wst-header-author">translated by '
  '{{{translator}}}</div>}}<div class="wst-header-nav">'
  '{{#if:{{{previous|}}}|<span class="wst-header-previous">← {{{previous}}}</span> }}'
  '{{#if:{{{next|}}}|<span class="wst-header-next">{{{next}}} →</span>}}</div>'
  '{{#if:{{{notes|}}}|<div class="wst-header-notes">{{{notes}}}</div>}}</div>',
  "The header of a main-namespace page: title, author, section, previous and next "
  "links, notes. It is navigation, so it is left out of text exports.",
  {p: P(p.replace("_", " ").capitalize(), f"The work's {p.replace('_', ' ')}",
        "content" if p in ("notes", "previous", "next", "title", "section") else "line")
   for p in HEADER_PARAMS}, block=True,
  inferred="a navigation box marked ws-noexport; the real one is a Lua module")
T("Auxiliary Table of Contents", '<div class="ws-noexport wst-auxtoc" style="'
  'margin:0 auto; width:{{{width|auto}}};"><div class="wst-auxtoc-title">'
  '{{{title|Contents}}}</div>{{{1|}}}</div>',
  "A table of contents added by editors (not in the printed work); left out of exports.",
  {"1": TEXT, "title": P("Title", "Its heading", default="Contents"),
   "width": P("Width", "CSS width")}, shortcuts=("AuxTOC",), block=True,
  inferred="a box marked ws-noexport")
T("Default layout", '<span class="ws-noexport" id="default-layout" '
  'data-layout="{{{1|}}}"></span>',
  "Chooses the page's default reading layout (Layout 1-4); shows nothing.",
  {"1": P("Layout", "Layout name", required=True, example="Layout 2")},
  inferred="an empty span carrying the layout name")
for lic, text in [("PD-old", "This work is in the public domain worldwide because its "
                   "author died long enough ago."),
                  ("PD-US", "This work is in the public domain in the United States."),
                  ("PD-1923", "This work was published before January 1, 1929, and is in "
                   "the public domain in the United States."),
                  ("PD-USGov", "This work is in the public domain in the United States "
                   "because it is a work of the United States federal government."),
                  ("PD-EdictGov", "This work is in the public domain because it is an "
                   "edict of a government.")]:
    T(lic, f'<div class="licenseContainer ws-noexport wst-license">{text}</div>',
      f"Licence notice: {text}", {"1": P("Death year", "Year the author died", "number"),
                                  "2": P("Extra", "More about the licence")},
      block=True, inferred="the notice text is ours")
T("Ditto", '<span class="wst-ditto" style="display:inline-block; text-align:center;">'
  '<span style="visibility:hidden;">{{{1|}}}</span>〃</span>',
  "A ditto mark standing for the text above it.",
  {"1": P("Text", "The text the mark stands for (sets its width)", "content")},
  inferred="the text hidden under a ditto mark")
T("Initial", '<span class="dropinitial"><span class="dropinitial-initial">{{{1|A}}}'
  '</span></span>{{#if:{{{num|}}}|{{{num}}}}}<span style="text-transform:uppercase;'
  '{{#if:{{{3|}}}|letter-spacing:{{{3}}};}}">{{{2|}}}</span>',
  "A large initial followed by the rest of the word in capitals.",
  {"1": P("Initial", "The capital", default="A"), "2": P("Rest", "Rest of the word"),
   "3": P("Spacing", "Letter spacing of the rest"),
   "num": P("Number", "A list number before the word")},
  inferred="drop initial plus an upper-cased span")

# -- tables of contents ----------------------------------------------------------------
T("TOC row 1-1", '|-\n| class="wst-toc-entry" | {{{1|}}}\n'
  '| class="wst-toc-page" style="text-align:right;" | {{{2|}}}',
  "A table-of-contents row of two cells: entry and page.",
  {"1": P("Entry", "The entry", "content"), "2": P("Page", "The page number")})
T("Dotted TOC page listing", '<div class="wst-dtpl" style="display:flex;">'
  '<span class="wst-dtpl-chapter" style="min-width:{{{chapter-width|2em}}};">{{{1|}}}</span>'
  '<span class="wst-dtpl-title" style="flex:1;">{{{2|}}}</span>'
  '<span class="wst-dtpl-page" style="text-align:right;">{{{3|}}}</span></div>',
  "A table-of-contents line: chapter, title, page (dot leaders in the original).",
  {"1": P("Chapter", "Chapter number", "content"), "2": P("Title", "Entry", "content"),
   "3": P("Page", "Page number"), "chapter-width": P("Chapter width", "CSS width")},
  shortcuts=("Dtpl",), block=True, inferred="a flex line without the dot leaders")

# -- the 1911 Encyclopædia Britannica family (used on 20 of the 23 real pages) ---------
T("EB1911 Page Heading", '<div class="wst-running-header wst-running-header-3 '
  'wst-eb1911-header"><div class="wst-running-header-cell">{{{1|}}}</div>'
  '<div class="wst-running-header-cell">{{{2|}}}{{#if:{{{3|}}}|&#32;{{{3}}}}}</div>'
  '<div class="wst-running-header-cell">{{{4|}}}</div></div>',
  "Running head of an EB1911 page: left word, centre words, right word, page number.",
  {"1": P("Left", "Left head word"), "2": P("Centre", "Centre head word(s)"),
   "3": P("Centre 2", "More centre text"), "4": P("Page", "Page number")}, block=True,
  inferred="the four cells mapped onto {{rh}}'s three")
T("EB1911 Shoulder HeadingSmall", '<span class="wst-eb1911-shoulder" style="float:left; '
  'clear:left; width:7em; margin-left:-8em; font-size:83%; text-align:right;">'
  '{{{1|}}}</span>', "A shoulder heading (a side heading in the margin) of EB1911.",
  {"1": TEXT, "width": P("Width", "Heading width")},
  inferred="a floated span in the left margin")
for variant in ("EB1911 Shoulder HeadingSmall2", "EB1911 Shoulder HeadingFine",
                "EB1911 Shoulder Heading"):
    T(variant, "{{EB1911 Shoulder HeadingSmall|{{{1|}}}}}",
      "A variant of {{EB1911 Shoulder HeadingSmall}}.", {"1": TEXT},
      inferred="drawn like {{EB1911 Shoulder HeadingSmall}}")
T("EB1911 fine print/s", '<div class="wst-eb1911-fine" style="font-size:83%; '
  'line-height:1.25;">', "Opens EB1911 fine print that spans pages; close with "
  "{{EB1911 fine print/e}}.", block=True, inferred="83% like {{fine block}}")
T("EB1911 fine print/e", "</div>", "Closes {{EB1911 fine print/s}}.", block=True)
T("EB1911 Fine Print", '<div class="wst-eb1911-fine" style="font-size:83%; '
  'line-height:1.25;">{{{1|}}}</div>', "EB1911 fine print (a block).", {"1": TEXT},
  block=True, inferred="83% like {{fine block}}")
T("EB1911 article link", "[[1911 Encyclopædia Britannica/{{{1|}}}|{{{2|{{{1|}}}}}}]]",
  "A link to another EB1911 article.",
  {"1": P("Article", "Article title", required=True), "2": P("Label", "Text shown")},
  inferred="a link to the article's main-namespace page")
T("EB1911 lkpl", "[[1911 Encyclopædia Britannica/{{{1|}}}|{{{2|{{{1|}}}}}}]]",
  "A link to an EB1911 article written lower case in the text.",
  {"1": P("Article", "Article title", required=True), "2": P("Label", "Text shown")},
  inferred="a link like {{EB1911 article link}}")
T("1911link", "[[1911 Encyclopædia Britannica/{{{1|}}}|{{#if:{{{nosc|}}}|{{{2|{{{1|}}}}}}|"
  '<span class="smallcaps wst-sc">{{{2|{{{1|}}}}}}</span>}}]]',
  "A link to an EB1911 article, in small caps unless nosc=.",
  {"1": P("Article", "Article title", required=True), "2": P("Label", "Text shown"),
   "nosc": P("No small caps", "yes: plain text", "boolean")},
  inferred="small caps by default")
T("EB1911 footer initials", '<span class="wst-eb1911-initials" style="display:block; '
  'text-align:right;">'
  '(<span class="wst-eb1911-initials-name" title="{{{1|}}}">{{{2|}}}</span>'
  '{{#if:{{{initials2|}}}|; <span class="wst-eb1911-initials-name" title="{{{name2|}}}">'
  '{{{initials2}}}</span>}})</span>',
  "The initials of an EB1911 article's contributor(s), their names as tooltips.",
  {"1": P("Name", "Contributor's name", required=True),
   "2": P("Initials", "Initials as printed", required=True),
   "name2": P("Name 2", "Second contributor"),
   "initials2": P("Initials 2", "Second contributor's initials")},
  inferred="a right-aligned line (a span: real pages put it inside {{fs}}), names as "
  "tooltips")
T("EB1911 tfrac", '<span class="wst-frac" style="white-space:nowrap;">{{#if:{{{2|}}}|'
  "<sup>{{{1}}}</sup>⁄<sub>{{{2}}}</sub>|<sup>1</sup>⁄<sub>{{{1|}}}</sub>}}</span>",
  "A small fraction in EB1911 text ({{EB1911 tfrac|2}} is ½).",
  {"1": P("First", "Numerator, or the denominator of 1/N", required=True),
   "2": P("Denominator", "Denominator")}, inferred="as {{frac}}")


def table_style() -> None:
    codes = {"al": "text-align:left", "ac": "text-align:center", "ar": "text-align:right",
             "aj": "text-align:justify", "vtp": "vertical-align:top",
             "vmd": "vertical-align:middle", "vbm": "vertical-align:bottom",
             "vbl": "vertical-align:baseline", "ma": "margin-left:auto; margin-right:auto",
             "ml0": "margin-left:0", "mr0": "margin-right:0", "bb": "border-bottom:1px solid",
             "bt": "border-top:1px solid", "bl": "border-left:1px solid",
             "br": "border-right:1px solid", "ba": "border:1px solid",
             "bc": "border-collapse:collapse", "nowrap": "white-space:nowrap",
             "it": "font-style:italic", "bo": "font-weight:bold", "sc": "font-variant:small-caps",
             "uc": "text-transform:uppercase", "pl0": "padding-left:0", "pr0": "padding-right:0",
             "pl1": "padding-left:1em", "pr1": "padding-right:1em", "pl2": "padding-left:2em",
             "pr2": "padding-right:2em", "pt0": "padding-top:0", "pb0": "padding-bottom:0",
             "w100": "width:100%"}
    for n in (50, 58, 69, 75, 80, 83, 85, 88, 90, 92, 95, 100, 110, 120):
        codes[f"sm{n}" if n < 100 else f"lg{n}"] = f"font-size:{n}%"
    for n in range(8, 21):
        codes[f"lh{n:02d}" if n < 10 else f"lh{n}"] = f"line-height:{n / 10:g}em"
    for n in range(80, 210, 10):
        codes[f"lh{n}"] = f"line-height:{n}%"
    cases = "".join(f"|{k}={v};" for k, v in codes.items())
    T("Table style/code", "{{#switch:{{{1|}}}|=" + cases + "|#default={{{1|}}};}}",
      "One code of {{table style}} as CSS: al ac ar aj (alignment), vtp vmd vbm "
      "(vertical), bb bt bl br ba (borders), ma (centred table), smNN (font size NN%), "
      "lhNN (line height N.N em), lhNNN (NNN%), nowrap, …; anything with a colon is "
      "CSS as it is.", {"1": P("Code", "A code or a CSS declaration")},
      inferred="codes read from real use; the real one is a Lua module")
    args = "".join(f"{{{{Table style/code|{{{{{{{i}|}}}}}}}}}}" for i in range(1, 13))
    T("Table style", f'style="{args}"',
      "The style attribute of a table, row or cell from short codes: {{ts|ac|vtp|sm92}} "
      "is style=\"text-align:center; vertical-align:top; font-size:92%;\". Codes: "
      "see {{table style/code}}.",
      {str(i): P(f"Code {i}", "A code (ac, vtp, sm92, lh11, ma, bb…) or CSS such as "
                 "width:240px") for i in range(1, 13)},
      shortcuts=("Ts",), inferred="codes read from real use; the real one is a Lua module")


table_style()


def page(spec: dict) -> str:
    params = spec["params"]
    data: dict = {"description": spec["desc"]}
    data["params"] = params
    if params:
        data["paramOrder"] = spec["order"] or list(params)
    data["format"] = "block" if spec["block"] else "inline"
    how = (f"Rendering inferred ({spec['inferred']}), not copied from Wikisource."
           if spec["inferred"] else "Rendering as Wikisource's documentation describes it.")
    return (spec["body"] + "<noinclude>\n" + spec["desc"] + "\n" + how + "\n<templatedata>\n"
            + json.dumps(data, ensure_ascii=False, indent=1) + "\n</templatedata>\n"
            "</noinclude>\n")


def main() -> int:
    written = 0
    for spec in SPECS:
        (OUT / file_name(spec["name"])).write_text(page(spec), encoding="utf-8")
        written += 1
        for short in spec["shortcuts"]:
            (OUT / file_name(short)).write_text(
                f"#REDIRECT [[Template:{spec['name']}]]\n", encoding="utf-8")
            written += 1
    print(f"{len(SPECS)} templates, {written} pages written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
