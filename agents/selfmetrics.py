"""The agent's own metrics (``gpu-agent --metrics-port``): rounds and records per source,
messages Kafka acknowledged, and the spool's size and losses.

With ``--request-log``, the lines of the gateway's log by outcome (``published`` or the kind of
bad line), the fields left out of published events, and the bytes not read yet
(:meth:`AgentMetrics.watch_request_log`).

A round that yields a ``source_gap`` event failed (the source did not answer); anything
else succeeded. Collected rounds are counted as they are made (:meth:`AgentMetrics.round`, the
collection loop's ``on_round``), not as they are published, since the repeated failures of a
streak are not published; simulated rounds as they are published. Served from the agent's event
loop (correlator.obs.serve).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Sequence

from prometheus_client import CollectorRegistry, Counter
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from agents.health import GAP_EVENT
from agents.publisher import Publisher
from agents.records import JsonRecord
from agents.request_log import RequestLogSource
from correlator.obs import catalog as c

REQUEST_LOG_LINES = c.AGENT_REQUEST_LOG_LINES
REQUEST_LOG_DROPPED = c.AGENT_REQUEST_LOG_DROPPED
REQUEST_LOG_BEHIND = c.AGENT_REQUEST_LOG_BEHIND

Publish = Callable[[str, str, Sequence[JsonRecord]], Awaitable[None]]


class AgentMetrics:
    def __init__(self, publisher: Publisher) -> None:
        self.registry = CollectorRegistry()
        self.rounds = Counter(c.AGENT_ROUNDS.name, c.AGENT_ROUNDS.help, list(c.AGENT_ROUNDS.labels),
                              registry=self.registry)
        self.records = Counter(c.AGENT_RECORDS.name, c.AGENT_RECORDS.help, list(c.AGENT_RECORDS.labels),
                               registry=self.registry)
        self.registry.register(_PublisherCollector(publisher))

    def counted(self, publish: Publish, rounds: bool = True) -> Publish:
        """``publish`` that counts each round (unless ``rounds`` is false: :meth:`round` does)
        and its records on their way to the spool."""
        async def wrapped(source: str, node: str, records: Sequence[JsonRecord]) -> None:
            if rounds:
                self.round(source, any(r.get("event") == GAP_EVENT for r in records))
            self.observe(source, records)
            await publish(source, node, records)

        return wrapped

    def watch_request_log(self, source: RequestLogSource) -> None:
        """Export ``source``'s line counts, as of each scrape."""
        self.registry.register(_RequestLogCollector(source))

    def round(self, source: str, failed: bool) -> None:
        """One collection round of ``source`` was made."""
        self.rounds.labels(source, "failed" if failed else "ok").inc()

    def observe(self, source: str, records: Sequence[JsonRecord]) -> None:
        """Count the records of a round, gap events aside."""
        data = sum(1 for r in records if r.get("event") != GAP_EVENT)
        if data:
            self.records.labels(source).inc(data)


class _PublisherCollector(Collector):
    def __init__(self, publisher: Publisher) -> None:
        self.publisher = publisher

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        sent = CounterMetricFamily(c.AGENT_SENT.name, c.AGENT_SENT.help)
        sent.add_metric([], self.publisher.sent_messages)
        size = GaugeMetricFamily(c.AGENT_SPOOL_BYTES.name, c.AGENT_SPOOL_BYTES.help)
        size.add_metric([], self.publisher.spool.bytes_on_disk)
        dropped = CounterMetricFamily(c.AGENT_SPOOL_DROPPED.name, c.AGENT_SPOOL_DROPPED.help)
        dropped.add_metric([], self.publisher.spool.dropped_messages)
        yield from (sent, size, dropped)


class _RequestLogCollector(Collector):
    def __init__(self, source: RequestLogSource) -> None:
        self.source = source

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        lines = CounterMetricFamily(REQUEST_LOG_LINES.name, REQUEST_LOG_LINES.help,
                                    labels=list(REQUEST_LOG_LINES.labels))
        for outcome, n in sorted(self.source.lines.items()):
            lines.add_metric([outcome], n)
        dropped = CounterMetricFamily(REQUEST_LOG_DROPPED.name, REQUEST_LOG_DROPPED.help,
                                      labels=list(REQUEST_LOG_DROPPED.labels))
        for name, n in sorted(self.source.dropped.items()):
            dropped.add_metric([name], n)
        behind = GaugeMetricFamily(REQUEST_LOG_BEHIND.name, REQUEST_LOG_BEHIND.help)
        behind.add_metric([], self.source.tail.behind)
        yield from (lines, dropped, behind)
