"""The replay report: scores, the alert flow, detection latency, and each node that matters.

Nodes that matter: every node with a labelled fault, every node an incident named (a false
alarm included), and every node with a labelled look-alike (where paging would have been
wrong). Each gets one figure: its telemetry with the labelled windows and its incidents'
open and resolve times drawn on it, and its hypothesis strengths.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path

from correlator.config.model import RuleSet
from correlator.replay.run import ReplayResult
from correlator.replay.scoring import IncidentView, Match, fold, match
from correlator.report import page as h
from correlator.report import plots
from correlator.report.collect import ReportCollector
from correlator.report.plots import Mark
from correlator.wire.incidents import Incident
from correlator.wire.labels import FaultLabel

MAX_NODE_FIGURES = 48


@dataclass
class Inputs:
    result: ReplayResult
    collector: ReportCollector
    labels: list[FaultLabel]
    rules: RuleSet
    recordings: Sequence[Path] = ()
    rules_path: Path | None = None


def write_report(path: Path, inputs: Inputs) -> float:
    """Write the HTML file; returns the seconds it took."""
    started = time.perf_counter()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(build_report(inputs), encoding="utf-8")
    return time.perf_counter() - started


def build_report(x: Inputs) -> str:
    views = fold(x.result.incidents)
    matches = match(views, x.labels)
    c = x.collector
    t0 = c.first_ns or 0
    t1 = max(c.last_ns, t0 + 1)
    body = [
        _summary(x),
        "<h2>Scores per cause</h2>", _cause_table(views, matches, x.labels),
        "<h2>Alerts in, incidents out</h2>",
        h.img(plots.flow_figure(c.alerts_per_min, [(v.opened_ns, v.cause) for v in views], t0, t1),
              "alerts in vs incidents out over time", "fleet-plot"),
        "<h2>Detection latency</h2>", _latency(matches),
        "<h2>Incidents</h2>", _incident_table(x.result.incidents, views, matches),
    ]
    body += _nodes(x, views, t0, t1)
    started = datetime.fromtimestamp(t0 / 1e9, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    meta = (f"{', '.join(str(p) for p in x.recordings) or 'recording'} - rules "
            f"{x.rules_path or 'rules/ (default)'} - event time from {started}, "
            f"{(t1 - t0) / 60e9:.1f} minutes")
    return h.page("Replay report", meta, body)


def _summary(x: Inputs) -> str:
    s = x.result.summary
    lat = s.detection_latency_s
    headline = h.cards([("precision", s.precision), ("recall", s.recall),
                        ("cause accuracy", s.cause_accuracy), ("false alarms / day", s.false_alarms_per_day),
                        ("alerts in", s.alerts_in), ("incidents out", s.incidents_out),
                        ("latency p50 (s)", lat.p50)])
    rows = [(k, v) for k, v in s.model_dump(mode="json").items() if k != "detection_latency_s"]
    rows += [(f"detection_latency_s.{k}", v) for k, v in lat.model_dump().items()]
    return ("<h2>Summary</h2>" + headline
            + h.table(["score (contract section 4)", "value"], rows, "summary", [False, True]))


def _cause_table(views: list[IncidentView], matches: list[Match], labels: list[FaultLabel]) -> str:
    faults = [f for f in labels if not f.is_benign]
    true_ids = {m.incident.incident_id for m in matches}
    causes = sorted({f.cause for f in faults} | {v.cause for v in views})
    rows = []
    for cause in causes:
        fs = [f for f in faults if f.cause == cause]
        ms = [m for m in matches if m.fault.cause == cause]
        opened = [v for v in views if v.cause == cause]
        true = [v for v in opened if v.incident_id in true_ids]
        lats = sorted(m.latency_s for m in ms)
        rows.append((
            h.Raw(f'<span class="swatch" style="background:{plots.color(cause)}"></span>{escape(cause)}'),
            len(fs), len(ms), _ratio(len(ms), len(fs)), sum(m.cause_right for m in ms),
            len(opened), len(opened) - len(true), _ratio(len(true), len(opened)),
            lats[len(lats) // 2] if lats else None, lats[-1] if lats else None))
    return h.table(["cause", "faults", "detected", "recall", "cause right", "incidents", "false alarms",
                    "precision", "latency p50 (s)", "latency max (s)"], rows, "scores",
                   [False] + [True] * 9)


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def _latency(matches: list[Match]) -> str:
    if not matches:
        return "<p>No fault was detected, so there is no latency to show.</p>"
    return h.img(plots.latency_figure([(m.fault.cause, m.latency_s) for m in matches]),
                 "detection latency distribution", "fleet-plot")


def _incident_table(records: list[Incident], views: list[IncidentView], matches: list[Match]) -> str:
    last: dict[str, Incident] = {r.incident_id: r for r in records}
    matched: dict[str, list[str]] = {}
    for m in matches:
        matched.setdefault(m.incident.incident_id, []).append(m.fault.fault_id)
    rows = []
    for v in sorted(views, key=lambda v: v.opened_ns):
        r = last[v.incident_id]
        rows.append((v.incident_id, v.cause, ", ".join(sorted(v.nodes)), _clock(v.opened_ns),
                     _clock(r.resolved_ns) if r.resolved_ns else "open", r.alerts.count,
                     round(r.confidence, 2), ", ".join(matched.get(v.incident_id, [])) or
                     h.Raw('<span class="bad">false alarm</span>')))
    if not rows:
        return "<p>No incident was opened.</p>"
    return h.table(["incident", "cause", "nodes", "opened", "resolved", "alerts", "confidence",
                    "matches"], rows, "incidents", [False] * 5 + [True, True, False])


def _clock(ns: int | None) -> str:
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).strftime("%H:%M:%S") if ns else "-"


def _nodes(x: Inputs, views: list[IncidentView], t0: int, t1: int) -> list[str]:
    faulty = sorted({f.node for f in x.labels if not f.is_benign})
    alarmed = sorted({n for v in views for n in v.nodes} - set(faulty))
    lookalike = sorted({f.node for f in x.labels if f.is_benign} - set(faulty) - set(alarmed))
    chosen = [n for n in faulty + alarmed + lookalike if n in x.collector.nodes]
    out = ["<h2>Hypothesis strengths</h2>", _strengths(x, chosen)] if chosen else []
    marks = _marks(x.result.incidents)
    actions: dict[str, list[tuple[int, str]]] = {}
    for a in x.result.actions:
        actions.setdefault(a.node, []).append((a.ts_ns, a.action))
    out.append("<h2>Nodes</h2>")
    if len(chosen) > MAX_NODE_FIGURES:
        out.append(f"<p>{len(chosen)} nodes qualify; the first {MAX_NODE_FIGURES} are drawn.</p>")
    for node in chosen[:MAX_NODE_FIGURES]:
        kind = "faulty" if node in faulty else "alarmed" if node in alarmed else "look-alike"
        labels = [f for f in x.labels if f.node == node]
        fig = plots.node_figure(node, x.collector.nodes[node], t0, t1, labels, marks.get(node, []),
                                actions.get(node, []), x.rules.incidents.open_score)
        what = "; ".join(f"{f.cause}{'/' + f.detail if f.detail else ''} {_clock(f.start_ns)}-"
                         f"{_clock(f.end_ns)}" for f in labels) or "no label"
        incs = "; ".join(f"{mk.cause} {_clock(mk.opened_ns)}" for mk in marks.get(node, [])) or "none"
        out.append(f'<section class="node {kind}" id="node-{escape(node)}"><h3>{escape(node)} '
                   f'<small>({kind})</small></h3><div class="meta">labels: {escape(what)} - '
                   f"incidents: {escape(incs)}</div>{h.img(fig, f'{node} telemetry', 'node-plot')}</section>")
    return out


def _marks(records: list[Incident]) -> dict[str, list[Mark]]:
    first: dict[str, Incident] = {}
    last: dict[str, Incident] = {}
    nodes: dict[str, set[str]] = {}
    for r in records:
        first.setdefault(r.incident_id, r)
        last[r.incident_id] = r
        nodes.setdefault(r.incident_id, set()).update(r.nodes)
    out: dict[str, list[Mark]] = {}
    for iid, r in last.items():
        for n in nodes[iid]:
            out.setdefault(n, []).append(Mark(iid, r.cause, first[iid].opened_ns, r.resolved_ns))
    return out


def _strengths(x: Inputs, nodes: list[str]) -> str:
    peak: dict[tuple[str, str], float] = {}
    causes: set[str] = set()
    for n in nodes:
        for _, scores in x.collector.nodes[n].scores:
            for cause, v in scores.items():
                causes.add(cause)
                peak[(n, cause)] = max(peak.get((n, cause), 0.0), v)
    labelled: dict[str, set[str]] = {}
    for f in x.labels:
        if not f.is_benign:
            labelled.setdefault(f.node, set()).add(f.cause)
    if not causes:
        return "<p>No node was evaluated in full.</p>"
    fig = plots.strength_figure(nodes, sorted(causes), peak, labelled)
    return ("<p>Peak strength of each hypothesis on each node over the replay (a box marks the "
            "cause of a labelled fault).</p>" + h.img(fig, "peak hypothesis strength per node and cause",
                                                      "fleet-plot"))
