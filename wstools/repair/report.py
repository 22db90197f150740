"""The review page: a standalone HTML page where a proofreader checks every repair.

The cleaned text is shown with each repair highlighted (the OCR reading struck through,
the repair beside it, the witness and rule on hover and in the list) and each suspicious
token that was left alone marked. Every repair has a checkbox, accepted by default;
"Download" saves the text with the accepted repairs only. The cleanup edits (hyphen joins,
spacing) are listed for the record; they are part of the text the repairs apply to.

The page carries its data as JSON and a small script; nothing is fetched.
"""

from __future__ import annotations

import html
import json
from typing import Any

from .repair import RepairResult

SCRIPT = """
(function () {
  var data = JSON.parse(document.getElementById('repair-data').textContent);
  function result() {
    // the edits' offsets count code points (Python's), not a JS string's UTF-16 units: the
    // text is an array of code points (a 𝑥 or an emoji is one, not two)
    var text = Array.from(data.base), edits = data.edits.slice().sort(function (a, b) {
      return b.start - a.start; });
    edits.forEach(function (e) {
      var box = document.getElementById('accept-' + e.index);
      if (box && box.checked) {
        text = text.slice(0, e.start).concat(Array.from(e.new), text.slice(e.end));
      }
    });
    return text.join('');
  }
  function refresh() {
    data.edits.forEach(function (e) {
      var box = document.getElementById('accept-' + e.index);
      var mark = document.getElementById('edit-' + e.index);
      mark.className = 'repair ' + (box.checked ? 'accepted' : 'rejected');
    });
    document.getElementById('accepted-count').textContent =
      data.edits.filter(function (e) {
        return document.getElementById('accept-' + e.index).checked; }).length;
  }
  document.querySelectorAll('input.accept').forEach(function (box) {
    box.addEventListener('change', refresh);
  });
  document.querySelectorAll('span.repair').forEach(function (mark) {
    mark.addEventListener('click', function () {
      var box = document.getElementById('accept-' + mark.dataset.index);
      box.checked = !box.checked;
      refresh();
    });
  });
  document.getElementById('download').addEventListener('click', function () {
    var blob = new Blob([result()], {type: 'text/plain;charset=utf-8'});
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = data.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  refresh();
})();
"""

STYLE = """
body { font-family: serif; max-width: 60em; margin: 1em auto; line-height: 1.6; }
.text { white-space: pre-wrap; border: 1px solid #c8ccd1; padding: 1em; }
.repair { cursor: pointer; border-radius: 2px; }
.repair.accepted { background: #d5fdf4; }
.repair.rejected { background: #fee7e6; }
.repair .old { text-decoration: line-through; color: #72777d; }
.repair.rejected .old { text-decoration: none; color: inherit; }
.repair.rejected .new { display: none; }
.repair .new { font-weight: bold; }
.flag { border-bottom: 2px dotted #d33; }
table { border-collapse: collapse; margin-top: 1em; }
td, th { border: 1px solid #c8ccd1; padding: 0.2em 0.5em; vertical-align: top; }
"""


def json_for_script(data: str) -> str:
    """JSON text made safe inside ``<script type="application/json">``: ``<``, ``>`` and
    ``&`` become ``\\u`` escapes (JSON.parse reads them back), so no text can close the
    script, open a comment or otherwise change how the page is parsed.

    >>> json_for_script('{"t": "<!--<script></script>&amp;"}')
    '{"t": "\\\\u003c!--\\\\u003cscript\\\\u003e\\\\u003c/script\\\\u003e\\\\u0026amp;"}'
    """
    return data.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def review_page(result: RepairResult, name: str = "repaired.txt") -> str:
    """The review page of ``result``; the download is called ``name``."""
    base = result.cleanup.text
    edits: list[dict[str, Any]]
    edits = [{"index": k, "start": e.start, "end": e.end, "old": e.old, "new": e.new,
              "rule": e.rule, "confidence": e.confidence, "evidence": e.evidence}
             for k, e in enumerate(result.edits)]
    marks: list[tuple[str, int, int, Any]]
    marks = sorted([("edit", e["start"], e["end"], e) for e in edits]
                   + [("flag", f.start, f.end, f) for f in result.flags],
                   key=lambda m: (m[1], m[2]))
    parts: list[str] = []
    position = 0
    for kind, start, end, item in marks:
        if start < position:
            continue
        parts.append(html.escape(base[position:start]))
        if kind == "edit":
            title = f"{item['rule']} ({item['confidence']:.2f}): {item['evidence']}"
            parts.append(
                f'<span class="repair accepted" id="edit-{item["index"]}" '
                f'data-index="{item["index"]}" title="{html.escape(title)}">'
                f'<span class="old">{html.escape(item["old"])}</span>'
                f'<span class="new">{html.escape(item["new"])}</span></span>')
        else:
            parts.append(f'<span class="flag" title="{html.escape(item.evidence)}">'
                         f"{html.escape(base[start:end])}</span>")
        position = end
    parts.append(html.escape(base[position:]))
    rows = "".join(
        f'<tr><td><input type="checkbox" class="accept" id="accept-{e["index"]}" checked>'
        f'</td><td>{html.escape(e["old"])}</td><td>{html.escape(e["new"])}</td>'
        f'<td>{html.escape(e["rule"])}</td><td>{e["confidence"]:.2f}</td>'
        f'<td>{html.escape(e["evidence"])}</td></tr>' for e in edits)
    cleanup_rows = "".join(
        f"<tr><td>{e.line}:{e.column}</td><td>{html.escape(e.old)}</td>"
        f"<td>{html.escape(e.new)}</td><td>{html.escape(e.rule)}</td></tr>"
        for e in result.cleanup.edits)
    data = json_for_script(json.dumps({"base": base, "edits": edits, "name": name},
                                      ensure_ascii=False))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        f"<title>Review: {html.escape(name)}</title>\n<style>{STYLE}</style>\n</head>\n"
        "<body>\n<h1>OCR repair: review</h1>\n"
        f"<p><span id=\"accepted-count\">{len(edits)}</span> of {len(edits)} repairs "
        f"accepted; {len(result.flags)} suspicious words left as printed (dotted). Click a "
        "repair to reject or accept it. <button id=\"download\">Download</button></p>\n"
        f"<div class=\"text\" id=\"text\">{''.join(parts)}</div>\n"
        "<h2>Repairs</h2>\n<table id=\"repairs\"><tr><th>accept</th><th>OCR</th>"
        "<th>repair</th><th>rule</th><th>confidence</th><th>evidence</th></tr>"
        f"{rows}</table>\n<h2>Cleanup (applied before the repairs)</h2>\n"
        f"<table><tr><th>at</th><th>old</th><th>new</th><th>rule</th></tr>{cleanup_rows}"
        "</table>\n"
        f"<script type=\"application/json\" id=\"repair-data\">{data}</script>\n"
        f"<script>{SCRIPT}</script>\n</body>\n</html>\n")
