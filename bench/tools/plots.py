# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""PNG plots of the thesis's Figures 14 and 16 from the tables in bench/results (not from new runs).

Usage: python3 plots.py RESULTS_DIR
  tigris-dq.md           -> tigris-dq.png           (Figure 14: Distributed Queues)
  tigrissort-scaling.md  -> tigrissort-scaling.png  (Figure 16: TigrisSort with nodes)
  tigris-all-to-all.md   -> tigris-all-to-all.png   (the data plane per node, before and after one connection per node pair)
  tigris-faults.md       -> tigris-faults.png       (job time under each fault of the campaign)
A results file that is missing is skipped with a note; a table that is not where its heading
says is an error naming the file and heading.
"""
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def tables(path):
    """[(heading, header, rows)] of every markdown table in the file, under its last ## heading."""
    out, heading, lines = [], "", open(path, encoding="utf-8").read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        if line.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            header = [c.strip() for c in line.strip("|").split("|")]
            rows, i = [], i + 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append([c.strip() for c in lines[i].strip("|").split("|")])
                i += 1
            out.append((heading, header, rows))
            continue
        i += 1
    return out


def table(path, heading_part, first_column):
    for heading, header, rows in tables(path):
        if heading_part in heading and header[0] == first_column:
            return header, rows
    sys.exit(f"plots: {path} has no table '{first_column} ...' under a heading with '{heading_part}'")


def column(header, rows, name):
    j = header.index(name)
    return [float(r[j].rstrip("%×x")) for r in rows]


