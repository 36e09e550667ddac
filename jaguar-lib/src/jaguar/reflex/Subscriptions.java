/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jaguar.ext.ExternalBuffer;

/**
 * Who subscribed to what in an {@link EventSpace}, indexed so that an insert looks only at the
 * subscriptions that may match: a template that sets fields is filed under its class and the value
 * of its first field (a hash table per class and field), one that sets none under its class alone.
 * An insert reads the event's class and, for each field some template of that class keys on, its
 * value; each subscription found is checked whole. So a chain of a thousand tasks each waiting for
 * its own number costs a lookup per insert, not a thousand matches (the paper's event tree, flat).
 *
 * <p>Immutable: a subscription makes a new index (subscriptions are made when tasks start), so an
 * insert reads one without a lock and allocates nothing.
 */
final class Subscriptions {
    static final Subscriptions NONE = new Subscriptions(List.of(), List.of());

    private final EventTemplate<?>[] templates;
    private final ReflexTask[] tasks;
    /** Per shape (a class and the field its templates key on): the class's fingerprint, the field's offset and width. */
    private final int[] shapeFingerprint;
    private final int[] shapeOffset;
    private final int[] shapeWidth;
    /** Per shape, an open-addressing table: the key and the first subscription with it, plus one (0: an empty slot). */
    private final long[][] keys;
    private final int[][] firsts;
    /** Per subscription: the next with the same shape and key, or -1. */
    private final int[] next;
    /** Subscriptions whose templates set no field, and their classes' fingerprints. */
    private final int[] wildcards;

    private Subscriptions(List<EventTemplate<?>> templateList, List<ReflexTask> taskList) {
        int n = templateList.size();
        templates = templateList.toArray(EventTemplate<?>[]::new);
        tasks = taskList.toArray(ReflexTask[]::new);
        next = new int[n];
        Map<List<Integer>, List<Integer>> byShape = new LinkedHashMap<>();
        List<Integer> wild = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            EventTemplate<?> t = templates[i];
            if (t.offsets.length == 0) {
                wild.add(i);
            } else {
                byShape.computeIfAbsent(List.of(t.fingerprint, t.offsets[0], t.widths[0]), k -> new ArrayList<>()).add(i);
            }
        }
        wildcards = wild.stream().mapToInt(Integer::intValue).toArray();
        int shapes = byShape.size();
        shapeFingerprint = new int[shapes];
        shapeOffset = new int[shapes];
        shapeWidth = new int[shapes];
        keys = new long[shapes][];
        firsts = new int[shapes][];
        int s = 0;
        for (Map.Entry<List<Integer>, List<Integer>> e : byShape.entrySet()) {
            shapeFingerprint[s] = e.getKey().get(0);
            shapeOffset[s] = e.getKey().get(1);
            shapeWidth[s] = e.getKey().get(2);
            List<Integer> members = e.getValue();
            int size = Integer.highestOneBit(Math.max(2, members.size() * 2) - 1) << 1;   // a power of two at least twice the members
            keys[s] = new long[size];
            firsts[s] = new int[size];
            // Backwards, each in front of those after it: a chain keeps the order of subscription.
            for (int m = members.size() - 1; m >= 0; m--) {
                int i = members.get(m);
                long key = templates[i].values[0];
                int slot = slot(keys[s], firsts[s], key);
                next[i] = firsts[s][slot] - 1;
                keys[s][slot] = key;
                firsts[s][slot] = i + 1;
            }
            s++;
        }
    }

    /** The slot of {@code key} in a table, or the empty slot where it would go. */
    private static int slot(long[] keys, int[] firsts, long key) {
        int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (firsts[i] != 0 && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static long mix(long v) {
        v *= 0x9E3779B97F4A7C15L;
        return v ^ v >>> 29;
    }

    Subscriptions with(ReflexTask task, EventTemplate<?> template) {
        List<EventTemplate<?>> t = new ArrayList<>(List.of(templates));
        List<ReflexTask> k = new ArrayList<>(List.of(tasks));
        t.add(template);
        k.add(task);
        return new Subscriptions(t, k);
    }

    Subscriptions without(ReflexTask task) {
        List<EventTemplate<?>> t = new ArrayList<>();
        List<ReflexTask> k = new ArrayList<>();
        for (int i = 0; i < tasks.length; i++) {
            if (tasks[i] != task) {
                t.add(templates[i]);
                k.add(tasks[i]);
            }
        }
        return t.size() == tasks.length ? this : new Subscriptions(t, k);
    }

    /** Releases every task subscribed to a template the event at {@code at} of {@code buffer} matches. */
    void releaseMatching(ExternalBuffer buffer, long at) {
        int fingerprint = buffer.getInt(at);
        for (int s = 0; s < shapeFingerprint.length; s++) {
            if (shapeFingerprint[s] != fingerprint) {
                continue;
            }
            long value = EventTemplate.read(buffer, at + shapeOffset[s], shapeWidth[s]);
            int slot = slot(keys[s], firsts[s], value);
            for (int i = firsts[s][slot] - 1; i >= 0; i = next[i]) {
                if (templates[i].matches(buffer, at)) {
                    tasks[i].releaseIfRunning();
                }
            }
        }
        for (int i : wildcards) {
            if (templates[i].matches(buffer, at)) {
                tasks[i].releaseIfRunning();
            }
        }
    }
}
