"""Alert-storm collapse: track each node's alerts, attach them to its incident, group the rest.

Alerts are identified by fingerprint: the sender's when present, else one computed from the
sorted label set (FNV-1a 64 over names and values with 0xff separators, as Alertmanager
fingerprints label sets), so repeats and the resolve of an alert update one entry instead of
adding new ones. State per node is an LRU bounded by count; resolved alerts expire.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, fields
from typing import Any

from correlator.core.hypotheses import AlertPicture
from correlator.wire.records import AlertBody

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK = (1 << 64) - 1


def fingerprint(labels: dict[str, str]) -> str:
    """Fingerprint of a label set; order of the labels does not matter."""
    h = _FNV_OFFSET
    for name in sorted(labels):
        for chunk in (name.encode(), b"\xff", labels[name].encode(), b"\xff"):
            for byte in chunk:
                h = ((h ^ byte) * _FNV_PRIME) & _MASK
    return f"{h:016x}"


def alert_fingerprint(alert: AlertBody) -> str:
    return alert.fingerprint or fingerprint(alert.labels)


@dataclass(slots=True)
class AlertState:
    fingerprint: str
    alertname: str
    severity: str
    first_ns: int
    last_ns: int
    firing: bool
    attached: bool = False
    target: str = ""
    """What the alert is about beyond its node: its ``job`` label, else its ``instance``."""
    began_ns: int = 0
    """When its latest firing episode began (``first_ns`` spans flickers within ``expire_ns``)."""

    def __setstate__(self, state: tuple[Any, dict[str, Any]]) -> None:
        """Alerts held in a snapshot by an older build lack the fields added since: those get
        their defaults. (Pickle gives a slotted object's state as ``(None, {slot: value})``.)"""
        given = state[1] or {}
        for f in fields(self):  # every field added since has a plain default
            setattr(self, f.name, given.get(f.name, f.default))


@dataclass
class NodeAlerts:
    """The alerts of one node."""

    capacity: int
    expire_ns: int
    alerts: OrderedDict[str, AlertState] = field(default_factory=OrderedDict)
    group_since_ns: int = 0
    last_ns: int = 0

    def observe(self, alert: AlertBody, ts_ns: int) -> AlertState:
        fp = alert_fingerprint(alert)
        firing = alert.status == "firing"
        self.last_ns = max(self.last_ns, ts_ns)
        st = self.alerts.get(fp)
        if st is None:
            labels = alert.labels
            st = AlertState(fp, labels["alertname"], labels.get("severity", ""), ts_ns, ts_ns, firing,
                            target=labels.get("job") or labels.get("instance", ""),
                            began_ns=ts_ns if firing else 0)
            self.alerts[fp] = st
            if len(self.alerts) > self.capacity:
                self.alerts.popitem(last=False)
        else:
            self.alerts.move_to_end(fp)
            if firing and not st.firing:
                st.first_ns = ts_ns if ts_ns - st.last_ns > self.expire_ns else st.first_ns
                st.began_ns = ts_ns
            st.firing = firing
            st.last_ns = max(st.last_ns, ts_ns)
        if firing and not st.attached and self.group_since_ns == 0:
            self.group_since_ns = ts_ns
        return st

    def expire(self, now_ns: int) -> None:
        stale = [fp for fp, a in self.alerts.items()
                 if now_ns - a.last_ns > (self.expire_ns if not a.firing else 2 * self.expire_ns)]
        for fp in stale:
            del self.alerts[fp]
        if not any(a.firing and not a.attached for a in self.alerts.values()):
            self.group_since_ns = 0

    def picture(self, now_ns: int, window_ns: int) -> AlertPicture:
        live = [a for a in self.alerts.values() if a.firing and now_ns - a.last_ns <= window_ns]
        names = {a.alertname for a in live}
        crit = {a.alertname for a in live if a.severity == "critical"}
        first = min((a.first_ns for a in live), default=0)
        return AlertPicture(len(names), len(crit), first)

    def take_unattached(self, since_ns: int) -> list[tuple[str, str]]:
        """Mark recent unattached alerts attached; return their (fingerprint, alertname)."""
        out = []
        for a in self.alerts.values():
            if not a.attached and a.last_ns >= since_ns:
                a.attached = True
                out.append((a.fingerprint, a.alertname))
        return out

    def detach_all(self) -> None:
        for a in self.alerts.values():
            a.attached = False

    def any_firing(self, now_ns: int, window_ns: int) -> bool:
        return any(a.firing and now_ns - a.last_ns <= window_ns for a in self.alerts.values())

    def group(self) -> list[AlertState]:
        """The unexplained group: firing alerts not attached to any incident."""
        return [a for a in self.alerts.values() if a.firing and not a.attached]
