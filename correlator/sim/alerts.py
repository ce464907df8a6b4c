"""Prometheus rule evaluation and its notifications, in Alertmanager's alert shape.

Every evaluation interval each rule is evaluated per node; an alert is *pending* while its
condition holds for less than ``for:``, then *firing*: sent at once and re-sent every minute
(``startsAt`` = when it fired, ``endsAt`` = now + 4 x the resend delay, as Prometheus sets
``ValidUntil``). When the condition stops holding (including because the data vanished),
one ``resolved`` notification is sent with ``endsAt`` = the resolution time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from correlator.sim.prom import View
from correlator.sim.rules import RULES, Labels, Rule

EVAL_S = 30
RESEND_S = 60
VALID_FOR_S = 4 * RESEND_S
CLUSTER = "inference-prod"
PROMETHEUS_URL = "http://prometheus-k8s-0.monitoring.svc:9090"
INSTANCE_PORT = {"vllm": 8000, "dcgm-exporter": 9400, "node-exporter": 9100}


@dataclass(slots=True)
class AlertState:
    pending_since: float
    fired_at: float | None = None
    last_sent: float = -1e18
    value: float = 0.0


def rfc3339(start_ns: int, t: float) -> str:
    ns = start_ns + round(t * 1e9)
    stamp = datetime.fromtimestamp(ns // 1_000_000_000, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{stamp}.{ns % 1_000_000_000:09d}Z"


class Evaluator:
    """Alert state per (rule, node, labels); produces alert records at each evaluation."""

    def __init__(self, start_ns: int) -> None:
        self.start_ns = start_ns
        self.states: dict[tuple[str, str], dict[Labels, AlertState]] = {}

    def evaluate(self, t: float, views: list[View]) -> list[tuple[float, dict[str, Any]]]:
        out: list[tuple[float, dict[str, Any]]] = []
        for view in views:
            for rule in RULES:
                self._rule(rule, view, t, out)
        return out

    def _rule(self, rule: Rule, view: View, t: float, out: list[tuple[float, dict[str, Any]]]) -> None:
        active = dict(rule.fn(view))
        states = self.states.setdefault((rule.name, view.node), {})
        for labels, value in active.items():
            state = states.setdefault(labels, AlertState(pending_since=t))
            state.value = value
            if state.fired_at is None and t - state.pending_since >= rule.for_s:
                state.fired_at = t
            if state.fired_at is not None and t - state.last_sent >= RESEND_S:
                state.last_sent = t
                out.append((t, self._record(rule, view.node, labels, state, t, resolved=False)))
        for labels in [k for k in states if k not in active]:
            state = states.pop(labels)
            if state.fired_at is not None:
                out.append((t, self._record(rule, view.node, labels, state, t, resolved=True)))

    def _record(
        self, rule: Rule, node: str, extra: Labels, state: AlertState, t: float, resolved: bool
    ) -> dict[str, Any]:
        labels = _labels(rule, node, extra)
        fired = state.fired_at if state.fired_at is not None else t
        alert = {
            "status": "resolved" if resolved else "firing",
            "labels": labels,
            "annotations": _annotations(rule, labels, state.value),
            "startsAt": rfc3339(self.start_ns, fired),
            "endsAt": rfc3339(self.start_ns, t if resolved else t + VALID_FOR_S),
            "generatorURL": f"{PROMETHEUS_URL}/graph?g0.expr={quote(rule.expr)}&g0.tab=1",
        }
        gpu = labels.get("gpu")
        return {"v": 1, "ts_ns": self.start_ns + round(t * 1e9), "node": node,
                "source": "alert", "kind": "alert", "gpu": int(gpu) if gpu else None,
                "alert": alert}  # fmt: skip


def _labels(rule: Rule, node: str, extra: Labels) -> dict[str, str]:
    extra_map = dict(extra)
    job = extra_map.pop("job", rule.job)
    port = INSTANCE_PORT.get(job)
    instance = f"{node}:{port}" if port else f"{job}.monitoring.svc:8080"
    labels = {"alertname": rule.name, "severity": rule.severity, "node": node,
              "instance": instance, "job": job, "cluster": CLUSTER}  # fmt: skip
    labels.update(extra_map)
    return labels


def _annotations(rule: Rule, labels: dict[str, str], value: float) -> dict[str, str]:
    summary = rule.summary.format(value=value, **labels)
    return {
        "summary": summary,
        "description": f"{summary}. Expression: {rule.expr}",
        "runbook_url": f"https://runbooks.inference.internal/alerts/{rule.name.lower()}",
    }
