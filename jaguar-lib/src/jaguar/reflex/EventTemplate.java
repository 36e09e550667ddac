/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOContainer;
import jaguar.pso.PSOField;
import jaguar.pso.PSOFieldType;
import jaguar.pso.PSOLayout;

/**
 * Which events of an {@link EventSpace} an operation wants: events of one PSO class whose chosen
 * fields hold chosen values (the paper's templates, whose other keys are wildcards). Made by
 * {@link #of}: the fields the given code sets on an instance are the ones matched, so a template is
 * written in the event's own types ({@code EventTemplate.of(Offer.class, o -> o.symbol = 42)}), not
 * in field names.
 *
 * <p>A template matches events of exactly its class (by layout fingerprint), not of subclasses.
 * Immutable and thread-safe.
 *
 * @param <E> the event class
 */
public final class EventTemplate<E extends PSO> {
    final Class<E> type;
    /** The class's fingerprint: the first word of each of its objects' headers. */
    final int fingerprint;
    final int size;
    final int[] offsets;
    final int[] widths;
    final long[] values;

    private EventTemplate(Class<E> type, int fingerprint, int size, int[] offsets, int[] widths, long[] values) {
        this.type = type;
        this.fingerprint = fingerprint;
        this.size = size;
        this.offsets = offsets;
        this.widths = widths;
        this.values = values;
    }

    /**
     * The template of {@code type}'s events whose fields that {@code fields} sets hold what it sets
     * them to; {@code o -> { }} matches every event of the type. {@code fields} runs twice, on
     * instances filled with two different byte patterns, and a field it sets differs from one of
     * them whatever the value: it must set the same fields to the same values each time.
     *
     * @param <E> the event class
     * @param type the event class: a concrete, rewritten PSO class with a no-argument constructor
     *        and no reference fields
     * @param fields sets the fields to match on the instance it is given, and nothing else (it
     *        runs on scratch instances, not on events)
     * @return the template
     * @throws IllegalArgumentException if the type has reference fields (an event carries values:
     *         a reference would point into the writer's container) or the two runs disagree
     */
    public static <E extends PSO> EventTemplate<E> of(Class<E> type, Consumer<? super E> fields) {
        PSOLayout layout = EventSpace.eventLayout(type);
        int size = layout.size();
        try (OffHeapBuffer scratch = OffHeapBuffer.allocate(2L * (size + PSOContainer.HEADER_SIZE) + 64)) {
            PSOContainer a = PSOContainer.format(scratch, 0, size + PSOContainer.HEADER_SIZE + 32);
            PSOContainer b = PSOContainer.format(scratch, size + PSOContainer.HEADER_SIZE + 32, size + PSOContainer.HEADER_SIZE + 32);
            E ea = a.allocate(type);
            E eb = b.allocate(type);
            long at = ea.offset() + a.offsetInBuffer();
            long bt = eb.offset() + b.offsetInBuffer();
            int fingerprint = scratch.getInt(at);
            for (int i = PSOLayout.HEADER_SIZE; i < size; i++) {
                scratch.putByte(at + i, (byte) 0xA5);
                scratch.putByte(bt + i, (byte) 0x5A);
            }
            fields.accept(ea);
            fields.accept(eb);
            List<PSOField> set = new ArrayList<>();
            for (PSOField f : layout.fields()) {
                long va = read(scratch, at + f.offset(), f.type().size());
                long vb = read(scratch, bt + f.offset(), f.type().size());
                boolean fromA = va != pattern(0xA5, f.type().size());
                boolean fromB = vb != pattern(0x5A, f.type().size());
                if (fromA || fromB) {
                    if (va != vb) {
                        throw new IllegalArgumentException("a template of " + type.getName() + " set field " + f.name() + " to " + va + " and then " + vb
                                        + ": the code that makes a template must set the same values each time");
                    }
                    set.add(f);
                }
            }
            int[] offsets = new int[set.size()];
            int[] widths = new int[set.size()];
            long[] values = new long[set.size()];
            for (int i = 0; i < set.size(); i++) {
                offsets[i] = set.get(i).offset();
                widths[i] = set.get(i).type().size();
                values[i] = read(scratch, at + offsets[i], widths[i]);
            }
            return new EventTemplate<>(type, fingerprint, size, offsets, widths, values);
        }
    }

    private static long pattern(int b, int width) {
        long p = 0;
        for (int i = 0; i < width; i++) {
            p = p << 8 | b;
        }
        return p;
    }

    /** The field's bytes as an unsigned number (how they compare does not depend on the order). */
    static long read(ExternalBuffer buffer, long at, int width) {
        return switch (width) {
            case 1 -> buffer.getByte(at) & 0xFFL;
            case 2 -> buffer.getShort(at) & 0xFFFFL;
            case 4 -> buffer.getInt(at) & 0xFFFF_FFFFL;
            default -> buffer.getLong(at);
        };
    }

    /** Whether the event whose header is at {@code at} of {@code buffer} is one this template wants. */
    boolean matches(ExternalBuffer buffer, long at) {
        if (buffer.getInt(at) != fingerprint) {
            return false;
        }
        for (int i = 0; i < offsets.length; i++) {
            if (read(buffer, at + offsets[i], widths[i]) != values[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The event class.
     *
     * @return the class given to {@link #of}
     */
    public Class<E> type() {
        return type;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(type.getSimpleName()).append('[');
        for (PSOField f : EventSpace.eventLayout(type).fields()) {
            for (int i = 0; i < offsets.length; i++) {
                if (offsets[i] == f.offset()) {
                    s.append(s.charAt(s.length() - 1) == '[' ? "" : ", ").append(f.name()).append('=').append(values[i]);
                }
            }
        }
        return s.append(']').toString();
    }

    static boolean hasReferences(PSOLayout layout) {
        return layout.fields().stream().anyMatch(f -> f.type() == PSOFieldType.REFERENCE);
    }
}
