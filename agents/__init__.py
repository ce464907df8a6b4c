"""GPU-node agents: collectors for NVML, dcgm-exporter, vLLM and the host, and a spooling publisher.

Each collector turns what a source answers into wire-contract records (``spec/wire-v1.md``); the
parsing is pure (text or values in, records out, the timestamp passed in) and the I/O around it is
thin. Not to be confused with Faust "agents", which live in ``correlator/``.
"""
