"""One GPU node: its serving process's life, its GPUs and host, and what faults did to it.

The serving process is ``serving``, ``draining`` (a planned restart), ``down`` (dead, waiting
for the supervisor's restart back-off) or ``loading`` (weights, profile, KV pool, CUDA graphs).
A restart is a new :class:`Engine`: empty pool, counters from zero.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from correlator.sim.catalog import GIB
from correlator.sim.counters import seed_counters
from correlator.sim.engine import Engine
from correlator.sim.fleet import NodeSpec
from correlator.sim.gpu import NON_PROCESS_BYTES, GpuState, loading_bytes
from correlator.sim.host import HostState
from correlator.sim.request import Request

CUDA_OOM_ERRORS_BELOW = 1.0 * GIB
CUDA_OOM_CRASH_BELOW = 0.25 * GIB
ENGINE_START_AFTER_S = 3.0


@dataclass(slots=True)
class NodeEvent:
    """A discrete happening, stamped with true simulated time."""

    t: float
    source: str
    gpu: int | None
    name: str
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Faults:
    """What injected mechanisms currently do to the node (set and cleared by faults.py)."""

    residue_on: bool = False
    host_leak_bps: float = 0.0
    vllm_silent: bool = False
    partitioned: bool = False
    spike_bytes: float = 0.0
    gpu_lost: bool = False


class Node:
    """Mutable per-node state advanced once per simulated second."""

    def __init__(self, spec: NodeSpec, max_num_seqs: int, ttl_s: float, seed: int) -> None:
        self.spec = spec
        self.max_num_seqs = max_num_seqs
        self.ttl_s = ttl_s
        self.rng = random.Random(f"node/{seed}/{spec.name}")
        self.gpus = [
            GpuState(g, spec.temp_offsets[g], spec.power_offsets[g], spec.ambient_c)
            for g in range(spec.gpus)
        ]
        self.host = HostState(spec.host_total, spec.host_base, self.rng)
        self.faults = Faults()
        self.engine: Engine | None = self._new_engine()
        seed_counters(self.engine.counters, spec.rate * spec.uptime_s, spec.spec)
        self.first_engine = True
        self.phase = "serving"
        self.phase_at = -1e9
        self.load_s = 100.0
        self.engine_announced = True
        self.pid = self.rng.randint(3000, 60000)
        self.restarts = 0
        self.backoff = 10.0
        self.load_s_drain = 0.0
        self.crash_after = 0.0
        self.next_load_s: float | None = None
        self.gpu_at = -1e9
        self.next_sweep = -1e18
        self.events: list[NodeEvent] = []
        self.dead: list[Request] = []
        self.kv_flushed = (0, 0)

    def _new_engine(self) -> Engine:
        spec = self.spec
        engine = Engine(spec.perf, self.max_num_seqs, self.ttl_s, spec.spec, self.rng)
        engine.residue_on = self.faults.residue_on
        return engine

    # -- the second -------------------------------------------------------------------------

    def tick(self, t: int, arrivals: list[Request], observed: bool = True) -> list[Request]:
        """Advance ``[t, t+1)``; returns requests the engine finished. Requests a crash took,
        or that arrived at a dead process, collect in ``dead``; see :meth:`take`."""
        self._lifecycle(t)
        finished: list[Request] = []
        if self.engine is not None and self.phase in ("serving", "draining"):
            finished = self.engine.tick(t, arrivals)
            self._sweep(t)
        else:
            self.dead.extend(arrivals)
        process = self._process_bytes(t)
        if observed:
            self._gpus(t, process)
        self._host()
        self._pressure(t, process)
        return finished

    def _sweep(self, t: int) -> None:
        if t >= self.next_sweep and self.engine is not None:
            self.engine.cache.sweep(float(t))
            self.next_sweep = t + self.spec.sweep_s * self.rng.uniform(0.9, 1.1)

    def take(self) -> tuple[list[NodeEvent], list[Request]]:
        """Hand over (and forget) the events and dead requests collected so far."""
        events, dead = self.events, self.dead
        self.events, self.dead = [], []
        return events, dead

    # -- lifecycle --------------------------------------------------------------------------

    def _lifecycle(self, t: int) -> None:
        elapsed = t - self.phase_at
        if self.phase == "down" and elapsed >= self.backoff:
            self._process_start(t)
        elif self.phase == "loading":
            self._loading(t, elapsed)
        elif self.phase == "draining" and elapsed >= self.load_s_drain:
            self._stop(t, planned=True)
            self._process_start(t)
        elif self.phase == "crashing" and elapsed >= self.crash_after:
            self._set_phase("down", t)
            self.backoff = min(300.0, self.backoff * 2.0)

    def _loading(self, t: int, elapsed: float) -> None:
        if not self.engine_announced and elapsed >= ENGINE_START_AFTER_S:
            self.engine_announced = True
            attrs = {"engine": "0", "model_name": self.spec.model.name,
                     "tensor_parallel_size": self.spec.gpus}  # fmt: skip
            self.events.append(NodeEvent(t + 0.1, "vllm", None, "engine_start", attrs))
        if elapsed >= self.load_s:
            self.engine = self._new_engine()
            self.first_engine = False
            self.kv_flushed = (0, 0)
            self._set_phase("serving", t)

    def _set_phase(self, phase: str, t: float) -> None:
        self.phase = phase
        self.phase_at = t

    def _process_start(self, t: int) -> None:
        self.pid = self.rng.randint(3000, 4_000_000)
        self.events.append(NodeEvent(t + 0.05, "host", None, "process_start",
                                     {"pid": self.pid, "process": "vllm"}))  # fmt: skip
        if self.faults.gpu_lost:
            self.crash_after = self.rng.uniform(12.0, 25.0)
            self._set_phase("crashing", t)
            return
        self.load_s = self.next_load_s or self.rng.uniform(70.0, 130.0)
        self.next_load_s = None
        self.engine_announced = False
        self._set_phase("loading", t)

    def kill(self, t: float, oom: bool) -> None:
        """The serving process dies (OOM killer, CUDA OOM, a lost GPU)."""
        if oom:
            self.host.oom_kills += 1
            self.events.append(NodeEvent(t, "host", None, "oom_kill",
                                         {"pid": self.pid, "process": "vllm"}))  # fmt: skip
        self._stop(t, planned=False)
        self.restarts += 1
        self.backoff = self.rng.uniform(8.0, 20.0) if not self.faults.gpu_lost else self.backoff
        self._set_phase("down", t)

    def _stop(self, t: float, planned: bool) -> None:
        if self.engine is not None:
            self.dead.extend(self.engine.fail_all(t, "abort" if planned else "error"))
            self.engine.cache.reset()
        self.engine = None
        self.host.leak = 0.0

    def restart(self, t: int, drain_s: float) -> None:
        """A planned restart: drain for ``drain_s``, stop, start again (a warm-up follows)."""
        if self.phase != "serving":
            return
        self.load_s_drain = drain_s
        self._set_phase("draining", t)

    @property
    def serving(self) -> bool:
        return self.phase == "serving" and self.engine is not None

    # -- memory -----------------------------------------------------------------------------

    def _process_bytes(self, t: int) -> int:
        """GPU memory the serving process holds on each of its GPUs."""
        perf = self.spec.perf
        engine = self.engine
        if engine is not None:
            return perf.serving_bytes + engine.residue_bytes + int(self.faults.spike_bytes)
        if self.phase == "loading":
            return loading_bytes(perf, t - self.phase_at, self.load_s)
        if self.phase == "crashing":
            return perf.cuda_ctx_bytes
        return 0

    def _gpus(self, t: int, process: int) -> None:
        busy, mem_busy = self._activity(t)
        dt = t - self.gpu_at
        self.gpu_at = t
        for gpu in self.gpus:
            if gpu.lost:
                continue
            gpu.set_memory(process, self.rng)
            gpu.set_activity(busy, mem_busy, self.spec.gpu.idle_w, self.spec.ambient_c, self.rng,
                             dt)  # fmt: skip

    def _host(self) -> None:
        engine = self.engine
        self.host.leak += self.faults.host_leak_bps
        offloaded = engine.cache.host_bytes if engine is not None else 0
        self.host.update(self.phase != "down", self.spec.gpus, offloaded, self.rng)

    def _activity(self, t: int) -> tuple[float, float]:
        if self.engine is not None:
            return self.engine.busy, self.engine.mem_busy
        if self.phase == "loading" and t - self.phase_at > self.load_s - 12.0:
            return 0.3, 0.1
        return 0.0, 0.0

    def _pressure(self, t: int, process: int) -> None:
        """Host OOM kills the process; GPU memory outside the pool running out makes CUDA
        allocations fail (request errors), then takes the engine down."""
        if self.host.out_of_memory and self.phase != "down":
            self.kill(t + self.rng.random(), oom=True)
            return
        engine = self.engine
        if engine is None:
            return
        free = self.spec.gpu.mem_total_bytes - self.spec.gpu.reserved_bytes - process - NON_PROCESS_BYTES
        engine.error_pressure = max(0.0, 0.03 * (1.0 - free / CUDA_OOM_ERRORS_BELOW))
        if free < CUDA_OOM_CRASH_BELOW and self.rng.random() < 0.08:
            self.kill(t + self.rng.random(), oom=False)

    # -- KV events --------------------------------------------------------------------------

    def kv_delta(self) -> tuple[int, int]:
        """Blocks stored and evicted since the last call."""
        if self.engine is None:
            return 0, 0
        pool = self.engine.pool
        stored, removed = pool.stored - self.kv_flushed[0], pool.removed - self.kv_flushed[1]
        self.kv_flushed = (pool.stored, pool.removed)
        return stored, removed
