"""Streaming mode: the pure core inside faust-streaming workers on a real Kafka broker.

Two stages, so that a partitioned deployment reaches exactly the incidents of the embedded
replay (see ``docs/streaming.md``):

- stage one (:mod:`correlator.stream.partition`, run by :mod:`correlator.stream.stage1`): every
  input partition number (all five co-partitioned input topics) has its own
  :class:`~correlator.core.fleet.Fleet`; its findings and watermark go to the internal
  one-partition ``findings`` topic;
- stage two (:mod:`correlator.stream.deskrun`, run by :mod:`correlator.stream.stage2`): the
  :class:`~correlator.core.engine.Desk` orders the findings of all partitions by their common
  watermark and publishes incident records on ``incidents``.

Replays through the broker (:mod:`correlator.stream.replay`) carry in-band control messages
(:mod:`correlator.stream.protocol`): a start marker, the fleet clock's advance points, and an
end-of-stream marker, so that workers reproduce the embedded engine's sequence of calls exactly.
"""
