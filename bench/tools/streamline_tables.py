# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""bench/results/streamline-pipes.md (and .png) from raw/streamline-pipes.tsv (make -C bench streamline-pipes).

Figure 7.1 of the Streamline thesis: throughput of blocks copied through a Linux pipe, a Tigris
shared-memory stream between two JVMs at each ring size, and the same stream between two threads
of one JVM, each a Water a block and (transports shm-copy, threads-copy) through the stream's
pipe-like write and read. Medians of the repeats; the ratios the issue asks for: the stream at its
best ring size against the pipe (large and small blocks), and against the in-process ring at its
best size.
"""
import csv
import os
import statistics
import sys


def load(path):
    runs = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["placement"], row["transport"], row["ring"], int(row["block"]))
            runs.setdefault(key, []).append(float(row["MBps"]))
    return {k: statistics.median(v) for k, v in runs.items()}, runs


def spread(values):
    """min-max of a cell's runs as a multiple: "1.4×" when the fastest run was 1.4 times the slowest."""
    return f"{max(values) / min(values):.1f}×" if values and min(values) > 0 else ""


def size(n):
    n = int(n)
    return f"{n >> 20} MiB" if n >= 1 << 20 else f"{n >> 10} KiB" if n >= 1 << 10 else f"{n} B"


