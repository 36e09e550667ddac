#!/usr/bin/env python3
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Tables and plots of the Reflexes paper's Figures 7, 8-9 and 11 from tools/reflex-figures.sh's
raw files. Usage: reflex_figures.py RAW RESULTS"""
import csv
import os
import statistics
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

raw, results = sys.argv[1], sys.argv[2]


def rows(name):
    with open(os.path.join(raw, name)) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def per_run(label, kind):
    path = os.path.join(raw, "reflex", f"{label}.{kind}.tsv")
    return rows(os.path.join("reflex", f"{label}.{kind}.tsv")) if os.path.exists(path) else []


def percentile(hist, q):
    """The inter-arrival (us) below which a fraction q of a run's histogram lies."""
    total = sum(int(x["count"]) for x in hist)
    seen = 0
    for x in hist:
        seen += int(x["count"])
        if seen >= q * total:
            return int(x["interarrival_us"])
    return 0


def share_within(hist, lo, hi):
    total = sum(int(x["count"]) for x in hist)
    return sum(int(x["count"]) for x in hist if lo <= int(x["interarrival_us"]) <= hi) / total if total else 0


out = ["# Reflexes on Jaguar: Figures 7, 8-9 and 11 (issue 41)", "",
       "`make -C bench reflex-figures` (tools/reflex-figures.sh, tools/reflex_figures.py); raw files in raw/reflex-*.tsv and raw/reflex/, "
       "the machine in raw/reflex-figures.machine.md. Each table comes from one run of the script; the runs behind these tables "
       "(a full run, then any part run again alone with FIGURES=...):", ""]
runs_log = os.path.join(raw, "reflex-runs.log")
out += [f"- {line.strip()}" for line in open(runs_log)] if os.path.exists(runs_log) else ["- one full run (before runs were logged)"]
out += ["",
       "## What this kernel allows", ""]
out += open(os.path.join(raw, "reflex-kernel.md")).read().strip().splitlines()
if os.path.exists(os.path.join(raw, "reflex-wake.tsv")):
    out += ["", "How late a pinned SCHED_FIFO Java thread wakes from an absolute-deadline sleep (clock_nanosleep) every 50 us with nothing "
            "else running (jaguar.bench.reflex.TimedWake), under the guest's halt polling as found and as set for the runs below:", "",
            "| halt polling | wakes | late min / p50 / avg / p99 / max (us) |", "|---|---:|---|"]
    for r in rows("reflex-wake.tsv"):
        out.append(f"| {r['halt_poll']} | {int(r['wakes']):,} | {r['late_min_us']} / {r['late_p50_us']} / {r['late_avg_us']} / {r['late_p99_us']} / "
                   f"{float(r['late_max_us']):,.0f} |")

# ---- Figure 7 ----------------------------------------------------------------------------------
f7 = rows("reflex-fig7.tsv")
by = {}
for r in f7:
    by.setdefault(int(r["tasks"]), {}).setdefault(r["chain"], []).append(float(r["median_us"]))
repeats = max(len(v) for c in by.values() for v in c.values())


def med(n, chain):
    return statistics.median(by[n][chain])


def spread(n, chain):
    v = by[n][chain]
    return f"{min(v):,.0f}-{max(v):,.0f}" if len(v) > 1 else "-"


out += ["", "## Figure 7: an event handed down a chain", "",
        "Time for one event to traverse a chain of N tasks (each takes the event with its number and writes it with the next one's), "
        f"on one pinned SCHED_FIFO scheduler, against N platform threads each taking from its ArrayBlockingQueue and putting into the next's; "
        f"each run's median of 100 rounds, {repeats} runs (JVMs) each: the median of their medians and their range. "
        "The paper at 1,000: Reflexes on Ovm 1,849 us, threads on HotSpot 2,541 us.", "",
        "| tasks | Reflex chain (us) | range | per hop | thread chain (us) | range | per hop | threads / Reflexes |",
        "|---:|---:|---|---:|---:|---|---:|---:|"]
for n in sorted(by):
    r, t = med(n, "reflex"), med(n, "threads")
    out.append(f"| {n:,} | {r:,.0f} | {spread(n, 'reflex')} | {r / n:.2f} | {t:,.0f} | {spread(n, 'threads')} | {t / n:.2f} | {t / r:.1f}x |")
