"""The Faust app: stage one on the input topics, stage two on ``findings``, two timers.

>>> from correlator.config import load_rules
>>> app = build_app(WorkerConfig("127.0.0.1:9092", prefix="doc.", store="memory"), load_rules(None))
>>> app.conf.id
'doc.correlator'
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

import faust
from faust.types import TP, TopicT

from correlator.config.model import RuleSet
from correlator.obs.serve import add_faust_page
from correlator.obs.worker import WorkerObs
from correlator.stream.outputs import Outputs
from correlator.stream.settings import MAX_MESSAGE_BYTES, WorkerConfig, default_state_dir
from correlator.stream.stage1 import Stage1
from correlator.stream.stage2 import Stage2
from correlator.stream.topics import StreamTopics

log = logging.getLogger(__name__)

CHANGELOG_CONFIG = {
    # snapshots overwrite the same few keys: let compaction keep the changelog short
    "segment.bytes": str(16 * 1024 * 1024),
    "segment.ms": str(10 * 60 * 1000),
    "min.cleanable.dirty.ratio": "0.2",
    "max.message.bytes": str(MAX_MESSAGE_BYTES),
}
TICK_S = 2.5


def build_app(cfg: WorkerConfig, rules: RuleSet) -> faust.App:
    names = StreamTopics(cfg.prefix)
    app = faust.App(
        names.app_id,
        broker=f"kafka://{cfg.bootstrap}",
        store=f"{cfg.store}://",
        datadir=str(cfg.state_dir or default_state_dir(names.app_id)),
        topic_partitions=cfg.partitions,
        topic_replication_factor=cfg.replication_factor,
        table_standby_replicas=0,
        web_enabled=cfg.web_port is not None,
        web_port=cfg.web_port or 6066,
        consumer_auto_offset_reset="earliest",
        stream_wait_empty=False,
        producer_max_request_size=MAX_MESSAGE_BYTES,
        broker_commit_interval=1.0,
        broker_session_timeout=cfg.session_timeout_s,
        broker_heartbeat_interval=cfg.session_timeout_s / 5,
        autodiscover=False,
        loghandlers=[],
    )
    inputs = _raw_topic(app, *names.inputs)
    findings = _raw_topic(app, names.findings, partitions=1)
    obs = WorkerObs(rules)
    outputs = Outputs(findings, _raw_topic(app, names.actions), _raw_topic(app, names.deadletter),
                      _raw_topic(app, names.incidents), obs.counters)
    stage1_table = app.Table("stage1", partitions=cfg.partitions, key_type=bytes, value_type=bytes,
                             extra_topic_configs=CHANGELOG_CONFIG)
    desk_table = app.Table("desk", partitions=1, key_type=bytes, value_type=bytes,
                           extra_topic_configs=CHANGELOG_CONFIG)

    def assignment() -> set[TP]:
        return app.consumer.assignment()  # type: ignore[no-any-return]

    def highwater(tp: TP) -> int | None:
        try:
            return app.consumer.highwater(tp)
        except Exception:  # not fetched yet, or no consumer during a rebalance
            return None

    async def ends(tps: list[TP]) -> Mapping[TP, int]:
        try:
            return await app.consumer.highwaters(*tps)  # type: ignore[no-any-return]
        except Exception as err:  # a rebalance or a broker hiccup: ask again next tick
            log.info("end offsets of %d partitions unavailable: %s", len(tps), err)
            return {}

    async def position(tp: TP) -> int | None:
        try:
            return await app.consumer.position(tp)  # type: ignore[no-any-return]
        except Exception:
            return None

    async def flush() -> None:
        await app.producer.flush()

    s1 = Stage1(cfg, rules, names, stage1_table, outputs, assignment, highwater, ends, position, obs)
    s2 = Stage2(cfg, rules, names.findings, desk_table, outputs, assignment, flush)
    obs.attach(s1, s2)
    if cfg.web_port is not None:
        add_faust_page(app, obs.registry)  # GET /metrics (docs/observability.md)
    _wire(app, cfg, inputs, findings, s1, s2)
    return app


def _raw_topic(app: faust.App, *names: str, partitions: int | None = None) -> TopicT:
    """Values are handled as bytes: decoding is ours (orjson/pydantic), not Faust's models."""
    return app.topic(*names, partitions=partitions, key_serializer="raw", value_serializer="raw")


def _wire(app: faust.App, cfg: WorkerConfig, inputs: Any, findings: Any, s1: Stage1, s2: Stage2) -> None:
    @app.agent(inputs, name="stage1")
    async def stage1(stream: Any) -> None:
        async for events in stream.noack_take(cfg.take_max, within=cfg.take_within_s):
            await s1.handle(stream, events)

    @app.agent(findings, name="stage2")
    async def stage2(stream: Any) -> None:
        async for events in stream.noack_take(cfg.take_max, within=cfg.take_within_s):
            await s2.handle(stream, events)

    @app.timer(TICK_S)  # type: ignore[untyped-decorator]
    async def clocks() -> None:
        await s1.tick(time.time_ns())
        await s2.tick()

    def revoked(sender: Any, /, *args: Any, signal: Any, **kwargs: Any) -> None:
        tps: set[TP] = set(args[0] if args else kwargs.get("revoked", ()))
        s1.revoke(tps)
        s2.revoke(tps)

    app.on_partitions_revoked.connect(revoked)
