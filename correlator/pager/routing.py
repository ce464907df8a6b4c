"""Which receivers an incident goes to: routes by cause, severity, nodes and node labels.

Routes are tried in order, as in Alertmanager: an incident goes to the receivers of every
matching route up to and including the first matching one without ``continue: true``. A route
with no ``match`` matches everything. Node labels come from the configuration's ``node_labels``
(globs over node names, later entries overriding earlier ones for the same label).

>>> from correlator.pager.config import Match, NodeLabels, Route
>>> r = Router([Route(receivers=["pd"], match=Match(node_labels={"pool": "a"}))],
...            [NodeLabels(nodes=["gpu-0[1-4]"], labels={"pool": "a"})])
>>> r.receivers_for("spec_residue", "warning", ["gpu-03"]), r.receivers_for("x", "info", ["gpu-09"])
(['pd'], [])
"""

from __future__ import annotations

from fnmatch import fnmatchcase

from correlator.pager.config import Match, NodeLabels, Route


class Router:
    def __init__(self, routes: list[Route], node_labels: list[NodeLabels]) -> None:
        self.routes = routes
        self.node_labels = node_labels

    def labels_of(self, node: str) -> dict[str, str]:
        out: dict[str, str] = {}
        for entry in self.node_labels:
            if any(fnmatchcase(node, pattern) for pattern in entry.nodes):
                out.update(entry.labels)
        return out

    def receivers_for(self, cause: str, severity: str, nodes: list[str]) -> list[str]:
        out: list[str] = []
        for route in self.routes:
            if not self.matches(route.match, cause, severity, nodes):
                continue
            out += [r for r in route.receivers if r not in out]
            if not route.continue_:
                break
        return out

    def matches(self, m: Match, cause: str, severity: str, nodes: list[str]) -> bool:
        if m.cause is not None and cause not in m.cause:
            return False
        if m.severity is not None and severity not in m.severity:
            return False
        if m.nodes is not None and not any(fnmatchcase(n, p) for n in nodes for p in m.nodes):
            return False
        return m.node_labels is None or any(self._labels_match(m.node_labels, n) for n in nodes)

    def _labels_match(self, want: dict[str, str | list[str]], node: str) -> bool:
        have = self.labels_of(node)
        for key, allowed in want.items():
            values = [allowed] if isinstance(allowed, str) else allowed
            if have.get(key) not in values:
                return False
        return True
