"""Dead-letter reasons in a few classes, so that a label has bounded values.

>>> reason_class("late: event time is behind node n1's watermark by more than ...")
'late'
>>> reason_class("ts_ns: Input should be a valid integer")
'invalid_record'
"""

from __future__ import annotations

_PREFIXES = (
    ("late:", "late"),
    ("overflow:", "overflow"),
    ("invalid JSON", "invalid_json"),
    ("control message", "control"),
    ("internal error", "internal_error"),
    ("delivery", "delivery"),
)


def reason_class(reason: str) -> str:
    for prefix, cls in _PREFIXES:
        if reason.startswith(prefix):
            return cls
    if "exceeds the" in reason and "limit" in reason:
        return "too_large"
    if "batch mixes nodes" in reason:
        return "mixed_batch"
    return "invalid_record"
