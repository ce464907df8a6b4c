"""Values the core returns for its shell to publish."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal

from correlator.wire.incidents import Evidence

FindingKind = Literal["raise", "update", "clear", "action", "host"]
_KIND_RANK = {"host": -1, "raise": 0, "update": 1, "action": 2, "clear": 3}


@dataclass(frozen=True, slots=True)
class ActionEvent:
    """A Level-1 remediation request, published on the ``actions`` topic."""

    node: str
    ts_ns: int
    action: str
    rule: str
    signal: str
    value: float
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": 1,
            "ts_ns": self.ts_ns,
            "node": self.node,
            "action": self.action,
            "rule": self.rule,
            "signal": self.signal,
            "value": round(self.value, 3),
            "params": self.params,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ActionEvent:
        return cls(d["node"], d["ts_ns"], d["action"], d["rule"], d["signal"], d["value"],
                   dict(d.get("params") or {}))


@dataclass(frozen=True, slots=True)
class Finding:
    """A node-level conclusion handed from the node engine to the incident book."""

    node: str
    ts_ns: int
    kind: FindingKind
    cause: str
    strength: float
    confidence: float
    hypotheses: dict[str, float]
    onset_ns: int
    critical: bool
    evidence: tuple[Evidence, ...] = ()
    alerts: tuple[tuple[str, str], ...] = ()
    explanations: tuple[str, ...] = ()
    action: ActionEvent | None = None
    # 1: the node's second incident, a separate cause found while its first is open.
    slot: int = 0
    # When the node's serving process last started (0: unknown); a raise after a restart
    # that came after the incident opened is a new occurrence, not a reopening.
    restart_ns: int = 0
    # The pods using the node's GPUs (``NodeState.pods``): a serving instance across nodes.
    pods: tuple[str, ...] = ()
    # The tenant a session-isolation finding names (reusing session ids, or restarting
    # conversations under old ones): its leak on several nodes is one root cause.
    tenant: str = ""
    # A ``host`` note: the host the node's records say they were collected on, where it is not
    # the node's own name (dcgm-exporter's ``Hostname`` label; "": its own again).
    host: str = ""

    def __setstate__(self, state: list[Any]) -> None:
        """Findings held in a snapshot by an older build lack the fields added since: those
        get their defaults."""
        given = dict(zip((f.name for f in fields(self)), state, strict=False))
        for f in fields(self):  # every field added since has a plain default
            object.__setattr__(self, f.name, given.get(f.name, f.default))

    def order_key(self) -> tuple[int, str, int]:
        """Findings are applied in (event time, node, kind) order, whoever produced them."""
        return (self.ts_ns, self.node, _KIND_RANK[self.kind])

    def to_json(self) -> dict[str, Any]:
        return {
            "node": self.node, "ts_ns": self.ts_ns, "kind": self.kind, "cause": self.cause,
            "strength": self.strength, "confidence": self.confidence,
            "hypotheses": self.hypotheses, "onset_ns": self.onset_ns, "critical": self.critical,
            "evidence": [e.model_dump() for e in self.evidence],
            "alerts": [list(a) for a in self.alerts], "explanations": list(self.explanations),
            "action": self.action.to_json() if self.action else None,
            **({"slot": self.slot} if self.slot else {}),
            **({"restart_ns": self.restart_ns} if self.restart_ns else {}),
            **({"pods": list(self.pods)} if self.pods else {}),
            **({"tenant": self.tenant} if self.tenant else {}),
            **({"host": self.host} if self.host else {}),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Finding:
        action = d.get("action")
        return cls(
            node=d["node"], ts_ns=d["ts_ns"], kind=d["kind"], cause=d["cause"],
            strength=d["strength"], confidence=d["confidence"], hypotheses=d["hypotheses"],
            onset_ns=d["onset_ns"], critical=d["critical"],
            evidence=tuple(Evidence.model_validate(e) for e in d["evidence"]),
            alerts=tuple((a[0], a[1]) for a in d["alerts"]),
            explanations=tuple(d["explanations"]),
            action=ActionEvent.from_json(action) if action else None,
            slot=int(d.get("slot", 0)), restart_ns=int(d.get("restart_ns", 0)),
            pods=tuple(str(p) for p in d.get("pods") or ()),
            tenant=str(d.get("tenant") or ""),
            host=str(d.get("host") or ""),
        )

    @classmethod
    def for_action(cls, a: ActionEvent) -> Finding:
        return cls(a.node, a.ts_ns, "action", "", -1.0, -1.0, {}, a.ts_ns, False, action=a)

    @classmethod
    def host_note(cls, node: str, ts_ns: int, host: str) -> Finding:
        """The node's records now say they were collected on ``host`` ("": on the node itself)."""
        return cls(node, ts_ns, "host", "", -1.0, -1.0, {}, ts_ns, False, host=host)
