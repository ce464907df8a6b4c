"""What each system sent, measured the same way. Pure: times are event-time nanoseconds.

- *notifications*: PagerDuty events received (trigger and resolve, every one);
- *pages*: PagerDuty incidents opened, i.e. triggers whose ``dedup_key`` is not open at that
  moment (PagerDuty folds a trigger on an open key into the open incident, without a new page);
- *pages per root cause*: pages over the root causes of the ground truth that are not
  look-alikes (labels of the same cause and window on several nodes are one root cause);
- *first alert -> first page*: event time from the storm's first alert to the first page
  (the storm's first alert may be a look-alike's, which should not page at all);
- *slowest fault*: the largest, over the real faults, of the time from the fault's first alert
  to its first page (a fault never paged counts as unbounded);
- per fault: from the first alert on the fault's node (in its window) to the first page that
  names that node; a page naming only nodes without a real fault is a false page;
- *names a cause*: the page says which root cause (one of the correlator's named causes), not
  only which alert rules fired.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from correlator.core.incidents import CAUSE_TEXT
from correlator.wire.labels import FaultLabel

S = 1_000_000_000
NAMED_CAUSES = frozenset(CAUSE_TEXT) - {"unexplained_alerts"}


@dataclass(frozen=True)
class Event:
    """One PagerDuty event, as received."""

    ev_ns: int
    key: str
    action: str
    nodes: frozenset[str]
    cause: str | None


@dataclass
class Row:
    system: str
    notifications: int
    pages: int
    faults: int
    first_alert_to_first_page_s: float | None
    pages_naming_cause: int
    false_pages: int
    per_fault: dict[str, float | None] = field(default_factory=dict)

    @property
    def pages_per_fault(self) -> float:
        return self.pages / self.faults if self.faults else float("nan")

    @property
    def slowest_fault_s(self) -> float | None:
        """Worst first-alert-to-page over the faults; None when one was never paged."""
        values = list(self.per_fault.values())
        if not values or any(v is None for v in values):
            return None
        return max(v for v in values if v is not None)


def opened(events: list[Event]) -> list[Event]:
    """The triggers that open a PagerDuty incident (a page)."""
    open_keys: set[str] = set()
    out = []
    for e in sorted(events, key=lambda e: e.ev_ns):
        if e.action == "trigger" and e.key not in open_keys:
            open_keys.add(e.key)
            out.append(e)
        elif e.action == "resolve":
            open_keys.discard(e.key)
    return out


def real(faults: list[FaultLabel]) -> list[FaultLabel]:
    return [f for f in faults if f.cause != "benign"]


def root_causes(faults: list[FaultLabel]) -> int:
    """Real root causes: one cause striking several nodes at once has a label per node."""
    return len({(f.cause, f.detail, f.start_ns, f.end_ns) for f in real(faults)})


def has_fault(faults: list[FaultLabel], nodes: frozenset[str], ev_ns: int) -> bool:
    return any(f.node in nodes and f.start_ns - 60 * S <= ev_ns <= f.end_ns for f in real(faults))


def first_alert_on(alerts: list[tuple[int, str]], f: FaultLabel) -> int | None:
    times = [t for t, node in alerts if node == f.node and f.start_ns - 60 * S <= t <= f.end_ns]
    return min(times, default=None)


def row(system: str, events: list[Event], firing_nodes: list[tuple[int, frozenset[str]]],
        alerts: list[tuple[int, str]], faults: list[FaultLabel]) -> Row:
    """``firing_nodes``: (time, nodes named) of every notification (for per-fault latency)."""
    pages = opened(events)
    first_alert = min((t for t, _ in alerts), default=None)
    first_page = pages[0].ev_ns if pages else None
    r = Row(system, len(events), len(pages), root_causes(faults),
            None if first_alert is None or first_page is None else (first_page - first_alert) / S,
            sum(1 for p in pages if p.cause in NAMED_CAUSES),
            sum(1 for p in pages if not has_fault(faults, p.nodes, p.ev_ns)))
    for f in real(faults):
        t_alert = first_alert_on(alerts, f)
        named = [t for t, nodes in firing_nodes if f.node in nodes and t >= f.start_ns - 60 * S]
        t_page = min(named, default=None)
        key = f"{f.node} {f.cause}{'/' + f.detail if f.detail else ''}"
        r.per_fault[key] = None if t_alert is None or t_page is None else (t_page - t_alert) / S
    return r


def table(rows: list[Row]) -> str:
    def fmt(x: float | None, unit: str = "") -> str:
        return "-" if x is None else f"{x:+.0f}{unit}" if unit else f"{x:.2f}"

    head = ("", *(r.system for r in rows))
    lines = [
        ("notifications sent (PagerDuty events)", *(str(r.notifications) for r in rows)),
        ("pages (PagerDuty incidents opened)", *(str(r.pages) for r in rows)),
        ("pages per root cause", *(f"{r.pages_per_fault:.2f} ({r.pages}/{r.faults})" for r in rows)),
        ("pages on nodes with no real fault", *(str(r.false_pages) for r in rows)),
        ("first alert -> first page (event time)", *(fmt(r.first_alert_to_first_page_s, " s") for r in rows)),
        ("slowest fault: its first alert -> its page", *(fmt(r.slowest_fault_s, " s") for r in rows)),
        ("pages naming a root cause", *(f"{r.pages_naming_cause}/{r.pages}" for r in rows)),
    ]
    keys = list(rows[0].per_fault)
    for k in keys:
        lines.append((f"  {k}: first alert -> page naming the node",
                      *(fmt(r.per_fault.get(k), " s") for r in rows)))
    widths = [max(len(str(line[i])) for line in [head, *lines]) for i in range(len(head))]
    out = []
    for line in [head, *lines]:
        out.append("| " + " | ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)) + " |")
    out.insert(1, "| " + " | ".join("-" * w for w in widths) + " |")
    return "\n".join(out)


def nodes_of_webhook(doc: dict[str, Any]) -> frozenset[str]:
    """Nodes of the firing alerts of an Alertmanager webhook notification."""
    return frozenset(a["labels"].get("node", "") for a in doc.get("alerts", [])
                     if a.get("status") == "firing") - {""}
