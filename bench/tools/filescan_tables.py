# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Writes bench/results/filescan.md (to stdout) from the raw results of the file-scan suite
(Figure 10): the maximum of a file of random ints, ms per scan, MB/s and throughput relative to
C mmap, at each file size that ran."""
import os
import sys

from jmh_results import LEGEND, Score, commentary, load_c, load_jmh, provenance, table

raw = sys.argv[1]
SIZES = [("1m", "1 MiB", 1 << 20), ("1g", "1 GiB", 1 << 30)]
# (row, source, key): source "java" = FileScan.<key> [Jaguar], "c" = filescan.c mode <key>.
ROWS = [
    ("DataInputStream (unbuffered FileInputStream)", "java", "dataInputStream"),
    ("DataInputStream over BufferedInputStream", "java", "dataInputStreamBuffered"),
    ("PSOIntArray over FilePSOBuffer (mmap)", "java", "psoArray"),
    ("C read(), one int per call", "c", "read1"),
    ("C read() into a 64 KiB buffer", "c", "read"),
    ("C mmap", "c", "mmap"),
    ("PSOIntArray, file mapped once (scan only)", "java", "psoArrayMapped"),
    ("C, file mapped once (scan only)", "c", "mmapscan"),
]
# Figure 10 (1 MB file, 1999): ms per scan.
THESIS = {"dataInputStream": 4910, "dataInputStreamBuffered": 488, "psoArray": 28, "read1": 771, "mmap": 23}


def get(size, source, key):
    """ms per scan, as a Score, or None."""
    if source == "c":
        s = load_c(raw, f"filescan-c-{size}").get(f"{key}-{size}")
        return None if s is None else Score(s.value / 1e6)
    return load_jmh(raw, f"filescan-{size}").get(("FileScan", key, size))


def ms(s):
    if s is None:
        return "n/a"
    v = s.value
    return (f"{v:.0f}" if v >= 100 else f"{v:.2f}" if v >= 1 else f"{v:.3f}") + s.mark()


def mbs(s, data):
    return "n/a" if s is None else f"{data / (1 << 20) / (s.value / 1e3):,.0f}"


def rel(s, base):
    if s is None or base is None:
        return "n/a"
    return times(base.value / s.value) + s.mark()


def times(r):
    return f"{r:.2g}×" if r < 0.1 else f"{r:.2f}×" if r < 10 else f"{r:.0f}×"


ran = [sz for sz in SIZES if load_c(raw, f"filescan-c-{sz[0]}") or load_jmh(raw, f"filescan-{sz[0]}")]
header = ["scan"]
for size, name, _ in ran:
    header += [f"{name}: ms per scan", f"{name}: MB/s", f"{name}: throughput vs C mmap"]
header += ["thesis 1 MB: ms", "thesis: vs C mmap"]
rows = []
targets = []
for label, source, key in ROWS:
    row = [f"{label}" + (" [Jaguar]" if source == "java" else "")]
    for size, name, data in ran:
        s = get(size, source, key)
        base = get(size, "c", "mmapscan" if key in ("psoArrayMapped", "mmapscan") else "mmap")
        row += [ms(s), mbs(s, data), rel(s, base)]
        if key in ("psoArray", "psoArrayMapped") and s is not None and base is not None:
            r = base.value / s.value
            what = "open + scan + close" if key == "psoArray" else "scan only"
            targets.append([f"PSOIntArray ≥ 0.95× C mmap throughput, {name}, {what}", f"{r:.2f}×",
                            "**met**" if r >= 0.95 else "**missed**"])
    t = THESIS.get(key)
    row += ["–" if t is None else f"{t:g}", "–" if t is None else times(THESIS['mmap'] / t)]
    rows.append(row)

# Cold page cache (make -C bench filescan-cold): 1 GiB, single-shot scans after a drop.
cold_c = load_c(raw, "filescan-c-cold")
cold_j = load_jmh(raw, "filescan-cold")
cold_section = ""
if cold_c or cold_j:
    cold_base = cold_c.get("mmap-1g")
    cold_base = None if cold_base is None else Score(cold_base.value / 1e6)
    cold_rows = []
    for label, source, key in [("DataInputStream over BufferedInputStream [Jaguar]", "java", "dataInputStreamBuffered"),
                               ("PSOIntArray over FilePSOBuffer (mmap) [Jaguar]", "java", "psoArray"),
                               ("C read() into a 64 KiB buffer", "c", "read"), ("C mmap", "c", "mmap")]:
        if source == "c":
            s = cold_c.get(f"{key}-1g")
            s = None if s is None else Score(s.value / 1e6)
        else:
            s = cold_j.get(("FileScanCold", key, "1g"))
        cold_rows.append([label, ms(s), mbs(s, 1 << 30), rel(s, cold_base)])
    cold_section = f"""## Cold page cache, 1 GiB

`make -C bench filescan-cold` (root): `sync` and `echo 3 > /proc/sys/vm/drop_caches` before every
scan (outside the timed part); Java: JMH single-shot, 2 warm-up + 3 measured scans, one fork; C:
median of 3. The disk, not the reader, sets these numbers.

{table(["scan", "ms per scan", "MB/s", "throughput vs C mmap"], cold_rows)}
"""

asm_path = os.path.join(raw, "filescan-max_of.s")
asm = open(asm_path).read().rstrip() if os.path.exists(asm_path) else ""
simd = any(r in asm for r in ("xmm", "ymm", "zmm"))
vector_note = ("**gcc -O2 vectorised the max loop** (SIMD registers in `max_of`)" if simd else
               "**gcc -O2 did not vectorise the max loop**: `max_of` is the scalar `cmp`/`cmovl` loop below "
               "(gcc 12 vectorises at -O2 only with its very-cheap cost model, which rejects a loop of unknown "
               "trip count; SSE2 has no packed signed-int max, `pmaxsd` is SSE4.1)") if asm else "(no disassembly recorded)"

print(f"""# Figure 10: scanning a file of random ints for the maximum

Generated by `make -C bench filescan` (bench/tools/filescan_tables.py); see bench/README.md. The
file (build/bench/filescan/ints-SIZE.pso, written by `MakeIntFile`) is a PSO container whose root
is one PSOIntArray: a 48-byte prefix, then the ints, little-endian. Every reader reads that format
and every scan's answer is checked against the maximum recorded when the file was written. Each
scan opens the file, reads every int and closes it (the thesis's programs), except the two
"mapped once" rows. **Page cache warm**: every scan reads the file the previous one read; the
1 GiB file fits in memory. Java columns: JMH on **Jaguar** (`build/jdk`), ms per scan;
C: `bench/native/filescan.c`, -O2, median of repeated scans. MB/s are MiB of ints per second.
Throughput vs C mmap: C mmap's time / the row's time (scan-only rows: vs C's scan-only row), higher
is better. Unbuffered reads ran at 1 MiB only (at 1 GiB they take minutes per scan). {LEGEND}

## Targets

{table(["target", "measured", ""], targets)}

## Scan times

{table(header, rows)}

{cold_section}
## The C max loop

{vector_note}.

```
{asm}
```

{commentary("filescan")}
{provenance(raw, [f"filescan-c-{s}" for s, _, _ in SIZES] + [f"filescan-{s}" for s, _, _ in SIZES]
                 + ["filescan-c-cold", "filescan-cold"])}""")
