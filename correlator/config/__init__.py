"""Rule and engine configuration: YAML files in ``rules/`` validated by pydantic at load."""

from correlator.config.loader import RulesError, default_rules_dir, load_rules
from correlator.config.model import RuleSet

__all__ = ["RuleSet", "RulesError", "default_rules_dir", "load_rules"]
