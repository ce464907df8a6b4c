"""One receiver's subscriber: decide, deliver, remember, in the order records arrive.

:meth:`Subscriber.handle` returns only once the record is handled for good (sent, refused
and dead-lettered, given up on and dead-lettered, filtered or skipped) and the ledger entry
is on disk; the caller commits the record's offset after that. It raises
:class:`~correlator.pager.deliver.Stopping` when stopped mid-delivery, leaving the record
unhandled for the next run.
"""

from __future__ import annotations

import logging
from typing import Protocol

from correlator.pager.config import PagerConfig
from correlator.pager.deliver import Deliverer, Result
from correlator.pager.journal import Journal
from correlator.pager.ledger import Ledger
from correlator.pager.metrics import PagerMetrics
from correlator.pager.outbound import AnyReceiver, request_for
from correlator.pager.plan import plan
from correlator.pager.routing import Router
from correlator.wire.decode import Rejected
from correlator.wire.incidents import Incident

log = logging.getLogger("correlator.pager")


class DeadLetters(Protocol):
    async def put(self, rej: Rejected) -> None: ...


class Subscriber:
    def __init__(self, receiver: AnyReceiver, cfg: PagerConfig, router: Router, ledger: Ledger,
                 journal: Journal, deliverer: Deliverer, deadletters: DeadLetters,
                 metrics: PagerMetrics | None = None) -> None:
        self.receiver = receiver
        self.name = receiver.name
        self.cfg = cfg
        self.router = router
        self.ledger = ledger
        self.journal = journal
        self.deliverer = deliverer
        self.deadletters = deadletters
        self.metrics = metrics
        self.counts: dict[str, int] = {}

    async def handle(self, inc: Incident, raw: bytes) -> str:
        routed = self.name in self.router.receivers_for(inc.cause, inc.severity, inc.nodes)
        iid = inc.incident_id
        action = plan(inc.status, routed=routed,
                      verdict=self.ledger.judge(iid, inc.status, inc.updated_ns),
                      entry=self.ledger.get(iid), send_updates=self.receiver.send_updates,
                      send_resolved=self.receiver.send_resolved)
        outcome: str
        if action == "send":
            result = await self.deliverer.deliver(f"{iid} {inc.status}",
                                                  request_for(self.receiver, inc, self.cfg.external_url))
            outcome = result.outcome
            if self.metrics is not None:
                self.metrics.sent(self.name, result.attempts, result.seconds)
            if outcome != "delivered":
                await self.deadletters.put(self._dead_letter(inc, raw, result))
            else:
                log.info("%s: %s %s delivered (%d attempts)", self.name, iid, inc.status,
                         result.attempts)
        else:
            outcome = "filtered" if action == "filter" else action
        if action in ("send", "filter"):
            self.ledger.record(iid, inc.status, inc.updated_ns, outcome)
            self.journal.append(iid)
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        if self.metrics is not None:
            self.metrics.handled(self.name, outcome)
        return outcome

    def _dead_letter(self, inc: Incident, raw: bytes, result: Result) -> Rejected:
        what = "refused" if result.outcome == "refused" else "not accepted (gave up)"
        reason = (f"receiver {self.name} ({self.receiver.type}) {what} {inc.incident_id} "
                  f"{inc.status} after {result.attempts} attempts: {result.answer.describe()}")
        return Rejected(f"pager/{self.name}", reason, raw)
