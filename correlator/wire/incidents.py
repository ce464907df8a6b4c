"""Incident records published on the ``incidents`` topic (contract section 3)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

IncidentStatus = Literal["open", "update", "resolved"]
Severity = Literal["critical", "warning", "info"]
ENGINE_CAUSES = ("session_isolation", "spec_residue", "monitoring_gap", "memory_leak",
                 "gpu_failure", "gpu_throttled", "engine_stalled", "engine_slowed", "crash_loop",
                 "server_lost", "runaway_generation", "spec_acceptance_collapse", "kv_pool_shrunk",
                 "kv_transfer_leak",
                 "nvlink_degraded", "concurrency_capped", "upstream_errors", "output_capped",
                 "context_capped", "api_server_errors", "node_unreachable", "gpus_unavailable",
                 "node_not_ready", "unexplained_alerts")
"""Every ``cause`` this engine writes (the contract's three named causes first)."""


class AlertsRef(BaseModel):
    """The alerts an incident absorbed."""

    model_config = ConfigDict(extra="ignore")

    count: int = 0
    fingerprints: list[str] = Field(default_factory=list)
    alertnames: list[str] = Field(default_factory=list)


class Evidence(BaseModel):
    """One observation supporting the incident's cause."""

    model_config = ConfigDict(extra="ignore")

    signal: str
    value: float | int | str | None
    detail: str = ""


class IncidentAction(BaseModel):
    """A Level-1 remediation the engine asked for."""

    model_config = ConfigDict(extra="ignore")

    action: str
    node: str
    params: dict[str, Any] = Field(default_factory=dict)
    ts_ns: int | None = None


class Incident(BaseModel):
    """One published state of an incident; every transition publishes a full record."""

    model_config = ConfigDict(extra="ignore")

    v: int = 1
    incident_id: str
    status: IncidentStatus
    cause: str
    confidence: float = Field(ge=0.0, le=1.0)
    hypotheses: dict[str, float]
    severity: Severity
    nodes: list[str]
    opened_ns: int
    updated_ns: int
    resolved_ns: int | None = None
    first_evidence_ns: int
    alerts: AlertsRef = Field(default_factory=AlertsRef)
    evidence: list[Evidence] = Field(default_factory=list)
    actions: list[IncidentAction] = Field(default_factory=list)
    summary: str = ""
