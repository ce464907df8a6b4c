"""Replay scoring exactly as the contract's section 4 defines it (pure).

An incident's ``nodes`` are the union over all its records, its ``opened_ns`` that of its
first record, and its cause that of its last record. A non-benign fault is matched by the
earliest incident that names its node and opened within ``[start_ns - 60 s, end_ns]``; an
incident counts as a true detection when it is the match of at least one fault, so a second
incident for an already-matched fault is a false alarm.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from correlator.wire.incidents import Incident
from correlator.wire.labels import NAMED_CAUSES, FaultLabel
from correlator.wire.summary import LatencySummary, ReplaySummary

MATCH_BEFORE_NS = 60_000_000_000
DAY_S = 86400.0


@dataclass
class IncidentView:
    """One incident folded over all its records."""

    incident_id: str
    opened_ns: int
    nodes: set[str]
    cause: str


def fold(records: Iterable[Incident]) -> list[IncidentView]:
    views: dict[str, IncidentView] = {}
    for rec in records:
        v = views.get(rec.incident_id)
        if v is None:
            views[rec.incident_id] = IncidentView(rec.incident_id, rec.opened_ns, set(rec.nodes),
                                                  rec.cause)
        else:
            v.nodes.update(rec.nodes)
            v.cause = rec.cause
    return list(views.values())


@dataclass
class Match:
    fault: FaultLabel
    incident: IncidentView

    @property
    def latency_s(self) -> float:
        return (self.incident.opened_ns - self.fault.start_ns) / 1e9

    @property
    def cause_right(self) -> bool:
        if self.fault.cause == "other":
            return self.incident.cause not in NAMED_CAUSES
        return self.incident.cause == self.fault.cause


def match(incidents: list[IncidentView], labels: list[FaultLabel]) -> list[Match]:
    ordered = sorted(incidents, key=lambda i: (i.opened_ns, i.incident_id))
    out = []
    for fault in labels:
        if fault.is_benign:
            continue
        for inc in ordered:
            if fault.node in inc.nodes and fault.start_ns - MATCH_BEFORE_NS <= inc.opened_ns <= fault.end_ns:
                out.append(Match(fault, inc))
                break
    return out


def percentile(values: list[float], q: float) -> float | None:
    """Linear-interpolation percentile (as numpy's default); None for no values."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _ratio(num: float, den: float) -> float | None:
    return round(num / den, 6) if den else None


def summarize(
    incidents: list[IncidentView],
    labels: list[FaultLabel],
    events: int,
    alerts_in: int,
    duration_s: float,
    wall_s: float,
) -> ReplaySummary:
    matches = match(incidents, labels)
    faults = sum(1 for f in labels if not f.is_benign)
    true_ids = {m.incident.incident_id for m in matches}
    opened = len(incidents)
    precision = _ratio(len(true_ids), opened)
    recall = _ratio(len(matches), faults)
    f1 = None
    if precision is not None and recall is not None:
        f1 = round(2 * precision * recall / (precision + recall), 6) if precision + recall else 0.0
    latencies = [m.latency_s for m in matches]
    false_alarms = opened - len(true_ids)
    lat = LatencySummary(
        p50=_round(percentile(latencies, 0.5)),
        p90=_round(percentile(latencies, 0.9)),
        max=_round(max(latencies) if latencies else None),
    )
    return ReplaySummary(
        events=events,
        alerts_in=alerts_in,
        incidents_out=opened,
        alert_reduction=round(1 - opened / alerts_in, 6) if alerts_in else None,
        precision=precision,
        recall=recall,
        f1=f1,
        cause_accuracy=_ratio(sum(m.cause_right for m in matches), len(matches)),
        false_alarms_per_day=round(false_alarms / (duration_s / DAY_S), 6) if duration_s > 0 else None,
        detection_latency_s=lat,
        duration_s=round(duration_s, 3),
        wall_s=round(wall_s, 3),
    )


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)
