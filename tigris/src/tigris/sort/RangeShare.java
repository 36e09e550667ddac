/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import tigris.ModuleConfig;
import tigris.Parameter;

/**
 * Which of a sort's key ranges one river sorts, when not all: after a node is lost, the next
 * attempt sorts only the ranges whose output is not whole yet ({@link SortAttempt}). Readers
 * still count every range (so each sorter knows where its range starts in its file) but send only
 * the ranges shared out here; sorter instance i takes range {@code ranges.get(i)}.
 *
 * @param keyRanges the key ranges of the whole sort
 * @param ranges the key range of each sorter instance, in instance order, each once
 * @param movedFiles output files that are not at the sort's output path: the file of the group of
 *        ranges that starts at range F is at {@code movedFiles.get(F)} (a lost node's file, rebuilt
 *        on a survivor)
 */
public record RangeShare(int keyRanges, List<Integer> ranges, Map<Integer, Path> movedFiles) {
    /** {@code key-ranges}, the key ranges of the whole sort; absent (every range, in instance order) by default. */
    public static final Parameter<Integer> KEY_RANGES = Parameter.intValue("key-ranges", null);
    /** {@code ranges}, each sorter instance's key range ({@code N,N,...}); absent (range i for instance i) by default. */
    public static final Parameter<List<Integer>> RANGES = new Parameter<>("ranges", RangeShare::decodeRanges, RangeShare::encodeRanges, null);
    /** {@code moved-files}, the files not at the output path ({@code RANGE=PATH,...}); absent (none) by default. */
    public static final Parameter<Map<Integer, Path>> MOVED_FILES = new Parameter<>("moved-files",
                    v -> NumberedValues.decode("moved-files", "RANGE", "PATH", v, Path::of), m -> NumberedValues.encode(m, "the file of range"), null);

    /**
     * A share; the list and map are copied.
     *
     * @param keyRanges the key ranges of the whole sort, 1 or more
     * @param ranges the key range of each sorter instance: not empty, each from 0 to
     *        {@code keyRanges - 1}, once
     * @param movedFiles the moved files, by the first range of their group; not null (empty: none)
     * @throws IllegalArgumentException if a range is out of bounds or repeated, none is given, or
     *         a moved file names a range past the last
     * @throws NullPointerException if {@code ranges} or {@code movedFiles}, or an element, is null
     */
    public RangeShare {
        ranges = List.copyOf(ranges);
        movedFiles = Map.copyOf(movedFiles);
        if (keyRanges < 1 || ranges.isEmpty()) {
            throw new IllegalArgumentException("a share of " + ranges + " of " + keyRanges + " key ranges: at least one range of at least one");
        }
        boolean[] seen = new boolean[keyRanges];
        for (int r : ranges) {
            if (r < 0 || r >= keyRanges || seen[r]) {
                throw new IllegalArgumentException("ranges=" + ranges + ": each a key range from 0 to " + (keyRanges - 1) + ", once");
            }
            seen[r] = true;
        }
        for (int first : movedFiles.keySet()) {
            if (first >= keyRanges) {
                throw new IllegalArgumentException("moved-files names range " + first + ", but there are ranges 0 to " + (keyRanges - 1));
            }
        }
    }

    /**
     * Every one of {@code keyRanges} ranges, instance i taking range i, every file at the output path.
     *
     * @param keyRanges the key ranges of the sort, 1 or more
     * @return the share of all ranges
     * @throws IllegalArgumentException if {@code keyRanges} is below 1
     */
    public static RangeShare all(int keyRanges) {
        List<Integer> r = new ArrayList<>();
        for (int i = 0; i < keyRanges; i++) {
            r.add(i);
        }
        return new RangeShare(keyRanges, r, Map.of());
    }

    /**
     * The share in {@code config}, or all of {@code keyRanges} ranges if it names none.
     *
     * @param config the sorter's configuration
     * @param keyRanges the ranges of the sort when {@code config} has no {@code key-ranges}: the
     *        sorters' instance count
     * @return the share
     * @throws IllegalArgumentException if the parameters cannot be read, {@code ranges} or
     *         {@code moved-files} comes without {@code key-ranges}, or the share is not valid,
     *         naming the module
     */
    public static RangeShare from(ModuleConfig config, int keyRanges) {
        Integer k = KEY_RANGES.from(config);
        List<Integer> r = RANGES.from(config);
        Map<Integer, Path> moved = MOVED_FILES.from(config);
        if (k == null) {
            if (r != null || moved != null) {
                throw new IllegalArgumentException("module " + config.name() + ": ranges and moved-files need key-ranges (how many key ranges the sort has)");
            }
            return all(keyRanges);
        }
        try {
            return new RangeShare(k, r == null ? all(k).ranges() : r, moved == null ? Map.of() : moved);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("module " + config.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Whether this is every range in order with no file moved: what a river without a share sorts.
     *
     * @return whether it equals {@link #all all(keyRanges)}
     */
    public boolean isAll() {
        return equals(all(keyRanges));
    }

    /**
     * For each key range, the sorter instance that takes it, or -1 where none does here.
     *
     * @return a new array of {@link #keyRanges()} instance numbers, by range
     */
    public int[] instanceOfRange() {
        int[] of = new int[keyRanges];
        Arrays.fill(of, -1);
        for (int i = 0; i < ranges.size(); i++) {
            of[ranges.get(i)] = i;
        }
        return of;
    }

    /**
     * As module parameters (none for all ranges), the inverse of {@link #from}.
     *
     * @param parameters a module's parameters being written, to which {@code key-ranges},
     *        {@code ranges} and {@code moved-files} (if any is moved) are added
     */
    public void putInto(Map<String, String> parameters) {
        if (!isAll()) {
            KEY_RANGES.put(parameters, keyRanges);
            RANGES.put(parameters, ranges);
            MOVED_FILES.put(parameters, movedFiles.isEmpty() ? null : new java.util.TreeMap<>(movedFiles));
        }
    }

    private static List<Integer> decodeRanges(String v) {
        List<Integer> r = new ArrayList<>();
        for (String s : v.split(",")) {
            try {
                r.add(Integer.parseInt(s.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("is not a list of key range numbers (N,N,...)");
            }
        }
        return r;
    }

    private static String encodeRanges(List<Integer> r) {
        StringBuilder sb = new StringBuilder();
        r.forEach(n -> sb.append(sb.isEmpty() ? "" : ",").append(n));
        return sb.toString();
    }
}
