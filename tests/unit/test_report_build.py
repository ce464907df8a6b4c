"""The replay report (correlator.report): what it gathers during a replay and the page it writes."""

from __future__ import annotations

import math
from html.parser import HTMLParser
from pathlib import Path

import pytest

from correlator.config import load_rules
from correlator.replay.labels import read_labels
from correlator.replay.run import run_replay
from correlator.report import ReportCollector
from correlator.report.build import Inputs, build_report, write_report
from correlator.report.collect import BIN_NS, Binned
from correlator.wire.records import EventRecord, Record, SampleRecord
from tests import stream_recording
from tests.timeline import T0, NodeSpec, S, alert, merged, node_records, sawtooth

pytest.importorskip("matplotlib")
RULES = load_rules()


class Page(HTMLParser):
    """Sections with their images, tables by id, every src/href."""

    def __init__(self) -> None:
        super().__init__()
        self.section = ""
        self.plots: dict[str, list[str]] = {}
        self.tables: dict[str, int] = {}
        self.table = ""
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section":
            self.section = a.get("id", "")
        if tag == "img":
            self.plots.setdefault(a.get("class", ""), []).append(self.section)
            self.refs.append(a["src"])
        if "href" in a:
            self.refs.append(a["href"])
        if tag == "table":
            self.table = a.get("id", "")
            self.tables[self.table] = 0
        if tag == "tr" and self.table:
            self.tables[self.table] += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.section = ""


def test_binned_keeps_the_last_value_or_the_sum_of_each_bin() -> None:
    b = Binned(T0 // BIN_NS)
    b.set(T0 + 1 * S, 1.0)
    b.set(T0 + 9 * S, 2.0)
    b.set(T0 + 35 * S, 5.0)
    b.add(T0 + 45 * S, 1.0)
    b.add(T0 + 46 * S, 2.0)
    b.set(T0 - 20 * S, 9.0)  # before the node's first bin: dropped
    assert [v if v == v else None for v in b.values] == [2.0, None, None, 5.0, 3.0]


def sample(t: float, node: str, source: str, metrics: dict[str, float], gpu: int | None = None) -> Record:
    return SampleRecord(v=1, ts_ns=T0 + int(t * S), node=node, source=source, kind="sample", gpu=gpu,
                        metrics=metrics, labels={"engine": "0"} if source == "vllm" else None)


def test_collector_reads_the_series_the_figures_need() -> None:
    c = ReportCollector()
    gib = float(1 << 30)
    recs: list[Record] = [
        sample(0, "n1", "nvml", {"mem_used_bytes": 72 * gib, "mem_total_bytes": 80 * gib}, gpu=0),
        sample(0, "n1", "nvml", {"mem_used_bytes": 76 * gib, "mem_total_bytes": 80 * gib}, gpu=1),
        sample(0, "n1", "dcgm", {"DCGM_FI_DEV_FB_USED": 1.0, "DCGM_FI_DEV_FB_FREE": 9.0}, gpu=0),
        sample(0, "n1", "host", {"mem_used_bytes": 256 * gib, "mem_total_bytes": 1024 * gib,
                                 "proc_rss_bytes": 64 * gib}),
        sample(0, "n1", "vllm", {"vllm:kv_cache_usage_perc": 0.42, "vllm:num_requests_running": 7,
                                 'vllm:request_success_total{finished_reason="abort"}': 10}),
        sample(10, "n1", "vllm", {'vllm:request_success_total{finished_reason="abort"}': 13}),
        EventRecord(v=1, ts_ns=T0 + 11 * S, node="n1", source="vllm", kind="event",
                    event="request_finished", attrs={"finish_reason": "abort"}),
        sample(0, "n2", "dcgm", {"DCGM_FI_DEV_FB_USED": 30.0, "DCGM_FI_DEV_FB_FREE": 70.0,
                                 "DCGM_FI_DEV_FB_RESERVED": 9.3e18}, gpu=0),
        alert("n1", 30, "KVCacheHigh"), alert("n1", 70, "KVCacheHigh"),
    ]
    c.observe(recs, _engine_after(recs))
    n1 = c.nodes["n1"].series
    assert n1["gpu_pct"].values[0] == pytest.approx(92.5)  # mean of two GPUs; DCGM ignored beside NVML
    assert (n1["host_pct"].values[0], n1["rss_pct"].values[0]) == (25.0, 6.25)
    assert (n1["kv_pct"].values[0], n1["running"].values[0]) == (42.0, 7.0)
    assert n1["aborts"].values[1] == 3.0  # from the counter; the event is not counted twice
    assert c.nodes["n2"].series["gpu_pct"].values[0] == pytest.approx(30.0)  # blank sentinel dropped
    assert sum(c.alerts_per_min.values()) == 2 and len(c.alerts_per_min) == 2
    assert c.first_ns == T0 and c.last_ns == T0 + 70 * S


def _engine_after(records: list[Record]) -> object:
    from correlator.core.engine import Engine

    e = Engine(RULES)
    e.process_many(sorted(records, key=lambda r: r.ts_ns))
    return e


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Page, float]:
    folder = tmp_path_factory.mktemp("rec")
    events, labels_path = stream_recording.write(folder)
    labels = read_labels(labels_path)
    c = ReportCollector()
    result = run_replay([events], labels, RULES, observe=c.observe)
    out = folder / "report.html"
    took = write_report(out, Inputs(result, c, labels, RULES, [events]))
    html = out.read_text()
    page = Page()
    page.feed(html)
    return html, page, took


