"""HTML of the report: one self-contained page (inline CSS, PNGs as data URIs, no script)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

CSS = """
body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px 32px;
       color: #222; max-width: 1180px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px;
  border-bottom: 1px solid #ddd; padding-bottom: 4px; } h3 { font-size: 15px; margin: 18px 0 4px; }
.meta { color: #666; font-size: 12px; }
table { border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f4f4f4; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.ok { color: #1a7f37; } .bad { color: #cf222e; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
img { max-width: 100%; border: 1px solid #eee; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 8px 0; }
.card { border: 1px solid #ddd; border-radius: 6px; padding: 6px 12px; min-width: 110px; }
.card b { display: block; font-size: 20px; } .card span { color: #666; font-size: 12px; }
"""


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def img(png: bytes, alt: str, cls: str) -> str:
    return f'<img class="{cls}" alt="{escape(alt)}" src="{data_uri(png)}">'


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], table_id: str = "",
          numeric: Sequence[bool] = ()) -> str:
    ident = f' id="{table_id}"' if table_id else ""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for i, v in enumerate(row):
            cls = ' class="num"' if i < len(numeric) and numeric[i] else ""
            cells.append(f"<td{cls}>{v if isinstance(v, Raw) else escape(fmt(v))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table{ident}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


class Raw(str):
    """Markup that :func:`table` must not escape (built here from escaped parts)."""


def fmt(v: object) -> str:
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.3f}" if abs(v) < 100 else f"{v:,.0f}"
    return str(v)


def cards(items: Sequence[tuple[str, object]]) -> str:
    return '<div class="cards">' + "".join(
        f'<div class="card"><b>{escape(fmt(v))}</b><span>{escape(k)}</span></div>' for k, v in items
    ) + "</div>"


def page(title: str, meta: str, body: Sequence[str]) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{escape(title)}</h1><div class=\"meta\">{escape(meta)}</div>"
        + "\n".join(body) + "</body></html>\n"
    )
