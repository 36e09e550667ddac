/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterClasses;
import tigris.pipe.Lines;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Join;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * The join of {@code a * b} (union) and {@code a & b} (intersection). A record is a line, and it is
 * known by its bytes: the branches of one stream pass the same line when their outputs hold equal
 * lines. Counted as a multiset, the union passes each line as many times as the branch that
 * passed it most often, the intersection as many times as the branch that passed it least, each
 * as soon as that is known (the union at once, the intersection when its last branch passes it),
 * so the output is in the order of arrival.
 *
 * <p>A line is remembered while the branches have passed it unequally often (once they are even,
 * nothing of it is left to decide): a union remembers every line only some branches pass, an
 * intersection every line some branch has passed and another not yet. More than
 * {@code memory} bytes remembered fails the river, saying so.
 */
@FilterCost(nanosPerByte = 23)
public final class JoinModule extends PipeModule {
    /** Made reflectively by the river where the plan puts a join; {@link #open} then reads its parameters. */
    public JoinModule() {
    }

    /** Parameters: {@code join} (or, and), {@code branches} (the branch of each port: 0,0,1), {@code memory} (bytes remembered at most). */
    static final String JOIN = "join";
    static final String BRANCHES = "branches";
    static final String MEMORY = "memory";

    /**
     * Input port {@code i}: the plan connects each place a branch's output leaves from to a port
     * of its own (a branch {@code a + b} has two), so the join keeps each stream's lines apart
     * and counts them by branch.
     *
     * @param i the port, from 0 to the number of ports less one
     * @return the port's name, {@code in}<i>i</i>
     */
    public static String port(int i) {
        return "in" + i;
    }

    /**
     * The join of the branches of {@code a * b} or {@code a & b}, as the plan adds it after them.
     * It may remember a quarter of this JVM's largest heap ({@link Runtime#maxMemory()}) of lines.
     *
     * @param join {@link Join#OR} for the union ({@code *}); any other join is taken for the
     *        intersection ({@code &})
     * @param branchOfPort the branch, from 0, that each input port ({@link #port port(0)} on)
     *        belongs to; every branch has at least one
     * @return the join as a filter: a module that takes input and gives output, in class 0
     */
    public static BoundFilter bound(Join join, List<Integer> branchOfPort) {
        long memory = Runtime.getRuntime().maxMemory() / 4;
        String branches = String.join(",", branchOfPort.stream().map(String::valueOf).toList());
        return new BoundFilter(join == Join.OR ? "union (*)" : "intersection (&)", JoinModule.class,
                        Map.of(JOIN, join == Join.OR ? "or" : "and", BRANCHES, branches, MEMORY, Long.toString(memory)), true, true,
                        FilterClasses.NONE);
    }

    /** A line as a key: its bytes, newline excluded. */
    private record Key(byte[] bytes, int hash) {
        static Key of(byte[] b, int from, int to) {
            byte[] copy = Arrays.copyOfRange(b, from, to);
            return new Key(copy, Arrays.hashCode(copy));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** How often each branch passed a line, and how often it was passed on. */
    private static final class Counts {
        final int[] passed;
        int emitted;

        Counts(int n) {
            passed = new int[n];
        }

        boolean even() {
            for (int c : passed) {
                if (c != passed[0]) {
                    return false;
                }
            }
            return true;
        }
    }

    private boolean union;
    private int branches;
    private long memory;
    private long remembered;
    /** Each port's lines, read apart, and the branch it belongs to. */
    private Lines[] lines;
    private int[] branchOf;
    private final Map<Key, Counts> counts = new HashMap<>();
    private final Map<String, Integer> ports = new HashMap<>();
    private WaterWriter writer;
    private final byte[] newline = {'\n'};

    /** Its ports are the streams of its branches: it reads each one's lines apart. */
    @Override
    protected boolean readsLinesByPort() {
        return true;
    }

    @Override
    protected void open(ModuleConfig config) {
        union = switch (config.get(JOIN)) {
            case "or" -> true;
            case "and" -> false;
            default -> throw new IllegalArgumentException("parameter join=" + config.get(JOIN) + " is neither 'or' nor 'and'");
        };
        String[] of = config.get(BRANCHES).split(",");
        branchOf = new int[of.length];
        lines = new Lines[of.length];
        for (int p = 0; p < of.length; p++) {
            branchOf[p] = Integer.parseInt(of[p].trim());
            branches = Math.max(branches, branchOf[p] + 1);
            lines[p] = new Lines();
            ports.put(port(p), p);
        }
        memory = config.getLong(MEMORY, Long.MAX_VALUE);
    }

    @Override
    protected void take(Water in, Outlet out) throws Exception {
        if (writer == null) {
            writer = new WaterWriter(out, 0, true);
        }
        int p = portIndex(in.inputPort());
        lines[p].take(in, (buf, from, to) -> line(branchOf[p], buf, from, to));
    }

    private int portIndex(String port) {
        Integer i = ports.get(port);
        if (i == null) {
            throw new IllegalStateException("a Water arrived at input port " + port + ", which is none of this join's " + ports.keySet());
        }
        return i;
    }

    private void line(int branch, byte[] buf, int from, int to) throws InterruptedException {
        int end = to > from && buf[to - 1] == '\n' ? to - 1 : to;
        Key k = Key.of(buf, from, end);
        Counts c = counts.get(k);
        if (c == null) {
            c = new Counts(branches);
            counts.put(k, c);
            remembered += k.bytes().length + 64L;
            if (remembered > memory) {
                throw new IllegalStateException(String.format("the %s join remembers %d lines (%.0f MiB) that its branches passed unequally often, more than its"
                                + " %.0f MiB: a join of streams this large needs branches that pass mostly the same lines", union ? "*" : "&", counts.size(),
                                remembered / 1048576.0, memory / 1048576.0));
            }
        }
        c.passed[branch]++;
        int due = union ? Arrays.stream(c.passed).max().getAsInt() : Arrays.stream(c.passed).min().getAsInt();
        while (c.emitted < due) {
            writer.write(buf, from, end - from);
            writer.write(newline, 0, 1);
            c.emitted++;
        }
        if (c.even()) {
            counts.remove(k);
            remembered -= k.bytes().length + 64L;
        }
    }

    @Override
    protected void finish(Outlet out) throws Exception {
        if (writer == null) {
            writer = new WaterWriter(out, 0, true);
        }
        for (int p = 0; p < lines.length; p++) {
            int b = branchOf[p];
            lines[p].finish((buf, from, to) -> line(b, buf, from, to));
        }
        writer.flush();
    }
}
