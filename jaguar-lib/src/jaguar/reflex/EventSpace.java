/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSO;
import jaguar.pso.PSOLayout;

/**
 * The paper's shared event space: a multiset of typed events (PSO objects of classes without
 * reference fields) in native memory of its own, so that a written event is a copy and no
 * reference passes between tasks. {@code writeNow}, {@code takeNow} and {@code testNow} act at once,
 * from any thread; a task's {@link ReflexTask#write}, {@link ReflexTask#take} and
 * {@link ReflexTask#test} are part of its invocation's transaction. A task that subscribed to a
 * template is released when a matching event is inserted.
 *
 * <p>Slots of a fixed size in one shared buffer; a slot's generation (odd: it holds an event)
 * changes with every insert and removal, which is how a transaction's commit sees that an event it
 * took was taken by another meanwhile. One short lock orders the operations: a scan of the slots
 * and a copy, spinning briefly and then parking, never held while code of a task runs.
 */
public final class EventSpace implements AutoCloseable {
    private static final ClassValue<PSOLayout> LAYOUTS = new ClassValue<>() {
        @Override
        @SuppressWarnings("unchecked")
        protected PSOLayout computeValue(Class<?> type) {
            if (!PSO.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException(type.getName() + " is not a PSO class: events are PSOs");
            }
            PSOLayout layout = PSO.layoutOf((Class<? extends PSO>) type);
            if (EventTemplate.hasReferences(layout)) {
                throw new IllegalArgumentException(type.getName() + " has reference fields: an event carries values, and a reference would point into "
                                + "its writer's container");
            }
            return layout;
        }
    };

