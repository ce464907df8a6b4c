"""Load ``rules/*.yaml`` into a :class:`RuleSet`, with errors naming file, rule and field.

A directory's YAML files are merged by top-level section (``alignment``, ``hypotheses``,
``level1``...); a section may be defined in one file only. Any error is raised as
:class:`RulesError` whose message is exact enough to test against, for example::

    rules/level1.yaml: rule 'isolate_on_fast_growth': field 'above': Input should be a valid number
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from correlator.config.model import RuleSet

ENV_VAR = "CORRELATOR_RULES"


class RulesError(ValueError):
    """A rules file that cannot be loaded; the message names file, rule and field."""


def default_rules_dir() -> Path:
    """``$CORRELATOR_RULES``, else the checkout's ``rules/``, else the packaged defaults."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    package = Path(__file__).resolve().parent.parent
    checkout = package.parent / "rules"
    if checkout.is_dir():
        return checkout
    return package / "_default_rules"


def rule_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted([*path.glob("*.yaml"), *path.glob("*.yml")])
        if not files:
            raise RulesError(f"{path}: no *.yaml rule files in this directory")
        return files
    if path.is_file():
        return [path]
    raise RulesError(f"{path}: no such file or directory")


def load_rules(path: Path | None = None) -> RuleSet:
    """Load and validate every rule file under ``path`` (default: :func:`default_rules_dir`)."""
    merged: dict[str, Any] = {}
    owner: dict[str, Path] = {}
    for file in rule_files(path or default_rules_dir()):
        for section, body in _read(file).items():
            if section in owner:
                raise RulesError(f"{file}: section '{section}' is also defined in {owner[section]}")
            if section not in RuleSet.model_fields:
                known = ", ".join(RuleSet.model_fields)
                raise RulesError(f"{file}: unknown section '{section}' (known: {known})")
            merged[section] = body
            owner[section] = file
    try:
        return RuleSet.model_validate(merged)
    except ValidationError as err:
        raise RulesError(_describe(err, merged, owner)) from None


def _read(file: Path) -> dict[str, Any]:
    try:
        doc = yaml.safe_load(file.read_text(encoding="utf-8"))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        raise RulesError(f"{file}:{where}: invalid YAML: {problem}") from None
    except OSError as err:
        raise RulesError(f"{file}: cannot read: {err.strerror}") from None
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise RulesError(f"{file}: the top level must be a mapping of sections")
    return doc


def _describe(err: ValidationError, merged: dict[str, Any], owner: dict[str, Path]) -> str:
    lines = []
    for e in err.errors(include_url=False):
        loc = list(e["loc"])
        section = str(loc[0]) if loc else "<rules>"
        file = owner.get(section, Path("<defaults>"))
        rule, field = _rule_and_field(section, loc[1:], merged)
        where = f"rule '{rule}'"
        if field:
            where += f": field '{field}'"
        lines.append(f"{file}: {where}: {_message(e['msg'])}")
    return "\n".join(lines)


def _rule_and_field(section: str, rest: list[Any], merged: dict[str, Any]) -> tuple[str, str]:
    if section == "level1" and rest and isinstance(rest[0], int):
        items = merged.get("level1") or []
        item = items[rest[0]] if rest[0] < len(items) else None
        name = item.get("name") if isinstance(item, dict) else None
        rule = str(name) if name else f"level1[{rest[0]}]"
        return rule, ".".join(str(p) for p in rest[1:])
    if not rest:
        return section, ""
    return ".".join([section, *(str(p) for p in rest[:-1])]), str(rest[-1])


def _message(msg: str) -> str:
    prefix = "Value error, "
    return msg[len(prefix) :] if msg.startswith(prefix) else msg
