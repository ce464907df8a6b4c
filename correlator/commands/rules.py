"""``correlator rules check [PATH]``: validate rule files; non-zero exit with exact errors."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from correlator.config import RulesError, default_rules_dir, load_rules


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="work with rule files")
    rsub = p.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    check = rsub.add_parser("check", help="validate a rules directory or file")
    check.add_argument("path", nargs="?", type=Path, help="default: the rules/ directory")
    check.set_defaults(func=run_check)
    doc = rsub.add_parser("doc", help="print the rules reference (Markdown) generated from the models")
    doc.add_argument("--out", type=Path, help="write it to this file instead of standard output")
    doc.set_defaults(func=run_doc)


def run_doc(args: argparse.Namespace) -> int:
    from correlator.config.reference import reference

    text = reference()
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def run_check(args: argparse.Namespace) -> int:
    path = args.path or default_rules_dir()
    try:
        rules = load_rules(path)
    except RulesError as err:
        print(str(err), file=sys.stderr)
        return 1
    h = rules.hypotheses
    print(f"{path}: OK ({len(rules.level1)} Level-1 rules; priors session_isolation "
          f"{h.session_isolation.prior:g}, spec_residue {h.spec_residue.prior:g}, "
          f"monitoring_gap {h.monitoring_gap.prior:g})")
    return 0
