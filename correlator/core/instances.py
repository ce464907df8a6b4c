"""Serving instances that span nodes, known from the pods dcgm-exporter names.

A model too large for one node runs as one instance across several (tensor parallel within a
node, pipeline parallel across them). Kubernetes' LeaderWorkerSet names such a group's pods
after its leader: the leader ``<set>-<group>``, its workers ``<set>-<group>-<index>``; only the
leader serves the API and exports vLLM's metrics. A fault on a worker (an XID, the node cut
off) takes the whole instance down, and the leader's server falls silent with it: that is a
symptom of the worker's fault, not a second root cause.
"""

from __future__ import annotations


def _leader_of(pod: str) -> str:
    """The pod's leader's name if the pod is named as a worker (``<leader>-<index>``), else ''."""
    head, _, tail = pod.rpartition("-")
    return head if head and tail.isdigit() else ""


def same_instance(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Do two nodes' pods (``namespace/pod``) belong to one serving instance, one node's pod
    the other's leader? (Two pods named ``<x>-<n>`` alone prove nothing: a StatefulSet's
    replicas are named so, each an instance of its own.)"""
    if not a or not b:
        return False
    return any(_leader_of(p) in b for p in a) or any(_leader_of(p) in a for p in b)
