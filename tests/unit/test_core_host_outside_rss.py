"""Host memory that grows beside a serving process whose own memory holds (outsider s82): a
KV-offload cache server, a sidecar of the vLLM pod, whose eviction frees nothing grows the
host's memory until the kernel kills it, then grows again. Host memory used also holds the page
cache, which rises just as steadily while a node reads files and pages nothing (s65, s73): the
growth beside the serving process counts once the OOM killer has struck, which a page cache
never brings about."""

from __future__ import annotations

import dataclasses

from correlator.config import load_rules
from correlator.core import Engine, hypotheses
from correlator.core.features import Level, NodeFeatures
from correlator.core.trends import Monotone
from tests.timeline import merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()


def node(oom: int) -> NodeFeatures:
    """Host memory used rising 2 points a minute for 6 minutes, the serving process's RSS flat."""
    eng = Engine(RULES)
    for r in merged(node_records(healthy(), 900)):
        eng.process(r)
    f = next(iter(eng.fleet.nodes.values())).features(eng.fleet.now_ns)
    host = Level(now=70.0, trend=Monotone(12, 0.95, 2.0, 11.0, 64.0))
    rss = Level(now=20.0, trend=Monotone(12, 0.05, 0.0, 0.1, 20.0))
    return dataclasses.replace(f, host=host, host_rss=rss, oom_recent=oom, oom_hour=oom, since_start_s=3600.0)


def test_growth_beside_the_serving_process_after_an_oom_kill_is_a_leak() -> None:
    s = hypotheses.memory_leak(node(oom=1), RULES, [])
    assert s.strength >= 0.9 and s.critical
    assert "outside the serving process" in s.evidence[0].detail


def test_the_same_growth_with_no_oom_kill_pages_nothing() -> None:
    assert hypotheses.memory_leak(node(oom=0), RULES, []).strength == 0.0
