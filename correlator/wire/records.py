"""Telemetry, event and alert records (contract section 1).

Records are validated in strict mode: a string where a number belongs is an error, not a
conversion, so a producer's bug surfaces at the first record instead of as a silent drift.
Unknown extra fields are accepted and ignored, as the contract allows.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

CONTRACT_VERSION = 1
SOURCES = ("nvml", "dcgm", "vllm", "host", "alert")


class _Envelope(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    v: Literal[1]
    ts_ns: Annotated[int, Field(ge=0)]
    node: Annotated[str, Field(min_length=1)]
    source: Annotated[str, Field(min_length=1)]
    gpu: Annotated[int, Field(ge=0)] | None = None
    seq: int | None = None


class SampleRecord(_Envelope):
    """Metric values read at one instant."""

    kind: Literal["sample"]
    metrics: dict[str, float]
    labels: dict[str, str] | None = None


class EventRecord(_Envelope):
    """A discrete happening (``xid``, ``request_finished``, ``oom_kill``...)."""

    kind: Literal["event"]
    event: Annotated[str, Field(min_length=1)]
    attrs: dict[str, Any] = Field(default_factory=dict)


class AlertBody(BaseModel):
    """One alert in Alertmanager's shape."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    status: Literal["firing", "resolved"]
    labels: dict[str, str]
    annotations: dict[str, str] = Field(default_factory=dict)
    startsAt: str | None = None
    endsAt: str | None = None
    fingerprint: str | None = None
    generatorURL: str | None = None

    @field_validator("labels")
    @classmethod
    def _has_alertname(cls, labels: dict[str, str]) -> dict[str, str]:
        if not labels.get("alertname"):
            raise ValueError("alert.labels must include a non-empty 'alertname'")
        return labels


class AlertRecord(_Envelope):
    """An alert from an existing alerting system, tied to a node (or ``"-"``)."""

    kind: Literal["alert"]
    alert: AlertBody


Record = Annotated[SampleRecord | EventRecord | AlertRecord, Field(discriminator="kind")]
"""Any record of the contract, told apart by ``kind``."""
