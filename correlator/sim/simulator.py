"""The simulation loop: one simulated second at a time, every node, the gateway, Prometheus.

Before the scenario starts the fleet runs a silent pre-roll (default 15 minutes) so that the
scenario opens on warm engines: sessions in the cache, counters running, alerts settled.

>>> from correlator.sim.config import SimConfig
>>> batch = next(iter_seconds(SimConfig(nodes=1, minutes=1, preroll_s=0)))
>>> batch.t_ns == SimConfig().start_ns
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from correlator.sim.alerts import EVAL_S, Evaluator
from correlator.sim.config import SimConfig
from correlator.sim.faults import Injector
from correlator.sim.fleet import NodeSpec, build_fleet
from correlator.sim.gateway import Gateway
from correlator.sim.load import ChatLoad, Load, LoadContext, draw_fate
from correlator.sim.node import Node
from correlator.sim.noise import Clocks
from correlator.sim.prom import SCRAPE_S, View, scrape
from correlator.sim.request import Request, Session
from correlator.sim.schedule import Injection, apply_to_fleet, schedule
from correlator.sim.telemetry import NodeEmitter
from correlator.sim.traces import TraceLoad, read_trace

Record = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SecondBatch:
    """The records produced during one simulated second, in true-time order."""

    t_ns: int
    records: list[Record]


class Simulation:
    """All mutable state of one scenario; :meth:`step` advances it by a second."""

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        fleet = build_fleet(config)
        self.injections: list[Injection] = schedule(config, fleet)
        self.fleet: list[NodeSpec] = apply_to_fleet(fleet, self.injections)
        seed = config.seed
        self.nodes = [Node(n, config.batch_size, config.context_ttl_s, seed) for n in self.fleet]
        self.ctx = LoadContext(interrupt=[config.interrupt_rate] * len(self.fleet))
        self.loads: list[Load] = [self._base_load()]
        self.gateway = Gateway(self.nodes)
        self.injector = Injector(self.injections, self.nodes, self.ctx, self.gateway, seed,
                                 config.interrupt_rate)  # fmt: skip
        clocks = Clocks(seed, [n.name for n in self.fleet], config.noise)
        self.emitters = [NodeEmitter(n, config.start_ns, clocks, config.request_events)
                         for n in self.nodes]  # fmt: skip
        self.views = [View(n.name, n.gpus) for n in self.fleet]
        self.evaluator = Evaluator(config.start_ns)
        self.fate_rng = random.Random(f"fate/{seed}")

    def _base_load(self) -> Load:
        config = self.config
        t0 = -float(config.preroll_s)
        if config.load == "synthetic":
            chat = ChatLoad(self.fleet, self.ctx, config.seed, t0)
            self._adopt(chat.warm_sessions(t0, config.context_ttl_s))
            return chat
        entries = read_trace(config.resolved_traces_dir(), config.load)
        load = TraceLoad(config.load, entries, self.fleet, self.ctx, config.seed,
                         config.trace_copies, config.context_ttl_s, config.trace_fleet)  # fmt: skip
        load.start(t0)
        return load

    def _adopt(self, sessions: list[tuple[Session, float]]) -> None:
        for session, last_active in sorted(sessions, key=lambda item: item[1]):
            engine = self.nodes[session.node or 0].engine
            if engine is not None:
                engine.cache.adopt(session, last_active)

    def step(self, t: int) -> list[tuple[float, Record]]:
        """Advance ``[t, t+1)`` (seconds from the scenario start); returns its records."""
        self.loads.extend(self.injector.tick(t, float(self.config.duration_s)))
        self.gateway.check_health(float(t))
        per_node = self._route(t)
        out: list[tuple[float, Record]] = []
        for node, emitter, arrivals in zip(self.nodes, self.emitters, per_node, strict=True):
            finished = node.tick(t, arrivals, emitter.due(t) or t % SCRAPE_S == 0)
            events, dead = node.take()
            self._settle(finished, dead)
            out.extend(emitter.second(t, finished, events))
        if t % SCRAPE_S == 0:
            self._scrape(t)
        if t % EVAL_S == 0:
            out.extend(self.evaluator.evaluate(t + 0.5, self.views))
        out.sort(key=lambda item: item[0])
        return out

    def _route(self, t: int) -> list[list[Request]]:
        per_node: list[list[Request]] = [[] for _ in self.nodes]
        for load in self.loads:
            for req in load.arrivals(t):
                if req.origin is None:
                    req.origin = load
                if not req.burst:
                    draw_fate(req, self.fate_rng, self.ctx.interrupt[req.node])
                target = self.gateway.route(req, float(t))
                if target is None:
                    self._refused(req)
                else:
                    per_node[target].append(req)
        for arrivals in per_node:
            arrivals.sort(key=lambda r: r.arrival)
        return per_node

    @staticmethod
    def _refused(req: Request) -> None:
        req.state = "refused"
        req.finish_reason = "error"
        req.finished_at = req.arrival + 0.002
        if req.origin is not None:
            req.origin.on_finish(req)

    def _settle(self, finished: list[Request], dead: list[Request]) -> None:
        for req in dead:
            if req.state != "dead":
                req.state = "dead"
                req.finish_reason = "error"
                req.finished_at = req.arrival
        for req in (*finished, *dead):
            self.gateway.completed(req)
            if req.origin is not None:
                req.origin.on_finish(req)

    def _scrape(self, t: int) -> None:
        for node, view, up in zip(self.nodes, self.views, self.gateway.upstreams, strict=True):
            view.add(scrape(node, up, float(t), view.xid_seen))


    def run(self) -> Iterator[SecondBatch]:
        """The silent pre-roll, then each scenario second's records."""
        config = self.config
        for t in range(-config.preroll_s, 0):
            self.step(t)
        for t in range(config.duration_s):
            records = [record for _, record in self.step(t)]
            yield SecondBatch(config.start_ns + t * 1_000_000_000, records)


def iter_seconds(config: SimConfig) -> Iterator[SecondBatch]:
    """Each simulated second's records in true-time order (what agents would collect; the
    transport noise of :class:`~correlator.sim.noise.Delivery` is not applied)."""
    return Simulation(config).run()