def main(raw, results, default_ring, name="streamline-pipes"):
    med, runs = load(os.path.join(raw, name + ".tsv"))
    placements = [p for p in ("two-cpus", "one-cpu") if any(k[0] == p for k in med)]
    blocks = sorted({k[3] for k in med})
    rings = sorted({k[2] for k in med if k[2] != "-"}, key=int)
    out = []
    say = out.append
    copied = ("; and through the stream's pipe-like interface (`ShmProducer.write` copying each block in, `ShmConsumer.read` copying it "
              "out: no Water object a block)") if any(k[1] == "shm-copy" for k in med) else ""
    say("# Figure 7.1 on this machine: copying blocks through a pipe, a shared-memory stream and an in-process ring\n")
    say(f"`make -C bench {name}` (`tools/streamline-pipes.sh`); raw runs in `raw/{name}.tsv`, the command in "
        f"`raw/{name}.cmd`, the machine in `raw/{name}.machine.md`. Each run writes every block into the "
        "transport and reads it out (a copy in, a copy out, as the thesis measures): `native/pipecopy` (write(2) and read(2) of "
        "each block on a pipe between two processes), `StreamCopy` between two JVMs (each block in a Water of a Tigris "
        "shared-memory stream, `ShmReservoir`) and between two threads of one JVM (the in-process ring: the same stream, no "
        "process between)"
        f"{copied}. MB/s of the reader after a tenth of the stream; medians of "
        f"{max(len(v) for v in runs.values())} runs. Two CPUs: the writer's process on CPU 0, the reader's on CPU 1 (the "
        "in-process ring's threads unpinned on CPUs 0-1); one CPU: everything on CPU 0, as the thesis ran it.\n")
    summary = []
    for p in placements:
        say(f"## {p.replace('-', ' ')}: MB/s\n")
        header = ["block", "pipe"] + [f"stream {size(r)}" for r in rings] + [f"in-process {size(r)}" for r in rings]
        say("| " + " | ".join(header) + " |")
        say("|" + "---|" * len(header))
        for b in blocks:
            row = [size(b), f"{med.get((p, 'pipe', '-', b), 0):.0f}"]
            for t in ("shm", "threads"):
                for r in rings:
                    v = med.get((p, t, r, b))
                    row.append("" if v is None else f"{v:.0f}")
            say("| " + " | ".join(row) + " |")
        say("")
        say(f"## {p.replace('-', ' ')}: the stream against the pipe and the in-process ring\n")
        say("| block | pipe | stream at its best size (size) | × pipe | in-process at its best size (size) | stream / in-process | "
            f"stream at the default size ({size(default_ring)}) | default / best | spread of the stream's runs at its best / the default size |")
        say("|---|---|---|---|---|---|---|---|---|")
        for b in blocks:
            pipe = med.get((p, "pipe", "-", b))
            shm = {r: med[(p, "shm", r, b)] for r in rings if (p, "shm", r, b) in med}
            thr = {r: med[(p, "threads", r, b)] for r in rings if (p, "threads", r, b) in med}
            if not shm or not pipe or not thr:
                continue
            best = max(shm, key=shm.get)
            tbest = max(thr, key=thr.get)
            d = shm.get(str(default_ring))
            say(f"| {size(b)} | {pipe:.0f} | {shm[best]:.0f} ({size(best)}) | {shm[best] / pipe:.1f}× | {thr[tbest]:.0f} ({size(tbest)}) | "
                f"{shm[best] / thr[tbest]:.2f} | {'' if d is None else f'{d:.0f}'} | {'' if d is None else f'{d / shm[best]:.2f}'} | "
                f"{spread(runs[(p, 'shm', best, b)])} / {spread(runs.get((p, 'shm', str(default_ring), b), []))} |")
            summary.append((p, b, shm[best] / pipe, shm[best] / thr[tbest], None if d is None else d / shm[best]))
        say("")
        if any(k[0] == p and k[1] == "shm-copy" for k in med):
            say(f"## {p.replace('-', ' ')}: the stream's pipe-like write and read (no Water object a block) against the pipe\n")
            say("| block | pipe | stream, a Water a block, at its best size | stream, write/read, at its best size (size) | × pipe | "
                "write/read / a Water a block | in-process write/read at its best size | stream / in-process | spread of its runs |")
            say("|---|---|---|---|---|---|---|---|---|")
            for b in blocks:
                pipe = med.get((p, "pipe", "-", b))
                shm = [med[(p, "shm", r, b)] for r in rings if (p, "shm", r, b) in med]
                cp = {r: med[(p, "shm-copy", r, b)] for r in rings if (p, "shm-copy", r, b) in med}
                tc = [med[(p, "threads-copy", r, b)] for r in rings if (p, "threads-copy", r, b) in med]
                if not pipe or not shm or not cp or not tc:
                    continue
                best = max(cp, key=cp.get)
                say(f"| {size(b)} | {pipe:.0f} | {max(shm):.0f} | {cp[best]:.0f} ({size(best)}) | {cp[best] / pipe:.1f}× | "
                    f"{cp[best] / max(shm):.2f} | {max(tc):.0f} | {cp[best] / max(tc):.2f} | {spread(runs[(p, 'shm-copy', best, b)])} |")
            say("")
    wide = [v for v in runs.values() if len(v) > 1 and min(v) > 0 and max(v) / min(v) > 1.2]
    say(f"**Noise.** {len(wide)} of {len(runs)} cells have runs more than 20% apart (the spread column above: the fastest run over "
        "the slowest); this virtual machine's two CPUs are shared with other guests, and a ratio between cells is judged here only "
        "where both cells' runs agree within that. On a quiet machine: `make -C bench streamline-pipes REPEAT=5` (and "
        "`BLOCKS=... RINGS=...` to narrow the sweep).\n")
    open(os.path.join(results, name + ".md"), "w").write("\n".join(out) + "\n")
    plot(med, placements, blocks, rings, os.path.join(results, name + ".png"))


def plot(med, placements, blocks, rings, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot (make -C bench plots installs it)", file=sys.stderr)
        return
    fig, axes = plt.subplots(1, len(placements), figsize=(6.5 * len(placements), 4.5), squeeze=False)
    for ax, p in zip(axes[0], placements):
        ax.plot(blocks, [med.get((p, "pipe", "-", b), float("nan")) for b in blocks], "k-o", label="Linux pipe")
        for r in rings:
            if any((p, "shm", r, b) in med for b in blocks):
                ax.plot(blocks, [med.get((p, "shm", r, b), float("nan")) for b in blocks], "--", marker=".", label=f"stream {size(r)}")
        best = [max((med.get((p, "threads", r, b), 0) for r in rings), default=0) for b in blocks]
        ax.plot(blocks, best, "r-s", label="in-process ring (best size)")
        if any(k[0] == p and k[1] == "shm-copy" for k in med):
            copy = [max((med.get((p, "shm-copy", r, b), 0) for r in rings), default=0) or float("nan") for b in blocks]
            ax.plot(blocks, copy, "b-^", label="stream, write/read (best size)")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("block (bytes)")
        ax.set_ylabel("MB/s")
        ax.set_title(p.replace("-", " "))
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:5])
