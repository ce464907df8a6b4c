"""Values the core returns for its shell to publish."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from correlator.wire.incidents import Evidence

FindingKind = Literal["raise", "update", "clear"]


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
