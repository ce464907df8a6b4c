"""Every metric the project exports, named once: name, type, labels and help.

Names follow Prometheus' conventions: base units in the name (``_seconds``, ``_bytes``,
``_ratio`` for 0..1), counters exposed with ``_total``. The fleet's KV-cache health keeps the
write-up's vocabulary (``kv_cache_leaked_blocks``; its ``kv_cache_rebuild_ms`` is
``kv_cache_rebuild_seconds`` here, same buckets in base units).

>>> RECORDS.samples()
('correlator_records_total',)
>>> KV_REBUILD.samples()[:2]
('kv_cache_rebuild_seconds_bucket', 'kv_cache_rebuild_seconds_sum')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["counter", "gauge", "histogram", "gaugehistogram"]
_SUFFIXES: dict[str, tuple[str, ...]] = {
    "counter": ("_total",),
    "gauge": ("",),
    "histogram": ("_bucket", "_sum", "_count"),
    "gaugehistogram": ("_bucket", "_gsum", "_gcount"),
}


@dataclass(frozen=True)
class Spec:
    name: str
    kind: Kind
    help: str
    labels: tuple[str, ...] = ()
    exporter: str = "worker"
    """Which process exports it: ``worker`` (and any embedded engine), ``ingest``, ``pager``,
    ``agent``."""

    def samples(self) -> tuple[str, ...]:
        """The sample names it appears under in the exposition."""
        return tuple(self.name + s for s in _SUFFIXES[self.kind])


def _s(name: str, kind: Kind, help: str, *labels: str, exporter: str = "worker") -> Spec:
    spec = Spec(name, kind, help, labels, exporter)
    ALL.append(spec)
    return spec


ALL: list[Spec] = []

# -- the correlator's own health ---------------------------------------------------------------
RECORDS = _s("correlator_records", "counter", "Records taken in, by source", "source")
ALERTS = _s("correlator_alerts", "counter", "Alert records taken in, by status", "status")
DEADLETTERS = _s("correlator_deadletters", "counter",
                 "Inputs refused and dead-lettered, by reason class", "reason")
INCIDENTS_OPENED = _s("correlator_incidents_opened", "counter", "Incidents opened, by cause", "cause")
INCIDENTS_RESOLVED = _s("correlator_incidents_resolved", "counter", "Incidents resolved, by cause",
                        "cause")
INCIDENT_UPDATES = _s("correlator_incident_updates", "counter",
                      "Incident update records published, by cause", "cause")
ACTIONS = _s("correlator_actions", "counter", "Level-1 actions requested, by action and rule",
             "action", "rule")
INCIDENTS_OPEN = _s("correlator_incidents_open", "gauge", "Incidents open now, by cause", "cause")
WATERMARK = _s("correlator_watermark_seconds", "gauge",
               "Event time (Unix seconds) up to which a partition's nodes are evaluated", "partition")
WATERMARK_LAG = _s("correlator_watermark_lag_seconds", "gauge",
                   "How far a partition's watermark trails the newest event time it has seen",
                   "partition")
NODES = _s("correlator_nodes_tracked", "gauge", "Nodes whose state the process holds")
PENDING = _s("correlator_pending_records", "gauge", "Records waiting for their node's watermark")
SESSIONS = _s("correlator_sessions_tracked", "gauge", "Sessions held in the nodes' session LRUs")
SNAPSHOT_BYTES = _s("correlator_state_snapshot_bytes", "gauge",
                    "Size of the last state snapshot of a partition (compressed)", "partition")
HYPOTHESIS = _s("correlator_hypothesis_score", "gauge",
                "Strength of each root-cause hypothesis at the node's last evaluation (0..1)",
                "node", "cause")
DETECTOR = _s("correlator_detector_score", "gauge",
              "Anomaly score of each River detector at the node's last tick (0..1)",
              "node", "detector")
NODE_ACTIVE = _s("correlator_node_incident_active", "gauge",
                 "1 while the node holds an active finding of this cause (a node may hold two)",
                 "node", "cause")

# -- the fleet's KV cache, from telemetry (correlator.obs.kvhealth) ----------------------------
KV_USAGE = _s("kv_cache_usage_ratio", "gauge", "KV-cache pool in use (0..1)", "node", "engine")
KV_GROWTH = _s("kv_cache_usage_growth_ratio_per_second", "gauge",
               "Growth of KV-cache usage over the growth window, pool fraction per second",
               "node", "engine")
KV_ACCEL = _s("kv_cache_usage_acceleration_ratio_per_second_squared", "gauge",
              "Second derivative of KV-cache usage (growth of the growth rate)", "node", "engine")
KV_UNRELEASED = _s("kv_cache_unreleased_ratio", "gauge",
                   "Rise of the KV pool's recent trough above its history's lowest (0..1)",
                   "node", "engine")
KV_POOL = _s("kv_cache_pool_blocks", "gauge", "KV pool size in blocks, when the records say",
             "node", "engine")
KV_LEAKED = _s("kv_cache_leaked_blocks", "gauge",
               "Estimated KV blocks never released: per engine (tenant_id empty) from the "
               "pool's troughs, per tenant from contexts orphaned under reused session ids",
               "node", "engine", "tenant_id")
KV_REBUILD = _s("kv_cache_rebuild_seconds", "histogram",
                "Time to recompute context the prefix cache no longer held, per rebuilt turn",
                "node")
TOKENS = _s("inference_tokens", "counter",
            "Tokens by kind: prefill (prompt computed), cached (prefix-cache hits), generation, "
            "draft_rejected, requeried (context a turn asked for again), rebuilt (of which "
            "recomputed)", "node", "kind")
REQUESTS = _s("inference_requests", "counter", "Finished requests by finish reason",
              "node", "finish_reason")
SPEC_ACTIVE = _s("inference_speculative_decoding_active", "gauge",
                 "1 when the node's engine drafts tokens (speculative decoding)", "node")
RESIDUE = _s("inference_interrupted_residue_bytes", "gauge",
             "Framebuffer growth since warm-up that interrupted speculative requests account for",
             "node")
TURNS = _s("inference_session_turns", "counter", "Session turns (request_finished events)",
           "node", "tenant_id")
REUSES = _s("inference_session_id_reuses", "counter",
            "New conversations started under a session id already in use", "node", "tenant_id")
COLLISIONS = _s("inference_session_id_collisions", "counter",
                "Session ids seen under a second tenant", "node")
SESSIONS_ACTIVE = _s("inference_sessions_active", "gauge", "Sessions with a turn in the last 5 minutes",
                     "node")
LIFETIME = _s("inference_session_lifetime_seconds", "histogram",
              "Lifetime of ended sessions (first to last turn)", "tenant_id")
FRAMEBUFFER = _s("gpu_framebuffer_used_ratio", "gauge", "GPU framebuffer in use (0..1)",
                 "node", "gpu")

# -- ingest, pager, agent ----------------------------------------------------------------------
INGEST_ALERTS = _s("correlator_ingest_alerts", "counter", "Alerts received, by endpoint and result",
                   "endpoint", "result", exporter="ingest")
INGEST_REQUESTS = _s("correlator_ingest_requests", "counter",
                     "Requests, by endpoint and status code", "endpoint", "code", exporter="ingest")
PAGER_DELIVERIES = _s("correlator_pager_deliveries", "counter",
                      "Incident records a receiver's subscriber handled, by outcome: delivered, "
                      "refused or gave_up (both dead-lettered), filtered, skip_unrouted, "
                      "skip_duplicate, skip_stale", "receiver", "outcome", exporter="pager")
PAGER_RETRIES = _s("correlator_pager_retries", "counter", "Delivery attempts retried (429, 5xx, no answer)",
                   "receiver", exporter="pager")
PAGER_SECONDS = _s("correlator_pager_delivery_seconds", "histogram",
                   "Time from taking an incident record to its receiver's final answer",
                   "receiver", exporter="pager")
AGENT_ROUNDS = _s("gpu_agent_rounds", "counter", "Collection rounds, by source and outcome",
                  "source", "outcome", exporter="agent")
AGENT_RECORDS = _s("gpu_agent_records", "counter", "Records collected, by source", "source",
                   exporter="agent")
AGENT_SENT = _s("gpu_agent_sent_messages", "counter", "Messages Kafka acknowledged",
                exporter="agent")
AGENT_SPOOL_BYTES = _s("gpu_agent_spool_bytes", "gauge", "Spool size on disk", exporter="agent")
AGENT_SPOOL_DROPPED = _s("gpu_agent_spool_dropped_messages", "counter",
                         "Messages dropped from a full spool (oldest first)", exporter="agent")
AGENT_REQUEST_LOG_LINES = _s("gpu_agent_request_log_lines", "counter",
                             "Lines of the gateway's request log, by outcome: published, or the "
                             "kind of bad line (not_json, not_object, missing_field, bad_value, "
                             "too_long)", "outcome", exporter="agent")
AGENT_REQUEST_LOG_DROPPED = _s("gpu_agent_request_log_dropped_fields", "counter",
                               "Fields left out of published request_finished events (a value "
                               "that could not be used), by field", "field", exporter="agent")
AGENT_REQUEST_LOG_BEHIND = _s("gpu_agent_request_log_behind_bytes", "gauge",
                              "Bytes written to the request log and not read yet", exporter="agent")


def sample_names() -> set[str]:
    """Every sample name any exporter of the project can expose."""
    return {n for spec in ALL for n in spec.samples()}


_WHO = {"worker": "worker, ingest (embedded engine)", "ingest": "ingest", "pager": "pager",
        "agent": "gpu-agent"}


def markdown() -> str:
    """The metric table of docs/observability.md (a test keeps the two the same)."""
    rows = ["| metric | type | labels | exported by | meaning |", "| --- | --- | --- | --- | --- |"]
    for spec in ALL:
        name = spec.name + ("_total" if spec.kind == "counter" else "")
        labels = ", ".join(f"`{lb}`" for lb in spec.labels) or "-"
        rows.append(f"| `{name}` | {spec.kind} | {labels} | {_WHO[spec.exporter]} | {spec.help} |")
    return "\n".join(rows) + "\n"
