"""The simulator's options, validated once (pydantic), shared by the CLI and the Python API.

>>> SimConfig(nodes=2, minutes=5, faults="spec_residue:1").faults[0].cause
'spec_residue'
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from correlator.sim.specs import BENIGN_CAUSES, FAULT_CAUSES, InjectSpec, parse_specs

DEFAULT_START_NS = 1_709_542_800 * 1_000_000_000
"""2024-03-04T09:00:00Z: a fixed default so that runs are reproducible."""

LoadKind = Literal["synthetic", "azure-conv", "azure-code", "mooncake", "mooncake-synthetic"]
GpuKind = Literal["h100", "h200"]


def default_traces_dir() -> Path:
    """``../shared/data/traces`` seen from the repository root (the package's parent)."""
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / "traces"


class SimConfig(BaseModel):
    """Everything that determines a scenario; the same config gives byte-identical output."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    nodes: Annotated[int, Field(ge=1, le=2000)] = 6
    gpus: Annotated[int, Field(ge=1, le=8)] = 4
    minutes: Annotated[float, Field(gt=0, le=24 * 60)] = 60.0
    seed: int = 1
    faults: tuple[InjectSpec, ...] = ()
    benign: tuple[InjectSpec, ...] = ()
    load: LoadKind = "synthetic"
    context_ttl_s: Annotated[float, Field(gt=0)] = 300.0
    interrupt_rate: Annotated[float, Field(ge=0, le=1)] = 0.02
    batch_size: Annotated[int, Field(ge=1, le=4096)] = 64
    mixed_tenants: bool = True
    leak_rate_pct_min: Annotated[float, Field(gt=0, le=100)] | None = None
    start_ns: Annotated[int, Field(ge=0)] = DEFAULT_START_NS
    noise: bool = True
    request_events: bool = True
    traces_dir: Path | None = None
    trace_copies: Annotated[int, Field(ge=1, le=64)] = 1
    trace_fleet: Annotated[int, Field(ge=1, le=100_000)] | None = None
    gpu_type: GpuKind = "h100"
    model: str = "auto"
    rate_per_node: Annotated[float, Field(gt=0, le=200)] | None = None
    preroll_s: Annotated[int, Field(ge=0, le=7200)] = 600

    @field_validator("faults", mode="before")
    @classmethod
    def _parse_faults(cls, value: object) -> object:
        return parse_specs(value, FAULT_CAUSES, "--faults") if isinstance(value, str) else value

    @field_validator("benign", mode="before")
    @classmethod
    def _parse_benign(cls, value: object) -> object:
        return parse_specs(value, BENIGN_CAUSES, "--benign") if isinstance(value, str) else value

    @property
    def duration_s(self) -> int:
        return round(self.minutes * 60)

    def node_names(self) -> list[str]:
        width = max(2, len(str(self.nodes)))
        return [f"gpu-node-{i:0{width}d}" for i in range(1, self.nodes + 1)]

    def resolved_traces_dir(self) -> Path:
        return self.traces_dir if self.traces_dir is not None else default_traces_dir()
