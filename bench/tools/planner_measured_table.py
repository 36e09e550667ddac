# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""planner-measured.tsv -> planner-measured.md: each plan's model cost and measured time; the planner's plan against the best measured."""
import csv
import statistics
import sys

raw, results = sys.argv[1], sys.argv[2]
runs = {}
with open(f"{raw}/planner-measured.tsv") as f:
    for row in csv.DictReader(f, delimiter="\t"):
        runs.setdefault(row["pipeline"], {}).setdefault(int(row["rank"]), {"plan": row["plan"], "model": float(row["model_ns_per_byte"]), "s": []})["s"].append(
            float(row["seconds"]))
lines = ["# The planner's plans against alternatives, measured", "",
         "`make -C bench planner-measured` (`tools/planner-measured.sh`, `jaguar.bench.planner.MeasuredPlans`); raw runs in",
         "`raw/planner-measured.tsv`, the machine in `raw/planner-measured.machine.md`. Two hosts made of network namespaces on one",
         "machine (their nodes tell the planner they share its two cores), a node each; each pipeline runs as the planner places it",
         "(rank 0) and as alternatives place it (ranks in the model's order of every feasible plan: the cheapest others and others",
         "spread over the ranking), all plans in turn each round; every run's outputs equal the first's. Median seconds of the rounds",
         "(job start to commit); the issue's goal: the planner's plan within 20% of the best measured.", ""]
for pipe, plans in sorted(runs.items()):
    best = min(statistics.median(p["s"]) for p in plans.values())
    lines += [f"## pipeline {pipe}", "", "| rank | plan | model ns/B at the bottleneck | median s [runs] | / best measured |", "|---|---|---|---|---|"]
    for rank, p in sorted(plans.items()):
        med = statistics.median(p["s"])
        spread = ", ".join(f"{x:.1f}" for x in p["s"])
        lines.append(f"| {rank}{' (planner)' if rank == 0 else ''} | {p['plan']} | {p['model']:.2f} | {med:.2f} [{spread}] | {med / best:.2f} |")
    mine = statistics.median(plans[0]["s"]) / best
    lines += ["", f"The planner's plan: {mine:.2f}x the best measured ({'within' if mine <= 1.2 else 'NOT within'} 20%).", ""]
open(f"{results}/planner-measured.md", "w").write("\n".join(lines) + "\n")
