# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""bench/results/streamline-shell.md and streamline-readers.md from their raw TSVs.

streamline-shell: pipelines against bash doing the same work (median wall and CPU seconds of the repeats).
streamline-readers: Figure 7.5's shape: CPU per reader of one stream, 1 to N readers, against pipes.
"""
import csv
import os
import statistics
import sys

TASKS = {
    "filter-compress": "filter and compress the log: `grep -v DEBUG \\| gzip -6`",
    "count-words": "count its words: `wc -w`",
    "word-frequency": "its 20 most frequent words: `tr -cs \\| sort \\| uniq -c \\| sort -rn \\| head`",
}
RUNNERS = {
    "bash": "bash, coreutils, gzip",
    "tigris-native": "tigris pipe, native filters",
    "tigris-gzip": "tigris pipe, gzip as a process",
}


def shell(raw, results, log_bytes):
    runs = {}
    with open(os.path.join(raw, "streamline-shell.tsv"), newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            runs.setdefault((row["task"], row["runner"]), []).append((float(row["wall_s"]), float(row["cpu_s"])))
    out = ["# Pipelines against the shell: the same work on the same log\n",
           "`make -C bench streamline-shell` (`tools/streamline-shell.sh`); raw runs in `raw/streamline-shell.tsv`, the machine in "
           f"`raw/streamline-shell.machine.md`. The log: {log_bytes / 1e9:.2f} GB of generated server log lines "
           "(`LogGenerator`), in the page cache before the runs. Wall and CPU seconds (user and system of the whole process tree, "
           "`/usr/bin/time`), medians of "
           f"{max(len(v) for v in runs.values())} runs; every output checked against bash's (the decompressed bytes, the count, "
           "the top 20 words and their counts). `tigris pipe`'s times include its JVM's start. The commands: "
           "`raw/streamline-shell.cmd` and `tools/streamline-shell.sh`.\n",
           "| task | runner | wall s | CPU s | wall vs bash | MB/s of log |", "|---|---|---|---|---|---|"]
    for task, what in TASKS.items():
        base = runs.get((task, "bash"))
        for runner, who in RUNNERS.items():
            r = runs.get((task, runner))
            if not r:
                continue
            wall = statistics.median(w for w, _ in r)
            cpu = statistics.median(c for _, c in r)
            bwall = statistics.median(w for w, _ in base) if base else None
            out.append(f"| {what} | {who} | {wall:.2f} | {cpu:.2f} | {'' if not bwall else f'{bwall / wall:.2f}× bash'} | "
                       f"{log_bytes / 1e6 / wall:.0f} |")
    open(os.path.join(results, "streamline-shell.md"), "w").write("\n".join(out) + "\n")


def readers(raw, results):
    rows = []
    with open(os.path.join(raw, "streamline-readers.tsv"), newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            cpus = [float(x) for x in row["readers_cpu"].split()]
            rows.append((row["transport"], int(row["readers"]), float(row["writer"]), cpus))
    out = ["# Figure 7.5's shape: readers of one stream against copies through pipes\n",
           "`make -C bench streamline-readers` (`tools/streamline-readers.sh`); raw runs in `raw/streamline-readers.tsv`. One "
           "stream of 1500-byte blocks at 100 MB/s for 8 s, read whole by each of N readers: N JVMs reading one Tigris "
           "shared-memory stream (`StreamReaders`: the data written once, each reader reading it in place), against a writer "
           "that copies each block into N pipes, one to each reader process (`native/pipereaders`). CPU % of one CPU over the "
           "stream (user and system; a JVM's own threads included), on this machine's 2 CPUs, every process unpinned.\n",
           "| readers | pipes: writer | pipes: each reader (mean) | pipes: all | stream: writer | stream: each reader (mean) | stream: all |",
           "|---|---|---|---|---|---|---|"]
    by = {}
    for t, n, w, c in rows:
        by[(t, n)] = (w, c)
    for n in sorted({n for _, n, _, _ in rows}):
        cells = [str(n)]
        for t in ("pipe", "shm"):
            w, c = by.get((t, n), (None, None))
            if w is None:
                cells += ["", "", ""]
                continue
            cells += [f"{w:.1f}", f"{statistics.mean(c):.1f}", f"{w + sum(c):.1f}"]
        out.append("| " + " | ".join(cells) + " |")
    open(os.path.join(results, "streamline-readers.md"), "w").write("\n".join(out) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    ns = sorted({n for _, n, _, _ in rows})
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    for t, label, style in (("pipe", "writer + readers over pipes", "k-o"), ("shm", "writer + readers of one stream", "r-s")):
        ax.plot(ns, [by[(t, n)][0] + sum(by[(t, n)][1]) if (t, n) in by else float("nan") for n in ns], style, label=label)
    ax.set_xlabel("readers")
    ax.set_ylabel("CPU % (of one CPU)")
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(results, "streamline-readers.png"), dpi=110)


if __name__ == "__main__":
    what = sys.argv[1]
    if what == "shell":
        shell(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        readers(sys.argv[2], sys.argv[3])
