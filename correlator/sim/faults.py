"""Start and stop each scheduled injection's mechanism; the telemetry follows from the model.

Nothing here writes a metric: a fault changes clients (a session-id-reusing batch client, more
cancellations), the process (draft state never freed, a host-memory leak, an exporter that
died), the hardware (a GPU off the bus) or the network (a partition); look-alikes add
legitimate traffic, restart the engine, or load a checkpoint.
"""

from __future__ import annotations

from collections.abc import Callable

from correlator.sim.catalog import GIB
from correlator.sim.gateway import Gateway
from correlator.sim.load import Load, LoadContext
from correlator.sim.node import Node, NodeEvent
from correlator.sim.schedule import Injection
from correlator.sim.tenants import TENANTS, Tenant
from correlator.sim.workloads import AnnualReportLoad, LeakLoad, LongDocLoad, RetryBurstLoad

SPIKE_RAMP_S = 6.0


def tenant_named(name: object) -> Tenant:
    return next(t for t in TENANTS if t.name == name)


class Injector:
    """Applies injections at their start and end seconds; returns loads to add."""

    def __init__(
        self,
        injections: list[Injection],
        nodes: list[Node],
        ctx: LoadContext,
        gateway: Gateway,
        seed: int,
        base_interrupt: float,
    ) -> None:
        self.injections = injections
        self.nodes = nodes
        self.ctx = ctx
        self.gateway = gateway
        self.seed = seed
        self.base_interrupt = base_interrupt
        self.leaks: dict[str, LeakLoad] = {}
        self.duration = max((inj.end_s for inj in injections), default=0.0)

    def tick(self, t: int, scenario_end: float) -> list[Load]:
        loads: list[Load] = []
        for inj in self.injections:
            if int(inj.start_s) == t:
                loads.extend(self._start(inj, t))
            if int(inj.end_s) == t and inj.end_s < scenario_end:
                self._end(inj, t)
            if inj.cause == "checkpoint_load" and inj.start_s <= t < inj.end_s + SPIKE_RAMP_S:
                self._spike(inj, t)
        return loads

    # -- starts -----------------------------------------------------------------------------

    def _start(self, inj: Injection, t: int) -> list[Load]:
        starters: dict[str, Callable[[Injection, int], list[Load]]] = {
            "session_isolation": self._start_leak,
            "spec_residue": self._start_residue,
            "monitoring_gap": self._start_gap,
            "xid_79": self._start_xid,
            "network_partition": self._start_partition,
            "long_document": self._start_window_load,
            "annual_report": self._start_window_load,
            "retry_burst": self._start_window_load,
            "warmup": self._start_warmup,
            "checkpoint_load": self._start_checkpoint,
        }
        return starters[inj.cause](inj, t)

    def _start_leak(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        leak = LeakLoad(
            self.ctx,
            inj.node,
            tenant_named(inj.params["tenant"]),
            (inj.start_s, inj.end_s),
            float(inj.params["leak_rate_pct_min"]),
            node.spec.perf.pool_blocks,
            f"leak/{self.seed}/{inj.fault_id}",
        )
        self.leaks[inj.fault_id] = leak
        return [leak]

    def _start_residue(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        node.faults.residue_on = True
        if node.engine is not None:
            node.engine.residue_on = True
        self.ctx.interrupt[inj.node] = float(inj.params["interrupt_rate"])
        return []

    def _start_gap(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        if inj.variant in ("silent_host_leak", "silent_session_leak"):
            node.faults.vllm_silent = True
        if inj.variant == "silent_host_leak":
            pct = float(inj.params["host_leak_pct_min"])
            node.faults.host_leak_bps = pct / 100.0 * node.spec.host_total / 60.0
            return []
        return self._start_leak(inj, t)

    def _start_xid(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        gpu = inj.gpu if inj.gpu is not None else 0
        node.gpus[gpu].lost = True
        node.gpus[gpu].xid = 79
        node.faults.gpu_lost = True
        node.events.append(NodeEvent(t + 0.2, "nvml", gpu, "xid", {"xid": 79}))
        if node.phase not in ("down", "crashing"):
            node.kill(t + 0.4, oom=False)
        return []

    def _start_partition(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        node.faults.partitioned = True
        self.gateway.lose_in_flight(node)
        return []

    def _start_window_load(self, inj: Injection, t: int) -> list[Load]:
        tenant = tenant_named(inj.params["tenant"])
        window = (inj.start_s, inj.end_s)
        seed = f"{inj.cause}/{self.seed}/{inj.fault_id}"
        if inj.cause == "long_document":
            return [LongDocLoad(self.ctx, inj.node, tenant, window, seed)]
        if inj.cause == "annual_report":
            return [AnnualReportLoad(self.ctx, inj.node, tenant, window, seed)]
        return [RetryBurstLoad(self.ctx, inj.node, tenant, window, seed)]

    def _start_warmup(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        node.restart(t, float(inj.params["down_s"]))
        node.next_load_s = float(inj.params["load_s"])
        return []

    def _start_checkpoint(self, inj: Injection, t: int) -> list[Load]:
        node = self.nodes[inj.node]
        if node.engine is not None and inj.params.get("reset_prefix_cache"):
            node.engine.pool.clear_cached()
            node.events.append(NodeEvent(t + 0.5, "vllm", None, "kv_all_cleared", {}))
        return []

    def _spike(self, inj: Injection, t: int) -> None:
        node = self.nodes[inj.node]
        target = float(inj.params["spike_gib"]) * GIB
        if t < inj.end_s:
            ramp = min(1.0, (t - inj.start_s + 1.0) / SPIKE_RAMP_S)
        else:
            ramp = max(0.0, 1.0 - (t - inj.end_s + 1.0) / SPIKE_RAMP_S)
        node.faults.spike_bytes = target * ramp

    # -- ends -------------------------------------------------------------------------------

    def _end(self, inj: Injection, t: int) -> None:
        node = self.nodes[inj.node]
        leak = self.leaks.pop(inj.fault_id, None)
        if leak is not None:
            leak.stop()
            self._forget_host_copies(node, leak)
        if inj.cause == "spec_residue":
            node.faults.residue_on = False
            self.ctx.interrupt[inj.node] = self.base_interrupt
            if node.engine is not None:
                node.engine.residue_on = False
                node.engine.residue_bytes = 0
        if inj.cause == "monitoring_gap":
            node.faults.vllm_silent = False
            node.faults.host_leak_bps = 0.0
            node.host.leak = 0.0
        if inj.cause == "xid_79":
            self._end_xid(node, inj)
        if inj.cause == "network_partition":
            node.faults.partitioned = False

    @staticmethod
    def _forget_host_copies(node: Node, leak: LeakLoad) -> None:
        if node.engine is None:
            return
        cache = node.engine.cache
        for session in leak.sessions:
            entry = cache.host.get(session.sid)
            if entry is not None:
                entry.immortal = False

    @staticmethod
    def _end_xid(node: Node, inj: Injection) -> None:
        gpu = inj.gpu if inj.gpu is not None else 0
        node.gpus[gpu].lost = False
        node.gpus[gpu].xid = None
        node.faults.gpu_lost = False
        node.backoff = 5.0
