/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.PartitioningModuleIF;
import tigris.ProducerEnd;
import tigris.Replayable;
import tigris.Water;

/**
 * A word count over text files, written as a user writes a river's modules: {@link Lines} reads a
 * node's text file (or, run again for a lost node, its mirror), {@link Words} sends each word to
 * the counter its hash names, and {@link Counts} counts them and writes "word count" lines in
 * word order. Waters carry text, one word or line to a line. Nothing here knows of attempts:
 * a river job runs it again, and the counts come out the same.
 */
public final class WordCount {
    private WordCount() {
    }

    /**
     * Each of {@code hosts} hosts' text of {@code lines} lines, the same every call: 1-8 words a
     * line from a vocabulary of 2,000, a few of them common (a count's partitions are uneven).
     */
    static List<String> texts(int hosts, int lines) {
        java.util.Random r = new java.util.Random(39);
        List<String> vocabulary = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            vocabulary.add(Integer.toString(r.nextInt(Integer.MAX_VALUE), 36));
        }
        List<String> texts = new ArrayList<>();
        for (int h = 1; h <= hosts; h++) {
            StringBuilder text = new StringBuilder();
            for (int line = 0; line < lines; line++) {
                int n = 1 + r.nextInt(8);
                for (int w = 0; w < n; w++) {
                    text.append(w == 0 ? "" : " ").append(vocabulary.get((int) Math.abs(r.nextGaussian() * 300) % vocabulary.size()));
                }
                text.append('\n');
            }
            texts.add(text.toString());
        }
        return texts;
    }

    /** The text of a Water: its bytes as UTF-8. */
    static String text(Water w) {
        return new String(w.buffer().asSegment().asSlice(0, w.length()).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /** A Water of {@code out}'s spring holding {@code text}. */
    static Water water(ProducerEnd out, byte[] text, int capacity) {
        Water w = out.spring().createWater(capacity);
        MemorySegment.copy(text, 0, w.buffer().asSegment(), ValueLayout.JAVA_BYTE, 0, text.length);
        w.setLength(text.length);
        return w;
    }

    /**
     * Source: the lines of {@code in} (its mirror {@code mirror} when run away from home), whole
     * lines to a Water of {@code water} bytes.
     */
    public static final class Lines implements ModuleIF, Replayable {
        private String name;
        private BufferedReader reader;
        private int water;
        private String pending;

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
            name = config.name();
            water = (int) config.getLong("water", 8192);
            Path in = config.inputPath("in", "mirror");
            try {
                reader = Files.newBufferedReader(in, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("module " + name + ": cannot read " + in + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void doOperation(Water in, ProducerEnd out) throws EndOfRiverException, InterruptedException {
            StringBuilder text = new StringBuilder();
            try {
                String line = pending != null ? pending : reader.readLine();
                pending = null;
                for (; line != null; line = reader.readLine()) {
                    if (line.length() + 1 > water) {
                        throw new IllegalArgumentException("module " + name + ": a line of " + line.length() + " characters does not fit a Water of " + water);
                    }
                    if (text.length() + line.length() + 1 > water) {
                        pending = line;
                        break;
                    }
                    text.append(line).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (text.isEmpty()) {
                throw new EndOfRiverException();
            }
            out.put(water(out, text.toString().getBytes(StandardCharsets.UTF_8), water));
        }

        @Override
        public void destroy() {
            try {
                if (reader != null) {
                    reader.close();
                }
            } catch (IOException e) {
                // closing
            }
        }
    }

    /** Each word of the lines to the counter {@code hash mod counters}: the same word always meets the same counter. */
    public static final class Words implements PartitioningModuleIF {
        private String name;
        private int water;
        private List<StringBuilder> held;

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
            name = config.name();
            water = (int) config.getLong("water", 8192);
        }

        @Override
        public void doOperation(Water in, List<ProducerEnd> outs) throws InterruptedException {
            if (held == null) {
                held = new ArrayList<>();
                outs.forEach(o -> held.add(new StringBuilder()));
            }
            if (in == null) {
                for (int i = 0; i < outs.size(); i++) {
                    flush(outs, i);
                }
                return;
            }
            for (String word : text(in).split("\\s+")) {
                if (word.isEmpty()) {
                    continue;
                }
                int i = Math.floorMod(word.hashCode(), outs.size());
                if (held.get(i).length() + word.length() + 1 > water) {
                    flush(outs, i);
                }
                held.get(i).append(word).append('\n');
            }
        }

        private void flush(List<ProducerEnd> outs, int i) throws InterruptedException {
            if (!held.get(i).isEmpty()) {
                outs.get(i).put(water(outs.get(i), held.get(i).toString().getBytes(StandardCharsets.UTF_8), water));
                held.get(i).setLength(0);
            }
        }

        @Override
        public void destroy() {
        }
    }

    /** Sink: counts its words and writes "word count" lines, in word order, to {@code out} (through the river's output stage). */
    public static final class Counts implements ModuleIF {
        private String name;
        private Path out;
        private ModuleConfig config;
        private final Map<String, Long> counts = new HashMap<>();

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void init(ModuleConfig config) {
            this.config = config;
            name = config.name();
            out = config.path("out");
        }

        @Override
        public void doOperation(Water in, ProducerEnd none) {
            if (in != null) {
                for (String word : text(in).split("\n")) {
                    counts.merge(word, 1L, Long::sum);
                }
                return;
            }
            StringBuilder text = new StringBuilder();
            new TreeMap<>(counts).forEach((w, n) -> text.append(w).append(' ').append(n).append('\n'));
            try {
                Files.writeString(config.stage(out), text, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("module " + name + ": cannot write " + out + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void destroy() {
        }
    }
}
