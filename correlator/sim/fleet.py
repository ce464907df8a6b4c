"""The fleet: per-node hardware, model, serving configuration and tenants, drawn from the seed.

Every node runs one vLLM engine tensor-parallel over its GPUs. About a third of the nodes have
speculative decoding configured; each node has its own nominal request rate, reclaim-sweep
period, host memory size and baseline, and GPU thermal offsets.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass

from correlator.sim.catalog import BLOCK_SIZE, GIB, GPUS, GpuSpec, ModelSpec, pick_model
from correlator.sim.config import SimConfig
from correlator.sim.counters import SpecConfig
from correlator.sim.perf import EnginePerf, engine_perf
from correlator.sim.tenants import TENANTS, Tenant, session_shape

SPEC_SHARE = 0.35
LOAD_FACTOR = (0.30, 0.50)
"""Mean pinned share of the pool each node is loaded to (the saw-tooth peaks above it)."""
MEAN_SWEEP_S = 210.0


@dataclass(frozen=True, slots=True)
class NodeSpec:
    """Static facts about one node."""

    index: int
    name: str
    gpu: GpuSpec
    gpus: int
    model: ModelSpec
    perf: EnginePerf
    spec: SpecConfig | None
    tenants: tuple[Tenant, ...]
    rate: float
    sweep_s: float
    host_total: int
    host_base: int
    uuids: tuple[str, ...]
    temp_offsets: tuple[float, ...]
    power_offsets: tuple[float, ...]
    ambient_c: float
    exposes_kv_usage: bool = True
    uptime_s: float = 0.0

    @property
    def engine_labels(self) -> dict[str, str]:
        return {"engine": "0", "model_name": self.model.name}


def spec_config(model: ModelSpec, rng: random.Random) -> SpecConfig:
    """DeepSeek-V3 ships an MTP head (one draft token); others use an EAGLE draft model."""
    if model.mla_latent:
        return SpecConfig("deepseek_mtp", 1, rng.uniform(0.80, 0.90))
    return SpecConfig("eagle", 3, rng.uniform(0.62, 0.78))


def host_memory(gpus: int, rng: random.Random) -> tuple[int, int]:
    """(total, baseline used by everything but the serving process)."""
    total = (2048 if gpus >= 8 else rng.choice((1024, 1024, 2048))) * GIB
    return total, int(total * rng.uniform(0.05, 0.12))


def build_fleet(config: SimConfig) -> list[NodeSpec]:
    gpu = GPUS[config.gpu_type]
    model = pick_model(config.model, gpu, config.gpus)
    perf = engine_perf(gpu, model, config.gpus)
    names = config.node_names()
    return [_node(config, i, name, gpu, model, perf) for i, name in enumerate(names)]


def _node(
    config: SimConfig, i: int, name: str, gpu: GpuSpec, model: ModelSpec, perf: EnginePerf
) -> NodeSpec:
    rng = random.Random(f"fleet/{config.seed}/{name}")
    host_total, host_base = host_memory(config.gpus, rng)
    spec = spec_config(model, rng) if rng.random() < SPEC_SHARE else None
    load_factor = rng.uniform(LOAD_FACTOR[0], LOAD_FACTOR[1])
    tenants = _tenants_of(config, i)
    rate = config.rate_per_node or load_factor * sustainable_rate(perf, tenants, config.context_ttl_s)
    return NodeSpec(
        index=i,
        name=name,
        gpu=gpu,
        gpus=config.gpus,
        model=model,
        perf=perf,
        spec=spec,
        tenants=tenants,
        rate=rate,
        sweep_s=rng.uniform(120.0, 300.0),
        host_total=host_total,
        host_base=host_base,
        uuids=tuple(str(uuid.UUID(int=rng.getrandbits(128))) for _ in range(config.gpus)),
        temp_offsets=tuple(rng.uniform(-3.0, 4.0) for _ in range(config.gpus)),
        power_offsets=tuple(rng.uniform(-15.0, 15.0) for _ in range(config.gpus)),
        ambient_c=rng.uniform(24.0, 31.0),
        uptime_s=rng.uniform(3 * 3600, 72 * 3600),
    )


def _tenants_of(config: SimConfig, i: int) -> tuple[Tenant, ...]:
    if config.mixed_tenants:
        return TENANTS
    return (TENANTS[i % len(TENANTS)],)


def sustainable_rate(perf: EnginePerf, tenants: tuple[Tenant, ...], ttl_s: float) -> float:
    """Requests/s at which pinned session contexts would fill the KV pool on average.

    Operators size traffic to capacity: each session's context stays pinned while it is
    active and for the TTL (plus half a sweep period) after its last turn.
    """
    turns, context, active = session_shape(tenants)
    token_seconds = context * (ttl_s + MEAN_SWEEP_S / 2) + context / 2 * active
    return perf.pool_blocks * BLOCK_SIZE * turns / token_seconds
