"""Turn requested injections into a concrete schedule (node, GPU, window, parameters) and
ground-truth labels. Whatever a spec leaves open is drawn from the seed.

Windows are true: a fault starts at its injection and ends when its mechanism stops, or at the
end of the scenario; a look-alike ends when its legitimate activity does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from correlator.sim.config import SimConfig
from correlator.sim.fleet import NodeSpec, spec_config
from correlator.sim.specs import BENIGN_CAUSES, FAULT_CAUSES, InjectSpec, SpecError
from correlator.wire.labels import FaultLabel

OTHER = ("xid_79", "network_partition")
OPEN_ENDED = ("session_isolation", "spec_residue", "monitoring_gap", "xid_79")
NATURAL_S: dict[str, tuple[float, float]] = {
    "network_partition": (120.0, 480.0),
    "long_document": (600.0, 1200.0),
    "annual_report": (2400.0, 3000.0),
    "retry_burst": (60.0, 180.0),
    "checkpoint_load": (30.0, 90.0),
}
WARM_CACHE_S = 180.0
"""A restarted engine's prefix cache counts as cold for this long after it is ready."""
PARAMS_FLOAT = dict[str, float | str]


@dataclass(frozen=True, slots=True)
class Injection:
    """One scheduled fault or look-alike; times are seconds from the scenario start."""

    fault_id: str
    benign: bool
    cause: str
    variant: str | None
    node: int
    node_name: str
    gpu: int | None
    start_s: float
    end_s: float
    params: PARAMS_FLOAT = field(default_factory=dict)

    @property
    def label_cause(self) -> str:
        if self.benign:
            return "benign"
        return "other" if self.cause in OTHER else self.cause

    @property
    def label_detail(self) -> str | None:
        if self.benign or self.cause in OTHER:
            return self.cause
        return self.variant

    def label(self, start_ns: int) -> FaultLabel:
        return FaultLabel(
            fault_id=self.fault_id,
            node=self.node_name,
            gpu=self.gpu,
            cause=self.label_cause,  # type: ignore[arg-type]
            detail=self.label_detail,
            start_ns=start_ns + int(self.start_s * 1e9),
            end_ns=start_ns + int(self.end_s * 1e9),
        )


def schedule(config: SimConfig, fleet: list[NodeSpec]) -> list[Injection]:
    """Resolve every spec; faults are spread over distinct nodes where the fleet allows."""
    rng = random.Random(f"schedule/{config.seed}")
    busy: set[int] = set()
    out = []
    for i, spec in enumerate(config.faults):
        first = _resolve(spec, False, f"f{i + 1:02d}", config, fleet, busy, rng)
        out += [first, *_also(first, spec, config, fleet, busy, rng)]
    for i, spec in enumerate(config.benign):
        first = _resolve(spec, True, f"b{i + 1:02d}", config, fleet, set(), rng)
        out += [first, *_also(first, spec, config, fleet, set(), rng)]
    return out


def _also(first: Injection, spec: InjectSpec, config: SimConfig, fleet: list[NodeSpec],
          busy: set[int], rng: random.Random) -> list[Injection]:
    """The further nodes a spec names (``@a+b+c``): one root cause striking them together,
    so the first injection's window and variant, with each node's own parameters."""
    out = []
    for name in spec.also:
        node = _pick_node(replace(spec, node=name, also=()), fleet, busy, rng)
        busy.add(node)
        out.append(replace(first, fault_id=first.fault_id.removesuffix(first.node_name) + fleet[node].name,
                           node=node, node_name=fleet[node].name,
                           params=_params(spec.cause, config, fleet[node], rng)))
    return out


def _resolve(
    spec: InjectSpec,
    benign: bool,
    prefix: str,
    config: SimConfig,
    fleet: list[NodeSpec],
    busy: set[int],
    rng: random.Random,
) -> Injection:
    node = _pick_node(spec, fleet, busy, rng)
    busy.add(node)
    start, end = _window(spec, benign, config, rng)
    variant = spec.variant or _variant(spec.cause, rng)
    gpu = rng.randrange(config.gpus) if spec.cause == "xid_79" else None
    name = fleet[node].name
    params = _params(spec.cause, config, fleet[node], rng)
    if spec.cause == "warmup" and spec.end_min is None:
        ready = float(params["down_s"]) + float(params["load_s"]) + WARM_CACHE_S
        end = min(float(config.duration_s), start + ready)
    return Injection(
        fault_id=f"{prefix}-{spec.cause}-{name}",
        benign=benign,
        cause=spec.cause,
        variant=variant,
        node=node,
        node_name=name,
        gpu=gpu,
        start_s=start,
        end_s=end,
        params=params,
    )


