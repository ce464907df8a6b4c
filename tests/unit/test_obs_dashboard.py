"""The Grafana dashboard and the compose stack's Prometheus: every panel query names metrics the
project exports (correlator.obs.catalog), and what Prometheus scrapes is what the services serve."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from correlator.obs import catalog

ROOT = Path(__file__).resolve().parents[2]
DASHBOARD = json.loads((ROOT / "docker" / "grafana" / "dashboards" / "correlator.json").read_text())
PANELS = [p for p in DASHBOARD["panels"] if p["type"] != "row"]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
PROMETHEUS = yaml.safe_load((ROOT / "docker" / "prometheus" / "prometheus.yml").read_text())
KEYWORDS = {"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring", "group_left",
            "group_right", "inf", "nan", "le"}


def metric_names(expr: str) -> set[str]:
    """Metric names in a PromQL expression (not functions, keywords, labels or durations)."""
    e = re.sub(r'"(?:[^"\\]|\\.)*"', "", expr)
    e = re.sub(r"\{[^}]*\}", "", e)
    e = re.sub(r"\[[^\]]*\]", "", e)
    e = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", e)
    names = re.findall(r"(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()", e)
    return {n for n in names if n not in KEYWORDS}


@pytest.mark.parametrize(("expr", "names"), [
    ('sum by (node) (rate(inference_tokens_total{kind="cached"}[5m])) / sum(x_total)',
     {"inference_tokens_total", "x_total"}),
    ("histogram_quantile(0.9, sum by (le) (rate(kv_cache_rebuild_seconds_bucket[5m])))",
     {"kv_cache_rebuild_seconds_bucket"}),
    ("a and on (node) (b == 1) * 1e6", {"a", "b"}),
    ("time() - min(correlator_watermark_seconds)", {"correlator_watermark_seconds"}),
])
def test_metric_names_are_found_in_promql(expr: str, names: set[str]) -> None:
    assert metric_names(expr) == names


def test_four_rows_efficiency_resources_quality_and_the_correlator() -> None:
    rows = [p["title"].split(":")[0] for p in DASHBOARD["panels"] if p["type"] == "row"]
    assert rows == ["Efficiency", "Resources", "Quality", "The correlator's own health"]


@pytest.mark.parametrize("panel", PANELS, ids=[p["title"] for p in PANELS])
def test_every_panel_query_names_exported_metrics(panel: dict[str, Any]) -> None:
    exprs = [t["expr"] for t in panel["targets"]]
    assert exprs, "a panel without a query"
    known = catalog.sample_names()
    for expr in exprs:
        names = metric_names(expr)
        assert names, f"no metric in {expr!r}"
        assert names <= known, f"{sorted(names - known)} in {expr!r} are not exported"
    assert panel["datasource"]["uid"] == "prometheus"


def test_the_panels_the_issue_asks_for_are_there() -> None:
    titles = " | ".join(p["title"].lower() for p in PANELS)
    for words in ("hit vs block rebuild", "useful-token", "session lifetime per tenant",
                  "gpu memory by percentile (heat map)", "interruption rate", "context integrity"):
        assert words in titles, words
    heat = [p for p in PANELS if p["type"] == "heatmap"]
    assert heat and metric_names(heat[0]["targets"][0]["expr"]) == {"gpu_framebuffer_used_ratio"}


def test_panels_do_not_overlap() -> None:
    cells: set[tuple[int, int]] = set()
    for p in DASHBOARD["panels"]:
        g = p["gridPos"]
        assert g["x"] + g["w"] <= 24
        mine = {(x, y) for x in range(g["x"], g["x"] + g["w"]) for y in range(g["y"], g["y"] + g["h"])}
        assert not mine & cells, p["title"]
        cells |= mine


def _command(service: str) -> list[str]:
    return [str(c) for c in COMPOSE["services"][service]["command"]]


def _flag(argv: list[str], flag: str) -> str:
    return argv[argv.index(flag) + 1]


def test_prometheus_scrapes_what_the_services_serve() -> None:
    jobs = {j["job_name"]: j for j in PROMETHEUS["scrape_configs"]}
    [worker_sd] = jobs["correlator-worker"]["dns_sd_configs"]
    assert worker_sd["names"] == ["worker"]
    assert str(worker_sd["port"]) == _flag(_command("worker"), "--web-port")
    assert jobs["correlator-ingest"]["static_configs"][0]["targets"] == [
        "ingest:" + _flag(_command("ingest"), "--listen").rsplit(":", 1)[1]]
    assert jobs["gpu-agent"]["static_configs"][0]["targets"] == [
        "agent:" + _flag(_command("agent"), "--metrics-port")]
    assert jobs["correlator-pager"]["static_configs"][0]["targets"] == [
        "pager:" + _flag(_command("pager"), "--metrics-port")]


def test_compose_provisions_grafana_with_the_dashboard_and_prometheus() -> None:
    services = COMPOSE["services"]
    prom_mounts = services["prometheus"]["volumes"]
    assert "./docker/prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in prom_mounts
    mounts = dict(v.rsplit(":", 1)[0].split(":", 1) for v in services["grafana"]["volumes"])
    assert mounts["./docker/grafana/provisioning"] == "/etc/grafana/provisioning"
    provider = yaml.safe_load((ROOT / "docker/grafana/provisioning/dashboards/correlator.yml").read_text())
    assert mounts["./docker/grafana/dashboards"] == provider["providers"][0]["options"]["path"]
    source = yaml.safe_load((ROOT / "docker/grafana/provisioning/datasources/prometheus.yml").read_text())
    [ds] = source["datasources"]
    assert ds["uid"] == "prometheus" and ds["url"] == "http://prometheus:9090"
    assert "9090:9090" in services["prometheus"]["ports"]
    assert all("command" not in services[s] for s in ("prometheus", "grafana"))  # the images' own
    assert shlex.join(_command("worker")).count("--web-port") == 1


def test_the_metric_table_in_the_docs_is_the_catalog() -> None:
    doc = (ROOT / "docs" / "observability.md").read_text()
    assert catalog.markdown() in doc, "regenerate the table: catalog.markdown()"
