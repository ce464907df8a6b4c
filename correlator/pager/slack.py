"""Slack incoming-webhook messages: cause, confidence, nodes, evidence, alert count. Pure.

The message has a plain ``text`` (what notifications and old clients show) and the same
content as ``blocks`` in Slack's mrkdwn.
"""

from __future__ import annotations

from typing import Any

from correlator.pager import text
from correlator.wire.incidents import Incident

_MARK = {"open": (":rotating_light:", "OPEN"), "update": (":arrows_counterclockwise:", "UPDATE"),
         "resolved": (":white_check_mark:", "RESOLVED")}
MAX_SECTION = 3000
"""Slack refuses a section block whose text is longer (400 invalid_blocks)."""


def _esc(s: str) -> str:
    """Slack's mrkdwn reserves these three characters; text must carry them escaped."""
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def message(inc: Incident, external_url: str = "") -> dict[str, Any]:
    emoji, word = _MARK[inc.status]
    title = f"{emoji} *{word}* {_esc(text.headline(inc))}"
    lines = [
        f"*Cause:* {text.cause_text(inc.cause)} (`{inc.cause}`), confidence {inc.confidence:.2f}",
        f"*Nodes:* {text.nodes_text(inc.nodes)}",
        f"*Alerts:* {text.alerts_text(inc)}",
    ]
    ev = text.evidence_lines(inc)
    if ev:
        lines.append("*Evidence:*\n" + "\n".join(f"• {e}" for e in ev))
    if inc.actions:
        lines.append(f"*Actions:* {text.actions_text(inc)}")
    body = _esc("\n".join(lines))
    section = f"{title}\n{body}"
    if len(section) > MAX_SECTION:  # a fleet-wide incident's nodes and actions
        cut = section[: MAX_SECTION - 1]
        amp = cut.rfind("&")
        if amp > len(cut) - 5 and ";" not in cut[amp:]:  # do not leave half an escape
            cut = cut[:amp]
        section = cut + "…"
    footer = (f"incident `{inc.incident_id}` · opened {text.utc(inc.opened_ns)}"
              f" · hypotheses {text.hypotheses_text(inc)}")
    if inc.resolved_ns is not None:
        footer += f" · resolved {text.utc(inc.resolved_ns)}"
    if external_url:
        footer += f" · <{external_url}|correlator>"
    return {
        "text": f"{word}: {text.headline(inc)}",
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": section}},
            {"type": "context", "elements": [{"type": "mrkdwn", "text": footer}]},
        ],
    }