def _pick_node(
    spec: InjectSpec, fleet: list[NodeSpec], busy: set[int], rng: random.Random
) -> int:
    if spec.node is not None:
        for node in fleet:
            if node.name == spec.node:
                return node.index
        raise SpecError(
            f"{spec.render()}: no node named {spec.node!r}; the fleet is "
            f"{fleet[0].name}..{fleet[-1].name}"
        )
    free = [n for n in fleet if n.index not in busy] or fleet
    if spec.cause == "spec_residue":
        free = [n for n in free if n.spec is not None] or free
    return rng.choice(free).index


def _window(
    spec: InjectSpec, benign: bool, config: SimConfig, rng: random.Random
) -> tuple[float, float]:
    duration = float(config.duration_s)
    if spec.start_min is not None:
        start = spec.start_min * 60.0
        if start >= duration:
            raise SpecError(
                f"{spec.render()}: starts at minute {spec.start_min:g}, "
                f"but the scenario lasts {config.minutes:g} minutes"
            )
    else:
        lo, hi = (0.05, 0.8) if benign else (0.15, 0.5)
        start = float(int(rng.uniform(lo, hi) * duration))
    if spec.end_min is not None:
        return start, min(duration, spec.end_min * 60.0)
    return start, min(duration, start + _natural_length(spec.cause, rng, duration))


def _natural_length(cause: str, rng: random.Random, duration: float) -> float:
    if cause in OPEN_ENDED:
        return duration
    if cause == "warmup":
        return 0.0
    lo, hi = NATURAL_S[cause]
    return float(int(rng.uniform(lo, hi)))


def _variant(cause: str, rng: random.Random) -> str | None:
    variants = FAULT_CAUSES.get(cause) or BENIGN_CAUSES.get(cause) or ()
    return rng.choice(variants) if variants else None


def _params(cause: str, config: SimConfig, node: NodeSpec, rng: random.Random) -> PARAMS_FLOAT:
    tenants = [t for t in node.tenants if not t.vip] or list(node.tenants)
    if cause in ("session_isolation", "monitoring_gap"):
        leak = config.leak_rate_pct_min or round(rng.uniform(1.0, 6.0), 2)
        return {
            "leak_rate_pct_min": leak,
            "tenant": rng.choice(tenants).name,
            "host_leak_pct_min": round(rng.uniform(1.5, 3.5), 2),
        }
    if cause == "spec_residue":
        return {"interrupt_rate": round(rng.uniform(0.15, 0.35), 3)}
    if cause in ("retry_burst", "annual_report", "long_document"):
        return {"tenant": rng.choice(list(node.tenants)).name}
    if cause == "warmup":
        return {"down_s": round(rng.uniform(8.0, 20.0), 1), "load_s": round(rng.uniform(70, 130))}
    if cause == "checkpoint_load":
        return {"spike_gib": round(rng.uniform(3.0, 7.0), 2), "reset_prefix_cache": 1.0}
    return {}


def apply_to_fleet(fleet: list[NodeSpec], injections: list[Injection]) -> list[NodeSpec]:
    """Node configuration the injections imply: speculative decoding where residue is
    injected, no ``kv_cache_usage_perc`` where that is the monitoring gap."""
    out = list(fleet)
    for inj in injections:
        node = out[inj.node]
        if inj.cause == "spec_residue" and node.spec is None:
            rng = random.Random(f"spec/{inj.fault_id}")
            node = replace(node, spec=spec_config(node.model, rng))
        if inj.cause == "monitoring_gap" and inj.variant == "no_kv_metric":
            node = replace(node, exposes_kv_usage=False)
        out[inj.node] = node
    return out


def labels(injections: list[Injection], start_ns: int) -> list[FaultLabel]:
    return [inj.label(start_ns) for inj in injections]
