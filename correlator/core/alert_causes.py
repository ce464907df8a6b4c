"""Causes named from alert names alone, for nodes whose telemetry does not reach the correlator.

A node known only from its alerts has no features to score. Some alerts name their cause
outright: a GPU's XID or its disappearance, a node that stopped answering its probe. When the
sender marked one critical, and its name matches the configured pattern
(``alert_grouping.gpu_failure_alerts``, ``node_unreachable_alerts``), the node's incident opens
on the next tick under that cause instead of waiting as an unexplained group. Every other
alert is left to the storm grouping: an alert name alone cannot tell a leak from a look-alike.
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