def figure14(results):
    path = os.path.join(results, "tigris-dq.md")
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    h, rows = table(path, "aggregate bandwidth", "pairs")
    pairs = column(h, rows, "pairs")
    ax = axes[0]
    ax.plot(pairs, [v / 1000 for v in column(h, rows, "memory MB/s (window 64)")], "o-", label="memory reservoirs")
    ax.plot(pairs, [v / 1000 for v in column(h, rows, "TCP loopback MB/s, window 64")], "s-", label="TCP reservoirs (window 64)")
    ax.plot(pairs, [v / 1000 for v in column(h, rows, "NIO sockets, baseline MB/s")], "^--", label="plain NIO sockets (baseline)")
    ax.set(title="DQ aggregate bandwidth, n x n (one 2-core host)", xlabel="producer/consumer pairs", ylabel="GB/s", xticks=pairs)
    ax.legend(fontsize=8)
    for ax, part, title in ((axes[1], "Perturbation", "1 producer, 4 consumers, one host"),
                            (axes[2], "Across hosts", "1 producer, 4 consumer hosts (netns, TCP)")):
        h, rows = table(path, part, "perturbed k")
        k = column(h, rows, "perturbed k")
        ax.plot(k, column(h, rows, "ideal MB/s"), "k--", label="ideal")
        for name, mark in (("lottery", "o-"), ("random", "s-"), ("round-robin", "^-")):
            ax.plot(k, column(h, rows, f"{name} MB/s"), mark, label=name)
        ax.set(title=title, xlabel="perturbed consumers", ylabel="MB/s", xticks=k)
        ax.set_ylim(bottom=0)
        ax.legend(fontsize=8)
    fig.suptitle("Tigris Distributed Queues (the thesis's Figure 14)")
    fig.tight_layout()
    out = os.path.join(results, "tigris-dq.png")
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def figure16(results):
    path = os.path.join(results, "tigrissort-scaling.md")
    h, rows = table(path, "", "nodes")
    nodes = column(h, rows, "nodes")
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.plot(nodes, column(h, rows, "wall s (median)"), "o-")
    left.set(title="sort time, constant data per node", xlabel="nodes", ylabel="wall s (median)", xticks=nodes)
    left.set_ylim(bottom=0)
    right.plot(nodes, column(h, rows, "aggregate MB/s"), "o-", label="aggregate")
    right.plot(nodes, column(h, rows, "MB/s per node"), "s--", label="per node")
    right.set(title="throughput", xlabel="nodes", ylabel="MB/s", xticks=nodes)
    right.set_ylim(bottom=0)
    right.legend(fontsize=8)
    per = int(float(rows[0][1]) / nodes[0])
    fig.suptitle(f"TigrisSort on node processes of one 2-core machine, {per} records per node (the thesis's Figure 16)")
    fig.tight_layout()
    out = os.path.join(results, "tigrissort-scaling.png")
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def all_to_all(results):
    path = os.path.join(results, "tigris-all-to-all.md")
    h, rows = table(path, "", "hosts")
    median = lambda cell: float(cell.split(" ")[0])
    planes = []
    for r in rows:
        if r[h.index("data plane")] not in planes:
            planes.append(r[h.index("data plane")])
    panels = ("TCP connections per node", "threads per node", "resident MiB per node", "grow s", "throughput MB/s")
    fig, axes = plt.subplots(1, len(panels), figsize=(16, 3.6))
    for ax, name in zip(axes, panels):
        for plane, marker in zip(planes, ("o--", "s-")):
            mine = [r for r in rows if r[h.index("data plane")] == plane]
            hosts = [int(r[h.index("hosts")]) for r in mine]
            ax.plot(hosts, [median(r[h.index(name)]) for r in mine], marker, label=plane)
        ax.set(title=name, xlabel="hosts", xticks=sorted({int(r[0]) for r in rows}))
        ax.set_ylim(bottom=0)
    axes[0].legend(fontsize=8)
    fig.suptitle("An all-to-all river across network-namespace hosts on one 2-core machine: per node, median")
    fig.tight_layout()
    out = os.path.join(results, "tigris-all-to-all.png")
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def faults(results):
    """Each river's job time under each fault on h2: median bars, min-max whiskers, the undisturbed median dashed."""
    path = os.path.join(results, "tigris-faults.md")
    found = [(heading, header, rows) for heading, header, rows in tables(path) if header[0] == "fault on h2"]
    if not found:
        sys.exit(f"plots: {path} has no table 'fault on h2 ...'")
    fig, axes = plt.subplots(1, len(found), figsize=(7 * len(found), 4.2))
    axes = axes if len(found) > 1 else [axes]
    for ax, (heading, h, rows) in zip(axes, found):
        cells = [r[h.index("job time (median, min-max)")] for r in rows]
        med_s = [float(c.split(" ")[0]) for c in cells]
        lo = [float(c.split("(")[1].split("-")[0]) for c in cells]
        hi = [float(c.split("-")[-1].rstrip(")")) for c in cells]
        names = [r[0] for r in rows]
        colors = ["#bbbbbb" if "reference" in n else ("#4c72b0" if r[h.index("declared lost")] == "-" else "#dd8452") for n, r in zip(names, rows)]
        y = range(len(rows))
        ax.barh(y, med_s, xerr=[[m - a for m, a in zip(med_s, lo)], [b - m for m, b in zip(med_s, hi)]], color=colors, capsize=3)
        base = [m for n, m in zip(names, med_s) if n == "undisturbed"]
        if base:
            ax.axvline(base[0], color="k", linestyle="--", linewidth=1)
        ax.set_yticks(list(y), names, fontsize=8)
        ax.invert_yaxis()
        ax.set(title=heading.split(" (")[0] + " (orange: h2 declared lost)", xlabel="job time, s (median, min-max)")
    fig.suptitle("Tigris under real faults on h2 of three network-namespace hosts (one 2-core machine)")
    fig.tight_layout()
    out = os.path.join(results, "tigris-faults.png")
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: plots.py RESULTS_DIR")
    results = sys.argv[1]
    for name, plot in (("tigris-dq.md", figure14), ("tigrissort-scaling.md", figure16), ("tigris-all-to-all.md", all_to_all),
                       ("tigris-faults.md", faults)):
        if os.path.exists(os.path.join(results, name)):
            plot(results)
        else:
            print(f"plots: no {name} in {results} yet (run its benchmark): skipped")


if __name__ == "__main__":
    main()
