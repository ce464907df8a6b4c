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
MAX_TEXT = 2900


def message(inc: Incident, external_url: str = "") -> dict[str, Any]:
    emoji, word = _MARK[inc.status]
    title = f"{emoji} *{word}* {text.headline(inc)}"
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
    body = "\n".join(lines)[:MAX_TEXT]
    footer = (f"incident `{inc.incident_id}` · opened {text.utc(inc.opened_ns)}"
              f" · hypotheses {text.hypotheses_text(inc)}")
    if inc.resolved_ns is not None:
        footer += f" · resolved {text.utc(inc.resolved_ns)}"
    if external_url:
        footer += f" · <{external_url}|correlator>"
    return {
        "text": f"{word}: {text.headline(inc)}",
        "blocks": [
            {"type": "section", "text": {"type": "mrkdwn", "text": f"{title}\n{body}"}},
            {"type": "context", "elements": [{"type": "mrkdwn", "text": footer}]},
        ],
    }
