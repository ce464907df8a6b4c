"""HTTP alert ingest: existing alert streams in, contract ``alert`` records out.

Two wire formats arrive over HTTP and leave as alert records (contract section 1):

- Alertmanager's webhook receiver payload (``version: "4"``), so an Alertmanager can forward
  everything it has (:mod:`correlator.ingest.payloads`);
- Alertmanager's API ``POST /api/v2/alerts``, so Prometheus can list the correlator under
  ``alerting.alertmanagers``.

Pure parts: parsing and validation (:mod:`~correlator.ingest.payloads`), RFC 3339 times
(:mod:`~correlator.ingest.rfc3339`), the conversion to records (:mod:`~correlator.ingest.convert`),
bearer tokens (:mod:`~correlator.ingest.auth`) and the live engine driver
(:mod:`~correlator.ingest.live`). Shells: the aiohttp application (:mod:`~correlator.ingest.app`),
the sinks that make alerts durable (Kafka, or an embedded engine) and the server runner.
"""

from correlator.ingest.convert import alert_node, to_record
from correlator.ingest.payloads import Parsed, parse_postable, parse_webhook

__all__ = ["Parsed", "alert_node", "parse_postable", "parse_webhook", "to_record"]
