#!/usr/bin/env python3
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Tables for bench/results/verbs.md from the ROW lines of tools/verbs-perf.sh.

Per test and size: the median over repetitions of each implementation, and the ratios Java/C
(latency: lower is better, target <= 1.05; bandwidth: higher is better, target >= 0.98).
usage: verbs_tables.py RAW_FILE
"""
import re
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
machine = perftest = tsc = tsc_busy = ""
cycles = False
failures = []
java_tsc = False   # newer runs: Java latency from TSC cycles per round trip (TIMING line), as perftest
counters = []   # (impl, test, size, rep, "name +delta" list) of rxe0 counters other than packet counts
limited = []   # runs whose warm-up ended at its hard limit
warm = []   # (impl, test, size, rep, client warm-up seconds, client and server Java-body runs while measured)
busy = []   # (impl, test, size, rep, text): runs whose JVMs compiled or collected while measured
by_rep = {}   # (test, size, impl, rep) -> values: pairs (VERBS_SEGMENTS) match Java "r.k" with C "impl:r.k"
pause_work = {}   # (impl, test, size, rep) -> what the JVMs did while that pair's C run had the vCPUs, if much
measured_jit = {}   # (impl, test, size, rep) -> ms the two JVMs compiled during that Java measured part
pause_cpu = {}   # (impl, test, size, rep) -> CPU ms the two JVMs used while that pair's C run had the vCPUs
other_cpu = {}   # (impl, test, size, rep) -> CPU ms the JVMs' other threads (JIT, GC, VM) used during that measured part
stall_ms = {}   # (impl, test, size, rep) -> ms of a bandwidth measured part spent in intervals over 4x the median (STALLS)
for line in open(sys.argv[1]):
    w = line.split()
    if not w:
        continue
    if w[0] == "MACHINE":
        machine = line[len("MACHINE "):].strip()
    elif w[0] == "TSC_MHZ":   # older runs only: the TscRate helper, removed (each Java run's TIMING line has the rate)
        tsc = w[1]
        cycles = "perftest -C" in line   # older runs: C latency from TSC cycles (not a clock under TCG)
    elif w[0] == "TSC_MHZ_BUSY":
        tsc_busy = w[1]
    elif w[0] == "PERFTEST":
        perftest = line[len("PERFTEST "):].strip()
    elif w[0] == "WARM":
        m = re.search(r"WARMUP ([0-9.]+) s( \(limit[^)]*\))?, java bodies before \d+, during the measured part (-?\d+)", line)
        srv = re.search(r"SERVER java bodies during the last \d+ messages (\d+)", line)
        java_tsc = java_tsc or "TIMING" in line
        # newer runs above 1 KiB: a pre-warm-up at 8 bytes came first (PREWARM), its time counts in the warm-up's
        pre = re.search(r"PREWARM at (\d+) bytes ([0-9.]+) s( \(limit[^)]*\))?", line)
        if m:
            warm.append((w[1], w[2], w[3], w[4], float(m.group(1)) + (float(pre.group(2)) if pre else 0.0),
                         int(m.group(3)), int(srv.group(1)) if srv else None))
            if m.group(2):
                limited.append(f"{w[1]} {w[2]} {w[3]} B run {w[4]}" + (f" ({m.group(2).strip()[1:-1]})" if ":" in m.group(2) else ""))
        if pre and pre.group(3):
            limited.append(f"{w[1]} {w[2]} {w[3]} B run {w[4]}, pre-warm-up at {pre.group(1)} B ({pre.group(3).strip()[1:-1]})")
        # newer runs: compilation and collections during the measured part, client and server
        cj = re.search(r"compilation during it (-?\d+) ms, collections (\d+) \((\d+) ms\)", line)
        sj = re.search(r"compilation during them (-?\d+) ms, collections (\d+)", line)
        measured_jit[(w[1], w[2], w[3], w[4])] = max(0, int(cj.group(1)) if cj else 0) + max(0, int(sj.group(1)) if sj else 0)
        # newer runs: the other threads' CPU, client (WARMUP line) and server (SERVER line), and the STALLS line
        oc = re.findall(r"other threads' cpu (?:during them )?(-?\d+) ms", line)
        if oc:
            other_cpu[(w[1], w[2], w[3], w[4])] = sum(max(0, int(v)) for v in oc)
        st = re.search(r"STALLS .* taking ([0-9.]+) ms of ([0-9.]+) ms", line)
        if st:
            stall_ms[(w[1], w[2], w[3], w[4])] = float(st.group(1))
        seen = []
        if cj and (int(cj.group(1)) > 0 or int(cj.group(2)) > 0):
            seen.append(f"client compiled {cj.group(1)} ms, {cj.group(2)} collections ({cj.group(3)} ms)")
        if sj and (int(sj.group(1)) > 0 or int(sj.group(2)) > 0):
            seen.append(f"server compiled {sj.group(1)} ms, {sj.group(2)} collections")
        if seen:
            busy.append((w[1], w[2], w[3], w[4], "; ".join(seen)))
    elif w[0] == "COUNTERS" and len(w) > 5:
        moved = [c.strip() for c in line.split(None, 5)[5].split(",")
                 if c.strip() and not c.strip().startswith(("sent_pkts", "rcvd_pkts", "rdma_sends", "rdma_recvs"))]
        if moved:
            counters.append((w[1], w[2], w[3], w[4], moved))
    elif w[0] == "PAIRSTAT":
        # "cpu N ms": all of a JVM's threads while its C partner ran (client and server); older lines: compilation only.
        # The paused client looks for its resume file every 200 ms, about 1-2% of a CPU; a second in all is worth naming.
        cpu = [int(v) for v in re.findall(r"cpu (?:during the pause )?(-?\d+) ms", line)]
        gcs = [int(v) for v in re.findall(r"collections (\d+)", line)]
        pause_cpu[(w[1], w[2], w[3], w[4])] = sum(cpu) if cpu else None
        if sum(cpu) >= 1000 or any(gcs):
            pause_work[(w[1], w[2], w[3], w[4])] = line.split(None, 5)[5].strip()
    elif w[0] == "FAILED":
        failures.append(line.strip())
    elif w[0] == "ROW" and w[5] != "NA":
        _, test, size, impl, rep = w[:5]
        rows[(test, int(size), impl)].append([float(x) if x not in ("-", "NA") else None for x in w[5:]])
        by_rep[(test, int(size), impl, rep)] = rows[(test, int(size), impl)][-1]


def med(test, size, impl, col):
    vals = [r[col] for r in rows.get((test, size, impl), []) if r[col] is not None]
    return (statistics.median(vals), len(vals)) if vals else (None, 0)


def fmt(v, digits=2):
    return "-" if v is None else f"{v:.{digits}f}"


print(f"Guest: {machine}; perftest {perftest or '(version unknown)'}"
      + (f"; TSC {tsc} MHz over a sleep" + (", which converted perftest's -C cycles" if cycles else "") if tsc else "")
      + (f"; TSC {tsc_busy} MHz when measured spinning instead of sleeping" if tsc_busy else "") + ".\n")
tests = sorted({t for t, _, _ in rows}, key=["send_lat", "send_bw", "write_bw", "pso_rt"].index)
for test in tests:
    if test == "pso_rt":
        print("### PSO vs Java serialization over verbs: round trip of a list of 32-byte elements, median of runs, us\n")
        print("| elements | PSO bytes | PSO | serialization bytes | serialization | serialization/PSO | runs |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for s in sorted({s for t, s, _ in rows if t == test}):
            p, n = med(test, s, "pso", 0)
            j, _ = med(test, s, "serialization", 0)
            pb, _ = med(test, s, "pso", 2)
            jb, _ = med(test, s, "serialization", 2)
            r = j / p if p and j else None
            print(f"| {s} | {fmt(pb, 0)} | {fmt(p)} | {fmt(jb, 0)} | {fmt(j)} | {fmt(r, 2)} | {n} |")
        print()
        continue
    sizes = sorted({s for t, s, _ in rows if t == test})
    impls = [i for i in ("java", "java-prov", "java-nc", "java-c2") if any((test, s, i) in rows for s in sizes)]
    names = {"java": "Jaguar (direct rings)", "java-prov": "Jaguar (provider, critical)",
             "java-nc": "Jaguar (provider, plain FFM)", "java-c2": "Jaguar direct, C2"}
    if test.endswith("_lat"):
        print(f"### ib_{test}: half round trip, median of runs (typical = perftest's t_typical), us\n")
    else:
        print(f"### ib_{test}: streaming, median of runs, MiB/s\n")
    print("| bytes | " + ("C perftest (TSC)" if cycles and test.endswith("_lat") else "C perftest") + " | " + " | ".join(names[i] for i in impls) + " | "
          + " | ".join(names[i].replace("Jaguar ", "") + "/C" for i in impls) + " | runs |")
    print("|---:|---:|" + "---:|" * (2 * len(impls)) + "---:|")
    for s in sizes:
        c, n = med(test, s, "C", 0)
        vals = [med(test, s, i, 0)[0] for i in impls]
        ratios = [v / c if c and v else None for v in vals]
        print(f"| {s} | {fmt(c)} | " + " | ".join(fmt(v) for v in vals) + " | "
              + " | ".join(fmt(r, 3) for r in ratios) + f" | {n} |")
    if test.endswith("_lat") and any((test, s, "C-wall") in rows for s in sizes):
        print("\nAverage half round trip, us (C by the wall clock: the slope between two perftest runs of"
              " different lengths, timed with `date`; Java: " + ("TSC cycles per round trip over the counter's rate in the measured part"
              if java_tsc else "System.nanoTime per round trip") + "), median of runs:\n")
        print("| bytes | " + ("C perftest (TSC)" if cycles else "C perftest") + " | C perftest (wall clock) | " + " | ".join(names[i] for i in impls) + " | "
              + " | ".join(names[i].replace("Jaguar ", "") + "/C wall" for i in impls) + " | runs |")
        print("|---:|---:|---:|" + "---:|" * (2 * len(impls)) + "---:|")
        for s in sizes:
            ct = med(test, s, "C", 1)[0]
            cw, n = med(test, s, "C-wall", 1)
            vals = [med(test, s, i, 1)[0] for i in impls]
            print(f"| {s} | {fmt(ct)} | {fmt(cw)} | " + " | ".join(fmt(v) for v in vals) + " | "
                  + " | ".join(fmt(v / cw if cw and v else None, 3) for v in vals) + f" | {n} |")
    if test.endswith("_lat"):
        print("\np99 (us), median of runs: " + "; ".join(
            f"{s} B: C {fmt(med(test, s, 'C', 2)[0])}, " + ", ".join(f"{i} {fmt(med(test, s, i, 2)[0])}" for i in impls)
            for s in sizes))
    print()
pairs = defaultdict(list)   # (test, size, impl, boot) -> [(rep, java values, C values)]; boot: the rep before the dot
for (test, size, impl, r), v in by_rep.items():
    if impl != "C" and (test, size, "C", f"{impl}:{r}") in by_rep:
        pairs[(test, size, impl, r.split(".")[0])].append((r, v, by_rep[(test, size, "C", f"{impl}:{r}")]))
for (test, size, impl) in {k[:3] for k in pairs}:   # a cell measured in several boots: its pairs pooled too
    boots = [k for k in pairs if k[:3] == (test, size, impl)]
    if len(boots) > 1:
        pairs[(test, size, impl, "all")] = [p for k in boots for p in pairs[k]]
if pairs:
    print("### Pairs: each Java measured part against the perftest run right after it (one warm-up, one boot)\n")
    print("Java/C per pair (latency: median half round trip, lower is better, target <= 1.05; bandwidth: message rate,"
          " higher is better, target >= 0.98): the median over pairs, their range, and how many pairs meet the target;"
          " then each side's best part against the other's (interference only slows a run: the best part is the least"
          " disturbed one). Boot: the repetition, one warm-up and one boot of the VM each; \"all\": a cell's pairs from every boot pooled."
          " The last pair's C run comes after the Java run has exited; the others' while both JVMs sleep."
          " Quiet pairs: the JVMs compiled for under 100 ms during the Java part and used under 1 s of CPU during the C part"
          " (under emulation jargraal goes on compiling itself for minutes; on hardware that work ends in seconds).\n")
    print("| test | bytes | Java | boot | pairs | Java/C median | min | max | pairs meeting the target | best Java / best C"
          " | latency averages Java/C, median | JVMs' CPU while C ran, ms, median of pairs but the last"
          " | JVMs' other threads' CPU while measured, ms, median | stalled ms of a bandwidth part, median (max)"
          " | Java/C median, quiet pairs (n) |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (test, size, impl, boot) in sorted(pairs, key=lambda k: (["send_lat", "send_bw", "write_bw"].index(k[0]), k[1], k[2],
                                                                 k[3] == "all", k[3])):
        ps = pairs[(test, size, impl, boot)]
        lat = test.endswith("_lat")
        col = 0 if lat else 1   # bandwidth: the message rate, which both print to six decimals (MiB/s to two)
        ratios = [j[col] / c[col] for _, j, c in ps if j[col] and c[col]]
        if not ratios:
            continue
        meet = sum(1 for x in ratios if (x <= 1.05 if lat else x >= 0.98))
        avg = [j[1] / c[1] for _, j, c in ps if lat and j[1] and c[1]]
        cpu = [pause_cpu[(impl, test, str(size), r)] for r, _, _ in ps if pause_cpu.get((impl, test, str(size), r)) is not None]
        clean = [j[col] / c[col] for r, j, c in ps if j[col] and c[col] and (pause_cpu.get((impl, test, str(size), r)) or 0) < 1000
                 and measured_jit.get((impl, test, str(size), r), 0) < 100]
        # Interference only slows a run down, never speeds it up, so each side's best part is its least disturbed
        # one (Chen and Revels, "Robust benchmarking in noisy environments", 2016): latency the lowest median, rate the highest.
        js = [j[col] for _, j, _ in ps if j[col]]
        cs = [c[col] for _, _, c in ps if c[col]]
        best = (min(js) / min(cs) if lat else max(js) / max(cs)) if js and cs else None
        oth = [other_cpu[(impl, test, str(size), r)] for r, _, _ in ps if (impl, test, str(size), r) in other_cpu]
        stl = [stall_ms[(impl, test, str(size), r)] for r, _, _ in ps if (impl, test, str(size), r) in stall_ms]
        print(f"| {test} | {size} | {impl} | {boot} | {len(ratios)} | {statistics.median(ratios):.3f} | {min(ratios):.3f} | {max(ratios):.3f}"
              f" | {meet} of {len(ratios)} | {fmt(best, 3)} | {fmt(statistics.median(avg), 3) if avg else '-'}"
              f" | {fmt(statistics.median(cpu), 0) if cpu else '-'}"
              f" | {fmt(statistics.median(oth), 0) if oth else '-'}"
              f" | {(fmt(statistics.median(stl), 1) + ' (' + fmt(max(stl), 1) + ')') if stl else '-'}"
              f" | {fmt(statistics.median(clean), 3) if clean else '-'} ({len(clean)}) |")
    print()
    if pause_work:
        print("Pairs whose JVMs used a second of CPU or more, or collected, while their C run had the vCPUs (that C figure may be low): " + "; ".join(
            f"{i} {t} {s} B pair {r}: {x}" for (i, t, s, r), x in sorted(pause_work.items())) + ".\n")
if warm:
    dirty = [x for x in warm if x[5] > 0 or (x[6] or 0) > 0]
    resumed = [x[4] for x in warm if "." in x[3] and not x[3].endswith(".1")]   # a pair after the first: a short re-warm-up
    first = [x[4] for x in warm if not ("." in x[3] and not x[3].endswith(".1"))]
    print(f"Warm-up (Java runs, -Djaguar.mapping.strict=true): {min(first):.0f}-{max(first):.0f} s"
          + (f" (measured parts after a pause: {min(resumed):.0f}-{max(resumed):.0f} s)" if resumed else "") + "; "
          + ("no code mapping's Java body ran during any measured part." if not dirty else
             "Java bodies still ran during the measured part of: " + ", ".join(
                 f"{i} {t} {s} B run {r} (client {c}, server {v if v is not None else '-'})" for i, t, s, r, _, c, v in dirty) + ".")
          + (" Warm-up ended at its limit, still active, in: " + ", ".join(limited) + "." if limited else ""))
    print()
if busy:
    print("JVM work during the measured part (JIT compilation, collections): " + "; ".join(
        f"{i} {t} {s} B run {r}: {x}" for i, t, s, r, x in busy) + ".\n")
if counters:
    print("rxe0 port counters that moved (besides packet counts): " + "; ".join(
        f"{i} {t} {s} B run {r}: {', '.join(m)}" for i, t, s, r, m in counters) + ".\n")
if failures:
    print("Runs that produced no result:\n")
    for f in failures:
        print(f"- `{f}`")
    print()
