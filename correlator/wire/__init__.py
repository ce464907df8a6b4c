"""Models of the wire contract (``spec/wire-v1.md``): records, labels, incidents, summaries."""

from correlator.wire.incidents import AlertsRef, Evidence, Incident, IncidentAction
from correlator.wire.labels import BENIGN_DETAILS, NAMED_CAUSES, FaultLabel
from correlator.wire.records import (
    AlertBody,
    AlertRecord,
    EventRecord,
    Record,
    SampleRecord,
)
from correlator.wire.summary import LatencySummary, ReplaySummary

__all__ = [
    "BENIGN_DETAILS",
    "NAMED_CAUSES",
    "AlertBody",
    "AlertRecord",
    "AlertsRef",
    "EventRecord",
    "Evidence",
    "FaultLabel",
    "Incident",
    "IncidentAction",
    "LatencySummary",
    "Record",
    "ReplaySummary",
    "SampleRecord",
]
