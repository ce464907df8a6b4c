"""The inference gateway in front of the fleet: routing, health checks, and what it counts.

Sessions stick to their node. The gateway health-checks every upstream: a node that stops
answering keeps receiving traffic (which fails with 502) until the check notices, about 15 s;
then its sessions move to the least-loaded healthy node serving the tenant, where their
context is cold. A recovered node gets traffic again after 10 s of passing checks. Per
upstream it counts requests, 5xx responses and timeouts, and a time-to-first-byte histogram:
the "latency" its dashboards and alerts show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from correlator.sim.histogram import GATEWAY_BUCKETS, Histogram
from correlator.sim.node import Node
from correlator.sim.request import Request

DETECT_DOWN_S = 15.0
DETECT_UP_S = 10.0
GATEWAY_OVERHEAD_S = 0.004


@dataclass(slots=True)
class Upstream:
    """The gateway's view of one node."""

    requests: float = 0.0
    errors: float = 0.0
    timeouts: float = 0.0
    ttfb: Histogram = field(default_factory=lambda: Histogram(GATEWAY_BUCKETS))
    ok: bool = True
    since: float = -1e9

    def routable(self, t: float) -> bool:
        return self.ok and t - self.since >= DETECT_UP_S

    def detected_down(self, t: float) -> bool:
        return not self.ok and t - self.since >= DETECT_DOWN_S


class Gateway:
    """Routes each arriving request and keeps per-upstream counters."""

    def __init__(self, nodes: list[Node]) -> None:
        self.nodes = nodes
        self.upstreams = [Upstream() for _ in nodes]

    def check_health(self, t: float) -> None:
        for node, up in zip(self.nodes, self.upstreams, strict=True):
            ok = node.serving and not node.faults.partitioned
            if ok != up.ok:
                up.ok = ok
                drained = node.phase == "draining"
                up.since = t - DETECT_DOWN_S if drained else t

    def route(self, req: Request, t: float) -> int | None:
        """The node ``req`` goes to, or None when the gateway answers it with a 5xx itself."""
        target = req.node
        if req.rejected:
            self.failed(req, target)
            return None
        if self.upstreams[target].routable(t):
            return target
        if req.sticky or not (self.upstreams[target].ok or self.upstreams[target].detected_down(t)):
            self.failed(req, target)
            return None
        other = self._alternative(req, t)
        if other is None:
            self.failed(req, target)
            return None
        req.node = other
        if req.session is not None:
            req.session.node = other
        return other

    def _alternative(self, req: Request, t: float) -> int | None:
        best: tuple[float, int] | None = None
        for node, up in zip(self.nodes, self.upstreams, strict=True):
            if not up.routable(t) or req.tenant not in node.spec.tenants:
                continue
            engine = node.engine
            load = (engine.load if engine is not None else 0) / node.spec.rate
            if best is None or load < best[0]:
                best = (load, node.spec.index)
        return best[1] if best is not None else None

    def lose_in_flight(self, node: Node) -> None:
        """The network to ``node`` broke: every request in flight there fails at the client."""
        engine = node.engine
        if engine is None:
            return
        for req in [*engine.running, *engine.waiting]:
            req.lost = True
            self.failed(req, node.spec.index)

    def failed(self, req: Request, node: int) -> None:
        up = self.upstreams[node]
        up.requests += 1
        up.errors += 1

    def completed(self, req: Request) -> None:
        """A response went back to the client (or the client went away)."""
        if req.lost:
            return
        up = self.upstreams[req.node]
        up.requests += 1
        dead = req.state == "dead"
        if req.finish_reason == "error" or dead or req.timed_out:
            up.errors += 1
        if req.timed_out:
            up.timeouts += 1
            up.ttfb.observe(60.0)
        elif req.first_token is not None and not dead:
            up.ttfb.observe(req.first_token - req.arrival + GATEWAY_OVERHEAD_S)
