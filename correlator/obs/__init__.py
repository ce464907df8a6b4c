"""Observability: the metrics the correlator exports, and how they are computed.

- :mod:`~correlator.obs.catalog` names every exported metric once (name, type, labels, help);
  the Grafana dashboard's test and docs/observability.md read it.
- :mod:`~correlator.obs.tracker` and :mod:`~correlator.obs.kvhealth` are pure: they derive the
  KV-cache health figures the incident write-up asked for from the same records the engine
  sees (time is the records' event time; no I/O, no clock).
- :mod:`~correlator.obs.exporter` turns engine state and those figures into Prometheus
  families at scrape time; :mod:`~correlator.obs.counters` holds what shells count as they
  publish (records in, dead letters, incidents, actions); :mod:`~correlator.obs.serve` serves
  ``/metrics``.
"""
