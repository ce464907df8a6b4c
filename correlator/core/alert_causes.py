"""Causes named from alert names alone, for nodes whose telemetry does not reach the correlator.

A node known only from its alerts has no features to score. Some alerts name their cause
outright: a GPU's XID or its disappearance, a node that stopped answering its probe. When the
sender marked one critical, and its name matches the configured pattern
(``alert_grouping.gpu_failure_alerts``, ``node_unreachable_alerts``), the node's incident opens
on the next tick under that cause instead of waiting as an unexplained group. Every other
alert is left to the storm grouping: an alert name alone cannot tell a leak from a look-alike.

One picture names its cause on a node whose telemetry does arrive: several of the node's
scrape targets reported down together (:func:`targets_down`) while its agent delivers every
source. The monitoring system cannot reach the node's exporters and its server at once, so the
path to the node is cut, though its agent (which spools while cut off, and delivers late)
shows the node alive.

And one names its cause whatever its severity and whatever the node's telemetry shows: the
cluster holding the node NotReady (:func:`not_ready`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from correlator.config.model import AlertGrouping
from correlator.core.hypotheses import GPU_FAILURE, NODE_UNREACHABLE, Score
from correlator.core.storm import AlertState
from correlator.wire.incidents import Evidence


def causes_named(alerts: Iterable[AlertState], now_ns: int, window_ns: int,
                 cfg: AlertGrouping) -> dict[str, Score]:
    """The causes that firing critical alerts seen within ``window_ns`` name, with their
    alerts as evidence.

    >>> from correlator.config.model import AlertGrouping
    >>> xid = AlertState("f1", "GPUXidError", "critical", 10, 20, True)
    >>> warn = AlertState("f2", "NodeDown", "warning", 10, 20, True)
    >>> sorted(causes_named([xid, warn], 30, 60, AlertGrouping()))
    ['gpu_failure']
    """
    out: dict[str, Score] = {}
    live = [a for a in alerts if a.firing and a.severity == "critical" and now_ns - a.last_ns <= window_ns]
    for cause, pattern in ((GPU_FAILURE, cfg.gpu_failure_alerts),
                           (NODE_UNREACHABLE, cfg.node_unreachable_alerts)):
        hits = sorted((a for a in live if pattern and re.search(pattern, a.alertname)),
                      key=lambda a: (a.first_ns, a.alertname))
        if hits:
            ev = [Evidence(signal="critical_alert", value=a.alertname,
                           detail="firing; the node's telemetry does not reach the correlator")
                  for a in hits[:4]]
            out[cause] = Score(1.0, hits[0].first_ns, ev, critical=True)
    return out


def _firing(alerts: Iterable[AlertState], pattern: str, now_ns: int, window_ns: int,
            settle_ns: int | None = None) -> list[AlertState]:
    """The firing alerts named by ``pattern`` (none when it is empty), seen within
    ``window_ns`` and, given ``settle_ns``, first fired that long ago or more; the earliest
    first.

    >>> old = AlertState("f1", "KubeNodeNotReady", "warning", 10, 20, True)
    >>> new = AlertState("f2", "KubeNodeNotReady", "warning", 25, 28, True)
    >>> [a.fingerprint for a in _firing([new, old], "NotReady", 30, 60)]
    ['f1', 'f2']
    >>> [a.fingerprint for a in _firing([new, old], "NotReady", 30, 60, settle_ns=10)]
    ['f1']
    >>> _firing([old], "", 30, 60)
    []
    """
    if not pattern:
        return []
    return sorted((a for a in alerts if a.firing and now_ns - a.last_ns <= window_ns
                   and (settle_ns is None or now_ns - a.first_ns >= settle_ns)
                   and re.search(pattern, a.alertname)),
                  key=lambda a: (a.first_ns, a.alertname))


def targets_down(alerts: Iterable[AlertState], now_ns: int, window_ns: int, cfg: AlertGrouping,
                 settle_ns: int = 0) -> Score:
    """The node is unreachable when at least ``unreachable_min_targets`` distinct scrape
    targets (jobs) of it are reported down by firing alerts seen within ``window_ns``, for
    ``settle_ns`` at least (long enough for the node's own telemetry to show whether its agent
    misses the same sources: then the scrape is blocked, and the node is not cut off).

    >>> from correlator.config.model import AlertGrouping
    >>> node = AlertState("f1", "TargetDown", "warning", 10, 20, True, target="node-exporter")
    >>> vllm = AlertState("f2", "VLLMTargetDown", "critical", 12, 20, True, target="vllm")
    >>> targets_down([vllm], 30, 60, AlertGrouping()).strength
    0.0
    >>> s = targets_down([node, vllm], 30, 60, AlertGrouping())
    >>> s.strength, s.onset_ns, s.critical, s.evidence[0].value
    (1.0, 12, True, 2)
    """
    pattern = cfg.target_down_alerts
    if not pattern:
        return Score()
    down: dict[str, AlertState] = {}
    for a in alerts:
        if a.firing and now_ns - a.last_ns <= window_ns and re.search(pattern, a.alertname):
            key = a.target or a.fingerprint
            if key not in down or a.first_ns < down[key].first_ns:
                down[key] = a
    if len(down) < cfg.unreachable_min_targets:
        return Score()
    # the node is cut off once the last of the targets that tell it went down
    onset = sorted(a.first_ns for a in down.values())[cfg.unreachable_min_targets - 1]
    if now_ns - onset < settle_ns:
        return Score()
    names = ", ".join(sorted(down))
    ev = [Evidence(signal="targets_down", value=len(down),
                   detail=f"scrape targets down together: {names}; the network path to the node is cut")]
    return Score(1.0, onset, ev, critical=True)


def upstream_failing(alerts: Iterable[AlertState], now_ns: int, window_ns: int, cfg: AlertGrouping,
                     settle_ns: int) -> Score:
    """A gateway's alert that its requests to the node fail (``upstream_failure_alerts``),
    firing, seen within ``window_ns`` and first fired ``settle_ns`` ago or more. The caller
    judges whether the node's engine is up and served nothing meanwhile.

    >>> from correlator.config.model import AlertGrouping
    >>> up = AlertState("f1", "GatewayUpstream5xxRateHigh", "critical", 10, 200, True)
    >>> upstream_failing([up], 210, 60, AlertGrouping(), 150).strength
    0.8
    >>> upstream_failing([up], 210, 60, AlertGrouping(), 250).strength
    0.0
    """
    hits = _firing(alerts, cfg.upstream_failure_alerts, now_ns, window_ns, settle_ns)
    if not hits:
        return Score()
    ev = [Evidence(signal="upstream_alert", value=a.alertname,
                   detail="firing while the node's engine, up and reporting, served no request: the "
                          "gateway's requests do not reach it")
          for a in hits[:4]]
    return Score(0.8, hits[0].first_ns, ev, critical=True)


def not_ready(alerts: Iterable[AlertState], now_ns: int, window_ns: int, cfg: AlertGrouping) -> Score:
    """The node is NotReady in its cluster when an alert matching ``node_not_ready_alerts``
    fires, seen within ``window_ns``, of any severity (kube-prometheus sends `KubeNodeNotReady`
    as a warning, once the node has been NotReady for 15 minutes). The kubelet has stopped
    answering (a container runtime hung, the kubelet wedged): the node's pods are out of the
    endpoints and it serves nothing, though its GPUs and its idle server may report as healthy.

    >>> from correlator.config.model import AlertGrouping
    >>> nr = AlertState("f1", "KubeNodeNotReady", "warning", 10, 20, True)
    >>> s = not_ready([nr], 30, 60, AlertGrouping())
    >>> s.strength, s.onset_ns, s.evidence[0].value
    (0.9, 10, 'KubeNodeNotReady')
    >>> not_ready([AlertState("f1", "KubeNodeNotReady", "warning", 10, 20, False)], 30, 60,
    ...           AlertGrouping()).strength
    0.0
    """
    hits = _firing(alerts, cfg.node_not_ready_alerts, now_ns, window_ns)
    if not hits:
        return Score()
    ev = [Evidence(signal="cluster_alert", value=a.alertname,
                   detail="firing: the cluster holds the node NotReady (its kubelet or container "
                          "runtime not responding); its pods are out of the endpoints")
          for a in hits[:2]]
    return Score(0.9, hits[0].first_ns, ev)
