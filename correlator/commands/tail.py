"""``correlator tail``: print incident records from Kafka as they arrive."""

from __future__ import annotations

import argparse
import asyncio
import sys

from correlator.kafka import TopicNames, broker_answers
from correlator.stream.tail import tail


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tail", help="print incidents from Kafka as they arrive",
                       description="Follow the incidents topic: one readable line per incident "
                                   "record, or the record itself with --json.")
    p.add_argument("--kafka", required=True, metavar="HOST:PORT", help="bootstrap servers")
    p.add_argument("--prefix", default="", help="topic prefix, e.g. 'prod.'")
    p.add_argument("--json", action="store_true", help="print each record as one JSON line")
    p.add_argument("--from-beginning", action="store_true",
                   help="start at the oldest record kept, not at the newest")
    p.add_argument("--limit", type=int, metavar="N", help="exit after N records")
    p.add_argument("--all", action="store_true",
                   help="also print records a restarted worker published again")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not asyncio.run(broker_answers(args.kafka)):
        print(f"correlator tail: error: no Kafka broker answers on {args.kafka}", file=sys.stderr)
        return 1

    def write(line: str) -> None:
        print(line, flush=True)

    def warn(line: str) -> None:
        print(f"correlator tail: {line}", file=sys.stderr, flush=True)

    topic = TopicNames(args.prefix).incidents
    asyncio.run(tail(args.kafka, topic, write, warn, as_json=args.json,
                     from_beginning=args.from_beginning, limit=args.limit, dedupe=not args.all))
    return 0
