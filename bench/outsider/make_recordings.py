#!/usr/bin/env python3
"""Outsider ("clean room") recordings of GPU-node telemetry with labelled faults, for `correlator replay`.

Written only from spec/wire-v1.md, DESIGN.md ("Domain knowledge the engine must respect") and data/
(real dcgm-exporter / vLLM /metrics captures, real request traces), never from the project's code,
rules or simulator. Every rate, timing and window below was fixed BEFORE any replay.

Common physics
--------------
* Load: each vLLM engine replays a real trace (data/traces): Azure LLM 2023 conv/code CSVs or the
  Mooncake FAST'25 conversation JSONL, rotated by a random offset per engine, tiled past its ~58 min
  and thinned/superposed to the engine's rate. Running requests, token counters, finish reasons and
  the TTFT histogram come from these requests (TTFT lognormal, sigma 0.45, median 0.133 s -> P99
  0.38 s healthy; x5.5 at KV saturation -> 2.1 s; SLA 0.8 s: DESIGN.md). Prefix-cache hit ratio:
  Mooncake's hash_ids reuse (computed from the file, ~0.37), 0.15 assumed for Azure (no hashes).
* KV pool: vLLM pre-allocates gpu_memory_utilization=0.9 of the framebuffer, so DCGM FB_USED / NVML
  mem_used stay flat while KV usage moves (DESIGN). Pool tokens = GPUs x (0.9 FB - weights - 3.5 GiB)
  / KV bytes per token. kv_cache_usage_perc = running requests' tokens + contexts the serving stack
  keeps for live sessions; an LRU sweeper reclaims idle sessions every 120-300 s, so healthy usage is
  a saw-tooth of amplitude 0.10-0.18 that stays mostly < 80 % (DESIGN: reclaimed every 2-5 min).
  Pressure above 0.92 of the pool -> preemptions, waiting requests, TTFT up, hit ratio down.
* Collection: nvml/dcgm/vllm/host polled every 5-15 s per source (own phase, 5 % jitter); clock offset
  per (node, source) ~N(0, 0.25 s) + N(0, 0.08 s); ~0.3 % of samples dropped (seq gaps), ~0.15 %
  re-delivered with the same seq, ~0.1 % delivered 5-40 s late. Alerts: Prometheus-style rules over
  the true series (eval 15 s, `for:`, re-sent every 60 s while firing with endsAt = send + 4 min,
  resolved sent twice), in Alertmanager's shape with an FNV-64a label fingerprint.
* Engines running at t=0 carry counters from 2-40 h of uptime; a process restart resets them.

Scenarios (fault minutes from recording start; label end = fault end or recording end)
-----------------------------------------------------------------------------------------
s1_kv_leak_single: 5 nodes x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min, request
  logging (tenant/session) and KV block events ON. session_isolation on inf-h100-03 from 30 min:
  tenant acme-compliance (~30 % of traffic) starts reusing 6 session ids, so the sweeper never
  frees its contexts: 2.0 %/min of the pool (load-modulated) on top of the saw-tooth is never
  reclaimed and the floor ratchets up to a full pool ~30-35 min later (cf. DESIGN's +3 %/min to
  OOM); then preemptions, TTFT P99 ~2.1 s, prefix hits fall. Running/waiting flat until saturation.
s2_kv_leak_three_nodes: 6 x 4 H100, DeepSeek-R1-Distill-Llama-70B TP4, Azure conv 10 req/s/node,
  100 min, no request stream. session_isolation on dsk-node-02/04/05 from 20.0/21.5/23.0 min (2.2/
  1.9/1.6 %/min), ended by drained operator restarts at 68.0/69.5/71.0 min (= label ends).
s3_spec_residue: 4 x 4 L40S, one vLLM server per GPU, Llama-3.1-8B + 1B draft (4 spec tokens),
  Azure conv 3 req/s/GPU, 90 min, no request stream. spec_residue on l40s-spec-02 from 25 min:
  aborts ramp 1.5 % -> 12 % over 8 min; each interrupted request leaves 4.7 MB on its GPU (DESIGN),
  not reclaimed during the fault (healthy: reclaimed with tau 90 s, < 50 MB/node): ~100 MB/min/GPU,
  ~400 MB/min/node (crisis > 200 MB); KV flat; FB headroom < 256 MiB -> 30 % errors (CUDA OOM).
s4_monitoring_gap: 5 x 2 H100, Mistral-Small-24B TP2, Mooncake 1.0 req/s, 75 min. monitoring_gap on
  ip-10-40-2-9 from 20 min: its vLLM endpoint drops out of scraping (no vllm records, no vLLM rules)
  while the serving process's RSS grows 3 %/min of host memory (DESIGN) to an OOM kill at 98.5 %,
  restart 15 s later, reload 100 s, grow again; page-reclaim stalls slow it above 88 % host memory.
  ip-10-40-3-14 runs an old vLLM exporting V0 names (vllm:gpu_cache_usage_perc): healthy, unlabelled.
s5_other_xid_partition: 6 x 8 H100, 2 data-parallel TP4 engines/node, Llama-3.3-70B, Azure conv
  8 req/s/engine, 90 min. other/xid_79 on h100-pod-a2 GPU 5 from 22 min (XID event, one last DCGM
  sample with XID_ERRORS=79, then that GPU's DCGM/NVML stop; vLLM dies 25 s later, the pod crash-
  loops); other/network_partition on h100-pod-a5 55-66 min (no record of any of its sources).
s6_benign_lookalikes: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s, 110 min, request logging
  ON; all benign: long_document fin-h100-01 15-40 min (~1 contract/min, 40-90k tokens);
  annual_report fin-h100-02 30-75 min (one session, a turn every ~45 s, prompt 30k +1.5k/turn, its
  KV held); retry_burst fin-h100-03 50-56 min (arrivals x2.2, 25 % aborts, 6 % gateway 5xx);
  warmup fin-h100-04 70-80 min (drained restart, engine_start, reload, allocator +1.2 % FB, cold
  cache); checkpoint_load fin-h100-05 90-95 min (weight update: RSS +24 GiB, FB +2.5 GiB for ~90 s).
s7_healthy_fleet: 7 x 8 H100, 2 DP engines/node, Azure conv+code 8 req/s/engine, 75 min; nothing
  wrong, one nuisance NodeClockSkewDetected (prod-gpu-04's clock is 2.4 s off). Empty labels.

Added later (s8-s13, a second outsider, same clean-room rules; fixed BEFORE any replay of them)
----------------------------------------------------------------------------------------------
s8_mig_spec_residue: 5 x 4 H100 in MIG mode, each GPU split into 2 x 3g.40gb (GPU_I_ID 1 and 2; 40320
  MiB per instance assumed, 128 reserved), one vLLM server per instance (Llama-3.1-8B + 1B draft), Azure
  conv 3 req/s/instance, 90 min, no request stream. dcgm: one sample per instance (gpu = parent index,
  labels GPU_I_ID / GPU_I_PROFILE, instance FB in MiB, no GPU_UTIL: unsupported under MIG); nvml: per
  physical GPU, no utilization; vllm: gpu = parent index, engine "0", labels GPU_I_ID / GPU_I_PROFILE.
  spec_residue on mig-h100-02 GPU 1 instance GI 2 from 25 min: as s3 (aborts 1.5 -> 12 % over 8 min,
  4.7 MB per interrupted request kept) ~100 MB/min in that one instance, the other 7 flat; its ~3.6 GiB
  headroom is gone at ~65 min -> 30 % CUDA-OOM errors in that instance.
s9_slow_kv_leak: 6 x 2 H100, Mistral-Small-24B TP2, Azure code 6 req/s/node, 120 min, no request
  stream. session_isolation on svc-h100-04 from 25 min to end: 1.0 %/min of the pool (load-modulated)
  never reclaimed; the saw-tooth floor ratchets to a full pool over ~50-70 min, then preemptions/TTFT.
s10_dp_rank_leak: 5 x 8 H100, one vLLM server/node with 2 data-parallel ranks (engine "0"/"1", TP4 each,
  gpu null), Llama-3.3-70B, Azure conv 8 req/s/rank, 90 min, no request stream. session_isolation on
  dp-h100-03 rank engine="1" only, from 20 min to end, 1.8 %/min; rank 0 of that node stays healthy.
s11_no_kv_metric_gap: 5 x 4 H100, Qwen2.5-72B TP4, Azure conv 6 req/s/node, 80 min, 1 TiB hosts.
  gw-h100-02 and gw-h100-04 run an old vLLM build for the whole recording (V0 names, NO KV-cache usage
  metric at all, no prefix-cache counters). monitoring_gap on gw-h100-02 from 20 min: serving-process
  RSS grows 3 %/min of host memory to an OOM kill at 98.5 %, restart 15 s later, reload 100 s, grow
  again (as s4, but vLLM stays scraped); reclaim stalls above 88 % host memory slow requests (TTFT /
  E2E alerts), 5xx while it is down. gw-h100-04 is healthy: a missing metric alone is not a fault.
s12_lookalikes_and_residue: 5 x 4 H100, Llama-3.3-70B TP4 + draft (spec decode on every node), Azure
  conv 2 req/s/node, 100 min, request logging ON (tenant, session, cached_tokens, spec_draft_tokens).
  Chat clients resend history: turn k's prompt = turn k-1's prompt + its answer + a new message (15 % of
  the trace prompt, >= 16 tokens), a reply >= 20 s after the previous turn, context capped at 32k; the
  resent prefix is a cache hit (less when KV > 70 %). benign annual_report chat-h100-01 25-70 min (as
  s6); benign long_document chat-h100-03 35-75 min, bursts of 5 contracts (40-90k tokens) within 90 s
  every 6 min; spec_residue chat-h100-05 from 30 min to end (as s3; ~70 MB/min/node, no OOM).
s13_disorder_xid: 5 x 8 H100, 2 DP engines/node, Llama-3.3-70B, Azure conv + code 6 req/s/engine, 80
  min. Every (node, source) stream is stamped 1-3 s off (uniform, random sign), 2 % of records arrive
  1-10 s late, 1 % twice (same seq), 0.3 % of samples lost. other/xid_79 on edge-h100-03 GPU 2 from 40
  min to end (as s5: XID event, last DCGM sample, GPU gone, vLLM dies, pod crash-loops).

Added later (s14-s17, a third outsider, same clean-room rules; fixed BEFORE any replay of them)
---------------------------------------------------------------------------------------------
s14_per_gpu_session_reuse: 5 x 4 H100, one vLLM server per GPU (Llama-3.1-8B, engine "0"; its records' gpu =
  its GPU index; its alerts' instance <pod ip>:800<gpu>), Azure conv 1.2 req/s/server, 90 min, 1 TiB hosts.
  Gateway request log ON on every server (request_finished: tenant, session, prompt/generation/cached tokens,
  gpu = the server's GPU); chat clients resend the history (as s12). session_isolation on srv-h100-03 GPU 2
  from 25 min to end: the acme-compliance requests that server serves (~30 % of its traffic; the gateway pins
  that client to it by session affinity) all go under 6 reused session ids (acme's 6 latest open sessions
  there at 25 min). When an id's conversation ends (geometric, mean 8 turns) the next starts under the same
  id with a fresh first-turn prompt (5-95 %: 150-2k tokens, median ~500) where the id's last context was
  1.2-13k (median ~4k), little cached (median ~50 tokens): 1.2-2.5 such restarts/min, ~7-13k abandoned
  tokens/min (~2-3 %/min of the 435k-token pool). That
  server's KV: 2.0 %/min of the pool (load-modulated) never reclaimed, so the saw-tooth floor ratchets from
  ~0.2 at 25 min to a full pool at ~75 min. TTFT P99 > 0.8 s from ~68 min, then KV-usage and preemption
  alerts. Running/waiting stay flat until saturation, and FB stays flat (the pool is pre-allocated). The other
  19 servers, the 3 others on srv-h100-03 included, stay at 0.1-0.3 with unique session ids.
s15_rolling_restart: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min, no request log;
  healthy, only planned operations. Rolling restart of every node's vLLM, one node at a time:
  roll-h100-0k stops at 12 + 11 (k-1) min (12, 23, 34, 45, 56, 67). Each restart: the gateway drains the
  node 30 s before the stop; process_start 30 s after; weights load for 100 s (host RSS bump, FB
  re-allocated); engine_start; counters reset. Then the allocator grows +1.2 % FB over minutes, the prefix
  cache starts cold (hit ratio ~0.05 -> ~0.3 over 10 min) and TTFT is x1.6, decaying with tau 180 s. While a
  node is drained (from drain to ready), the gateway moves its conversations to the other five, 1/5 of its
  load each, and they stay there (decaying with tau 180 s) after it is back. They arrive without their
  cached prefix (hit x0.25), so the peers' KV usage (+~20 % demand) and prefix-cache misses (hit 0.36 ->
  0.22-0.30) rise for a few minutes, with the odd TTFT P99 alert on a peer. The restarted node gets its
  conversations back the same way. VLLMTargetDown fires for ~15 s at each restart. The dcgm-exporter of
  roll-h100-06 is redeployed at 40-42 min: no dcgm records for 2 min (too short for DCGMTargetDown's
  `for: 2m`), and the new exporter version writes `hostname`/`uuid` instead of `Hostname`/`UUID`.
  Labels: benign/warmup on roll-h100-0k from its stop to 10 min later. No fault labels; the peers' spill
  and the exporter gap are unlabelled.
s16_hetero_slow_residue: heterogeneous fleet, Azure conv, 90 min. 3 x 4 H100 80GB (mix-h100-0x:
  Llama-3.3-70B TP4 + 1B draft, speculative decoding, 2 req/s/node, 2 TiB hosts) and 3 x 4 L40S 48GB
  (mix-l40s-0x: Llama-3.1-8B, one server per GPU, no spec decode, 2.5 req/s/server, 512 GiB hosts, dcgm-
  exporter writing hostname/uuid). spec_residue on mix-h100-02 from 20 min to end: its abort rate is 2.0 %
  for the whole recording, steady, not ramping (the fleet's is 1.5 %). From 20 min each interrupted
  request's 4.7 MB of draft state is kept (before, it is reclaimed with tau 90 s: ~17 MB/node). That is
  ~11 MB/min/node, ~2.7 MiB/min/GPU: > 200 MB/node from ~38 min, ~0.8 GB/node (~190 MiB/GPU) by the end. FB
  and NVML mem_used creep; KV is flat; no alert fires; no OOM. benign long_document on mix-l40s-02 40-58
  min: bursts at 40, 46 and 52 min of 2 contracts (40-90k tokens) per server within 90 s. Each server's KV
  peaks at 0.7-0.87 in a burst (0.15-0.2 otherwise), and TTFT P99 alerts fire on two servers.
s17_scrape_blocked_rss_oom: 5 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, 1 TiB hosts;
  the gateway's request log (request_finished with tenant/session/tokens) for every node, independent of
  vLLM scraping. monitoring_gap on api-h100-04 from 20 min to end: a NetworkPolicy change cuts the
  monitoring namespace off the vLLM pod's :8000/metrics. From then: no vllm samples, no vLLM-rule alerts,
  VLLMTargetDown from ~22 min, while the gateway keeps serving and logging that node. From 24 min the
  serving process's RSS grows 2 %/min of host memory (from ~40 % host used) to an OOM kill at 98.5 % (~53
  min); restart 15 s later, reload 100 s, grow again (2nd OOM ~85 min). Above 86 % host memory, reclaim
  stalls slow requests and the gateway times out up to 12 % of them (`error` in its log, 5xx). Requests in
  flight at the kill, and those the gateway sends to the dead upstream for 45 s, are logged `error` too.
  Alerts: VLLMTargetDown, NodeMemoryHighUtilization, NodeOOMKillDetected, GatewayUpstream5xxRateHigh,
  GatewayUpstreamLatencyHigh (the gateway's per-upstream TTFT P99, only where the gateway log is modelled)
  and fleet GatewayHigh5xxRate.

Added later (s18-s21, a fourth outsider, same clean-room rules; fixed BEFORE any replay of them)
----------------------------------------------------------------------------------------------
s18_launch_surge: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 0.75 req/s/node, 95 min, no request
  log; healthy, NO fault and NO labels. A product launch at 25 min: on every node the gateway adds new users'
  requests (the same trace mix, kind "surge", only the system prompt cached: prefix hit x0.5) so arrivals
  ramp linearly from x1 to a peak of x2.5/2.3/2.6/2.2/2.4/2.5 (pub-h100-01..06; balancing is uneven) over 20
  min (25-45 min), hold to 70 min, then fall over 15 min to 40 % of the extra load (x1.5-1.6 from 85 min).
  Held session contexts scale with the absolute load (pre-surge reference), so the KV saw-tooth rises with
  it: 5-min means ~0.3-0.45 before, ~0.6-0.78 at the peak, single samples to 0.99; running 8-10 -> 20-25,
  waiting peaks 15-24, preemptions, prefix hits down. KV rises everywhere at once and together with
  running/waiting and prefix-cache queries (unlike a leak: one node, running flat). TTFT P99 > 0.8 s on all
  six nodes from ~33-43 min, fleet GatewayP99LatencySLOBreach from ~42 min, VLLMPreemptionsHigh /
  VLLMPrefixCacheHitRateLow on most. A capacity shortfall, not one of the contract's faults: any incident is
  a false alarm.
s19_leak_under_long_docs: 5 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2 req/s/node, 100 min,
  request logging ON, chat clients resend history (as s12). benign long_document on doc-h100-02 AND
  doc-h100-04, 30-80 min: bursts of 4 contracts (40-90k tokens each, prefill TTFT 8-18 s) within 90 s every 6
  min (30, 36, ..., 72 min). session_isolation on doc-h100-02 from 40 min to end, on top of its bursts:
  acme-compliance (~30 % of its traffic, 0.6 req/s) puts every conversation under 6 reused session ids
  (resend()'s reuse window, as s14): ~4 conversation restarts/min (mean 9 turns), each abandoning a context
  of median ~3.9k tokens, ~15k tokens/min (~3.3 %/min of the pool); 2.5 %/min of the pool (load-modulated) is
  never reclaimed, so the saw-tooth floor ratchets from ~0.18 at 40 min to a full pool at ~70 min (reached
  sooner at each burst). doc-h100-04 is the control: the same bursts, no leak. The bursts alone raise TTFT P99
  alerts (doc-h100-02 34-37 min, before the leak; doc-h100-04 once at 46 min); on doc-h100-02 TTFT fires
  continuously from ~57 min, KV-usage/preemption alerts from ~66-71 min. Labels: benign/long_document
  doc-h100-02 30-80, session_isolation doc-h100-02 40-100, benign/long_document doc-h100-04 30-80.
s20_dcgm_hung_fb_leak: 6 x 8 H100, 2 DP engines/node (TP4 each), Llama-3.3-70B, Azure conv (engine 0) / code
  (engine 1) 6 req/s/engine, 90 min, disorder as s13 (1-3 s stream offsets, 2 % late, 1 % duplicates). The
  node agents run WITHOUT their NVML collector (their pod lacks libnvidia-ml: NVMLError_LibraryNotFound, cf.
  data/telemetry/nvml_no_library_probe_output.txt): no nvml records at all; GPU memory is seen only through
  dcgm-exporter. hx-h100-04..06 export hostname/uuid. monitoring_gap on hx-h100-05 from 20 min to end: its
  dcgm-exporter hangs (host engine stuck, /metrics times out: up == 0, no dcgm records from then, no
  DCGM-rule alerts such as GPUFramebufferHigh, TargetDown{job="dcgm-exporter"} from ~22 min). From 26 min
  engine 1's process leaks tensors outside the pre-allocated KV pool: 160 MiB/min on each of its 4 GPUs (GPUs
  4-7; 640 MiB/min/node, 0.2 %/min of FB), seen by nothing. Its ~7.3 GiB FB headroom is gone at ~72 min ->
  30 % CUDA-OOM `error` finishes on that engine (VLLMRequestErrorRateHigh, GatewayUpstream5xxRateHigh from ~74
  min). KV, load and host memory stay normal. hx-h100-02's dcgm-exporter hangs the same way from 45 min to
  end with nothing wrong underneath (unlabelled: a missing source alone is not a fault, as s11's gw-h100-04).
s21_skewed_clocks_two_faults: 5 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode on every node, 432k-token
  pool), Azure conv 2.5 req/s/node, 110 min, no request log. Broken NTP: every record the agents of
  tz-h100-02 (clock 40 s behind: chronyd pointed at a dead server, drifted) and tz-h100-04 (150 s ahead:
  wrong RTC, chronyd never started) stamp carries that offset (nvml, dcgm, vllm, host, events); Prometheus's
  alerts are stamped by its own clock; NodeClockSkewDetected fires on both from ~11 min to the end. Neither
  is faulty. Two different faults, one after the other, on tz-h100-03: spec_residue 20-50 min (aborts 1.5 ->
  12 % over 8 min, 4.7 MB kept per interrupted request: ~80 MB/min/node, ~1.8 GiB/node by 50 min; FB/NVML
  creep ~19 MiB/min/GPU; VLLMRequestAbortRateHigh ~32-50 min), ended at 50 min by a drained operator restart
  (process_start 50.5, engine_start ~52.2, counters reset) with the interrupting client throttled: aborts
  back to 1.5 %, residue reclaimed again. Then session_isolation 62-110 min: 2.2 %/min of the pool never
  reclaimed (a tenant starts reusing session ids); KV 5-min means ~0.1 before, ~0.75 at 80-85 min, a full
  pool from ~95 min, TTFT P99 / KV / preemption alerts from ~98-103 min. Labels: spec_residue
  tz-h100-03 20-50, session_isolation tz-h100-03 62-110.

Added later (s22-s25, a fifth outsider, same clean-room rules; fixed BEFORE any replay of them)
---------------------------------------------------------------------------------------------
s22_spooled_agents: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node, 90 min, no
  request log; sp-h100-05/06 export hostname/uuid. Three node agents lose their broker connection and keep
  collecting into their disk spool; at reconnect the spool is replayed oldest first at 60x the rate it was
  written (7-8 min in 7-8 s, ~335-385 records) and the batch in flight at the disconnect (its last 5 s, ~5
  records) is sent again (same seq). Each record keeps its collection `ts_ns` and is placed in the file where
  it arrives; `seq` has no gap. (1) sp-h100-02, 18-25 min: its client certificate expired and was renewed 7
  min later; the node serves normally, Prometheus scrapes it directly, nothing fires: healthy, unlabelled. (2)
  sp-h100-04: session_isolation from 30 min to end, 2.0 %/min of the pool never reclaimed (KV 5-min means
  ~0.1-0.2 before, ~0.43 at 50-55, ~0.63 at 60-65, ~0.85 at 70-75, a full pool from ~80 min; TTFT P99 from
  ~78 min, KV-usage from ~80, preemptions ~83); its agent's producer hangs on a dead broker connection 46-54
  min, so the leak's minutes 46-54 arrive at 54 min. (3) sp-h100-05, 62-70 min: a network partition (a mis-set
  top-of-rack port): Prometheus and the gateway cannot reach it (GatewayUpstream5xxRateHigh ~63 min,
  TargetDown / VLLMTargetDown ~64), no traffic reaches its vLLM (running 0, KV falls to ~0), and its agent,
  which still collects locally, delivers minutes 62-70 at the heal (70 min). Labels: session_isolation
  sp-h100-04 30-90; other/network_partition sp-h100-05 62-70.
s23_vllm_v0_to_v1_upgrade: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 0.75 req/s/node, 100 min,
  no request log. Every node starts on an old vLLM exporting V0 names (vllm:gpu_cache_usage_perc,
  vllm:num_requests_swapped, no prefix-cache counters); the fleet's alert rules were already rewritten for V1
  names, so the KV-usage and prefix-hit rules see no V0 node. A canary upgrade to a V1 build: up-h100-01, -03
  and -06 are drained and restarted with the new image at 14, 26 and 38 min (as s15: drain 30 s before the
  stop, process_start 30 s after, weights load 100 s, engine_start, counters reset, allocator +1.2 % FB, cold
  prefix cache, their conversations served by the other five meanwhile); from its first new sample each
  exports vllm:kv_cache_usage_perc and the prefix-cache counters instead. Then the rollout is paused: the
  other three stay on V0. session_isolation on up-h100-05 (still V0) from 42 min to end, 2.0 %/min of the pool
  never reclaimed: KV 5-min means ~0.3-0.5 before, ~0.73 at 55-60 min, ~0.93 at 70-75, a full pool from ~85
  min, visible only as vllm:gpu_cache_usage_perc; no KV alert can fire for it, only TTFT P99 (~60 min),
  preemptions (~79) and the fleet SLO breach (~73). Mooncake's heavy tail gives the odd TTFT P99 / error-rate
  blip elsewhere (unlabelled noise). Labels: benign/warmup up-h100-01 14-24, up-h100-03 26-36, up-h100-06
  38-48; session_isolation up-h100-05 42-100.
s24_nonfatal_xids: 6 x 8 H100, 2 DP engines/node (TP4 each), Llama-3.3-70B, Azure conv (engine 0) / code
  (engine 1) 6 req/s/engine, 90 min; xid-h100-01/03/05 report the DCGM blank sentinel for memory temperature.
  Application XIDs, which leave the GPU on the bus, beside a real one that does not. (1) xid-h100-02 GPU 6: a
  batch embedding-eval Job time-sliced onto that GPU (a custom CUDA extension with an out-of-range index)
  holds 4 GiB and +25 % util while it runs and crashes each attempt with XID 31 (MMU fault) then 43 (channel
  stopped), XID 13 first on every other attempt; Kubernetes retries it after 10/20/40/80/160 s and gives up
  after 6 attempts: runs 15.0-17.5, 17.67-20.67, 21.0-22.8, 23.47-27.07, 28.4-30.6, 33.27-36.17 min. The
  serving engine on GPUs 4-7 is untouched (its own CUDA context). (2) xid-h100-06 GPU 0: a developer's
  notebook pod time-sliced onto it holds 2 GiB from 55 min and dies at 61.0 min with XID 31 + 43; not
  restarted. NVML reports each XID as an `xid` event (its kernel-log text names pid and process python3).
  DCGM_FI_DEV_XID_ERRORS then holds the last value (43) on that GPU until the end (dcgm-exporter never resets
  it), so GPUXidErrors{xid="43"} fires from ~17.8 min (xid-h100-02) and ~61.3 min (xid-h100-06) to the end.
  (3) other/xid_79 on xid-h100-04 GPU 6 from 38 min to end (as s5: XID event, last DCGM sample, GPU gone, vLLM
  dies 25 s later, the pod crash-loops; GPUXidErrors{xid="79"} ~38.3, GatewayUpstream5xxRateHigh ~39.8,
  VLLMTargetDown ~40.6, KubePodCrashLooping ~43.8). Labels: benign/nonfatal_xid xid-h100-02 GPU 6 15-37;
  other/xid_79 xid-h100-04 GPU 6 38-90; benign/nonfatal_xid xid-h100-06 GPU 0 55-66.
s25_alert_only_nodes: 8 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere, 432k-token pool),
  Azure conv 2.5 req/s/node, 90 min, no request log. The agent runs on ao-h100-01..04 only; ao-h100-05..08 are
  a new rack the agent DaemonSet's nodeSelector does not match yet: no nvml/dcgm/vllm/host record of them ever
  reaches the correlator, only their Prometheus alerts (dcgm-exporter, node-exporter, vLLM and the gateway are
  scraped as everywhere). Faults: spec_residue on ao-h100-02 (agent) from 30 min to end (as s3: aborts 1.5 ->
  12 % over 8 min, 4.7 MB kept per interrupted request: ~100 MiB/min/node, ~4.4 GiB/node by the end;
  abort-rate alert from ~40 min); other/xid_79 on ao-h100-06 (alerts only) GPU 2 from 22 min to end, whose
  alerts name the cause (GPUXidErrors{xid="79"} ~22.4, GatewayUpstream5xxRateHigh ~23.9, VLLMTargetDown ~24.6,
  KubePodCrashLooping ~27.9); session_isolation on ao-h100-07 (alerts only) from 35 min to end, 2.5 %/min of
  the pool never reclaimed (KV ~0.15-0.2 before, ~0.5 at 50-55, ~0.8 at 65-70, full from ~80 min), whose
  alerts do not name the cause: only TTFT P99 (~74 min), KV usage (~78), preemptions (~80) and prefix-hit
  (~82) alerts. benign retry_burst on ao-h100-08 (alerts only) 55-61 min (as s6: arrivals x2.2, 25 % aborts,
  6 % 5xx; GatewayUpstream5xxRateHigh ~59.4, VLLMRequestAbortRateHigh ~60.4). ao-h100-05 stays healthy and
  silent. Labels: spec_residue ao-h100-02 30-90; other/xid_79 ao-h100-06 GPU 2 22-90; session_isolation
  ao-h100-07 35-90; benign/retry_burst ao-h100-08 55-61.

Added later (s26-s29, a sixth outsider, same clean-room rules; fixed BEFORE any replay of them)
---------------------------------------------------------------------------------------------
s26_overlap_residue_leak_recurs: 5 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode on every node,
  432k-token pool), Azure conv 2.5 req/s/node, 110 min, no request log. Two different faults on ov-h100-02 at
  the same time, then one of them again. (1) spec_residue 20-66 min: a batch-summarisation client with an
  aggressive client-side timeout starts cancelling; aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB kept per
  interrupted request (~65 MB/min/node: FB/NVML creep ~16 MiB/min/GPU, ~2.9 GiB/node by 66 min);
  VLLMRequestAbortRateHigh ~30-66 min. (2) session_isolation from 34 min, while the residue is still growing:
  acme-compliance ships a client release that reuses 6 session ids, and 2.2 %/min of the pool is never
  reclaimed (KV 5-min means ~0.15-0.2 before, ~0.44 at 50-55, ~0.72 at 60-65 min; running flat; no KV alert
  yet). At 66 min the on-call, chasing the abort alert, drains and restarts the server (process_start 66.5,
  engine_start ~68.2, counters reset) and throttles the cancelling client: the residue is gone and stays gone
  (aborts 1.5 %, reclaimed again). Nobody touched acme's client, so (3) the leak comes back with the new
  process: session_isolation again from 68.2 min (the new engine's first requests) to the end, same rate: KV
  ~0.26 at 70-75, ~0.57 at 80-85, ~0.75 at 90-95, ~0.9 at 95-100, ~0.97 at 105-110 min; TTFT P99 from ~99 min,
  KV-usage ~107, prefix-hit and fleet SLO ~108. The restart's warm-up (allocator +1.2 % FB, cold cache) falls
  in the unlabelled 66-68.2 min gap and the start of window (3). Labels: spec_residue ov-h100-02 20-66,
  session_isolation ov-h100-02 34-66, session_isolation ov-h100-02 68.2-110 (one cause, two windows: the
  recurrence needs its own incident).
s27_large_fleet_slow_rank_leak: 32 x 8 H100 in 4 racks (rk01..rk04-h100-01..08), 2 DP engines/node (TP4 each,
  gpu null), Llama-3.3-70B, Azure conv (engine 0) / code (engine 1) 6 req/s/engine, 40 min, no request log,
  with a large fleet's collection settings: nvml, dcgm and host every 30 s (dcgm-exporter's default collect
  interval), vllm every 15 s. Rack rk02 reports the DCGM memory-temperature blank sentinel, rack rk04 runs the
  newer exporter (hostname/uuid); rk02-h100-07's clock is 1.8 s off (one nuisance NodeClockSkewDetected from
  ~22 min). One slow fault among 64 engines: session_isolation on rk03-h100-05 engine "1" (GPUs 4-7) from 8
  min to end, 1.5 %/min of that rank's pool never reclaimed: its KV 5-min means ~0.1 before, ~0.28 at 15-20,
  ~0.45 at 25-30, ~0.62 at 35-40 min, running flat (4-11); engine 0 of that node and the 63 other engines stay
  at 0.1-0.3. Nothing crosses an alert threshold in 40 min: no alert names it. Labels: session_isolation
  rk03-h100-05 (gpu null) 8-40.
s28_failover_hot_peers: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 1.2 req/s/node (a warm fleet:
  KV 5-min means ~0.4-0.55, and Mooncake's heavy tail gives each node the odd few minutes of TTFT P99 above
  0.8 s), 100 min, no request log. A planned drain: at 25 min the SRE team takes fo-h100-03 out of the
  gateway's rotation (weight 0) to re-seat a redundant uplink; its vLLM stays up, scraped and idle (running 0,
  KV drains to ~0), and it is put back at 57 min. The gateway pins sessions with a consistent-hash ring with
  few points per host, so the drained node's sessions do not spread over the fleet: 80 % land on its ring
  successor fo-h100-04, 20 % on fo-h100-05 (kind "moved": their history is not cached there, prefix hit
  x0.25). Once fo-h100-03 is back they stay where they landed until they end (tau 300 s), and it gets its load
  back on the same curve. Held KV scales with the absolute load (pre-drain reference, as s18). fo-h100-04
  (x1.8 load): KV ~0.5 -> 0.70-0.81, running 14 -> 27-29, waiting 2-6, TTFT P99 25-69 min, VLLMPreemptionsHigh
  33.5-36.6 and 48-57, VLLMPrefixCacheHitRateLow 38.5-59.5, back to ~0.5 by 65-70 min; fo-h100-05 (x1.2): KV
  ~0.5 -> 0.53-0.61, running ~19; fleet GatewayP99LatencySLOBreach from ~31 min. No 5xx, no errors, nothing on
  the drained node. An unrelated real fault during the failover: session_isolation on fo-h100-01 (not a peer)
  from 32 min to end, 2.0 %/min of the pool never reclaimed: KV ~0.5 before, ~0.7 at 40-45, ~0.9 at 50-55, >=
  0.96 from ~55 min, running ~14-20; TTFT P99 continuously from ~43 min, preemptions ~56, KV-critical ~58,
  prefix-hit ~60, KV-usage ~66 (TTFT, preemption and prefix-hit alerts as on the hot peer, plus KV usage).
  Labels: benign/failover fo-h100-03 25-57 (drained), fo-h100-04 25-67 and fo-h100-05 25-67 (the hot peers, to
  ~10 min after the drain ends); session_isolation fo-h100-01 32-100.
s29_trimmed_dcgm_no_prefix_cache: 5 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere), Azure
  conv 2.5 req/s/node, 90 min, no request log. A compliance fleet configured away from the defaults: (a) vLLM
  runs with prefix caching disabled (no cross-tenant prefix sharing): the prefix-cache counters are still
  exported but stay at 0 (the prefix-hit rule is 0/0 and never fires), and a finished request's blocks are
  freed at once, so there is no saw-tooth of held session contexts: KV usage is the running batch only
  (~0.04-0.06 with these short chats); (b) dcgm-exporter runs a trimmed counters CSV (to cut series
  cardinality): only DCGM_FI_DEV_GPU_UTIL, MEM_COPY_UTIL, FB_USED, GPU_TEMP, POWER_USAGE and XID_ERRORS; no
  FB_FREE / FB_RESERVED, so GPUFramebufferHigh (FB_USED / (FB_USED + FB_FREE)) has nothing to evaluate; (c)
  the node agents have no NVML collector (as s20), so FB_USED (MiB, with no total beside it) is the only
  GPU-memory signal. spec_residue on cx-h100-03 from 25 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7
  MB kept per interrupted request): FB_USED creeps ~18 MiB/min on each of its 4 GPUs (~+1.2 GiB/GPU, ~4.7
  GiB/node by 90 min), KV flat; VLLMRequestAbortRateHigh from ~36 min is its only alert. benign warmup on
  cx-h100-05 50-60 min (a drained restart for a config change, as s6: process_start 50.5, engine_start ~52.2,
  counters reset, VLLMTargetDown for ~15 s): after the reload its FB_USED climbs ~980 MiB/GPU in ~5-10 min
  (allocator warm-up, tau 2 min), faster than the residue and in the same single field. Labels: spec_residue
  cx-h100-03 25-90; benign/warmup cx-h100-05 50-60.

Added later (s30-s33, a seventh outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------
s30_two_models_one_node: 4 x 8 H100, each node serving two models side by side, 90 min, no request log;
  mm-h100-03/04 export hostname/uuid. GPUs 0-3: Llama-3.3-70B TP4 (chat, Azure conv 2.5 req/s, no spec decode,
  engine "0", gpu null, pod vllm-llama-3.3-70b-..., port 8000). GPUs 4-7: one Llama-3.1-8B + 1B draft server
  per GPU (IDE code completion, Azure code 3 req/s/server, ~2k-token prompts, ~27 generated tokens, spec
  decode, engine "0", gpu = its GPU index, a second pod vllm-llama-3.1-8b-... with its own pod IP, ports
  8004-8007). Every record and alert carries its own server's model_name; dcgm-exporter's pod label names the
  deployment holding that GPU. Node-level series (host memory, the gateway's per-node 5xx) mix both. (1)
  spec_residue on mm-h100-02's 8B server on GPU 5 from 25 min to end: an IDE plugin release drops the
  keystroke debounce, so in-flight completions are cancelled; aborts ramp 1.5 -> 12 % over 8 min and each
  interrupted request keeps its 4.7 MB of draft state: FB/NVML on GPU 5 only creeps ~90 MiB/min on average (up
  to ~145 at 40-45 min; FB_USED ~74.1k -> ~79.7k MiB by 85-90 min, no CUDA OOM before the end); the other 7
  GPUs, the 70B server on GPUs 0-3 included, stay flat. VLLMRequestAbortRateHigh (instance :8005) from ~33.8
  min, GPUFramebufferHigh{gpu="5"} from ~57.6 min. (2) session_isolation on mm-h100-03's 70B server (gpu null)
  from 35 min to end, 2.0 %/min of its pool never reclaimed: KV 5-min means ~0.15-0.2 before, ~0.33 at 45-50,
  ~0.45 at 55-60, ~0.66 at 65-70, ~0.84 at 75-80, >= 0.97 from ~80 min, running flat (15-22); TTFT P99 ~82.3,
  KV-critical ~87.4, KV-usage ~87.6, preemptions ~88.8 min. The four 8B servers on that node stay at KV
  0.05-0.2. Labels: spec_residue mm-h100-02 GPU 5 25-90; session_isolation mm-h100-03 (gpu null) 35-90.
s31_agent_restart_seq_reset: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere), Azure conv 2.5
  req/s/node, 90 min, no request log. A rolling upgrade of the node-agent DaemonSet (maxUnavailable 1): each
  node's agent gets SIGTERM and its replacement collects again 31/26/38/29/44/33 s later (ag-h100-01..06:
  30.00-30.52, 31.18-31.62, 32.28-32.92, 33.58-34.07, 34.73-35.47, 36.13-36.68 min; the next node's agent is
  replaced 40 s after the previous one is back). While it is down nothing of that node is collected: a hole in
  every one of its streams (nvml, dcgm, vllm, host, events). The new process keeps its sequence counter in
  memory, so every (node, source, gpu) stream's seq starts again at 1. It first replays its disk buffer from
  the old process's last acked-offset checkpoint (the last 10 s before SIGTERM: 5-11 records per node, which
  were already delivered), with their original ts_ns and seq: duplicates across the restart, arriving right
  after the new agent's first records. vLLM, the exporters and Prometheus are untouched: no metric resets, no
  alert fires for the rollout. Unrelated faults: (1) session_isolation on ag-h100-04 from 20 min to end, 2.0
  %/min of the pool never reclaimed, spanning its agent's restart at 33.58 min: KV 5-min means ~0.15 before,
  ~0.30 at 30-35, ~0.53 at 40-45, ~0.76 at 50-55, ~0.96 at 60-65, full from ~65 min, running ~15-20 until
  saturation; TTFT P99 ~61.2, fleet SLO breach ~64.7, KV-usage ~65.5, KV-critical ~66.2, preemptions ~67.2,
  prefix-hit ~68.5 min. (2) spec_residue on ag-h100-02 from 45 min to end (after its agent restart at 31.18
  min; as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB kept per interrupted request; FB/NVML creep ~19
  MiB/min/GPU, ~+0.86 GiB/GPU by 90 min; VLLMRequestAbortRateHigh from ~54.7 min). Labels: session_isolation
  ag-h100-04 20-90; spec_residue ag-h100-02 45-90; the agent restarts are unlabelled (as s15's exporter
  redeploy and s22's healthy spool).
s32_morning_ramp_slow_leak: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake, 105 min from 04:45 UTC,
  no request log; am-h100-04..06 report the DCGM blank sentinel for memory temperature. A region waking up:
  night load 0.45 req/s/node, then on every node the same users' traffic (the same trace mix, ordinary
  requests with the usual prefix hits, not "new users") grows as a half cosine from x1 at 15 min to x2.6 at 85
  min (slow at first, fastest at ~50 min) and holds there to the end. Held session contexts scale with the
  absolute load (pre-ramp reference, as s18), so KV rises on every node together with running: 5-min means
  ~0.2-0.3 at night, ~0.3-0.45 at 45-55 min, ~0.45-0.6 on the plateau; running 4-7 -> 11-16. TTFT P99 episodes
  of a few minutes on every healthy node from ~59-76 min (Mooncake's heavy tail at the higher load) and the
  fleet GatewayP99LatencySLOBreach from ~63 min are part of the ramp. Inside it, a slow real leak:
  session_isolation on am-h100-04 from 40 min to end, 0.8 %/min of the pool at the night load, never
  reclaimed; it is proportional to that node's traffic, so it quickens with the ramp (~1.2 %/min at 40 min, ~2
  %/min on the plateau): KV ~0.27 at 35-40, ~0.40 at 40-45, ~0.59 at 50-55, ~0.74 at 55-60, ~0.82 at 65-70,
  ~0.94 at 70-75, >= 0.97 from ~75 min, while its running count (5 -> 17) rises like every other node's. Its
  alerts: an error-rate blip at 40.9-43.9 (noise), TTFT P99 49.1-52.2 and from ~57.9 min, preemptions ~75.6,
  prefix-hit ~78.4, KV-critical ~79.9, KV-usage ~82.2 min. Labels: benign/diurnal_ramp on am-h100-01..06 15-85
  (the rise; the plateau after it is ordinary load); session_isolation am-h100-04 40-105.
s33_flapping_rule_rss_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 1.2 req/s/node (a warm fleet: KV 5-min means
  ~0.4-0.6 everywhere, the odd TTFT P99 episode from Mooncake's heavy tail), 1 TiB hosts, 90 min, no request
  log. A badly tuned rule someone added last week on every node, VLLMKVCacheUsageElevated
  (vllm:kv_cache_usage_perc > 0.5 for 30 s, warning: a threshold copied from a small-GPU fleet, inside the
  healthy saw-tooth): it fires when the held contexts pile up and resolves at the next LRU sweep, 13-26 times
  per node in 90 min (114 firing episodes, median 15-20 s long, a new one every ~3.4 min on a node; 347 of the
  recording's 635 alert records), on healthy nodes as on the faulty one. One real fault outside the named
  hypotheses, with every metric present (unlike s4/s11/s17, nothing is missing, so it is not a monitoring
  gap): other/host_memory_leak on fl-h100-05 from 20 min to end: the vLLM API-server process leaks host
  memory, RSS +1.5 %/min of host memory (~15 GiB/min; DESIGN's +3 %/min to OOM, halved) from 96 GiB, host
  memory ~40 % -> 88 % at ~53 min -> 98.5 % at ~59.8 min: oom_kill, process_start 15 s later, weights reload
  100 s, engine_start ~61.7 min, counters reset, and it grows again (host ~80 % by 90 min). GPU memory, KV and
  load stay normal; reclaim stalls above 88 % slow requests. Alerts: NodeMemoryHighUtilization ~55.6-59.8,
  NodeOOMKillDetected ~59.8-64.8, GatewayUpstream5xxRateHigh ~61.1-65.3, fleet GatewayHigh5xxRate ~62.6-65.1
  min (VLLMTargetDown does not fire: down < 2 min). Labels: other/host_memory_leak fl-h100-05 20-90; the
  flapping rule is unlabelled noise.

Added later (s34-s37, an eighth outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------
s34_pod_reschedule_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode, 432k-token pool), Azure
  conv 2.5 req/s/node, 90 min, no request log. The Deployment's five replicas run on rs-h100-01..05;
  rs-h100-06 is the pool's spare node (dcgm-exporter and the agent run there, but no vLLM pod: GPUs idle, FB
  ~0, no vLLM target). A canary GPU-driver upgrade by the GPU operator: at 30.0 min it drains rs-h100-02. The
  vLLM pod is evicted: its vLLM series and its scrape target vanish (removed from service discovery, so no
  VLLMTargetDown), in-flight requests finish, the serving process's RSS goes, the GPUs go idle (FB 0, util 0).
  The driver is swapped 30.5-34.5 min (kernel modules unloaded: no nvml or dcgm records of that node;
  dcgm-exporter waits for the driver and is not a ready target, so no TargetDown); from then on dcgm-exporter
  reports DCGM_FI_DRIVER_VERSION 570.172.08 instead of 570.133.20; the node is uncordoned and stays idle (the
  new spare). The Deployment controller reschedules the pod onto rs-h100-06: a new pod name and IP,
  process_start 30.33 min, weights load 100 s, engine_start ~32.0 min, counters from 0, allocator warm-up +1.2
  % FB (tau 2 min), cold prefix cache. Until it is ready the gateway spreads rs-h100-02's sessions over the
  four serving peers (1/4 each: running ~9 -> 11-12 at 30-35 min); they stay there until they end (tau 300 s),
  while new sessions land on rs-h100-06, whose load ramps up with tau 300 s (running 5-min means 2 -> 6 -> 9).
  Nothing fires for the move. An unrelated real fault at the same time: spec_residue on rs-h100-04 from 32 min
  to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB kept per interrupted request): FB/NVML creep ~19
  MiB/min/GPU (~+1.07 GiB/GPU by 90 min), the same fields in which the new engine's warm-up shows on
  rs-h100-06 two minutes earlier; VLLMRequestAbortRateHigh from ~42.6 min is its only alert. Labels:
  benign/pod_reschedule rs-h100-02 30-40; benign/warmup rs-h100-06 30.33-40.33; spec_residue rs-h100-04 32-90.
s35_ntp_step_leak: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node, 90 min, no
  request log. Two nodes re-imaged two weeks earlier kept a chrony.conf pointing at a decommissioned NTP
  server and have run free since: ck-h100-02's clock is 47 s fast, ck-h100-05's 22 s slow
  (NodeClockSkewDetected on both from ~10 min). At 41.0 min a config-management push fixes chrony.conf;
  chronyd restarts and, with `makestep 1 3`, steps ck-h100-02 back by 47 s (41.0 min) and ck-h100-05 forward
  by 22 s (41.2 min); NodeClockSkewDetected resolves. Every record the agent stamps (nvml, dcgm, vllm, host,
  events) carries its node's clock, so on ck-h100-02 the stamps after the step repeat the last 47 s before it
  (a stream's ts_ns goes back ~32 s between two consecutive seq), and on ck-h100-05 they jump 22 s ahead (a
  hole in ts_ns with no seq gap). seq, the collection cadence (the agent schedules on a monotonic clock) and
  the delivery order are untouched, and Prometheus's alerts keep its own clock. A real fault spans the step:
  session_isolation on ck-h100-02 from 33 min (8 min before the step) to end, 2.0 %/min of the pool never
  reclaimed: KV 5-min means ~0.1-0.15 before, ~0.29 at 35-40, ~0.52 at 45-50, ~0.73 at 60-65, ~0.93 at 70-75,
  full from ~75 min, running flat (~9); TTFT P99 ~75.9, KV-usage ~77.4, KV-critical ~79.4, fleet SLO breach
  ~79.6, preemptions ~80.1, prefix-hit ~81.2 min. ck-h100-05 is healthy. Labels (true time, as always):
  session_isolation ck-h100-02 33-90; the clock steps are unlabelled.
s36_long_context_leak: 5 x 8 H100, Qwen2.5-72B TP8 (one engine per node, gpu null; max_model_len 131072 with
  YaRN; a 1.34M-token pool, so one 128k context is 9.8 % of it), 90 min, no request log. The long-context
  tier: the gateway sends every prompt of >= 32k tokens here. Load: Mooncake's conversation trace filtered to
  those prompts (829 of 12,031 requests: 32-126k tokens, mean 57.6k, mean output 407; their own prefix-block
  reuse 0.33), 0.15 req/s/node. Few requests run at once (5-min means 1-2, peaks 7-13), each 2.5-9.5 % of the
  pool. TTFT is mostly the prefill of the uncached part at ~12k tokens/s (healthy P99 ~9-10 s as
  histogram_quantile reads the 5-10 s bucket), so the pool's TTFT rules use its own SLO, TTFT P99 > 10 s
  (VLLMTimeToFirstTokenP99High and the fleet's GatewayP99LatencySLOBreach). Sessions keep their long contexts
  for follow-up questions, so the healthy saw-tooth is large: amplitude 0.30-0.45 of the pool (0.10-0.18
  elsewhere), samples 0.1-0.9 (before 30 min: 5-min means 0.2-0.5, p95 0.53-0.72 per node). At these low rates
  one request moves a ratio rule: error-rate blips (one CUDA error among ~45 requests) on lc-h100-05 at ~23
  min and lc-h100-02 at ~67 min, an abort-rate blip on lc-h100-01 at ~32 min (noise). benign long_document on
  lc-h100-01 50-70 min: a data-room review batch, 3 contracts (40-90k tokens, prefilled at the same rate)
  within 90 s every 6 min (5-min means 0.39-0.49, no alert). session_isolation on lc-h100-03 from 30 min to
  end: a contract-analysis client reuses its session ids across documents, so each new document's context is
  pinned to an id whose previous long context is never released: 1.5 %/min of the pool (lumpy: one abandoned
  long context every few minutes): KV 5-min means ~0.3 before, ~0.49 at 40-45, ~0.59 at 45-50, ~0.75-0.79 at
  55-65, ~0.9 at 70-80, ~0.99 at 85-90; running stays at 1-2 until the pool is nearly full (7-9 at 80-90).
  Alerts: TTFT P99 > 10 s ~59.4-61.4, ~64.9-68.9 and from ~73.2 min, fleet SLO ~77.2, prefix-hit ~82.7,
  KV-critical ~84.2 and from ~88.2, KV-usage ~86.9, an error-rate blip ~86.9 min. Labels: benign/long_document
  lc-h100-01 50-70; session_isolation lc-h100-03 30-90.
s37_ecc_row_remap_xid94: 5 x 8 H100, 2 DP engines/node (TP4 each, one vLLM server), Llama-3.3-70B, Azure conv
  (engine 0) / code (engine 1) 6 req/s/engine, 90 min, no request log; ecc-h100-04/05 export hostname/uuid.
  dcgm-exporter runs its default counters CSV, so every GPU's sample also carries
  DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS, DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS and
  DCGM_FI_DEV_ROW_REMAP_FAILURE (0 until something happens). other/xid_94 on ecc-h100-03 GPU 5 from 27 min: an
  HBM row fails uncorrectably while a vLLM worker reads it. The driver logs XID 94 (contained ECC error: only
  the process that touched it is killed; the GPU stays on the bus) and 50 ms later XID 63 (the row remapper
  recorded the row; it is remapped at the next GPU reset); UNCORRECTABLE_REMAPPED_ROWS 0 -> 1. The killed
  worker takes the whole server down 1.5 s later (no vLLM, FB to 0 on all 8 GPUs); kubelet restarts the
  container 10 s later (process_start 27.2), weights reload 100 s, engine_start ~28.9, counters reset. The
  driver offlines the page, so the new process works, until a second row fails at 38.5 min: XID 94 + 63 again,
  UNCORRECTABLE_REMAPPED_ROWS 2, the same crash and restart (engine_start ~40.4). DCGM_FI_DEV_XID_ERRORS holds
  the last XID, so it reads 63 both times: the 94 is only in NVML's xid events. Alerts: GPUXidErrors{xid="63"}
  and GPURowRemapUncorrectable (increase(DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS[1h]) > 0, critical) from
  ~27.4 min to the end; GatewayUpstream5xxRateHigh 28.6-31.6 and 39.9-43.9, fleet GatewayHigh5xxRate 29.6-31.6
  and 41.1-43.1 (requests sent to the dead upstream for 45 s); the two restarts are 11.5 min apart and under 2
  min each, so neither KubePodCrashLooping nor VLLMTargetDown fires. At 52 min the on-call drains the node
  (the gateway stops 30 s before; the node-pinned pod is evicted and stays Pending, so its target is gone and
  VLLMTargetDown does not fire), resets GPU 5 at 53 min (20 s off NVML/DCGM; the recorded remaps take effect;
  no XID 64, ROW_REMAP_FAILURE 0) and uncordons it; the pod starts at 57.0 (engine_start ~58.7).
  GPUXidErrors{xid="63"} keeps firing to the end (dcgm-exporter never resets the last XID), as does the remap
  alert (1 h window). benign/correctable_row_remap on ecc-h100-05 GPU 2 from 63 min: a row with repeated
  correctable errors is remapped: XID 63 alone, CORRECTABLE_REMAPPED_ROWS 0 -> 1, nothing crashes or slows
  down, and GPUXidErrors{xid="63"} fires from ~63.4 min to the end (the same alert name and xid value as the
  real fault's). Labels: other/xid_94 ecc-h100-03 GPU 5 27-52; benign/correctable_row_remap ecc-h100-05 GPU 2
  63-90.

Added later (s38-s41, a ninth outsider, same clean-room rules; fixed BEFORE any replay of them)
----------------------------------------------------------------------------------------------
s38_slow_leak_agent_batch: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 1.2 req/s/node, 180 min (3
  h), no request log; sl-h100-04..06 report the DCGM blank sentinel. A busy fleet: KV 5-min means ~0.4-0.55,
  single samples to 0.99, 5-min lows (the LRU sweeps) 0.1-0.25; Mooncake's heavy tail gives every healthy node
  7-12 TTFT P99 episodes of a few minutes in 3 h, and the fleet SLO breach fires four times before 75 min. (1)
  session_isolation on sl-h100-04 from 30 min to end at 0.5 %/min of the pool (load-modulated), the slowest
  leak here (s9: 1.0, s32: 0.8 at night): ~0.75 of the pool over 150 min, under a saw-tooth as tall as the
  healthy nodes', so the sweeps never quite reach the leak floor until late: 5-min lows ~0.25 before, 0.3-0.5
  at 40-100 min, 0.5-0.7 at 100-140, 0.8-0.99 from ~145; 5-min means ~0.45 before, ~0.55-0.6 at 40-60, ~0.7 at
  65-90, ~0.8 at 95-115, ~0.9 at 115-140, >= 0.96 from ~140 min; running flat (11-19); prefix-cache hit ratio
  0.33 -> ~0.2 at 85-115 -> ~0.1 from ~115 min. Its TTFT P99 episodes are like every node's until it fires
  continuously from ~86 min (the fleet SLO breach from ~82 min to the end); preemptions ~121, prefix-hit ~125,
  KV-critical episodes from ~140, KV-usage ~169 min. (2) A benign look-alike that grows as steadily, and
  faster: on sl-h100-02, 50-120 min, a batch of 3 coding-agent sessions (a repository migration). Each starts
  within 4 min of 50 min with a 6-12k-token context (system prompt, task, repository map); every step resends
  the whole context (all but the new part cached, hit ~0.95), generates a 150-600-token tool call, the tool
  runs 30-120 s (builds, test suites) and its 200-1200-token output joins the context (a compaction to 8-12k
  above 96k tokens is never reached). The contexts stay in the pool for the whole session, ~0.5 %/min of it
  together (~60k tokens each at the end), and the client deletes each session when its task is done (115-120
  min): KV 5-min means ~0.45 before, ~0.6 at 55-65, ~0.7 at 75-85, ~0.8 at 85-120, lows 0.15 -> 0.45-0.56,
  then back to ~0.5 within 5 min of the end; running +1 (13-19); the node's prefix hit ratio 0.33 -> 0.22-0.28
  (pressure evicts other sessions' prefixes). Its TTFT P99 fires ~61-73 and ~76-130 min (before the leak's
  does), preemptions ~115-117 min. Labels: session_isolation sl-h100-04 30-180; benign/agentic_sessions
  sl-h100-02 50-120.
s39_barge_in_aborts_residue: 5 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere), Azure conv 2.5
  req/s/node, 90 min, no request log. The gateway pins a voice-assistant tenant (a phone IVR) to vx-h100-02
  and vx-h100-04. Its callers talk over the answer (barge-in) and the voice client then cancels the generation
  in flight, so ~7.7 % of those two nodes' requests end `abort` for the whole recording (the other three: 1.5
  %): VLLMRequestAbortRateHigh fires on both from ~5-8 min and never resolves. Each interrupted request leaves
  its 4.7 MB of draft state, reclaimed with tau 90 s: ~0.2 aborts/s keep a steady ~85 MB of residue per node
  (~20 MiB/GPU, between DESIGN's < 50 MB healthy and > 200 MB crisis, and flat). spec_residue on vx-h100-04
  from 35 min to end: the reclaim stops and nothing else changes (same abort rate, the same alert still
  firing, KV flat at 0.1-0.2, running ~17): the residue grows ~53 MB/min/node (~12 MiB/min/GPU), > 200 MB/node
  from ~37 min, ~2.9 GB/node (FB_USED/NVML +~650 MiB/GPU) by 90 min; no new alert fires. Aborts alone do not
  tell the two nodes apart. Labels: benign/barge_in_cancels vx-h100-02 0-90 and vx-h100-04 0-35; spec_residue
  vx-h100-04 35-90.
s40_grafana_managed_alerts: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request log;
  gf-h100-01..03 run the newer dcgm-exporter (hostname/uuid); gf-h100-06's clock is 1.6 s off. The fleet's
  Prometheus has no alerting rules: the platform team's alerts are Grafana-managed rules (folders "LLM
  serving", "GPU fleet", "Kubernetes nodes"; each rule group evaluated every minute; the same queries,
  thresholds and pending periods as elsewhere), which Grafana sends to the external Alertmanager.
  Alertmanager's shape, but: alertname is the rule's title, with spaces ("vLLM KV cache usage high"); the
  labels are `grafana_folder`, `__alert_rule_uid__`, the rule's own `severity`/`team`, and only the series
  labels the query keeps: vLLM rules `hostname` (the ServiceMonitor's relabel of the pod's node), `engine`,
  `model_name` (no `node`, no `instance`); the vLLM target rule also `instance` <pod ip>:8000, `job`,
  `namespace`, `pod`; DCGM rules `Hostname` or `hostname` (as the node's exporter spells it) and `gpu` (the
  XID value is in the summary, not a label); node-exporter, dcgm-exporter target and gateway rules `instance`
  host:port only; kube-state-metrics' crash-loop rule `namespace`, `pod`, `container` only (it names no node,
  so the record's node is "-"). No fingerprint is sent (the contract computes one from the labels); endsAt =
  evaluation + 3 min; re-sent every minute while firing, resolved twice; generatorURL is Grafana's rule view.
  benign/retry_burst on gf-h100-01 40-46 min (as s6): "vLLM abort ratio above 5%" ~45.6-52.6, "Gateway
  upstream 5xx ratio" ~45.6-49.7. session_isolation on gf-h100-03 from 30 min to end, 2.2 %/min of the pool
  never reclaimed: KV 5-min means ~0.1-0.15 before, ~0.4 at 35-40, ~0.63 at 45-50, ~0.82 at 55-60, ~0.95 at
  65-70, full from ~70 min, running flat; "vLLM TTFT p99 above SLO" ~68.7, "vLLM KV cache usage high" ~69.7,
  "vLLM KV cache nearly full" and "vLLM prefix cache hit ratio halved" ~70.7, fleet "Gateway TTFT p99 SLO
  breach" ~73.6, "vLLM preempting requests" ~74.6, "vLLM queue backlog" ~87.6 min. other/xid_79 on gf-h100-05
  GPU 3 from 52 min to end (as s5): "GPU XID error" (Hostname, gpu 3) ~52.7-58.7, "Gateway upstream 5xx ratio"
  ~53.6-59.6, "vLLM metrics endpoint down" from ~54.6, fleet "Gateway 5xx ratio above 2%" ~55.6-59.6, "Pod
  crash looping" (node "-") from ~58.6 min. A nuisance "Node clock skew" (instance gf-h100-06:9100 only)
  ~28.7-44.6 min. Labels: benign/retry_burst gf-h100-01 40-46; session_isolation gf-h100-03 30-90;
  other/xid_79 gf-h100-05 GPU 3 52-90.
s41_same_minute_xid_blind_node: 6 x 8 H100, 2 DP engines/node (TP4 each, one vLLM server), Llama-3.3-70B,
  Azure conv (engine 0) / code (engine 1) 6 req/s/engine, 90 min, no request log; st-h100-04..06 export
  hostname/uuid. Two unrelated faults of different kinds on two nodes, 36 s apart, whose alerts make one storm
  that must become two incidents. (1) other/xid_79 on st-h100-02 GPU 1 at 38.0 min (as s5: XID event, last
  DCGM sample, GPU gone, vLLM dies 25 s later, the pod crash-loops). (2) monitoring_gap on st-h100-05 from
  38.6 min to end: its Cilium agent restarts and comes back with a stale identity for the monitoring
  namespace, so the ingress policy of that node's endpoints drops every connection from that namespace to the
  vLLM pod (:8000) and to dcgm-exporter (:9400). The node agent (which runs there and scrapes both over the
  pod network) and Prometheus lose both together: no vllm and no dcgm records from then, no vLLM- or DCGM-rule
  alerts; VLLMTargetDown (both engines) and TargetDown{job="dcgm-exporter"} from ~40.8 min. What the agent
  reads locally keeps coming (host from /proc, NVML), and the gateway (allowed by the policy) keeps serving.
  From 41 min the serving process's RSS grows 2 %/min of host memory (2 TiB hosts: ~35 % -> 88 % at ~68 min)
  to an OOM kill at ~73 min; restart 15 s later, reload 100 s, and it grows again (~59 % by 90 min). The
  storm, 38.3-43.8 min: GPUXidErrors{xid="79"} 38.3, GatewayUpstream5xxRateHigh (st-h100-02) 39.8,
  VLLMTargetDown on st-h100-02 (engines 0 and 1) 40.6 and on st-h100-05 (0 and 1) 40.8, TargetDown
  (dcgm-exporter, st-h100-05) 40.8, fleet GatewayHigh5xxRate 41.1, KubePodCrashLooping (st-h100-02) 43.8; the
  same alert names on both nodes within 12 s. Then st-h100-05's second wave: NodeMemoryHighUtilization ~70.8,
  NodeOOMKillDetected ~73.3, GatewayUpstream5xxRateHigh ~74.6, fleet GatewayHigh5xxRate ~75.9 min. Labels:
  other/xid_79 st-h100-02 GPU 1 38.0-90; monitoring_gap st-h100-05 38.6-90 (from when it goes blind, as s20).

Added later (s42-s45, a tenth outsider, same clean-room rules; fixed BEFORE any replay of them)
---------------------------------------------------------------------------------------------
s42_dcgm_exporter_crashloop_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere), Azure
  conv 2.5 req/s/node, 90 min, no request log; ex-h100-04..06 export hostname/uuid. On ex-h100-02 and
  ex-h100-05 the dcgm-exporter container's memory limit is too tight for its profiling fields, so it is
  OOM-killed by its cgroup every 8-12 min of running for the whole recording (kills at 7.71, 19.65, 29.39,
  38.15, 48.43, 60.31, 70.50, 80.89 min on ex-h100-02; 6.46, 16.96, 29.31, 39.92, 49.71, 59.49, 69.98, 82.06
  on ex-h100-05) and is back 30-59 s later (kubelet back-off plus the host engine's start). Each crash: a host
  `oom_kill` event with process "dcgm-exporter" (a pid that is not the serving process's; no process_start:
  the agent watches the serving process only), then a 30-59 s hole in that node's dcgm streams (no record, no
  seq consumed: the agent's scrape fails), and the first dcgm read after it lacks
  DCGM_FI_PROF_GR_ENGINE_ACTIVE / DCGM_FI_PROF_DRAM_ACTIVE (the profiling module has no sample yet). The FB
  fields are device values, so nothing resets; NVML, vLLM and host streams are untouched. Alerts of the crash
  loop: NodeOOMKillDetected (node-exporter's oom_kill counter counts cgroup kills) for 5 min after every kill
  on both nodes (16 episodes), KubePodCrashLooping for the exporter's pod (namespace gpu-operator, pod
  nvidia-dcgm-exporter-xxxxx, container nvidia-dcgm-exporter; >= 2 restarts in 15 min for 5 min) ~35.2, ~43.9,
  ~76.2 min (ex-h100-02) and ~55.4 min (ex-h100-05); TargetDown{job="dcgm-exporter"} never fires (holes < its
  2 min). spec_residue on ex-h100-05 from 30 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB kept per
  interrupted request): FB/NVML creep ~20 MiB/min/GPU (FB_USED ~74.0k -> ~75.1k MiB by 85-90 min), seen in
  dcgm between the holes and in NVML all along; VLLMRequestAbortRateHigh from ~40.4 min. Labels:
  benign/exporter_crashloop ex-h100-02 0-90 and ex-h100-05 0-30; spec_residue ex-h100-05 30-90.
s43_allocator_fragmentation_slow_residue: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 150 min,
  no request log. Speculative decoding (1B draft) is rolled out on fr-h100-01..03 only; fr-h100-04..06 run
  without it (no spec-decode counters, no draft model: no draft state to leave behind), and every node's abort
  rate is the fleet's 1.5 % apart from fr-h100-02. (1) fr-h100-05 gets a canary image at 8 min (a drained
  restart, as s6's warmup: process_start 8.5, engine_start ~10.2, counters reset, cold cache, VLLMTargetDown
  for ~15 s) that still carries a debugging `--enforce-eager`: without CUDA graphs every step allocates its
  activations in the caching allocator with the batch's own shapes, and the reserved-but-fragmented segments
  outside the KV pool grow from the restart on as 1600 MiB x (1 - exp(-uptime / 70 min)) per GPU: ~23
  MiB/min/GPU at first, ~13 at 60 min, ~5 at 120, ~3 at 150 min; FB_USED / NVML ~74.1k -> ~75.5k MiB (+1.38
  GiB/GPU, ~5.5 GiB/node) by 150 min, never near the FB alert. KV, load, aborts and latency stay normal (after
  the restart's warm-up). (2) a subtle real fault: spec_residue on fr-h100-02 from 40 min to end: a client
  with a short timeout keeps that node's aborts at a steady 2.5 % for the whole recording (below the 5 %
  abort-rate alert; as s16), and from 40 min each interrupted request's 4.7 MB of draft state is kept (before,
  reclaimed with tau 90 s: ~26 MB/node): ~18 MB/min/node, ~4 MiB/min/GPU, > 200 MB/node from ~51 min, FB_USED
  ~74.0k -> ~74.46k MiB (+~440 MiB/GPU, ~1.8 GB/node) by 150 min. No alert names it; the look-alike's FB grows
  3-6x faster than the residue's until ~50 min and slower than it only from ~130 min. Labels: benign/warmup
  fr-h100-05 8-18; benign/allocator_fragmentation fr-h100-05 10.17-150 (from engine_start); spec_residue
  fr-h100-02 40-150.
s44_tenant_moved_leak_two_nodes: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node,
  100 min, no request log; tm-h100-05/06 export hostname/uuid. One root cause on two nodes, staggered:
  acme-compliance (~30 % of tm-h100-02's traffic) ships a client release at 25 min that reuses 6 session ids,
  so 2.0 %/min of tm-h100-02's pool is never reclaimed (KV 5-min means ~0.1 before, ~0.31 at 30-35, ~0.46 at
  35-40, ~0.59 at 40-45, ~0.74 at 50-55 min; running flat ~17-19). At 52 min the hourly tenant-placement job
  (balancing tenants by quota, not by health) moves acme-compliance to tm-h100-05: the gateway sends its new
  sessions there (onset tau 120 s; those moved in the first 10 min arrive without their cached history, prefix
  hit x0.25), so tm-h100-02's arrivals fall to x0.7 and tm-h100-05's rise to x1.3 (held contexts scale with
  the absolute load, pre-move reference). On tm-h100-02 nothing grows any more, but the leaked contexts stay
  pinned (the reused ids are still live sessions; DESIGN: "old KV cache is never released"): KV flat at
  ~0.69-0.74 to the end with running 11-14, and no alert ever fires there. The defect moves with the tenant:
  from 53 min tm-h100-05 leaks at 1.5 %/min of its pool at the pre-move load (~2 %/min at x1.3, the same
  absolute rate as on tm-h100-02): KV ~0.14 before, ~0.27 at 55-60, ~0.45 at 65-70, ~0.68 at 70-75, ~0.87 at
  85-90, ~0.97 at 95-100 min, running 17 -> 22-27 (the moved load, not the leak); TTFT P99 ~91.1, prefix-hit
  ~97.4, fleet SLO ~97.9, preemptions ~99.4 min. Labels: session_isolation tm-h100-02 25-100 (the leaked KV
  stays held to the end); session_isolation tm-h100-05 53-100. The tenant move is unlabelled (ordinary
  balancing).
s45_clock_jump_ten_minutes: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node, 90
  min, no request log. jk-h100-03's chronyd has a single configured source, the rack's NTP appliance; that
  appliance reboots with a bad RTC and serves time 10 min ahead until it regains GPS lock, and chronyd
  (`makestep 1 -1`) steps the node's clock +600 s at 18.0 min and -600 s at 47.0 min. Every record its agent
  stamps (nvml, dcgm, vllm, host, events) carries that clock: minutes 18-47 of jk-h100-03 arrive on time but
  stamped 10 min in the future, and at 47 min its streams' ts_ns fall back 10 min between two consecutive seq.
  seq, cadence and delivery order are untouched; Prometheus stamps its alerts with its own clock, and
  NodeClockSkewDetected does not fire (node_timex_offset_seconds is the offset to the selected source, which
  chronyd follows). The node is healthy. Two real faults elsewhere while its records run ahead: other/xid_79
  on jk-h100-02 GPU 1 at 33.0 min (as s5: GPUXidErrors ~33.2, GatewayUpstream5xxRateHigh ~34.9, VLLMTargetDown
  ~35.4, fleet GatewayHigh5xxRate ~36.2, KubePodCrashLooping ~38.9 min) and session_isolation on jk-h100-05
  from 25 min to end, 2.2 %/min of the pool never reclaimed: KV 5-min means ~0.13 before, ~0.35 at 30-35,
  ~0.53 at 40-45, ~0.74 at 55-60, ~0.95 at 65-70, full from ~70 min, running flat; TTFT P99 ~69.2, KV-usage
  ~70.7, fleet SLO ~72.7, KV-critical ~72.9, preemptions ~73.2, prefix-hit ~73.7 min. Labels (true time):
  other/xid_79 jk-h100-02 GPU 1 33-90; session_isolation jk-h100-05 25-90; the clock jump is unlabelled (as
  s35's steps).

Added later (s46-s49, an eleventh outsider, same clean-room rules; fixed BEFORE any replay of them)
-------------------------------------------------------------------------------------------------
s46_pd_disagg_decode_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv, 90 min, no request log. A prefill/decode
  disaggregated deployment (vLLM with a KV connector; the P/D proxy in front of it): pdp-h100-01/02 are
  prefill servers (kv_producer, pods vllm-prefill-...), 5 req/s each; pdd-h100-01..04 are decode servers
  (kv_consumer, pods vllm-decode-...), 2.5 req/s each (the proxy pins a session to one decode server, so its
  history stays in that pool). A prefill server gets every request with max_tokens=1: it computes the prompt
  (prefix cache on, the usual hit ratio), answers one token (every normal finish is `length`) and frees the
  request's blocks once the decode server has pulled them, so it keeps no session contexts: KV usage
  ~0.002-0.005, running ~1, generation_tokens +1 per request. A decode server pulls what it has not cached
  locally: vllm:prompt_tokens_by_source_total{source="local_cache_hit"|"external_kv_transfer"|"local_compute"}
  (the last prompt token is recomputed), vllm:external_prefix_cache_queries_total / hits_total (tokens asked
  of / supplied by the connector); on prefill servers the external series stay 0 and local_compute is the
  uncached prompt. Decode servers hold the sessions' contexts (the usual saw-tooth, KV ~0.1-0.2, running
  14-21). One real fault: session_isolation on pdd-h100-03 from 30 min to end (acme-compliance's client reuses
  6 session ids, and its sessions are pinned to that decode server), 2.0 %/min of its pool never reclaimed: KV
  5-min means ~0.1-0.2 before, ~0.25 at 40-45, ~0.46 at 50-55, ~0.68 at 60-65, ~0.94 at 70-75, full from ~80
  min; running flat (16-21) until saturation, waiting 7-13 from ~75 min; TTFT P99 ~70.7, fleet SLO ~76.7,
  KV-usage ~77.7, preemptions ~80.0, prefix-hit ~80.2, KV-critical ~81.0 min. The prefill servers see the same
  tenant's requests and show nothing. Labels: session_isolation pdd-h100-03 30-90.
s47_thermal_throttle_beside_leak: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 1.2 req/s/node (a
  warm fleet: KV 5-min means ~0.4-0.55, each healthy node 4-7 TTFT P99 episodes of a few minutes), 90 min, no
  request log; th-h100-04..06 export hostname/uuid. The fleet's Prometheus has GPUTemperatureHigh
  (DCGM_FI_DEV_GPU_TEMP > 85 for 5 m; healthy GPUs run at ~43-69 C). (1) other/thermal_throttle on th-h100-03
  GPU 2 from 30 min to end: the fan in front of that GPU's slot fails; it heats toward ~105 C (tau 120 s),
  reaches the H100's slowdown point (~87 C) ~110 s later, and the driver cuts its clocks within a minute to
  ~45 % (SM clock 1980 -> ~890 MHz, hunting +-8 % with a ~53 s period) to hold it at 86-88 C (memory ~94 C);
  its power draw falls to ~385 W at full utilization. No XID. The four GPUs of the TP4 engine run in lockstep,
  so the whole engine is slowed: decode x0.45 tokens/s per request, prefill (TTFT) /0.45. Requests stay in
  flight 2.2x longer: running 12-15 -> 35-40, KV 5-min means ~0.4-0.5 -> ~0.72 at 30-35 and 0.88-0.95 from 35
  min (the running batch's KV, not held contexts), waiting 5-11, preemptions: it looks like a KV leak, with
  running up and the GPU's temperature and clock pointing at the cause. Its alerts: TTFT P99 from ~33.3
  continuously, fleet SLO from ~36.5, GPUTemperatureHigh{gpu="2"} ~36.3, preemptions ~39.0, E2E latency ~41.5,
  prefix-hit ~45.8, KV-critical 47.3-48.0, 65.5-67.0 and 82.8-83.5 min. FB is flat (the pool is
  pre-allocated). (2) session_isolation on th-h100-05 from 35 min to end, 1.5 %/min of the pool never
  reclaimed: KV 5-min means ~0.45-0.5 before, ~0.62 at 40-45, ~0.75 at 45-50, ~0.85 at 55-60, ~0.95 at 65-70,
  >= 0.99 from ~75 min, running flat (11-19), GPU temperatures and clocks normal; TTFT P99 25.3-29.3 (before
  the leak: the fleet's noise), 38.8 and from ~44.5 continuously, preemptions 59.0-62.8 and from ~72,
  prefix-hit ~65.8, KV-critical ~80.0, KV-usage ~83.0 min. Labels: other/thermal_throttle th-h100-03 GPU 2
  30-90; session_isolation th-h100-05 35-90.
s48_ha_prometheus_duplicate_storm: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node,
  90 min, no request log. The fleet's rules run on an HA pair of Prometheus servers (prometheus-0/1, each with
  external labels cluster="gpu-prod-eu1" and replica="prometheus-0"|"prometheus-1" for Thanos' deduplication),
  and nobody added the alert_relabel_configs that drop `replica` before Alertmanager: every alert reaches the
  correlator twice, once per replica, with different label sets (so different fingerprints) and its own
  generatorURL; each replica evaluates at its own phase, so startsAt and send times differ by seconds, and
  each sends its own re-sends and resolved pair (478 alert records, 239 per replica). (1) session_isolation on
  ha-h100-02 from 25 min to end, 2.2 %/min of the pool never reclaimed: KV 5-min means ~0.1-0.2 before, ~0.47
  at 30-35, ~0.73 at 40-45, ~0.9 at 50-55, >= 0.98 from ~60 min, running flat; TTFT P99 ~54.4, KV-usage ~61.1,
  prefix-hit ~62.6, fleet SLO ~63.9, KV-critical ~64.6 and from ~67.1, preemptions ~65.4 min (each twice). (2)
  other/network_partition on ha-h100-05 AND ha-h100-06, 44-52 min: their rack's top-of-rack switch reboots (a
  firmware watchdog), so Prometheus, the gateway and the broker cannot reach either node; their agents keep
  collecting into their disk spools and deliver minutes 44-52 at the heal (as s22; no traffic reaches them, KV
  drains to ~0). The storm, each alert from both replicas: GatewayUpstream5xxRateHigh on both nodes 45.4-49.9,
  TargetDown (node-exporter and dcgm-exporter) and VLLMTargetDown on both 46.1-52.1, fleet GatewayHigh5xxRate
  46.4-49.6. Labels: session_isolation ha-h100-02 25-90; other/network_partition ha-h100-05 44-52 and
  ha-h100-06 44-52 (one fault on two nodes).
s49_multinode_pp_xid_nightly_batch: 4 x 8 H100, two instances of Llama-3.1-405B-Instruct-FP8, each spanning
  two nodes (TP8 x PP2, a LeaderWorkerSet: the leader pod vllm-llama-3.1-405b-ins-xxxxx on mn-h100-01 / -03
  runs the API server, the scheduler and pipeline stage 0; the worker pod <leader>-1 on mn-h100-02 / -04 runs
  stage 1; ~1.48M-token pool over 16 GPUs), Azure conv 4 req/s/instance, 90 min from 00:50 UTC, no request
  log. Only a leader exposes vLLM metrics (engine "0", gpu null) and only it is a gateway upstream and a vLLM
  scrape target; a worker node has nvml, dcgm (its GPUs' FB and utilization follow the leader's engine) and
  host records, and its own pod's kube-state-metrics alerts. (1) benign batch_job on the second instance
  (mn-h100-03 and -04), 10-52 min: the nightly summarisation job of the day's contracts is submitted at 01:00
  through the same endpoint, ~12 req/s of one-shot 3-8k-token documents with a shared ~400-token instruction
  (prefix hit ~0.08), 300-700-token summaries, until 01:40 (~28.8k requests); nothing of it is kept after a
  request ends. Running 25-33 -> 231-250, KV 5-min means ~0.1 -> 0.86-0.91, waiting 8-11, preemptions, GPU
  utilization 65 -> 99 % on all 16 GPUs; back to normal within a minute of its end. Its alerts: TTFT P99
  12.9-53.7, fleet SLO 15.9-44.9 and 50.2-53.7, preemptions 16.2-53.9, prefix-hit 23.2-52.2 min; KV-usage and
  queue backlog stay just under their thresholds. (2) other/xid_79 on the first instance at 58 min: GPU 5 of
  the WORKER node mn-h100-02 falls off the bus (as s5: XID event, last DCGM sample, that GPU gone); the
  pipeline's NCCL collectives time out and the whole instance dies 25 s later on both nodes, and the group
  crash-loops (process starts on both nodes together). GPUXidErrors{gpu="5"} on mn-h100-02 58.2-63.2,
  GatewayUpstream5xxRateHigh on the leader mn-h100-01 59.7-64.2, VLLMTargetDown (leader) from ~60.4, fleet
  GatewayHigh5xxRate 60.7-64.2, KubePodCrashLooping on both nodes from ~63.9 min. The serving alerts name the
  leader, the GPU alert names the worker. Labels: benign/batch_job mn-h100-03 10-52 and mn-h100-04 10-52;
  other/xid_79 mn-h100-02 GPU 5 58-90 and other/xid_79 mn-h100-01 (gpu null) 58-90 (one fault on the
  instance's two nodes).

Added later (s50-s53, a twelfth outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------
s50_kv_pool_undersized_canary: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure conv 2.5 req/s/node, 90
  min, no request log; cfg-h100-04..06 export hostname/uuid. Every vLLM sample also carries vLLM's info gauge
  vllm:cache_config_info (selector form; labels block_size, cache_dtype, enable_prefix_caching,
  gpu_memory_utilization, num_gpu_blocks, prefix_caching_hash_algo, swap_space, as in data/telemetry's
  capture; value 1). A Helm values change is canaried on two nodes by drained restarts (as s15: drain 30 s
  before the stop, process_start 30 s after, weights 100 s, engine_start, counters reset, allocator warm-up,
  cold prefix cache; the gateway serves the drained node's conversations from the other five meanwhile). (1)
  cfg-h100-02 at 30 min: its node pool's values file merged a shared-GPU profile (an embedding model beside
  vLLM) and the new engine starts with gpu_memory_utilization 0.55 instead of 0.9: FB_USED / NVML ~74.1k ->
  ~45.6k MiB per GPU, KV pool 463k -> 98k tokens (num_gpu_blocks 28944 -> 6108; 21 % of the pool it had), so
  the same load takes ~4.7x the share: KV 5-min means ~0.12-0.15 before, ~0.41 at 35-40, 0.52-0.67 at 40-80,
  ~0.45 at 80-90, single samples to 0.99 (> 0.9 in ~4 % of them), running flat (16-22), a few preemptions,
  waiting to 12, prefix hits down a little; TTFT P99 48.0-51.0 and 70.8-78.5 min. Not a leak: the step comes
  with the restart and the FB drop, and nothing ratchets. other/kv_pool_undersized from the new engine's start
  (32.17 min) to the end (no rollback within the recording). (2) cfg-h100-04 at 36 min: the same push with the
  correct values (gpu_memory_utilization 0.9): an ordinary warm-up, benign/warmup 36-46. (3) An unrelated real
  leak at the same time: session_isolation on cfg-h100-05 from 40 min to end, 2.0 %/min of the pool never
  reclaimed (FB flat, the config untouched): KV ~0.1-0.2 before, ~0.39 at 50-55, ~0.74 at 60-65, ~0.87 at
  70-75, >= 0.96 from ~75 min; TTFT P99 ~76.3, fleet SLO ~79.5, preemptions ~80.5, KV-usage ~81.5, prefix-hit
  ~84.0, KV-critical ~85.3, E2E ~85.6 min. VLLMTargetDown fires for ~15 s at each restart (32.1, 38.0 min).
  Labels: other/kv_pool_undersized cfg-h100-02 32.17-90; benign/warmup cfg-h100-04 36-46; session_isolation
  cfg-h100-05 40-90.
s51_spec_rollout_waves_residue: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request
  log; sw-h100-01..03 report the DCGM blank sentinel for memory temperature. The fleet's chat clients have a
  stop button: 3 % of requests end `abort` on every node for the whole recording (below the 5 % abort rule).
  The platform team rolls speculative decoding out (a 1B draft model, 4 speculative tokens) by drained
  restarts (as s15), in waves: the canary sw-h100-02 at 12 min, wave 2 sw-h100-04 / -05 at 30 / 33 min, wave 3
  sw-h100-01 / -03 at 50 / 53 min; sw-h100-06 is in wave 4, not reached within the recording. A restarted
  engine exports the spec-decode counters from its first sample (none before: they exist only when it is
  configured), its draft weights come out of the KV pool (-2400 MiB per GPU, KV usage x1.07), and this build
  with this draft model keeps each interrupted request's 4.7 MB of draft state: never reclaimed, ~21 MB/min
  per node (~5.5 MiB/min/GPU at 3 % aborts), > 200 MB per node ~10 min after each restart, FB_USED / NVML
  ~74.2k -> ~74.5k MiB per GPU on the canary by 90 min (on top of the restart's allocator warm-up of ~+980
  MiB/GPU in its first minutes, in the same fields). KV, load and latency are untouched and no rule fires but
  VLLMTargetDown for ~15 s at each restart: one root cause on five nodes, appearing wave by wave with the
  config, with only the unrolled node as a healthy reference at the end. Labels: benign/warmup on each rolled
  node from its stop for 10 min (sw-h100-02 12-22, -04 30-40, -05 33-43, -01 50-60, -03 53-63); spec_residue
  on each from its new engine's start to the end (sw-h100-02 14.17-90, -04 32.17-90, -05 35.17-90, -01
  52.17-90, -03 55.17-90).
s52_lora_onboarding_rss_leak: 6 x 4 H100, Llama-3.3-70B TP4 with LoRA enabled (--enable-lora, max_loras 8,
  max_lora_rank 32, max_cpu_loras 128), Azure conv 2.5 req/s/node, 1 TiB hosts, 90 min, no request log;
  lr-h100-05/06 export hostname/uuid. GPU utilization is relative to each engine's load before 20 min. (1)
  benign/lora_onboarding on lr-h100-02 from 20 min to end: a document-extraction SaaS tenant goes live there
  with 120 per-customer adapters (rank 32 on all linear layers: 828 MB each in bf16), 0.8 req/s (arrivals
  x1.32; Zipf popularity over the adapters). An adapter not yet in the engine's CPU cache is read from the
  node's NVMe model cache and prepared in 0.4-0.9 s inside the model runner's step, stalling every request
  behind it; the cache keeps every adapter it has loaded (max_cpu_loras 128 > 120), so the serving processes'
  RSS grows with each new adapter: 96 -> ~134 GiB by 20-25, ~165 at 25-30, ~179 at 30-35, ~186 at 40-45,
  ~188.6 GiB from ~65 min (the rare adapters come late), host memory ~39 % -> ~48 %. FB is flat (LoRA slots
  are allocated at start), KV 0.12-0.23, running 22-26, waiting to 8 (a 9th adapter in a batch waits), the
  tenant's prefix hits x0.4 (blocks hashed with the adapter id), TTFT P99 22.5-34.7 min (the first loads);
  later loads are rare. (2) other/host_memory_leak on lr-h100-05 from 30 min to end (as s33): the vLLM
  API-server process leaks 1.0 % of host memory per minute (~10 GiB/min): RSS 96 -> ~634 GiB, host memory ~40
  % -> 88 % at ~78 min -> 98.5 % at ~89.2 min: oom_kill, process_start 15 s later; reclaim stalls above 88 %
  slow its requests. Its alerts come late: NodeMemoryHighUtilization ~84.0, TTFT P99 ~86.7,
  NodeOOMKillDetected ~89.3 min. The look-alike's RSS grows faster at first (~18 GiB/min in its first two
  minutes, ~9 in the next two, ~3 by 30 min) than the leak's steady ~10; one levels off, the other does not.
  Labels: benign/lora_onboarding lr-h100-02 20-90; other/host_memory_leak lr-h100-05 30-90.
s53_engine_hang_frozen_metrics: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request
  log; hg-h100-04..06 export hostname/uuid; GPU utilization is relative to each engine's load before 25 min.
  (1) other/engine_hang on hg-h100-03 from 40 min: the TP rank on GPU 2 blocks on its CPU side (a deadlock in
  the custom all-reduce's IPC setup) while the other three ranks wait for it in an NCCL all-reduce. The engine
  core serves nothing from then, but the API server lives on: /health and /metrics answer, so the target is up
  and the gateway keeps routing (no outlier ejection). vLLM's series keep arriving every 10 s with every value
  frozen at 40 min (running 20, waiting 0, KV 0.18, every counter flat: no finishes, tokens or TTFT
  observations), so no vLLM rule fires (their rates are 0 or NaN). The gateway times every request sent there
  out (60 s, 5xx): GatewayUpstream5xxRateHigh 41.3-55.6 and fleet GatewayHigh5xxRate 42.6-55.1 min. DCGM/NVML:
  GPUs 0, 1, 3 at 100 % utilization (spin-waiting) with no memory traffic (DRAM active ~0, copy util 0), ~190
  W, ~46 C; GPU 2 at 0 %, ~77 W, ~34 C; FB unchanged. After torch's NCCL timeout (600 s) the watchdog kills
  the worker at 50 min: the server exits, kubelet restarts it (process_start 50.17, weights 100 s,
  engine_start 51.83, counters reset) and it serves normally again. VLLMTargetDown does not fire (down 110 s).
  (2) A benign look-alike of flat counters: hg-h100-05 is taken out of the gateway's rotation 25-55 min to
  re-seat an uplink (as s28; its vLLM up, scraped and idle: running 0, KV ~0, every counter flat, GPUs ~15 %);
  its load goes half to hg-h100-04 and half to hg-h100-06 (running ~17 -> ~25-30, KV ~0.2-0.29); moved
  sessions stay where they went until they end (tau 300 s). Labels: other/engine_hang hg-h100-03 40-51.83 (to
  the restarted engine's start); benign/failover hg-h100-05 25-55, hg-h100-04 and hg-h100-06 25-65.

Added later (s54-s57, a thirteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
--------------------------------------------------------------------------------------------------
s54_prompt_template_prefix_collapse: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 0.75 req/s/node
  (the healthy prefix-cache hit ratio ~0.36 comes from its hash_ids), 90 min, no request log; pt-h100-05/06
  export hostname/uuid. (1) benign/prompt_template_change on all six nodes: at 30 min the chat front-end ships
  a new prompt template that puts "Current date and time: <now, to the second>" at the top of the system
  prompt, so no request's block-hash chain matches past its first block: the prefix-cache hit ratio falls to
  0.02 of what it was (0.36 -> ~0.01 on every node), and every request prefills the prefix it used to hit
  again, at ~10k tokens/s (RECOMPUTE_TPS): TTFT P99 ~0.47 -> 3.6-4.6 s (5-min windows; Mooncake's long
  prompts). KV, running and FB do not change. The front-end team rolls it back at 58 min; the old template's
  prefixes are cached again with tau 240 s (hit ~0.04 at 55-60, ~0.22 at 60-65, back by ~70 min). Alerts: TTFT
  P99 on every node from ~31.9-32.6 to ~65.9-67.9, fleet GatewayP99LatencySLOBreach from ~35.4,
  VLLMPrefixCacheHitRateLow on every node ~42.1-42.9 to ~63.6-64.1 min: one fleet-wide cause, six nodes, a
  release and its rollback. (2) Inside it, a real leak: session_isolation on pt-h100-04 from 40 min to end,
  2.0 %/min of the pool never reclaimed: KV 5-min means ~0.28-0.43 before, ~0.54 at 40-45, ~0.63 at 50-55,
  ~0.79 at 60-65, ~0.93 at 70-75, >= 0.98 from ~75 min, running flat (7-14). Its usual prefix-hit drop is
  hidden under the fleet's until the rollback, after which its hit ratio stays at ~0.1 (pressure evicts the
  prefixes) while the others recover; its TTFT P99 alert (from ~32.6) never resolves (P99 ~2.2-2.4 s at 60-85
  min) and the fleet SLO breach goes on to the end; preemptions ~77.4, KV-critical ~78.6 and from ~83.4,
  KV-usage ~79.4 min. Labels: benign/prompt_template_change pt-h100-01..06 30-68 (the rollback + 10 min);
  session_isolation pt-h100-04 40-90.
s55_nvlink_xid74_slow_tp_group: 6 x 8 H100 (HGX, NVSwitch), 2 DP engines/node (TP4 each, one vLLM server),
  Llama-3.3-70B, Azure conv (engine 0) / code (engine 1) 6 req/s/engine, 90 min, no request log;
  nv-h100-04..06 export hostname/uuid. Every dcgm sample also carries DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL (in
  the default counters CSV; cumulative, counted in MiB here: up to ~30 GB/s per busy GPU) and
  DCGM_FI_PROF_PCIE_TX_BYTES / RX_BYTES (bytes/s, as in all three real captures; ~0.13-0.17 GB/s). (1)
  other/xid_74 on nv-h100-03 GPU 1 from 35 min to end: a fatal NVLink error on one of GPU 1's links (XID 74,
  "NVLink: fatal error detected on link 4"). The GPU stays on the bus, but its NVLink stays down until a GPU
  reset, and the TP group's all-reduce in flight fails (cudaErrorNvlinkUncorrectable): the server exits 2 s
  later (both DP engines), kubelet restarts it 10 s later, weights 100 s, engine_start ~36.9 min, counters
  reset. NCCL's new communicator finds no NVLink P2P path to GPU 1 and routes the ring hops to and from it
  through host memory (SHM), so engine 0 (GPUs 0-3) comes back slow for good: prefill x0.45, decode x0.7
  (NVL_PRE / NVL_DEC), running ~40 -> ~60, TTFT P99 ~0.47 -> ~0.9 s, KV ~0.2 -> ~0.25, GPU utilization ~55 ->
  ~70 %, GPU 1's NVLink counter flat, PCIe TX/RX of GPUs 0-2 ~0.14 -> ~5 GB/s; engine 1 (GPUs 4-7) is normal
  again after the restart. DCGM_FI_DEV_XID_ERRORS reads 74 from then on. Alerts:
  GPUXidErrors{gpu="1",xid="74"} from ~35.2 to the end, GatewayUpstream5xxRateHigh ~36.4-40.4,
  VLLMTimeToFirstTokenP99High (engine 0) from ~39.2 to the end. (2) benign/warmup on nv-h100-05 33-43 min: a
  drained restart for a config change (as s15: its conversations move to the five peers meanwhile),
  process_start 33.5, engine_start ~35.2, allocator warm-up, cold prefix cache; nothing fires. Two restarts
  two minutes apart: one comes back as before, the other slow. Labels: other/xid_74 nv-h100-03 GPU 1 35-90;
  benign/warmup nv-h100-05 33-43.
s56_rack_power_cap_residue: 6 x 4 H100 in two racks (r11-h100-01..03, r12-h100-01..03), Llama-3.3-70B TP4 + 1B
  draft (spec decode everywhere), Azure conv 2.5 req/s/node, 90 min, no request log; rack r12 reports the DCGM
  blank sentinel. (1) benign/power_cap on r12-h100-01..03: at 25 min feed A of rack r12's PDU is lost (an
  upstream breaker trips during UPS maintenance); the rack's power budget, oversubscribed for A+B, no longer
  covers full load, so its power manager caps every GPU of the rack at 350 W until the feed is back at 55 min.
  Where the load would draw more, a GPU sits at ~345 W with its SM clock at ~0.65 of 1980 MHz (CAP_PRE,
  hunting +-3 %; 5-min means 1285-1490 MHz) and runs ~6 C cooler; prefill runs at x0.65, decode (memory-bound,
  HBM clock unchanged) at x0.85 (CAP_DEC): running (5-min means) ~15-22 -> ~18-25, GPU utilization ~60 -> ~70
  %, TTFT P99 ~0.47 -> ~0.6-0.7 s, and slower streams make more users give up: aborts 1.5 -> 3 % on the rack.
  No vLLM or GPU rule fires; the only alert is the DCIM's PDUInputFeedDown (SNMP exporter, labels rack="r12",
  pdu, feed, instance=<pdu>:161; it names no node, so node "-") ~26.0-55.0 min. (2) spec_residue on
  r12-h100-02 (inside the capped rack) from 35 min to end: the node's draft-state reclaim stops (as s39), so
  each interrupted request's 4.7 MB is kept: ~21 MB/min/node while the cap's aborts last, ~11 MB/min after;
  FB_USED / NVML ~74.09k -> ~74.28k MiB per GPU by 85-90 min (~0.8 GB/node), KV flat, no alert (aborts stay
  below 5 %). The cap's extra aborts are what feed it first. Labels: benign/power_cap r12-h100-01..03 25-60
  (the feed's return + 5 min, the rules' 5-min windows); spec_residue r12-h100-02 35-90.
s57_scale_in_silence_node_crash: 7 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 21:30
  UTC, no request log; as-h100-05..07 export hostname/uuid. Evening scale-in: KEDA lowers the vLLM
  Deployment's replicas twice, and the cluster-autoscaler deletes each emptied node after its
  scale-down-unneeded-time (10 min). (1) benign/scale_in as-h100-07: at 30 min its pod is picked; the gateway
  drops it from rotation at once and its sessions go to its hash-ring successors as-h100-01 / -02 (half each;
  moved sessions: no cached history, prefix hit x0.25), the pod stops at 30.5 (its vLLM series and scrape
  target vanish: no VLLMTargetDown), the node idles (FB 0, util 0) and at 40.5 min it is deleted: every source
  of it stops for good, and as it left every scrape config no NodeTargetDown / TargetDown fires. (2)
  benign/scale_in as-h100-06 the same at 45 / 45.5 / 55.5 min (its sessions to as-h100-03 / -05). Each peer
  runs x1.5 (running ~17 -> ~26, KV 5-min means ~0.1-0.2 -> ~0.13-0.39, utilization ~52 -> ~72 %); nothing
  fires. (3) other/node_crash on as-h100-04 at 62 min: a kernel panic (an uncorrectable machine check), the
  hardware watchdog reboots it; POST and boot take 7 min (BOOT_S), so no record of any source from 62 to ~69
  min, the same silence as the scaled-in nodes'. Then the new agent collects again (its seq restarts at 1 and
  it re-sends the last 10 s before the crash, as s31), kubelet starts the pod (process_start ~69.75), weights
  100 s, engine_start ~71.4, counters reset, cold cache. The node was not drained: the gateway fails what it
  sends there for 45 s. Alerts: GatewayUpstream5xxRateHigh ~63.3-67.8, TargetDown (node-exporter and
  dcgm-exporter) ~64.0-69.0, VLLMTargetDown ~64.0-71.5, fleet GatewayHigh5xxRate ~64.8-67.3 min. Labels:
  benign/scale_in as-h100-07 30-90 and as-h100-06 45-90 (from the drain; the node is gone to the end);
  other/node_crash as-h100-04 62-71.42 (to the new engine's start).
Added later (s58-s61, a fourteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
---------------------------------------------------------------------------------------------------
s58_cuda_oom_crashloop_long_prompts: 6 x 4 H100, Qwen2.5-72B TP4 (450k-token pool), Mooncake 0.75 req/s/node
  (prompts: median ~6.9k tokens, p90 ~27k, p99 ~85k), 90 min, no request log; every vLLM sample carries
  vllm:cache_config_info (as s50); ol-h100-05/06 export hostname/uuid. (1) other/cuda_oom_crashloop on
  ol-h100-03: at 20 min a values change for long-context RAG (max_model_len 32k -> 128k, and
  gpu_memory_utilization 0.9 -> 0.95 so the pool holds more long contexts) reaches it by a drained restart (as
  s15: the gateway serves its conversations from the five peers meanwhile): FB_USED / NVML ~74.0k ->
  ~77.3-78.2k MiB per GPU (0.955-0.966 of the framebuffer with the allocator's warm-up), the pool grows 450k
  -> 502k tokens (num_gpu_blocks 28125 -> 31387). The new engine is ready at 22.17 min, but what the 0.95
  leaves outside the pool (after NCCL buffers and CUDA graphs) is less than the activation and logits peak of
  a step that packs a full 8192-token prefill chunk of a long prompt beside the decode batch: the server dies
  with torch.OutOfMemoryError (a Python exception, not the kernel's OOM killer: no oom_kill event) 2-9 min
  after each start (uniform, drawn in advance from its own seed by `crash_loop`). The gateway fails what it
  sends there for 45 s; kubelet restarts the container after CrashLoopBackOff's back-off (10, 20, 40, 80, 160,
  300, 300 s: it never runs the 10 min that reset it): process_start, weights 100 s, engine_start, counters
  reset, cold cache, and it dies again. Seven crashes: 24.78, 30.72, 35.28, 43.75, 54.86, 62.98 and 77.19 min
  (process starts 24.95, 31.06, 35.94, 45.08, 57.53, 67.98, 82.19). Alerts: GatewayUpstream5xxRateHigh
  25.9-30.1, 32.1-40.9, 45.1-49.4, 56.1-60.6, 64.2-68.9 and 78.7-82.9, fleet GatewayHigh5xxRate in five
  windows from 33.4, VLLMTargetDown 22.1-22.4 (the drained restart), 37.4-37.6, 45.9-46.9, 56.9-59.4,
  65.2-69.7 and 79.4-83.9, GPUFramebufferHigh on all four GPUs only where a run lasts over 5 min (42.6-43.9,
  51.9-54.9, 74.7-77.4, from 88.9 min). KubePodCrashLooping never fires: the restarts are 5-14 min apart, so
  two fall in its 15-min window only in the last minutes of a down period, never for its 5 min. The other
  nodes get the same long prompts with the old values and never crash. (2) An unrelated real leak:
  session_isolation on ol-h100-05 from 35 min to end, 2.0 %/min of the pool never reclaimed. Labels:
  other/cuda_oom_crashloop ol-h100-03 22.17-90 (from the new engine's start; no rollback within the
  recording); session_isolation ol-h100-05 35-90.
s59_moe_ep_rank_leak_lockstep: 4 x 8 H100, Qwen3-235B-A22B-Instruct-2507-FP8 served with data parallelism 8
  and expert parallelism 8 (--data-parallel-size 8 --enable-expert-parallel): each GPU is one DP rank with its
  own attention, scheduler and KV pool (~205k tokens; 94 layers x 4 KV heads x 128 x 2 x 2 B = 192,512 B per
  token), 1/8 of the experts plus the replicated attention and embeddings (~31.5 GiB per GPU); one API server
  per node exports every rank as engine "0".."7" (gpu null). Azure conv 1.5 req/s/rank, 90 min, no request
  log; ep-h100-03/04 export hostname/uuid. The gateway routes each session to one rank (X-data-parallel-rank,
  by session-id hash) for prefix-cache locality. The MoE layers' all-to-all dispatch and combine make every
  rank of a node step together (an idle rank runs dummy batches), so a step takes as long as the slowest
  rank's, and every GPU of the node shows the utilization of its busiest rank. (1) session_isolation on
  ep-h100-03 from 25 min to end: an integration of acme-compliance ships with a hard-coded session id, so all
  its conversations hash to rank 5 (GPU 5) and their contexts are never released: 2.0 %/min of that rank's
  pool (load-modulated) never reclaimed, the saw-tooth floor ratcheting to a full pool: rank 5's KV 5-min
  means ~0.12-0.18 before, ~0.43 at 30-35, ~0.71 at 45-50, ~0.87 at 60-65, >= 0.96 from ~65 min. The other
  seven ranks' KV stays at 0.1-0.3, but once rank 5 is under pressure (preempting and recomputing) every rank
  of the node slows with it: prefill and decode time x(1 + p^1.5), p = rank 5's pressure (0..1), so running
  rises on all eight ranks (~10 -> ~15-21 from ~65 min) and every GPU of the node goes ~78 -> ~99 %
  utilization. Its alerts: TTFT P99 engine 5 from 67.0, KV-usage 70.8, prefix-hit 71.5, KV-critical 72.5,
  preemptions 73.0, fleet SLO 73.5, then TTFT P99 on engines 7, 2, 3 and 4 (77.0-84.5) and E2E latency on
  engines 0, 1, 3 and 6 (77.0-87.0 min): alerts naming engines whose own KV is fine. (2) benign/annual_report
  on ep-h100-02 rank 3 (GPU 3) 30-75 min (as s6: one session, a turn every 35-55 s, prompt 30k + 1.5k per
  turn, its KV held: that rank's KV 5-min means ~0.1 before, ~0.34 at 30-35, ~0.57 at 45-50, ~0.8-0.85 at
  60-75, ~0.1 after). It was meant to stay under the pressure point, but its peaks reach it from ~60 min, so
  until the session ends at 75 it slows the whole node as a leak does (TTFT P99 on engine 3 56.0-79.2, on
  engine 5 67.5-68.5 and 71.2-74.0, preemptions on engine 3 71.0-76.2, KV-critical 74.0-74.5 min): a bounded
  look-alike that ends with its session. Labels: session_isolation ep-h100-03 (gpu null) 25-90;
  benign/annual_report ep-h100-02 (gpu null) 30-75.
s60_vllm_topic_lag_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request log;
  lg-h100-04..06 export hostname/uuid. Each source goes to its own Kafka topic, keyed by node; the partitions
  of the vllm topic that lg-h100-02's and lg-h100-04's records land in are led by broker kafka-2, whose
  produce latency degrades in episodes (a noisy neighbour on its shared storage) at 14-22, 33-43, 55-63 and
  72-82 min. Those agents' vLLM producers (acks=all, one batch in flight to keep order, a 64 MiB buffer) fall
  behind: the delivery lag of those two nodes' vllm records grows 0.4 s per s through an episode (to 192, 240,
  192 and 240 s) and drains at 0.8 s per s after it (4-5 min), so they arrive minutes behind and then in a
  rush. Records keep their collection ts_ns, seq and order; nothing is lost. Their nvml, dcgm and host records
  (other topics, other leaders) and every alert (Prometheus scrapes the nodes itself) stay on time. (1)
  session_isolation on lg-h100-04 from 30 min to end, 2.0 %/min of the pool never reclaimed; its KV evidence
  arrives late in every episode (TTFT P99 from 64.6, prefix-hit 70.6, KV-critical 74.3, KV-usage 75.1, fleet
  SLO 76.6, preemptions 77.6 min). (2) lg-h100-02 lags the same way and is healthy: a late source is not a
  fault (unlabelled, as s22's healthy spool). Labels: session_isolation lg-h100-04 30-90.
s61_orphaned_gpu_memory_rollout: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request
  log; or-h100-04..06 report the DCGM blank sentinel. A config rollout by drained restarts, one node every 8
  min (as s15: drain 30 s before the stop; the gateway moves the node's conversations to the other five), that
  halts on the first node that does not come back ready. (1) benign/warmup or-h100-01 20-30 and or-h100-02
  28-38 (process_start 30 s after the stop, weights 100 s, engine_start, allocator warm-up, cold cache). (2)
  other/orphaned_gpu_memory on or-h100-03 GPU 2 from 36 min to end: at the stop the TP worker on GPU 2 is
  stuck in uninterruptible sleep in the NVIDIA driver, so the container's SIGKILL cannot reap it and its CUDA
  context keeps ~74.1k MiB with no pod: DCGM FB_USED and NVML mem_used / proc_used on GPU 2 stay at ~74.1k MiB
  at 0 % utilization, the node's other GPUs go to ~0. Every new vLLM process fails its start-up check 25 s in
  ("Free memory on device (6.3/79.65 GiB) on startup is less than desired GPU memory utilization (0.9, 71.68
  GiB)"), before loading any weights (~500 MiB of CUDA context per GPU meanwhile), and kubelet restarts it
  after CrashLoopBackOff's back-off (10, 20, ... 300 s): a process_start every ~35 s at first, every ~5.4 min
  from 49.2 min, never an engine_start. The rollout controller halts (or-h100-04..06 keep the old config); the
  node stays out of the gateway's rotation and its conversations stay on the five peers (x1.2 load each). No
  5xx (it was drained), no XID. Alerts: VLLMTargetDown from 38.0 and KubePodCrashLooping from 42.3 min, to the
  end. Labels: benign/warmup or-h100-01 20-30 and or-h100-02 28-38; other/orphaned_gpu_memory or-h100-03 GPU 2
  36-90.
Added later (s62-s65, a fifteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
--------------------------------------------------------------------------------------------------
s62_drain_sticky_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request log;
  dr-h100-04..06 export hostname/uuid. A maintenance wave drains nodes for a GPU driver update; the
  gateway's drain mode sends new sessions to the node's hash-ring successors and lets existing sessions finish
  where they are (session affinity), so a drained node's traffic decays (tau 120 s, `shift`). (1)
  benign/maintenance_drain dr-h100-05 from 15 min to end: its sessions go to dr-h100-04 / -06 (x1.5 each,
  running ~17 -> ~25-29), its running falls to ~0 by ~22 min, the pod is evicted at 24 (vLLM series and scrape
  target gone, no alert), the driver is swapped 24.5-28.5 (no nvml/dcgm records, new driver label after), and
  the node stays cordoned, idle (FB 0), to the end. (2) session_isolation on dr-h100-03 from 34 min to end: it
  is drained at 33 min (0.7 of its load to dr-h100-01 / -02, x1.35 each), but at 34 min acme-compliance's
  client release starts reusing its 6 latest session ids, which were opened before the drain and so stay
  pinned to dr-h100-03 by the drain's affinity: acme's ~30 % of the node's traffic never leaves and the drain
  never completes. Its contexts are never released: 2.0 %/min of the pool at acme's (unchanged) traffic
  (`Fault.sticky`: the leak is not thinned with the node's falling load). KV rises while traffic falls: KV
  5-min means ~0.08-0.15 before, ~0.25 at 40-45, ~0.59 at 50-55, ~0.84 at 60-65, >= 0.97 from ~65 min, with
  running ~17 -> ~5-8 from ~38 min. Alerts: VLLMTimeToFirstTokenP99High from 68.4, VLLMKVCacheUsageHigh /
  Critical 69.9, VLLMPrefixCacheHitRateLow 74.9, fleet GatewayP99LatencySLOBreach 75.2, VLLMPreemptionsHigh
  76.9 min, all to the end; nothing fires for the drains. Labels: benign/maintenance_drain dr-h100-05 15-90;
  session_isolation dr-h100-03 34-90 (its drain itself is not labelled).
s63_quiet_residue_then_xid_same_gpu: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere), Azure
  conv 2.5 req/s/node, 90 min, no request log; rx-h100-01..03 report the DCGM blank sentinel. Every node's
  clients abort ~3 % of requests all along (a stop button; `cancels`, below the 5 % rule). Two different
  faults, one after the other, on rx-h100-04. (1) spec_residue from 20 min: the node's draft-state reclaim
  stops (as s39/s51), so each interrupted request's 4.7 MB is kept: ~19 MB/min/node, FB_USED / NVML
  ~74.1-74.2k -> ~74.2-74.4k MiB per GPU (+~160 MiB/GPU, ~0.68 GB/node) by 53-58 min; KV flat, aborts same, no
  alert. (2) other/xid_79 on GPU 2 (one of the residue's four GPUs) at 58 min, an unrelated hardware failure
  (as s5): XID event, one last DCGM sample with XID_ERRORS=79, GPU 2's DCGM/NVML stop, the server dies 25 s
  later (which also ends the residue) and the pod crash-loops (process_start from 58.6 min, no engine_start).
  Alerts: GPUXidErrors{gpu="2",xid="79"} 58.3-62.3, GatewayUpstream5xxRateHigh 60.0-64.0, VLLMTargetDown from
  60.5, KubePodCrashLooping from 64.0 min. A residue nobody paged for 38 min, then a loud XID on the same node
  and GPU: two faults, two causes. Labels: spec_residue rx-h100-04 20-58.42 (to the process's exit);
  other/xid_79 rx-h100-04 GPU 2 58-90.
s64_gateway_affinity_loss_fleet_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min, request
  logging ON (tenant/session, as s1); ga-h100-05/06 export hostname/uuid. At 30 min a gateway config push (a
  new route for acme-compliance's API key that lost the hash-on-session-id affinity policy) reaches every
  gateway replica within seconds, and acme's client (which reuses 6 session ids) is now spread round-robin
  over all six nodes: each node sees every one of the 6 ids, keeps a context per id that is never idle long
  enough for the sweeper, and abandons a context each turn. One root cause, the same minute, on every node:
  session_isolation on ga-h100-01..06 from 30 min to end at 1.4/1.3/1.5/1.4/1.3/1.5 %/min of the pool
  (load-modulated). KV 5-min means ~0.26-0.44 before, ~0.45-0.56 at 40-45, ~0.67-0.79 at 55-60, ~0.97-0.99
  at 85-90 on every node, running flat (~7-11) and prefix-cache queries flat (no load change, unlike s18). The
  request log shows acme-sess-000..005 on all six nodes (~125-160 requests per id per node). Alerts: TTFT P99
  continuously from 53.3-65.8 min (per node), fleet GatewayP99LatencySLOBreach from 57.6, preemption,
  prefix-hit and KV-critical alerts from ~75 min on most nodes, KV-usage from ~84 min; Mooncake's heavy tail
  also gives TTFT P99 blips before the fault (ga-h100-01 at 19.3 and 31.6 min). Labels: session_isolation
  ga-h100-01..06 30-90.
s65_page_cache_vs_rss_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 01:00 UTC,
  1 TiB hosts, no request log; pc-h100-04..06 export hostname/uuid. The node agent reports host mem_used_bytes
  as MemTotal - MemFree, so clean page cache counts as used (the fleet's alert rule uses MemAvailable, which
  counts it as free). (1) benign/page_cache on pc-h100-02 (20 min to end) and pc-h100-06 (35 min to end): a
  model-cache pre-stager DaemonSet, canaried on two nodes, copies the next release's weights (~600 GB) from
  object storage to local NVMe at a throttled 256 MB/s; every page written stays in the page cache: host used
  ~0.40 -> ~0.94 at +1.4 %/min of host memory for 39 min (20-59 / 35-74 min), then flat to the end (no memory
  pressure reclaims it); proc_rss flat at 96 GiB (0.094), no OOM, no stall, no alert. (2)
  other/host_memory_leak on pc-h100-04 from 25 min to end (as s33: the API-server process's RSS +1.5 %/min of
  host memory): RSS 0.094 -> ~0.58 of host, host used ~0.39 -> ~0.88 (5-min means) by 60 min,
  NodeMemoryHighUtilization 61.0-63.0, OOM kill of vllm at 63.6 min, restart (engine_start 65.5), and it grows
  again (RSS ~0.43 by 85-90 min); NodeOOMKillDetected 63.7-67.7, GatewayUpstream5xxRateHigh 65.0-69.0, fleet
  GatewayHigh5xxRate 66.5-68.5 min. Two nodes' host memory climbs as fast as the leaking one's, and further;
  only RSS (and the OOM) tells them apart. Labels: benign/page_cache pc-h100-02 20-90 and pc-h100-06 35-90;
  other/host_memory_leak pc-h100-04 25-90.
Added later (s66-s69, a sixteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
--------------------------------------------------------------------------------------------------
s66_duplicate_agent_daemonsets: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, no request
  log; du-h100-04..06 export hostname/uuid. The node agent was migrated to a Helm chart months ago; the old
  raw-manifest DaemonSet (gpu-telemetry-agent v0.9) was deleted, but its Argo CD Application was not. At 20
  min someone clicks "sync all" and Argo CD recreates it; its nodeSelector (pool=rack-b) matches
  du-h100-04..06 only, where it starts at once (image cached). From 20 min two agents publish each of those
  three nodes to the same topics: the current one (unchanged: seq, its usual 10/15/10/15 s intervals) and the
  old one, which predates `seq` (its records have none: the field is optional), collects every source every 15
  s at its own phases, and predates a few fields (its nvml samples carry no mem_reserved_bytes /
  proc_used_bytes, its host samples no swap_used_bytes). Both read the same host clock, the same NVML devices,
  the same dcgm-exporter and the same vLLM /metrics, so their values agree at any instant and their counters
  are the same series read twice (no reset, no double counting in the values themselves), and both report
  every event of the node (xid, process_start, oom_kill, engine_start): twice, once without seq. Prometheus
  and its alerts are untouched (nothing fires for the duplicate; the old DaemonSet is still there at the end).
  Faults: (1) session_isolation on du-h100-05 (a duplicated node) from 30 min to end, 2.0 %/min of the pool
  never reclaimed (KV samples of it now arrive ~1.7x as often as from du-h100-01..03); (2) other/xid_79 on
  du-h100-06 GPU 1 at 55 min (as s5: XID event, last DCGM sample, GPU gone, vLLM dies 25 s later, the pod
  crash-loops; the xid event, the last DCGM read and every crash-loop process_start arrive twice). du-h100-04
  is duplicated and healthy (unlabelled, as s22's healthy spool and s60's healthy lag). The old agent's
  records are 7,986 of the file's 34,544. du-h100-05's KV 5-min means ~0.12-0.2 before, ~0.40 at 45-50, ~0.56
  at 55-60, ~0.85 at 65-70, >= 0.98 from ~75 min, running flat; TTFT P99 from 71.2, fleet SLO 74.7, KV-usage
  76.7, prefix-hit 79.9, KV-critical 80.9, preemptions 81.4 min. du-h100-06: GPUXidErrors{gpu="1"} 55.4-59.4,
  GatewayUpstream5xxRateHigh 56.7-60.7, VLLMTargetDown from 57.7, fleet GatewayHigh5xxRate 57.9-59.9,
  KubePodCrashLooping from 60.9 min; 11 process_starts, each twice. Labels: session_isolation du-h100-05
  30-90; other/xid_79 du-h100-06 GPU 1 55-90.
s67_collection_interval_canary_gap: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min, 1 TiB
  hosts, no request log; ci-h100-04..06 export hostname/uuid. A cost-cutting change to the node agent's
  ConfigMap (every collector's interval 60 s instead of 10-15 s: ~5x fewer records to Kafka and the TSDB) is
  canaried on ci-h100-01..03. The agent watches its config file and reloads it when kubelet syncs the
  ConfigMap volume, so the switch comes at 30.0, 30.7 and 31.4 min (no restart: seq continues, no hole beyond
  the new cadence); from then nvml, dcgm, vllm and host samples of those nodes come every 60 s at a new phase
  (5 % jitter, as before). Events are pushed as they happen (unchanged), and Prometheus (15 s scrapes, the
  same rules) sees nothing of the change. ci-h100-04..06 keep 10-15 s: half the fleet is 4-6x sparser than the
  other half. (1) session_isolation on ci-h100-02 (a canary) from 42 min to end, 1.5 %/min of the pool never
  reclaimed, seen only through one KV sample a minute (the LRU sweeps every 2-5 min alias against it). (2)
  monitoring_gap on ci-h100-03 (a canary) from 50 min to end: a NetworkPolicy change cuts the monitoring
  namespace (the agent and Prometheus) off the vLLM pod's :8000/metrics (as s17: the target stays configured,
  VLLMTargetDown from ~52 min; no vllm samples, no vLLM-rule alerts); from 54 min the serving process's RSS
  grows 2 %/min of host memory (as s17) to an OOM kill, restart 15 s later, reload 100 s, and it grows again.
  The gap must be told from the new, sparser cadence: on that node the vllm stream already had 60 s between
  samples, and a lost 60 s sample (the usual 0.3 %) already leaves a 2-min hole (ci-h100-03's vllm at 45.8
  min, before the gap). ci-h100-01 is a healthy canary. ci-h100-02's KV 5-min means ~0.12-0.22 before,
  ~0.37-0.40 at 45-55, ~0.50-0.56 at 55-65, ~0.62-0.73 at 65-80, ~0.89 at 85-90, running flat: no alert fires
  for it within the recording. ci-h100-03: VLLMTargetDown from 52.0, NodeMemoryHighUtilization 81.0-83.0, OOM
  kill at 83.9, NodeOOMKillDetected 84.0-88.0, GatewayUpstream5xxRateHigh 85.3-89.3, fleet GatewayHigh5xxRate
  86.5-88.5 min. Labels: benign/collection_interval_change ci-h100-01 30-40, ci-h100-02 30.7-40.7, ci-h100-03
  31.4-41.4 (each switch + 10 min); session_isolation ci-h100-02 42-90; monitoring_gap ci-h100-03 50-90.
s68_model_swap_nvml_only_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere, 432k-token
  pool), Azure conv 2.5 req/s/node, 90 min, no request log. ms-h100-03 and ms-h100-04 are node pool "pool-b",
  whose GPU-operator ClusterPolicy points dcgm-exporter at a profiling counters CSV that someone trimmed to
  cut cardinality ("memory comes from NVML"): SM/memory clocks, GPU temperature, power, energy, GPU_UTIL,
  XID_ERRORS, PROF_GR_ENGINE_ACTIVE and PROF_DRAM_ACTIVE, and no FB_USED / FB_FREE / FB_RESERVED (so
  GPUFramebufferHigh has nothing to evaluate there); the agent's NVML collector runs on every node. (1)
  benign/model_swap on ms-h100-06 at 30 min: the product team canaries Qwen2.5-72B-Instruct (with its own
  draft model) behind the same model-agnostic chat route, on one replica. A drained restart (as s15: the
  gateway drains it 30 s before the stop and serves its conversations from the five peers meanwhile;
  process_start 30.5, weights 100 s, engine_start ~32.17, allocator warm-up, cold prefix cache); the new
  engine's records carry model_name "Qwen/Qwen2.5-72B-Instruct" from its first sample (and engine_start, 32.18
  min, and any vLLM alert of that server from the new process's start on), so the node's Llama-3.3-70B series
  end at ~29.9 min for good while a new label set with counters from 0 begins at ~32.3 min. Nothing fires for
  the swap (the restart's 130 s down does not meet VLLMTargetDown's 2 min). Its pool is 419k tokens (larger
  weights), so the same load takes ~3 % more of it; FB is unchanged (the same 0.9 reservation); it gets the
  same traffic afterwards (the gateway's route does not care which model answers). (2) spec_residue on
  ms-h100-03 (pool-b) from 35 min to end (as s3: aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB kept per
  interrupted request; VLLMRequestAbortRateHigh from 45.1 min, the recording's only alert): its GPU-memory
  creep (~19 MiB/min/GPU: NVML GPU 0 ~74.1k -> ~75.2k MiB by 80-90 min) exists only in NVML mem_used_bytes /
  proc_used_bytes, since its dcgm samples have no FB field at all; ms-h100-04 (the same trimmed exporter) is
  healthy. Labels: benign/model_swap ms-h100-06 30-40; spec_residue ms-h100-03 35-90.
s69_change_window_four_causes: 8 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode everywhere, 432k-token
  pool), Azure conv 2.5 req/s/node, 90 min from 10:00 UTC on a Tuesday, 1 TiB hosts, no request log;
  cw-h100-05..08 export hostname/uuid. The weekly change window opens at 10:40, and within 72 s four unrelated
  things go wrong on four nodes, one of each cause the contract names, while a planned restart happens on a
  fifth: (1) 40.0 min: acme-compliance's client release reuses 6 session ids on cw-h100-02 (its sessions are
  pinned there): session_isolation, 2.0 %/min of the pool never reclaimed, to the end; (2) 40.3 min: a voice
  client's release with a 1.5 s client-side timeout starts cancelling in-flight generations on cw-h100-05 (its
  tenant pinned there): spec_residue as s3 (aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB kept per interrupted
  request), to the end; (3) 40.5 min: benign/warmup on cw-h100-08, a drained restart for an approved config
  change (as s15; its conversations served by the seven peers meanwhile), to 50.5; (4) 40.7 min: a
  NetworkPolicy change for the monitoring namespace blocks cw-h100-07's vLLM /metrics (as s17: VLLMTargetDown
  from ~42.7, no vllm samples or vLLM-rule alerts from then) and from 43 min its serving process's RSS grows 2
  %/min of host memory to an OOM kill, restart, and again: monitoring_gap to the end; (5) 41.2 min: GPU 3 of
  cw-h100-04 falls off the bus (as s5: XID event, last DCGM sample, vLLM dies 25 s later, the pod
  crash-loops): other/xid_79 to the end. The fleet-wide gateway 5xx alert is shared by all of
  them. Ideally four incidents, each with its own cause, and none for the restart. The storm:
  GPUXidErrors{gpu="3"} 41.5-45.5, VLLMTargetDown on cw-h100-08 at 42.5 (one send: the restart), on cw-h100-07
  from 42.8 and on cw-h100-04 from 43.8, GatewayUpstream5xxRateHigh (cw-h100-04) 43.0-47.0, fleet
  GatewayHigh5xxRate 44.5-46.5, KubePodCrashLooping (cw-h100-04) from 47.0, VLLMRequestAbortRateHigh
  (cw-h100-05) from 50.8 min. Later: cw-h100-07's NodeMemoryHighUtilization 70.3-72.3, OOM kill 73.0,
  NodeOOMKillDetected 73.3-77.3, GatewayUpstream5xxRateHigh 74.5-78.5; cw-h100-02's KV 5-min means ~0.1-0.17
  before, ~0.31 at 50-55, ~0.51 at 60-65, ~0.66 at 70-75, ~0.91 at 80-85, ~0.98 at 85-90 (running flat), TTFT
  P99 from 86.3 and KV-usage 88.0 min; cw-h100-05's FB/NVML ~74.16k -> ~75.05k MiB/GPU by 80-90 min. Labels:
  session_isolation cw-h100-02 40-90; spec_residue cw-h100-05 40.3-90; benign/warmup cw-h100-08 40.5-50.5;
  monitoring_gap cw-h100-07 40.7-90; other/xid_79 cw-h100-04 GPU 3 41.2-90.
Added later (s70-s73, a seventeenth outsider, same clean-room rules; fixed BEFORE any replay of them)
----------------------------------------------------------------------------------------------------
s70_context_growth_staircase_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100 min from
  09:00 UTC, no request log; cg-h100-04..06 export hostname/uuid. Two nodes whose KV floor rises for a while
  and then levels off: one is benign, one is a leak. (1) benign/context_growth on cg-h100-02 from 20 min to
  end: the legal-review tenant (pinned to that node by tenant affinity; 40 % of its trace requests) ships a
  web client that stops truncating the conversation to its last 4 turns and resends the whole matter history.
  From 20 min each of the tenant's requests carries 3500 x (1 - exp(-(t - 20 min) / 12 min)) x U(0.3, 1.7)
  extra history tokens (as users reload the page and their conversations lengthen; ~95 % of the plateau by ~56
  min), resent and so a prefix hit (0.95 of it while KV < 0.7, less above); the live sessions' longer contexts
  stay in the pool: 45 s (a turn interval) x the extra history tokens arriving per second (5-min trailing
  mean) / pool, on top of the usual saw-tooth, which the sweeper keeps reclaiming. Arrivals, running and
  generation tokens do not change; prompt tokens/s and the prefix-cache hit ratio rise; the KV floor climbs
  for ~35 min and levels off, as a leak's would not. As built: KV 5-min means ~0.13-0.16 before, 0.25 at
  25-30, 0.35 at 30-35, 0.50 at 40-45, 0.53-0.66 at 45-60, 0.80 at 60-65 (the trace's busiest minutes: the
  live sessions follow the load), then 0.47-0.61 to the end; running ~15-21 throughout; prompt tokens/s ~2.5k
  -> ~4.5-9k; prefix-hit ratio 0.14 -> 0.46-0.62; one VLLMTimeToFirstTokenP99High 64.0-67.3 min at that peak,
  nothing else. (2) session_isolation on cg-h100-05 from 25 min to end: a compliance scanner (a cron job of
  the acme-compliance tenant, pinned to that node) runs 8 min every 20 min (25-33, 45-53, 65-73, 85-93 min),
  0.6 req/s of one-shot 3-8k-token documents (as s49's batch_job), and submits every document as a turn of one
  of 6 hard-coded session ids, so the serving stack never releases their contexts: 2.5 %/min of the pool
  (load-modulated) never reclaimed while a run is active, nothing in between. Its KV floor is a staircase
  (~+0.2 a run) whose treads are flat for 12 min, four times: each looks like a levelling-off. As built: KV
  5-min means ~0.15-0.17 before, ~0.27-0.32 on the first tread (35-45), ~0.49-0.50 on the second (55-65),
  ~0.81-0.84 on the third (75-85), ~0.96 from 85 (running flat between runs, ~24-31 in them);
  VLLMTimeToFirstTokenP99High 73.5-81.5 and from 87.8, fleet GatewayP99LatencySLOBreach 80.3-81.0 and
  92.5-98.3, KV-critical 91.5-93.5, KV-usage from 92.3, preemptions 93.8, prefix-hit 95.8 min. (3)
  benign/batch_job on cg-h100-03 30-100: another tenant's summariser with the same cadence and shape (30-38,
  50-58, 70-78, 90-98 min, 0.6 req/s of 3-8k-token documents) and a fresh session id per document: the same
  load pattern, and its KV falls back after each run (~0.23-0.25 in a run, ~0.1-0.16 between;
  VLLME2ELatencyHigh 39.3-40.0 and 98.8-99.3 min from the documents' longer answers). Labels:
  benign/context_growth cg-h100-02 20-100; session_isolation cg-h100-05 25-100; benign/batch_job cg-h100-03
  30-100.
s71_cancel_timeout_leak_vs_residue: 8 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  14:00 UTC, no request log. Two node pools behind two routes: pool-a ab-h100-01..04 (chat, no speculative
  decoding: no spec-decode series at all, 463k-token pool) and pool-b ab-h100-05..08 (voice, + 1B draft model,
  spec decode on; they export hostname/uuid). Three nodes get a burst of client cancellations within 6 min, so
  VLLMRequestAbortRateHigh fires on all three, with three different answers. (1) session_isolation on
  ab-h100-03 (pool-a) from 30 min to end: acme-compliance's SDK v3.2 (the tenant is pinned to that node) both
  cancels streams idle for 15 s (the node's abort ratio 1.5 % -> 8 % from 30 min) and keys conversations on a
  per-user id, so its session ids never change and their contexts are never released: 1.8 %/min of the pool
  (load-modulated) never reclaimed, running flat, FB flat, and no draft model anywhere on the node. Aborts
  plus memory growth read as a speculative-decoding residue, but this node has no speculative decoding. (2)
  spec_residue on ab-h100-06 (pool-b) from 33 min to end: a voice client's barge-in release (as s3: aborts
  ramp 1.5 -> 12 % over 8 min, each interrupted request's 4.7 MB of draft state kept, FB/NVML creep), KV flat.
  (3) benign/client_cancels on ab-h100-07 (pool-b) 36-60: an A/B test of an aggressive client timeout, rolled
  back at 60 (aborts 8 % while it runs), whose interrupted requests' draft state is reclaimed (tau 90 s) as on
  any healthy spec node: nothing grows. As built: VLLMRequestAbortRateHigh on ab-h100-03 from 36.8, on
  ab-h100-07 43.8-62.9 and on ab-h100-06 from 44.3 min. ab-h100-03: abort share 0.06-0.10 from 30 min, KV
  5-min means ~0.1 before, 0.38 at 40-45, 0.64 at 50-55, 0.83 at 60-65, 0.97 at 70-75, 1.0 from 80, running
  ~14-22 to ~80 min, FB flat; TTFT P99 from 70.3, preemptions 74.3, fleet SLO 74.6, prefix-hit 74.9, KV-usage
  75.1, KV-critical 76.1 min. ab-h100-06: abort share 0.12-0.15 from 45 min, KV ~0.1, NVML GPU 0 ~74.10k ->
  74.35k MiB at 50-55 -> 75.2k at 85-90. ab-h100-07: aborts 0.07-0.09 at 35-60, FB within 25 MiB of its
  baseline. Labels: session_isolation ab-h100-03 30-90; spec_residue ab-h100-06 33-90; benign/client_cancels
  ab-h100-07 36-60.
s72_reasoning_rollout_vs_runaway_generation: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 13:00 UTC, no request log; rg-h100-04..06 export hostname/uuid. Two nodes whose requests start to
  generate far more tokens with arrivals flat, so running, KV and E2E latency rise on both; one is a product
  decision, the other a broken config. (1) benign/reasoning_rollout on rg-h100-02 from 25 min to end: a
  feature flag turns a "deep think" mode on for the ops-copilot tenant (pinned there; 40 % of the node's trace
  requests), ramped to its users as a half cosine from 0 % at 25 min to 100 % at 55 min, then held: a flagged
  request first generates a reasoning trace of lognormal(median 1500, sigma 0.5) tokens (its answer after it;
  max_tokens 8192 for this mode) and ends `stop` as before; 4 % of them are stopped by their users (aborts),
  against the fleet's 1.5 %. (2) other/runaway_generation on rg-h100-05 from 40 min to end: a gateway
  route-config push drops the `stop` sequence of a document-extraction API tenant (30 % of that node's trace
  requests; its prompt format ends answers with a custom marker the model does not treat as EOS), so from 40
  min every such request runs to its max_tokens of 4096 and ends `length` (no client cancels: a non-streaming
  client with a 10-min timeout). Its requests then stay >= ~2.3 min in the batch. The telling series: the
  `length` share of vllm:request_success_total and generation tokens per request, a step at 40 min rather than
  a 30-min ramp. As built: rg-h100-02's running ~18 -> ~55 at 45-60 and 66-101 at 60-90 (the trace's load
  rises at the end), generation tokens per request ~230 -> 830-1015, E2E ~8 s -> 28-34 s, KV 5-min means
  ~0.15-0.19 before, 0.30 at 40-45, 0.33-0.46 at 50-75, 0.59-0.80 at 75-90 (with the running count), `length`
  share unchanged (~0.09); VLLME2ELatencyHigh from 47.0, TTFT P99 at 89.7 min. rg-h100-05's running ~20 ->
  104-198, KV 0.84-1.0 at 40-60, ~0.65 at 65-75, ~0.9 at 75-90, `length` share 0.09 -> 0.35-0.41, generation
  tokens per request ~250 -> 1300-1560; TTFT P99 44.0-55.2 (and 58.5, 79.8, 86.2), KV-critical 45.5, KV-usage
  46.7, preemptions 47.2, fleet SLO 47.5, queue backlog 48.5-50.5, E2E from 48.7, prefix-hit 54.8-65.5 min.
  Labels: benign/reasoning_rollout rg-h100-02 25-90; other/runaway_generation rg-h100-05 40-90.
s73_page_cache_masks_rss_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100 min from 02:00
  UTC, 1 TiB hosts, no request log; pm-h100-04..06 export hostname/uuid. The agent reports host mem_used_bytes
  as MemTotal - MemFree (as s65), so clean page cache counts as used, up to where MemFree meets the kernel's
  watermarks (0.975 of host memory) and kswapd trims the oldest pages. (1) benign/page_cache on pm-h100-02
  from 20 min to end and on pm-h100-05 from 15 min to end: the model-cache pre-stager (as s65) copies the next
  release's weights at +1.4 %/min of host memory, 20-60 and 15-55 min; the cache is kept afterwards. (2)
  other/host_memory_leak on pm-h100-05 from 35 min to end: the API-server process's RSS grows 1.2 %/min of
  host memory (as s33), to an OOM kill where RSS + the other processes reach 0.985 of host memory (the page
  cache is reclaimable and does not count), a restart 15 s later, reload 100 s, and it grows again. The leak's
  RSS takes its memory from the page cache, so from when cache + used first reach 0.975 until the OOM kill the
  host's reported used is pinned at 0.975 on pm-h100-05, as high as pm-h100-02's, whose RSS is flat: only
  proc_rss_bytes (and MemAvailable's NodeMemoryHighUtilization, minutes before the kill) tell them apart. As
  built: pm-h100-05's used ~0.39 -> 0.975 at 46.6 min and exactly 0.975 from then to the OOM kill of vllm at
  84.2 min, while its RSS goes 0.094 -> 0.68 of host memory; pm-h100-02's used ~0.39 -> ~0.95 at 60 min, then
  0.94-0.975 to the end, RSS 0.094. NodeMemoryHighUtilization 79.3-84.3, TTFT P99 81.8-84.3 (reclaim stalls),
  NodeOOMKillDetected 84.3-89.3, GatewayUpstream5xxRateHigh 85.5-89.8, fleet GatewayHigh5xxRate 86.8-89.8 min;
  engine_start 86.2, and RSS grows again. Labels: benign/page_cache pm-h100-02 20-100 and pm-h100-05 15-100;
  other/host_memory_leak pm-h100-05 35-100.

Added later (s74-s77, an eighteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------------
s74_a100_sidejob_xid_sibling_leak: 5 x 4 A100-SXM4-80GB (HGX A100 4-GPU boards: 81920 MiB, 545 MiB reserved
  assumed, 400 W, SM 1410 MHz), one vLLM server per GPU (Llama-3.1-8B, engine "0", records' gpu = its GPU,
  alerts' instance <pod ip>:800<gpu>), Azure conv 1.2 req/s/server, 90 min from 10:00 UTC, 1 TiB hosts, no
  request log; sx-a100-04/05 export hostname/uuid. Two things on one node, sx-a100-03, on neighbouring GPUs.
  (1) benign/nonfatal_xid on sx-a100-03 GPU 1, 20-43 min: a data-science team's Kubernetes Job (a fine-tune
  smoke test, time-sliced onto GPU 1 beside its vLLM server) crash-loops: six attempts (job_attempts(20,
  [3.0, 2.4, 3.8, 2.1, 3.3, 2.6]): the last crashes at 42.37 min), each holding 6 GiB while it runs and dying
  with XID 13/31/43 (odd attempts 13, 31, 43; even 31, 43), as s24's; DCGM's last XID stays 43 to the end.
  (2) session_isolation on sx-a100-03 GPU 2 (that server only) from 28 min to end: acme-compliance's traffic
  on that server goes under 6 reused session ids (as s14), 2.0 %/min of its pool (load-modulated) never
  reclaimed; KV rises on GPU 2's server only, FB flat, running flat until saturation. The XID alert
  (GPUXidErrors{gpu="1"}) fires on the same node 8 min before the leak starts and keeps firing (DCGM never
  clears the last XID) through it: a correlator that folds the leak into the XID's incident (or blames the
  XID, or mutes the node as "GPU job crash-looping") gets it wrong. The A100's FB and pool (8B on 80 GB:
  ~438k tokens) differ from the H100's; FB totals and the GPU name differ in every sample.
s75_v0_spec_residue_mixed_fleet: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding, 4 tokens)
  on every node, Azure conv 2.5 req/s/node, 90 min from 15:00 UTC, no request log; mx-h100-04..06 still run
  an older vLLM (V0 engine; V0 metric names for the whole recording: vllm:gpu_cache_usage_perc,
  vllm:num_requests_swapped, no prefix-cache counters) and export hostname/uuid. V0 spec-decode metrics
  differ too: no vllm:spec_decode_num_drafts_total; vllm:spec_decode_num_draft_tokens_total,
  vllm:spec_decode_num_accepted_tokens_total, vllm:spec_decode_num_emitted_tokens_total (accepted + one bonus
  token per verification step) and the gauges vllm:spec_decode_draft_acceptance_rate and
  vllm:spec_decode_efficiency (both over the engine's life). (1) spec_residue on V0 node mx-h100-05 from 30
  min to end (as s3: aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted request,
  FB/NVML creep, KV flat; its KV under the V0 name). (2) session_isolation on V1 node mx-h100-02 from 40 min
  to end (2.0 %/min, KV under the V1 name). (3) benign/retry_burst on V0 node mx-h100-06 55-61 (as s6:
  arrivals x2.2, 25 % aborts, 6 % 5xx): a second abort-rate alert on a V0 spec node, with nothing growing.
  The fleet's KV and prefix-hit rules use V1 names, so they see only mx-h100-01..03.
s76_rolling_restart_reconnect_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min from 21:00
  UTC, no request log; rr-h100-04..06 export hostname/uuid. A rolling restart for an image bump (as s15):
  rr-h100-0k stops at 10 + 8 (k - 1) min (10, 18, 26, 34, 42, 50), drained 30 s before, process_start 30 s
  after, ready 100 s later; the gateway moves a drained node's conversations to the other five (kind 4, hit
  x0.25) and back. benign/warmup on each from its stop for 10 min. session_isolation on rr-h100-02 from 23
  min to end, inside its own warmup window (18-28) and while its peers keep restarting: acme-compliance's SDK,
  after the 503s of the drain, reconnects with its cached session ids and keeps reusing them (the ring pins
  them to rr-h100-02 again), 2.0 %/min of the pool (load-modulated) never reclaimed. The new engine's cold
  cache, the allocator's warm-up growth and the peers' spilled conversations all land on the leaking node in
  the leak's first half hour.
s77_xid_retry_storm_leak_peer: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 11:00
  UTC, no request log; rt-h100-04..06 export hostname/uuid. (1) other/xid_79 on rt-h100-03 GPU 1 from 45 min
  to end (as s5: XID event, the GPU falls off the bus, vLLM dies, the pod crash-loops). (2) The gateway
  retries the dead upstream's failed and timed-out requests on the two ring neighbours and clients retry on
  top: benign/retry_burst on rt-h100-02 and rt-h100-04, 45-55 min (as s6: arrivals x2.2, 25 % aborts, 6 %
  5xx) until outlier detection ejects rt-h100-03. (3) session_isolation on rt-h100-04 from 30 min to end
  (2.0 %/min, as s1): a storm peer that was already leaking, its KV floor ~0.3-0.4 when the storm lands. The
  storm's alerts (abort rate, upstream 5xx, TTFT) on both peers come with the XID's, and on rt-h100-04 the
  storm's extra load pushes the leak to pressure early; after the storm rt-h100-02 recovers and rt-h100-04
  does not.

Added later (s78-s81, a nineteenth outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------------
s78_nightly_cron_restart_leak_resumes: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 100 min from
  01:30 UTC, no request log; cr-h100-04..06 export hostname/uuid. session_isolation on cr-h100-03 from 12 min
  to end (2.0 %/min of the pool, load-modulated, as s1): ONE label window across a restart. Months ago someone
  "fixed" a memory problem on cr-h100-03 and cr-h100-05 with a CronJob (`0 2 * * *`) that does `kubectl
  rollout restart` on their two Deployments one after the other: drained restarts of cr-h100-03 at 30.0 min
  (02:00) and cr-h100-05 at 31.5 min (the job waits for the first rollout), conversations spilled to the peers
  (as s15), benign/warmup on each for 10 min from its stop. The restart lands halfway through the leak's
  growth (KV floor ~0.4 at 25-30 min) and frees it; the defect (acme-compliance reusing its 6 session ids) is
  untouched, so the leak starts again from the new engine's ready (32.17 min) and fills the pool by ~75 min.
  One fault: a correlator that resolves at the restart and opens a second incident afterwards, or reads the
  regrowth as warm-up, gets it wrong. As built: cr-h100-03's KV 5-min ranges 0.20-0.78 at 15, 0.42-0.95 at 25,
  0.13-0.79 at 35, 0.60-0.96 at 55, 0.93-0.99 at 75, 0.99 from 80 min; TTFT P99 windows from 29, 48 and 55 min
  (the last to the end); prefix hit low 72, preemptions 74, KV critical 79, KV high 81, fleet TTFT SLO 68 min;
  VLLMTargetDown at the two restarts. Labels: session_isolation cr-h100-03 12-100; benign/warmup cr-h100-03
  30-40 and cr-h100-05 31.5-41.5.
s79_draft_mismatch_vs_spec_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding, 4 tokens)
  on every node, Azure conv 2.5 req/s/node, 90 min from 09:00 UTC, no request log; dm-h100-04..06 export
  hostname/uuid. (1) A new fine-tune of the target model (same served name) is canaried on dm-h100-02 by a
  drained restart at 30 min (benign/warmup 30-40, conversations spilled to the peers); the 1B draft, distilled
  from the old revision, is left as it was, so from the new engine (ready 32.17 min) acceptance collapses:
  ~0.25 of 4 draft tokens accepted per step (DM_STEP 1.25 tokens per step instead of 3.2; acceptance ~0.06
  instead of ~0.55) and decode runs at DM_DEC 0.40 of its old speed (every step still pays the draft passes
  and the verification). other/spec_acceptance_collapse on dm-h100-02 from 32.17 min to end: running ~17 ->
  ~40-50, E2E latency alert from 39 min, KV 0.1-0.45, FB flat, aborts unchanged. (2) spec_residue on
  dm-h100-05 from 35 min to end (as s3: aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per
  interrupted request: FB ~74.04k -> ~75.06k MiB per GPU by the end, KV flat; abort alert from 46 min). Both
  faults live in the spec-decode metrics; only one is residue.
s80_frozen_vllm_stats_rss_oom: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100 min from 13:00
  UTC, 1 TiB hosts, the gateway's request log for every node (as s17: request_finished keeps flowing whatever
  vLLM exports, stall errors above 86 % host memory); fz-h100-04..06 export hostname/uuid. monitoring_gap on
  fz-h100-04 from 25 min to end: the API server's stats task dies on an exception (one tenant's request
  pattern) and /metrics keeps answering with the last values it had: up == 1, no VLLMTargetDown, every vLLM
  counter flat, gauges (running, waiting, KV usage) frozen, so no vLLM rule can fire. The same dead task no
  longer drains its unbounded queue of finished requests' stats: the serving process's RSS grows 2 %/min of
  host memory (load-proportional in reality, linear here, as s17) to an OOM kill at 98.5 % (55.5 min), a
  restart 15 s later, ready 100 s after that; the new process exports live values for FRZ_TRIGGER = 60 s, the
  tenant's retries kill its stats task again, /metrics freezes again (from 58.4 min) and RSS grows again (2nd
  OOM 87.3 min, frozen again from 90.2). The gateway log and GPU series stay live (GPU utilization follows the
  true load). As built: host used 0.40 -> 0.975 by 50-55 min, RSS 0.094 -> 0.69; NodeMemoryHighUtilization 51
  and 85, NodeOOMKillDetected 55 and 87, GatewayUpstream5xxRateHigh 54 and 86, fleet GatewayHigh5xxRate 57 and
  89, TTFT P99 (vLLM and gateway) at 60 min (cold start); nothing else on the node. Label: monitoring_gap
  fz-h100-04 25-100.
s81_gateway_timeout_cut_l40s_gpu_residue: 5 x 4 L40S, one Llama-3.1-8B + 1B draft server per GPU (records' gpu
  = its GPU, alerts' instance <pod ip>:800<gpu>), Azure conv 2.0 req/s/server, 90 min from 16:00 UTC, 512 GiB
  hosts, no request log; ts-l40s-04/05 export hostname/uuid. (1) At 30 min a gateway config push (an Envoy
  route timeout of 10 s replacing 120 s) reaches the whole fleet: the gateway resets the upstream stream of
  every answer still running at 10 s and vLLM aborts the request: aborts 1.5 -> 6 % on all 20 servers
  (modelled as 6 % of requests at random, cut at a uniform point), reclaimed as usual. benign/
  client_timeout_change on each of the five nodes from 30 min to end: VLLMRequestAbortRateHigh on every server
  from ~37 min, flapping around its 5 % threshold (~500 alert records). (2) spec_residue on ts-l40s-04 GPU 1
  (that server only) from 38 min to end: its reclaim of interrupted requests' draft state stops (as s39, the
  abort rate unchanged at the fleet's 6 %): FB on GPU 1 ~41.64k -> ~43.3k MiB by the end (~32 MiB/min), the
  other three GPUs flat; no alert of its own under the storm. Labels: benign/client_timeout_change
  ts-l40s-01..05 30-90; spec_residue ts-l40s-04 GPU 1 38-90.
Added later (s82-s85, a twentieth outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------------
s82_kv_offload_sidecar_host_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 10:00
  UTC, 1 TiB hosts, no request log; ko-h100-04..06 export hostname/uuid. A CPU KV-offload tier (an
  LMCache-style cache server, a sidecar container of the vLLM pod, its own process) is switched on by a values
  change on ko-h100-02 at 20 min and ko-h100-05 at 25 min: the store fills with the KV blocks the GPU pool
  evicts at OFFLOAD_RATE = 1.5 %/min of host memory up to its configured OFFLOAD_CAP = 0.15 of host memory
  (~154 GiB, reached after 10 min), then holds (LRU eviction). The serving process's RSS (proc_rss_bytes)
  never moves; host used rises ~0.40 -> ~0.55. (1) benign/kv_offload_fill on ko-h100-02 20-30 and ko-h100-05
  25-35 (the fill). (2) other/sidecar_memory_leak on ko-h100-05 from 35 min (its cap) to end: the sidecar
  image on that node has a broken eviction (evicted chunks are unlinked from the index but never freed), so it
  keeps growing at 1.5 %/min past the cap: NodeMemoryHighUtilization ~60 min, reclaim stalls slow vLLM above
  88 % (TTFT), and at 98.5 % of host memory the kernel OOM killer kills the largest process, the cache server
  (host oom_kill "lmcache-server", ~64 min), not vLLM; kubelet restarts it 20 s later, empty, and it fills and
  grows again. A correlator that reads the host-memory rise as the serving process's leak (its RSS is flat),
  or blames vLLM, gets it wrong. Labels: benign/kv_offload_fill ko-h100-02 20-30, ko-h100-05 25-35;
  other/sidecar_memory_leak ko-h100-05 35-90.
s83_weight_reload_canary_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 14:00
  UTC, no request log, vLLM KV events on every node; wr-h100-04..06 export hostname/uuid. wr-h100-03 is the
  canary of a continuous fine-tune: every RELOAD_EVERY = 15 min from 10 min (10, 25, 40, 55, 70, 85) it
  hot-reloads the trainer's newest checkpoint in place (no process restart, counters continue, same served
  model name): the shards are staged through host memory (+24 GiB RSS for ~2 min) and a GPU staging buffer
  (+2.5 GiB FB per GPU for ~75 s), the engine pauses RELOAD_PAUSE = 25 s for the swap (in-flight requests
  stall 25 s, arrivals queue: waiting up, TTFT up), then resets its prefix cache (a `kv_all_cleared` event):
  held session contexts are dropped (KV falls to the running requests), prefix hits fall to ~0 and recover
  (tau 240 s). (1) benign/ weight_reload on wr-h100-03 from 10 min to end. (2) session_isolation on the same
  canary from 45 min to end (acme-compliance's 6 reused session ids, 2.0 %/min of the pool, load-modulated, as
  s1): the reused ids' contexts are pinned by the session layer, so the resets free everything but them: a KV
  floor that ratchets up across the 15-min resets. Labels: benign/weight_reload wr-h100-03 10-90;
  session_isolation wr-h100-03 45-90.
s84_rag_tenant_shift_slow_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 09:00
  UTC, no request log, prefill 14k tokens/s per engine (TTFT includes the uncached prompt's prefill, as s36);
  rs-h100-04..06 export hostname/uuid. A tenant's assistant moves from short chat to retrieval-augmented
  answers (policy and contract search): on rs-h100-02 from 25 min (share 0.35 of its requests) and rs-h100-03
  from 28 min (share 0.30), ramping in over 10 min, each of its requests carries lognormal(median RAG_MED =
  5000, sigma 0.6) retrieved tokens (clipped 1.5k-24k) before the question, of which RAG_HIT = 0.10 are prefix
  hits (retrieval order varies; only a popular first chunk matches): prompt tokens x ~2.4, held KV scales with
  the token throughput (pre-shift reference, as s18), so the saw-tooth rises and stays reclaimed; TTFT P99
  above 0.8 s, prefix-hit ratio down. (1) benign/rag_migration on rs-h100-02 25-90 and rs-h100-03 28-90. (2)
  session_isolation on rs-h100-05 from 35 min to end at 1.2 %/min (as s1, slower): its KV floor creeps with
  running flat and prompts unchanged. Labels: benign/rag_migration rs-h100-02 25-90, rs-h100-03 28-90;
  session_isolation rs-h100-05 35-90.
s85_dcgm_hang_nvml_sees_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding), Azure conv
  2.5 req/s/node, 90 min from 18:00 UTC, no request log, NVML collected on every node; dh-h100-04..06 export
  hostname/uuid. dcgm-exporter's host engine hangs on dh-h100-04 at 20 min (its /metrics times out: no dcgm
  records, TargetDown{job="dcgm-exporter"}) until an operator restarts it at 40 min; on dh-h100-02 it hangs at
  50 and is restarted at 68 (nothing underneath; unlabelled, as s20's second hang). spec_residue on dh-h100-04
  from 24 min to end (as s3: aborts ramp 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted
  request, KV flat): the FB creep starts inside the DCGM hole but NVML's mem_used/proc_used see it all along,
  and DCGM resumes at 40 with FB already up. Not a monitoring gap: the GPU memory is watched the whole time.
  Labels: spec_residue dh-h100-04 24-90.
Added later (s86-s89, a twenty-first outsider, same clean-room rules; fixed BEFORE any build of them)
-----------------------------------------------------------------------------------------------------
s86_sparse_scrape_accelerating_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  10:00 UTC, no request log; sa-h100-04..06 export hostname/uuid. sa-h100-03 and sa-h100-05 form a cost-cut
  pool whose agent config scrapes vLLM every 60 s (nvml/dcgm/host as the fleet), and their vLLM records cross
  an overloaded regional relay that loses 5 % of them (Scenario.drop; the other sources lose the fleet's
  0.3 %). (1) session_isolation on sa-h100-03 from 30 min to end: acme-compliance's new SDK release, which
  reuses its cached session ids, is rolled out over its app pods, so the share of its traffic under reused ids
  grows: the never-reclaimed rate (load-modulated, as s1) starts at 0.6 %/min and grows linearly to 3.0 %/min
  at 60 min (Fault.accel), then holds: a KV floor that creeps for 15 min and then curves up (DESIGN: alert on
  the second derivative), seen through one KV sample a minute with holes. (2) benign/annual_report on
  sa-h100-05 35-80 (as s6: one ~45-min session whose context is held, a monotone climb), on the same sparse,
  lossy scrape. Labels: session_isolation sa-h100-03 30-90; benign/annual_report sa-h100-05 35-80.
s87_nvml_stale_clock_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding), Azure conv 2.5
  req/s/node, 90 min from 15:00 UTC, no request log; sk-h100-04..06 export hostname/uuid. sk-h100-03 and
  sk-h100-06 booted with an RTC 90 s slow; chronyd stepped their clocks after the node agent had started, and
  the agent's NVML collector converts its monotonic loop time to wall time with an offset it took once at
  start-up: every NVML record (samples and events) of those two nodes is stamped 90 s behind the node's other
  sources (Scenario.src_skew; dcgm, vllm, host and the alerts read the wall clock each time and are right; no
  clock alert, as the host clock is in sync). (1) spec_residue on sk-h100-03 from 25 min to end (as s3: aborts
  ramp 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted request, KV flat): its FB creep is
  in DCGM on time and in NVML 90 s early. (2) benign/retry_burst on sk-h100-06 50-56 (as s6: arrivals x2.2,
  25 % aborts, 6 % 5xx), the other skewed node. Labels: spec_residue sk-h100-03 25-90; benign/retry_burst
  sk-h100-06 50-56.
s88_long_context_adoption_3h: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 180 min from 06:00
  UTC, no request log, prefill 14k tokens/s per engine (as s84); lx-h100-04..06 export hostname/uuid. The
  product's "chat with your documents" feature is rolled out by percentage across the whole fleet from 15 min:
  the share of each node's requests that carry an attached document (lognormal median 5k tokens, clipped
  1.5-24k, 10 % of them prefix hits, as s84's retrieved chunks) grows linearly to 0.35 over 150 min
  (Fault.ramp) and holds: prompt tokens, held KV (pre-rollout reference), the saw-tooth's floor and peaks and
  TTFT all creep up slowly on every node, reclaim continuing. (1) benign/long_context_adoption on
  lx-h100-01..06 from 15 min to end. (2) session_isolation on lx-h100-04 from 75 min to end at 0.7 %/min (as
  s1, load-modulated, so it quickens a little as the documents' tokens grow): its floor ratchets while its
  peers' floors only drift. Labels: benign/long_context_adoption lx-h100-01..06 15-180; session_isolation
  lx-h100-04 75-180.
s89_guided_decoding_gpu_leak_vs_residue: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  12:00 UTC, no request log; speculative decoding (1B draft) on gd-h100-01..03 only; gd-h100-04..06 export
  hostname/uuid. (1) other/gpu_memory_leak on gd-h100-05 (no draft model) from 25 min to end: a
  structured-output tenant goes live on a vLLM patch release whose grammar cache keeps every compiled JSON
  schema's token bitmasks on the GPU and never evicts them: 120 MiB/min per GPU outside the KV pool (fault
  kind fb_leak, as s20's, here fully monitored), FB ~74.1k MiB -> GPUFramebufferHigh (> 0.95) from ~54 min,
  headroom gone ~86 min -> CUDA-OOM errors (30 %); aborts stay at the fleet's 1.5 %, KV flat. (2) spec_residue
  on gd-h100-02 from 35 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB per interrupted request). Two
  GPU memory creeps outside the pool; only the one on a node with a draft model and an abort rise is residue.
  Labels: other/gpu_memory_leak gd-h100-05 25-90; spec_residue gd-h100-02 35-90.
Added later (s90-s93, a twenty-second outsider, same clean-room rules; fixed BEFORE any build of them)
------------------------------------------------------------------------------------------------------
s90_sleep_mode_eval_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 09:00 UTC, no
  request log; sm-h100-04..06 export hostname/uuid. A GPU-sharing controller puts vLLM to sleep (level 1:
  POST /sleep) on sm-h100-02 at 20 and 50 min and on sm-h100-05 at 35 min, each for SLEEP_MIN = 12 min, to
  run an evaluation Job on the same GPUs, then wakes it (POST /wake_up). The gateway drains the node 30 s
  before; its load goes half to each ring neighbour (-01/-03 for -02, -04/-06 for -05) and comes back with
  tau 300 s after the wake. Asleep, the process stays up and /metrics answers (running/waiting 0, KV 0,
  counters flat, no engine_start at the wake); the weights are offloaded to pinned CPU memory (RSS +131.4
  GiB, copied in ~20 s), the KV pool is discarded: FB per GPU falls to SLEEP_FB = 1.1k MiB (CUDA context),
  and the eval Job holds EVAL_MIB = 52 GiB per GPU from sleep + 40 s to wake - 40 s (+25 % utilization
  once loaded). At the wake the weights go back (RSS down) and the pool is re-allocated (FB to the pool
  line); the prefix cache starts empty (hits recover, tau 240 s) and TTFT has the cold factor of a start.
  (1) benign/sleep_mode on sm-h100-02 20-42 and 50-72 and on sm-h100-05 35-57 (each sleep to 10 min after
  its wake). (2) session_isolation on sm-h100-02 from 35 min to end (acme's reused session ids, 2.0 %/min,
  load-modulated, as s1): the 50-min sleep discards the leaked contexts with the rest of the pool, and the
  leak starts over after the 62-min wake. Labels: benign/sleep_mode sm-h100-02 20-42, 50-72, sm-h100-05
  35-57; session_isolation sm-h100-02 35-90.
s91_scale_out_cold_node_residue: 6 x 4 H100 (+2 joining), Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 07:00 UTC, no request log; so-h100-04..08 export
  hostname/uuid. A scheduled scale-out ahead of the morning peak: the cluster-autoscaler adds so-h100-07 at
  30 min and so-h100-08 at 32 min (fault kind join): no record of them before (in no scrape config, no
  TargetDown); their agent collects from the join, the vLLM pod's process starts 90 s later (image pull) and
  is ready 100 s after that, and the gateway's ring sends new sessions to them (tau 300 s). The six old
  nodes keep 0.75 of their arrivals from 31 min (shift). (1) benign/scale_out so-h100-07 30-45 and so-h100-08
  32-47. (2) spec_residue on so-h100-08 from its engine's ready (35.17 min) to end: the new node pool's image
  keeps every interrupted request's 4.7 MB of draft state; its clients abort a steady 3 % (Fault.abort, no
  ramp, no alert): a node with no healthy history of its own whose FB creeps from its first minute.
  Labels: benign/scale_out so-h100-07 30-45, so-h100-08 32-47; spec_residue so-h100-08 35.17-90.
s92_batch_cancel_bursts_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding everywhere),
  Azure conv 2.5 req/s/node, 90 min from 13:00 UTC, no request log; cb-h100-04..06 export hostname/uuid. A
  document-pipeline tenant runs batch work (batch_job, 2.0 req/s of 3-8k-token documents) on cb-h100-02 and
  cb-h100-05 from 20 min, and its orchestrator cancels every in-flight request of a job when it kills or
  retries the job: rare, large abort bursts (fault kind cancel_burst, Fault.runs) on cb-h100-02 at 24, 37, 46,
  61, 77 min and on cb-h100-05 at 27, 40, 52, 64, 75, 86 min (~30 requests aborted at once, ~140 MB of draft
  state per burst per node; the 5-min abort share stays under the 5 % rule). (1) benign/batch_cancel_bursts
  on cb-h100-02 20-90: the draft state is reclaimed (tau 90 s), so FB spikes and falls back. (2) spec_residue
  on cb-h100-05 from 25 min to end (aborts at the fleet's steady 1.5 %, Fault.abort, plus the bursts): reclaim
  stops, so every burst leaves a step: an FB staircase. Labels: benign/batch_cancel_bursts cb-h100-02 20-90;
  spec_residue cb-h100-05 25-90.
s93_driver_upgrade_prof_loss_gpu_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  11:00 UTC, no request log; dv-h100-04..06 export hostname/uuid. The GPU operator rolls a driver upgrade
  (570.133.20 -> 570.172.08) over dv-h100-02, -04 and -06 at 20, 30 and 40 min (fault kind drv_roll): the
  node is drained, the vLLM pod stopped (no vLLM target), the driver swapped from +0.5 to +4.5 min (no NVML,
  no DCGM: driver_upgrade), the pod started at +5 min and ready 100 s later. On the new driver the exporter's
  older DCGM cannot load its profiling module: from the swap on, those nodes' DCGM samples carry no
  DCGM_FI_PROF_* fields (Node.prof_lost; FB, utilization, power and temperature still there). (1)
  benign/driver_upgrade on dv-h100-02 20-36.67, dv-h100-04 30-46.67, dv-h100-06 40-56.67 (stop to 10 min after
  the ready). (2) other/gpu_memory_leak on dv-h100-04 from its new engine's ready (36.67 min) to end: the new
  driver leaks device memory at every CUDA-graph re-capture, 60 MiB/min per GPU outside the KV pool (fb_leak),
  on top of the allocator warm-up after the start: FB ~74.1k -> ~77.3k MiB by the end (GPUFramebufferHigh
  late), KV, aborts and latency normal. Labels: benign/driver_upgrade dv-h100-02 20-36.67, dv-h100-04
  30-46.67, dv-h100-06 40-56.67; other/gpu_memory_leak dv-h100-04 36.67-90.
Added later (s94-s97, a twenty-third outsider, same clean-room rules; fixed BEFORE any build of them)
------------------------------------------------------------------------------------------------------
s94_h200_fleet_residue_checkpoint_retry: 6 x 4 H200 (141 GB HBM3e: 143,771 MiB, 637 MiB reserved assumed; 700
  W), Llama-3.3-70B TP4 + 1B draft (speculative decoding everywhere), Azure conv 4.0 req/s/node (the bigger
  KV pool, ~1.15M tokens, serves more), held-context saw-tooth amplitude 0.06-0.11 (Node.amp: the same
  contexts are a smaller share of a 2.7x pool), 90 min from 14:00 UTC, no request log; hb-h200-04..06 export
  hostname/uuid. Every framebuffer figure is a smaller share of the GPU than on the H100 fleets: a MiB of
  growth is 0.57x the percentage. (1) spec_residue on hb-h200-03 from 30 min to end (as s3: aborts ramp 1.5
  -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted request, KV flat): ~0.48 aborts/s, ~32
  MiB/min per GPU, FB ~+1.9 GiB per GPU by the end (~1.3 % of the framebuffer, far from GPUFramebufferHigh
  and from CUDA-OOM: ~14 GiB headroom); the abort-rate alert is its only alert. (2) benign/checkpoint_load on
  hb-h200-05 45-50 (as s6: RSS +24 GiB, FB +2.5 GiB per GPU for ~90 s). (3) benign/retry_burst on hb-h200-01
  60-66 (as s6: arrivals x2.2, 25 % aborts, 6 % 5xx: an abort alert too, but no FB creep and no draft state
  kept). Labels: spec_residue hb-h200-03 30-90; benign/checkpoint_load hb-h200-05 45-50; benign/retry_burst
  hb-h200-01 60-66.
s95_diurnal_5h_late_slow_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.45 req/s/node before the day's traffic,
  300 min (5 h) from 07:00 UTC, no request log; dn-h100-04..06 export hostname/uuid; GPU utilization relative
  to the first 10 min (Node.uref_min). The day's traffic on every node (new fault kind diurnal): extra
  arrivals of the same users (kind 0, as s32's ramp) with a share of their peak 0.5 - 0.5 cos(2 pi (t - 10
  min) / 280 min) from 10 to 290 min (x1 at 10, the peak at 150 min = 09:30 UTC, x1 again at 290), peaks x2.3,
  x2.5, x2.7, x2.4, x2.6, x2.5 on dn-h100-01..06; held KV scales with the absolute load (reference: the
  first 10 min), so every node's saw-tooth rises and falls with the day. (1) benign/diurnal_traffic on
  dn-h100-01..06 10-290. (2) session_isolation on dn-h100-05 from 210 min to end at 0.5 %/min
  (load-modulated, as s1: ~0.95 %/min at 210 min falling to ~0.5 %/min by 290 as the afternoon ebbs): one
  node whose floor ratchets up while every peer's floor falls with its load, late in a long recording.
  Labels: benign/diurnal_traffic dn-h100-01..06 10-290; session_isolation dn-h100-05 210-300.
s96_misconfigured_temp_rule_storm_throttle: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 13:00 UTC, no request log; mt-h100-04..06 export hostname/uuid. At 20 min a PrometheusRule change
  copied from an A10 inference pool's rule set gives GPUTemperatureHigh the threshold 45 C instead of 85 C
  (Scenario.temp_rule = (20, 45); same alertname, labels and `for: 5m`, its description expression reads
  "> 45"): from ~25 min it fires on nearly every one of the 24 GPUs (temperature 31 + 0.38 x utilization,
  ~50-58 C under load), re-sent every minute, and flaps on GPUs whose utilization dips: a fleet-wide alert
  storm with no fault. (1) benign/misconfigured_rule on mt-h100-01..06 20-90. (2) other/thermal_throttle on
  mt-h100-04 GPU 1 from 50 min to end (as s47: its fan fails, ~87 C, SM clock 0.45, its TP4 group slowed:
  running up, KV high, preemptions, TTFT): its own GPUTemperatureHigh alert has been firing under the bad
  rule since ~25 min with the same labels and fingerprint, so the real overheating adds no new alert of that
  name; only the engine-level alerts and the telemetry (87 C against ~55 C on its siblings, clock and power
  down) tell it apart. Labels: benign/misconfigured_rule mt-h100-01..06 20-90; other/thermal_throttle
  mt-h100-04 GPU 1 50-90.
s97_rule_group_loss_gateway_only_alerts: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  10:00 UTC, no request log; rl-h100-04..06 export hostname/uuid. At 15 min a Helm upgrade of the platform's
  monitoring chart renames its PrometheusRule objects, and the new ones do not match the Prometheus
  ruleSelector: from 15 min every vLLM, DCGM, node, kube and per-upstream gateway rule is no longer evaluated
  (Scenario.rules_lost = (15, every rule but the two below); alerts firing then are not re-sent and get no
  `resolved`). Only the SRE team's fleet-level gateway rules, from another chart, remain:
  GatewayP99LatencySLOBreach and GatewayHigh5xxRate, which name no node (node "-"). Every agent source is
  still collected. (1) session_isolation on rl-h100-03 from 25 min to end at 2.5 %/min (as s1,
  load-modulated): the pool fills by ~60 min, then preemptions and TTFT P99 ~2 s on that node, seen in
  alerts only as the fleet's TTFT SLO breach. (2) other/xid_79 on rl-h100-05 GPU 2 from 55 min to end (as s5:
  XID event, one last DCGM sample with XID_ERRORS = 79, that GPU's DCGM/NVML stop, vLLM dies 25 s later and
  crash-loops): no GPUXidErrors, TargetDown or crash-loop alert; at most a fleet 5xx blip. (3)
  benign/warmup on rl-h100-01 40-50 (a planned drained restart: engine_start, counters reset, cold cache).
  Labels: session_isolation rl-h100-03 25-90; benign/warmup rl-h100-01 40-50; other/xid_79 rl-h100-05 GPU 2
  55-90.
Added later (s98-s101, a twenty-fourth outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s98_prompt_caching_rollout_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 10:00
  UTC, no request log; pc-h100-04..06 export hostname/uuid. A tenant switches on the platform's prompt-caching
  feature (fault kind prompt_cache): its requests (a share f.rate of the node's) mark their system prompt and
  tool definitions cacheable, and the serving stack pins those prefix blocks for a PC_TTL = 300 s TTL,
  refreshed on every hit. On pc-h100-02 from 20 min (f.rate 0.40, f.cap 0.22) and pc-h100-05 from 25 min
  (0.35, 0.18): the pinned prefixes fill to f.cap of the pool (1 - exp(-dt / PC_TTL), +-5 % wobble, no sweep
  frees them), so the KV saw-tooth's floor and peaks step up by ~0.2 in ~10 min and then hold; that tenant's
  prefix hits rise to PC_HIT = 0.8 of its prompt (node hit ratio ~0.15 -> ~0.4) and its TTFT falls by a
  quarter. (1) benign/prompt_caching_rollout on pc-h100-02 20-90 and pc-h100-05 25-90 (KV higher for good,
  running flat: a leak's look). (2) session_isolation on pc-h100-02 from 45 min to end at 1.8 %/min (as s1,
  load-modulated): on top of the new plateau its floor ratchets on, the pool full by ~80-85 min. Labels:
  benign/prompt_caching_rollout pc-h100-02 20-90, pc-h100-05 25-90; session_isolation pc-h100-02 45-90.
s99_host_clock_stuck_rss_oom: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 16:00 UTC,
  1 TiB hosts, no request log; hc-h100-04..06 export hostname/uuid. On hc-h100-04 the node agent's host
  collector stamps its records from a cached clock that a ticker refreshes; the ticker dies at 18 min
  (Scenario.stuck): from then every `host` record of that node (samples and oom_kill / process_start events)
  carries the 18-min stamp while its values keep changing and its seq keeps counting (the other sources and
  the alerts are stamped right; the host clock itself is in sync: no clock alert). (1) monitoring_gap on
  hc-h100-04 from 18 min to end: from 24 min the serving process's RSS grows 2 %/min of host memory
  (rss_leak, as s17) to an OOM kill at 98.5 % (~54 min), restart, and again (~85 min); reclaim stalls slow
  requests above 88 %. Its only timely host-memory view is Prometheus's (NodeMemoryHighUtilization,
  NodeOOMKillDetected). (2) benign/checkpoint_load on hc-h100-02 50-55 (as s6: RSS +24 GiB, FB +2.5 GiB for
  ~90 s). Labels: monitoring_gap hc-h100-04 18-90; benign/checkpoint_load hc-h100-02 50-55.
s100_a100_40gb_near_full_pool_rank_leak: 6 x 4 A100-SXM4-40GB (40,960 MiB, 545 reserved assumed, 400 W),
  Mistral-Small-24B TP2, two data-parallel engines per node (engine "0" on GPUs 0-1, "1" on 2-3, gpu null),
  Azure conv 3.0 req/s/engine, 90 min from 08:00 UTC, 512 GiB hosts, no request log; a40-node-04..06 export
  hostname/uuid. Small framebuffers: ~22 GiB of weights per GPU leave a ~138k-token pool per engine, and the
  held-context saw-tooth has amplitude 0.45-0.55 (Node.amp): in normal operation the pool peaks at ~0.7-0.99
  on every engine, with the odd preemption and KV-usage alert. (1) session_isolation on a40-node-03 engine "1"
  only (Fault.inst = 2, label gpu null) from 30 min to end at 1.5 %/min (as s10, load-modulated): its floor
  ratchets from ~0.2 and its peaks saturate within ~20 min (preemptions, TTFT), its floor full by ~85 min;
  engine "0" of that node stays healthy. (2) benign/retry_burst on a40-node-05 50-56 (as s6: arrivals x2.2,
  25 % aborts, 6 % 5xx): on a near-full pool the extra load saturates both its engines for a few minutes.
  Labels: session_isolation a40-node-03 30-90; benign/retry_burst a40-node-05 50-56.
s101_embedding_colocated_reindex_vs_leak: 6 x 4 H100, Llama-3.3-70B TP4 at gpu_memory_utilization 0.80, Azure
  conv 2.5 req/s/node, 90 min from 12:00 UTC, no request log; eb-h100-04..06 export hostname/uuid. Every node
  also runs a small embedding server (a text-embeddings-inference pod, bge-m3) on GPU 3 beside the chat
  engine's rank 3: it holds EMB_MIB = 3 GiB there (+4 % utilization) for the whole recording (fault kind
  embed, no label); it has no vLLM endpoint and no records of its own, only GPU 3's FB, NVML proc_used and
  utilization show it. (1) benign/embedding_reindex on eb-h100-03 GPU 3 20-48: the nightly vector-store
  re-index sends large batches; the embedding server's allocator steps up EMB_STEP = 1 GiB every 3 min from 20
  to 38 min (+7 GiB, +30 % utilization), holds to 45 and frees it over 20 s at the job's end (empty_cache on
  idle): FB GPU 3 ~69.0k -> ~76.2k MiB (0.946, under GPUFramebufferHigh), the other three GPUs flat.
  (2) other/colocated_process_leak on eb-h100-05 GPU 3 from 25 min to end: a new embedding-server image keeps
  a CUDA graph for every padded batch shape it sees, 240 MiB/min on GPU 3 (embed_leak): FB GPU 3 ~69.0k ->
  the framebuffer's end by ~75 min (GPUFramebufferHigh from ~63), and once the chat engine's rank 3 has < 256
  MiB for its activations ~30 % of the engine's requests fail (CUDA OOM) from ~77 min (error-rate alerts);
  KV, aborts and the other GPUs normal. Labels: benign/embedding_reindex eb-h100-03 GPU 3 20-48;
  other/colocated_process_leak eb-h100-05 GPU 3 25-90.
Added later (s102-s105, a twenty-fifth outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s102_gsp_timeout_xid119_nvml_hang: 6 x 8 H100, one vLLM server per node with two data-parallel TP4 ranks
  (engine "0" on GPUs 0-3 with Azure conv, "1" on 4-7 with Azure code, 6 req/s/engine, gpu null),
  Llama-3.3-70B, 90 min from 09:00 UTC, no request log; gx-h100-04..06 export hostname/uuid. (1) other/xid_119
  on gx-h100-04 GPU 6 from 38 min to end (fault kind gsp_hang): the GPU's GSP firmware stops answering the
  driver's RPCs. The agent's XID listener still gets the driver's events: XID 119 ("Timeout after 6s of
  waiting for RPC response from GPU6 GSP!") at +0.3 s and +6.3 s, then XID 154 (recovery action "Node Reboot
  Required") at +12.5 s. From +2 s (GSP_STALL) every NVML call on the node blocks: the agent's NVML collector
  sends nothing more for any of the 8 GPUs, and dcgm-exporter, whose field updates block the same way, keeps
  serving its last snapshot (every DCGM value of all 8 GPUs frozen, no XID field, its target up: no
  DCGMTargetDown, no GPUXidErrors). Rank 1 hangs in its TP group's all-reduce and the DP ranks step together,
  so the whole server hangs (as s53: /metrics frozen, the gateway times every request out: 5xx) until NCCL's
  watchdog kills it at 48 min (HANG_S); every new process then fails its CUDA init (CrashLoopBackOff, 10 s
  doubling to 300 s, never ready: VLLMTargetDown, KubePodCrashLooping). GPU 6 stays on the bus (not an XID
  79). (2) benign/warmup on gx-h100-01 20-30 (a planned drained restart). (3) Unlabelled: gx-h100-02's NVML
  collector deadlocks on the agent's own mutex at 50 min and is restarted by the agent's watchdog at 64 min
  (fault kind nvml_hang: no nvml records 50-64, seq continuing; DCGM, vLLM and host normal, no alert): a
  silent source with no fault behind it. Labels: benign/warmup gx-h100-01 20-30; other/xid_119 gx-h100-04
  GPU 6 38-90.
s103_mixed_h100_h200_long_generation_leak: one pool behind one gateway, Llama-3.3-70B TP4, 90 min from 14:00
  UTC, no request log: 3 x 4 H100 (hy-h100-01..03, Azure conv 2.5 req/s/node, a 463k-token pool) and 3 x 4
  H200 (hy-h200-01..03, 143,771 MiB as s94, Azure conv 4.0 req/s/node as the gateway weights them by
  capacity, a ~1.18M-token pool, saw-tooth amplitude 0.06-0.11, export hostname/uuid). (1)
  benign/long_generation on hy-h100-02 25-45 and 55-75 (fault kind long_gen): a research tenant's report
  generator sends a batch of 8 long-form requests within 60 s at 25 and at 55 min (a 4-8k-token brief and
  LG_MIN-LG_MAX = 20-28k tokens of report each, max_tokens 32768; kind 12). At ~30 tokens/s each runs ~11-16
  min and its KV grows token by token (`gen_kv`): KV usage climbs steadily above the saw-tooth while running
  stays flat (+8 from the batch's first minute), then falls as they finish (~36-42 / ~66-72 min) and the
  sweep reclaims their contexts: a leak's look, twice (KV ~0.2 -> ~0.6 by 36-37 and by ~68 min, back to the
  saw-tooth by ~41 and ~70). (2) session_isolation on hy-h200-02 from 35 min to end at 1.2 %/min of the H200
  pool (as s1, load-modulated; in tokens about the rate of a 3 %/min leak on an H100), on the H200 half of
  the fleet: its floor ~0.06 at 35 -> ~0.5 at 60 -> ~0.72 at 85, never above 0.9 (no alert in the whole
  recording). Labels: benign/long_generation hy-h100-02 25-45 and 55-75;
  session_isolation hy-h200-02 35-90.
s104_alertmanager_webhook_grouped_alerts: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 11:00 UTC, 1 TiB hosts, no request log; wh-h100-04..06
  export hostname/uuid. Every alert reaches the correlator through an Alertmanager webhook receiver instead
  of straight from Prometheus (Scenario.webhook = (30, 300, 43200) s; `webhook_sends`): the route groups by
  `namespace` (kube-prometheus's default: every vLLM and kube alert in "inference"; node, GPU and gateway
  alerts in the group without one), group_wait 30 s, group_interval 5 min, repeat_interval 12 h,
  send_resolved on. A firing alert is not re-sent every minute: it comes in the notification that first
  lists it (30 s to 5 min after it fires) and again only in later notifications of its group, each of which
  lists every alert then in the group (firing ones with endsAt "0001-01-01T00:00:00Z", Go's zero time, as
  the webhook hides an end not yet reached; resolved ones once, with their end). Alerts of unrelated nodes
  arrive together, and an old alert comes again whenever another alert of its group changes. (1)
  spec_residue on wh-h100-03 from 25 min to end (as s3: aborts 1.5 -> 12 %, reclaim stops). (2)
  monitoring_gap on wh-h100-05 from 30 min to end (as s17: its vLLM /metrics unreachable from 30 (TargetDown);
  from 34 min the serving process's RSS grows 2.5 %/min of host memory to an OOM kill at 98.5 % (~58 min),
  restart, and again (~84 min)). (3) benign/retry_burst on wh-h100-01 45-51 (as s6: arrivals x2.2, 25 %
  aborts, 6 % 5xx): its abort alert shares the "inference" group with wh-h100-03's. Labels: spec_residue
  wh-h100-03 25-90; monitoring_gap wh-h100-05 30-90; benign/retry_burst wh-h100-01 45-51.
s105_l4_small_fb_residue_oom_sibling_leak: 6 x 4 L4 (24 GB GDDR6: 23,033 MiB, 470 reserved, as in the L4
  capture, 72 W; DCGM_FI_DEV_MEMORY_TEMP 0 as captured: no memory sensor), one Llama-3.1-8B-Instruct-FP8 + 1B
  draft server per GPU (engine "0", records' gpu = the GPU, ports 8000-8003; 8.5 GiB of weights: a ~48k-token
  pool per GPU), Azure conv 1.2 req/s/server, decode at L4_DEC = 0.6 of the speed used elsewhere, 90 min from
  08:00 UTC, 192 GiB hosts, no request log; l4-node-04..06 export hostname/uuid. The small pool makes the
  healthy held-context saw-tooth larger (amplitude 0.30-0.40: KV ~0.1 -> ~0.5-0.9, now and then full, with
  short TTFT P99 alerts on healthy servers), and the framebuffer leaves only ~1.8 GiB above vLLM's
  reservation. (1) spec_residue on l4-node-03 GPU 1 (that server only) from 30 min to end (as s3:
  aborts 1.5 -> 12 % over 8 min, 4.7 MB of draft state per interrupted request, reclaim stops): ~39 MiB/min
  of that GPU's framebuffer, so FB GPU 1 (~20.8k MiB) crosses 95 % within ~25 min (GPUFramebufferHigh ~57
  min), and once less than 256 MiB is left for activations (~78 min) ~30 % of that server's requests fail
  with CUDA OOM (error-rate alert ~81, node 5xx ~83 min); the framebuffer is full from ~80 min.
  (2) session_isolation on l4-node-03 GPU 3 (the sibling server) from 45 min to end at 2.5 %/min (as s14,
  load-modulated): two causes on one node, on two GPUs, overlapping from 45 min. (3) benign/retry_burst on
  l4-node-05 60-66 (all four servers: arrivals x2.2, 25 % aborts, 6 % 5xx): its aborts' draft state is
  reclaimed (FB up a few hundred MiB during the burst, then back). Labels: spec_residue l4-node-03 GPU 1
  30-90; session_isolation l4-node-03 GPU 3 45-90; benign/retry_burst l4-node-05 60-66.

Added later (s106-s109, a twenty-sixth outsider, same clean-room rules; fixed BEFORE any build of them)
-------------------------------------------------------------------------------------------------------
All four set `Node.step_gen`: vLLM's generation-token and spec-decode counters advance per second of each
request's decode (from its first token to its end, as vLLM counts them per engine step), not at its end.
s106_h200_dp2_rank_leak_checkpoint: 4 x 8 H200 (143,771 MiB), one vLLM server per node with two data-parallel
  TP4 ranks (engine "0"/"1", gpu null), Llama-3.3-70B, Azure conv (rank 0) + code (rank 1) 6 req/s/engine,
  90 min from 10:00 UTC; hr-h200-03/-04 export hostname/uuid. (1) session_isolation on hr-h200-03, rank
  engine "1" only, from 30 min to end at 1.0 %/min of a ~1.15M-token rank pool (as s10; rank 0 healthy).
  (2) benign/checkpoint_load on hr-h200-01 50-55 (as s6: RSS +24 GiB, FB +2.5 GiB for ~90 s).
  Labels: session_isolation hr-h200-03 30-90; benign/checkpoint_load hr-h200-01 50-55.
s107_a100_residue_then_scrape_block: 5 x 4 A100-SXM4-80GB, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.0
  req/s/node, 90 min from 13:00 UTC, 1 TiB hosts; ar-a100-04/-05 report the DCGM blank sentinel. Two causes
  overlapping on one node: (1) spec_residue on ar-a100-02 from 20 min to end (as s3: aborts 1.5 -> 12 %
  over 8 min, 4.7 MB per interrupted request kept); (2) from 45 min its vLLM /metrics is unreachable
  (scrape_block, as s17) and from 49 min the serving process's RSS grows 2 %/min of host memory to an OOM
  kill and restart, so the residue's vLLM evidence (aborts) vanishes mid-fault while FB still creeps.
  Labels: spec_residue ar-a100-02 20-90; monitoring_gap ar-a100-02 45-90.
s108_quiet_night_2h_steady_abort_residue: 5 x 2 H100, Mistral-Small-24B TP2 + 1B draft, Azure code 4.0
  req/s/node, 120 min from 00:30 UTC, 512 GiB hosts, vLLM/DCGM/host every 15 s; a relay loses 4 % of
  nq-h100-02's dcgm samples, nq-h100-05's host collector stamps 30 s ahead (both unlabelled). One subtle
  fault: spec_residue on nq-h100-04 from 70 min to end with a steady 2 % abort rate all recording long
  (as s16: no abort spike; reclaim stops at 70, ~10 MiB/min/GPU). Label: spec_residue nq-h100-04 70-120.
s109_tight_ttft_rule_agent_batch_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min from
  15:00 UTC; tq-h100-04..06 export hostname/uuid. The fleet's TTFT rules were deployed with the premium
  tier's 0.35 s threshold for 0.8 s (ttft_slo 0.35): TTFT alerts on every node (unlabelled, a rule quirk).
  (1) benign/agentic_sessions on tq-h100-02 20-75 (as s38: 4 coding-agent sessions whose contexts stay in
  the pool until the client deletes them); (2) session_isolation on tq-h100-05 from 35 min to end at
  1.5 %/min. Labels: benign/agentic_sessions tq-h100-02 20-75; session_isolation tq-h100-05 35-90.

Added later (s110-s113, a twenty-seventh outsider, same clean-room rules; fixed BEFORE any build of them)
---------------------------------------------------------------------------------------------------------
The figures below are estimates made before the build.
s110_cache_salt_hit_collapse_prober_leak: 6 x 4 H100, Qwen2.5-72B TP4 (a ~450k-token pool), Mooncake 0.75
  req/s/node (prefix-cache hit ratio ~0.37, the corpus's highest), 90 min from 09:00 UTC, request log ON on
  every node (request_finished with tenant / session / cached_tokens); ch-h100-04..06 export hostname/uuid.
  Unlabelled, all recording on every node: a synthetic SLO prober (fault kind prober, kind 13) sends one
  fixed request every 30 s (PROBE_P = 512 prompt tokens, all but the last block cached, max_tokens PROBE_G =
  32, so it ends `length`) under ONE session id per node (tenant slo-prober, session synthetic-<node>): ~180
  turns of one reused session id per node in the log, with a context of ~0.1 % of the pool, so nothing
  accumulates. (1) benign/cache_salt_rollout on ch-h100-04 from 25 min to end: the retail-bank tenant's
  mobile assistant starts sending a per-user `cache_salt` (vLLM's prefix-cache isolation; fault kind
  cache_salt): 60 % of the node's trace requests (kind 14, ramped in over 5 min) keep only SALT_KEEP = 5 %
  of their prefix hits, and the shared prefixes they no longer hit are prefilled again (RECOMPUTE_TPS): the
  node's hit ratio ~0.37 -> ~0.16 (under half its baseline: VLLMPrefixCacheHitRateLow from ~40 min), TTFT
  P99 up by seconds on long prompts (TTFT alerts from ~28-32 min); KV, running and memory unchanged. A
  neighbour's cache-hit collapse with alerts, and no fault. (2) session_isolation on ch-h100-05 from 30 min
  to end at 1.5 %/min (as s1, load-modulated; acme-compliance's 6 reused ids in its log beside the
  prober's): on the high-hit node the floor ratchets from ~0.15 to a full pool by ~85 min; its hit ratio
  holds at ~0.37 until KV passes ~0.7 (~65 min), then falls; KV alerts late (~80+). Labels:
  benign/cache_salt_rollout ch-h100-04 25-90; session_isolation ch-h100-05 30-90.
s111_autoscale_agentless_spot_node_leaks: 6 x 4 H100 + 3 joining, Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 1 TiB hosts, 120 min from 06:30 UTC, no request log; sc-h100-04..09 export hostname/uuid.
  Before the EU business day the cluster autoscaler adds three nodes (fault kind join, as s91: nothing of
  a node before its join, vLLM process JOIN_PULL s later, ready JOIN_LOAD s after that, counters from zero,
  cold cache, allocator warm-up, sessions moving in with tau 300 s): sc-h100-07 at 30.0 and sc-h100-08 at
  30.5 min from the on-demand node group, sc-h100-09 at 32.0 min from the spot group, whose extra taint the
  node agent's DaemonSet does not tolerate (the GPU operator's dcgm-exporter and node-exporter tolerate every
  taint): sc-h100-09 has NO agent (Node.agent False), only its Prometheus alerts reach the correlator. From
  31 min the gateway's ring gives the six old nodes 0.67 of their arrivals (fault kind shift; held KV
  scales with the load, so their saw-tooth floors fall). (1) benign/scale_out on sc-h100-07 30-45 and
  sc-h100-08 30.5-45.5 (new nodes warming up, every counter starting from zero). (2) monitoring_gap on
  sc-h100-09 from its join (32 min) to end: a vision client the gateway's least-loaded routing sends to the
  emptiest node fills the API server's multimodal input cache, which never evicts: from 48 min the serving
  process's RSS grows 2 %/min of host memory (rss_leak, as s17) to an OOM kill at 98.5 % (~78 min),
  restart, and again (~110 min); seen only through NodeMemoryHighUtilization (~75), NodeOOMKillDetected
  and, with reclaim stalls above 88 %, its vLLM TTFT / E2E and the gateway 5xx alerts. (3) session_isolation
  on old node sc-h100-03 from 55 min to end at 1.5 %/min (load-modulated against the pre-scale-out load,
  so ~1.0 %/min): its floor ~0.1 at 55 -> ~0.7 by 120 while the other old nodes' floors have fallen; little
  or no alert. (4) benign/annual_report on sc-h100-05 60-105 (as s6: one ~45-min session, 30k tokens +1.5k
  per turn held: ~0.26 of the pool by 105). Labels: benign/scale_out sc-h100-07 30-45, sc-h100-08 30.5-45.5;
  monitoring_gap sc-h100-09 32-120; session_isolation sc-h100-03 55-120; benign/annual_report sc-h100-05
  60-105.
s112_eagle_residue_oom_restarts_ngram_cancels: 10 single-GPU L40S nodes (a cloud's 1 x L40S instance type,
  256 GiB hosts), one Llama-3.1-8B server each (engine "0", gpu null) at gpu_memory_utilization 0.95, Azure
  conv 3.0 req/s/node, 100 min from 10:00 UTC, no request log. Speculative decoding everywhere, of two
  kinds: sd-l40s-01..05 with an EAGLE-3 head (Node.spec_mib = 850 MiB of weights; 4 tokens per step, ~2.2
  accepted, decode x1.8, as the draft models elsewhere; a ~192k-token pool), sd-l40s-06..10 (exporting
  hostname/uuid) with n-gram prompt lookup (Node.ngram: spec_mib 0, a proposal on ~30 % of steps,
  NG_ACC = 1.4 of 4 accepted, decode x NG_SPEED = 1.3; no draft model, so no draft state to leave behind).
  At 0.95 only ~1.7 GiB of each GPU lies above vLLM's reservation. (1) spec_residue on sd-l40s-03 (EAGLE)
  from 25 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted
  request, ~97 MiB/min once at 12 %), with Fault.crash: when less than 256 MiB is left (the residue at
  ~1.44 GiB) the engine dies at its first CUDA OOM (CRASH_AFTER = 3 s), kubelet restarts it 10 s later, the
  weights load for 100 s, the residue is gone, and the client's 12 % aborts fill it again (`residue_crashes`):
  an estimated first crash at ~43 min, then every ~17 min (~60, ~77, ~93): an FB saw-tooth of ~1.4 GiB
  teeth with engine_start / process_start, counter resets and a gateway 5xx blip at each crash, no
  monotonic growth over the recording. (2) benign/client_cancels on sd-l40s-07 (n-gram) 30-70: a mobile
  release's stop button cancels 10 % of its requests (fault kind cancels; abort alert); its spec-decode
  counters are there, its FB flat. (3) benign/warmup on sd-l40s-02 (EAGLE) 50-60: a planned drained restart
  (engine_start, counters reset, cold cache, allocator warm-up), a restart with no residue before it.
  Labels: spec_residue sd-l40s-03 25-100; benign/client_cancels sd-l40s-07 30-70; benign/warmup sd-l40s-02
  50-60.
s113_cpu_starved_node_hotspot_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB hosts,
  90 min from 14:00 UTC, no request log; cp-h100-04..06 export hostname/uuid. (1) other/cpu_contention on
  cp-h100-04 38-61 (fault kind cpu_starve): a security agent's full-disk scan, pushed by a policy change,
  runs with no CPU limit and saturates every core of the host until it finishes at 61 min; vLLM's API server
  (tokenization, detokenization) and its engine core's scheduling loop wait for a core at every step:
  prefill x CPU_PRE = 0.30 (TTFT P99 ~0.38 -> ~1.3 s: TTFT alert ~41 min), decode x CPU_DEC = 0.45 (E2E
  x~2.1: E2E alert ~44), running ~17 -> ~37, KV a little higher, while the GPUs idle between steps
  (utilization x CPU_DUTY = 0.40: ~65 % -> ~50 %, power and temperature down) and the node agent, starved
  too, skips every other collection round of every source (no seq gap: the rounds are not taken); no
  memory growth anywhere. (2) benign/routing_hotspot on cp-h100-02 25-62: the gateway's prefix-aware routing
  sends a large tenant's agents, which share one system prompt, to cp-h100-02 from 25 to 50 min (fault
  kind shift, arrivals x1.9, drifting back with tau 300 s after 50; label-only kind hotspot): running ~17 ->
  ~32, GPU utilization ~65 -> ~95 %, the held-KV saw-tooth x~1.9: a busier node, its GPUs busier with it.
  (3) benign/checkpoint_load on cp-h100-06 42-47 (as s6). (4) session_isolation on cp-h100-05 from 50 min
  to end at 2.0 %/min (as s1): floor ~0.1 at 50 -> ~0.9 by 90, alerts only near the end. Labels:
  benign/routing_hotspot cp-h100-02 25-62; other/cpu_contention cp-h100-04 38-61; benign/checkpoint_load
  cp-h100-06 42-47; session_isolation cp-h100-05 50-90.

Added later (s114-s117, a twenty-eighth outsider, same clean-room rules; fixed BEFORE any build of them)
---------------------------------------------------------------------------------------------------------
The figures below are estimates made before the build. All four set `Node.step_gen` (as s106-s109).
s114_pcie_downtrain_l40s_tp_loadtest: 6 x 4 L40S (PCIe only, no NVLink: TP all-reduces cross PCIe through the
  host's switch), RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic TP4 (68.6 GiB of FP8 weights, a ~260k-token
  pool), Azure conv 2.0 req/s/node, 512 GiB hosts, 90 min from 10:00 UTC, no request log; pl-l40s-04..06
  export hostname/uuid. The fleet's dcgm-exporter runs a custom counters CSV that adds
  DCGM_FI_DEV_PCIE_LINK_GEN / _WIDTH and DCGM_FI_PROF_PCIE_TX/RX_BYTES (Node.pcie_link): Gen4 x16 under load,
  Gen1 while a GPU idles (the driver's power saving), ~8 GB/s of TP traffic per GPU at the fleet's usual ~65 %
  utilization. (1) other/pcie_link_degraded on pl-l40s-03 GPU 2 from 35 min to end (fault kind pcie_down):
  ~2,600 PCIe replays (correctable AER errors) in 30 s, then the link retrains to Gen3 x4 (~3.3 GB/s each
  way); the TP ring moves at that link's pace, so all four GPUs carry <= 3.3 GB/s, the engine's prefill runs
  at PCIE_PRE = 0.30 and its decode at PCIE_DEC = 0.38 (TTFT P99 ~0.38 -> ~1.3 s, E2E x~2.6, running ~15 ->
  ~38, KV peaks +0.1), GPU utilization ~99 % (NCCL kernels spinning) while power falls (~200 -> ~155 W) with
  memory activity; replays keep coming (~4/min). TTFT alert ~37-38, E2E ~40-41. No memory growth anywhere. (2)
  benign/load_test on pl-l40s-05 24-55: the performance team takes it out of the gateway's rotation at 24 min
  (fault kind shift to 0: its users leave with tau 120 s, and drift back with tau 300 s from 50) and runs a
  capacity sweep straight at its service (`vllm bench serve` with the random dataset: LT_P = 2048 prompt, LT_G
  = 512 output tokens, ignore_eos, so every request ends `length`, no prefix hit, no abort; kind 15): Poisson
  1.5 / 3 / 4.5 / 6 req/s in four 6-min stages from 25 to 49 min. Running ~26 / ~51 / ~77 / ~100+, KV ~0.25 /
  ~0.45 / ~0.7 / saturated in the last stage (preemptions, waiting, TTFT P99 seconds), GPU utilization ~99 %,
  power ~300 W, PCIe up to ~14 GB/s per GPU, prefix hit ratio 0 (VLLMPrefixCacheHitRateLow from ~36). The
  gateway never sees it (no gateway alert; its TTFT histogram and 5xx ratio have only routed requests: `gwv`,
  `gwb`). (3) session_isolation on pl-l40s-06 from 50 min to end at 1.8 %/min (as s1): floor ~0.1 -> ~0.8 by
  90, little or no alert. Labels: other/pcie_link_degraded pl-l40s-03 GPU 2 35-90; benign/load_test pl-l40s-05
  24-55; session_isolation pl-l40s-06 50-90.
s115_ruler_lag_late_alerts_leak_xid: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  13:00 UTC, no request log; rw-h100-04..06 export hostname/uuid. The in-cluster Prometheus remote-writes
  every series to a central Mimir, whose ruler evaluates the fleet's rules every 60 s (alerts labelled
  cluster="gpu-prod-eu2", generatorURL mimir-ruler-0); the node agents publish to Kafka as always. From 28 min
  an ingester rollout makes the remote-write queue fall behind (Scenario.rule_lag, `lag_of`): the lag rises to
  270 s by 44 min, holds to 58 and drains by 66. The ruler evaluates what it has, so every alert condition in
  that stretch is the one true up to 270 s earlier: alerts fire (startsAt) and resolve up to 4.5 min late in
  event time (the lag stays under the 5-min lookback, so no series goes stale). The in-cluster Prometheus's
  own PrometheusRemoteWriteBehind (lag > 120 s for 15 min; node "-") fires on time, ~50.1-62.4. (1)
  session_isolation on rw-h100-04 from 18 min to end at 2.5 %/min (as s1): floor ~0.1 -> ~0.9 by ~50; its TTFT
  / KV / preemption alerts, due from ~47-52 min, come ~4-4.5 min late. (2) benign/retry_burst on rw-h100-02
  40-46 (as s6: arrivals x2.2, 25 % aborts, 6 % 5xx): its upstream-5xx alert (due ~41.5) comes ~45, its abort
  alert (due ~46) ~50.5 and its resolution ~55: after the burst is over in the telemetry. (3) other/xid_79 on
  rw-h100-05 GPU 1 from 52 min to end (as s5): the NVML xid event on time at 52:00.2, GPUXidErrors ~56.7,
  VLLMTargetDown ~59, the upstream 5xx ~58. Labels: session_isolation rw-h100-04 18-90; benign/retry_burst
  rw-h100-02 40-46; other/xid_79 rw-h100-05 GPU 1 52-90.
s116_heat_event_fleet_cap_hw_slowdown: 6 x 4 H100 in one data hall, Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 90 min from 15:00 UTC (a summer afternoon), no request log; hs-h100-04..06 export hostname/uuid.
  The fleet's dcgm-exporter CSV adds DCGM_FI_DEV_CLOCK_THROTTLE_REASONS (NVML's clock-event bitmask: 0x1 idle,
  0x4 SW power cap, 0x8 HW slowdown), DCGM_FI_DEV_POWER_VIOLATION / _THERMAL_VIOLATION (ns) and
  DCGM_FI_DEV_POWER_MGMT_LIMIT (W) (Node.clk_reasons, `dc_power`). A chiller's compressor trips at 25 min and
  is back at 61 (ChillerUnitFault 25-61 from the building-management system, node "-"): the hall's inlet air
  +14 C (10-min ramps; fault kind inlet_heat; DataHallInletTemperatureHigh from the DCIM, inlet > 32 C for 5
  min: ~35.7-65.3, node "-"), every GPU ~14 C warmer (still < 85 C). (1) benign/power_cap on all six nodes
  32-68 (fault kind dc_cap): the facility's thermal-emergency runbook has the fleet's power manager set every
  GPU's limit 700 -> 400 W until 68 min: GPUs whose load would draw more (about half the time) sit just under
  400 W with SM clocks at ~0.85-0.95 (reason 0x4, power violation counting), prefill x DCC_PRE = 0.88, decode
  x DCC_DEC = 0.96 on every node: little TTFT change, no vLLM alert expected. (2) other/hw_slowdown on
  hs-h100-04 GPU 2 from 45 min to end (fault kind hw_slowdown): its HW Slowdown is asserted (a failing sensor
  on its board's power path; reason 0x8): SM clock ~0.30 (~594 MHz), ~150-170 W, cool (~40-55 C), while the
  node's TP4 engine runs at HWS_PRE = 0.30 / HWS_DEC = 0.50 (TTFT P99 ~1.2 s, running ~17 -> ~35; its three
  other GPUs wait for it in NCCL: utilization up, power down); it starts inside the fleet-wide cap and
  outlasts it. TTFT alert ~47. (3) session_isolation on hs-h100-06 from 38 min to end at 1.8 %/min (as s1):
  floor ~0.1 -> ~0.9 by ~82, alerts near the end. Labels: benign/power_cap hs-h100-01..06 32-68;
  other/hw_slowdown hs-h100-04 GPU 2 45-90; session_isolation hs-h100-06 38-90.
s117_priority_backfill_full_pool_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  09:00 UTC, no request log; bf-h100-04..06 export hostname/uuid. bf-h100-01..03 run vLLM with
  `--scheduling-policy priority` and a batch client that backfills their spare capacity all recording (fault
  kind backfill, `backfill`): 96 document-summary requests in flight (BF_P ~5.5k prompt, BF_G ~500 output
  tokens) at a lower priority than the chat traffic. Whatever part of the pool the chat requests and their
  held contexts leave free, up to BF_FILL = 0.965, is batch work: KV usage ~0.96-0.97 all the time, running
  ~17 + ~55-70 batch, waiting ~30 (the client's queued requests), preemptions ~0.2-0.3/s (batch requests
  squeezed out whenever the chat side takes pool back), batch TTFT ~20+ s (queueing), GPU utilization ~99 %:
  KV-high, preemption, queue-backlog and TTFT alerts on all three nodes from the first minutes to the end, as
  designed. (1) benign/batch_backfill on bf-h100-01..03 0-90. (2) session_isolation on bf-h100-02 from 30 min
  to end at 1.5 %/min (as s1): on a pool the backfill keeps full, KV usage does not move; the leaked contexts
  take the batch tier's room, so its running batch requests fall (~60 -> ~15 by ~85), its queue grows (~35 ->
  ~80), its generation tokens/s, GPU utilization and power fall and batch latency (E2E) grows, until from ~85
  min the chat side itself runs out of pool (its TTFT). (3) benign/warmup on bf-h100-03 55-65 (a planned
  drained restart): the pool empties, then the backfill refills it within ~30 s of the new engine's ready
  (57.17): KV 0 -> 0.96 in half a minute. Labels: benign/batch_backfill bf-h100-01..03 0-90; session_isolation
  bf-h100-02 30-90; benign/warmup bf-h100-03 55-65.

Added later (s118-s121, a twenty-ninth outsider, same clean-room rules; fixed BEFORE any build of them)
-------------------------------------------------------------------------------------------------------
The figures below are estimates made before the build. All four set `Node.step_gen` (as s106-s109).
s118_evening_decline_steady_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node at the evening's low, 120 min from 18:00 UTC, no request log;
  ev-h100-04..06 export hostname/uuid. The recording starts at the day's peak and follows its decline on every
  node (fault kind decline: the diurnal hump of s95 from -120 to 120 min with f.rate = 2.2, so arrivals go
  x2.2 at 0 -> x1.6 at 60 -> x1 at 120 as 0.5 + 0.5 cos): running, KV saw-tooth peaks, prefix-cache queries,
  aborts per minute, utilization and power all fall together through the recording; some TTFT alerts in the
  first minutes. (1) spec_residue on ev-h100-04 from 20 min to end: its clients abort a steady 3 % (f.abort,
  the same before and during the fault: no abort alert, the abort rule's threshold is 5 %), and from 20 min
  the draft state of every interrupted request is kept. As aborts fall with the load (~9.5 -> ~4.5 a minute),
  the FB creep slows: ~11 MiB/min/GPU at 20 min, ~5 at 120; ~+0.75 GiB per GPU by the end. No alert expected.
  (2) benign/client_cancels on ev-h100-02 30-70 (as s39: a client that cancels 9 % of its requests; the draft
  state is reclaimed, FB flat): VLLMRequestAbortRateHigh from ~35 min. (3) benign/checkpoint_load on
  ev-h100-06 50-55 (as s6). (4) session_isolation on ev-h100-05 from 75 min to end at 1.5 %/min (as s1,
  modulated by the load, which is now below its mean: ~1.1 %/min): floor ~0.05 -> ~0.5 by 120 while every
  peer's floor falls. Little or no alert. Labels: spec_residue ev-h100-04 20-120; benign/client_cancels
  ev-h100-02 30-70; benign/checkpoint_load ev-h100-06 50-55; session_isolation ev-h100-05 75-120.
s119_agent_backlog_all_sources_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node,
  90 min from 10:00 UTC, no request log; kb-h100-04..06 export hostname/uuid. kb-h100-03's node agent runs on
  a host whose Kafka producer falls behind in episodes (Scenario.lag on all four sources, `lagged`: the
  backlog grows 0.4 s per s, so an 8-min episode leaves it ~192 s behind, then drains at 0.8 s per s, order
  kept, nothing lost) at 15-23, 36-44, 58-66 and 78-86 min: every record of the node (samples and events of
  nvml, dcgm, vllm and host) arrives up to ~3.2 min late, then in a rush; its alerts (evaluated by Prometheus
  from its own scrapes) arrive on time. kb-h100-05's agent is behind the same way once, 44-52. (1)
  spec_residue on kb-h100-03 from 30 min to end (as s3: aborts 1.5 -> 12 % over 8 min, the draft state kept):
  abort alert ~41 min, on time, while the FB creep that explains it (~20 MiB/min/GPU) is delivered up to ~3
  min late in three of the episodes. (2) session_isolation on kb-h100-06 from 40 min to end at 2.0 %/min (as
  s1; not lagged): floor ~0.1 -> ~0.9 by ~80, TTFT / KV alerts near the end. (3) benign/retry_burst on
  kb-h100-05 46-52 (as s6), inside its own lag episode: its upstream-5xx and abort alerts come on time while
  its telemetry of the burst (aborts, errors, then everything reclaimed, FB flat) arrives up to ~3 min late.
  Labels: spec_residue kb-h100-03 30-90; session_isolation kb-h100-06 40-90; benign/retry_burst kb-h100-05
  46-52 (the lag episodes unlabelled).
s120_h200_dp2_rank_residue_sibling_cancels: 4 x 8 H200 (143,771 MiB), one vLLM server per node with 2 DP ranks
  (TP4 each, gpu null), Llama-3.3-70B + 1B draft on both ranks, Azure conv (rank 0) and code (rank 1) 6
  req/s/engine, 90 min from 14:00 UTC, no request log; dx-h200-03/-04 export hostname/uuid. (1)
  benign/client_cancels on dx-h200-02 rank 0 only (engine "0", GPUs 0-3; f.inst = 0) 20-75: a client that
  cancels 9 % of its requests, draft state reclaimed: rank 0's abort alert from ~25 min, FB of GPUs 0-3 flat.
  (2) spec_residue on dx-h200-02 rank 1 only (engine "1", GPUs 4-7; f.inst = 4) from 30 min to end: a steady
  2.5 % of aborts (below the abort rule, no alert of its own), the draft state kept from 30 min: ~9 aborts a
  minute, ~10 MiB/min on each of GPUs 4-7 (~+0.6 GiB per GPU by 90, < 0.5 % of an H200's framebuffer), GPUs
  0-3 flat. The node's only abort alert is the benign rank's. (3) benign/client_cancels on dx-h200-04, both
  ranks, 40-70 (8 %, reclaimed; abort alerts on both engines). (4) other/xid_79 on dx-h200-03 GPU 6 (rank 1's
  TP group) from 62 min to end (as s5). Labels: benign/client_cancels dx-h200-02 20-75 (gpu null);
  spec_residue dx-h200-02 30-90 (gpu null); benign/client_cancels dx-h200-04 40-70; other/xid_79 dx-h200-03
  GPU 6 62-90.
s121_launch_surge_scrape_block_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 1 TiB hosts, 90
  min from 15:30 UTC, no request log; ls-h100-04..06 export hostname/uuid. A product launch (as s18, fault
  kind surge on every node from 20 to 60 min, peaks x2.2-2.6): arrivals ramp up over 20-40 min, hold to 60 and
  fall over 15 min to 40 % of the peak's extra; KV saw-tooth peaks, running, preemptions and TTFT rise on
  every node, with fleet-wide KV / TTFT / preemption alerts expected from ~35-45 min. (1) benign/launch_surge
  on all six nodes 20-60. (2) monitoring_gap on ls-h100-04 from 35 min to end (as s17): a NetworkPolicy change
  cuts Prometheus and the agent off its vLLM /metrics (VLLMTargetDown ~37 min; no vLLM records from 35), and
  from 39 min its API server's RSS grows 2 % of host memory a minute (requests it cannot shed; fault kind
  rss_leak): host used ~0.4 -> ~1.0, NodeMemoryHighUtilization ~64, OOM kill ~69 min, grows again after the
  restart. (3) session_isolation on ls-h100-02 from 40 min to end at 1.2 %/min (as s1; held contexts scale
  with the load, so ~2.5-3 %/min at the surge's height): its KV climbs with everyone's through the surge and
  does not come back down after it (floor ~0.1 -> ~0.7 by 60, full from ~70). (4) benign/retry_burst on
  ls-h100-06 50-56, inside the surge. Labels: benign/launch_surge ls-h100-01..06 20-60; monitoring_gap
  ls-h100-04 35-90; session_isolation ls-h100-02 40-90; benign/retry_burst ls-h100-06 50-56.

Added later (s126-s129, a thirty-first outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s126_tor_flap_twice_pair_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 10:00
  UTC, no request log; tf-h100-04..06 export hostname/uuid. tf-h100-03 and tf-h100-04 hang off one top-of-rack
  switch whose uplink flaps twice (a bad optic): 30.0-33.0 and 55.0-57.5 min neither node reaches anything
  (fault kind partition, as s5: no record of any of their sources, no spool, so those minutes are lost; no
  traffic reaches their vLLMs, TargetDown / VLLMTargetDown and the gateway's upstream 5xx when a flap
  outlasts the rules' `for:`). (1) other/network_partition on tf-h100-03 and on tf-h100-04, once per flap:
  four windows, two short episodes of the same pair 22 min apart, each to be paged on its own. (2) benign/
  retry_burst on tf-h100-02 30-36 (as s6): the gateway retries the cut-off pair's failed requests on it. (3)
  session_isolation on tf-h100-06 from 25 min to end at 1.8 %/min (as s1). Labels: other/network_partition
  tf-h100-03 30-33 and 55-57.5, tf-h100-04 30-33 and 55-57.5; benign/retry_burst tf-h100-02 30-36;
  session_isolation tf-h100-06 25-90.
s127_partition_cuts_running_leak_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node,
  100 min from 13:00 UTC, no request log; pd-h100-04..06 export hostname/uuid. (1) session_isolation on
  pd-h100-02 from 25 min to end at 2.0 %/min (as s1). (2) other/network_partition on the same node 48-56 (as
  s5: no record of any source, no traffic reaches it) while the leak runs: the leak's evidence stops in a
  hole that a second, different fault makes, and the tenant's reused sessions come back with the traffic at
  56, so the leak goes on after the heal: two overlapping windows of two causes on one node. (3)
  spec_residue on pd-h100-05 from 35 min to end (as s3, aborts 1.5 -> 12 %). (4) benign/warmup on pd-h100-04
  60-70 (drained restart, as s6). Labels: session_isolation pd-h100-02 25-100; other/network_partition
  pd-h100-02 48-56; spec_residue pd-h100-05 35-100; benign/warmup pd-h100-04 60-70.
s128_xid_storm_retry_same_node_rank_leak: 6 x 8 H100, one vLLM server per node with 2 DP ranks (TP4 each, gpu
  null), Llama-3.3-70B, Azure conv (rank 0) and code (rank 1) 6 req/s/engine, 90 min from 21:00 UTC;
  xs-h100-04..06 export hostname/uuid. (1) benign/nonfatal_xid on xs-h100-02 GPU 3 20-41 (as s24): a data-
  science Job crash-loops on that GPU (six attempts of 1.6-3.4 min, back-off 10 s doubling, 4 GiB each;
  XID 13/31/43 or 31/43 at each crash), the serving rank beside it unharmed. (2) benign/retry_burst on the
  same node 27-33 (as s6: arrivals x2.2, 25 % aborts, 6 % upstream 5xx), inside the XID storm: XID events,
  DCGM XID_ERRORS, aborts and 5xx on one node at once, the look of a GPU taking its engine down, and all of
  it benign. (3) session_isolation on xs-h100-04 rank 1 only (f.inst = 4, gpu null) from 35 min to end at
  1.8 %/min (as s10). (4) other/xid_79 on xs-h100-05 GPU 6 from 55 min to end (as s5): the real GPU fault,
  after the storm. Labels: benign/nonfatal_xid xs-h100-02 GPU 3 20-41; benign/retry_burst xs-h100-02 27-33;
  session_isolation xs-h100-04 35-90; other/xid_79 xs-h100-05 GPU 6 55-90.
s129_fp8_canary_swap_leak_scrape_gap: 6 x 4 H100, Llama-3.3-70B TP4 (bf16), Azure conv 2.5 req/s/node, 1 TiB
  hosts, 100 min from 09:00 UTC, no request log; mc-h100-04..06 export hostname/uuid; the gateway moves a
  drained node's conversations to the others (spill). An FP8 build of the same model
  (RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic, 68.6 GiB of weights for 131.4) is canaried by drained
  restarts (fault kind model_swap, as s68): mc-h100-02 at 25 min, mc-h100-05 at 40 min. Each comes back with
  a new model_name, counters from zero, a cold prefix cache and a pool ~44 % larger (weights per GPU ~32.9 ->
  ~17.2 GiB: ~463k -> ~668k tokens), so at the same load its KV usage steps DOWN by ~30 % while FB stays
  at the same 0.9 reservation: a step change in the KV baseline that is benign. (1) benign/model_swap
  mc-h100-02 25-35 and mc-h100-05 40-50. (2) session_isolation on mc-h100-02 from 52 min to end at 2.0
  %/min of its (new, larger) pool (as s1): a leak that starts from the swapped node's new, lower baseline.
  (3) monitoring_gap on mc-h100-04 from 30 min to end (as s121: vLLM /metrics blocked from 30, API-server
  RSS +2 %/min of host memory from 34, fault kind rss_leak). Labels: benign/model_swap mc-h100-02 25-35,
  mc-h100-05 40-50; session_isolation mc-h100-02 52-100; monitoring_gap mc-h100-04 30-100.

Added later (s130-s133, a thirty-second outsider, same clean-room rules; fixed BEFORE any build of them)
---------------------------------------------------------------------------------------------------------
s130_lb_weight_glide_peer_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from 14:00
  UTC, no request log; lw-h100-04..06 export hostname/uuid. Ahead of a planned firmware update an operator
  lowers lw-h100-03's weight in the load balancer from 100 to 40 in small steps over 30 min (fault kind
  shift with the new Fault.glide = 30: a linear ramp 25-55 min, then held); its two ring neighbours
  lw-h100-02 / -04 take the difference (x1.3 each, same glide). The neighbours' held contexts and KV
  saw-tooth rise slowly and steadily for 30 min and then level off; -03's fall: a slow monotonic KV rise on
  two nodes that is benign. (1) benign/traffic_shift on lw-h100-03, -02 and -04 from 25 min to end (the
  moved load stays). (2) session_isolation on lw-h100-04 (a receiving neighbour) from 40 min to end at 1.2
  %/min (as s1; held contexts scale with the load, so ~1.5 %/min at x1.3): its rise starts inside the
  shift's own rise and does not level off with -02's at 55. (3) benign/checkpoint_load lw-h100-06 60-65.
  Labels: benign/traffic_shift lw-h100-03, -02, -04 25-90; session_isolation lw-h100-04 40-90; benign/
  checkpoint_load lw-h100-06 60-65.
s131_pool_shrink_restart_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node, 90
  min from 09:00 UTC, no request log, vllm:cache_config_info on every vLLM sample; ps-h100-04..06 export
  hostname/uuid; the gateway moves a drained node's conversations to the others (spill). A Helm values change
  lowers gpu_memory_utilization 0.90 -> 0.80 (room for a planned sidecar) and reaches ps-h100-03 by a
  drained restart at 25 min and ps-h100-06 at 60 (fault kind pool_cfg, as s50, f.rate = 0.80): FB drops
  ~8.2k MiB per GPU (~74.1k -> ~65.9k), the pool shrinks ~433k -> ~328k tokens and KV usage at the same load
  steps up ~32 %: a deliberate, benign change of both baselines. (1) benign/pool_resize ps-h100-03 25-35
  and ps-h100-06 60-70 (restart and warm-up). (2) spec_residue on ps-h100-03 from 45 min to end (as s3:
  aborts 1.5 -> 12 % over 8 min, the draft state kept): its FB creep starts ~8 GiB per GPU BELOW the
  node's own level of 25 min earlier and never reaches it (~0.7-0.9 GiB per GPU by 90), so only a baseline
  re-taken after the restart shows it; abort alert expected ~55 min. (3) benign/client_cancels on
  ps-h100-05 30-60 (9 % aborts, reclaimed, FB flat; abort alert ~36). Labels: benign/pool_resize
  ps-h100-03 25-35, ps-h100-06 60-70; benign/client_cancels ps-h100-05 30-60; spec_residue ps-h100-03
  45-90.
s132_gpu_telemetry_blackout_xid_blind_leak: 6 x 8 H100, 2 DP engines/node (TP4 each, gpu null),
  Llama-3.3-70B, Azure conv (engine 0) + code (engine 1) 6 req/s/engine, 90 min from 03:00 UTC, no request
  log; gb-h100-04..06 export hostname/uuid. (1) benign/gpu_telemetry_hang on gb-h100-03 40-58 (gpu null): a
  node-problem-detector's `nvidia-smi -q` wedges in the driver holding its lock, and every NVML call on the
  node blocks until the stuck process is killed at 58 (fault kinds nvml_hang, as s102, and dcgm_stop, as
  s85, both 40-58, the latter unlabelled): no nvml and no dcgm record of any of its 8 GPUs, DCGMTargetDown
  ~42, while CUDA work, vLLM and the host go on normally. (2) other/xid_79 on gb-h100-05 GPU 2 from 41.5 min
  to end (as s5): 90 s after the blackout, a real GPU loss whose GPU telemetry stops too, with an XID event
  and a dead engine. (3) session_isolation on gb-h100-03 itself from 48 min to end at 1.8 %/min (as s2, both
  ranks): it starts inside the blackout, whose node has no GPU telemetry for its first 10 min; its evidence
  (vLLM KV) was never cut. Labels: benign/gpu_telemetry_hang gb-h100-03 40-58; other/xid_79 gb-h100-05
  GPU 2 41.5-90; session_isolation gb-h100-03 48-90.
s133_v0_v1_upgrade_residue_then_leak: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node, 100
  min from 10:00 UTC, no request log; every node on a V0 vLLM (V0 KV and spec-decode names, as s23 / s75: the
  KV and prefix-hit rules, written for V1 names, do not see it); vu-h100-04..06 export hostname/uuid; spill. A
  vLLM upgrade rolls by drained restarts over vu-h100-01 / -02 / -04 at 15 / 30 / 50 min, each exporting V1
  names from its new process (Node.v1_from, as s23). (1) benign/vllm_upgrade on each for 10 min from its stop
  (warm-up). (2) spec_residue on vu-h100-04 20-50 (as s3, on V0 names), ended by that node's own upgrade
  restart, which frees the residue and renames its metrics at the same moment. (3) session_isolation on
  vu-h100-02 from 45 min to end at 2.0 %/min (as s1): 15 min after its own V0 -> V1 rename, so the leak's KV
  series (vllm:kv_cache_usage_perc) has only ~13 min of healthy history, the node's earlier KV history lying
  under vllm:gpu_cache_usage_perc. (4) benign/retry_burst on vu-h100-05 (still V0) 65-71. Labels: benign/
  vllm_upgrade vu-h100-01 15-25, vu-h100-02 30-40, vu-h100-04 50-60; spec_residue vu-h100-04 20-50;
  session_isolation vu-h100-02 45-100; benign/retry_burst vu-h100-05 65-71.

Added later (s134-s137, a thirty-third outsider, same clean-room rules; fixed BEFORE any build of them)
-------------------------------------------------------------------------------------------------------
s134_two_tenant_leaks_forty_min_apart: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 100 min from
  08:30 UTC, request logging (tenant/session) on every node; tt-h100-04..06 export hostname/uuid. Two
  unrelated leaks by two different tenants on two nodes, 40 min apart: (1) session_isolation on tt-h100-02
  from 15 min to end at 1.5 %/min (as s1: acme-compliance reusing 6 session ids, `acme-sess-00x`), still
  growing (pool full from ~65-70 min) when the second starts; (2) session_isolation on tt-h100-05 from 55 min
  to end at 2.2 %/min, by another tenant: legal-review's new SDK caches 6 session ids (`legal-sess-00x`; new
  knob Fault.tenant, default acme-compliance). Two incidents are expected: an incident opened for the first
  (~15-35 min) cannot match the second (it opens before 55 - 1 min). (3) benign/annual_report on tt-h100-04
  25-70 (as s6: one 45-min session whose KV is held). Labels: session_isolation tt-h100-02 15-100; benign/
  annual_report tt-h100-04 25-70; session_isolation tt-h100-05 55-100.
s135_dcgm_exporter_upgrade_label_rename_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5
  req/s/node, 90 min from 15:00 UTC, no request log; eu-h100-04..06 export hostname/uuid. A dcgm-exporter
  DaemonSet upgrade rolls over the fleet from 40 min (maxUnavailable 1; fault kind dcgm_redeploy, as s15):
  eu-h100-01..06 lose their exporter for 48/41/52/45/39/50 s, each starting 30 s after the previous one is
  back, and the new version writes the other label spelling (Hostname/UUID <-> hostname/uuid), so every
  node's DCGM series change identity once. (1) benign/exporter_upgrade on each node from its hole's start
  for 5 min. (2) spec_residue on eu-h100-03 from 28 min to end: steady 3 % client aborts all recording (below
  the abort rule, as s118 / s125), the draft state kept from 28: its FB creep (~10-15 MiB/min/GPU) starts
  ~15 min before the node's label rename (~43.4) and goes on under the new series; no alert of its own
  expected. (3) other/xid_79 on eu-h100-05 GPU 1 from 62 min to end (as s5), after its rename: its last
  DCGM sample (XID_ERRORS 79) carries the new spelling. Labels: benign/exporter_upgrade on each node (hole
  start + 5 min); spec_residue eu-h100-03 28-90; other/xid_79 eu-h100-05 GPU 1 62-90.
s136_planned_reboot_vs_kernel_panic: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  22:00 UTC, no request log; pm-h100-04..06 export hostname/uuid. (1) benign/planned_maintenance on
  pm-h100-03 30-52: an operator cordons and drains it for a BMC firmware update at 30 (kind failover, 30-42,
  its load to pm-h100-02 / -04 half each, unlabelled), reboots it at 31 (the same outage as s57's crash: no
  record of any source for 7 min, the agent restarting with seq from 1, vLLM started at ~38.75 and ready
  ~40.4, counters from zero), uncordons it at 42; the team's Alertmanager silence is assumed to cover the
  maintenance alert only, so whatever target-down alerts the outage raises reach the correlator; the label
  runs to 52 (warm-up). (2) other/node_crash on pm-h100-05 63-72.42 (as s57: a kernel panic, no drain first,
  the same 7-min silence and restart; to the new engine's start). (3) session_isolation on pm-h100-06 from
  45 min to end at 2.0 %/min (as s1). The two silences have the same shape; only the drain before the first
  tells them apart. Labels: benign/planned_maintenance pm-h100-03 30-52; other/node_crash pm-h100-05 63-72.42;
  session_isolation pm-h100-06 45-90.
s137_two_model_node_8b_server_leak_long_docs: 4 x 8 H100 with two deployments per node as s30 (Llama-3.3-70B
  TP4 on GPUs 0-3, Azure conv 2.5 req/s; one Llama-3.1-8B + 1B draft server per GPU on 4-7, Azure code 3
  req/s/server, own pod, ports 8004-8007), 90 min from 13:00 UTC, no request log; tm-h100-03/04 export
  hostname/uuid. On tm-h100-02: (1) benign/long_document on the 70B engine 20-45 (inst 0, gpu null: ~1
  contract/min of 40-90k tokens, its KV saw-tooth high and TTFT up), and (2) session_isolation on the 8B
  server of GPU 6 only from 30 min to end at 2.0 %/min (inst 6, label gpu 6): the smaller model's engine,
  whose pool is its own; the node's 70B engine and its other three 8B servers stay healthy. The leak starts
  inside the 70B engine's look-alike on the same node, under a different model_name. (3) benign/
  checkpoint_load on tm-h100-03 55-60. Labels: benign/long_document tm-h100-02 20-45; session_isolation
  tm-h100-02 GPU 6 30-90; benign/checkpoint_load tm-h100-03 55-60.

Added later (s138-s141, a thirty-fourth outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s138_drain_cancel_crash_drained_xid: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  21:00 UTC, no request log; dc-h100-04..06 export hostname/uuid. Two drains, each followed by a real fault.
  (1) dc-h100-03 is cordoned and drained at 30 for a NIC firmware update (kind failover 30-37, its load to
  dc-h100-02 / -04 half each), the change is postponed and the drain cancelled at 37 (uncordoned: its
  sessions drift back, tau 300 s); benign/drain_cancelled 30-40. At 41, serving again, it kernel-panics (as
  s57 / s136: no record of any source for 7 min, agent seq from 1, vLLM back ~48.75, ready ~50.4, counters
  from zero): other/node_crash 41-50.42. Unlike s136's reboot, no drain is in force when it goes silent.
  (2) dc-h100-05 is drained at 50 ahead of a driver upgrade (kind failover 50-90, its load to dc-h100-04 /
  -06 half each), its vLLM left running idle while the operator waits for the maintenance slot;
  benign/maintenance_drain 50-62. At 62 its GPU 2 falls off the bus while it serves nothing (XID 79, as s5;
  the server dies, the pod crash-loops; no traffic, so no upstream 5xx from it): other/xid_79 GPU 2 62-90.
  (3) session_isolation on dc-h100-04 from 20 min to end at 0.8 %/min (a slow leak on the peer that takes
  half of both drained nodes' load, 30-~42 and 50-90). Labels: benign/drain_cancelled dc-h100-03 30-40;
  other/node_crash dc-h100-03 41-50.42; benign/maintenance_drain dc-h100-05 50-62; other/xid_79 dc-h100-05
  GPU 2 62-90; session_isolation dc-h100-04 20-90.
s139_four_hour_agent_growth_slow_leaks_hidden_prefix: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 1.2 req/s/node (a
  busy fleet, as s38), 240 min from 07:00 UTC, no request log; ag-h100-04..06 export hostname/uuid and their
  agents' metric allowlist omits the prefix-cache counters (new knob Node.no_pc_export: prefix caching is
  on and contexts are held as everywhere, but vllm:prefix_cache_queries_total / hits_total are not
  collected, so the prefix-hit rule has no data there). (1) benign/agentic_sessions on ag-h100-02 from 30
  min to end: a coding-agent product's sessions pile up, one new long-lived agent session at 30, 60, 90,
  120, 150 and 180 min (six agent_batch faults of burst 1, each to 238; as s38: 6-12k-token start, contexts
  growing by each tool result, compacted over 96k, held in the pool and hit again every step), so the
  node's KV floor climbs in steps for 2.5 h (label kind agent_window, label only). (2) session_isolation on
  ag-h100-05 (prefix counters not exported) from 60 min to end at 0.4 %/min (~72 % of the pool by 240).
  (3) session_isolation on ag-h100-03 (counters exported) from 120 min to end at 0.3 %/min (~36 % by 240).
  (4) benign/checkpoint_load ag-h100-06 200-205. Labels: benign/agentic_sessions ag-h100-02 30-240;
  session_isolation ag-h100-05 60-240; session_isolation ag-h100-03 120-240; benign/checkpoint_load
  ag-h100-06 200-205.
s140_nightly_batch_ramp_longer_chats_slow_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 180
  min from 22:30 UTC, no request log; nb-h100-04..06 export hostname/uuid. (1) benign/batch_job on nb-h100-01,
  -02 and -03 30-175: the nightly batch tier ramps up on the same endpoints, one more 0.25 req/s stream of
  3-8k-token documents (kind batch_job, as s49 / s70) at 30, 50, 70 and 90 min (0.25 -> 1.0 req/s), all
  stopping at 170 (labels kind batch_window, label only). (2) benign/context_growth on nb-h100-04 from 30 min
  to end: traffic shifts towards longer conversations over hours: a full-history chat client (as s70's
  ctx_growth) whose share of the node's requests ramps linearly 0 -> 0.5 over 150 min (new knob
  Fault.share_ramp; 0 keeps s70's share at once, same draws), its live sessions' longer contexts held and
  hit again each turn: a KV floor rising for 2.5 h with running flat and prefix hits up. (3)
  session_isolation on nb-h100-02 (a batch node) from 70 min to end at 0.6 %/min (~66 % of the pool by 180),
  inside the batch tier's ramp. Labels: benign/batch_job nb-h100-01..03 30-175; benign/context_growth
  nb-h100-04 30-180; session_isolation nb-h100-02 70-180.
s141_rolling_restart_xid_after_ready_slow_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100
  min from 11:00 UTC, no request log, drained conversations spilled to peers (as s76); ro-h100-04..06 export
  hostname/uuid. (1) A rolling restart of the serving pods across the whole fleet: ro-h100-01..06 drained
  and restarted at 20/28/36/44/52/60 min (kind warmup: stop +30 s, ready +130 s); benign/rolling_restart on
  each from its stop for 10 min. (2) other/xid_79 on ro-h100-04 GPU 1 from 47 min to end: 50 s after its
  restarted engine is ready (46.17), inside its own rolling-restart window, the GPU falls off the bus (as
  s5): the new server dies and crash-loops. (3) benign/retry_burst on ro-h100-03 47-53 (clients retrying
  the failed requests on a peer). (4) session_isolation on ro-h100-02 from 35 min to end at 0.6 %/min,
  starting 5 min after its own restarted engine is ready, while the rollout goes on over its peers (~39 %
  of the pool by 100). Labels: benign/rolling_restart ro-h100-01..06 (stop + 10 min); other/xid_79
  ro-h100-04 GPU 1 47-100; benign/retry_burst ro-h100-03 47-53; session_isolation ro-h100-02 35-100.

Added later (s142-s145, a thirty-fifth outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s142_nic_flap_burst_delivery_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node, 90
  min from 14:00 UTC; nf-h100-04..06 export hostname/uuid. nf-h100-03's uplink to the broker flaps every 30 s
  from 25 to 60 min (70 spool windows, down 18-26 s each, `(18 + 7k mod 9)` s, no draw): the agent keeps
  collecting, spools while down and flushes at each reconnect, re-sending its last unacknowledged 5 s (same
  seq), so the node's telemetry arrives in 30-second bursts with gaps; Prometheus and the serving traffic are
  unaffected (label kind nic_flap, label only). spec_residue on nf-h100-03 from 35 min to end (inside the
  flapping; aborts ramp 1.5 -> 12 % over 8 min, as s3). session_isolation on nf-h100-05 from 45 min at 1.5
  %/min. Labels: benign/nic_flap nf-h100-03 25-60; spec_residue nf-h100-03 35-90; session_isolation
  nf-h100-05 45-90.
s143_log_shipper_oom_vllm_rss_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB hosts, 90
  min from 09:00 UTC; ls-h100-04..06 export hostname/uuid. A debug log level left on after an incident makes
  the fluent-bit log shipper (a DaemonSet sidecar) exceed its container memory limit on ls-h100-02 (cgroup
  OOM kills at 22.4, 29.9, 38.2, 47.5 min) and ls-h100-04 (24.1, 33.6, 41.7): host `oom_kill` "fluent-bit"
  (new fault kind side_oom, f.runs; a pid drawn per kill), NodeOOMKillDetected after each, host memory and
  the serving process untouched (label kind oom_window, label only). On ls-h100-04 the vLLM API server's RSS
  also grows 1.5 %/min of host memory from 30 min (rss_leak, as s52): OOM kill of "vllm" ~69 min, restart,
  grows again. session_isolation on ls-h100-06 from 50 min at 2.0 %/min. Labels: benign/log_shipper_oom
  ls-h100-02 20-50 and ls-h100-04 20-45; other/host_memory_leak ls-h100-04 30-90; session_isolation
  ls-h100-06 50-90.
s144_two_residues_two_gpus_thirty_min_apart: 5 x 4 H100, one Llama-3.1-8B + 1B draft server per GPU (ports
  8000-8003, records' gpu = its GPU), Azure conv 1.2 req/s/server, 1 TiB hosts, 100 min from 16:00 UTC;
  tg-h100-04/-05 export hostname/uuid. spec_residue on tg-h100-03 GPU 1 (that server only) from 20 min and on
  tg-h100-03 GPU 3 (another server of the same node) from 50 min, both to the end (aborts ramp 1.5 -> 12 %
  over 8 min, as s3): two faults of one cause on one node, 30 min apart. benign/client_cancels on tg-h100-03
  GPU 2 30-60 (steady 6 % aborts, draft state reclaimed). benign/checkpoint_load tg-h100-05 70-75. Labels:
  spec_residue tg-h100-03 GPU 1 20-100 and GPU 3 50-100; benign/client_cancels tg-h100-03 GPU 2 30-60;
  benign/checkpoint_load tg-h100-05 70-75.
s145_spec_config_abort_episode_then_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5
  req/s/node, 100 min from 11:00 UTC; sc-h100-04..06 export hostname/uuid. A speculative-decoding config
  change (num_speculative_tokens 3 -> 7) reaches sc-h100-02 by a drained restart at 20 min (kind warmup);
  decode becomes burstier and clients with tight streaming timeouts abort 7 % of requests from the new
  engine's ready (22.17) until the change is rolled back by another drained restart at 50 (kind cancels:
  aborts, draft state reclaimed, no residue; label kind spec_config, label only). Then, at 65, a real
  residue starts on that same node (aborts ramp 1.5 -> 12 %, kept). spec_residue on sc-h100-05 from 25 min
  with steady 3 % aborts (below the abort rule). Labels: benign/spec_config_change sc-h100-02 20-60;
  spec_residue sc-h100-05 25-100; spec_residue sc-h100-02 65-100.

Added later (s146-s149, a thirty-sixth outsider, same clean-room rules; fixed BEFORE any build of them)
--------------------------------------------------------------------------------------------------------
s146_stats_off_upgrade_api_rss_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB hosts,
  100 min from 10:30 UTC; su-h100-04..06 export hostname/uuid; the gateway moves a drained node's
  conversations to the others (spill); reclaim stalls above 86 % host memory make the gateway time requests
  out (as s17). The node agents' vLLM collector also forwards the API server's process_* series (new knob
  Node.proc_metrics: process_resident_memory_bytes / _virtual_memory_bytes, process_cpu_seconds_total,
  process_open_fds, as in the vLLM capture). A vLLM upgrade rolls by drained restarts over su-h100-01 / -03 /
  -05 at 15 / 27 / 39 min (kind warmup), and the new chart's values (copied from a benchmark profile) add
  `--disable-log-stats`: the new processes build no Prometheus stat logger, so their /metrics still answers
  200 (up == 1, no VLLMTargetDown) with the process_* / python_* / http_* series only. From each new process
  (new fault kind stats_off) the agent's vLLM samples carry the process_* series alone, and no vLLM rule has
  data there: no KV, running, abort, TTFT or prefix-hit series, every other source as before. (1)
  benign/vllm_upgrade on each for 10 min from its stop. (2) monitoring_gap on su-h100-03 from 35 min to end:
  the new release's API server leaks host memory (a streaming-response buffer never released), RSS +2 %/min of
  host memory (kind rss_leak, as s11 / s129): host used ~0.40 -> 0.985 at ~65 min, OOM kill, restart 15 s
  later, reload, grows again; process_resident_memory_bytes and the host's proc_rss_bytes climb together, and
  only node-exporter, the gateway and the OOM kills alert. su-h100-01 and -05 run the same stats-off build and
  stay healthy (a missing metric alone is not a fault, as s11's gw-h100-04). (3) benign/checkpoint_load on
  su-h100-05 60-65 (a host RSS spike on a stats-off node). (4) session_isolation on su-h100-06 (old build,
  every vLLM series) from 45 min to end at 1.8 %/min (as s1). Labels: benign/vllm_upgrade su-h100-01 15-25,
  su-h100-03 27-37, su-h100-05 39-49; monitoring_gap su-h100-03 35-100; benign/checkpoint_load su-h100-05
  60-65; session_isolation su-h100-06 45-100.
s147_session_ttl_raise_lookalike_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100 min from
  13:00 UTC, disorder as s13 (1-3 s stream offsets, 2 % late, 1 % duplicates); tl-h100-04..06 export
  hostname/uuid. At 20 min the platform team raises the serving stack's idle-session TTL from 5 to 20 min on
  its experiment cohort tl-h100-02 and -05 (new fault kind sess_ttl, f.rate = the share of idle contexts an
  LRU sweep keeps: 0.12 -> 0.75), to lift prefix hits for returning users: held contexts pile up for ~30 min
  and level off at ~3-4x the old saw-tooth (KV floor ~0.05 -> ~0.3-0.5), prefix hits x1.4 (1 - exp(-t / 10
  min)), running and FB unchanged: a slow monotonic KV rise that plateaus. (1) benign/session_ttl_change on
  tl-h100-02 and tl-h100-05 from 20 min to end. (2) session_isolation on tl-h100-05 from 50 min to end at 1.5
  %/min (as s1): a leak starting on the raised plateau of a look-alike, the pool's pressure evicting the
  TTL-held contexts first. (3) benign/retry_burst on tl-h100-04 62-68 (as s6). Labels: benign/
  session_ttl_change tl-h100-02 20-100 and tl-h100-05 20-100; session_isolation tl-h100-05 50-100; benign/
  retry_burst tl-h100-04 62-68.
s148_pd_prefill_transfer_leak_decode_restart: 6 x 4 H100, Llama-3.3-70B TP4, prefill/decode disaggregated as
  s46 (kvp-h100-01/02 prefill servers, 5 req/s each, KV ~0.002-0.005; kvd-h100-01..04 decode servers, 2.5
  req/s each), Azure conv, 100 min from 09:00 UTC; kvd-h100-03/04 export hostname/uuid. (1) A hotfix image of
  the KV connector is canaried on kvp-h100-02 by a drained restart at 20 min (kind warmup):
  benign/vllm_upgrade 20-30. (2) other/kv_transfer_leak on kvp-h100-02 from its new engine's ready (22.17 min)
  to end: the new build never frees the blocks of a request whose decode side never pulls them (a client gone
  between prefill and decode), where the connector should free them after its abort timeout: the prefill
  server's KV, ~0.005 on a healthy one, climbs 1.5 %/min of its pool (kind kv_leak, cause other) with running
  ~1 and nothing else moving, to a full pool at ~89 min (then its prefills queue). (3) At 45 min the decode
  server kvd-h100-03's pod is restarted in place by a config reloader with no drain (kind oom_crash, one run:
  stop 45.0, start 45.17, ready 46.83): the proxy keeps sending it its share of requests for the 45 s before
  its balancer ejects it (upstream 5xx), and both prefill servers hold those requests' prefilled blocks, which
  no decode server pulls, until the connector's 480 s abort timeout (new fault kind pd_hold, f.rate = 0.25 of
  their requests, PD_EJECT / PD_HOLD): a KV step of ~+0.15-0.25 on kvp-h100-01 and -02 for ~8 min, then freed.
  Labels benign/pod_restart kvd-h100-03 45-55 (label only) and benign/kv_transfer_hold kvp-h100-01 and -02
  45-55. (4) session_isolation on the decode server kvd-h100-04 from 55 min to end at 2.0 %/min (as s46).
  Labels: benign/vllm_upgrade kvp-h100-02 20-30; other/kv_transfer_leak kvp-h100-02 22.17-100;
  benign/pod_restart kvd-h100-03 45-55; benign/kv_transfer_hold kvp-h100-01 45-55, kvp-h100-02 45-55;
  session_isolation kvd-h100-04 55-100.
s149_jittered_vllm_stamps_leak_long_docs_xid: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 15:00 UTC; jr-h100-04..06 export hostname/uuid. jr-h100-03 and jr-h100-05 still run the node agent's
  previous release, whose vLLM collector stamps a sample when the scrape completes rather than when it starts
  (new knob Node.slow_scrape = the median scrape time at a light load, 1.2 s): their API servers, busy
  streaming, answer /metrics in lognormal(1.2 s x (0.5 + (running + waiting) / 30), sigma 0.7) (~0.4-6 s,
  longer under pressure), and a scrape over 10 s times out (the sample is lost). So their vLLM stream's stamps
  lag by a noisy 0.4-10 s while the values are those of the scrape's start; nvml, dcgm and host on time
  (unlabelled noise, drawn from a generator of their own). (1) session_isolation on jr-h100-03 (a jittered
  node) from 30 min to end at 2.0 %/min (as s1): its KV evidence arrives on the jittered stream, whose stamps
  lag most when the pool fills. (2) benign/long_document on jr-h100-05 (the other jittered node) 35-60 (as s6:
  ~1 contract/min of 40-90k tokens, KV and TTFT up). (3) other/xid_79 on jr-h100-04 GPU 2 from 62 min to end
  (as s5). (4) benign/checkpoint_load jr-h100-01 45-50. Labels: session_isolation jr-h100-03 30-90;
  benign/long_document jr-h100-05 35-60; other/xid_79 jr-h100-04 GPU 2 62-90; benign/checkpoint_load
  jr-h100-01 45-50.

Added later (s150-s153, a thirty-seventh outsider, same clean-room rules; fixed BEFORE any build of them)
----------------------------------------------------------------------------------------------------------
s150_sdk_token_cut_cancels_big_draft_residue: 6 x 4 H100, Llama-3.3-70B TP4 with speculative decoding, Azure
  conv 2.5 req/s/node, 90 min from 16:00 UTC, request logging on every node (tenant, session, tokens,
  spec_draft_tokens); the gateway moves a drained node's conversations to the others (spill); tc-h100-04..06
  export hostname/uuid. Two pools of a draft-size experiment: tc-h100-01..03 speculate with the 1B draft (2400
  MiB/GPU, 4.7 MB of draft state per interrupted request, 3.2 tokens per verification step), tc-h100-04..06
  with a 3B draft (Llama-3.2-3B: Node.spec_mib = DRAFT3B_MIB, 6150 MiB/GPU, so their pool is ~11 % smaller;
  new Node knobs draft_mb = DRAFT3B_MB, 16.5 MB per interrupted request, and spec_step = DRAFT3B_STEP, 3.6
  tokens per step). (1) The 3B pool gets a new image (a faster tree-verification patch) by drained restarts at
  8 / 11 / 14 min (kind warmup: benign/vllm_upgrade, 10 min each), whose abort path skips freeing the draft
  model's per-request state: spec_residue on tc-h100-04 / -05 / -06 from each new engine's ready (10.17 /
  13.17 / 16.17 min) to the end (kind spec_residue with a steady abort rate of 0.015, the fleet's usual client
  aborts), fed at first by those 1.5 % only (~7-9 MiB/min/GPU, no alert). (2) At 30 min retail-bank's backend
  deploys (over 3 min) a client SDK release whose SSE reader closes every stream after 256 events (SDK_CUT):
  each of its requests (20 % of every node's; new fault kind sdk_cut, request kind 16) that would generate
  more than 256 tokens is aborted by the client's disconnect at exactly 256 generated tokens (~34 % of Azure
  conv answers are longer), so every node's abort share rises from ~1.5 % to ~5-12 % (10-min windows), the
  abort alert fires and flaps on all six nodes, and the request logs show `abort` with generation_tokens 256
  for retail-bank (its kind-0 share goes to the other tenants from then, so it stays ~20 % of the log).
  benign/sdk_stream_cut on all six from 30 min to the end: on the 1B pool the interrupted requests' draft
  state is reclaimed (tau 90 s, FB flat); on the 3B pool the same cancels feed the residue ~5x faster (16.5 MB
  each: ~45 MiB/min/GPU, FB GPU 0 ~74.1k -> ~77.0k MiB by 90, just under GPUFramebufferHigh's 95 %). The abort
  storm is the same on the six nodes; only FB / NVML memory tells the three leaking ones. Labels:
  benign/vllm_upgrade tc-h100-04 8-18, -05 11-21, -06 14-24; spec_residue tc-h100-04 10.17-90, -05 13.17-90,
  -06 16.17-90; benign/sdk_stream_cut tc-h100-01..06 30-90.
s151_cis_hardening_host_blind_tokenizer_rss_oom: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1
  TiB hosts, 100 min from 06:00 UTC; hd-h100-04..06 export hostname/uuid; reclaim stalls above 86 % host
  memory make the gateway time requests out (as s17). A CIS hardening run (Ansible, after a security update)
  remounts /proc with hidepid=2 and sets kernel.dmesg_restrict=1: on hd-h100-01 / -02 at 20.0 / 20.4 min (the
  canary batch) and -03 / -04 / -05 at 45.0 / 45.4 / 45.8 (hd-h100-06 excluded by a ticket). The node agent
  runs unprivileged: its host collector reads the serving process's /proc/<pid>/status first and skips the
  whole round when that read fails, and its /dev/kmsg reader stops with EPERM, so from each run (new fault
  kind host_blind) the node sends no host sample and no host event (oom_kill, process_start); nvml, dcgm and
  vLLM as before, and node-exporter (root) still feeds the node-memory and OOM-kill alerts.
  benign/host_telemetry_loss on the five from each run to the end. (1) monitoring_gap on hd-h100-02 from 30
  min to end: the new release of the API server's tool-call parser keeps every request's rendered chat
  template and its token ids (an encode cache that never evicts), so the serving process's RSS grows 2 %/min
  of host memory (kind rss_leak, as s146): host used ~0.38 -> 0.985, OOM kill of the vLLM process at 59.9 min,
  restart, reload, grows again to a second OOM kill at 91.2; none of it in the agent's host stream (blind
  since 20.4), only in NodeMemoryHighUtilization / NodeOOMKillDetected, the gateway's timeouts and 5xx, TTFT,
  and the vLLM engine_start / counter reset after each kill. (2) session_isolation on hd-h100-04 from 52 min
  to end at 2.0 %/min (as s1; host-blind since 45.4, its vLLM evidence intact). (3) benign/checkpoint_load on
  hd-h100-05 62-67 (its RSS spike unseen, FB +2.5 GiB for ~90 s). Labels: benign/host_telemetry_loss
  hd-h100-01 20-100, -02 20.4-100, -03 45-100, -04 45.4-100, -05 45.8-100; monitoring_gap hd-h100-02 30-100;
  session_isolation hd-h100-04 52-100; benign/checkpoint_load hd-h100-05 62-67.
s152_weekly_cache_compaction_leak_after: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, vLLM KV
  events on every node, 90 min from Monday 02:30 UTC, disorder as s13 (1-3 s stream offsets, 2 % late, 1 %
  duplicates); wc-h100-04..06 export hostname/uuid. The serving stack's session store keeps many idle contexts
  (held-context amplitude 0.18-0.26, Node.amp), and a weekly CronJob (`0 3 * * 1`) compacts it at 30 min: one
  node after the other, 3 s apart (30.00-30.25 min), it drops every idle session context and calls vLLM's
  /reset_prefix_cache (new fault kind compact: every held context but leaked ones dropped, as s83's reset,
  with `kv_all_cleared`; prefix hits ~0, refilling with tau 240 s, the lost prefixes prefilled again at
  RECOMPUTE_TPS, a few ms on these short prompts). Every node's KV falls at once from its saw-tooth
  (~0.15-0.35) to the running requests' share (~0.03-0.10) and refills over the next 3-5 min: a fleet-wide,
  simultaneous, monotonic KV rise with no alert. (1) benign/prefix_cache_compaction on all six from each run
  to 40 min. (2) session_isolation on wc-h100-04 from 33 min to end at 2.0 %/min (as s1): a leak starting 3
  min after the compaction, inside the refill, whose rise simply never stops. (3) benign/annual_report on
  wc-h100-02 45-90 (as s6: one session, a turn every ~45 s, a 30k-token prompt growing 1.5k a turn, its KV
  held). Labels: benign/prefix_cache_compaction wc-h100-01..06 30.0x-40; session_isolation wc-h100-04 33-90;
  benign/annual_report wc-h100-02 45-90.
s153_degrading_hbm_row_remaps_hot_aisle_throttle: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 13:00 UTC; hm-h100-04..06 export hostname/uuid. dcgm-exporter runs a custom counters CSV: the
  default's row-remap fields (remap, as s37) plus DCGM_FI_DEV_ECC_SBE_VOL_TOTAL, DCGM_FI_DEV_ECC_DBE_VOL_TOTAL
  and DCGM_FI_DEV_ROW_REMAP_PENDING (new Node knob ecc_fields, `ecc_counts`). (1) other/hbm_degradation on
  hm-h100-03 GPU 1 from 18 min to end: an HBM stack wearing out. Its correctable-error rate rises from 3/min
  at 18 min, doubling every 18 min (new fault kind hbm_wear, SBE_DOUBLE); rows with repeated correctable
  errors are marked for remapping (XID 63, ~40 SBEs each, ROW_REMAP_PENDING 1 from the first,
  CORRECTABLE_REMAPPED_ROWS counting) at 26.0, 33.5, 39.5, 44.5, 48.5, 52.0, 55.0, 57.5, 60.0, 62.0, 64.0,
  66.0, 68.0 min, ever closer; at 71.0 a contained uncorrectable error (XID 94 + 63: DBE 1,
  UNCORRECTABLE_REMAPPED_ROWS 1) kills the vLLM server, which restarts (as s37); more XID 63s at 73.5-82.0; at
  84.0 another XID 94 whose row cannot be remapped (XID 94 + 64: the bank has no spare row, ROW_REMAP_FAILURE
  1) kills it again. No drain and no GPU reset in the recording. GPUXidErrors{xid="63"} fires from ~26 min, as
  it does for any single remap. (2) benign/correctable_row_remap on hm-h100-06 GPU 0 from 47 min to end: one
  row marked on correctable errors (one XID 63, ~40 SBEs, pending 1; as s37's ecc-h100-05): the same
  GPUXidErrors{xid="63"} alert, no trend. (3) benign/cooling_maintenance on hm-h100-05 35-60: one of the row's
  two cooling units is off for a filter change, and the rack at the open end of the hot aisle recirculates:
  its GPUs 2 and 3 reach the slowdown temperature under load 35-58 / 35.5-57 min (kind throttle with an end,
  s47's heat curve: ~87 C, SM clock ~0.82 / ~0.88 of its maximum, hunting), the TP group slowed with them;
  GPUTemperatureHigh on both. (4) session_isolation on hm-h100-02 from 50 min to end at 1.5 %/min (as s1).
  Labels: other/hbm_degradation hm-h100-03 GPU 1 18-90; benign/cooling_maintenance hm-h100-05 35-60;
  benign/correctable_row_remap hm-h100-06 GPU 0 47-90; session_isolation hm-h100-02 50-90.

Added later (s154-s157, a thirty-eighth outsider, same clean-room rules; fixed before any build of them but
one rate, s155's leak, see bench/outsider/README.md)
-------------------------------------------------------------------------------------------------------------
s154_fqdn_alert_names_audit_proxy_host_oom: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB
  hosts, 110 min from 11:00 UTC; reclaim stalls above 86 % host memory make the gateway time requests out (as
  s17); 2 % of mf-h100-05's host samples lost in transit. mf-h100-04..06 joined from a second node group whose
  kubelets registered them under their FQDN, mf-h100-0k.gpu.fra2.example.net (new Node knob fqdn): every
  Prometheus alert naming those nodes (the alert record's `node`, the labels node / instance / Hostname, the
  gateway's upstream instance) and dcgm-exporter's Hostname label (it takes NODE_NAME, the Kubernetes node
  name, as in the kops L4 capture, whose Hostname is an instance id) carry the FQDN, while the node agent's
  records carry the short host name, as on mf-h100-01..03. Every vLLM pod has an in-path `audit-proxy` sidecar
  (the compliance tenant's request/response archiver; the gateway reaches vLLM through it). (1)
  other/sidecar_memory_leak on mf-h100-05 (FQDN) from 25 min to end: a canary of the proxy (its manifest
  without the container memory limit) whose retry queue to the archive is unbounded keeps every exchange (kind
  offload with evict False, as s82, with the new Fault fields proc = "audit-proxy" and inpath): host used
  grows 1.5 %/min of host memory while the serving process's RSS stays flat; at 98.5 % the kernel's OOM killer
  kills the largest process, `audit-proxy` (host oom_kill), for PROXY_DOWN = 20 s nothing listens on the pod's
  port (every request the gateway sends fails), kubelet restarts the container (process_start), and it grows
  again to a second kill. (2) On mf-h100-04 (FQDN) the fleet's current proxy, with a 2 GiB container limit,
  buffers the long-document tenant's 40-90k-token contracts (benign/long_document 35-60, as s6) and its cgroup
  OOM-kills it at 41.3, 49.8 and 57.1 min (side_oom with the same new fields: host oom_kill and process_start
  "audit-proxy", 20 s of 5xx each, KubePodCrashLooping{container="audit-proxy"} after the second kill), host
  memory flat: benign/sidecar_limit_oom 35-60 (label kind oom_window, label only). (3) session_isolation on
  mf-h100-02 (short name) from 45 min at 2.0 %/min (as s1). (4) benign/checkpoint_load on mf-h100-06 (FQDN)
  70-75. Labels name the nodes as the agent does (short): benign/long_document mf-h100-04 35-60;
  benign/sidecar_limit_oom mf-h100-04 35-60; other/sidecar_memory_leak mf-h100-05 25-110; session_isolation
  mf-h100-02 45-110; benign/checkpoint_load mf-h100-06 70-75.
s155_night_trough_4h_idle_kv_floor_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 240 min
  from 22:30 UTC; nt-h100-04..06 export hostname/uuid; 5 % of nt-h100-03's vLLM samples lost by a relay. The
  users' traffic falls over 30-60 min to a tenth of itself, holds for two hours and comes back over 180-210
  (new fault kind night, f.rate 0.1, half cosines over NIGHT_RAMP, `trough_shape`; held contexts scale with
  the absolute load; GPU utilization relative to the evening's load, Node.uref_min 30): on a healthy node
  running ~17 -> ~1.6 and KV ~0.01-0.02 at night. benign/night_trough on all six 30-210. (1) session_isolation
  on nt-h100-04 from 15 min to end at 0.5 %/min (as s1, load-modulated): in the evening a floor under the
  saw-tooth; overnight its leaked contexts stay in the pool (KV ~0.21-0.30 while its peers idle at
  ~0.01-0.02), growing slowly, then faster when the morning traffic returns; no alert of its own. (2)
  benign/agentic_sessions on nt-h100-06 70-160 (three overnight coding-agent sessions whose contexts stay in
  the pool, as s38: KV ~0.1-0.8 at night, freed at their end). (3) benign/batch_job on nt-h100-02 75-125 (a
  nightly offline evaluation, 0.5 req/s of 3-8k-token documents, as s49). (4) benign/warmup on nt-h100-05
  120-130 (a drained restart for a config rollout, as s6). The night's few requests make the error-rate rule
  flap (one error among ~60 requests is over 1 %): unlabelled noise. Labels: benign/night_trough
  nt-h100-01..06 30-210; session_isolation nt-h100-04 15-240; benign/agentic_sessions nt-h100-06 70-160;
  benign/batch_job nt-h100-02 75-125; benign/warmup nt-h100-05 120-130.
s156_ab_switchback_pools_leak_xid: 8 x 4 H100 in two pools, blu-h100-01..04 (A, the current image) and
  grn-h100-01..04 (B, a candidate image; its dcgm-exporter writes hostname/uuid), Llama-3.3-70B TP4, Azure
  conv 2.5 req/s/node, 120 min from 14:00 UTC, disorder as s13 (1-3 s stream offsets, 2 % late, 1 %
  duplicates). A switchback experiment compares the two images under the same conditions: every 15 min the
  gateway moves 30 % of pool A's traffic to pool B and back (B's turns 20-35, 50-65, 80-95, 110-120; kind
  shift with rate 0.7 on A and 1.3 on B, four windows per node, moved sessions uncached for their first 10
  min, as s44/s130): in B's turns running ~17 -> ~12-13 on A and ~22-25 on B, KV following.
  benign/ab_switchback on all eight 20-120 (label kind switchback_window, label only). (1) session_isolation
  on grn-h100-03 from 50 min (the start of B's second turn) to end at 1.5 %/min (as s1): its KV rises with its
  pool's in B's turn and does not come back in A's. (2) benign/annual_report on blu-h100-03 60-105 (as s6).
  (3) other/xid_79 on blu-h100-02 GPU 1 from 88 min to end (inside B's third turn; as s5). Labels:
  benign/ab_switchback blu-h100-01..04 and grn-h100-01..04 20-120; session_isolation grn-h100-03 50-120;
  benign/annual_report blu-h100-03 60-105; other/xid_79 blu-h100-02 GPU 1 88-120.
s157_tp1_draft_two_of_eight_gpus_residue: 6 x 8 H100, two vLLM V0 servers per node (TP4 each on GPUs 0-3 /
  4-7, engine "0" / "1", gpu null; V0 metric names, as s75), Llama-3.3-70B + 1B draft started with
  --speculative-draft-tensor-parallel-size 1, Azure conv (engine 0) + code (engine 1) 6 req/s/engine, 100 min
  from 09:00 UTC; the gateway moves a drained node's conversations to the others; dt-h100-04..06 export
  hostname/uuid; 4 % of dt-h100-03's dcgm samples lost. The draft model runs on each server's first GPU only
  (new Node knob draft_tp1): GPUs 0 and 4 hold its 2400 MiB of weights and all the draft state, and the other
  six, holding as many KV blocks, use 2400 MiB less (FB ~74.0k against ~71.8k MiB on every node, healthy). (1)
  spec_residue on dt-h100-03 engine 1 (inst 4; label gpu 4) from 30 min to end: steady 4 % aborts on that
  server all recording (below the abort rule; kind spec_residue with f.abort), reclaimed until 30 min, then
  kept: the 4.7 MB of each interrupted request land on GPU 4 alone (~60 MiB/min on average), FB GPU 4 ~74.1k
  -> ~78.8k MiB by the end and GPUFramebufferHigh on that GPU only, the node's other seven GPUs flat. (2)
  benign/client_cancels on dt-h100-05 engine 0 (inst 0) 25-70 (9 % aborts, reclaimed: FB GPU 0 a flat step of
  ~+200 MiB; abort alert). (3) benign/warmup on dt-h100-02 50-60 (a drained restart of both servers: FB
  reloads, allocator warm-up on all eight GPUs). (4) benign/checkpoint_load on dt-h100-06 75-80. Labels:
  spec_residue dt-h100-03 GPU 4 30-100; benign/client_cancels dt-h100-05 25-70; benign/warmup dt-h100-02
  50-60; benign/checkpoint_load dt-h100-06 75-80.

Added later (s158-s161, a thirty-ninth outsider, same clean-room rules; fixed before any build of them but a
few rates of s159 and s161, see bench/outsider/README.md)
-----------------------------------------------------------------------------------------------------------
s158_bad_build_rollout_quarter_fleet_leaks: 24 x 4 H100 in three racks of eight (vb-h100-09..16 report the
  memory temperature blank, vb-h100-17..24 export hostname/uuid), Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 110 min from 08:00 UTC; nvml / dcgm / host every 30 s, vLLM every 15 s (a large fleet's agent
  config, as s27); the gateway moves a drained node's conversations to the other 23; vb-h100-13's clock 2 s
  fast (NodeClockSkewDetected 20-110, unlabelled), 3 % of vb-h100-08's dcgm samples lost. A new vLLM build
  rolls out to a quarter of the fleet, one node every 8 min by drained restarts: vb-h100-03 / -07 / -11 / -15
  / -19 / -23 at 15 / 23 / 31 / 39 / 47 / 55 min (benign/vllm_upgrade, 10 min each). The build has a
  session-isolation defect: a few minutes after each new engine is ready, once its conversations have come
  back from the peers, the contexts of sessions whose ids are reused are never released (kind kv_leak, as s1)
  at 2.0 / 1.7 / 2.2 / 1.8 / 1.6 / 2.1 %/min, from 20.0 / 27.5 / 37.0 / 44.5 / 53.5 / 59.8 min: one root cause
  on six nodes, each starting inside or just after its own benign warm-up window; the first fills its pool by
  ~60 min, the last by ~100. Look-alikes on nodes the build did not reach: benign/annual_report vb-h100-10
  40-85 (as s6), benign/long_document vb-h100-18 50-75 (as s6), benign/checkpoint_load vb-h100-05 60-65.
  Labels: benign/vllm_upgrade on the six, each from its stop for 10 min; session_isolation on the six, each
  from its leak's start to 110; the three look-alikes.
s159_nvlink_crc_slow_tp_group_batch_neighbour: 6 x 8 H100, 2 DP engines/node (TP4 on GPUs 0-3 / 4-7), Llama-
  3.3-70B, Azure conv (engine 0) + code (engine 1) 6 req/s/engine, 100 min from 10:00 UTC, prefill 14k
  tokens/s (TTFT adds the uncached prompt's prefill, as s84); disorder as s13; nl-h100-04..06 export
  hostname/uuid. dcgm-exporter exports NVLink bandwidth and PCIe rates (as s55) and, from a custom counters
  CSV, the four NVLink error counters the default CSV leaves commented out (new Node knob nvl_errs:
  DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL, _CRC_DATA_, _REPLAY_, _RECOVERY_ERROR_COUNT_TOTAL,
  `nvlink_errs`), with the rule GPUNVLinkCRCErrorsHigh (increase over 5 min > 100, for 2 min). (1)
  other/nvlink_degraded on nl-h100-04 GPU 6 from 28 min to end: one of its NVLinks wears out (new fault kind
  nvlink_crc): flit CRC errors at 40/min, doubling every NVC_DOUBLE = 300 s up to NVC_MAX = 12,000/min
  (reached at ~69 min); data CRC errors ~0.3 of them, one replay per failed flit or packet, a link recovery
  per ~40k errors; no XID. The replays take the link's bandwidth (share 1 / (1 + rate / NVC_HALF)), and every
  all-reduce of engine 1's TP group waits for it: prefill at share^0.8, decode at share^0.35 (~0.42 / ~0.68 at
  the cap; `slowdown`), so running, TTFT and the NVLink payload counters of GPUs 4-7 follow, their GPUs' power
  0.55 + 0.45 x share of what their utilization would draw. (2) benign/batch_job on nl-h100-02 engine 0 35-75:
  an offline batch client (2.0 req/s of 3-8k-token documents, as s49) on the same endpoint: more traffic,
  running ~41 -> ~75-80, KV peaks ~0.9, a brief TTFT alert. (3) benign/nvlink_crc_burst on nl-h100-05 GPU 2
  50-60 (new fault kind nvlink_blip): 600 flit CRC errors over 3 min while a link retrains once, nothing
  after; the same CRC alert for ~5 min. (4) session_isolation on nl-h100-06 engine 0 (gpu null) from 40 min at
  1.8 %/min (as s10). Labels: other/nvlink_degraded nl-h100-04 GPU 6 28-100; benign/batch_job nl-h100-02
  35-75; benign/nvlink_crc_burst nl-h100-05 GPU 2 50-60; session_isolation nl-h100-06 40-100.
s160_sticky_rebalance_tenant_leak_moves_nodes: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 120
  min from 10:00 UTC; rb-h100-04..06 export hostname/uuid, rb-h100-04's clock 1.5 s fast, 3 % of rb-h100-06's
  vLLM samples lost. A tenant whose client reuses 6 session ids (its contexts never released, as s1, 2.5
  %/min) has its sticky sessions pinned to one node, ~20 % of that node's traffic; the gateway's rebalancer
  re-pins sticky sessions every 20 min by running requests, which the leak does not raise, so it moves the
  tenant on as it would any other: rb-h100-02 from 25 (the client release) to 40, rb-h100-05 40-60, rb-h100-03
  60-80, back to rb-h100-02 80-100, rb-h100-06 from 100 (kind shift x0.8 on the node it leaves and x1.2 on the
  one it joins, and kind kv_leak over each stint, without a label). The contexts it leaves behind stay in that
  node's pool (as s44): each stint's node keeps a floor of ~0.65 that stops growing when the tenant leaves;
  rb-h100-02, visited twice, fills its pool by ~90 min. (1) session_isolation on the four nodes, each from the
  tenant's first arrival to end (label kind session_reuse, as s44). (2) benign/annual_report on rb-h100-04
  50-95 (as s6). (3) benign/agentic_sessions on rb-h100-01 30-100 (three coding-agent sessions, as s38).
  Labels: session_isolation rb-h100-02 25-120, rb-h100-05 40-120, rb-h100-03 60-120, rb-h100-06 100-120;
  benign/annual_report rb-h100-04 50-95; benign/agentic_sessions rb-h100-01 30-100.
s161_draft_swap_edge_reset_bursts_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/
  node, 100 min from 17:00 UTC; the gateway moves a drained node's conversations to the others; ds-h100-04..06
  export hostname/uuid. (1) benign/draft_swap on ds-h100-02 25-35 and ds-h100-04 50-60: the draft model is
  swapped for a 3B one by a drained restart (new fault kind draft_swap; DRAFT3B_*: 6150 MiB of weights per GPU
  out of the pool, 16.5 MB of draft state per interrupted request, 3.6 tokens per step): FB ~+0.45-0.5k MiB
  per GPU once the new engine is up (DSWAP_MIB, the 3B draft's CUDA graphs outside the memory budget), a flat
  step. (2) A mobile client behind a regional edge proxy carries 60 % of ds-h100-02's and ds-h100-05's traffic
  (new fault kind edge_reset, kind 17): from 40 min the proxy crash-loops and every restart resets all of the
  client's streams at once, aborting them mid-generation: bursts at 40.0, 43.5, 47.0, 51.5, 55.0, 58.5, then
  every ~2 min 60.5-84.0, then 88.5, 93.0, 97.5, on both nodes at once; the abort share per 5 min ~1.5 % ->
  ~3-8 %, VLLMRequestAbortRateHigh on both late in the crash loop. benign/client_disconnect_bursts on
  ds-h100-05 40-100 (label kind reset_window): its draft state is reclaimed (tau 90 s), FB flat. (3)
  spec_residue on ds-h100-02 from 40 min (the first burst) to end: the new image with the 3B draft keeps the
  draft state of every interrupted request (steady 1.5 % aborts, kind spec_residue with f.abort) and each
  burst adds a step: FB GPU 0 ~74.6k after the swap -> ~76.1k MiB at 95-100, no FB alert. The swap alone
  (ds-h100-04) and the bursts alone (ds-h100-05) are benign. (4) session_isolation on ds-h100-06 from 45 min
  at 2.0 %/min (as s1). Labels: benign/draft_swap ds-h100-02 25-35 and ds-h100-04 50-60; spec_residue
  ds-h100-02 40-100; benign/client_disconnect_bursts ds-h100-05 40-100; session_isolation ds-h100-06 45-100.

Added later (s162-s165, a fortieth outsider, same clean-room rules; fixed before any build of them, see
bench/outsider/README.md for what the first build changed)
-----------------------------------------------------------------------------------------------------------
s162_dcgm_hostengine_stale_residue_hidden_xid: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5
  req/s/node, 100 min from 09:00 UTC; disorder as s13; he-h100-04..06 export hostname/uuid; the gateway moves
  a drained node's conversations to the others. The GPU operator runs DCGM as its own DaemonSet (nvidia-dcgm,
  nv-hostengine on :5555) and dcgm-exporter reads it remotely (DCGM_REMOTE_HOSTENGINE_INFO). An operator
  upgrade replaces the nvidia-dcgm pod of one node at a time, he-h100-01..06 at 18.0 / 21.2 / 24.5 / 27.6 /
  30.8 / 34.0 min, and each node's dcgm-exporter never reconnects to the new host engine: it logs "Host
  engine connection invalid/disconnected" every 30 s, its /health says fine, and its /metrics keeps serving
  the values (and pod labels) of its last collection before the restart (new fault kind dcgm_stale: every
  field of every GPU frozen, the energy counter included, the target up, no DCGMTargetDown; the rules on
  DCGM series see the frozen values). So from ~34 min the whole fleet's DCGM is stale and NVML is the only
  live view of the GPUs; the stale exporters themselves are unlabelled (as s20's second hang). (1)
  spec_residue on he-h100-03 from 38 min to end (as s3: aborts 1.5 -> 12 %, 4.7 MB of draft state per
  interrupted request never reclaimed): NVML mem_used / proc_used creep, DCGM FB_USED flat at its 24.5-min
  value; VLLMRequestAbortRateHigh. (2) other/xid_79 on he-h100-05 GPU 2 from 52 min to end (as s5): NVML's
  xid event and the end of GPU 2's NVML samples, the server's crash loop (VLLMTargetDown, gateway 5xx,
  KubePodCrashLooping), but the stale exporter keeps reporting GPU 2 with its 30.8-min values, no
  DCGM_FI_DEV_XID_ERRORS sample and no GPUXidErrors alert. (3) benign/checkpoint_load on he-h100-02 45-50 (as
  s6: RSS +24 GiB, FB +2.5 GiB for ~90 s, in NVML only). (4) benign/warmup on he-h100-06 60-70 (a drained
  restart: NVML's FB falls to 0 and reloads; DCGM still shows the old process's memory and pod). Labels:
  spec_residue he-h100-03 38-100; benign/checkpoint_load he-h100-02 45-50; other/xid_79 he-h100-05 GPU 2
  52-100; benign/warmup he-h100-06 60-70.
s163_alerting_slow_clock_local_time_dst_leak_xid: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node,
  100 min from 00:25 UTC on Sunday 2028-03-26, the night the EU clocks go forward (01:00 UTC, 35 min in);
  lt-h100-01's clock 1.2 s fast (NodeClockSkewDetected 10-100, unlabelled), 3 % of lt-h100-03's nvml
  samples lost, lt-h100-04..06 export hostname/uuid. Every alert comes from the cluster's Prometheus and
  Alertmanager pods, which run on a monitoring node whose clock is 90 s slow (its chronyd lost its sources
  after a firewall change) with TZ=Europe/Berlin in their Helm values (new Scenario knobs alert_clock = -90 s
  and alert_tz, `local_rfc3339`): the rules evaluate the true series, but every alert record's ts_ns,
  startsAt and endsAt are 90 s early, and startsAt / endsAt are written with the local offset, +01:00 before
  the change and +02:00 after it (local 02:00-03:00 never occurs; an alert that starts before it and ends
  after it carries both). The agents' clocks are right. (1)
  session_isolation on lt-h100-02 from 20 min at 2.0 %/min (as s1). (2) other/xid_79 on lt-h100-05 GPU 1 at
  33.5 min (as s5), 1.5 min before the change: its GPUXidErrors alert is stamped ~75 s before NVML's xid
  event. (3) benign/retry_burst on its ring neighbours lt-h100-04 and lt-h100-06 34-42 (as s77). (4)
  benign/annual_report on lt-h100-03 45-90 (as s6). Labels (telemetry time): session_isolation lt-h100-02
  20-100; other/xid_79 lt-h100-05 GPU 1 33.5-100; benign/retry_burst lt-h100-04 and lt-h100-06 34-42;
  benign/annual_report lt-h100-03 45-90.
s164_prefix_caching_off_two_nodes_leak: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node (as s54),
  `vllm:cache_config_info` on every vLLM sample, 90 min from 13:00 UTC; the gateway moves a drained node's
  conversations to the others; px-h100-05/06 export hostname/uuid, px-h100-06's clock 1.8 s slow, 4 % of its
  dcgm samples lost. A tenant reports wrong answers that the vLLM release's prefix cache causes on rare
  prompts; as a mitigation the two nodes serving its route are restarted (drained) with
  --no-enable-prefix-caching, px-h100-02 at 25 and px-h100-05 at 31 min (new fault kind prefix_off): from the
  new process on, no prompt finds a cached prefix, so every prompt is prefilled in full (TTFT + the trace's
  reused share of the prompt at RECOMPUTE_TPS, as s54), vLLM looks up no prefix and so counts no prefix-cache
  query (both counters flat at 0 from the restart: the hit-ratio rule has no data, 0/0), keeps no session
  context (KV usage falls to the running batch), and its cache_config_info says
  enable_prefix_caching="False". (1) benign/prefix_caching_disabled on px-h100-02 25-90 and px-h100-05 31-90.
  (2) session_isolation on px-h100-03 from 40 min at 2.0 %/min (as s1): its prefix-hit share falls too, as
  its pool fills. (3) benign/annual_report on px-h100-01 45-85 (as s6). Labels: benign/prefix_caching_disabled
  px-h100-02 25-90 and px-h100-05 31-90; session_isolation px-h100-03 40-90; benign/annual_report px-h100-01
  45-85.
s165_failover_drill_lull_pauses_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100 min from
  11:30 UTC; au-h100-02's clock 0.9 s fast, 3 % of au-h100-05's vLLM samples lost, au-h100-04..06 export
  hostname/uuid. A planned regional failover drill: the global load balancer drains the region to its peer
  region at 48 min and fails back at 63 (kind shift x0.05 on all six nodes: new sessions follow within ~2
  min, tau 120 s; back with tau 300 s); the gateway's GatewayRequestRateDrop (the region's request rate
  under half of the same hour a week before, for 5 min; node "-") fires during it. (1) session_isolation on
  au-h100-04 from 25 min at 2.0 %/min (as s1; the leaking tenant is drained with everyone else, so the leak's
  growth, which follows its traffic, pauses for the drill and resumes after it, while the leaked contexts
  stay: the node keeps a KV floor at near-zero traffic while its peers fall to ~0). (2)
  benign/agentic_sessions on au-h100-02 35-85 (three coding-agent sessions, as s38, from an internal agent
  platform that calls the node's service directly, not through the global balancer: they keep running, and
  keep their contexts, through the drill). (3) benign/regional_failover_drill on all six nodes 48-68 (label
  kind drill_window). Labels:
  session_isolation au-h100-04 25-100; benign/regional_failover_drill au-h100-01..06 48-68;
  benign/agentic_sessions au-h100-02 35-85.

Added later (s166-s169, a forty-first outsider, same clean-room rules; fixed before any build of them;
no new knob, fault kind or rule: only existing kinds, so no shared code changed)
-----------------------------------------------------------------------------------------------------------
s166_gpu_benchmark_job_on_residue_node: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node,
  100 min from 10:00 UTC; disorder as s13; gb-h100-04..06 export hostname/uuid. The platform team's weekly GPU
  validation CronJob runs a ten-minute benchmark (a matmul / memory-bandwidth run, time-sliced beside vLLM, 6
  GiB on one GPU, +25 % utilization; kind side_xid with a clean run: no XID). (1) spec_residue on gb-h100-03
  from 30 min (steady 3 % aborts all recording, below the abort rule; the draft state kept from 30: FB / NVML
  creep on all four GPUs, no alert of its own). (2) benign/gpu_benchmark on gb-h100-03 GPU 1 50-60 (the same
  node: a 6 GiB step on one GPU over the residue's creep; GPUFramebufferHigh fires there, the only alert ever
  naming the residue's node). (3) benign/client_cancels on gb-h100-06 35-70 (9 % aborts, reclaimed, FB flat;
  abort alert). (4) benign/gpu_benchmark on gb-h100-05 GPU 2 65-75 (the control: same job, same alert, no
  fault). (5) benign/checkpoint_load on gb-h100-01 80-85. Labels: spec_residue gb-h100-03 30-100;
  benign/gpu_benchmark gb-h100-03 GPU 1 50-60 and gb-h100-05 GPU 2 65-75; benign/client_cancels gb-h100-06
  35-70; benign/checkpoint_load gb-h100-01 80-85.
s167_memory_pressure_eviction_leak_follows_pod: 7 x 4 H100 (pe-h100-07 a spare without vLLM), Llama-3.3-70B
  TP4, Azure conv 2.5 req/s/node, 1 TiB hosts, 100 min from 14:00 UTC; pe-h100-05..07 export hostname/uuid,
  pe-h100-06's clock 1.1 s fast (NodeClockSkewDetected 15-100, unlabelled), 3 % of pe-h100-02's dcgm
  samples lost. A model pre-stager on pe-h100-03 copies the next release's shards and reads them back to
  verify them (1.4 %/min of host memory into page cache, 10-60, as s65): the pages are active, so kubelet
  counts them in the node's working set, and at 46 min its memory.available hard threshold evicts the
  largest pod over its request, the vLLM pod (kind evict); the replacement is scheduled on the spare
  pe-h100-07 20 s later (kind arrive, ready 100 s after), the conversations go to the peers meanwhile and
  to the new endpoint after. Kubelet's eviction is a Kubernetes Event, which no alert rule here reads. (1)
  session_isolation on pe-h100-03 22-46 (2.0 %/min, ended by the eviction, no alert). (2) the same tenant's
  client keeps reusing its session ids on the new endpoint: session_isolation on pe-h100-07 from 50 min at
  2.0 %/min (TTFT P99 88.4, KV high 93.4, KV critical 93.9, preemptions 95.2, prefix-hit 96.7; fleet TTFT
  SLO 91.7). (3) benign/page_cache pe-h100-03 10-60 (label kind cache_window), benign/node_pressure_eviction
  pe-h100-03 46-56, benign/warmup pe-h100-07 46.33-56.33. (4) benign/annual_report pe-h100-05 30-75.
  Labels: as listed.
s168_tokenizer_cpu_saturation_on_residue_node: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5
  req/s/node, 1 TiB hosts, 90 min from 15:00 UTC; the gateway moves a drained node's conversations to the
  others; tk-h100-03's clock 0.8 s slow, 3 % of tk-h100-05's vLLM samples lost, tk-h100-04..06 export
  hostname/uuid. (1) spec_residue on tk-h100-04 from 25 min (steady 3 % aborts, below the rule; FB creep, no
  alert of its own). (2) other/tokenizer_cpu_saturation on the same node 40-62 (kind cpu_starve, as s113: a
  node-local tokenizer sidecar, deployed for the gateway's token-based quotas with an uncapped thread pool,
  saturates the host's CPUs until its CPU limit is set; the API server's tokenizer and detokenizer and the
  engine core wait for cores: running up, GPU utilization and power down, every agent source at half its
  rate; TTFT P99 42.5, fleet TTFT SLO 49.0 and 61.0, E2E 50.0: the alerts name the residue's node for
  another cause). (3) benign/routing_hotspot on tk-h100-02 35-65 (the gateway's prefix-aware routing sends
  it x1.8 of its arrivals 35-58, as s113; label kind hotspot). (4) benign/client_cancels on tk-h100-06 30-65
  (9 % aborts, reclaimed; abort alert 37.0). (5) benign/checkpoint_load on tk-h100-01 70-75. Labels:
  spec_residue tk-h100-04 25-90; other/tokenizer_cpu_saturation tk-h100-04 40-62; benign/routing_hotspot
  tk-h100-02 35-65; benign/client_cancels tk-h100-06 30-65; benign/checkpoint_load tk-h100-01 70-75.
s169_multinode_pp_instance_leak_batch_report: 6 x 8 H100, three Llama-3.1-405B-FP8 instances each spanning
  two nodes (TP8 x PP2, as s49: vLLM metrics and traffic on the leader mp-h100-01 / -03 / -05 only; the
  workers -02 / -04 / -06 show GPU and host series), Azure conv 4 req/s/instance, 90 min from 09:00 UTC;
  disorder as s13; mp-h100-05/06 export hostname/uuid. (1) session_isolation on the second instance's
  leader mp-h100-03 from 30 min at 1.5 %/min of its ~1.48M-token pool (which spans both nodes' GPUs; its
  worker mp-h100-04 shows nothing: FB pre-allocated and flat, no vLLM; labelled on the leader only): TTFT
  P99 80.3, fleet TTFT SLO 83.5, preemptions 84.0, prefix-hit 89.5. (2) benign/annual_report on the first
  instance's leader mp-h100-01 25-70. (3) benign/batch_job on the third instance (a nightly batch client,
  8 req/s of 3-8k-token documents) 40-70, labelled on both of its nodes 40-72 (label kind batch_window).
  Labels: session_isolation mp-h100-03 30-90; benign/annual_report mp-h100-01 25-70; benign/batch_job
  mp-h100-05 and mp-h100-06 40-72.

Added later (s170-s173, a forty-second outsider, same clean-room rules; fixed before any build of them but
s172's second foreign-alert label, added after the first build; "as built" figures read from the built files)
-------------------------------------------------------------------------------------------------------------
s170_query_of_death_ring_crash_chain: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  14:00 UTC; the gateway moves a drained node's conversations to the others; qd-h100-04..06 export
  hostname/uuid, 3 % of qd-h100-05's dcgm samples lost. A query of death: risk-analytics' document pipeline
  submits one contract (a ~31k-token prompt) whose logit_bias names token ids past the tokenizer's vocabulary
  (the embedding's padding rows), which this vLLM build does not validate: the sampler's gather of those
  logits reads out of bounds, a CUDA illegal memory access on the first TP rank (XID 31, MMU fault, then XID
  43 as its channel stops, on GPU 0), EngineCore dies and the API server exits 1 s later (new fault kind
  poison; no drain, no OOM, the GPU stays on the bus). The gateway's retry policy (retry_on reset / 5xx, 2
  retries, previous_hosts) sends the same request on to the hash ring's next two hosts, ~3 s apart (the
  prompt's prefill), so every attempt kills three engines: qd-h100-02, -03 and -04 at 30.0 / 30.05 / 30.1
  min. The pipeline's task queue retries the document 5, 10 and 20 min after each failure (35, 45, 65 min),
  then dead-letters it; kubelet restarts each container after its back-off (10, 20, 40 s, and 10 s again once
  a container has run 10 min), weights 100 s, engine_start, counters reset: twelve crashes, three at a time.
  DCGM_FI_DEV_XID_ERRORS holds 43 on the three GPUs 0 from the first crash on (GPUXidErrors{xid="43"} to the
  end); the gateway fails what it sends a dead upstream for 45 s (GatewayUpstream5xxRateHigh on the three
  31.4-40.7, 46.5-50.7, 66.5-70.7, fleet GatewayHigh5xxRate 32.4-40.7, 47.5-50.7, 67.5-70.7 as built). (1)
  other/query_of_death on qd-h100-02, -03 and -04 from each node's first crash to its last restarted engine's
  ready (label kind qod_window). (2) benign/vllm_upgrade on qd-h100-01 and -05 52-62: a planned upgrade with
  maxUnavailable 2, two drained restarts in the same minute (process_start / engine_start / counter resets on
  two nodes at once, without XIDs or 5xx). (3) session_isolation on qd-h100-06 from 20 min to end at 1.8
  %/min (as s1). Labels: other/query_of_death qd-h100-02 30.0-66.83, -03 30.05-66.88, -04 30.1-66.93;
  session_isolation qd-h100-06 20-90; benign/vllm_upgrade qd-h100-01 and qd-h100-05 52-62.
s171_sigkill_xid45_rolling_restart_uncontained_ecc: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5
  req/s/node, 90 min from 09:00 UTC; drained conversations spilled to the peers; sg-h100-04..06 export
  hostname/uuid, 3 % of sg-h100-02's vLLM samples lost. A rolling restart for an image bump: sg-h100-01..06
  drained and sent SIGTERM at 20 / 26 / 32 / 38 / 44 / 50 min (kind warmup). The old image's engine-core
  processes hang at shutdown, so kubelet SIGKILLs each serving process at the end of its 30-s grace period,
  and the driver, tearing down the killed workers' channels, logs XID 45 (preemptive channel removal, "Ch
  00000010") on each of the node's four GPUs (new fault kind sigkill_xid); DCGM_FI_DEV_XID_ERRORS then holds
  45 on every GPU of every restarted node, and GPUXidErrors{xid="45"} fires on all 24 GPUs to the end
  (dcgm-exporter never resets the last XID): a critical alert storm from a planned rollout. (1)
  benign/rolling_restart on each node from its stop for 10 min; benign/xid45_on_sigkill on each from its
  SIGKILL (stop + 0.5 min) to the end. (2) spec_residue on sg-h100-03 from 10 min (as s3: a client's
  cancellations ramp aborts 1.5 -> 12 % over 8 min, and the old image keeps each interrupted request's 4.7
  MB of draft state: FB GPU 0 ~74.03k -> ~74.42k MiB by 25-30 as built) to its stop at 32: the new image
  carries the fix, so after its restart the same 12 % of aborts go on and their draft state is reclaimed
  (kind cancels, benign/client_cancels 32-90): VLLMRequestAbortRateHigh before (20.6-32.1) and after (from
  39.3), the FB creep only before. (3) other/xid_95 on sg-h100-05 GPU 2 from 62 min to end (new fault kind
  xid95): an uncontained ECC error (XID 95, "Uncontained: FBHUB. RST: Yes, D-RST: No"); the GPU stays on the
  bus, the server exits 2 s later, and every new process fails its CUDA init on that GPU until a reset
  (CrashLoopBackOff, never ready): on a node whose four GPUs have shown XID 45 since its own restart at 44,
  GPU 2's XID alert turns from xid="45" to xid="95" (62.3), then gateway 5xx 63.3, VLLMTargetDown 64.1,
  KubePodCrashLooping 67.6 as built. Labels: benign/rolling_restart and benign/xid45_on_sigkill on the six;
  spec_residue sg-h100-03 10-32; benign/client_cancels sg-h100-03 32-90; other/xid_95 sg-h100-05 GPU 2 62-90.
s172_shared_alertmanager_foreign_cluster_same_names: 6 x 4 H100 (gpu-node-01..06 of cluster gpu-prod-eu1),
  Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB hosts, 90 min from 13:00 UTC; reclaim stalls above 86 %
  host memory make the gateway time requests out (as s17); gpu-node-04..06 export hostname/uuid. The fleet's
  Prometheus puts the external label cluster="gpu-prod-eu1" on its alerts (new Scenario knob cluster), and
  so does the Prometheus of another cluster, gpu-prod-us2, whose alerts reach the correlator through the
  Alertmanager both clusters send to (new Scenario knob foreign, `foreign_alerts`): its on-prem nodes follow
  the same naming scheme (gpu-node-01..08), it runs the same chart and rules, and its alerts differ only in
  their cluster label and in what their labels point at (its pod IPs and names). What it sends: its
  gpu-node-04's GPU 3 falls off the bus at 38.0 min (GPUXidErrors{gpu="3",xid="79"} 38.3-43.3,
  GatewayUpstream5xxRateHigh 39.6-43.6, VLLMTargetDown from 40.8 and KubePodCrashLooping from 44.1 to the
  end, its fleet GatewayHigh5xxRate 40.8-42.8), and its gpu-node-02's clock drifts (NodeClockSkewDetected
  22.1-58.1). No record of the other cluster's nodes reaches the correlator; the local gpu-node-04 is healthy
  all along. (1) benign/foreign_cluster_alerts on gpu-node-04 38-90 and gpu-node-02 22-60 (label kind
  foreign_window). (2) session_isolation on gpu-node-02 from 25 min to end at 2.0 %/min (as s1). (3)
  monitoring_gap on gpu-node-05 from 45 min to end (as s121: a NetworkPolicy change blocks its vLLM /metrics
  from 45, VLLMTargetDown 47.2; the API server's RSS +2 %/min of host memory from 49 min to an OOM kill at
  ~78.9 and a restart). (4) benign/checkpoint_load on gpu-node-03 60-65. Labels: as listed.
s173_swap_node_leak_brownout_vs_oom: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft, Azure conv 2.5 req/s/node, 512
  GiB hosts, 100 min from 10:00 UTC; reclaim stalls above 86 % host memory make the gateway time requests
  out (as s17); sn-h100-04..06 export hostname/uuid. sn-h100-03 and sn-h100-05 were re-imaged from a base
  image shared with the CPU pools, which carries a 128 GiB swap file, and kubelet runs them with NodeSwap's
  LimitedSwap: the vLLM pod (requesting ~94 % of the node's memory) may swap ~120 GiB (new Node knob swap);
  the agent's host samples report swap_used_bytes (0 elsewhere). (1) other/host_memory_leak on sn-h100-03
  and sn-h100-06 from 20 min to end: an API-server build that keeps every finished request of a scoring
  tenant pinned to those two nodes (prompt_logprobs: tens of MB of Python objects each), RSS +1.2 %/min of
  host memory (as s33, slower). On sn-h100-06 (no swap) it meets the OOM killer at 98.5 % (69.7 min as
  built), restarts and grows again. On sn-h100-03, once resident use meets SWAP_CEIL = 0.97 (66.8 min), kswapd
  swaps the leak's pages out: proc_rss_bytes levels off at ~340 GiB while swap_used_bytes climbs 0 -> ~120
  GiB, host used stays at ~0.97 (reclaim stalls: TTFT, gateway timeouts, error rate), and the API server's
  garbage collector, which walks every tracked object, faults swapped pages back in
  (NodeMemoryMajorPagesFaults, node-exporter's mixin rule, > 500/s for 15 min: a new rule): a ~20-min
  brown-out, the OOM kill coming only when the swap allowance is used up (86.5 min as built). (2)
  benign/page_cache on sn-h100-05 (the other swap node) from 15 min to end: the model pre-stager (as s65)
  copies the next release's weights at 1.4 %/min 15-60; when the cache first meets the watermarks (56.6 min)
  kswapd also swaps out 6 GiB of the serving process's cold pages (new fault kind swap_cold), which nothing
  touches again: swap used 6 GiB and RSS 6 GiB lower to the end, no stall, no alert. (3) spec_residue on
  sn-h100-02 from 35 min to end (as s3). Labels: other/host_memory_leak sn-h100-03 20-100 and sn-h100-06
  20-100; benign/page_cache sn-h100-05 15-100; spec_residue sn-h100-02 35-100.

Added later (s174-s177, a forty-third outsider, same clean-room rules; fixed before any replay; s175's burst
size (5 -> 10 contracts) and the start of its residue label (its first preempted request) set from its first
builds, and three alerts added after them (the clock-skew alerts of s175's and s177's skewed clocks, s176's
PrometheusScrapeSampleLimitHit); "as built" figures read from the built files)
-------------------------------------------------------------------------------------------------------------
s174_startup_probe_cold_load_crashloop: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  11:00 UTC; the gateway moves a drained node's conversations to the others; wl-h100-04..06 export
  hostname/uuid, 3 % of wl-h100-06's dcgm samples lost. A config rollout of the vLLM Deployment (one pod per
  node, maxSurge 0, maxUnavailable 1: the controller replaces the next pod once the previous one is ready)
  restarts a node in ~130 s, its weights read from the node's NVMe model cache in 100 s. DC operations
  replaced the NVMe drives of wl-h100-02 and -03 last week and the model pre-stager has not refilled them, so
  there the new pod's vLLM streams its 131.4 GiB of weights from the on-prem object store (the run:ai
  streamer on an s3:// path; new fault kinds cold_load and probe_loop: FB fills at the streaming rate,
  `load_curve`, and the streamer's read buffers add ~24 GiB of RSS while it loads). The chart's startupProbe
  allows PROBE_S = 600 s. (1) benign/rolling_restart on wl-h100-01 20-30 (warm: ready 22.17). (2)
  benign/cold_weight_load on wl-h100-02 23-36: ~600 MB/s, ready COLD_S = 285 s after its process start
  (engine_start 28.26), VLLMTargetDown 25.1-28.4, then the usual warm-up. (3) other/weight_load_crashloop on
  wl-h100-03 from its first process start (29.5) to end: the object-store gateway instance its connections
  hash to (source-IP affinity) runs degraded, ~190 MB/s, so a load would take CRAWL_S = 790 s; kubelet kills
  each attempt at 600 s, ~80 % loaded (FB GPU 0 ~26.8k of the ~74k MiB it needs), and restarts it 10 s later
  from nothing: process_start at 29.5, 39.67, 49.83, 60.0, 70.17 and 80.33, an FB saw-tooth of 10-min teeth,
  never an engine_start. No crash-loop alert (restarts 10 min apart: two in 15 min never hold for the rule's
  5 min) and no 5xx (it was drained): VLLMTargetDown from 31.2 to the end, and the rollout, blocked behind it,
  stalls (the Deployment's progress deadline, 600 s: KubeDeploymentRolloutStuck, a new rule naming no node,
  from 54.1); wl-h100-04..06 keep their old pods. (4) session_isolation on wl-h100-05 from 40 min at 1.8
  %/min (as s1): KV 5-min means ~0.21 at 40-45, ~0.45 at 50, ~0.68 at 60, ~0.88 at 75, 0.97 at 80; TTFT P99
  82.6, KV high 84.1, prefix-hit 84.6, KV critical and fleet TTFT SLO 86.4, preemptions 86.6. Labels:
  benign/rolling_restart wl-h100-01 20-30; benign/cold_weight_load wl-h100-02 23-36;
  other/weight_load_crashloop wl-h100-03 29.5-90; session_isolation wl-h100-05 40-90.
s175_preemption_fed_draft_residue_data_room: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere, a ~432k-token pool), Azure conv 2.5 req/s/node, 100 min from 09:00 UTC; the gateway moves a
  drained node's conversations to the others; pf-h100-04..06 export hostname/uuid, pf-h100-04's clock 1.3 s
  fast (NodeClockSkewDetected from 22.2, unlabelled), 3 % of pf-h100-02's vLLM samples lost. (1)
  benign/vllm_upgrade on pf-h100-03 15-25: a patch release with a faster draft-KV path is canaried there by a
  drained restart (ready 17.17). Its abort path frees an interrupted request's draft state as before
  (reclaimed, tau 90 s), but its preemption path (recompute) frees the target model's blocks and not the draft
  model's per-request state, so every request the scheduler preempts leaves its 4.7 MB (new fault kind
  preempt_residue, from the new engine's ready; `sim_engine`). A healthy pool never preempts. (2)
  benign/long_document on pf-h100-03 and pf-h100-05 30-78: legal-review's data-room due diligence (pinned to
  those two nodes by tenant affinity) sends bursts of 10 contracts (40-90k tokens) within 90 s every 6 min,
  more than the pool holds: KV to 0.99 in every burst and preemptions on both nodes (131 on pf-h100-03, 115
  on pf-h100-05 over 30-78), TTFT P99 alerts in the bursts on both (from 33.2 / 33.0), fleet TTFT SLO blips;
  aborts stay at 1.4-1.5 %. (3) spec_residue on pf-h100-03 from its first preempted request (31.1) to end:
  each burst leaves a step: FB GPU 0 ~74.12k -> ~74.27k MiB (+~145 MiB per GPU, ~0.6 GB per node, over
  DESIGN's 200 MB crisis line) by 78, flat after it (nothing preempts), never reclaimed; no alert of its own
  and no abort rise. pf-h100-05, on the old image, preempts as much and its FB stays flat. (4)
  benign/client_cancels on pf-h100-06 35-70 (9 % aborts, reclaimed, FB flat; VLLMRequestAbortRateHigh
  41.7-72.5). Labels: benign/vllm_upgrade pf-h100-03 15-25; benign/long_document pf-h100-03 and pf-h100-05
  30-78; spec_residue pf-h100-03 31.1-100; benign/client_cancels pf-h100-06 35-70.
s176_sample_limit_dark_targets_rank_leak: 6 x 8 H100, one vLLM server per node with two data-parallel TP4
  ranks (engine "0" / "1", gpu null), Llama-3.3-70B, Azure conv (rank 0) + code (rank 1) 6 req/s/engine, 90
  min from 13:00 UTC, disorder as s13; the gateway moves a drained node's conversations to the others;
  dk-h100-04..06 export hostname/uuid. The monitoring team has set enforcedSampleLimit 1000 on the platform's
  Prometheus (every target scraped with sample_limit 1000): a two-rank server's /metrics carries ~750 samples
  (the 354 vllm:* samples per engine of data/telemetry's vLLM capture, + 41 process_* / python_* / http_*). A
  vLLM minor upgrade, rolled by drained restarts over dk-h100-02 / -04 / -05 at 15 / 21 / 27 min and then
  paused for its canary period, adds KV-cache residency histograms (~150 samples per engine with their
  `_created` series): ~1,050 > 1,000, so Prometheus rejects every scrape of an upgraded server (new fault kind
  prom_reject: up == 0, nothing stored, so VLLMTargetDown fires and no vLLM rule has data there), while the
  node agent, with no limit and an allowlist that forwards the series it knows, sends their vLLM samples as
  before; the Prometheus mixin's PrometheusScrapeSampleLimitHit (a new rule naming no node) from 32.2 to the
  end. (1) benign/vllm_upgrade on each for 10 min from its stop; benign/scrape_sample_limit on each from its
  new engine's ready (17.17 / 23.17 / 29.17) to the end: VLLMTargetDown on both engines from 17.2 / 23.2 /
  29.2 to the end, the servers healthy. (2) session_isolation on dk-h100-04 (upgraded, dark) rank engine "1"
  only (f.inst = 4, gpu null) from 40 min at 1.8 %/min (as s10): in the agent's series its KV ~0.14 at 40-45,
  ~0.42 at 50-55, ~0.57 at 60-65, ~0.76 at 70-75, ~0.94 at 85-90; no alert of its own can fire. (3)
  monitoring_gap on dk-h100-03 (not upgraded) from 45 min to end (as s121: a NetworkPolicy change blocks its
  vLLM /metrics for Prometheus and the agent from 45, VLLMTargetDown from 47.2; from 49 the API server's RSS
  grows 2 %/min of host memory: NodeMemoryHighUtilization 79.2, OOM kill ~80, NodeOOMKillDetected 80.2,
  GatewayUpstream5xxRateHigh 81.4-85.4, fleet GatewayHigh5xxRate 82.5-85.5). The same VLLMTargetDown on four
  nodes: on three the agent still has their vLLM series, on one it has not. Labels: benign/vllm_upgrade
  dk-h100-02 15-25, -04 21-31, -05 27-37; benign/scrape_sample_limit dk-h100-02 17.17-90, -04 23.17-90, -05
  29.17-90; session_isolation dk-h100-04 40-90; monitoring_gap dk-h100-03 45-90.
s177_max_num_seqs_cap_queue_backlog: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  10:00 UTC; the gateway moves a drained node's conversations to the others; mq-h100-04..06 export
  hostname/uuid, mq-h100-01's clock 0.7 s slow (NodeClockSkewDetected from 20.0, unlabelled), 3 % of
  mq-h100-04's host samples lost. A Helm values refactor (per-pool values files merged through YAML anchors)
  is canaried by drained restarts on mq-h100-02 at 25 and mq-h100-05 at 31 min. (1) other/max_num_seqs_cap
  on mq-h100-02 from its new engine's ready (27.17) to end: the latency tier's `max_num_seqs: 16` (sized for
  its short, low-concurrency requests) lands in the chat pool's values, so the scheduler runs at most 16
  requests (new fault kind seq_cap, `cap_queue`); the chat load needs ~17-22 on average, so the rest wait in
  vLLM's queue, first come first served, until their users give up (patience lognormal, median PAT_MED = 20
  s: the client closes the stream and vLLM aborts the request, never prefilled) or the gateway's 60-s
  upstream timeout (a 504). As built: running pinned at 16, waiting 5-min means 11-22 (samples to 43), KV
  0.08-0.21, aborts 1.6 % -> 12 % (17.5 % over 60-70), no memory growth; TTFT P99 from 33.0 and the fleet
  TTFT SLO from 36.5 to the end, VLLMRequestAbortRateHigh 39.8-88.5, VLLMQueueBacklog 62.5-67.0 and
  76.3-76.8. (2) benign/warmup on mq-h100-05 31-41 (the same refactor, its pool's values right). (3)
  session_isolation on mq-h100-06 from 35 min at 1.5 %/min (as s1): KV ~0.2 at 35, ~0.41 at 50, ~0.56 at 65,
  ~0.79 at 80, ~0.88 at 85-90; no alert of its own (the fleet TTFT SLO breach is the cap's). (4)
  benign/batch_job on mq-h100-04 40-72 (a nightly evaluation client, 1.5 req/s of 3-8k-token documents 40-70,
  as s49: running ~20 -> ~41-47, KV ~0.43; no alert; label kind batch_window). (5) benign/retry_burst on
  mq-h100-03 55-61 (as s6: arrivals x2.2, 25 % aborts, 6 % 5xx; GatewayUpstream5xxRateHigh 59.3-62.5,
  VLLMRequestAbortRateHigh 60.5-65.8): the cap's abort alert, for six minutes, on a node with nothing capped.
  Labels: other/max_num_seqs_cap mq-h100-02 27.17-90; benign/warmup mq-h100-05 31-41; session_isolation
  mq-h100-06 35-90; benign/batch_job mq-h100-04 40-72; benign/retry_burst mq-h100-03 55-61.

Added later (s178-s181, a forty-fourth outsider, same clean-room rules; fixed before any replay; the end of
s180's label (its new engine's ready, 75.67) read from its first build; "as built" figures read from the built
files)
--------------------------------------------------------------------------------------------------------------
s178_nonstreaming_sdk_gateway_ttft_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min from
  10:00 UTC; the gateway's request log (request_finished with tenant / session / tokens) for every node, and
  its per-upstream TTFT histogram (GatewayUpstreamLatencyHigh, as s17); ns-h100-04..06 export hostname/uuid, 3
  % of ns-h100-05's dcgm samples lost. The gateway's TTFT metrics time the first response byte it gets from
  vLLM. (1) benign/non_streaming_client on all six nodes 25-73: ops-copilot's backend (15 % of every node's
  requests, no session affinity) ships a release of its client library whose chat helper no longer streams
  (stream=false), rolled out over its pods in NS_ON = 5 min from 25 and rolled back over NS_OFF = 2 min before
  68, once the platform team traced it in the gateway's log (new fault kind no_stream, request kind 18; label
  kind nostream_window, to 73: the end of the 5-min windows that hold its requests). For those requests the
  first byte comes with the whole completion (Azure conv's output at ~30 tokens/s: median ~4.4 s, p90 ~14 s,
  p99 ~20 s), so the gateway's TTFT P99 jumps on every node while vLLM's own TTFT histogram, KV, running,
  aborts and errors do not move. As built: GatewayUpstreamLatencyHigh on all six from 28.5-29.7 (to 71.0-71.5
  on five), the fleet's GatewayP99LatencySLOBreach from 32.2. (2) session_isolation on ns-h100-04 from 32 min
  to end at 2.0 %/min (as s1; acme-sess-000..005 in the request log): KV 5-min means ~0.15 before, ~0.29 at
  40-45, ~0.51 at 50-55, ~0.71 at 60-65, ~0.88 at 65-70, full from ~75; preemptions from ~65. Its
  GatewayUpstreamLatencyHigh, firing since 29.0 for (1), never resolves: the leak's own latency takes it over
  (vLLM TTFT P99 from 71.5, KV high 77.0, preemptions 77.7, KV critical 78.2, prefix-hit 79.2), and the fleet
  SLO breach runs on to the end the same way. (3) benign/long_document on ns-h100-02 40-60 (bursts of 5
  contracts of 40-90k tokens within 90 s every 6 min): vLLM TTFT P99 43.5-46.5 there. Labels:
  benign/non_streaming_client ns-h100-01..06 25-73; session_isolation ns-h100-04 32-90; benign/long_document
  ns-h100-02 40-60.
s179_prometheus_oom_alert_blackout_xid: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 13:00 UTC; the gateway moves a drained node's
  conversations to the others; pb-h100-04..06 export hostname/uuid, pb-h100-01's clock 1.4 s fast
  (NodeClockSkewDetected, `for: 10m`, from 22.1, unlabelled). The fleet's kube-prometheus runs its Watchdog
  (vector(1), severity none, names no node; new rule), firing since that Prometheus started ~2 d 7 h before
  (its startsAt, PROM_UP_S). At 41.3 min the platform Prometheus (prometheus-k8s-0) is OOM-killed by an
  analyst's 30-day ad-hoc query; kubelet restarts it and it replays its WAL until 50.4 (new Scenario knob
  prom_down, `gap_windows`): 9.1 min with no scrape, no rule evaluation and no alert sent, while the node
  agents, which publish to Kafka, go on. The alerts it was sending are neither re-sent nor resolved
  (Alertmanager lets them expire at their endsAt, 4 min after the last send). After the restart a rule with
  `for` < 10 min starts pending again, and an alert that still holds fires again with a new startsAt
  (Prometheus's FiredAt); rules with `for` >= FOR_GRACE are restored from ALERTS_FOR_STATE: the clock-skew
  alert, firing at the crash, fires again at the first evaluation (50.6), as does the Watchdog (`for` 0; new
  startsAt 13:50:34). A counter's increase inside the outage is lost to the 5-min rules (their windows hold no
  sample from before it) and counted by the 15-min crash-loop rule only while its window reaches back before
  the outage. (1) spec_residue on pb-h100-02 from 22 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB
  kept per interrupted request): FB GPU 0 ~74.18k -> ~75.41k MiB by 85-90; VLLMRequestAbortRateHigh sent
  32.3-40.3 (never resolved), again from 55.6 with a new startsAt. (2) other/xid_79 on pb-h100-05 GPU 1 at
  44.0, inside the outage (as s5: XID event, last DCGM sample, GPU gone, the server dead 25 s later, the pod
  crash-looping: process starts from 44.59, every 5 min from 49.76, no engine_start): its GPUXidErrors (the
  XID series, ~5 min) and its 5xx fall entirely in the outage and are never sent; its first alert is
  VLLMTargetDown at 52.6 (8.6 min after the fault), then KubePodCrashLooping 55.6-56.4 (the outage's restarts,
  while the rule's window still reaches back before it) and from 64.8. (3) benign/rolling_restart on
  pb-h100-03 45-55 (a drained config-rollout step started before anyone noticed the silence: process_start
  45.5, engine_start 47.18; no alert). (4) session_isolation on pb-h100-06 from 33 min to end at 1.8 %/min (as
  s1): KV 5-min means ~0.15 before, ~0.37 at 45-50, ~0.52 at 55-60, ~0.71 at 65-70, ~0.89 at 70-75, ~0.99 at
  85-90; all its alerts after the restart: TTFT P99 73.6, prefix-hit 83.6, KV high 84.3, preemptions and fleet
  TTFT SLO 85.8, KV critical 87.8. Labels: spec_residue pb-h100-02 22-90; session_isolation pb-h100-06 33-90;
  other/xid_79 pb-h100-05 GPU 1 44-90; benign/rolling_restart pb-h100-03 45-55.
s180_edr_sensor_leak_innocent_vllm_oom: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 512 GiB
  hosts (the serving process ~48 GiB RSS, ~39 % of host memory in use), 90 min from 09:00 UTC; ed-h100-04..06
  export hostname/uuid, 3 % of ed-h100-01's host samples lost. Host memory fills on three nodes for three
  reasons. (1) other/host_daemon_memory_leak on ed-h100-03 from 18 min to its new engine's ready (75.67): the
  endpoint-security (EDR) sensor, a systemd service outside every pod, gets a content update on its canary
  ring (this node) at 18 whose event queue never drains: +1.2 %/min of host memory (~6.1 GiB/min), seen only
  as host memory in use, while the serving process's RSS stays at ~48 GiB (new fault kind daemon_leak,
  `daemon_oom`). The sensor sets oom_score_adj -1000 for itself, so when memory runs out (98.5 %) the kernel
  kills the largest killable process, vLLM, and every restart kubelet makes after CrashLoopBackOff's back-off
  (10, 20, 40, 80, 160 s) is killed again while it loads (its RSS ramping up over RSS_RAMP = 45 s): oom_kill
  of `vllm` at 67.34, 67.92, 68.67, 69.74 and 71.34, process starts 67.50, 68.25, 69.33 and 71.06. The
  on-call, paged by the OOM kill, finds the sensor at ~340 GiB and stops it at 73.5 (host memory back to ~40
  %); kubelet's next start at 74.0 loads (engine_start 75.67). Alerts: NodeMemoryHighUtilization 62.7-67.4 and
  70.5-73.7, a TTFT P99 blip at 66.9 (reclaim stalls above 88 %), NodeOOMKillDetected 67.5-76.4,
  GatewayUpstream5xxRateHigh 68.7-73.2, VLLMTargetDown 69.4-75.7, KubePodCrashLooping 73.5-75.7, the fleet's
  GatewayHigh5xxRate 71.7-72.4. (2) monitoring_gap on ed-h100-05 from 22 min to end (as s17: a NetworkPolicy
  change blocks its vLLM /metrics for Prometheus and the agent from 22, VLLMTargetDown from 24.2; from 26 the
  API server's RSS grows 2 %/min of host memory, ~48 -> ~320 GiB): the same oom_kill of `vllm` (55.37, and
  86.62 after its restart), but with its own RSS grown; NodeMemoryHighUtilization 52.7-55.5 and 84.5-86.7,
  NodeOOMKillDetected 55.5-60.5 and from 86.7, GatewayUpstream5xxRateHigh 56.7-61.2 and from 88.0, fleet
  GatewayHigh5xxRate 58.2-60.7 and 89.2. (3) benign/page_cache on ed-h100-02 from 25 min to end: the model
  pre-stager copies next week's canary checkpoints into the node's NVMe model cache 25-60 through the page
  cache (1.8 %/min of host memory, ~160 MB/s): the agent's mem_used (MemTotal - MemFree) climbs from ~39 % to
  the kernel's watermarks (~97 %) by ~57 and stays there, RSS flat, no alert (MemAvailable counts the cache).
  (4) benign/checkpoint_load on ed-h100-06 50-55 (as s6: RSS +24 GiB, FB +2.5 GiB for ~2 min). Labels:
  other/host_daemon_memory_leak ed-h100-03 18-75.67; monitoring_gap ed-h100-05 22-90; benign/page_cache
  ed-h100-02 25-90; benign/checkpoint_load ed-h100-06 50-55.
s181_kv_usage_metric_regression_canary_leak: 6 x 4 H100, Qwen2.5-72B TP4 (~450k-token pool), Mooncake 0.75
  req/s/node (KV 5-min means ~0.25-0.45), 100 min from 14:00 UTC; the gateway moves a drained node's
  conversations to the others; kb-h100-04..06 export hostname/uuid, kb-h100-01/02 report the DCGM blank
  sentinel, kb-h100-03's clock 1.2 s slow (NodeClockSkewDetected from 25.2, unlabelled). A vLLM patch release
  is rolled out by drained restarts: its canary kb-h100-02 at 20, then, its KV alerts judged a metric artefact
  (no preemption, no latency change), kb-h100-04 at 50 and kb-h100-05 at 54. The release's kv_cache_usage_perc
  counts every block that still holds a prefix-cache hash as used (new fault kind kv_metric_bug): a freed
  block keeps its hash until it is reused, so from the new engine's ready the gauge climbs with the tokens the
  engine writes, reaches the pool in ~3.5 min (Mooncake's long prompts) and then reads ~0.998 for good (1 less
  the unhashed last partial block of each request finished in the last minute); the scheduler, its
  preemptions, TTFT and prefix hits run on the true usage. (1) benign/vllm_upgrade on each for 10 min from its
  stop; benign/kv_usage_metric_regression on each from its ready (22.17 / 52.17 / 56.17) to the end:
  VLLMKVCacheUsageCritical from 27.7 / 57.0 / 61.5 and VLLMKVCacheUsageHigh from 30.7 / 60.0 / 64.5, to the
  end. (2) session_isolation on kb-h100-06 (not upgraded) from 30 min to end at 1.8 %/min (as s1): KV ~0.35
  before, ~0.61 at 40-45, ~0.77 at 50-55, ~0.90 at 55-60, ~0.99 from 75, waiting 3-13 from ~50; TTFT P99 from
  52.2, fleet TTFT SLO 58.7, prefix-hit 63.7, preemptions 65.0, KV critical 68.0 and from 73.9, KV high 76.2.
  (3) session_isolation on kb-h100-05 38-54 at 2.0 %/min (KV ~0.3-0.45 before, ~0.41 at 40-45, ~0.51 at 45-50,
  ~0.64 at 50-54; no alert), ended by the upgrade's drained restart at 54, which empties the pool. The client
  still reuses its ids, so (4) session_isolation on kb-h100-05 again from the new engine's ready (56.17) to
  end, at the same rate, under a gauge that already reads ~0.998: its KV alerts are the regression's, and only
  the leak's late effects are its own: preemptions from ~80 (5-min counts 5, 4, 45, 42 at 80-100), waiting
  7-11 from 90, TTFT P99 74.7-78.7 and from 83.2, VLLMPreemptionsHigh 95.7, prefix-hit 98.0. Labels:
  benign/vllm_upgrade kb-h100-02 20-30, -04 50-60, -05 54-64; benign/kv_usage_metric_regression kb-h100-02
  22.17-100, -04 52.17-100, -05 56.17-100; session_isolation kb-h100-06 30-100; session_isolation kb-h100-05
  38-54 and 56.17-100.

Added later (s182-s185, a forty-fifth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------------
s182_multiproc_upgrade_untracked_worker_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB
  hosts, 90 min from 13:00 UTC; reclaim stalls above 86 % host memory make the gateway time requests out (as
  s17); the gateway moves a drained node's conversations to the others; wp-h100-04..06 export hostname/uuid,
  wp-h100-01's clock 0.9 s fast (NodeClockSkewDetected from 22.0, unlabelled), 3 % of wp-h100-04's host
  samples lost. The node agent's host collector reports proc_rss_bytes as the summed RSS of the serving
  container's processes whose name starts with "python" or "vllm". A vLLM upgrade rolls by drained restarts
  over wp-h100-02 / -03 / -05 at 15 / 21 / 27 min; the new release runs the API server, the engine core and
  the four TP workers as separate processes with process titles ("VLLM::EngineCore", "VLLM::Worker_TP0".."3"),
  which the filter does not match, so from each new process on proc_rss_bytes is the API server's alone (~4.3
  GiB, API_RSS) instead of ~96 GiB (new fault kind split_rss, label-less); host memory in use is unchanged.
  (1) benign/vllm_upgrade on each for 10 min from its stop (VLLMTargetDown 17.0-17.3, 23.0-23.3, 29.0-29.3 as
  built). (2) monitoring_gap on wp-h100-03 (upgraded) from 36 min to end: risk-analytics' scoring client,
  pinned there by tenant affinity, starts asking for top_logprobs, and the new release's async output path
  keeps a pinned host copy of each such decode step's logits (~8 MB) in the workers: 1.5 %/min of host memory
  (new fault kind worker_leak), seen in host mem_used only while proc_rss_bytes stays at ~4.3 GiB. As built:
  host used ~0.39 -> 0.43 at 35-40, 0.57 at 45-50, 0.71 at 55-60, 0.86 at 65-70, 0.93 at 70-75; the kernel
  kills a worker (oom_kill of `VLLM::Worker_TP`, not of the tracked process) at 75.69, the engine shuts down,
  process_start 75.97, engine_start 77.64, host back to ~0.47 and growing again (~0.53 at 85-90);
  VLLMRequestErrorRateHigh 72.5-75.8 and 79.8-80.8 (reclaim stalls), NodeMemoryHighUtilization 73.0-75.8,
  GatewayUpstream5xxRateHigh 74.0-81.6, TTFT P99 75.3-75.8 and 79.8-80.8, NodeOOMKillDetected 75.8-80.8, fleet
  GatewayHigh5xxRate 78.0-81.0. (3) session_isolation on wp-h100-06 (not upgraded) from 30 min to end at 1.8
  %/min (as s1): KV ~0.18 before, ~0.34 at 45-50, ~0.61 at 60-65, ~0.81 at 70-75, full from ~80; TTFT P99
  77.5, fleet TTFT SLO 80.5, preemptions 83.8, KV high 84.0, KV critical 84.3, prefix-hit 86.1. (4)
  benign/checkpoint_load on wp-h100-05 (upgraded) 55-60 (as s6: +24 GiB in the workers, in mem_used and not in
  proc_rss_bytes; FB +2.5 GiB for ~90 s). Labels: benign/vllm_upgrade wp-h100-02 15-25, -03 21-31, -05 27-37;
  session_isolation wp-h100-06 30-90; monitoring_gap wp-h100-03 36-90; benign/checkpoint_load wp-h100-05
  55-60.
s183_in_engine_stop_string_draft_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 10:00 UTC; the gateway moves a drained node's
  conversations to the others; sq-h100-04..06 export hostname/uuid, 3 % of sq-h100-02's dcgm samples lost.
  vLLM checks stop strings in its front end: on a match it finishes the request `stop` and aborts it in the
  engine core, whose abort path frees the draft model's per-request state (reclaimed as any abort). A patch
  release checks them in the engine core instead (it stops generating a step earlier), and that new finish
  path keeps each such request's 4.7 MB of draft state (new fault kind stop_residue: latent until a stop
  string matches). The fleet's chat clients use none. (1) benign/vllm_upgrade on sq-h100-03 15-25 (the canary,
  ready 17.17). (2) From 35 min an agent framework's tenant goes live on all six nodes (ramped in over 5 min,
  0.2 of each node's requests; new fault kind stop_strings, request kind 19, label-less): its ReAct prompts
  set stop=["Observation:"], which ends 0.9 of its answers early (at 0.3-0.9 of their length), `stop`; the
  abort share stays at ~1.5 % (1.1-1.8 % per node and window as built). On the five nodes without the patch
  that adds ~30-65 MiB of reclaimed draft state per GPU, flat; on the canary nothing is freed: spec_residue on
  sq-h100-03 from 35 min to end: FB GPU 0 ~74.13k -> ~75.68k MiB by 85-90 (~28 MiB/min per GPU), KV, aborts
  and latency unchanged, no alert. (3) benign/client_cancels on sq-h100-05 30-70 (9 % aborts, reclaimed, FB
  flat; VLLMRequestAbortRateHigh 38.7-73.4, the recording's only alert but the restarts' VLLMTargetDown). (4)
  session_isolation on sq-h100-06 from 42 min to end at 1.5 %/min (as s1): KV ~0.1-0.2 before, ~0.28 at 55-60,
  ~0.50 at 70-75, ~0.77 at 85-90, no alert. (5) benign/checkpoint_load on sq-h100-01 50-55. (6) The canary
  raised no alert in 45 min, so the rollout goes on: benign/vllm_upgrade on sq-h100-04 60-70, and, the agent
  tenant already live, spec_residue on sq-h100-04 from its new engine's ready (62.17) to end (FB GPU 0 ~74.2k
  -> ~74.93k MiB by 85-90). Labels: benign/vllm_upgrade sq-h100-03 15-25; benign/client_cancels sq-h100-05
  30-70; spec_residue sq-h100-03 35-90; session_isolation sq-h100-06 42-90; benign/checkpoint_load sq-h100-01
  50-55; benign/vllm_upgrade sq-h100-04 60-70; spec_residue sq-h100-04 62.17-90.
s184_ecmp_uplink_mtu_blackhole_large_prompts: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 14:00 UTC; the gateway's request log (request_finished with tenant / session / tokens) for every node;
  mu-h100-04..06 export hostname/uuid, mu-h100-03's clock 1.1 s slow (NodeClockSkewDetected from 24.2,
  unlabelled), 3 % of mu-h100-01's vLLM samples lost. The gateway fleet reaches the GPU racks over the
  inter-zone links; Prometheus and the node agents run in the racks' zone. (1) other/network_mtu_blackhole on
  mu-h100-05 and mu-h100-06 from 30 to 59 min: at 30 the network team moves one of the four ECMP uplinks of
  their top-of-rack switch onto a new encrypted inter-zone link (path MTU 1400), without the planned
  MSS-clamping rule, and the firewall between drops the ICMP "fragmentation needed" messages; each new gateway
  connection hashes onto that uplink with probability 0.25 (new fault kind mtu_blackhole). A request whose
  headers and JSON body exceed one small segment (> MTU_TOK = 250 prompt tokens: ~87 % of Azure conv's) sent
  on such a connection never arrives whole: vLLM never sees it, and the gateway fails it at its 60-s upstream
  timeout (a 504, logged `error` with its prompt_tokens at the timeout); short requests, the SSE stream back,
  health checks, scrapes and the agents' traffic pass. The team adds the clamping rule at 58; the last stalled
  requests time out by 59. As built: ~16-24 % of those nodes' requests fail (767 and 1,032 gateway-log errors,
  every one with prompt_tokens > 250), their vLLM running ~8.5-10 -> ~6.2-7.9 while vLLM's own errors, aborts,
  KV and latency stay normal; GatewayUpstream5xxRateHigh 33.7-63.0 (-05) and 33.2-62.7 (-06), fleet
  GatewayHigh5xxRate 34.7-62.9, nothing else. (2) benign/maintenance_drain on mu-h100-02 40-60 (a BMC firmware
  update: out of the gateway's rotation, its load to mu-h100-01 / -03 half each, as s53; its vLLM up and idle:
  running ~9 -> 0, no 5xx) and benign/failover on the two peers 40-70 (running ~9 -> ~13-15). (3)
  session_isolation on mu-h100-04 from 25 min to end at 1.8 %/min (as s1): KV ~0.11 before, ~0.42 at 35-40,
  ~0.58 at 45-50, ~0.78 at 60-65, ~0.94 at 70-75, full from ~75; TTFT P99 (vLLM and gateway) 73.7, KV high
  78.2, KV critical 78.7, prefix-hit 79.9, fleet TTFT SLO 80.0, preemptions 80.4. Labels: session_isolation
  mu-h100-04 25-90; other/network_mtu_blackhole mu-h100-05 30-59 and mu-h100-06 30-59 (one fault on two
  nodes); benign/maintenance_drain mu-h100-02 40-60; benign/failover mu-h100-01 and mu-h100-03 40-70.
s185_implicit_session_key_collapse_hourly_herd: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 09:45 UTC; ik-h100-04..06 export hostname/uuid, 3 % of ik-h100-06's host samples lost. (1) The top
  of the hour: customers' cron-scheduled report jobs (hourly and half-hourly digests, one-shot 3-8k-token
  documents with 300-700-token summaries, kind 6) hit every node at 10:00, 10:30 and 11:00 (15, 45, 75 min;
  new fault kind herd): arrivals x2 / x1.5 / x2 at their peak, ramping in over 30 s and decaying with tau 150
  s. As built: KV 5-min means ~0.1-0.2 -> ~0.31-0.42 at 15-20 and 75-80 (single samples to 0.6-0.7 in the
  first minute), ~0.21-0.32 at 45-50, running ~8-10 -> ~16-20, back within ~5 min; no alert of their own.
  benign/cron_burst on all six nodes for 10 min from each (label kind herd_window). (2) session_isolation on
  ik-h100-03 from 22 min to end: at 10:07 the gateway team enables "implicit session affinity" (a request with
  no session header gets a session key hashed from its first 512 prompt tokens, to keep header-less follow-ups
  on the node that caches their prefix). Two tenants' SDKs send no session header and open every conversation
  with the same tool-definition system prompt, so ~20 % of the fleet's traffic collapses into one session key,
  which the hash ring pins to ik-h100-03: its arrivals x2 from 22 (kind shift, tau 120 s; the moved
  conversations arrive uncached for their first 10 min), the others x0.8; and the serving stack keeps that one
  never-idle session's contexts, all of its conversations', so the sweeper never frees them: 0.7 %/min of the
  pool at the pre-change load, load-modulated (~1.4 %/min at x2). As built: KV ~0.15 before, ~0.45 at 30-35,
  ~0.83 at 40-45, ~0.93 at 55-60, >= 0.97 from ~65 min, running ~9 -> ~18-21 at 25-45 -> ~22-30 after (44 in
  the 11:00 burst); TTFT P99 43.7, fleet TTFT SLO 47.2-50.9 and from 57.4, preemptions 49.9-50.7 and from
  58.2, KV critical 54.4-54.9, 67.4-68.4 and from 70.7, prefix-hit 55.2, KV high 65.4. (3)
  benign/routing_hotspot on ik-h100-05 50-78 (as s113: the gateway's prefix-aware routing sends a tenant's
  agents, which share one system prompt, there x1.8 from 50 to 68, drifting back with tau 300 s): running ~7
  -> ~11.5-15, KV ~0.15-0.25, reclaimed as usual. Labels: benign/cron_burst ik-h100-01..06 15-25, 45-55 and
  75-85; session_isolation ik-h100-03 22-90; benign/routing_hotspot ik-h100-05 50-78.

Added later (s186-s189, a forty-sixth outsider, same clean-room rules; fixed before any replay; s189's fleet
load (Mooncake at 1.0 req/s/node instead of Azure conv at 2.5) set from a first build; "as built" figures read
from the built files)
--------------------------------------------------------------------------------------------------------------
All four set the new Node knob count_fix (a restarted process's TTFT `_count` starts from 0, as its buckets).
s186_rotated_api_key_restart_rejects_all: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 09:00 UTC; the gateway's request log (request_finished with tenant / session / tokens) for every node;
  drained conversations spilled to the peers; ak-h100-04..06 export hostname/uuid, ak-h100-02's clock 0.8 s
  fast (NodeClockSkewDetected from 25.0, unlabelled), 3 % of ak-h100-06's dcgm samples lost. Each vLLM pod
  reads its API key (VLLM_API_KEY) from a Kubernetes Secret as an environment variable, once, at its start;
  the gateway adds the key to every upstream request from its own rendered config. At 20 min the quarterly
  rotation job replaces the Secret's value and the gateway config render that should follow it fails
  unnoticed: the running pods keep the old key and nothing changes. A config rollout (drained restarts, Argo
  Rollouts steps with an analysis of 5xx and TTFT between them) restarts ak-h100-02 at 12 (before the
  rotation: back with the old key), ak-h100-04 at 38 and ak-h100-05 at 50, which come back with the new key.
  From each one's ready (40.17 / 52.17) vLLM's API-key middleware answers every request the gateway sends with
  a 401 within ~4 ms (new fault kind auth_reject): nothing reaches the engine (running 0, KV 0, every counter
  flat, GPUs ~15 %), /health and /metrics are not behind the key (the target is up, the balancer's health
  checks pass and the node stays in rotation), and the gateway counts a 4xx, not a 5xx, and logs each request
  as `error` with 0 generated tokens; 30 % of the users send theirs once more 3-30 s later, to the same node
  (their session). The rollout's analysis passes. As built: 5,018 logged errors on ak-h100-04 (40.2-66.0) and
  2,032 on ak-h100-05 (52.2-67.5), and no alert but VLLMTargetDown for ~15 s at each restart. Support tickets
  reach the on-call, who finds the 401s in the gateway log, reverts the Secret and restarts both (drained) at
  66 and 67.5 (ready 68.17 / 69.67). (1) benign/config_rollout on ak-h100-02 12-22, -04 38-48 and -05 50-60,
  benign/warmup on -04 66-76 and -05 67.5-77.5. (2) other/api_key_mismatch on ak-h100-04 40.17-68.17 and
  ak-h100-05 52.17-69.67 (one fault on two nodes). (3) benign/maintenance_drain on ak-h100-03 24-34 (out of
  rotation for a NIC firmware check, its vLLM up and idle: running ~17 -> 0, KV -> 0, the same flat counters
  as a rejecting node, but no errors, and its load on its ring successors) and benign/failover on ak-h100-01
  and -02 24-44 (running ~19 -> ~24-30). (4) session_isolation on ak-h100-06 from 30 min to end at 1.8 %/min
  (as s1): KV ~0.11 before, ~0.29 at 40-45, ~0.54 at 55-60, ~0.80 at 65-70, ~0.94 at 80-85; prefix-hit 82.0,
  TTFT P99 (vLLM's and the gateway's) 82.3, KV high 87.3, fleet TTFT SLO 88.8. Labels: as listed.
s187_generation_config_cap_reimage_wave: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 13:00 UTC; vLLM's request log on every node;
  rp-h100-04..06 export hostname/uuid, 3 % of rp-h100-04's host samples lost. An OS image rollout (new kernel
  and containerd, driver 570.172.08) re-images one node at a time: drained at D (its sessions to its two ring
  successors, half each, kind failover, as s28), rebooted at D + 1 (no record of any source for BOOT_S = 7
  min, then the agent's seq from 1, as s57); the node-local model cache was on the wiped disk, so the pod's
  init container fetches the weights from the internal model mirror (DL_S = 120 s) before vLLM starts (new
  fault kind reimage: process start D + 10.75, ready 100 s later), then a 10-min soak: rp-h100-01 at 12 (ready
  24.42), rp-h100-03 at 35 (47.42), rp-h100-05 at 58 (70.42); the rollout is paused at 76, before a fourth
  node. The Deployment names the model's repository without a revision, and two days earlier an evaluation
  team pushed to the mirror's main branch a generation_config.json with "max_new_tokens": 128 (meant for a
  harness); vLLM's default --generation-config auto reads it, and a max_new_tokens there is a server-wide
  limit on every request's output. The weights are unchanged, and the nodes not yet re-imaged keep their
  months-old cached copy. So from each re-imaged node's ready every answer longer than 128 tokens is cut at
  128 and ends `length` (new fault kind gen_cap; about half of Azure conv's answers), and 15 % of the users
  whose answer was cut ask the chat to go on (the cut answer in the resent history, the rest of the answer,
  cut again if longer). As built on rp-h100-01 / -03 / -05 after their ready: `length` share 0.08-0.10 ->
  0.32-0.76 (5-min windows), generated tokens per finished request ~150-280 -> ~90-115, running ~15-20 ->
  ~7-12, the request log's cut answers all at exactly 128 generated tokens; TTFT, errors, aborts, KV and FB as
  before; no alert but the reboots' TargetDown (node-exporter and dcgm-exporter: 15.1-19.1, 38.1-42.1,
  61.1-65.1) and VLLMTargetDown (15.1-24.1, 38.1-47.1, 61.1-70.1). (1) benign/os_image_rollout on each from
  its drain to 10 min after its ready (12-34.42, 35-57.42, 58-80.42) and benign/failover on its two peers for
  the same window (rp-h100-02 and -06; -02 and -04; -04 and -06). (2) other/generation_config_max_new_tokens
  on each from its ready to end. (3) benign/classification_backend on rp-h100-06 20-65: a
  document-classification backend (tenant docsort-api) goes live there, 1.2 req/s of one-shot 1-4k-token
  prompts with max_tokens 8 (new fault kind classify, request kind 20): 55 % of its answers end `length` at 8
  tokens, the others `stop` in 2-6; as built the node's `length` share 0.10 -> 0.17-0.26, generated tokens per
  finished request ~160-230 -> ~110-190, prefix hits up (its shared instruction), arrivals x1.5: a cap's look
  on one node, the other tenants' answers whole. (4) spec_residue on rp-h100-02 (a peer, never re-imaged) from
  42 min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted request): FB
  GPU 0 ~74.14k -> ~75.09k MiB by 85-90, VLLMRequestAbortRateHigh from 52.1. Labels: as listed.
s188_pod_memory_limit_reload_oom_kills: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB hosts
  (the serving process ~96 GiB resident, ~39 % of host memory in use), 90 min from 10:00 UTC; drained
  conversations spilled to the peers; ml-h100-04..06 export hostname/uuid, ml-h100-03's clock 1.0 s slow
  (NodeClockSkewDetected from 22.0, unlabelled), 3 % of ml-h100-01's vLLM samples lost. A continuous
  fine-tune's canaries ml-h100-02 and ml-h100-04 hot-reload the trainer's newest checkpoint in place every 15
  min from 10 min (as s83, fault kind reload: STAGE_GIB = 24 GiB of shards staged in pinned host memory for ~2
  min, a 25-s pause, a prefix-cache reset; each pause raises a TTFT P99 alert there). A Helm values refactor
  merges the canary pool's values with a shared `resources` anchor sized for the FP8 pool (limits.memory 112Gi
  instead of 240Gi) and reaches ml-h100-04 at 27 and ml-h100-06 at 33 by drained restarts (new fault kind
  memcg_limit from each new process). At ~96 GiB the process fits, and its weight load maps the safetensors
  through the page cache, which the cgroup's reclaim trims at the limit (proc_rss_bytes holds at ~111.6 GiB
  through the load instead of the usual ~136 GiB peak); but a reload's pinned staging cannot be reclaimed. On
  ml-h100-04 every reload the pipeline asks for (40, 55, 70, 85) meets the limit 20 s into its staging and the
  cgroup's OOM killer kills the server: host oom_kill of `vllm` at 38.83, 53.83, 68.83 and 83.83 with host
  memory at ~40 %; kubelet restarts it 10 s later (its first back-off: it ran > 10 min), weights 100 s,
  counters reset, cold cache; the reload never happens. ml-h100-06 is no canary and never meets its limit. As
  built: NodeOOMKillDetected 39.0-44.0, 54.0-59.0, 69.0-74.0, 84.0-89.0, GatewayUpstream5xxRateHigh (what the
  gateway sends the dead upstream for 45 s) 40.2-44.5, 55.2-59.5, 70.2-74.5, 85.0-89.5, fleet
  GatewayHigh5xxRate 41.5-44.2, 56.8-59.0, 71.5-74.0, 86.2-89.2; VLLMTargetDown and KubePodCrashLooping do not
  fire (down < 2 min; restarts 15 min apart). (1) benign/weight_reload on ml-h100-02 10-90 (RSS 96 -> 120 GiB
  for ~2 min every 15 min; TTFT P99 12.2-15.5, 27.2-30.5, ... 87.2-end) and on ml-h100-04 10-27 (its reloads
  at 10 and 25). (2) benign/config_rollout on ml-h100-04 27-37 and -06 33-43. (3) other/pod_memory_limit on
  ml-h100-04 from 38.5 (the first fatal staging) to end. (4) session_isolation on ml-h100-05 from 35 min at
  2.0 %/min (as s1): KV ~0.16 before, ~0.42 at 40-45, ~0.55 at 50-55, ~0.74 at 60-65, ~0.89 at 70-75, ~0.99
  from 80; TTFT P99 75.0, preemptions 79.2, KV high 80.0, KV critical 80.5, prefix-hit 81.8, fleet TTFT SLO
  78.0. (5) benign/checkpoint_load on ml-h100-01 60-65 (as s6: RSS +24 GiB, FB +2.5 GiB for ~90 s): a reload's
  RSS bump on a node with the old limit. Labels: as listed.
s189_shadow_mirror_misroute_doubles_load: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 1.0 req/s/node (a warm fleet:
  KV 5-min means ~0.4, the odd TTFT P99 episode from Mooncake's heavy tail), 1 TiB hosts, 90 min from 14:00
  UTC; reclaim stalls above 86 % host memory make the gateway time requests out (as s17); drained
  conversations spilled to the peers; mr-h100-04..06 export hostname/uuid, 3 % of mr-h100-03's dcgm samples
  lost. (1) A gateway change at 35 min meant to shadow the chat route to a candidate pool (a request mirror at
  100 %) names the production upstream cluster instead of the candidate's: every request is also sent, as a
  shadow, to a host of the same pool picked by the balancer, whose answer the gateway drops (new fault kind
  mirror, request kind 22: never cancelled, not in the gateway's own counts or TTFT, its session's history
  cached on another node: prefix hit x0.25). Rolled back at 52. Each vLLM serves twice its load: as built
  running ~11-13 -> ~22-28 (means over 37-52), KV ~0.40-0.44 -> ~0.67-0.80, waiting 1.6-4.7, prefix hit ~0.35
  -> ~0.11-0.19, preemptions; TTFT P99 on all five scraped nodes from 37.2-40.0 to 56.7-57.2,
  VLLMPreemptionsHigh on four (40.7-55.2), VLLMPrefixCacheHitRateLow on four (47.7-54.7), fleet
  GatewayP99LatencySLOBreach 40.5-62.5, while the gateway's request rate is unchanged.
  other/shadow_traffic_misroute on all six 35-55 (to the end of its effects: the shadowed sessions' contexts
  swept, the KV back to ~0.4 by 55-60). (2) monitoring_gap on mr-h100-05 from 20.5 to end: a canary of the
  vLLM chart's new major version (a drained restart at 20, benign/chart_upgrade 20-30) renames the Service's
  port (`http` -> `http-openai`) and drops the pod's prometheus.io annotations; the platform's ServiceMonitor
  selects the port by name and the node agent finds vLLM endpoints by those annotations, so from the new pod
  on neither scrapes it (no target at all: no vllm records, no vLLM alert, no VLLMTargetDown; new fault kind
  sd_lost), while the gateway serves it; the chart also pins a newer image whose API server leaks host memory
  from 28 min (RSS +2 %/min of host memory, fault kind rss_leak, as s17): host used ~0.39 -> ~0.89 by 50-55,
  NodeMemoryHighUtilization 54.7-58.0, oom_kill of `vllm` at 57.77 (ready again ~59.7), NodeOOMKillDetected
  58.0-63.0, GatewayUpstream5xxRateHigh 59.0-63.5, fleet GatewayHigh5xxRate 60.2-63.0, then again:
  NodeMemoryHighUtilization from 87.2, 5xx from 89.0, a second kill at 89.85. (3)
  benign/parallel_sampling_eval on mr-h100-02 62-82: an evaluation harness (pass@8 on a code benchmark) sends
  0.15 req/s through the gateway with n = 8, max_tokens 512 (new fault kind par_eval, request kinds 21 and
  23): vLLM runs each as 8 sequences (siblings find the first's prompt blocks cached), so its running count
  ~11 -> ~16-23, finished sequences x1.6-2.4, prefix hit ~0.35 -> ~0.37-0.43 and one TTFT P99 episode
  (82.7-86.0), with the gateway's request count up 0.15 req/s only. Labels: as listed.

Added later (s190-s193, a forty-seventh outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s189).
s190_fabric_manager_unattended_upgrade_crashloop: 6 x 8 H100 (HGX H100 8-GPU boards: their NVSwitches need
  NVIDIA Fabric Manager running before any CUDA work), one vLLM server per node with two data-parallel TP4
  ranks (engine "0"/"1", gpu null; as s10), Llama-3.3-70B, Azure conv (rank 0) + code (rank 1) 6 req/s/engine,
  90 min from 05:50 UTC; GPU utilization relative to each engine's load before 24 min; fm-h100-04..06 export
  hostname/uuid, 3 % of fm-h100-06's dcgm samples lost. The driver is installed in the node image (the GPU
  operator does not manage it) and apt-marked held; node-exporter runs its systemd collector for the nvidia-*
  units (new rule NodeSystemdServiceFailed, node-exporter's mixin, for 5 min; new Scenario knob units). The
  platform team rolls driver 570.172.08 one node a day and has published it, with its nvidia-fabricmanager-570
  package, in the internal CUDA apt mirror, which unattended-upgrades also reads. On the nodes built from the
  newest image revision (fm-h100-02 and -05) the image build dropped the hold on nvidia-fabricmanager-570, so
  apt-daily-upgrade.timer (06:00 + RandomizedDelaySec 60 min) upgrades Fabric Manager alone: its package
  scripts stop it, the new daemon refuses to start against the loaded 570.133.20 kernel module (a version
  mismatch) and the unit stays `failed`. With ABORT_CUDA_JOBS_ON_FM_EXIT=1 (its default) the server's CUDA
  work is aborted: it exits 1 s later, and every container kubelet starts after it dies FM_FAIL_S = 25 s in,
  when its workers' CUDA init fails with cudaErrorSystemNotReady ("system not yet initialized"): no GPU
  memory, the GPUs idle at ~65-72 W, CrashLoopBackOff's delays 10 s doubling to 300 s (new fault kind fm_down,
  `fm_attempts`). No XID; NVML and DCGM answer as usual. The gateway sends the dead upstream its share for 45
  s, then its hash ring moves the node's sessions to two successors (kind failover, half each). (1)
  other/fabric_manager_version_mismatch on fm-h100-02 from 24.0 (06:14) to 49.35: the on-call finds the failed
  unit and at 46.0 reinstalls the matching Fabric Manager (570.133.20) and starts it; the pod's next back-off
  attempt (47.68) loads and is ready at 49.35. As built: nine process_start events, FB 0 MiB on all eight GPUs
  from 24 to 47.7, VLLMTargetDown (both ranks) 26.2-49.2, GatewayUpstream5xxRateHigh 25.2-29.2, fleet
  GatewayHigh5xxRate 26.7-28.7, NodeSystemdServiceFailed 29.2-45.2, KubePodCrashLooping 30.0-49.0 (firing
  sends). benign/failover on its peers fm-h100-06 and -01 from 24.77 to 59.35 (rank 0 running ~41-49 ->
  ~61-86). (2) benign/driver_upgrade on fm-h100-04 35-51.67: today's planned node (as s93's drv_roll: drained
  at 35, driver and Fabric Manager swapped together 35.5-39.5 with no NVML / DCGM, pod back at 40, ready
  41.67; its FB, utilization and power as a crash-looping node's for those minutes, no alert), with
  benign/failover on its ring successors fm-h100-05 and -06 34.5-51.67. (3) session_isolation on fm-h100-03,
  rank "1" only, from 40 min at 1.8 %/min (as s10): KV ~0.10-0.14 -> ~0.34 at 50-55, ~0.55 at 65-70, ~0.87 at
  85-90; TTFT P99 83.2-85.3 and from 89.0. (4) other/fabric_manager_version_mismatch on fm-h100-05 from 51.0
  (06:41; the package was not yet held fleet-wide) to 60.0: the on-call fixes its Fabric Manager at 58.0 and
  deletes the pod 20 s later (a new pod at once, no back-off), ready 60.0. As built: VLLMTargetDown 53.2-59.3,
  GatewayUpstream5xxRateHigh 52.2-56.2, GatewayHigh5xxRate 53.7-55.7, NodeSystemdServiceFailed 56.3-57.2,
  KubePodCrashLooping 57.0-60.0; benign/failover on fm-h100-01 and -02 51.77-70.0. Labels: as listed.
s191_kafka_rf1_partitions_offline_hidden_rss_leak: 8 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1
  TiB hosts, 90 min from 14:00 UTC; GPU utilization relative to each engine's load before 25 min;
  kp-h100-05..08 export hostname/uuid, kp-h100-01's clock 1.1 s fast (NodeClockSkewDetected from 18.0,
  unlabelled), 3 % of kp-h100-03's host samples lost. The agents publish each source to its own Kafka topic,
  keyed by node (contract section 1). The host, nvml and dcgm topics were created by the platform's topic
  operator with replication factor 3; the vllm topic, added with the agent's vLLM collector, was auto-created
  by its first write with the brokers' defaults: 12 partitions, default.replication.factor 1. At 25 min the
  data volume of broker kafka-2 (of three) fails and the broker shuts down (its only log directory offline):
  the RF-3 topics' leaders move to the other brokers within seconds, but the four vllm-topic partitions that
  lived only on kafka-2 have no leader until the volume is replaced and the broker restarts, empty, at 72. The
  three nodes whose keys hash to those partitions (kp-h100-02, -05 and -07) lose their vLLM records: the
  agent's producer (librdkafka) queues them and expires each after message.timeout.ms (MSG_TIMEOUT, its
  default 300 s), and at 72 delivers those younger than that (stamped from 67) in one burst; their seq runs
  on, so each stream shows a gap (new Scenario knob lost, `expired`). Prometheus scrapes vLLM itself, so those
  nodes' vLLM rules still fire and reach the correlator; Strimzi's example Kafka rules send OfflinePartitions
  (25.4-71.4) and UnderReplicatedPartitions for brokers kafka-0 and kafka-1 (25.4-80.4, until the RF-3
  replicas on the new volume catch up), naming no GPU node (new rules, site alerts). (1) monitoring_gap on
  kp-h100-05 from 25 min to end: its API server leaks host memory from 30 min (RSS +2 %/min of host memory,
  kind rss_leak, as s17) while its vLLM telemetry is lost: host used ~0.39 -> ~0.85 at 50-55,
  NodeMemoryHighUtilization 56.9-58.9, oom_kill of `vllm` at 59.13 (process_start 59.37), NodeOOMKillDetected
  59.2-63.2, GatewayUpstream5xxRateHigh 60.4-64.4, fleet GatewayHigh5xxRate 61.9-63.9; then it grows again
  (~0.92 at 85-90, NodeMemoryHighUtilization from 88.7). kp-h100-02, whose vLLM records are lost as long, is
  healthy and unlabelled. (2) benign/lora_onboarding on kp-h100-07 (the third node without vLLM records) from
  35 min to end (as s52: a tenant with 120 rank-32 adapters goes live, 0.8 req/s): RSS 96 -> ~134 GiB at
  35-40, ~170 at 45-50, ~186 GiB from ~60 min, host used ~0.39 -> ~0.49; TTFT P99 37.7-48.7 (the first adapter
  loads). (3) session_isolation on kp-h100-04 (its records delivered) from 40 min at 2.0 %/min (as s1): KV
  ~0.10-0.14 -> ~0.35 at 50-55, ~0.64 at 60-65, ~0.84 at 70-75, ~0.99 at 80-85; TTFT P99 81.1, KV high 82.9,
  prefix-hit 83.2, KV critical 85.2, fleet TTFT SLO 85.2, preemptions 86.6. Labels: as listed.
s192_chart_args_rename_max_model_len_rejects: 6 x 4 H100, Qwen2.5-72B TP4 + a small Qwen2.5 draft model
  (speculative decoding everywhere), served with YaRN rope scaling at max_model_len 131,072 (Mooncake's
  longest prompt is 126,195 tokens), Mooncake 0.75 req/s/node, 90 min from 10:00 UTC; the gateway's request
  log (request_finished with tenant / session / tokens) for every node; the agent also forwards vLLM's HTTP
  request counters (new Node knob http_metrics: http_requests_total{handler="/v1/chat/completions",
  method="POST",status="2xx"} and "4xx", prometheus-fastapi-instrumentator's grouped codes, as in the vLLM
  capture's HELP lines; a labelled series exists from its first count); drained conversations spilled to the
  peers; cl-h100-04..06 export hostname/uuid, 3 % of cl-h100-06's vLLM samples lost. The chat clients send
  max_tokens 2048 (Mooncake's longest answer is 2,000 tokens). A new major version of the vLLM Helm chart
  renames the values key `extraArgs` to `args`; the fleet's values still set `extraArgs`, which the new
  templates ignore, so the rope-scaling and --max-model-len arguments are gone and vLLM serves the model at
  its config's 32,768 tokens. The chart's Argo Rollouts canary (its analysis: 5xx and TTFT) restarts
  cl-h100-03 at 20 and cl-h100-05 at 45 (drained). From each new engine's ready (22.17 / 47.17) vLLM's OpenAI
  front end answers every request whose prompt plus max_tokens exceeds 32,768 (a prompt over 30,720 tokens:
  7.8 % of Mooncake's requests, 34 % of its prompt tokens) with a 400 ("This model's maximum context length is
  32768 tokens ...") once it has tokenized it (CTX_S = 50 ms): nothing reaches the engine, the gateway counts
  a 4xx (not a 5xx) and logs an `error` with 0 generated tokens, and 30 % of those users press retry once 3-30
  s later (CTX_RETRY; the same session: the same node) (new fault kind ctx_reject). The analysis passes. As
  built on cl-h100-03 / -05: 179 / 67 logged errors with prompts over 30,720 tokens (23.6-64.9 / 49.1-66.2),
  vLLM's 4xx counter ~4 a minute, KV 5-min means ~0.35-0.5 -> ~0.16-0.26, running ~9 -> ~6-8, TTFT and every
  other counter as before; no alert but VLLMTargetDown for a few seconds at each restart. A support ticket
  from legal-review ("long contracts fail at once") reaches the on-call, who finds the 400s in the gateway log
  and the chart diff and rolls both back by drained restarts at 66 and 67 (ready 68.17 / 69.17). (1)
  benign/config_rollout on cl-h100-03 20-30 and -05 45-55, benign/warmup on -03 66-76 and -05 67-77. (2)
  other/max_model_len_regression on cl-h100-03 22.17-68.17 and cl-h100-05 47.17-69.17 (one fault on two
  nodes). (3) benign/client_invalid_requests on all six nodes 30-52: a release of risk-analytics's evaluation
  harness asks for top_logprobs 50, over vLLM's --max-logprobs 20: 0.25 req/s per node of one-shot
  800-3,000-token prompts (new fault kind bad_params, request kind 24), each refused with a 400 in 5 ms
  (BAD_S), 290-353 logged errors per node, the 4xx series appearing on every node at 30; the harness's owners
  roll it back at 52. (4) spec_residue on cl-h100-02 from 35 min to end (as s3: aborts 1.5 -> 12 % over 8 min,
  4.7 MB of draft state kept per interrupted request): FB GPU 0 ~74.1k -> ~74.4k MiB by 80-90,
  VLLMRequestAbortRateHigh from 45.0. Labels: as listed.
s193_session_sweeper_thread_death_two_nodes: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 13:00 UTC; drained conversations spilled to the peers; sw-h100-04..06 export hostname/uuid,
  sw-h100-05's clock 0.9 s slow (NodeClockSkewDetected from 24.0, unlabelled), 3 % of sw-h100-03's dcgm
  samples lost. The serving stack's session layer frees idle session contexts from a sweeper thread (the
  common physics' LRU sweep every 120-300 s), which logs each context it frees with its session id encoded as
  ASCII. From 13:20 retail-bank's mobile-app release, staged to 5 % of its users, builds session ids from the
  user's locale and display name (`es-ES:Martín-4f1c...`); the first sweep on a node that meets such an id
  idle raises UnicodeEncodeError, and the thread dies with it (an uncaught exception in a Python thread prints
  a traceback; the process, its API and its metrics carry on). From then no idle context on that node is
  freed, by a sweep or under pool pressure (the dead thread's table still references their blocks; new fault
  kind sweep_dead): every tenant's finished conversations stay, the saw-tooth stops, and KV climbs at the rate
  the sweeps freed, ~4-5 %/min, load-modulated, to a full pool that preempts. (1) session_isolation on
  sw-h100-04 from 27 min to end: KV 5-min means ~0.15-0.19 -> ~0.39 at 30-35, ~0.66 at 35-40, ~0.94 at 40-45,
  0.995 from 45, waiting ~0.6 -> ~7-14; KV critical 44.8, TTFT P99 44.8, KV high 46.8, fleet TTFT SLO 48.3,
  preemptions 48.8. The on-call restarts its vLLM (drained) at 53 (ready 55.17; KV ~0.05), and the new
  process's sweeper dies at 58.5, at its first sweep of such a session: ~0.17 at 60-65, ~0.44 at 70-75, ~0.84
  at 80-85, ~0.99 at 85-90, KV critical again from 87.8. (2) session_isolation on sw-h100-01 from 52 min to
  end: ~0.40 at 55-60, ~0.62 at 60-65, ~0.87 at 65-70, 0.995 from 70; KV critical 71.8, TTFT P99 72.3, KV high
  73.3, preemptions 76.5, prefix-hit 79.5. (3) benign/annual_report on sw-h100-02 30-75 (as s6: one
  fin-reporting session, a turn every ~45 s, prompt 30k + 1.5k a turn, its context held): KV ~0.15 -> ~0.5 at
  60-75, no alert. (4) benign/long_document on sw-h100-06 55-80 (as s12: bursts of 4 contracts of 40-90k
  tokens within 90 s every 6 min): KV 5-min means to ~0.26, no alert. Labels: as listed.

Added later (s194-s197, a forty-eighth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s193).
s194_cache_keepwarm_pings_pin_abandoned_sessions: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 10:00 UTC; kw-h100-04..06 export hostname/uuid, kw-h100-01's clock 1.2 s fast
  (NodeClockSkewDetected from 26.1, unlabelled), 3 % of kw-h100-03's dcgm samples lost. Two tenants move their
  assistants from a hosted LLM API to the platform and keep that API's prompt-cache keep-warm: KW_EVERY = 240
  s after a conversation's last request (under the hosted cache's 5-min TTL) the client resends its whole
  history with max_tokens 1, and again every 240 s (new fault kind keepwarm, request kind 25): the history is
  cached (all but the template's KW_TAIL tokens), one token comes back, the request ends `length` with a TTFT
  of ~0.04 s. The platform's session layer takes each such request for use, so its LRU sweep never finds that
  session idle and never frees its context. (1) session_isolation on kw-h100-04 from 25 min to end:
  retail-bank's support backend (10 % of the node's requests, pinned there by tenant affinity, 6 turns a
  conversation on average) keeps every conversation object it opened since its release and pings them all, so
  every conversation that ends from 25 min (~2.5 a minute, a history of lognormal median KW_MED = 2,800
  tokens) stays in the pool for good, ~1.8 %/min of the 463k-token pool at the tenant's traffic; its pings
  grow with the kept conversations (~0.15 a second at 30-40 min, ~0.3 at 45-50, ~0.45 at 60-70, ~0.6 from 75),
  so the node's finished requests, `length` share and prefix-cache hits rise as the leak grows. As built: KV
  5-min means ~0.12-0.2 before, ~0.28 at 30-35, ~0.45 at 35-40, ~0.58 at 45-50, ~0.77 at 50-55, ~0.84 at
  60-65, ~0.94 at 70-75, >= 0.97 from 75; hit ratio 0.14 -> 0.31-0.47 from 40 min; `length` share 0.08 ->
  0.25-0.29 from 55; running flat (~17) until the pool is full; TTFT P99 71.3, KV high 78.1, fleet TTFT SLO
  79.6, preemptions 80.1, KV critical 85.1. (2) benign/cache_keepwarm_pings on kw-h100-02 from 35 min to end:
  ops-copilot's IDE plugin (12 % of that node's requests, 4 turns on average) has the same keep-warm but stops
  pinging a conversation 12 min after its last turn (f.cap), so the contexts it keeps are those of the last 12
  min of conversations: KV ~0.14-0.21 before, ~0.42 at 40-45, ~0.57 at 45-50, ~0.76 at 50-55, ~0.71 at 55-60
  (that node's busiest trace minutes), then 0.40-0.52 to the end; pings ~0.15-0.28 a second, hit ratio
  0.24-0.39, `length` share 0.13-0.17; no alert. For twenty minutes the two nodes look alike. (3)
  benign/checkpoint_load on kw-h100-05 60-65 (as s6). (4) other/xid_79 on kw-h100-06 GPU 2 from 70 min to end
  (as s5: GPUXidErrors 70.3, GatewayUpstream5xxRateHigh 71.8, VLLMTargetDown 72.6, fleet GatewayHigh5xxRate
  73.3, KubePodCrashLooping 75.8). Labels: as listed.
s195_missed_endpoint_update_gateway_blackholes_node: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative
  decoding everywhere), Azure conv 2.5 req/s/node, 90 min from 14:00 UTC; drained conversations spilled to the
  peers; GPU utilization relative to each engine's load before 32 min; se-h100-04..06 export hostname/uuid, 3
  % of se-h100-01's host samples lost. The gateway (an Envoy fleet) gets the pool's endpoints over EDS from
  its control plane, which watches the pool's EndpointSlices, and relies on outlier detection (no active
  health check): EJECT_N = 5 consecutive gateway failures eject an endpoint for EJECT_BASE = 30 s x the times
  it has been ejected (at most 300 s); a connect failure is retried on the hash ring's next host (retry_on
  connect-failure, previous_hosts), so the client sees no 5xx. A rolling restart for an image bump (drained
  restarts): se-h100-01 / -02 / -03 / -04 at 15 / 21 / 27 / 33, then the rollout's 20-min bake pause, -05 /
  -06 at 60 / 66. The control plane's watch is closed by the API server at ~32.4 min (a routine watch timeout)
  and its client resumes it from a cached resourceVersion past se-h100-04's two EndpointSlice updates (its old
  pod terminating, its new pod ready), so the gateway keeps -04's old pod address and never learns the new one
  (new fault kind stale_ep, `stale_attempts`). (1) other/stale_gateway_endpoint on se-h100-04 33.0-58.0: the
  old pod keeps getting its traffic until its stop at 33.0; then every connection to its address finds no host
  (connect timeout): bursts of 5 failed attempts each time its ejection expires (at 33.0, then 30, 60, 90 ...
  300 s apart), its sessions served by its ring successors se-h100-05 and -03 (half each; kind failover),
  while its new vLLM (ready 35.17) is scraped, healthy and idle: no request from 33 to 58 (running 0, KV 0,
  counters flat). GatewayUpstream5xxRateHigh (the gateway's per-upstream stats: every attempt fails) 37.1-60.4
  and VLLMTargetDown for seconds at its restart (35.1) are its only alerts; no client-facing 5xx. At 56 the
  on-call finds the stale address in the gateway's config dump and restarts the control plane at 58.0: its
  re-list pushes the new address, and -04 gets its sessions back (tau 300 s) on a cold prefix cache. (2)
  benign/rolling_restart on each node from its stop for 10 min (-04's 33-43 too); benign/failover on the
  successors se-h100-05 and -03 33-68 (running ~20 -> ~24-28, KV ~0.2-0.3). (3) benign/maintenance_drain on
  se-h100-06 40-52 (the network team swaps a member of its LACP bond: drained, its vLLM left up and idle, no
  alert), with benign/failover on se-h100-01 and -02 40-62: the same idle, healthy, scraped engine as -04's,
  with no gateway failure behind it. (4) spec_residue on se-h100-02 from 48 min to end (as s3: aborts 1.5 ->
  12 % over 8 min, 4.7 MB of draft state kept per interrupted request): FB GPU 0 ~74.02k -> ~74.91k MiB by
  85-90, VLLMRequestAbortRateHigh from 57.9. Labels: as listed.
s196_tool_call_parser_500s_engine_sees_success: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 09:00 UTC; the gateway's request log (request_finished with tenant / session / tokens) for every
  node, vLLM's HTTP request counters forwarded (Node.http_metrics: 2xx, 4xx and, new, 5xx); drained
  conversations spilled to the peers; tp-h100-04..06 export hostname/uuid, tp-h100-02's clock 0.8 s slow
  (NodeClockSkewDetected from 24.2, unlabelled), 3 % of tp-h100-04's dcgm samples lost. A vLLM patch release
  is canaried on tp-h100-03 (20) and tp-h100-06 (25) by drained restarts (benign/vllm_upgrade 10 min each).
  Its rewritten tool-call parser raises on a tool call whose arguments hold a nested JSON object; for a
  non-streaming request the exception becomes a 500 ("Internal Server Error") after the engine has finished
  the request `stop`, so vLLM's own request counters count a success (new fault kind tool_500). ops-copilot's
  agent platform (non-streaming, pinned to tp-h100-03 by tenant affinity) sends 25 % of that node's requests,
  TOOL_NEST = 35 % of them answered with such a tool call (60-240 tokens, kind 27), and its OpenAI SDK retries
  a 500 twice (0.5 s, then 1 s, x 0.75-1, kind 28: the same prompt, cached, and the same tool call again); the
  gateway's TTFT histogram counts streaming responses only. tp-h100-06, the other canary, serves no such
  tenant. (1) other/tool_call_parser_regression on tp-h100-03 from its new engine's ready (22.17) to the
  rolled-back engine's ready (57.17): as built, 1,373 500s (the gateway log's `error`s, with their generated
  tokens; 431 agent runs fail three times), vLLM's 5xx counter from 22.2, GatewayUpstream5xxRateHigh
  24.2-59.7, fleet GatewayHigh5xxRate 27.4-57.7, hit ratio 0.14 -> 0.21-0.29 (the retries); vLLM's error and
  abort shares, KV, running, latency and memory as before. The on-call rolls both canaries back by drained
  restarts at 55 and 56.5 (benign/vllm_rollback 10 min each). (2) benign/retry_burst on tp-h100-05 40-46 (as
  s6: GatewayUpstream5xxRateHigh 44.7-47.4, VLLMRequestAbortRateHigh 45.4-50.9): 5xx on another node, with
  aborts. (3) session_isolation on tp-h100-01 from 35 min to end at 2.0 %/min (as s1): TTFT P99 (vLLM and the
  gateway's upstream view) 81.9, KV high 86.4, fleet TTFT SLO 86.9, KV critical 87.4, prefix-hit 87.7,
  preemptions 89.2. Labels: as listed.
s197_agent_scrapes_service_vip_mixed_pods: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 15:00 UTC; drained conversations spilled to the peers; vs-h100-04..06 export hostname/uuid,
  vs-h100-06's clock 1.4 s fast (NodeClockSkewDetected from 28.1, unlabelled), 3 % of vs-h100-03's host
  samples lost. A node-agent ConfigMap change, canaried on vs-h100-02 and -05 (hot-reloaded at 20.0 and 20.6,
  as s67), "simplifies" the vLLM collector's target to the pool's Service address
  (http://vllm.inference.svc:8000/metrics) instead of the node's own pod: vLLM's keep-alive timeout (5 s) is
  shorter than the 10-s scrape interval, so every scrape opens a new connection and kube-proxy sends it to a
  random ready pod of the six (new Scenario knob vip, `vip_mix`): from then each vLLM sample of those two
  nodes carries one pod's values (its own 1 time in 6) under the node's name, stamp and seq. Their counters go
  down between consecutive samples ~40 % of the time (read as restarts, with no process_start or
  engine_start), their gauges jump between the pods'. Prometheus (pod service discovery) and every other
  source (nvml, dcgm, host) are unaffected. (1) monitoring_gap on vs-h100-02 from 20.0 and vs-h100-05 from
  20.6, to the end: neither node's own vLLM state is observed any more (one fault on two nodes). (2)
  session_isolation on vs-h100-04 (not a canary; its own agent scrapes it right) from 30 min to end at 2.0
  %/min (as s1): KV ~0.14-0.2 before, ~0.31 at 40-45, ~0.54 at 50-55, ~0.77 at 60-65, ~0.92 at 65-70, >= 0.96
  from 70; hit ratio 0.14 -> 0.03; TTFT P99 67.5, fleet TTFT SLO 71.3, KV high 75.8, prefix-hit 77.0,
  preemptions 77.5, KV critical 77.8. Its values show up in ~1 in 6 of each canary's samples (15-22 % of them
  above 0.9 from 75 min). (3) benign/annual_report on vs-h100-03 35-80 (as s6). (4) benign/warmup on
  vs-h100-01 50-60 (a planned drained restart: VLLMTargetDown for seconds at 52.0, its pod out of the
  Service's endpoints while it is drained). Labels: as listed.

Added later (s198-s201, a forty-ninth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s197).
s198_payment_rate_zero_quota_429s_pinned_tenant: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 09:00 UTC; the gateway's request log (request_finished with tenant / session / tokens) for every
  node; drained conversations spilled to the peers; qz-h100-04..06 export hostname/uuid, qz-h100-03's clock
  1.0 s slow (NodeClockSkewDetected from 25.2, unlabelled), 3 % of qz-h100-01's dcgm samples lost. Tenant
  quotas follow DESIGN's rule, quota = base quota x (1 + SLA factor) x current payment rate: the platform's
  quota controller computes them every 60 s from the billing service's export and pushes them to each vLLM
  pod's admission sidecar (an in-house proxy in the request path: tenant auth and a token bucket per tenant;
  over quota it answers 429 in Q429_S = 2 ms and nothing reaches vLLM). contracts-ai, a contract-review
  product (QZ_TURNS = 18 turns a conversation on average), is pinned by tenant affinity to qz-h100-02 and -05,
  30 % of their requests (request kind 29), with a quota of 100 req/min x (1 + 0.8) x 1.0 = 180 req/min of
  which it uses ~90. At 25.0 the billing export publishes its payment rate as 0 (its invoices moved to a
  currency ledger the export does not read yet), and the controller's push at 25.3 sets its quota to 0 on both
  pods (new fault kind tenant_quota): every contracts-ai request gets a 429, and its OpenAI SDK retries twice
  (0.5 s, then 1 s, x 0.75-1; no Retry-After header), refused again (kind 30). A 429 is a 4xx in the gateway's
  counts (no 5xx rule moves) and an `error` with 0 tokens in its log; vLLM sees nothing of it. The gateway's
  per-tenant rule GatewayTenantRateLimited (429s over 25 % of a tenant's responses over 5 min, for 10 min; new
  rule, QZ_SHARE, names no node) is the one alert it brings. (1) other/tenant_quota_zeroed on qz-h100-02 and
  qz-h100-05 from 25.3 to 58.3 (one fault on two nodes): as built, 4,071 / 4,102 429s in the two nodes'
  gateway logs (~1,360 refused requests on each, three attempts apiece), running ~17-20 -> ~10-14, KV 5-min
  means ~0.13-0.15 -> ~0.06-0.12, prompt and generation counters ~30 % lower, no vLLM alert;
  GatewayTenantRateLimited{tenant="contracts-ai"} 36.0-63.0. The tenant's ticket reaches the billing team,
  who republish the export at 58.0; the push at 58.3 restores the quota. (2) benign/tenant_quota_enforced on
  qz-h100-04 40-76 (label kind quota_window, to its rule's resolve): quant-research's backtest runner, pinned
  there, submits 3 filing excerpts a second (one-shot, 3-8k tokens, a 300-700-token structured summary; new
  fault kind quota_burst, request kinds 31 admitted / 32 refused) from 40 to 70 with no client-side limit,
  against its quota of 30 req/min x (1 + 0.5) x 1.0 = 45 req/min: the sidecar's token bucket (QB_BURST = 2 s
  deep, `quota_bucket`) admits 0.75 a second, the others get a 429 and two SDK retries. As built 1,354 filings
  admitted and 13,014 429s, running ~17 -> ~27-33, KV ~0.1 -> ~0.26-0.35,
  GatewayTenantRateLimited{tenant="quant-research"} 50.2-75.2: the same rule and the same `error`s in the log,
  for a quota doing its job. (3) session_isolation on qz-h100-06 from 32 min to end at 2.0 %/min (as s1): TTFT
  P99 (vLLM and the gateway's upstream view) 78.2, KV high 82.7, fleet TTFT SLO 83.5, KV critical 84.0,
  preemptions and prefix-hit 85.7. (4) benign/warmup on qz-h100-01 62-72 (a planned drained restart). Labels:
  as listed.
s199_compliance_archiver_reads_pin_sessions: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.75 req/s/node, 90 min
  from 13:00 UTC, no request log; ca-h100-04..06 export hostname/uuid, ca-h100-04's clock 1.3 s fast
  (NodeClockSkewDetected from 30.1, unlabelled), 3 % of ca-h100-05's host samples lost. Two pools behind the
  gateway: a regulated pool ca-h100-01..03 (acme-compliance and legal-review pinned there by tenant affinity,
  acme-compliance 40-50 % of each node's requests) and a general pool ca-h100-04..06. The compliance team
  deploys a transcript archiver for acme-compliance (record keeping: every conversation archived within 5
  min): every 2 min it lists the tenant's open sessions on each regulated node through the serving stack's
  session API and reads each one's transcript. The session store's read refreshes the session's last use (a
  touch on read, as an LRU cache's get does), so none of acme-compliance's sessions is ever idle for the LRU
  sweep (5-min idle TTL) or first in line under pool pressure: that tenant's share of the held contexts is
  never freed, while the other tenants' contexts are swept as before (new fault kind touch_scan: that share of
  the held-context growth joins the never-reclaimed part, the rest keeps its saw-tooth). (1) session_isolation
  on ca-h100-01, -02 and -03 from the archiver's first scan of each, 28.0 / 28.4 / 28.8, to the end (one fault
  on three nodes; shares 0.45 / 0.40 / 0.50). As built: KV 5-min means ~0.3-0.45 before (Mooncake's long
  prompts), ~0.54-0.64 at 45-50, ~0.89-0.91 at 60-65 and >= 0.97 from 70 on -01 / -03, -02 slower (~0.70 at
  60-65, ~0.92 at 75-80), about 1.4 %/min of the pool; hit ratio ~0.36 -> ~0.1; running flat (~8-12). Alerts:
  TTFT P99 from 42.0 (-02), 48.0 (-01) and 48.5 (-03), fleet TTFT SLO 51.5, prefix-hit 68.8 (-03) / 71.5 (-01)
  / 81.3 (-02), KV critical 70.3 (-01) / 74.5 (-03), KV high 73.3 / 77.3, preemptions 74.5 / 75.0 / 87.8. (2)
  benign/annual_report on ca-h100-05 30-75 (as s6). (3) benign/maintenance_drain on ca-h100-06 40-60 (label
  kind drain_window: drained 40-52 with its vLLM up and idle, its load back by ~60) with benign/failover on
  ca-h100-04 and -05 40-62 (running ~8 -> ~12-14, KV ~0.33 -> ~0.5-0.67). (4) benign/checkpoint_load on
  ca-h100-02 60-65, inside the fault. The fleet's usual noise: TTFT P99 on ca-h100-06 36.3-39.6 and ca-h100-05
  37.5-40.6 (Mooncake's bursts), VLLMRequestErrorRateHigh on ca-h100-03 23.6-24.6 (3 errors in ~220 requests),
  unlabelled. Labels: as listed.
s200_ttft_prober_first_token_cancel_canary_residue: 6 x 4 L40S, one vLLM server per GPU (Llama-3.1-8B + 1B
  draft, 4 spec tokens; on port 8000 + gpu), Azure conv 3 req/s/server, 512 GiB hosts, 90 min from 10:00 UTC;
  drained servers' conversations spilled to the peers; sp-l40s-04..06 report DCGM blank sentinels (as s3),
  sp-l40s-06's clock 0.9 s fast (no rule), 3 % of sp-l40s-06's nvml samples lost. The SRE team's synthetic
  TTFT prober (one probe per server, straight at its port, not through the gateway) sends every server a fixed
  512-token prompt every 15 s with stream=true and max_tokens 32, records the time to the first token and
  closes the stream to keep the probe cheap (new fault kind probe_cancel, request kind 33): vLLM aborts each
  probe PROBE_CLOSE = 30 ms after its first token, 4 a minute per server, ~2 % of its finished requests on top
  of the users' 1.5 % (abort share 3-5 % everywhere, under the 5 % rule). On the fleet's build an aborted
  request's draft state goes with it (tau 90 s, as everywhere). A vLLM patch release, canaried by drained
  restarts on sp-l40s-03 (20) and sp-l40s-05 (50) (benign/vllm_upgrade 10 min each), frees a request's
  draft-model KV only once the request has completed a verification step: one aborted before its first (the
  prober's, whose first token comes from the prefill) keeps its 4.7 MB of draft state until the process exits
  (new fault kind first_residue); the users' aborts, mid-answer, are freed as before. (1) spec_residue on
  sp-l40s-03 from its new servers' ready (22.17) and on sp-l40s-05 from 52.17, to the end: FB grows ~18
  MiB/min on every GPU, at the prober's rate whatever the load, with the abort share flat; as built DCGM FB
  GPU 0 ~41.76k -> ~42.90k MiB at 85-90 on -03, ~41.80k -> ~42.46k on -05, every GPU alike; no alert. (2)
  benign/client_cancels on sp-l40s-02 30-65 (label kind cancel_window, to its rule's resolve; an A/B test of
  an aggressive client timeout, 30-60: abort share 0.09-0.13, VLLMRequestAbortRateHigh on its four servers
  35.5-64.7; their draft state freed: FB +50-150 MiB, level). (3) session_isolation on sp-l40s-04's GPU 1
  server from 40 min to end at 2.0 %/min (as s14): KV ~0.15 -> ~0.46 at 50-55 -> ~0.91 at 70-75 -> 0.99 from
  80; TTFT P99 76.0, KV high 78.0, prefix-hit 82.2, KV critical 83.7, preemptions 85.7, VLLME2ELatencyHigh
  87.7, fleet TTFT SLO 88.7. Noise: VLLMRequestAbortRateHigh on sp-l40s-05's GPU 0 server 57.2-58.2 (the first
  5 min after its restart, few requests). Labels: as listed.
s201_agent_canary_node_name_host_ip: 7 x 4 H100 (rn-h100-07 joins at 47), Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 90 min from 15:00 UTC, no request log; rn-h100-05..07 export hostname/uuid, rn-h100-01's clock
  1.1 s fast (NodeClockSkewDetected from 32.1, unlabelled), 3 % of rn-h100-04's dcgm samples lost. A
  node-agent chart release is canaried as a second DaemonSet on the nodes labelled agent-canary (rn-h100-02,
  -03, -05). Its refactored env block takes NODE_NAME from the downward API's status.hostIP (copied from
  NODE_IP's entry) instead of spec.nodeName, so the canary agent, which replaces the old one on those nodes at
  20.0 / 20.4 / 20.8 (18 s without collection, seq from 1, the old agent's last 10 s re-sent, as s31),
  publishes every record under the node's host IP (10.42.17.23, 10.42.17.58, 10.42.18.11; new Scenario knob
  alias). The values are right, and dcgm-exporter's own Hostname label still names the node; Prometheus
  scrapes the exporters and vLLM itself, and its alerts name the nodes as before. (1) monitoring_gap on
  rn-h100-02, -03 and -05 from 20.0 / 20.4 / 20.8 to 78.3 / 78.7 / 79.1 (one fault on three nodes): nothing
  arrives under their names, three unknown nodes stream instead. (2) session_isolation on rn-h100-03 from 26
  min to end at 2.4 %/min (as s1): KV ~0.15-0.2 before, ~0.40 at 35-40, ~0.61 at 50-55, ~0.85 at 60-65, ~0.99
  from 70, all of it under 10.42.17.58 until 78.4, while Prometheus's alerts name rn-h100-03: TTFT P99 69.8,
  KV high 71.3, KV critical 73.1, fleet TTFT SLO 73.8, prefix-hit 74.6, preemptions 75.3. The on-call, finding
  no agent data for rn-h100-03 since 20.4, traces it to the canary and deletes its DaemonSet: the old agents
  collect again from 78.3 / 78.7 / 79.1 (seq from 1; the renamed agent's last 10 s re-sent under the IP). (3)
  benign/checkpoint_load on rn-h100-05 40-45 (its RSS and FB spike under 10.42.18.11). (4)
  benign/node_replacement on rn-h100-06 from 45 to the end (label kind replace_window; a hardware ticket:
  drained at 45, its conversations to its ring successors rn-h100-01 / -04 until the replacement is ready, pod
  evicted 45.5, node deleted 47: every source of it stops for good, no TargetDown), benign/failover on
  rn-h100-01 / -04 45-65 (running ~17 -> ~25-27), and benign/scale_out on rn-h100-07 47-62 (the replacement
  joins at 47 as s91: image pull 90 s, weights 100 s, ready 50.17, -06's share from then; a new node name
  whose streams start mid-recording). Labels: as listed.

Added later (s202-s205, a fiftieth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s201).
s202_session_scan_page_cap_app_launch_flood: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 08:00 UTC; vLLM's request log (request_finished with tenant / session / tokens) on every node; drained
  conversations spilled to the peers; sb-h100-04..06 export hostname/uuid, sb-h100-01's clock 1.0 s fast
  (NodeClockSkewDetected from 26.0, unlabelled), 3 % of sb-h100-04's dcgm samples lost. The serving stack's
  session layer keeps its session records in a node-local Redis (`sess:<tenant>:<id>` keys beside ~60 others:
  rate-limit buckets, tenant config, the sweeper's lock) and frees an idle session's context from a sweeper
  (the common physics' LRU sweep every 120-300 s, 5-min idle TTL). Its release 2.14, on sb-h100-01..03 for two
  days (the first half of its rollout; -04..06 run 2.13), replaced the sweeper's `scan_iter("sess:*",
  count=500)` loop by one `scan(0, match="sess:*", count=500)` call: one SCAN call walks the table from cursor
  0 until it has SCAN_CAP = 500 keys (COUNT counts the keys it walks, MATCH filters after), so a store of more
  than 500 keys is examined only up to them, the same ~500 each time (the cursor order is the hash order). A
  node holds ~300 keys at the fleet's load (SESS_KEYS: ~210 chat sessions, live or within the idle TTL; ~0.25
  chat sessions opened a second). At 08:15 retail-bank's mobile-app release goes live: the app asks the
  assistant for a greeting card ("Good morning, Ana: your card payment of ...") at every launch, each under a
  new session id (new fault kind launch_greet, request kind 34: a 700-1,000-token prompt, its 560-token system
  prompt cached, 30-80 tokens back, one turn; GREET_*), ramping over 20 min (morning launches) to 0.9 a second
  on each of the two nodes the gateway's tenant affinity pins retail-bank to, sb-h100-02 (2.14) and sb-h100-05
  (2.13): 3,400 / 3,496 greetings in their request logs, ~640-800 distinct sessions per 10 min from 30 min
  against ~150-260 elsewhere, prefix-cache hit ratio 0.14 -> 0.2-0.3, each greeting session held GREET_LIFE =
  420 s. (1) benign/app_launch_sessions on sb-h100-02 and sb-h100-05 from 15 to the end: more sessions, more
  held contexts between sweeps (KV 5-min means ~0.11-0.25 on -05), all of them freed on 2.13. (2)
  session_isolation on sb-h100-02 from 31.95 to the end (label kind scan_window; new fault kind scan_cap,
  `scan_share`, no draw): its store passes 500 keys at 31.95, and from then the sessions hashed past the first
  500 are never examined, so their share of the held contexts (every tenant's) is never freed; the sessions it
  keeps keep the store growing, and the share with it (keys ~565 / 700 / 1,030 / 1,440 / 1,930 / 2,460 at 35 /
  40 / 50 / 60 / 70 / 80 min, share 0.11 / 0.28 / 0.51 / 0.65 / 0.74 / 0.80). As built: KV 5-min means
  ~0.13-0.23 before, ~0.25 at 45-50, ~0.38 at 50-55, ~0.55 at 55-60, ~0.69 at 60-65, ~0.85 at 65-70, >= 0.99
  from 70; hit ratio ~0.25-0.31 at 40-60 -> ~0.12-0.13 at 70-85; running ~15-21 before the greetings, ~18-24
  with them, ~26-27 from 70, waiting ~0.6 -> ~11-13 from 70; TTFT P99 72.0, KV critical 72.75, KV high 74.5,
  fleet TTFT SLO 76.0, preemptions 76.25. sb-h100-01 and -03 run 2.14 too, under 500 keys: healthy. (3)
  benign/warmup on sb-h100-04 55-65 (a planned drained restart: VLLMTargetDown 57.0-57.3). (4) other/xid_79 on
  sb-h100-06 GPU 1 from 68 (as s5: GPUXidErrors 68.25, GatewayUpstream5xxRateHigh 69.75, VLLMTargetDown 70.5,
  fleet GatewayHigh5xxRate 71.0, KubePodCrashLooping 73.75). Labels: as listed.
s203_gateway_hedging_inherited_canary_draft_residue: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative
  decoding everywhere), Azure conv 2.5 req/s/node, 90 min from 14:00 UTC, no request log; drained
  conversations spilled to the peers; hg-h100-04..06 export hostname/uuid, hg-h100-02's clock 0.8 s slow
  (NodeClockSkewDetected from 24.1, unlabelled), 3 % of hg-h100-05's host samples lost. A quarter of the
  fleet's chat requests are non-streaming (API and agent tenants); vLLM sends a streaming response's headers
  at once, a non-streaming one's with the whole completion. (1) benign/vllm_upgrade on hg-h100-03 20-30: a
  vLLM patch build canaried by a drained restart (VLLMTargetDown 22.1-22.4). (2) spec_residue on hg-h100-03
  from its new engine's ready (22.17) to the end: the patch's abort path frees the target model's blocks of an
  aborted request but not the draft model's, so each interrupted request's 4.7 MB (DESIGN) stays until the
  process exits (kind spec_residue with the users' steady 1.5 % aborts, as s16: ~11 MB/min/node, ~3
  MiB/min/GPU, until 35). (3) benign/hedged_requests on all six nodes from 35 to 70 (label kind hedge_window,
  to the abort rule's last resolve): a gateway (Envoy) route refactor at 35 moves the retry policy of the
  embeddings route, with hedge_on_per_try_timeout and an 8-s per_try_timeout, to the virtual host, so the chat
  route inherits it: a request whose upstream has sent no response headers after 8 s (a non-streaming answer
  of more than ~235 tokens: ~34 % of Azure conv's) gets a copy sent to another node; the first response wins
  and Envoy resets the other stream, which vLLM aborts. The original, 8 s ahead, nearly always wins: each copy
  runs until its original completes and is aborted near its end (new fault kind hedge, request kind 35,
  HEDGE_TPS: each node receives as many copies as it sends, modelled on its own non-streaming requests; its
  history is not cached there; not in the gateway's counts or its TTFT histogram). The gateway team rolls it
  back at 65. As built: abort share 1.0-2.8 % before and after, 5-14 % at 35-65 on every node,
  VLLMRequestAbortRateHigh on all six from 42.1-45.6 to 67.4-69.1 (hg-h100-02 42.1-54.1 and 60.1-67.4), hit
  ratio 0.14 -> ~0.13, running unchanged (~19: the copies are short); on healthy nodes the copies' draft state
  is freed as any abort's (tau 90 s): DCGM FB GPU 0 +10-30 MiB while it lasts. On hg-h100-03 it is kept: FB
  GPU 0 ~74.00k at 30-35, ~74.06k at 35-40, ~74.24k at 45-50, ~74.43k at 55-60, ~74.59k at 65-70 (~18 MiB/min
  on each GPU, ~75 MB/min/node), then ~3-4 MiB/min again (~74.66k at 85-90); no alert of its own. (4)
  session_isolation on hg-h100-06 from 40 min to end at 2.0 %/min (as s1): KV ~0.23 at 45-50, ~0.47 at 60-65,
  ~0.77 at 75-80, ~0.97 at 85-90; hit ratio ~0.14 -> ~0.03; TTFT P99 85.1, KV high 87.6, fleet TTFT SLO 89.1.
  Labels: as listed.
s204_lxcfs_agent_meminfo_hugepages_oom_loop: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 1 TiB
  hosts (the serving process ~96 GiB RSS, ~39 % of host memory in use), 90 min from 11:00 UTC; drained
  conversations spilled to the peers; lx-h100-04..06 export hostname/uuid, lx-h100-05's clock 1.2 s slow
  (NodeClockSkewDetected from 31.1, unlabelled), 3 % of lx-h100-06's vLLM samples lost. The platform team has
  installed lxcfs (a FUSE daemon on every node) and its admission webhook, which mounts lxcfs's files over
  /proc/meminfo, /proc/swaps, /proc/cpuinfo, /proc/stat, /proc/uptime and /proc/loadavg in every new pod of a
  namespace labelled for it, for the JVM services that size their heaps from /proc/meminfo; a policy labels
  every namespace but kube-system, the node agent's too. The agent DaemonSet's weekly image bump rolls from 18
  min (maxUnavailable 1: lx-h100-01..06 at 18.0, 19.6, 21.2, 22.8, 24.4, 26.0; 24 s without collection each,
  seq from 1, the old agent's last 10 s re-sent, as s31), and each new agent pod gets the mounts: its host
  collector reads /proc/meminfo as lxcfs renders it for the agent's container (new Scenario knob lxcfs):
  mem_total_bytes = its memory limit, 536,870,912 (AGENT_LIM), mem_used_bytes = MemTotal - MemFree = its
  cgroup's usage (~150 -> ~190 MiB: a "used" share of ~0.30-0.37, like a host's), swap 0; proc_rss_bytes, read
  from /proc/<pid>/status, which lxcfs does not cover, stays right, and so do the agent's host events (from
  /dev/kmsg). Prometheus's node-exporter reads the host's /proc (--path.procfs=/host/proc): its rules are
  unaffected. (1) monitoring_gap on lx-h100-01..06, each from its agent's restart to the end (one fault on six
  nodes: no node's host memory is observed any more). (2) benign/checkpoint_load on lx-h100-04 28-33 (as s6:
  RSS +24 GiB, FB +2.5 GiB for ~90 s; its host memory in use invisible now). (3)
  other/hugepages_wrong_tuned_profile on lx-h100-03 from 38 to its engine's ready (53.44): the network team's
  TuneD profile for its DPDK gateways (vm.nr_hugepages = 325,000 x 2 MiB, ~635 GiB, 0.62 of this host) reaches
  the node at 38 through a node-labelling script that matched its rack label; the kernel compacts and reclaims
  to hand the pages over within ~90 s (new fault kind hugepages: memory in no process's RSS, as
  `daemon_oom`'s), and as the last ones go the serving process meets the OOM killer (oom_kill of `vllm` at
  39.46); every restart CrashLoopBackOff makes is killed in its load (39.62, 40.40, 41.53, 43.28, 46.30 ->
  kills 40.07, 40.87, 41.96, 43.64, 46.77). Alerts: NodeOOMKillDetected 39.6-51.9, GatewayUpstream5xxRateHigh
  40.9-45.4, fleet GatewayHigh5xxRate 42.1-44.9, NodeMemoryHighUtilization 41.4-52.2 (node-exporter's
  MemAvailable, while the agent's host samples say ~0.33 of 512 MiB), VLLMTargetDown 41.6-53.7,
  KubePodCrashLooping 45.6-53.7. The on-call finds HugePages_Total in the host's /proc/meminfo, sets
  vm.nr_hugepages to 0 and removes the label at 52: the start at 51.77 loads, engine_start 53.44. (4)
  benign/config_rollout on lx-h100-06 62-72 and lx-h100-05 67-77 (planned drained restarts: VLLMTargetDown for
  seconds at 64.1 / 69.1). Labels: as listed.
s205_kured_kernel_reboot_driver_headers_missing: 6 x 8 H100, one vLLM server per node with two data-parallel
  TP4 ranks (engine "0"/"1", gpu null; as s10), Llama-3.3-70B, Azure conv (rank 0) + code (rank 1) 6
  req/s/engine, 90 min from 03:00 UTC; GPU utilization relative to each engine's load before 6 min; drained
  nodes' conversations spilled to the peers; kr-h100-04..06 export hostname/uuid, kr-h100-04's clock 1.3 s
  fast (NodeClockSkewDetected from 30.2, unlabelled), 3 % of kr-h100-02's nvml samples lost. The GPU operator
  installs the driver with its driver container, which at every start installs the running kernel's headers
  from the platform's apt mirror and builds the kernel modules (~4 min); the node agent reads NVML from the
  driver root that container fills (/run/nvidia/driver), and dcgm-exporter and the device plugin wait in their
  init containers for the driver's validation. kured reboots nodes whose /var/run/reboot-required is set, one
  at a time (a lock), in its 03:00-05:00 window, checking every 10 min: it cordons and drains the node (the
  vLLM pod evicted: its replacement Pending, no pod IP, so no scrape target and no VLLMTargetDown), reboots it
  60 s later (BOOT_S: 7 min with no record of any source; the agent restarts with seq from 1, its last 10 s
  re-sent), uncordons it when kubelet is Ready, and releases the lock. Last night's unattended-upgrades
  installed a libc6 update everywhere, and on nodes whose apt run came after 01:40 also a new kernel
  (linux-image-6.8.0-62) from the public security pocket, whose headers the platform's mirror snapshot does
  not have yet. (1) benign/kured_reboot on kr-h100-01 6.0-29.58 (libc only): drained 6.0, rebooted 7.0, agent
  back 14.0, driver container start 14.67, driver built and operands validated 19.67 (no nvml / dcgm record
  from 7.0 to 19.67; TargetDown for node-exporter 9.2-14.3 and for dcgm-exporter 9.2-19.8), vLLM pod scheduled
  19.92, engine_start 21.58 on both ranks; the replacement pod Pending 13.4 min (KubePodNotReady's 15 min not
  met); the label to 8 min after the ready (a cold prefix cache). (2) kr-h100-03 (the new kernel):
  benign/kured_reboot 22.0-30.0 (drained 22.0, rebooted 23.0), then other/gpu_driver_build_no_kernel_headers
  from 30.0, when the agent is back, to its engine's ready at 71.0: the driver container fails after
  DRV_FAIL_S = 55 s ("Could not resolve Linux kernel version": no linux-headers-6.8.0-62-generic in the
  mirror) and kubelet restarts it with CrashLoopBackOff's delays (30.67, 31.75, 33.0, 34.58, 36.83, 40.42,
  46.33, 52.25, 58.17; new fault kind kured, `kured_times`); the agent's NVML collector gets
  NVMLError_LibraryNotFound ("NVML Shared Library Not Found", as the data/ capture; no nvml record),
  dcgm-exporter never leaves its init (no dcgm record; TargetDown for dcgm-exporter 25.2-69.3 while
  node-exporter's resolves at 30.3), the node's GPUs are not allocatable (the vLLM pod Pending: no vLLM
  record, proc_rss 0), host samples flow. KubePodCrashLooping for nvidia-driver-daemonset's nvidia-driver-ctr
  37.0-64.3, KubePodNotReady for the Pending vLLM pod (names no node) 37.7-69.5. (3) kr-h100-05 (the new
  kernel), kured's next node: benign/kured_reboot 38.0-46.0, then the same fault from 46.0 to its ready at
  69.25 (driver attempts 46.67 ... 56.42; KubePodCrashLooping 53.0-62.5, KubePodNotReady 53.7-67.8, TargetDown
  for dcgm-exporter 41.2-67.5). One fault on two nodes. The on-call holds kured's lock at 50 (kr-h100-02, -04
  and -06 wait) and has the mirror synced: from 60 it has the headers, and each node's next attempt builds
  (kr-h100-05 62.33, kr-h100-03 64.08: GPUs at 67.33 / 69.08, engine_start 69.25 / 71.0); benign/warmup on
  each for 8 min after. (4) session_isolation on kr-h100-06, rank "1" only, from 35 min at 1.8 %/min (as s10;
  the peers carry the drained nodes' share): KV ~0.10-0.18 before, ~0.38 at 45-50, ~0.60 at 55-60, ~0.79 at
  65-70, ~0.88 at 75-80, ~0.98 at 85-90; TTFT P99 73.5, prefix-hit 77.5, KV high 87.0, fleet TTFT SLO 87.0, KV
  critical 89.2. Labels: as listed.
Added later (s206-s209, a fifty-first outsider, same clean-room rules; fixed BEFORE any replay of them)
-----------------------------------------------------------------------------------------------------
s206_h200_quarter_close_reports_rank_leak: 5 x 8 H200, 2 DP engines/node (TP4 each, gpu null), Llama-3.3-70B,
  Azure conv (rank 0) + code (rank 1) 6 req/s/engine, 90 min from 13:00 on a quarter's last day, no request
  log; qc-h200-01's clock 1.1 s fast (NodeClockSkewDetected from ~28, unlabelled), 3 % of qc-h200-03's dcgm
  samples lost, qc-h200-04/05 export hostname/uuid. Finance's quarter-close narrative reports:
  benign/long_generation on qc-h200-02 22-42 and 48-68 (10 long-form report requests within 60 s of 22 and of
  48; KV of rank 0 ~0.1 -> 5-min means 0.22-0.28; VLLME2ELatencyHigh ~40.0-42.5 and ~66.0-67.5).
  session_isolation on qc-h200-04 rank "1" only (GPUs 4-7) from 30 min to end: risk-analytics' quarter-close
  notebook reuses 6 session ids, 1.6 %/min of that rank's pool never reclaimed: 5-min means ~0.07 before,
  ~0.24 at 50-55, ~0.51 at 65-70, ~0.74 at 75-80, ~0.89 at 85-90; rank 0 of that node stays at 0.09-0.13; no
  alert names it in 90 min (a hard case). benign checkpoint_load qc-h200-05 60-65. Labels:
  benign/long_generation qc-h200-02 22-42 and 48-68; session_isolation qc-h200-04 (gpu null) 30-90;
  benign/checkpoint_load qc-h200-05 60-65.
s207_servicemonitor_selector_drop_spec_residue_retry: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (spec decode
  everywhere), Azure conv 2.5 req/s/node, 90 min from 10:00, no request log, drained conversations spilled to
  peers; sm-h100-04's clock 1.0 s slow (NodeClockSkewDetected from ~30, unlabelled), 3 % of sm-h100-01's host
  samples lost. A chart upgrade canaried on sm-h100-03 at 18 (benign/chart_upgrade 18-28: drained restart,
  engine_start ~20.2) renames the pod label the vLLM ServiceMonitor selects on: from the new pod (18.5) its
  endpoint is in no scrape config, neither Prometheus's nor the agent's (fault kind sd_lost, as s189): no vllm
  record and no vLLM-rule alert from that node, no target, so no VLLMTargetDown; nvml/dcgm/host flow and the
  node keeps serving. monitoring_gap sm-h100-03 18.5 to end, with no alert. spec_residue on sm-h100-05 from 34
  min to end (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB kept per interrupted request; FB GPU 0 ~74.22k ->
  ~75.22k MiB by 85-90; VLLMRequestAbortRateHigh from ~45.0). benign retry_burst sm-h100-02 50-56 (as s6:
  GatewayUpstream5xxRateHigh ~54.3-57.5, VLLMRequestAbortRateHigh ~55.8-60.8); benign warmup sm-h100-06 64-74
  (VLLMTargetDown ~66.0-66.3). Labels: benign/chart_upgrade sm-h100-03 18-28; monitoring_gap sm-h100-03
  18.5-90; spec_residue sm-h100-05 34-90; benign/retry_burst sm-h100-02 50-56; benign/warmup sm-h100-06 64-74.
s208_tor_partition_two_nodes_in_morning_ramp: 6 x 4 H100, Qwen2.5-72B TP4, Mooncake 0.45 req/s/node at night,
  120 min from 05:30, no request log; dw-h100-02's clock 0.9 s fast, dw-h100-06's clock drift pages
  NodeClockSkewDetected from ~35 (unlabelled), 3 % of dw-h100-03's vLLM samples lost. A financial client
  base's pre-market peak: on every node the users' traffic rises and falls as a hump (as s94's diurnal) from
  10 to 110 min, peaking x2.1-2.5 (dw-h100-01..06: 2.2, 2.4, 2.1, 2.3, 2.5, 2.2) at ~60 min: KV 5-min means
  ~0.2-0.3 -> 0.45-0.6 at the peak, running ~5 -> 11-12; TTFT P99 episodes on healthy nodes (Mooncake's heavy
  tail) 37-81 min. Inside the peak, the top-of-rack switch of dw-h100-04 and dw-h100-05 loses its uplinks
  58-67 min (a line-card failure): no record of any source of either node arrives, gateway requests to them
  fail (GatewayUpstream5xxRateHigh ~59.2-63.9, fleet GatewayHigh5xxRate ~60.4-63.7, VLLMTargetDown and
  TargetDown for node-exporter and dcgm-exporter ~60.2-67.2 on both). After the peak, session_isolation on
  dw-h100-02 from 75 min to end, 1.0 %/min of the pool never reclaimed: KV stays ~0.5-0.7 while the other
  nodes' fall with the load (dw-h100-03: ~0.55 -> ~0.23); TTFT P99 ~108.4-111.4 and from ~118.2. Labels:
  benign/premarket_peak on dw-h100-01..06 10-110; other/network_partition dw-h100-04 and dw-h100-05 58-67 (one
  fault, two nodes); session_isolation dw-h100-02 75-120.
s209_l40s_server_gpu_leak_long_docs_client_cancels: 6 x 4 L40S, one Llama-3.1-8B server per GPU (engine "0",
  gpu = its GPU, instance <pod ip>:800<gpu>), Azure conv 3 req/s/server, 512 GiB hosts, 90 min from 14:00, no
  request log; gl-l40s-04..06 report the DCGM blank sentinel, gl-l40s-03's clock 0.7 s slow, gl-l40s-01's
  clock pages NodeClockSkewDetected from ~25 (unlabelled), 3 % of gl-l40s-03's nvml samples lost.
  other/gpu_memory_leak on gl-l40s-04 GPU 2 from 28 min to end (as s20's fb_leak, one server): a custom logits
  processor shipped in that server's image caches a tensor per request outside the KV pool, 45 MiB/min:
  FB_USED ~41.82k -> ~44.49k MiB by 85-90 (KV flat, no aborts); GPUFramebufferHigh{gpu="2"} from ~63.5. benign
  long_document gl-l40s-02 35-55 (bursts of 2 contracts, 40-90k tokens, per server; TTFT P99 ~38.2-42.0 on two
  servers, ~50.2-53.0); benign client_cancels gl-l40s-05 30-65 (a client-timeout change: 9 % aborts 30-60,
  reclaimed as usual; VLLMRequestAbortRateHigh on all four servers ~37.5-63.0; label to its rule's resolve).
  other/xid_79 on gl-l40s-06 GPU 1 from 70 min to end (as s5: GPUXidErrors ~70.2, GatewayUpstream5xxRateHigh
  ~71.7, VLLMTargetDown ~72.5, KubePodCrashLooping ~76.0). Labels: other/gpu_memory_leak gl-l40s-04 GPU 2
  28-90; benign/long_document gl-l40s-02 35-55; benign/client_cancels gl-l40s-05 30-65; other/xid_79
  gl-l40s-06 GPU 1 70-90.
Added later (s210-s213, a fifty-second outsider, same clean-room rules; fixed BEFORE any replay of them)
--------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s209); the figures are read from the built files.
s210_gameday_chaos_experiments_hide_tenant_leak: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 14:00 UTC on a Tuesday, no request log; gd-h100-04..06 export hostname/uuid, gd-h100-01's clock 1.2
  s fast (NodeClockSkewDetected from 28.1, unlabelled), 3 % of gd-h100-03's dcgm samples lost; the gateway's
  per-upstream TTFT histogram and its rule GatewayUpstreamLatencyHigh on every node (new Node knob gw_ttft:
  the first response byte as the gateway sees it, without its request log). The SRE team's quarterly GameDay,
  20-60 min: Chaos Mesh experiments against single serving pods, announced in the on-call channel, no alert
  silenced. (1) benign/chaos_container_kill gd-h100-02 20-30: PodChaos container-kill SIGKILLs the vllm
  container at 20.0 (no drain); kubelet restarts it 10 s later (kind oom_crash's undrained restart:
  process_start 20.15, weights 100 s, engine_start 21.83, a cold prefix cache); the gateway fails what it
  sends there until its outlier ejection (45 s): GatewayUpstream5xxRateHigh 21.4-25.6, fleet
  GatewayHigh5xxRate 22.9-25.4; one restart (no KubePodCrashLooping), and the 110-s hole is shorter than
  VLLMTargetDown's 2 min. (2) benign/chaos_network_delay gd-h100-04 30-45 (to its rule's resolve):
  NetworkChaos delay, 250 ms (jitter 50 ms) on the vllm pod's traffic both ways, 30-40 (new fault kind
  net_delay): the request's way in and its first chunk's way back add ~0.5 s to every TTFT the gateway
  measures (its per-upstream and fleet histograms), while vLLM's own TTFT histogram, timed inside the server,
  is unchanged, and so are running, KV and every record of the agent: GatewayUpstreamLatencyHigh on gd-h100-04
  32.4-44.6, fleet GatewayP99LatencySLOBreach 37.4-43.6, no vLLM rule. (3) session_isolation on gd-h100-04
  from 33 min to end, inside the delay experiment: risk-analytics' new notebook client reuses 6 session ids,
  2.0 %/min of the pool never reclaimed (as s1): KV 5-min means ~0.11-0.16 before, ~0.35 at 35-40, ~0.55 at
  40-50, ~0.66 at 50-55, ~0.82 at 60-65, ~0.96 at 70-75, >= 0.99 from 75; running flat (~17) to ~70;
  VLLMTimeToFirstTokenP99High and GatewayUpstreamLatencyHigh (again) 72.6, prefix-hit 75.6, KV high 76.6, KV
  critical 76.9, fleet TTFT SLO 77.6, preemptions 78.1. (4) benign/chaos_pod_partition gd-h100-06 45-55:
  NetworkChaos partition of the vllm pod from the pods of the gateway's and the monitoring namespaces, 45-50
  (kinds prom_reject and stale_ep): Prometheus's scrapes time out (VLLMTargetDown 47.1-50.1), the gateway's
  connects time out and are retried on the ring's next host (per-upstream failures, no 5xx for users:
  GatewayUpstream5xxRateHigh 49.1-51.1), while the node agent, which scrapes from the host's network (no pod
  the partition's selectors name), keeps reporting the idle engine (running ~18 -> ~0.1, KV ~0.06 at 45-50);
  the returning conversations find a colder cache. (5) other/xid_79 on gd-h100-05 GPU 2 at 52 min, inside the
  GameDay but no experiment of it (as s5: GPUXidErrors 52.4, GatewayUpstream5xxRateHigh 53.9, VLLMTargetDown
  54.6, fleet GatewayHigh5xxRate 55.1, KubePodCrashLooping 57.9). Labels: benign/chaos_container_kill
  gd-h100-02 20-30; benign/chaos_network_delay gd-h100-04 30-45; session_isolation gd-h100-04 33-90;
  benign/chaos_pod_partition gd-h100-06 45-55; other/xid_79 gd-h100-05 GPU 2 52-90.
s211_regenerate_forks_pin_parent_contexts: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere, 432k-token pool), Azure conv 2.5 req/s/node, 100 min from 10:00 UTC, no request log;
  rg-h100-04..06 export hostname/uuid, rg-h100-04's clock 1.1 s slow (NodeClockSkewDetected from 32.1,
  unlabelled), 3 % of rg-h100-02's host samples lost. The chat web app's release at 20 min puts "Stop" and
  "Regenerate" under every answer: a user stops an answer midway (vLLM aborts it) and asks for another answer
  to the same message, a fork of the conversation at that turn. Its flag ramps over 15 min to 2 % of the chat
  requests on every node (new fault kind regen: the stopped request, kind 36, aborted at a uniform 15-90 % of
  its answer; the regeneration, kind 37, REGEN_THINK s after the stop, its prompt cached but its last partial
  block): aborts 1.5 % -> ~3.3 % (1.7-5.2 % per 5 min, never above 5 % for 5 min: no abort alert), each stop's
  draft state reclaimed as any abort's. The serving stack's session layer 3.4, on rg-h100-03 since the day
  before (the other nodes run 3.3, which copies a branch's history into a new session), keeps a branch as a
  child of the conversation's session that references the parent's context (copy-on-write); freeing a swept
  child never drops that reference, so the parent's context at the fork point is never freed (new fault kind
  fork_pin: each regeneration's prompt stays held from KW_SWEEP s after it, when its session would have been
  swept). (1) benign/regenerate_button on rg-h100-01..06 from 20 to the end. (2) session_isolation on
  rg-h100-03 from 20 to the end (detail session_layer_fork_refcount): ~3 regenerations a minute, ~1.1k tokens
  of context each, ~0.8 %/min of the pool at full rollout: KV 5-min means ~0.11-0.20 before 45, ~0.29 at
  50-55, ~0.34 at 60-65, ~0.42 at 65-70, ~0.48 at 75-80, ~0.54 at 85-90, ~0.56 at 90-100, running flat
  (~16-22), no alert in 100 min (a slow, hard case). (3) benign/scripted_regenerations on rg-h100-05 30-65 (to
  its rule's resolve): a product team's browser script compares the answers of a prompt change by stopping and
  regenerating them (another 12 % of that node's requests, 30-60 min; the team's tenant is pinned there):
  aborts 11.5-15.4 % per 5 min, VLLMRequestAbortRateHigh 36.3-64.6, the stops' draft state freed as usual (FB
  GPU 0 ~74.20k -> ~74.23k MiB while it lasts, then back). (4) other/network_partition rg-h100-06 72-78 (as
  s5: no record of any source; GatewayUpstream5xxRateHigh 73.3-77.8, TargetDown and VLLMTargetDown 74.1-78.1).
  Labels: as listed.
s212_agent_parser_drops_dp_rank_hidden_residue: 5 x 8 H100, one vLLM server per node with two data-parallel
  TP4 ranks (engine "0" on GPUs 0-3, "1" on 4-7, gpu null; as s10), Llama-3.3-70B + 1B draft (speculative
  decoding on both), Azure conv (rank 0) + code (rank 1) 6 req/s/engine, 90 min from 09:00 UTC, no request
  log; ac-h100-04/05 export hostname/uuid, ac-h100-03's clock 1.0 s fast (NodeClockSkewDetected from 30.2,
  unlabelled), 3 % of ac-h100-01's nvml samples lost. A node-agent release (v2.9) with a faster
  Prometheus-text parser is canaried on ac-h100-02 at 18.0 and ac-h100-04 at 19.5 (agent restarts: 24 s
  without collection, seq from 1, the old agent's last 10 s re-sent, as s31). The parser keys a family's
  series by (metric name, model_name), written before vLLM put its DP ranks behind one /metrics with an
  `engine` label: the ranks' series collide and the one parsed last, rank 1's, wins (new Node knob
  one_rank_from): from the restart the node's vLLM samples are rank 1's only, right and labelled engine "1",
  and rank 0 (its KV, running, waiting, finish reasons, spec-decode counters) is never reported again.
  Prometheus parses the same endpoint right: its vLLM rules see both ranks. NVML, DCGM and host are untouched.
  (1) monitoring_gap on ac-h100-02 from 18.0 and on ac-h100-04 from 19.5, to the end (label kind rank_window).
  (2) spec_residue on ac-h100-04, rank 0 only (gpu null), from 30 min to end (as s3: aborts 1.5 -> 12 % over 8
  min, each interrupted request's 4.7 MB kept): FB GPUs 0-3 ~74.14k MiB before, ~74.29k at 35-40, ~74.72k at
  45-50, ~75.28k at 55-60, ~75.80k at 65-70, ~76.32k at 75-80, ~76.75k at 85-90 (~50 MiB/min/GPU), GPUs 4-7
  flat; VLLMRequestAbortRateHigh{engine="0"} from 40.7 (Prometheus's); the rank's abort counter itself never
  reaches the correlator. (3) benign/client_cancels on ac-h100-02 rank 0, 35-65 (to its rule's resolve): one
  tenant's SDK release with a shorter client timeout, 9 % aborts 35-60, reclaimed as usual (FB GPU 0 ~74.04k
  -> ~74.09k MiB, then back); VLLMRequestAbortRateHigh{engine="0"} 42.5-63.5: the other canary, the same
  alert, no residue. (4) session_isolation on ac-h100-05 rank "1" (seen by its agent) from 40 min at 1.8 %/min
  (as s10): KV 5-min means ~0.09-0.21 before, ~0.38 at 50-55, ~0.51 at 60-65, ~0.78 at 70-75, ~0.86 at 80-85,
  ~0.91 at 85-90; TTFT P99 78.0, prefix-hit 87.5. Labels: monitoring_gap ac-h100-02 18-90 and ac-h100-04
  19.5-90; spec_residue ac-h100-04 (gpu null) 30-90; benign/client_cancels ac-h100-02 35-65; session_isolation
  ac-h100-05 (gpu null) 40-90.
s213_validation_job_leaves_gpu_clocks_locked: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90 min
  from 13:00 UTC, no request log; drained nodes' conversations spilled to the peers; gv-h100-04..06 export
  hostname/uuid, gv-h100-01's clock 0.9 s slow, NodeClockSkewDetected on gv-h100-06 from 34.1 (unlabelled), 3
  % of gv-h100-04's vLLM samples lost. The platform team's monthly GPU validation goes node by node: a
  controller cordons and drains the node (the vLLM pod evicted 30 s later: no scrape target, so no
  VLLMTargetDown), runs a validation Job on its four GPUs (gpu-burn: 90 % of the memory, every SM busy at the
  power limit, then a DVFS sweep that locks the SM clock with `nvidia-smi -lgc` 255 MHz lower each minute of
  its last five: 1725, 1470, 1215, 960, 705 MHz; an EXIT trap resets them with `nvidia-smi -rgc`), and
  uncordons the node when the Job ends (new fault kind gpu_burn; dcgm-exporter maps the GPUs to the Job's pod,
  gpu-validation/gpu-burn). Locked clocks stay until a reset or a reboot. (1) benign/gpu_validation gv-h100-02
  12.0-30.27 (to 8 min after its vLLM's ready): drained 12.0, gpu-burn 12.1-20.1 (FB ~73.35k MiB, 99 %, ~686
  W, ~74 C at full clock; the sweep 15.1-20.1), the trap resets the clocks at 20.1, the vLLM pod starts 20.6,
  engine_start 22.27, a cold prefix cache. (2) gv-h100-05, benign/gpu_validation 35.0-58.17: drained 35.0; the
  Job's image (~9 GiB, with the DCGM diagnostics) is not cached on this node and its pull takes until 40.5
  (the GPUs idle, no process); gpu-burn from 40.5, its sweep from 43.5; the Job's activeDeadlineSeconds (780,
  counted from its start) kills the pod at 48.0 in the 705-MHz step, before the trap can run, so the clocks
  stay locked at 705 MHz (0.36 of 1980); the controller uncordons the node, the vLLM pod starts 48.5,
  engine_start 50.17. (3) other/gpu_clocks_locked gv-h100-05 48.0-74.0, when the on-call finds
  DCGM_FI_DEV_SM_CLOCK pinned at 705 and runs `nvidia-smi -rgc` (no restart) (new fault kind clock_lock:
  prefill x0.38, decode x0.70; the clock reads 705 even idle; dynamic power x0.39): running ~16-22 before ->
  ~26-30 at 55-75 (~18 on the peers), GPU utilization ~53-70 % -> ~77-86 %, yet power ~340-430 W -> ~230-275 W
  and GPU temperature ~51-58 C -> ~43-46 C (busy, cool and slow); KV 5-min means ~0.12-0.22 before and
  ~0.11-0.19 locked, FB unchanged; VLLMTimeToFirstTokenP99High 52.8-77.6 and nothing else. (4) monitoring_gap
  gv-h100-03 from 55 min to end (as s4: its vLLM endpoint drops out of the scrape configs, so no vLLM record,
  no vLLM rule and no target; the serving process's RSS grows 3 %/min of host memory, ~96 GiB -> ~1.33 TiB,
  OOM kill 75.8, restart, grows again: NodeOOMKillDetected 75.8, GatewayUpstream5xxRateHigh 77.1, fleet
  GatewayHigh5xxRate 78.6). Labels: benign/gpu_validation gv-h100-02 12-30.27 and gv-h100-05 35-58.17;
  other/gpu_clocks_locked gv-h100-05 48-74; monitoring_gap gv-h100-03 55-90.
Added later (s214-s217, a fifty-third outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s213).
s214_contract_read_timeout_prefill_abort_block_leak: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure
  conv 2.5 req/s/node, 90 min from 09:00 UTC, no request log; drained conversations spilled to the peers;
  ra-h100-04..06 export hostname/uuid, ra-h100-03's clock 1.1 s fast (NodeClockSkewDetected from 30.2,
  unlabelled), 3 % of ra-h100-06's dcgm samples lost. legal-review's contract-review product is pinned by
  tenant affinity to ra-h100-02 and -04: from 8 min its reviewers submit contracts (new fault kind contracts:
  0.5 a minute, Poisson, 40-90k-token prompts, 800-2000-token answers, kind 1 as s6's long documents; a long
  prompt is prefilled at PF_TPS = 5,000 tokens/s, so its first token comes 8-18 s after it is sent). At 25 min
  the tenant ships a desktop-client release whose HTTP library closes a stream that has sent no byte for 15 s
  (its default read timeout; new fault kind read_timeout): a contract of more than 75k tokens is cancelled at
  15 s, in its prefill (vLLM aborts it: no token, no TTFT, its prompt tokens never counted), and the client's
  SDK sends it again RTO_RETRY = 1 s later (request kind 38), which finds the 73,728 tokens its first attempt
  computed (nine full 8,192-token chunks, CHUNK_TOK) in the prefix cache and is answered: the user sees a slow
  answer, the abort counter one more abort (10 of 34 contracts after 25 min on -02, 6 of 22 on -04; the abort
  share stays at ~1-2 %). ra-h100-04 has run a vLLM patch build since the day before (the rollout's canary)
  whose abort path, for a request aborted while its chunked prefill still runs, frees the request without
  dropping the references its computed blocks hold (new fault kind prefill_leak): the nine chunks' 4,608
  blocks (~0.16 of the pool) stay allocated until the process exits. (1) benign/long_document on ra-h100-02
  and -04 8-90 and benign/client_read_timeout on both 25-90 (-02 is the control: the same contracts, timeouts
  and retries, KV 5-min means 0.16-0.35, no alert). (2) other/kv_blocks_leaked_on_prefill_abort on ra-h100-04
  from its first cancelled prefill (44.02) to the end: steps of ~0.16 at 44.02, 44.03, 53.89, 56.28, 70.42 and
  83.86, nothing between them; as built KV 5-min means 0.11-0.26 before, ~0.39 at 40-45, ~0.54 at 45-55, ~0.84
  at 55-60, ~0.8 at 60-70, ~0.94 at 70-85, 0.99 at 85-90, running flat (~17-21) until the pool is full, FB
  flat; TTFT P99 46.7-49.4, 58.4-67.9 and from 72.4, fleet TTFT SLO from 76.2, preemptions 76.4, KV critical
  85.7, KV high 88.2. (3) session_isolation on ra-h100-05 from 35 min at 1.5 %/min (as s1): a smooth ramp
  beside the staircase (KV ~0.33 at 40-45, ~0.50 at 55-60, ~0.71 at 70-75, ~0.91 at 85-90; no alert). (4)
  benign/checkpoint_load on ra-h100-06 45-50. (5) benign/vllm_upgrade on ra-h100-01 60-70: the same build
  rolls on (ready 62.17) to a node that serves no contracts, where it leaks nothing. Labels: as listed.
s215_router_canary_ms_last_used_pins_sessions: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 100
  min from 11:00 UTC, no request log; gm-h100-04..06 export hostname/uuid, gm-h100-02's clock 1.3 s fast
  (NodeClockSkewDetected from 30.2, unlabelled), 3 % of gm-h100-04's host samples lost. The serving stack's
  session layer: the gateway's session router (three replicas behind the L4 load balancer) writes each routed
  request's time into its session's record (last_used, Unix seconds), and each node's sweeper frees a
  session's context once last_used is more than 5 min old (the common physics' LRU sweep). Router release 4.8
  rewrites the session filter in Go and writes last_used with time.Now().UnixMilli(); the sweeper reads
  seconds, so a session whose latest request went through a 4.8 replica looks used tens of thousands of years
  from now and is never idle. Argo Rollouts canaries it on one replica of three at 25 min (a third of the
  requests; its analysis reads the 5xx ratio and latency, which do not move) and promotes it to all three at
  55: from then every session is pinned. The KV pages on every node send the on-call to the only change of the
  hour: rolled back at 68.5 (no new pins; those made stay, their sessions having ended on a 4.8 replica), and
  at 74 a script rewrites every last_used in the future to the current time (new fault kind unpin): each
  node's next sweep frees them. Physics: touch_scan (as s199) on every node, share 1/3 at 25-55 and 1.0 at
  55-68.5 (it now ends at f.end). (1) session_isolation on gm-h100-01..06 from 25 to each node's first sweep
  after the fix (74.5, 75.9, 74.34, 74.67 and 76.09; gm-h100-05 to 63.42, see (3)): as built KV 5-min means
  ~0.1-0.2 before, 0.19-0.39 at 35-40 and 0.36-0.62 at 50-55 (a third pinned, 0.8-1.6 %/min), then 3-4 %/min:
  0.85-0.99 at 65-75, back to 0.18-0.37 at 75-80; running flat (~16-20) until the pools fill (~17-27 at
  60-75); TTFT P99 from 59.5 (-03, also holding (2)), 65.7, 67.7, 71.0 and 73.0, KV critical 62.2-68.0 on
  -01..-03, KV high on five nodes 64.2-73.5, preemptions 64.5-75.7, prefix-hit 74.0-77.7, fleet TTFT SLO
  63.7-80.2; every KV alert resolved by 76.2. (2) benign/annual_report on gm-h100-03 30-75 (as s6), on top of
  the pins. (3) other/xid_79 on gm-h100-05 GPU 2 at 63, inside the storm (as s5: GPUXidErrors 63.2,
  GatewayUpstream5xxRateHigh 64.7, VLLMTargetDown 65.5, fleet GatewayHigh5xxRate 66.2, KubePodCrashLooping
  69.0); its server's exit at 63.42 frees that node's pins. (4) benign/checkpoint_load on gm-h100-01 85-90.
  Labels: as listed.
s216_spec_batch_toggle_canary_residue_lunch_peak: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative
  decoding everywhere), Azure conv 2.5 req/s/node, 120 min from 11:00 UTC, no request log; drained
  conversations spilled to the peers; GPU utilization relative to the first 10 min; bt-h100-04..06 export
  hostname/uuid, bt-h100-01's clock 1.0 s slow (NodeClockSkewDetected from 35.2, unlabelled), 3 % of
  bt-h100-01's nvml samples lost. The fleet's speculative config sets disable_by_batch_size 32 (new fault kind
  spec_toggle on every node): while more than 32 requests run the engine stops speculating (the batch is
  compute-bound) and resumes below it; the tokens generated meanwhile take no draft step. The lunch peak (kind
  diurnal, as s208: 10-110, peaks x1.7-1.9 at 60) lifts running ~16-20 -> ~26-36 at 50-70 and KV ~0.15-0.2 ->
  0.25-0.5 on every node, and speculation is off for much of it: draft steps per generated token 0.31 ->
  0.07-0.12 at 50-65 (bt-h100-01), back by ~85; benign/lunch_peak on all six 10-110. (1) benign/vllm_upgrade
  on bt-h100-03 20-30: a patch release canaried by a drained restart (ready 22.17) whose switch-off path drops
  the proposer's per-request state without freeing its blocks: every request running at a switch-off keeps its
  4.7 MB of draft state (DESIGN) until the process exits (new fault kind toggle_residue). (2) spec_residue on
  bt-h100-03 from its first switch-off (31.08) to the end: 193 switch-offs to 104.3, the residue growing with
  the peak and stopping after it, with no abort rise (0.9-2.6 % per 5 min): as built DCGM FB GPU 0 ~74.10k at
  25-30, ~74.56k at 35-40, ~75.51k at 45-50, ~76.84k at 55-60, ~77.94k at 65-70, ~78.87k at 75-80, ~79.52k at
  85-90, ~79.84k MiB from 100 (~5.6 GiB per GPU, ~22 GiB per node, short of a CUDA OOM); GPUFramebufferHigh on
  its four GPUs from 62.9-64.2 is its only alert. (3) benign/client_cancels on bt-h100-05 40-75 (a
  client-timeout A/B test, 9 % aborts 40-70, reclaimed as usual: FB +~30 MiB; VLLMRequestAbortRateHigh
  48.2-72.7). (4) other/xid_79 on bt-h100-02 GPU 1 at 95 (as s5: GPUXidErrors 95.2, GatewayUpstream5xxRateHigh
  96.7, VLLMTargetDown 97.4, fleet GatewayHigh5xxRate 98.2, KubePodCrashLooping 100.9). (5)
  benign/vllm_upgrade on bt-h100-06 104-114: the same build after the peak: no switch-off from its ready
  (106.17) to the end, no residue. Labels: as listed.
s217_agent_idempotent_producer_acl_dark_nodes: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5 req/s/node, 90
  min from 14:00 UTC, no request log; kf-h100-04..06 export hostname/uuid, kf-h100-03's clock 0.9 s fast
  (NodeClockSkewDetected from 32.1, unlabelled), 3 % of kf-h100-01's vLLM samples lost. A node-agent ConfigMap
  change canaried on kf-h100-02 and -05 (hot-reloaded at 30.0 and 30.6, as s67) turns on its Kafka producer's
  idempotence (enable.idempotence, to end the duplicates an agent restart re-sends). The telemetry cluster's
  ACLs grant the agents' principal WRITE on the topics but not IDEMPOTENT_WRITE on the cluster, which its
  brokers still require for InitProducerId, so the reloaded producer's first call fails with
  CLUSTER_AUTHORIZATION_FAILED, which librdkafka raises as a fatal error: from then every produce fails
  locally, the agent drops each record it collects (its seq counter runs on), and its health endpoint, which
  checks collection, stays green (new Scenario knob dark). Prometheus scrapes those nodes itself: no alert
  says anything about it. The platform team notices two empty node dashboards and reverts the ConfigMap at 66;
  the agents reload at 68.0 / 68.4 and deliver again, each stream's seq jumping over the dark minutes. (1)
  monitoring_gap on kf-h100-02 30.0-68.0 and kf-h100-05 30.6-68.4 (one fault on two nodes: no record of any
  source). (2) session_isolation on kf-h100-05 (dark) from 38 min at 2.2 %/min (as s1): its first KV sample
  after the revert reads ~0.69; KV 5-min means ~0.84 at 70-75, ~0.97 at 80-85; its alerts all come after the
  revert: TTFT P99 80.4, KV critical 82.4, KV high 84.4, fleet TTFT SLO 85.6, preemptions 86.4, prefix-hit
  87.1. (3) other/xid_79 on kf-h100-02 (dark) GPU 3 at 52 (as s5): its XID event and last DCGM read are
  dropped with the rest, so its alerts are its only evidence until the revert (GPUXidErrors 52.4,
  GatewayUpstream5xxRateHigh 53.6, VLLMTargetDown 54.6, fleet GatewayHigh5xxRate 54.9, KubePodCrashLooping
  57.9), after which its records show three GPUs, no vLLM and a process_start every 5 min. (4)
  other/network_partition on kf-h100-04 56-63 (as s5: no record of any source, a dark node's silence but with
  GatewayUpstream5xxRateHigh 57.4 and TargetDown / VLLMTargetDown 58.1-63.1). (5) benign/maintenance_drain on
  kf-h100-06 44-58 (out of the gateway's rotation for a NIC firmware update, its vLLM up and idle: running ~18
  -> 0, KV -> 0) with benign/failover on its ring successors kf-h100-01 and -03 44-68 (running ~18 -> 24-27).
  Labels: as listed.
Added later (s218-s221, a fifty-fourth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s217).
s218_containerd_hang_node_notready_pod_stuck_terminating: 6 x 4 H100, Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 100 min from 15:00 UTC, no request log; nr-h100-04..06 export hostname/uuid, nr-h100-02's clock
  1.2 s slow, NodeClockSkewDetected on nr-h100-04 from 35.1 (unlabelled), 3 % of nr-h100-02's host samples
  lost. At 24.0 containerd on nr-h100-03 deadlocks: its CRI service stops answering while the running
  containers (the vLLM server, the DaemonSets' pods) run on untouched. Kubelet's pod-lifecycle relist (PLEG)
  now waits out its 2-min runtime request timeout every time, and 3 min after the hang kubelet reports the
  node NotReady ("PLEG is not healthy") (new fault kind runtime_hang: the alerts; no draw). The node lifecycle
  controller marks its pods not ready at once, so the vLLM pod leaves the EndpointSlice and the gateway's ring
  sends its sessions to nr-h100-04 and -05, half each (kind failover 27.0-60.17), while the engine stays up,
  idle and scraped (running ~17 -> 0, KV -> 0, FB held). 5 min later (tolerationSeconds 300) the taint manager
  deletes the pod: kubelet cannot stop it (Terminating), and the ReplicaSet's replacement is Pending (no other
  node has four free GPUs). The node agent (a DaemonSet reading NVML, /proc and the local endpoints) and
  Prometheus's scrapes see nothing wrong with the serving process. Alerts (new rules): KubeletPlegDurationHigh
  31.1-62.6, KubeNodeNotReady 42.1-58.1, KubeDeploymentReplicasMismatch (names no node) 42.1-60.4, and
  KubePodNotReady for the Pending replacement (names no node) 47.1-58.6. The on-call restarts containerd at
  57.5: the node is Ready at 58.0, kubelet stops the old pod and the replacement starts there (kind warmup at
  58: process_start 58.51, engine_start 60.18; VLLMTargetDown 60.1-60.4), and the sessions drift back (tau 300
  s). (1) other/container_runtime_hang nr-h100-03 24.0-60.17 (to the new engine's ready). (2) benign/failover
  nr-h100-04 and -05 27-70 (running ~17 -> 23.5-30.3). (3) session_isolation on nr-h100-05, a successor
  carrying half of -03's load, from 40 min at 1.5 %/min (as s1, load-modulated): KV 5-min means ~0.23-0.30 at
  30-40 (the moved load), ~0.44 at 45-50, ~0.67 at 50-55, ~0.89 at 60-65, >= 0.98 from 75; TTFT P99 63.4,
  fleet TTFT SLO 66.8, prefix-hit 72.6, preemptions 75.1, KV high 76.6, KV critical 79.1. (4)
  benign/checkpoint_load nr-h100-06 45-50. (5) benign/maintenance_drain nr-h100-01 70-82 (out of the gateway's
  rotation for a NIC firmware update, its vLLM up and idle: the same idle engine as -03's, with no kubelet
  alert) with benign/failover on its ring successors nr-h100-02 and -06 70-92 (running ~17 -> ~28-30). Labels:
  as listed.
s219_egress_proxy_no_proxy_misses_new_pod_cidr: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative decoding
  everywhere), Azure conv 2.5 req/s/node, 90 min from 10:00 UTC, no request log; np-h100-04..06 export
  hostname/uuid, np-h100-02's clock 1.0 s fast (NodeClockSkewDetected from 30.2, unlabelled), 3 % of
  np-h100-04's dcgm samples lost. The security team's egress-proxy admission webhook injects HTTP_PROXY and
  NO_PROXY (localhost, .svc, .cluster.local, the service CIDR and the pod CIDR 10.244.0.0/16) into every new
  pod of the namespaces it selects, the node agent's among them (Prometheus's namespace is excluded).
  np-h100-05 and -06 joined in last month's expansion and take their pod addresses from the cluster's second
  pod CIDR, 10.245.0.0/16, which NO_PROXY does not list. The agent DaemonSet's routine update at 24.0
  (maxUnavailable 1, one node every 40 s, 24 s without collection each, seq from 1, as s31) recreates the
  agents with the variables: on -05 (from 27.07) and -06 (from 27.75) the agent's scrapes of the vLLM pod and
  of the node's dcgm-exporter pod (pod IPs) go to the proxy, which refuses them (403), so no vllm and no dcgm
  record is produced and no seq used (new Scenario knob mute), while the NVML (library) and host (/proc)
  records flow and the agent's health check, which watches its collection loop, stays green. Prometheus
  scrapes both as before: every vLLM and DCGM rule still sees them. At 71.5 the team adds 10.245.0.0/16 to
  NO_PROXY and rolls the agents again from 72.0: -05 and -06 report vLLM and DCGM again from 75.07 / 75.75.
  (1) monitoring_gap np-h100-05 27.07-75.07 and np-h100-06 27.75-75.75 (one fault on two nodes; label kind
  mute_window). (2) session_isolation on np-h100-05 (hidden) from 34 min at 2.2 %/min (as s1): its last KV
  samples before the gap ~0.08-0.1, its first after it at the full pool (1.0 at 75-90, running ~22-24);
  meanwhile Prometheus's alerts are all the correlator gets: TTFT P99 60.5, fleet TTFT SLO 64.5, prefix-hit
  68.7, KV high 69.0, KV critical 70.0, preemptions 70.7. (3) spec_residue on np-h100-06 (hidden) from 42 min
  (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted request): NVML GPU 0
  ~74.08k -> ~74.29k at 55-60 -> ~74.51k at 70-75 -> ~74.78k MiB at 85-90, the only record of it in the gap
  (DCGM comes back at ~74.60k); VLLMRequestAbortRateHigh (Prometheus's) from 53.7; its abort counter reaches
  the correlator from 75.75 only. (4) benign/retry_burst np-h100-03 50-56 (as s6: GatewayUpstream5xxRateHigh
  54.7-57.5, VLLMRequestAbortRateHigh 55.5-61.0). Labels: as listed.
s220_report_app_close_404_sweep_exempt_sessions_kept: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure
  conv 2.5 req/s/node, 120 min from 08:30 UTC, no request log; fc-h100-04..06 export hostname/uuid,
  fc-h100-01's clock 0.8 s fast, NodeClockSkewDetected on fc-h100-06 from 40.0 (unlabelled), 3 % of
  fc-h100-03's vLLM samples lost. fin-reporting's report builder: an analyst's annual-report session (as s6: a
  turn every 35-55 s, prompt 30k + 1.5k tokens per turn) pauses for minutes while the analyst reads, so the
  serving stack's session layer exempts the tenant's sessions from the 5-min idle sweep and frees a session's
  context when the app closes it (DELETE /v1/sessions/{id}; a 4-h hard TTL otherwise). Tenant affinity pins
  the Frankfurt desk to fc-h100-02 and the London desk to fc-h100-04, and several analysts' sessions overlap
  (new fault kind report: annual_report's turns, its context held from its start to its close, the contexts of
  overlapping sessions adding up). At 25 min the Frankfurt desk's IT pushes report builder 5.2, whose API
  client moved to the v2 paths: its close call, DELETE /v2/sessions/{id}, has no route at the gateway (404)
  and the app ignores the answer, so a session opened from then on is never closed and its context stays held
  (new fault kind close_fail). (1) benign/annual_report for each session: fc-h100-02 6-36 (opened with 5.1:
  closed), 28-62, 40-83, 66-104 and 90-120 (5.2), and fc-h100-04 (5.1 all day, the control) 10-52, 45-88 and
  80-115: on -04 KV climbs with each session (5-min means to ~0.6 with two open, samples to 0.84-0.98) and
  falls at each close (0.84 -> 0.41 at 52, 0.98 -> 0.45 at 88, 0.59 -> 0.14 at 115). (2) session_isolation on
  fc-h100-02 from the first lost close (62.0) to the end (detail report_session_close_404): each close leaves
  the session's whole context (~95k-115k tokens, 0.2-0.25 of the pool) held, a staircase under the live
  sessions: KV floor ~0.42 before 62, ~0.5-0.6 at 62-83, ~0.63-0.67 at 83-90, ~0.8-0.9 from 100; 5-min means
  0.56-0.67 at 50-60 (two sessions open), 0.61-0.80 at 60-75, 0.77-0.80 at 75-90, 0.90-0.97 from 90; TTFT P99
  74.8-87.0 and from 92.5, preemptions and fleet TTFT SLO from 97.5. (3) session_isolation on fc-h100-05 from
  50 min at 1.2 %/min (as s1, a smooth ramp beside the staircase): KV ~0.31 at 60-65, ~0.50 at 85-90, ~0.89 at
  105-110; TTFT P99 108.5-112.2 and from 115.8, prefix-hit 117.5. (4) benign/retry_burst fc-h100-03 70-76 (as
  s6: GatewayUpstream5xxRateHigh 74.8-77.8, VLLMRequestAbortRateHigh 75.8-81.0). (5) benign/checkpoint_load
  fc-h100-06 95-100. Labels: as listed.
s221_cloned_image_hostname_agent_twin_publisher: 6 x 4 H100 + 1 joining, Llama-3.3-70B TP4, Azure conv 2.5
  req/s/node, 100 min from 12:00 UTC, no request log; hn-h100-04..07 export hostname/uuid, hn-h100-06's clock
  1.1 s fast, NodeClockSkewDetected on hn-h100-05 from 30.0 (unlabelled), 3 % of hn-h100-01's nvml samples
  lost. For the afternoon the platform team adds hn-h100-07 (kind join at 30: vLLM started 31.5, ready 33.17,
  counters from zero; the ring gives the six others 6/7 of their arrivals from 33, kind shift). Its machine
  image was captured from hn-h100-03 after a driver validation and keeps that host's /etc/hostname
  (cloud-init's preserve_hostname): Kubernetes knows the node as hn-h100-07 (kubelet takes the cloud's
  instance name), and so do Prometheus and dcgm-exporter (its NODE_NAME), but the node agent names its records
  from the host's /etc/hostname. So from its first collection every record of hn-h100-07 (nvml, dcgm, vllm,
  host, its process_start and engine_start) is published as hn-h100-03, beside the real hn-h100-03's agent
  (new Scenario knob twin): each (source, gpu) stream of hn-h100-03 holds two seq counters, two clocks and two
  GPU UUID sets, dcgm samples labelled hostname hn-h100-07 come under node hn-h100-03, its vLLM counters
  alternate between a process hours old and one from 31.5 (so they seem to drop and recover every few
  seconds), and its KV and running alternate between two engines; hn-h100-07 itself has no record of its own,
  only the alerts that name it (none fire). At ~77 the team finds two GPU sets under one node in the inventory
  and sets NODE_NAME from spec.nodeName in the agent DaemonSet, whose update rolls over the seven nodes from
  78.0 (40 s apart, 24 s without collection each, seq from 1, as s31): hn-h100-07's new agent publishes under
  its own name from 82.42. (1) monitoring_gap on hn-h100-03 and hn-h100-07 30-82.42 (one fault on two nodes;
  label kind twin_window). (2) benign/scale_out hn-h100-07 30-45. (3) session_isolation on hn-h100-03 (the
  real one) from 42 min at 2.2 %/min (as s1): its own KV 5-min means ~0.26 at 45-50, ~0.46 at 55-60, ~0.70 at
  65-70, ~0.85 at 75-80, >= 0.95 from 80, the twin's 0.12-0.18 beside them, so the samples under hn-h100-03
  average ~0.32-0.47 at 55-80, 0.71 at 80-85 and 0.97-1.0 once the twin has left; TTFT P99 82.0, fleet TTFT
  SLO 85.8, KV high 87.0, preemptions 89.0, prefix-hit 89.3, KV critical 90.5, E2E 91.8. (4)
  benign/long_document hn-h100-02 55-75 (bursts of 4 contracts every 6 min, as s19: KV 5-min means ~0.22-0.26
  at 55-70). Labels: as listed.
Added later (s222-s225, a fifty-fifth outsider, same clean-room rules; fixed before any replay; "as built"
figures read from the built files)
--------------------------------------------------------------------------------------------------------
All four set the Node knobs count_fix and step_gen (as s186-s221).
s222_agent_tool_backend_outage_pending_sessions_kept: 6 x 4 H100, Llama-3.3-70B TP4 (463k-token pool), Azure
  conv 2.5 req/s/node, 100 min from 13:00 UTC, vLLM's request log (tenant / session) on every node;
  ta-h100-04..06 export hostname/uuid, ta-h100-01's clock 1.2 s fast, NodeClockSkewDetected on ta-h100-04 from
  30.2 (unlabelled), 3 % of ta-h100-06's vLLM samples lost. itsm-agent, a service-desk agent pinned by tenant
  affinity to ta-h100-02 and -05, runs stateful sessions through the serving stack's session layer (new fault
  kind agent_tools, request kind 39): ~0.6 new sessions a minute per node, a 7.2k-token system prompt with its
  38 tool schemas (cached, shared by every session), tool calls (60-220 tokens) whose results (300-1500
  tokens) the client sends back with the conversation 2-12 s later, then an answer; ~3 turns a session. The
  session layer sweeps an idle session's context as a chat's, but exempts a session with a tool call pending
  until its result comes (tools may run for minutes; a 2-h TTL). At 30.0 the tenant's ticketing API, the
  backend of its tools, stops answering (a database failover that hangs) until 62.0: each tool call then fails
  at the agent runtime's 60-s timeout, the app shows an error and sends nothing more in that session, half of
  the users start a new one 20-90 s later, and every such session stays pending: its context is never swept.
  As built: 25 sessions on -02 and 56 on -05 end after their first turn in the outage (11 / 15 before it and
  21 / 27 after it run ~3 turns), holding ~184k / ~423k tokens (~0.40 / ~0.91 of the pool) from 62 on. At 86.0
  the session team's cleanup closes the sessions pending over 15 min and their contexts are freed. (1)
  session_isolation on ta-h100-02 and ta-h100-05 30.0-86.0 (one fault on two nodes; label kind
  pending_window): KV 5-min means on -02 ~0.15 before, 0.33 at 40-45, ~0.5 at 50-60, 0.56-0.64 at 60-85, 0.21
  at 85-90, no alert; on -05 ~0.15 before, 0.45 at 40-45, 0.81 at 50-55, 0.98-0.99 at 60-85, 0.30 at 85-90;
  TTFT P99 61.7, KV high 63.8, KV critical 64.5, fleet TTFT SLO 66.5, preemptions 67.3, all resolved by ~91;
  running flat (~17-27). (2) benign/annual_report ta-h100-03 25-70 (as s6: KV ~0.14 -> ~0.55). (3)
  benign/long_document ta-h100-04 40-60 (bursts of 4 contracts every 6 min, as s19). (4)
  benign/checkpoint_load ta-h100-06 70-75. (5) other/xid_79 on ta-h100-01 GPU 1 from 78 (as s5: GPUXidErrors
  78.2, 5xx 79.7, VLLMTargetDown 80.5, KubePodCrashLooping 84.0). Labels: as listed.
s223_roce_optic_flaps_kill_multinode_instance: 6 x 8 H100, three Llama-3.1-405B-Instruct-FP8 instances each
  spanning two nodes (TP8 x PP2 in a LeaderWorkerSet, as s169: vLLM metrics and traffic on the leaders
  rf-h100-01 / -03 / -05 only, the workers -02 / -04 / -06 with GPU and host series), Azure conv 4
  req/s/instance, 100 min from 16:00 UTC, no request log; rf-h100-05/06 export hostname/uuid, rf-h100-03's
  clock 0.9 s slow, NodeClockSkewDetected on rf-h100-02 from 25.1 (unlabelled), 3 % of rf-h100-06's dcgm
  samples lost. The second instance's pipeline hop (stage 0 on rf-h100-03 to stage 1 on rf-h100-04) crosses
  the RoCE port of rf-h100-04 whose optic is failing (new fault kinds nic_flap / flap_peer): the link goes
  hard down 31.0-32.2 and 57.5-58.6 and bounces around each episode. The instance's NCCL send / recv stalls
  (NCCL_IB_S = 30 s of transport retries: nothing is served, the gateway's requests time out, 5xx), then the
  communicator fails, the engine dies on both nodes (exit 31.58 / 58.08) and the LeaderWorkerSet recreates the
  group once the link is up (start 32.28 / 58.68; 405B's weights, NCCL and CUDA graphs: ready L405_S = 300 s
  later, 37.28 / 63.68); the gateway ejects the dead upstream after 45 s and sends its sessions to the other
  two leaders (kind failover, 32.33-37.28 and 58.83-63.68). The only node alert of the cause is
  node-exporter's NodeNetworkInterfaceFlapping on rf-h100-04 (new rule, device ens108np0) 32.9-33.9 and
  59.3-60.4; the symptoms: GatewayUpstream5xxRateHigh on rf-h100-03 32.4-36.4 and 58.8-62.9,
  GatewayHigh5xxRate 33.4 / 59.8, VLLMTargetDown 33.6-36.6 and 60.1-63.1 (the new leader loading), FB of all
  16 GPUs down and back, a process_start on both nodes, an engine_start on the leader. The on-call drains the
  instance at 66.0, deletes its group at 68.0 (no pod, no target; new fault kind group_restart), the optic is
  replaced, and the pods are recreated at 78.0 (ready 83.0; VLLMTargetDown 80.1-82.1). (1)
  other/rdma_link_flap on rf-h100-03 and rf-h100-04 31.0-83.0 (one fault on two nodes). (2) benign/failover on
  rf-h100-01 and rf-h100-05 32.32-45 and 58.82-90 (running ~27 -> ~40 and ~36-47). (3) benign/annual_report
  rf-h100-01 20-65 (as s6, on the instance's ~1.48M-token pool: KV ~0.13 -> ~0.43 at 60-65 with the moved
  load). (4) session_isolation on rf-h100-05 from 40 min at 1.5 %/min (as s169): KV 5-min means ~0.33 at
  40-45, ~0.61 at 60-65, ~0.81 at 70-75, >= 0.97 from 75; prefix-hit and KV critical 77.1, TTFT P99 77.4,
  fleet TTFT SLO 80.4, preemptions 80.9, KV high 83.3. Labels: as listed.
s224_l40s_silent_data_corruption_bang_outputs: 6 x 4 L40S, one vLLM server per GPU (Llama-3.1-8B, no
  speculative decoding; on port 8000 + gpu, as s200), Azure conv 3 req/s/server, 512 GiB hosts, 100 min from
  15:00 UTC, no request log; sd-l40s-04..06 export hostname/uuid, sd-l40s-04's clock 1.0 s fast,
  NodeClockSkewDetected on sd-l40s-06 from 35.2 (unlabelled), 3 % of sd-l40s-02's nvml samples lost. From 30
  min GPU 2 of sd-l40s-03 corrupts some of its results silently (a marginal SM: no XID, no ECC count, DCGM and
  NVML unchanged). A corrupted value in a step's matmul spreads to NaN in the logits of the sequences in its
  tile; vLLM's sampler then picks token 0 ("!") and the sequence's cache holds NaN from then, so it never
  samples its end token (new fault kind sdc, ramped in over 20 min to 10 % of that server's requests): a chat
  user watching "!!!!" stops it after 2-12 s (kind 40, aborted), an API client's request runs to its
  max_tokens of 4096 (kind 41, SDC_API = 40 % of them: `length`, ~91 s at 45 tokens/s). As built on that
  server: aborts 1.2-1.5 % -> 6.4-7.4 % from 40, `length` ~9 % -> 11-13 %, generated tokens per request
  ~150-230 -> 300-385, running 14 -> 19-24, KV 5-min means ~0.2 -> 0.30-0.65; VLLME2ELatencyHigh 46.2-67.2,
  VLLMRequestAbortRateHigh 47.2 to the drain. After users' tickets ("answers full of exclamation marks") the
  on-call cordons and drains the node at 74 for DCGM diagnostics (kind evict: its pod gone, no scrape target)
  and the gateway sends its sessions to sd-l40s-04 and -05 (running ~14 -> ~21). (1)
  other/gpu_silent_data_corruption sd-l40s-03 GPU 2 30-74. (2) benign/failover sd-l40s-04 and -05 74-100. (3)
  benign/client_cancels on sd-l40s-05 GPU 1 40-70 (a voice app's barge-in, as s216: 9 % aborts 40-65, the same
  abort rule 47.7-67.7, no longer answers). (4) benign/retry_burst sd-l40s-01 55-61 (as s6:
  GatewayUpstream5xxRateHigh 59.5, VLLMRequestAbortRateHigh 60.5-65.5). (5) benign/checkpoint_load sd-l40s-06
  85-90. Labels: as listed.
s225_agent_otel_receiver_strips_counter_suffixes: 6 x 4 H100, Llama-3.3-70B TP4 + 1B draft (speculative
  decoding everywhere), Azure conv 2.5 req/s/node, 100 min from 10:00 UTC, no request log; ot-h100-04..06
  export hostname/uuid, ot-h100-06's clock 0.8 s fast, NodeClockSkewDetected on ot-h100-04 from 30.0
  (unlabelled), 3 % of ot-h100-01's host samples lost. The node agent's 3.0 release scrapes vLLM through an
  embedded OpenTelemetry prometheus receiver with metric-name normalization on (new Scenario knob otel): a
  counter loses its `_total` (`vllm:request_success{finished_reason="abort"}`, `vllm:num_preemptions`,
  `vllm:prompt_tokens`, `vllm:spec_decode_num_drafts`, ...), a histogram its unit word
  (`vllm:time_to_first_token_bucket{le=...}`, `vllm:e2e_request_latency_sum`), the `_created` series go; the
  gauges (running, waiting, kv_cache_usage_perc) keep their names, and NVML, DCGM and host records are as
  before. It is canaried on ot-h100-02 (agent restart 22.0, as s31: 24 s without collection, seq from 1) and
  ot-h100-05 (22.67), and rolled back at 84.0 / 84.67. Prometheus scrapes vLLM itself: every rule still works.
  (1) monitoring_gap on ot-h100-02 22.4-84.4 and ot-h100-05 23.07-85.07 (one fault on two nodes; label kind
  otel_window): no record of either carries a counter or histogram under vLLM's name. (2) spec_residue on
  ot-h100-05 from 40 min (as s3: aborts 1.5 -> 12 % over 8 min, 4.7 MB of draft state kept per interrupted
  request): FB GPU 0 ~74.19k -> ~74.52k at 55-60 -> ~74.95k at 75-80 -> ~75.28k MiB at 95-100, the same in
  NVML; its abort counter reaches the correlator under vLLM's name only from 85.07 (~12-14 % aborts), while
  Prometheus's VLLMRequestAbortRateHigh fires from 52.0. (3) benign/retry_burst ot-h100-03 55-61 (as s6:
  GatewayUpstream5xxRateHigh 59.5, VLLMRequestAbortRateHigh 60.5-65.5, its counters under vLLM's names). (4)
  benign/checkpoint_load on ot-h100-02 70-75 (inside the gap). Labels: as listed.
"""
from __future__ import annotations

import argparse
import bisect
import gzip
import heapq
import json
import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote

import numpy as np

Arr = np.ndarray
Rec = tuple[float, dict[str, Any]]  # (true time in s from recording start, record)
Event = tuple[float, str, int | None, str, dict[str, Any]]  # time, source, gpu, name, attrs
Hook = tuple[float, float | None, dict[str, str], dict[str, str], str, str, int | None]  # (s104) one alert's
#   firing period: fire s, resolve s (None: firing at the end), labels, annotations, generatorURL, node, gpu
MIB, GIB = 1 << 20, 1 << 30
# name, total MiB, reserved MiB, idle W, max W, SM MHz, mem MHz (L40S totals as in the L40S capture)
GPUS = {"H100": ("NVIDIA H100 80GB HBM3", 81559, 587, 72.0, 700.0, 1980, 2619),
        "L40S": ("NVIDIA L40S", 46068, 608, 35.7, 350.0, 2520, 9001),
        # one MIG 3g.40gb instance of an H100 80GB (4 of 8 memory slices; assumed 40320 MiB, 128 reserved)
        "H100-3g": ("NVIDIA H100 80GB HBM3", 40320, 128, 36.0, 350.0, 1980, 2619),
        # (s74) an A100 SXM4 80GB of an HGX A100 4-GPU board (545 MiB reserved assumed; 400 W TDP)
        "A100": ("NVIDIA A100-SXM4-80GB", 81920, 545, 60.0, 400.0, 1410, 1593),
        # (s94) an H200 SXM 141 GB HBM3e (637 MiB reserved assumed; 700 W TDP)
        "H200": ("NVIDIA H200", 143771, 637, 75.0, 700.0, 1980, 3201),
        # (s100) an A100 SXM4 40GB (HBM2, 1215 MHz memory clock; 545 MiB reserved assumed; 400 W TDP)
        "A100-40": ("NVIDIA A100-SXM4-40GB", 40960, 545, 50.0, 400.0, 1410, 1215),
        # (s105) an L4 (24 GB GDDR6): total = FB free + used + reserved in the L4 capture (22563 + 0 + 470
        # MiB), its idle power (~16 W) as captured; 72 W TDP, 2040 MHz SM / 6251 MHz memory clocks
        "L4": ("NVIDIA L4", 23033, 470, 16.0, 72.0, 2040, 6251)}
MODELS = {  # weights GiB, KV bytes per token (2 x layers x kv_heads x head_dim x 2 B)
    "Qwen/Qwen2.5-72B-Instruct": (135.4, 327680), "meta-llama/Llama-3.3-70B-Instruct": (131.4, 327680),
    "deepseek-ai/DeepSeek-R1-Distill-Llama-70B": (131.4, 327680),
    "meta-llama/Llama-3.1-8B-Instruct": (15.0, 131072),
    # FP8 weights (~406 GB) split over two 8-GPU nodes (TP8 x PP2); KV in bf16: 2 x 126 x 8 x 128 x 2 B
    "meta-llama/Llama-3.1-405B-Instruct-FP8": (378.0, 516096),
    "mistralai/Mistral-Small-24B-Instruct-2501": (43.9, 163840),
    # (s59) per DP rank under EP8: 1/8 of the experts + the replicated attention and embeddings (FP8);
    # KV in bf16: 2 x 94 x 4 x 128 x 2 B
    "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8": (31.5, 192512),
    # (s105) Llama-3.1-8B, FP8 weights (embeddings and lm_head in bf16); KV in bf16: 2 x 32 x 8 x 128 x 2 B
    "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8": (8.5, 131072),
    # (s114) Llama-3.3-70B, FP8 weights (embeddings and lm_head in bf16: ~73.7 GB); KV in bf16, as the bf16
    # model's
    "RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic": (68.6, 327680)}
LES = [0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 10.0, 20.0, math.inf]  # subset of vLLM's TTFT buckets
REASONS = ["stop", "length", "abort", "error", "repetition"]
TENANTS = [("acme-compliance", 0.30, 8), ("legal-review", 0.20, 22), ("retail-bank", 0.20, 6),
           ("risk-analytics", 0.15, 10), ("ops-copilot", 0.15, 4)]  # name, share, mean turns (DESIGN: ~23)
SENTINEL = 9223372036854775794  # DCGM "blank" value (>= 9.2e18)
RULES: dict[str, tuple[str, int, str]] = {  # alertname: severity, for (s), the PromQL it stands for
    "VLLMTimeToFirstTokenP99High": ("critical", 120, "histogram_quantile(0.99, sum by (le, instance, engine) "
                                    "(rate(vllm:time_to_first_token_seconds_bucket[5m]))) > 0.8"),
    "VLLME2ELatencyHigh": ("warning", 300, "rate(vllm:e2e_request_latency_seconds_sum[5m]) / "
                           "rate(vllm:e2e_request_latency_seconds_count[5m]) > 2 * baseline"),
    "VLLMKVCacheUsageHigh": ("warning", 300, "vllm:kv_cache_usage_perc > 0.9"),
    "VLLMKVCacheUsageCritical": ("critical", 120, "vllm:kv_cache_usage_perc > 0.97"),
    "VLLMKVCacheUsageElevated": ("warning", 30, "vllm:kv_cache_usage_perc > 0.5"),  # only with kv_warn
    "VLLMPreemptionsHigh": ("warning", 300, "rate(vllm:num_preemptions_total[5m]) > 0.05"),
    "VLLMQueueBacklog": ("warning", 300, "vllm:num_requests_waiting > 10"),
    "VLLMRequestAbortRateHigh": ("warning", 300, 'rate(vllm:request_success_total{finished_reason="abort"}'
                                 "[5m]) / rate(vllm:request_success_total[5m]) > 0.05"),
    "VLLMRequestErrorRateHigh": ("critical", 120, 'rate(vllm:request_success_total{finished_reason="error"}'
                                 "[5m]) / rate(vllm:request_success_total[5m]) > 0.01"),
    "VLLMPrefixCacheHitRateLow": ("info", 600, "rate(vllm:prefix_cache_hits_total[5m]) / "
                                  "rate(vllm:prefix_cache_queries_total[5m]) < 0.5 * baseline"),
    "VLLMTargetDown": ("critical", 120, 'up{job="vllm"} == 0'),
    "GatewayUpstream5xxRateHigh": ("critical", 60, 'sum by (instance) (rate(gateway_upstream_responses_total'
                                   '{code=~"5.."}[5m])) / sum by (instance) '
                                   "(rate(gateway_upstream_responses_total[5m])) > 0.05"),
    "NodeMemoryHighUtilization": ("warning", 120, "1 - node_memory_MemAvailable_bytes / "
                                  "node_memory_MemTotal_bytes > 0.9"),
    "NodeOOMKillDetected": ("warning", 0, "increase(node_vmstat_oom_kill[5m]) > 0"),
    "NodeTargetDown": ("warning", 120, 'up{job="node-exporter"} == 0'),
    "DCGMTargetDown": ("warning", 120, 'up{job="dcgm-exporter"} == 0'),
    "KubePodCrashLooping": ("warning", 300, "increase(kube_pod_container_status_restarts_total[15m]) >= 2"),
    "GPUFramebufferHigh": ("warning", 300, "DCGM_FI_DEV_FB_USED / "
                           "(DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) > 0.95"),
    "GPUXidErrors": ("critical", 0, "DCGM_FI_DEV_XID_ERRORS != 0"),
    "NodeClockSkewDetected": ("warning", 600, "abs(node_timex_offset_seconds) > 0.05"),
    "GatewayP99LatencySLOBreach": ("critical", 300, "histogram_quantile(0.99, sum by (le) "
                                   "(rate(gateway_ttft_seconds_bucket[5m]))) > 0.8"),
    "GatewayUpstreamLatencyHigh": ("warning", 120, "histogram_quantile(0.99, sum by (le, instance) "
                                   "(rate(gateway_upstream_ttft_seconds_bucket[5m]))) > 0.8"),
    "GatewayHigh5xxRate": ("critical", 120, 'sum(rate(gateway_responses_total{code=~"5.."}[5m])) / '
                           "sum(rate(gateway_responses_total[5m])) > 0.02"),
    "GPURowRemapUncorrectable": ("critical", 0, "increase(DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS[1h]) > 0"),
    "GPUTemperatureHigh": ("warning", 300, "DCGM_FI_DEV_GPU_TEMP > 85"),
    # (s159) where the counters CSV enables the NVLink error fields
    "GPUNVLinkCRCErrorsHigh": ("warning", 120,
                               "increase(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) > 100"),
    # (s56) a facility alert from the DCIM's SNMP exporter on a rack PDU (it names a rack, no node)
    "PDUInputFeedDown": ("warning", 60, 'snmp_pdu_input_feed_up{feed="A"} == 0'),
    # (s115) kube-prometheus's own rule on the in-cluster Prometheus: its remote write is behind
    "PrometheusRemoteWriteBehind": ("critical", 900, "(max_over_time(prometheus_remote_storage_highest_"
                                    "timestamp_in_seconds[5m]) - ignoring(remote_name, url) group_right "
                                    "max_over_time(prometheus_remote_storage_queue_highest_sent_timestamp_"
                                    "seconds[5m])) > 120"),
    # (s116) facility alerts from the building-management system and the DCIM (they name no node)
    "ChillerUnitFault": ("critical", 0, 'bms_chiller_alarm{alarm="compressor_trip"} == 1'),
    "DataHallInletTemperatureHigh": ("warning", 300,
                                     "max by (hall) (dcim_rack_inlet_temperature_celsius) > 32"),
    # (s173) node-exporter's mixin: major page faults (swap-ins) at a very high rate
    "NodeMemoryMajorPagesFaults": ("warning", 900,
                                   'rate(node_vmstat_pgmajfault{job="node-exporter"}[5m]) > 500'),
    # (s165) the gateway's traffic-drop rule against the same hour a week before (names no node)
    "GatewayRequestRateDrop": ("warning", 300, "sum by (region) (rate(gateway_requests_total[5m])) < 0.5 * "
                               "sum by (region) (rate(gateway_requests_total[5m] offset 1w))"),
    # (s176) the Prometheus mixin's rule: scrapes rejected over a target's sample limit (names no node)
    "PrometheusScrapeSampleLimitHit": ("warning", 900, 'increase(prometheus_target_scrapes_exceeded_sample_'
                                       'limit_total{job="prometheus-k8s"}[5m]) > 0'),
    # (s179) kube-prometheus's dead man's switch: always firing while the rule evaluation and the alert path
    #   work (names no node)
    "Watchdog": ("none", 0, "vector(1)"),
    # (s174) kube-prometheus's rule: a Deployment with no progress for its progressDeadlineSeconds
    "KubeDeploymentRolloutStuck": ("warning", 900, "kube_deployment_status_condition{condition="
                                   '"Progressing", status="false", job="kube-state-metrics"} != 0'),
    # (s190) node-exporter's mixin: a systemd unit in the failed state (the systemd collector enabled)
    "NodeSystemdServiceFailed": ("warning", 300, 'node_systemd_unit_state{job="node-exporter", '
                                 'state="failed"} == 1'),
    # (s191) Strimzi's example Kafka rules on the telemetry cluster's brokers (they name no GPU node)
    "OfflinePartitions": ("warning", 10, "sum(kafka_controller_kafkacontroller_offlinepartitionscount) > 0"),
    "UnderReplicatedPartitions": ("warning", 10, "kafka_server_replicamanager_underreplicatedpartitions > 0"),
    # (s198) the gateway's per-tenant rate-limit rule: a tenant whose responses are mostly 429s (names no
    #   node)
    "GatewayTenantRateLimited": ("warning", 600, "sum by (tenant) (rate(gateway_responses_total"
                                 '{code="429"}[5m])) / sum by (tenant) (rate(gateway_responses_total[5m])) '
                                 "> 0.25"),
    # (s205) kubernetes-mixin's rule: a pod not ready for 15 min (a Pending pod has no node: its labels are
    #   the namespace and the pod's name; names no node)
    "KubePodNotReady": ("warning", 900, "sum by (namespace, pod, cluster) (max by (namespace, pod, cluster) "
                        '(kube_pod_status_phase{job="kube-state-metrics", phase=~"Pending|Unknown|Failed"}) '
                        "* on (namespace, pod, cluster) group_left(owner_kind) topk by (namespace, pod, "
                        "cluster) (1, max by (namespace, pod, owner_kind, cluster) "
                        '(kube_pod_owner{owner_kind!="Job"}))) > 0'),
    # (s218) kubernetes-mixin's rules: a kubelet whose pod-lifecycle relist (PLEG) is slow (its recording
    #   rule's P99 over 5 min), a node whose Ready condition is not true, and a Deployment with fewer
    #   available replicas than it asks for (names no node)
    "KubeletPlegDurationHigh": ("warning", 300, "node_quantile:kubelet_pleg_relist_duration_seconds:"
                                'histogram_quantile{quantile="0.99"} >= 10'),
    "KubeNodeNotReady": ("warning", 900, 'kube_node_status_condition{job="kube-state-metrics", '
                         'condition="Ready", status="true"} == 0'),
    "KubeDeploymentReplicasMismatch": ("warning", 900, "(kube_deployment_spec_replicas"
                                       '{job="kube-state-metrics"} > kube_deployment_status_replicas_'
                                       'available{job="kube-state-metrics"}) and (changes(kube_deployment_'
                                       'status_replicas_updated{job="kube-state-metrics"}[10m]) == 0)'),
    # (s223) node-exporter's mixin: a network interface going up and down (a RoCE port's netdev as well)
    "NodeNetworkInterfaceFlapping": ("warning", 120, 'changes(node_network_up{job="node-exporter",'
                                     'device!~"veth.+"}[2m]) > 2')}
TTFT_RULES = ("VLLMTimeToFirstTokenP99High", "GatewayP99LatencySLOBreach", "GatewayUpstreamLatencyHigh")
HANG_S = 600  # torch's default NCCL timeout: its watchdog kills a worker stuck in a collective this long
LORA_N, LORA_CPU, LORA_BYTES = 120, 128, 828.4e6  # a tenant's adapters, --max-cpu-loras, one adapter's bytes
#                                                    (rank 32 on all linear layers of a 70B model, bf16)
DRIVER, DRIVER_NEW = "570.133.20", "570.172.08"  # the fleet's driver; after a node's driver upgrade
RECOMPUTE_TPS = 10000.0  # (s54) prefill tokens/s of a 72B TP4 engine recomputing a prefix it no longer hits
CAP_PRE, CAP_DEC = 0.65, 0.85  # (s56) prefill / decode speed of an H100 under a 350 W power cap
NVL_PRE, NVL_DEC = 0.45, 0.70  # (s55) a TP4 group whose all-reduce crosses host memory (NVLink down)
BOOT_S = 420  # (s57) a crashed HGX node: hardware watchdog, POST and boot until its agent collects again
CTX_TOK, CTX_TAU, CTX_LIVE = 3500.0, 720.0, 45.0  # (s70) a full-history client: mean extra history tokens per
#   request at the plateau, its approach time constant (s), and a live session's turn interval (s)
REASON_MED, REASON_SIG, REASON_MAX, REASON_AB = 1500.0, 0.5, 8192, 0.04  # (s72) a reasoning trace's tokens
#   (lognormal median, sigma), the mode's max_tokens, and the abort rate of its requests (users stopping them)
RUNAWAY_MAX = 4096  # (s72) the API tenant's max_tokens, which a request that lost its stop sequence runs to
DM_STEP, DM_DEC = 1.25, 0.40  # (s79) tokens per verification step once the draft no longer matches the target
#   (~0.25 of 4 draft tokens accepted + the bonus token; 3.2 when it matches), and decode speed as a share of
#   the matched speed (each step still pays 4 draft passes and a 5-token verification: 1.25 / 3.2)
FRZ_TRIGGER = 60.0  # (s80) s after a restarted engine is ready until the stats task dies again
OFFLOAD_RATE, OFFLOAD_CAP = 0.015, 0.15  # (s82) a KV-offload store's fill (host memory per min) and its cap
RELOAD_EVERY, RELOAD_PAUSE = 15.0, 25.0  # (s83) a canary's in-place checkpoint reloads: period (min), pause
RAG_MED, RAG_SIG, RAG_MIN, RAG_MAX, RAG_HIT = 5000.0, 0.6, 1500.0, 24000.0, 0.10  # (s84) retrieved tokens per
#   RAG request (lognormal median, sigma, clip) and the share of them that are prefix hits
SLEEP_FB, EVAL_MIB = 1100.0, 52 * 1024.0  # (s90) MiB per GPU a level-1-asleep vLLM keeps (its CUDA context),
#   and what the evaluation Job run in its place holds per GPU
PC_TTL, PC_HIT = 300.0, 0.8  # (s98) prompt caching: a pinned prefix's TTL (s), refreshed on every hit, and
#   the share of a caching tenant's prompt that is its cached system prompt and tool definitions
EMB_MIB, EMB_STEP = 3072.0, 1024.0  # (s101) MiB a co-located embedding server holds on its GPU, and each step
#   its allocator takes during a re-index's large batches (one every 3 min)
JOIN_PULL, JOIN_LOAD = 90.0, 100.0  # (s91) s from a new node's join to its vLLM process start (image pull),
#   and from that start to ready (weights)
GSP_STALL = 2.0  # (s102) s after a GSP RPC timeout (XID 119) until every NVML call on the node blocks
LG_MIN, LG_MAX = 20000.0, 28000.0  # (s103) output tokens of a long-form report request (max_tokens 32768)
L4_DEC = 0.6  # (s105) an L4's decode speed as a share of the speed assumed elsewhere (GDDR6, ~300 GB/s)
ZERO_TIME = "0001-01-01T00:00:00Z"  # (s104) Alertmanager's webhook endsAt of a firing alert (Go's zero time)
PROBE_P, PROBE_G, PROBE_HIT = 512, 32, 496  # (s110) a synthetic SLO prober's fixed prompt and max_tokens,
#   and the prompt tokens it finds cached (all but the last, partial block)
SALT_KEEP = 0.05  # (s110) share of its usual prefix hits a request keeps once its tenant sends a per-user
#   cache_salt (only the user's own earlier prefixes still match)
NG_TPD, NG_ACC, NG_SPEED = 4.73, 1.4, 1.3  # (s112) n-gram (prompt-lookup) speculation on chat: generated
#   tokens per proposing step (~30 % of steps find a match and propose 4 tokens), accepted tokens per
#   proposal, and the decode speed-up (a draft model's is 1.8)
CRASH_AFTER = 3.0  # (s112) s from a spec-residue engine's first CUDA OOM (< 256 MiB headroom) until it dies
CPU_PRE, CPU_DEC, CPU_DUTY = 0.30, 0.45, 0.40  # (s113) prefill / decode speed of an engine whose host CPUs
#   are saturated by another process (tokenizer, scheduler, detokenizer starved), and its GPUs' busy share
PCIE_PRE, PCIE_DEC, PCIE_PWR, PCIE_MEM = 0.30, 0.38, 0.45, 0.35  # (s114) prefill / decode speed of a TP4
#   group over PCIe (no NVLink) whose all-reduce ring crosses one link trained down to Gen3 x4, the share of
#   their dynamic power the GPUs still draw (their NCCL kernels spin waiting for data), and of their memory
#   activity
PCIE_BW = 3.3e9  # (s114) bytes/s a Gen3 x4 link carries each way (3.94 GB/s raw, 128b/130b, TLP headers)
LT_P, LT_G = 2048, 512  # (s114) a load test's random-dataset prompt and output tokens (ignore_eos: `length`)
DCC_PRE, DCC_DEC = 0.88, 0.96  # (s116) prefill / decode speed under a 400 W cap (its mean effect)
HWS_CLK, HWS_PRE, HWS_DEC = 0.30, 0.30, 0.50  # (s116) SM clock share of a GPU held in HW Slowdown, and the
#   prefill / decode speed of its TP group (every all-reduce waits for that rank)
BF_P, BF_G, BF_TPS, BF_FILL, BF_RAMP = 5500.0, 500.0, 12.0, 0.965, 0.03  # (s117) a backfill batch
#   request's prompt and output tokens (means), its decode tokens/s in a full batch, the pool share vLLM's
#   scheduler fills with them, and the share it can admit per second (prefill-bound)
API_RSS, API_VSZ = 4.3 * GIB, 41.6 * GIB  # (s146) a 70B chat server's API process (tokenizer, FastAPI, ZMQ
#   buffers): resident and virtual memory before any leak (its /metrics process_* series)
KEEP, TTL_HIT, TTL_TAU = 0.12, 0.4, 600.0  # (s147) share of idle contexts an LRU sweep keeps (a 5-min idle
#   TTL), the extra prefix hits a longer TTL brings at most, and how fast the returning sessions find them (s)
PD_EJECT, PD_HOLD = 45.0, 480.0  # (s148) s the P/D proxy keeps sending a dead decode server its share (the
#   balancer's ejection, as the gateway's), and s a prefill server holds unpulled blocks (the KV connector's
#   abort timeout)
SCRAPE_SIG, SCRAPE_TIMEOUT, SCRAPE_REF = 0.7, 10.0, 30.0  # (s149) lognormal sigma of a slow /metrics scrape's
#   duration, the agent's scrape timeout (s), and the running + waiting count that adds one median
SDK_CUT = 256  # (s150) generated tokens after which a client SDK release closes the stream it reads (a
#   hard-coded event limit in its SSE reader): the server sees a client disconnect, the request is aborted
DRAFT3B_MIB, DRAFT3B_MB, DRAFT3B_STEP = 6150.0, 16.5, 3.6  # (s150) a 3B draft model (Llama-3.2-3B-Instruct,
#   bf16): MiB of weights on each GPU, MB of draft state an interrupted request leaves (the 1B's 4.7 MB x the
#   ratio of their KV bytes per token, 114,688 / 32,768) and tokens per verification step (~2.6 of 4 accepted
#   + the bonus token; the 1B's 3.2)
SBE_DOUBLE = 1080.0  # (s153) s in which the correctable-error rate of a wearing HBM stack doubles
PROXY_DOWN = 20.0  # (s154) s an in-path sidecar proxy killed by the OOM killer accepts nothing (kubelet's
#   restart of its container and its listener's start): every request the gateway sends the pod fails (5xx)
NIGHT_RAMP = 1800.0  # (s155) s over which the users' traffic falls into its night trough, and rises out of it
NVC_DOUBLE, NVC_MAX, NVC_HALF = 300.0, 12000.0, 6000.0  # (s159) s in which a degrading NVLink's CRC error
#   rate doubles, the rate (errors/min) at which it levels off (the link's retry buffer always busy), and
#   the rate at which replays halve the link's effective bandwidth
NVC_PRE, NVC_DEC, NVC_REC = 0.8, 0.35, 40000.0  # (s159) exponents of that bandwidth share giving the TP
#   group's prefill / decode speed (prefill's all-reduces move large activations, decode's are latency-bound),
#   and CRC errors per link recovery (the link retrains after a run of failed replays)
DSWAP_MIB = 512.0  # (s161) MiB per GPU a 3B draft model's CUDA graphs (and sampler workspace) take outside
#   gpu_memory_utilization's budget once it replaces the 1B draft (the pool gives up the weights' difference)
SWAP_CEIL, SWAP_HOT = 0.97, 2 * GIB  # (s173) share of host memory resident use stays under on a node with
#   swap (above it kswapd swaps anonymous pages out rather than let MemFree fall through its watermarks),
#   and the swapped-out leak above which the API server's garbage collector, which walks every tracked
#   object, faults pages back in faster than node-exporter's major-page-fault rule allows (> 500/s)
PROBE_S = 600.0  # (s174) the vLLM chart's startupProbe budget (periodSeconds 10 x failureThreshold 60):
#   kubelet kills a container not ready this long after its start and restarts it (10 s back-off: it ran
#   10 min)
COLD_S, CRAWL_S = 285.0, 790.0  # (s174) s from process start to ready when the weights (131.4 GiB) stream
#   from the object store instead of the node's NVMe cache (100 s): ~600 MB/s, and ~190 MB/s through a
#   degraded gateway instance; each with ~50 s of start-up, KV profiling and CUDA-graph capture
PAT_MED, PAT_SIG, GW_TIMEOUT = 20.0, 0.8, 60.0  # (s177) a chat user's patience waiting for the first token
#   (lognormal median s, sigma: the client closes the stream and vLLM aborts the request), and the gateway's
#   upstream timeout (s: a 504, and vLLM aborts it)
NS_ON, NS_OFF = 300.0, 120.0  # (s178) s over which a tenant's non-streaming client release rolls out over
#   its backend's pods, and over which its rollback rolls back
FOR_GRACE = 600.0  # (s179) Prometheus's --rules.alert.for-grace-period: after a restart a rule's `for` state
#   is restored (from ALERTS_FOR_STATE) only where its `for` is at least this long, and a restored pending
#   alert then waits at least this long more; every other rule starts pending again
PROM_UP_S = -(2 * 86400 + 7 * 3600 + 1234.0)  # (s179) s from the platform Prometheus's last start to the
#   recording's start: the Watchdog's startsAt until that Prometheus restarts
RSS_RAMP = 45.0  # (s180) s over which a (re)started serving process's resident memory reaches its level
#   (imports, CUDA init, the tokenizer, the weights' staging buffers)
WORKER_COMM = "VLLM::Worker_TP"  # (s182) a vLLM worker process as the kernel names it (comm, 15 characters
#   of its process title "VLLM::Worker_TP0"): the OOM killer's victim when the leak is in the workers
STOP_LO, STOP_HI, STOP_HIT = 0.3, 0.9, 0.9  # (s183) an agent framework's stop sequence ("Observation:") cuts
#   its answer at a uniform share of the trace's generation (the action; the rest would be an invented tool
#   result), for a share STOP_HIT of its requests (the others end on EOS first)
MTU_TOK = 250  # (s184) prompt tokens above which a request (headers + JSON body, ~4 bytes a token) no longer
#   fits one TCP segment under a 1400-byte path MTU: a full-size segment, dropped in a PMTU black hole
HERD_RISE, HERD_TAU = 30.0, 150.0  # (s185) a scheduled-jobs burst: s over which the cron-started clients'
#   requests ramp in from the minute's first second, and the decay (s) of what follows them
AUTH_RETRY, AUTH_S = 0.3, 0.004  # (s186) share of the users whose request fails with a 401 who send it once
#   more (3-30 s later, the same session: the same node), and s vLLM's API-key middleware takes to answer
DL_S = 120.0  # (s187) s a new pod's init container takes to fetch the weights (131.4 GiB) from the model
#   mirror into an empty node-local cache (~1.2 GB/s) before the serving process starts
CONT_SHARE, CONT_THINK = 0.15, (8.0, 60.0)  # (s187) share of cut-off answers whose user asks the chat to go
#   on, and the s (uniform) they take to read the cut answer and ask
CLS_MAX, CLS_STOP, CLS_PRE = 8, 0.45, 600.0  # (s187) a classification backend's max_tokens, the share of its
#   answers that end (stop) in 2-6 tokens before it, and its instruction's tokens (label list, few-shot: the
#   prompt's shared, cached prefix)
STAGE_GIB = 24  # (s188) GiB of pinned host memory an in-place checkpoint reload stages its shards in (as s83)
PS_P, PS_MED, PS_SIG, PS_MAX, PS_SIB = (400.0, 1500.0), 180.0, 0.6, 512, 0.9  # (s189) a pass@k code
#   evaluation: prompt tokens (uniform), each sample's length (lognormal median, sigma), its max_tokens, and
#   the share of a sibling sample's prompt found in the prefix cache (the first sample's blocks)
FM_FAIL_S = 25.0  # (s190) s a vLLM container lives on an HGX node whose Fabric Manager is down: imports and
#   the workers' start, then their CUDA init fails (cudaErrorSystemNotReady, "system not yet initialized")
FM_UNIT = "nvidia-fabricmanager.service"  # (s190) the systemd unit node-exporter's systemd collector reports
MSG_TIMEOUT = 300.0  # (s191) librdkafka's message.timeout.ms (its default, 300 s): a record the node agent
#   cannot deliver (its partition has no leader) expires in the producer's queue after this long and is lost
CTX_RETRY, CTX_S = 0.3, 0.05  # (s192) share of the users whose request vLLM refuses with a 400 (over its
#   context length) who press "retry" once (3-30 s later, the same session: the same node), and s the
#   refusal takes (the prompt is tokenized first)
BAD_S, BAD_P = 0.005, (800.0, 3000.0)  # (s192) s vLLM takes to refuse a request whose sampling parameters
#   fail its validation (top_logprobs over --max-logprobs), and an evaluation harness's prompt tokens
#   (uniform)
HTTP_OK = 'http_requests_total{handler="/v1/chat/completions",method="POST",status="2xx"}'  # (s192) vLLM's
HTTP_4XX = 'http_requests_total{handler="/v1/chat/completions",method="POST",status="4xx"}'  # HTTP counters
#   (prometheus-fastapi-instrumentator, status codes grouped); a labelled series exists from its first count
HTTP_5XX = 'http_requests_total{handler="/v1/chat/completions",method="POST",status="5xx"}'  # (s196) likewise
KW_EVERY, KW_MED, KW_SIG, KW_MAX = 240.0, 2800.0, 0.6, 24000.0  # (s194) a prompt-cache keep-warm client: s
#   between the requests that keep a conversation warm (below a hosted API's 5-min cache TTL), and a kept
#   conversation's history in tokens (lognormal median, sigma, cap)
KW_TAIL, KW_SWEEP, KW_TTFT = 12.0, 180.0, 0.04  # (s194) a keep-warm request's tokens past the history (the
#   chat template's assistant header), s after a conversation's last turn at which an LRU sweep would have
#   freed its context (the mean sweep interval), and its median TTFT (its uncached tail and one step)
TOOL_NEST, TOOL_G, TOOL_EST = 0.35, (60.0, 240.0), 0.4  # (s196) share of an agent tenant's requests whose
#   answer is a tool call with a nested-object argument, its tokens (uniform), and s of queueing and
#   prefill before it (its 500 comes TOOL_EST + tokens / 30 s after the request; its retry follows that)
EJECT_N, EJECT_BASE, EJECT_MAX = 5, 30.0, 300.0  # (s195) the gateway's outlier detection: consecutive
#   gateway failures that eject an endpoint, its base ejection time (x the times ejected) and the cap (s)
Q429_S, QZ_TURNS, QZ_SHARE = 0.002, 18, 0.25  # (s198) s a pod's admission sidecar takes to refuse a request
#   over its tenant's quota (a 429, nothing reaches vLLM), a pinned contract-review tenant's mean turns per
#   conversation (DESIGN: ~23-turn sessions), and the share of a tenant's responses that are 429s over 5 min
#   above which the gateway's rate-limit rule fires
QB_P, QB_G, QB_BURST = (3e3, 8e3), (300.0, 700.0), 2.0  # (s198) a backtest runner's filing excerpts (prompt
#   tokens, uniform), its structured summaries (tokens, uniform), and its quota bucket's depth (s of quota)
PROBE_CLOSE = 0.03  # (s200) s after its first token at which a TTFT prober's closed stream is aborted in vLLM
#   (the API server sees the disconnect at its next write: within a step or two)
SCAN_CAP, SESS_KEYS, SESS_RATE = 500, 300.0, 0.25  # (s202) keys one SCAN call with COUNT 500 returns (COUNT
#   counts the keys it walks, MATCH filters after), a node's session store at the fleet's load (~210 chat
#   sessions, live or idle within the 5-min idle TTL, and ~60 other keys: rate-limit buckets, tenant config,
#   the sweeper's lock), and chat sessions opened a second (2.5 req/s over ~10 turns a conversation)
GREET_LIFE, GREET_P, GREET_G, GREET_SYS = 420.0, (700.0, 1000.0), (30.0, 80.0), 560.0  # (s202) s an app's
#   one-turn greeting session stays in the store (its turn, the 5-min idle TTL, ~2 min to the next sweep),
#   its prompt tokens (uniform: the app's system prompt and the user's account summary), its answer's
#   tokens (uniform) and the system prompt's tokens (cached: the prefix every greeting shares)
HEDGE_TPS = 30.0  # (s203) decode tokens/s of a 70B TP4 engine: a non-streaming answer longer than the
#   gateway's per-try timeout x this has sent no response by then, and the gateway sends a hedged copy
AGENT_LIM, AGENT_WS = 512 * MIB, 150 * MIB  # (s204) the node agent container's memory limit (what lxcfs shows
#   it as MemTotal) and its working set (RSS) before the page cache its spool writes add
DRV_START, DRV_FAIL_S, DRV_BUILD_S, DRV_VALID_S = 40.0, 55.0, 240.0, 60.0  # (s205) s from a rebooted node's
#   agent collecting again to the GPU operator's driver container's first start, s that container lives when
#   it cannot install the running kernel's headers (apt, then "Could not resolve Linux kernel version"), s
#   it takes to install them and build and load the kernel modules, and s of the operands' validation
#   (toolkit, device plugin, dcgm-exporter) until the node's GPUs are allocatable
BURN_MEM, SWEEP_STEP = 0.9, 255.0  # (s213) share of a GPU's free memory gpu-burn allocates (its default),
#   and the MHz a validation Job's clock sweep lowers the locked SM clock by each minute of its last five
LOCK_PRE, LOCK_DEC, LOCK_MEM = 0.95, 0.35, 0.25  # (s213) exponents of a locked SM clock's share of the
#   maximum giving a TP group's prefill / decode speed (prefill is compute-bound and follows the clock; decode
#   reads the weights and the KV from HBM, whose clock a graphics-clock lock leaves alone), and the share of a
#   GPU's dynamic power that is HBM's (the rest scales with the clock and its voltage, ~ share ** 1.6)
REGEN_THINK = (2.0, 8.0)  # (s211) s (uniform) between a user's "stop" of an answer and the regeneration
PF_TPS, CHUNK_TOK, RTO_RETRY = 5000.0, 8192, 1.0  # (s214) prefill tokens/s of a long document (the TTFT the
#   model gives kind 1: its prompt over this rate), the chunked prefill's chunk (max_num_batched_tokens: the
#   prompt tokens a step computes at most), and s after a client's read timeout until its SDK retries
AGT_SYS, AGT_USER, AGT_CALL, AGT_ANS = 7200.0, (80.0, 600.0), (60.0, 220.0), (150.0, 500.0)  # (s222) an IT
#   service-management agent's requests: its system prompt with its 38 tool schemas (cached, shared by all its
#   sessions), a user's request, a tool call's and a final answer's tokens (uniform)
AGT_RES, AGT_RUN, AGT_DONE = (300.0, 1500.0), (2.0, 12.0), 0.45  # (s222) a tool result's tokens and a tool's
#   run (uniform, s), and the chance that a turn after a tool result is the answer (not another tool call)
AGT_TIMEOUT, AGT_RETRY, AGT_AGAIN = 60.0, 0.5, (20.0, 90.0)  # (s222) the agent runtime's tool timeout (s: the
#   run then fails and the app shows an error), the share of users who start a new session after a failed one,
#   and when (uniform, s after the error)
NCCL_IB_S, LWS_S, L405_S = 30.0, 25.0, 300.0  # (s223) s NCCL's IB transport retries a work request over a
#   dead link before it fails the communicator (retry count 7 at NCCL_IB_TIMEOUT 20: ~4.3 s each), s from a
#   crashed multi-node instance's exit to both of its new containers' start (the LeaderWorkerSet recreates the
#   group; images cached), and s from that start to ready (~203 GB of FP8 weights per node from NVMe, the NCCL
#   communicators over both nodes, KV profiling, CUDA graphs)
SDC_MAX, SDC_STOP, SDC_API = 4096.0, (2.0, 12.0), 0.4  # (s224) an API client's max_tokens, to which a
#   request poisoned by a GPU's silent data corruption runs, the s (uniform) of "!!!!" a chat user watches
#   before pressing stop, and the share of poisoned requests that come from API clients (nobody watches them)


@dataclass
class Trace:
    t: Arr
    prompt: Arr
    gen: Arr
    span: float
    hit: float


@dataclass
class Engine:
    label: str
    gpus: list[int]
    rec_gpu: int | None  # the record's gpu: set for one-server-per-GPU deployments
    rate: float
    trace: str
    pool: int = 0
    out: dict[str, Any] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)  # extra labels the agent adds (MIG instance)
    model: str | None = None  # a second deployment on the node serving another model (None: the node's)
    spec: bool | None = None  # its speculative decoding (None: the node's)
    nodes: int = 1  # nodes one instance spans (multi-node TP x PP): `gpus` are this node's share of it


@dataclass
class Node:
    name: str
    gpu: str
    n_gpu: int
    model: str
    engines: list[Engine]
    iv: dict[str, float]  # collection interval per source, s
    spec: bool = False
    logging: bool = False  # operator logs every request (request_finished with tenant/session)
    kv_events: bool = False
    legacy: bool = False  # vLLM V0 metric names
    lower: bool = False  # dcgm-exporter label drift: hostname/uuid
    sentinel: bool = False
    skew: float = 0.0
    host_total: int = 2048 * GIB
    util_frac: float = 0.9
    mig: int = 0  # MIG instances per physical GPU (n_gpu then counts instances)
    no_kv: bool = False  # an old vLLM build that exports no KV-cache usage metric at all
    resend: bool = False  # chat clients resend the whole history each turn
    gw_log: bool = False  # request_finished comes from the gateway's log: kept when vLLM is not scraped,
    #                       and requests the gateway failed on a dead upstream are logged as `error`
    stall_err: bool = False  # host-memory reclaim stalls (> 86 %) make the gateway time out requests
    port_per_gpu: bool = False  # per-GPU servers listen on 8000 + gpu (their alerts' `instance`)
    nvml: bool = True  # False: the agent's NVML collector is absent (no driver library in its pod)
    v1_from: float | None = None  # legacy nodes: minute from which vLLM exports V1 names (an upgrade)
    agent: bool = True  # False: no node agent; only the node's Prometheus alerts reach the correlator
    dcgm_fields: tuple[str, ...] | None = None  # a trimmed dcgm-exporter counters CSV (None: the default)
    no_prefix: bool = False  # vLLM started with prefix caching disabled: no session contexts kept, hit 0
    amp: tuple[float, float] | None = None  # range of the held-context saw-tooth amplitude (None: 0.10-0.18)
    prefill_tps: float = 0.0  # long prompts: TTFT adds the uncached prompt's prefill at this rate (0: off)
    steps: list[tuple[float, float]] = field(default_factory=list)  # clock steps: (minute, s added to the
    #                    node's clock from then on), e.g. chronyd stepping a drifted clock back into sync
    remap: bool = False  # dcgm-exporter exports the row-remapping fields (default counters CSV)
    pd: str | None = None  # disaggregated serving role: "prefill" (KV producer) or "decode" (KV consumer)
    worker_of: str | None = None  # a multi-node instance's worker: its GPUs run the named leader node's
    #                    engine in lockstep; it has no vLLM endpoint and gets no traffic of its own
    cache_info: bool = False  # vLLM samples carry vllm:cache_config_info (gpu_memory_utilization, blocks)
    uref_min: float | None = None  # GPU utilization relative to the mean load before this minute (None: as
    #                    before: the whole recording, or up to the first throttle / batch job)
    nvlink: bool = False  # dcgm-exporter also exports DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL and PCIe TX/RX rates
    lockstep: bool = False  # (s59) MoE expert parallelism: every DP rank steps with the slowest one, and
    #                    every GPU shows the busiest rank's utilization
    dup_from: float | None = None  # (s66) from this minute a second, older node agent publishes the node too:
    #                    no `seq`, every source every 15 s at its own phases, fewer fields (`old_agent`)
    iv_to: tuple[float, dict[str, float]] | None = None  # (s67) (minute, intervals): from then the agent
    #                    collects at these intervals, at a new phase (a hot-reloaded config; seq continues)
    prof_lost: bool = False  # (s93) after a driver_upgrade the exporter's DCGM has no profiling module: no
    #                    DCGM_FI_PROF_* fields from the swap on
    spec_mib: float = 2400.0  # (s112) MiB per GPU of the speculator's weights (a 1B draft model: 2400;
    #                    an EAGLE-3 head: 850; n-gram prompt lookup: 0)
    ngram: bool = False  # (s112) its speculation is n-gram prompt lookup: spec-decode counters (`NG_TPD`,
    #                    `NG_ACC`), a smaller speed-up, and no draft model: an interrupted request leaves no
    #                    draft state
    pcie_link: bool = False  # (s114) dcgm-exporter also exports DCGM_FI_DEV_PCIE_LINK_GEN / _WIDTH and PCIe
    #                    TX/RX rates (a custom counters CSV), and the replay counter moves (`pcie_series`)
    clk_reasons: bool = False  # (s116) dcgm-exporter also exports DCGM_FI_DEV_CLOCK_THROTTLE_REASONS,
    #                    DCGM_FI_DEV_POWER_VIOLATION / _THERMAL_VIOLATION and DCGM_FI_DEV_POWER_MGMT_LIMIT
    step_gen: bool = False  # (s106-s109) generated tokens (and spec-decode counts) are counted per second of
    #                    each request's decode, from its first token to its end, as vLLM counts them per
    #                    engine step (False: all at the request's end, as before)
    no_pc_export: bool = False  # (s139) the agent's metric allowlist omits vllm:prefix_cache_queries_total /
    #                    hits_total (prefix caching is on; the counters are simply not collected), so the
    #                    prefix-hit rule has no data on the node (no draw)
    proc_metrics: bool = False  # (s146) the agent's vLLM collector also forwards the API server's process_*
    #                    series (resident / virtual memory, CPU seconds, open fds; no draw)
    slow_scrape: float = 0.0  # (s149) the node's /metrics answers slowly and its agent stamps a vLLM sample
    #                    when the scrape completes: median scrape s at a light load (0: off); drawn from a
    #                    generator of its own (`scrape_lag`)
    draft_mb: float = 4.7  # (s150) MB of draft-model state one interrupted request leaves on its GPUs (4.7:
    #                    a 1B draft, DESIGN; DRAFT3B_MB: a 3B one)
    spec_step: float = 3.2  # (s150) generated tokens per speculative verification step (3.2: the 1B draft's
    #                    ~2.2 accepted of 4 + the bonus token; DRAFT3B_STEP: the 3B's)
    ecc_fields: bool = False  # (s153) dcgm-exporter's counters CSV also has DCGM_FI_DEV_ECC_SBE_VOL_TOTAL /
    #                    _DBE_VOL_TOTAL and DCGM_FI_DEV_ROW_REMAP_PENDING (with `remap` for the row counters;
    #                    `ecc_counts`, no draw)
    fqdn: str = ""  # (s154) the domain of the node's Kubernetes name (its kubelet registered the FQDN):
    #                    every Prometheus alert naming the node, and dcgm-exporter's Hostname label (its
    #                    NODE_NAME), say `<name>.<fqdn>`, while the agent's records keep the short host name
    #                    ("": none; no draw)
    draft_tp1: bool = False  # (s157) the draft model runs with tensor parallel size 1 on each engine's
    #                    first GPU (V0's --speculative-draft-tensor-parallel-size 1): its weights and the
    #                    draft state of interrupted requests sit on that GPU only, and the engine's other
    #                    GPUs, holding as many KV blocks, use spec_mib less (`gpu_series`, `sim_engine`;
    #                    no draw)
    nvl_errs: bool = False  # (s159) dcgm-exporter's counters CSV also has the NVLink error counters
    #                    DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL, _CRC_DATA_, _REPLAY_ and
    #                    _RECOVERY_ERROR_COUNT_TOTAL (commented out in the default CSV), and a rule alerts on
    #                    the CRC count (`nvlink_errs`; draws only where it is set)
    count_fix: bool = False  # (s186) a restarted process's TTFT `_count` starts from 0 as its +Inf bucket
    #                    does (False: as before, every later process's count carries the first one's rounding
    #                    offset of a few requests, `vllm_records`; no draw)
    swap: int = 0  # (s173) bytes of swap the serving pod may use (a node image with a swap file, and
    #                    kubelet's LimitedSwap): a host-memory leak's pages go there once resident use meets
    #                    SWAP_CEIL, and the OOM killer comes only when that allowance is used up too; the host
    #                    samples' swap_used_bytes (`life_of`, `node_records`, `alerts`; 0: none, no draw)
    http_metrics: bool = False  # (s192) the agent's vLLM collector also forwards vLLM's HTTP request
    #                    counters (HTTP_OK, HTTP_4XX: requests admitted, requests refused before the engine;
    #                    `sim_engine`, `vllm_records`; no draw)
    gw_ttft: bool = False  # (s210) the gateway's per-upstream TTFT histogram (its first response byte from
    #                    the pod) and its rule GatewayUpstreamLatencyHigh, without the gateway's request log
    #                    (`alerts`; no draw)
    one_rank_from: float | None = None  # (s212) minute from which the node agent's vLLM collector reports
    #                    the engine vLLM lists last only: its parser keys a family's series by (metric name,
    #                    model_name), so the DP ranks' series (which differ in `engine` alone) collide and the
    #                    one parsed last wins (`node_records`; no draw)
    o: dict[str, Any] = field(default_factory=dict)


@dataclass
class Fault:
    kind: str
    node: str
    start: float  # minutes
    end: float | None = None
    gpu: int | None = None
    cause: str | None = None
    detail: str | None = None
    leak: float = 0.0  # kv_leak: %/min of the pool never reclaimed
    inst: int | None = None  # only the engine serving this (virtual) GPU index is affected
    burst: int = 0  # long_document: documents per burst (0: ~1/min spread out)
    abort: float = 0.0  # spec_residue: steady abort rate for the whole recording (0: ramp 1.5 -> 12 %)
    rate: float = 0.0  # mon_gap / rss_leak: RSS growth, fraction of host memory per min (0: 0.03);
    #                    surge: peak arrival multiplier; fb_leak: MiB per min per GPU outside the KV pool;
    #                    side_xid: MiB of GPU memory the side process holds while it runs
    runs: list[tuple[float, float, tuple[int, ...]]] = field(default_factory=list)  # side_xid: (start min,
    #                    crash min, XIDs the driver logs at the crash, in order) per attempt of the process;
    #                    dcgm_crash: (OOM-kill min, exporter serving again min, ()) per crash of dcgm-exporter
    to: list[tuple[str, float]] = field(default_factory=list)  # failover: (peer, share of the drained
    #                    node's load the gateway's hash ring moves there)
    # (s46-s49) throttle: f.rate = the hot GPU's SM clock as a share of its maximum once slowed down;
    #                    batch_job: f.rate = the batch client's requests per second
    # (s50-s53) pool_cfg: f.rate = the gpu_memory_utilization the restarted engine gets; lora: f.rate = the
    #                    adapter tenant's requests per second; hang: f.inst = the GPU of the blocked TP rank
    # (s54-s57) power_cap: f.rate = the GPU power limit (W), f.abort = the abort rate while it holds;
    #                    nvlink_xid: f.gpu / f.inst = the GPU whose NVLink failed (its TP group slows)
    # (s58-s61) oom_crash: f.runs = (crash min, process start min, ()) per crash of the serving process;
    #                    orphan: f.gpu = the GPU whose stuck worker keeps its memory after the stop
    # (s62-s65) page_cache: f.rate = host memory (fraction per min) a writer puts in page cache, to f.end
    # (s70-s73) ctx_growth / reasoning / runaway: f.rate = the changed tenant's share of the node's own
    #                    trace requests (`tenant_change`); reasoning: its flag ramps from f.start to
    #                    f.end, then holds
    sticky: bool = False  # (s62) kv_leak: the leaking tenant's sessions are the ones a drain (`shift`
    #                    below 1) leaves on the node: the leak follows that tenant's traffic, not the node's
    model: str | None = None  # (s68) model_swap: the model the restarted engine serves from its new process
    cap: float = 0.0  # (s82) offload: the store's configured size, fraction of host memory
    evict: bool = True  # (s82) offload: False: its eviction never frees memory (it grows past f.cap)
    # (s82-s85) offload: f.rate = fill rate, fraction of host memory per min; reload: f.rate = period (min);
    #                    rag: f.rate = the moved tenant's share of the node's own trace requests
    accel: tuple[float, float] | None = None  # (s86) kv_leak: (%/min, minute): the never-reclaimed rate grows
    #                    linearly from f.leak at f.start to this rate at this minute, then holds (None: flat)
    ramp: float = 10.0  # (s88) rag: minutes over which the tenant's share ramps in from f.start
    glide: float = 0.0  # (s130) shift: minutes over which the gateway's weight change ramps in linearly from
    #                    f.start (0: the change at once, new sessions following it with tau 120 s)
    share_ramp: float = 0.0  # (s140) ctx_growth: minutes over which the tenant's share ramps in linearly from
    #                    f.start to f.rate (0: the whole share at once, as before; no extra draw)
    tenant: str = "acme-compliance"  # (s134) kv_leak: the tenant whose client reuses 6 session ids (its
    #                    request-log ids are `<first word of its name>-sess-00x`)
    proc: str | None = None  # (s154) side_oom / offload: the name of the process the OOM killer kills (None:
    #                    "fluent-bit" / "lmcache-server", as before)
    inpath: bool = False  # (s154) side_oom / offload: that process is a proxy in the pod's request path: for
    #                    PROXY_DOWN s after each kill every request the gateway sends the node fails, and
    #                    kubelet's restarts of its container count for KubePodCrashLooping (no draw)
    crash: bool = False  # (s112) spec_residue: the engine dies at its first CUDA OOM and kubelet restarts
    #                    it; its crashes (f.runs: crash min, process start min, ()) come from
    #                    `residue_crashes`
    # (s90-s93) sleep: f.runs = (sleep min, wake min, ()) per level-1 sleep, f.to = the ring neighbours that
    #                    take its load meanwhile; cancel_burst: f.runs = (burst min, -, ()) per burst, when
    #                    every in-flight batch request (kind 6) is aborted; join: the node joins the cluster
    #                    at f.start; drv_roll: drained stop at f.start, pod back 5 min later
    # (s94-s97) diurnal: the day's extra load (kind 0) from f.start to f.end, f.rate = the peak multiplier
    #                    (`diurnal_shape`)
    # (s98-s101) prompt_cache: f.rate = the caching tenant's share of the node's requests, f.cap = the pool
    #                    share its pinned prefixes reach; embed / embed_reindex / embed_leak: a co-located
    #                    embedding server on GPU f.gpu (`colo_mem`), embed_leak: f.rate = MiB per min it leaks
    # (s102-s105) gsp_hang: XID 119 on GPU f.gpu (`life_of`); nvml_hang: the agent's NVML collector blocked
    #                    from f.start to f.end; long_gen: f.burst long-form report requests within 60 s
    #                    of each f.runs start minute (kind 12, `gen_kv`)
    # (s110-s113) prober: a synthetic SLO prober's request every f.rate s (kind 13, one session id per
    #                    node); cache_salt: f.rate = the share of the node's trace requests (kind 14)
    #                    whose tenant sends a per-user cache_salt from f.start (ramped in over 5 min);
    #                    cpu_starve: the host's CPUs saturated by another process from f.start to f.end
    #                    (`slowdown`, `gpu_series`, `collect`)
    # (s114-s117) pcie_down: GPU f.gpu's PCIe link trains down to Gen3 x4 at f.start (`pcie_series`,
    #                    `slowdown`); load_test: a capacity test's client, stage k of f.runs at
    #                    f.rate x (k + 1) req/s (kind 15); inlet_heat: the hall's inlet f.rate C warmer from
    #                    f.start to f.end; dc_cap: every GPU's power limit f.rate W from f.start to f.end;
    #                    hw_slowdown: GPU f.gpu held in HW Slowdown from f.start (`dc_power`); backfill: a
    #                    batch client keeping f.burst requests in flight at a lower priority (`backfill`)
    # (s118-s121) decline: the day's hump (as diurnal) whose peak lies at or before the recording's start, so
    #                    the recording sees its falling half only (f.start < 0; `workload`)
    # (s146-s149) stats_off: from f.start the serving process exports no vllm:* series (`life_of`,
    #                    `vllm_records`, `alerts`); sess_ttl: from f.start an LRU sweep keeps f.rate of the
    #                    idle contexts (`sim_engine`); pd_hold: a prefill server holds f.rate of the blocks it
    #                    prefills in the PD_EJECT s from f.start for PD_HOLD s (`workload`)
    # (s150-s153) sdk_cut: from f.start (deployed over 3 min) a share f.rate of the node's trace requests
    #                    (kind 16) comes through a client SDK that closes each stream after SDK_CUT generated
    #                    tokens (`workload`, `sim_engine`); host_blind: from f.start the node agent's host
    #                    collector sends nothing, samples or events (`life_of`, `node_records`); compact: at
    #                    f.start a cron drops every idle session context and resets the prefix cache
    #                    (`life_of`, `sim_engine`); hbm_wear: GPU f.gpu's correctable ECC errors from f.start,
    #                    f.rate a minute at first, doubling every SBE_DOUBLE s (`ecc_counts`)
    # (s154-s157) night: the users' own traffic (the node's trace requests) falls from f.start over
    #                    NIGHT_RAMP s to f.rate of itself and rises back over the NIGHT_RAMP s before f.end
    #                    (`trough_shape`, `workload`)
    # (s158-s161) nvlink_crc: GPU f.gpu's NVLink degrades from f.start: CRC errors at f.rate a minute at
    #                    first, doubling every NVC_DOUBLE s up to NVC_MAX, their replays slowing the GPU's
    #                    TP group (`nvc_rate`, `slowdown`, `nvlink_errs`); nvlink_blip: f.rate CRC errors on
    #                    GPU f.gpu's links over 3 min from f.start, then none (a link retrained once);
    #                    draft_swap: a drained restart at f.start whose new process runs a 3B draft model
    #                    (DRAFT3B_*, DSWAP_MIB) instead of the node's 1B; edge_reset: a share f.rate of the
    #                    node's trace requests (kind 17) comes from a client behind an edge proxy that resets
    #                    every stream it holds at each f.runs minute (`sim_engine`)
    # (s162-s165) dcgm_stale: from f.start the node's dcgm-exporter serves the values (and labels) of its
    #                    last collection before f.start, every field of every GPU, while its target stays
    #                    up (its remote nv-hostengine was restarted and it never reconnects; `node_records`,
    #                    `alerts`); prefix_off: a drained restart at f.start whose new process runs with
    #                    prefix caching disabled (`sim_engine`, `vllm_records`)
    # (s170-s173) poison: a request that crashes the engine wherever it lands; f.runs = (crash min, process
    #                    start min, XIDs) per crash: the XIDs on GPU f.gpu (its sampler's illegal read), the
    #                    server's exit 1 s later, kubelet's restart, the weights (`life_of`); sigkill_xid: at
    #                    f.start kubelet SIGKILLs a serving process that ignored SIGTERM for its grace period,
    #                    and the driver logs XID 45 on each of the node's GPUs as it tears down its channels;
    #                    xid95: an uncontained ECC error on GPU f.gpu (XID 95): the server exits, and every
    #                    new process fails its CUDA init on that GPU until a reset (crash loop, never ready);
    #                    swap_cold: f.rate GiB of the serving process's cold pages swapped out once the page
    #                    cache first meets the watermarks, never touched again (a node with `Node.swap`)
    # (s174-s177) cold_load: a drained restart at f.start whose weights stream from the object store, ready
    #                    f.rate s after the process start (`life_of`, `gpu_series`); probe_loop: the same with
    #                    the process first started at f.start (stopped 30 s before), f.rate s longer than
    #                    PROBE_S, so kubelet's startup probe kills it at PROBE_S and restarts it 10 s later,
    #                    again and again (never ready); preempt_residue: from f.start each request the
    #                    scheduler preempts (recompute) leaves its draft_mb of draft state, never reclaimed
    #                    (`sim_engine`); prom_reject: from f.start Prometheus rejects every scrape of the
    #                    node's vLLM target (over its enforced sample limit: up == 0, no vLLM series in
    #                    Prometheus) while the agent's own scrape goes on (`alerts`); seq_cap: from f.start
    #                    (the restarted engine's ready) the scheduler runs at most f.burst requests
    #                    (max_num_seqs); the rest wait in its queue, first come first served, until their
    #                    users give up (`cap_queue`)
    # (s178-s181) no_stream: a tenant's client stops streaming from f.start (rolled out over NS_ON s) to
    #                    f.end (rolled back over the NS_OFF s before it): its share f.rate of the node's
    #                    trace requests (kind 18), whose first response byte the gateway sees only with the
    #                    whole completion (`workload`, `sim_engine`: the gateway's TTFT view `gwv`);
    #                    daemon_leak: from f.start a host daemon the OOM killer may not pick (oom_score_adj
    #                    -1000) grows f.rate of host memory a minute until it is stopped at f.end; the kernel
    #                    kills the serving process instead, at each start that meets 98.5 % (`daemon_oom`);
    #                    kv_metric_bug: from f.start (a new engine's ready) vLLM's KV usage gauge counts the
    #                    prefix cache's evictable free blocks as used (`sim_engine`, after the physics, which
    #                    keep the true usage)
    # (s182-s185) split_rss: from f.start (a new process's start) the serving container runs its API
    #                    server, engine core and TP workers as separate, retitled processes, and the agent's
    #                    proc_rss_bytes (its name filter) counts the API server's alone (API_RSS;
    #                    `node_records`, no draw); worker_leak: from f.start the worker processes leak f.rate
    #                    of host memory a minute, in host memory in use only; at 98.5 % the kernel kills a
    #                    worker (WORKER_COMM), the engine shuts down and kubelet restarts the container, and
    #                    the leak resumes from the new engine's ready (`life_of`); stop_strings: from f.start
    #                    (ramped in over 5 min) a share f.rate of the node's trace requests (kind 19) comes
    #                    from an agent framework whose stop sequence ends STOP_HIT of them early, `stop`
    #                    (`workload`, `sim_engine`); stop_residue: from f.start the engine checks stop strings
    #                    itself and that path keeps each such request's draft_mb of draft state, never
    #                    reclaimed (elsewhere the front end aborts the request in the engine, reclaimed as any
    #                    abort; `sim_engine`); mtu_blackhole: from f.start to f.end a share f.rate of the
    #                    gateway's connections to the node crosses a path whose MTU fell under the segments
    #                    it sends, with the ICMP that would say so dropped: a request of more than MTU_TOK
    #                    prompt tokens on one of them never reaches vLLM and fails at the gateway's
    #                    GW_TIMEOUT (`sim_engine`, `gateway_errors`); herd: per f.runs (minute, peak
    #                    multiplier, ()) cron-started report jobs add one-shot documents (kind 6) at
    #                    (peak - 1) x the node's rate, ramping in over HERD_RISE s and decaying with HERD_TAU
    #                    (`workload`)
    # (s186-s189) auth_reject: from f.start to f.end vLLM's API-key middleware answers every request the
    #                    gateway sends with a 401 in AUTH_S s (the process started with another key than the
    #                    gateway sends): nothing reaches the engine, the gateway counts no 5xx and logs an
    #                    `error`, AUTH_RETRY of the users try once more (`workload`, `sim_engine`,
    #                    `gateway_errors`); reimage: at f.start a drained node reboots into a new OS image (no
    #                    record for BOOT_S) whose empty model cache makes the pod fetch the weights first
    #                    (f.rate s) (`life_of`); gen_cap: from f.start (a new engine's ready) the model's
    #                    generation config caps every request at f.rate generated tokens (max_new_tokens: a
    #                    server-wide limit), a longer answer ends `length`, CONT_SHARE of their users ask it
    #                    to go on (`workload`, `sim_engine`); classify: a classification backend, f.rate req/s
    #                    from f.start to f.end of one-shot 1-4k-token prompts answered in at most CLS_MAX
    #                    tokens (kind 20; `workload`, `sim_engine`); memcg_limit: from f.start (a new process)
    #                    the serving container's memory limit is f.rate GiB: the kernel's cgroup reclaim trims
    #                    the page cache its weight loads map (RSS held under the limit), and each in-place
    #                    reload it is asked for (f.runs: reload minutes) stages STAGE_GIB of pinned memory and
    #                    meets the limit: the cgroup's OOM killer kills the server, kubelet restarts it 10 s
    #                    later (`life_of`); sd_lost: from f.start the node's vLLM endpoint is in no scrape
    #                    config (neither Prometheus's nor the agent's: no series, no target, no TargetDown;
    #                    `life_of`, no draw); mirror: from f.start to f.end the gateway also sends the node a
    #                    copy of f.rate x a node's requests, whose answers it drops (kind 22: not in the
    #                    gateway's own counts, never cancelled; `workload`, `sim_engine`); par_eval: an
    #                    evaluation harness, f.rate req/s from f.start to f.end, each asking for f.burst
    #                    samples (n), which vLLM runs as f.burst sequences (kind 21 the first, which the
    #                    gateway counts, kind 23 the siblings; `workload`, `sim_engine`)
    # (s190-s193) fm_down: at f.start the node's NVIDIA Fabric Manager exits and cannot start again (its
    #                    version does not match the loaded driver's) until f.end: the serving process's CUDA
    #                    work is aborted, and every container kubelet starts after it fails its CUDA init
    #                    FM_FAIL_S s in (no GPU memory), with CrashLoopBackOff's delays; the first start at or
    #                    after f.end (or, with f.rate, the pod deleted f.rate s after f.end) loads and serves
    #                    (`fm_attempts`, `life_of`, `gpu_series`); ctx_reject: from f.start to f.end vLLM
    #                    refuses with a 400 every request whose prompt is over f.rate tokens (its
    #                    max_model_len less the clients' max_tokens) in CTX_S s: nothing reaches the engine,
    #                    the gateway counts a 4xx and logs an `error`, CTX_RETRY of the users retry once
    #                    (`workload`, `sim_engine`, `gateway_errors`); bad_params: an evaluation harness,
    #                    f.rate req/s from f.start to f.end of one-shot prompts (kind 24) whose sampling
    #                    parameters vLLM's validation refuses (a 400 in BAD_S s; `workload`, `sim_engine`);
    #                    sweep_dead: from f.start to f.end the serving stack's session sweeper thread is
    #                    dead: no idle session context is freed, by a sweep or under pool pressure
    #                    (`sim_engine`, `kv_series`)
    # (s194-s197) keepwarm: from f.start a tenant's client keeps each conversation that ends warm: a share
    #                    f.rate of the node's trace requests is that tenant's, 1 in f.burst of them its
    #                    conversation's last turn; every KW_EVERY s after it the client resends the history
    #                    with max_tokens 1 (kind 25: `length`, its history cached), which the session layer
    #                    takes for use, so no sweep frees the context; f.cap minutes after the last turn the
    #                    client stops (0: never, until f.end) (`workload`, `sim_engine`); tool_500: from
    #                    f.start to f.end the API server's tool-call parser raises on a tool call with a
    #                    nested-object argument: the engine finishes the request (`stop`), the API answers
    #                    500; a share f.rate x TOOL_NEST of the node's trace requests (kind 27), each retried
    #                    twice by its SDK after the 500, failing again (kind 28) (`workload`, `sim_engine`);
    #                    stale_ep: from f.start to f.end the gateway keeps the node's old pod address, which
    #                    no host answers: bursts of EJECT_N connect failures (retried on the next host, no
    #                    5xx for the client) each time its outlier ejection expires (`stale_attempts`,
    #                    `alerts`)
    # (s198-s201) tenant_quota: a tenant pinned to the node (f.tenant) sends a share f.rate of its trace
    #                    requests all recording (kind 29); from f.start to f.end the pod's admission sidecar
    #                    refuses each with a 429 in Q429_S s (kind 30: nothing reaches vLLM, a 4xx for the
    #                    gateway, an `error` in its log), and the client's SDK tries twice more, refused
    #                    again (kind 30; `workload`, `sim_engine`, `gateway_errors`, `alerts`); quota_burst: a
    #                    client of tenant f.tenant submits f.rate one-shot filings a second from f.start to
    #                    f.end; the sidecar's token bucket (f.cap a second, QB_BURST s deep) admits what fits
    #                    (kind 31),
    #                    the rest gets a 429 and two SDK retries, each admitted if a token is there (kind 32:
    #                    refused; `quota_bucket`); touch_scan: from f.start an archiver reads every session of
    #                    one tenant every 2 min through the session API, whose reads refresh the session's
    #                    last use, so the share f.rate of the held contexts that are that tenant's is never
    #                    swept (`sim_engine`, no draw); probe_cancel: from f.start a TTFT prober straight at
    #                    the pod every f.rate s (kind 33: a fixed PROBE_P-token prompt, streamed, closed
    #                    PROBE_CLOSE s after its first token: aborted in vLLM; not in the gateway's counts);
    #                    first_residue: from f.start the engine keeps the draft state of a request aborted
    #                    before its first verification step (the prober's), never reclaimed (`sim_engine`)
    # (s202-s205) launch_greet: from f.start a tenant's mobile app asks for a greeting card at every app
    #                    launch, each under a new session id (kind 34: one turn, GREET_P / GREET_G tokens),
    #                    ramping linearly to f.rate a second over f.ramp minutes, held to f.end (`workload`,
    #                    `sim_engine`, `sessions`); scan_cap: from f.start the node's session sweeper lists
    #                    its store with one SCAN call that returns SCAN_CAP keys: once the store holds more,
    #                    the idle sessions hashed past them are never examined, and their share of the held
    #                    contexts is never freed (`scan_share`, `sim_engine`; no draw); hedge: from f.start to
    #                    f.end the gateway hedges non-streaming requests (a share f.rate of the node's trace
    #                    requests) that send nothing for f.cap s: a copy of each goes to another node and is
    #                    reset there once the original completes; the node gets as many copies from its peers
    #                    as it sends (kind 35, modelled on its own requests: always aborted, f.cap s short of
    #                    its original's end; not in the gateway's counts; `workload`, `sim_engine`);
    #                    hugepages: at f.start f.rate of host memory is reserved as 2-MiB huge pages (taken
    #                    over 90 s, in no process's RSS), until f.end; the kernel kills the serving process at
    #                    each start that meets 98.5 % (`daemon_oom`); kured: at f.start the reboot daemon
    #                    drains the node, reboots it 60 s later (BOOT_S of silence), and the GPU operator's
    #                    driver container then builds the driver for the running kernel; until f.end (the
    #                    package mirror has that kernel's headers) each attempt fails and kubelet restarts it
    #                    with CrashLoopBackOff's delays; no NVML library, no dcgm-exporter and no GPU to
    #                    schedule the vLLM pod on until the build after it (`kured_times`, `life_of`,
    #                    `node_records`, `alerts`; no draw)
    # (s210-s213) net_delay: from f.start to f.end every packet between the node's vLLM pod and the rest of
    #                    the cluster waits f.rate s (netem, normal jitter f.cap s): the gateway's view of a
    #                    request's TTFT (its per-upstream and fleet histograms) is vLLM's plus the request's
    #                    way in and its first chunk's way back; vLLM's own histogram is unchanged (drawn only
    #                    where the kind is; `sim_engine`); regen: from f.start (ramped in over f.ramp minutes)
    #                    to f.end a share f.rate of the node's trace requests is stopped by its user in the
    #                    middle of the answer (kind 36: aborted) and regenerated REGEN_THINK s after the stop
    #                    (kind 37: the same prompt, found in the prefix cache; `workload`, `sim_engine`);
    #                    fork_pin: from f.start each regeneration's parent context (its prompt) stays
    #                    referenced by the fork once its session is swept (KW_SWEEP s after it): never freed
    #                    (`workload`, no draw); gpu_burn: at f.start the node is cordoned and drained (the
    #                    vLLM pod evicted 30 s later: no target), a validation Job's gpu-burn holds every GPU
    #                    from f.runs[0][0] to f.end (BURN_MEM of the memory, full power) and sweeps the locked
    #                    SM clock down by SWEEP_STEP a minute over the last 5 minutes of its planned run (to
    #                    f.runs[0][1]); at f.end the Job ends (its trap resets the clocks when it completes)
    #                    and the node is uncordoned: the vLLM pod starts 30 s later (`life_of`, `gpu_series`,
    #                    `lock_mhz`); clock_lock: from f.start to f.end every GPU's SM clock is locked at
    #                    f.cap MHz, f.rate of its maximum: slower prefill and decode (LOCK_PRE / LOCK_DEC,
    #                    `slowdown`), less power and heat (LOCK_MEM), the clock at the lock even when idle
    #                    (`gpu_series`, `node_records`; no draw)
    # (s214-s217) contracts: a contract-review client on the node, f.rate contracts a minute (Poisson)
    #                    from f.start to f.end, 40-90k-token prompts, 800-2000-token answers (kind 1, as
    #                    long documents; `workload`); read_timeout: from f.start to f.end the client closes a
    #                    stream on which no byte has come for f.cap s: a contract whose prefill takes longer
    #                    (its prompt over f.cap x PF_TPS tokens) is cancelled at f.cap s, before its first
    #                    token (aborted in prefill: no token, no TTFT, no prompt tokens counted), and its SDK
    #                    sends it again RTO_RETRY s later (kind 38: the full chunks the first attempt computed
    #                    are found in the prefix cache, so its prefill is short) (`workload`, `sim_engine`; no
    #                    draw); prefill_leak: from f.start the engine's abort path leaves the KV blocks of
    #                    the full chunks (CHUNK_TOK) a request aborted before its first token had computed
    #                    allocated (their reference count never dropped) until the process exits
    #                    (`sim_engine`, no draw); touch_scan: (s215) ends at f.end when it has one (the
    #                    share's growth stops, what it pinned stays; no draw); unpin: at f.start every context
    #                    the session layer pinned becomes an ordinary idle one, freed by the next LRU sweep
    #                    (`kv_series`; no draw); spec_toggle: the node's speculative config switches
    #                    speculation off while more than f.burst requests run (vLLM's disable_by_batch_size)
    #                    and back on below it: no draft step for a request's tokens generated while it is
    #                    off (the spec-decode counters; `sim_engine`, no draw); toggle_residue: from f.start
    #                    (with spec_toggle) each request running at a switch-off keeps its draft_mb of draft
    #                    state, never reclaimed (`sim_engine`, no draw)
    # (s218-s221) runtime_hang: the node's container runtime hangs at f.start; kubelet's relists time out (2
    #                    min), it reports the node NotReady 3 min after f.start, the taint manager deletes
    #                    the vLLM pod 5 min later (stuck Terminating: kubelet cannot stop it) and its
    #                    replacement is Pending; the node is Ready again at f.runs[0][0] and its new engine
    #                    ready at f.runs[0][1]; alerts only (kubelet and kube-state-metrics rules, `alerts`;
    #                    the traffic moved away is a `failover`, the restart a `warmup`; no draw); report: one
    #                    report session of a tenant the session layer exempts from the idle sweep (as
    #                    annual_report, but several may overlap on a node: their held contexts add up),
    #                    freed when the client closes it at f.end; close_fail: from f.start that client's
    #                    close call fails, so a `report` session started at or after f.start keeps its
    #                    context held from its close to the end (`workload`, no extra draw)
    # (s222-s225) agent_tools: an agent tenant's sessions from f.start to f.end, f.rate new ones a
    #                    second (Poisson; request kind 39): tool calls, then an answer, each turn resending
    #                    the conversation (its system prompt and history cached); f.runs = [(a, b, ())]: its
    #                    tool backend does not answer from minute a to b, so a session whose tool call ends
    #                    in it fails at AGT_TIMEOUT and is left with that call pending, exempt from the idle
    #                    sweep: its context stays held from when a sweep would have freed it (KW_SWEEP) until
    #                    the session layer's cleanup at minute f.cap (0: never); AGT_RETRY of its users start
    #                    a new session (`agent_tools`, `workload`, `sim_engine`, `sessions`; drawn only where
    #                    the kind is); nic_flap / flap_peer: per f.runs (down min, up min, ()) the RDMA link
    #                    a multi-node instance's pipeline crosses goes down: its collectives stall NCCL_IB_S
    #                    s, the engine dies, the LeaderWorkerSet recreates both pods (LWS_S, not before the
    #                    link is up) and the instance is ready L405_S s later; nic_flap on the node that owns
    #                    the NIC (its flapping alert, `alerts`), flap_peer on the instance's other node
    #                    (`life_of`; no draw but the pids); group_restart: a multi-node instance drained and
    #                    stopped at f.start, its pods recreated at f.end, ready L405_S s later; sdc: from
    #                    f.start to f.end GPU f.inst's silent data corruption poisons a share of its engine's
    #                    trace requests, ramped in to f.rate over f.ramp minutes: NaN in the logits, so from
    #                    its first token a poisoned request generates token 0 ("!") and never its end of
    #                    sequence: a chat user's (kind 40) is stopped after SDC_STOP s at f.cap tokens a
    #                    second (aborted), an API client's (kind 41, SDC_API of them) runs to SDC_MAX and
    #                    ends `length` (`workload`, `sim_engine`; drawn only where the kind is)


@dataclass
class Scenario:
    name: str
    t0: str
    minutes: int
    nodes: list[Node]
    faults: list[Fault]
    noise: list[tuple[str, str, float, float]] = field(default_factory=list)
    disorder: bool = False  # per-source clock offsets of 1-3 s, 2 % late by 1-10 s, 1 % duplicates
    spill: bool = False  # the gateway moves a drained node's conversations to the other nodes
    kv_warn: float | None = None  # badly tuned VLLMKVCacheUsageElevated on every node: KV > this for 30 s
    ttft_slo: float = 0.8  # the TTFT P99 threshold of the fleet's TTFT rules (a long-context pool's own SLO)
    grafana: bool = False  # the fleet's alerts come from Grafana-managed rules (1 min evaluation)
    site: list[tuple[str, dict[str, str], float, float]] = field(default_factory=list)  # facility alerts
    #                    naming no node: (alertname, labels, start min, end min)
    ha: tuple[str, ...] = ()  # an HA Prometheus pair: every replica evaluates the rules and sends every
    #                    alert with its own external label `replica` (not dropped before Alertmanager)
    lag: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s60) delivery-lag episodes of
    #                    one node's source: (node, source, start min, end min), see `lagged`
    drop: dict[tuple[str, str], float] = field(default_factory=dict)  # (s86) (node, source): share of its
    #                    samples lost in transit (absent: the fleet's 0.3 %)
    src_skew: dict[tuple[str, str], float] = field(default_factory=dict)  # (s87) (node, source): s added to
    #                    that collector's stamps (a collector whose wall-clock offset is stale)
    temp_rule: tuple[float, float] | None = None  # (s96) (minute, C): from then GPUTemperatureHigh fires
    #                    above this threshold instead of 85 C (a misconfigured rule; same name and labels)
    rules_lost: tuple[float, tuple[str, ...]] | None = None  # (s97) (minute, rules): from then these rules
    #                    are no longer evaluated (their alerts are neither re-sent nor resolved)
    stuck: dict[tuple[str, str], float] = field(default_factory=dict)  # (s99) (node, source): minute from
    #                    which that collector stamps every record with that minute's time (a dead clock cache)
    webhook: tuple[float, float, float] | None = None  # (s104) the alerts reach the correlator through an
    #                    Alertmanager webhook receiver: (group_wait, group_interval, repeat_interval) s of its
    #                    route, grouped by `namespace` (`webhook_sends`)
    rule_lag: tuple[float, float, float, float, float] | None = None  # (s115) the fleet's rules run in a
    #                    central ruler (1 min evaluations) over remote-written data that lags: (rise from min,
    #                    full from min, full to min, gone at min, full lag s), see `lag_of`
    alert_clock: float = 0.0  # (s163) s the alerting host's clock is off: every alert record's ts_ns,
    #                    startsAt and endsAt carry it (the rules still see the true series)
    alert_tz: str = ""  # (s163) the zone the alerting host writes startsAt / endsAt in ("": UTC, "Z");
    #                    "Europe/Berlin": CET / CEST with the EU's daylight-saving rule (`local_rfc3339`)
    cluster: str = ""  # (s172) the external label `cluster` the fleet's Prometheus puts on its alerts ("":
    #                    none, as before)
    foreign: list[tuple[str, str, dict[str, str], float, float | None, int | None]] = field(
        default_factory=list)  # (s172) alerts another cluster's Prometheus sends to the same Alertmanager:
    #                    (node as its labels name it, alertname, labels, condition start min, condition end
    #                    min or None, gpu), see `foreign_alerts`
    prom_down: tuple[float, float] | None = None  # (s179) (minute, minute): the fleet's Prometheus is down
    #                    (OOM-killed, then replaying its WAL): no scrape, no rule evaluation, no alert sent;
    #                    see `gap_windows` (None: never, as before)
    units: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s190) systemd units in the
    #                    failed state as node-exporter's systemd collector reports them: (node, unit, from
    #                    min, to min), see NodeSystemdServiceFailed
    lost: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s191) (node, source, from min,
    #                    to min): the Kafka partition that source's topic keys the node to has no leader; the
    #                    agent's producer queues the records and drops each MSG_TIMEOUT s after it was
    #                    produced; what is younger at `to` is delivered then (`deliver`; no draw)
    vip: list[tuple[str, float]] = field(default_factory=list)  # (s197) (node, minute): from then the node
    #                    agent's vLLM collector scrapes the pool's Service address, not its own pod: each
    #                    scrape opens a new connection that kube-proxy sends to a random ready pod, whose
    #                    values it reports under its node's name (`vip_mix`; its own generator)
    alias: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s201) (node, name, from min,
    #                    to min): in that window the node agent publishes every record of the node under
    #                    another `node` name (its host IP); the same host clock and agent restarts (`build`,
    #                    `deliver`; no draw)
    lxcfs: list[tuple[str, float]] = field(default_factory=list)  # (s204) (node, minute): from then the node
    #                    agent's pod has lxcfs's files mounted over /proc/meminfo (and /proc/swaps): its host
    #                    collector reports the agent container's memory (MemTotal = its limit, AGENT_LIM) as
    #                    the host's; proc_rss_bytes (/proc/<pid>/status) is not covered (`node_records`; no
    #                    draw)
    dark: list[tuple[str, float, float]] = field(default_factory=list)  # (s217) (node, from min, to min):
    #                    the node agent's Kafka producer is in a fatal state (every produce fails locally):
    #                    each record of the node it collects in that window, samples and events of every
    #                    source, is dropped, its seq consumed (a seq gap after it); Prometheus unaffected
    #                    (`deliver`; no draw)
    mute: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s219) (node, source, from
    #                    min, to min): the node agent's scrape of that source fails (its request goes to an
    #                    egress proxy that refuses it): no record is produced, so no seq is used; Prometheus
    #                    unaffected (`deliver`; no draw)
    twin: list[tuple[str, str, float, float]] = field(default_factory=list)  # (s221) (node, name, from min,
    #                    to min): in that window the node's agent publishes every record under another,
    #                    existing node's name (a hostname baked into a cloned machine image): its own streams
    #                    beside that node's agent's, with its own clock, seq and restarts (`build`,
    #                    `deliver`; no draw)
    otel: list[tuple[str, float, float]] = field(default_factory=list)  # (s225) (node, from min, to min):
    #                    the node agent's vLLM collector is an OpenTelemetry prometheus receiver that
    #                    normalizes metric names: a counter loses its `_total`, a histogram its unit
    #                    (`_seconds`), and the `_created` series become start times (none in the record);
    #                    gauges keep their names (`otel_names`, `build`; no draw)


def load_traces(data: Path) -> dict[str, Trace]:
    out: dict[str, Trace] = {}
    for key in ("conv", "code"):
        text = (data / f"traces/azure_llm_2023/AzureLLMInferenceTrace_{key}.csv").read_text()
        cols = [r.split(",") for r in text.split("\n")[1:] if r]
        t = np.array([datetime.strptime(c[0][:26], "%Y-%m-%d %H:%M:%S.%f").timestamp() for c in cols])
        out["azure_" + key] = Trace(t - t.min(), np.array([int(c[1]) for c in cols]),
                                    np.array([int(c[2]) for c in cols]), float(np.ptp(t)) + 1, 0.15)
    recs = [json.loads(x) for x in (data / "traces/mooncake_fast25/conversation_trace.jsonl").open()]
    seen: set[int] = set()
    reused = total = 0
    for r in recs:  # token-weighted prefix-block reuse with an unbounded cache
        reused += sum(1 for h in r["hash_ids"] if h in seen)
        total += len(r["hash_ids"])
        seen.update(r["hash_ids"])
    t = np.array([r["timestamp"] / 1000 for r in recs])
    out["mooncake"] = Trace(t, np.array([r["input_length"] for r in recs]),
                            np.array([r["output_length"] for r in recs]), float(t.max()) + 1, reused / total)
    # a long-context tier: the gateway sends prompts of >= 32k tokens to a separate pool (829 requests)
    lng = [r for r in recs if r["input_length"] >= 32768]
    seen, reused, total = set(), 0, 0
    for r in lng:  # the tier's own prefix-block reuse (follow-up questions on the same long document)
        reused += sum(1 for h in r["hash_ids"] if h in seen)
        total += len(r["hash_ids"])
        seen.update(r["hash_ids"])
    out["mooncake_long"] = Trace(np.array([r["timestamp"] / 1000 for r in lng]),
                                 np.array([r["input_length"] for r in lng]),
                                 np.array([r["output_length"] for r in lng]), float(t.max()) + 1,
                                 reused / total)
    return out


def arrivals(rng: np.random.Generator, tr: Trace, rate: float, T: int) -> tuple[Arr, Arr, Arr]:
    native = len(tr.t) / tr.span
    copies = max(1, math.ceil(rate / native))
    parts = []
    for _ in range(copies):
        base = (tr.t + rng.uniform(0, tr.span)) % tr.span
        parts += [(base + k * tr.span, tr.prompt, tr.gen) for k in range(int(T // tr.span) + 1)]
    t, p, g = (np.concatenate([x[i] for x in parts]) for i in range(3))
    m = (t < T) & (rng.random(len(t)) < rate / (copies * native))
    order = np.argsort(t[m], kind="stable")
    return t[m][order], p[m][order].astype(float), g[m][order].astype(float)


def smooth(x: Arr, w: int) -> Arr:
    return np.convolve(x, np.ones(w) / w, mode="same")


def since(N: Arr, times: list[float]) -> Arr:
    """Seconds since the latest of `times` (inf before the first)."""
    out = np.full(len(N), np.inf)
    for t in sorted(times):
        out = np.where(t <= N, N - t, out)
    return out


def life_of(rng: np.random.Generator, nd: Node, T: int, fl: list[Fault]) -> None:
    """Serving-process lifecycle (0 down, 1 loading, 2 serving), host memory, reachability, lost GPUs."""
    N = np.arange(T)
    state, drained = np.full(T, 2, np.int8), np.zeros(T, bool)
    reach, scraped, alive = np.ones(T, bool), np.ones(T, bool), np.ones((nd.n_gpu, T), bool)
    blocked = np.zeros(T, bool)  # vLLM /metrics configured but unreachable for monitoring (up == 0)
    spool = np.zeros(T, bool)  # agent -> broker link down: records are spooled, delivered at reconnect
    side: list[tuple[int, float, float, float]] = []  # another process on a GPU: gpu, start s, end s, MiB
    xids: list[tuple[int, float, int]] = []  # non-fatal XIDs: gpu, s, code (DCGM keeps the last one)
    other = nd.host_total * (0.30 + 0.1 * smooth(rng.normal(0, 1, T), 120))
    rss_base = 48 * GIB if nd.host_total < 1024 * GIB else 96 * GIB
    rss = np.full(T, float(rss_base))
    grown = np.zeros(T)  # (s146) the part of the RSS a leak added (its API server's own series; no draw)
    stoff = np.zeros(T, bool)  # (s146) the serving process exports no vllm:* series (`stats_off`)
    ev: list[Event] = []
    starts: list[float] = []
    readies: list[float] = []
    loads: list[float] = []
    pid = [int(rng.integers(3000, 90000))]

    def proc_start(t: float) -> None:
        pid[0] += int(rng.integers(50, 900))
        ev.append((t, "host", None, "process_start", {"pid": pid[0], "process": "vllm"}))
        starts.append(t)

    def restart(stop: float, start: float, ready: float | None, drain: bool = False) -> None:
        state[int(stop):int(start)] = 0
        if start < T:
            proc_start(start)
        if ready is None:
            state[int(start):] = 0
            return
        state[int(start):int(ready)] = 1
        readies.append(ready)
        loads.append(start)
        if drain:  # planned: the gateway stopped routing to it first
            drained[int(stop) - 30:int(ready)] = True

    hang = np.zeros(T, bool)  # the engine core is stuck: the API server answers, nothing is served
    absent = np.zeros(T, bool)  # the node is gone from the cluster (and from every scrape config)
    orphan: tuple[int | None, int] | None = None  # (gpu, stop s) of a worker that never exits
    asleep, wakes = np.zeros(T, bool), []  # (s90) level-1 sleep: process up, weights on the host, pool freed
    nvoff: list[tuple[float, float]] = []  # (s102) windows in which the agent's NVML collector is blocked
    gsp: float | None = None  # (s102) s from which the node's NVML/DCGM calls hang behind a dead GSP
    host_off: float | None = None  # (s151) s from which the agent's host collector sends nothing
    swap, hot = np.zeros(T), np.zeros(T)  # (s173) swapped-out bytes of the serving process; those of a leak
    lens: dict[float, float] = {}  # (s174) process start s -> s its weights take to load (absent: 100 s)
    prej = np.zeros(T, bool)  # (s176) Prometheus rejects the node's vLLM scrapes (over its sample limit)
    wleak = np.zeros(T)  # (s182) host memory the serving container's worker processes leaked (not its RSS)
    api_from: float | None = None  # (s182) s from which the agent's proc_rss_bytes is the API server's alone
    mcl: list[tuple[float, float]] = []  # (s188) (from s, bytes): the serving container's memory limit
    mcg: list[tuple[float, float, float]] = []  # (s188) (staging start s, OOM kill s, limit) per fatal reload
    fmf: list[tuple[float, float]] = []  # (s190) (start s, exit s) of each container that fails its CUDA init
    kur: list[dict[str, Any]] = []  # (s205) each kured reboot's timeline (`kured_times`)
    for f in fl:
        s0, s1 = int(f.start * 60), T if f.end is None else int(f.end * 60)
        if f.kind in ("warmup", "operator_restart", "spec_on", "pool_cfg", "model_swap",
                      "draft_swap", "prefix_off"):  # drained restarts
            restart(s0, s0 + 30, s0 + 130, drain=True)
        elif f.kind == "hang":  # NCCL's watchdog (600 s) kills the stuck worker; kubelet restarts the pod
            hang[s0:s0 + HANG_S] = True
            restart(s0 + HANG_S, s0 + HANG_S + 10, s0 + HANG_S + 110)
        elif f.kind in ("xid79", "group_down"):  # group_down: the other node of a multi-node instance
            if f.kind == "xid79":
                assert f.gpu is not None
                alive[f.gpu, s0:] = False
                ev.append((s0 + 0.2, "nvml", f.gpu, "xid",
                           {"xid": 79, "message": "GPU has fallen off the bus."}))
            restart(s0 + 25, s0 + 35, None)  # NCCL timeout kills the server; the pod then crash-loops
            k, gap = s0 + 35, 10
            while k + gap < T:
                k, gap = k + gap, min(2 * gap, 300)
                proc_start(k)
        elif f.kind in ("nic_flap", "flap_peer"):  # (s223) the pipeline's RDMA link down: its collectives
            for a, b, _ in f.runs:  # stall until NCCL's retries run out, the engine dies, and the
                ca = a * 60 + NCCL_IB_S  # LeaderWorkerSet recreates both pods once the link is up (no draw
                hang[int(a * 60):int(ca)] = True  # but the pids)
                st = max(ca + 5 + LWS_S, b * 60 + 5)
                restart(ca + 5, st, st + L405_S)
        elif f.kind == "group_restart":  # (s223) a multi-node instance drained and deleted at f.start (no
            assert f.end is not None  #      pod, no scrape target), recreated at f.end (no draw but the pid)
            scraped[s0:s1] = False
            restart(s0, s1, s1 + L405_S, drain=True)
        elif f.kind == "gsp_hang":  # (s102) XID 119: GPU f.gpu's GSP firmware stops answering driver RPCs
            assert f.gpu is not None
            bus, wpid = f"{0x18 + 0x11 * f.gpu:02X}", int(rng.integers(100000, 4000000))
            head = f"NVRM: Xid (PCI:0000:{bus}:00): "
            for dx, code, txt in (
                    (0.3, 119, f"119, pid={wpid}, name=VLLM::Worker_DP1, Timeout after 6s of waiting for RPC "
                               f"response from GPU{f.gpu} GSP! Expected function 76 (GSP_RM_CONTROL) "
                               "(0x20800a6a 0x4)."),
                    (6.3, 119, f"119, pid={wpid}, name=VLLM::Worker_DP1, Timeout after 6s of waiting for RPC "
                               f"response from GPU{f.gpu} GSP! Expected function 10 (FREE) "
                               "(0x5c000009 0x0)."),
                    (12.5, 154, "154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot "
                                "Required)")):
                ev.append((s0 + dx, "nvml", f.gpu, "xid", {"xid": code, "message": head + txt}))
            gsp = s0 + GSP_STALL  # every NVML call (the agent's, dcgm's) on the node blocks from here on
            nvoff.append((gsp, float(T)))
            hang[s0:s0 + HANG_S] = True  # its TP group's collective never returns: NCCL's watchdog kills
            restart(s0 + HANG_S, s0 + HANG_S + 10, None)  # the server; each new one fails its CUDA init
            k, gap = s0 + HANG_S + 10, 10
            while k + gap < T:
                k, gap = k + gap, min(2 * gap, 300)
                proc_start(k)
        elif f.kind == "cold_load":  # (s174) a drained restart on a node whose model cache is empty: the
            restart(s0, s0 + 30, s0 + 30 + f.rate, drain=True)  # weights stream from the object store
            lens[s0 + 30.0] = f.rate
        elif f.kind == "probe_loop":  # (s174) the same, slower than the startup probe allows: kubelet kills
            drained[s0 - 60:] = True  # each container PROBE_S after its start and restarts it 10 s later (no
            state[s0 - 30:] = 0  #        draw but the pids); the gateway drained it 30 s before the stop
            ka = float(s0)
            while ka < T:
                proc_start(ka)
                state[int(ka):int(ka + PROBE_S)] = 1
                loads.append(ka)
                lens[ka] = f.rate
                ka += PROBE_S + 10
        elif f.kind == "prom_reject":  # (s176) no draw
            prej[s0:s1] = True
        elif f.kind == "sd_lost":  # (s189) in no scrape config any more: no target, no series (no draw)
            scraped[s0:] = False
        elif f.kind == "fm_down":  # (s190) Fabric Manager down: the CUDA work aborted, each new container
            assert f.end is not None  # dies in its CUDA init; the first start once it runs again serves
            fails, ok_at = fm_attempts(float(s0), f.end * 60, f.end * 60 + f.rate if f.rate else None)
            state[s0 + 1:int(min(ok_at, T))] = 0
            for a, b in fails:
                if a < T:
                    proc_start(a)
                state[int(a):int(b)] = 1
            fmf += fails
            if ok_at < T:
                restart(ok_at, ok_at, ok_at + 100)
        elif f.kind == "kured":  # (s205) drained and rebooted by kured; the vLLM pod's replacement is Pending
            ku = kured_times(f)  #   (no GPU to schedule it on) until the driver container's build loads the
            dr, rb, bk = int(ku["drain"]), int(ku["reboot"]), int(ku["back"])  # driver (draws only the pid)
            reach[rb:bk] = False
            drained[dr:int(ku["ready"])] = True
            scraped[dr + 30:int(ku["start"])] = False  # no pod IP: no scrape target, no TargetDown
            restart(dr + 30, ku["start"], ku["ready"])
            nvoff.append((float(bk), ku["gpu_ok"]))  # the agent's nvmlInit(): NVMLError_LibraryNotFound
            kur.append(ku)
        elif f.kind == "reimage":  # (s187) drained; the node reboots into a new OS image (BOOT_S of silence);
            reach[s0:s0 + BOOT_S] = False  # the wiped model cache: the weights are fetched (f.rate s) first
            restart(s0, s0 + BOOT_S + 45 + f.rate, s0 + BOOT_S + 145 + f.rate, drain=True)
        elif f.kind == "memcg_limit":  # (s188) each reload asked of it meets the container's memory limit
            lim = f.rate * GIB
            for r, _, _ in f.runs:  # staging in pinned memory from r - 90 s (as `reload`), STAGE_GIB in 30
                r0 = r * 60 - 90  #   s: the cgroup's OOM killer fires as the staged part reaches the limit
                kill = r0 + 30.0 * (lim - rss_base) / (STAGE_GIB * GIB)
                mcg.append((r0, kill, lim))
                ev.append((kill + 0.3, "host", None, "oom_kill", {"pid": pid[0], "process": "vllm"}))
                restart(kill, kill + 10, kill + 110)  # kubelet's first back-off (it ran > 10 min since)
            mcl.append((float(s0), lim))
        elif f.kind == "split_rss":  # (s182) no draw
            api_from = float(s0)
        elif f.kind == "worker_leak":  # (s182) the TP workers' host memory: host used, not the tracked RSS;
            g0, rate = s0, f.rate / 60 * nd.host_total  # at 98.5 % the kernel kills a worker, the engine
            while g0 < T:  #                              core shuts down, the API server exits, kubelet
                grow = rate * np.clip(N - g0, 0, None)
                over = np.nonzero((g0 <= N) & (other + rss_base + grow >= 0.985 * nd.host_total))[0]
                kill = int(over[0]) if len(over) else T
                wleak[g0:kill] += grow[g0:kill]
                if kill >= T:
                    break
                wpid = pid[0] + int(rng.integers(40, 400))
                ev.append((kill + 0.4, "host", None, "oom_kill", {"pid": wpid, "process": WORKER_COMM}))
                restart(kill + 2, kill + 17, kill + 117)
                g0 = kill + 117
        elif f.kind == "nvml_hang":  # (s102) the agent's NVML collector blocked (the agent's own bug)
            nvoff.append((float(s0), float(s1)))
        elif f.kind == "partition":
            reach[s0:s1] = False
        elif f.kind == "spool":  # the agent cannot reach the broker: it keeps collecting into its spool
            spool[s0:s1] = True
        elif f.kind == "side_xid":
            side_xid(rng, f, ev, side, xids)
        elif f.kind == "dcgm_crash":  # dcgm-exporter's container hits its memory limit: a cgroup OOM kill
            for a, _, _ in f.runs:
                xpid = int(rng.integers(3000, 4000000))
                ev.append((a * 60 + 0.3, "host", None, "oom_kill", {"pid": xpid, "process": "dcgm-exporter"}))
        elif f.kind == "side_oom":  # (s143) a log-shipper sidecar hits its container memory limit: cgroup OOM
            for a, _, _ in f.runs:  # kills of that process only (kubelet restarts it; no record of its own)
                xpid = int(rng.integers(3000, 4000000))
                ev.append((a * 60 + 0.3, "host", None, "oom_kill",
                           {"pid": xpid, "process": f.proc or "fluent-bit"}))
                if f.inpath and f.proc:  # (s154) kubelet restarts the proxy's container (no draw)
                    ev.append((a * 60 + PROXY_DOWN, "host", None, "process_start",
                               {"pid": xpid + 211, "process": f.proc}))
        elif f.kind == "evict":  # the pod is evicted (node drained): its vLLM and its scrape target are gone
            state[s0:], scraped[s0:], drained[s0:] = 0, False, True
        elif f.kind == "arrive":  # a rescheduled pod lands on this spare node: no vLLM before it
            state[:s0], scraped[:s0] = 0, False
            restart(s0, s0, s0 + 100)
        elif f.kind == "ecc_xid":
            for _t, c in ecc_xid(rng, f, ev, xids):  # a contained uncorrectable error kills the server
                restart(c, c + 10, c + 110)
        elif f.kind == "nvlink_xid":  # a fatal NVLink error: the TP group's next collective fails
            nvlink_xid(rng, f, ev, xids)
            restart(s0 + 2, s0 + 12, s0 + 112)  # cudaErrorNvlinkUncorrectable: the server exits, restarts
        elif f.kind == "absent":  # the cluster autoscaler deleted the node: no agent, no scrape target
            reach[s0:] = False
            absent[s0:] = True
        elif f.kind == "node_crash":  # kernel panic: watchdog reboot; the agent and kubelet come back
            reach[s0:s0 + BOOT_S] = False
            restart(s0, s0 + BOOT_S + 45, s0 + BOOT_S + 145)
        elif f.kind == "oom_crash":  # torch.OutOfMemoryError: the server exits; kubelet restarts it after
            for c, b, _ in f.runs:  # its back-off, and the weights load again
                restart(c * 60, b * 60, b * 60 + 100)
        elif f.kind == "spec_residue" and f.runs:  # (s112) the residue's CUDA OOM kills the engine; as
            for k, (c, b, _) in enumerate(f.runs):  # `restart`, but with no draw (pids are counted on), so
                state[int(c * 60):int(b * 60)] = 0  # the draws that follow do not depend on the crashes
                if b * 60 < T:
                    pid[0] += 211 + 37 * k
                    ev.append((b * 60, "host", None, "process_start", {"pid": pid[0], "process": "vllm"}))
                    starts.append(b * 60)
                state[int(b * 60):int(b * 60 + 100)] = 1
                readies.append(b * 60 + 100)
                loads.append(b * 60)
        elif f.kind == "cpu_starve":  # (s113) read by `collect` (agent rounds) and `gpu_series` (no draw)
            nd.o.setdefault("starve", []).append((float(s0), float(s1)))
        elif f.kind == "orphan":  # the old worker on f.gpu never exits; each new process fails its memory
            #                       check before loading weights (no extra random draw)
            drained[s0 - 30:] = True
            restart(s0, s0 + 30, None)
            k, gap = s0 + 30, 10
            while k < T:
                state[k:k + 25] = 1  # imports and worker start-up, then the free-memory check fails
                k, gap = k + 25 + gap, min(2 * gap, 300)
                if k < T:
                    proc_start(k)
            orphan = (f.gpu, s0)
        elif f.kind == "gpu_reset":  # drained, GPU reset (~20 s off NVML/DCGM), pod back at f.end
            assert f.gpu is not None and f.end is not None
            alive[f.gpu, s0 + 60:s0 + 80] = False
            scraped[s0:s1] = False  # the evicted pod is Pending (pinned to this node): no target until then
            restart(s0, s1, s1 + 100, drain=True)
        elif f.kind == "scrape_block":
            blocked[s0:s1] = True
        elif f.kind == "sleep":  # (s90) weights to pinned host memory; an eval Job on the GPUs meanwhile
            for a, b, _ in f.runs:
                a, b = int(a * 60), int(b * 60)
                asleep[a:b], drained[a - 30:b] = True, True
                wakes.append(float(b))
                rss += MODELS[nd.model][0] * GIB * np.interp(N, [a, a + 20, b, b + 20], [0, 1, 1, 0], 0, 0)
                side.extend((g, a + 40.0, b - 40.0, EVAL_MIB) for g in range(nd.n_gpu))
        elif f.kind == "join":  # (s91) a node the autoscaler adds: nothing of it exists before
            reach[:s0], absent[:s0], scraped[:s0 + int(JOIN_PULL)] = False, True, False
            drained[:s0 + int(JOIN_PULL + JOIN_LOAD)] = True
            state[:s0] = 0
            restart(s0, s0 + JOIN_PULL, s0 + JOIN_PULL + JOIN_LOAD)
        elif f.kind == "drv_roll":  # (s93) drained, pod stopped for the driver swap, back after 5 min
            scraped[s0:s0 + 300] = False
            restart(s0, s0 + 300, s0 + 400, drain=True)
        elif f.kind == "gpu_burn":  # (s213) cordoned and drained for a validation Job: the vLLM pod evicted
            assert f.end is not None  # 30 s later (no scrape target), back 30 s after the uncordon at f.end
            e0 = int(f.end * 60)
            scraped[s0 + 30:e0 + 30] = False
            restart(s0 + 30, e0 + 30, e0 + 130, drain=True)
            bon = nd.o.setdefault("burn_on", np.zeros(T, bool))  # the Job's gpu-burn on every GPU
            bon[int(f.runs[0][0] * 60):e0] = True
        elif f.kind == "checkpoint_load":
            rss += 24 * GIB * np.interp(N, [s0, s0 + 30, s0 + 120, s0 + 150], [0, 1, 1, 0], 0, 0)
        elif f.kind == "reload":  # (s83) shards staged through host memory; then the prefix cache is reset
            for r in reload_times([f], T):
                rss += 24 * GIB * np.interp(N, [r - 90, r - 60, r + RELOAD_PAUSE, r + RELOAD_PAUSE + 20],
                                            [0, 1, 1, 0], 0, 0)
                if nd.kv_events:
                    ev.append((r + RELOAD_PAUSE + 0.2, "vllm", None, "kv_all_cleared", {}))
        elif f.kind == "stats_off":  # (s146) started with --disable-log-stats: /metrics up, no engine stats
            stoff[s0:] = True
        elif f.kind == "host_blind":  # (s151) the agent's host collector stops (its reads of /proc and
            host_off = f.start * 60  # /dev/kmsg refused after a hardening run); no draw
        elif f.kind == "compact":  # (s152) a cron drops the idle session contexts and resets the prefix cache
            if nd.kv_events:
                ev.append((f.start * 60 + 0.2, "vllm", None, "kv_all_cleared", {}))
        elif f.kind == "poison":  # (s170) a request that crashes the engine wherever the gateway sends it
            assert f.gpu is not None
            bus = f"{0x18 + 0x11 * f.gpu:02X}"
            for c, b, codes in f.runs:
                wpid = int(rng.integers(100000, 4000000))
                for k, code in enumerate(codes):
                    tx = c * 60 + 0.05 * k
                    msg = (f"NVRM: Xid (PCI:0000:{bus}:00): {code}, pid={wpid}, name=VLLM::Worker_TP{f.gpu}, "
                           f"{XID_TEXT[code]}")
                    ev.append((tx, "nvml", f.gpu, "xid", {"xid": code, "message": msg}))
                    xids.append((f.gpu, tx, code))
                restart(c * 60 + 1.0, b * 60, b * 60 + 100)  # CUDA error at the next sync: EngineCore dies,
                #                                              the API server exits, kubelet restarts it
        elif f.kind == "sigkill_xid":  # (s171) the driver tears down a SIGKILLed process's channels
            for g in range(nd.n_gpu):
                wpid, tx = int(rng.integers(100000, 4000000)), s0 + 0.05 + 0.02 * g
                msg = (f"NVRM: Xid (PCI:0000:{0x18 + 0x11 * g:02X}:00): 45, pid={wpid}, "
                       f"name=VLLM::Worker_TP{g}, Ch 00000010")
                ev.append((tx, "nvml", g, "xid", {"xid": 45, "message": msg}))
                xids.append((g, tx, 45))
        elif f.kind == "xid95":  # (s171) an uncontained ECC error: the GPU stays on the bus, needs a reset
            assert f.gpu is not None
            wpid = int(rng.integers(100000, 4000000))
            msg = (f"NVRM: Xid (PCI:0000:{0x18 + 0x11 * f.gpu:02X}:00): 95, pid={wpid}, "
                   f"name=VLLM::Worker_TP{f.gpu}, Uncontained: FBHUB. RST: Yes, D-RST: No")
            ev.append((s0 + 0.1, "nvml", f.gpu, "xid", {"xid": 95, "message": msg}))
            xids.append((f.gpu, s0 + 0.1, 95))
            restart(s0 + 2, s0 + 12, None)  # cudaErrorECCUncorrectable: the server exits; each new one
            k, gap = s0 + 12, 10  #               fails its CUDA init on that GPU (CrashLoopBackOff)
            while k + gap < T:
                k, gap = k + gap, min(2 * gap, 300)
                proc_start(k)
        elif f.kind in ("mon_gap", "rss_leak") and nd.swap:  # (s173) a leak on a node with swap: above
            g0, rate = s0, (f.rate or 0.03) / 60 * nd.host_total  # SWAP_CEIL its pages go to swap; the OOM
            while g0 < T:  #                                         killer once the allowance is used up
                grow = rate * np.clip(N - g0, 0, None)
                ceil = SWAP_CEIL * nd.host_total
                sw = np.maximum.accumulate(np.clip(other + rss_base + grow - ceil, 0, None) * (g0 <= N))
                over = np.nonzero((g0 <= N) & (sw >= nd.swap))[0]
                kill = int(over[0]) if len(over) else T
                rss[g0:kill] += grow[g0:kill] - sw[g0:kill]
                grown[g0:kill] += grow[g0:kill]
                swap[g0:kill] += sw[g0:kill]
                hot[g0:kill] += sw[g0:kill]
                if kill >= T:
                    break
                ev.append((kill + 0.4, "host", None, "oom_kill", {"pid": pid[0], "process": "vllm"}))
                restart(kill, kill + 15, kill + 115)
                g0 = kill + 115
        elif f.kind in ("mon_gap", "rss_leak"):
            if f.kind == "mon_gap":
                scraped[s0:] = False
            g0, rate = s0, (f.rate or 0.03) / 60 * nd.host_total  # default 3 %/min of host memory
            while g0 < T:
                grow = rate * np.clip(N - g0, 0, None)
                over = np.nonzero((g0 <= N) & (other + rss_base + grow >= 0.985 * nd.host_total))[0]
                kill = int(over[0]) if len(over) else T
                rss[g0:kill] += grow[g0:kill]
                grown[g0:kill] += grow[g0:kill]
                if kill >= T:
                    break
                ev.append((kill + 0.4, "host", None, "oom_kill", {"pid": pid[0], "process": "vllm"}))
                restart(kill, kill + 15, kill + 115)
                g0 = kill + 115
    for st in loads:  # weights staged through host memory while loading
        dt = N - st
        if st in lens:  # (s174) streamed: the streamer's read buffers are full for the whole load (or until
            ln = lens[st]  #   the startup probe kills the container)
            bump = np.interp(dt, [0, 30, ln - 40, ln - 30], [0.3, 0.6, 0.6, 0])
            rss += np.where((dt >= 0) & (dt < min(ln, PROBE_S)), bump, 0) * 40 * GIB
            continue
        bump = np.interp(dt, [0, 60, 100, 110], [0.3, 1, 0.2, 0])
        rss += np.where((dt >= 0) & (dt < 110), bump, 0) * 40 * GIB
    for a, lim in mcl:  # (s188) the weights' mapped page cache is reclaimed within the cgroup at its limit
        rss = np.where(a <= N, np.minimum(rss, lim - 0.4 * GIB), rss)
    for r0, kill, lim in mcg:  # (s188) pinned staging cannot be reclaimed: it meets the limit at the kill
        x = (r0 <= N) & (kill > N)
        rss = np.where(x, rss_base + (lim - rss_base) * (N - r0) / max(kill - r0, 1.0), rss)
    for a, b in fmf:  # (s190) a container that dies in its CUDA init loads no weights: its imports only
        rss[int(a):int(b)] = np.minimum(rss[int(a):int(b)], 3.2 * GIB)
    rss[state == 0] = 0
    if wleak.any():  # (s182) the workers' leak: in the node's memory, outside the process the agent tracks
        other = other + wleak
    for f in (f for f in fl if f.kind == "offload"):  # (s82) a sidecar's memory: host used, not the RSS
        other = other + offload_mem(rng, nd, f, T, other + rss, ev)
    for f in (f for f in fl if f.kind == "daemon_leak"):  # (s180) after every other kind's restarts
        other = other + daemon_oom(nd, f, T, other, rss, state, ev, readies, pid, float(rss_base), proc_start)
    for f in (f for f in fl if f.kind == "hugepages"):  # (s204) huge pages taken over 90 s, freed at f.end:
        h0, h1 = int(f.start * 60), T if f.end is None else int(f.end * 60)  # the kernel kills the serving
        hp = f.rate * nd.host_total * np.clip((N - h0) / 90.0, 0.0, 1.0) * ((h0 <= N) & (h1 > N))  # process
        other = other + daemon_oom(nd, f, T, other, rss, state, ev, readies, pid, float(rss_base), proc_start,
                                   hp)  # as for a daemon's memory
    if nd.worker_of:  # a worker pod runs no API server: no vLLM target to scrape
        scraped[:] = False
    nd.o.update(state=state, drained=drained, ev=ev, starts=starts, readies=readies, reach=reach, alive=alive,
                scraped=scraped, blocked=blocked, rss=rss, host_used=other + rss)
    nd.o["col"] = reach | spool if spool.any() else reach  # the agent collects (what it sends may wait)
    if side or xids:
        nd.o.update(side=side, xids=xids)
    if hang.any():
        nd.o["hang"] = hang
    if absent.any():
        nd.o["absent"] = absent
    if orphan is not None:
        nd.o["orphan"] = orphan
    if asleep.any():
        nd.o.update(asleep=asleep, wakes=wakes)
    if nvoff:
        nd.o["nvml_off"] = nvoff
    if gsp is not None:
        nd.o["gsp"] = gsp
    if grown.any():
        nd.o["rss_grown"] = grown
    if lens:  # (s174)
        nd.o["load_len"] = lens
    if prej.any():  # (s176)
        nd.o["prom_rej"] = prej
    if fmf:  # (s190)
        nd.o["fm_fail"] = fmf
    if kur:  # (s205) no dcgm-exporter from the reboot until the operands run; the driver pod's attempts
        nd.o["dcgm_off"] = [(k["reboot"], k["gpu_ok"]) for k in kur]
        nd.o["kured"] = kur
    if api_from is not None:  # (s182)
        nd.o["api_from"] = api_from
    if stoff.any():
        nd.o["stats_off"] = stoff
    if host_off is not None:
        nd.o["host_off"] = host_off
    if any(f.kind in ("embed", "embed_reindex", "embed_leak") for f in fl):  # (s101) no random draw
        nd.o["colo"] = colo_mem(nd, fl, T)
    for f in (f for f in fl if f.kind == "model_swap"):  # (s68) the new process serves another model
        nd.o["swap"] = (f.start * 60 + 30, f.model)
    ipx = next((f.proc for f in fl if f.inpath and f.proc), None)  # (s154) an in-path proxy sidecar (no draw)
    if ipx is not None:
        kills = sorted(t for t, _, _, n_, a in ev if n_ == "oom_kill" and a["process"] == ipx)
        pdown = np.zeros(T, bool)
        for kt in kills:  # nothing listens on the pod's port until its container is back
            pdown[int(kt):int(kt + PROXY_DOWN)] = True
        nd.o.update(proxy_down=pdown, proxy_kills=kills, proxy_name=ipx)
    pc = [f for f in fl if f.kind == "page_cache"]
    if pc:  # (s65) clean page cache a writer fills (MemTotal - MemFree, not RSS; reclaimable, so not in
        #     MemAvailable), up to the kernel's watermarks: kswapd then trims the oldest pages; no random draw
        cache = sum(f.rate * nd.host_total / 60 * np.clip(N - f.start * 60, 0, ((f.end or f.start) - f.start)
                                                          * 60) for f in pc)
        nd.o["cache"] = np.clip(np.minimum(cache, 0.975 * nd.host_total - nd.o["host_used"]), 0, None)
        for f in (f for f in fl if f.kind == "swap_cold"):  # (s173) when the cache first meets the
            full = np.nonzero(cache >= 0.975 * nd.host_total - nd.o["host_used"])[0]  # watermarks, kswapd
            if len(full):  # swaps out cold anonymous pages too (swappiness 60), which the cache takes over
                cold = f.rate * GIB * np.clip((N - full[0]) / 180.0, 0.0, 1.0) * (nd.o["state"] > 0)
                swap += cold
                nd.o["rss"] = nd.o["rss"] - cold
                nd.o["host_used"] = nd.o["host_used"] - cold
                nd.o["cache"] = np.clip(np.minimum(cache, 0.975 * nd.host_total - nd.o["host_used"]), 0, None)
    if swap.any():  # (s173)
        nd.o.update(swapped=swap, swap_hot=hot)


def fm_attempts(s0: float, fix: float, dl: float | None) -> tuple[list[tuple[float, float]], float]:
    """(s190) The containers kubelet starts on a node whose Fabric Manager died at s0 (s) and runs again from
    `fix` (s): the serving process exits 1 s after s0 and kubelet's first delay is 10 s, then each attempt
    lives FM_FAIL_S s and CrashLoopBackOff doubles the delay (10 s to 300 s). Returns the failed attempts'
    (start, exit) and the start of the first one that comes up: the first at or after `fix`, or the pod's
    replacement at `dl` (the pod deleted) if that is sooner. No draw."""
    fails: list[tuple[float, float]] = []
    k, gap = s0 + 11.0, 10.0
    while k < fix and (dl is None or k < dl):
        fails.append((k, k + FM_FAIL_S if dl is None else min(k + FM_FAIL_S, dl)))
        k, gap = k + FM_FAIL_S + gap, min(2 * gap, 300.0)
    return fails, k if dl is None else min(k, dl)


def kured_times(f: Fault) -> dict[str, Any]:
    """(s205) The timeline (s) of a node kured drains at f.start: the reboot 60 s later (the vLLM pod's
    30-s grace, the drain's end), the agent collecting again BOOT_S after it, the GPU operator's driver
    container's attempts (its first DRV_START s after that; each fails after DRV_FAIL_S until the package
    mirror has the running kernel's headers at f.end, None: at once, and kubelet restarts it after
    CrashLoopBackOff's delays, 10 s doubling to 300 s), the attempt that builds (DRV_BUILD_S) and the
    operands' validation (DRV_VALID_S): the GPUs allocatable (`gpu_ok`); the vLLM pod scheduled there 15 s
    later, its process started and ready 100 s after (the weights from the node's NVMe cache). No draw."""
    drain = f.start * 60
    reboot, back = drain + 60.0, drain + 60.0 + BOOT_S
    fix = back if f.end is None else max(f.end * 60, back)
    k, gap, fails = back + DRV_START, 10.0, []
    while k < fix:
        fails.append(k)
        k, gap = k + DRV_FAIL_S + gap, min(2 * gap, 300.0)
    gpu_ok = k + DRV_BUILD_S + DRV_VALID_S
    return {"drain": drain, "reboot": reboot, "back": back, "fails": fails, "build": k, "gpu_ok": gpu_ok,
            "start": gpu_ok + 15.0, "ready": gpu_ok + 115.0}


def daemon_oom(nd: Node, f: Fault, T: int, other: Arr, rss: Arr, state: Arr, ev: list[Event],
               readies: list[float], pid: list[int], rss_base: float, proc_start: Callable[[float], None],
               dmem: Arr | None = None) -> Arr:
    """(s180) Host memory (bytes per second) of a daemon the OOM killer may not pick (oom_score_adj -1000, as
    endpoint-security sensors set for themselves): it grows f.rate of host memory a minute from f.start
    until it is stopped at f.end, which frees it. Whenever host memory in use (`other` + the daemon + the
    serving process's `rss`) meets 98.5 %, the kernel kills the serving process, the largest killable one
    (host `oom_kill` of `vllm`; its RSS is freed), and kubelet restarts its container after
    CrashLoopBackOff's back-off (10 s, doubling to 300 s; 10 s again after a run of 10 min). A new process's
    RSS climbs over RSS_RAMP s to its level plus the weights' staging buffers, so while the daemon holds the
    memory each new process is killed in its load. Updates `rss` and `state` (from each start on: loading
    100 s, then serving), `ev` and `readies` (a ready only for a process that reaches it) in place; draws
    only the new pids (`proc_start`). (s204) `dmem`: the memory (bytes per second) to use instead (a huge-page
    reservation)."""
    N = np.arange(T)
    s0, s1 = int(f.start * 60), T if f.end is None else int(f.end * 60)
    if dmem is None:
        dmem = np.where((s0 <= N) & (s1 > N), f.rate * nd.host_total / 60 * (N - s0), 0.0)
    limit, up_since, backoff, cand = 0.985 * nd.host_total, -math.inf, 0.0, []
    for s in range(s0, T):
        if state[s] == 0 or other[s] + dmem[s] + rss[s] < limit:
            continue
        ev.append((s + 0.4, "host", None, "oom_kill", {"pid": pid[0], "process": "vllm"}))
        backoff = 10.0 if s - up_since >= 600 else min(2 * backoff, 300.0)
        a = int(s + backoff)
        state[s:a], rss[s:a] = 0, 0.0
        if a >= T:
            break
        proc_start(float(a))
        dt = N[a:] - a
        state[a:] = np.where(dt < 100, 1, 2)
        bump = np.interp(dt, [0, 60, 100, 110], [0.3, 1, 0.2, 0]) * 40 * GIB * (dt < 110)
        rss[a:] = (rss_base + bump) * np.clip(dt / RSS_RAMP, 0.05, 1.0)
        up_since = float(a)
        cand.append(a + 100.0)
    readies += [r for r in cand if r < T and state[int(r)] == 2]
    return dmem


def offload_mem(rng: np.random.Generator, nd: Node, f: Fault, T: int, base: Arr, ev: list[Event]) -> Arr:
    """(s82) Host memory (bytes) a KV-offload cache server holds: a sidecar container of the vLLM pod, its
    own process (not in the serving process's RSS). From f.start it fills with the KV blocks the GPU pool
    evicts at f.rate of host memory per min up to its configured f.cap, where LRU eviction holds it. With
    `f.evict` False evicted chunks are never freed: it grows on until host used (`base` + it) reaches 98.5 %,
    where the kernel OOM killer kills the largest process, this server (host `oom_kill`); kubelet restarts it
    20 s later, empty."""
    N, out = np.arange(T), np.zeros(T)
    g0, rate, cap = int(f.start * 60), f.rate * nd.host_total / 60, f.cap * nd.host_total
    while g0 < T:
        grow = rate * np.clip(N - g0, 0, None)
        if f.evict:
            grow = np.minimum(grow, cap)
        over = np.nonzero((g0 <= N) & (base + grow >= 0.985 * nd.host_total))[0]
        kill = int(over[0]) if len(over) else T
        out[g0:kill] = grow[g0:kill]
        if kill >= T:
            break
        pid = int(rng.integers(3000, 4000000))
        ev.append((kill + 0.4, "host", None, "oom_kill", {"pid": pid, "process": f.proc or "lmcache-server"}))
        g0 = kill + 20
        if g0 < T:
            ev.append((g0 + 0.1, "host", None, "process_start",
                       {"pid": pid + int(rng.integers(50, 900)), "process": f.proc or "lmcache-server"}))
    return out


def colo_mem(nd: Node, fl: list[Fault], T: int) -> tuple[Arr, Arr]:
    """(s101) MiB and utilization (%) per GPU of a small embedding server co-located beside the chat engine on
    GPU f.gpu (`embed`: EMB_MIB, +4 %, all along). `embed_reindex` (f.start to f.end): a re-index's large
    batches: EMB_STEP more every 3 min from f.start until f.end - 10 min, +30 %, freed over 20 s at f.end - 3
    min (the job's end). `embed_leak`: from f.start f.rate MiB/min that is never freed. No random draw."""
    N = np.arange(T, dtype=float)
    mem, util = np.zeros((nd.n_gpu, T)), np.zeros((nd.n_gpu, T))
    for f in fl:
        assert f.gpu is not None or f.kind not in ("embed", "embed_reindex", "embed_leak")
        s0 = f.start * 60
        if f.kind == "embed":
            mem[f.gpu] += EMB_MIB
            util[f.gpu] += 4.0
        elif f.kind == "embed_reindex" and f.end is not None:
            e0, e1 = f.end * 60 - 600, f.end * 60 - 180  # last step, the job's end
            steps = np.floor(np.clip(N - s0, 0, e0 - s0) / 180.0) + 1
            on = (s0 <= N) & (e1 + 20 > N)
            fade = np.clip(1 - (N - e1) / 20.0, 0, 1)
            mem[f.gpu] += np.where(on, EMB_STEP * steps * fade, 0.0)
            util[f.gpu] += np.where(on & (e1 > N), 30.0, 0.0)
        elif f.kind == "embed_leak":
            mem[f.gpu] += f.rate / 60.0 * np.clip(N - s0, 0, None)
    return mem, util


def reload_times(fl: list[Fault], T: int) -> list[float]:
    """(s83) Seconds at which a canary pauses to swap in a new checkpoint: every f.rate min from f.start to
    f.end (or the end). No random draw."""
    out: list[float] = []
    for f in (f for f in fl if f.kind == "reload"):
        r, end = f.start * 60, T if f.end is None else f.end * 60
        while r < end - RELOAD_PAUSE:
            out.append(r)
            r += (f.rate or RELOAD_EVERY) * 60
    return sorted(out)


XID_TEXT = {13: "Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address",
            31: "Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_4 faulted @ "
                "0x7f2c_1a5c0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
            43: "Ch 00000018"}


def side_xid(rng: np.random.Generator, f: Fault, ev: list[Event], side: list[tuple[int, float, float, float]],
             xids: list[tuple[int, float, int]]) -> None:
    """Another CUDA process on GPU f.gpu (time-sliced beside vLLM) that crashes with application XIDs.

    Each attempt (start, crash, codes) holds f.rate MiB while it runs; at the crash the driver logs the
    codes 50 ms apart (the kernel log names the process); NVML reports them as `xid` events. The GPU stays
    on the bus and the serving engine on it is untouched (its own CUDA context)."""
    assert f.gpu is not None
    bus = f"{0x18 + 0x11 * f.gpu:02X}"
    for a, b, codes in f.runs:
        pid = int(rng.integers(100000, 4000000))
        side.append((f.gpu, a * 60, b * 60, f.rate))
        for k, code in enumerate(codes):
            t = b * 60 + 0.05 * k
            msg = f"NVRM: Xid (PCI:0000:{bus}:00): {code}, pid={pid}, name=python3, {XID_TEXT[code]}"
            ev.append((t, "nvml", f.gpu, "xid", {"xid": code, "message": msg}))
            xids.append((f.gpu, t, code))


def nvlink_xid(rng: np.random.Generator, f: Fault, ev: list[Event], xids: list[tuple[int, float, int]]
               ) -> None:
    """XID 74 on GPU f.gpu: a fatal NVLink error on one of its links. The GPU stays on the bus, but its
    links stay down until a GPU reset; the vLLM worker's in-flight all-reduce fails
    (cudaErrorNvlinkUncorrectable)."""
    assert f.gpu is not None
    bus, pid = f"{0x18 + 0x11 * f.gpu:02X}", int(rng.integers(100000, 4000000))
    msg = (f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={pid}, name=VLLM::Worker_DP0, NVLink: fatal error "
           "detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")
    ev.append((f.start * 60 + 0.1, "nvml", f.gpu, "xid", {"xid": 74, "message": msg}))
    xids.append((f.gpu, f.start * 60 + 0.1, 74))


def ecc_xid(rng: np.random.Generator, f: Fault, ev: list[Event], xids: list[tuple[int, float, int]]
            ) -> list[tuple[float, float]]:
    """ECC errors in GPU f.gpu's HBM that leave it on the bus; each of f.runs is (minute, -, XIDs logged).

    XID 94 (a contained uncorrectable error) kills the CUDA process that touched the row (a vLLM worker; the
    server exits ~1.5 s later); XID 63 means the row remapper recorded the row, remapped at the next GPU
    reset. Returns (error s, server exit s) per run with XID 94. The row counters are kept in f.runs."""
    assert f.gpu is not None
    bus, out = f"{0x18 + 0x11 * f.gpu:02X}", []
    for a, _, codes in f.runs:
        pid, t = int(rng.integers(100000, 4000000)), a * 60
        for k, code in enumerate(codes):
            tx = t + 0.05 * k
            if code == 63:
                msg = (f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, "
                       "Row Remapper: New "
                       f"row (0x{int(rng.integers(1 << 24, 1 << 30)):016x}) marked for remapping, "
                       "reset gpu to "
                       "activate.")
            elif code == 64:  # (s153) the row's bank has no spare row left: it cannot be remapped
                row = int(rng.integers(1 << 24, 1 << 30))
                msg = (f"NVRM: Xid (PCI:0000:{bus}:00): 64, pid='<unknown>', name=<unknown>, "
                       f"Row Remapper Error: failed to mark row (0x{row:016x}) for remapping, no spare row "
                       "left in its bank.")
            else:
                msg = (f"NVRM: Xid (PCI:0000:{bus}:00): {code}, pid={pid}, name=VLLM::Worker_DP, "
                       "Contained: SM "
                       "(0x1). RST: No, D-RST: No")
            ev.append((tx, "nvml", f.gpu, "xid", {"xid": code, "message": msg}))
            xids.append((f.gpu, tx, code))
        if 94 in codes:
            out.append((t, t + 1.5))
    return out


def remapped(nd: Node, fl: list[Fault], g: int, t: float, m: dict[str, Any]) -> dict[str, Any]:
    """dcgm-exporter's row-remapping fields (only where `nd.remap`): rows remapped for uncorrectable errors
    (an XID 94 run) and for correctable ones (XID 63 alone); no remapping failure (XID 64) here."""
    if not nd.remap:
        return m
    runs = [codes for f in fl if f.kind == "ecc_xid" and f.gpu == g for a, _, codes in f.runs if a * 60 <= t]
    m["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"] = sum(1 for c in runs if 94 in c and 63 in c)
    m["DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS"] = sum(1 for c in runs if 94 not in c and 63 in c)
    m["DCGM_FI_DEV_ROW_REMAP_FAILURE"] = 0
    return m


def ecc_counts(nd: Node, fl: list[Fault], g: int, t: float) -> dict[str, int]:
    """(s153) The fields a custom counters CSV adds (`nd.ecc_fields`): volatile single- and double-bit ECC
    error counts since the driver loaded, whether a row remap waits for a GPU reset, and whether one failed
    (this overrides `remapped`'s 0). A healthy GPU carries 0-3 old correctable errors (no draw: from its
    name); each row marked for remapping on correctable errors alone (an `ecc_xid` run with XID 63 and no 94)
    came with ~40 of them; each contained uncorrectable error (XID 94) is one double-bit error; XID 63 sets
    the pending flag until a reset (none here); XID 64 means a remap failed. `hbm_wear` (from f.start): f.rate
    correctable errors a minute at first, the rate doubling every SBE_DOUBLE s."""
    runs = [codes for f in fl if f.kind == "ecc_xid" and f.gpu == g for a, _, codes in f.runs if a * 60 <= t]
    sbe = zlib.crc32(f"{nd.name}/{g}".encode()) % 4 + 40.0 * sum(1 for c in runs if 63 in c and 94 not in c)
    for f in (f for f in fl if f.kind == "hbm_wear" and f.gpu == g and f.start * 60 <= t):
        x = (t - f.start * 60) / SBE_DOUBLE
        sbe += f.rate / 60.0 * SBE_DOUBLE / math.log(2.0) * (2.0 ** x - 1.0)
    return {"DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": int(sbe),
            "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": sum(1 for c in runs if 94 in c),
            "DCGM_FI_DEV_ROW_REMAP_PENDING": int(any(63 in c for c in runs)),
            "DCGM_FI_DEV_ROW_REMAP_FAILURE": int(any(64 in c for c in runs))}


def kv_series(seed: int, active: Arr, fin: Arr, amp: float, leak: Arr, pinned: Arr,
              up: Arr, fref: float | None = None, scale: Arr | None = None, resets: Arr | None = None,
              keep: Arr | None = None, amps: Arr | None = None, dead: Arr | None = None,
              free: Arr | None = None) -> tuple[Arr, Arr]:
    """KV usage (0..0.995) and raw demand (may exceed 1) as pool fractions: active + held sessions.

    Held contexts grow with throughput relative to `fref` (default: the recording's mean), so with a
    pre-surge `fref` they scale with the absolute load. `scale` (None: 1) is the pool the fractions were
    computed for divided by the pool the engine has at each second (a restart with another config): the
    same tokens take a larger share of a smaller pool. (s83) `resets` (None: none): seconds at which the
    prefix cache is reset: every held context but the leaked (pinned) ones is dropped. (s147) `keep` (None:
    0.12 all along): the share of idle contexts each LRU sweep keeps, per second (a longer idle TTL). (s164)
    `amps` (None: 1 all along): the held-context amplitude's factor per second (0 once a restarted engine
    runs without prefix caching: it keeps no session context, only the leaked ones). (s193) `dead` (None:
    never): seconds in which the session sweeper is dead: no sweep, and every held context stays pinned, so
    a full pool evicts none of them. (s215) `free` (None: never): seconds at which every pinned context
    becomes an ordinary idle one: the next sweep frees it."""
    r = np.random.default_rng(seed)
    fmean = max(fref if fref is not None else float(fin[up].mean()) if up.any() else 1.0, 1e-9)
    held, leaked, nxt = amp * r.uniform(0.2, 0.8), 0.0, r.uniform(30, 300)
    use, raw = np.zeros(len(up)), np.zeros(len(up))
    for s in range(len(up)):
        if not up[s]:
            held = leaked = 0.0
            continue
        lk = leak[s] * fin[s] / fmean  # contexts of reused session ids: never reclaimed
        a_s = amp if amps is None else amp * float(amps[s])
        if scale is None:
            held += a_s / 210.0 * fin[s] / fmean + lk
        else:
            lk = lk * scale[s]
            held += a_s / 210.0 * fin[s] / fmean * scale[s] + lk
        leaked += lk
        if free is not None and free[s]:  # (s215) no longer pinned: the next sweep frees them
            leaked = 0.0
        if resets is not None and resets[s]:
            held = leaked
        if dead is not None and dead[s]:  # (s193) nothing frees them: they stay as pinned as leaked ones
            leaked = held
        elif s >= nxt:  # LRU sweep of idle sessions
            k = 0.12 if keep is None else float(keep[s])
            held, nxt = leaked + k * (held - leaked), s + r.uniform(120, 300)
        x = active[s] + held + pinned[s]
        if x > 0.99:  # pool full: evict reclaimable contexts first
            cut = min(x - 0.99, held - leaked)
            held, x = held - cut, x - cut
        raw[s], use[s] = x, min(x, 0.995)
    return use, raw


def workload(rng: np.random.Generator, e: Engine, T: int, fl: list[Fault], tr: Trace,
             spill: tuple[list[tuple[float, float]], list[tuple[float, float]], int] | None = None,
             failover: tuple[list[tuple[float, float]], list[tuple[float, float, float]]] | None = None
             ) -> dict[str, Arr]:
    """Trace arrivals plus fault-driven extra requests, and per-second modifiers.

    `spill` = (this node's drain windows, the other nodes' drain windows, number of other nodes), each
    window (drain start, ready) in s: while a peer is drained, its conversations come here (1/n of its
    load each, kind 4), and they stay for a few minutes after it is back (tau 180 s); symmetrically, this
    node gets its own conversations back only gradually after its restart.
    `failover` = (this node's drain windows, [(drain start, back in rotation, share)] of a drained peer's
    load that the gateway's hash ring moves here): the same, but the node stays up and idle, only one or two
    peers take its load, and moved sessions stay where they went until they end (tau 300 s).
    """
    N = np.arange(T)
    t, P, G = arrivals(rng, tr, e.rate, T)
    kind = np.zeros(len(t), np.int8)  # 1 long document, 2 annual report, 3 retry, 4 moved, 5 surge, 6 batch,
    #                                   7 LoRA adapter; (s70, s72) 8 full history, 9 reasoning, 10 runaway;
    #                                   (s84) 11 RAG; (s103) 12 long-form generation; (s110) 13 prober,
    #                                   14 cache-salted; (s114) 15 load test; (s150) 16 through a
    #                                   stream-cutting client SDK; (s161) 17 from a client behind a
    #                                   flaky edge proxy; (s178) 18 from a client that does not stream;
    #                                   (s183) 19 from an agent framework that sets a stop sequence;
    #                                   (s192) 24 from a harness whose parameters vLLM refuses; (s214) 38 a
    #                                   contract sent again after its client's read timeout cancelled it
    w = {"p_ab": np.full(T, 0.015), "x5xx": np.zeros(T), "leak": np.zeros(T), "pinned": np.zeros(T),
         "nodecay": np.zeros(T, bool)}
    xs: list[tuple[Arr, Arr, Arr, Arr]] = [(t, P, G, kind)]
    for f in fl:
        s0, s1 = int(f.start * 60), T if f.end is None else int(f.end * 60)
        if f.kind == "kv_leak":
            w["leak"][s0:s1] = f.leak / 6000.0
            if f.accel is not None:  # (s86) the rate grows linearly to f.accel[0] at minute f.accel[1]
                w["leak"][s0:s1] = np.interp(N[s0:s1], [s0, f.accel[1] * 60], [f.leak, f.accel[0]]) / 6000.0
        elif f.kind == "spec_residue":
            if f.abort:  # a steady interrupt rate, the same before and during the fault
                w["p_ab"][:] = f.abort
            else:
                w["p_ab"][s0:s1] = np.interp(N[s0:s1], [s0, s0 + 480], [0.015, 0.12])
            w["nodecay"][s0:s1] = True
        elif f.kind == "retry_burst":
            w["p_ab"][s0:s1], w["x5xx"][s0:s1] = 0.25, 0.06
            idx = rng.choice(np.nonzero((t >= s0) & (t < s1))[0], int(1.2 * ((t >= s0) & (t < s1)).sum()))
            xs.append((t[idx] + rng.uniform(0.5, 4, len(idx)), P[idx], G[idx], np.full(len(idx), 3, np.int8)))
        elif f.kind == "long_document":
            n = int((s1 - s0) / 60)
            if f.burst:  # f.burst documents within 90 s, every 6 min
                b0 = np.arange(s0, s1 - 200, 360.0)
                at = np.sort((b0[:, None] + rng.uniform(0, 90, (len(b0), f.burst))).ravel())
            else:
                at = np.sort(rng.uniform(s0, s1 - 90, n))
            n = len(at)
            xs.append((at, rng.uniform(40e3, 90e3, n).round(),
                       rng.uniform(800, 2000, n).round(), np.full(n, 1, np.int8)))
        elif f.kind == "annual_report":
            at = s0 + np.cumsum(rng.uniform(35, 55, 80))
            at = at[at < s1 - 20]
            prompt = 30e3 + 1.5e3 * np.arange(len(at))
            xs.append((at, prompt, rng.uniform(300, 900, len(at)).round(), np.full(len(at), 2, np.int8)))
            w["pinned"][s0:s1] = np.interp(N[s0:s1], at, prompt) / e.pool
        elif f.kind == "agent_batch":  # f.burst agent sessions, each step resending the whole context
            agent_batch(rng, f, e, N, xs, w["pinned"])
        elif f.kind == "cancels":  # clients that cancel in flight (a voice app's barge-in): steady aborts
            w["p_ab"][s0:s1] = f.abort
        elif f.kind == "pd_hold":  # (s148) prefills for a dead decode server: no decode side ever pulls their
            sel = (t >= s0) & (t < s0 + PD_EJECT) & (rng.random(len(t)) < f.rate)  # blocks, which the KV
            for a, p in zip(t[sel], P[sel], strict=True):  # connector frees at its abort timeout
                w["pinned"][int(a):int(a + PD_HOLD)] += p / e.pool
        elif f.kind == "batch_job":  # an offline batch client on the same endpoint: f.rate req/s (kind 6),
            nb = int(rng.poisson(f.rate * (s1 - s0)))  # one document each (3-8k tokens, a 300-700 summary)
            at = np.sort(rng.uniform(s0, s1, nb))
            xs.append((at, rng.uniform(3e3, 8e3, nb).round(), rng.uniform(300, 700, nb).round(),
                       np.full(nb, 6, np.int8)))
        elif f.kind == "surge":  # extra users: the same trace mix, thinned to the surge's shape (kind 5)
            et, eP, eG = arrivals(rng, tr, e.rate * (f.rate - 1), T)
            keep = rng.random(len(et)) < surge_shape(et, s0, s1)
            xs.append((et[keep], eP[keep], eG[keep], np.full(int(keep.sum()), 5, np.int8)))
        elif f.kind == "shift":  # the gateway moves traffic to/from this node: arrivals x f.rate from s0
            gone = 1.0 - f.rate
            if gone < 0:  # extra sessions; those moved in the first 10 min bring no cached history (kind 4)
                et, eP, eG = arrivals(rng, tr, e.rate * -gone, T)
                keep = rng.random(len(et)) < shift_shape(et, s0, s1, T, f.glide)
                k4 = np.where(et[keep] < s0 + 600, 4, 0).astype(np.int8)
                xs.append((et[keep], eP[keep], eG[keep], k4))
            else:  # this node's sessions leave (the ones in flight finish here)
                stay = rng.random(len(xs[0][0])) >= gone * shift_shape(xs[0][0], s0, s1, T, f.glide)
                xs[0] = (xs[0][0][stay], xs[0][1][stay], xs[0][2][stay], xs[0][3][stay])
        elif f.kind == "power_cap" and f.abort:  # slower streams: more users give up mid-answer
            w["p_ab"][s0:s1] = np.maximum(w["p_ab"][s0:s1], f.abort)
        elif f.kind == "lora":  # a tenant whose requests each name one of its LoRA adapters (kind 7)
            et, eP, eG = arrivals(rng, tr, f.rate, T)
            keep = (et >= s0) & (et < s1)
            xs.append((et[keep], eP[keep], eG[keep], np.full(int(keep.sum()), 7, np.int8)))
        elif f.kind == "ramp":  # diurnal: the same users' traffic (kind 0) grows to f.rate x from s0 to s1
            et, eP, eG = arrivals(rng, tr, e.rate * (f.rate - 1), T)
            keep = rng.random(len(et)) < ramp_shape(et, s0, s1)
            xs.append((et[keep], eP[keep], eG[keep], np.zeros(int(keep.sum()), np.int8)))
        elif f.kind == "prompt_cache":  # (s98) pinned prefixes fill to f.cap of the pool over the TTL (no
            x = N[s0:s1] - s0  # draw)
            w["pinned"][s0:s1] += f.cap * (1 - np.exp(-x / PC_TTL)) * (1 + 0.05 * np.sin(2 * np.pi * x / 420))
        elif f.kind == "long_gen":  # (s103) a report generator's batch: f.burst requests within 60 s of each
            for a, _, _ in f.runs:  # run, a 4-8k-token brief each, LG_MIN-LG_MAX tokens of report (kind 12)
                at = np.sort(a * 60 + rng.uniform(0, 60, f.burst))
                xs.append((at, rng.uniform(4e3, 8e3, f.burst).round(),
                           rng.uniform(LG_MIN, LG_MAX, f.burst).round(), np.full(f.burst, 12, np.int8)))
        elif f.kind in ("diurnal", "decline"):  # (s95) the day's hump: the same users' traffic (kind 0),
            #   f.rate x at peak; (s118) decline: the same draws, but its start lies before the recording (its
            #   peak at or before 0 min), and no pre-surge reference is taken for the held contexts (`surge0`)
            et, eP, eG = arrivals(rng, tr, e.rate * (f.rate - 1), T)
            keep = rng.random(len(et)) < diurnal_shape(et, s0, s1)
            xs.append((et[keep], eP[keep], eG[keep], np.zeros(int(keep.sum()), np.int8)))
        elif f.kind == "prober":  # (s110) a synthetic SLO check every f.rate s: a fixed prompt (kind 13)
            at = np.arange(s0 + rng.uniform(0, f.rate), s1 - 1, f.rate)
            xs.append((at, np.full(len(at), float(PROBE_P)), np.full(len(at), float(PROBE_G)),
                       np.full(len(at), 13, np.int8)))
        elif f.kind == "cache_salt":  # (s110) a tenant's app sends a per-user cache_salt: its share f.rate of
            t0_, P0_, G0_, k0 = xs[0]  # the node's trace requests (kind 14), rolled out over 5 min from s0
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate * np.clip((t0_ - s0) / 300.0, 0.0, 1.0))
            xs[0] = (t0_, P0_, G0_, np.where(sel, 14, k0).astype(np.int8))
        elif f.kind == "sdk_cut":  # (s150) a tenant's backend deploys a client SDK release over 3 min from
            t0_, P0_, G0_, k0 = xs[0]  # s0: its share f.rate of the node's trace requests (kind 16) from then
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate * np.clip((t0_ - s0) / 180.0, 0.0, 1.0))
            xs[0] = (t0_, P0_, G0_, np.where(sel, 16, k0).astype(np.int8))
        elif f.kind == "edge_reset":  # (s161) a client behind a flaky edge proxy: its share f.rate of the
            t0_, P0_, G0_, k0 = xs[0]  # node's trace requests (kind 17), all recording (resets: `sim_engine`)
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate)
            xs[0] = (t0_, P0_, G0_, np.where(sel, 17, k0).astype(np.int8))
        elif f.kind == "no_stream":  # (s178) a tenant's client release stops streaming: its share f.rate
            t0_, P0_, G0_, k0 = xs[0]  # of the node's trace requests (kind 18), out over NS_ON s from s0,
            on = np.clip((t0_ - s0) / NS_ON, 0.0, 1.0) * np.clip((s1 - t0_) / NS_OFF, 0.0, 1.0)  # back by s1
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate * on)
            xs[0] = (t0_, P0_, G0_, np.where(sel, 18, k0).astype(np.int8))
        elif f.kind == "stop_strings":  # (s183) an agent framework's requests with a stop sequence: its share
            t0_, P0_, G0_, k0 = xs[0]  # f.rate of the node's trace requests (kind 19), ramped in over 5 min
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate * np.clip((t0_ - s0) / 300.0, 0.0, 1.0))
            xs[0] = (t0_, P0_, G0_, np.where(sel, 19, k0).astype(np.int8))
        elif f.kind == "herd":  # (s185) cron-started report jobs: one-shot documents (kind 6) per burst
            for a, peak, _ in f.runs:
                mass = HERD_RISE / 2 + HERD_TAU  # s of the burst at its peak rate
                nb = int(rng.poisson(e.rate * (peak - 1) * mass))
                hu, hx = rng.random(nb), rng.random(nb)
                rise = hu < (HERD_RISE / 2) / mass
                ht = a * 60 + np.where(rise, HERD_RISE * np.sqrt(hx), HERD_RISE - HERD_TAU * np.log1p(-hx))
                ht = np.sort(ht[ht < T - 1])
                xs.append((ht, rng.uniform(3e3, 8e3, len(ht)).round(), rng.uniform(300, 700, len(ht)).round(),
                           np.full(len(ht), 6, np.int8)))
        elif f.kind == "night":  # (s155) overnight the users' own traffic (kind 0) thins to f.rate of itself
            t0_, P0_, G0_, k0 = xs[0]
            stay = rng.random(len(t0_)) >= (1.0 - f.rate) * trough_shape(t0_, s0, s1)
            xs[0] = (t0_[stay], P0_[stay], G0_[stay], k0[stay])
        elif f.kind == "load_test":  # (s114) a capacity test's client straight at the node's service (not the
            for k, (a, b, _) in enumerate(f.runs):  # gateway): Poisson arrivals at f.rate x (k + 1) req/s in
                nl = int(rng.poisson(f.rate * (k + 1) * (b - a) * 60))  # stage k, random prompts (kind 15)
                at = np.sort(rng.uniform(a * 60, b * 60, nl))
                xs.append((at, np.full(nl, float(LT_P)), np.full(nl, float(LT_G)), np.full(nl, 15, np.int8)))
        elif f.kind == "classify":  # (s187) a classification backend: one-shot prompts, short answers (20)
            nb = int(rng.poisson(f.rate * (s1 - s0)))
            at = np.sort(rng.uniform(s0, s1, nb))
            cg = np.where(rng.random(nb) < CLS_STOP, rng.integers(2, 7, nb), CLS_MAX).astype(float)
            xs.append((at, rng.uniform(1e3, 4e3, nb).round(), cg, np.full(nb, 20, np.int8)))
        elif f.kind == "mirror":  # (s189) copies of requests routed anywhere in the pool (kind 22)
            et, eP, eG = arrivals(rng, tr, e.rate * f.rate, T)
            keep = (et >= s0) & (et < s1)
            xs.append((et[keep], eP[keep], eG[keep], np.full(int(keep.sum()), 22, np.int8)))
        elif f.kind == "bad_params":  # (s192) an evaluation harness whose requests vLLM refuses (kind 24)
            nb = int(rng.poisson(f.rate * (s1 - s0)))
            at = np.sort(rng.uniform(s0, s1, nb))
            xs.append((at, rng.uniform(*BAD_P, nb).round(), np.full(nb, 256.0), np.full(nb, 24, np.int8)))
        elif f.kind == "par_eval":  # (s189) n = f.burst samples per request: f.burst sequences in vLLM, the
            nb = int(rng.poisson(f.rate * (s1 - s0)))  # first (kind 21) what the gateway sees, the siblings
            at = np.sort(rng.uniform(s0, s1 - 60, nb))  #  (kind 23) added with it
            pp = rng.uniform(*PS_P, nb).round()
            sg = np.minimum(np.round(rng.lognormal(math.log(PS_MED), PS_SIG, (nb, f.burst))), PS_MAX)
            sk = np.tile(np.where(np.arange(f.burst) == 0, 21, 23).astype(np.int8), nb)
            st = np.repeat(at, f.burst) + np.tile(np.arange(f.burst) * 1e-3, nb)
            xs.append((st, np.repeat(pp, f.burst), np.maximum(sg.ravel(), 1.0), sk))
        elif f.kind == "keepwarm":  # (s194) each conversation of the tenant that ends from s0 is kept warm:
            t0_ = xs[0][0]  #         one max_tokens-1 request with its history every KW_EVERY s (kind 25)
            last = (xs[0][3] == 0) & (t0_ >= s0) & (t0_ < s1) & (rng.random(len(t0_)) < f.rate / f.burst)
            te = t0_[last]
            hh = np.minimum(np.round(rng.lognormal(math.log(KW_MED), KW_SIG, len(te))), KW_MAX)
            stop = np.minimum(te + f.cap * 60 if f.cap else np.full(len(te), float(s1)), float(s1))
            kmax = int(np.floor((stop - te) / KW_EVERY).max(initial=0))
            grid = te[:, None] + KW_EVERY * np.arange(1, kmax + 1)[None, :]
            grid = grid + rng.uniform(-3, 3, grid.shape)
            m = grid < stop[:, None]
            npg = int(m.sum())
            xs.append((grid[m], np.broadcast_to(hh[:, None] + KW_TAIL, grid.shape)[m], np.ones(npg),
                       np.full(npg, 25, np.int8)))
            kept = np.zeros(T + 1)  # the kept contexts: from when a sweep would have freed them until the
            np.add.at(kept, np.clip(te + KW_SWEEP, 0, T).astype(int), hh)  # sweep after the client stops
            np.add.at(kept, np.clip(stop + KW_SWEEP, 0, T).astype(int), -hh)
            w["pinned"] += np.cumsum(kept)[:T] / e.pool
        elif f.kind == "tool_500":  # (s196) the tool calls the API server's parser fails on (kind 27), each
            t0_, P0_, G0_, k0 = xs[0]  # retried twice by the client's SDK after its 500 (kind 28)
            bad_ = (k0 == 0) & (t0_ >= s0) & (t0_ < s1) & (rng.random(len(t0_)) < f.rate * TOOL_NEST)
            gt = rng.uniform(*TOOL_G, len(t0_)).round()
            xs[0] = (t0_, P0_, np.where(bad_, gt, G0_), np.where(bad_, 27, k0).astype(np.int8))
            ft, fP, fG = t0_[bad_], P0_[bad_], gt[bad_]
            r1 = ft + TOOL_EST + fG / 30.0 + 0.5 * rng.uniform(0.75, 1.0, len(ft))  # openai-python: two
            r2 = r1 + TOOL_EST + fG / 30.0 + 1.0 * rng.uniform(0.75, 1.0, len(ft))  # retries, 0.5 s x 2^k
            xs.append((np.concatenate([r1, r2]), np.tile(fP, 2), np.tile(fG, 2),  # x 0.75-1 apart
                       np.full(2 * len(ft), 28, np.int8)))
        elif f.kind == "tenant_quota":  # (s198) the pinned tenant's requests (kind 29); in the window each is
            t0_, P0_, G0_, k0 = xs[0]  # refused (429) and retried twice by its SDK, refused again (kind 30)
            sel = (k0 == 0) & (rng.random(len(t0_)) < f.rate)
            ref = sel & (t0_ >= s0) & (t0_ < s1)
            xs[0] = (t0_, P0_, G0_, np.select([ref, sel], [30, 29], k0).astype(np.int8))
            ft, fP, fG = t0_[ref], P0_[ref], G0_[ref]
            r1 = ft + Q429_S + 0.5 * rng.uniform(0.75, 1.0, len(ft))  # openai-python's backoff (no
            #                                                          Retry-After header)
            r2 = r1 + Q429_S + 1.0 * rng.uniform(0.75, 1.0, len(ft))
            xs.append((np.concatenate([r1, r2]), np.tile(fP, 2), np.tile(fG, 2),
                       np.full(2 * len(ft), 30, np.int8)))
        elif f.kind == "quota_burst":  # (s198) a client over its quota: the sidecar's token bucket decides
            nb = int(rng.poisson(f.rate * (s1 - s0)))
            at = np.sort(rng.uniform(s0, s1, nb))
            bP, bG = rng.uniform(*QB_P, nb).round(), rng.uniform(*QB_G, nb).round()
            jit = rng.uniform(0.75, 1.0, (2, nb))
            qt, qi, qk = quota_bucket(at, jit, f.cap)
            xs.append((qt, bP[qi], bG[qi], qk))
        elif f.kind == "probe_cancel":  # (s200) a TTFT prober straight at the pod: a fixed prompt every
            at = np.arange(s0 + rng.uniform(0, f.rate), s1 - 1, f.rate)  # f.rate s, closed at its first token
            xs.append((at, np.full(len(at), float(PROBE_P)), np.full(len(at), float(PROBE_G)),
                       np.full(len(at), 33, np.int8)))
        elif f.kind == "launch_greet":  # (s202) an app's greeting card at each launch, a new session each
            nb = int(rng.poisson(f.rate * (s1 - s0)))  # (kind 34), ramping in over f.ramp minutes
            at = np.sort(rng.uniform(s0, s1, nb))
            at = at[rng.random(nb) < np.clip((at - s0) / (f.ramp * 60), 0.0, 1.0)]
            xs.append((at, rng.uniform(*GREET_P, len(at)).round(), rng.uniform(*GREET_G, len(at)).round(),
                       np.full(len(at), 34, np.int8)))
        elif f.kind == "hedge":  # (s203) the peers' hedged copies (kind 35), modelled on this node's own
            t0_, P0_, G0_, k0 = xs[0]  # non-streaming requests with nothing sent after the per-try timeout
            slow = (f.cap - 0.2) * HEDGE_TPS < G0_  # its answer takes longer than the per-try timeout
            hs = (k0 == 0) & (rng.random(len(t0_)) < f.rate) & slow & (t0_ + f.cap >= s0) & (t0_ + f.cap < s1)
            nh = int(hs.sum())
            xs.append((t0_[hs] + f.cap + rng.uniform(0.002, 0.02, nh), P0_[hs], G0_[hs],
                       np.full(nh, 35, np.int8)))
        elif f.kind == "contracts":  # (s214) a contract-review client: f.rate contracts a minute (Poisson),
            nb = int(rng.poisson(f.rate * (s1 - s0) / 60.0))  # each a long document (kind 1)
            at = np.sort(rng.uniform(s0, s1 - 90, nb))
            xs.append((at, rng.uniform(40e3, 90e3, nb).round(), rng.uniform(800, 2000, nb).round(),
                       np.full(nb, 1, np.int8)))
        elif f.kind == "regen":  # (s211) a user stops the answer (kind 36) and regenerates it (kind 37): the
            t0_, P0_, G0_, k0 = xs[0]  # same prompt, an answer of the trace's length; the stop comes after a
            on = np.clip((t0_ - s0) / (f.ramp * 60), 0.0, 1.0) * (t0_ < s1)  # share of the streamed answer
            sel = (k0 == 0) & (t0_ >= s0) & (rng.random(len(t0_)) < f.rate * on)  # (30 tokens/s)
            xs[0] = (t0_, P0_, G0_, np.where(sel, 36, k0).astype(np.int8))
            ft, fP, fG = t0_[sel], P0_[sel], G0_[sel]
            rt = ft + 0.2 + rng.uniform(0.15, 0.9, len(ft)) * fG / 30.0 + rng.uniform(*REGEN_THINK, len(ft))
            xs.append((rt, fP, fG, np.full(len(ft), 37, np.int8)))
        elif f.kind == "report":  # (s220) a report session (turns as annual_report, kind 2) whose context
            at = s0 + np.cumsum(rng.uniform(35, 55, 80))  # is held from its start to its close at s1; several
            at = at[at < s1 - 20]  #                         may overlap on one node (their contexts add up)
            prompt = 30e3 + 1.5e3 * np.arange(len(at))
            gen = rng.uniform(300, 900, len(at)).round()
            xs.append((at, prompt, gen, np.full(len(at), 2, np.int8)))
            w["pinned"][s0:s1] += np.interp(N[s0:s1], at, prompt) / e.pool
            if any(g.kind == "close_fail" and g.start <= f.start for g in fl):  # its close is lost: the
                w["pinned"][s1:] += (prompt[-1] + gen[-1]) / e.pool  #           context stays (no draw)
        elif f.kind == "agent_tools":  # (s222) an agent tenant's turns (kind 39); the contexts of sessions
            at, aP, aG, aC, ids, kept = agent_tools(rng, f, T)  # left with a tool call pending stay held
            xs.append((at, aP, aG, np.full(len(at), 39, np.int8)))
            w["pinned"] = w["pinned"] + np.cumsum(kept)[:T] / e.pool
            o_ = np.argsort(at, kind="stable")
            w["agt_t"], w["agt_c"] = at[o_], aC[o_]
            e.out["agt_sid"] = dict(zip(at.tolist(), ids, strict=True))
        elif f.kind == "sdc":  # (s224) requests poisoned by the GPU's silent data corruption: a chat user's
            t0_, P0_, G0_, k0 = xs[0]  # (kind 40) stopped after SDC_STOP s of "!", an API client's (41) run
            on = f.rate * np.clip((t0_ - s0) / (f.ramp * 60.0), 0.0, 1.0) * (t0_ < s1)  # to SDC_MAX
            sel = (k0 == 0) & (t0_ >= s0) & (rng.random(len(t0_)) < on)
            api = rng.random(len(t0_)) < SDC_API
            gs = np.round(rng.uniform(*SDC_STOP, len(t0_)) * f.cap)  # f.cap: the engine's decode tokens/s
            xs[0] = (t0_, P0_, np.where(sel, np.where(api, SDC_MAX, gs), G0_),
                     np.where(sel, np.where(api, 41, 40), k0).astype(np.int8))
    if any(f.kind == "kv_leak" and f.sticky for f in fl):  # (s62) the leaking tenant stays through a
        for f in (f for f in fl if f.kind == "shift" and f.rate < 1):  # drain: its leak is not thinned with
            s0, s1 = int(f.start * 60), T if f.end is None else int(f.end * 60)  # the node's load (no draw)
            w["leak"] = w["leak"] / (1.0 - (1.0 - f.rate) * shift_shape(N, s0, s1, T, f.glide))
    if spill is not None:
        own, peers, n_peers = spill
        et, eP, eG = arrivals(rng, tr, e.rate / n_peers, T)
        keep = rng.random(len(et)) < moved(N, peers)[et.astype(int)]
        xs.append((et[keep], eP[keep], eG[keep], np.full(int(keep.sum()), 4, np.int8)))
        stay = rng.random(len(xs[0][0])) >= moved(N, own)[xs[0][0].astype(int)]  # from its drain on
        xs[0] = (xs[0][0][stay], xs[0][1][stay], xs[0][2][stay], xs[0][3][stay])
    if failover is not None:
        own, inc = failover
        for a, b, share in inc:
            et, eP, eG = arrivals(rng, tr, e.rate * share, T)
            keep = rng.random(len(et)) < moved(N, [(a, b)], 300.0)[et.astype(int)]
            xs.append((et[keep], eP[keep], eG[keep], np.full(int(keep.sum()), 4, np.int8)))
        if own:
            stay = rng.random(len(xs[0][0])) >= moved(N, own, 300.0)[xs[0][0].astype(int)]
            xs[0] = (xs[0][0][stay], xs[0][1][stay], xs[0][2][stay], xs[0][3][stay])
    t, P, G, kind = (np.concatenate([x[i] for x in xs]) for i in range(4))
    for f in (f for f in fl if f.kind == "fork_pin"):  # (s211) a regeneration's parent context stays
        fk = (kind == 37) & (t >= f.start * 60)  # referenced once its session is swept (no draw)
        kept = np.zeros(T + 1)
        np.add.at(kept, np.clip(t[fk] + KW_SWEEP, 0, T).astype(int), P[fk])
        w["pinned"] = w["pinned"] + np.cumsum(kept)[:T] / e.pool
    for f in (f for f in fl if f.kind == "read_timeout"):  # (s214) a contract its client cancelled at its
        r0, r1 = f.start * 60, float(T) if f.end is None else f.end * 60  # read timeout, sent again by its
        ix = np.nonzero((kind == 1) & (t >= r0) & (t < r1) & (f.cap < P / PF_TPS))[0]  # SDK (kind 38)
        t, P = np.concatenate([t, t[ix] + f.cap + RTO_RETRY]), np.concatenate([P, P[ix]])
        G, kind = np.concatenate([G, G[ix]]), np.concatenate([kind, np.full(len(ix), 38, np.int8)])
    for f in (f for f in fl if f.kind == "stale_ep"):  # (s195) the gateway reaches only an old address: no
        m = (t < f.start * 60) | (t >= (T if f.end is None else f.end * 60))  # request arrives (no draw)
        t, P, G, kind = t[m], P[m], G[m], kind[m]
    for f in (f for f in fl if f.kind in ("auth_reject", "gen_cap")):  # (s186, s187) what users send again,
        a0, a1 = f.start * 60, float(T) if f.end is None else f.end * 60  # to the same node (drawn only here)
        if f.kind == "auth_reject":  # a 401: the same request once more, 3-30 s later (kind 3)
            ix = np.nonzero((t >= a0) & (t < a1) & (kind != 3))[0]
            idx = ix[rng.random(len(ix)) < AUTH_RETRY]
            nt, nP, nG = t[idx] + rng.uniform(3, 30, len(idx)), P[idx], G[idx]
            nk = np.full(len(idx), 3, np.int8)
        else:  # a cut answer: "continue", its history (the cut answer too) resent, the rest of the answer
            ix = np.nonzero((t >= a0) & (f.rate < G) & np.isin(kind, (0, 4)))[0]
            idx = ix[rng.random(len(ix)) < CONT_SHARE]
            nt = t[idx] + 1.0 + f.rate / 30.0 + rng.uniform(*CONT_THINK, len(idx))
            nP, nG, nk = P[idx] + f.rate + 20, G[idx] - f.rate, np.zeros(len(idx), np.int8)
        t, P, G = np.concatenate([t, nt]), np.concatenate([P, nP]), np.concatenate([G, nG])
        kind = np.concatenate([kind, nk])
    for f in (f for f in fl if f.kind == "ctx_reject"):  # (s192) a 400 for a prompt over the context length:
        a0, a1 = f.start * 60, float(T) if f.end is None else f.end * 60  # "retry" once, 3-30 s later, the
        ix = np.nonzero((t >= a0) & (t < a1) & (f.rate < P) & (kind != 3) & (kind != 24))[0]  # same prompt
        idx = ix[rng.random(len(ix)) < CTX_RETRY]  # (kind 3; drawn only here)
        t, P = np.concatenate([t, t[idx] + rng.uniform(3, 30, len(idx))]), np.concatenate([P, P[idx]])
        G, kind = np.concatenate([G, G[idx]]), np.concatenate([kind, np.full(len(idx), 3, np.int8)])
    order = np.argsort(t, kind="stable")
    keep = t[order] < T - 1
    out = {"t": t[order][keep], "P": P[order][keep], "G": G[order][keep], "kind": kind[order][keep], **w}
    if any(f.kind in ("ctx_growth", "reasoning", "runaway", "rag") for f in fl):  # (s70, s72, s84) draws here
        tenant_change(rng, e, fl, out, T)
    return out


def quota_bucket(at: Arr, jit: Arr, rate: float) -> tuple[Arr, Arr, Arr]:
    """(s198) A pod sidecar's token bucket for one tenant (`rate` tokens a second, QB_BURST s of them deep,
    full at the start) over a client's submissions at `at` (sorted): each attempt takes a token if one is
    there (admitted, kind 31) or gets a 429 in Q429_S s (kind 32), after which the client's SDK tries again
    0.5 x jit[0] s, then 1.0 x jit[1] s later (two retries). Returns every attempt's time, its submission's
    index and its kind, in time order. No draw."""
    heap = [(float(x), i, 0) for i, x in enumerate(at)]
    heapq.heapify(heap)
    cap = rate * QB_BURST
    tok, last = cap, float(at[0]) if len(at) else 0.0
    ts: list[float] = []
    ix: list[int] = []
    ks: list[int] = []
    while heap:
        x, i, k = heapq.heappop(heap)
        tok, last = min(cap, tok + (x - last) * rate), x
        ts.append(x)
        ix.append(i)
        if tok >= 1.0:
            tok -= 1.0
            ks.append(31)
            continue
        ks.append(32)
        if k < 2:
            heapq.heappush(heap, (x + Q429_S + 0.5 * 2 ** k * float(jit[k, i]), i, k + 1))
    return np.array(ts), np.array(ix, int), np.array(ks, np.int8)


def tenant_change(rng: np.random.Generator, e: Engine, fl: list[Fault], w: dict[str, Arr], T: int) -> None:
    """(s70, s72) One tenant's requests change shape from f.start: a share f.rate of the node's own trace
    requests (kind 0, picked at random) is that tenant's. In place on the workload `w`.

    `ctx_growth` (kind 8): its client resends the whole conversation instead of the last turns: each request
    carries CTX_TOK x (1 - exp(-dt / CTX_TAU)) x U(0.3, 1.7) extra history tokens (w["P0"] keeps the
    prompts without them; the history is a prefix hit, see `sim_engine`), and its live sessions' longer
    contexts stay in the pool: CTX_LIVE s x the extra tokens arriving per second (5-min trailing mean) go into
    `pinned`.
    `reasoning` (kind 9): a flag ramps the tenant onto a reasoning mode from f.start to f.end (`ramp_shape`,
    then held); a flagged request first generates lognormal(REASON_MED, REASON_SIG) tokens of reasoning, up
    to REASON_MAX in all; its users stop REASON_AB of them.
    `runaway` (kind 10): the tenant's stop sequence is lost, so each of its requests runs to RUNAWAY_MAX
    tokens and ends `length`.
    (s84) `rag` (kind 11): the tenant's app moves to retrieval-augmented answers (its share ramps in over 10
    min): each of its requests carries lognormal(RAG_MED, RAG_SIG) retrieved tokens (clipped RAG_MIN-RAG_MAX)
    before the question (w["P0"] keeps the prompts without them; RAG_HIT of them are prefix hits)."""
    t, P, G, kind, N = w["t"], w["P"], w["G"], w["kind"], np.arange(T)
    for f in fl:
        if f.kind not in ("ctx_growth", "reasoning", "runaway", "rag"):
            continue
        s0 = f.start * 60
        u = rng.random(len(t))
        if f.kind == "ctx_growth":
            share = f.rate * (np.clip((t - s0) / (f.share_ramp * 60.0), 0.0, 1.0) if f.share_ramp > 0
                              else 1.0)
            sel = (kind == 0) & (t >= s0) & (u < share)
            grow = 1.0 - np.exp(-np.clip(t - s0, 0.0, None) / CTX_TAU)
            extra = np.where(sel, np.round(CTX_TOK * grow * rng.uniform(0.3, 1.7, len(t))), 0.0)
            w["P0"] = P.copy()
            w["P"] = P = P + extra
            xin = np.zeros(T)
            np.add.at(xin, t.astype(int), extra)
            c = np.concatenate([[0.0], np.cumsum(xin)])
            w["pinned"] = w["pinned"] + CTX_LIVE * (c[N + 1] - c[np.maximum(N + 1 - 300, 0)]) / 300.0 / e.pool
            kind[sel] = 8
        elif f.kind == "reasoning":
            sel = (kind == 0) & (t >= s0) & (u < f.rate * ramp_shape(t, s0, (f.end or f.start + 1) * 60))
            r = np.round(rng.lognormal(math.log(REASON_MED), REASON_SIG, len(t)))
            w["G"] = G = np.where(sel, np.minimum(G + r, REASON_MAX), G)
            kind[sel] = 9
        elif f.kind == "rag":  # (s84) retrieved chunks before the question; the app moves over 10 min
            sel = (kind == 0) & (t >= s0) & (u < f.rate * np.clip((t - s0) / (f.ramp * 60.0), 0.0, 1.0))
            r = np.clip(np.round(rng.lognormal(math.log(RAG_MED), RAG_SIG, len(t))), RAG_MIN, RAG_MAX)
            w.setdefault("P0", P.copy())
            w["P"] = P = P + np.where(sel, r, 0.0)
            kind[sel] = 11
        else:
            sel = (kind == 0) & (t >= s0) & (u < f.rate)
            w["G"] = G = np.where(sel, float(RUNAWAY_MAX), G)
            kind[sel] = 10


def agent_batch(rng: np.random.Generator, f: Fault, e: Engine, N: Arr, xs: list[tuple[Arr, Arr, Arr, Arr]],
                pinned: Arr) -> None:
    """A batch of f.burst coding-agent sessions (kind 2: the prompt is the whole context, all but the new
    part cached). Each starts within 4 min of f.start with a 6-12k-token context (system prompt, task,
    repository map); a step generates 150-600 tokens (a tool call), the tool runs 30-120 s (builds, test
    suites) and returns 200-1200 tokens, which join the context; over 96k tokens the agent compacts it to
    8-12k. A session finishes its task 0-5 min before f.end and the client deletes it: its context, held
    in the pool the whole time (`pinned`), is freed."""
    s0, s1 = f.start * 60, (f.end or f.start) * 60
    for _ in range(f.burst):
        at, ctx, stop = s0 + rng.uniform(0, 240), rng.uniform(6e3, 12e3), s1 - rng.uniform(0, 300)
        ts: list[float] = []
        ps: list[float] = []
        gs: list[float] = []
        while at < stop:
            g = rng.uniform(150, 600)
            ts.append(at)
            ps.append(round(ctx))
            gs.append(round(g))
            ctx += g + rng.uniform(200, 1200)
            if ctx > 96e3:
                ctx = rng.uniform(8e3, 12e3)
            at += 0.5 + g / 30.0 + rng.uniform(30, 120)
        if not ts:
            continue
        xs.append((np.array(ts), np.array(ps), np.array(gs), np.full(len(ts), 2, np.int8)))
        on = (ts[0] <= N) & (stop > N)
        pinned[on] += np.interp(N[on], ts, ps, right=ps[-1]) / e.pool


def agent_tools(rng: np.random.Generator, f: Fault, T: int) -> tuple[Arr, Arr, Arr, Arr, list[str], Arr]:
    """(s222) An agent tenant's sessions on the node (kind 39): Poisson starts at f.rate a second from f.start
    to f.end. A session's first turn is the system prompt (AGT_SYS, cached: every session shares it) and the
    user's request; the model answers with a tool call, the client runs the tool (AGT_RUN s) and sends its
    result with the conversation so far (cached up to the result), until a turn is the answer (AGT_DONE after
    each result). The session layer keeps a session's context like a chat's (swept once idle), but a session
    with a tool call pending is exempt from the sweep until its result comes (tools may run for minutes). From
    f.runs[0][0] to f.runs[0][1] (min) the tool backend does not answer: a tool call that ends then fails at
    the runtime's AGT_TIMEOUT, the app shows an error and nothing more is sent in that session, so its context
    (the turn's prompt and call) stays held from when a sweep would have freed it (KW_SWEEP s after the turn)
    until the session layer's cleanup at minute f.cap (0: never); AGT_RETRY of those users start a new
    session AGT_AGAIN s later. Returns each turn's arrival (s), prompt tokens, tokens to generate and cached
    prefix tokens, its session's id, and the tokens of held abandoned contexts added (+) and freed (-) per
    second (length T + 1). Decode at ~30 tokens/s for the turns' timing; drawn only where the kind is."""
    s0, s1 = f.start * 60, float(T) if f.end is None else f.end * 60
    a, b = (f.runs[0][0] * 60, f.runs[0][1] * 60) if f.runs else (math.inf, math.inf)
    clean = f.cap * 60 if f.cap else math.inf
    todo = sorted(rng.uniform(s0, s1, int(rng.poisson(f.rate * (s1 - s0)))).tolist())
    rows: list[tuple[float, float, float, float]] = []
    ids: list[str] = []
    kept = np.zeros(T + 1)
    k = 0
    while k < len(todo):
        tc, sid = todo[k], f"{rng.integers(1 << 48):012x}"
        k += 1
        user, hist, res = float(rng.uniform(*AGT_USER)), 0.0, 0.0
        while tc < T - 1:
            done = hist > 0 and rng.random() < AGT_DONE  # the first turn always calls a tool
            g = float(round(rng.uniform(*(AGT_ANS if done else AGT_CALL))))
            p = float(round(AGT_SYS + user + hist))
            rows.append((tc, p, g, AGT_SYS if hist == 0 else p - res))
            ids.append(sid)
            end = tc + 0.3 + g / 30.0
            if done:
                break
            if a <= end < b:  # the call never returns: the session is left pending
                k0 = end + KW_SWEEP
                if k0 < min(clean, T):
                    kept[int(k0)] += p + g
                    kept[int(min(clean, T))] -= p + g
                if rng.random() < AGT_RETRY:
                    again = end + AGT_TIMEOUT + float(rng.uniform(*AGT_AGAIN))
                    if again < s1:
                        bisect.insort(todo, again)
                break
            res = float(rng.uniform(*AGT_RES))
            hist += g + res
            tc = end + float(rng.uniform(*AGT_RUN)) + 0.2
    arr = np.array(rows, dtype=float).reshape(-1, 4)
    return arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3], ids, kept


def surge_shape(secs: Arr, s0: float, s1: float) -> Arr:
    """A launch's extra load, as a share of its peak: ramps up over 20 min from s0, holds to s1, then
    falls over 15 min to 40 % of the peak (the users who stay)."""
    return np.asarray(np.interp(secs, [s0, s0 + 1200, s1, s1 + 900], [0, 1, 1, 0.4], 0, 0.4))


def ramp_shape(secs: Arr, s0: float, s1: float) -> Arr:
    """A region waking up: the extra load, as a share of its peak, rises as a half cosine from s0 to s1
    (slow at first, fastest mid-way, levelling off), then holds."""
    x = np.clip((np.asarray(secs, float) - s0) / (s1 - s0), 0.0, 1.0)
    return np.asarray(0.5 - 0.5 * np.cos(np.pi * x))


def diurnal_shape(secs: Arr, s0: float, s1: float) -> Arr:
    """(s95) The day's extra load, as a share of its peak: 0.5 - 0.5 cos(2 pi x) over x = (t - s0) / (s1 - s0)
    in [0, 1] (0 at s0 and s1, the peak midway), 0 outside."""
    x = np.clip((np.asarray(secs, float) - s0) / (s1 - s0), 0.0, 1.0)
    return np.asarray(0.5 - 0.5 * np.cos(2 * np.pi * x))


def shift_shape(secs: Arr, s0: float, s1: float, T: int, glide: float = 0.0) -> Arr:
    """Share of a traffic move in effect: new sessions follow the gateway's change from s0 (tau 120 s); when
    it is undone at s1 (< T), moved sessions drift back as they end (tau 300 s). (s130) glide > 0: the
    weight change itself ramps in linearly over `glide` minutes from s0 (no draw)."""
    x = np.asarray(secs, float)
    on = np.where(x >= s0, 1.0 - np.exp(-(x - s0) / 120.0), 0.0)
    if glide > 0:
        on = np.clip((x - s0) / (glide * 60.0), 0.0, 1.0)
    return np.asarray(on * np.where(x >= s1, np.exp(-(x - s1) / 300.0), 1.0) if s1 < T else on)


def trough_shape(secs: Arr, s0: float, s1: float) -> Arr:
    """(s155) Share of a night trough in effect: 0 before s0, rising as a half cosine to 1 over NIGHT_RAMP s,
    held, and falling back the same way over the NIGHT_RAMP s before s1 (0 from s1). No draw."""
    x = np.asarray(secs, float)
    into = np.clip((x - s0) / NIGHT_RAMP, 0.0, 1.0)
    out_of = np.clip((s1 - x) / NIGHT_RAMP, 0.0, 1.0)
    return np.asarray(0.5 - 0.5 * np.cos(np.pi * np.minimum(into, out_of)))


def emodel(nd: Node, e: Engine) -> str:
    return nd.model if e.model is None else e.model


def espec(nd: Node, e: Engine) -> bool:
    return nd.spec if e.spec is None else e.spec


def model_at(nd: Node, e: Engine, t: float) -> str:
    """The model engine e serves at t: (s68) after a `model_swap`, the new one from its new process on."""
    sw = nd.o.get("swap")
    return str(sw[1]) if sw is not None and e.model is None and t >= sw[0] else emodel(nd, e)


def fb_leak(f: Fault, up: Arr) -> Arr:
    """MiB per GPU leaked outside the KV pool from f.start at f.rate MiB/min; a process restart frees it."""
    out, r, s0 = np.zeros(len(up)), 0.0, int(f.start * 60)
    for s in range(len(up)):
        r = 0.0 if not up[s] else r + (f.rate / 60 if s >= s0 else 0.0)
        out[s] = r
    return out


def fb_frag(f: Fault, up: Arr, tau: float = 4200.0) -> Arr:
    """MiB per GPU the caching allocator keeps reserved but fragmented (outside the KV pool) from f.start:
    f.rate x (1 - exp(-uptime / tau)), fast at first and levelling off as the cached segments come to cover
    the batch-shape mix; a process restart frees it."""
    out, age, s0 = np.zeros(len(up)), 0.0, int(f.start * 60)
    for s in range(len(up)):
        age = 0.0 if not up[s] else age + (1.0 if s >= s0 else 0.0)
        out[s] = f.rate * (1.0 - math.exp(-age / tau))
    return out


def throttle_frac(fl: list[Fault], T: int) -> Arr | None:
    """SM clock of a GPU whose cooling failed at f.start, as a share of its maximum (None: no such fault).

    With its fan gone the GPU heats up (`therm`) and reaches its slowdown temperature ~110 s later; the
    driver then cuts its clocks within a minute to f.rate of the maximum, and its control loop hunts around
    that (+-8 %, a ~53 s period) to hold the temperature. No random draw. At f.end (a repair) it is back."""
    fs = [f for f in fl if f.kind == "throttle"]
    if not fs:
        return None
    sec, out = np.arange(T, dtype=float), np.ones(T)
    for f in fs:
        s0, s1 = f.start * 60, T if f.end is None else f.end * 60
        hunt = 1 + 0.08 * np.sin(2 * np.pi * sec / 53.0) * (sec >= s0 + 170)
        x = np.interp(sec, [s0 + 110, s0 + 170], [1.0, f.rate]) * hunt
        out = np.where((sec >= s0) & (sec < s1), np.minimum(out, np.clip(x, 0.1, 1.0)), out)
    return out


def therm(f: Fault, T: int, temp: Arr) -> Arr:
    """GPU temperature (C) after its fan fails at f.start: it heats toward ~105 C (tau 120 s) and the clock
    cuts (throttle_frac) hold it at ~87 C, the H100's slowdown point."""
    sec, s0 = np.arange(T, dtype=float), f.start * 60
    s1 = T if f.end is None else f.end * 60
    heat = np.where((sec >= s0) & (sec < s1), 1.0 - np.exp(-(sec - s0) / 120.0), 0.0)
    hold = 87.0 + 0.8 * np.sin(2 * np.pi * sec / 53.0 + 1.0)
    return np.asarray(np.where(heat > 0, np.minimum(temp + (105.0 - temp) * heat, hold), temp))


def slowdown(fl: list[Fault], T: int) -> tuple[Arr, Arr] | None:
    """(prefill, decode) speed per second as a share of normal (None: nothing slows this engine). A rack power
    cap (`power_cap`, f.start to f.end): CAP_PRE / CAP_DEC, compute-bound prefill follows the SM clock,
    memory-bound decode less so. An engine restarted over a failed NVLink (`nvlink_xid`, from its new
    engine's start, f.start + 112 s, to the end): NVL_PRE / NVL_DEC, its all-reduces go through host memory
    (large in prefill, latency-bound in decode). (s113) Host CPUs saturated by another process (`cpu_starve`,
    f.start to f.end): CPU_PRE / CPU_DEC. (s114) A TP group over PCIe whose ring crosses a link trained down
    (`pcie_down`, from f.start): PCIE_PRE / PCIE_DEC. (s116) A facility power cap (`dc_cap`, f.start to
    f.end): DCC_PRE / DCC_DEC; a GPU in HW Slowdown (`hw_slowdown`, f.start to f.end): HWS_PRE / HWS_DEC.
    (s159) A TP group one of whose GPUs' NVLink replays more and more flits (`nvlink_crc`, from f.start): the
    link's bandwidth share (`nvc_share`) to the powers NVC_PRE / NVC_DEC. (s213) SM clocks locked low
    (`clock_lock`, f.start to f.end): the lock's share to the powers LOCK_PRE / LOCK_DEC. No random draw."""
    fs = [f for f in fl if f.kind in ("power_cap", "nvlink_xid", "draft_mismatch", "cpu_starve", "pcie_down",
                                      "dc_cap", "hw_slowdown", "nvlink_crc", "clock_lock")]
    if not fs:
        return None
    sec, pre, dec = np.arange(T, dtype=float), np.ones(T), np.ones(T)
    for f in fs:
        if f.kind == "power_cap":
            on, p, d = (sec >= f.start * 60) & (sec < (T if f.end is None else f.end * 60)), CAP_PRE, CAP_DEC
        elif f.kind == "cpu_starve":  # (s113) the engine's CPU side starved: every step waits for a core
            on, p, d = (sec >= f.start * 60) & (sec < (T if f.end is None else f.end * 60)), CPU_PRE, CPU_DEC
        elif f.kind == "draft_mismatch":  # (s79) prefill is the target's; decode pays for rejected drafts
            on, p, d = sec >= f.start * 60, 1.0, DM_DEC
        elif f.kind == "pcie_down":  # (s114) every all-reduce waits for the slow link
            on, p, d = sec >= f.start * 60, PCIE_PRE, PCIE_DEC
        elif f.kind in ("dc_cap", "hw_slowdown"):  # (s116)
            on = (sec >= f.start * 60) & (sec < (T if f.end is None else f.end * 60))
            p, d = (DCC_PRE, DCC_DEC) if f.kind == "dc_cap" else (HWS_PRE, HWS_DEC)
        elif f.kind == "nvlink_crc":  # (s159) every all-reduce waits for the replaying link (1 before it)
            b = nvc_share(f, T)
            pre, dec = np.minimum(pre, b ** NVC_PRE), np.minimum(dec, b ** NVC_DEC)
            continue
        elif f.kind == "clock_lock":  # (s213) every GPU's SM clock locked at f.rate of its maximum
            on = (sec >= f.start * 60) & (sec < (T if f.end is None else f.end * 60))
            p, d = f.rate ** LOCK_PRE, f.rate ** LOCK_DEC
        else:
            on, p, d = sec >= f.start * 60 + 112, NVL_PRE, NVL_DEC
        pre, dec = np.where(on, np.minimum(pre, p), pre), np.where(on, np.minimum(dec, d), dec)
    return pre, dec


def lock_mhz(nd: Node, fl: list[Fault], T: int) -> Arr | None:
    """(s213) The locked SM clock (MHz) of the node's GPUs per second, 0 where none is set (None: never). A
    validation Job's sweep (`gpu_burn`) locks it SWEEP_STEP lower each minute of the last 5 of its planned run
    (f.runs[0][1]), until the Job ends at f.end; `clock_lock` holds f.cap from f.start to f.end. No draw."""
    fs = [f for f in fl if f.kind in ("gpu_burn", "clock_lock")]
    if not fs:
        return None
    sec, out, sm = np.arange(T, dtype=float), np.zeros(T), GPUS[nd.gpu][5]
    for f in fs:
        s1 = T if f.end is None else f.end * 60
        if f.kind == "clock_lock":
            out = np.where((sec >= f.start * 60) & (sec < s1), f.cap, out)
            continue
        pe = f.runs[0][1] * 60
        for k in range(5):
            a = pe - 300 + 60 * k
            out = np.where((sec >= a) & (sec < min(a + 60, s1)), sm - SWEEP_STEP * (k + 1), out)
    return np.asarray(out)


def lock_pwr(share: Arr) -> Arr:
    """(s213) A GPU's dynamic power at a locked SM clock (its share of the maximum) as a share of its power at
    the same activity unlocked: HBM's part (LOCK_MEM) stays, the rest goes with the clock and its voltage."""
    return np.asarray(LOCK_MEM + (1 - LOCK_MEM) * share ** 1.6)


def nvc_rate(f: Fault, T: int) -> Arr:
    """(s159) CRC errors per minute on a degrading NVLink (`nvlink_crc`), per second: 0 before f.start, then
    f.rate doubling every NVC_DOUBLE s (a connector or NVSwitch port wearing out) up to NVC_MAX. No draw."""
    sec, s0 = np.arange(T, dtype=float), f.start * 60
    r = np.minimum(f.rate * np.exp2(np.clip(sec - s0, 0.0, None) / NVC_DOUBLE), NVC_MAX)
    return np.asarray(np.where(sec >= s0, r, 0.0))


def nvc_share(f: Fault, T: int) -> Arr:
    """(s159) The degrading link's effective bandwidth as a share of its healthy one: every CRC-failed flit is
    replayed, so at NVC_HALF errors a minute half the link's time goes to replays. No draw."""
    return np.asarray(1.0 / (1.0 + nvc_rate(f, T) / NVC_HALF))


def template_frac(fl: list[Fault], T: int) -> Arr | None:
    """Share of the usual prefix-cache hits left per second by a prompt-template change (`template`, f.start
    to f.end, when it is rolled back): 0.02 (only the first block, before the per-request timestamp, still
    matches), then the old template's prefixes are cached again (tau 240 s). None: no change. No random
    draw."""
    fs = [f for f in fl if f.kind == "template"]
    if not fs:
        return None
    sec, out = np.arange(T, dtype=float), np.ones(T)
    for f in fs:
        s0, s1 = f.start * 60, T if f.end is None else f.end * 60
        out = np.where((sec >= s0) & (sec < s1), 0.02, out)
        out = np.where(sec >= s1, np.minimum(out, 1.0 - 0.98 * np.exp(-(sec - s1) / 240.0)), out)
    return out


def power_cap(nd: Node, f: Fault, T: int, rng: np.random.Generator) -> None:
    """The rack's power manager caps every GPU of the node at f.rate W from f.start to f.end. Where the load
    would draw more, the GPU sits just under the cap with its SM clock at ~CAP_PRE of its maximum (hunting
    +-3 %, a ~41 s period) and runs ~6 C cooler; the HBM clock is unchanged."""
    o, sec = nd.o, np.arange(T, dtype=float)
    on = (sec >= f.start * 60) & (sec < (T if f.end is None else f.end * 60))
    for g in range(nd.n_gpu):
        capd = on & (o["power"][g] > f.rate - 5)
        o["power"][g] = np.where(capd, f.rate - np.abs(rng.normal(0, 2.5, T)), o["power"][g])
        o.setdefault("clk", {})[g] = np.where(capd, CAP_PRE + 0.03 * np.sin(2 * np.pi * sec / 41.0 + g), 1.0)
        o.setdefault("tcool", {})[g] = 31 + 0.38 * o["util"][g] - np.where(capd, 6.0, 0.0)


def nvlink_series(nd: Node, fl: list[Fault], T: int, rng: np.random.Generator) -> None:
    """dcgm-exporter's DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL (cumulative; counted in MiB here) and
    DCGM_FI_PROF_PCIE_TX/RX_BYTES (bytes/s) per GPU. A busy TP4 engine moves up to ~30 GB/s per GPU over
    NVLink in its all-reduces; PCIe carries token ids, sampled tokens and logs (~30-230 MB/s). After a fatal
    NVLink error (`nvlink_xid`) the failed GPU's links carry nothing, and once the engine is back NCCL routes
    the ring hops to and from that GPU through host memory (SHM): it and its two ring neighbours in the TP
    group move up to ~7 GB/s more over PCIe."""
    o, N = nd.o, np.arange(T)
    u = o["util"] / 100.0
    rate = 30000.0 * u * (o["state"] == 2)
    pcie = 3e7 + 2e8 * u + rng.normal(0, 5e6, u.shape)
    for f in (f for f in fl if f.kind == "nvlink_crc"):  # (s159) replays take the place of payload (no draw)
        assert f.gpu is not None
        for h in next(e for e in nd.engines if f.gpu in e.gpus).gpus:
            rate[h] = rate[h] * nvc_share(f, T)
    for f in (f for f in fl if f.kind == "nvlink_xid"):
        assert f.gpu is not None
        rate[f.gpu, int(f.start * 60):] = 0.0
        gs = next(e for e in nd.engines if f.gpu in e.gpus).gpus
        k = gs.index(f.gpu)
        for h in sorted({gs[k - 1], f.gpu, gs[(k + 1) % len(gs)]}):
            pcie[h] += np.where(f.start * 60 + 112 <= N, 7e9 * u[h], 0.0)
    o["nvl"] = rng.uniform(1e8, 5e9, (nd.n_gpu, 1)) + np.cumsum(rate, axis=1)
    o["pcie"] = np.clip(pcie, 1e6, None)


def nvlink_errs(nd: Node, fl: list[Fault], T: int, rng: np.random.Generator) -> None:
    """(s159) NVLink error counters per GPU where dcgm-exporter exports them (`nd.nvl_errs`), cumulative since
    boot (a few CRC errors from earlier link training): flow-control (flit) CRC errors, data CRC errors (~0.3
    of the flit ones), replays (one per CRC-failed flit or packet) and recoveries (one per NVC_REC CRC errors
    on average: the link retrains). `nvlink_crc`: GPU f.gpu's errors at `nvc_rate` (Poisson); its TP group
    waits in NCCL for the replaying link, so the group's GPUs draw less of the power their (NCCL-inflated)
    utilization would (0.55 + 0.45 x the link's share) and their memory is less busy. `nvlink_blip`: f.rate
    flit errors spread over 180 s from f.start on GPU f.gpu, and nothing after (a link retrained once)."""
    o, sec, n = nd.o, np.arange(T, dtype=float), nd.n_gpu
    idle_w = GPUS[nd.gpu][3]
    flit = rng.integers(0, 40, (n, 1)) + np.zeros((n, T))
    data = rng.integers(0, 8, (n, 1)) + np.zeros((n, T))
    rec = rng.integers(0, 2, (n, 1)) + np.zeros((n, T))
    for f in fl:
        if f.kind == "nvlink_crc":
            assert f.gpu is not None
            r = nvc_rate(f, T) / 60.0
            flit[f.gpu] += np.cumsum(rng.poisson(r))
            data[f.gpu] += np.cumsum(rng.poisson(0.3 * r))
            rec[f.gpu] += np.cumsum(rng.poisson(1.3 * r / NVC_REC))
            b = nvc_share(f, T)
            for h in next(e for e in nd.engines if f.gpu in e.gpus).gpus:
                o["power"][h] = idle_w + (o["power"][h] - idle_w) * (0.55 + 0.45 * b)
                o.setdefault("memf", {})[h] = 0.55 + 0.45 * b
        elif f.kind == "nvlink_blip":
            assert f.gpu is not None
            x = np.clip((sec - f.start * 60) / 180.0, 0.0, 1.0)
            flit[f.gpu] += np.round(f.rate * x)
            data[f.gpu] += np.round(0.3 * f.rate * x)
    o.update(crc=flit, crcd=data, nvrep=flit + data, nvrec=rec)


def pcie_series(nd: Node, fl: list[Fault], T: int, rng: np.random.Generator) -> None:
    """(s114) PCIe link state and traffic per GPU where dcgm-exporter exports them (`nd.pcie_link`): the link
    generation (4 under load, 1 while the GPU idles: the driver's power saving), width (16), TX rate
    (bytes/s: a TP4 engine without NVLink runs its all-reduces over PCIe, up to ~14 GB/s per GPU at full
    load; RX ~0.97 of it) and the replay counter (0-3 since boot). `pcie_down`: GPU f.gpu's link logs ~2,600
    replays (correctable AER errors) in the 30 s before it retrains at f.start to Gen3 x4, then ~4 a minute;
    from then the whole ring, and so every GPU of that TP group, moves at most PCIE_BW, the group's dynamic
    power falls to PCIE_PWR of what its utilization (inflated by NCCL kernels spinning on the slow link)
    would draw, and its memory activity to PCIE_MEM."""
    o, N = nd.o, np.arange(T)
    idle_w = GPUS[nd.gpu][3]
    u = o["util"] / 100.0
    ptx = (3e7 + 1.4e10 * u ** 1.3 * (o["state"] == 2)) * rng.uniform(0.97, 1.03, u.shape)
    gen, wid = np.where(u > 0.05, 4, 1), np.full(u.shape, 16)
    replay = rng.integers(0, 4, (nd.n_gpu, 1)) + np.zeros(u.shape)
    for f in (f for f in fl if f.kind == "pcie_down"):
        assert f.gpu is not None
        s0, after = f.start * 60, f.start * 60 <= N
        for h in next(e for e in nd.engines if f.gpu in e.gpus).gpus:
            ptx[h] = np.where(after, np.minimum(ptx[h], PCIE_BW * (1 + rng.normal(0, 0.02, T))), ptx[h])
            o["power"][h] = np.where(after, idle_w + (o["power"][h] - idle_w) * PCIE_PWR, o["power"][h])
            o.setdefault("memf", {})[h] = np.where(after, PCIE_MEM, 1.0)
        gen[f.gpu] = np.where(after & (u[f.gpu] > 0.05), 3, gen[f.gpu])
        wid[f.gpu] = np.where(after, 4, 16)
        burst = 2600 * np.clip((N - (s0 - 30)) / 30.0, 0, 1)
        replay[f.gpu] += burst + np.cumsum(rng.poisson(4 / 60, T) * after)
    o.update(ptx=ptx, lgen=gen, lwid=wid, replay=replay)


def dc_power(nd: Node, fl: list[Fault], T: int, rng: np.random.Generator) -> None:
    """(s116) Power limit, clocks, temperatures and clock-event reasons per GPU where dcgm-exporter exports
    them (`nd.clk_reasons`). `inlet_heat`: the hall's inlet air f.rate C warmer from f.start to f.end (ramps
    of 10 min): every GPU that much warmer. `hw_slowdown` (f.start to f.end): GPU f.gpu's HW Slowdown is
    asserted (reason 0x8): SM clock HWS_CLK of its maximum, ~16 % of its dynamic power, cool; the other GPUs
    of its TP group wait for it in NCCL (0.6 of their dynamic power). `dc_cap` (f.start to f.end): the fleet's
    power manager sets every GPU's limit to f.rate W: a GPU whose load would draw more sits just under it
    (reason 0x4, DCGM_FI_DEV_POWER_VIOLATION counting) with its SM clock at (cap / demand)^0.4 of its dynamic
    share (DVFS) and ~0.04 C per W cooler. Idle GPUs report 0x1."""
    o, sec, n = nd.o, np.arange(T, dtype=float), nd.n_gpu
    idle_w, max_w = GPUS[nd.gpu][3:5]
    heat, lim, hws = np.zeros(T), np.full(T, max_w), {}
    for f in fl:
        s0, s1 = f.start * 60, T if f.end is None else f.end * 60
        if f.kind == "inlet_heat":
            heat += f.rate * np.interp(sec, [s0, s0 + 600, s1, s1 + 600], [0, 1, 1, 0], 0, 0)
        elif f.kind == "dc_cap":
            lim = np.where((sec >= s0) & (sec < s1), f.rate, lim)
        elif f.kind == "hw_slowdown":
            assert f.gpu is not None
            hws[f.gpu] = (sec >= s0) & (sec < s1)
            for h in next(e for e in nd.engines if f.gpu in e.gpus).gpus:
                dyn = (0.16 * (max_w - idle_w) * o["util"][h] / 100 + rng.normal(0, 2, T) if h == f.gpu
                       else (o["power"][h] - idle_w) * 0.6)
                o["power"][h] = np.where(hws[f.gpu], idle_w + dyn, o["power"][h])
    pv0 = rng.uniform(1e11, 4e12, n)  # ns of power capping since boot (earlier episodes)
    o["plim"], o["why"], o["pviol"] = lim, np.zeros((n, T), int), np.zeros((n, T))
    for g in range(n):
        u, p = o["util"][g], o["power"][g].copy()
        capd = p > lim - 5
        o["power"][g] = np.where(capd, lim - np.abs(rng.normal(0, 2.5, T)), p)
        clk = np.where(capd, np.clip((lim - idle_w) / np.maximum(p - idle_w, 1.0), 0.3, 1.0) ** 0.4, 1.0)
        temp = 31 + heat + 0.38 * u - 0.04 * (p - o["power"][g])
        why = np.where(u <= 5, 1, 0) | np.where(capd & (u > 5), 4, 0)
        if g in hws:
            clk = np.where(hws[g], HWS_CLK + 0.01 * np.sin(2 * np.pi * sec / 37.0), clk)
            temp = np.where(hws[g], 31 + heat + 0.10 * u, temp)
            why = why | np.where(hws[g], 8, 0)
        o.setdefault("clk", {})[g] = clk
        o.setdefault("tcool", {})[g] = temp
        o["why"][g], o["pviol"][g] = why, pv0[g] + np.cumsum(capd) * 1e9


def moved(secs: Arr, wins: list[tuple[float, float]], tau: float = 180.0) -> Arr:
    """Share of a drained node's conversations served elsewhere: 1 from drain to ready, then exp(-dt/tau)."""
    m = np.zeros(len(secs))
    for a, r in wins:
        m += np.where((secs >= a) & (secs < r), 1.0, 0.0)
        m += np.where(secs >= r, np.exp(-(secs - r) / tau), 0.0)
    return np.clip(m, 0, 1)


def stale_attempts(f: Fault, T: int) -> Arr:
    """(s195) Per second, the gateway's attempts at a node's old pod address that no host answers, from
    f.start to f.end: EJECT_N connect failures (each retried on the ring's next host) eject it for EJECT_BASE
    s x the times it has been ejected (at most EJECT_MAX), after which the next EJECT_N attempts fail again.
    No draw."""
    out, a, k = np.zeros(T), f.start * 60 + 1.0, 1
    b = float(T) if f.end is None else f.end * 60
    while a < b:
        for j in range(EJECT_N):  # ~2.5 requests a second hash to it: EJECT_N of them in ~2 s
            if a + 0.4 * j < b:
                out[int(a + 0.4 * j)] += 1
        a, k = a + 0.4 * EJECT_N + min(EJECT_BASE * k, EJECT_MAX), k + 1
    return out


def scan_share(f: Fault, fl: list[Fault], T: int) -> Arr:
    """(s202) Per second from f.start, the share of the node's idle sessions that a sweeper listing its store
    with one SCAN call never examines: 1 - SCAN_CAP / keys once the store holds more than SCAN_CAP. The store
    holds SESS_KEYS at the fleet's load, the app's one-turn greeting sessions (opened at the `launch_greet`
    faults' mean rate, each held GREET_LIFE s) and every session a sweep never reached: of the sessions that
    go idle each second (SESS_RATE + the greetings), that share stays for good, and so the share grows. No
    draw."""
    N = np.arange(T)
    cf = np.zeros(T)  # greeting sessions opened a second
    for g in (g for g in fl if g.kind == "launch_greet"):
        g0, g1 = g.start * 60, T if g.end is None else g.end * 60
        cf += g.rate * np.clip((N - g0) / (g.ramp * 60), 0.0, 1.0) * ((g0 <= N) & (g1 > N))
    out, nf, kk, s0 = np.zeros(T), 0.0, 0.0, int(f.start * 60)
    for s in range(T):
        nf += cf[s] - nf / GREET_LIFE
        if s < s0:
            continue
        r = max(0.0, 1.0 - SCAN_CAP / (SESS_KEYS + nf + kk))
        kk += r * (SESS_RATE + cf[s])
        out[s] = r
    return out


def sim_engine(rng: np.random.Generator, nd: Node, e: Engine, T: int, fl: list[Fault], tr: Trace,
               seed: int) -> None:
    o, N = nd.o, np.arange(T)
    state = o["state"]
    up, serving = state == 2, (state == 2) & o["reach"]
    if "asleep" in o:  # (s90) asleep: the pool is gone and nothing is served
        up, serving = up & ~o["asleep"], serving & ~o["asleep"]
    if "proxy_down" in o:  # (s154) the pod's in-path proxy is restarting: no request reaches vLLM
        serving = serving & ~o["proxy_down"]
    w = workload(rng, e, T, fl, tr, o.get("spill"), o.get("failover"))
    si = w["t"].astype(int)
    # gateway view: arrivals at a dead upstream are 5xx for 45 s, then the balancer ejects it
    age = np.zeros(T)
    for s in range(1, T):
        age[s] = 0 if serving[s] else age[s - 1] + 1
    ok = serving[si]
    hang = o.get("hang")
    if hang is not None:  # a stuck engine accepts requests and never answers: the gateway times them out
        ok = ok & ~hang[si]
    bh = None  # (s184) requests lost in a PMTU black hole between the gateway and the node (None: none)
    for f in (f for f in fl if f.kind == "mtu_blackhole"):  # drawn only where the kind is
        m0, m1 = f.start * 60, T if f.end is None else f.end * 60
        lost = ok & (w["t"] >= m0) & (w["t"] < m1) & (w["P"] > MTU_TOK) & (rng.random(len(ok)) < f.rate)
        bh = lost if bh is None else bh | lost
    if bh is not None:
        ok = ok & ~bh
    au = None  # (s186) requests vLLM's API-key middleware answers with a 401 (None: none; no draw)
    for f in (f for f in fl if f.kind == "auth_reject"):
        m = ok & (w["t"] >= f.start * 60) & (w["t"] < (T if f.end is None else f.end * 60))
        au = m if au is None else au | m
    if au is not None:
        ok = ok & ~au
    r4 = None  # (s192) requests vLLM refuses with a 400 before the engine (None: none; no draw)
    for f in (f for f in fl if f.kind == "ctx_reject"):
        m = ok & (w["t"] >= f.start * 60) & (w["t"] < (T if f.end is None else f.end * 60))
        m = m & (w["P"] > f.rate)
        r4 = m if r4 is None else r4 | m
    if (w["kind"] == 24).any():
        m = ok & (w["kind"] == 24)
        r4 = m if r4 is None else r4 | m
    if r4 is not None:
        ok = ok & ~r4
    q4 = None  # (s198) requests a pod's admission sidecar refuses with a 429 (None: none; no draw)
    if bool(np.isin(w["kind"], (30, 32)).any()):
        q4 = ok & np.isin(w["kind"], (30, 32))
        ok = ok & ~q4
    rej = ~ok & (age[si] <= 45) & ~o["drained"][si]
    if bh is not None:  # the gateway waits for the body it sent to be acknowledged until its timeout
        rej = rej & ~bh
    if au is not None:  # a 401 is the upstream's answer, not a 5xx
        rej = rej & ~au
    if r4 is not None:  # (s192) so is a 400
        rej = rej & ~r4
    if q4 is not None:  # (s198) and a 429
        rej = rej & ~q4
    if nd.gw_log:  # the gateway logs what it failed on a dead upstream
        e.out["rejs"] = (w["t"][rej], w["P"][rej])
        if bh is not None:  # (s184) and what timed out on a black-holed path, at its timeout
            e.out["mtu"] = (w["t"][bh] + GW_TIMEOUT, w["P"][bh])
        if au is not None:  # (s186) and what the upstream refused (401)
            e.out["auth"] = (w["t"][au] + AUTH_S, w["P"][au])
        if r4 is not None:  # (s192) and what vLLM refused (400), the harness's requests flagged
            e.out["r400"] = (w["t"][r4] + np.where(w["kind"][r4] == 24, BAD_S, CTX_S), w["P"][r4],
                             w["kind"][r4] == 24)
        if q4 is not None:  # (s198) and what the pod's sidecar refused (429), with the tenant's kind
            e.out["q429"] = (w["t"][q4] + Q429_S, w["P"][q4], w["kind"][q4], w["G"][q4])
    tot, bad = np.zeros(T), np.zeros(T)
    gwv: Arr = ~np.isin(w["kind"], (15, 22, 23, 33, 35))  # (s114) a load test's client calls the node
    #   directly: the gateway never sees it; (s189) nor does it count a mirrored copy or an n > 1 request's
    #   sibling samples; (s200) nor a TTFT prober's request straight at the pod; (s203) nor a hedged copy
    np.add.at(tot, si[(ok | rej) & gwv], 1)
    np.add.at(bad, si[rej & gwv], 1)
    if bh is not None:  # (s184) a 504 at the gateway's upstream timeout
        np.add.at(tot, si[bh], 1)
        np.add.at(bad, np.minimum(si[bh] + int(GW_TIMEOUT), T - 1), 1)
    sau = None if au is None else si[au]  # (s186) a 401 is a response the gateway counts (not a 5xx)
    if sau is not None:
        np.add.at(tot, sau, 1)
    s4 = None if r4 is None else si[r4]  # (s192) a 400 is a response the gateway counts (not a 5xx)
    if s4 is not None:
        np.add.at(tot, s4, 1)
    sq4 = None if q4 is None else si[q4]  # (s198) so is a 429
    if sq4 is not None:
        np.add.at(tot, sq4, 1)
    for f in (f for f in fl if f.kind in ("tenant_quota", "quota_burst")):  # (s198) the gateway's responses
        ks = (29, 30) if f.kind == "tenant_quota" else (31, 32)  # to the tenant, and its 429s (no draw)
        ta = np.isin(w["kind"], ks)
        tr4 = ta & q4 if q4 is not None else np.zeros(len(ta), bool)
        e.out.setdefault("tq", {})[f.tenant] = (np.bincount(si[ta], minlength=T)[:T].astype(float),
                                                np.bincount(si[tr4], minlength=T)[:T].astype(float))
        e.out.setdefault("qtn", {})[ks[1]] = f.tenant
    t, P, G, kind, si = w["t"][ok], w["P"][ok], w["G"][ok], w["kind"][ok], si[ok]
    kw = bool((kind == 25).any())  # (s194) keep-warm requests (no draw)
    t5 = np.isin(kind, (27, 28)) if bool(np.isin(kind, (27, 28)).any()) else None  # (s196) the tool calls
    #     the API server's parser fails on, and their retries (None: none; no draw)
    P0 = w["P0"][ok] if "P0" in w else None  # (s70) the prompts without a full-history client's extra history
    rto, rcap = None, np.zeros(len(t))  # (s214) contracts cancelled at their client's read timeout, in their
    for f in (f for f in fl if f.kind == "read_timeout"):  # prefill, and that timeout (None: none; no draw)
        r1 = T if f.end is None else f.end * 60
        m = (kind == 1) & (t >= f.start * 60) & (t < r1) & (f.cap < P / PF_TPS)
        rto, rcap = m if rto is None else rto | m, np.where(m, f.cap, rcap)
    c38 = next((f.cap for f in fl if f.kind == "read_timeout"), 0.0)  # (s214) a retry finds the full chunks
    crt = kind == 38 if bool((kind == 38).any()) else None  #          its cancelled attempt computed cached
    ctok = np.minimum(np.floor(c38 * PF_TPS / CHUNK_TOK) * CHUNK_TOK, P)
    for f in (f for f in fl if f.kind == "prefill_leak" and rto is not None):  # (s214) the blocks of the
        lk = rto & (t >= f.start * 60)  # chunks a cancelled prefill computed stay allocated until the process
        inc_ = np.zeros(T)  #             exits (no draw)
        np.add.at(inc_, np.minimum((t[lk] + rcap[lk]).astype(int), T - 1),
                  np.floor(rcap[lk] * PF_TPS / CHUNK_TOK) * CHUNK_TOK)
        acc_, kept_ = 0.0, np.zeros(T)
        for s_ in range(T):
            acc_ = acc_ + float(inc_[s_]) if up[s_] else 0.0
            kept_[s_] = acc_
        w["pinned"] = w["pinned"] + kept_ / e.pool
        e.out["leaks"] = np.sort(t[lk] + rcap[lk])  # when each cancel left its blocks (read by `build`'s
        #                                              callers only; no draw)
    if nd.pd == "prefill":  # the P/D proxy sends max_tokens=1 here; a decode node pulls the KV and generates
        G = np.ones(len(t))
    stopc = None  # (s183) requests an agent framework's stop sequence ends early (None: no such tenant)
    if (kind == 19).any():  # drawn only where that tenant is
        sf, sh = rng.uniform(STOP_LO, STOP_HI, len(t)), rng.random(len(t))
        stopc = (kind == 19) & (sh < STOP_HIT)
        G = np.where(stopc, np.maximum(np.round(G * sf), 1.0), G)
    capm = None  # (s187) answers a server-wide max_new_tokens cuts short (None: no cap; no draw)
    for f in (f for f in fl if f.kind == "gen_cap"):
        m = (t >= f.start * 60) & (f.rate < G)
        capm = m if capm is None else capm | m
        G = np.where(m, float(f.rate), G)
    prev = np.zeros(len(t))
    if nd.resend:
        reuse = [(f.start * 60, T if f.end is None else f.end * 60) for f in fl if f.kind == "kv_leak"]
        P, prev, e.out["ses"] = resend(np.random.default_rng(seed), t, P, G, kind, reuse)
    n = len(t)
    if any(f.kind == "spec_residue" and f.crash for f in fl):  # (s112) drawn for every arrival, served or
        na = len(ok)  # not, so a request's draws do not depend on the crashes (`residue_crashes`)
        z, uf, (u1, u2, ur) = (rng.normal(0, 1, na)[ok], rng.uniform(0.15, 0.9, na)[ok],
                               rng.random((3, na))[:, ok])
    else:
        z, uf, (u1, u2, ur) = rng.normal(0, 1, n), rng.uniform(0.15, 0.9, n), rng.random((3, n))
    pab = w["p_ab"][si]
    if (kind == 9).any():  # (s72) users stop a long reasoning answer more often
        pab = np.where(kind == 9, np.maximum(pab, REASON_AB), pab)
    aborted = u1 < pab
    lt = bool((kind == 15).any())  # (s114) the benchmark client waits for every answer: no abort
    if lt:
        aborted = aborted & (kind != 15)
    bk = np.isin(kind, (20, 21, 22, 23))  # (s187, s189) backends, harnesses and mirrored copies: nobody
    xone = bool(bk.any())  #                  cancels them; one-shot but the mirrored chats (no draw)
    if xone:
        aborted = aborted & ~bk
    if kw:  # (s194) nobody cancels a keep-warm request
        aborted = aborted & (kind != 25)
    if t5 is not None:  # (s196) a non-streaming agent waits for its answer
        aborted = aborted & ~t5
    agt = kind == 39 if bool((kind == 39).any()) else None  # (s222) so does an agent runtime (no draw)
    if agt is not None:
        aborted = aborted & ~agt
    sdc = bool(np.isin(kind, (40, 41)).any())  # (s224) a poisoned chat answer is stopped by its user once
    if sdc:  # SDC_STOP s of it have streamed; nobody stops an API client's (no draw)
        aborted = (aborted | (kind == 40)) & (kind != 41)
        uf = np.where(kind == 40, 1.0, uf)
    qb = bool((kind == 31).any())  # (s198) a backtest runner's admitted filings: nobody cancels them (no
    #                                 draw)
    if qb:
        aborted = aborted & (kind != 31)
    pcm = kind == 33 if bool((kind == 33).any()) else None  # (s200) a TTFT prober's requests: each aborted
    if pcm is not None:  # just after its first token (no draw)
        aborted = aborted | pcm
    hgc = kind == 35 if bool((kind == 35).any()) else None  # (s203) hedged copies: reset when their original
    hd = next((f.cap for f in fl if f.kind == "hedge"), 0.0)  # completes, f.cap s after they began (no draw)
    if hgc is not None:
        aborted = aborted | hgc
    if bool((kind == 36).any()):  # (s211) an answer its user stops to regenerate it (no draw)
        aborted = aborted | (kind == 36)
    if rto is not None:  # (s214) cancelled by its client before its first token
        aborted = aborted | rto
    sdkc = (kind == 16) & (G > SDK_CUT) if (kind == 16).any() else None  # (s150) streams the SDK closes
    if sdkc is not None:
        aborted = aborted | sdkc
    capf = next((f for f in fl if f.kind == "seq_cap"), None)  # (s177) a max_num_seqs cap (None: none)
    ss, ren, ab0, pat = si, None, aborted, np.zeros(0)  # (s177) start second, given up while queued
    if capf is not None:  # each user's patience for the first token (drawn only here)
        pat = np.clip(rng.lognormal(math.log(PAT_MED), PAT_SIG, n), 3.0, None)
    fixed = [f.end * 60 for f in fl if f.kind == "stale_ep" and f.end is not None]  # (s195) traffic back on
    #                                                                      a cache that served nothing
    cold = 1 + 0.6 * np.exp(-since(N, o["readies"] + o.get("wakes", []) + fixed) / 180.0)
    base_slow = cold * (1 + np.clip(o["host_used"] / nd.host_total - 0.88, 0, None) * 30)  # reclaim stalls
    spec = espec(nd, e)
    tps = 45.0 * ((NG_SPEED if nd.ngram else 1.8) if spec else 1.0) if "8B" in emodel(nd, e) else 30.0
    if nd.gpu == "L4":  # (s105) GDDR6: decode is memory-bound
        tps *= L4_DEC
    lgen = kind == 12 if (kind == 12).any() else None  # (s103) long-form generations: KV grows token by token
    amp, press = float(rng.uniform(*(nd.amp or (0.10, 0.18)))), np.zeros(T)
    if nd.no_prefix:  # no prefix cache: a finished request's blocks are freed, no session context is kept
        amp = 0.0
    if nd.pd == "prefill":  # a prefill node frees a request's blocks once the decode node has pulled them
        amp = 0.0
    thr = throttle_frac(fl, T)  # a thermally throttled GPU slows its whole TP group (None: none)
    sdn = slowdown(fl, T)  # (prefill, decode) speed under a power cap or over a failed NVLink (None: none)
    tpl = template_frac(fl, T)  # prefix-cache hits left by a prompt-template change (None: none)
    batch = bool((kind == 6).any())  # one-shot batch documents leave no session context behind
    oneshot = (kind == 6) | (kind == 15)  # (s114) nor do a load test's random prompts
    if xone:  # (s187, s189) nor a classification request or an evaluation's samples
        oneshot = oneshot | np.isin(kind, (20, 21, 23))
    if kw:  # (s194) a keep-warm request's context is the kept one (`workload`)
        oneshot = oneshot | (kind == 25)
    if qb:  # (s198) nor a backtest's filing
        oneshot = oneshot | (kind == 31)
    if pcm is not None:  # (s200) nor a prober's fixed prompt
        oneshot = oneshot | pcm
    if hgc is not None:  # (s203) nor a hedged copy (its conversation lives where the original went)
        oneshot = oneshot | hgc
    salt = bool((kind == 14).any())  # (s110) cache-salted requests: no prefix shared with other users
    surge0 = min([int(f.start * 60) for f in fl if f.kind in ("surge", "ramp", "shift", "lora", "ctx_growth",
                                                                 "reasoning", "runaway", "rag", "diurnal",
                                                                 "night", "mirror", "launch_greet")],
                 default=0) or int(o.get("fref_s", 0))
    psc = pool_scale(nd, e, fl, T)  # a restart with another config resizes the pool (None: never)
    keep = ttl_on = None  # (s147) a longer idle-session TTL: the share a sweep keeps, and its hits (no draw)
    for f in (f for f in fl if f.kind == "sess_ttl"):
        s0, s1 = int(f.start * 60), T if f.end is None else int(f.end * 60)
        keep = np.full(T, KEEP) if keep is None else keep
        ttl_on = np.zeros(T) if ttl_on is None else ttl_on
        keep[s0:s1], ttl_on[s0:s1] = f.rate, 1.0 - np.exp(-(N[s0:s1] - s0) / TTL_TAU)
    dead = None  # (s193) seconds in which the session sweeper is dead (None: never; no draw)
    for f in (f for f in fl if f.kind == "sweep_dead"):
        dead = np.zeros(T, bool) if dead is None else dead
        dead[int(f.start * 60):T if f.end is None else int(f.end * 60)] = True
    sp0 = None if spec else next((f.start * 60 + 130 for f in fl if f.kind == "spec_on"), None)
    lx = None  # extra TTFT of LoRA adapter loads (None: no adapters served)
    lock = o.get("lock") if nd.lockstep else None  # step-time factor set by the ranks simulated before
    cb = sorted(a * 60 for f in fl if f.kind == "cancel_burst" for a, _, _ in f.runs)  # (s92) no draw
    eb = sorted(a * 60 for f in fl if f.kind == "edge_reset" for a, _, _ in f.runs)  # (s161) no draw
    dsw = next((f.start * 60 + 30 for f in fl if f.kind == "draft_swap"), None)  # (s161) the 3B draft's start
    pfo = next((f.start * 60 + 30 for f in fl if f.kind == "prefix_off"), None)  # (s164) the process started
    #     without prefix caching: no prefix hit, no query counted, no session context kept (no draw)
    amps = None if pfo is None else (pfo > N).astype(float)
    for f in (f for f in fl if f.kind == "touch_scan"):  # (s199) the scanned tenant's share of the held
        s0 = int(f.start * 60)  # contexts is never swept: it joins the leaked ones (no draw); (s215) until
        s1 = T if f.end is None else int(f.end * 60)  # f.end, where it has one
        amps = np.ones(T) if amps is None else amps
        amps[s0:s1] = amps[s0:s1] * (1.0 - f.rate)
        w["leak"][s0:s1] = w["leak"][s0:s1] + f.rate * amp / 210.0
    free = None  # (s215) seconds at which every pinned context becomes an ordinary idle one (None: never)
    for f in (f for f in fl if f.kind == "unpin"):
        free = np.zeros(T, bool) if free is None else free
        free[min(int(f.start * 60), T - 1)] = True
    for f in (f for f in fl if f.kind == "scan_cap"):  # (s202) the sessions one SCAN call never reaches:
        sh = scan_share(f, fl, T)  # their share of the held contexts joins the leaked ones (no draw)
        amps = np.ones(T) if amps is None else amps
        amps = amps * (1.0 - sh)
        w["leak"] = w["leak"] + sh * amp / 210.0
    rl = reload_times(fl, T)  # (s83) in-place checkpoint reloads: pauses, prefix-cache resets (no draw)
    rs = rwait = rlf = None
    if rl:
        ra = np.array(rl)
        k = np.searchsorted(ra, t, side="right") - 1  # the latest reload at or before each arrival
        rwait = np.where(k >= 0, np.clip(ra[np.maximum(k, 0)] + RELOAD_PAUSE - t, 0.0, None), 0.0)
        rs = np.zeros(T, bool)
        rs[[int(r + RELOAD_PAUSE) for r in rl if r + RELOAD_PAUSE < T]] = True
        rlf = np.ones(T)
        for r in rl:
            x = N - (r + RELOAD_PAUSE)
            rback = np.where(x >= 0, 1.0 - np.exp(-np.clip(x, 0, None) / 240.0), 0.0)
            rlf = np.where(r <= N, rback, rlf)
    cpf = None  # (s152) prefix hits a cron's cache compaction left, refilling with tau 240 s (None: none)
    for f in (f for f in fl if f.kind == "compact"):
        c = f.start * 60
        rs = np.zeros(T, bool) if rs is None else rs
        rs[int(c)] = True
        cpf = np.where(c <= N, 1.0 - np.exp(-np.clip(N - c, 0, None) / 240.0), 1.0 if cpf is None else cpf)
    if (kind == 7).any():
        lx, lcount = lora_cache(rng, t, kind, T)
        o["rss"] = o["rss"] + np.where(up, lcount * LORA_BYTES, 0.0)
        o["host_used"] = o["host_used"] + np.where(up, lcount * LORA_BYTES, 0.0)
    for _ in range(2):  # KV pressure slows requests, which holds more KV: two passes
        slow = base_slow * (1 + 4.5 * np.clip(press, 0, 1) ** 1.5)
        if thr is not None:  # prefill is compute-bound: it slows with the SM clock
            slow = slow / thr
        if sdn is not None:
            slow = slow / sdn[0]
        if lock is not None:  # MoE lockstep: this rank waits for the slowest rank at every step
            slow = slow * lock
        if nd.prefill_tps:  # long prompts: the uncached part (the trace's mean reuse) is prefilled first
            ttft = np.where(kind == 1, P / nd.prefill_tps,
                            (0.133 * np.exp(0.45 * z) + P * (1 - tr.hit) / nd.prefill_tps) * slow[si])
        else:
            ttft = np.where(kind == 1, P / 5000.0, 0.133 * slow[si] * np.exp(0.45 * z))
        if crt is not None:  # (s214) a retried contract prefills what its first attempt had not computed
            ttft = np.where(crt, (P - ctok) / PF_TPS, ttft)
        if kw:  # (s194) its history is cached: its uncached tail and one step
            ttft = np.where(kind == 25, KW_TTFT * slow[si] * np.exp(0.3 * z), ttft)
        if lx is not None:  # the step that loads an adapter from disk stalls every request behind it
            ttft = ttft + lx
        if rwait is not None:  # (s83) arrivals during a reload's pause wait for the new weights
            ttft = ttft + rwait
        if tpl is not None:  # the prefix it no longer hits is prefilled again
            ttft = ttft + P * tr.hit * (1 - tpl[si]) / RECOMPUTE_TPS
        if pfo is not None:  # (s164) likewise every prefix, with prefix caching off
            ttft = ttft + np.where(t >= pfo, P * tr.hit / RECOMPUTE_TPS, 0.0)
        if cpf is not None:  # (s152) likewise the prefixes the compaction dropped
            ttft = ttft + P * tr.hit * (1 - cpf[si]) / RECOMPUTE_TPS
        if salt:  # (s110) likewise the shared prefixes a salted request no longer hits
            ttft = ttft + np.where(kind == 14, P * tr.hit * (1 - SALT_KEEP) / RECOMPUTE_TPS, 0.0)
        dtps = tps if thr is None else tps * thr[si]
        if sdn is not None:
            dtps = dtps * sdn[1][si]
        if lock is not None:
            dtps = dtps / lock[si]
        dur = ttft + G / dtps * (1 + 0.3 * np.clip(press, 0, 1))[si]
        if rl:  # (s83) a request still generating when a reload pauses the engine stalls for the pause
            dur = dur + RELOAD_PAUSE * sum(((t < r) & (t + dur > r)).astype(float) for r in rl)
        if pcm is not None:  # (s200) the prober closes its stream PROBE_CLOSE s after its first token
            uf = np.where(pcm, np.clip((ttft + PROBE_CLOSE) / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
        if hgc is not None:  # (s203) reset as its original, hd s ahead of it, completes
            uf = np.where(hgc, np.clip((dur - hd) / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
        if rto is not None:  # (s214) cancelled at its client's read timeout
            uf = np.where(rto, np.clip(rcap / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
        if sdkc is not None:  # (s150) cut once SDK_CUT of its tokens have streamed
            uf = np.where(sdkc, np.clip((ttft + (dur - ttft) * SDK_CUT / np.maximum(G, 1.0))
                                        / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
        if capf is None:
            end = np.minimum(t + np.where(aborted, dur * uf, dur), T - 1)
        else:  # (s177) at most capf.burst requests run: the others wait for a slot or give up
            occ = np.where(ab0, dur * uf, dur)
            qw, ren = cap_queue(t, occ, pat, capf.start * 60, capf.burst)
            end = np.minimum(np.where(ren, t + np.minimum(pat, GW_TIMEOUT), t + qw + occ), T - 1)
            ttft, aborted = ttft + qw, ab0 | ren
            ss = np.where(ren, end, np.minimum(t + qw, end)).astype(int)
        if cb:  # (s92) a job's cancel aborts every batch request in flight at the burst
            nb = np.append(np.array(cb), np.inf)[np.searchsorted(np.array(cb), t, side="right")]
            cut = (kind == 6) & (nb < t + dur) & (nb < T - 1)
            uf = np.where(cut, np.clip((nb - t) / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
            aborted = aborted | cut
            end = np.minimum(t + np.where(aborted, dur * uf, dur), T - 1)
        if eb:  # (s161) an edge proxy's reset cuts every stream of its client then in flight
            nb = np.append(np.array(eb), np.inf)[np.searchsorted(np.array(eb), t, side="right")]
            cut = (kind == 17) & (nb < t + dur) & (nb < T - 1)
            uf = np.where(cut, np.clip((nb - t) / np.maximum(dur, 1e-9), 0.0, 1.0), uf)
            aborted = aborted | cut
            end = np.minimum(t + np.where(aborted, dur * uf, dur), T - 1)
        ei = end.astype(int)
        run, act, fin = np.zeros(T + 1), np.zeros(T + 1), np.zeros(T)
        np.add.at(run, ss, 1)
        np.add.at(run, ei, -1)
        kvt = P + G / 2 if lgen is None else np.where(lgen, 0.0, P + G / 2)  # a request's mean KV tokens
        np.add.at(act, ss, kvt)
        np.add.at(act, ei, -kvt)
        pin = w["pinned"] if lgen is None else w["pinned"] + gen_kv(t, end, P, G, dur, lgen, T, e.pool)
        if ren is None:
            np.add.at(fin, ei, np.where(oneshot, 0.0, P + G) if batch or lt or xone or kw or qb
                      or pcm is not None or hgc is not None else P + G)
        else:  # (s177) a request given up in the queue was never prefilled: no context to keep
            np.add.at(fin, ei, np.where(ren, 0.0, P + G))
        fsm = smooth(fin, 60)
        fref = float(fsm[60:surge0][up[60:surge0]].mean()) if surge0 else None  # held KV scales with load
        if psc is None:
            usage, raw = kv_series(seed, np.cumsum(act)[:T] / e.pool, fsm, amp, w["leak"], pin, up,
                                   fref, resets=rs, keep=keep, amps=amps, dead=dead, free=free)
        else:
            usage, raw = kv_series(seed, np.cumsum(act)[:T] / e.pool * psc, fsm, amp, w["leak"],
                                   pin * psc, up, fref, psc, rs, keep, amps, dead, free=free)
        press = np.clip((raw - 0.92) / 0.07, 0, 1.5)
    if nd.lockstep:  # a rank under pressure (preempting, recomputing) lengthens every rank's steps
        o["lock"] = np.maximum(1.0 if lock is None else lock, 1 + np.clip(press, 0, 1) ** 1.5)
    gdone = np.where(aborted, G * uf, G).round()
    if ren is not None:  # (s177) never scheduled: nothing generated
        gdone = np.where(ren, 0.0, gdone)
    if sdkc is not None:  # (s150) the SDK read exactly SDK_CUT tokens of each
        gdone = np.where(sdkc, float(SDK_CUT), gdone)
    if pcm is not None:  # (s200) one token before the prober's close
        gdone = np.where(pcm, 1.0, gdone)
    if rto is not None:  # (s214) cancelled in its prefill: nothing generated
        gdone = np.where(rto, 0.0, gdone)
    res = np.zeros(T)  # speculative-decoding residue, MiB per GPU: 4.7 MB per interrupted request
    if (spec or sp0 is not None) and not nd.ngram:  # (sp0: speculative decoding from a restart with the
        #                                     new config on; (s112) n-gram lookup keeps no draft state)
        inc, dsel = np.zeros(T), aborted if sp0 is None else aborted & (t >= sp0)
        fr0 = next((f.start * 60 for f in fl if f.kind == "first_residue"), None)  # (s200) the build that
        keep1 = None if fr0 is None or pcm is None else pcm & (t >= fr0)  # keeps a request's draft state when
        if keep1 is not None:  # it is aborted before its first verification step (the prober's; no draw)
            dsel = dsel & ~keep1
        mb = nd.draft_mb if dsw is None else np.where(t >= dsw, DRAFT3B_MB, nd.draft_mb)[dsel]  # (s161)
        np.add.at(inc, ei[dsel], mb * 1e6 / MIB if nd.draft_tp1 else mb * 1e6 / MIB / len(e.gpus))
        if stopc is not None:  # (s183) the front end aborts a stop-string match in the engine: reclaimed as
            s_in = min((f.start * 60 for f in fl if f.kind == "stop_residue"), default=float(T))  # any abort,
            fe = stopc & ~aborted & (t < s_in)  # until the engine checks stop strings itself (`stop_residue`)
            np.add.at(inc, ei[fe], nd.draft_mb * 1e6 / MIB / len(e.gpus))
        r = 0.0
        for s in range(T):
            r = 0.0 if not up[s] else (r if w["nodecay"][s] else r * (1 - 1 / 90)) + inc[s]
            res[s] = r
        if keep1 is not None:  # (s200) kept to the process's end (MiB per GPU)
            kept1 = np.zeros(T)
            np.add.at(kept1, ei[keep1], nd.draft_mb * 1e6 / MIB / len(e.gpus))
            acc1 = 0.0
            for s_ in range(T):
                acc1 = acc1 + float(kept1[s_]) if up[s_] else 0.0
                res[s_] += acc1
    for f in (f for f in fl if f.kind == "fb_leak"):
        res = res + fb_leak(f, up)
    for f in (f for f in fl if f.kind == "fb_frag"):
        res = res + fb_frag(f, up)
    for f in (f for f in fl if f.kind == "stop_residue" and stopc is not None):  # (s183) its in-engine stop
        kept = np.zeros(T)  # path keeps the draft state of each request it ends (MiB per GPU; no draw)
        np.add.at(kept, ei[stopc & ~aborted & (t >= f.start * 60)], nd.draft_mb * 1e6 / MIB / len(e.gpus))
        acc = 0.0
        for s_ in range(T):  # freed only with the process
            acc = acc + float(kept[s_]) if up[s_] else 0.0
            res[s_] += acc
    off = None  # (s216) seconds in which speculation is switched off by the batch size (None: never; no draw)
    for f in (f for f in fl if f.kind == "spec_toggle" and spec and not nd.ngram):
        off = np.cumsum(run)[:T] > f.burst
    if off is not None:
        swo = off & ~np.concatenate([[False], off[:-1]])  # the seconds it is switched off
        for f in (f for f in fl if f.kind == "toggle_residue"):  # each request running at a switch-off keeps
            cs = np.concatenate([[0], np.cumsum(swo & (f.start * 60 <= N))])  # its draft state to the
            kept = np.zeros(T)  #                                               process's end (MiB per GPU)
            np.add.at(kept, ei[cs[ei] - cs[np.minimum(ss, ei)] > 0], nd.draft_mb * 1e6 / MIB / len(e.gpus))
            acc = 0.0
            for s_ in range(T):
                acc = acc + float(kept[s_]) if up[s_] else 0.0
                res[s_] += acc
            e.out["toggles"] = np.nonzero(swo & (f.start * 60 <= N))[0]
    total, reserved = GPUS[nd.gpu][1:3]
    colo = o["colo"][0][e.gpus].max(axis=0) if "colo" in o else 0.0  # (s101) a co-located process's MiB
    p_er = 0.0008 + np.where(total - reserved - (nd.util_frac * total + res + colo) < 256, 0.30, 0.0)
    if nd.stall_err:  # reclaim stalls push requests past the gateway's timeout: 0 at 86 %, 12 % at 98 %
        p_er = p_er + 0.12 * np.clip((o["host_used"] / nd.host_total - 0.86) / 0.12, 0, 1)
    errored = ~aborted & (u2 < p_er[si])
    rest = ~aborted & ~errored
    reason = np.select([aborted, errored, rest & (ur < 0.0005), rest & (ur < 0.09)], [2, 3, 4, 1], 0)
    if nd.pd == "prefill":  # every prefill-only request stops at its max_tokens=1
        reason = np.where((reason == 0) | (reason == 4), 1, reason)
    if (kind == 10).any():  # (s72) no stop sequence: it runs to max_tokens
        reason = np.where(rest & (kind == 10), 1, reason)
    if stopc is not None:  # (s183) a stop-sequence match is a `stop`
        reason = np.where(rest & stopc, 0, reason)
    if lt:  # (s114) ignore_eos: every load-test request runs to its max_tokens
        reason = np.where(rest & (kind == 15), 1, reason)
    if (kind == 13).any():  # (s110) the prober's answer always runs to its max_tokens
        reason = np.where(rest & (kind == 13), 1, reason)
    if capm is not None:  # (s187) the server-wide cap ends a longer answer at its max_new_tokens
        reason = np.where(rest & capm, 1, reason)
    if kw:  # (s194) a keep-warm request runs to its max_tokens of 1
        reason = np.where(rest & (kind == 25), 1, reason)
    if t5 is not None:  # (s196) the engine ends the tool call on its end token
        reason = np.where(rest & t5, 0, reason)
    if agt is not None:  # (s222) likewise an agent's tool call or answer
        reason = np.where(rest & agt, 0, reason)
    if sdc:  # (s224) a poisoned API request never samples its end token: it runs to its max_tokens
        reason = np.where(rest & (kind == 41), 1, reason)
    if xone:  # (s187) a classification answer ends on EOS or at its max_tokens; (s189) an evaluation sample
        reason = np.where(rest & (kind == 20), np.where(G >= CLS_MAX, 1, 0), reason)  # likewise (no draw)
        reason = np.where(rest & np.isin(kind, (21, 23)), np.where(G >= PS_MAX, 1, 0), reason)
    np.add.at(bad, ei[errored & ~np.isin(kind, (15, 22, 23, 33, 35))], 1)  # (s189) not what the gateway
    #                                                                             never sees
    if t5 is not None:  # (s196) the API's 500, as the answer would have gone out
        np.add.at(bad, ei[rest & t5], 1)
    if ren is not None:  # (s177) still queued at the gateway's upstream timeout: a 504
        np.add.at(bad, ei[ren & (pat > GW_TIMEOUT)], 1)
    bad += w["x5xx"] * tot
    back_s = since(N, o["readies"] + o.get("wakes", []) + fixed)  # (s90) a wake empties the prefix cache too
    hit = tr.hit * np.clip((1 - usage) / 0.3, 0.25, 1.0) * (1 - np.exp(-back_s / 240.0))
    hit = np.where(kind == 2, np.minimum(0.95, (P - 1500) / P), hit[si] * rng.uniform(0.7, 1.3, n)).clip(0, 1)
    if ttl_on is not None:  # (s147) returning users find the contexts a longer TTL kept
        hit = np.minimum(hit * (1.0 + TTL_HIT * ttl_on[si]), 0.98)
    if (kind == 4).any():  # a moved conversation's history is cached on the node it left
        hit = hit * np.where(kind == 4, 0.25, 1.0)
    if (kind == 5).any():  # a launch's new users: first turns, only the shared system prompt is cached
        hit = hit * np.where(kind == 5, 0.5, 1.0)
    if (kind == 35).any():  # (s203) a hedged copy's history is cached on the node its original went to
        hit = hit * np.where(kind == 35, 0.25, 1.0)
    if (kind == 34).any():  # (s202) a greeting shares the app's system prompt only
        hit = np.where(kind == 34, np.floor(GREET_SYS / 16) * 16 / P, hit)
    if P0 is not None:  # (s70) the resent history is a prefix hit while it is still cached
        back = 0.95 * np.clip((1 - usage[si]) / 0.3, 0.25, 1.0)
        hit = np.where(kind == 8, np.minimum((hit * P0 + back * (P - P0)) / P, 0.98), hit)
    if batch:  # a batch document shares only the job's ~400-token instruction prefix
        hit = np.where(kind == 6, np.minimum(400.0 / P, 1.0), hit)
    if xone:  # (s187) a classification prompt shares only its instruction; (s189) a mirrored chat's history
        hit = np.where(kind == 20, np.minimum(CLS_PRE / P, 1.0), hit)  # is cached on the node its original
        hit = hit * np.where(kind == 22, 0.25, 1.0)  # went to; a sibling sample finds the first's blocks
        hit = np.where(kind == 23, PS_SIB * np.floor(P / 16) * 16 / P, hit)
    if tpl is not None:  # a per-request timestamp at the top of the system prompt: no block chain matches
        hit = hit * tpl[si]
    if salt:  # (s110) the salt is hashed into the first block: only the user's own earlier prefixes match
        hit = hit * np.where(kind == 14, SALT_KEEP, 1.0)
    if (kind == 13).any():  # (s110) the prober's fixed prompt is cached but for its last, partial block
        hit = np.where(kind == 13, PROBE_HIT / PROBE_P, hit)
    if pcm is not None:  # (s200) likewise the TTFT prober's
        hit = np.where(pcm, PROBE_HIT / PROBE_P, hit)
    if qb:  # (s198) a filing shares only the runner's ~400-token instruction prefix
        hit = np.where(kind == 31, np.minimum(400.0 / P, 1.0), hit)
    if lt:  # (s114) random token ids: nothing cached matches
        hit = np.where(kind == 15, 0.0, hit)
    if rlf is not None:  # (s83) the prefix cache was reset with the new weights; it fills again
        hit = hit * rlf[si]
    if cpf is not None:  # (s152) the compaction emptied the prefix cache; it fills again
        hit = hit * cpf[si]
    if (kind == 11).any() and P0 is not None:  # (s84) the retrieved chunks rarely match a cached prefix
        hit = np.where(kind == 11, (hit * P0 + RAG_HIT * (P - P0)) / P, hit)
    if lx is not None:  # blocks are hashed with the adapter's id: other tenants' prefixes do not match
        hit = hit * np.where(kind == 7, 0.4, 1.0)
    if nd.resend:  # the resent history is a prefix hit while it is still cached
        hit = np.where(prev > 0, np.minimum(prev / P, 0.98) * np.clip((1 - usage[si]) / 0.3, 0.25, 1), hit)
    if nd.no_prefix:
        hit = hit * 0.0
    if pfo is not None:  # (s164)
        hit = np.where(t >= pfo, 0.0, hit)
    for f in (f for f in fl if f.kind == "prompt_cache"):  # (s98) the caching tenant's requests (drawn here)
        pcm = (rng.random(n) < f.rate) & (t >= f.start * 60)
        dt = np.clip(t - f.start * 60, 0, None)
        hit = np.where(pcm, np.maximum(hit, PC_HIT * (1 - np.exp(-dt / 60.0))), hit)
        ttft = np.where(pcm, ttft * 0.75, ttft)  # its cached prefix is not prefilled again
    if kw:  # (s194) a kept conversation's history is cached, all but the template's tail
        hit = np.where(kind == 25, np.floor((P - KW_TAIL) / 16) * 16 / P, hit)
    if t5 is not None:  # (s196) a retry sends the same prompt again: cached but its last, partial block
        hit = np.where(kind == 28, np.floor((P - 1) / 16) * 16 / P, hit)
    if bool((kind == 37).any()):  # (s211) likewise a regeneration's (its stopped answer was prefilled)
        hit = np.where(kind == 37, np.floor((P - 1) / 16) * 16 / P, hit)
    if crt is not None:  # (s214) a retried contract finds the chunks its cancelled attempt computed
        hit = np.where(crt, ctok / P, hit)
    if agt is not None and "agt_t" in w:  # (s222) an agent's turn finds the conversation up to its new part
        ia = np.clip(np.searchsorted(w["agt_t"], t), 0, len(w["agt_t"]) - 1)
        hit = np.where(agt, w["agt_c"][ia] / P, hit)
    cached = np.floor(P * hit / 16) * 16
    incs: dict[str, Arr] = {}
    if nd.http_metrics:  # (s192) vLLM's HTTP counters: each request admitted, each refused (no draw)
        incs[HTTP_OK] = np.bincount(si, minlength=T)[:T].astype(float)
        incs[HTTP_4XX] = np.zeros(T) if s4 is None else np.bincount(s4, minlength=T)[:T].astype(float)
        if t5 is not None:  # (s196) a 500 is counted as one, at its end (no draw)
            incs[HTTP_OK] -= np.bincount(si[rest & t5], minlength=T)[:T]
            incs[HTTP_5XX] = np.bincount(ei[rest & t5], minlength=T)[:T].astype(float)

    def add(name: str, idx: Arr, val: Arr | float) -> None:
        np.add.at(incs.setdefault(name, np.zeros(T)), idx, val)

    def addg(name: str, val: Arr) -> None:  # produced over the decode (`Node.step_gen`), else at the end
        if not nd.step_gen:
            add(name, ei, val)
            return
        a = np.minimum(t + ttft, end).astype(int)
        b = np.maximum(ei, a) + 1
        d = np.zeros(T + 1)
        np.add.at(d, a, val / (b - a))
        np.add.at(d, b, -val / (b - a))
        cum = np.maximum.accumulate(np.round(np.cumsum(np.cumsum(d)[:T])))
        incs.setdefault(name, np.zeros(T))[:] += np.diff(cum, prepend=0.0)
    pobs = P if ren is None else np.where(ren, 0.0, P)  # (s177) given up in the queue: never prefilled
    nof = ren if rto is None else (rto if ren is None else ren | rto)  # (s214) no first token: counted
    if rto is not None:  # neither its prompt tokens (counted with the first token) nor a TTFT (no draw)
        pobs = np.where(rto, 0.0, pobs)
    add("vllm:prompt_tokens_total", ss, pobs)
    addg("vllm:generation_tokens_total", gdone)
    qp = pobs * (0.0 if nd.no_prefix else 1.0)  # exported, stays 0
    if pfo is not None:  # (s164) vLLM looks up no prefix, so counts no query, once caching is off
        qp = np.where(t >= pfo, 0.0, qp)
        e.out["pfo"] = pfo
    add("vllm:prefix_cache_queries_total", ss, qp)
    add("vllm:prefix_cache_hits_total", ss, cached if ren is None else np.where(ren, 0.0, cached))
    for k, rname in enumerate(REASONS):
        add(f'vllm:request_success_total{{finished_reason="{rname}"}}', ei[reason == k], 1.0)
    if nof is None:
        add("vllm:time_to_first_token_seconds_sum", si, ttft)
        add("vllm:time_to_first_token_seconds_count", si, 1.0)
    else:  # (s177) a request given up before its first token has no TTFT
        add("vllm:time_to_first_token_seconds_sum", si, np.where(nof, 0.0, ttft))
        add("vllm:time_to_first_token_seconds_count", si, (~nof).astype(float))
    add("vllm:e2e_request_latency_seconds_sum", ei, end - t)
    add("vllm:e2e_request_latency_seconds_count", ei, 1.0)
    if nd.pd:  # where each prompt token came from; a decode node pulls what it has not cached from prefill
        ext = np.maximum(P - cached - 1, 0) if nd.pd == "decode" else np.zeros(n)
        add('vllm:prompt_tokens_by_source_total{source="local_compute"}', si, P - cached - ext)
        add('vllm:prompt_tokens_by_source_total{source="local_cache_hit"}', si, cached)
        add('vllm:prompt_tokens_by_source_total{source="external_kv_transfer"}', si, ext)
        add("vllm:external_prefix_cache_queries_total", si, (P - cached) * (nd.pd == "decode"))
        add("vllm:external_prefix_cache_hits_total", si, ext)
    dm = next((f.start * 60 for f in fl if f.kind == "draft_mismatch"), None)  # (s79) from the new engine
    if spec and nd.ngram:  # (s112) a proposal on ~30 % of steps, 4 tokens, NG_ACC of them accepted
        drafts = np.ceil(gdone / NG_TPD)
        addg("vllm:spec_decode_num_drafts_total", drafts)
        addg("vllm:spec_decode_num_draft_tokens_total", drafts * 4)
        addg("vllm:spec_decode_num_accepted_tokens_total", np.minimum(np.round(drafts * NG_ACC), gdone))
    elif spec:  # 4 draft tokens per step, ~2.2 accepted (~0.25 once the draft no longer matches the target)
        stp = nd.spec_step if dsw is None else np.where(t >= dsw, DRAFT3B_STEP, nd.spec_step)  # (s161)
        drafts = (np.ceil(gdone / stp) if dm is None
                  else np.ceil(gdone / np.where(t >= dm, DM_STEP, stp)))
        gsp = gdone
        if off is not None:  # (s216) no draft step for the tokens generated while speculation is off
            a_ = np.minimum(t + ttft, end).astype(int)
            b_ = np.maximum(ei, a_) + 1
            co = np.concatenate([[0], np.cumsum(off)])
            gsp = np.round(gdone * (1.0 - (co[np.minimum(b_, T)] - co[a_]) / (b_ - a_)))
            drafts = np.ceil(gsp / stp)
        addg("vllm:spec_decode_num_drafts_total", drafts)
        addg("vllm:spec_decode_num_draft_tokens_total", drafts * 4)
        addg("vllm:spec_decode_num_accepted_tokens_total", np.maximum(gsp - drafts, 0))
    elif sp0 is not None:  # the same, for the requests the restarted engine (with its draft model) serves
        drafts = np.where(t >= sp0, np.ceil(gdone / 3.2), 0.0)
        add("vllm:spec_decode_num_drafts_total", ei, drafts)
        add("vllm:spec_decode_num_draft_tokens_total", ei, drafts * 4)
        add("vllm:spec_decode_num_accepted_tokens_total", ei,
            np.where(t >= sp0, np.maximum(gdone - drafts, 0), 0))
        e.out["spec_from"] = sp0
    running = np.cumsum(run)[:T]
    incs["vllm:num_preemptions_total"] = rng.poisson(running * 0.01 * np.clip(press - 0.3, 0, None)) * 1.0
    for f in (f for f in fl if f.kind == "preempt_residue"):  # (s175) each preempted request's draft state
        pre = incs["vllm:num_preemptions_total"] * (f.start * 60 <= N) * nd.draft_mb * 1e6 / MIB / len(e.gpus)
        acc = 0.0  # MiB per GPU, freed only with the process (no draw; after `p_er`: far from the headroom)
        for s_ in range(T):
            acc = acc + float(pre[s_]) if up[s_] else 0.0
            res[s_] += acc
    buckets = np.zeros((T, len(LES)))
    if nof is None:
        np.add.at(buckets, (si, np.searchsorted(LES, ttft)), 1)
    else:  # (s177, s214)
        np.add.at(buckets, (si[~nof], np.searchsorted(LES, ttft[~nof])), 1)
    hid = np.isin(kind, (15, 22, 23, 33, 35))  # (s189) nor does it see a mirrored copy or a sibling sample,
    #                                             (s200) a prober's request straight at the pod or (s203) a
    #                                             hedged copy (no draw)
    if lt or bool(hid.any()):  # (s114) the gateway's TTFT histogram (its fleet SLO rule) has only the
        gwb = np.zeros((T, len(LES)))  #                                requests it routed
        np.add.at(gwb, (si[~hid], np.searchsorted(LES, ttft[~hid])), 1)
        e.out["gwb"] = gwb
    if (kind == 18).any():  # (s178) the gateway times the first response byte: for a request that does not
        ns = kind == 18  #     stream, the whole completion; one cancelled before it never sends one (no draw)
        gt, gs, seen = np.where(ns, end - t, ttft), np.where(ns, ei, si), ~(ns & aborted)
        gwv = np.zeros((T, len(LES)))
        np.add.at(gwv, (gs[seen], np.searchsorted(LES, gt[seen])), 1)
        e.out["gwb"] = e.out["gwv"] = gwv  # the fleet's and each upstream's gateway TTFT rules read it
    if sau is not None:  # (s186) a 401's first (and only) byte comes within AUTH_S: the gateway's TTFT view
        gva: Arr = np.array(e.out.get("gwb", buckets), dtype=float)  # (no draw)
        np.add.at(gva, (sau, 0), 1)
        e.out["gwb"] = e.out["gwv"] = gva
    if s4 is not None:  # (s192) likewise a 400's (no draw)
        gv4: Arr = np.array(e.out.get("gwb", buckets), dtype=float)
        np.add.at(gv4, (s4, 0), 1)
        e.out["gwb"] = e.out["gwv"] = gv4
    if sq4 is not None:  # (s198) and a 429's (no draw)
        gq4: Arr = np.array(e.out.get("gwb", buckets), dtype=float)
        np.add.at(gq4, (sq4, 0), 1)
        e.out["gwb"] = e.out["gwv"] = gq4
    for f in (f for f in fl if f.kind == "net_delay"):  # (s210) the gateway's first byte comes later by the
        d0, d1 = f.start * 60, T if f.end is None else f.end * 60  # request's and the first chunk's delay
        dly = np.where((t >= d0) & (t < d1), 2 * f.rate + rng.normal(0, f.cap * math.sqrt(2), n), 0.0)
        gdl = np.zeros((T, len(LES)))  # (drawn only where the kind is)
        np.add.at(gdl, (si[~hid], np.searchsorted(LES, ttft[~hid] + np.clip(dly[~hid], 0, None))), 1)
        e.out["gwb"] = e.out["gwv"] = gdl
    retry = np.zeros(T)
    np.add.at(retry, si[kind == 3], 1)
    waiting = rng.poisson(0.03 * running + 8 * press + 2.0 * (smooth(retry, 30) > 0))
    if ren is not None:  # (s177) requests waiting for a slot, from arrival to start or to giving up (no draw)
        qn = np.zeros(T + 1)
        np.add.at(qn, si, 1)
        np.add.at(qn, np.where(ren, ei, ss), -1)
        waiting = waiting + np.cumsum(qn)[:T].astype(int)
    if rwait is not None:  # (s83) arrivals queued behind a reload's pause (no draw)
        q = np.zeros(T + 1)
        qd = rwait > 0
        np.add.at(q, si[qd], 1)
        np.add.at(q, np.minimum((t[qd] + rwait[qd]).astype(int), T), -1)
        waiting = waiting + np.cumsum(q)[:T].astype(int)
    if lx is not None:  # at most max_loras (8) adapters in a batch: the requests of a 9th one wait
        run7 = np.zeros(T + 1)
        np.add.at(run7, si[kind == 7], 1)
        np.add.at(run7, ei[kind == 7], -1)
        waiting = waiting + np.maximum(np.cumsum(run7)[:T] - 8, 0).astype(int)
    if psc is not None or nd.cache_info:  # (ready s, gpu_memory_utilization, KV blocks of 16 tokens)
        e.out["cfg"] = pool_segments(nd, e, fl)
    if hang is not None:  # the API server keeps publishing the last scheduler stats it got: all frozen
        running, waiting = running.astype(float), waiting.astype(float)
        for a, b in runs_of(hang):
            b2 = min(b + 110, T)  # until the restarted engine is ready, nothing is served
            for arr in [*incs.values(), buckets]:
                arr[a:b2] = 0
            for arr in (running, waiting, usage):
                arr[a:b] = arr[a - 1]
    frz = freeze_windows(nd, fl, T)  # (s80) the stats task is dead: /metrics serves its last values
    for a, b in frz:
        for arr in [*incs.values(), buckets]:
            arr[a:b] = 0
    if frz:
        e.out["frz"] = frz
    for f in (f for f in fl if f.kind == "kv_metric_bug"):  # (s181) the gauge counts every block holding a
        s0 = int(f.start * 60)  # prefix-cache hash as used: all it ever allocated, less the unhashed last
        new = (incs["vllm:prompt_tokens_total"] - incs["vllm:prefix_cache_hits_total"]  # partial block of
               + incs["vllm:generation_tokens_total"])  # each request finished in the last minute (no draw)
        cum = np.cumsum(np.where((s0 <= N) & up, new, 0.0))
        for st in (x for x in o["starts"] if x > s0):  # a new process starts from an empty pool
            cum = np.where(st <= N, cum - cum[int(st) - 1], cum)
        nfin = np.zeros(T)
        np.add.at(nfin, ei, 1.0)
        cf = np.cumsum(nfin)
        part = (cf - np.concatenate([np.zeros(60), cf[:-60]])) * 16 / e.pool
        usage = np.where((s0 <= N) & up, np.maximum(usage, np.minimum(cum / e.pool, 1.0 - part)), usage)
    b600 = 600 if not len(t) or t[0] < 600 else float(t[0]) + 600  # a pod that lands later: its first 10 min
    e.out.update(running=running * up, waiting=waiting * up, usage=usage, incs=incs, buckets=buckets, tot=tot,
                 bad=bad, res=res, e2e_base=float(np.mean((end - t)[t < b600])))
    if nd.logging:  # (s196) the gateway logs an `error` for the API's 500
        e.out["reqs"] = (t, end, P, gdone, cached, reason if t5 is None else np.where(rest & t5, 3, reason),
                         kind)
    for f in (f for f in fl if f.kind == "stale_ep"):  # (s195) connect failures to the node's old address
        e.out["ubad"] = stale_attempts(f, T)
    for f in (f for f in fl if f.kind == "backfill"):  # (s117) draws only where the kind is present
        backfill(rng, nd, e, f, T, up)


def backfill(rng: np.random.Generator, nd: Node, e: Engine, f: Fault, T: int, up: Arr) -> None:
    """(s117) A batch client that backfills the engine's spare capacity from f.start to f.end: it keeps
    f.burst requests in flight (BF_P prompt, BF_G output tokens on average: documents to summarize) at a lower
    priority than the interactive traffic (vLLM `--scheduling-policy priority`). Whatever part of the pool the
    interactive requests and held contexts (`usage`, the leak's included) leave free, up to BF_FILL (+-0.4 %),
    is taken by batch requests, admitted at most BF_RAMP of the pool per second (prefill-bound); every second
    the interactive side takes pool back, the scheduler preempts as many batch requests as that space held
    (they wait to be recomputed). The rest of the client's requests wait in the engine's queue. A flow model,
    in place on e.out: usage, running, waiting, the counters and the TTFT histogram get the batch tier added
    (queueing included in its TTFT, as vLLM counts it); the gateway's view (`tot`, `bad`, `gwb`) does not. GPU
    utilization is referred to the interactive load (`uref`), and the E2E rule's baseline is the node's first
    10 min."""
    out, pool, N = e.out, e.pool, np.arange(T)
    incs, tokb = out["incs"], BF_P + BF_G / 2  # a running batch request's mean KV tokens
    s0, s1 = f.start * 60, T if f.end is None else f.end * 60
    on = up & (s0 <= N) & (s1 > N)
    out["uref"] = max(float(out["running"][on].mean()), 1.0) if on.any() else 1.0
    out["gwb"] = out["buckets"].copy()
    tgt = np.clip(BF_FILL + rng.normal(0, 0.004, T) - out["usage"], 0.0, f.burst * tokb / pool)
    b, prev = np.zeros(T), float(tgt[0]) if s0 <= 0 else 0.0  # running before the recording: already full
    for s in range(T):
        prev = 0.0 if not on[s] else min(float(tgt[s]), prev + BF_RAMP)
        b[s] = prev
    lost = np.clip(-np.diff(b, prepend=0.0), 0.0, None) * on  # pool share taken back from the batch tier
    run_b = np.round(b * pool / tokb)
    dur = BF_G / BF_TPS  # s of decode per batch request in a full batch
    wait_b = np.where(on, np.clip(f.burst - run_b, 0, None), 0.0)
    comp = rng.poisson(run_b / dur)  # completions per second (admissions keep pace with them)
    idx = np.repeat(N, comp)
    qw = wait_b / np.maximum(run_b / dur, 0.05)  # Little: queue wait of a request admitted now
    ttft = (qw[idx] + BF_P / 12000.0) * rng.lognormal(0.0, 0.3, len(idx))
    nlen = rng.binomial(comp, 0.15)  # summaries that run into max_tokens

    def add(name: str, val: Arr) -> None:
        incs[name] = incs.get(name, np.zeros(T)) + val
    add("vllm:prompt_tokens_total", comp * BF_P)
    add("vllm:prefix_cache_queries_total", comp * BF_P)
    add("vllm:prefix_cache_hits_total", comp * 400.0)  # the job's shared instruction prefix
    add("vllm:generation_tokens_total", np.round(run_b * BF_TPS))  # per engine step
    add('vllm:request_success_total{finished_reason="stop"}', (comp - nlen).astype(float))
    add('vllm:request_success_total{finished_reason="length"}', nlen.astype(float))
    add("vllm:num_preemptions_total", rng.poisson(lost * pool / tokb).astype(float))
    tsum, esum = np.zeros(T), np.zeros(T)
    np.add.at(tsum, idx, ttft)
    np.add.at(esum, idx, ttft + dur)
    add("vllm:time_to_first_token_seconds_sum", tsum)
    add("vllm:time_to_first_token_seconds_count", comp.astype(float))
    add("vllm:e2e_request_latency_seconds_sum", esum)
    add("vllm:e2e_request_latency_seconds_count", comp.astype(float))
    np.add.at(out["buckets"], (idx, np.searchsorted(LES, ttft)), 1)
    c = incs["vllm:e2e_request_latency_seconds_count"][:600].sum()
    if c > 0:
        out["e2e_base"] = float(incs["vllm:e2e_request_latency_seconds_sum"][:600].sum() / c)
    out.update(usage=np.minimum(out["usage"] + b, 0.995), running=out["running"] + run_b * up,
               waiting=out["waiting"] + wait_b * up)


def cap_queue(t: Arr, occ: Arr, pat: Arr, s0: float, cap: int) -> tuple[Arr, Arr]:
    """(s177) vLLM's scheduler under max_num_seqs = `cap` from s0: requests (arrival `t`, sorted) start in
    arrival order as soon as one of the `cap` slots is free and hold it for `occ` s (their run, to their end
    or their cancel); a request whose wait would exceed its user's patience `pat` (or the gateway's upstream
    timeout, GW_TIMEOUT) is given up in the queue and never holds a slot. Returns each request's queue wait
    (s) and whether it was given up. Requests before s0 are not capped. No draw."""
    qw, ren = np.zeros(len(t)), np.zeros(len(t), bool)
    slots = [float(s0)] * cap  # when each slot is next free (a heap)
    lim = np.minimum(pat, GW_TIMEOUT)
    for i in np.nonzero(t >= s0)[0]:
        st = max(float(t[i]), slots[0])
        if st - t[i] > lim[i]:
            ren[i] = True
            continue
        heapq.heapreplace(slots, st + float(occ[i]))
        qw[i] = st - t[i]
    return qw, ren


def gen_kv(t: Arr, end: Arr, P: Arr, G: Arr, dur: Arr, sel: Arr, T: int, pool: int) -> Arr:
    """(s103) Pool share held per second by the requests `sel`, whose KV grows token by token: the prompt at
    arrival, + G x elapsed / dur as the answer is generated, until each ends (an interrupted one at its cut).
    Once it ends, its context joins the held sessions like any finished request's. No random draw."""
    out = np.zeros(T)
    for i in np.nonzero(sel)[0]:
        a, b = int(t[i]), int(end[i])
        x = np.arange(a, b, dtype=float)
        out[a:b] += (P[i] + G[i] * np.clip((x - t[i]) / max(float(dur[i]), 1.0), 0.0, 1.0)) / pool
    return out


def resend(rng: np.random.Generator, t: Arr, P: Arr, G: Arr, kind: Arr,
           reuse: list[tuple[float, float]] | None = None) -> tuple[Arr, Arr, list[Any]]:
    """Chat sessions whose client resends the history: prompt_k = prompt_(k-1) + answer_(k-1) + new message.

    The trace's prompt is the first turn; a later turn's new message is 15 % of its trace prompt (>= 16
    tokens). A user replies >= 20 s after the previous turn; the context is capped at 32k tokens.
    Returns the new prompts, the resent (cacheable) prefix per request and (tenant, session) per request.
    Within a `reuse` window the acme-compliance client puts every conversation under one of 6 session ids
    (its latest open sessions when the window starts): a conversation continues its id's context, and when
    it ends (geometric turns) a new one starts under the same id with a fresh first-turn prompt, far
    shorter than the context the id held, and nothing of it cached.
    """
    names = [x[0] for x in TENANTS]
    pick = rng.choice(len(TENANTS), len(t), p=[x[1] for x in TENANTS])
    rate = len(t) / max(float(t.max() - t.min()), 1.0)
    open_: dict[str, list[list[Any]]] = {x: [] for x in names}
    newP, prev = P.copy(), np.zeros(len(t))
    ses: list[tuple[str, str] | None] = [None] * len(t)
    pool: list[list[Any]] = []  # the reused ids (only within a reuse window)
    for i in range(len(t)):
        if kind[i]:
            continue
        tn = names[pick[i]]
        share, turns = TENANTS[pick[i]][1:]
        lst = open_[tn]
        if reuse and tn == "acme-compliance" and any(a <= t[i] < b for a, b in reuse):
            if not pool:
                pool = lst[-6:] + [[f"{rng.integers(1 << 48):012x}", 0, t[i], 0.0]
                                   for _ in range(6 - len(lst[-6:]))]
                del lst[-6:]
            y = pool[int(rng.integers(len(pool)))]
            if y[1] <= 0:  # the client starts a new conversation under the old id
                y[1], y[3] = 1 + rng.geometric(1 / turns), 0.0
            if y[3]:
                newP[i] = min(y[3] + max(16.0, round(0.15 * P[i])), 32000.0)
                prev[i] = min(y[3], newP[i])
            y[1], y[2], y[3] = y[1] - 1, t[i], newP[i] + G[i]
            ses[i] = (tn, y[0])
            continue
        cand = [x for x in lst if t[i] - x[2] > 20.0]
        if len(lst) < max(1, round(rate * share * 45)) or not cand:
            x: list[Any] = [f"{rng.integers(1 << 48):012x}", 1 + rng.geometric(1 / turns), t[i], 0.0]
            lst.append(x)
        else:
            x = cand[int(rng.integers(len(cand)))]
        if x[3]:
            newP[i] = min(x[3] + max(16.0, round(0.15 * P[i])), 32000.0)
            prev[i] = min(x[3], newP[i])
        x[1], x[2], x[3] = x[1] - 1, t[i], newP[i] + G[i]
        if x[1] <= 0:
            lst.remove(x)
        ses[i] = (tn, x[0])
    return newP, prev, ses


def sessions(rng: np.random.Generator, e: Engine, fl: list[Fault]) -> list[tuple[str, str]]:
    """(tenant, session id) per logged request: multi-turn sessions, ~10 s between turns."""
    t, kind = e.out["reqs"][0], e.out["reqs"][6]
    P_, G_ = e.out["reqs"][2], e.out["reqs"][3]
    agent: dict[tuple[float, float], str] = {}  # (s196) (prompt, generated tokens) -> an agent run's id
    leak = [(f.start * 60, 1e9 if f.end is None else f.end * 60, f.tenant) for f in fl if f.kind == "kv_leak"]
    names = [x[0] for x in TENANTS]
    pick = rng.choice(len(TENANTS), len(t), p=[x[1] for x in TENANTS])
    rate = len(t) / max(float(t.max() - t.min()), 1.0)
    open_: dict[str, list[list[Any]]] = {x: [] for x in names}
    ar_sid = f"ar-fy2024-{rng.integers(1 << 32):08x}"
    probe = next((f"synthetic-{f.node}" for f in fl if f.kind == "prober"), "")  # (s110) one id per node
    sdk0 = min([f.start * 60 for f in fl if f.kind == "sdk_cut"], default=math.inf)  # (s150)
    nsw = [(f.start * 60, (f.end or f.start) * 60) for f in fl if f.kind == "no_stream"]  # (s178)
    tqf = next((f for f in fl if f.kind == "tenant_quota"), None)  # (s198) a pinned tenant (no draw)
    qbt = next((f.tenant for f in fl if f.kind == "quota_burst"), "")  # (s198) a backtest runner's tenant
    out: list[tuple[str, str]] = []
    for i in range(len(t)):
        if kind[i] == 13:  # (s110) the SLO prober reuses one session id for every check (no draw)
            out.append(("slo-prober", probe))
            continue
        if kind[i] == 20:  # (s187) the classification backend: a new id per document (drawn only for it)
            out.append(("docsort-api", f"{rng.integers(1 << 48):012x}"))
            continue
        if kind[i] == 31:  # (s198) a backtest runner's filing: a new id each (drawn only for it)
            out.append((qbt, f"bt-{rng.integers(1 << 48):012x}"))
            continue
        if kind[i] == 34:  # (s202) an app launch's greeting: retail-bank, a new id each (drawn only for it)
            out.append(("retail-bank", f"app-{rng.integers(1 << 48):012x}"))
            continue
        if kind[i] == 29 and tqf is not None:  # (s198) the pinned tenant's conversations (drawn only for
            #                                       them)
            lst = open_.setdefault(tqf.tenant, [])
            cand = [x for x in lst if t[i] - x[2] > 2.0]
            if len(lst) < max(1, round(rate * tqf.rate * 10)) or not cand:
                xq: list[Any] = [f"{rng.integers(1 << 48):012x}", 1 + rng.geometric(1 / QZ_TURNS), t[i]]
                lst.append(xq)
            else:
                xq = cand[int(rng.integers(len(cand)))]
            xq[1], xq[2] = xq[1] - 1, t[i]
            if xq[1] <= 0:
                lst.remove(xq)
            out.append((tqf.tenant, xq[0]))
            continue
        if kind[i] == 39:  # (s222) the agent tenant's turns, in their sessions (no draw)
            out.append(("itsm-agent", e.out["agt_sid"][float(t[i])]))
            continue
        if kind[i] in (27, 28):  # (s196) an agent run whose tool call fails, its SDK's retries in the same
            key = (float(P_[i]), float(G_[i]))  # session (drawn only for it)
            if kind[i] == 27 or key not in agent:
                agent[key] = f"run-{rng.integers(1 << 48):012x}"
            out.append(("ops-copilot", agent[key]))
            continue
        tn = "fin-reporting" if kind[i] == 2 else "legal-review" if kind[i] == 1 else names[pick[i]]
        if kind[i] == 14:  # (s110) the salting tenant's app
            tn = "retail-bank"
        if kind[i] == 16:  # (s150) the stream-cutting SDK's tenant; after its deploy its requests are the
            tn = "retail-bank"  # kind-16 ones, so a kind-0 request then goes to another tenant (no draw)
        elif kind[i] == 0 and tn == "retail-bank" and t[i] >= sdk0:
            tn = names[(i % 4) + (i % 4 >= 2)]
        if kind[i] == 18:  # (s178) the non-streaming client's tenant; during its release that tenant's
            tn = "ops-copilot"  # requests are the kind-18 ones, so a kind-0 request goes to another (no draw)
        elif kind[i] == 0 and tn == "ops-copilot" and any(a <= t[i] < b for a, b in nsw):
            tn = names[i % 4]
        if kind[i] == 2:
            out.append((tn, ar_sid))
            continue
        if e.out.get("ses") and e.out["ses"][i]:
            out.append(e.out["ses"][i])
            continue
        if any(a <= t[i] < b and tn == ln for a, b, ln in leak):  # the defect: reused ids
            out.append((tn, f"{tn.split('-')[0]}-sess-{int(rng.integers(6)):03d}"))
            continue
        share, turns = TENANTS[names.index(tn)][1:]
        lst, cand = open_[tn], [x for x in open_[tn] if t[i] - x[2] > 2.0]
        if kind[i] == 1 or len(lst) < max(1, round(rate * share * 10)) or not cand:
            x: list[Any] = [f"{rng.integers(1 << 48):012x}", 1 + rng.geometric(1 / turns), t[i]]
            lst.append(x)
        else:
            x = cand[int(rng.integers(len(cand)))]
        x[1], x[2] = x[1] - 1, t[i]
        if x[1] <= 0:
            lst.remove(x)
        out.append((tn, x[0]))
    return out


def gpu_series(rng: np.random.Generator, nd: Node, fl: list[Fault], T: int) -> None:
    o, N = nd.o, np.arange(T)
    _, total, reserved, idle_w, max_w, _, _ = GPUS[nd.gpu]
    state = o["state"]
    fb, util = np.zeros((nd.n_gpu, T)), np.zeros((nd.n_gpu, T))
    loading = since(N, o["starts"])
    grow = 0.012 * total * (1 - np.exp(-since(N, o["readies"]) / 120.0))  # allocator warm-up after a start
    busy0 = min([int(f.start * 60) for f in fl if f.kind in ("throttle", "batch_job")], default=T)
    if nd.uref_min is not None:
        busy0 = min(busy0, int(nd.uref_min * 60))
    drop = None  # MiB per GPU a restart with a lower gpu_memory_utilization gives back (None: none)
    for f in (f for f in fl if f.kind == "pool_cfg"):
        drop = np.where(f.start * 60 <= N, (nd.util_frac - f.rate) * total, 0.0 if drop is None else drop)
    busiest = None  # (s59) lockstep ranks: every GPU is as busy as the busiest rank's
    if nd.lockstep:
        for e in nd.engines:
            e.out["uref"] = max(float(e.out["running"][(state == 2) & (np.arange(T) < busy0)].mean()), 1.0)
        busiest = np.max([e.out["running"] / e.out["uref"] for e in nd.engines], axis=0)
    for e in nd.engines:
        if "uref" not in e.out:  # utilization relative to the load before a throttle or a batch job (a
            #                      worker node keeps its leader's)
            e.out["uref"] = max(float(e.out["running"][(state == 2) & (np.arange(T) < busy0)].mean()), 1.0)
        ref = e.out["uref"]
        for g in e.gpus:
            final = nd.util_frac * total - rng.uniform(150, 400)
            nod = nd.draft_tp1 and espec(nd, e) and g != e.gpus[0]  # (s157) a GPU without the TP1 draft model
            wts = (MODELS[emodel(nd, e)][0] * 1024 / (len(e.gpus) * e.nodes)
                   + (nd.spec_mib if espec(nd, e) and not nod else 0))
            if nod:  # as many KV blocks as the draft's GPU: the draft's weights less
                final = final - nd.spec_mib
            load = np.interp(loading, [0, 10, 60, 85, 100], [0, 500, wts, final - 200, final])
            if "load_len" in o:  # (s174) weights streamed from the object store land over the whole load
                load = load_curve(loading, o["load_len"], o["starts"], wts, final)
            res = 0.0 if nod else e.out["res"]
            fb[g] = np.select([state == 2, state == 1], [final + grow + res, load], 0)
            if drop is not None:  # the new process reserves less: its load ends at the lower line
                capped = np.where(state == 1, np.minimum(fb[g], final - drop), fb[g])
                fb[g] = np.where(state == 2, fb[g] - drop, capped)
            for f in (f for f in fl if f.kind == "draft_swap"):  # (s161) the 3B draft's graphs, outside
                fb[g] += np.where((state == 2) & (f.start * 60 + 30 <= N), DSWAP_MIB, 0.0)  # the budget
            fb[g] += np.where(state > 0, rng.normal(0, 1.5, T), 0)
            busy = 15 + 50 * (e.out["running"] / ref if busiest is None else busiest) + rng.normal(0, 3, T)
            util[g] = np.select([state == 2, state == 1], [busy, rng.uniform(3, 12, T)], 0)
    for f in (f for f in fl if f.kind == "orphan"):  # the stuck worker's memory stays; a new process fails
        assert f.gpu is not None  # its check before loading weights (its CUDA context only)
        s0 = int(f.start * 60)
        held = fb[f.gpu, s0 - 1]
        fb[:, s0:] = np.minimum(fb[:, s0:], 500.0)
        fb[f.gpu, s0:] += held
    for a, b in o.get("fm_fail", []):  # (s190) CUDA init fails: no context, no memory, no work (no draw)
        fb[:, int(a):int(b)], util[:, int(a):int(b)] = 0.0, 0.0
    for f in fl:
        if f.kind == "checkpoint_load":
            s0 = int(f.start * 60)
            fb += 2560 * np.interp(N, [s0 + 20, s0 + 60, s0 + 110, s0 + 120], [0, 1, 1, 0], 0, 0)
    for r in reload_times(fl, T):  # (s83) the new shards land in a staging buffer, then replace the weights
        fb += 2560 * np.interp(N, [r - 50, r - 20, r + RELOAD_PAUSE, r + RELOAD_PAUSE + 10], [0, 1, 1, 0],
                               0, 0)
        util *= np.where((r <= N) & (r + RELOAD_PAUSE > N), 0.25, 1.0)  # copies, no decode steps
    for f in (f for f in fl if f.kind == "sleep"):  # (s90) asleep: the context only; at the wake the weights
        for a, b, _ in f.runs:  # come back and the pool is re-allocated over ~20 s
            x = N - a * 60
            m, w = (x >= 0) & (x < (b - a) * 60), (x >= (b - a) * 60) & (x < (b - a) * 60 + 20)
            fb[:, m], util[:, m] = SLEEP_FB, 0.0
            fb[:, w] = np.minimum(fb[:, w], SLEEP_FB + (fb[:, w] - SLEEP_FB) * (x[w] - (b - a) * 60) / 20.0)
    for g, a, b, mib in o.get("side", []):  # a side process: its context and tensors load over ~20 s
        age = N - a
        on = (age >= 0) & (age < b - a)
        fb[g] += np.where(on, mib * np.clip(age / 20.0, 0.1, 1.0), 0.0)
        util[g] += np.where(on & (age >= 20), 25.0, 0.0)
    if "colo" in o:  # (s101) the co-located embedding server's memory and work
        fb, util = fb + o["colo"][0], util + o["colo"][1]
    for a, b in o.get("starve", []):  # (s113) the GPUs idle between steps while the CPU side waits for a core
        util = util * np.where((a <= N) & (b > N), CPU_DUTY, 1.0)
    bon = o.get("burn_on")  # (s213) a validation Job's gpu-burn: BURN_MEM of the memory (and its cuBLAS
    if bon is not None:  #     context), every SM busy (no draw)
        fb[:, bon], util[:, bon] = BURN_MEM * (total - reserved) + 480.0, 100.0
    o["fb"], o["util"] = np.clip(fb, 0, total - reserved - 20), np.clip(util, 0, 99)
    power = np.where(state > 0, idle_w + (max_w - idle_w) * 0.85 * (o["util"] / 100) ** 1.1, idle_w * 0.9)
    o["power"] = power + rng.normal(0, 2, power.shape)
    lk = lock_mhz(nd, fl, T)  # (s213) SM clocks locked by a sweep or left locked (None: never)
    if bon is not None or lk is not None:  # gpu-burn at the power limit; a locked clock's lower power and
        lk = np.zeros(T) if lk is None else lk  # heat (the temperature follows the dynamic power)
        burn = np.zeros(T, bool) if bon is None else bon
        pw = lock_pwr(np.where(lk > 0, lk / GPUS[nd.gpu][5], 1.0))
        full = 0.85 * (max_w - idle_w) * 0.99 ** 1.1  # the dynamic power the model gives full utilization
        for g in range(nd.n_gpu):
            p_ = np.where(lk > 0, idle_w + (o["power"][g] - idle_w) * pw, o["power"][g])
            if bon is not None:  # drawn only where a Job burns
                p_ = np.where(burn, idle_w + (0.98 * max_w - idle_w) * pw - np.abs(rng.normal(0, 3, T)), p_)
            o["power"][g] = p_
            hr = np.where(burn, (0.98 * max_w - idle_w) * pw / full, np.where(lk > 0, pw, 1.0))
            o.setdefault("tcool", {})[g] = 31 + 0.38 * o["util"][g] * hr
        o["lockclk"] = lk
    for f in (f for f in fl if f.kind == "throttle"):  # a GPU whose fan failed: hot, clocks cut
        assert f.gpu is not None
        clk = throttle_frac([f], T)
        assert clk is not None
        o.setdefault("therm", {})[f.gpu] = (therm(f, T, 31 + 0.38 * o["util"][f.gpu]), clk)
        o["power"][f.gpu] *= 0.35 + 0.65 * clk  # lower clocks and voltage draw less
    for f in (f for f in fl if f.kind == "power_cap"):
        power_cap(nd, f, T, rng)
    if nd.nvlink:
        nvlink_series(nd, fl, T, rng)
    if nd.pcie_link:  # (s114)
        pcie_series(nd, fl, T, rng)
    if nd.clk_reasons:  # (s116)
        dc_power(nd, fl, T, rng)
    if nd.nvl_errs:  # (s159)
        nvlink_errs(nd, fl, T, rng)
    hang = o.get("hang")
    if hang is not None:  # a stuck engine's GPUs
        for f in (f for f in fl if f.kind == "hang"):
            hang_gpus(nd, f, hang, rng)
    o["energy"] = rng.uniform(1e10, 9e11, (nd.n_gpu, 1)) + np.cumsum(o["power"], axis=1) * 1000  # mJ
    if "gsp" in o:  # (s102) DCGM's field updates block with the GSP: dcgm-exporter (and so Prometheus) keeps
        g0 = int(o["gsp"])  # serving its last snapshot of every GPU of the node (no random draw)
        for k in ("fb", "util", "power", "energy"):
            o[k][:, g0:] = o[k][:, g0 - 1:g0]


def load_curve(loading: Arr, lens: dict[float, float], starts: list[float], wts: float, final: float) -> Arr:
    """(s174) FB (MiB per GPU) of a loading process, per second, `loading` s after its latest start, whose
    weights take lens[start] s (100 s when absent) from that start to ready: the CUDA context (500 MiB) in
    the first 10 s, the weights at a steady rate until 40 s before the end, then KV profiling and the pool
    (CUDA graphs in its last 15 s), as `gpu_series`' 100-s curve stretched. No draw."""
    ln = np.full(len(loading), 100.0)
    for st in sorted(starts):
        ln = np.where(np.arange(len(loading)) >= st, lens.get(st, 100.0), ln)
    x = loading
    return np.asarray(np.select(
        [x < 10, x < ln - 40, x < ln - 15, x < ln],
        [50.0 * x, 500 + (wts - 500) * (x - 10) / (ln - 50), wts + (final - 200 - wts) * (x - ln + 40) / 25,
         final - 200 + 200 * (x - ln + 15) / 15], final))


def hang_gpus(nd: Node, f: Fault, hang: Arr, rng: np.random.Generator) -> None:
    """GPUs of an engine stuck in a collective: the ranks waiting in NCCL's all-reduce spin (utilization
    100 %, no memory traffic, ~200 W, ~46 C); the rank blocked on its CPU side (f.inst) runs nothing."""
    o = nd.o
    _, _, _, idle_w, max_w, _, _ = GPUS[nd.gpu]
    eng = next(e for e in nd.engines if f.inst in e.gpus)
    for g in eng.gpus:
        spin = g != f.inst
        u = 100.0 if spin else 0.0
        o["util"][g] = np.where(hang, u, o["util"][g])
        watts = idle_w + (0.19 if spin else 0.01) * (max_w - idle_w) + rng.normal(0, 2, len(hang))
        o["power"][g] = np.where(hang, watts, o["power"][g])
        tc = 31 + 0.38 * o["util"][g]
        cool = (46.0 if spin else 34.0) + rng.normal(0, 0.4, len(hang))
        o.setdefault("tcool", {})[g] = np.where(hang, cool, tc)
        o.setdefault("spin", {})[g] = hang


# ----------------------------------------------------------------------------------------------- records
def rounds(rng: np.random.Generator, iv: float, T: int) -> Arr:
    t = rng.uniform(0, iv) + np.arange(0, T, iv)
    return np.asarray(np.clip(t + rng.normal(0, 0.05 * iv, len(t)), 0, T - 1.001))


def collect(rng: np.random.Generator, nd: Node, src: str, T: int, iv: dict[str, float] | None = None) -> Arr:
    """Collection times of one source: `rounds` at the node's interval (or at `iv`'s: a second agent). (s67)
    From `nd.iv_to`'s minute on, the agent reloaded its config: the new interval at a new phase; no random
    draw without it."""
    t = rounds(rng, (iv or nd.iv)[src], T)
    for a, b in nd.o.get("starve", []):  # (s113) the agent's loop overruns its deadline: every other round
        t = t[~((t >= a) & (t < b) & (np.arange(len(t)) % 2 == 1))]  # in the window is skipped (no draw)
    if nd.iv_to is None or iv is not None:
        return t
    m, new = nd.iv_to
    s0, step = m * 60, new[src]
    t2 = s0 + rng.uniform(0, step) + np.arange(0, T - s0, step)
    t2 = np.clip(t2 + rng.normal(0, 0.05 * step, len(t2)), s0, None)
    return np.concatenate([t[t < s0], t2[t2 < T - 1.001]])


def sample(nd: Node, src: str, gpu: int | None, metrics: dict[str, Any],
           labels: dict[str, str] | None = None) -> dict[str, Any]:
    body = {"metrics": metrics, **({"labels": labels} if labels else {})}
    return {"v": 1, "ts_ns": 0, "node": nd.name, "source": src, "kind": "sample", "gpu": gpu, **body}


def event(nd: Node, src: str, gpu: int | None, name: str, attrs: dict[str, Any]) -> dict[str, Any]:
    return {"v": 1, "ts_ns": 0, "node": nd.name, "source": src, "kind": "event", "gpu": gpu, "event": name,
            "attrs": attrs}


def node_records(rng: np.random.Generator, nd: Node, T: int, fl: list[Fault], old: bool = False) -> list[Rec]:
    """The node agent's records. (s66) `old`: a second, older agent on the same node (`old_agent`): the same
    GPUs, pod and IP as the first call found, every source every 15 s, no request log."""
    o, out = nd.o, []
    name, total, rsv, _, _, sm, mc = GPUS[nd.gpu]
    iv = {k: 15.0 for k in nd.iv} if old else None
    if old:
        uuids = o["uuids"]
    else:
        uuids = [f"GPU-{rng.integers(1 << 32):08x}-{rng.integers(1 << 16):04x}-{rng.integers(1 << 16):04x}-"
                 f"{rng.integers(1 << 16):04x}-{rng.integers(1 << 48):012x}" for _ in range(nd.n_gpu)]
        o["uuids"] = uuids
        o["pod"] = f"vllm-{nd.model.split('/')[1].lower()[:18].rstrip('.-')}-{rng.integers(1 << 20):05x}"
        o["ip"] = f"10.{rng.integers(40, 90)}.{rng.integers(1, 250)}.{rng.integers(2, 250)}"
        if nd.pd:  # the P/D deployment's two roles are separate Deployments
            o["pod"] = o["pod"].replace("vllm-", f"vllm-{nd.pd}-", 1)
        if "lws_pod" in o:  # a LeaderWorkerSet's worker pod is named after its leader
            o["pod"] = o["lws_pod"]
    for e in nd.engines if not old else []:  # (s80) frozen gauges (GPU utilization already used the true
        for a, b in e.out.get("frz", []):  # running count); the alerts read these too
            for k in ("running", "waiting", "usage"):
                e.out[k] = e.out[k].astype(float)
                e.out[k][a:b] = e.out[k][a - 1]
    th = o.get("therm", {})  # GPUs running hot and clocked down: (temperature, clock share) per second
    ck = o.get("clk", {})  # GPUs clocked down by a power cap: clock share per second
    tc, sp = o.get("tcool", {}), o.get("spin", {})  # a stuck engine's GPUs: temperature; spinning in NCCL
    mf = o.get("memf", {})  # (s114) GPUs whose memory interface mostly waits: share of its usual activity
    gpod: dict[int, str] = {}  # GPUs held by a second deployment's pod (mixed-model nodes)
    for e in nd.engines:  # a second deployment has its own pod and pod IP; no random draw
        if e.model is None:
            continue
        h = zlib.crc32(f"{nd.name}/{e.model}".encode())
        e.out["pod"] = f"vllm-{e.model.split('/')[1].lower()[:18].rstrip('.-')}-{h & 0xFFFFF:05x}"
        e.out["ip"] = f"10.{40 + h % 50}.{1 + (h >> 8) % 249}.{2 + (h >> 16) % 248}"
        gpod.update({g: e.out["pod"] for g in e.gpus})
    reach, alive, state, fb, util, pw = o["col"], o["alive"], o["state"], o["fb"], o["util"], o["power"]
    drv = [(f.start * 60, f.end * 60) for f in fl if f.kind == "driver_upgrade" and f.end is not None]
    og, os_ = o.get("orphan", (None, T))  # a stuck worker: still a compute process holding its memory
    bon, lkc = o.get("burn_on"), o.get("lockclk")  # (s213) a validation Job's gpu-burn; locked SM clocks
    bpod = f"gpu-validation-{zlib.crc32(nd.name.encode()) & 0xFFFFF:05x}"  # its pod (no draw)
    nvoff = o.get("nvml_off", [])  # (s102) the agent's NVML collector blocked
    gsp = o.get("gsp")  # (s102) from then dcgm-exporter serves its last snapshot (its pod labels too)
    for t in collect(rng, nd, "nvml", T, iv) if nd.nvml and not nd.mig else []:
        s = int(t)
        if drv and any(a <= t < b for a, b in drv):
            continue  # kernel module unloaded: nvmlInit() fails (NVMLError_DriverNotLoaded)
        if nvoff and any(a <= t < b for a, b in nvoff):
            continue  # the collector's goroutine is stuck in an NVML call: nothing is read
        for g in (g for g in range(nd.n_gpu) if reach[s] and alive[g, s]):
            u, f_ = float(util[g, s]), int(fb[g, s])
            out.append((t, sample(nd, "nvml", g, {
                "mem_used_bytes": f_ * MIB, "mem_total_bytes": total * MIB, "mem_reserved_bytes": rsv * MIB,
                "proc_used_bytes": max(f_ - 3, 0) * MIB if state[s] or (g == og and s >= os_)
                or (bon is not None and bon[s]) else 0,
                "gpu_util_pct": round(u),
                "mem_util_pct": 0 if g in sp and sp[g][s]
                else round(u * 0.6 * (mf[g][s] if g in mf else 1.0)),
                "temp_c": round(float(th[g][0][s])) if g in th else round(float(tc[g][s])) if g in tc
                else round(31 + 0.38 * u),
                "power_w": round(float(pw[g, s]), 3)}, {"uuid": uuids[g], "name": name})))
    hk, uk = ("hostname", "uuid") if nd.lower else ("Hostname", "UUID")
    xid_gpus = {f.gpu for f in fl if f.kind == "xid79"}
    if nd.mig:
        out += mig_records(rng, nd, T, uuids)
    redeploy = [(f.start * 60, f.end * 60) for f in fl if f.kind == "dcgm_redeploy" and f.end is not None]
    hung = [(f.start * 60, T if f.end is None else f.end * 60) for f in fl if f.kind == "dcgm_stop"]
    crash = [(a * 60, b * 60) for f in fl if f.kind == "dcgm_crash" for a, b, _ in f.runs]
    stale = min((f.start * 60 for f in fl if f.kind == "dcgm_stale"), default=None)  # (s162) no draw
    for t in collect(rng, nd, "dcgm", T, iv) if not nd.mig else []:
        s = int(t)
        if any(a <= t < b for a, b in redeploy):
            continue  # the exporter pod is being replaced: nothing to scrape
        if any(a <= t < b for a, b in hung):
            continue  # the exporter's host engine hangs: its /metrics times out
        if any(a <= t < b for a, b in crash):
            continue  # the exporter was OOM-killed: nothing listens until its container is back
        if any(a <= t < b for a, b in o.get("dcgm_off", ())):
            continue  # (s205) no driver: the GPU operator's dcgm-exporter waits in its init container
        fresh = any(b <= t < b + (iv or nd.iv)["dcgm"] for _, b in crash)  # its first read after a restart
        if drv and any(a <= t < b for a, b in drv):
            continue  # the GPU operator swaps the driver: dcgm-exporter waits for it, nothing to scrape
        sv, tq = s, t  # the second (and time) whose values the exporter serves
        if stale is not None and t >= stale:  # (s162) its cache of the last collection before the restart
            sv, tq = int(stale) - 1, stale - 1.0
        if any(b <= t for _, b in redeploy):  # the new exporter version writes the other label spelling
            hk, uk = ("Hostname", "UUID") if nd.lower else ("hostname", "uuid")
        for g in (g for g in range(nd.n_gpu) if reach[s]):
            lab = {"gpu": str(g), uk: uuids[g], "pci_bus_id": f"00000000:{0x18 + 0x11 * g:02X}:00.0",
                   "device": f"nvidia{g}", "modelName": name,
                   hk: f"{nd.name}.{nd.fqdn}" if nd.fqdn else nd.name,  # (s154) NODE_NAME: the k8s name
                   "DCGM_FI_DRIVER_VERSION": DRIVER_NEW if any(b <= t for _, b in drv) else DRIVER}
            if state[sv if gsp is None else min(sv, int(gsp) - 1)]:
                lab.update(container="vllm", namespace="inference", pod=gpod.get(g, o["pod"]))
            elif bon is not None and bon[sv]:  # (s213) the GPU's process is the validation Job's
                lab.update(container="gpu-burn", namespace="gpu-validation", pod=bpod)
            if not alive[g, sv]:
                if g in xid_gpus:  # the last read DCGM gets from a GPU that fell off the bus
                    xid_gpus.discard(g)
                    out.append((t, sample(nd, "dcgm", g, {"DCGM_FI_DEV_XID_ERRORS": 79}, lab)))
                continue
            u, f_ = float(util[g, sv]), int(fb[g, sv])
            out.append((t, sample(nd, "dcgm", g, trim(nd, remapped(nd, fl, g, tq, last_xid(o, g, tq, {
                "DCGM_FI_DEV_SM_CLOCK": round(float(lkc[sv])) if lkc is not None and lkc[sv] > 0  # (s213)
                else (round(sm * th[g][1][sv]) if g in th else round(sm * ck[g][sv])
                      if g in ck else sm) if u > 5 else 345,
                "DCGM_FI_DEV_MEM_CLOCK": mc,
                "DCGM_FI_DEV_MEMORY_TEMP": SENTINEL if nd.sentinel else 0 if nd.gpu == "L4"  # (s105) none
                else round(float(th[g][0][sv]) + 7) if g in th
                else round(float(tc[g][sv]) + 4 + 0.02 * u) if g in tc else round(35 + 0.4 * u),
                "DCGM_FI_DEV_GPU_TEMP": round(float(th[g][0][sv])) if g in th else round(float(tc[g][sv]))
                if g in tc else round(31 + 0.38 * u),
                "DCGM_FI_DEV_POWER_USAGE": round(float(pw[g, sv]), 3),
                "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": int(o["energy"][g, sv]),
                "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": 0, "DCGM_FI_DEV_GPU_UTIL": round(u),
                "DCGM_FI_DEV_MEM_COPY_UTIL": round(u * 0.6), "DCGM_FI_DEV_ENC_UTIL": 0,
                "DCGM_FI_DEV_DEC_UTIL": 0, "DCGM_FI_DEV_FB_FREE": total - rsv - f_,
                "DCGM_FI_DEV_FB_USED": f_, "DCGM_FI_DEV_FB_RESERVED": rsv,
                "DCGM_FI_PROF_GR_ENGINE_ACTIVE": round(u / 100 * 0.9, 6),
                "DCGM_FI_PROF_DRAM_ACTIVE": round(u / 100 * 0.55, 6)}))), lab)))
            if g in sp and sp[g][sv]:  # a spin-wait kernel touches no memory
                out[-1][1]["metrics"].update(DCGM_FI_DEV_MEM_COPY_UTIL=0, DCGM_FI_PROF_DRAM_ACTIVE=0.002)
            if nd.nvlink:  # NVLink traffic counter (cumulative, MiB here) and PCIe rates (bytes/s)
                out[-1][1]["metrics"].update(DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL=int(o["nvl"][g, sv]),
                                             DCGM_FI_PROF_PCIE_TX_BYTES=int(o["pcie"][g, sv]),
                                             DCGM_FI_PROF_PCIE_RX_BYTES=int(o["pcie"][g, sv] * 0.93))
            if nd.pcie_link:  # (s114) the custom CSV's PCIe link fields and rates; the replay counter moves
                out[-1][1]["metrics"].update(DCGM_FI_DEV_PCIE_LINK_GEN=int(o["lgen"][g, sv]),
                                             DCGM_FI_DEV_PCIE_LINK_WIDTH=int(o["lwid"][g, sv]),
                                             DCGM_FI_DEV_PCIE_REPLAY_COUNTER=int(o["replay"][g, sv]),
                                             DCGM_FI_PROF_PCIE_TX_BYTES=int(o["ptx"][g, sv]),
                                             DCGM_FI_PROF_PCIE_RX_BYTES=int(o["ptx"][g, sv] * 0.97))
            if g in mf:  # (s114) the memory interface waits with the SMs
                out[-1][1]["metrics"].update(DCGM_FI_DEV_MEM_COPY_UTIL=round(u * 0.6 * mf[g][sv]),
                                             DCGM_FI_PROF_DRAM_ACTIVE=round(u / 100 * 0.55 * mf[g][sv], 6))
            if nd.clk_reasons:  # (s116) the custom CSV's clock-event and power fields
                out[-1][1]["metrics"].update(DCGM_FI_DEV_CLOCK_THROTTLE_REASONS=int(o["why"][g, sv]),
                                             DCGM_FI_DEV_POWER_VIOLATION=int(o["pviol"][g, sv]),
                                             DCGM_FI_DEV_THERMAL_VIOLATION=0,
                                             DCGM_FI_DEV_POWER_MGMT_LIMIT=float(o["plim"][sv]))
            if nd.ecc_fields:  # (s153) the custom CSV's ECC and pending-remap fields
                out[-1][1]["metrics"].update(ecc_counts(nd, fl, g, tq))
            if nd.nvl_errs:  # (s159) the custom CSV's NVLink error counters
                out[-1][1]["metrics"].update({
                    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": int(o["crc"][g, sv]),
                    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL": int(o["crcd"][g, sv]),
                    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL": int(o["nvrep"][g, sv]),
                    "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL": int(o["nvrec"][g, sv])})
            if nd.prof_lost and any(a <= t for a, _ in drv):  # (s93) no profiling module on the new driver
                for k in ("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE"):
                    out[-1][1]["metrics"].pop(k, None)
            if fresh:  # the profiling module has no sample yet on a restarted exporter's first read
                for k in ("DCGM_FI_PROF_GR_ENGINE_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE"):
                    out[-1][1]["metrics"].pop(k, None)
    used = o["host_used"] + o["cache"] if "cache" in o else o["host_used"]  # (s65) the agent reports
    #                                                       MemTotal - MemFree: page cache counts as used
    hoff = o.get("host_off", float(T))  # (s151) the host collector sends nothing from then on
    prss = o["rss"]
    if "api_from" in o:  # (s182) from a split process on, the agent's name filter matches the API server only
        api = API_RSS * (1.0 + 0.004 * np.sin(2 * np.pi * np.arange(T) / 97.0)) * (state > 0)  # (no draw)
        prss = np.where(np.arange(T) >= o["api_from"], api, prss)
    lxm = o.get("lxcfs")  # (s204) from then the agent reads lxcfs's /proc/meminfo: its own container's memory
    for t in (t for t in collect(rng, nd, "host", T, iv) if reach[int(t)]):
        if t >= hoff:
            continue
        hm = {"mem_used_bytes": int(used[int(t)]), "mem_total_bytes": nd.host_total,
              "proc_rss_bytes": int(prss[int(t)]),
              "swap_used_bytes": int(o["swapped"][int(t)]) if "swapped" in o else 0}  # (s173)
        if lxm is not None and t >= lxm:  # MemTotal its limit, MemTotal - MemFree its cgroup's usage (its
            dx = t - lxm  #                  working set, breathing, and the page cache it builds up; no draw)
            hm.update(mem_used_bytes=int(AGENT_WS * (1.0 + 0.03 * math.sin(2 * math.pi * dx / 97.0))
                                         + 40 * MIB * (1.0 - math.exp(-dx / 1800.0))),
                      mem_total_bytes=AGENT_LIM, swap_used_bytes=0)
        out.append((t, sample(nd, "host", None, hm)))
    out += [(t, event(nd, src, g, ev, a)) for t, src, g, ev, a in o["ev"]
            if reach[int(t)] and not (src == "host" and t >= hoff)]
    vis0 = reach & o["scraped"] & ~o["blocked"] & (state == 2)  # the agent can scrape vLLM
    for e in nd.engines:
        e_lab = {"engine": e.label, "model_name": emodel(nd, e), **e.labels}
        vis = vis0  # (s212) an agent that keeps the last-listed rank's series only (no draw)
        if nd.one_rank_from is not None and e is not nd.engines[-1] and not old:
            vis = vis0 & (np.arange(T) < nd.one_rank_from * 60)
        out += vllm_records(rng, nd, e, T, vis, old)
        out += [(rd + 0.5, event(nd, "vllm", e.rec_gpu, "engine_start",
                                 {**e_lab, "model_name": model_at(nd, e, rd)}))
                for rd in o["readies"] if rd + 1 < T and vis[int(rd) + 1]]
        if old:  # the second agent forwards no request log
            continue
        if nd.logging:
            tt, end, P, gd, cached, reason, _ = e.out["reqs"]
            ses, ids = sessions(rng, e, fl), rng.integers(0, 1 << 62, len(tt))
            out += [(float(end[i]), event(nd, "vllm", e.rec_gpu, "request_finished", {
                "request_id": f"chatcmpl-{ids[i]:016x}",
                "finish_reason": REASONS[reason[i] % 4],  # the contract has no "repetition": stop
                "tenant": ses[i][0], "session": ses[i][1], "prompt_tokens": int(P[i]),
                "generation_tokens": int(gd[i]), "cached_tokens": int(cached[i]),
                **({"spec_draft_tokens": int(np.ceil(gd[i] / nd.spec_step) * 4)} if espec(nd, e) else {})}))
                for i in range(len(tt)) if vis[int(end[i])] or nd.gw_log]
        if nd.gw_log:
            out += gateway_errors(rng, nd, e, out)
    return out


def old_agent(rng: np.random.Generator, nd: Node, T: int, fl: list[Fault]) -> list[Rec]:
    """(s66) A second node agent publishing the same node from `nd.dup_from` on: an old release (v0.9) whose
    DaemonSet was recreated by a stale GitOps sync. It reads the same devices, exporters and endpoints (so the
    same values), every source every 15 s at its own phases, and reports the node's events too. It predates
    `seq` (its records have none; `deliver` keeps them in their own streams) and a few fields: no
    mem_reserved_bytes / proc_used_bytes in nvml, no swap_used_bytes in host samples. Its own generator, so
    the first agent's records do not change."""
    assert nd.dup_from is not None
    s0, out = nd.dup_from * 60, []
    drop = {"nvml": ("mem_reserved_bytes", "proc_used_bytes"), "host": ("swap_used_bytes",)}
    for t, r in node_records(rng, nd, T, fl, old=True):
        if t < s0:
            continue
        if r["kind"] == "sample":
            r["metrics"] = {k: v for k, v in r["metrics"].items() if k not in drop.get(r["source"], ())}
        r["_dup"] = True  # popped by `deliver`
        out.append((t, r))
    return out


def trim(nd: Node, m: dict[str, Any]) -> dict[str, Any]:
    """The fields a trimmed dcgm-exporter counters CSV keeps (all of them when the node uses the default)."""
    return m if nd.dcgm_fields is None else {k: v for k, v in m.items() if k in nd.dcgm_fields}


def last_xid(o: dict[str, Any], g: int, t: float, m: dict[str, Any]) -> dict[str, Any]:
    """DCGM_FI_DEV_XID_ERRORS (the last XID) on a GPU that stays on the bus: absent until the first one."""
    codes = [c for gg, tx, c in o.get("xids", []) if gg == g and tx <= t]
    if codes:
        m["DCGM_FI_DEV_XID_ERRORS"] = codes[-1]
    return m


def gateway_errors(rng: np.random.Generator, nd: Node, e: Engine, out: list[Rec]) -> list[Rec]:
    """Gateway log: requests in flight when the serving process dies end in `error` (the record already
    written is rewritten), and those it sent to the dead upstream before ejecting it (45 s) are `error`."""
    state = nd.o["state"]
    for t, r in out:
        a = r.get("attrs", {})
        if r.get("event") == "request_finished" and r["gpu"] == e.rec_gpu and state[int(t)] != 2:
            a["finish_reason"] = "error"
    rt, rp = e.out["rejs"]
    names = [x[0] for x in TENANTS]
    pick = rng.choice(len(TENANTS), len(rt), p=[x[1] for x in TENANTS])
    ids = rng.integers(0, 1 << 62, len(rt))
    res = [(float(rt[i]) + 0.3, event(nd, "vllm", e.rec_gpu, "request_finished", {
        "request_id": f"chatcmpl-{ids[i]:016x}", "finish_reason": "error", "tenant": names[pick[i]],
        "session": f"{rng.integers(1 << 48):012x}", "prompt_tokens": int(rp[i]), "generation_tokens": 0,
        "cached_tokens": 0})) for i in range(len(rt))]
    if "mtu" in e.out:  # (s184) what timed out on a black-holed path, logged at the timeout (drawn here only)
        mt, mp = e.out["mtu"]
        mpick = rng.choice(len(TENANTS), len(mt), p=[x[1] for x in TENANTS])
        mids = rng.integers(0, 1 << 62, len(mt))
        res += [(float(mt[i]), event(nd, "vllm", e.rec_gpu, "request_finished", {
            "request_id": f"chatcmpl-{mids[i]:016x}", "finish_reason": "error", "tenant": names[mpick[i]],
            "session": f"{rng.integers(1 << 48):012x}", "prompt_tokens": int(mp[i]), "generation_tokens": 0,
            "cached_tokens": 0})) for i in range(len(mt)) if mt[i] < len(state) - 1]
    if "auth" in e.out:  # (s186) what the upstream answered with a 401, logged at once (drawn here only)
        at_, ap = e.out["auth"]
        apick = rng.choice(len(TENANTS), len(at_), p=[x[1] for x in TENANTS])
        aids = rng.integers(0, 1 << 62, len(at_))
        res += [(float(at_[i]), event(nd, "vllm", e.rec_gpu, "request_finished", {
            "request_id": f"chatcmpl-{aids[i]:016x}", "finish_reason": "error", "tenant": names[apick[i]],
            "session": f"{rng.integers(1 << 48):012x}", "prompt_tokens": int(ap[i]), "generation_tokens": 0,
            "cached_tokens": 0})) for i in range(len(at_)) if at_[i] < len(state) - 1]
    if "r400" in e.out:  # (s192) what vLLM refused with a 400, logged at once (drawn here only); the
        qt, qp, qb = e.out["r400"]  # harness's requests are its tenant's
        qpick = rng.choice(len(TENANTS), len(qt), p=[x[1] for x in TENANTS])
        qids = rng.integers(0, 1 << 62, len(qt))
        res += [(float(qt[i]), event(nd, "vllm", e.rec_gpu, "request_finished", {
            "request_id": f"chatcmpl-{qids[i]:016x}", "finish_reason": "error",
            "tenant": "risk-analytics" if qb[i] else names[qpick[i]],
            "session": f"{rng.integers(1 << 48):012x}", "prompt_tokens": int(qp[i]), "generation_tokens": 0,
            "cached_tokens": 0}))
            for i in range(len(qt)) if qt[i] < len(state) - 1]
    if "q429" in e.out:  # (s198) what a pod's sidecar refused (429), logged at once; an SDK's retries carry
        zt, zp, zk, zg = e.out["q429"]  # the first attempt's session (drawn here only)
        zids = rng.integers(0, 1 << 62, len(zt))
        sid: dict[tuple[int, float, float], str] = {}
        for i in range(len(zt)):
            key = (int(zk[i]), float(zp[i]), float(zg[i]))
            if key not in sid:
                sid[key] = f"{'bt-' if zk[i] == 32 else ''}{rng.integers(1 << 48):012x}"
            if zt[i] < len(state) - 1:
                res.append((float(zt[i]), event(nd, "vllm", e.rec_gpu, "request_finished", {
                    "request_id": f"chatcmpl-{zids[i]:016x}", "finish_reason": "error",
                    "tenant": e.out["qtn"][int(zk[i])], "session": sid[key], "prompt_tokens": int(zp[i]),
                    "generation_tokens": 0, "cached_tokens": 0})))
    return res


def mig_records(rng: np.random.Generator, nd: Node, T: int, uuids: list[str]) -> list[Rec]:
    """MIG: NVML per physical GPU (no utilization: not supported in MIG mode); dcgm-exporter one sample per
    GPU instance (labels GPU_I_ID / GPU_I_PROFILE, FB fields of the instance in MiB, device-level temperature
    and power repeated on each instance's row, no DCGM_FI_DEV_GPU_UTIL)."""
    o, out, k = nd.o, [], nd.mig
    name, total, rsv, _, _, sm, mc = GPUS[nd.gpu]
    ptotal, prsv = GPUS["H100"][1:3]
    reach, state, fb, util, pw = o["reach"], o["state"], o["fb"], o["util"], o["power"]
    for t in (t for t in rounds(rng, nd.iv["nvml"], T) if reach[int(t)]):
        s = int(t)
        for g in range(nd.n_gpu // k):
            used, u = int(fb[g * k:(g + 1) * k, s].sum()) + 1024, float(util[g * k:(g + 1) * k, s].mean())
            out.append((t, sample(nd, "nvml", g, {
                "mem_used_bytes": used * MIB, "mem_total_bytes": ptotal * MIB,
                "mem_reserved_bytes": prsv * MIB,
                "proc_used_bytes": max(used - 1024 - 3 * k, 0) * MIB if state[s] else 0,
                "temp_c": round(31 + 0.38 * u), "power_w": round(float(pw[g * k:(g + 1) * k, s].sum()), 3)},
                {"uuid": uuids[g], "name": name, "mig_mode": "enabled"})))
    for t in (t for t in rounds(rng, nd.iv["dcgm"], T) if reach[int(t)]):
        s = int(t)
        for v in range(nd.n_gpu):
            g, sl = v // k, slice(v // k * k, (v // k + 1) * k)
            u, pu, f_ = float(util[v, s]), float(util[sl, s].mean()), int(fb[v, s])
            lab = {"gpu": str(g), "UUID": uuids[g], "pci_bus_id": f"00000000:{0x18 + 0x11 * g:02X}:00.0",
                   "device": f"nvidia{g}", "modelName": name, **nd.engines[v].labels, "Hostname": nd.name,
                   "DCGM_FI_DRIVER_VERSION": "570.133.20"}
            if state[s]:
                lab.update(container="vllm", namespace="inference", pod=f"{o['pod']}-mig{v}")
            out.append((t, sample(nd, "dcgm", g, {
                "DCGM_FI_DEV_SM_CLOCK": sm if pu > 5 else 345, "DCGM_FI_DEV_MEM_CLOCK": mc,
                "DCGM_FI_DEV_MEMORY_TEMP": round(35 + 0.4 * pu),
                "DCGM_FI_DEV_GPU_TEMP": round(31 + 0.38 * pu),
                "DCGM_FI_DEV_POWER_USAGE": round(float(pw[sl, s].sum()), 3),
                "DCGM_FI_DEV_FB_FREE": total - rsv - f_, "DCGM_FI_DEV_FB_USED": f_,
                "DCGM_FI_DEV_FB_RESERVED": rsv,
                "DCGM_FI_PROF_GR_ENGINE_ACTIVE": round(u / 100 * 0.9, 6),
                "DCGM_FI_PROF_DRAM_ACTIVE": round(u / 100 * 0.55, 6)}, lab)))
    return out


def proc_series(nd: Node, e: Engine, T: int, uptime: float) -> dict[str, Arr]:
    """(s146) The API server's process_* series as its /metrics exposes them (prometheus_client's process
    collector, as in the vLLM capture): resident and virtual memory (API_RSS / API_VSZ, breathing +-0.4 %,
    plus what a leak added, `rss_grown`), CPU seconds (0.3 of a core + 0.012 per request in the engine, from
    the process's start; `uptime` s of it before the recording) and open fds (64 + a socket per request). No
    random draw."""
    o, N = nd.o, np.arange(T)
    inflight = e.out["running"] + e.out["waiting"]
    grown = o.get("rss_grown", np.zeros(T))
    breathe = 1.0 + 0.004 * np.sin(2 * np.pi * N / 97.0)  # allocator arenas growing and trimmed
    cpu = np.cumsum(0.3 + 0.012 * inflight) + 0.3 * uptime
    for st in sorted(o["starts"]):  # a new process counts from zero
        a = int(st)
        if 0 < a < T:
            cpu[a:] -= cpu[a - 1]
    return {"process_resident_memory_bytes": np.round(API_RSS * breathe + grown),
            "process_virtual_memory_bytes": np.round(API_VSZ + API_RSS * (breathe - 1.0) + grown),
            "process_cpu_seconds_total": np.round(cpu, 2), "process_open_fds": 64.0 + inflight}


def vllm_records(rng: np.random.Generator, nd: Node, e: Engine, T: int, vis: Arr, old: bool = False
                 ) -> list[Rec]:
    """vLLM samples (and KV events) as the node agent scrapes them. (s66) `old`: a second agent scraping the
    same endpoint: the same counter series (kept from the first call), its own 15 s cadence."""
    o, out, incs = nd.o, [], e.out["incs"]
    if old:
        cum, created = e.out["cum"], e.out["created"]
    else:
        seg = np.zeros(T, int)  # counters restart from zero at each (re)start of the process
        for st in o["starts"]:
            seg[int(st):] += 1
        uptime, cum = rng.uniform(2, 40) * 3600, {}
        for k, a in [*incs.items(), *((f"b{i}", e.out["buckets"][:, i]) for i in range(len(LES)))]:
            c = np.cumsum(a)
            for j in range(1, seg.max() + 1):
                c[int(np.argmax(seg == j)):] -= c[int(np.argmax(seg == j)) - 1]
            cum[k] = c + np.where(seg == 0, round(a[:600].mean() * uptime), 0)
        if seg[0] == 0:  # keep _count == +Inf bucket from the start
            cnt = "vllm:time_to_first_token_seconds_count"
            if nd.count_fix:  # (s186) only the first process's: a restarted one counts both from 0 (no draw)
                off = sum(cum[f"b{i}"][0] for i in range(len(LES))) - cum[cnt][0]
                cum[cnt] = cum[cnt] + np.where(seg == 0, off, 0.0)
            else:
                cum[cnt] = cum[cnt] - cum[cnt][0] + sum(cum[f"b{i}"][0] for i in range(len(LES)))
        created = round(1.7e9 + rng.uniform(0, 1e6), 3)
        e.out.update(cum=cum, created=created)
        if nd.proc_metrics:  # (s146) no draw
            e.out["proc"] = proc_series(nd, e, T, uptime)
    pm, stoff = e.out.get("proc"), o.get("stats_off")
    srng = None  # (s149) a slow /metrics: the scrape times, from a generator of their own
    if nd.slow_scrape:
        srng = np.random.default_rng(zlib.crc32(f"{nd.name}/{e.label}/scrape".encode()))
    bnames = [f'vllm:time_to_first_token_seconds_bucket{{le="{"+Inf" if math.isinf(x) else x}"}}'
              for x in LES]
    for t in (t for t in collect(rng, nd, "vllm", T, {"vllm": 15.0} if old else None) if vis[int(t)]):
        s = int(t)
        old = nd.legacy and (nd.v1_from is None or t < nd.v1_from * 60)  # V0 names until an upgrade
        kv_name = "vllm:gpu_cache_usage_perc" if old else "vllm:kv_cache_usage_perc"
        m: dict[str, float] = {"vllm:num_requests_running": float(e.out["running"][s]),
                               "vllm:num_requests_waiting": float(e.out["waiting"][s]),
                               kv_name: round(float(e.out["usage"][s]), 6)}
        if nd.no_kv:
            del m[kv_name]
        if old:
            m["vllm:num_requests_swapped"] = 0.0
        cum_b = 0.0
        for k, c in cum.items():
            if k.startswith("b"):
                cum_b += float(c[s])
                m[bnames[int(k[1:])]] = cum_b
            elif k in (HTTP_4XX, HTTP_5XX) and not c[s]:  # (s192, s196) a labelled series exists from
                continue  #                                         its first count
            elif not ((old or nd.no_pc_export) and "prefix_cache" in k):
                m[k] = round(float(c[s]), 4) if k.endswith("_sum") else float(c[s])
        m["vllm:prompt_tokens_created"] = m["vllm:generation_tokens_created"] = created
        if t < e.out.get("spec_from", 0.0):  # spec-decode counters exist only once it is configured
            m = {k: v for k, v in m.items() if not k.startswith("vllm:spec_decode")}
        if old and espec(nd, e) and "vllm:spec_decode_num_drafts_total" in m:  # (s75) V0's spec-decode names
            dr = m.pop("vllm:spec_decode_num_drafts_total")  # V0 has no drafts counter; emitted = accepted +
            dt = m["vllm:spec_decode_num_draft_tokens_total"]  # one bonus token per verification step
            acc = m["vllm:spec_decode_num_accepted_tokens_total"]
            m["vllm:spec_decode_num_emitted_tokens_total"] = acc + dr
            m["vllm:spec_decode_draft_acceptance_rate"] = round(acc / dt, 6) if dt else 0.0
            m["vllm:spec_decode_efficiency"] = round((acc + dr) / (dt + dr), 6) if dt else 0.0
        if nd.cache_info:  # the info gauge's labels name the running engine's cache config
            _, util, pool = [x for x in e.out["cfg"] if x[0] <= t][-1]
            epc = "False" if "pfo" in e.out and t >= e.out["pfo"] else "True"  # (s164) the new process's flag
            m[f'vllm:cache_config_info{{block_size="16",cache_dtype="auto",enable_prefix_caching="{epc}",'
              f'gpu_memory_utilization="{util:g}",num_gpu_blocks="{pool // 16}",'
              f'prefix_caching_hash_algo="sha256",swap_space="4.0"}}'] = 1.0
        if stoff is not None and stoff[s]:  # (s146) --disable-log-stats: no vllm:* series at all
            m = {}
        if pm is not None:  # (s146) the API server's process_* series
            m.update({k: float(v[s]) for k, v in pm.items()})
        lag = 0.0
        if srng is not None:  # (s149) stamped when the scrape completes; a scrape over the timeout is lost
            lag = nd.slow_scrape * (0.5 + float(e.out["running"][s] + e.out["waiting"][s]) / SCRAPE_REF)
            lag *= math.exp(SCRAPE_SIG * float(srng.standard_normal()))
            if lag > SCRAPE_TIMEOUT or t + lag >= T - 0.5:
                continue
        out.append((t + lag, sample(nd, "vllm", e.rec_gpu, m,
                                    {"engine": e.label, "model_name": model_at(nd, e, t), **e.labels})))
    for t in (t for t in rounds(rng, 10.0, T) if nd.kv_events and vis[int(t)]):
        w = slice(max(int(t) - 10, 0), int(t))  # blocks computed (not prefix hits), 16 tokens each
        stored = (incs["vllm:prompt_tokens_total"][w].sum() - incs["vllm:prefix_cache_hits_total"][w].sum()
                  + incs["vllm:generation_tokens_total"][w].sum()) / 16
        for ev, cnt in (("kv_block_stored", stored), ("kv_block_removed", stored * rng.uniform(0.9, 1.02))):
            out.append((t, event(nd, "vllm", e.rec_gpu, ev, {"count": int(cnt)})))
    return out


# ------------------------------------------------------------------------------------------------ alerts
def fnv64(labels: dict[str, str]) -> str:
    """Prometheus/Alertmanager label-set fingerprint (FNV-1a 64, 0xff separators)."""
    h = 0xCBF29CE484222325
    for k in sorted(labels):
        for b in k.encode() + b"\xff" + labels[k].encode() + b"\xff":
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def hq(q: float, W: Arr) -> Arr:
    """histogram_quantile over per-bucket (non-cumulative) counts, one row per evaluation."""
    cum, out = np.cumsum(W, axis=1), np.full(len(W), np.nan)
    for i in range(len(W)):
        if cum[i, -1] <= 0:
            continue
        rank = q * cum[i, -1]
        b = int(np.searchsorted(cum[i], rank))
        if b >= len(LES) - 1:
            out[i] = LES[-2]
            continue
        lo, prev = (LES[b - 1], cum[i, b - 1]) if b else (0.0, 0.0)
        out[i] = lo + (LES[b] - lo) * (rank - prev) / max(cum[i, b] - prev, 1e-9)
    return out


def win(a: Arr, ti: Arr, w: int = 300, gap: tuple[float, float] | None = None) -> Arr:
    """Sum of per-second increments over the `w` s before each evaluation (increase(x[5m])). (s179) `gap`: s
    in which Prometheus scraped nothing; a window reaching into it counts from its first sample after it."""
    if gap is not None:
        a = a.copy()
        a[int(gap[0]):int(gap[1])] = 0
    c = np.concatenate([np.zeros((1, *a.shape[1:])), np.cumsum(a, axis=0)])
    return np.asarray(c[ti + 1] - c[np.maximum(ti + 1 - w, 0)])


def fire_windows(ti: Arr, cond: Arr, for_s: int, step: int = 15) -> list[tuple[float, float | None]]:
    res: list[tuple[float, float | None]] = []
    run, since_ = 0, None
    for k, ok in enumerate(np.asarray(cond, bool)):
        run = run + 1 if ok else 0
        if since_ is None and ok and (run - 1) * step >= for_s:
            since_ = float(ti[k])
        elif since_ is not None and not ok:
            res.append((since_, float(ti[k])))
            since_ = None
    return res + ([(since_, None)] if since_ is not None else [])


def gap_windows(ti: Arr, cond: Arr, for_s: int, step: int, gap: tuple[float, float]
                ) -> list[tuple[float, float | None, bool]]:
    """(s179) `fire_windows` around a Prometheus outage [gap) (s): no evaluation in it. A window still open
    when it begins is sent up to then and never resolved (Alertmanager lets it expire at its endsAt); after
    the restart a rule's `for` starts again, except where it is at least FOR_GRACE: Prometheus restores
    those from ALERTS_FOR_STATE for an alert active at its first evaluation, so one firing at the outage
    fires again at once and one pending needs what it lacked, at least FOR_GRACE. (start, end or None,
    resolved sent)."""
    a, b = gap
    cond = np.asarray(cond, bool)
    pre, post = ti < a, ti >= b
    out = [(x, y, True) for x, y in fire_windows(ti[pre], cond[pre], for_s, step)]
    firing = bool(out) and out[-1][1] is None
    if firing:
        out[-1] = (out[-1][0], a, False)
    cp = cond[pre]
    run = len(cp) - int(np.nonzero(~cp)[0][-1]) - 1 if (~cp).any() else len(cp)  # evaluations true at the end
    tq, cq = ti[post], cond[post]
    need = float(for_s)
    if for_s >= FOR_GRACE and run and len(cq) and cq[0]:
        need = 0.0 if firing else max(for_s - (run - 1) * step, FOR_GRACE)
    k0, since_, first = None, None, True
    for k, ok in enumerate(cq):
        if not ok:
            if since_ is not None:
                out.append((since_, float(tq[k]), True))
            k0, since_, first = None, None, False
            continue
        k0 = k if k0 is None else k0
        if since_ is None and (k - k0) * step >= (need if first else for_s):
            since_ = float(tq[k])
    return out + ([(since_, None, True)] if since_ is not None else [])


def alerts(rng: np.random.Generator, sc: Scenario, T: int, t0: float, ext: dict[str, str] | None = None,
           host: str = "prometheus-k8s-0") -> list[Rec]:
    """The fleet's alerts as one Prometheus (`host`, its external labels `ext`) sends them (or Grafana)."""
    step = 60 if sc.grafana or sc.rule_lag is not None else 15  # Grafana (and (s115) a Mimir ruler) evaluate
    #                                                              rule groups every minute, Prometheus 15 s
    ti = (rng.uniform(0, step) + np.arange(0, T - step, step)).astype(int)  # rule evaluations
    tv = ti  # when each evaluation runs; `ti` is the data time it sees
    if sc.rule_lag is not None:  # (s115) a central ruler over remote-written data that lags
        ti = np.maximum(ti - lag_of(sc.rule_lag, ti), 0).astype(int)
        ext, host = {"cluster": "gpu-prod-eu2", **(ext or {})}, "mimir-ruler-0"
    fired: list[tuple[str, Arr, dict[str, str], str, int | None]] = []  # alertname, cond, labels, node, gpu
    allb, tot, bad = np.zeros((len(ti), len(LES))), np.zeros(len(ti)), np.zeros(len(ti))
    pgap = None if sc.prom_down is None else (sc.prom_down[0] * 60, sc.prom_down[1] * 60)  # (s179)
    wn: Callable[[Arr, Arr], Arr] = win if pgap is None else partial(win, gap=pgap)
    for nd in sc.nodes:
        o = nd.o
        an = f"{nd.name}.{nd.fqdn}" if nd.fqdn else nd.name  # (s154) the node as its alerts name it
        reach, state, cfg, blk = o["reach"][ti], o["state"][ti], o["scraped"][ti], o["blocked"][ti]
        nl = {"node": an, "instance": f"{o['ip']}:8000", "job": "vllm", "namespace": "inference",
              "pod": o["pod"]}
        v1 = ~(nd.legacy & (ti < (T if nd.v1_from is None else nd.v1_from * 60)))  # the V1-name rules see it
        for e in (nd.engines if nd.worker_of is None else []):  # a worker node has no vLLM target
            x, lab = e.out, {**nl, "engine": e.label, "model_name": emodel(nd, e), **e.labels}
            ip = e.out.get("ip", o["ip"])
            if "pod" in e.out:  # a second deployment on the node: its own pod
                lab.update(instance=f"{ip}:8000", pod=e.out["pod"])
            if nd.port_per_gpu and e.rec_gpu is not None:  # one server per GPU, each on its own port
                lab["instance"] = f"{ip}:{8000 + e.rec_gpu}"
            W, inc = wn(x["buckets"], ti), {k: wn(v, ti) for k, v in x["incs"].items()}
            allb += W if "gwb" not in x else wn(x["gwb"], ti)  # (s114, s117, s178) the gateway's own view
            tot, bad = tot + wn(x["tot"], ti), bad + wn(x["bad"], ti)
            fin = {r: inc[f'vllm:request_success_total{{finished_reason="{r}"}}'] for r in REASONS}
            nfin = np.maximum(sum(fin.values()), 1)
            conds = {"VLLMTimeToFirstTokenP99High": hq(0.99, W) > sc.ttft_slo,
                     "VLLME2ELatencyHigh": inc["vllm:e2e_request_latency_seconds_sum"] / np.maximum(
                         inc["vllm:e2e_request_latency_seconds_count"], 1) > 2 * x["e2e_base"],
                     "VLLMKVCacheUsageHigh": (x["usage"][ti] > 0.9) & v1,
                     "VLLMKVCacheUsageCritical": (x["usage"][ti] > 0.97) & v1,
                     "VLLMPreemptionsHigh": inc["vllm:num_preemptions_total"] / 300 > 0.05,
                     "VLLMQueueBacklog": x["waiting"][ti] > 10,
                     "VLLMRequestAbortRateHigh": fin["abort"] / nfin > 0.05,
                     "VLLMRequestErrorRateHigh": fin["error"] / nfin > 0.01,
                     "VLLMPrefixCacheHitRateLow": (inc["vllm:prefix_cache_hits_total"] / np.maximum(
                         inc["vllm:prefix_cache_queries_total"], 1) < 0.5 * o["hit"]) & v1
                     & (inc["vllm:prefix_cache_queries_total"] > 0) & (not nd.no_pc_export)}  # 0/0: no alert
            if sc.kv_warn is not None:  # a rule someone added with a threshold inside the healthy saw-tooth
                conds["VLLMKVCacheUsageElevated"] = (x["usage"][ti] > sc.kv_warn) & v1
            vis = reach & cfg & ~blk & (state == 2)  # Prometheus has fresh vLLM series
            if "stats_off" in o:  # (s146) up == 1, but no vllm:* series: the vLLM rules have no data
                vis = vis & ~o["stats_off"][ti]
            down = ~(reach & (state == 2) & ~blk)
            if "prom_rej" in o:  # (s176) every scrape over the sample limit: up == 0, nothing stored
                vis, down = vis & ~o["prom_rej"][ti], down | o["prom_rej"][ti]
            sw = o.get("swap") if e.model is None else None  # (s68) another model from the new process on
            parts = [(lab, np.ones(len(ti), bool))] if sw is None else [
                (lab, ti < sw[0]), ({**lab, "model_name": sw[1]}, ti >= sw[0])]
            for lb, m in parts:
                fired += [(k, c & vis & m, lb, an, e.rec_gpu) for k, c in conds.items()]
                fired.append(("VLLMTargetDown", cfg & down & m, lb, an, e.rec_gpu))
        nb, nt = (wn(sum(e.out[k] for e in nd.engines), ti) for k in ("bad", "tot"))
        if any("ubad" in e.out for e in nd.engines):  # (s195) upstream attempts that failed and were
            ub = wn(sum(e.out.get("ubad", np.zeros(T)) for e in nd.engines), ti)  # retried elsewhere: in the
            nb, nt = nb + ub, nt + ub  #   gateway's per-upstream counts, not in its responses (no draw)
        fired.append(("GatewayUpstream5xxRateHigh", nb / np.maximum(nt, 1) > 0.05,
                      {"service": "llm-gateway", "instance": f"{an}:8000"}, an, None))
        if nd.gw_log or nd.gw_ttft:  # the gateway's own per-upstream TTFT histogram, scraped vLLM or not
            up_b = wn(sum(e.out.get("gwv", e.out["buckets"]) for e in nd.engines), ti)  # (s178) its own view
            fired.append(("GatewayUpstreamLatencyHigh", hq(0.99, up_b) > sc.ttft_slo,
                          {"service": "llm-gateway", "instance": f"{an}:8000"}, an, None))
        hl = {"node": an, "instance": f"{an}:9100", "job": "node-exporter"}
        ooms = np.array([t for (t, _, _, n_, _) in o["ev"] if n_ == "oom_kill"] or [-1e9])
        sts = np.array(o["starts"] or [-1e9])
        early: Arr | int = 0  # (s179) restarts in the outage the restarts' rule still counts
        if pgap is not None:  # (s179) a counter's increase in the outage shows only in a window that also
            ooms = ooms[(ooms < pgap[0]) | (ooms >= pgap[1])]  # holds a sample from before it: never in 5 min
            #                                                    (a > 5-min outage); in 15 min, restarts
            sts = np.array([x for x in sts if not pgap[0] <= x < pgap[1]] or [-1e9])
            g15 = np.array([x for x in o["starts"] if pgap[0] <= x < pgap[1]] or [-1e9])
            dt_g = ti[:, None] - g15
            early = ((dt_g >= 0) & (dt_g < 900) & (ti[:, None] - 900 < pgap[0])).sum(1)
        ooms = ooms if len(ooms) else np.array([-1e9])
        kl = {**hl, "job": "kube-state-metrics", "namespace": "inference", "pod": o["pod"],
              "container": "vllm"}
        dt_oom, dt_st = ti[:, None] - ooms, ti[:, None] - sts
        gap = np.zeros(len(ti), bool)  # dcgm-exporter being redeployed
        for f in (f for f in sc.faults if f.kind == "dcgm_redeploy" and f.node == nd.name):
            gap |= (ti >= f.start * 60) & (ti < (f.end or f.start) * 60)
        hung = np.zeros(len(ti), bool)  # dcgm-exporter hung: up == 0 and no DCGM series at all
        for f in (f for f in sc.faults if f.kind == "dcgm_stop" and f.node == nd.name):
            hung |= (ti >= f.start * 60) & (ti < (T if f.end is None else f.end * 60))
        back = []  # dcgm-exporter crash-restarts: no DCGM series while it is down
        for f in (f for f in sc.faults if f.kind == "dcgm_crash" and f.node == nd.name):
            for a, b, _ in f.runs:
                hung |= (ti >= a * 60) & (ti < b * 60)
                back.append(b * 60)
        for a, b in o.get("dcgm_off", ()):  # (s205) the exporter's pod waits for the driver (no draw)
            hung |= (ti >= a) & (ti < b)
        gap |= hung
        gone = o["absent"][ti] if "absent" in o else np.zeros(len(ti), bool)  # not in any scrape config
        fired += [(k, c, lb, an, None) for k, c, lb in [
            ("NodeMemoryHighUtilization", reach & (o["host_used"][ti] / nd.host_total > 0.9), hl),
            ("NodeOOMKillDetected", ((dt_oom >= 0) & (dt_oom < 300)).any(1), hl),
            ("NodeTargetDown", ~reach & ~gone, hl),
            ("DCGMTargetDown", (~reach | gap) & ~gone,
             {**hl, "instance": f"{an}:9400", "job": "dcgm-exporter"}),
            ("KubePodCrashLooping", (((dt_st >= 0) & (dt_st < 900)).sum(1) + early >= 2) & (state != 2), kl)]]
        if back:  # the exporter's own container restarts (kube-state-metrics counts them)
            dt_x = ti[:, None] - np.array(back)
            xl = {**kl, "namespace": "gpu-operator", "container": "nvidia-dcgm-exporter",
                  "pod": f"nvidia-dcgm-exporter-{zlib.crc32(nd.name.encode()) & 0xFFFFF:05x}"}
            fired.append(("KubePodCrashLooping", ((dt_x >= 0) & (dt_x < 900)).sum(1) >= 2, xl, an, None))
        for k_ in o.get("kured", ()):  # (s205) the driver container's restarts; the vLLM pod Pending (no
            #                              draw)
            if k_["fails"]:
                dt_d = ti[:, None] - np.array([*k_["fails"], k_["build"]])
                dl = {**kl, "namespace": "gpu-operator", "container": "nvidia-driver-ctr",
                      "pod": f"nvidia-driver-daemonset-{zlib.crc32(nd.name.encode()) & 0xFFFFF:05x}"}
                fired.append(("KubePodCrashLooping", (((dt_d >= 0) & (dt_d < 900)).sum(1) >= 2)
                              & (ti < k_["build"]), dl, an, None))
            rh = zlib.crc32(f"{nd.name}/{k_['drain']:g}".encode()) & 0xFFFFF
            rp = f"{o['pod'][:-5]}{rh:05x}"  # the evicted pod's replacement
            fired.append(("KubePodNotReady", (ti >= k_["drain"] + 30) & (ti < k_["start"]),
                          {"job": "kube-state-metrics", "namespace": "inference", "pod": rp}, "-", None))
        for f in (f for f in sc.faults if f.kind == "runtime_hang" and f.node == nd.name):  # (s218) no draw
            h0, fix, rdy = f.start * 60, f.runs[0][0] * 60, f.runs[0][1] * 60
            hh = zlib.crc32(nd.name.encode())
            kub = {"node": an, "instance": f"10.20.{2 + (hh >> 8) % 250}.{2 + hh % 250}:10250",
                   "job": "kubelet", "metrics_path": "/metrics", "namespace": "kube-system",
                   "service": "kubelet", "quantile": "0.99"}
            ksm = {"node": an, "condition": "Ready", "status": "true", "job": "kube-state-metrics",
                   "instance": "10.96.14.23:8080", "service": "kube-state-metrics"}
            rh = zlib.crc32(f"{nd.name}/{h0:g}".encode()) & 0xFFFFF
            rpod = f"{o['pod'][:-5]}{rh:05x}"  # the deleted pod's replacement, Pending
            fired += [("KubeletPlegDurationHigh", (ti >= h0 + 120) & (ti < fix + 270), kub, an, None),
                      ("KubeNodeNotReady", (ti >= h0 + 180) & (ti < fix), ksm, an, None),
                      ("KubePodNotReady", (ti >= h0 + 480) & (ti < fix + 30),
                       {"job": "kube-state-metrics", "namespace": "inference", "pod": rpod}, "-", None),
                      ("KubeDeploymentReplicasMismatch", (ti >= h0 + 180) & (ti < rdy),
                       {"job": "kube-state-metrics", "namespace": "inference", "deployment": o["pod"][:-6]},
                       "-", None)]
        for f in (f for f in sc.faults if f.kind == "nic_flap" and f.node == nd.name):  # (s223) no draw
            fl_c = np.zeros(len(ti), bool)  # the failing optic bounces the link around each hard-down
            for a, b, _ in f.runs:  #           episode: > 2 operstate changes in 2 min from ~10 s before it
                fl_c |= (ti >= a * 60 - 10) & (ti < b * 60 + 120)  # to ~2 min after it
            fired.append(("NodeNetworkInterfaceFlapping", fl_c & reach, {**hl, "device": "ens108np0"}, an,
                          None))
        if "proxy_kills" in o:  # (s154) kubelet's restarts of an in-path proxy's container (no draw)
            dt_p = ti[:, None] - np.array(o["proxy_kills"])
            pl = {**kl, "container": o["proxy_name"]}
            fired.append(("KubePodCrashLooping", ((dt_p >= 0) & (dt_p < 900)).sum(1) >= 2, pl, an, None))
        gname, total, reserved = GPUS[nd.gpu][:3]
        stl = min((f.start * 60 for f in sc.faults if f.kind == "dcgm_stale" and f.node == nd.name),
                  default=None)
        tg = ti if stl is None else np.where(ti >= stl, int(stl) - 1, ti)  # (s162) the second whose values
        #                                                                    the stale exporter serves
        for g in range(nd.n_gpu):
            gl = {"instance": f"{an}:9400", "job": "dcgm-exporter", "gpu": str(g), "Hostname": an,
                  "modelName": gname}
            fbf = o["fb"][g, tg] / (total - reserved)
            pg = g // nd.mig if nd.mig else g
            if nd.mig:
                gl.update(gpu=str(pg), **{k: nd.engines[g].labels[k] for k in ("GPU_I_ID", "GPU_I_PROFILE")})
            fb_ok = nd.dcgm_fields is None or "DCGM_FI_DEV_FB_FREE" in nd.dcgm_fields  # else no denominator
            fired.append(("GPUFramebufferHigh", reach & o["alive"][g, tg] & (fbf > 0.95) & ~hung & fb_ok, gl,
                          an, pg))
            th = o.get("therm", {})
            temp = th[g][0] if g in th else 31 + 0.38 * o["util"][g]  # as the node's records show it
            hot = temp[tg] > 85
            if sc.temp_rule is not None:  # (s96) a misconfigured threshold from its deploy on
                hot = np.where(ti >= sc.temp_rule[0] * 60, temp[tg] > sc.temp_rule[1], hot)
            fired.append(("GPUTemperatureHigh", reach & o["alive"][g, tg] & hot & ~hung, gl, an, pg))
            if nd.nvl_errs:  # (s159) increase over 5 min of the CRC counter Prometheus scraped ~10 s before
                crc = o["crc"][g]
                k1, k0 = np.clip(tg - 10, 0, T - 1), np.clip(tg - 310, 0, T - 1)
                fired.append(("GPUNVLinkCRCErrorsHigh",
                              reach & o["alive"][g, tg] & ~hung & (crc[k1] - crc[k0] > 100), gl, an, pg))
            for f in (f for f in sc.faults if f.kind == "xid79" and f.node == nd.name and f.gpu == g):
                xs = f.start * 60  # the XID series goes stale 5 min after the GPU is gone
                if stl is not None and xs >= stl:  # (s162) a stale exporter never reads the XID
                    continue
                xid = (ti >= xs + 10) & (ti < xs + 310)
                fired.append(("GPUXidErrors", xid, {**gl, "xid": "79"}, an, g))
            fired += [("GPUXidErrors", c & reach & ~hung, {**gl, "xid": str(code)}, an, g)
                      for code, c in xid_conds(o, g, tg)]
            if nd.remap:  # a row remapped for an uncorrectable error in the last hour (scraped ~10 s before)
                te = np.array([a * 60 for f in sc.faults if f.kind == "ecc_xid" and f.node == nd.name
                               and f.gpu == g for a, _, codes in f.runs if 94 in codes and 63 in codes])
                if len(te):
                    dt = (ti - 10)[:, None] - te
                    fired.append(("GPURowRemapUncorrectable",
                                  ((dt >= 0) & (dt < 3600)).any(1) & reach & ~hung,
                                  gl, an, g))
        fired += [(nm, (ti >= a * 60) & (ti < b * 60), hl, an, None)
                  for nn, nm, a, b in sc.noise if nn == nd.name]
        fired += [("NodeSystemdServiceFailed", reach & (ti >= a * 60) & (ti < b * 60),  # (s190) no draw
                   {**hl, "name": u, "state": "failed"}, an, None)
                  for nn, u, a, b in sc.units if nn == nd.name]
        if "swap_hot" in o:  # (s173) a swapped-out leak the API server's garbage collector keeps walking
            fired.append(("NodeMemoryMajorPagesFaults", reach & (state == 2) & (o["swap_hot"][ti] > SWAP_HOT),
                          hl, an, None))
    fired += [(nm, (tv >= a * 60) & (tv < b * 60), lab, "-", None) for nm, lab, a, b in sc.site]
    gw = {"service": "llm-gateway"}
    fired += [("GatewayP99LatencySLOBreach", hq(0.99, allb) > sc.ttft_slo,
                {**gw, "slo": "ttft-p99"}, "-", None),
              ("GatewayHigh5xxRate", bad / np.maximum(tot, 1) > 0.02, gw, "-", None)]
    tqs: dict[str, list[Arr]] = {}  # (s198) per tenant: the gateway's responses and its 429s (no draw)
    for e in (e for nd in sc.nodes for e in nd.engines):
        for tn, (ta, tr4) in e.out.get("tq", {}).items():
            acc = tqs.setdefault(tn, [np.zeros(T), np.zeros(T)])
            acc[0], acc[1] = acc[0] + ta, acc[1] + tr4
    fired += [("GatewayTenantRateLimited", (wn(r_, ti) / np.maximum(wn(a_, ti), 1) > QZ_SHARE)
               & (wn(a_, ti) > 0), {**gw, "tenant": tn}, "-", None) for tn, (a_, r_) in sorted(tqs.items())]
    out: list[Rec] = []
    stamp: Callable[[float], str] = rfc3339  # (s163) an alerting host whose clock is off, or that writes its
    if sc.alert_clock or sc.alert_tz:  #          local zone
        stamp = partial(alert_stamp, sc.alert_clock, sc.alert_tz)
    lower = {nd.name: nd.lower for nd in sc.nodes}
    lower.update({f"{nd.name}.{nd.fqdn}": nd.lower for nd in sc.nodes if nd.fqdn})  # (s154)
    hooks: list[Hook] = []
    for nm, cond, lab, node, gpu in fired:
        sev, for_s, expr = RULES[nm]
        if nm in TTFT_RULES and sc.ttft_slo != 0.8:  # the pool's own TTFT SLO
            expr = expr.replace("> 0.8", f"> {sc.ttft_slo:g}")
        if nm == "GPUTemperatureHigh" and sc.temp_rule is not None:  # (s96) the rule as deployed
            expr = expr.replace("> 85", f"> {sc.temp_rule[1]:g}")
        cut = T + 1.0  # (s97) rules no longer evaluated from this second
        if sc.rules_lost is not None and nm in sc.rules_lost[1]:
            cut = sc.rules_lost[0] * 60
        labels = {"alertname": "TargetDown" if nm.endswith("TargetDown") and nm != "VLLMTargetDown" else nm,
                  "severity": sev, **lab, **(ext or {})}
        if sc.grafana:
            out += grafana_sends(rng, nm, expr, cond, lab, node, gpu, lower.get(node, False), tv, T, t0)
            continue
        if sc.webhook is not None:  # (s104) Prometheus -> Alertmanager -> webhook (`webhook_sends`)
            ann = {"summary": f"{labels['alertname']} on {node}", "description": expr,
                   "runbook_url": f"https://runbooks.example.internal/{nm.lower()}"}
            url = f"http://{host}:9090/graph?g0.expr={quote(expr)}&g0.tab=1"
            hooks += [(a, b, labels, ann, url, node, gpu) for a, b in fire_windows(tv, cond, for_s)]
            continue
        wins = ([(x, y, True) for x, y in fire_windows(tv, cond, for_s, step)] if pgap is None
                else gap_windows(tv, cond, for_s, step, pgap))  # (s179) around a Prometheus outage
        for a, b, rsv in wins:
            sends = [(t, "firing", t + 240) for t in np.arange(a, T if b is None else b, 60.0)]
            sends += [(b + k, "resolved", b) for k in (0, 60) if rsv and b is not None and b + k < T]
            fa = a  # (s179) FiredAt: the Watchdog has fired since its Prometheus started, until it restarts
            if nm == "Watchdog" and a <= tv[0]:
                fa = PROM_UP_S
            for t, status, end in (x for x in sends
                                   if x[0] < cut and not (pgap and pgap[0] <= x[0] < pgap[1])):
                out.append((t + rng.uniform(0.3, 2.5), {"v": 1, "ts_ns": 0, "node": node, "source": "alert",
                                                        "kind": "alert", "gpu": gpu, "alert": {
                    "status": status, "labels": labels,
                    "annotations": {"summary": f"{labels['alertname']} on {node}", "description": expr,
                                    "runbook_url": f"https://runbooks.example.internal/{nm.lower()}"},
                    "startsAt": stamp(t0 + fa), "endsAt": stamp(t0 + end), "fingerprint": fnv64(labels),
                    "generatorURL": f"http://{host}:9090/graph?g0.expr={quote(expr)}&g0.tab=1"}}))
    if hooks:
        out += webhook_sends(rng, sc, hooks, T, t0)
    return out


def foreign_alerts(rng: np.random.Generator, sc: Scenario, T: int, t0: float) -> list[Rec]:
    """(s172) The alerts of another cluster's Prometheus that reach the correlator through the Alertmanager
    both clusters send to. The other cluster runs the same kube-prometheus chart and the same rules, and its
    nodes are named like this fleet's: its alerts differ only in their `cluster` external label and what
    their labels point at (its pod IPs and names). Each of `sc.foreign` is one rule's condition window,
    evaluated every 15 s at the other Prometheus's own phase, sent as `alerts` sends (`for:`, re-sent every
    60 s with endsAt = send + 4 min, resolved twice)."""
    ti = (rng.uniform(0, 15) + np.arange(0, T - 15, 15)).astype(int)
    out: list[Rec] = []
    for node, nm, lab, a, b, gpu in sc.foreign:
        sev, for_s, expr = RULES[nm]
        cond = (ti >= a * 60) & (ti < (T if b is None else b * 60))
        labels = {"alertname": nm, "severity": sev, **lab}
        for x, y in fire_windows(ti, cond, for_s):
            sends = [(t, "firing", t + 240) for t in np.arange(x, T if y is None else y, 60.0)]
            sends += [(y + k, "resolved", y) for k in (0, 60) if y is not None and y + k < T]
            for t, status, end in sends:
                out.append((t + rng.uniform(0.3, 2.5), {"v": 1, "ts_ns": 0, "node": node, "source": "alert",
                                                        "kind": "alert", "gpu": gpu, "alert": {
                    "status": status, "labels": labels,
                    "annotations": {"summary": f"{nm} on {node}", "description": expr,
                                    "runbook_url": f"https://runbooks.example.internal/{nm.lower()}"},
                    "startsAt": rfc3339(t0 + x), "endsAt": rfc3339(t0 + end), "fingerprint": fnv64(labels),
                    "generatorURL": f"http://prometheus-k8s-0:9090/graph?g0.expr={quote(expr)}&g0.tab=1"}}))
    return out


def lag_of(lag: tuple[float, float, float, float, float], t: Arr) -> Arr:
    """(s115) Remote-write lag (s) at t (s): 0 until lag[0] min, rising linearly to lag[4] s at lag[1], held
    to lag[2], falling linearly to 0 at lag[3] (the queue drains at most ~0.6 s per s, so the data time the
    ruler sees never goes back)."""
    a, b, c, d, full = lag
    return np.asarray(np.interp(t, [a * 60, b * 60, c * 60, d * 60], [0.0, full, full, 0.0], 0.0, 0.0))


def webhook_sends(rng: np.random.Generator, sc: Scenario,
                  hooks: list[Hook], T: int, t0: float) -> list[Rec]:
    """(s104) The alerts as an Alertmanager webhook receiver gets them. Each hook is one firing period of one
    alert (fire s, resolve s or None, labels, annotations, generatorURL, node, gpu); Prometheus delivers its
    start and its end to Alertmanager 0.3-2.5 s later. The route groups by `namespace` (kube-prometheus's
    default: every vLLM and kube alert in "inference", node, GPU and gateway alerts in the group without one)
    with `sc.webhook` = (group_wait, group_interval, repeat_interval) s; send_resolved is on.

    A group is created by its first alert and flushed group_wait later, then every group_interval while it
    holds an alert. At a flush the notification log decides, as Alertmanager's dedup stage does: send if
    nothing was sent yet and something fires; if an alert fires that the last notification did not list as
    firing; if everything has resolved since a notification that listed firing alerts; if an alert resolved
    that it did not list as resolved; or if repeat_interval has passed. A notification carries EVERY alert
    then in the group, firing ones with endsAt "0001-01-01T00:00:00Z" (the webhook hides an end not yet
    reached), resolved ones with their end; one record per alert. Resolved alerts leave the group after the
    flush, and an empty group is deleted (the next alert starts a new one with group_wait)."""
    assert sc.webhook is not None
    gwait, gint, rep = sc.webhook
    groups: dict[str, list[Hook]] = {}
    for h in hooks:
        groups.setdefault(h[2].get("namespace", ""), []).append(h)
    out: list[Rec] = []
    for key in sorted(groups):
        items: list[tuple[float, float | None, str, Hook]] = []  # arrival s, resolution s (None), fingerprint
        for h in groups[key]:
            res = None if h[1] is None else h[1] + float(rng.uniform(0.3, 2.5))
            items.append((h[0] + float(rng.uniform(0.3, 2.5)), res, fnv64(h[2]), h))
        items.sort(key=lambda x: x[0])
        active: dict[str, tuple[float, float | None, str, Hook]] = {}  # firing, or resolved and unflushed
        entry: tuple[set[str], set[str], float] | None = None  # the last notification: firing, resolved, s
        nxt: float | None = None
        k = 0
        while True:
            na = items[k][0] if k < len(items) else math.inf
            nf = math.inf if nxt is None else nxt
            if min(na, nf) >= T:
                break
            if na <= nf:  # an alert reaches Alertmanager (a re-fire replaces its resolved, unflushed self)
                active[items[k][2]] = items[k]
                if nxt is None:
                    nxt = items[k][0] + gwait
                k += 1
                continue
            tf = nf
            firing = {fp for fp, it in active.items() if it[1] is None or it[1] > tf}
            resolved = set(active) - firing
            if entry is None:
                send = bool(firing)
            elif not firing <= entry[0]:
                send = True
            elif not firing:
                send = bool(entry[0])
            elif not resolved <= entry[1]:
                send = True
            else:
                send = entry[2] < tf - rep
            if send:
                d = tf + float(rng.uniform(0.05, 0.6))
                for j, (fp, it) in enumerate(active.items()):
                    a, b, labels, ann, url, node, gpu = it[3]
                    on = fp in firing
                    out.append((d + 0.001 * j, {"v": 1, "ts_ns": 0, "node": node, "source": "alert",
                                                "kind": "alert", "gpu": gpu, "alert": {
                        "status": "firing" if on else "resolved", "labels": labels, "annotations": ann,
                        "startsAt": rfc3339(t0 + a),
                        "endsAt": ZERO_TIME if on or b is None else rfc3339(t0 + b),
                        "generatorURL": url, "fingerprint": fp}}))
                entry = (firing, resolved, tf)
            for fp in resolved:
                del active[fp]
            nxt = tf + gint if active else None
    return out


GRAFANA = {  # Grafana-managed rule per Prometheus-style rule above: title (= alertname), folder, team
    "VLLMTimeToFirstTokenP99High": ("vLLM TTFT p99 above SLO", "LLM serving", "ml-platform"),
    "VLLME2ELatencyHigh": ("vLLM end-to-end latency doubled", "LLM serving", "ml-platform"),
    "VLLMKVCacheUsageHigh": ("vLLM KV cache usage high", "LLM serving", "ml-platform"),
    "VLLMKVCacheUsageCritical": ("vLLM KV cache nearly full", "LLM serving", "ml-platform"),
    "VLLMKVCacheUsageElevated": ("vLLM KV cache usage elevated", "LLM serving", "ml-platform"),
    "VLLMPreemptionsHigh": ("vLLM preempting requests", "LLM serving", "ml-platform"),
    "VLLMQueueBacklog": ("vLLM queue backlog", "LLM serving", "ml-platform"),
    "VLLMRequestAbortRateHigh": ("vLLM abort ratio above 5%", "LLM serving", "ml-platform"),
    "VLLMRequestErrorRateHigh": ("vLLM error ratio above 1%", "LLM serving", "ml-platform"),
    "VLLMPrefixCacheHitRateLow": ("vLLM prefix cache hit ratio halved", "LLM serving", "ml-platform"),
    "VLLMTargetDown": ("vLLM metrics endpoint down", "LLM serving", "ml-platform"),
    "GatewayUpstream5xxRateHigh": ("Gateway upstream 5xx ratio", "LLM serving", "ml-platform"),
    "GatewayUpstreamLatencyHigh": ("Gateway upstream TTFT p99", "LLM serving", "ml-platform"),
    "GatewayP99LatencySLOBreach": ("Gateway TTFT p99 SLO breach", "LLM serving", "ml-platform"),
    "GatewayHigh5xxRate": ("Gateway 5xx ratio above 2%", "LLM serving", "ml-platform"),
    "NodeMemoryHighUtilization": ("Node memory above 90%", "Kubernetes nodes", "platform"),
    "NodeOOMKillDetected": ("OOM kill on node", "Kubernetes nodes", "platform"),
    "NodeTargetDown": ("node-exporter down", "Kubernetes nodes", "platform"),
    "NodeClockSkewDetected": ("Node clock skew", "Kubernetes nodes", "platform"),
    "KubePodCrashLooping": ("Pod crash looping", "Kubernetes nodes", "platform"),
    "DCGMTargetDown": ("dcgm-exporter down", "GPU fleet", "gpu-infra"),
    "GPUFramebufferHigh": ("GPU framebuffer above 95%", "GPU fleet", "gpu-infra"),
    "GPUXidErrors": ("GPU XID error", "GPU fleet", "gpu-infra"),
    "GPURowRemapUncorrectable": ("GPU uncorrectable row remap", "GPU fleet", "gpu-infra"),
    "GPUTemperatureHigh": ("GPU temperature above 85 C", "GPU fleet", "gpu-infra")}


def grafana_sends(rng: np.random.Generator, nm: str, expr: str, cond: Arr, lab: dict[str, str], node: str,
                  gpu: int | None, lower: bool, ti: Arr, T: int, t0: float) -> list[Rec]:
    """One rule's alerts as a Grafana-managed rule sends them to an external Alertmanager.

    The rule is multi-dimensional: an instance's labels are only the series labels its query keeps (vLLM:
    `hostname` (the ServiceMonitor's relabel of the pod's node), `engine`, `model_name`; the vLLM target:
    also `instance` <pod ip>:8000; node-exporter, dcgm-exporter targets and the gateway: `instance`
    host:port only; DCGM fields: dcgm-exporter's `Hostname`/`hostname` and `gpu`; kube-state-metrics: the
    pod, which names no node, so the record's node is "-"), plus `alertname` (the rule's title, with
    spaces), `grafana_folder`, `__alert_rule_uid__` and the rule's own `severity`/`team`. No fingerprint is
    sent; endsAt is 3 evaluation intervals ahead; re-sent every evaluation while firing."""
    sev, for_s, _ = RULES[nm]
    title, folder, team = GRAFANA[nm]
    h = zlib.crc32(title.encode())
    uid = f"{'abcdef'[h % 6]}{h:08x}{zlib.crc32(folder.encode() + title.encode()) & 0xFFFFF:05x}"
    if nm.startswith("VLLM") and nm != "VLLMTargetDown":
        keep = {"hostname": lab["node"], "engine": lab["engine"], "model_name": lab["model_name"]}
    elif nm == "VLLMTargetDown":
        keep = {"hostname": lab["node"], "instance": lab["instance"], "job": "vllm",
                "namespace": lab["namespace"], "pod": lab["pod"]}
    elif nm.startswith("GPU"):
        keep = {"hostname" if lower else "Hostname": node, "gpu": lab["gpu"]}
    elif nm == "KubePodCrashLooping":
        keep, node = {k: lab[k] for k in ("namespace", "pod", "container")}, "-"
    else:
        keep = {k: v for k, v in lab.items() if k in ("instance", "job", "service", "slo")}
    labels = {"alertname": title, "grafana_folder": folder, "__alert_rule_uid__": uid, **keep,
              "severity": sev, "team": team}
    what = f"XID {lab['xid']} on GPU {lab['gpu']}" if "xid" in lab else title
    where = keep.get("hostname") or keep.get("Hostname") or keep.get("instance") or keep.get("pod") or "fleet"
    ann = {"summary": f"{what} ({where})", "description": f"Query: {expr}",
           "runbook_url": f"https://runbooks.example.internal/grafana/{uid}"}
    if folder == "LLM serving":
        ann.update(__dashboardUid__="llm-serving-overview", __panelId__=str(2 + list(GRAFANA).index(nm)))
    url, out = f"https://grafana.ops.example.internal/alerting/grafana/{uid}/view?orgId=1", []
    for a, b in fire_windows(ti, cond, for_s, 60):
        sends = [(t, "firing", t + 180) for t in np.arange(a, T if b is None else b, 60.0)]
        sends += [(b + k, "resolved", b) for k in (0, 60) if b is not None and b + k < T]
        for t, status, end in sends:
            out.append((t + rng.uniform(0.3, 2.5), {"v": 1, "ts_ns": 0, "node": node, "source": "alert",
                                                    "kind": "alert", "gpu": gpu, "alert": {
                "status": status, "labels": labels, "annotations": ann, "startsAt": rfc3339(t0 + a),
                "endsAt": rfc3339(t0 + end), "generatorURL": url}}))
    return out


def xid_conds(o: dict[str, Any], g: int, ti: Arr) -> list[tuple[int, Arr]]:
    """`DCGM_FI_DEV_XID_ERRORS != 0` on a GPU that stays on the bus: the value Prometheus scraped (~10 s
    before each evaluation) is the last XID, carried by the rule as the `xid` label, one alert per value."""
    seq = sorted((t, c) for gg, t, c in o.get("xids", []) if gg == g)
    if not seq:
        return []
    k = np.searchsorted(np.array([t for t, _ in seq]), ti - 10, side="right")
    val = np.where(k > 0, np.array([0] + [c for _, c in seq])[k], 0)
    return [(int(c), val == c) for c in sorted(set(val[val > 0].tolist()))]


def rfc3339(t: float) -> str:
    return datetime.fromtimestamp(t, tz=UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def eu_summer(t: float) -> bool:
    """(s163) Whether Unix time t lies in EU summer time: from 01:00 UTC on the last Sunday of March to 01:00
    UTC on the last Sunday of October (both months have 31 days)."""
    y = datetime.fromtimestamp(t, tz=UTC).year

    def last_sunday(m: int) -> float:
        d = datetime(y, m, 31, 1, tzinfo=UTC)
        return (d - timedelta(days=(d.weekday() + 1) % 7)).timestamp()
    return last_sunday(3) <= t < last_sunday(10)


def alert_stamp(clock: float, tz: str, t: float) -> str:
    """(s163) A time as an alerting host whose clock is `clock` s off writes it, in its zone `tz`."""
    return local_rfc3339(t + clock, tz)


def local_rfc3339(t: float, tz: str) -> str:
    """(s163) RFC 3339 with the local offset a Go program (Prometheus, Alertmanager) writes when its host's
    zone is `tz` ("": UTC, "Z"; "Europe/Berlin": +01:00, +02:00 in summer time), milliseconds as `rfc3339`."""
    if not tz:
        return rfc3339(t)
    assert tz == "Europe/Berlin", tz
    h = 2 if eu_summer(t) else 1
    return (datetime.fromtimestamp(t, tz=timezone(timedelta(hours=h))).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
            + f"+{h:02d}:00")


# --------------------------------------------------------------------------------------------- scenarios
def mk(name: str | Callable[[int], str], n: int, gpu: str, n_gpu: int, model: str, trace: str, layout: str,
       rate: float, iv: dict[str, float], trace2: str | None = None, **kw: Any) -> list[Node]:
    """Nodes of one layout: 'tp' one engine on all GPUs, 'dp2' two engines, 'per_gpu' one server per GPU."""
    nodes = []
    for i in range(n):
        if layout == "tp":
            engs = [Engine("0", list(range(n_gpu)), None, rate, trace)]
        elif layout == "dp2":
            h = n_gpu // 2
            engs = [Engine(str(k), list(range(k * h, (k + 1) * h)), None, rate,
                           trace2 if k and trace2 else trace) for k in range(2)]
        else:
            engs = [Engine("0", [g], g, rate, trace) for g in range(n_gpu)]
        nm = name(i) if callable(name) else f"{name}{i + 1:02d}"
        nodes.append(Node(nm, gpu, n_gpu, model, engs, dict(iv), **kw))
    return nodes


def scenarios() -> list[Scenario]:
    q72, l70 = "Qwen/Qwen2.5-72B-Instruct", "meta-llama/Llama-3.3-70B-Instruct"
    d70, l8 = "deepseek-ai/DeepSeek-R1-Distill-Llama-70B", "meta-llama/Llama-3.1-8B-Instruct"
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si = "session_isolation"
    s1 = Scenario("s1_kv_leak_single", "2025-02-11T08:00:00+00:00", 90,
                  mk("inf-h100-", 5, "H100", 4, q72, "mooncake", "tp", 0.75, iv4, logging=True,
                     kv_events=True),
                  [Fault("kv_leak", "inf-h100-03", 30, cause=si, leak=2.0)])
    s2 = Scenario("s2_kv_leak_three_nodes", "2025-02-19T13:00:00+00:00", 100,
                  mk("dsk-node-", 6, "H100", 4, d70, "azure_conv", "tp", 10.0, {**iv4, "nvml": 10.0}),
                  [Fault("kv_leak", "dsk-node-02", 20.0, 68.0, cause=si, leak=2.2),
                   Fault("kv_leak", "dsk-node-04", 21.5, 69.5, cause=si, leak=1.9),
                   Fault("kv_leak", "dsk-node-05", 23.0, 71.0, cause=si, leak=1.6),
                   *(Fault("operator_restart", n, m) for n, m in
                     (("dsk-node-02", 68.0), ("dsk-node-04", 69.5), ("dsk-node-05", 71.0)))])
    s3 = Scenario("s3_spec_residue", "2025-03-03T10:00:00+00:00", 90,
                  mk("l40s-spec-", 4, "L40S", 4, l8, "azure_conv", "per_gpu", 3.0,
                     {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}, spec=True,
                     host_total=512 * GIB),
                  [Fault("spec_residue", "l40s-spec-02", 25, cause="spec_residue")])
    aws = ["ip-10-40-1-11", "ip-10-40-1-27", "ip-10-40-2-9", "ip-10-40-2-33", "ip-10-40-3-14"]
    s4 = Scenario("s4_monitoring_gap", "2025-03-12T02:00:00+00:00", 75,
                  mk(lambda i: aws[i], 5, "H100", 2, "mistralai/Mistral-Small-24B-Instruct-2501", "mooncake",
                     "tp", 1.0,
                     {"nvml": 5.0, "dcgm": 15.0, "vllm": 15.0, "host": 5.0}, host_total=512 * GIB),
                  [Fault("mon_gap", "ip-10-40-2-9", 20, cause="monitoring_gap")])
    s5 = Scenario("s5_other_xid_partition", "2025-03-20T16:00:00+00:00", 90,
                  mk(lambda i: f"h100-pod-a{i + 1}", 6, "H100", 8, l70, "azure_conv", "dp2", 8.0, iv8),
                  [Fault("xid79", "h100-pod-a2", 22, gpu=5, cause="other", detail="xid_79"),
                   Fault("partition", "h100-pod-a5", 55, 66, cause="other", detail="network_partition")])
    s6 = Scenario("s6_benign_lookalikes", "2025-04-01T07:30:00+00:00", 110,
                  mk("fin-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4, logging=True),
                  [Fault(k, f"fin-h100-0{i + 1}", a, b, cause="benign", detail=k)
                   for i, (k, a, b) in enumerate([("long_document", 15, 40), ("annual_report", 30, 75),
                                                  ("retry_burst", 50, 56), ("warmup", 70, 80),
                                                  ("checkpoint_load", 90, 95)])])
    s7 = Scenario("s7_healthy_fleet", "2025-04-08T20:00:00+00:00", 75,
                  mk("prod-gpu-", 7, "H100", 8, l70, "azure_conv", "dp2", 8.0, iv8, trace2="azure_code"), [],
                  noise=[("prod-gpu-04", "NodeClockSkewDetected", 30, 52)])
    for nd in s3.nodes[2:]:
        nd.sentinel = True
    s4.nodes[4].legacy = True
    for nd in [s4.nodes[1], s4.nodes[3], *s5.nodes[3:]]:
        nd.lower = True
    s6.nodes[4].util_frac = 0.85
    s7.nodes[3].skew = 2.4
    return [s1, s2, s3, s4, s5, s6, s7, *new_scenarios(), *third_scenarios(), *fourth_scenarios(),
            *fifth_scenarios(), *sixth_scenarios(), *seventh_scenarios(), *eighth_scenarios(),
            *ninth_scenarios(), *tenth_scenarios(), *eleventh_scenarios(), *twelfth_scenarios(),
            *thirteenth_scenarios(), *fourteenth_scenarios(), *fifteenth_scenarios(), *sixteenth_scenarios(),
            *seventeenth_scenarios(), *eighteenth_scenarios(), *nineteenth_scenarios(),
            *twentieth_scenarios(), *twenty_first_scenarios(), *twenty_second_scenarios(),
            *twenty_third_scenarios(), *twenty_fourth_scenarios(), *twenty_fifth_scenarios(),
            *twenty_sixth_scenarios(), *twenty_seventh_scenarios(), *twenty_eighth_scenarios(),
            *twenty_ninth_scenarios(), *thirtieth_scenarios(), *thirty_first_scenarios(),
            *thirty_second_scenarios(), *thirty_third_scenarios(), *thirty_fourth_scenarios(),
            *thirty_fifth_scenarios(), *thirty_sixth_scenarios(), *thirty_seventh_scenarios(),
            *thirty_eighth_scenarios(), *thirty_ninth_scenarios(), *fortieth_scenarios(),
            *forty_first_scenarios(), *forty_second_scenarios(), *forty_third_scenarios(),
            *forty_fourth_scenarios(), *forty_fifth_scenarios(), *forty_sixth_scenarios(),
            *forty_seventh_scenarios(), *forty_eighth_scenarios(), *forty_ninth_scenarios(),
            *fiftieth_scenarios(), *fifty_first_scenarios(), *fifty_second_scenarios(),
            *fifty_third_scenarios(), *fifty_fourth_scenarios(), *fifty_fifth_scenarios()]


def new_scenarios() -> list[Scenario]:
    """s8-s13, added later by a second outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72, m24 = "Qwen/Qwen2.5-72B-Instruct", "mistralai/Mistral-Small-24B-Instruct-2501"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    s8 = Scenario("s8_mig_spec_residue", "2025-05-06T09:00:00+00:00", 90,
                  mk("mig-h100-", 5, "H100-3g", 8, l8, "azure_conv", "per_gpu", 3.0, iv, spec=True, mig=2,
                     host_total=1024 * GIB),
                  [Fault("spec_residue", "mig-h100-02", 25, gpu=1, inst=3, cause="spec_residue")])
    for nd in s8.nodes:
        for e in nd.engines:
            g = e.gpus[0]
            e.rec_gpu, e.labels = g // 2, {"GPU_I_ID": str(1 + g % 2), "GPU_I_PROFILE": "3g.40gb"}
    s9 = Scenario("s9_slow_kv_leak", "2025-05-13T01:00:00+00:00", 120,
                  mk("svc-h100-", 6, "H100", 2, m24, "azure_code", "tp",
                     6.0, {"nvml": 5.0, "dcgm": 15.0, "vllm": 10.0, "host": 10.0}, host_total=512 * GIB),
                  [Fault("kv_leak", "svc-h100-04", 25, cause="session_isolation", leak=1.0)])
    s10 = Scenario("s10_dp_rank_leak", "2025-05-20T14:00:00+00:00", 90,
                   mk("dp-h100-", 5, "H100", 8, l70, "azure_conv", "dp2", 8.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}),
                   [Fault("kv_leak", "dp-h100-03", 20, inst=4, cause="session_isolation", leak=1.8)])
    s11 = Scenario("s11_no_kv_metric_gap", "2025-05-27T03:00:00+00:00", 80,
                   mk("gw-h100-", 5, "H100", 4, q72, "azure_conv", "tp", 6.0,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}, host_total=1024 * GIB),
                   [Fault("rss_leak", "gw-h100-02", 20, cause="monitoring_gap")])
    for nd in (s11.nodes[1], s11.nodes[3]):
        nd.legacy = nd.no_kv = True
    s12 = Scenario("s12_lookalikes_and_residue", "2025-06-03T08:00:00+00:00", 100,
                   mk("chat-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.0, iv, spec=True, logging=True,
                      resend=True),
                   [Fault("annual_report", "chat-h100-01", 25, 70, cause="benign", detail="annual_report"),
                    Fault("long_document", "chat-h100-03", 35, 75, cause="benign", detail="long_document",
                          burst=5),
                    Fault("spec_residue", "chat-h100-05", 30, cause="spec_residue")])
    s13 = Scenario("s13_disorder_xid", "2025-06-10T18:00:00+00:00", 80,
                   mk("edge-h100-", 5, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code"),
                   [Fault("xid79", "edge-h100-03", 40, gpu=2, cause="other", detail="xid_79")], disorder=True)
    return [s8, s9, s10, s11, s12, s13]


def third_scenarios() -> list[Scenario]:
    """s14-s17, added later by a third outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    s14 = Scenario("s14_per_gpu_session_reuse", "2025-06-17T09:00:00+00:00", 90,
                   mk("srv-h100-", 5, "H100", 4, l8, "azure_conv", "per_gpu", 1.2, iv, logging=True,
                      resend=True, port_per_gpu=True, host_total=1024 * GIB),
                   [Fault("kv_leak", "srv-h100-03", 25, gpu=2, inst=2, cause="session_isolation", leak=2.0)])
    s15 = Scenario("s15_rolling_restart", "2025-06-24T22:00:00+00:00", 90,
                   mk("roll-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}),
                   [*(Fault("warmup", f"roll-h100-0{k + 1}", 12 + 11 * k, 22 + 11 * k, cause="benign",
                            detail="warmup") for k in range(6)),
                    Fault("dcgm_redeploy", "roll-h100-06", 40, 42)], spill=True)
    s16 = Scenario("s16_hetero_slow_residue", "2025-07-01T06:00:00+00:00", 90,
                   [*mk("mix-h100-", 3, "H100", 4, l70, "azure_conv", "tp", 2.0, iv, spec=True),
                    *mk("mix-l40s-", 3, "L40S", 4, l8, "azure_conv", "per_gpu", 2.5, iv, lower=True,
                        port_per_gpu=True, host_total=512 * GIB)],
                   [Fault("spec_residue", "mix-h100-02", 20, cause="spec_residue", abort=0.02),
                    Fault("long_document", "mix-l40s-02", 40, 58, cause="benign", detail="long_document",
                          burst=2)])
    s17 = Scenario("s17_scrape_blocked_rss_oom", "2025-07-08T11:00:00+00:00", 90,
                   mk("api-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                      stall_err=True, host_total=1024 * GIB),
                   [Fault("scrape_block", "api-h100-04", 20, cause="monitoring_gap"),
                    Fault("rss_leak", "api-h100-04", 24, rate=0.02)])
    return [s14, s15, s16, s17]


def fourth_scenarios() -> list[Scenario]:
    """s18-s21, added later by a fourth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si = "session_isolation"
    peaks = [2.5, 2.3, 2.6, 2.2, 2.4, 2.5]  # the gateway's balancing is not perfectly even
    s18 = Scenario("s18_launch_surge", "2025-07-15T15:30:00+00:00", 95,
                   mk("pub-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}),
                   [Fault("surge", f"pub-h100-0{k + 1}", 25, 70, rate=p) for k, p in enumerate(peaks)])
    s19 = Scenario("s19_leak_under_long_docs", "2025-07-22T07:00:00+00:00", 100,
                   mk("doc-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.0, iv, logging=True, resend=True),
                   [Fault("long_document", "doc-h100-02", 30, 80, cause="benign", detail="long_document",
                          burst=4),
                    Fault("kv_leak", "doc-h100-02", 40, cause=si, leak=2.5),
                    Fault("long_document", "doc-h100-04", 30, 80, cause="benign", detail="long_document",
                          burst=4)])
    s20 = Scenario("s20_dcgm_hung_fb_leak", "2025-07-29T19:00:00+00:00", 90,
                   mk("hx-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                      nvml=False),
                   [Fault("dcgm_stop", "hx-h100-05", 20, cause="monitoring_gap"),
                    Fault("fb_leak", "hx-h100-05", 26, inst=4, rate=160.0),
                    Fault("dcgm_stop", "hx-h100-02", 45)], disorder=True)
    s21 = Scenario("s21_skewed_clocks_two_faults", "2025-08-05T12:00:00+00:00", 110,
                   mk("tz-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "tz-h100-03", 20, 50, cause="spec_residue"),
                    Fault("operator_restart", "tz-h100-03", 50),
                    Fault("kv_leak", "tz-h100-03", 62, cause=si, leak=2.2)],
                   noise=[("tz-h100-02", "NodeClockSkewDetected", 0, 110),
                          ("tz-h100-04", "NodeClockSkewDetected", 0, 110)])
    s21.nodes[1].skew, s21.nodes[3].skew = -40.0, 150.0  # every source of the node's agent
    for nd in s20.nodes[3:]:
        nd.lower = True
    return [s18, s19, s20, s21]


def fifth_scenarios() -> list[Scenario]:
    """s22-s25, added later by a fifth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, part = "session_isolation", "network_partition"
    s22 = Scenario("s22_spooled_agents", "2025-08-12T09:00:00+00:00", 90,
                   mk("sp-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("spool", "sp-h100-02", 18, 25),
                    Fault("kv_leak", "sp-h100-04", 30, cause=si, leak=2.0),
                    Fault("spool", "sp-h100-04", 46, 54),
                    Fault("partition", "sp-h100-05", 62, 70, cause="other", detail=part),
                    Fault("spool", "sp-h100-05", 62, 70)])
    for nd in s22.nodes[4:]:
        nd.lower = True
    s23 = Scenario("s23_vllm_v0_to_v1_upgrade", "2025-08-19T13:00:00+00:00", 100,
                   mk("up-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}, legacy=True),
                   [*(Fault("warmup", f"up-h100-0{k}", m, m + 10, cause="benign", detail="warmup")
                      for k, m in ((1, 14), (3, 26), (6, 38))),
                    Fault("kv_leak", "up-h100-05", 42, cause=si, leak=2.0)], spill=True)
    for k, m in ((0, 14.0), (2, 26.0), (5, 38.0)):  # the new image exports V1 names from its first start
        s23.nodes[k].v1_from = m
    s24 = Scenario("s24_nonfatal_xids", "2025-08-26T21:00:00+00:00", 90,
                   mk("xid-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code"),
                   [Fault("side_xid", "xid-h100-02", 15, 37, gpu=6, cause="benign", detail="nonfatal_xid",
                          rate=4096.0, runs=job_attempts(15.0, [2.5, 3.0, 1.8, 3.6, 2.2, 2.9])),
                    Fault("xid79", "xid-h100-04", 38, gpu=6, cause="other", detail="xid_79"),
                    Fault("side_xid", "xid-h100-06", 55, 66, gpu=0, cause="benign", detail="nonfatal_xid",
                          rate=2048.0, runs=[(55.0, 61.0, (31, 43))])])
    for nd in s24.nodes[::2]:
        nd.sentinel = True
    s25 = Scenario("s25_alert_only_nodes", "2025-09-02T06:00:00+00:00", 90,
                   mk("ao-h100-", 8, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "ao-h100-02", 30, cause="spec_residue"),
                    Fault("xid79", "ao-h100-06", 22, gpu=2, cause="other", detail="xid_79"),
                    Fault("kv_leak", "ao-h100-07", 35, cause=si, leak=2.5),
                    Fault("retry_burst", "ao-h100-08", 55, 61, cause="benign", detail="retry_burst")])
    for nd in s25.nodes[4:]:  # a new rack: the agent DaemonSet's nodeSelector does not match it yet
        nd.agent = False
    return [s22, s23, s24, s25]


def sixth_scenarios() -> list[Scenario]:
    """s26-s29, added later by a sixth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si = "session_isolation"
    s26 = Scenario("s26_overlap_residue_leak_recurs", "2025-09-09T08:00:00+00:00", 110,
                   mk("ov-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "ov-h100-02", 20, 66, cause="spec_residue"),
                    Fault("kv_leak", "ov-h100-02", 34, 66, cause=si, leak=2.2),
                    Fault("operator_restart", "ov-h100-02", 66),
                    Fault("kv_leak", "ov-h100-02", 68.2, cause=si, leak=2.2)])  # ready at 68.17 min
    s27 = Scenario("s27_large_fleet_slow_rank_leak", "2025-09-16T10:00:00+00:00", 40,
                   mk(lambda i: f"rk{i // 8 + 1:02d}-h100-{i % 8 + 1:02d}", 32, "H100", 8, l70, "azure_conv",
                      "dp2", 6.0, {"nvml": 30.0, "dcgm": 30.0, "vllm": 15.0, "host": 30.0},
                      trace2="azure_code"),
                   [Fault("kv_leak", "rk03-h100-05", 8, inst=4, cause=si, leak=1.5)],
                   noise=[("rk02-h100-07", "NodeClockSkewDetected", 12, 40)])
    for nd in s27.nodes[8:16]:
        nd.sentinel = True
    for nd in s27.nodes[24:]:
        nd.lower = True
    s27.nodes[14].skew = 1.8
    s28 = Scenario("s28_failover_hot_peers", "2025-09-23T14:00:00+00:00", 100,
                   mk("fo-h100-", 6, "H100", 4, q72, "mooncake", "tp", 1.2,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}),
                   [Fault("failover", "fo-h100-03", 25, 57, cause="benign", detail="failover",
                          to=[("fo-h100-04", 0.8), ("fo-h100-05", 0.2)]),
                    Fault("failover_peer", "fo-h100-04", 25, 67, cause="benign", detail="failover"),
                    Fault("failover_peer", "fo-h100-05", 25, 67, cause="benign", detail="failover"),
                    Fault("kv_leak", "fo-h100-01", 32, cause=si, leak=2.0)])
    trimmed = ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL", "DCGM_FI_DEV_FB_USED",
               "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_XID_ERRORS")
    s29 = Scenario("s29_trimmed_dcgm_no_prefix_cache", "2025-09-30T09:00:00+00:00", 90,
                   mk("cx-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, nvml=False,
                      no_prefix=True, dcgm_fields=trimmed),
                   [Fault("spec_residue", "cx-h100-03", 25, cause="spec_residue"),
                    Fault("warmup", "cx-h100-05", 50, 60, cause="benign", detail="warmup")])
    return [s26, s27, s28, s29]


def seventh_scenarios() -> list[Scenario]:
    """s30-s33, added later by a seventh outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si = "session_isolation"
    mm = []  # two deployments per node: Llama-3.3-70B TP4 on GPUs 0-3, Llama-3.1-8B + draft per GPU on 4-7
    for i in range(4):
        engs = [Engine("0", [0, 1, 2, 3], None, 2.5, "azure_conv"),
                *(Engine("0", [g], g, 3.0, "azure_code", model=l8, spec=True) for g in range(4, 8))]
        mm.append(Node(f"mm-h100-{i + 1:02d}", "H100", 8, l70, engs, dict(iv), port_per_gpu=True))
    s30 = Scenario("s30_two_models_one_node", "2025-10-07T10:00:00+00:00", 90, mm,
                   [Fault("spec_residue", "mm-h100-02", 25, gpu=5, inst=5, cause="spec_residue"),
                    Fault("kv_leak", "mm-h100-03", 35, inst=0, cause=si, leak=2.0)])
    for nd in mm[2:]:
        nd.lower = True
    holes, t, rollout = [31, 26, 38, 29, 44, 33], 30.0, []  # DaemonSet update, maxUnavailable 1
    for k, h in enumerate(holes):
        rollout.append(Fault("agent_restart", f"ag-h100-0{k + 1}", round(t, 4), round(t + h / 60, 4)))
        t += (h + 40) / 60  # the next node's agent is replaced 40 s after this one is back
    s31 = Scenario("s31_agent_restart_seq_reset", "2025-10-14T08:00:00+00:00", 90,
                   mk("ag-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("kv_leak", "ag-h100-04", 20, cause=si, leak=2.0), *rollout,
                    Fault("spec_residue", "ag-h100-02", 45, cause="spec_residue")])
    s32 = Scenario("s32_morning_ramp_slow_leak", "2025-10-21T04:45:00+00:00", 105,
                   mk("am-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.45,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}),
                   [*(Fault("ramp", f"am-h100-0{k + 1}", 15, 85, cause="benign", detail="diurnal_ramp",
                            rate=2.6) for k in range(6)),
                    Fault("kv_leak", "am-h100-04", 40, cause=si, leak=0.8)])
    for nd in s32.nodes[3:]:
        nd.sentinel = True
    s33 = Scenario("s33_flapping_rule_rss_leak", "2025-10-28T13:00:00+00:00", 90,
                   mk("fl-h100-", 6, "H100", 4, q72, "mooncake", "tp", 1.2,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}, host_total=1024 * GIB),
                   [Fault("rss_leak", "fl-h100-05", 20, cause="other", detail="host_memory_leak",
                          rate=0.015)],
                   kv_warn=0.5)
    return [s30, s31, s32, s33]


def eighth_scenarios() -> list[Scenario]:
    """s34-s37, added later by an eighth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si = "session_isolation"
    s34 = Scenario("s34_pod_reschedule_residue", "2025-11-04T10:00:00+00:00", 90,
                   mk("rs-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("evict", "rs-h100-02", 30.0, 40.0, cause="benign", detail="pod_reschedule"),
                    Fault("driver_upgrade", "rs-h100-02", 30.5, 34.5),
                    Fault("arrive", "rs-h100-06", 30 + 20 / 60, 40 + 20 / 60, cause="benign",
                          detail="warmup"),
                    Fault("spec_residue", "rs-h100-04", 32, cause="spec_residue")])
    s35 = Scenario("s35_ntp_step_leak", "2025-11-11T09:00:00+00:00", 90,
                   mk("ck-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "ck-h100-02", 33, cause=si, leak=2.0)],
                   noise=[("ck-h100-02", "NodeClockSkewDetected", 0, 41.0),
                          ("ck-h100-05", "NodeClockSkewDetected", 0, 41.2)])
    s35.nodes[1].skew, s35.nodes[1].steps = 47.0, [(41.0, -47.0)]  # 47 s fast, stepped back by chronyd
    s35.nodes[4].skew, s35.nodes[4].steps = -22.0, [(41.2, 22.0)]  # 22 s slow, stepped forward
    s36 = Scenario("s36_long_context_leak", "2025-11-18T14:00:00+00:00", 90,
                   mk("lc-h100-", 5, "H100", 8, q72, "mooncake_long", "tp", 0.15, iv, amp=(0.30, 0.45),
                      prefill_tps=12000.0),
                   [Fault("long_document", "lc-h100-01", 50, 70, cause="benign", detail="long_document",
                          burst=3),
                    Fault("kv_leak", "lc-h100-03", 30, cause=si, leak=1.5)],
                   ttft_slo=10.0)
    s37 = Scenario("s37_ecc_row_remap_xid94", "2025-11-25T07:00:00+00:00", 90,
                   mk("ecc-h100-", 5, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                      remap=True),
                   [Fault("ecc_xid", "ecc-h100-03", 27.0, 52.0, gpu=5, cause="other", detail="xid_94",
                          runs=[(27.0, 27.0, (94, 63)), (38.5, 38.5, (94, 63))]),
                    Fault("gpu_reset", "ecc-h100-03", 52.0, 57.0, gpu=5),
                    Fault("ecc_xid", "ecc-h100-05", 63.0, gpu=2, cause="benign",
                          detail="correctable_row_remap",
                          runs=[(63.0, 63.0, (63,))])])
    for nd in s37.nodes[3:]:
        nd.lower = True
    return [s34, s35, s36, s37]


def ninth_scenarios() -> list[Scenario]:
    """s38-s41, added later by a ninth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, bi = "session_isolation", "barge_in_cancels"
    s38 = Scenario("s38_slow_leak_agent_batch", "2025-12-02T08:00:00+00:00", 180,
                   mk("sl-h100-", 6, "H100", 4, q72, "mooncake", "tp", 1.2, iv),
                   [Fault("kv_leak", "sl-h100-04", 30, cause=si, leak=0.5),
                    Fault("agent_batch", "sl-h100-02", 50, 120, cause="benign", detail="agentic_sessions",
                          burst=3)])
    for nd in s38.nodes[3:]:
        nd.sentinel = True
    s39 = Scenario("s39_barge_in_aborts_residue", "2025-12-09T10:00:00+00:00", 90,
                   mk("vx-h100-", 5, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("cancels", "vx-h100-02", 0, 90, cause="benign", detail=bi, abort=0.08),
                    Fault("cancels", "vx-h100-04", 0, 35, cause="benign", detail=bi, abort=0.08),
                    Fault("spec_residue", "vx-h100-04", 35, cause="spec_residue", abort=0.08)])
    s40 = Scenario("s40_grafana_managed_alerts", "2025-12-16T07:00:00+00:00", 90,
                   mk("gf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("retry_burst", "gf-h100-01", 40, 46, cause="benign", detail="retry_burst"),
                    Fault("kv_leak", "gf-h100-03", 30, cause=si, leak=2.2),
                    Fault("xid79", "gf-h100-05", 52, gpu=3, cause="other", detail="xid_79")],
                   noise=[("gf-h100-06", "NodeClockSkewDetected", 18, 44)], grafana=True)
    s40.nodes[5].skew = 1.6
    for nd in s40.nodes[:3]:  # the newer dcgm-exporter on the first rack: `hostname`, the rest `Hostname`
        nd.lower = True
    s41 = Scenario("s41_same_minute_xid_blind_node", "2025-12-23T15:00:00+00:00", 90,
                   mk("st-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                      {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code"),
                   [Fault("xid79", "st-h100-02", 38.0, gpu=1, cause="other", detail="xid_79"),
                    Fault("scrape_block", "st-h100-05", 38.6, cause="monitoring_gap"),
                    Fault("dcgm_stop", "st-h100-05", 38.6),
                    Fault("rss_leak", "st-h100-05", 41.0, rate=0.02)])
    for nd in s41.nodes[3:]:
        nd.lower = True
    return [s38, s39, s40, s41]


def tenth_scenarios() -> list[Scenario]:
    """s42-s45, added later by a tenth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, xc, ben = "session_isolation", "exporter_crashloop", "benign"
    c2, c5 = exporter_crashes(4202, 90.0), exporter_crashes(4205, 90.0)
    s42 = Scenario("s42_dcgm_exporter_crashloop_residue", "2025-12-30T09:00:00+00:00", 90,
                   mk("ex-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("dcgm_crash", "ex-h100-02", 0, 90, cause=ben, detail=xc, runs=c2),
                    Fault("dcgm_crash", "ex-h100-05", 0, 30, cause=ben, detail=xc,
                          runs=[r for r in c5 if r[0] < 30]),
                    Fault("dcgm_crash", "ex-h100-05", 30, 90, runs=[r for r in c5 if r[0] >= 30]),
                    Fault("spec_residue", "ex-h100-05", 30, cause="spec_residue")])
    for nd in s42.nodes[3:]:
        nd.lower = True
    s43 = Scenario("s43_allocator_fragmentation_slow_residue", "2026-01-06T06:00:00+00:00", 150,
                   mk("fr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("warmup", "fr-h100-05", 8, 18, cause=ben, detail="warmup"),
                    Fault("fb_frag", "fr-h100-05", 610 / 60, cause=ben, detail="allocator_fragmentation",
                          rate=1600.0),
                    Fault("spec_residue", "fr-h100-02", 40, cause="spec_residue", abort=0.025)])
    for nd in s43.nodes[3:]:  # speculative decoding is rolled out on fr-h100-01..03 only
        nd.spec = False
    s44 = Scenario("s44_tenant_moved_leak_two_nodes", "2026-01-13T08:00:00+00:00", 100,
                   mk("tm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "tm-h100-02", 25, 52, leak=2.0),
                    Fault("session_reuse", "tm-h100-02", 25, cause=si),
                    Fault("shift", "tm-h100-02", 52, rate=0.7),
                    Fault("shift", "tm-h100-05", 52, rate=1.3),
                    Fault("kv_leak", "tm-h100-05", 53, cause=si, leak=1.5)])
    for nd in s44.nodes[4:]:
        nd.lower = True
    s45 = Scenario("s45_clock_jump_ten_minutes", "2026-01-20T10:00:00+00:00", 90,
                   mk("jk-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "jk-h100-05", 25, cause=si, leak=2.2),
                    Fault("xid79", "jk-h100-02", 33, gpu=1, cause="other", detail="xid_79")])
    s45.nodes[2].steps = [(18.0, 600.0), (47.0, -600.0)]  # chronyd follows a rogue source 10 min ahead
    return [s42, s43, s44, s45]


def eleventh_scenarios() -> list[Scenario]:
    """s46-s49, added later by an eleventh outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    l405 = "meta-llama/Llama-3.1-405B-Instruct-FP8"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben, part = "session_isolation", "benign", "network_partition"
    pd = [*mk("pdp-h100-", 2, "H100", 4, l70, "azure_conv", "tp", 5.0, iv, pd="prefill"),
          *mk("pdd-h100-", 4, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, pd="decode")]
    s46 = Scenario("s46_pd_disagg_decode_leak", "2026-01-27T09:00:00+00:00", 90, pd,
                   [Fault("kv_leak", "pdd-h100-03", 30, cause=si, leak=2.0)])
    s47 = Scenario("s47_thermal_throttle_beside_leak", "2026-02-03T13:00:00+00:00", 90,
                   mk("th-h100-", 6, "H100", 4, q72, "mooncake", "tp", 1.2,
                      {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}),
                   [Fault("throttle", "th-h100-03", 30, gpu=2, cause="other", detail="thermal_throttle",
                          rate=0.45),
                    Fault("kv_leak", "th-h100-05", 35, cause=si, leak=1.5)])
    for nd in s47.nodes[3:]:
        nd.lower = True
    rack = ("ha-h100-05", "ha-h100-06")  # one rack behind one top-of-rack switch
    s48 = Scenario("s48_ha_prometheus_duplicate_storm", "2026-02-10T10:00:00+00:00", 90,
                   mk("ha-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "ha-h100-02", 25, cause=si, leak=2.2),
                    *(Fault("partition", n, 44, 52, cause="other", detail=part) for n in rack),
                    *(Fault("spool", n, 44, 52) for n in rack)],
                   ha=("prometheus-0", "prometheus-1"))
    mn = []  # two Llama-3.1-405B instances, each a leader node (PP stage 0) and a worker node (stage 1)
    for k in range(4):
        eng = Engine("0", list(range(8)), None, 4.0, "azure_conv", nodes=2)
        mn.append(Node(f"mn-h100-{k + 1:02d}", "H100", 8, l405, [eng], dict(iv8),
                       worker_of=f"mn-h100-{k:02d}" if k % 2 else None))
    s49 = Scenario("s49_multinode_pp_xid_nightly_batch", "2026-02-17T00:50:00+00:00", 90, mn,
                   [Fault("batch_job", "mn-h100-03", 10, 50, rate=12.0),
                    *(Fault("batch_window", n, 10, 52, cause=ben, detail="batch_job")
                      for n in ("mn-h100-03", "mn-h100-04")),
                    Fault("xid79", "mn-h100-02", 58, gpu=5, cause="other", detail="xid_79"),
                    Fault("group_down", "mn-h100-01", 58, cause="other", detail="xid_79")])
    return [s46, s47, s48, s49]


def twelfth_scenarios() -> list[Scenario]:
    """s50-s53, added later by a twelfth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, ready = "session_isolation", "benign", 130 / 60  # a drained restart's engine is ready 130 s in
    s50 = Scenario("s50_kv_pool_undersized_canary", "2026-02-24T09:00:00+00:00", 90,
                   mk("cfg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, cache_info=True),
                   [Fault("pool_cfg", "cfg-h100-02", 30, rate=0.55),
                    Fault("pool_window", "cfg-h100-02", 30 + ready, cause="other",
                          detail="kv_pool_undersized"),
                    Fault("warmup", "cfg-h100-04", 36, 46, cause=ben, detail="warmup"),
                    Fault("kv_leak", "cfg-h100-05", 40, cause=si, leak=2.0)], spill=True)
    for nd in s50.nodes[3:]:
        nd.lower = True
    waves = [("sw-h100-02", 12.0), ("sw-h100-04", 30.0), ("sw-h100-05", 33.0), ("sw-h100-01", 50.0),
             ("sw-h100-03", 53.0)]  # canary, wave 2, wave 3; sw-h100-06's wave 4 is not reached
    s51 = Scenario("s51_spec_rollout_waves_residue", "2026-03-03T08:00:00+00:00", 90,
                   mk("sw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [*(Fault("spec_on", n, m, m + 10, cause=ben, detail="warmup") for n, m in waves),
                    *(Fault("spec_residue", n, m + ready, cause="spec_residue", abort=0.03)
                      for n, m in waves),
                    Fault("cancels", "sw-h100-06", 0, 90, abort=0.03)], spill=True)
    for nd in s51.nodes[:3]:
        nd.sentinel = True
    s52 = Scenario("s52_lora_onboarding_rss_leak", "2026-03-10T10:00:00+00:00", 90,
                   mk("lr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                      uref_min=20.0),
                   [Fault("lora", "lr-h100-02", 20, cause=ben, detail="lora_onboarding", rate=0.8),
                    Fault("rss_leak", "lr-h100-05", 30, cause="other", detail="host_memory_leak", rate=0.01)])
    for nd in s52.nodes[4:]:
        nd.lower = True
    s53 = Scenario("s53_engine_hang_frozen_metrics", "2026-03-17T14:00:00+00:00", 90,
                   mk("hg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, uref_min=25.0),
                   [Fault("failover", "hg-h100-05", 25, 55, cause=ben, detail="failover",
                          to=[("hg-h100-04", 0.5), ("hg-h100-06", 0.5)]),
                    *(Fault("failover_peer", n, 25, 65, cause=ben, detail="failover")
                      for n in ("hg-h100-04", "hg-h100-06")),
                    Fault("hang", "hg-h100-03", 40, 40 + (HANG_S + 110) / 60, inst=2, cause="other",
                          detail="engine_hang")])
    for nd in s53.nodes[3:]:
        nd.lower = True
    return [s50, s51, s52, s53]


def thirteenth_scenarios() -> list[Scenario]:
    """s54-s57, added later by a thirteenth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben = "session_isolation", "benign"
    pt = [f"pt-h100-{k:02d}" for k in range(1, 7)]
    s54 = Scenario("s54_prompt_template_prefix_collapse", "2026-03-24T08:00:00+00:00", 90,
                   mk("pt-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4),
                   [*(Fault("template", n, 30, 58) for n in pt),  # the front-end's release, rolled back at 58
                    *(Fault("template_window", n, 30, 68, cause=ben, detail="prompt_template_change")
                      for n in pt),
                    Fault("kv_leak", "pt-h100-04", 40, cause=si, leak=2.0)])
    for nd in s54.nodes[4:]:
        nd.lower = True
    s55 = Scenario("s55_nvlink_xid74_slow_tp_group", "2026-03-31T10:00:00+00:00", 90,
                   mk("nv-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv8, trace2="azure_code",
                      nvlink=True),
                   [Fault("nvlink_xid", "nv-h100-03", 35, gpu=1, inst=1, cause="other", detail="xid_74"),
                    Fault("warmup", "nv-h100-05", 33, 43, cause=ben, detail="warmup")], spill=True)
    for nd in s55.nodes[3:]:
        nd.lower = True
    rk = [f"r{11 + i // 3}-h100-{i % 3 + 1:02d}" for i in range(6)]  # racks r11 and r12, three nodes each
    pdu = {"rack": "r12", "pdu": "r12-pdu-a", "feed": "A", "instance": "r12-pdu-a.dcim.example.internal:161",
           "job": "snmp-pdu"}
    s56 = Scenario("s56_rack_power_cap_residue", "2026-04-07T13:00:00+00:00", 90,
                   mk(lambda i: rk[i], 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "r12-h100-02", 35, cause="spec_residue", abort=0.015),
                    *(Fault("power_cap", n, 25, 55, rate=350.0, abort=0.03) for n in rk[3:]),
                    *(Fault("cap_window", n, 25, 60, cause=ben, detail="power_cap") for n in rk[3:])],
                   site=[("PDUInputFeedDown", pdu, 25.0, 55.0)])
    for nd in s56.nodes[3:]:
        nd.sentinel = True
    s57 = Scenario("s57_scale_in_silence_node_crash", "2026-04-14T21:30:00+00:00", 90,
                   mk("as-h100-", 7, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("failover", "as-h100-07", 30, 90, cause=ben, detail="scale_in",
                          to=[("as-h100-01", 0.5), ("as-h100-02", 0.5)]),
                    Fault("evict", "as-h100-07", 30.5), Fault("absent", "as-h100-07", 40.5),
                    Fault("failover", "as-h100-06", 45, 90, cause=ben, detail="scale_in",
                          to=[("as-h100-03", 0.5), ("as-h100-05", 0.5)]),
                    Fault("evict", "as-h100-06", 45.5), Fault("absent", "as-h100-06", 55.5),
                    Fault("node_crash", "as-h100-04", 62, 62 + (BOOT_S + 145) / 60, cause="other",
                          detail="node_crash"),
                    Fault("agent_restart", "as-h100-04", 62, 62 + BOOT_S / 60)])
    for nd in s57.nodes[4:]:
        nd.lower = True
    return [s54, s55, s56, s57]


def fourteenth_scenarios() -> list[Scenario]:
    """s58-s61, added later by a fourteenth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    q235 = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben, ready = "session_isolation", "benign", 130 / 60  # a drained restart's engine is ready 130 s in
    s58 = Scenario("s58_cuda_oom_crashloop_long_prompts", "2026-04-21T09:00:00+00:00", 90,
                   mk("ol-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4, cache_info=True),
                   [Fault("pool_cfg", "ol-h100-03", 20, rate=0.95),
                    Fault("oom_crash", "ol-h100-03", 20 + ready, cause="other", detail="cuda_oom_crashloop",
                          runs=crash_loop(5803, 20 + ready, 90.0)),
                    Fault("kv_leak", "ol-h100-05", 35, cause=si, leak=2.0)], spill=True)
    for nd in s58.nodes[4:]:
        nd.lower = True
    ep = [Node(f"ep-h100-{k:02d}", "H100", 8, q235, [Engine(str(g), [g], None, 1.5, "azure_conv")
                                                     for g in range(8)], dict(iv8), lockstep=True)
          for k in range(1, 5)]
    s59 = Scenario("s59_moe_ep_rank_leak_lockstep", "2026-04-28T10:00:00+00:00", 90, ep,
                   [Fault("kv_leak", "ep-h100-03", 25, cause=si, leak=2.0, inst=5),
                    Fault("annual_report", "ep-h100-02", 30, 75, inst=3, cause=ben, detail="annual_report")])
    for nd in s59.nodes[2:]:
        nd.lower = True
    eps = [(14, 22), (33, 43), (55, 63), (72, 82)]  # kafka-2's slow episodes (min)
    s60 = Scenario("s60_vllm_topic_lag_leak", "2026-05-05T08:00:00+00:00", 90,
                   mk("lg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "lg-h100-04", 30, cause=si, leak=2.0)],
                   lag=[(n, "vllm", a, b) for n in ("lg-h100-02", "lg-h100-04") for a, b in eps])
    for nd in s60.nodes[3:]:
        nd.lower = True
    s61 = Scenario("s61_orphaned_gpu_memory_rollout", "2026-05-12T13:00:00+00:00", 90,
                   mk("or-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("warmup", "or-h100-01", 20, 30, cause=ben, detail="warmup"),
                    Fault("warmup", "or-h100-02", 28, 38, cause=ben, detail="warmup"),
                    Fault("orphan", "or-h100-03", 36, gpu=2, cause="other", detail="orphaned_gpu_memory")],
                   spill=True)
    for nd in s61.nodes[3:]:
        nd.sentinel = True
    return [s58, s59, s60, s61]


def fifteenth_scenarios() -> list[Scenario]:
    """s62-s65, added later by a fifteenth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    si, ben = "session_isolation", "benign"
    s62 = Scenario("s62_drain_sticky_leak", "2026-05-19T10:00:00+00:00", 90,
                   mk("dr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("shift", "dr-h100-05", 15, rate=0.0),  # maintenance drain: every session leaves
                    *(Fault("shift", n, 15, rate=1.5) for n in ("dr-h100-04", "dr-h100-06")),
                    Fault("evict", "dr-h100-05", 24),
                    Fault("driver_upgrade", "dr-h100-05", 24.5, 28.5),
                    Fault("drain_window", "dr-h100-05", 15, cause=ben, detail="maintenance_drain"),
                    Fault("shift", "dr-h100-03", 33, rate=0.3),  # acme's sticky sessions (~30 %) stay
                    *(Fault("shift", n, 33, rate=1.35) for n in ("dr-h100-01", "dr-h100-02")),
                    Fault("kv_leak", "dr-h100-03", 34, cause=si, leak=2.0, sticky=True)])
    for nd in s62.nodes[3:]:
        nd.lower = True
    rx = [f"rx-h100-{k:02d}" for k in range(1, 7)]
    s63 = Scenario("s63_quiet_residue_then_xid_same_gpu", "2026-05-26T08:00:00+00:00", 90,
                   mk("rx-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "rx-h100-04", 20, 58 + 25 / 60, cause="spec_residue", abort=0.03),
                    Fault("xid79", "rx-h100-04", 58, gpu=2, cause="other", detail="xid_79"),
                    *(Fault("cancels", n, 0, 90, abort=0.03) for n in rx if n != "rx-h100-04")])
    for nd in s63.nodes[:3]:
        nd.sentinel = True
    aff = [1.4, 1.3, 1.5, 1.4, 1.3, 1.5]  # acme's contexts abandoned per node, %/min of the pool
    s64 = Scenario("s64_gateway_affinity_loss_fleet_leak", "2026-06-02T09:00:00+00:00", 90,
                   mk("ga-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4, logging=True),
                   [Fault("kv_leak", f"ga-h100-{k + 1:02d}", 30, cause=si, leak=r)
                    for k, r in enumerate(aff)])
    for nd in s64.nodes[4:]:
        nd.lower = True
    s65 = Scenario("s65_page_cache_vs_rss_leak", "2026-06-09T01:00:00+00:00", 90,
                   mk("pc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                   [Fault("page_cache", "pc-h100-02", 20, 59, rate=0.014),
                    Fault("cache_window", "pc-h100-02", 20, cause=ben, detail="page_cache"),
                    Fault("rss_leak", "pc-h100-04", 25, cause="other", detail="host_memory_leak", rate=0.015),
                    Fault("page_cache", "pc-h100-06", 35, 74, rate=0.014),
                    Fault("cache_window", "pc-h100-06", 35, cause=ben, detail="page_cache")])
    for nd in s65.nodes[3:]:
        nd.lower = True
    return [s62, s63, s64, s65]


def sixteenth_scenarios() -> list[Scenario]:
    """s66-s69, added later by a sixteenth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s66 = Scenario("s66_duplicate_agent_daemonsets", "2026-06-16T09:00:00+00:00", 90,
                   mk("du-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "du-h100-05", 30, cause=si, leak=2.0),
                    Fault("xid79", "du-h100-06", 55, gpu=1, cause="other", detail="xid_79")])
    for nd in s66.nodes[3:]:  # rack-b: the stale DaemonSet's nodeSelector matches these three
        nd.lower, nd.dup_from = True, 20.0
    ci_iv = {"nvml": 60.0, "dcgm": 60.0, "vllm": 60.0, "host": 60.0}
    switch = [("ci-h100-01", 30.0), ("ci-h100-02", 30.7), ("ci-h100-03", 31.4)]  # ConfigMap sync per node
    s67 = Scenario("s67_collection_interval_canary_gap", "2026-06-23T08:00:00+00:00", 90,
                   mk("ci-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                   [*(Fault("interval_window", n, m, m + 10, cause=ben, detail="collection_interval_change")
                      for n, m in switch),
                    Fault("kv_leak", "ci-h100-02", 42, cause=si, leak=1.5),
                    Fault("scrape_block", "ci-h100-03", 50, cause="monitoring_gap"),
                    Fault("rss_leak", "ci-h100-03", 54, rate=0.02)])
    for nd, (_, m) in zip(s67.nodes[:3], switch, strict=True):
        nd.iv_to = (m, dict(ci_iv))
    for nd in s67.nodes[3:]:
        nd.lower = True
    prof = ("DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEM_CLOCK", "DCGM_FI_DEV_GPU_TEMP",
            "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "DCGM_FI_DEV_GPU_UTIL",
            "DCGM_FI_DEV_XID_ERRORS",
            "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "DCGM_FI_PROF_DRAM_ACTIVE")  # pool-b's trimmed CSV: no FB field
    s68 = Scenario("s68_model_swap_nvml_only_residue", "2026-06-30T13:00:00+00:00", 90,
                   mk("ms-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("model_swap", "ms-h100-06", 30, 40, cause=ben, detail="model_swap", model=q72),
                    Fault("spec_residue", "ms-h100-03", 35, cause="spec_residue")], spill=True)
    for nd in s68.nodes[2:4]:
        nd.dcgm_fields = prof
    s69 = Scenario("s69_change_window_four_causes", "2026-07-07T10:00:00+00:00", 90,
                   mk("cw-h100-", 8, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                      host_total=1024 * GIB),
                   [Fault("kv_leak", "cw-h100-02", 40.0, cause=si, leak=2.0),
                    Fault("spec_residue", "cw-h100-05", 40.3, cause="spec_residue"),
                    Fault("warmup", "cw-h100-08", 40.5, 50.5, cause=ben, detail="warmup"),
                    Fault("scrape_block", "cw-h100-07", 40.7, cause="monitoring_gap"),
                    Fault("rss_leak", "cw-h100-07", 43.0, rate=0.02),
                    Fault("xid79", "cw-h100-04", 41.2, gpu=3, cause="other", detail="xid_79")], spill=True)
    for nd in s69.nodes[4:]:
        nd.lower = True
    return [s66, s67, s68, s69]


def seventeenth_scenarios() -> list[Scenario]:
    """s70-s73, added later by a seventeenth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    scan = [25.0, 45.0, 65.0, 85.0]  # the scanner's cron runs on cg-h100-05 (8 min each)
    summ = [30.0, 50.0, 70.0, 90.0]  # the summariser's on cg-h100-03
    s70 = Scenario("s70_context_growth_staircase_leak", "2026-07-14T09:00:00+00:00", 100,
                   mk("cg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("ctx_growth", "cg-h100-02", 20, cause=ben, detail="context_growth", rate=0.4),
                    *(Fault("batch_job", "cg-h100-05", m, m + 8, rate=0.6) for m in scan),
                    *(Fault("kv_leak", "cg-h100-05", m, m + 8, leak=2.5) for m in scan),
                    Fault("session_reuse", "cg-h100-05", 25, cause=si),
                    *(Fault("batch_job", "cg-h100-03", m, m + 8, rate=0.6) for m in summ),
                    Fault("batch_window", "cg-h100-03", 30, cause=ben, detail="batch_job")])
    s70.nodes[1].uref_min = 20.0
    for nd in s70.nodes[3:]:
        nd.lower = True
    pools = [*mk("ab-h100-", 4, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
             *mk(lambda i: f"ab-h100-{i + 5:02d}", 4, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                 lower=True)]
    s71 = Scenario("s71_cancel_timeout_leak_vs_residue", "2026-07-21T14:00:00+00:00", 90, pools,
                   [Fault("cancels", "ab-h100-03", 30, abort=0.08),
                    Fault("kv_leak", "ab-h100-03", 30, cause=si, leak=1.8),
                    Fault("spec_residue", "ab-h100-06", 33, cause="spec_residue"),
                    Fault("cancels", "ab-h100-07", 36, 60, cause=ben, detail="client_cancels", abort=0.08)])
    s72 = Scenario("s72_reasoning_rollout_vs_runaway_generation", "2026-07-28T13:00:00+00:00", 90,
                   mk("rg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("reasoning", "rg-h100-02", 25, 55, rate=0.4),
                    Fault("rollout_window", "rg-h100-02", 25, cause=ben, detail="reasoning_rollout"),
                    Fault("runaway", "rg-h100-05", 40, cause="other", detail="runaway_generation", rate=0.3)])
    s72.nodes[1].uref_min, s72.nodes[4].uref_min = 25.0, 40.0
    for nd in s72.nodes[3:]:
        nd.lower = True
    s73 = Scenario("s73_page_cache_masks_rss_leak", "2026-08-04T02:00:00+00:00", 100,
                   mk("pm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                   [Fault("page_cache", "pm-h100-02", 20, 60, rate=0.014),
                    Fault("cache_window", "pm-h100-02", 20, cause=ben, detail="page_cache"),
                    Fault("page_cache", "pm-h100-05", 15, 55, rate=0.014),
                    Fault("cache_window", "pm-h100-05", 15, cause=ben, detail="page_cache"),
                    Fault("rss_leak", "pm-h100-05", 35, cause="other", detail="host_memory_leak",
                          rate=0.012)])
    for nd in s73.nodes[3:]:
        nd.lower = True
    return [s70, s71, s72, s73]


def eighteenth_scenarios() -> list[Scenario]:
    """s74-s77, added later by an eighteenth outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    si, ben = "session_isolation", "benign"
    s74 = Scenario("s74_a100_sidejob_xid_sibling_leak", "2026-08-11T10:00:00+00:00", 90,
                   mk("sx-a100-", 5, "A100", 4, l8, "azure_conv", "per_gpu", 1.2, iv, port_per_gpu=True,
                      host_total=1024 * GIB),
                   [Fault("side_xid", "sx-a100-03", 20, 43, gpu=1, cause=ben, detail="nonfatal_xid",
                          rate=6144.0, runs=job_attempts(20.0, [3.0, 2.4, 3.8, 2.1, 3.3, 2.6])),
                    Fault("kv_leak", "sx-a100-03", 28, gpu=2, inst=2, cause=si, leak=2.0)])
    for nd in s74.nodes[3:]:
        nd.lower = True
    s75 = Scenario("s75_v0_spec_residue_mixed_fleet", "2026-08-18T15:00:00+00:00", 90,
                   mk("mx-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "mx-h100-05", 30, cause="spec_residue"),
                    Fault("kv_leak", "mx-h100-02", 40, cause=si, leak=2.0),
                    Fault("retry_burst", "mx-h100-06", 55, 61, cause=ben, detail="retry_burst")])
    for nd in s75.nodes[3:]:
        nd.lower = nd.legacy = True
    s76 = Scenario("s76_rolling_restart_reconnect_leak", "2026-08-25T21:00:00+00:00", 90,
                   mk("rr-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4),
                   [*(Fault("warmup", f"rr-h100-0{k + 1}", 10 + 8 * k, 20 + 8 * k, cause=ben, detail="warmup")
                      for k in range(6)),
                    Fault("kv_leak", "rr-h100-02", 23, cause=si, leak=2.0)], spill=True)
    for nd in s76.nodes[3:]:
        nd.lower = True
    s77 = Scenario("s77_xid_retry_storm_leak_peer", "2026-09-01T11:00:00+00:00", 90,
                   mk("rt-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("xid79", "rt-h100-03", 45, gpu=1, cause="other", detail="xid_79"),
                    *(Fault("retry_burst", n, 45, 55, cause=ben, detail="retry_burst")
                      for n in ("rt-h100-02", "rt-h100-04")),
                    Fault("kv_leak", "rt-h100-04", 30, cause=si, leak=2.0)])
    for nd in s77.nodes[3:]:
        nd.lower = True
    return [s74, s75, s76, s77]


def nineteenth_scenarios() -> list[Scenario]:
    """s78-s81, added later by a nineteenth outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    si, ben, ready = "session_isolation", "benign", 130 / 60
    s78 = Scenario("s78_nightly_cron_restart_leak_resumes", "2026-09-08T01:30:00+00:00", 100,
                   mk("cr-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4),
                   [Fault("kv_leak", "cr-h100-03", 12, cause=si, leak=2.0),
                    Fault("warmup", "cr-h100-03", 30.0, 40.0, cause=ben, detail="warmup"),
                    Fault("warmup", "cr-h100-05", 31.5, 41.5, cause=ben, detail="warmup")], spill=True)
    for nd in s78.nodes[3:]:
        nd.lower = True
    s79 = Scenario("s79_draft_mismatch_vs_spec_residue", "2026-09-15T09:00:00+00:00", 90,
                   mk("dm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("warmup", "dm-h100-02", 30, 40, cause=ben, detail="warmup"),
                    Fault("draft_mismatch", "dm-h100-02", 30 + ready, cause="other",
                          detail="spec_acceptance_collapse"),
                    Fault("spec_residue", "dm-h100-05", 35, cause="spec_residue")], spill=True)
    s79.nodes[1].uref_min = 30.0
    for nd in s79.nodes[3:]:
        nd.lower = True
    s80 = Scenario("s80_frozen_vllm_stats_rss_oom", "2026-09-22T13:00:00+00:00", 100,
                   mk("fz-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                      stall_err=True, host_total=1024 * GIB),
                   [Fault("stats_freeze", "fz-h100-04", 25, cause="monitoring_gap"),
                    Fault("rss_leak", "fz-h100-04", 25, rate=0.02)])
    for nd in s80.nodes[3:]:
        nd.lower = True
    s81 = Scenario("s81_gateway_timeout_cut_l40s_gpu_residue", "2026-09-29T16:00:00+00:00", 90,
                   mk("ts-l40s-", 5, "L40S", 4, l8, "azure_conv", "per_gpu", 2.0, iv, spec=True,
                      port_per_gpu=True, host_total=512 * GIB),
                   [Fault("spec_residue", "ts-l40s-04", 38, gpu=1, inst=1, cause="spec_residue", abort=0.015),
                    *(Fault("cancels", f"ts-l40s-0{k}", 30, cause=ben, detail="client_timeout_change",
                            abort=0.06) for k in range(1, 6))])
    for nd in s81.nodes[3:]:
        nd.lower = True
    return [s78, s79, s80, s81]


def twentieth_scenarios() -> list[Scenario]:
    """s82-s85, added later by a twentieth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s82 = Scenario("s82_kv_offload_sidecar_host_leak", "2026-10-06T10:00:00+00:00", 90,
                   mk("ko-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                   [Fault("offload", "ko-h100-02", 20, rate=OFFLOAD_RATE, cap=OFFLOAD_CAP),
                    Fault("offload_fill", "ko-h100-02", 20, 30, cause=ben, detail="kv_offload_fill"),
                    Fault("offload", "ko-h100-05", 25, rate=OFFLOAD_RATE, cap=OFFLOAD_CAP, evict=False),
                    Fault("offload_fill", "ko-h100-05", 25, 35, cause=ben, detail="kv_offload_fill"),
                    Fault("offload_leak", "ko-h100-05", 35, cause="other", detail="sidecar_memory_leak")])
    for nd in s82.nodes[3:]:
        nd.lower = True
    s83 = Scenario("s83_weight_reload_canary_leak", "2026-10-13T14:00:00+00:00", 90,
                   mk("wr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, kv_events=True),
                   [Fault("reload", "wr-h100-03", 10, cause=ben, detail="weight_reload", rate=RELOAD_EVERY),
                    Fault("kv_leak", "wr-h100-03", 45, cause=si, leak=2.0)])
    for nd in s83.nodes[3:]:
        nd.lower = True
    s84 = Scenario("s84_rag_tenant_shift_slow_leak", "2026-10-20T09:00:00+00:00", 90,
                   mk("rs-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, prefill_tps=14000.0),
                   [Fault("rag", "rs-h100-02", 25, cause=ben, detail="rag_migration", rate=0.35),
                    Fault("rag", "rs-h100-03", 28, cause=ben, detail="rag_migration", rate=0.30),
                    Fault("kv_leak", "rs-h100-05", 35, cause=si, leak=1.2)])
    s84.nodes[1].uref_min, s84.nodes[2].uref_min = 25.0, 28.0
    for nd in s84.nodes[3:]:
        nd.lower = True
    s85 = Scenario("s85_dcgm_hang_nvml_sees_residue", "2026-10-27T18:00:00+00:00", 90,
                   mk("dh-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("dcgm_stop", "dh-h100-04", 20, 40),
                    Fault("spec_residue", "dh-h100-04", 24, cause="spec_residue"),
                    Fault("dcgm_stop", "dh-h100-02", 50, 68)])
    for nd in s85.nodes[3:]:
        nd.lower = True
    return [s82, s83, s84, s85]


def twenty_first_scenarios() -> list[Scenario]:
    """s86-s89, added later by a twenty-first outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s86 = Scenario("s86_sparse_scrape_accelerating_leak", "2026-11-03T10:00:00+00:00", 90,
                   mk("sa-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "sa-h100-03", 30, cause=si, leak=0.6, accel=(3.0, 60.0)),
                    Fault("annual_report", "sa-h100-05", 35, 80, cause=ben, detail="annual_report")],
                   drop={("sa-h100-03", "vllm"): 0.05, ("sa-h100-05", "vllm"): 0.05})
    for nd in (s86.nodes[2], s86.nodes[4]):  # the cost-cut pool: vLLM scraped once a minute
        nd.iv["vllm"] = 60.0
    for nd in s86.nodes[3:]:
        nd.lower = True
    s87 = Scenario("s87_nvml_stale_clock_residue", "2026-11-10T15:00:00+00:00", 90,
                   mk("sk-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("spec_residue", "sk-h100-03", 25, cause="spec_residue"),
                    Fault("retry_burst", "sk-h100-06", 50, 56, cause=ben, detail="retry_burst")],
                   src_skew={("sk-h100-03", "nvml"): -90.0, ("sk-h100-06", "nvml"): -90.0})
    for nd in s87.nodes[3:]:
        nd.lower = True
    s88 = Scenario("s88_long_context_adoption_3h", "2026-11-17T06:00:00+00:00", 180,
                   mk("lx-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, prefill_tps=14000.0),
                   [*(Fault("rag", f"lx-h100-0{k}", 15, cause=ben, detail="long_context_adoption", rate=0.35,
                            ramp=150.0) for k in range(1, 7)),
                    Fault("kv_leak", "lx-h100-04", 75, cause=si, leak=0.7)])
    for nd in s88.nodes:
        nd.uref_min = 15.0
    for nd in s88.nodes[3:]:
        nd.lower = True
    s89 = Scenario("s89_guided_decoding_gpu_leak_vs_residue", "2026-11-24T12:00:00+00:00", 90,
                   mk("gd-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("fb_leak", "gd-h100-05", 25, cause="other", detail="gpu_memory_leak", rate=120.0),
                    Fault("spec_residue", "gd-h100-02", 35, cause="spec_residue")])
    for nd in s89.nodes[3:]:  # speculative decoding on gd-h100-01..03 only; -04..06 export hostname/uuid
        nd.spec = False
        nd.lower = True
    return [s86, s87, s88, s89]


def twenty_second_scenarios() -> list[Scenario]:
    """s90-s93, added later by a twenty-second outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s90 = Scenario("s90_sleep_mode_eval_leak", "2026-12-01T09:00:00+00:00", 90,
                   mk("sm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("sleep", "sm-h100-02", 20, runs=[(20.0, 32.0, ()), (50.0, 62.0, ())],
                          to=[("sm-h100-01", 0.5), ("sm-h100-03", 0.5)]),
                    Fault("sleep", "sm-h100-05", 35, runs=[(35.0, 47.0, ())],
                          to=[("sm-h100-04", 0.5), ("sm-h100-06", 0.5)]),
                    Fault("sleep_win", "sm-h100-02", 20, 42, cause=ben, detail="sleep_mode"),
                    Fault("sleep_win", "sm-h100-02", 50, 72, cause=ben, detail="sleep_mode"),
                    Fault("sleep_win", "sm-h100-05", 35, 57, cause=ben, detail="sleep_mode"),
                    Fault("kv_leak", "sm-h100-02", 35, cause=si, leak=2.0)])
    for nd in s90.nodes[3:]:
        nd.lower = True
    s91 = Scenario("s91_scale_out_cold_node_residue", "2026-12-08T07:00:00+00:00", 90,
                   mk("so-h100-", 8, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [*(Fault("shift", f"so-h100-0{k}", 31, rate=0.75) for k in range(1, 7)),
                    Fault("join", "so-h100-07", 30, 45, cause=ben, detail="scale_out"),
                    Fault("join", "so-h100-08", 32, 47, cause=ben, detail="scale_out"),
                    Fault("spec_residue", "so-h100-08", 32 + (JOIN_PULL + JOIN_LOAD) / 60,
                          cause="spec_residue", abort=0.03)])
    for nd in s91.nodes[3:]:
        nd.lower = True
    s92 = Scenario("s92_batch_cancel_bursts_residue", "2026-12-15T13:00:00+00:00", 90,
                   mk("cb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True),
                   [Fault("batch_job", "cb-h100-02", 20, rate=2.0),
                    Fault("cancel_burst", "cb-h100-02", 20, cause=ben, detail="batch_cancel_bursts",
                          runs=[(m, m, ()) for m in (24.0, 37.0, 46.0, 61.0, 77.0)]),
                    Fault("batch_job", "cb-h100-05", 20, rate=2.0),
                    Fault("cancel_burst", "cb-h100-05", 20,
                          runs=[(m, m, ()) for m in (27.0, 40.0, 52.0, 64.0, 75.0, 86.0)]),
                    Fault("spec_residue", "cb-h100-05", 25, cause="spec_residue", abort=0.015)])
    for nd in s92.nodes[3:]:
        nd.lower = True
    s93 = Scenario("s93_driver_upgrade_prof_loss_gpu_leak", "2026-12-22T11:00:00+00:00", 90,
                   mk("dv-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [*(f for m, n in ((20, "dv-h100-02"), (30, "dv-h100-04"), (40, "dv-h100-06")) for f in (
                       Fault("drv_roll", n, m, m + 400 / 60 + 10, cause=ben, detail="driver_upgrade"),
                       Fault("driver_upgrade", n, m + 0.5, m + 4.5))),
                    Fault("fb_leak", "dv-h100-04", 30 + 400 / 60, cause="other", detail="gpu_memory_leak",
                          rate=60.0)])
    for nd in s93.nodes:
        nd.prof_lost = nd.name in ("dv-h100-02", "dv-h100-04", "dv-h100-06")
    for nd in s93.nodes[3:]:
        nd.lower = True
    return [s90, s91, s92, s93]


def twenty_third_scenarios() -> list[Scenario]:
    """s94-s97, added later by a twenty-third outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s94 = Scenario("s94_h200_fleet_residue_checkpoint_retry", "2027-01-05T14:00:00+00:00", 90,
                   mk("hb-h200-", 6, "H200", 4, l70, "azure_conv", "tp", 4.0, iv, spec=True,
                      amp=(0.06, 0.11)),
                   [Fault("spec_residue", "hb-h200-03", 30, cause="spec_residue"),
                    Fault("checkpoint_load", "hb-h200-05", 45, 50, cause=ben, detail="checkpoint_load"),
                    Fault("retry_burst", "hb-h200-01", 60, 66, cause=ben, detail="retry_burst")])
    for nd in s94.nodes[3:]:
        nd.lower = True
    peaks = (2.3, 2.5, 2.7, 2.4, 2.6, 2.5)
    s95 = Scenario("s95_diurnal_5h_late_slow_leak", "2027-01-12T07:00:00+00:00", 300,
                   mk("dn-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.45, iv, uref_min=10.0),
                   [*(Fault("diurnal", f"dn-h100-0{k + 1}", 10, 290, cause=ben, detail="diurnal_traffic",
                            rate=p) for k, p in enumerate(peaks)),
                    Fault("kv_leak", "dn-h100-05", 210, cause=si, leak=0.5)])
    for nd in s95.nodes[3:]:
        nd.lower = True
    s96 = Scenario("s96_misconfigured_temp_rule_storm_throttle", "2027-01-19T13:00:00+00:00", 90,
                   mk("mt-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [*(Fault("rule_storm", f"mt-h100-0{k}", 20, 90, cause=ben, detail="misconfigured_rule")
                      for k in range(1, 7)),
                    Fault("throttle", "mt-h100-04", 50, gpu=1, cause="other", detail="thermal_throttle",
                          rate=0.45)],
                   temp_rule=(20.0, 45.0))
    for nd in s96.nodes[3:]:
        nd.lower = True
    kept = ("GatewayP99LatencySLOBreach", "GatewayHigh5xxRate")  # the SRE team's chart, not pruned
    s97 = Scenario("s97_rule_group_loss_gateway_only_alerts", "2027-01-26T10:00:00+00:00", 90,
                   mk("rl-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("kv_leak", "rl-h100-03", 25, cause=si, leak=2.5),
                    Fault("warmup", "rl-h100-01", 40, 50, cause=ben, detail="warmup"),
                    Fault("xid79", "rl-h100-05", 55, gpu=2, cause="other", detail="xid_79")],
                   rules_lost=(15.0, tuple(k for k in RULES if k not in kept)))
    for nd in s97.nodes[3:]:
        nd.lower = True
    return [s94, s95, s96, s97]


def twenty_fourth_scenarios() -> list[Scenario]:
    """s98-s101, added later by a twenty-fourth outsider, same rules (see the module docstring)."""
    l70, m24 = "meta-llama/Llama-3.3-70B-Instruct", "mistralai/Mistral-Small-24B-Instruct-2501"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s98 = Scenario("s98_prompt_caching_rollout_leak", "2027-02-02T10:00:00+00:00", 90,
                   mk("pc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                   [Fault("prompt_cache", "pc-h100-02", 20, cause=ben, detail="prompt_caching_rollout",
                          rate=0.40, cap=0.22),
                    Fault("prompt_cache", "pc-h100-05", 25, cause=ben, detail="prompt_caching_rollout",
                          rate=0.35, cap=0.18),
                    Fault("kv_leak", "pc-h100-02", 45, cause=si, leak=1.8)])
    for nd in s98.nodes[3:]:
        nd.lower = True
    s99 = Scenario("s99_host_clock_stuck_rss_oom", "2027-02-09T16:00:00+00:00", 90,
                   mk("hc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                   [Fault("clock_stuck", "hc-h100-04", 18, cause="monitoring_gap"),
                    Fault("rss_leak", "hc-h100-04", 24, rate=0.02),
                    Fault("checkpoint_load", "hc-h100-02", 50, 55, cause=ben, detail="checkpoint_load")],
                   stuck={("hc-h100-04", "host"): 18.0})
    for nd in s99.nodes[3:]:
        nd.lower = True
    s100 = Scenario("s100_a100_40gb_near_full_pool_rank_leak", "2027-02-16T08:00:00+00:00", 90,
                    mk("a40-node-", 6, "A100-40", 4, m24, "azure_conv", "dp2", 3.0, iv, host_total=512 * GIB,
                       amp=(0.45, 0.55)),
                    [Fault("kv_leak", "a40-node-03", 30, inst=2, cause=si, leak=1.5),
                     Fault("retry_burst", "a40-node-05", 50, 56, cause=ben, detail="retry_burst")])
    for nd in s100.nodes[3:]:
        nd.lower = True
    s101 = Scenario("s101_embedding_colocated_reindex_vs_leak", "2027-02-23T12:00:00+00:00", 90,
                    mk("eb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, util_frac=0.80),
                    [*(Fault("embed", f"eb-h100-0{k}", 0, gpu=3) for k in range(1, 7)),
                     Fault("embed_reindex", "eb-h100-03", 20, 48, gpu=3, cause=ben,
                           detail="embedding_reindex"),
                     Fault("embed_leak", "eb-h100-05", 25, gpu=3, cause="other",
                           detail="colocated_process_leak", rate=240.0)])
    for nd in s101.nodes[3:]:
        nd.lower = True
    return [s98, s99, s100, s101]


def twenty_fifth_scenarios() -> list[Scenario]:
    """s102-s105, added later by a twenty-fifth outsider, same rules (see the module docstring)."""
    l70, l8f = "meta-llama/Llama-3.3-70B-Instruct", "RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s102 = Scenario("s102_gsp_timeout_xid119_nvml_hang", "2027-03-02T09:00:00+00:00", 90,
                    mk("gx-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code"),
                    [Fault("warmup", "gx-h100-01", 20, 30, cause=ben, detail="warmup"),
                     Fault("gsp_hang", "gx-h100-04", 38, gpu=6, cause="other", detail="xid_119"),
                     Fault("nvml_hang", "gx-h100-02", 50, 64)])
    for nd in s102.nodes[3:]:
        nd.lower = True
    s103 = Scenario("s103_mixed_h100_h200_long_generation_leak", "2027-03-09T14:00:00+00:00", 90,
                    [*mk("hy-h100-", 3, "H100", 4, l70, "azure_conv", "tp", 2.5, iv),
                     *mk("hy-h200-", 3, "H200", 4, l70, "azure_conv", "tp", 4.0, iv, amp=(0.06, 0.11),
                         lower=True)],
                    [Fault("long_gen", "hy-h100-02", 25, 45, cause=ben, detail="long_generation", burst=8,
                           runs=[(25.0, 25.0, ())]),
                     Fault("long_gen", "hy-h100-02", 55, 75, cause=ben, detail="long_generation", burst=8,
                           runs=[(55.0, 55.0, ())]),
                     Fault("kv_leak", "hy-h200-02", 35, cause=si, leak=1.2)])
    s104 = Scenario("s104_alertmanager_webhook_grouped_alerts", "2027-03-16T11:00:00+00:00", 90,
                    mk("wh-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                       host_total=1024 * GIB),
                    [Fault("spec_residue", "wh-h100-03", 25, cause="spec_residue"),
                     Fault("scrape_block", "wh-h100-05", 30, cause="monitoring_gap"),
                     Fault("rss_leak", "wh-h100-05", 34, rate=0.025),
                     Fault("retry_burst", "wh-h100-01", 45, 51, cause=ben, detail="retry_burst")],
                    webhook=(30.0, 300.0, 12 * 3600.0))
    for nd in s104.nodes[3:]:
        nd.lower = True
    s105 = Scenario("s105_l4_small_fb_residue_oom_sibling_leak", "2027-03-23T08:00:00+00:00", 90,
                    mk("l4-node-", 6, "L4", 4, l8f, "azure_conv", "per_gpu", 1.2, iv, spec=True,
                       port_per_gpu=True, host_total=192 * GIB, amp=(0.30, 0.40)),
                    [Fault("spec_residue", "l4-node-03", 30, gpu=1, inst=1, cause="spec_residue"),
                     Fault("kv_leak", "l4-node-03", 45, gpu=3, inst=3, cause=si, leak=2.5),
                     Fault("retry_burst", "l4-node-05", 60, 66, cause=ben, detail="retry_burst")])
    for nd in s105.nodes[3:]:
        nd.lower = True
    return [s102, s103, s104, s105]


def twenty_sixth_scenarios() -> list[Scenario]:
    """s106-s109, added later by a twenty-sixth outsider, same rules (see the module docstring)."""
    l70, m24 = "meta-llama/Llama-3.3-70B-Instruct", "mistralai/Mistral-Small-24B-Instruct-2501"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s106 = Scenario("s106_h200_dp2_rank_leak_checkpoint", "2027-03-30T10:00:00+00:00", 90,
                    mk("hr-h200-", 4, "H200", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       step_gen=True),
                    [Fault("kv_leak", "hr-h200-03", 30, inst=4, cause=si, leak=1.0),
                     Fault("checkpoint_load", "hr-h200-01", 50, 55, cause=ben, detail="checkpoint_load")])
    for nd in s106.nodes[2:]:
        nd.lower = True
    s107 = Scenario("s107_a100_residue_then_scrape_block", "2027-04-06T13:00:00+00:00", 90,
                    mk("ar-a100-", 5, "A100", 4, l70, "azure_conv", "tp", 2.0, iv, spec=True,
                       host_total=1024 * GIB, step_gen=True),
                    [Fault("spec_residue", "ar-a100-02", 20, cause="spec_residue"),
                     Fault("scrape_block", "ar-a100-02", 45, cause="monitoring_gap"),
                     Fault("rss_leak", "ar-a100-02", 49, rate=0.02)])
    for nd in s107.nodes[3:]:
        nd.sentinel = True
    s108 = Scenario("s108_quiet_night_2h_steady_abort_residue", "2027-04-13T00:30:00+00:00", 120,
                    mk("nq-h100-", 5, "H100", 2, m24, "azure_code", "tp", 4.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 15.0}, spec=True,
                       host_total=512 * GIB, step_gen=True),
                    [Fault("spec_residue", "nq-h100-04", 70, cause="spec_residue", abort=0.02)],
                    drop={("nq-h100-02", "dcgm"): 0.04}, src_skew={("nq-h100-05", "host"): 30.0})
    s109 = Scenario("s109_tight_ttft_rule_agent_batch_leak", "2027-04-20T15:00:00+00:00", 90,
                    mk("tq-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, step_gen=True),
                    [Fault("agent_batch", "tq-h100-02", 20, 75, cause=ben, detail="agentic_sessions",
                           burst=4),
                     Fault("kv_leak", "tq-h100-05", 35, cause=si, leak=1.5)],
                    ttft_slo=0.35)
    for nd in s109.nodes[3:]:
        nd.lower = True
    return [s106, s107, s108, s109]


def twenty_seventh_scenarios() -> list[Scenario]:
    """s110-s113, added later by a twenty-seventh outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s110 = Scenario("s110_cache_salt_hit_collapse_prober_leak", "2027-04-27T09:00:00+00:00", 90,
                    mk("ch-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, logging=True),
                    [*(Fault("prober", f"ch-h100-0{k}", 0, rate=30.0) for k in range(1, 7)),
                     Fault("cache_salt", "ch-h100-04", 25, cause=ben, detail="cache_salt_rollout", rate=0.6),
                     Fault("kv_leak", "ch-h100-05", 30, cause=si, leak=1.5)])
    for nd in s110.nodes[3:]:
        nd.lower = True
    s111 = Scenario("s111_autoscale_agentless_spot_node_leaks", "2027-05-04T06:30:00+00:00", 120,
                    mk("sc-h100-", 9, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                    [*(Fault("shift", f"sc-h100-0{k}", 31, rate=0.67) for k in range(1, 7)),
                     Fault("join", "sc-h100-07", 30, 45, cause=ben, detail="scale_out"),
                     Fault("join", "sc-h100-08", 30.5, 45.5, cause=ben, detail="scale_out"),
                     Fault("join", "sc-h100-09", 32),
                     Fault("no_agent", "sc-h100-09", 32, cause="monitoring_gap"),
                     Fault("rss_leak", "sc-h100-09", 48, rate=0.02),
                     Fault("kv_leak", "sc-h100-03", 55, cause=si, leak=1.5),
                     Fault("annual_report", "sc-h100-05", 60, 105, cause=ben, detail="annual_report")])
    for nd in s111.nodes[3:]:
        nd.lower = True
    s111.nodes[8].agent = False
    s112 = Scenario("s112_eagle_residue_oom_restarts_ngram_cancels", "2027-05-11T10:00:00+00:00", 100,
                    mk("sd-l40s-", 10, "L40S", 1, l8, "azure_conv", "tp", 3.0, iv, spec=True,
                       host_total=256 * GIB, util_frac=0.95),
                    [Fault("spec_residue", "sd-l40s-03", 25, cause="spec_residue", crash=True),
                     Fault("cancels", "sd-l40s-07", 30, 70, cause=ben, detail="client_cancels", abort=0.10),
                     Fault("warmup", "sd-l40s-02", 50, 60, cause=ben, detail="warmup")])
    for nd in s112.nodes:
        nd.spec_mib = 850.0
    for nd in s112.nodes[5:]:
        nd.ngram, nd.spec_mib, nd.lower = True, 0.0, True
    s113 = Scenario("s113_cpu_starved_node_hotspot_leak", "2027-05-18T14:00:00+00:00", 90,
                    mk("cp-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB),
                    [Fault("shift", "cp-h100-02", 25, 50, rate=1.9),
                     Fault("hotspot", "cp-h100-02", 25, 62, cause=ben, detail="routing_hotspot"),
                     Fault("cpu_starve", "cp-h100-04", 38, 61, cause="other", detail="cpu_contention"),
                     Fault("checkpoint_load", "cp-h100-06", 42, 47, cause=ben, detail="checkpoint_load"),
                     Fault("kv_leak", "cp-h100-05", 50, cause=si, leak=2.0)])
    for nd in s113.nodes[3:]:
        nd.lower = True
    return [s110, s111, s112, s113]


def twenty_eighth_scenarios() -> list[Scenario]:
    """s114-s117, added later by a twenty-eighth outsider, same rules (see the module docstring)."""
    l70, l70f = "meta-llama/Llama-3.3-70B-Instruct", "RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s114 = Scenario("s114_pcie_downtrain_l40s_tp_loadtest", "2027-05-25T10:00:00+00:00", 90,
                    mk("pl-l40s-", 6, "L40S", 4, l70f, "azure_conv", "tp", 2.0, iv, host_total=512 * GIB,
                       pcie_link=True, uref_min=20.0, step_gen=True),
                    [Fault("pcie_down", "pl-l40s-03", 35, gpu=2, cause="other", detail="pcie_link_degraded"),
                     Fault("shift", "pl-l40s-05", 24, 50, rate=0.0),  # out of the gateway's rotation
                     Fault("load_test", "pl-l40s-05", 25, 49, rate=1.5,
                           runs=[(25, 31, ()), (31, 37, ()), (37, 43, ()), (43, 49, ())]),
                     Fault("loadtest_window", "pl-l40s-05", 24, 55, cause=ben, detail="load_test"),
                     Fault("kv_leak", "pl-l40s-06", 50, cause=si, leak=1.8)])
    for nd in s114.nodes[3:]:
        nd.lower = True
    lag = (28.0, 44.0, 58.0, 66.0, 270.0)  # remote-write lag: rises from 28 min to 270 s at 44, held to 58,
    #                                        drained by 66
    behind = (lag[0] + (lag[1] - lag[0]) * 120 / lag[4], lag[2] + (lag[3] - lag[2]) * (1 - 120 / lag[4]))
    rwl = {"namespace": "monitoring", "pod": "prometheus-k8s-0", "job": "prometheus-k8s",
           "instance": "10.72.4.19:9090", "remote_name": "mimir", "url": "https://mimir.example.internal/api/v1/push"}
    s115 = Scenario("s115_ruler_lag_late_alerts_leak_xid", "2027-06-01T13:00:00+00:00", 90,
                    mk("rw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("kv_leak", "rw-h100-04", 18, cause=si, leak=2.5),
                     Fault("retry_burst", "rw-h100-02", 40, 46, cause=ben, detail="retry_burst"),
                     Fault("xid79", "rw-h100-05", 52, gpu=1, cause="other", detail="xid_79")],
                    rule_lag=lag, site=[("PrometheusRemoteWriteBehind", rwl, *behind)])
    for nd in s115.nodes[3:]:
        nd.lower = True
    hs = [f"hs-h100-{k:02d}" for k in range(1, 7)]
    heat = (25.0, 61.0, 14.0)  # a chiller trips at 25 min, back at 61: the hall's inlet +14 C (10-min ramps)
    hot = (heat[0] + 10 * 8 / heat[2], heat[1] + 10 * (1 - 8 / heat[2]))  # inlet (24 C + heat) above 32 C
    chiller = {"site": "fra2", "chiller": "ch-2", "instance": "bms-gw.fra2.example.internal:9102",
               "job": "bms"}
    hall = {"site": "fra2", "hall": "dh3", "instance": "dcim.fra2.example.internal:9116", "job": "dcim"}
    s116 = Scenario("s116_heat_event_fleet_cap_hw_slowdown", "2027-06-08T15:00:00+00:00", 90,
                    mk("hs-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, clk_reasons=True,
                       uref_min=20.0, step_gen=True),
                    [*(Fault("inlet_heat", n, heat[0], heat[1], rate=heat[2]) for n in hs),
                     *(Fault("dc_cap", n, 32, 68, rate=400.0, cause=ben, detail="power_cap") for n in hs),
                     Fault("hw_slowdown", "hs-h100-04", 45, gpu=2, cause="other", detail="hw_slowdown"),
                     Fault("kv_leak", "hs-h100-06", 38, cause=si, leak=1.8)],
                    site=[("ChillerUnitFault", chiller, heat[0], heat[1]),
                          ("DataHallInletTemperatureHigh", hall, *hot)])
    for nd in s116.nodes[3:]:
        nd.lower = True
    s117 = Scenario("s117_priority_backfill_full_pool_leak", "2027-06-15T09:00:00+00:00", 90,
                    mk("bf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("backfill", f"bf-h100-0{k}", 0, burst=96, cause=ben, detail="batch_backfill")
                       for k in (1, 2, 3)),
                     Fault("kv_leak", "bf-h100-02", 30, cause=si, leak=1.5),
                     Fault("warmup", "bf-h100-03", 55, 65, cause=ben, detail="warmup")])
    for nd in s117.nodes[3:]:
        nd.lower = True
    return [s114, s115, s116, s117]


def twenty_ninth_scenarios() -> list[Scenario]:
    """s118-s121, added later by a twenty-ninth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    ev = [f"ev-h100-{k:02d}" for k in range(1, 7)]
    s118 = Scenario("s118_evening_decline_steady_residue", "2027-06-22T18:00:00+00:00", 120,
                    mk("ev-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [*(Fault("decline", n, -120, 120, rate=2.2) for n in ev),  # x2.2 at 0 -> x1 at 120 min
                     Fault("spec_residue", "ev-h100-04", 20, cause="spec_residue", abort=0.03),
                     Fault("cancels", "ev-h100-02", 30, 70, cause=ben, detail="client_cancels", abort=0.09),
                     Fault("checkpoint_load", "ev-h100-06", 50, 55, cause=ben, detail="checkpoint_load"),
                     Fault("kv_leak", "ev-h100-05", 75, cause=si, leak=1.5)])
    for nd in s118.nodes[3:]:
        nd.lower = True
    srcs = ("nvml", "dcgm", "vllm", "host")
    s119 = Scenario("s119_agent_backlog_all_sources_residue", "2027-06-29T10:00:00+00:00", 90,
                    mk("kb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("spec_residue", "kb-h100-03", 30, cause="spec_residue"),
                     Fault("kv_leak", "kb-h100-06", 40, cause=si, leak=2.0),
                     Fault("retry_burst", "kb-h100-05", 46, 52, cause=ben, detail="retry_burst")],
                    lag=[*(("kb-h100-03", src, a, b) for src in srcs
                           for a, b in ((15, 23), (36, 44), (58, 66), (78, 86))),
                         *(("kb-h100-05", src, 44.0, 52.0) for src in srcs)])
    for nd in s119.nodes[3:]:
        nd.lower = True
    s120 = Scenario("s120_h200_dp2_rank_residue_sibling_cancels", "2027-07-06T14:00:00+00:00", 90,
                    mk("dx-h200-", 4, "H200", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       spec=True, step_gen=True),
                    [Fault("cancels", "dx-h200-02", 20, 75, inst=0, cause=ben, detail="client_cancels",
                           abort=0.09),
                     Fault("spec_residue", "dx-h200-02", 30, inst=4, cause="spec_residue", abort=0.025),
                     Fault("cancels", "dx-h200-04", 40, 70, cause=ben, detail="client_cancels", abort=0.08),
                     Fault("xid79", "dx-h200-03", 62, gpu=6, cause="other", detail="xid_79")])
    for nd in s120.nodes[2:]:
        nd.lower = True
    peaks = (2.4, 2.2, 2.6, 2.5, 2.3, 2.4)
    s121 = Scenario("s121_launch_surge_scrape_block_leak", "2027-07-13T15:30:00+00:00", 90,
                    mk("ls-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, host_total=1024 * GIB,
                       step_gen=True),
                    [*(Fault("surge", f"ls-h100-0{k + 1}", 20, 60, rate=p, cause=ben, detail="launch_surge")
                       for k, p in enumerate(peaks)),
                     Fault("scrape_block", "ls-h100-04", 35, cause="monitoring_gap"),
                     Fault("rss_leak", "ls-h100-04", 39, rate=0.02),
                     Fault("kv_leak", "ls-h100-02", 40, cause=si, leak=1.2),
                     Fault("retry_burst", "ls-h100-06", 50, 56, cause=ben, detail="retry_burst")])
    for nd in s121.nodes[3:]:
        nd.lower = True
    return [s118, s119, s120, s121]


def thirtieth_scenarios() -> list[Scenario]:
    """s122-s125, added later by a thirtieth outsider, same rules (see the module docstring)."""
    l70, l70f = "meta-llama/Llama-3.3-70B-Instruct", "RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s122 = Scenario("s122_h200_partition_residue_warmup", "2027-07-20T11:00:00+00:00", 90,
                    mk("np-h200-", 5, "H200", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       spec=True, step_gen=True),
                    [Fault("warmup", "np-h200-01", 18, 28, cause=ben, detail="warmup"),
                     Fault("spec_residue", "np-h200-04", 25, cause="spec_residue"),
                     Fault("partition", "np-h200-02", 48, 59, cause="other", detail="network_partition"),
                     Fault("cancels", "np-h200-05", 55, 80, cause=ben, detail="client_cancels", abort=0.09)])
    for nd in s122.nodes[2:]:
        nd.lower = True
    s123 = Scenario("s123_l40s_decline_pcie_downtrain_cancels_leak", "2027-07-27T19:00:00+00:00", 100,
                    mk("dl-l40s-", 6, "L40S", 4, l70f, "azure_conv", "tp", 2.0, iv, host_total=512 * GIB,
                       pcie_link=True, uref_min=20.0, step_gen=True),
                    [*(Fault("decline", f"dl-l40s-0{k}", -100, 100, rate=1.8) for k in range(1, 7)),
                     Fault("cancels", "dl-l40s-02", 15, 45, cause=ben, detail="client_cancels", abort=0.10),
                     Fault("pcie_down", "dl-l40s-05", 40, gpu=1, cause="other", detail="pcie_link_degraded"),
                     Fault("checkpoint_load", "dl-l40s-01", 58, 63, cause=ben, detail="checkpoint_load"),
                     Fault("kv_leak", "dl-l40s-03", 55, cause=si, leak=2.0)])
    for nd in s123.nodes[3:]:
        nd.lower = True
    s124 = Scenario("s124_cpu_contention_xid_long_docs", "2027-08-03T09:30:00+00:00", 90,
                    mk("cx-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, host_total=1024 * GIB,
                       logging=True, step_gen=True),
                    [Fault("long_document", "cx-h100-01", 12, 40, cause=ben, detail="long_document"),
                     Fault("cpu_starve", "cx-h100-03", 22, 44, cause="other", detail="cpu_contention"),
                     Fault("retry_burst", "cx-h100-06", 35, 41, cause=ben, detail="retry_burst"),
                     Fault("xid79", "cx-h100-05", 60, gpu=3, cause="other", detail="xid_79"),
                     Fault("kv_leak", "cx-h100-02", 45, cause=si, leak=1.7)])
    for nd in s124.nodes[3:]:
        nd.lower = True
    peaks = (2.1, 2.3, 2.0, 2.4, 2.2, 2.1)
    s125 = Scenario("s125_surge_hw_slowdown_residue_checkpoint", "2027-08-10T16:00:00+00:00", 90,
                    mk("sw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                       clk_reasons=True, uref_min=20.0, step_gen=True),
                    [*(Fault("surge", f"sw-h100-0{k + 1}", 15, 55, rate=p, cause=ben, detail="launch_surge")
                       for k, p in enumerate(peaks)),
                     Fault("spec_residue", "sw-h100-02", 20, cause="spec_residue", abort=0.03),
                     Fault("hw_slowdown", "sw-h100-05", 38, gpu=0, cause="other", detail="hw_slowdown"),
                     Fault("checkpoint_load", "sw-h100-03", 65, 70, cause=ben, detail="checkpoint_load")])
    for nd in s125.nodes[3:]:
        nd.lower = True
    return [s122, s123, s124, s125]


def thirty_first_scenarios() -> list[Scenario]:
    """s126-s129, added later by a thirty-first outsider, same rules (see the module docstring)."""
    l70, l70f = "meta-llama/Llama-3.3-70B-Instruct", "RedHatAI/Llama-3.3-70B-Instruct-FP8-dynamic"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, part = "session_isolation", "benign", "network_partition"
    s126 = Scenario("s126_tor_flap_twice_pair_leak", "2027-08-17T10:00:00+00:00", 90,
                    mk("tf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("partition", n, a, b, cause="other", detail=part)
                       for a, b in ((30.0, 33.0), (55.0, 57.5)) for n in ("tf-h100-03", "tf-h100-04")),
                     Fault("retry_burst", "tf-h100-02", 30, 36, cause=ben, detail="retry_burst"),
                     Fault("kv_leak", "tf-h100-06", 25, cause=si, leak=1.8)])
    for nd in s126.nodes[3:]:
        nd.lower = True
    s127 = Scenario("s127_partition_cuts_running_leak_residue", "2027-08-24T13:00:00+00:00", 100,
                    mk("pd-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("kv_leak", "pd-h100-02", 25, cause=si, leak=2.0),
                     Fault("partition", "pd-h100-02", 48, 56, cause="other", detail=part),
                     Fault("spec_residue", "pd-h100-05", 35, cause="spec_residue"),
                     Fault("warmup", "pd-h100-04", 60, 70, cause=ben, detail="warmup")])
    for nd in s127.nodes[3:]:
        nd.lower = True
    s128 = Scenario("s128_xid_storm_retry_same_node_rank_leak", "2027-08-31T21:00:00+00:00", 90,
                    mk("xs-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       step_gen=True),
                    [Fault("side_xid", "xs-h100-02", 20, 41, gpu=3, cause=ben, detail="nonfatal_xid",
                           rate=4096.0, runs=job_attempts(20.0, [2.2, 3.1, 1.6, 2.8, 3.4, 2.0])),
                     Fault("retry_burst", "xs-h100-02", 27, 33, cause=ben, detail="retry_burst"),
                     Fault("kv_leak", "xs-h100-04", 35, inst=4, cause=si, leak=1.8),
                     Fault("xid79", "xs-h100-05", 55, gpu=6, cause="other", detail="xid_79")])
    for nd in s128.nodes[3:]:
        nd.lower = True
    s129 = Scenario("s129_fp8_canary_swap_leak_scrape_gap", "2027-09-07T09:00:00+00:00", 100,
                    mk("mc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       step_gen=True),
                    [Fault("model_swap", "mc-h100-02", 25, 35, cause=ben, detail="model_swap", model=l70f),
                     Fault("model_swap", "mc-h100-05", 40, 50, cause=ben, detail="model_swap", model=l70f),
                     Fault("kv_leak", "mc-h100-02", 52, cause=si, leak=2.0),
                     Fault("scrape_block", "mc-h100-04", 30, cause="monitoring_gap"),
                     Fault("rss_leak", "mc-h100-04", 34, rate=0.02)], spill=True)
    for nd in s129.nodes[3:]:
        nd.lower = True
    return [s126, s127, s128, s129]


def thirty_second_scenarios() -> list[Scenario]:
    """s130-s133, added later by a thirty-second outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s130 = Scenario("s130_lb_weight_glide_peer_leak", "2027-09-14T14:00:00+00:00", 90,
                    mk("lw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("shift", "lw-h100-03", 25, rate=0.4, glide=30.0, cause=ben,
                           detail="traffic_shift"),
                     *(Fault("shift", n, 25, rate=1.3, glide=30.0, cause=ben,
                             detail="traffic_shift") for n in ("lw-h100-02", "lw-h100-04")),
                     Fault("kv_leak", "lw-h100-04", 40, cause=si, leak=1.2),
                     Fault("checkpoint_load", "lw-h100-06", 60, 65, cause=ben, detail="checkpoint_load")])
    for nd in s130.nodes[3:]:
        nd.lower = True
    s131 = Scenario("s131_pool_shrink_restart_residue", "2027-09-21T09:00:00+00:00", 90,
                    mk("ps-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, cache_info=True,
                       step_gen=True),
                    [Fault("pool_cfg", "ps-h100-03", 25, 35, rate=0.80, cause=ben, detail="pool_resize"),
                     Fault("cancels", "ps-h100-05", 30, 60, cause=ben, detail="client_cancels", abort=0.09),
                     Fault("spec_residue", "ps-h100-03", 45, cause="spec_residue"),
                     Fault("pool_cfg", "ps-h100-06", 60, 70, rate=0.80, cause=ben, detail="pool_resize")],
                    spill=True)
    for nd in s131.nodes[3:]:
        nd.lower = True
    s132 = Scenario("s132_gpu_telemetry_blackout_xid_blind_leak", "2027-09-28T03:00:00+00:00", 90,
                    mk("gb-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       step_gen=True),
                    [Fault("nvml_hang", "gb-h100-03", 40, 58, cause=ben, detail="gpu_telemetry_hang"),
                     Fault("dcgm_stop", "gb-h100-03", 40, 58),
                     Fault("xid79", "gb-h100-05", 41.5, gpu=2, cause="other", detail="xid_79"),
                     Fault("kv_leak", "gb-h100-03", 48, cause=si, leak=1.8)])
    for nd in s132.nodes[3:]:
        nd.lower = True
    s133 = Scenario("s133_v0_v1_upgrade_residue_then_leak", "2027-10-05T10:00:00+00:00", 100,
                    mk("vu-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, legacy=True,
                       step_gen=True),
                    [*(Fault("warmup", f"vu-h100-0{k}", m, m + 10, cause=ben, detail="vllm_upgrade")
                       for k, m in ((1, 15), (2, 30), (4, 50))),
                     Fault("spec_residue", "vu-h100-04", 20, 50, cause="spec_residue"),
                     Fault("kv_leak", "vu-h100-02", 45, cause=si, leak=2.0),
                     Fault("retry_burst", "vu-h100-05", 65, 71, cause=ben, detail="retry_burst")], spill=True)
    for k, m in ((0, 15.0), (1, 30.0), (3, 50.0)):  # the new image exports V1 names from its first start
        s133.nodes[k].v1_from = m
    for nd in s133.nodes[3:]:
        nd.lower = True
    return [s130, s131, s132, s133]


def thirty_third_scenarios() -> list[Scenario]:
    """s134-s137, added later by a thirty-third outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s134 = Scenario("s134_two_tenant_leaks_forty_min_apart", "2027-10-12T08:30:00+00:00", 100,
                    mk("tt-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, logging=True,
                       step_gen=True),
                    [Fault("kv_leak", "tt-h100-02", 15, cause=si, leak=1.5),
                     Fault("annual_report", "tt-h100-04", 25, 70, cause=ben, detail="annual_report"),
                     Fault("kv_leak", "tt-h100-05", 55, cause=si, leak=2.2, tenant="legal-review")])
    for nd in s134.nodes[3:]:
        nd.lower = True
    holes, t, rollout = [48, 41, 52, 45, 39, 50], 40.0, []  # DaemonSet update, maxUnavailable 1
    for k, h in enumerate(holes):
        n = f"eu-h100-0{k + 1}"
        rollout += [Fault("dcgm_redeploy", n, round(t, 4), round(t + h / 60, 4)),
                    Fault("exporter_upgrade", n, round(t, 4), round(t + 5, 4), cause=ben,
                          detail="exporter_upgrade")]  # label only
        t += (h + 30) / 60  # the next node's exporter is replaced 30 s after this one is back
    s135 = Scenario("s135_dcgm_exporter_upgrade_label_rename_residue", "2027-10-19T15:00:00+00:00", 90,
                    mk("eu-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [*rollout,
                     Fault("spec_residue", "eu-h100-03", 28, cause="spec_residue", abort=0.03),
                     Fault("xid79", "eu-h100-05", 62, gpu=1, cause="other", detail="xid_79")])
    for nd in s135.nodes[3:]:
        nd.lower = True
    s136 = Scenario("s136_planned_reboot_vs_kernel_panic", "2027-10-26T22:00:00+00:00", 90,
                    mk("pm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("maintenance", "pm-h100-03", 30, 52, cause=ben, detail="planned_maintenance"),
                     Fault("failover", "pm-h100-03", 30, 42, to=[("pm-h100-02", 0.5), ("pm-h100-04", 0.5)]),
                     Fault("node_crash", "pm-h100-03", 31, 31 + (BOOT_S + 145) / 60),  # the planned reboot
                     Fault("agent_restart", "pm-h100-03", 31, 31 + BOOT_S / 60),
                     Fault("node_crash", "pm-h100-05", 63, 63 + (BOOT_S + 145) / 60, cause="other",
                           detail="node_crash"),
                     Fault("agent_restart", "pm-h100-05", 63, 63 + BOOT_S / 60),
                     Fault("kv_leak", "pm-h100-06", 45, cause=si, leak=2.0)])
    for nd in s136.nodes[3:]:
        nd.lower = True
    tm = []  # two deployments per node (as s30): Llama-3.3-70B TP4 on GPUs 0-3, Llama-3.1-8B + draft per GPU
    for i in range(4):
        engs = [Engine("0", [0, 1, 2, 3], None, 2.5, "azure_conv"),
                *(Engine("0", [g], g, 3.0, "azure_code", model=l8, spec=True) for g in range(4, 8))]
        tm.append(Node(f"tm-h100-{i + 1:02d}", "H100", 8, l70, engs, dict(iv), port_per_gpu=True,
                       step_gen=True))
    s137 = Scenario("s137_two_model_node_8b_server_leak_long_docs", "2027-11-02T13:00:00+00:00", 90, tm,
                    [Fault("long_document", "tm-h100-02", 20, 45, inst=0, cause=ben, detail="long_document"),
                     Fault("kv_leak", "tm-h100-02", 30, gpu=6, inst=6, cause=si, leak=2.0),
                     Fault("checkpoint_load", "tm-h100-03", 55, 60, cause=ben, detail="checkpoint_load")])
    for nd in tm[2:]:
        nd.lower = True
    return [s134, s135, s136, s137]


def thirty_fourth_scenarios() -> list[Scenario]:
    """s138-s141, added later by a thirty-fourth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s138 = Scenario("s138_drain_cancel_crash_drained_xid", "2027-11-09T21:00:00+00:00", 90,
                    mk("dc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("failover", "dc-h100-03", 30, 37, to=[("dc-h100-02", 0.5), ("dc-h100-04", 0.5)]),
                     Fault("maintenance", "dc-h100-03", 30, 40, cause=ben, detail="drain_cancelled"),
                     Fault("node_crash", "dc-h100-03", 41, 41 + (BOOT_S + 145) / 60, cause="other",
                           detail="node_crash"),
                     Fault("agent_restart", "dc-h100-03", 41, 41 + BOOT_S / 60),
                     Fault("failover", "dc-h100-05", 50, 90, to=[("dc-h100-04", 0.5), ("dc-h100-06", 0.5)]),
                     Fault("maintenance", "dc-h100-05", 50, 62, cause=ben, detail="maintenance_drain"),
                     Fault("xid79", "dc-h100-05", 62, gpu=2, cause="other", detail="xid_79"),
                     Fault("kv_leak", "dc-h100-04", 20, cause=si, leak=0.8)])
    for nd in s138.nodes[3:]:
        nd.lower = True
    s139 = Scenario("s139_four_hour_agent_growth_slow_leaks_hidden_prefix", "2027-11-16T07:00:00+00:00", 240,
                    mk("ag-h100-", 6, "H100", 4, q72, "mooncake", "tp", 1.2, iv, step_gen=True),
                    [*(Fault("agent_batch", "ag-h100-02", m, 238, burst=1)
                       for m in (30, 60, 90, 120, 150, 180)),
                     Fault("agent_window", "ag-h100-02", 30, cause=ben, detail="agentic_sessions"),  # label
                     Fault("kv_leak", "ag-h100-05", 60, cause=si, leak=0.4),
                     Fault("kv_leak", "ag-h100-03", 120, cause=si, leak=0.3),
                     Fault("checkpoint_load", "ag-h100-06", 200, 205, cause=ben, detail="checkpoint_load")])
    for nd in s139.nodes[3:]:
        nd.lower = nd.no_pc_export = True
    s140 = Scenario("s140_nightly_batch_ramp_longer_chats_slow_leak", "2027-11-23T22:30:00+00:00", 180,
                    mk("nb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("batch_job", f"nb-h100-0{k}", m, 170, rate=0.25)
                       for k in (1, 2, 3) for m in (30, 50, 70, 90)),
                     *(Fault("batch_window", f"nb-h100-0{k}", 30, 175, cause=ben, detail="batch_job")
                       for k in (1, 2, 3)),  # label only
                     Fault("ctx_growth", "nb-h100-04", 30, rate=0.5, share_ramp=150.0, cause=ben,
                           detail="context_growth"),
                     Fault("kv_leak", "nb-h100-02", 70, cause=si, leak=0.6)])
    for nd in s140.nodes[3:]:
        nd.lower = True
    s141 = Scenario("s141_rolling_restart_xid_after_ready_slow_leak", "2027-11-30T11:00:00+00:00", 100,
                    mk("ro-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("warmup", f"ro-h100-0{k + 1}", m, m + 10, cause=ben, detail="rolling_restart")
                       for k, m in enumerate((20, 28, 36, 44, 52, 60))),
                     Fault("xid79", "ro-h100-04", 47, gpu=1, cause="other", detail="xid_79"),
                     Fault("retry_burst", "ro-h100-03", 47, 53, cause=ben, detail="retry_burst"),
                     Fault("kv_leak", "ro-h100-02", 35, cause=si, leak=0.6)], spill=True)
    for nd in s141.nodes[3:]:
        nd.lower = True
    return [s138, s139, s140, s141]


def thirty_fifth_scenarios() -> list[Scenario]:
    """s142-s145, added later by a thirty-fifth outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    flaps = []  # (s142) nf-h100-03's uplink flaps every 30 s for 35 min: down 18-26 s, up the rest
    for k in range(70):
        a = 25 + k / 2
        flaps.append(Fault("spool", "nf-h100-03", round(a, 4), round(a + (18 + (7 * k) % 9) / 60, 4)))
    s142 = Scenario("s142_nic_flap_burst_delivery_residue", "2027-12-07T14:00:00+00:00", 90,
                    mk("nf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [*flaps,
                     Fault("nic_flap", "nf-h100-03", 25, 60, cause=ben, detail="nic_flap"),  # label only
                     Fault("spec_residue", "nf-h100-03", 35, cause=sr),
                     Fault("kv_leak", "nf-h100-05", 45, cause=si, leak=1.5)])
    for nd in s142.nodes[3:]:
        nd.lower = True
    s143 = Scenario("s143_log_shipper_oom_vllm_rss_leak", "2027-12-14T09:00:00+00:00", 90,
                    mk("ls-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       step_gen=True),
                    [Fault("side_oom", "ls-h100-02", 20, 50,
                           runs=[(m, m, ()) for m in (22.4, 29.9, 38.2, 47.5)]),
                     Fault("oom_window", "ls-h100-02", 20, 50, cause=ben, detail="log_shipper_oom"),  # label
                     Fault("side_oom", "ls-h100-04", 20, 45, runs=[(m, m, ()) for m in (24.1, 33.6, 41.7)]),
                     Fault("oom_window", "ls-h100-04", 20, 45, cause=ben, detail="log_shipper_oom"),  # label
                     Fault("rss_leak", "ls-h100-04", 30, cause="other", detail="host_memory_leak",
                           rate=0.015),
                     Fault("kv_leak", "ls-h100-06", 50, cause=si, leak=2.0)])
    for nd in s143.nodes[3:]:
        nd.lower = True
    s144 = Scenario("s144_two_residues_two_gpus_thirty_min_apart", "2027-12-21T16:00:00+00:00", 100,
                    mk("tg-h100-", 5, "H100", 4, l8, "azure_conv", "per_gpu", 1.2, iv, spec=True,
                       port_per_gpu=True, host_total=1024 * GIB, step_gen=True),
                    [Fault("spec_residue", "tg-h100-03", 20, gpu=1, inst=1, cause=sr),
                     Fault("cancels", "tg-h100-03", 30, 60, gpu=2, inst=2, cause=ben, detail="client_cancels",
                           abort=0.06),
                     Fault("spec_residue", "tg-h100-03", 50, gpu=3, inst=3, cause=sr),
                     Fault("checkpoint_load", "tg-h100-05", 70, 75, cause=ben, detail="checkpoint_load")])
    for nd in s144.nodes[3:]:
        nd.lower = True
    s145 = Scenario("s145_spec_config_abort_episode_then_residue", "2027-12-28T11:00:00+00:00", 100,
                    mk("sc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("warmup", "sc-h100-02", 20, 30),  # the new speculative config, drained restart
                     Fault("cancels", "sc-h100-02", 22.17, 50, abort=0.07),
                     Fault("warmup", "sc-h100-02", 50, 60),  # rolled back, drained restart
                     Fault("spec_config", "sc-h100-02", 20, 60, cause=ben,
                           detail="spec_config_change"),  # label only
                     Fault("spec_residue", "sc-h100-05", 25, cause=sr, abort=0.03),
                     Fault("spec_residue", "sc-h100-02", 65, cause=sr)])
    for nd in s145.nodes[3:]:
        nd.lower = True
    return [s142, s143, s144, s145]


def thirty_sixth_scenarios() -> list[Scenario]:
    """s146-s149, added later by a thirty-sixth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    ups = ((1, 15.0), (3, 27.0), (5, 39.0))  # (s146) the upgrade's drained restarts: node, minute
    s146 = Scenario("s146_stats_off_upgrade_api_rss_leak", "2028-01-04T10:30:00+00:00", 100,
                    mk("su-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       stall_err=True, proc_metrics=True, step_gen=True),
                    [*(Fault("warmup", f"su-h100-0{k}", m, m + 10, cause=ben, detail="vllm_upgrade")
                       for k, m in ups),
                     *(Fault("stats_off", f"su-h100-0{k}", m + 0.5) for k, m in ups),  # the new process on
                     Fault("rss_leak", "su-h100-03", 35, cause="monitoring_gap", rate=0.02),
                     Fault("checkpoint_load", "su-h100-05", 60, 65, cause=ben, detail="checkpoint_load"),
                     Fault("kv_leak", "su-h100-06", 45, cause=si, leak=1.8)], spill=True)
    for nd in s146.nodes[3:]:
        nd.lower = True
    s147 = Scenario("s147_session_ttl_raise_lookalike_leak", "2028-01-11T13:00:00+00:00", 100,
                    mk("tl-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("sess_ttl", n, 20, rate=0.75, cause=ben, detail="session_ttl_change")
                       for n in ("tl-h100-02", "tl-h100-05")),
                     Fault("kv_leak", "tl-h100-05", 50, cause=si, leak=1.5),
                     Fault("retry_burst", "tl-h100-04", 62, 68, cause=ben, detail="retry_burst")],
                    disorder=True)
    for nd in s147.nodes[3:]:
        nd.lower = True
    pd = [*mk("kvp-h100-", 2, "H100", 4, l70, "azure_conv", "tp", 5.0, iv, pd="prefill", step_gen=True),
          *mk("kvd-h100-", 4, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, pd="decode", step_gen=True)]
    s148 = Scenario("s148_pd_prefill_transfer_leak_decode_restart", "2028-01-18T09:00:00+00:00", 100, pd,
                    [Fault("warmup", "kvp-h100-02", 20, 30, cause=ben, detail="vllm_upgrade"),
                     Fault("kv_leak", "kvp-h100-02", 22.17, cause="other", detail="kv_transfer_leak",
                           leak=1.5),
                     Fault("oom_crash", "kvd-h100-03", 45, runs=[(45.0, 45.17, ())]),  # in place, no drain
                     Fault("pod_restart", "kvd-h100-03", 45, 55, cause=ben, detail="pod_restart"),  # label
                     *(Fault("pd_hold", n, 45, 55, rate=0.25, cause=ben, detail="kv_transfer_hold")
                       for n in ("kvp-h100-01", "kvp-h100-02")),
                     Fault("kv_leak", "kvd-h100-04", 55, cause=si, leak=2.0)])
    for nd in pd[4:]:
        nd.lower = True
    s149 = Scenario("s149_jittered_vllm_stamps_leak_long_docs_xid", "2028-01-25T15:00:00+00:00", 90,
                    mk("jr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("kv_leak", "jr-h100-03", 30, cause=si, leak=2.0),
                     Fault("long_document", "jr-h100-05", 35, 60, cause=ben, detail="long_document"),
                     Fault("xid79", "jr-h100-04", 62, gpu=2, cause="other", detail="xid_79"),
                     Fault("checkpoint_load", "jr-h100-01", 45, 50, cause=ben, detail="checkpoint_load")])
    for nd in s149.nodes[3:]:
        nd.lower = True
    for nd in (s149.nodes[2], s149.nodes[4]):  # the agent's previous release
        nd.slow_scrape = 1.2
    return [s146, s147, s148, s149]


def thirty_seventh_scenarios() -> list[Scenario]:
    """s150-s153, added later by a thirty-seventh outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    rolls = ((4, 8.0), (5, 11.0), (6, 14.0))  # (s150) the 3B-draft pool's image rollout: node, minute
    s150 = Scenario("s150_sdk_token_cut_cancels_big_draft_residue", "2028-02-01T16:00:00+00:00", 90,
                    mk("tc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, logging=True,
                       step_gen=True),
                    [*(Fault("warmup", f"tc-h100-0{k}", m, m + 10, cause=ben, detail="vllm_upgrade")
                       for k, m in rolls),
                     *(Fault("spec_residue", f"tc-h100-0{k}", round(m + 13 / 6, 2), cause=sr, abort=0.015)
                       for k, m in rolls),  # from each new engine's ready, at the fleet's usual 1.5 %
                     *(Fault("sdk_cut", f"tc-h100-0{k}", 30, rate=0.2, cause=ben, detail="sdk_stream_cut")
                       for k in range(1, 7))], spill=True)
    for nd in s150.nodes[3:]:  # the draft-size experiment's pool: a 3B draft model
        nd.lower, nd.spec_mib, nd.draft_mb, nd.spec_step = True, DRAFT3B_MIB, DRAFT3B_MB, DRAFT3B_STEP
    s151 = Scenario("s151_cis_hardening_host_blind_tokenizer_rss_oom", "2028-02-08T06:00:00+00:00", 100,
                    mk("hd-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       stall_err=True, step_gen=True),
                    [*(Fault("host_blind", f"hd-h100-0{k}", m, cause=ben, detail="host_telemetry_loss")
                       for k, m in ((1, 20.0), (2, 20.4), (3, 45.0), (4, 45.4), (5, 45.8))),
                     Fault("rss_leak", "hd-h100-02", 30, cause="monitoring_gap", rate=0.02),
                     Fault("kv_leak", "hd-h100-04", 52, cause=si, leak=2.0),
                     Fault("checkpoint_load", "hd-h100-05", 62, 67, cause=ben, detail="checkpoint_load")])
    for nd in s151.nodes[3:]:
        nd.lower = True
    s152 = Scenario("s152_weekly_cache_compaction_leak_after", "2028-02-14T02:30:00+00:00", 90,
                    mk("wc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, kv_events=True,
                       step_gen=True),
                    [*(Fault("compact", f"wc-h100-0{k}", round(30 + 0.05 * (k - 1), 2), 40, cause=ben,
                             detail="prefix_cache_compaction") for k in range(1, 7)),
                     Fault("kv_leak", "wc-h100-04", 33, cause=si, leak=2.0),
                     Fault("annual_report", "wc-h100-02", 45, 90, cause=ben, detail="annual_report")],
                    disorder=True)
    for nd in s152.nodes:  # a session store that keeps many idle contexts (why it is compacted weekly)
        nd.amp = (0.18, 0.26)
    for nd in s152.nodes[3:]:
        nd.lower = True
    wear = [*(m for m in (26.0, 33.5, 39.5, 44.5, 48.5, 52.0, 55.0, 57.5, 60.0, 62.0, 64.0, 66.0, 68.0)),
            71.0, 73.5, 75.5, 77.5, 79.0, 80.5, 82.0, 84.0]  # (s153) the wearing GPU's XIDs (minutes)
    runs: list[tuple[float, float, tuple[int, ...]]] = [
        (m, m, (94, 63) if m == 71.0 else (94, 64) if m == 84.0 else (63,)) for m in wear]
    s153 = Scenario("s153_degrading_hbm_row_remaps_hot_aisle_throttle", "2028-02-22T13:00:00+00:00", 90,
                    mk("hm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, remap=True,
                       ecc_fields=True, step_gen=True),
                    [Fault("hbm_wear", "hm-h100-03", 18.0, gpu=1, rate=3.0, cause="other",
                           detail="hbm_degradation"),
                     Fault("ecc_xid", "hm-h100-03", 26.0, gpu=1, runs=runs),
                     Fault("throttle", "hm-h100-05", 35.0, 58.0, gpu=2, rate=0.82),
                     Fault("throttle", "hm-h100-05", 35.5, 57.0, gpu=3, rate=0.88),
                     Fault("cooling_window", "hm-h100-05", 35, 60, cause=ben,
                           detail="cooling_maintenance"),  # label only
                     Fault("ecc_xid", "hm-h100-06", 47.0, gpu=0, cause=ben, detail="correctable_row_remap",
                           runs=[(47.0, 47.0, (63,))]),
                     Fault("kv_leak", "hm-h100-02", 50, cause=si, leak=1.5)])
    for nd in s153.nodes[3:]:
        nd.lower = True
    return [s150, s151, s152, s153]


def thirty_eighth_scenarios() -> list[Scenario]:
    """s154-s157, added later by a thirty-eighth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr, ap = "session_isolation", "benign", "spec_residue", "audit-proxy"
    s154 = Scenario("s154_fqdn_alert_names_audit_proxy_host_oom", "2028-02-29T11:00:00+00:00", 110,
                    mk("mf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       stall_err=True, step_gen=True),
                    [Fault("long_document", "mf-h100-04", 35, 60, cause=ben, detail="long_document"),
                     Fault("side_oom", "mf-h100-04", 35, 60, runs=[(m, m, ()) for m in (41.3, 49.8, 57.1)],
                           proc=ap, inpath=True),  # the old proxy at its container limit (cgroup OOM)
                     Fault("oom_window", "mf-h100-04", 35, 60, cause=ben,
                           detail="sidecar_limit_oom"),  # label only
                     Fault("offload", "mf-h100-05", 25, rate=0.015, evict=False, proc=ap, inpath=True,
                           cause="other", detail="sidecar_memory_leak"),  # the canary's unbounded retry queue
                     Fault("kv_leak", "mf-h100-02", 45, cause=si, leak=2.0),
                     Fault("checkpoint_load", "mf-h100-06", 70, 75, cause=ben, detail="checkpoint_load")],
                    drop={("mf-h100-05", "host"): 0.02})
    for nd in s154.nodes[3:]:  # a second node group, whose kubelets registered the nodes under their FQDN
        nd.fqdn = "gpu.fra2.example.net"
    nt = [f"nt-h100-0{k}" for k in range(1, 7)]
    s155 = Scenario("s155_night_trough_4h_idle_kv_floor_leak", "2028-03-06T22:30:00+00:00", 240,
                    mk("nt-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       uref_min=30.0),
                    [*(Fault("night", n, 30, 210, rate=0.1, cause=ben, detail="night_trough") for n in nt),
                     Fault("kv_leak", "nt-h100-04", 15, cause=si, leak=0.5),
                     Fault("agent_batch", "nt-h100-06", 70, 160, cause=ben, detail="agentic_sessions",
                           burst=3),
                     Fault("batch_job", "nt-h100-02", 75, 125, rate=0.5, cause=ben, detail="batch_job"),
                     Fault("warmup", "nt-h100-05", 120, 130, cause=ben, detail="warmup")],
                    drop={("nt-h100-03", "vllm"): 0.05})
    for nd in s155.nodes[3:]:
        nd.lower = True
    blue, green = [f"blu-h100-0{k}" for k in range(1, 5)], [f"grn-h100-0{k}" for k in range(1, 5)]
    ons: tuple[tuple[float, float | None], ...] = ((20, 35), (50, 65), (80, 95), (110, None))  # B's turns
    s156 = Scenario("s156_ab_switchback_pools_leak_xid", "2028-03-14T14:00:00+00:00", 120,
                    mk(lambda i: (blue + green)[i], 8, "H100", 4, l70, "azure_conv", "tp", 2.5, iv,
                       step_gen=True, uref_min=20.0),
                    [*(Fault("shift", n, a, b, rate=0.7 if n in blue else 1.3) for n in blue + green
                       for a, b in ons),
                     *(Fault("switchback_window", n, 20, 120, cause=ben, detail="ab_switchback")  # label only
                       for n in blue + green),
                     Fault("kv_leak", "grn-h100-03", 50, cause=si, leak=1.5),
                     Fault("annual_report", "blu-h100-03", 60, 105, cause=ben, detail="annual_report"),
                     Fault("xid79", "blu-h100-02", 88, gpu=1, cause="other", detail="xid_79")],
                    disorder=True)
    for nd in s156.nodes[4:]:  # the B pool's dcgm-exporter version
        nd.lower = True
    s157 = Scenario("s157_tp1_draft_two_of_eight_gpus_residue", "2028-03-21T09:00:00+00:00", 100,
                    mk("dt-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0,
                       {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}, trace2="azure_code",
                       spec=True, legacy=True, draft_tp1=True, step_gen=True),
                    [Fault("spec_residue", "dt-h100-03", 30, gpu=4, inst=4, cause=sr, abort=0.04),
                     Fault("cancels", "dt-h100-05", 25, 70, inst=0, cause=ben, detail="client_cancels",
                           abort=0.09),
                     Fault("warmup", "dt-h100-02", 50, 60, cause=ben, detail="warmup"),
                     Fault("checkpoint_load", "dt-h100-06", 75, 80, cause=ben, detail="checkpoint_load")],
                    spill=True, drop={("dt-h100-03", "dcgm"): 0.04})
    for nd in s157.nodes[3:]:
        nd.lower = True
    return [s154, s155, s156, s157]


def thirty_ninth_scenarios() -> list[Scenario]:
    """s158-s161, added later by a thirty-ninth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    roll = ((3, 15.0, 5.0, 2.0), (7, 23.0, 4.5, 1.7), (11, 31.0, 6.0, 2.2), (15, 39.0, 5.5, 1.8),
            (19, 47.0, 6.5, 1.6), (23, 55.0, 4.8, 2.1))  # (s158) node, stop minute, leak after (min), %/min
    s158 = Scenario("s158_bad_build_rollout_quarter_fleet_leaks", "2028-03-28T08:00:00+00:00", 110,
                    mk("vb-h100-", 24, "H100", 4, l70, "azure_conv", "tp", 2.5,
                       {"nvml": 30.0, "dcgm": 30.0, "vllm": 15.0, "host": 30.0}, step_gen=True),
                    [*(Fault("warmup", f"vb-h100-{k:02d}", m, m + 10, cause=ben, detail="vllm_upgrade")
                       for k, m, _, _ in roll),
                     *(Fault("kv_leak", f"vb-h100-{k:02d}", m + d, cause=si, leak=r) for k, m, d, r in roll),
                     Fault("annual_report", "vb-h100-10", 40, 85, cause=ben, detail="annual_report"),
                     Fault("long_document", "vb-h100-18", 50, 75, cause=ben, detail="long_document"),
                     Fault("checkpoint_load", "vb-h100-05", 60, 65, cause=ben, detail="checkpoint_load")],
                    spill=True, noise=[("vb-h100-13", "NodeClockSkewDetected", 20, 110)],
                    drop={("vb-h100-08", "dcgm"): 0.03})
    for nd in s158.nodes[8:16]:  # rack 2's exporter image reports the memory temperature blank
        nd.sentinel = True
    for nd in s158.nodes[16:]:  # rack 3's dcgm-exporter version
        nd.lower = True
    s158.nodes[12].skew = 2.0
    s159 = Scenario("s159_nvlink_crc_slow_tp_group_batch_neighbour", "2028-04-04T10:00:00+00:00", 100,
                    mk("nl-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv8, trace2="azure_code",
                       nvlink=True, nvl_errs=True, prefill_tps=14000.0, step_gen=True),
                    [Fault("nvlink_crc", "nl-h100-04", 28, gpu=6, inst=6, rate=40.0, cause="other",
                           detail="nvlink_degraded"),
                     Fault("batch_job", "nl-h100-02", 35, 75, inst=0, rate=2.0, cause=ben,
                           detail="batch_job"),
                     Fault("nvlink_blip", "nl-h100-05", 50, 60, gpu=2, rate=600.0, cause=ben,
                           detail="nvlink_crc_burst"),
                     Fault("kv_leak", "nl-h100-06", 40, inst=0, cause=si, leak=1.8)], disorder=True)
    for nd in s159.nodes[3:]:
        nd.lower = True
    s160 = Scenario("s160_sticky_rebalance_tenant_leak_moves_nodes", "2028-04-11T10:00:00+00:00", 120,
                    mk("rb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("kv_leak", "rb-h100-02", 25, 40, leak=2.5),  # the tenant's stints: no label
                     Fault("shift", "rb-h100-02", 40, 80, rate=0.8),
                     Fault("shift", "rb-h100-05", 40, 60, rate=1.2),
                     Fault("kv_leak", "rb-h100-05", 40, 60, leak=2.5),
                     Fault("shift", "rb-h100-03", 60, 80, rate=1.2),
                     Fault("kv_leak", "rb-h100-03", 60, 80, leak=2.5),
                     Fault("kv_leak", "rb-h100-02", 80, 100, leak=2.5),
                     Fault("shift", "rb-h100-02", 100, rate=0.8),
                     Fault("shift", "rb-h100-06", 100, rate=1.2),
                     Fault("kv_leak", "rb-h100-06", 100, leak=2.5),
                     *(Fault("session_reuse", n, m, cause=si)  # label only: its contexts stay where it was
                       for n, m in (("rb-h100-02", 25), ("rb-h100-05", 40), ("rb-h100-03", 60),
                                    ("rb-h100-06", 100))),
                     Fault("annual_report", "rb-h100-04", 50, 95, cause=ben, detail="annual_report"),
                     Fault("agent_batch", "rb-h100-01", 30, 100, cause=ben, detail="agentic_sessions",
                           burst=3)],
                    drop={("rb-h100-06", "vllm"): 0.03})
    for nd in s160.nodes[3:]:
        nd.lower = True
    s160.nodes[3].skew = 1.5
    rst = [40.0, 43.5, 47.0, 51.5, 55.0, 58.5,  # (s161) the edge proxy's crash restarts (minutes),
           60.5, 62.0, 64.0, 65.5, 67.5, 69.0, 71.0, 73.0, 74.5, 76.5, 78.0, 80.0, 82.0, 84.0,  # ~2 min apart
           88.5, 93.0, 97.5]  # while its crash loop is at its worst (60-84)
    s161 = Scenario("s161_draft_swap_edge_reset_bursts_residue", "2028-04-18T17:00:00+00:00", 100,
                    mk("ds-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("draft_swap", "ds-h100-02", 25, 35, cause=ben, detail="draft_swap"),
                     Fault("draft_swap", "ds-h100-04", 50, 60, cause=ben, detail="draft_swap"),
                     Fault("spec_residue", "ds-h100-02", 40, cause=sr, abort=0.015),
                     *(Fault("edge_reset", n, 40, rate=0.6, runs=[(m, m, ()) for m in rst])
                       for n in ("ds-h100-02", "ds-h100-05")),
                     Fault("reset_window", "ds-h100-05", 40, 100, cause=ben,
                           detail="client_disconnect_bursts"),  # label only
                     Fault("kv_leak", "ds-h100-06", 45, cause=si, leak=2.0)], spill=True)
    for nd in s161.nodes[3:]:
        nd.lower = True
    return [s158, s159, s160, s161]


def fortieth_scenarios() -> list[Scenario]:
    """s162-s165, added later by a fortieth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv4 = {"nvml": 5.0, "dcgm": 10.0, "vllm": 10.0, "host": 10.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    he = [f"he-h100-{k:02d}" for k in range(1, 7)]
    roll = (18.0, 21.2, 24.5, 27.6, 30.8, 34.0)  # (s162) the nvidia-dcgm pod of each node replaced (minute)
    s162 = Scenario("s162_dcgm_hostengine_stale_residue_hidden_xid", "2028-04-25T09:00:00+00:00", 100,
                    mk("he-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [*(Fault("dcgm_stale", n, m) for n, m in zip(he, roll, strict=True)),
                     Fault("spec_residue", "he-h100-03", 38, cause=sr),
                     Fault("checkpoint_load", "he-h100-02", 45, 50, cause=ben, detail="checkpoint_load"),
                     Fault("xid79", "he-h100-05", 52, gpu=2, cause="other", detail="xid_79"),
                     Fault("warmup", "he-h100-06", 60, 70, cause=ben, detail="warmup")],
                    spill=True, disorder=True)
    for nd in s162.nodes[3:]:
        nd.lower = True
    s163 = Scenario("s163_alerting_slow_clock_local_time_dst_leak_xid", "2028-03-26T00:25:00+00:00", 100,
                    mk("lt-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("kv_leak", "lt-h100-02", 20, cause=si, leak=2.0),
                     Fault("xid79", "lt-h100-05", 33.5, gpu=1, cause="other", detail="xid_79"),
                     *(Fault("retry_burst", n, 34, 42, cause=ben, detail="retry_burst")
                       for n in ("lt-h100-04", "lt-h100-06")),
                     Fault("annual_report", "lt-h100-03", 45, 90, cause=ben, detail="annual_report")],
                    noise=[("lt-h100-01", "NodeClockSkewDetected", 10, 100)],
                    drop={("lt-h100-03", "nvml"): 0.03}, alert_clock=-90.0, alert_tz="Europe/Berlin")
    s163.nodes[0].skew = 1.2
    for nd in s163.nodes[3:]:
        nd.lower = True
    s164 = Scenario("s164_prefix_caching_off_two_nodes_leak", "2028-05-02T13:00:00+00:00", 90,
                    mk("px-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv4, cache_info=True,
                       step_gen=True),
                    [*(Fault("prefix_off", n, m, cause=ben, detail="prefix_caching_disabled")
                       for n, m in (("px-h100-02", 25), ("px-h100-05", 31))),
                     Fault("kv_leak", "px-h100-03", 40, cause=si, leak=2.0),
                     Fault("annual_report", "px-h100-01", 45, 85, cause=ben, detail="annual_report")],
                    spill=True, drop={("px-h100-06", "dcgm"): 0.04})
    for nd in s164.nodes[4:]:
        nd.lower = True
    s164.nodes[5].skew = -1.8
    au = [f"au-h100-{k:02d}" for k in range(1, 7)]
    s165 = Scenario("s165_failover_drill_lull_pauses_leak", "2028-05-09T11:30:00+00:00", 100,
                    mk("au-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("kv_leak", "au-h100-04", 25, cause=si, leak=2.0),
                     *(Fault("shift", n, 48, 63, rate=0.05) for n in au),  # the GSLB drains the region
                     *(Fault("drill_window", n, 48, 68, cause=ben, detail="regional_failover_drill")
                       for n in au),  # label only
                     Fault("agent_batch", "au-h100-02", 35, 85, cause=ben, detail="agentic_sessions",
                           burst=3)],
                    site=[("GatewayRequestRateDrop", {"service": "llm-gateway", "region": "eu-west-1"},
                           50.6, 65.8)],
                    drop={("au-h100-05", "vllm"): 0.03})
    for nd in s165.nodes[3:]:
        nd.lower = True
    s165.nodes[1].skew = 0.9
    return [s162, s163, s164, s165]


def forty_first_scenarios() -> list[Scenario]:
    """s166-s169, added later by a forty-first outsider, same rules (see the module docstring)."""
    l70, l405 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-405B-Instruct-FP8"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    bench = 6144.0  # (s166) MiB the platform team's GPU validation benchmark holds on the GPU it runs on
    s166 = Scenario("s166_gpu_benchmark_job_on_residue_node", "2028-05-16T10:00:00+00:00", 100,
                    mk("gb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("spec_residue", "gb-h100-03", 30, cause=sr, abort=0.03),
                     Fault("side_xid", "gb-h100-03", 50, 60, gpu=1, cause=ben, detail="gpu_benchmark",
                           rate=bench, runs=[(50.0, 60.0, ())]),  # a clean run: no XID
                     Fault("cancels", "gb-h100-06", 35, 70, cause=ben, detail="client_cancels", abort=0.09),
                     Fault("side_xid", "gb-h100-05", 65, 75, gpu=2, cause=ben, detail="gpu_benchmark",
                           rate=bench, runs=[(65.0, 75.0, ())]),
                     Fault("checkpoint_load", "gb-h100-01", 80, 85, cause=ben, detail="checkpoint_load")],
                    disorder=True)
    for nd in s166.nodes[3:]:
        nd.lower = True
    ready = 46 + 20 / 60  # (s167) the evicted pod's replacement is scheduled on the spare node 20 s later
    s167 = Scenario("s167_memory_pressure_eviction_leak_follows_pod", "2028-05-23T14:00:00+00:00", 100,
                    mk("pe-h100-", 7, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       step_gen=True),
                    [Fault("page_cache", "pe-h100-03", 10, 60, rate=0.014),
                     Fault("cache_window", "pe-h100-03", 10, 60, cause=ben,
                           detail="page_cache"),  # label only
                     Fault("kv_leak", "pe-h100-03", 22, 46, cause=si, leak=2.0),
                     Fault("evict", "pe-h100-03", 46.0, 56.0, cause=ben, detail="node_pressure_eviction"),
                     Fault("arrive", "pe-h100-07", ready, ready + 10, cause=ben, detail="warmup"),
                     Fault("kv_leak", "pe-h100-07", 50, cause=si, leak=2.0),
                     Fault("annual_report", "pe-h100-05", 30, 75, cause=ben, detail="annual_report")],
                    noise=[("pe-h100-06", "NodeClockSkewDetected", 15, 100)],
                    drop={("pe-h100-02", "dcgm"): 0.03})
    for nd in s167.nodes[4:]:
        nd.lower = True
    s167.nodes[5].skew = 1.1
    s168 = Scenario("s168_tokenizer_cpu_saturation_on_residue_node", "2028-05-30T15:00:00+00:00", 90,
                    mk("tk-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                       host_total=1024 * GIB, step_gen=True),
                    [Fault("spec_residue", "tk-h100-04", 25, cause=sr, abort=0.03),
                     Fault("shift", "tk-h100-02", 35, 58, rate=1.8),
                     Fault("hotspot", "tk-h100-02", 35, 65, cause=ben,
                           detail="routing_hotspot"),  # label only
                     Fault("cpu_starve", "tk-h100-04", 40, 62, cause="other",
                           detail="tokenizer_cpu_saturation"),
                     Fault("cancels", "tk-h100-06", 30, 65, cause=ben, detail="client_cancels",
                           abort=0.09),
                     Fault("checkpoint_load", "tk-h100-01", 70, 75, cause=ben, detail="checkpoint_load")],
                    spill=True, drop={("tk-h100-05", "vllm"): 0.03})
    for nd in s168.nodes[3:]:
        nd.lower = True
    s168.nodes[2].skew = -0.8
    mp = []  # (s169) three Llama-3.1-405B instances, each a leader node (PP stage 0) and a worker (stage 1)
    for k in range(6):
        eng = Engine("0", list(range(8)), None, 4.0, "azure_conv", nodes=2)
        mp.append(Node(f"mp-h100-{k + 1:02d}", "H100", 8, l405, [eng], dict(iv8), step_gen=True,
                       worker_of=f"mp-h100-{k:02d}" if k % 2 else None))
    s169 = Scenario("s169_multinode_pp_instance_leak_batch_report", "2028-06-06T09:00:00+00:00", 90, mp,
                    [Fault("kv_leak", "mp-h100-03", 30, cause=si, leak=1.5),
                     Fault("annual_report", "mp-h100-01", 25, 70, cause=ben, detail="annual_report"),
                     Fault("batch_job", "mp-h100-05", 40, 70, rate=8.0),
                     *(Fault("batch_window", n, 40, 72, cause=ben, detail="batch_job")  # label only
                       for n in ("mp-h100-05", "mp-h100-06"))],
                    disorder=True)
    for nd in s169.nodes[4:]:
        nd.lower = True
    return [s166, s167, s168, s169]


def forty_second_scenarios() -> list[Scenario]:
    """s170-s173, added later by a forty-second outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    # (s170) the poison document: the client's task queue retries it 5, 10 and 20 min after each failure; the
    # gateway's retry policy (2 retries, previous_hosts) sends each attempt on to the hash ring's next two
    # hosts, ~3 s apart (the prefill of its ~31k-token prompt before the sampler faults); kubelet's back-off
    # 10 s doubling, reset once a container has run 10 min: (attempt minute, back-off s)
    tries = [(30.0, 10.0), (35.0, 20.0), (45.0, 40.0), (65.0, 10.0)]
    qd: list[Fault] = []
    for k, n in enumerate(("qd-h100-02", "qd-h100-03", "qd-h100-04")):
        runs: list[tuple[float, float, tuple[int, ...]]] = [
            (round(a + 3 * k / 60, 4), round(a + (3 * k + 1 + b) / 60, 4), (31, 43)) for a, b in tries]
        qd += [Fault("poison", n, runs[0][0], gpu=0, runs=runs),
               Fault("qod_window", n, runs[0][0], round(runs[-1][1] + 100 / 60, 4), cause="other",
                     detail="query_of_death")]  # label only: from its first crash to its last restart's ready
    s170 = Scenario("s170_query_of_death_ring_crash_chain", "2028-06-13T14:00:00+00:00", 90,
                    mk("qd-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*qd,
                     Fault("kv_leak", "qd-h100-06", 20, cause=si, leak=1.8),
                     *(Fault("warmup", n, 52, 62, cause=ben, detail="vllm_upgrade")
                       for n in ("qd-h100-01", "qd-h100-05"))],
                    spill=True, drop={("qd-h100-05", "dcgm"): 0.03})
    for nd in s170.nodes[3:]:
        nd.lower = True
    sg = [f"sg-h100-{k:02d}" for k in range(1, 7)]
    stops = (20, 26, 32, 38, 44, 50)  # (s171) the rolling restart: each node's SIGTERM (drained 30 s before)
    s171 = Scenario("s171_sigkill_xid45_rolling_restart_uncontained_ecc", "2028-06-20T09:00:00+00:00", 90,
                    mk("sg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [*(Fault("warmup", n, m, m + 10, cause=ben, detail="rolling_restart")
                       for n, m in zip(sg, stops, strict=True)),
                     *(Fault("sigkill_xid", n, m + 0.5, cause=ben, detail="xid45_on_sigkill")
                       for n, m in zip(sg, stops, strict=True)),
                     Fault("spec_residue", "sg-h100-03", 10, 32, cause=sr),
                     Fault("cancels", "sg-h100-03", 32, cause=ben, detail="client_cancels", abort=0.12),
                     Fault("xid95", "sg-h100-05", 62, gpu=2, cause="other", detail="xid_95")],
                    spill=True, drop={("sg-h100-02", "vllm"): 0.03})
    for nd in s171.nodes[3:]:
        nd.lower = True
    fx, us2 = "gpu-node-04", {"cluster": "gpu-prod-us2"}  # (s172) the other cluster's node of the same name
    fpod, fip = "vllm-llama-3.3-70b-inst-3f2a1", "10.12.7.41"  # its vLLM pod there
    foreign: list[tuple[str, str, dict[str, str], float, float | None, int | None]] = [
        (fx, "GPUXidErrors", {"instance": f"{fx}:9400", "job": "dcgm-exporter", "gpu": "3", "Hostname": fx,
                              "modelName": "NVIDIA H100 80GB HBM3", "xid": "79", **us2}, 38.17, 43.17, 3),
        (fx, "GatewayUpstream5xxRateHigh", {"service": "llm-gateway", "instance": f"{fx}:8000", **us2},
         38.45, 43.45, None),
        (fx, "VLLMTargetDown", {"node": fx, "instance": f"{fip}:8000", "job": "vllm",
                                "namespace": "inference", "pod": fpod, "engine": "0", "model_name": l70,
                                **us2}, 38.6, None, None),
        ("-", "GatewayHigh5xxRate", {"service": "llm-gateway", **us2}, 38.6, 42.8, None),
        (fx, "KubePodCrashLooping", {"node": fx, "instance": f"{fx}:9100", "job": "kube-state-metrics",
                                     "namespace": "inference", "pod": fpod, "container": "vllm", **us2},
         38.95, None, None),
        ("gpu-node-02", "NodeClockSkewDetected", {"node": "gpu-node-02", "instance": "gpu-node-02:9100",
                                                  "job": "node-exporter", **us2}, 12.0, 58.0, None)]
    s172 = Scenario("s172_shared_alertmanager_foreign_cluster_same_names", "2028-06-27T13:00:00+00:00", 90,
                    mk("gpu-node-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       stall_err=True, step_gen=True),
                    [Fault("kv_leak", "gpu-node-02", 25, cause=si, leak=2.0),
                     *(Fault("foreign_window", n, a, b, cause=ben, detail="foreign_cluster_alerts")
                       for n, a, b in (("gpu-node-02", 22, 60), (fx, 38, None))),  # label only
                     Fault("scrape_block", "gpu-node-05", 45, cause="monitoring_gap"),
                     Fault("rss_leak", "gpu-node-05", 49, rate=0.02),
                     Fault("checkpoint_load", "gpu-node-03", 60, 65, cause=ben, detail="checkpoint_load")],
                    cluster="gpu-prod-eu1", foreign=foreign)
    for nd in s172.nodes[3:]:
        nd.lower = True
    s173 = Scenario("s173_swap_node_leak_brownout_vs_oom", "2028-07-04T10:00:00+00:00", 100,
                    mk("sn-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True,
                       host_total=512 * GIB, stall_err=True, step_gen=True),
                    [*(Fault("rss_leak", n, 20, cause="other", detail="host_memory_leak", rate=0.012)
                       for n in ("sn-h100-03", "sn-h100-06")),
                     Fault("page_cache", "sn-h100-05", 15, 60, rate=0.014),
                     Fault("swap_cold", "sn-h100-05", 15, rate=6.0),
                     Fault("cache_window", "sn-h100-05", 15, cause=ben, detail="page_cache"),  # label only
                     Fault("spec_residue", "sn-h100-02", 35, cause=sr)])
    for nd in s173.nodes[3:]:
        nd.lower = True
    for nd in (s173.nodes[2], s173.nodes[4]):  # a node image with a 128 GiB swap file; LimitedSwap gives the
        nd.swap = 120 * GIB  #                    vLLM pod (requesting ~94 % of the node's memory) ~120 GiB
    return [s170, s171, s172, s173]


def forty_third_scenarios() -> list[Scenario]:
    """s174-s177, added later by a forty-third outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    # (s174) a config rollout (maxUnavailable 1, one pod per node) that waits for each new pod to be ready:
    # the warm wl-h100-01 at 20, wl-h100-02 (empty model cache) at 23, wl-h100-03 (empty cache, slow gateway)
    # at 29 (its first process 30 s later); the Deployment's progress deadline (600 s) passes at 39 and the
    # rule's `for: 15m` at 54
    stuck = {"namespace": "inference", "deployment": "vllm-llama-3.3-70b-inst", "job": "kube-state-metrics",
             "condition": "Progressing", "status": "false"}
    s174 = Scenario("s174_startup_probe_cold_load_crashloop", "2028-07-11T11:00:00+00:00", 90,
                    mk("wl-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("warmup", "wl-h100-01", 20, 30, cause=ben, detail="rolling_restart"),
                     Fault("cold_load", "wl-h100-02", 23, 36, cause=ben, detail="cold_weight_load",
                           rate=COLD_S),
                     Fault("probe_loop", "wl-h100-03", 29.5, cause="other", detail="weight_load_crashloop",
                           rate=CRAWL_S),
                     Fault("kv_leak", "wl-h100-05", 40, cause=si, leak=1.8)],
                    spill=True, site=[("KubeDeploymentRolloutStuck", stuck, 39.0, 90.0)],
                    drop={("wl-h100-06", "dcgm"): 0.03})
    for nd in s174.nodes[3:]:
        nd.lower = True
    s175 = Scenario("s175_preemption_fed_draft_residue_data_room", "2028-07-18T09:00:00+00:00", 100,
                    mk("pf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("warmup", "pf-h100-03", 15, 25, cause=ben, detail="vllm_upgrade"),
                     Fault("preempt_residue", "pf-h100-03", 15 + 130 / 60),  # the canary image's defect
                     *(Fault("long_document", n, 30, 78, cause=ben, detail="long_document", burst=10)
                       for n in ("pf-h100-03", "pf-h100-05")),
                     Fault("residue_window", "pf-h100-03", 31.1, cause=sr),  # label only: 1st preemption
                     Fault("cancels", "pf-h100-06", 35, 70, cause=ben, detail="client_cancels", abort=0.09)],
                    spill=True, noise=[("pf-h100-04", "NodeClockSkewDetected", 12, 100)],
                    drop={("pf-h100-02", "vllm"): 0.03})
    for nd in s175.nodes[3:]:
        nd.lower = True
    s175.nodes[3].skew = 1.3
    up = (("dk-h100-02", 15.0), ("dk-h100-04", 21.0), ("dk-h100-05", 27.0))  # (s176) the upgrade's wave
    prom = {"job": "prometheus-k8s", "namespace": "monitoring", "pod": "prometheus-k8s-0",
            "instance": "10.44.3.17:9090", "service": "prometheus-k8s"}  # its own rule: rejected scrapes
    s176 = Scenario("s176_sample_limit_dark_targets_rank_leak", "2028-07-25T13:00:00+00:00", 90,
                    mk("dk-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv8, trace2="azure_code",
                       step_gen=True),
                    [*(Fault("warmup", n, m, m + 10, cause=ben, detail="vllm_upgrade") for n, m in up),
                     *(Fault("prom_reject", n, round(m + 130 / 60, 4), cause=ben,
                             detail="scrape_sample_limit") for n, m in up),
                     Fault("kv_leak", "dk-h100-04", 40, cause=si, leak=1.8, inst=4),
                     Fault("scrape_block", "dk-h100-03", 45, cause="monitoring_gap"),
                     Fault("rss_leak", "dk-h100-03", 49, rate=0.02)],
                    spill=True, disorder=True,
                    site=[("PrometheusScrapeSampleLimitHit", prom, round(15 + 130 / 60, 4), 90.0)])
    for nd in s176.nodes[3:]:
        nd.lower = True
    s177 = Scenario("s177_max_num_seqs_cap_queue_backlog", "2028-08-01T10:00:00+00:00", 90,
                    mk("mq-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [Fault("warmup", "mq-h100-02", 25),  # the canary's drained restart (labelled as the cap)
                     Fault("seq_cap", "mq-h100-02", round(25 + 130 / 60, 4), cause="other",
                           detail="max_num_seqs_cap", burst=16),
                     Fault("warmup", "mq-h100-05", 31, 41, cause=ben, detail="warmup"),
                     Fault("kv_leak", "mq-h100-06", 35, cause=si, leak=1.5),
                     Fault("batch_job", "mq-h100-04", 40, 70, rate=1.5),
                     Fault("batch_window", "mq-h100-04", 40, 72, cause=ben, detail="batch_job"),  # label only
                     Fault("retry_burst", "mq-h100-03", 55, 61, cause=ben, detail="retry_burst")],
                    spill=True, noise=[("mq-h100-01", "NodeClockSkewDetected", 10, 90)],
                    drop={("mq-h100-04", "host"): 0.03})
    for nd in s177.nodes[3:]:
        nd.lower = True
    s177.nodes[0].skew = -0.7
    return [s174, s175, s176, s177]


def forty_fourth_scenarios() -> list[Scenario]:
    """s178-s181, added later by a forty-fourth outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    ns = [f"ns-h100-{k:02d}" for k in range(1, 7)]
    s178 = Scenario("s178_nonstreaming_sdk_gateway_ttft_leak", "2028-08-08T10:00:00+00:00", 90,
                    mk("ns-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                       step_gen=True),
                    [*(Fault("no_stream", n, 25, 68, rate=0.15) for n in ns),
                     *(Fault("nostream_window", n, 25, 73, cause=ben,  # label only: to the end of the
                             detail="non_streaming_client") for n in ns),  # 5-min windows it is in
                     Fault("kv_leak", "ns-h100-04", 32, cause=si, leak=2.0),
                     Fault("long_document", "ns-h100-02", 40, 60, cause=ben, detail="long_document",
                           burst=5)],
                    drop={("ns-h100-05", "dcgm"): 0.03})
    for nd in s178.nodes[3:]:
        nd.lower = True
    s179 = Scenario("s179_prometheus_oom_alert_blackout_xid", "2028-08-15T13:00:00+00:00", 90,
                    mk("pb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("spec_residue", "pb-h100-02", 22, cause=sr),
                     Fault("kv_leak", "pb-h100-06", 33, cause=si, leak=1.8),
                     Fault("xid79", "pb-h100-05", 44, gpu=1, cause="other", detail="xid_79"),
                     Fault("warmup", "pb-h100-03", 45, 55, cause=ben, detail="rolling_restart")],
                    noise=[("pb-h100-01", "NodeClockSkewDetected", 12, 90)],
                    spill=True, site=[("Watchdog", {}, 0.0, 90.0)], prom_down=(41.3, 50.4))
    for nd in s179.nodes[3:]:
        nd.lower = True
    s179.nodes[0].skew = 1.4
    s180 = Scenario("s180_edr_sensor_leak_innocent_vllm_oom", "2028-08-22T09:00:00+00:00", 90,
                    mk("ed-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=512 * GIB,
                       step_gen=True),
                    [Fault("daemon_leak", "ed-h100-03", 18, 73.5, rate=0.012),
                     Fault("daemon_window", "ed-h100-03", 18, round(74 + 100 / 60, 4), cause="other",
                           detail="host_daemon_memory_leak"),  # label only: to the new engine's ready
                     Fault("scrape_block", "ed-h100-05", 22, cause="monitoring_gap"),
                     Fault("rss_leak", "ed-h100-05", 26, rate=0.02),
                     Fault("page_cache", "ed-h100-02", 25, 60, rate=0.018),
                     Fault("cache_window", "ed-h100-02", 25, cause=ben, detail="page_cache"),  # label only
                     Fault("checkpoint_load", "ed-h100-06", 50, 55, cause=ben, detail="checkpoint_load")],
                    drop={("ed-h100-01", "host"): 0.03})
    for nd in s180.nodes[3:]:
        nd.lower = True
    up = (("kb-h100-02", 20.0), ("kb-h100-04", 50.0), ("kb-h100-05", 54.0))  # (s181) canary, second wave
    s181 = Scenario("s181_kv_usage_metric_regression_canary_leak", "2028-08-29T14:00:00+00:00", 100,
                    mk("kb-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, step_gen=True),
                    [*(Fault("warmup", n, m, m + 10, cause=ben, detail="vllm_upgrade") for n, m in up),
                     *(Fault("kv_metric_bug", n, round(m + 130 / 60, 4), cause=ben,
                             detail="kv_usage_metric_regression") for n, m in up),
                     Fault("kv_leak", "kb-h100-06", 30, cause=si, leak=1.8),
                     Fault("kv_leak", "kb-h100-05", 38, 54, cause=si, leak=2.0),
                     Fault("kv_leak", "kb-h100-05", round(54 + 130 / 60, 4), cause=si, leak=2.0)],
                    spill=True, noise=[("kb-h100-03", "NodeClockSkewDetected", 15, 100)])
    for nd in s181.nodes[3:]:
        nd.lower = True
    for nd in s181.nodes[:2]:
        nd.sentinel = True
    s181.nodes[2].skew = -1.2
    return [s178, s179, s180, s181]


def forty_fifth_scenarios() -> list[Scenario]:
    """s182-s185, added later by a forty-fifth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben, sr = "session_isolation", "benign", "spec_residue"
    up = (("wp-h100-02", 15.0), ("wp-h100-03", 21.0), ("wp-h100-05", 27.0))  # (s182) the upgrade's wave
    s182 = Scenario("s182_multiproc_upgrade_untracked_worker_leak", "2028-09-05T13:00:00+00:00", 90,
                    mk("wp-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       stall_err=True, step_gen=True),
                    [*(Fault("warmup", n, m, m + 10, cause=ben, detail="vllm_upgrade") for n, m in up),
                     *(Fault("split_rss", n, m + 0.5) for n, m in up),  # from each new process's start
                     Fault("kv_leak", "wp-h100-06", 30, cause=si, leak=1.8),
                     Fault("worker_leak", "wp-h100-03", 36, cause="monitoring_gap",
                           detail="untracked_worker_processes", rate=0.015),
                     Fault("checkpoint_load", "wp-h100-05", 55, 60, cause=ben, detail="checkpoint_load")],
                    spill=True, noise=[("wp-h100-01", "NodeClockSkewDetected", 12, 90)],
                    drop={("wp-h100-04", "host"): 0.03})
    for nd in s182.nodes[3:]:
        nd.lower = True
    s182.nodes[0].skew = 0.9
    sq = [f"sq-h100-{k:02d}" for k in range(1, 7)]
    s183 = Scenario("s183_in_engine_stop_string_draft_residue", "2028-09-12T10:00:00+00:00", 90,
                    mk("sq-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True),
                    [Fault("warmup", "sq-h100-03", 15, 25, cause=ben, detail="vllm_upgrade"),
                     Fault("stop_residue", "sq-h100-03", round(15 + 130 / 60, 4)),  # the canary's new path
                     Fault("cancels", "sq-h100-05", 30, 70, cause=ben, detail="client_cancels", abort=0.09),
                     *(Fault("stop_strings", n, 35, rate=0.2) for n in sq),  # the agent tenant goes live
                     Fault("residue_window", "sq-h100-03", 35, cause=sr),  # label only: 1st stop strings
                     Fault("kv_leak", "sq-h100-06", 42, cause=si, leak=1.5),
                     Fault("checkpoint_load", "sq-h100-01", 50, 55, cause=ben, detail="checkpoint_load"),
                     Fault("warmup", "sq-h100-04", 60, 70, cause=ben, detail="vllm_upgrade"),  # rollout on
                     Fault("stop_residue", "sq-h100-04", round(60 + 130 / 60, 4), cause=sr)],
                    spill=True, drop={("sq-h100-02", "dcgm"): 0.03})
    for nd in s183.nodes[3:]:
        nd.lower = True
    mu = ("mu-h100-05", "mu-h100-06")
    s184 = Scenario("s184_ecmp_uplink_mtu_blackhole_large_prompts", "2028-09-19T14:00:00+00:00", 90,
                    mk("mu-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                       step_gen=True),
                    [Fault("kv_leak", "mu-h100-04", 25, cause=si, leak=1.8),
                     *(Fault("mtu_blackhole", n, 30, 58, rate=0.25) for n in mu),
                     *(Fault("mtu_window", n, 30, 59, cause="other",  # label only: to its last timeout
                             detail="network_mtu_blackhole") for n in mu),
                     Fault("failover", "mu-h100-02", 40, 60, cause=ben, detail="maintenance_drain",
                           to=[("mu-h100-01", 0.5), ("mu-h100-03", 0.5)]),
                     *(Fault("failover_peer", n, 40, 70, cause=ben, detail="failover")
                       for n in ("mu-h100-01", "mu-h100-03"))],
                    noise=[("mu-h100-03", "NodeClockSkewDetected", 14, 90)],
                    drop={("mu-h100-01", "vllm"): 0.03})
    for nd in s184.nodes[3:]:
        nd.lower = True
    s184.nodes[2].skew = -1.1
    ik = [f"ik-h100-{k:02d}" for k in range(1, 7)]
    herd = [(15.0, 2.0, ()), (45.0, 1.5, ()), (75.0, 2.0, ())]  # (s185) 10:00, 10:30 and 11:00
    s185 = Scenario("s185_implicit_session_key_collapse_hourly_herd", "2028-09-26T09:45:00+00:00", 90,
                    mk("ik-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True),
                    [*(Fault("herd", n, 15, runs=list(herd)) for n in ik),
                     *(Fault("herd_window", n, a, a + 10, cause=ben, detail="cron_burst")  # label only
                       for a, _, _ in herd for n in ik),
                     Fault("shift", "ik-h100-03", 22, rate=2.0),  # the collapsed session key's owner
                     *(Fault("shift", n, 22, rate=0.8) for n in ik if n != "ik-h100-03"),
                     Fault("kv_leak", "ik-h100-03", 22, cause=si, leak=0.7),
                     Fault("shift", "ik-h100-05", 50, 68, rate=1.8),
                     Fault("hotspot", "ik-h100-05", 50, 78, cause=ben, detail="routing_hotspot")],  # label
                    drop={("ik-h100-06", "host"): 0.03})
    for nd in s185.nodes[3:]:
        nd.lower = True
    return [s182, s183, s184, s185]


def forty_sixth_scenarios() -> list[Scenario]:
    """s186-s189, added later by a forty-sixth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    r4, r5 = round(38 + 130 / 60, 4), round(50 + 130 / 60, 4)  # (s186) the rolled engines' ready
    s186 = Scenario("s186_rotated_api_key_restart_rejects_all", "2028-10-03T09:00:00+00:00", 90,
                    mk("ak-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                       step_gen=True, count_fix=True),
                    [Fault("warmup", "ak-h100-02", 12, 22, cause=ben, detail="config_rollout"),
                     Fault("failover", "ak-h100-03", 24, 34, cause=ben, detail="maintenance_drain",
                           to=[("ak-h100-01", 0.5), ("ak-h100-02", 0.5)]),
                     *(Fault("failover_peer", n, 24, 44, cause=ben, detail="failover")
                       for n in ("ak-h100-01", "ak-h100-02")),
                     Fault("kv_leak", "ak-h100-06", 30, cause=si, leak=1.8),
                     Fault("warmup", "ak-h100-04", 38, 48, cause=ben, detail="config_rollout"),
                     Fault("auth_reject", "ak-h100-04", r4, 66),  # to the fix's stop (drained 30 s before)
                     Fault("auth_window", "ak-h100-04", r4, round(66 + 130 / 60, 4), cause="other",
                           detail="api_key_mismatch"),  # label only: to the fixed engine's ready
                     Fault("warmup", "ak-h100-05", 50, 60, cause=ben, detail="config_rollout"),
                     Fault("auth_reject", "ak-h100-05", r5, 67.5),
                     Fault("auth_window", "ak-h100-05", r5, round(67.5 + 130 / 60, 4), cause="other",
                           detail="api_key_mismatch"),
                     Fault("warmup", "ak-h100-04", 66, 76, cause=ben, detail="warmup"),  # the fix (old key)
                     Fault("warmup", "ak-h100-05", 67.5, 77.5, cause=ben, detail="warmup")],
                    spill=True, noise=[("ak-h100-02", "NodeClockSkewDetected", 15, 90)],
                    drop={("ak-h100-06", "dcgm"): 0.03})
    for nd in s186.nodes[3:]:
        nd.lower = True
    s186.nodes[1].skew = 0.8
    wave = (("rp-h100-01", 12.0, ("rp-h100-02", "rp-h100-06")),  # (s187) the OS image rollout: node, drain
            ("rp-h100-03", 35.0, ("rp-h100-02", "rp-h100-04")),  # minute, the two ring successors that take
            ("rp-h100-05", 58.0, ("rp-h100-04", "rp-h100-06")))  # its sessions
    imaging: list[Fault] = []
    for n, d, peers in wave:  # reboot 1 min after the drain; ready BOOT_S + 145 s + the fetch later
        ready = round(d + 1 + (BOOT_S + 145 + DL_S) / 60, 4)
        up = round(d + 1 + BOOT_S / 60, 4)
        imaging += [Fault("failover", n, d, ready, to=[(p, 0.5) for p in peers]),
                    Fault("reimage", n, d + 1, rate=DL_S),
                    Fault("agent_restart", n, d + 1, up),
                    Fault("driver_upgrade", n, d + 1, up),  # the new image's driver (DRIVER_NEW)
                    Fault("reimage_window", n, d, round(ready + 10, 4), cause=ben, detail="os_image_rollout"),
                    *(Fault("failover_peer", p, d, round(ready + 10, 4), cause=ben, detail="failover")
                      for p in peers),
                    Fault("gen_cap", n, ready, cause="other", detail="generation_config_max_new_tokens",
                          rate=128)]
    s187 = Scenario("s187_generation_config_cap_reimage_wave", "2028-10-10T13:00:00+00:00", 90,
                    mk("rp-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, logging=True,
                       step_gen=True, count_fix=True),
                    [*imaging,
                     Fault("classify", "rp-h100-06", 20, 65, cause=ben, detail="classification_backend",
                           rate=1.2),
                     Fault("spec_residue", "rp-h100-02", 42, cause="spec_residue")],
                    drop={("rp-h100-04", "host"): 0.03})
    for nd in s187.nodes[3:]:
        nd.lower = True
    slots: list[tuple[float, float, tuple[int, ...]]] = [(m, 0.0, ()) for m in (40.0, 55.0, 70.0, 85.0)]
    s188 = Scenario("s188_pod_memory_limit_reload_oom_kills", "2028-10-17T10:00:00+00:00", 90,
                    mk("ml-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       step_gen=True, count_fix=True),
                    [Fault("reload", "ml-h100-02", 10, cause=ben, detail="weight_reload"),
                     Fault("reload", "ml-h100-04", 10, 27, cause=ben, detail="weight_reload"),
                     Fault("warmup", "ml-h100-04", 27, 37, cause=ben, detail="config_rollout"),
                     Fault("memcg_limit", "ml-h100-04", 27.5, rate=112, runs=slots),  # from the new process
                     Fault("memcg_window", "ml-h100-04", 38.5, cause="other", detail="pod_memory_limit"),
                     Fault("warmup", "ml-h100-06", 33, 43, cause=ben, detail="config_rollout"),
                     Fault("memcg_limit", "ml-h100-06", 33.5, rate=112),  # the same limit, never met there
                     Fault("kv_leak", "ml-h100-05", 35, cause=si, leak=2.0),
                     Fault("checkpoint_load", "ml-h100-01", 60, 65, cause=ben, detail="checkpoint_load")],
                    spill=True, noise=[("ml-h100-03", "NodeClockSkewDetected", 12, 90)],
                    drop={("ml-h100-01", "vllm"): 0.03})
    for nd in s188.nodes[3:]:
        nd.lower = True
    s188.nodes[2].skew = -1.0
    mr = [f"mr-h100-{k:02d}" for k in range(1, 7)]
    s189 = Scenario("s189_shadow_mirror_misroute_doubles_load", "2028-10-24T14:00:00+00:00", 90,
                    mk("mr-h100-", 6, "H100", 4, "Qwen/Qwen2.5-72B-Instruct", "mooncake", "tp", 1.0, iv,
                       host_total=1024 * GIB, stall_err=True, step_gen=True, count_fix=True),
                    [Fault("warmup", "mr-h100-05", 20, 30, cause=ben, detail="chart_upgrade"),
                     Fault("sd_lost", "mr-h100-05", 20.5, cause="monitoring_gap",
                           detail="metrics_port_renamed"),
                     Fault("rss_leak", "mr-h100-05", 28, rate=0.02),
                     *(Fault("mirror", n, 35, 52, rate=1.0) for n in mr),
                     *(Fault("mirror_window", n, 35, 55, cause="other", detail="shadow_traffic_misroute")
                       for n in mr),
                     Fault("par_eval", "mr-h100-02", 62, 82, cause=ben, detail="parallel_sampling_eval",
                           rate=0.15, burst=8)],
                    spill=True, drop={("mr-h100-03", "dcgm"): 0.03})
    for nd in s189.nodes[3:]:
        nd.lower = True
    return [s186, s187, s188, s189]


def forty_seventh_scenarios() -> list[Scenario]:
    """s190-s193, added later by a forty-seventh outsider, same rules (see the module docstring)."""
    l70, q72 = "meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben = "session_isolation", "benign"
    # (s190) each broken node's first serving start once its Fabric Manager runs again: -02 waits for
    # CrashLoopBackOff's next attempt, -05's pod is deleted 20 s after the fix
    r2 = round((fm_attempts(24.0 * 60, 46.0 * 60, None)[1] + 100) / 60, 4)
    r5 = round((fm_attempts(51.0 * 60, 58.0 * 60, 58.0 * 60 + 20)[1] + 100) / 60, 4)
    fmx = "fabric_manager_version_mismatch"
    s190 = Scenario("s190_fabric_manager_unattended_upgrade_crashloop", "2028-10-31T05:50:00+00:00", 90,
                    mk("fm-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv8, trace2="azure_code",
                       uref_min=24.0, step_gen=True, count_fix=True),
                    [Fault("fm_down", "fm-h100-02", 24.0, 46.0),
                     Fault("fm_window", "fm-h100-02", 24.0, r2, cause="other", detail=fmx),
                     Fault("failover", "fm-h100-02", 24.77, r2,
                           to=[("fm-h100-06", 0.5), ("fm-h100-01", 0.5)]),
                     *(Fault("failover_peer", n, 24.77, round(r2 + 10, 4), cause=ben, detail="failover")
                       for n in ("fm-h100-06", "fm-h100-01")),
                     Fault("drv_roll", "fm-h100-04", 35, round(35 + 400 / 60 + 10, 4), cause=ben,
                           detail="driver_upgrade"),
                     Fault("driver_upgrade", "fm-h100-04", 35.5, 39.5),
                     Fault("failover", "fm-h100-04", 34.5, round(35 + 400 / 60, 4),
                           to=[("fm-h100-05", 0.5), ("fm-h100-06", 0.5)]),
                     *(Fault("failover_peer", n, 34.5, round(45 + 400 / 60, 4), cause=ben, detail="failover")
                       for n in ("fm-h100-05", "fm-h100-06")),
                     Fault("kv_leak", "fm-h100-03", 40, inst=4, cause=si, leak=1.8),
                     Fault("fm_down", "fm-h100-05", 51.0, 58.0, rate=20.0),
                     Fault("fm_window", "fm-h100-05", 51.0, r5, cause="other", detail=fmx),
                     Fault("failover", "fm-h100-05", 51.77, r5,
                           to=[("fm-h100-01", 0.5), ("fm-h100-02", 0.5)]),
                     *(Fault("failover_peer", n, 51.77, round(r5 + 10, 4), cause=ben, detail="failover")
                       for n in ("fm-h100-01", "fm-h100-02"))],
                    units=[("fm-h100-02", FM_UNIT, 24.0, 46.0), ("fm-h100-05", FM_UNIT, 51.0, 58.0)],
                    drop={("fm-h100-06", "dcgm"): 0.03})
    for nd in s190.nodes[3:]:
        nd.lower = True
    kp = [f"kp-h100-{k:02d}" for k in range(1, 9)]
    gapn = ("kp-h100-02", "kp-h100-05", "kp-h100-07")  # (s191) keyed to the leaderless partitions
    kaf = {"namespace": "kafka", "strimzi_io_cluster": "telemetry", "strimzi_io_kind": "Kafka"}
    s191 = Scenario("s191_kafka_rf1_partitions_offline_hidden_rss_leak", "2028-11-07T14:00:00+00:00", 90,
                    mk("kp-h100-", 8, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       uref_min=25.0, step_gen=True, count_fix=True),
                    [Fault("lost_window", "kp-h100-05", 25, cause="monitoring_gap",
                           detail="telemetry_partition_offline"),
                     Fault("rss_leak", "kp-h100-05", 30, rate=0.02),
                     Fault("lora", "kp-h100-07", 35, cause=ben, detail="lora_onboarding", rate=0.8),
                     Fault("kv_leak", "kp-h100-04", 40, cause=si, leak=2.0)],
                    noise=[("kp-h100-01", "NodeClockSkewDetected", 18, 90)],
                    lost=[(n, "vllm", 25.0, 72.0) for n in gapn],
                    site=[("OfflinePartitions", {}, 25.0, 72.0),
                          ("UnderReplicatedPartitions", {**kaf, "pod": "telemetry-kafka-0"}, 25.0, 80.5),
                          ("UnderReplicatedPartitions", {**kaf, "pod": "telemetry-kafka-1"}, 25.0, 79.0)],
                    drop={("kp-h100-03", "host"): 0.03})
    for nd in s191.nodes[4:]:
        nd.lower = True
    s191.nodes[0].skew = 1.1
    assert all(n in kp for n in gapn)
    lim = 32768 - 2048  # (s192) a 32,768-token max_model_len less the chat clients' max_tokens
    r3, r5b = round(20 + 130 / 60, 4), round(45 + 130 / 60, 4)
    cl = [f"cl-h100-{k:02d}" for k in range(1, 7)]
    s192 = Scenario("s192_chart_args_rename_max_model_len_rejects", "2028-11-14T10:00:00+00:00", 90,
                    mk("cl-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, spec=True, logging=True,
                       gw_log=True, http_metrics=True, step_gen=True, count_fix=True),
                    [Fault("warmup", "cl-h100-03", 20, 30, cause=ben, detail="config_rollout"),
                     Fault("ctx_reject", "cl-h100-03", r3, 66, rate=lim),  # to the rollback's stop
                     Fault("ctx_window", "cl-h100-03", r3, round(66 + 130 / 60, 4), cause="other",
                           detail="max_model_len_regression"),  # label only: to the rolled-back ready
                     *(Fault("bad_params", n, 30, 52, cause=ben, detail="client_invalid_requests", rate=0.25)
                       for n in cl),
                     Fault("spec_residue", "cl-h100-02", 35, cause="spec_residue"),
                     Fault("warmup", "cl-h100-05", 45, 55, cause=ben, detail="config_rollout"),
                     Fault("ctx_reject", "cl-h100-05", r5b, 67, rate=lim),
                     Fault("ctx_window", "cl-h100-05", r5b, round(67 + 130 / 60, 4), cause="other",
                           detail="max_model_len_regression"),
                     Fault("warmup", "cl-h100-03", 66, 76, cause=ben, detail="warmup"),  # the rollback
                     Fault("warmup", "cl-h100-05", 67, 77, cause=ben, detail="warmup")],
                    spill=True, drop={("cl-h100-06", "vllm"): 0.03})
    for nd in s192.nodes[3:]:
        nd.lower = True
    s193 = Scenario("s193_session_sweeper_thread_death_two_nodes", "2028-11-21T13:00:00+00:00", 90,
                    mk("sw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("sweep_dead", "sw-h100-04", 27, 53),  # to the on-call's restart
                     Fault("sweep_window", "sw-h100-04", 27, cause=si, detail="session_sweeper_dead"),
                     Fault("annual_report", "sw-h100-02", 30, 75, cause=ben, detail="annual_report"),
                     Fault("sweep_dead", "sw-h100-01", 52),
                     Fault("sweep_window", "sw-h100-01", 52, cause=si, detail="session_sweeper_dead"),
                     Fault("warmup", "sw-h100-04", 53, 63),  # the on-call's drained restart (no label)
                     Fault("long_document", "sw-h100-06", 55, 80, cause=ben, detail="long_document", burst=4),
                     Fault("sweep_dead", "sw-h100-04", 58.5)],  # its sweeper dies again
                    spill=True, noise=[("sw-h100-05", "NodeClockSkewDetected", 14, 90)],
                    drop={("sw-h100-03", "dcgm"): 0.03})
    for nd in s193.nodes[3:]:
        nd.lower = True
    s193.nodes[4].skew = -0.9
    return [s190, s191, s192, s193]


def forty_eighth_scenarios() -> list[Scenario]:
    """s194-s197, added later by a forty-eighth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s194 = Scenario("s194_cache_keepwarm_pings_pin_abandoned_sessions", "2028-11-28T10:00:00+00:00", 90,
                    mk("kw-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("keepwarm", "kw-h100-04", 25, cause=si, detail="keepwarm_pins_abandoned_sessions",
                           rate=0.10, burst=6),  # retail-bank's backend: never stops (its turns: TENANTS)
                     Fault("keepwarm", "kw-h100-02", 35, cause=ben, detail="cache_keepwarm_pings", rate=0.12,
                           burst=4, cap=12),  # ops-copilot's IDE plugin: stops 12 min after a last turn
                     Fault("checkpoint_load", "kw-h100-05", 60, 65, cause=ben, detail="checkpoint_load"),
                     Fault("xid79", "kw-h100-06", 70, gpu=2, cause="other", detail="xid_79")],
                    noise=[("kw-h100-01", "NodeClockSkewDetected", 16, 90)],
                    drop={("kw-h100-03", "dcgm"): 0.03})
    for nd in s194.nodes[3:]:
        nd.lower = True
    s194.nodes[0].skew = 1.2
    roll = (("se-h100-01", 15.0), ("se-h100-02", 21.0), ("se-h100-03", 27.0),  # (s195) the rollout; after
            ("se-h100-05", 60.0), ("se-h100-06", 66.0))  # se-h100-04 (33) its 20-min bake pause ran to 60
    s195 = Scenario("s195_missed_endpoint_update_gateway_blackholes_node", "2028-12-05T14:00:00+00:00", 90,
                    mk("se-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, uref_min=32.0,
                       step_gen=True, count_fix=True),
                    [*(Fault("warmup", n, m, m + 10, cause=ben, detail="rolling_restart")
                       for n, m in roll),
                     Fault("operator_restart", "se-h100-04", 33.0),  # drained for kubelet, not the gateway
                     Fault("restart_window", "se-h100-04", 33.0, 43.0, cause=ben, detail="rolling_restart"),
                     Fault("stale_ep", "se-h100-04", 33.0, 58.0, cause="other",
                           detail="stale_gateway_endpoint"),
                     Fault("failover", "se-h100-04", 33.0, 58.0,
                           to=[("se-h100-05", 0.5), ("se-h100-03", 0.5)]),
                     *(Fault("failover_peer", n, 33.0, 68.0, cause=ben, detail="failover")
                       for n in ("se-h100-05", "se-h100-03")),
                     Fault("failover", "se-h100-06", 40.0, 52.0, cause=ben, detail="maintenance_drain",
                           to=[("se-h100-01", 0.5), ("se-h100-02", 0.5)]),
                     *(Fault("failover_peer", n, 40.0, 62.0, cause=ben, detail="failover")
                       for n in ("se-h100-01", "se-h100-02")),
                     Fault("spec_residue", "se-h100-02", 48, cause="spec_residue")],
                    spill=True, drop={("se-h100-01", "host"): 0.03})
    for nd in s195.nodes[3:]:
        nd.lower = True
    r3 = round(20 + 130 / 60, 4)  # (s196) the canary's new engine ready
    s196 = Scenario("s196_tool_call_parser_500s_engine_sees_success", "2028-12-12T09:00:00+00:00", 90,
                    mk("tp-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                       http_metrics=True, step_gen=True, count_fix=True),
                    [Fault("warmup", "tp-h100-03", 20, 30, cause=ben, detail="vllm_upgrade"),
                     Fault("tool_500", "tp-h100-03", r3, 55.0, rate=0.25),  # to the rollback's stop
                     Fault("parser_window", "tp-h100-03", r3, round(55 + 130 / 60, 4), cause="other",
                           detail="tool_call_parser_regression"),  # label only: to the rolled-back ready
                     Fault("warmup", "tp-h100-06", 25, 35, cause=ben, detail="vllm_upgrade"),
                     Fault("kv_leak", "tp-h100-01", 35, cause=si, leak=2.0),
                     Fault("retry_burst", "tp-h100-05", 40, 46, cause=ben, detail="retry_burst"),
                     Fault("warmup", "tp-h100-03", 55, 65, cause=ben, detail="vllm_rollback"),
                     Fault("warmup", "tp-h100-06", 56.5, 66.5, cause=ben, detail="vllm_rollback")],
                    spill=True, noise=[("tp-h100-02", "NodeClockSkewDetected", 14, 90)],
                    drop={("tp-h100-04", "dcgm"): 0.03})
    for nd in s196.nodes[3:]:
        nd.lower = True
    s196.nodes[1].skew = -0.8
    gap = "agent_scrapes_service_vip"
    s197 = Scenario("s197_agent_scrapes_service_vip_mixed_pods", "2028-12-19T15:00:00+00:00", 90,
                    mk("vs-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("vip_window", "vs-h100-02", 20.0, cause="monitoring_gap", detail=gap),
                     Fault("vip_window", "vs-h100-05", 20.6, cause="monitoring_gap", detail=gap),
                     Fault("kv_leak", "vs-h100-04", 30, cause=si, leak=2.0),
                     Fault("annual_report", "vs-h100-03", 35, 80, cause=ben, detail="annual_report"),
                     Fault("warmup", "vs-h100-01", 50, 60, cause=ben, detail="warmup")],
                    spill=True, noise=[("vs-h100-06", "NodeClockSkewDetected", 18, 90)],
                    vip=[("vs-h100-02", 20.0), ("vs-h100-05", 20.6)], drop={("vs-h100-03", "host"): 0.03})
    for nd in s197.nodes[3:]:
        nd.lower = True
    s197.nodes[5].skew = 1.4
    return [s194, s195, s196, s197]


def forty_ninth_scenarios() -> list[Scenario]:
    """s198-s201, added later by a forty-ninth outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    qz = "tenant_quota_zeroed"
    s198 = Scenario("s198_payment_rate_zero_quota_429s_pinned_tenant", "2028-12-26T09:00:00+00:00", 90,
                    mk("qz-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True, gw_log=True,
                       step_gen=True, count_fix=True),
                    [*(Fault("tenant_quota", n, 25.3, 58.3, cause="other", detail=qz, rate=0.30,
                             tenant="contracts-ai") for n in ("qz-h100-02", "qz-h100-05")),
                     Fault("kv_leak", "qz-h100-06", 32, cause=si, leak=2.0),
                     Fault("quota_burst", "qz-h100-04", 40, 70, rate=3.0, cap=0.75, tenant="quant-research"),
                     Fault("quota_window", "qz-h100-04", 40, 76, cause=ben,  # label only: to its rule's
                           detail="tenant_quota_enforced"),  #                           resolve
                     Fault("warmup", "qz-h100-01", 62, 72, cause=ben, detail="warmup")],
                    spill=True, noise=[("qz-h100-03", "NodeClockSkewDetected", 15, 90)],
                    drop={("qz-h100-01", "dcgm"): 0.03})
    for nd in s198.nodes[3:]:
        nd.lower = True
    s198.nodes[2].skew = -1.0
    arc = "archiver_reads_refresh_sessions"
    s199 = Scenario("s199_compliance_archiver_reads_pin_sessions", "2029-01-02T13:00:00+00:00", 90,
                    mk("ca-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.75, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("touch_scan", n, m, cause=si, detail=arc, rate=r)
                       for n, m, r in (("ca-h100-01", 28.0, 0.45), ("ca-h100-02", 28.4, 0.40),
                                       ("ca-h100-03", 28.8, 0.50))),
                     Fault("annual_report", "ca-h100-05", 30, 75, cause=ben, detail="annual_report"),
                     Fault("failover", "ca-h100-06", 40, 52,
                           to=[("ca-h100-04", 0.5), ("ca-h100-05", 0.5)]),
                     Fault("drain_window", "ca-h100-06", 40, 60, cause=ben,  # label only: to its load's
                           detail="maintenance_drain"),  #                              return
                     *(Fault("failover_peer", n, 40, 62, cause=ben, detail="failover")
                       for n in ("ca-h100-04", "ca-h100-05")),
                     Fault("checkpoint_load", "ca-h100-02", 60, 65, cause=ben, detail="checkpoint_load")],
                    noise=[("ca-h100-04", "NodeClockSkewDetected", 20, 90)],
                    drop={("ca-h100-05", "host"): 0.03})
    for nd in s199.nodes[3:]:
        nd.lower = True
    s199.nodes[3].skew = 1.3
    sp = [f"sp-l40s-{k:02d}" for k in range(1, 7)]
    r3, r5 = round(20 + 130 / 60, 4), round(50 + 130 / 60, 4)  # (s200) the canaries' new servers ready
    pcr = "probe_cancel_draft_residue"
    s200 = Scenario("s200_ttft_prober_first_token_cancel_canary_residue", "2029-01-09T10:00:00+00:00", 90,
                    mk("sp-l40s-", 6, "L40S", 4, l8, "azure_conv", "per_gpu", 3.0, iv, spec=True,
                       host_total=512 * GIB, port_per_gpu=True, step_gen=True, count_fix=True),
                    [*(Fault("probe_cancel", n, 0, rate=15.0) for n in sp),
                     Fault("warmup", "sp-l40s-03", 20, 30, cause=ben, detail="vllm_upgrade"),
                     Fault("first_residue", "sp-l40s-03", r3, cause="spec_residue", detail=pcr),
                     Fault("cancels", "sp-l40s-02", 30, 60, abort=0.09),
                     Fault("cancel_window", "sp-l40s-02", 30, 65, cause=ben,  # label only: to its rule's
                           detail="client_cancels"),  #                                resolve
                     Fault("kv_leak", "sp-l40s-04", 40, gpu=1, inst=1, cause=si, leak=2.0),
                     Fault("warmup", "sp-l40s-05", 50, 60, cause=ben, detail="vllm_upgrade"),
                     Fault("first_residue", "sp-l40s-05", r5, cause="spec_residue", detail=pcr)],
                    spill=True, drop={("sp-l40s-06", "nvml"): 0.03})
    for nd in s200.nodes[3:]:
        nd.sentinel = True
    s200.nodes[5].skew = 0.9
    roll = (("rn-h100-02", 20.0, 78.0), ("rn-h100-03", 20.4, 78.4), ("rn-h100-05", 20.8, 78.8))  # (s201)
    hip = {"rn-h100-02": "10.42.17.23", "rn-h100-03": "10.42.17.58", "rn-h100-05": "10.42.18.11"}
    nip = "agent_node_name_host_ip"
    rdy = round(47 + (JOIN_PULL + JOIN_LOAD) / 60, 4)  # (s201) the replacement node's vLLM ready
    s201 = Scenario("s201_agent_canary_node_name_host_ip", "2029-01-16T15:00:00+00:00", 90,
                    mk("rn-h100-", 7, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("agent_restart", n, a, round(a + 0.3, 4)) for n, a, _ in roll),
                     *(Fault("alias_window", n, a, round(b + 0.3, 4), cause="monitoring_gap", detail=nip)
                       for n, a, b in roll),
                     *(Fault("agent_restart", n, b, round(b + 0.3, 4)) for n, _, b in roll),
                     Fault("kv_leak", "rn-h100-03", 26, cause=si, leak=2.4),
                     Fault("checkpoint_load", "rn-h100-05", 40, 45, cause=ben, detail="checkpoint_load"),
                     Fault("failover", "rn-h100-06", 45, rdy, to=[("rn-h100-01", 0.5), ("rn-h100-04", 0.5)]),
                     Fault("evict", "rn-h100-06", 45.5), Fault("absent", "rn-h100-06", 47),
                     Fault("replace_window", "rn-h100-06", 45, cause=ben, detail="node_replacement"),
                     *(Fault("failover_peer", n, 45, 65, cause=ben, detail="failover")
                       for n in ("rn-h100-01", "rn-h100-04")),
                     Fault("join", "rn-h100-07", 47, 62, cause=ben, detail="scale_out")],
                    noise=[("rn-h100-01", "NodeClockSkewDetected", 22, 90)],
                    drop={("rn-h100-04", "dcgm"): 0.03},
                    alias=[(n, hip[n], a, b) for n, a, b in roll])
    for nd in s201.nodes[4:]:
        nd.lower = True
    s201.nodes[0].skew = 1.1
    return [s198, s199, s200, s201]


def fiftieth_scenarios() -> list[Scenario]:
    """s202-s205, added later by a fiftieth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    greet = [Fault("launch_greet", n, 15, cause=ben, detail="app_launch_sessions", rate=0.9, ramp=20.0)
             for n in ("sb-h100-02", "sb-h100-05")]  # retail-bank's app release, pinned to both by affinity
    cap = Fault("scan_cap", "sb-h100-02", 0)  # (s202) session-layer 2.14 on sb-h100-01..03 for two days
    x202 = round(float(np.argmax(scan_share(cap, greet[:1], 90 * 60) > 0)) / 60, 2)  # the first session its
    #                                                                  sweeps never reach (no draw)
    s202 = Scenario("s202_session_scan_page_cap_app_launch_flood", "2029-01-23T08:00:00+00:00", 90,
                    mk("sb-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True,
                       step_gen=True, count_fix=True),
                    [*greet, cap,
                     Fault("scan_window", "sb-h100-02", x202, cause=si, detail="sweeper_single_scan_call"),
                     Fault("warmup", "sb-h100-04", 55, 65, cause=ben, detail="warmup"),
                     Fault("xid79", "sb-h100-06", 68, gpu=1, cause="other", detail="xid_79")],
                    spill=True, noise=[("sb-h100-01", "NodeClockSkewDetected", 16, 90)],
                    drop={("sb-h100-04", "dcgm"): 0.03})
    for nd in s202.nodes[3:]:
        nd.lower = True
    s202.nodes[0].skew = 1.0
    hg = [f"hg-h100-{k:02d}" for k in range(1, 7)]
    r3 = round(20 + 130 / 60, 4)  # (s203) the canary's new engine ready
    s203 = Scenario("s203_gateway_hedging_inherited_canary_draft_residue", "2029-01-30T14:00:00+00:00", 90,
                    mk("hg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True,
                       count_fix=True),
                    [Fault("warmup", "hg-h100-03", 20, 30, cause=ben, detail="vllm_upgrade"),
                     Fault("spec_residue", "hg-h100-03", r3, cause="spec_residue",
                           detail="canary_abort_path_keeps_draft_state", abort=0.015),  # the users' 1.5 %
                     *(Fault("hedge", n, 35, 65, rate=0.25, cap=8.0) for n in hg),
                     *(Fault("hedge_window", n, 35, 70, cause=ben, detail="hedged_requests")  # label only: to
                       for n in hg),  #                                                   its rule's resolve
                     Fault("kv_leak", "hg-h100-06", 40, cause=si, leak=2.0)],
                    spill=True, noise=[("hg-h100-02", "NodeClockSkewDetected", 14, 90)],
                    drop={("hg-h100-05", "host"): 0.03})
    for nd in s203.nodes[3:]:
        nd.lower = True
    s203.nodes[1].skew = -0.8
    roll = [(f"lx-h100-{k:02d}", round(18.0 + 1.6 * (k - 1), 4)) for k in range(1, 7)]  # (s204) the agent's
    s204 = Scenario("s204_lxcfs_agent_meminfo_hugepages_oom_loop", "2029-02-06T11:00:00+00:00", 90,
                    mk("lx-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, host_total=1024 * GIB,
                       step_gen=True, count_fix=True),  #                                   weekly rollout
                    [*(Fault("agent_restart", n, m, round(m + 0.4, 4)) for n, m in roll),
                     *(Fault("lxcfs_window", n, m, cause="monitoring_gap", detail="agent_lxcfs_meminfo")
                       for n, m in roll),
                     Fault("checkpoint_load", "lx-h100-04", 28, 33, cause=ben, detail="checkpoint_load"),
                     Fault("hugepages", "lx-h100-03", 38, 52, rate=0.62),
                     Fault("hp_window", "lx-h100-03", 38, 53.44, cause="other",  # label only: to its engine's
                           detail="hugepages_wrong_tuned_profile"),  #                                ready
                     Fault("warmup", "lx-h100-06", 62, 72, cause=ben, detail="config_rollout"),
                     Fault("warmup", "lx-h100-05", 67, 77, cause=ben, detail="config_rollout")],
                    spill=True, lxcfs=roll, noise=[("lx-h100-05", "NodeClockSkewDetected", 21, 90)],
                    drop={("lx-h100-06", "vllm"): 0.03})
    for nd in s204.nodes[3:]:
        nd.lower = True
    s204.nodes[4].skew = -1.2
    k1 = Fault("kured", "kr-h100-01", 6.0)  # (s205) libc only: the same kernel, its driver builds at once
    k3 = Fault("kured", "kr-h100-03", 22.0, 60.0)  # the new kernel: its headers in the mirror from 60
    k5 = Fault("kured", "kr-h100-05", 38.0, 60.0)
    kt = {f.node: kured_times(f) for f in (k1, k3, k5)}

    def mn(x: float) -> float:
        return round(x / 60, 4)
    drv = "gpu_driver_build_no_kernel_headers"
    s205 = Scenario("s205_kured_kernel_reboot_driver_headers_missing", "2029-02-13T03:00:00+00:00", 90,
                    mk("kr-h100-", 6, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv, trace2="azure_code",
                       uref_min=6.0, step_gen=True, count_fix=True),
                    [*(x for f in (k1, k3, k5) for x in (
                        f, Fault("agent_restart", f.node, mn(kt[f.node]["reboot"]), mn(kt[f.node]["back"])))),
                     Fault("kured_window", "kr-h100-01", 6.0, mn(kt["kr-h100-01"]["ready"] + 480), cause=ben,
                           detail="kured_reboot"),
                     *(x for n in ("kr-h100-03", "kr-h100-05") for x in (
                         Fault("kured_window", n, mn(kt[n]["drain"]), mn(kt[n]["back"]), cause=ben,
                               detail="kured_reboot"),
                         Fault("driver_window", n, mn(kt[n]["back"]), mn(kt[n]["ready"]), cause="other",
                               detail=drv),
                         Fault("warmup_window", n, mn(kt[n]["ready"]), mn(kt[n]["ready"] + 480), cause=ben,
                               detail="warmup"))),
                     Fault("kv_leak", "kr-h100-06", 35, inst=4, cause=si, leak=1.8)],
                    spill=True, noise=[("kr-h100-04", "NodeClockSkewDetected", 20, 90)],
                    drop={("kr-h100-02", "nvml"): 0.03})
    for nd in s205.nodes[3:]:
        nd.lower = True
    s205.nodes[3].skew = 1.3
    return [s202, s203, s204, s205]


def fifty_first_scenarios() -> list[Scenario]:
    """s206-s209, added later by a fifty-first outsider, same rules (see the module docstring)."""
    l70, l8 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-8B-Instruct"
    q72 = "Qwen/Qwen2.5-72B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s206 = Scenario("s206_h200_quarter_close_reports_rank_leak", "2029-03-30T13:00:00+00:00", 90,
                    mk("qc-h200-", 5, "H200", 8, l70, "azure_conv", "dp2", 6.0, iv, trace2="azure_code",
                       amp=(0.06, 0.11), step_gen=True, count_fix=True),
                    [Fault("long_gen", "qc-h200-02", 22, 42, cause=ben, detail="long_generation", burst=10,
                           runs=[(22.0, 22.0, ())]),
                     Fault("long_gen", "qc-h200-02", 48, 68, cause=ben, detail="long_generation", burst=10,
                           runs=[(48.0, 48.0, ())]),
                     Fault("kv_leak", "qc-h200-04", 30, inst=4, cause=si, leak=1.6,
                           tenant="risk-analytics"),
                     Fault("checkpoint_load", "qc-h200-05", 60, 65, cause=ben, detail="checkpoint_load")],
                    noise=[("qc-h200-01", "NodeClockSkewDetected", 18, 90)],
                    drop={("qc-h200-03", "dcgm"): 0.03})
    for nd in s206.nodes[3:]:
        nd.lower = True
    s206.nodes[0].skew = 1.1
    s207 = Scenario("s207_servicemonitor_selector_drop_spec_residue_retry", "2029-04-06T10:00:00+00:00", 90,
                    mk("sm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True,
                       count_fix=True),
                    [Fault("warmup", "sm-h100-03", 18, 28, cause=ben, detail="chart_upgrade"),
                     Fault("sd_lost", "sm-h100-03", 18.5, cause="monitoring_gap",
                           detail="pod_label_dropped_from_servicemonitor"),
                     Fault("spec_residue", "sm-h100-05", 34, cause="spec_residue"),
                     Fault("retry_burst", "sm-h100-02", 50, 56, cause=ben, detail="retry_burst"),
                     Fault("warmup", "sm-h100-06", 64, 74, cause=ben, detail="warmup")],
                    spill=True, noise=[("sm-h100-04", "NodeClockSkewDetected", 20, 90)],
                    drop={("sm-h100-01", "host"): 0.03})
    for nd in s207.nodes[3:]:
        nd.lower = True
    s207.nodes[3].skew = -1.0
    peaks = (2.2, 2.4, 2.1, 2.3, 2.5, 2.2)
    part = "network_partition"
    s208 = Scenario("s208_tor_partition_two_nodes_in_morning_ramp", "2029-04-13T05:30:00+00:00", 120,
                    mk("dw-h100-", 6, "H100", 4, q72, "mooncake", "tp", 0.45, iv, uref_min=10.0,
                       step_gen=True, count_fix=True),
                    [*(Fault("diurnal", f"dw-h100-0{k + 1}", 10, 110, cause=ben, detail="premarket_peak",
                             rate=p) for k, p in enumerate(peaks)),
                     *(Fault("partition", n, 58, 67, cause="other", detail=part)
                       for n in ("dw-h100-04", "dw-h100-05")),
                     Fault("kv_leak", "dw-h100-02", 75, cause=si, leak=1.0)],
                    noise=[("dw-h100-06", "NodeClockSkewDetected", 25, 120)],
                    drop={("dw-h100-03", "vllm"): 0.03})
    for nd in s208.nodes[3:]:
        nd.lower = True
    s208.nodes[1].skew = 0.9
    s209 = Scenario("s209_l40s_server_gpu_leak_long_docs_client_cancels", "2029-04-20T14:00:00+00:00", 90,
                    mk("gl-l40s-", 6, "L40S", 4, l8, "azure_conv", "per_gpu", 3.0, iv, host_total=512 * GIB,
                       port_per_gpu=True, step_gen=True, count_fix=True),
                    [Fault("fb_leak", "gl-l40s-04", 28, gpu=2, inst=2, cause="other",
                           detail="gpu_memory_leak", rate=45.0),
                     Fault("long_document", "gl-l40s-02", 35, 55, cause=ben, detail="long_document", burst=2),
                     Fault("cancels", "gl-l40s-05", 30, 60, abort=0.09),
                     Fault("cancel_window", "gl-l40s-05", 30, 65, cause=ben,  # label only: to its rule's
                           detail="client_cancels"),  #                                resolve
                     Fault("xid79", "gl-l40s-06", 70, gpu=1, cause="other", detail="xid_79")],
                    noise=[("gl-l40s-01", "NodeClockSkewDetected", 15, 90)],
                    drop={("gl-l40s-03", "nvml"): 0.03})
    for nd in s209.nodes[3:]:
        nd.sentinel = True
    s209.nodes[2].skew = -0.7
    return [s206, s207, s208, s209]


def fifty_second_scenarios() -> list[Scenario]:
    """s210-s213, added later by a fifty-second outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s210 = Scenario("s210_gameday_chaos_experiments_hide_tenant_leak", "2029-04-24T14:00:00+00:00", 90,
                    mk("gd-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, gw_ttft=True,
                       step_gen=True, count_fix=True),
                    [Fault("oom_crash", "gd-h100-02", 20.0, runs=[(20.0, 20.17, ())]),  # container-kill:
                     Fault("chaos_window", "gd-h100-02", 20.0, 30.0, cause=ben,  # restarted 10 s later
                           detail="chaos_container_kill"),
                     Fault("net_delay", "gd-h100-04", 30.0, 40.0, rate=0.25, cap=0.05),
                     Fault("chaos_window", "gd-h100-04", 30.0, 45.0, cause=ben, detail="chaos_network_delay"),
                     Fault("kv_leak", "gd-h100-04", 33.0, cause=si, leak=2.0, tenant="risk-analytics"),
                     Fault("prom_reject", "gd-h100-06", 45.0, 50.0),  # a pod partition from the gateway and
                     Fault("stale_ep", "gd-h100-06", 45.0, 50.0),  #      the monitoring namespace
                     Fault("chaos_window", "gd-h100-06", 45.0, 55.0, cause=ben, detail="chaos_pod_partition"),
                     Fault("xid79", "gd-h100-05", 52.0, gpu=2, cause="other", detail="xid_79")],
                    noise=[("gd-h100-01", "NodeClockSkewDetected", 18, 90)],
                    drop={("gd-h100-03", "dcgm"): 0.03})
    for nd in s210.nodes[3:]:
        nd.lower = True
    s210.nodes[0].skew = 1.2
    rg = [f"rg-h100-{k:02d}" for k in range(1, 7)]
    s211 = Scenario("s211_regenerate_forks_pin_parent_contexts", "2029-05-01T10:00:00+00:00", 100,
                    mk("rg-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True,
                       count_fix=True),
                    [*(Fault("regen", n, 20, cause=ben, detail="regenerate_button", rate=0.02, ramp=15.0)
                       for n in rg),
                     Fault("fork_pin", "rg-h100-03", 20, cause=si, detail="session_layer_fork_refcount"),
                     Fault("regen", "rg-h100-05", 30, 60, rate=0.12, ramp=2.0),
                     Fault("regen_window", "rg-h100-05", 30, 65, cause=ben, detail="scripted_regenerations"),
                     Fault("partition", "rg-h100-06", 72, 78, cause="other", detail="network_partition")],
                    noise=[("rg-h100-04", "NodeClockSkewDetected", 22, 100)],
                    drop={("rg-h100-02", "host"): 0.03})
    for nd in s211.nodes[3:]:
        nd.lower = True
    s211.nodes[3].skew = -1.1
    mg = "agent_parser_drops_dp_rank"
    s212 = Scenario("s212_agent_parser_drops_dp_rank_hidden_residue", "2029-05-08T09:00:00+00:00", 90,
                    mk("ac-h100-", 5, "H100", 8, l70, "azure_conv", "dp2", 6.0, iv, trace2="azure_code",
                       spec=True, step_gen=True, count_fix=True),
                    [Fault("agent_restart", "ac-h100-02", 18.0, 18.4),
                     Fault("agent_restart", "ac-h100-04", 19.5, 19.9),
                     Fault("rank_window", "ac-h100-02", 18.0, cause="monitoring_gap", detail=mg),
                     Fault("rank_window", "ac-h100-04", 19.5, cause="monitoring_gap", detail=mg),
                     Fault("spec_residue", "ac-h100-04", 30, inst=0, cause="spec_residue"),
                     Fault("cancels", "ac-h100-02", 35, 60, abort=0.09, inst=0),
                     Fault("cancel_window", "ac-h100-02", 35, 65, cause=ben, detail="client_cancels"),
                     Fault("kv_leak", "ac-h100-05", 40, inst=4, cause=si, leak=1.8)],
                    noise=[("ac-h100-03", "NodeClockSkewDetected", 20, 90)],
                    drop={("ac-h100-01", "nvml"): 0.03})
    for nd in s212.nodes[3:]:
        nd.lower = True
    s212.nodes[2].skew = 1.0
    s212.nodes[1].one_rank_from, s212.nodes[3].one_rank_from = 18.0, 19.5
    lock, gv = 1980.0 - 5 * SWEEP_STEP, "gpu_validation"  # (s213) the sweep's last step: 705 MHz
    s213 = Scenario("s213_validation_job_leaves_gpu_clocks_locked", "2029-05-15T13:00:00+00:00", 90,
                    mk("gv-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("gpu_burn", "gv-h100-02", 12.0, 20.1, runs=[(12.1, 20.1, ())]),
                     Fault("validation_window", "gv-h100-02", 12.0, 30.27, cause=ben, detail=gv),
                     Fault("gpu_burn", "gv-h100-05", 35.0, 48.0, runs=[(40.5, 48.5, ())]),
                     Fault("validation_window", "gv-h100-05", 35.0, 58.17, cause=ben, detail=gv),
                     Fault("clock_lock", "gv-h100-05", 48.0, 74.0, cause="other", detail="gpu_clocks_locked",
                           rate=lock / GPUS["H100"][5], cap=lock),
                     Fault("mon_gap", "gv-h100-03", 55, cause="monitoring_gap")],
                    spill=True, noise=[("gv-h100-06", "NodeClockSkewDetected", 24, 90)],
                    drop={("gv-h100-04", "vllm"): 0.03})
    for nd in s213.nodes[3:]:
        nd.lower = True
    s213.nodes[0].skew = -0.9
    return [s210, s211, s212, s213]


def fifty_third_scenarios() -> list[Scenario]:
    """s214-s217, added later by a fifty-third outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    ra = ("ra-h100-02", "ra-h100-04")  # (s214) legal-review's contract reviews, pinned by tenant affinity
    s214 = Scenario("s214_contract_read_timeout_prefill_abort_block_leak", "2029-05-22T09:00:00+00:00", 90,
                    mk("ra-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("contracts", n, 8, cause=ben, detail="long_document", rate=0.5) for n in ra),
                     *(Fault("read_timeout", n, 25, cause=ben, detail="client_read_timeout", cap=15.0)
                       for n in ra),
                     Fault("prefill_leak", "ra-h100-04", 0),  # the canary build, there since the day before
                     Fault("leak_window", "ra-h100-04", 44.02, cause="other",  # its first cancel in prefill
                           detail="kv_blocks_leaked_on_prefill_abort"),
                     Fault("kv_leak", "ra-h100-05", 35, cause=si, leak=1.5),
                     Fault("checkpoint_load", "ra-h100-06", 45, 50, cause=ben, detail="checkpoint_load"),
                     Fault("warmup", "ra-h100-01", 60, 70, cause=ben, detail="vllm_upgrade"),
                     Fault("prefill_leak", "ra-h100-01", round(60 + 130 / 60, 4))],  # the build rolls on
                    spill=True, noise=[("ra-h100-03", "NodeClockSkewDetected", 20, 90)],
                    drop={("ra-h100-06", "dcgm"): 0.03})
    for nd in s214.nodes[3:]:
        nd.lower = True
    s214.nodes[2].skew = 1.1
    gm = [f"gm-h100-{k:02d}" for k in range(1, 7)]
    ms = "router_last_used_in_milliseconds"
    freed = (74.5, 75.9, 74.34, 74.67, 63.42, 76.09)  # (s215) each node's first sweep after the fix (as
    #                                                   built; gm-h100-05's process exits after its XID)
    s215 = Scenario("s215_router_canary_ms_last_used_pins_sessions", "2029-05-29T11:00:00+00:00", 100,
                    mk("gm-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("touch_scan", n, 25, 55, rate=1 / 3) for n in gm),  # one replica of three
                     *(Fault("touch_scan", n, 55, 68.5, rate=1.0) for n in gm),  # promoted, rolled back
                     *(Fault("unpin", n, 74.0) for n in gm),  # the on-call's fix of the session records
                     *(Fault("pin_window", n, 25, b, cause=si, detail=ms)
                       for n, b in zip(gm, freed, strict=True)),
                     Fault("annual_report", "gm-h100-03", 30, 75, cause=ben, detail="annual_report"),
                     Fault("xid79", "gm-h100-05", 63, gpu=2, cause="other", detail="xid_79"),
                     Fault("checkpoint_load", "gm-h100-01", 85, 90, cause=ben, detail="checkpoint_load")],
                    noise=[("gm-h100-02", "NodeClockSkewDetected", 20, 100)],
                    drop={("gm-h100-04", "host"): 0.03})
    for nd in s215.nodes[3:]:
        nd.lower = True
    s215.nodes[1].skew = 1.3
    bt = [f"bt-h100-{k:02d}" for k in range(1, 7)]
    peaks = (1.8, 1.9, 1.8, 1.7, 1.9, 1.8)
    s216 = Scenario("s216_spec_batch_toggle_canary_residue_lunch_peak", "2029-06-05T11:00:00+00:00", 120,
                    mk("bt-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, uref_min=10.0,
                       step_gen=True, count_fix=True),
                    [*(Fault("spec_toggle", n, 0, burst=32) for n in bt),
                     *(Fault("diurnal", n, 10, 110, cause=ben, detail="lunch_peak", rate=p)
                       for n, p in zip(bt, peaks, strict=True)),
                     Fault("warmup", "bt-h100-03", 20, 30, cause=ben, detail="vllm_upgrade"),
                     Fault("toggle_residue", "bt-h100-03", round(20 + 130 / 60, 4)),
                     Fault("toggle_window", "bt-h100-03", 31.08, cause="spec_residue",  # its first switch-off
                           detail="draft_state_kept_at_batch_size_switch"),
                     Fault("cancels", "bt-h100-05", 40, 70, abort=0.09),
                     Fault("cancel_window", "bt-h100-05", 40, 75, cause=ben, detail="client_cancels"),
                     Fault("xid79", "bt-h100-02", 95, gpu=1, cause="other", detail="xid_79"),
                     Fault("warmup", "bt-h100-06", 104, 114, cause=ben, detail="vllm_upgrade"),
                     Fault("toggle_residue", "bt-h100-06", round(104 + 130 / 60, 4))],
                    spill=True, noise=[("bt-h100-01", "NodeClockSkewDetected", 25, 120)],
                    drop={("bt-h100-01", "nvml"): 0.03})
    for nd in s216.nodes[3:]:
        nd.lower = True
    s216.nodes[0].skew = -1.0
    kf, dk = [("kf-h100-02", 30.0, 68.0), ("kf-h100-05", 30.6, 68.4)], "agent_producer_idempotence_acl"
    s217 = Scenario("s217_agent_idempotent_producer_acl_dark_nodes", "2029-06-12T14:00:00+00:00", 90,
                    mk("kf-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("dark_window", n, a, b, cause="monitoring_gap", detail=dk) for n, a, b in kf),
                     Fault("kv_leak", "kf-h100-05", 38, cause=si, leak=2.2),
                     Fault("failover", "kf-h100-06", 44, 58, cause=ben, detail="maintenance_drain",
                           to=[("kf-h100-01", 0.5), ("kf-h100-03", 0.5)]),
                     *(Fault("failover_peer", n, 44, 68, cause=ben, detail="failover")
                       for n in ("kf-h100-01", "kf-h100-03")),
                     Fault("xid79", "kf-h100-02", 52, gpu=3, cause="other", detail="xid_79"),
                     Fault("partition", "kf-h100-04", 56, 63, cause="other", detail="network_partition")],
                    dark=kf, noise=[("kf-h100-03", "NodeClockSkewDetected", 22, 90)],
                    drop={("kf-h100-01", "vllm"): 0.03})
    for nd in s217.nodes[3:]:
        nd.lower = True
    s217.nodes[2].skew = 0.9
    return [s214, s215, s216, s217]


def fifty_fourth_scenarios() -> list[Scenario]:
    """s218-s221, added later by a fifty-fourth outsider, same rules (see the module docstring)."""
    l70 = "meta-llama/Llama-3.3-70B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    si, ben = "session_isolation", "benign"
    s218 = Scenario("s218_containerd_hang_node_notready_pod_stuck_terminating", "2029-06-19T15:00:00+00:00",
                    100,
                    mk("nr-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("runtime_hang", "nr-h100-03", 24.0, 60.17, cause="other",
                           detail="container_runtime_hang", runs=[(58.0, 60.17, ())]),
                     Fault("failover", "nr-h100-03", 27.0, 60.17,
                           to=[("nr-h100-04", 0.5), ("nr-h100-05", 0.5)]),
                     Fault("warmup", "nr-h100-03", 58.0),  # the stuck pod killed, its replacement started
                     *(Fault("failover_peer", n, 27.0, 70.0, cause=ben, detail="failover")
                       for n in ("nr-h100-04", "nr-h100-05")),
                     Fault("kv_leak", "nr-h100-05", 40, cause=si, leak=1.5),
                     Fault("checkpoint_load", "nr-h100-06", 45, 50, cause=ben, detail="checkpoint_load"),
                     Fault("failover", "nr-h100-01", 70, 82, cause=ben, detail="maintenance_drain",
                           to=[("nr-h100-02", 0.5), ("nr-h100-06", 0.5)]),
                     *(Fault("failover_peer", n, 70, 92, cause=ben, detail="failover")
                       for n in ("nr-h100-02", "nr-h100-06"))],
                    noise=[("nr-h100-04", "NodeClockSkewDetected", 25, 100)],
                    drop={("nr-h100-02", "host"): 0.03})
    for nd in s218.nodes[3:]:
        nd.lower = True
    s218.nodes[1].skew = -1.2
    npn = [f"np-h100-{k:02d}" for k in range(1, 7)]
    r1 = [(n, round(24.0 + 0.67 * k, 4)) for k, n in enumerate(npn)]  # the agents' DaemonSet update
    r2 = [(n, round(72.0 + 0.67 * k, 4)) for k, n in enumerate(npn)]  # the fix, rolled the same way
    gap = [(n, round(a + 0.4, 4), round(b, 4), round(b + 0.4, 4))
           for (n, a), (_, b) in zip(r1, r2, strict=True) if n in ("np-h100-05", "np-h100-06")]
    s219 = Scenario("s219_egress_proxy_no_proxy_misses_new_pod_cidr", "2029-06-26T10:00:00+00:00", 90,
                    mk("np-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True,
                       count_fix=True),
                    [*(Fault("agent_restart", n, a, round(a + 0.4, 4)) for n, a in r1 + r2),
                     *(Fault("mute_window", n, a, c, cause="monitoring_gap",
                             detail="agent_egress_proxy_no_proxy_pod_cidr") for n, a, _, c in gap),
                     Fault("kv_leak", "np-h100-05", 34, cause=si, leak=2.2),
                     Fault("spec_residue", "np-h100-06", 42, cause="spec_residue"),
                     Fault("retry_burst", "np-h100-03", 50, 56, cause=ben, detail="retry_burst")],
                    noise=[("np-h100-02", "NodeClockSkewDetected", 20, 90)],
                    drop={("np-h100-04", "dcgm"): 0.03},
                    mute=[(n, src, a, b) for n, a, b, _ in gap for src in ("vllm", "dcgm")])
    for nd in s219.nodes[3:]:
        nd.lower = True
    s219.nodes[1].skew = 1.0
    fr, ld = ((6, 36), (28, 62), (40, 83), (66, 104), (90, 120)), ((10, 52), (45, 88), (80, 115))
    s220 = Scenario("s220_report_app_close_404_sweep_exempt_sessions_kept", "2029-07-03T08:30:00+00:00", 120,
                    mk("fc-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [Fault("close_fail", "fc-h100-02", 25.0),  # the Frankfurt desk's app 5.2
                     *(Fault("report", "fc-h100-02", a, b, cause=ben, detail="annual_report") for a, b in fr),
                     Fault("close_window", "fc-h100-02", 62.0, cause=si, detail="report_session_close_404"),
                     *(Fault("report", "fc-h100-04", a, b, cause=ben, detail="annual_report") for a, b in ld),
                     Fault("kv_leak", "fc-h100-05", 50, cause=si, leak=1.2),
                     Fault("retry_burst", "fc-h100-03", 70, 76, cause=ben, detail="retry_burst"),
                     Fault("checkpoint_load", "fc-h100-06", 95, 100, cause=ben, detail="checkpoint_load")],
                    noise=[("fc-h100-06", "NodeClockSkewDetected", 30, 120)],
                    drop={("fc-h100-03", "vllm"): 0.03})
    for nd in s220.nodes[3:]:
        nd.lower = True
    s220.nodes[0].skew = 0.8
    hn = [f"hn-h100-{k:02d}" for k in range(1, 8)]
    r3 = {n: round(78.0 + 0.67 * k, 4) for k, n in enumerate(hn)}  # the agents' DaemonSet fix (NODE_NAME)
    s221 = Scenario("s221_cloned_image_hostname_agent_twin_publisher", "2029-07-10T12:00:00+00:00", 100,
                    mk("hn-h100-", 7, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, step_gen=True,
                       count_fix=True),
                    [*(Fault("shift", n, 33, rate=6 / 7) for n in hn[:6]),
                     Fault("join", "hn-h100-07", 30, 45, cause=ben, detail="scale_out"),
                     *(Fault("twin_window", n, 30, round(r3["hn-h100-07"] + 0.4, 4), cause="monitoring_gap",
                             detail="agent_hostname_from_cloned_image")
                       for n in ("hn-h100-03", "hn-h100-07")),
                     *(Fault("agent_restart", n, a, round(a + 0.4, 4)) for n, a in r3.items()),
                     Fault("kv_leak", "hn-h100-03", 42, cause=si, leak=2.2),
                     Fault("long_document", "hn-h100-02", 55, 75, cause=ben, detail="long_document",
                           burst=4)],
                    noise=[("hn-h100-05", "NodeClockSkewDetected", 20, 100)],
                    drop={("hn-h100-01", "nvml"): 0.03},
                    twin=[("hn-h100-07", "hn-h100-03", 30.0, r3["hn-h100-07"])])
    for nd in s221.nodes[3:]:
        nd.lower = True
    s221.nodes[5].skew = 1.1
    return [s218, s219, s220, s221]


def fifty_fifth_scenarios() -> list[Scenario]:
    """s222-s225, added later by a fifty-fifth outsider, same rules (see the module docstring)."""
    l70, l405 = "meta-llama/Llama-3.3-70B-Instruct", "meta-llama/Llama-3.1-405B-Instruct-FP8"
    l8 = "meta-llama/Llama-3.1-8B-Instruct"
    iv = {"nvml": 10.0, "dcgm": 15.0, "vllm": 10.0, "host": 15.0}
    iv8 = {"nvml": 10.0, "dcgm": 15.0, "vllm": 15.0, "host": 10.0}
    si, ben = "session_isolation", "benign"
    ta = ("ta-h100-02", "ta-h100-05")  # (s222) the service-desk agent tenant's nodes (tenant affinity)
    s222 = Scenario("s222_agent_tool_backend_outage_pending_sessions_kept", "2029-07-17T13:00:00+00:00", 100,
                    mk("ta-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, logging=True,
                       step_gen=True, count_fix=True),
                    [*(Fault("agent_tools", n, 0, rate=0.01, runs=[(30.0, 62.0, ())], cap=86.0)
                       for n in ta),
                     *(Fault("pending_window", n, 30.0, 86.0, cause=si,
                             detail="tool_call_pending_sessions_kept") for n in ta),
                     Fault("annual_report", "ta-h100-03", 25, 70, cause=ben, detail="annual_report"),
                     Fault("long_document", "ta-h100-04", 40, 60, cause=ben, detail="long_document", burst=4),
                     Fault("checkpoint_load", "ta-h100-06", 70, 75, cause=ben, detail="checkpoint_load"),
                     Fault("xid79", "ta-h100-01", 78, gpu=1, cause="other", detail="xid_79")],
                    noise=[("ta-h100-04", "NodeClockSkewDetected", 20, 100)],
                    drop={("ta-h100-06", "vllm"): 0.03})
    for nd in s222.nodes[3:]:
        nd.lower = True
    s222.nodes[0].skew = 1.2
    rf = []  # (s223) three Llama-3.1-405B instances, each a leader (PP stage 0) and a worker (stage 1)
    for k in range(6):
        eng = Engine("0", list(range(8)), None, 4.0, "azure_conv", nodes=2)
        rf.append(Node(f"rf-h100-{k + 1:02d}", "H100", 8, l405, [eng], dict(iv8), step_gen=True,
                       count_fix=True, worker_of=f"rf-h100-{k:02d}" if k % 2 else None))
    flaps: list[tuple[float, float, tuple[int, ...]]] = [(31.0, 32.2, ()), (57.5, 58.6, ())]  # its port down
    outs = []  # each crash: the gateway ejects the instance 45 s after it stops answering, until its ready
    for a, b, _ in flaps:
        st = max(a * 60 + NCCL_IB_S + 5 + LWS_S, b * 60 + 5)
        outs.append((round((a * 60 + NCCL_IB_S + 5 + 45) / 60, 4), round((st + L405_S) / 60, 4)))
    fix = round(78.0 + L405_S / 60, 4)  # drained at 66, deleted at 68, the optic replaced, pods back at 78
    peers = [("rf-h100-01", 0.5), ("rf-h100-05", 0.5)]
    s223 = Scenario("s223_roce_optic_flaps_kill_multinode_instance", "2029-07-24T16:00:00+00:00", 100, rf,
                    [*(Fault("nic_flap" if n == "rf-h100-04" else "flap_peer", n, 31.0, fix, cause="other",
                             detail="rdma_link_flap", runs=flaps) for n in ("rf-h100-03", "rf-h100-04")),
                     *(Fault("failover", "rf-h100-03", a, b, to=peers) for a, b in outs),
                     Fault("failover", "rf-h100-03", 66.0, fix, to=peers),
                     *(Fault("group_restart", n, 68.0, 78.0) for n in ("rf-h100-03", "rf-h100-04")),
                     *(Fault("failover_peer", n, a, b, cause=ben, detail="failover")
                       for n, _ in peers for a, b in ((outs[0][0], 45.0), (outs[1][0], 90.0))),
                     Fault("annual_report", "rf-h100-01", 20, 65, cause=ben, detail="annual_report"),
                     Fault("kv_leak", "rf-h100-05", 40, cause=si, leak=1.5)],
                    noise=[("rf-h100-02", "NodeClockSkewDetected", 15, 100)],
                    drop={("rf-h100-06", "dcgm"): 0.03})
    for nd in s223.nodes[4:]:
        nd.lower = True
    s223.nodes[2].skew = -0.9
    sd = ("sd-l40s-04", "sd-l40s-05")  # (s224) the drained node's ring successors
    s224 = Scenario("s224_l40s_silent_data_corruption_bang_outputs", "2029-07-31T15:00:00+00:00", 100,
                    mk("sd-l40s-", 6, "L40S", 4, l8, "azure_conv", "per_gpu", 3.0, iv, port_per_gpu=True,
                       host_total=512 * GIB, step_gen=True, count_fix=True),
                    [Fault("sdc", "sd-l40s-03", 30, 74, gpu=2, inst=2, cause="other",
                           detail="gpu_silent_data_corruption", rate=0.1, ramp=20.0, cap=45.0),
                     Fault("evict", "sd-l40s-03", 74),  # cordoned and drained for DCGM diagnostics
                     Fault("failover", "sd-l40s-03", 74, 100, to=[(n, 0.5) for n in sd]),
                     *(Fault("failover_peer", n, 74, 100, cause=ben, detail="failover") for n in sd),
                     Fault("cancels", "sd-l40s-05", 40, 65, inst=1, abort=0.09),
                     Fault("cancel_window", "sd-l40s-05", 40, 70, gpu=1, cause=ben, detail="client_cancels"),
                     Fault("retry_burst", "sd-l40s-01", 55, 61, cause=ben, detail="retry_burst"),
                     Fault("checkpoint_load", "sd-l40s-06", 85, 90, cause=ben, detail="checkpoint_load")],
                    noise=[("sd-l40s-06", "NodeClockSkewDetected", 25, 100)],
                    drop={("sd-l40s-02", "nvml"): 0.03})
    for nd in s224.nodes[3:]:
        nd.lower = True
    s224.nodes[3].skew = 1.0
    can = (("ot-h100-02", 22.0, 84.0), ("ot-h100-05", 22.67, 84.67))  # (s225) the agent canary: out, back
    s225 = Scenario("s225_agent_otel_receiver_strips_counter_suffixes", "2029-08-07T10:00:00+00:00", 100,
                    mk("ot-h100-", 6, "H100", 4, l70, "azure_conv", "tp", 2.5, iv, spec=True, step_gen=True,
                       count_fix=True),
                    [*(Fault("agent_restart", n, m, round(m + 0.4, 4)) for n, a, b in can for m in (a, b)),
                     *(Fault("otel_window", n, round(a + 0.4, 4), round(b + 0.4, 4), cause="monitoring_gap",
                             detail="agent_otel_metric_name_normalization") for n, a, b in can),
                     Fault("spec_residue", "ot-h100-05", 40, cause="spec_residue"),
                     Fault("retry_burst", "ot-h100-03", 55, 61, cause=ben, detail="retry_burst"),
                     Fault("checkpoint_load", "ot-h100-02", 70, 75, cause=ben, detail="checkpoint_load")],
                    noise=[("ot-h100-04", "NodeClockSkewDetected", 20, 100)],
                    drop={("ot-h100-01", "host"): 0.03},
                    otel=[(n, round(a + 0.4, 4), b) for n, a, b in can])
    for nd in s225.nodes[3:]:
        nd.lower = True
    s225.nodes[5].skew = 0.8
    return [s222, s223, s224, s225]

def exporter_crashes(seed: int, minutes: float) -> list[tuple[float, float, tuple[int, ...]]]:
    """dcgm-exporter OOM-killed by its container memory limit every 8-12 min of running (the first 2-9 min
    in), back 30-60 s later (kubelet back-off plus the host engine's start): (kill min, back min, ())."""
    r, out = np.random.default_rng(seed), []
    t = float(r.uniform(2, 9))
    while t < minutes - 1:
        b = t + float(r.uniform(30, 60)) / 60
        out.append((round(t, 3), round(min(b, minutes), 3), ()))
        t = b + float(r.uniform(8, 12))
    return out


def crash_loop(seed: int, ready: float, minutes: float) -> list[tuple[float, float, tuple[int, ...]]]:
    """A serving process that dies 2-9 min (uniform) after each start and is restarted by kubelet after
    CrashLoopBackOff's back-off (10 s doubling to 300 s; it never runs the 10 min that would reset it), its
    weights loading for 100 s: (crash min, process start min, ()) from its first ready minute."""
    r, t, k = np.random.default_rng(seed), ready, 0
    out: list[tuple[float, float, tuple[int, ...]]] = []
    while True:
        c = t + float(r.uniform(2, 9))
        if c >= minutes - 0.5:
            return out
        b = c + min(10 * 2**k, 300) / 60
        out.append((round(c, 3), round(b, 3), ()))
        t, k = b + 100 / 60, k + 1


def residue_crashes(nd: Node, ni: int, fl: list[Fault], traces: dict[str, Trace], T: int, seed: int) -> None:
    """(s112) The crashes of an engine whose speculative-decoding residue (`spec_residue` with f.crash) fills
    its GPU. From the fault's start, and from each restart's ready, the first second with less than 256 MiB
    left above the pool and the residue (the headroom check of the CUDA-OOM errors in `sim_engine`) kills
    the engine CRASH_AFTER s later: EngineCore dies on the failed allocation and the API server exits with
    it. kubelet starts the container again 10 s later (more than 10 min of running reset its back-off) and
    the weights load for 100 s (`life_of`). Each crash is found by simulating the node with the crashes
    found so far, with fresh generators seeded as the recording's node generator (which is not touched);
    f.runs keeps them. Neither `life_of` nor the per-request draws of `sim_engine` depend on the crashes
    there, so every pass (and the recording) has the same requests and aborts before each crash it knows.
    The node must have no drain spill, failover or join (set up by `build` between `life_of` and
    `sim_engine`)."""
    f = next(f for f in fl if f.kind == "spec_residue" and f.crash)
    assert not any(x.kind in ("join", "failover", "sleep", "evict", "arrive") for x in fl)
    total, reserved = GPUS[nd.gpu][1:3]
    N, f.runs, ready = np.arange(T), [], f.start * 60
    for _ in range(30):
        nd.o = {}
        rng = np.random.default_rng([seed, ni])
        life_of(rng, nd, T, fl)
        res = np.zeros(T)
        for ei, e in enumerate(nd.engines):
            e.pool, e.out = pool_tokens(nd, e), {}
            efl = [x for x in fl if x.inst is None or x.inst in e.gpus]
            sim_engine(rng, nd, e, T, efl, traces[e.trace], zlib.crc32(f"{nd.name}/{ei}".encode()))
            res = np.maximum(res, e.out["res"])
        head = total - reserved - (nd.util_frac * total + res)
        low = np.nonzero((head < 256) & (nd.o["state"] == 2) & (ready <= N))[0]
        c = (float(low[0]) + CRASH_AFTER) / 60 if len(low) else math.inf
        if c * 60 >= T - 1:
            break
        f.runs.append((round(c, 4), round(c + 10 / 60, 4), ()))
        ready = (c + 10 / 60) * 60 + 100
    nd.o = {}
    for e in nd.engines:
        e.out = {}


def job_attempts(start: float, runtimes: list[float]) -> list[tuple[float, float, tuple[int, ...]]]:
    """A Kubernetes Job's attempts (minutes): each crashes after its runtime (attempts 1, 3, 5, ... log XID
    13 before 31 and 43); the next starts after the Job's back-off, 10 s doubling each time (backoffLimit =
    len(runtimes) - 1)."""
    out, t = [], start
    for k, r in enumerate(runtimes):
        out.append((round(t, 3), round(t + r, 3), (13, 31, 43) if k % 2 == 0 else (31, 43)))
        t += r + 10 * 2**k / 60
    return out


def pool_tokens(nd: Node, e: Engine, util: float | None = None, spec: bool | None = None,
                model: str | None = None, mib: float | None = None) -> int:
    """KV-pool tokens of engine e (with another gpu_memory_utilization / speculative decoding / model / (s161)
    draft model's MiB per GPU if given)."""
    weights, kvb = MODELS[model or emodel(nd, e)]
    util = nd.util_frac if util is None else util
    spec = espec(nd, e) if spec is None else spec
    per_gpu = (util * GPUS[nd.gpu][1] - weights * 1024 / (len(e.gpus) * e.nodes) - 3584
               - ((nd.spec_mib if mib is None else mib) if spec else 0))
    return int(len(e.gpus) * e.nodes * per_gpu * MIB / kvb)


def pool_segments(nd: Node, e: Engine, fl: list[Fault]) -> list[tuple[float, float, int]]:
    """(from s, gpu_memory_utilization, KV-pool tokens) of the engine's configs: the one it runs at the start,
    then one per restart with a new config (`pool_cfg`: another gpu_memory_utilization; `spec_on`: a draft
    model, whose weights come out of the pool; (s68) `model_swap`: another model's weights; (s161)
    `draft_swap`: a 3B draft model's weights), from the old process's stop."""
    util, spec, model, mib = nd.util_frac, espec(nd, e), None, None
    out = [(0.0, util, pool_tokens(nd, e))]
    kinds = ("pool_cfg", "spec_on", "model_swap", "draft_swap")
    for f in sorted((f for f in fl if f.kind in kinds), key=lambda f: f.start):
        if f.kind == "model_swap":
            model = f.model
        elif f.kind == "draft_swap":
            mib = DRAFT3B_MIB
        else:
            util, spec = (f.rate, spec) if f.kind == "pool_cfg" else (util, True)
        out.append((f.start * 60, util, pool_tokens(nd, e, util, spec, model, mib)))
    return out


def pool_scale(nd: Node, e: Engine, fl: list[Fault], T: int) -> Arr | None:
    """The engine's first pool divided by the pool it has at each second (None: its config never changes)."""
    seg = pool_segments(nd, e, fl)
    if len(seg) == 1:
        return None
    out = np.ones(T)
    for a, _, pool in seg[1:]:
        out[int(a):] = e.pool / pool
    return out


def runs_of(mask: Arr) -> list[tuple[int, int]]:
    """[start, end) of each run of True in a boolean array."""
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return list(zip(np.nonzero(d == 1)[0].tolist(), np.nonzero(d == -1)[0].tolist(), strict=True))


def freeze_windows(nd: Node, fl: list[Fault], T: int) -> list[tuple[int, int]]:
    """(s80) [start, end) s of each stretch in which a `stats_freeze` engine's /metrics serves frozen values:
    from f.start, and from FRZ_TRIGGER s after each later ready, each to the next process start (or the end).
    No random draw."""
    out: list[tuple[int, int]] = []
    for f in (f for f in fl if f.kind == "stats_freeze"):
        s0, starts = f.start * 60, sorted(nd.o["starts"])
        for a in [s0, *(r + FRZ_TRIGGER for r in nd.o["readies"] if r > s0)]:
            b = next((s for s in starts if s > a), float(T))
            if a < b:
                out.append((int(a), int(b)))
    return out


def lora_cache(rng: np.random.Generator, t: Arr, kind: Arr, T: int) -> tuple[Arr, Arr]:
    """A tenant's LoRA adapters on one engine (--enable-lora, max_loras 8, max_cpu_loras LORA_CPU, rank 32).

    Each of its requests (kind 7) names one of LORA_N per-customer adapters (Zipf popularity, exponent 1).
    An adapter that is not in the engine's CPU cache (LRU) is read from the node's NVMe model
    cache and prepared in 0.4-0.9 s, inside the model runner's step: every request arriving meanwhile waits
    for it (the returned extra TTFT per request). Returns that and the cached adapters per second (the
    CPU cache lives in the serving processes' RSS, LORA_BYTES each; no restart of that engine here)."""
    idx = np.nonzero(kind == 7)[0]
    pop = 1.0 / np.arange(1, LORA_N + 1)
    ad = rng.choice(LORA_N, len(idx), p=pop / pop.sum())
    lru: dict[int, None] = {}
    loads: list[tuple[float, float]] = []
    size = np.zeros(len(idx))
    for j, i in enumerate(idx):
        a = int(ad[j])
        if a in lru:
            del lru[a]  # most recently used goes last
        else:
            loads.append((float(t[i]), float(rng.uniform(0.4, 0.9))))
            if len(lru) >= LORA_CPU:
                del lru[next(iter(lru))]
        lru[a] = None
        size[j] = len(lru)
    count = np.zeros(T)
    k = np.searchsorted(t[idx], np.arange(T), side="right")  # requests of the tenant up to each second
    count = np.where(k > 0, size[np.maximum(k - 1, 0)], 0.0)
    starts, durs = np.array([a for a, _ in loads]), np.array([d for _, d in loads])
    m = np.searchsorted(starts, t, side="right") - 1
    if not len(starts):
        return np.zeros(len(t)), count
    return np.where(m >= 0, np.maximum(starts[m] + durs[m] - t, 0.0), 0.0), count


def deliver(rng: np.random.Generator, sc: Scenario, recs: list[Rec], t0_ns: int) -> list[Rec]:
    """Clock offsets, seq numbers, drops, duplicates and late deliveries; returns (delivery time, record)."""
    node_off = {nd.name: rng.normal(0, 0.25) + nd.skew for nd in sc.nodes}
    node_off.update({al: node_off[n] for n, al, _, _ in sc.alias})  # (s201) the same host's clock (no draw)
    streams: dict[tuple[Any, ...], list[Rec]] = {}
    for t, r in recs:
        k: tuple[Any, ...] = (r["node"], r["source"], r["gpu"])
        if r.pop("_dup", False):  # (s66) a second agent's records: a stream of their own, without seq
            k = (*k, "old")
        tw_ = r.pop("_twin", None)
        if tw_ is not None:  # (s221) another host's agent under this node's name: streams of their own
            k = (*k, f"twin:{tw_}")
        streams.setdefault(k, []).append((t, r))
    offs: dict[tuple[str, str], float] = {}
    final: list[Rec] = []
    held: dict[str, list[tuple[float, float]]] = {}  # agent -> broker outages per node (s)
    for f in (f for f in sc.faults if f.kind == "spool" and f.end is not None):
        held.setdefault(f.node, []).append((f.start * 60, f.end * 60))
    down: dict[str, list[tuple[float, float]]] = {}  # node agent restarts: (SIGTERM, new agent collecting) s
    for f in sc.faults:
        if f.kind == "agent_restart" and f.end is not None:
            down.setdefault(f.node, []).append((f.start * 60, f.end * 60))
    for n, al, _, _ in sc.alias:  # (s201) the same agent's restarts (no draw)
        if n in down:
            down[al] = down[n]
    steps_of = {nd.name: nd.steps for nd in sc.nodes if nd.steps}  # the host clock stepped at (minute, s)
    lags: dict[tuple[str, str], list[tuple[float, float]]] = {}  # (node, source): slow-broker episodes (s)
    for n, src, a, b in sc.lag:
        lags.setdefault((n, src), []).append((a * 60, b * 60))
    lost: dict[tuple[str, str], list[tuple[float, float]]] = {}  # (s191) leaderless partitions (s)
    for n, src, a, b in sc.lost:
        lost.setdefault((n, src), []).append((a * 60, b * 60))
    dark: dict[str, list[tuple[float, float]]] = {}  # (s217) the agent's producer failing every send (s)
    for n, a, b in sc.dark:
        dark.setdefault(n, []).append((a * 60, b * 60))
    mute: dict[tuple[str, str], list[tuple[float, float]]] = {}  # (s219) sources the agent cannot scrape (s)
    for n, src, a, b in sc.mute:
        mute.setdefault((n, src), []).append((a * 60, b * 60))
    for key in sorted(streams, key=str):
        twin = str(key[3])[5:] if len(key) == 4 and str(key[3]).startswith("twin:") else None  # (s221)
        who = key[0] if twin is None else twin  # the host whose agent produced the stream
        jitter = rng.normal(0, 0.05) if key[1] == "alert" else node_off[who] + rng.normal(0, 0.08)
        if sc.disorder and key[1] != "alert" and key[:2] not in offs:  # collector-path offsets of 1-3 s
            offs[key[:2]] = float(rng.choice([-1.0, 1.0]) * rng.uniform(1, 3))
        off = offs.setdefault(key[:2] if twin is None else (twin, key[1]), jitter)
        if sc.alert_clock and key[1] == "alert":  # (s163) the alerting host's clock
            off = off + sc.alert_clock
        if key[:2] in sc.src_skew and key[1] != "alert":  # (s87) a collector stamping with a stale offset
            off = off + sc.src_skew[key[:2]]
        seq0 = int(rng.integers(1000, 10**6))
        hold = held.get(who, []) if key[1] != "alert" else []
        items = sorted(streams[key], key=lambda x: x[0])
        if key[:2] in mute:  # (s219) a failed scrape produces nothing: no record, no seq used
            items = [x for x in items if not any(a <= x[0] < b for a, b in mute[key[:2]])]
        rst = down.get(who, []) if key[1] != "alert" else []
        steps = steps_of.get(who, []) if key[1] != "alert" else []
        if rst:  # nothing is collected while the agent is down; the new process counts seq from 1 again
            items = [x for x in items if not any(a <= x[0] < b for a, b in rst)]
            seqs = agent_seqs([x[0] for x in items], rst, seq0)
        for i, (t, r) in enumerate(items):
            r["ts_ns"] = t0_ns + round((t + off) * 1e9)
            if steps:  # every record the agent stamps after a step carries the stepped clock
                r["ts_ns"] = t0_ns + round((t + off + sum(d for m, d in steps if m * 60 <= t)) * 1e9)
            if key[:2] in sc.stuck and key[1] != "alert" and t >= sc.stuck[key[:2]] * 60:  # (s99) dead clock
                r["ts_ns"] = t0_ns + round((sc.stuck[key[:2]] * 60 + off) * 1e9)
            u, d = rng.random(), t + rng.uniform(0.2, 1.5)
            if key[:2] in lags:  # its producer is behind: delivered later, in order, nothing lost
                d += lagged(t, lags[key[:2]])
            if key[1] == "alert":
                final.append((d, r))
                continue
            if len(key) == 3 or twin is not None:  # (s66) the old agent's records carry no seq
                r["seq"] = seqs[i] if rst else seq0 + i
            if who in dark and any(a <= t < b for a, b in dark[who]):  # (s217) dropped by the agent's
                continue  #                                                       failed producer, seq used
            if rst:  # the old agent's last unacknowledged batch, re-sent by the new one from its disk buffer
                final += [(x, r) for x in resent(t, rst, 10.0)]
            if r["kind"] == "sample" and u < sc.drop.get(key[:2], 0.003):
                continue  # lost in transit
            if key[:2] in lost:  # (s191) its partition has no leader: queued, expired or delivered late
                dk = expired(t, lost[key[:2]])
                if dk is None:
                    continue
                if dk > 0:
                    final.append((dk, r))
                    continue
            if hold:
                final += [(x, r) for x in resent(t, hold)]
            if sc.disorder:  # 2 % late by 1-10 s, 1 % duplicated
                final.append((spooled(d + (rng.uniform(1, 10) if u > 0.98 else 0.0), t, hold), r))
                if 0.965 < u <= 0.975:
                    final.append((spooled(d + rng.uniform(0.5, 8), t, hold), r))
                continue
            final.append((spooled(d + (rng.uniform(5, 40) if u > 0.999 else 0.0), t, hold), r))  # spooled
            if 0.997 < u <= 0.9985:
                final.append((spooled(d + rng.uniform(0.5, 8), t, hold), r))  # producer retry: same seq
    return sorted(final, key=lambda x: x[0])


def vip_mix(rng: np.random.Generator, sc: Scenario, recs: list[Rec]) -> None:
    """(s197) In place: from its `sc.vip` minute, each vLLM sample of the node comes from the pod kube-proxy
    picked for that scrape's connection, uniformly among the pods ready then (its own included; vLLM's
    keep-alive timeout, 5 s, is shorter than the scrape interval, so every scrape opens a new connection):
    that pod's values at the nearest of its own samples, under the scraping node's name, stamp and seq."""
    own: dict[str, list[Rec]] = {}
    for t, r in recs:
        if r["source"] == "vllm" and r["kind"] == "sample":
            own.setdefault(r["node"], []).append((t, r))
    tab: dict[str, tuple[Arr, list[tuple[dict[str, Any], Any]]]] = {}
    for n, v in own.items():
        v.sort(key=lambda x: x[0])
        tab[n] = (np.array([t for t, _ in v]), [(r["metrics"], r.get("labels")) for _, r in v])
    ready = {nd.name: (nd.o["state"] == 2) & ~nd.o["drained"] & nd.o["reach"] for nd in sc.nodes
             if len(tab.get(nd.name, ((),))[0]) > 1}
    for name, m0 in sc.vip:
        for t, r in own.get(name, []):
            if t < m0 * 60:
                continue
            cand = [n for n in ready if ready[n][int(t)]]
            if not cand:
                continue
            ts, vals = tab[cand[int(rng.integers(len(cand)))]]
            k = int(np.clip(np.searchsorted(ts, t), 1, len(ts) - 1))
            k = k - 1 if abs(ts[k - 1] - t) <= abs(ts[k] - t) else k
            r["metrics"] = dict(vals[k][0])
            if vals[k][1] is not None:
                r["labels"] = dict(vals[k][1])


def otel_names(m: dict[str, Any]) -> dict[str, Any]:
    """(s225) A vLLM sample's metrics as an OpenTelemetry prometheus receiver with name normalization passes
    them on: a counter's `_total` trimmed (`vllm:request_success_total{finished_reason="abort"}` ->
    `vllm:request_success{finished_reason="abort"}`), a histogram's unit word trimmed before its `_bucket` /
    `_sum` / `_count` (`vllm:time_to_first_token_seconds_bucket` -> `vllm:time_to_first_token_bucket`), the
    `_created` series gone (they become the points' start times); gauges as they were."""
    out: dict[str, Any] = {}
    for k, v in m.items():
        base, brace, sel = k.partition("{")
        if base.endswith("_created"):
            continue
        if base.endswith("_total"):
            base = base[:-len("_total")]
        for suf in ("_bucket", "_sum", "_count"):
            if base.endswith("_seconds" + suf):
                base = base[:-len("_seconds" + suf)] + suf
        out[base + brace + sel] = v
    return out


def agent_seqs(ts: list[float], rst: list[tuple[float, float]], seq0: int) -> list[int]:
    """seq of each record of one stream (collection times ts, sorted) when the node agent restarts: the first
    process counts from seq0, every later one (from a restart's end b) from 1, as its counter is in memory."""
    out, life, n = [], -1, 0
    for t in ts:
        k = sum(1 for _, b in rst if b <= t)
        if k != life:
            life, n = k, (seq0 if k == 0 else 1)
        out.append(n)
        n += 1
    return out


def expired(t: float, eps: list[tuple[float, float]]) -> float | None:
    """(s191) A record produced at t to a partition with no leader in [a, b): it waits in the producer's
    queue and expires MSG_TIMEOUT s after it was produced (None: lost); one still queued at b is sent when
    the partition has a leader again, oldest first (its delivery time). 0.0: not held at all."""
    for a, b in eps:
        if a <= t < b:
            return None if t < b - MSG_TIMEOUT else b + 0.5 + (t - max(a, b - MSG_TIMEOUT)) / 60.0
    return 0.0


def spooled(d: float, t: float, hold: list[tuple[float, float]]) -> float:
    """Delivery time of a record collected at t: while the agent cannot reach the broker (a <= t < b) it
    goes to the agent's disk spool, replayed oldest first at reconnect, 60x faster than it was written."""
    for a, b in hold:
        if a <= t < b:
            return b + 1.0 + (t - a) / 60.0
    return d


def lagged(t: float, eps: list[tuple[float, float]], up: float = 0.4, down: float = 0.8) -> float:
    """Delivery lag (s) of a record collected at t by a producer whose broker is slow in episodes [a, b): the
    backlog grows `up` s per s through an episode and drains `down` s per s after it (order is kept)."""
    x = 0.0
    for a, b in eps:
        if a <= t < b:
            x = max(x, up * (t - a))
        elif t >= b:
            x = max(x, up * (b - a) - down * (t - b))
    return x


def resent(t: float, hold: list[tuple[float, float]], back: float = 5.0) -> list[float]:
    """The batch in flight when the link dropped (the last 5 s) was written but never acknowledged: the
    agent sends it again, first, when it reconnects (a duplicate with the same seq). After an agent
    restart (`back` = 10 s) the new process replays its disk buffer from the old one's last acked-offset
    checkpoint."""
    return [b + 0.5 + (t - a + back) / 60.0 for a, b in hold if a - back <= t < a]


def build(sc: Scenario, traces: dict[str, Trace], out: Path) -> dict[str, Any]:
    seed = zlib.crc32(sc.name.encode())
    rng, T = np.random.default_rng(seed), sc.minutes * 60
    t0 = datetime.fromisoformat(sc.t0).timestamp()
    recs: list[Rec] = []
    for ni, nd in enumerate(sc.nodes):
        nrng, fl = np.random.default_rng([seed, ni]), [f for f in sc.faults if f.node == nd.name]
        if any(f.kind == "spec_residue" and f.crash for f in fl):  # (s112) its generators are its own
            residue_crashes(nd, ni, fl, traces, T, seed)
        life_of(nrng, nd, T, fl)
        for n_, m_ in sc.lxcfs:  # (s204) no draw
            if n_ == nd.name:
                nd.o["lxcfs"] = m_ * 60
        if sc.spill:  # drain (30 s before the stop) to ready (100 s after the start) of each planned restart
            wins = [(f.node, f.start * 60 - 30, f.start * 60 + 130) for f in sc.faults
                    if f.kind in ("warmup", "spec_on", "pool_cfg", "model_swap", "draft_swap", "prefix_off")]
            wins += [(f.node, f.start * 60 - 30, float(T)) for f in sc.faults if f.kind == "orphan"]
            wins += [(f.node, f.start * 60 - 30, f.start * 60 + 30 + f.rate)  # (s174) a slow cold load
                     for f in sc.faults if f.kind == "cold_load"]
            wins += [(f.node, f.start * 60 - 60, float(T)) for f in sc.faults if f.kind == "probe_loop"]
            wins += [(f.node, kured_times(f)["drain"], kured_times(f)["ready"])  # (s205)
                     for f in sc.faults if f.kind == "kured"]
            wins += [(f.node, f.start * 60, (f.end or f.start) * 60 + 130)  # (s213) a validation Job's
                     for f in sc.faults if f.kind == "gpu_burn"]  #          drain to the pod's ready
            nd.o["spill"] = ([(a, b) for n, a, b in wins if n == nd.name],
                             [(a, b) for n, a, b in wins if n != nd.name], len(sc.nodes) - 1)
        fos = [(f.node, f.start * 60, f.end * 60, f.to) for f in sc.faults if f.kind == "failover" and f.end]
        fos += [(f.node, a * 60 - 30, b * 60, f.to)  # (s90) a sleeping node's load goes to its neighbours
                for f in sc.faults if f.kind == "sleep" for a, b, _ in f.runs]
        if fos:  # a drained node's load goes to the peers its hash ring names; held KV scales with load
            nd.o["failover"] = ([(a, b) for n, a, b, _ in fos if n == nd.name],
                                [(a, b, sh) for _, a, b, to in fos for p, sh in to if p == nd.name])
            nd.o["fref_s"] = min(a for _, a, _, _ in fos)
        for f in (f for f in fl if f.kind == "join"):  # (s91) sessions land on it once it is ready
            nd.o["failover"] = ([(0.0, f.start * 60 + JOIN_PULL + JOIN_LOAD)], [])
            nd.o.pop("fref_s", None)  # (s201) no load before it joins: its own reference (as s91's)
        evs = [(f.node, f.start * 60) for f in sc.faults if f.kind == "evict"]
        arr = [(f.node, f.start * 60 + 100) for f in sc.faults if f.kind == "arrive"]
        if evs and arr:  # a pod rescheduled from node a (evicted at e) to spare node b (ready at r)
            (na, e), (nb, r) = evs[0], arr[0]
            peers = [x.name for x in sc.nodes if x.name not in (na, nb)]
            if nd.name == na:  # its sessions leave with the endpoint
                nd.o["failover"], nd.o["fref_s"] = ([(e, float(T))], []), e
            elif nd.name == nb:  # new sessions land on the new endpoint once it is ready (tau 300 s)
                nd.o["failover"] = ([(0.0, r)], [])
            else:  # until then the gateway spreads them over the peers; they stay there until they end
                nd.o["failover"], nd.o["fref_s"] = ([], [(e, r, 1 / len(peers))]), e
        lead = next((x for x in sc.nodes if x.name == nd.worker_of), None)
        order = list(enumerate(nd.engines))
        if nd.lockstep:  # the leaking rank first: its pressure sets every rank's step time
            order.sort(key=lambda x: not any(f.kind == "kv_leak" and f.inst in x[1].gpus for f in fl))
        for ei, e in order:
            e.pool = pool_tokens(nd, e)
            if lead is not None:  # a worker: its GPUs run the leader's engine, none of its traffic
                z = np.zeros(T)
                lo = lead.engines[ei].out
                nd.engines[ei].out = {**lo, "tot": z, "bad": z, "rejs": (z[:0], z[:0]),
                                      "buckets": np.zeros_like(lo["buckets"]),
                                      "running": lo["running"] * (nd.o["state"] == 2)}
                nd.o["lws_pod"] = f"{lead.o['pod']}-1"
                continue
            efl = [f for f in fl if f.inst is None or f.inst in e.gpus]
            sim_engine(nrng, nd, e, T, efl, traces[e.trace], zlib.crc32(f"{nd.name}/{ei}".encode()))
        nd.o["hit"] = 0.0 if nd.no_prefix else traces[nd.engines[0].trace].hit  # 0/0: the rule never fires
        gpu_series(nrng, nd, fl, T)
        nrecs = node_records(nrng, nd, T, fl)  # also names the node's pod and IP for its alerts
        recs += nrecs if nd.agent else []
        if nd.dup_from is not None:  # (s66) a second, older agent publishes the node too (its own generator)
            recs += old_agent(np.random.default_rng([seed, ni, 1]), nd, T, fl)
    for n, a_, b_ in sc.otel:  # (s225) an agent whose vLLM collector normalizes metric names (no draw)
        for ta_, ra_ in recs:
            if (ra_["node"] == n and ra_["source"] == "vllm" and ra_["kind"] == "sample"
                    and a_ * 60 <= ta_ < b_ * 60):
                ra_["metrics"] = otel_names(ra_["metrics"])
    if sc.vip:  # (s197) agents that scrape the pool's Service: each scrape, a random ready pod's values
        vip_mix(np.random.default_rng([seed, 197]), sc, recs)
    for n, al, a_, b_ in sc.alias:  # (s201) an agent that names its node by its host IP in [a_, b_) (no draw)
        for ta_, ra_ in recs:
            if ra_["node"] == n and a_ * 60 <= ta_ < b_ * 60:
                ra_["node"] = al
    for n, al, a_, b_ in sc.twin:  # (s221) another host's agent publishing as node `al` in [a_, b_) (no draw)
        for ta_, ra_ in recs:
            if ra_["node"] == n and a_ * 60 <= ta_ < b_ * 60:
                ra_["node"], ra_["_twin"] = al, n
    for rep in sc.ha:  # each replica of an HA pair evaluates the rules at its own phase and sends on its own
        recs += alerts(rng, sc, T, t0, {"cluster": "gpu-prod-eu1", "replica": rep}, rep)
    if not sc.ha:
        recs += alerts(rng, sc, T, t0, {"cluster": sc.cluster} if sc.cluster else None)
    if sc.foreign:  # (s172) another cluster's alerts through the same Alertmanager
        recs += foreign_alerts(rng, sc, T, t0)
    final = deliver(rng, sc, recs, int(t0) * 10**9)
    d = out / sc.name
    d.mkdir(parents=True, exist_ok=True)
    with open(d / "events.jsonl.gz", "wb") as fh, gzip.GzipFile("", "wb", fileobj=fh, mtime=0) as gz:
        gz.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for _, r in final).encode())
    labels = [{"fault_id": f"{sc.name}-{i:02d}-{f.kind}", "node": f.node, "gpu": f.gpu, "cause": f.cause,
               **({"detail": f.detail} if f.detail else {}), "start_ns": int(t0 + f.start * 60) * 10**9,
               "end_ns": int(t0 + (sc.minutes if f.end is None else f.end) * 60) * 10**9}
              for i, f in enumerate(sc.faults) if f.cause]
    (d / "labels.jsonl").write_text("".join(json.dumps(x) + "\n" for x in labels))
    n_alerts = sum(1 for _, r in final if r["source"] == "alert")
    gpn = sc.nodes[0].n_gpu // max(sc.nodes[0].mig, 1)
    return {"scenario": sc.name, "nodes": len(sc.nodes), "gpus_per_node": gpn,
            "minutes": sc.minutes, "records": len(final), "labels": len(labels), "alerts": n_alerts}


def main() -> None:
    ap = argparse.ArgumentParser(description="Write the outsider recordings (see the module docstring).")
    ap.add_argument("--out", type=Path, default=Path("out/outsider"))
    shared = Path(__file__).resolve().parents[2].parent / "shared" / "data"
    ap.add_argument("--data", type=Path, default=shared,
                    help="the shared data folder (default: ../shared/data beside the repository)")
    ap.add_argument("--only", nargs="*", help="scenario names (default: all)")
    a = ap.parse_args()
    traces = load_traces(a.data)
    for sc in scenarios():
        if not a.only or sc.name in a.only:
            print(json.dumps(build(sc, traces, a.out)), flush=True)


if __name__ == "__main__":
    main()
