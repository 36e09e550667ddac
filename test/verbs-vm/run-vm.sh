#!/usr/bin/env bash
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Boots the verbs test VM (Debian's kernel, Soft-RoCE rxe0) and runs a command in it, in the
# Jaguar tree at its host path; prints the guest's log and exits with the command's status.
#   run-vm.sh <vm dir: vmlinuz, initrd.img> <timeout s> <command...>
# VERBS_VM_ACCEL=kvm|tcg overrides the accelerator (default: kvm when /dev/kvm is usable).
# VERBS_VM_TCG_THREAD=single|multi: TCG's threading (default single). Multi-threaded TCG runs the
# two vCPUs on two host threads, but does not make cross-modifying code safe: HotSpot patches
# method entries while other threads run them, and one benchmark JVM died of a torn patch
# (SIGSEGV at a C1 method's entry being made not entrant). Single-threaded TCG interleaves the
# vCPUs on one host thread, which is safe; benchmarks choose multi for speed.
set -euo pipefail
vm=$1; limit=$2; shift 2
[ -d "$vm" ] || { echo "run-vm: no VM directory $vm (make verbs-vm builds it)" >&2; exit 1; }
vm=$(cd "$vm" && pwd -P)   # the guest sees the run directory at its absolute host path
top=$(cd "$(dirname "$0")/../.." && pwd -P)
for f in vmlinuz initrd.img; do
  [ -f "$vm/$f" ] || { echo "run-vm: $vm/$f is missing (make verbs-vm builds it)" >&2; exit 1; }
done
command -v qemu-system-x86_64 >/dev/null || { echo "run-vm: qemu-system-x86_64 not installed (rerun ./configure)" >&2; exit 1; }
run=$(mktemp -d "$vm/run.XXXXXX")
printf '%s\n' "set -o pipefail" "$*" > "$run/cmd.sh"
accel=${VERBS_VM_ACCEL:-}
if [ -z "$accel" ]; then
  # /dev/kvm alone is not enough: inside a VM without nested virtualisation (no vmx/svm flag)
  # KVM opens but the guest never runs.
  if [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then accel=kvm; else accel=tcg; fi
fi
cpu=${VERBS_VM_CPU:-max}
accel_opts=$accel
[ "$accel" = tcg ] && accel_opts="tcg,thread=${VERBS_VM_TCG_THREAD:-single}"
echo "verbs VM: booting ($accel_opts), running: $*"
set +e
timeout "$limit" qemu-system-x86_64 -accel "$accel_opts" -m 6144 -smp 2 -cpu "$cpu" -nographic -no-reboot -nic none \
  -kernel "$vm/vmlinuz" -initrd "$vm/initrd.img" \
  -append "console=ttyS0 earlyprintk=ttyS0 rdinit=/init panic=-1 loglevel=${VERBS_VM_LOGLEVEL:-3} jaguar.top=$top jaguar.run=$run" \
  -virtfs local,path=/usr,mount_tag=hostusr,security_model=none,readonly=on,multidevs=remap \
  -virtfs local,path=/etc,mount_tag=hostetc,security_model=none,readonly=on,multidevs=remap \
  -virtfs local,path="$top",mount_tag=top,security_model=none,multidevs=remap \
  > "$run/console.log" 2>&1
qrc=$?
set -e
[ -f "$run/guest.log" ] && cat "$run/guest.log"
if [ ! -f "$run/rc" ]; then
  echo "run-vm: the guest did not finish (qemu exit $qrc$([ $qrc = 124 ] && echo ", timed out after ${limit}s")); console:" >&2
  tail -30 "$run/console.log" >&2
  exit 1
fi
rc=$(cat "$run/rc")
rm -rf "$run"
exit "$rc"
