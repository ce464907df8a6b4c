"""The pager's own metrics (``correlator pager --metrics-port``): what each receiver was
handed and how it ended, how often a delivery was retried, and how long one took."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram

from correlator.obs import catalog as c

# A delivery's wall time: one answer is milliseconds, retries with backoff take seconds to minutes.
BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)


class PagerMetrics:
    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.deliveries = Counter(c.PAGER_DELIVERIES.name, c.PAGER_DELIVERIES.help,
                                  list(c.PAGER_DELIVERIES.labels), registry=self.registry)
        self.retries = Counter(c.PAGER_RETRIES.name, c.PAGER_RETRIES.help, list(c.PAGER_RETRIES.labels),
                               registry=self.registry)
        self.seconds = Histogram(c.PAGER_SECONDS.name, c.PAGER_SECONDS.help, list(c.PAGER_SECONDS.labels),
                                 buckets=BUCKETS, registry=self.registry)

    def handled(self, receiver: str, outcome: str) -> None:
        """Every record a receiver's subscriber handled, by outcome (see ``Subscriber.handle``)."""
        self.deliveries.labels(receiver, outcome).inc()

    def sent(self, receiver: str, attempts: int, seconds: float) -> None:
        """A delivery that ended (accepted, refused or given up on) after ``attempts`` posts."""
        if attempts > 1:
            self.retries.labels(receiver).inc(attempts - 1)
        self.seconds.labels(receiver).observe(seconds)
