"""Rule A/B: the same recordings replayed under two rule sets, and what changed.

A rule change is judged on past faults before it ships: both replays are scored as the
contract's section 4 says, and their incidents are paired so that the difference reads as
"incidents gained" (only under B) and "incidents lost" (only under A), each marked as a
detection (it matches a labelled fault) or a false alarm.

Pairing: the same id (ids derive from the first finding, so an unchanged detection keeps its
id), else the same cause on a shared node, opened within :data:`PAIR_WITHIN_S` of each other
(a rule that only moves an opening earlier or later keeps its pair, and the move is listed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from correlator.config.model import RuleSet
from correlator.replay.render import fmt, when
from correlator.replay.run import Progress, ReplayResult, run_replay
from correlator.replay.scoring import IncidentView, fold, match
from correlator.wire.labels import FaultLabel
from correlator.wire.summary import ReplaySummary

PAIR_WITHIN_S = 900.0


@dataclass(frozen=True)
class Side:
    """One incident of one side, with what it matched."""

    incident_id: str
    cause: str
    nodes: tuple[str, ...]
    opened_ns: int
    faults: tuple[str, ...]

    @property
    def detection(self) -> bool:
        return bool(self.faults)

    def to_json(self) -> dict[str, Any]:
        return {"incident_id": self.incident_id, "cause": self.cause, "nodes": list(self.nodes),
                "opened_ns": self.opened_ns, "faults": list(self.faults)}


@dataclass
class Diff:
    gained: list[Side] = field(default_factory=list)
    lost: list[Side] = field(default_factory=list)
    moved: list[tuple[Side, Side]] = field(default_factory=list)
    """Pairs whose opening moved (A, B)."""
    found_only_a: list[str] = field(default_factory=list)
    found_only_b: list[str] = field(default_factory=list)


@dataclass
class Comparison:
    a: ReplayResult
    b: ReplayResult
    diff: Diff
    labels: list[FaultLabel]


def compare(paths: list[Path], labels: list[FaultLabel], rules_a: RuleSet, rules_b: RuleSet,
            progress: Progress | None = None) -> Comparison:
    """Replay ``paths`` under each rule set (embedded, one after the other) and compare."""
    a = run_replay(paths, labels, rules_a, progress=progress)
    b = run_replay(paths, labels, rules_b, progress=progress)
    return Comparison(a, b, diff(fold(a.incidents), fold(b.incidents), labels), labels)


def sides(views: list[IncidentView], labels: list[FaultLabel]) -> list[Side]:
    matched: dict[str, list[str]] = {}
    for m in match(views, labels):
        matched.setdefault(m.incident.incident_id, []).append(m.fault.fault_id)
    return [Side(v.incident_id, v.cause, tuple(sorted(v.nodes)), v.opened_ns,
                 tuple(matched.get(v.incident_id, ()))) for v in sorted(views, key=lambda v: v.opened_ns)]


def diff(a_views: list[IncidentView], b_views: list[IncidentView], labels: list[FaultLabel]) -> Diff:
    a, b = sides(a_views, labels), sides(b_views, labels)
    out = Diff()
    left = list(b)
    for x in a:
        y = _partner(x, left)
        if y is None:
            out.lost.append(x)
            continue
        left.remove(y)
        if y.opened_ns != x.opened_ns:
            out.moved.append((x, y))
    out.gained = left
    found_a = {f for s in a for f in s.faults}
    found_b = {f for s in b for f in s.faults}
    out.found_only_a = sorted(found_a - found_b)
    out.found_only_b = sorted(found_b - found_a)
    return out


def _partner(x: Side, candidates: list[Side]) -> Side | None:
    for y in candidates:
        if y.incident_id == x.incident_id:
            return y
    near = [y for y in candidates if y.cause == x.cause and set(y.nodes) & set(x.nodes)
            and abs(y.opened_ns - x.opened_ns) <= PAIR_WITHIN_S * 1e9]
    return min(near, key=lambda y: abs(y.opened_ns - x.opened_ns), default=None)


# -- output ------------------------------------------------------------------------------------
_ROWS = (("records", "events"), ("alerts in (firing)", "alerts_in"), ("incidents out", "incidents_out"),
         ("alert reduction", "alert_reduction"), ("precision", "precision"), ("recall", "recall"),
         ("f1", "f1"), ("cause accuracy", "cause_accuracy"), ("false alarms / day", "false_alarms_per_day"))


def _latency(s: ReplaySummary, key: str) -> float | None:
    return getattr(s.detection_latency_s, key)  # type: ignore[no-any-return]


def summary_rows(a: ReplaySummary, b: ReplaySummary) -> list[tuple[str, object, object, str]]:
    rows: list[tuple[str, object, object, str]] = []
    for label, key in _ROWS:
        va, vb = getattr(a, key), getattr(b, key)
        rows.append((label, va, vb, _delta(va, vb)))
    for key in ("p50", "p90", "max"):
        va, vb = _latency(a, key), _latency(b, key)
        rows.append((f"detection latency {key} (s)", va, vb, _delta(va, vb)))
    rows.append(("wall time (s)", a.wall_s, b.wall_s, ""))
    return rows


def _delta(a: object, b: object) -> str:
    if not isinstance(a, int | float) or not isinstance(b, int | float) or a == b:
        return ""
    d = b - a
    return f"{d:+d}" if isinstance(d, int) else f"{d:+.3f}"


def per_cause(cmp: Comparison) -> dict[str, dict[str, int]]:
    """Per cause: incidents under A and B, gained and lost (and of those, detections)."""
    a, b = sides(fold(cmp.a.incidents), cmp.labels), sides(fold(cmp.b.incidents), cmp.labels)
    causes = sorted({s.cause for s in a + b} | {f.cause for f in cmp.labels if not f.is_benign})
    out: dict[str, dict[str, int]] = {}
    for c in causes:
        out[c] = {
            "incidents_a": sum(s.cause == c for s in a), "incidents_b": sum(s.cause == c for s in b),
            "gained": sum(s.cause == c for s in cmp.diff.gained),
            "gained_detections": sum(s.cause == c and s.detection for s in cmp.diff.gained),
            "lost": sum(s.cause == c for s in cmp.diff.lost),
            "lost_detections": sum(s.cause == c and s.detection for s in cmp.diff.lost),
            "faults": sum(f.cause == c and not f.is_benign for f in cmp.labels),
            "found_a": len({f for s in a if s.cause == c for f in s.faults}),
            "found_b": len({f for s in b if s.cause == c for f in s.faults}),
        }
    return out


def render(cmp: Comparison, name_a: str, name_b: str) -> str:
    lines = [f"Rule A/B on the same recordings:  A = {name_a}   B = {name_b}", ""]
    rows = summary_rows(cmp.a.summary, cmp.b.summary)
    w = max(len(r[0]) for r in rows)
    lines.append(f"  {'':<{w}}  {'A':>10}  {'B':>10}  {'B - A':>9}")
    lines += [f"  {k:<{w}}  {fmt(va):>10}  {fmt(vb):>10}  {d:>9}" for k, va, vb, d in rows]
    lines += ["", "Per cause:",
              f"  {'cause':<20} {'A':>4} {'B':>4} {'gained':>7} {'lost':>5}  faults found A -> B"]
    for c, r in per_cause(cmp).items():
        found = f"{r['found_a']}/{r['faults']} -> {r['found_b']}/{r['faults']}" if r["faults"] else "-"
        lines.append(f"  {c:<20} {r['incidents_a']:>4} {r['incidents_b']:>4} {_signed(r['gained'], '+'):>7} "
                     f"{_signed(r['lost'], '-'):>5}  {found}")
    d = cmp.diff
    lines += _incidents(f"Incidents gained under B ({len(d.gained)})", "+", d.gained)
    lines += _incidents(f"Incidents lost under B ({len(d.lost)})", "-", d.lost)
    if d.moved:
        lines += ["", f"Incidents that opened at another time ({len(d.moved)}):"]
        for x, y in d.moved:
            shift = (y.opened_ns - x.opened_ns) / 1e9
            lines.append(f"  ~ {x.cause:<18} {','.join(x.nodes)}  {when(x.opened_ns)} -> {when(y.opened_ns)} "
                         f"({shift:+.0f} s)")
    if d.found_only_a or d.found_only_b:
        lines += ["", f"Faults found only under A: {', '.join(d.found_only_a) or 'none'}",
                  f"Faults found only under B: {', '.join(d.found_only_b) or 'none'}"]
    return "\n".join(lines)


def _signed(n: int, sign: str) -> str:
    return f"{sign}{n}" if n else "0"


def _incidents(title: str, sign: str, items: list[Side]) -> list[str]:
    out = ["", f"{title}:" if items else f"{title}: none"]
    for s in items:
        what = f"detects {', '.join(s.faults)}" if s.faults else "false alarm (matches no labelled fault)"
        out.append(f"  {sign} {s.incident_id}  {s.cause:<18} {','.join(s.nodes)}  "
                   f"opened {when(s.opened_ns)}  {what}")
    return out


def to_json(cmp: Comparison) -> dict[str, Any]:
    d = cmp.diff
    return {
        "a": cmp.a.summary.model_dump(mode="json"),
        "b": cmp.b.summary.model_dump(mode="json"),
        "per_cause": per_cause(cmp),
        "gained": [s.to_json() for s in d.gained],
        "lost": [s.to_json() for s in d.lost],
        "moved": [{"a": x.to_json(), "b": y.to_json()} for x, y in d.moved],
        "found_only_a": d.found_only_a,
        "found_only_b": d.found_only_b,
    }
