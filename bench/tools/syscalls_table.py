# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Writes bench/results/syscalls.md (to stdout): a system call as a template against FFM's
downcalls, on this image and, if it was run, on the image before templates were limited to
calls that cannot block (make -C bench syscalls SYSCALLS_BEFORE=<image>)."""
import sys

from jmh_results import fmt_ns, load_jmh, provenance, table

raw = sys.argv[1]
runs = [("syscalls-before", "before (write may be a template)"), ("syscalls-jaguar", "now (non-blocking calls only)")]
runs = [(base, label, load_jmh(raw, base)) for base, label in runs]
runs = [r for r in runs if r[2]]

ROWS = [
    ("getpid: template (inline syscall, Java state)", "templateGetpid"),
    ("getpid: FFM downcall (native state)", "ffmGetpid"),
    ("getpid: FFM critical downcall (Java state)", "ffmCriticalGetpid"),
    ("write(-1, ...): template if the image maps it, else its Java body (FFM, native state)", "templateWriteBadFd"),
    ("write(-1, ...): FFM downcall (native state)", "ffmWriteBadFd"),
    ("write(-1, ...): FFM critical downcall (Java state)", "ffmCriticalWriteBadFd"),
]

print("# System calls: an inline `syscall` template against FFM's downcalls")
print()
print("ns per call (JMH average time, lower is better). A template's `syscall` runs in Java thread")
print("state; since issue 42 a template may only make calls that cannot block")
print("(`jaguar.mapping.template.NonBlockingSyscalls`), and the rxe doorbell's `write` is an FFM")
print("downcall that leaves the thread in native state. The write rows pass fd -1: the kernel")
print("answers EBADF at once, so they measure the call and its thread-state transitions.")
print()
header = ["call"] + [label for _, label, _ in runs]
rows = []
for label, method in ROWS:
    rows.append([label] + [fmt_ns(data.get(("SystemCalls", method))) for _, _, data in runs])
print(table(header, rows))
print()
print("\n".join(provenance(raw, [base for base, _, _ in runs])))
