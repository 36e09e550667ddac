# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""planner-solvers.tsv -> planner-solvers.md: each solver's median time and optimum per pipeline size and places."""
import csv
import sys

raw, results = sys.argv[1], sys.argv[2]
cases = {}
solvers = []
with open(f"{raw}/planner-solvers.tsv") as f:
    for row in csv.DictReader(f, delimiter="\t"):
        key = (row["stages"], int(row["filters"]), int(row["places"]))
        cases.setdefault(key, {})[row["solver"]] = (float(row["median_ms"]), float(row["objective"]), row["optimal"] == "true")
        if row["solver"] not in solvers:
            solvers.append(row["solver"])
a, b = solvers
lines = ["# The planner's solvers: ojAlgo against Choco on the same programs", "",
         "`make -C bench planner-solvers` (`jaguar.bench.planner.SolverComparison`); raw runs in `raw/planner-solvers.tsv`, the machine in",
         "`raw/planner-solvers.machine.md`. Each case: a pipeline of a source, two branches of stages and two sinks, placed on 2 to 8",
         "places (two JVMs a host, two cores a host). Heavy stages include deflate and tally, one of whose threads bounds the plan;",
         "light ones (grep, words, split, tee, count) cost about the same, so the machines' CPUs bound it and the solver must balance",
         "them. Each is the planner's own program (tigris.pipe.plan.PlacementProblem), solved by each",
         "solver after a warm-up; median of 5 solves. Choco's coefficients are rounded to thousandths of a ns per byte, so its optimum",
         "is the program's to within that rounding; the objective column says when the two differ. Each solver stops after 10 s",
         "with the best plan it found: * marks a time whose plan was not proven optimal.", "",
         f"| stages | filters | places | {a} ms | {b} ms | {a} / {b} | objectives |", "|---|---|---|---|---|---|---|"]
for (k, n, p), by in sorted(cases.items()):
    ta, oa, pa = by[a]
    tb, ob, pb = by[b]
    same = "equal" if abs(oa - ob) <= 1e-6 * max(oa, ob) else f"{a.split()[0]} {oa:.4f}, {b.split()[0]} {ob:.4f}"
    star = lambda proven: "" if proven else "*"
    lines.append(f"| {k} | {n} | {p} | {ta:.1f}{star(pa)} | {tb:.1f}{star(pb)} | {ta / tb:.2f} | {same} |")
open(f"{results}/planner-solvers.md", "w").write("\n".join(lines) + "\n")
