"""What a subscriber does with one incident record. Pure.

- a duplicate or stale transition (see :mod:`correlator.pager.ledger`) is skipped;
- an incident the routes do not send to this receiver is skipped, unless the receiver has
  already been sent one of its transitions: routing is sticky, so a receiver that was paged
  also hears the updates and the resolve even when the severity or cause changed since;
- ``open`` is sent; ``update`` is sent (the first a receiver hears of an incident may be an
  update) unless the receiver asked for no updates of incidents it was already sent;
- ``resolved`` is sent only to a receiver that was sent the incident, and asked for resolves.

>>> plan("open", routed=True, verdict="new", entry=None, send_updates=True, send_resolved=True)
'send'
>>> plan("resolved", routed=True, verdict="new", entry=None, send_updates=True, send_resolved=True)
'filter'
"""

from __future__ import annotations

from typing import Literal

from correlator.pager.ledger import Entry, Verdict

Action = Literal["send", "filter", "skip_unrouted", "skip_duplicate", "skip_stale"]


def plan(status: str, *, routed: bool, verdict: Verdict, entry: Entry | None,
         send_updates: bool, send_resolved: bool) -> Action:
    if verdict == "duplicate":
        return "skip_duplicate"
    if verdict == "stale":
        return "skip_stale"
    sent = entry is not None and entry.sent
    if not routed and not sent:
        return "skip_unrouted"
    if status == "resolved":
        return "send" if sent and send_resolved else "filter"
    if status == "update" and sent and entry is not None and entry.status != "resolved":
        return "send" if send_updates else "filter"
    return "send"
