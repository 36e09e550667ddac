# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Writes bench/results/pso.md (to stdout) from the raw results of the PSO suite: Figure 8 (PSO
against plain Java objects and int[], ns per object or element) and the message build (a
128-element list as PSOs, by Java serialization and by SBE, ns per message)."""
import os
import statistics
import sys

from jmh_results import LEGEND, commentary, fmt_ns, fmt_ratio, load_jmh, provenance, table

raw = sys.argv[1]
jaguar, c2 = load_jmh(raw, "pso-jaguar"), load_jmh(raw, "pso-c2")

# (row, PSO benchmark, Java benchmark, thesis PSO µs, thesis Java µs)
FIG8 = [
    ("create object (allocate + 3 field stores), `allocate(MyObject.class, MyObject::new)` (rewritten to `MyObject.$pso$new`)", ("PsoObjects", "create"), ("JavaObjects", "create"), 9.24, None),
    ("create object, `allocate(MyObject.class)` (rewritten to `MyObject.$pso$new`)", ("PsoObjects", "createByClass"), ("JavaObjects", "create"), 9.24, None),
    ("create object, `allocate(MyObject.class, supplier)` with the `Supplier` in a field (not rewritten: a thread-local hand-off)", ("PsoObjects", "createBySupplier"), ("JavaObjects", "create"), 9.24, None),
    ("recover reference (first walk of a fresh container) vs follow Java reference", ("PsoObjects", "recover"), ("JavaObjects", "follow"), 8.9, None),
    ("follow recovered (cached) reference vs follow Java reference", ("PsoObjects", "follow"), ("JavaObjects", "follow"), 0.305, None),
    ("assign int field, each of the N objects", ("PsoObjects", "assignEach"), ("JavaObjects", "assignEach"), 0.033, 0.023),
    ("assign int field, each object, through a bare address holder (no container, scope or liveness check: the floor of any proxy design)", ("PsoObjects", "assignEachNoCheck"), ("JavaObjects", "assignEach"), None, None),
    ("assign int field, one object N times", ("PsoObjects", "assignOne"), ("JavaObjects", "assignOne"), 0.033, 0.023),
    ("read int field, each of the N objects", ("PsoObjects", "readEach"), ("JavaObjects", "readEach"), None, None),
    ("read int field, each object, through a bare address holder (the floor, as above)", ("PsoObjects", "readEachNoCheck"), ("JavaObjects", "readEach"), None, None),
    ("read int array element (PSOIntArray vs int[], 1 MiB)", ("PsoArrays", "read"), ("JavaArrays", "read"), 0.049, 0.043),
    ("write int array element (PSOIntArray vs int[], 1 MiB)", ("PsoArrays", "write"), ("JavaArrays", "write"), 0.053, 0.041),
]


def us(v):
    return "–" if v is None else f"{v:g}"


def thesis_ratio(p, j):
    return "–" if p is None or j is None else f"{p / j:.2f}×"


header = ["per object / element", "PSO [Jaguar] ns", "Java [Jaguar] ns", "PSO / Java", "Java [C2] ns",
          "thesis PSO µs", "thesis Java µs", "thesis PSO / Java"]
rows = []
for label, pso, java, tp, tj in FIG8:
    p, j = jaguar.get(pso), jaguar.get(java)
    rows.append([label, fmt_ns(p), fmt_ns(j), fmt_ratio(p, j), fmt_ns(c2.get(java)), us(tp), us(tj), thesis_ratio(tp, tj)])

NODES = 128
msg = [
    ("PSO: reset container + allocate and fill 128 objects [Jaguar]", jaguar.get(("PsoMessage", "build"))),
    ("PSO, reused: assign every field of the 128 objects of the built message again [Jaguar]", jaguar.get(("PsoMessage", "refill"))),
    ("Java serialization: new ObjectOutputStream + writeObject [Jaguar]", jaguar.get(("SerializationMessage", "build"))),
    ("SBE: encode 128 group entries into an UnsafeBuffer [Jaguar]", jaguar.get(("SbeMessage", "build"))),
    ("Java serialization [C2]", c2.get(("SerializationMessage", "build"))),
    ("SBE [C2]", c2.get(("SbeMessage", "build"))),
]
pso_msg = msg[0][1]


def per_node(s):
    return None if s is None else type(s)(s.value / NODES, None if s.error is None else s.error / NODES, s.forks_disagree)


def times_pso(s):
    if s is None or pso_msg is None:
        return "n/a"
    r = s.value / pso_msg.value
    return f"{r:.2f}×" if r < 10 else f"{r:.1f}×" if r < 100 else f"{r:.0f}×"


msg_rows = [[label, fmt_ns(s), fmt_ns(per_node(s)), times_pso(s)] for label, s in msg]


def verdict(ok):
    return "n/a" if ok is None else "**met**" if ok else "**missed**"


def ratio(a, b):
    return None if a is None or b is None else a.value / b.value


assign = ratio(jaguar.get(("PsoObjects", "assignEach")), jaguar.get(("JavaObjects", "assignEach")))
assign_floor = ratio(jaguar.get(("PsoObjects", "assignEachNoCheck")), jaguar.get(("JavaObjects", "assignEach")))
serial = ratio(jaguar.get(("SerializationMessage", "build")), pso_msg)
sbe = ratio(jaguar.get(("SbeMessage", "build")), pso_msg)
sbe_c2 = ratio(c2.get(("SbeMessage", "build")), pso_msg)
pso_refill = jaguar.get(("PsoMessage", "refill"))
serial_refill = ratio(jaguar.get(("SerializationMessage", "build")), pso_refill)
sbe_refill = ratio(jaguar.get(("SbeMessage", "build")), pso_refill)


def load_rounds(path):
    """MessageRounds' TSV: ns per message of each encoder, one row per round."""
    if not os.path.exists(path):
        return None
    rows = [line.split("\t") for line in open(path) if line.strip() and not line.startswith(("#", "round"))]
    return [(float(p), float(b), float(j)) for _, p, b, j in rows] or None


