"""Pager subscribers: incident records in, PagerDuty / Slack / webhook notifications out.

Pure parts: the configuration (:mod:`~correlator.pager.config`), routing
(:mod:`~correlator.pager.routing`), the delivered-state ledger (:mod:`~correlator.pager.ledger`),
the retry schedule (:mod:`~correlator.pager.retry`), the rate limit
(:mod:`~correlator.pager.ratelimit`) and the message formats (:mod:`~correlator.pager.pagerduty`,
:mod:`~correlator.pager.slack`, :mod:`~correlator.pager.amwebhook`). Shells: the HTTP delivery
(:mod:`~correlator.pager.deliver`), the incident sources (Kafka or JSON Lines) and the service
that runs one subscriber per receiver (:mod:`~correlator.pager.service`).
"""

from correlator.pager.config import PagerConfig, PagerConfigError, load_pagers

__all__ = ["PagerConfig", "PagerConfigError", "load_pagers"]