def test_one_figure_per_faulty_node_and_the_score_table(report: tuple[str, Page, float]) -> None:
    _, page, _ = report
    faulty = {"node-" + n for n in stream_recording.EXPECTED}
    assert sorted(page.plots["node-plot"]) == sorted(faulty)
    # header + a row per cause labelled or named: session_isolation, spec_residue, other (the
    # partition) and node_unreachable (the incident that detected it)
    assert page.tables["scores"] == 1 + 4
    assert page.tables["summary"] > 10 and page.tables["incidents"] == 1 + 3
    assert len(page.plots["fleet-plot"]) == 3  # alerts vs incidents, latency, peak strengths


def test_the_page_is_self_contained(report: tuple[str, Page, float]) -> None:
    html, page, _ = report
    assert page.refs and all(r.startswith("data:image/png;base64,") for r in page.refs)
    assert "<script" not in html and "http://" not in html and "https://" not in html


def test_a_false_alarm_node_gets_a_figure_and_is_marked(tmp_path: Path) -> None:
    events, labels_path = stream_recording.write(tmp_path)
    labels = [f for f in read_labels(labels_path) if f.node != "gpu-d"]  # gpu-d's incident: unlabelled
    c = ReportCollector()
    result = run_replay([events], labels, RULES, observe=c.observe)
    html = build_report(Inputs(result, c, labels, RULES))
    page = Page()
    page.feed(html)
    assert "node-gpu-d" in page.plots["node-plot"]
    assert '<section class="node alarmed" id="node-gpu-d">' in html
    assert "false alarm" in html


def test_a_report_without_incidents_or_labels_still_renders(tmp_path: Path) -> None:
    healthy = merged(*(node_records(NodeSpec(node=f"n{i}", kv_pct=sawtooth(30, 12, 200, 50 * i)), 900)
                       for i in range(2)))
    events, _ = stream_recording.write(tmp_path, healthy)
    c = ReportCollector()
    result = run_replay([events], [], RULES, observe=c.observe)
    html = build_report(Inputs(result, c, [], RULES))
    assert "No fault was detected" in html and "No incident was opened" in html
    assert not math.isnan(result.summary.duration_s)


def test_the_report_draws_what_it_must_and_no_more(report: tuple[str, Page, float]) -> None:
    # the figure count bounds the work: 3 node figures, 3 fleet figures
    _, page, took = report
    assert sum(len(v) for v in page.plots.values()) == 6 and took > 0
