"""Nodes whose telemetry arrives under another node's name, from the incident book's side.

A node agent that takes its node name from the wrong place (the downward API's host IP
instead of the node name, outsider s201) publishes every record of node ``rn-h100-03`` as node
``10.42.17.58``: the real name falls silent as if the node were down, and an unknown name
streams its telemetry. dcgm-exporter's ``Hostname`` label still says where the records were
collected. Each node engine tells the book (``Finding.host_note``) when the host its records
carry stops being its own name, or becomes it again; the book keeps who carries whom.

Often that label names something other than a node (the exporter's pod, a cloud instance id),
so a carrier means something only where the host it names is a node the book has heard of.

>>> a = HostAliases()
>>> a.note("10.42.17.58", "rn-h100-03", 100)
>>> a.carrier("rn-h100-03"), a.carried("10.42.17.58"), a.carried("rn-h100-03")
('10.42.17.58', ('rn-h100-03', 100), None)
>>> a.heard("rn-h100-03"), a.hear("rn-h100-03"), a.heard("rn-h100-03")
(False, None, True)
>>> a.note("10.42.17.58", "", 200)  # its own name again
>>> a.carrier("rn-h100-03") is None
True
"""

from __future__ import annotations

from collections import OrderedDict

HOSTS_KEPT = 4096
"""Carriers remembered (the least recently told forgotten first): every node of a fleet whose
exporter's label names its pod is one."""


class HostAliases:
    """Node -> the host its records say they come from, where not itself; and the reverse."""

    def __init__(self) -> None:
        self._carried: OrderedDict[str, tuple[str, int]] = OrderedDict()
        self._carrier: dict[str, str] = {}
        self._heard: OrderedDict[str, None] = OrderedDict()

    def hear(self, node: str) -> None:
        """A finding was raised for ``node``: it is a node (the latest ``HOSTS_KEPT`` kept)."""
        self._heard[node] = None
        self._heard.move_to_end(node)
        if len(self._heard) > HOSTS_KEPT:
            self._heard.popitem(last=False)

    def heard(self, node: str) -> bool:
        return node in self._heard

    def note(self, node: str, host: str, ts_ns: int) -> None:
        """``node``'s records say, from ``ts_ns``, they come from ``host`` ("": itself)."""
        old = self._carried.pop(node, None)
        if old is not None and self._carrier.get(old[0]) == node:
            del self._carrier[old[0]]
        if host and host != node:
            self._carried[node] = (host, ts_ns)
            self._carrier[host] = node
            while len(self._carried) > HOSTS_KEPT:
                gone, (was, _) = self._carried.popitem(last=False)
                if self._carrier.get(was) == gone:
                    del self._carrier[was]

    def carrier(self, host: str) -> str | None:
        """The node whose records say they come from ``host``, the latest to say so."""
        return self._carrier.get(host)

    def carried(self, node: str) -> tuple[str, int] | None:
        """The host ``node``'s records say they come from, and since when; None: itself."""
        return self._carried.get(node)
