"""Readable renderings of a replay: the summary table and the incident list."""

from __future__ import annotations

from datetime import UTC, datetime

from correlator.replay.scoring import fold
from correlator.wire.incidents import Incident
from correlator.wire.summary import ReplaySummary


def fmt(x: object) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.3f}"
    return str(x)


def summary_table(s: ReplaySummary) -> str:
    lat = s.detection_latency_s
    rows = [
        ("records", s.events), ("alerts in (firing)", s.alerts_in),
        ("incidents out", s.incidents_out), ("alert reduction", s.alert_reduction),
        ("precision", s.precision), ("recall", s.recall), ("f1", s.f1),
        ("cause accuracy", s.cause_accuracy), ("false alarms / day", s.false_alarms_per_day),
        ("detection latency p50 / p90 / max (s)", f"{fmt(lat.p50)} / {fmt(lat.p90)} / {fmt(lat.max)}"),
        ("event time replayed (s)", s.duration_s), ("wall time (s)", s.wall_s),
    ]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"  {k:<{width}}  {fmt(v)}" for k, v in rows)


def when(ns: int) -> str:
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).strftime("%H:%M:%S")


def incident_list(records: list[Incident]) -> str:
    last: dict[str, Incident] = {}
    for r in records:
        last[r.incident_id] = r
    lines = []
    for view in sorted(fold(records), key=lambda v: v.opened_ns):
        r = last[view.incident_id]
        state = f"resolved {when(r.resolved_ns)}" if r.resolved_ns is not None else "open"
        lines.append(
            f"  {r.incident_id}  {when(view.opened_ns)}  {r.cause:<18} conf {r.confidence:.2f}  "
            f"{r.severity:<8} nodes {','.join(sorted(view.nodes))}  alerts {r.alerts.count}  {state}"
        )
        lines.append(f"      {r.summary}")
        for ev in r.evidence[:4]:
            lines.append(f"      - {ev.signal} = {ev.value}  {ev.detail}".rstrip())
        if r.actions:
            acts = ", ".join(sorted({f"{a.action}@{a.node}" for a in r.actions}))
            lines.append(f"      actions: {acts}")
    return "\n".join(lines) if lines else "  (no incidents)"
