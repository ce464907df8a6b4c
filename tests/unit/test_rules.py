from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from correlator.cli import main
from correlator.config import RulesError, load_rules
from correlator.config.loader import default_rules_dir

REPO_RULES = Path(__file__).resolve().parents[2] / "rules"


@pytest.fixture
def rules_dir(tmp_path: Path) -> Path:
    d = tmp_path / "rules"
    shutil.copytree(REPO_RULES, d)
    return d


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_shipped_rules_load_with_the_write_up_priors() -> None:
    rules = load_rules(REPO_RULES)
    h = rules.hypotheses
    assert (h.session_isolation.prior, h.spec_residue.prior, h.monitoring_gap.prior) == (0.45, 0.35, 0.20)
    names = {r.name: r for r in rules.level1}
    assert names["isolate_on_fast_growth"].above == 8 and names["isolate_on_fast_growth"].for_s == 180
    assert names["degrade_on_growth"].params == {"weight": 0.5}
    assert names["force_cleanup_on_high_memory"].above == 85
    assert default_rules_dir() == REPO_RULES


def test_level1_error_names_file_rule_and_field(rules_dir: Path) -> None:
    edit(rules_dir / "level1.yaml", "above: 8\n", "above: eight\n")
    with pytest.raises(RulesError) as err:
        load_rules(rules_dir)
    expected = (f"{rules_dir / 'level1.yaml'}: rule 'isolate_on_fast_growth': field 'above': "
                "Input should be a valid number")
    assert str(err.value).startswith(expected)


def test_unknown_field_is_an_error_not_ignored(rules_dir: Path) -> None:
    edit(rules_dir / "hypotheses.yaml", "    prior: 0.35\n", "    prior: 0.35\n    prio: 1\n")
    with pytest.raises(RulesError) as err:
        load_rules(rules_dir)
    assert str(err.value) == (f"{rules_dir / 'hypotheses.yaml'}: rule 'hypotheses.spec_residue': "
                              "field 'prio': Extra inputs are not permitted")


def test_priors_must_sum_to_one(rules_dir: Path) -> None:
    edit(rules_dir / "hypotheses.yaml", "prior: 0.45", "prior: 0.55")
    with pytest.raises(RulesError, match=r"the priors must sum to 1, they sum to 1\.1"):
        load_rules(rules_dir)


def test_hysteresis_and_yaml_errors(rules_dir: Path) -> None:
    edit(rules_dir / "engine.yaml", "resolve_score: 0.25", "resolve_score: 0.75")
    with pytest.raises(RulesError, match="rule 'incidents': resolve_score must be below open_score"):
        load_rules(rules_dir)
    (rules_dir / "engine.yaml").write_text("alignment: [unclosed\n")
    with pytest.raises(RulesError, match=r"engine.yaml: line \d+: invalid YAML"):
        load_rules(rules_dir)


def test_section_defined_twice_is_refused(rules_dir: Path) -> None:
    (rules_dir / "zz.yaml").write_text("detectors:\n  threshold: 0.9\n")
    with pytest.raises(RulesError, match="section 'detectors' is also defined in"):
        load_rules(rules_dir)


def test_rules_check_command_exit_status(rules_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "check", str(rules_dir)]) == 0
    assert "OK" in capsys.readouterr().out
    edit(rules_dir / "level1.yaml", "action: isolate_node", "action: reboot")
    assert main(["rules", "check", str(rules_dir)]) == 1
    err = capsys.readouterr().err
    assert "rule 'isolate_on_fast_growth': field 'action': Input should be" in err


def test_rules_reference_in_docs_is_generated_from_the_models() -> None:
    from correlator.config.reference import reference

    doc = (REPO_RULES.parent / "docs" / "rules.md").read_text()
    assert doc == reference(), "docs/rules.md is stale: run `correlator rules doc --out docs/rules.md`"
    assert "| `residue_mb_per_interrupt` | float | `4.7` |" in doc
    assert "## `level1`" in doc and "`isolate_node`" in doc
    # every table row stays one line (a meaning written over several lines once split rows)
    rows = [line for line in doc.splitlines() if line.startswith("| `")]
    assert len(rows) > 80 and all(line.endswith("|") for line in rows)
    assert "| `gpu_failure_alerts` | str | `(?i)xid\\|gpu" in doc  # the regex's bars escaped


def test_a_pattern_that_is_not_a_regular_expression_is_named(rules_dir: Path) -> None:
    edit(rules_dir / "engine.yaml", "gpu_failure_alerts: '(?i)xid|", "gpu_failure_alerts: '(?i)xid(|")
    with pytest.raises(RulesError) as err:
        load_rules(rules_dir)
    assert str(err.value) == (f"{rules_dir / 'engine.yaml'}: rule 'alert_grouping': field "
                              "'gpu_failure_alerts': not a regular expression: missing ), "
                              "unterminated subpattern at position 7")
