"""Pager configuration: the example loads; every mistake is named exactly; secrets stay hidden."""

from __future__ import annotations

from pathlib import Path

import pytest

from correlator.pager.config import (
    PAGERDUTY_URL,
    PagerConfig,
    PagerConfigError,
    PagerDutyReceiver,
    WebhookReceiver,
    load_pagers,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "pagers.example.yaml"
ENV = {"PAGERDUTY_ROUTING_KEY": "R0UT1NGKEY0123456789abcdefabcdef",
       "SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T00/B00/S3CR3TPATH",
       "ITSM_TOKEN": "itsm-t0ken"}


def _load(tmp_path: Path, text: str, env: dict[str, str] | None = None) -> object:
    f = tmp_path / "pagers.yaml"
    f.write_text(text)
    return load_pagers(f, env or {})


def test_the_example_loads_with_secrets_from_the_environment() -> None:
    cfg = load_pagers(EXAMPLE, ENV)
    pd = cfg.receiver("oncall")
    assert isinstance(pd, PagerDutyReceiver)
    assert pd.url is not None and pd.url.get_secret_value() == PAGERDUTY_URL
    assert pd.routing_key is not None and pd.routing_key.get_secret_value() == ENV["PAGERDUTY_ROUTING_KEY"]
    wh = cfg.receiver("itsm")
    assert isinstance(wh, WebhookReceiver) and wh.bearer_token is not None
    assert [r.receivers for r in cfg.routes] == [["oncall"], ["oncall"], ["ops-slack", "itsm"]]


def test_printing_the_configuration_shows_no_secret() -> None:
    cfg = load_pagers(EXAMPLE, ENV)
    shown = repr(cfg) + str(cfg) + cfg.model_dump_json()
    for secret in ENV.values():
        assert secret not in shown
    assert "S3CR3TPATH" not in shown


@pytest.mark.parametrize(("text", "message"), [
    ("receivers: []\nroutes: []",
     "field 'receivers': List should have at least 1 item after validation, not 0"),
    ("receivers:\n  - {name: pd, type: pagerduty}\nroutes:\n  - receivers: [pd]",
     "receivers[0] 'pd': give exactly one of 'routing_key' and 'routing_key_env'"),
    ("receivers:\n  - {name: pd, type: pagerduty, routing_key: k, routing_key_env: K}\n"
     "routes:\n  - receivers: [pd]",
     "receivers[0] 'pd': give exactly one of 'routing_key' and 'routing_key_env'"),
    ("receivers:\n  - {name: s, type: slack}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': needs 'url' or 'url_env'"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x', url_env: X}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': give either 'url' or 'url_env', not both"),
    ("receivers:\n  - {name: s, type: sms, url: 'http://x'}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': Input tag 'sms' found using 'type' does not match any of the expected "
     "tags: 'pagerduty', 'slack', 'webhook'"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x', colour: red}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': field 'colour': Extra inputs are not permitted"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x', retry: {jitter: 2}}\n"
     "routes:\n  - receivers: [s]",
     "receivers[0] 's': field 'retry.jitter': Input should be less than or equal to 1"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x'}\nroutes:\n  - receivers: [t]",
     "routes[0] names unknown receivers ['t'] (known: s)"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x'}\n"
     "routes:\n  - {receivers: [s], match: {cause: [gpu_failure, sesion_isolation]}}",
     "routes[0]: field 'match.cause': unknown cause 'sesion_isolation'; the engine's causes are "
     "session_isolation, spec_residue, monitoring_gap, memory_leak, gpu_failure, gpu_throttled, "
     "engine_stalled, engine_slowed, crash_loop, server_lost, runaway_generation, spec_acceptance_collapse, "
     "kv_pool_shrunk, kv_transfer_leak, nvlink_degraded, concurrency_capped, upstream_errors, "
     "output_capped, context_capped, api_server_errors, node_unreachable, gpus_unavailable, "
     "node_not_ready, unexplained_alerts"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x'}\n  - {name: s, type: slack, url: 'http://y'}\n"
     "routes:\n  - receivers: [s]",
     "receiver names must be unique: s"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x'}\n"
     "routes:\n  - receivers: [s]\n    match: {severity: [page]}",
     "routes[0]: field 'match.severity.0': Input should be 'critical', 'warning' or 'info'"),
    ("receivers:\n  - {name: s, type: slack, url: 'http://x'}\n"
     "routes:\n  - receivers: [s]\n    match: {team: x}",
     "routes[0]: field 'match.team': Extra inputs are not permitted"),
    ("receivers:\n  - {name: 'a b', type: slack, url: 'http://x'}\nroutes:\n  - receivers: ['a b']",
     "receivers[0] 'a b': field 'name': String should match pattern"),
    ("receivers:\n  - {name: s, type: slack, url_env: NOPE}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': field 'url_env': environment variable NOPE is not set"),
    ("receivers:\n  - {name: s, type: slack, url: 'hooks.slack.com/x'}\nroutes:\n  - receivers: [s]",
     "receivers[0] 's': field 'url': not an http(s) URL"),
    ("receivers:\n  - {name: w, type: webhook, url: 'http://x', max_alerts: -1}\nroutes:\n  - receivers: [w]",
     "receivers[0] 'w': field 'max_alerts': Input should be greater than or equal to 0"),
    ("- just a list", "the top level must be a mapping (receivers, routes, ...)"),
    ("receivers: [\n", "line 2: invalid YAML"),
])
def test_mistakes_are_named_with_file_item_and_field(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(PagerConfigError) as err:
        _load(tmp_path, text)
    assert str(err.value).startswith(f"{tmp_path / 'pagers.yaml'}: {message}"), str(err.value)


def test_an_unset_environment_variable_is_named_not_its_value(tmp_path: Path) -> None:
    text = ("receivers:\n  - {name: pd, type: pagerduty, routing_key_env: PD_KEY}\n"
            "routes:\n  - receivers: [pd]")
    with pytest.raises(PagerConfigError,
                       match="field 'routing_key_env': environment variable PD_KEY is not set"):
        _load(tmp_path, text)
    cfg = _load(tmp_path, text, {"PD_KEY": "k" * 32})
    assert "k" * 32 not in repr(cfg)


def test_a_missing_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PagerConfigError, match="cannot read: No such file or directory"):
        load_pagers(tmp_path / "nope.yaml", {})


@pytest.mark.parametrize(("receiver", "env", "message"), [
    ("{name: pd, type: pagerduty, routing_key: sh0rtKEY}", {},
     "receivers[0] 'pd': field 'routing_key': the routing key has 8 characters; PagerDuty's have 32"),
    ("{name: pd, type: pagerduty, routing_key_env: PD_KEY}", {"PD_KEY": "x" * 31 + "SECRETtail"},
     "receivers[0] 'pd': field 'routing_key_env': the routing key (from PD_KEY) has 41 characters; "
     "PagerDuty's have 32"),
])
def test_a_routing_key_of_the_wrong_length_is_named_but_never_shown(
        tmp_path: Path, receiver: str, env: dict[str, str], message: str) -> None:
    """PagerDuty refuses every event of a key that is not 32 characters: fail at load, naming
    the receiver and field, and never the key (secrets stay out of messages)."""
    with pytest.raises(PagerConfigError) as err:
        _load(tmp_path, f"receivers:\n  - {receiver}\nroutes:\n  - receivers: [pd]", env)
    assert str(err.value) == f"{tmp_path / 'pagers.yaml'}: {message}"
    assert "sh0rtKEY" not in str(err.value) and "SECRETtail" not in str(err.value)


def test_webhook_max_alerts_defaults_to_unlimited_like_alertmanager(tmp_path: Path) -> None:
    text = ("receivers:\n  - {name: a, type: webhook, url: 'http://x'}\n"
            "  - {name: b, type: webhook, url: 'http://y', max_alerts: 50}\nroutes:\n  - receivers: [a, b]")
    cfg = _load(tmp_path, text)
    assert isinstance(cfg, PagerConfig)
    assert [getattr(cfg.receiver(n), "max_alerts", None) for n in ("a", "b")] == [0, 50]


def test_the_causes_routes_may_name_are_the_engines() -> None:
    from correlator.core import hypotheses as h
    from correlator.wire.incidents import ENGINE_CAUSES

    assert set(ENGINE_CAUSES) == {h.SESSION_ISOLATION, h.SPEC_RESIDUE, h.MONITORING_GAP, h.MEMORY_LEAK,
                                  h.GPU_FAILURE, h.GPU_THROTTLED, h.ENGINE_STALLED, h.ENGINE_SLOWED,
                                  h.CRASH_LOOP, h.SERVER_LOST,
                                  h.RUNAWAY_GENERATION, h.SPEC_ACCEPTANCE_COLLAPSE, h.KV_POOL_SHRUNK,
                                  h.KV_TRANSFER_LEAK, h.NVLINK_DEGRADED, h.CONCURRENCY_CAPPED,
                                  h.UPSTREAM_ERRORS, h.OUTPUT_CAPPED, h.CONTEXT_CAPPED, h.API_SERVER_ERRORS,
                                  h.NODE_UNREACHABLE, h.GPUS_UNAVAILABLE, h.NODE_NOT_READY,
                                  h.UNEXPLAINED_ALERTS}
    from correlator.config import load_rules

    assert set(h.priors(load_rules())) == set(ENGINE_CAUSES)  # every cause the engine weighs
