"""A serving process's memory reading that covers only part of the server: a monitoring gap.

Outsider s182: the agent sums the RSS of the serving container's processes named python* or
vllm*; a vLLM upgrade runs the engine core and the tensor-parallel workers as retitled
processes (``VLLM::Worker_TP0``), so after the upgraded server's start ``proc_rss_bytes`` reads
the API server's 4.3 GiB instead of 96 GiB while the host's memory stays in use. A leak in the
workers then grows the host's memory beside a flat reading: it was paged as memory growing
outside the serving process (and late, at the OOM kill), though what is wrong first is that
the telemetry cannot show the process that grows."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core.nodestate import HostTrack
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
START, GROW, END = 600.0, 1500.0, 3300.0
GIB = float(1 << 30)


def host(t: float) -> float:
    """Host memory used, %: 40, rising 1.5 points a minute from GROW."""
    return 40.0 + max(0.0, t - GROW) / 60.0 * 1.5


def node(rss_after: float, freed: float = 0.0, grows: bool = True) -> list[Record]:
    """The server restarts at START; from then its process reading is ``rss_after`` of what it
    was (the host's memory lower by ``freed`` points); the host's memory grows from GROW."""
    spec = NodeSpec(host_pct=host if grows else (lambda t: 40.0),
                    extra_events=[(START, "host", "process_start", {"pid": 4242, "process": "vllm"})])
    out: list[Record] = []
    for r in node_records(spec, END):
        if isinstance(r, SampleRecord) and r.source == "host" and (r.ts_ns - T0) / S > START:
            mt = dict(r.metrics)
            mt["proc_rss_bytes"] = 1024 * GIB * 0.20 * rss_after
            mt["mem_used_bytes"] -= 1024 * GIB * freed / 100.0
            r = r.model_copy(update={"metrics": mt})
        out.append(r)
    return merged(iter(out))


def test_host_growth_beside_a_reading_that_lost_the_workers_is_a_gap() -> None:
    opened = opened_incidents(node(rss_after=0.045), RULES)
    assert [i.cause for i in opened] == ["monitoring_gap"]
    missing = [e for e in opened[0].evidence if e.signal == "missing"]
    assert missing and missing[0].value == "proc_rss_bytes"
    assert "reads 9.2 GiB since its last start against 204.8 GiB before" in missing[0].detail
    assert GROW < (opened[0].opened_ns - T0) / S < END


def test_the_same_growth_beside_a_whole_reading_pages_nothing() -> None:
    """A page cache filling beside the serving process (no OOM kill): nothing to page."""
    assert opened_incidents(node(rss_after=1.0), RULES) == []


def test_a_reading_that_fell_with_the_hosts_memory_is_whole() -> None:
    """A smaller model after the restart: the host's memory fell by what the process shed."""
    assert opened_incidents(node(rss_after=0.045, freed=19.0), RULES) == []


def test_a_reading_in_part_alone_pages_nothing() -> None:
    assert opened_incidents(node(rss_after=0.045, grows=False), RULES) == []


def test_a_run_read_in_part_does_not_become_the_reference() -> None:
    h = HostTrack(60)
    for i, (rss, used) in enumerate([(20.0, 40.0)] * 5):
        h.rss_pct.observe(T0 + i * S, rss)
        h.mem_pct.observe(T0 + i * S, used)
        h.rss_pct.close_tick(T0 + i * S + 1, 10 * S)
        h.mem_pct.close_tick(T0 + i * S + 1, 10 * S)
    h.mark_start(5)
    assert (h.rss_ref, h.used_ref) == (20.0, 40.0)
    assert h.partial_rss(0.9, 40.0) and not h.partial_rss(0.9, 20.0) and not h.partial_rss(15.0, 40.0)
    for i in range(5, 10):
        h.rss_pct.observe(T0 + i * S, 0.9)
        h.rss_pct.close_tick(T0 + i * S + 1, 10 * S)
    h.mark_start(5)  # the OOM killer restarted the server read in part
    assert h.rss_ref == 20.0
