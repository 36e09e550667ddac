# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""pipe-costs.tsv -> pipe-costs.md: each filter's CPU per byte taken and bytes out per byte in (medians)."""
import csv
import statistics
import sys

raw, results = sys.argv[1], sys.argv[2]
runs = {}
with open(f"{raw}/pipe-costs.tsv") as f:
    for row in csv.DictReader(f, delimiter="\t"):
        runs.setdefault(row["filter"], []).append(row)


def med(name, key):
    return statistics.median(float(r[key]) for r in runs[name])


lines = ["# What each filter costs: the planner's FilterCost figures", "",
         "`make -C bench pipe-costs` (`tools/pipe-costs.sh`); raw runs in `raw/pipe-costs.tsv`, the machine in `raw/pipe-costs.machine.md`.",
         "CPU (user + system of the `tigris pipe` process) of `file in=LOG | FILTER | file out=/dev/null` less that of",
         "`file in=LOG | file out=/dev/null`, per byte the filter takes; bytes out from `... | FILTER | count -c`; medians of the runs.",
         "The source's row (with the sink's) is the baseline less an empty input's, per byte read.",
         "gensort (a source): its run less an empty input's and half the file filters' row, per byte it makes; recsort and valsort",
         "against `file in=RECORDS | file out=/dev/null`; join: `(grep -F ERROR * grep -F WARN)` less the merge `(... + ...)`, per byte",
         "the branches pass it; tcp: the CPU of both ends' processes less the baseline and an empty input, per byte, halved (one end's row).", "",
         "| filter | ns per byte taken | bytes out per byte in | runs |", "|---|---|---|---|"]
base = med("(none)", "cpu_s")
gzbase = med("(none, gzip input)", "cpu_s")
empty = med("(empty input)", "cpu_s")
size = med("(none)", "bytes_in")
lines.append(f"| file in= and file out= | {(base - empty) * 1e9 / size:.2f} | 1 | {len(runs['(none)'])} |")
files = (base - empty) / size
special = {"gensort", "join", "tcp (both ends)"}
for name, rs in runs.items():
    if name.startswith("(") or name in special:
        continue
    b = {"inflate": gzbase, "recsort": med("(none, records)", "cpu_s"), "valsort": med("(none, records)", "cpu_s")}.get(name, base)
    taken = med(name, "bytes_in")
    cpu = (med(name, "cpu_s") - b) * 1e9 / taken
    out = med(name, "bytes_out") / taken
    lines.append(f"| {name} | {cpu:.2f} | {out:.3f} | {len(rs)} |")
if "gensort" in runs:
    made = med("gensort", "bytes_out")
    lines.append(f"| gensort (per byte made) | {(med('gensort', 'cpu_s') - empty) * 1e9 / made - files / 2:.2f} | - | {len(runs['gensort'])} |")
if "join" in runs:
    into = med("(merge of two greps)", "bytes_out")
    cpu = (med("join", "cpu_s") - med("(merge of two greps)", "cpu_s")) * 1e9 / into
    lines.append(f"| join (`*`, per byte the branches pass) | {cpu:.2f} | {med('join', 'bytes_out') / into:.3f} | {len(runs['join'])} |")
if "tcp (both ends)" in runs:
    cpu = (med("tcp (both ends)", "cpu_s") - base - empty) * 1e9 / size / 2
    lines.append(f"| tcp (one end) | {cpu:.2f} | 1 | {len(runs['tcp (both ends)'])} |")
open(f"{results}/pipe-costs.md", "w").write("\n".join(lines) + "\n")