plt.figure(figsize=(6, 4))
ns = sorted(by)
plt.plot(ns, [med(n, "reflex") for n in ns], "o-", label="Reflex tasks (Jaguar)")
plt.plot(ns, [med(n, "threads") for n in ns], "s-", label="threads + ArrayBlockingQueue")
plt.plot([1000], [1849], "^", label="paper: Reflexes on Ovm")
plt.plot([1000], [2541], "v", label="paper: threads on HotSpot")
plt.xscale("log"), plt.yscale("log")
plt.xlabel("tasks in the chain"), plt.ylabel("time to traverse (us)"), plt.legend(), plt.grid(alpha=.3)
plt.title("Figure 7: hand-off chain")
plt.tight_layout(), plt.savefig(os.path.join(results, "reflex-fig7.png"), dpi=120), plt.close()

# ---- Figures 8-9 -------------------------------------------------------------------------------
f8 = rows("reflex-fig8.tsv")
out += ["", "## Figures 8-9: a 50 us period beside an allocating thread", "",
        "One task released every 50 us (absolute releases) on a pinned SCHED_FIFO 80 scheduler, each invocation a take and a write of "
        "the same event (the paper's), 50,000 periods after 20,000 of warm-up, beside an ordinary thread allocating 1 KiB arrays as fast as "
        "it can (10 MB kept live); -Xms1g -Xmx1g -XX:+AlwaysPreTouch. *isolated*: the process's other threads (the noise, GC and "
        "compiler threads) moved off the task's CPU, as far as a machine without isolated cores goes. A period is missed when no "
        "invocation ended by its deadline. Each miss is attributed: a safepoint or handshake in the JVM's own log "
        "(-Xlog:safepoint,handshake) overlapping it; else the task's own run time (it ran longer than it started late, on a CPU most "
        "of that time); else scheduling (the kernel or the hypervisor started it late or took its CPU, the JVM not stopping it). "
        "The paper: 18 of 50,000 missed (0.03%), most by under 50 us.", "",
        "| run | GC | other threads | missed | % | safepoint | handshake | run time | scheduling | inter-arrival min / p50 / p99.99 / max (us) | worst past deadline (us) | longest safepoint (us) | steal (ms) |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
for r in f8:
    where = "none (no noise)" if "quiet" in r["label"] else ("moved off" if "isolatetrue" in r["label"] else "shared")
    out.append(f"| {r['label']} | {r['gc']} | {where} | {int(r['missed']):,} | {float(r['miss_pct']):.2f} | {r['by_safepoint']} | {r['by_handshake']} | "
               f"{r['by_run']} | {r['by_scheduling']} | {float(r['ia_min_us']):.0f} / {float(r['ia_p50_us']):.0f} / {float(r['ia_p9999_us']):,.0f} / "
               f"{float(r['ia_max_us']):,.0f} | {float(r['worst_past_us']):,.0f} | {float(r['longest_safepoint_us']):,.0f} | {r['steal_ms_cpu']} |")
groups = {}
for r in f8:
    if "quiet" in r["label"]:
        continue
    key = (r["gc"], "isolatetrue" in r["label"])
    groups.setdefault(key, []).append(float(r["miss_pct"]))
out += ["", "Median miss rate over the repeats:", "", "| GC | other threads | runs | median % missed | range |", "|---|---|---:|---:|---|"]
for (gc, iso), v in sorted(groups.items()):
    out.append(f"| {gc} | {'moved off' if iso else 'shared'} | {len(v)} | {statistics.median(v):.2f} | {min(v):.2f}-{max(v):.2f} |")

cyc = rows("reflex-cyclictest.tsv")
out += ["", "The kernel's floor: cyclictest (rt-tests) on the same CPU at the same priority, a C thread woken by clock_nanosleep; "
        "'late by a period' counts wake-ups a period or more after their release (a missed period in the Reflex's terms):", "",
        "| noise | period (us) | wake-ups | latency min / avg / max (us) | late by a period | % |", "|---|---:|---:|---|---:|---:|"]
for r in cyc:
    out.append(f"| {'the allocating JVM beside it' if r['noise'] == 'hard' else 'none'} | {r['period_us']} | {int(r['loops']):,} | "
               f"{r['min_us']} / {r['avg_us']} / {r['max_us']} | {r['over_period']} | {100 * int(r['over_period']) / int(r['loops']):.2f} |")

fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
for ax, gc in zip(axes, ["G1", "ZGC"]):
    for iso, style in (("false", "-"), ("true", "--")):
        label = f"fig8-{gc[0] if gc == 'ZGC' else gc}-isolate{iso}-1"
        h = per_run(label, "interarrival")
        if h:
            xs = [int(x["interarrival_us"]) for x in h]
            ys = [int(x["count"]) for x in h]
            ax.plot(xs, ys, "." if iso == "false" else "x", ms=3, label="other threads " + ("moved off" if iso == "true" else "shared"))
    ax.axvline(50, color="grey", lw=.5)
    ax.set_yscale("log"), ax.set_xscale("log")
    ax.set_xlabel("inter-arrival (us)"), ax.set_title(f"{gc}, 50 us period"), ax.grid(alpha=.3), ax.legend()
axes[0].set_ylabel("invocations")
fig.suptitle("Figure 8: inter-arrival times beside an allocating thread")
fig.tight_layout(), fig.savefig(os.path.join(results, "reflex-fig8.png"), dpi=120), plt.close(fig)

fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
colors = {"safepoint": "tab:red", "handshake": "tab:orange", "run time": "tab:blue", "scheduling": "tab:green"}
for ax, gc in zip(axes, ["G1", "Z"]):
    m = per_run(f"fig8-{gc}-isolatefalse-1", "misses")
    for cause, c in colors.items():
        pts = [(int(x["invocation"]), max(0.1, float(x["past_deadline_us"]))) for x in m if x["cause"] == cause]
        if pts:
            ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=6, c=c, label=f"{cause} ({len(pts)})")
    ax.set_yscale("log"), ax.set_xlabel("invocation"), ax.set_title(("G1" if gc == "G1" else "ZGC") + ", other threads shared")
    ax.grid(alpha=.3), ax.legend(fontsize=8)
