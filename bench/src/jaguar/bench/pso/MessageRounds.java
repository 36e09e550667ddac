/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.IOException;
import java.io.PrintStream;

/**
 * The message build's three encoders measured side by side in one JVM, round after round: each
 * round times a batch of PSO messages, a batch of SBE messages and a batch of serialized ones,
 * in an order that rotates from round to round, and prints ns per message for each. On a shared
 * machine whose speed drifts by ±20% within a minute, JMH's separate measurement windows put
 * that drift into the ratio; here the three batches of a round see the same machine, and the
 * ratio is taken per round (bench/tools/pso_tables.py reports medians and quartiles).
 *
 * <p>Arguments: rounds to print, warm-up rounds first (not printed). Output: TSV with a header.
 */
public final class MessageRounds {
    /** Messages per batch: about 0.1 s each once compiled. */
    private static final int BINARY_BATCH = 100_000;
    private static final int SERIALIZED_BATCH = 5_000;

    private MessageRounds() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: MessageRounds ROUNDS WARMUP_ROUNDS");
        }
        int rounds = positive(args[0], "ROUNDS");
        int warmup = Integer.parseInt(args[1]);
        if (warmup < 0) {
            throw new IllegalArgumentException("WARMUP_ROUNDS=" + warmup + " is negative");
        }
        PsoMessage pso = new PsoMessage();
        pso.allocate();
        SbeMessage sbe = new SbeMessage();
        SerializationMessage serialization = new SerializationMessage();
        serialization.buildList();
        // The same message from each encoder, checked once: the sizes are what the table says.
        long psoBytes = pso.build().used();
        int sbeBytes = sbe.build();
        int serializedBytes = serialization.build().size();
        PrintStream out = System.out;
        out.printf("# bytes per message: pso %d, sbe %d, serialization %d; batches of %d, %d, %d messages%n", psoBytes, sbeBytes,
                        serializedBytes, BINARY_BATCH, BINARY_BATCH, SERIALIZED_BATCH);
        out.println("round\tpso_ns\tsbe_ns\tserialization_ns");
        long sink = 0;
        for (int r = -warmup; r < rounds; r++) {
            double[] ns = new double[3];
            for (int k = 0; k < 3; k++) {
                int which = Math.floorMod(r + k, 3);
                long t0 = System.nanoTime();
                switch (which) {
                    case 0 -> {
                        for (int i = 0; i < BINARY_BATCH; i++) {
                            sink += pso.build().used();
                        }
                    }
                    case 1 -> {
                        for (int i = 0; i < BINARY_BATCH; i++) {
                            sink += sbe.build();
                        }
                    }
                    default -> {
                        for (int i = 0; i < SERIALIZED_BATCH; i++) {
                            sink += serialization.build().size();
                        }
                    }
                }
                ns[which] = (double) (System.nanoTime() - t0) / (which == 2 ? SERIALIZED_BATCH : BINARY_BATCH);
            }
            if (r >= 0) {
                out.printf("%d\t%.1f\t%.1f\t%.1f%n", r, ns[0], ns[1], ns[2]);
            }
        }
        pso.free();
        // Keeps the loops' results alive; never true.
        if (sink == 42) {
            out.println("#");
        }
    }

    private static int positive(String s, String name) {
        int v = Integer.parseInt(s);
        if (v <= 0) {
            throw new IllegalArgumentException(name + "=" + s + " must be positive");
        }
        return v;
    }
}
