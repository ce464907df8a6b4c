"""GPU-cluster alert-correlation engine.

The pure engine lives in :mod:`correlator.core`; everything else (replay, simulator,
Kafka workers, HTTP ingest, pagers) is a thin shell that feeds it records and publishes
what it returns.
"""

__version__ = "0.1.0"