axes[0].set_ylabel("past the deadline (us)")
fig.suptitle("Figure 9: deadline misses over time, by cause")
fig.tight_layout(), fig.savefig(os.path.join(results, "reflex-fig9.png"), dpi=120), plt.close(fig)

# ---- Figure 11 ---------------------------------------------------------------------------------
f11 = rows("reflex-fig11.tsv")
out += ["", "## Figure 11: a 100 us period with atomic calls every 20 ms", "",
        "One task released every 100 us, each invocation reading what its input ring holds into its stable state; an ordinary thread "
        "fills the ring through an atomic method every 20 ms (the body runs on a copy; it commits when the task did not run meanwhile, "
        "else runs again: a conflict); a noise thread allocates 2 MB/s. The paper (IBM WebSphere Real-Time, 8 cores): inter-arrival "
        "57-144 us over about 600,000 periods; 516 of 3,000 atomic calls aborted.", "",
        "| GC | periods | inter-arrival min / p1 / p50 / p99 / p99.99 / max (us) | within 57-144 us | missed | % | by safepoint / handshake / run / scheduling | atomic calls | aborted at least once | bodies run again | worst lock-out of the task (us) | CPU stolen by the host from the task's CPU (ms) |",
        "|---|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|"]
for r in f11:
    h = per_run(f"fig11-{r['gc'][0] if r['gc'] == 'ZGC' else r['gc']}", "interarrival")
    out.append(f"| {r['gc']} | {int(r['periods']):,} | {float(r['ia_min_us']):.0f} / {percentile(h, .01)} / {float(r['ia_p50_us']):.0f} / {float(r['ia_p99_us']):.0f} / "
               f"{float(r['ia_p9999_us']):,.0f} / {float(r['ia_max_us']):,.0f} | {100 * share_within(h, 57, 144):.2f}% | {int(r['missed']):,} | {float(r['miss_pct']):.3f} | "
               f"{r['by_safepoint']} / {r['by_handshake']} / {r['by_run']} / {r['by_scheduling']} | {int(r['atomic_calls']):,} | "
               f"{int(r['atomic_calls_aborted']):,} | {r['atomic_conflicts']} | {float(r['worst_lockout_us']):.1f} | {int(r['steal_ms_cpu']):,} |")
plt.figure(figsize=(6, 4))
for r in f11:
    label = f"fig11-{r['gc'][0] if r['gc'] == 'ZGC' else r['gc']}"
    h = per_run(label, "interarrival")
    if h:
        plt.plot([max(1, int(x["interarrival_us"])) for x in h], [int(x["count"]) for x in h], "." if r["gc"] == "G1" else "x", ms=3, label=r["gc"])
plt.axvspan(57, 144, alpha=.15, label="paper's range (57-144 us)")
plt.yscale("log"), plt.xscale("log")
plt.xlabel("inter-arrival (us)"), plt.ylabel("invocations"), plt.legend(), plt.grid(alpha=.3)
plt.title("Figure 11: 100 us period, atomic calls every 20 ms")
plt.tight_layout(), plt.savefig(os.path.join(results, "reflex-fig11.png"), dpi=120), plt.close()

out += ["", "![Figure 7](reflex-fig7.png)", "", "![Figure 8](reflex-fig8.png)", "", "![Figure 9](reflex-fig9.png)", "",
        "![Figure 11](reflex-fig11.png)", ""]
with open(os.path.join(results, "reflex-figures.md"), "w") as f:
    f.write("\n".join(out))
print("wrote", os.path.join(results, "reflex-figures.md"))
