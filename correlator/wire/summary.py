"""The replay summary printed on the last line of ``correlator replay --json`` (section 4)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class LatencySummary(BaseModel):
    """Detection latency of matched faults, seconds."""

    model_config = ConfigDict(extra="forbid")

    p50: float | None = None
    p90: float | None = None
    max: float | None = None


class ReplaySummary(BaseModel):
    """Scores of one replay against its labels."""

    model_config = ConfigDict(extra="allow")

    events: int
    alerts_in: int
    incidents_out: int
    alert_reduction: float | None
    precision: float | None
    recall: float | None
    f1: float | None
    cause_accuracy: float | None
    false_alarms_per_day: float | None
    detection_latency_s: LatencySummary
    duration_s: float
    wall_s: float
