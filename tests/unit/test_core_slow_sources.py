"""A source collected less often than the silence timeout is silent only when quiet for
twice its collection interval (learned, at most the timeout) and the lateness (outsider s298:
a DCGM exporter scraped every 60 s was taken for silent in the last 15-20 s of every minute,
and the node's retry-burst alerts paged as a monitoring gap naming it)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.align import AlignedRecord, NodeAligner
from correlator.wire.incidents import Incident
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, alert, merged, node_records

RULES = load_rules()
S = 1_000_000_000
LATENESS = int(RULES.alignment.allowed_lateness_s * S)
SILENCE = int(RULES.alignment.silence_after_s * S)


def dcgm(t: float, gpu: int) -> AlignedRecord:
    return SampleRecord(v=1, ts_ns=T0 + int(t * S), node="gpu-node-01", source="dcgm", kind="sample",
                        gpu=gpu, metrics={"DCGM_FI_DEV_FB_USED": 1000.0})


def aligner_with_scrapes(every_s: float, scrapes: int) -> NodeAligner:
    a = NodeAligner(LATENESS, SILENCE, 10_000)
    for k in range(scrapes):
        for gpu in range(4):
            assert a.push(dcgm(k * every_s + 0.01 * gpu, gpu)) is None
    return a


def test_a_source_scraped_every_minute_is_not_silent_between_scrapes() -> None:
    a = aligner_with_scrapes(60.0, 10)
    last = T0 + 9 * 60 * S
    assert a.mark_silence(last + 55 * S) == []  # quiet for longer than the timeout
    assert a.mark_silence(last + 2 * SILENCE + LATENESS) == []
    assert a.mark_silence(last + 2 * SILENCE + LATENESS + S) == ["dcgm"]  # next scrape long overdue


def test_a_source_scraped_often_is_silent_after_the_timeout() -> None:
    a = aligner_with_scrapes(10.0, 30)
    last = T0 + 29 * 10 * S
    assert a.mark_silence(last + SILENCE) == []
    assert a.mark_silence(last + SILENCE + S) == ["dcgm"]


def _thinned(records: Iterable[Record], source: str, every_s: int) -> Iterator[Record]:
    """``source``'s records no closer than ``every_s`` apart (a slower scrape)."""
    last = -10**9
    for r in records:
        if r.source == source:
            t = (r.ts_ns - T0) // S
            if t - last < every_s:
                continue
            last = t
        yield r


def test_alerts_on_a_node_whose_host_is_scraped_every_65_s_are_no_monitoring_gap() -> None:
    storm = [alert("gpu-node-01", 1800 + 60 * rep, name, severity) for rep in range(12)
             for name, severity in (("GatewayUpstream5xxRateHigh", "critical"),
                                    ("VLLMTimeToFirstTokenP99High", "critical"),
                                    ("VLLMRequestAbortRateHigh", "warning"))]
    eng = Engine(RULES)
    incidents: list[Incident] = []
    for r in merged(_thinned(node_records(NodeSpec(), 3000), "host", 65), iter(storm)):
        incidents += eng.process(r).incidents
    incidents += eng.finish().incidents
    causes = [i.cause for i in incidents]
    assert "monitoring_gap" not in causes
    # the critical group persists unexplained on a node whose telemetry all arrives: it pages
    # as such once it is old enough, not at its first alert as a gap
    assert causes == ["unexplained_alerts"]
    assert (incidents[0].opened_ns - T0) // S >= 1800 + RULES.alert_grouping.escalate_after_s
