"""Readable pieces of an incident shared by the message formats. Pure.

>>> from correlator.wire.incidents import Incident, Evidence
>>> inc = Incident(incident_id="inc-1", status="open", cause="spec_residue", confidence=0.87,
...                hypotheses={}, severity="critical", nodes=["n1", "n2"], opened_ns=0,
...                updated_ns=0, first_evidence_ns=0,
...                evidence=[Evidence(signal="gpu_memory_growth_pct_per_min", value=0.17, detail="rising")])
>>> headline(inc)
'speculative-decoding residue from interrupted requests on n1, n2 (critical, confidence 0.87)'
>>> evidence_lines(inc)
['gpu_memory_growth_pct_per_min = 0.17: rising']
"""

from __future__ import annotations

from datetime import UTC, datetime

from correlator.core.incidents import CAUSE_TEXT
from correlator.wire.incidents import Incident

MAX_NODES_SHOWN = 8


def cause_text(cause: str) -> str:
    return CAUSE_TEXT.get(cause, cause.replace("_", " "))


def nodes_text(nodes: list[str]) -> str:
    more = f" and {len(nodes) - MAX_NODES_SHOWN} more" if len(nodes) > MAX_NODES_SHOWN else ""
    return ", ".join(nodes[:MAX_NODES_SHOWN]) + more if nodes else "no node"


def headline(inc: Incident) -> str:
    return (f"{cause_text(inc.cause)} on {nodes_text(inc.nodes)} "
            f"({inc.severity}, confidence {inc.confidence:.2f})")


def evidence_lines(inc: Incident, limit: int = 6) -> list[str]:
    out = []
    for ev in inc.evidence[:limit]:
        value = "-" if ev.value is None else ev.value
        out.append(f"{ev.signal} = {value}" + (f": {ev.detail}" if ev.detail else ""))
    return out


def alerts_text(inc: Incident, limit: int = 8) -> str:
    a = inc.alerts
    if not a.count:
        return "no alerts collapsed"
    names = ", ".join(a.alertnames[:limit]) + (" ..." if len(a.alertnames) > limit else "")
    return f"{a.count} alerts collapsed ({names})"


def actions_text(inc: Incident) -> str:
    return ", ".join(sorted({f"{a.action}@{a.node}" for a in inc.actions})) or "none"


def hypotheses_text(inc: Incident, limit: int = 4) -> str:
    top = sorted(inc.hypotheses.items(), key=lambda kv: -kv[1])[:limit]
    return ", ".join(f"{c} {s:.2f}" for c, s in top if s > 0) or "-"


def utc(ns: int | None) -> str:
    if ns is None:
        return "-"
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