def spread(values):
    """Median and quartiles of a list of numbers."""
    q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
    return statistics.median(values), q[0], q[2]


rounds = load_rounds(os.path.join(raw, "pso-rounds.tsv"))
rounds_sbe = rounds_serial = None
rounds_rows = []
if rounds:
    rounds_sbe = spread([b / p for p, b, _ in rounds])
    rounds_serial = spread([j / p for p, _, j in rounds])
    for label, col in (("PSO", 0), ("SBE", 1), ("Java serialization", 2)):
        m, lo, hi = spread([r[col] for r in rounds])
        rounds_rows.append([label, f"{m:,.0f}", f"{lo:,.0f} – {hi:,.0f}"])
    rounds_rows.append(["SBE / PSO, per round", f"{rounds_sbe[0]:.2f}×", f"{rounds_sbe[1]:.2f}× – {rounds_sbe[2]:.2f}×"])
    rounds_rows.append(["serialization / PSO, per round", f"{rounds_serial[0]:.1f}×", f"{rounds_serial[1]:.1f}× – {rounds_serial[2]:.1f}×"])

targets = [
    ["assign PSO int field ≤ 1.1× Java int field (each object, same JIT)", "n/a" if assign is None else f"{assign:.2f}×",
     verdict(None if assign is None else assign <= 1.1)],
    ["PSO message ≥ 200× faster than Java serialization (same JIT)", "n/a" if serial is None else f"{serial:.2f}×" if serial < 10 else f"{serial:.0f}×",
     verdict(None if serial is None else serial >= 200)],
    ["PSO message not slower than SBE (same JIT)", "n/a" if sbe is None else f"SBE / PSO = {sbe:.2f}×",
     verdict(None if sbe is None else sbe >= 1)],
    ["(interleaved rounds, median of per-round ratios) PSO message ≥ 200× faster than Java serialization",
     "n/a" if rounds_serial is None else f"{rounds_serial[0]:.1f}×", verdict(None if rounds_serial is None else rounds_serial[0] >= 200)],
    ["(interleaved rounds, median of per-round ratios) PSO message not slower than SBE",
     "n/a" if rounds_sbe is None else f"SBE / PSO = {rounds_sbe[0]:.2f}× (quartiles {rounds_sbe[1]:.2f}–{rounds_sbe[2]:.2f})",
     verdict(None if rounds_sbe is None else rounds_sbe[0] >= 1)],
    ["(reused PSO message) ≥ 200× faster than Java serialization", "n/a" if serial_refill is None else f"{serial_refill:.0f}×",
     verdict(None if serial_refill is None else serial_refill >= 200)],
    ["(reused PSO message) not slower than SBE", "n/a" if sbe_refill is None else f"SBE / PSO = {sbe_refill:.2f}×",
     verdict(None if sbe_refill is None else sbe_refill >= 1)],
    ["(issue 26) message build: SBE on stock Temurin [C2] / PSO on Jaguar ≥ 1.0", "n/a" if sbe_c2 is None else f"SBE / PSO = {sbe_c2:.2f}×",
     verdict(None if sbe_c2 is None else sbe_c2 >= 1)],
    ["(issue 26) PSO field write per object ≤ 1.5× a Java field (same JIT)", "n/a" if assign is None else f"{assign:.2f}×",
     verdict(None if assign is None else assign <= 1.5)],
    ["(for scale) the same write through a bare address holder, no check: the floor of any proxy design", "n/a" if assign_floor is None else f"{assign_floor:.2f}×", "–"],
]

def rounds_section():
    if not rounds:
        return ""
    return f"""### The same three encoders, interleaved rounds [Jaguar]

`make -C bench pso-rounds` (`MessageRounds`): one JVM times a batch of each encoder per round
(100,000 PSO and SBE messages, 5,000 serialized ones), rotating their order, for {len(rounds)} rounds
after warm-up; the ratios are taken within each round, so the machine's drift between JMH's
separate measurement windows stays out of them.

{table(["ns per message", "median", "quartiles"], rounds_rows)}
"""


print(f"""# Pre-Serialized Objects: Figure 8 and the message build

Generated by `make -C bench pso` (bench/tools/pso_tables.py); see bench/README.md. PSO columns run
on **Jaguar** (`build/jdk`: its C2 expands code mappings and its VM hands the classes to the PSO
class rewriter); the Java, serialization and SBE columns run there too and on **C2** (the stock
boot JDK, Temurin).
Read the ratios: all columns come from one `make` run on a shared, noisy 2-core machine. {LEGEND}

## Targets

{table(["target", "measured", ""], targets)}

## Figure 8: PSO microbenchmarks (ns per object or element, lower is better)

A linked list of `MyObject` (int, byte, reference: 24 bytes each) fills a 1 MiB container:
N = 43,689 objects; every benchmark covers all N (`@OperationsPerInvocation`). The thesis's
numbers (µs, 1999 JIT on a 500 MHz machine) are there for the shape, not to compare ns.

{table(header, rows)}

## Message build: a 128-element linked list (four bytes, four ints, next), 4 KiB as PSOs

{table(["message", "ns per message", "ns per element", "× the PSO message"], msg_rows)}

The thesis measured this inside a VIA ping-pong (round trip 341 µs with PSOs vs 26,843 µs with
serialization, 78×, most of the PSO time being the network); here only building the message is
timed, nothing is sent.

{rounds_section()}
{commentary("pso")}
{provenance(raw, ["pso-jaguar", "pso-c2", "pso-rounds"])}""")