    private final OffHeapBuffer slots;
    private final int slotBytes;
    private final int capacity;
    /** Per slot: even, free; odd, holds an event. */
    private final long[] generation;
    private final int[] freeSlots;
    private int freeCount;
    private int events;
    private volatile Subscriptions subscriptions = Subscriptions.NONE;
    private volatile int lock;
    private static final VarHandle LOCK;

    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(EventSpace.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private EventSpace(int capacity, int maxEventBytes) {
        if (capacity < 1 || maxEventBytes < PSOLayout.HEADER_SIZE) {
            throw new IllegalArgumentException("an event space of at least 1 event of at least " + PSOLayout.HEADER_SIZE + " bytes, not " + capacity + " of "
                            + maxEventBytes);
        }
        this.capacity = capacity;
        this.slotBytes = (maxEventBytes + 7) & ~7;
        this.slots = OffHeapBuffer.allocateShared((long) capacity * slotBytes);
        this.generation = new long[capacity];
        this.freeSlots = new int[capacity];
        for (int i = 0; i < capacity; i++) {
            freeSlots[i] = capacity - 1 - i;
        }
        this.freeCount = capacity;
    }

    /**
     * A space for {@code capacity} events of at most {@code maxEventBytes} bytes each (header included).
     * Its slots are one shared off-heap buffer of {@code capacity} &times; {@code maxEventBytes}
     * (rounded up to 8) bytes, freed by {@link #close()}.
     *
     * @param capacity the most events the space holds at once, 1 or more
     * @param maxEventBytes the largest event's {@code getPSOSize()}, at least the 8-byte PSO header
     * @return an empty space
     * @throws IllegalArgumentException if {@code capacity} is below 1 or {@code maxEventBytes}
     *         below 8
     */
    public static EventSpace create(int capacity, int maxEventBytes) {
        return new EventSpace(capacity, maxEventBytes);
    }

    /** The layout of an event class, checked once: a PSO class without reference fields. */
    static PSOLayout eventLayout(Class<?> type) {
        return LAYOUTS.get(type);
    }

    /**
     * Events in the space now.
     *
     * @return 0 to {@link #capacity()}; taken under the space's lock, stale as soon as it returns
     */
    public int size() {
        lock();
        try {
            return events;
        } finally {
            unlock();
        }
    }

    /**
     * The most events the space holds at once.
     *
     * @return the capacity given to {@link #create}
     */
    public int capacity() {
        return capacity;
    }

    /**
     * Inserts a copy of {@code event} now and releases the tasks subscribed to a template it matches.
     *
     * @param event the event to copy in; its class has no reference fields; it stays the caller's
     * @throws IllegalStateException if the space is full (the event is not inserted)
     * @throws IllegalArgumentException if the event's class has reference fields or is larger
     *         than the space's slots
     */
    public void writeNow(PSO event) {
        int size = checkedSize(event);
        ExternalBuffer from = event.container().buffer();
        long at = event.container().offsetInBuffer() + event.offset();
        lock();
        int slot;
        try {
            slot = insert(from, at, size);
        } finally {
            unlock();
        }
        notifySubscribers(slot);
    }

    /**
     * Removes an event {@code template} matches, copying it into {@code into}; false if the space holds none.
     * Which of several matching events is taken is not specified. From any thread; inside a
     * task's invocation it is not undone by an abort (use {@link ReflexTask#take} for that).
     *
     * @param <E> the event class
     * @param template which events qualify
     * @param into a writable PSO of the template's class, overwritten with the event taken (its
     *        header included); left as it was if none is
     * @return {@code true} if an event was taken
     * @throws IllegalArgumentException if {@code into}'s class is not the template's (the event is
     *         then left in the space)
     */
    public <E extends PSO> boolean takeNow(EventTemplate<E> template, E into) {
        lock();
        try {
            int slot = find(template, null, 0);
            if (slot < 0) {
                return false;
            }
            copyOut(slot, template, into);
            remove(slot);
            return true;
        } finally {
            unlock();
        }
    }

    /**
     * Whether the space holds an event {@code template} matches.
     *
     * @param template which events qualify
     * @return {@code true} if at least one does now; stale as soon as it returns
     */
    public boolean testNow(EventTemplate<?> template) {
        lock();
        try {
            return find(template, null, 0) >= 0;
        } finally {
            unlock();
        }
    }

    // ---- for tasks' transactions, under the lock ---------------------------------------------

    int checkedSize(PSO event) {
        int size = eventLayout(event.getClass()).size();
        if (size > slotBytes) {
            throw new IllegalArgumentException("an event of " + event.getClass().getName() + " takes " + size + " bytes; this space holds events of up to "
                            + slotBytes);
        }
        return size;
    }

    int slotBytes() {
        return slotBytes;
    }

    /** The first slot holding an event {@code template} matches and not among the first {@code excludedCount} of {@code excluded}; -1 if none. */
    int find(EventTemplate<?> template, int[] excluded, int excludedCount) {
        for (int s = 0; s < capacity; s++) {
            if ((generation[s] & 1) != 0 && template.matches(slots, (long) s * slotBytes) && !contains(excluded, excludedCount, s)) {
                return s;
            }
        }
        return -1;
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    long generation(int slot) {
        return generation[slot];
    }

    void copyOut(int slot, EventTemplate<?> template, PSO into) {
        // The copy includes the header, which names the event's class: into must be of that class,
        // not merely of its size (a subclass without fields of its own would become the event's class).
        if (into.getClass() != template.type) {
            throw new IllegalArgumentException("an event of " + template.type.getName() + " cannot be read into a " + into.getClass().getName()
                            + ": give a " + template.type.getSimpleName() + " to read it into");
        }
        int size = template.size;
        ExternalBuffer to = into.container().buffer();
        long at = into.container().offsetInBuffer() + into.offset();
        long from = (long) slot * slotBytes;
        Words.copy(slots, from, to, at, size);
    }

    /** Copies {@code size} bytes at {@code at} of {@code from} into a free slot; returns it. */
    int insert(ExternalBuffer from, long at, int size) {
        if (freeCount == 0) {
            throw new IllegalStateException("the event space is full (" + capacity + " events)");
        }
        int slot = freeSlots[--freeCount];
        long to = (long) slot * slotBytes;
        Words.copy(from, at, slots, to, size);
        generation[slot]++;
        events++;
        return slot;
    }

    int freeSlots() {
        return freeCount;
    }

    void remove(int slot) {
        generation[slot]++;
        freeSlots[freeCount++] = slot;
        events--;
    }

    /** Releases every subscribed task a template of which the event in {@code slot} matches (called after the lock is let go: a reading of the slot may be stale, a release too many is harmless). */
    void notifySubscribers(int slot) {
        subscriptions.releaseMatching(slots, (long) slot * slotBytes);
    }

    synchronized void subscribe(ReflexTask task, EventTemplate<?> template) {
        subscriptions = subscriptions.with(task, template);
    }

    synchronized void unsubscribeAll(ReflexTask task) {
        subscriptions = subscriptions.without(task);
    }

    /** Takes the lock: spins briefly, then parks in short steps (its holder may be a thread the kernel preempted). */
    void lock() {
        if (LOCK.compareAndSet(this, 0, 1)) {
            return;
        }
        long since = System.nanoTime();
        while (!(lock == 0 && LOCK.compareAndSet(this, 0, 1))) {
            SpinThenPark.step(since);
        }
    }

    void unlock() {
        LOCK.setRelease(this, 0);
    }

    /**
     * Frees the space's memory. Call it once no task or thread uses the space any more: a later
     * operation throws {@link IllegalStateException} from the closed buffer.
     */
    @Override
    public void close() {
        slots.close();
    }
}
