#!/bin/sh
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# What this kernel allows a time-critical thread, as Markdown: preemption model, tick, isolated
# cores, real-time throttling, and whether this process may use SCHED_FIFO. Usage: reflex-kernel.sh
cfg() { zcat /proc/config.gz 2>/dev/null | grep -E "^$1=" | head -1 || true; }
echo "| setting | value |"
echo "|---|---|"
echo "| kernel | $(uname -r) ($(uname -v | grep -o 'PREEMPT[A-Z_]*' | head -1)) |"
mode=$(cat /sys/kernel/debug/sched/preempt 2>/dev/null || true)
[ -n "$mode" ] || mode="$(cfg CONFIG_PREEMPT_NONE)$(cfg CONFIG_PREEMPT_VOLUNTARY)$(cfg CONFIG_PREEMPT)$(cfg CONFIG_PREEMPT_LAZY) (build default; preempt= on the command line: $(tr ' ' '\n' < /proc/cmdline | grep '^preempt=' || echo none))"
echo "| preemption | $mode |"
echo "| tick | $(cfg CONFIG_HZ); $(cfg CONFIG_NO_HZ_IDLE)$(cfg CONFIG_NO_HZ_FULL) |"
echo "| isolated CPUs | '$(cat /sys/devices/system/cpu/isolated 2>/dev/null)' (nohz_full '$(cat /sys/devices/system/cpu/nohz_full 2>/dev/null)') |"
echo "| real-time throttling | sched_rt_runtime_us $(cat /proc/sys/kernel/sched_rt_runtime_us) of sched_rt_period_us $(cat /proc/sys/kernel/sched_rt_period_us) |"
echo "| RLIMIT_RTPRIO | $(ulimit -r 2>/dev/null || echo '?') (uid $(id -u)) |"
echo "| steal accounting | $(cfg CONFIG_PARAVIRT_TIME_ACCOUNTING) |"
echo "| CPUs | $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')); virtualized: $(grep -q '^flags.* hypervisor' /proc/cpuinfo && echo "yes ($(systemd-detect-virt --vm 2>/dev/null || echo 'a hypervisor'))" || echo no) |"
# How an idle CPU waits for its next timer: on a VM each halt is an exit to the hypervisor (two,
# nested), unless the guest polls first (haltpoll); a period's wake-up pays it.
poll=/sys/module/haltpoll/parameters/guest_halt_poll_ns
echo "| idle | cpuidle driver $(cat /sys/devices/system/cpu/cpuidle/current_driver 2>/dev/null || echo none); guest halt polling $([ -r $poll ] && echo "$(cat $poll) ns" || echo 'not available') |"
echo "| nested virtualization | $(tr ' ' '\n' < /proc/cmdline | grep -E '^nested_pvm=|^kvm.nested=' | tr '\n' ' ' | sed 's/ $//' | grep . || echo 'none said on the command line') |"
