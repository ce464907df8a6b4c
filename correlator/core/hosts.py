"""The node an alert's labels name: its ``node`` label, else the host of its ``instance``.

``instance`` is what Prometheus scraped: ``host:port``, ``[v6 address]:port``, a bare host, or
a URL (``http://host:port/metrics``); the node is its host part in each case. Shared by the
ingest (which stamps the record's ``node``) and the core (records that arrive with node ``-``).

>>> [label_node({"instance": i}) for i in ("gpu-7:9400", "[fd00::7]:9400", "fd00::7", "gpu-7")]
['gpu-7', 'fd00::7', 'fd00::7', 'gpu-7']
>>> label_node({"instance": "https://user@gpu-3:9400/metrics?x=1"}), label_node({"alertname": "X"})
('gpu-3', '-')
>>> label_node({"node": "gpu-node-02", "instance": "10.0.0.2:9400"})
'gpu-node-02'
>>> [short_host(n) for n in ("gpu-3.dc1.example.net", "gpu-3", "10.0.0.2")]
['gpu-3', None, None]
"""

from __future__ import annotations

import re

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_AUTHORITY_END = re.compile(r"[/?#]")
_IPV4 = re.compile(r"^\d+(\.\d+){3}$")


NO_NODE = "-"
"""The node of an alert that names none (wire contract: an alert record's ``node``)."""


def label_node(labels: dict[str, str]) -> str:
    """The node named by an alert's labels, ``NO_NODE`` when none is."""
    node = labels.get("node")
    if node:
        return node
    return instance_host(labels.get("instance", "")) or NO_NODE


def instance_host(instance: str) -> str:
    """The host part of an ``instance`` label (empty for an empty one)."""
    scheme = _SCHEME.match(instance)
    if scheme:  # a URL: its authority, without user info, path, query or fragment
        authority = _AUTHORITY_END.split(instance[scheme.end():], maxsplit=1)[0]
        instance = authority.rpartition("@")[2]
    if instance.startswith("["):  # [v6 address]:port
        return instance[1:].split("]", 1)[0]
    return instance.split(":", 1)[0] if instance.count(":") == 1 else instance


def short_host(name: str) -> str | None:
    """The first label of a dotted host name (``gpu-3`` of ``gpu-3.dc1.example.net``); None for
    a name without dots, or an IPv4 address. Kubernetes may know a node by its fully qualified
    name, which its alerts then carry, while the node's agent reports its short host name (or
    the reverse): the same node."""
    if "." not in name or _IPV4.match(name):
        return None
    return name.split(".", 1)[0] or None
