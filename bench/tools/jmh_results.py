# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Reading one run's raw results (bench/results/raw) for the table generators: JMH JSON,
the C baselines' key<TAB>ns lines, the recorded command lines and machine descriptions."""
import json
import os

# A score whose 99.9% confidence half-width exceeds this share of the score is flagged in tables.
NOISY = 0.30
# Forks whose means differ by more than this factor disagree: on a loaded machine one of them
# usually never reached the top tier's code within the warm-up.
FORKS_DISAGREE = 2.0


class Score:
    def __init__(self, value, error=None, forks_disagree=False):
        self.value = value
        self.error = error
        self.forks_disagree = forks_disagree

    def noisy(self):
        return self.error is not None and self.error == self.error and self.error > NOISY * self.value

    def mark(self):
        return " ‡" if self.forks_disagree else " †" if self.noisy() else ""


def from_jmh(metric, higher_is_faster=False):
    """JMH's score, unless its forks disagree: then the faster fork's mean, marked (see FORKS_DISAGREE).
    A time per operation is faster when lower; a throughput (higher_is_faster) when higher."""
    err = metric.get("scoreError")
    err = None if err in (None, "NaN") else float(err)
    forks = [sum(it) / len(it) for it in metric.get("rawData", []) if it]
    if len(forks) > 1 and max(forks) > FORKS_DISAGREE * min(forks):
        return Score(max(forks) if higher_is_faster else min(forks), None, True)
    return Score(metric["score"], err)


def load_jmh(raw, base):
    """{(Class, method, params...): Score} of RAW/BASE.json, or {} if that run is missing."""
    path = os.path.join(raw, base + ".json")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return {}  # not run, or still running
    out = {}
    with open(path) as f:
        for r in json.load(f):
            cls, method = r["benchmark"].split(".")[-2:]
            params = tuple(v for _, v in sorted((r.get("params") or {}).items()))
            out[(cls, method) + params] = from_jmh(r["primaryMetric"])
    return out


def load_c(raw, base):
    """{key: Score} of a C baseline's RAW/BASE.tsv, or {} if missing."""
    path = os.path.join(raw, base + ".tsv")
    if not os.path.exists(path):
        return {}
    out = {}
    with open(path) as f:
        for line in f:
            key, ns = line.split()
            out[key] = Score(float(ns))
    return out


def fmt_ns(s):
    if s is None:
        return "n/a"
    v = s.value
    text = f"{v:.0f}" if v >= 100 else f"{v:.2f}" if v >= 1 else f"{v:.3f}"
    return text + s.mark()


def fmt_ratio(s, base):
    if s is None or base is None or base.value == 0:
        return "n/a"
    r = s.value / base.value
    text = f"{r:.0f}×" if r >= 100 else f"{r:.1f}×" if r >= 1 else f"{r:.2f}×"
    return text + s.mark()


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def provenance(raw, bases):
    """The exact command lines and machine descriptions of the runs behind a results file."""
    out = ["## How these numbers were made", ""]
    for base in bases:
        cmd = os.path.join(raw, base + ".cmd")
        machine = os.path.join(raw, base + ".machine.md")
        if not os.path.exists(machine):  # one description per make target (calls, mem, copy, access)
            machine = os.path.join(raw, base.split("-")[0] + ".machine.md")
        if not os.path.exists(cmd):
            continue
        out.append(f"### `{base}`")
        out.append("")
        if os.path.exists(machine):
            out.append(open(machine).read().rstrip())
            out.append("")
        out.append("```sh")
        out.append(open(cmd).read().rstrip())
        out.append("```")
        raw_files = [f for f in (base + ".json", base + ".txt", base + ".tsv") if os.path.exists(os.path.join(raw, f))]
        out.append("Raw output: " + ", ".join(f"`raw/{f}`" for f in raw_files))
        out.append("")
    return "\n".join(out)


LEGEND = (f"† marks a JMH score whose 99.9% confidence half-width is over {NOISY:.0%} of the score. "
          f"‡ marks a benchmark whose forks disagreed by more than {FORKS_DISAGREE:g}× (on a loaded machine one "
          "fork did not reach the top tier's code within the warm-up): the cell shows the faster fork's mean.")


def commentary(name):
    """Hand-written reading of the latest run (bench/commentary/NAME.md), if there is one."""
    path = os.path.join(os.path.dirname(__file__), "..", "commentary", name + ".md")
    return open(path).read().rstrip() + "\n" if os.path.exists(path) else ""
