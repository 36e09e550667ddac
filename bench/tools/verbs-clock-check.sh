#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Which of the test VM's clocks keep the host's time (make -C bench verbs-clock): the guest marks
# phases (a sleep, a busy loop, a C ping-pong on rxe0) with its CLOCK_MONOTONIC and its TSC, and
# the host stamps each mark as it appears in the guest's log. Prints each phase's length by the
# three clocks and the TSC's rate against both; also the guest's clocksource and what a clock read
# costs there. Latency in bench/results/verbs.md is TSC cycles per round trip on both sides, which
# is sound only if the TSC keeps time here.
#   verbs-clock-check.sh TOP VM_DIR WORK_DIR
set -euo pipefail
top=$1 vm=$2 work=$3
mkdir -p "$work"
gcc -O2 -o "$work/clock_mark" "$top/bench/tools/clock_mark.c"
cat > "$work/phases.sh" <<PHASES
m=$work/clock_mark
echo "GUEST clocksource \$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource), \$(grep -m1 'cpu MHz' /proc/cpuinfo | tr -s '\t ' ' ')"
\$m start cost; sleep 5; \$m sleep-5s
\$m spin spin 200000000
ib_send_lat -d rxe0 -R -F -p 18700 -s 8 -n 30000 > $work/server.log 2>&1 &
sleep 3
\$m before-ping-pong; ib_send_lat -d rxe0 -R -F -p 18700 -s 8 -n 30000 10.50.0.1 > $work/client.log 2>&1; \$m ping-pong
wait
PHASES
# The host side: stamp MARK lines as the guest writes them (run-vm.sh makes a new run.* directory).
python3 - "$vm" > "$work/host-marks.txt" <<'WATCH' &
import glob, os, sys, time
vm = sys.argv[1]; before = set(glob.glob(vm + "/run.*")); deadline = time.time() + 900
while not (set(glob.glob(vm + "/run.*")) - before):
    time.sleep(0.02)
    if time.time() > deadline: sys.exit(1)
run = (set(glob.glob(vm + "/run.*")) - before).pop(); pos = 0; buf = ""
while os.path.isdir(run) and time.time() < deadline:
    try:
        with open(run + "/guest.log") as f:
            f.seek(pos); d = f.read(); pos += len(d)
    except FileNotFoundError:
        d = ""
    now = time.monotonic_ns(); buf += d
    while "\n" in buf:
        line, buf = buf.split("\n", 1)
        if line.startswith("MARK"): print(now, line, flush=True)
    time.sleep(0.005)
WATCH
watcher=$!
sleep 1   # the watcher must list the old run directories before run-vm.sh makes its own
VERBS_VM_TCG_THREAD=multi "$top/test/verbs-vm/run-vm.sh" "$vm" 900 "bash $work/phases.sh" | grep -E '^(GUEST|COST)'
sleep 1; kill $watcher 2>/dev/null || true; wait $watcher 2>/dev/null || true
[ -s "$work/host-marks.txt" ] || { echo "verbs-clock-check: the host saw no marks from the guest" >&2; exit 1; }
echo "PING-PONG perftest (usec: #bytes #iterations t_min t_max t_typical t_avg ...): $(awk '$1 == 8 && NF >= 5' "$work/client.log")"
python3 - "$work/host-marks.txt" <<'TABLE'
import sys
marks = [l.split() for l in open(sys.argv[1])]   # host_ns MARK label guest_ns tsc
print("| phase | host s | guest clock s | TSC cycles | TSC MHz by host | TSC MHz by guest clock |")
print("|---|---:|---:|---:|---:|---:|")
for a, b in zip(marks, marks[1:]):
    if b[2] == "before-ping-pong":
        continue
    h = (int(b[0]) - int(a[0])) / 1e9; g = (int(b[3]) - int(a[3])) / 1e9; c = int(b[4]) - int(a[4])
    print(f"| {b[2]} | {h:.3f} | {g:.3f} | {c} | {c / h / 1e6:.1f} | {c / g / 1e6:.1f} |")
TABLE
