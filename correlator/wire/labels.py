"""Ground-truth fault windows used for replay scoring (contract section 2)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

NAMED_CAUSES = ("session_isolation", "spec_residue", "monitoring_gap")
BENIGN_DETAILS = ("long_document", "annual_report", "retry_burst", "warmup", "checkpoint_load")

LabelCause = Literal["session_isolation", "spec_residue", "monitoring_gap", "other", "benign"]


class FaultLabel(BaseModel):
    """One labelled window: a fault (or a benign look-alike) on one node."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    fault_id: Annotated[str, Field(min_length=1)]
    node: Annotated[str, Field(min_length=1)]
    gpu: int | None = None
    cause: LabelCause
    detail: str | None = None
    start_ns: int
    end_ns: int

    @model_validator(mode="after")
    def _ordered(self) -> FaultLabel:
        if self.end_ns < self.start_ns:
            raise ValueError(f"end_ns {self.end_ns} is before start_ns {self.start_ns}")
        return self

    @property
    def is_benign(self) -> bool:
        return self.cause == "benign"
