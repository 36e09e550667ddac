# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Markdown tables of Tigris's fault campaign (make test-faults / make -C bench tigris-faults).

Usage: python3 faults_table.py CAMPAIGN.tsv
One table per river: for each fault, its runs, the job's time (median, min-max), the throughput
against the undisturbed runs' median (the campaign's first run of a river, the reference every
output is checked against, runs on cold caches and is listed apart, not in that median), the time from the fault to the node's loss being
declared, the time from then to the job's end, the attempts, and the nodes declared lost.
"""
import statistics
import sys


def rows(path):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    header, body = lines[0], lines[1:]
    return [dict(zip(header, r)) for r in body]


def num(v):
    return float("nan") if v in ("", "NaN", "nan") else float(v)


def med(values):
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def fmt(v, unit="s"):
    return "-" if v != v else f"{v:.2f} {unit}".strip()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: faults_table.py CAMPAIGN.tsv")
    try:
        data = rows(sys.argv[1])
    except OSError as e:
        sys.exit(f"faults_table.py: cannot read the campaign's results: {e}")
    rivers = []
    for r in data:
        if r["river"] not in rivers:
            rivers.append(r["river"])
    for river in rivers:
        runs = [r for r in data if r["river"] == river]
        nones = [i for i, r in enumerate(runs) if r["fault"] == "NONE"]
        if len(nones) > 1:
            runs[nones[0]] = dict(runs[nones[0]], fault="REFERENCE", what="undisturbed, the reference (first, cold caches)")
        base = med([num(r["seconds"]) for r in runs if r["fault"] == "NONE"] or [num(r["seconds"]) for r in runs if r["fault"] == "REFERENCE"])
        records = int(runs[0]["records"])
        print(f"## {river} ({records:,} records on three hosts; undisturbed median {fmt(base)})\n")
        print("| fault on h2 | runs | job time (median, min-max) | throughput, of undisturbed | loss declared after the fault | declared to job's end | attempts | declared lost |")
        print("|---|---|---|---|---|---|---|---|")
        faults = []
        for r in runs:
            if r["fault"] not in faults:
                faults.append(r["fault"])
        for fault in faults:
            rs = [r for r in runs if r["fault"] == fault]
            secs = [num(r["seconds"]) for r in rs]
            m = med(secs)
            kept = base / m if base == base and m == m else float("nan")
            declared = sorted({r["lost"] for r in rs})
            print(f"| {rs[0]['what']} | {len(rs)} | {fmt(m)} ({min(secs):.2f}-{max(secs):.2f}) | {kept * 100:.0f}% "
                  f"| {fmt(med([num(r['detect_s']) for r in rs]))} | {fmt(med([num(r['recover_s']) for r in rs]))} "
                  f"| {'/'.join(sorted({r['attempts'] for r in rs}))} | {', '.join(declared)} |")
        print()


if __name__ == "__main__":
    main()
