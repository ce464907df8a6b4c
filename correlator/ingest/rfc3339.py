"""RFC 3339 timestamps as Alertmanager and Prometheus write them, to and from epoch ns.

Go writes nanosecond fractions and ``Z`` or ``+hh:mm`` offsets, and Alertmanager's webhook puts
the zero time ``0001-01-01T00:00:00Z`` in ``endsAt`` of an alert still firing, so the parser
takes all of these (Python's ``fromisoformat`` stops at microseconds). An offset without its
colon (``+0100``) and the empty string are refused, with a hint saying which it was.

>>> parse_ns("1970-01-01T00:00:01.5Z")
1500000000
>>> format_ns(1500000000)
'1970-01-01T00:00:01.500000000Z'
>>> is_zero(parse_ns(GO_ZERO))
True
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

GO_ZERO = "0001-01-01T00:00:00Z"
_NS = 1_000_000_000
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_RE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$"
)
_NO_COLON = re.compile(r":\d{2}(?:\.\d+)?[+-]\d{4}$")
_ZERO_NS = -62135596800 * _NS


def parse_ns(text: str) -> int:
    """Epoch nanoseconds of an RFC 3339 timestamp; ``ValueError`` naming the text otherwise."""
    m = _RE.match(text)
    if m is None:
        raise ValueError(f"not an RFC 3339 timestamp: {text!r}{_hint(text)}")
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    frac, zone = m.group(7) or "", m.group(8)
    try:
        tz = UTC if zone in ("Z", "z") else _offset(zone)
        dt = datetime(year, month, day, hour, minute, second, tzinfo=tz)
    except ValueError as err:
        raise ValueError(f"not an RFC 3339 timestamp: {text!r} ({err})") from None
    delta = dt - _EPOCH
    seconds = delta.days * 86400 + delta.seconds
    return seconds * _NS + int(frac.ljust(9, "0")) if frac else seconds * _NS


def _hint(text: str) -> str:
    if not text:
        return " (an empty string: leave the field out, or null, when unset)"
    if _NO_COLON.search(text):
        return " (the UTC offset needs a colon: +hh:mm)"
    return ""


def _offset(zone: str) -> timezone:
    sign = -1 if zone[0] == "-" else 1
    return timezone(sign * timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6])))


def format_ns(ns: int) -> str:
    """``YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`` in UTC, as Go's ``RFC3339Nano`` with fixed digits."""
    seconds, frac = divmod(ns, _NS)
    stamp = (_EPOCH + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S")
    return f"{stamp}.{frac:09d}Z"


def is_zero(ns: int) -> bool:
    """Go's zero time (or anything before year 2): Alertmanager's "not set"."""
    return ns <= _ZERO_NS + 366 * 86400 * _NS
