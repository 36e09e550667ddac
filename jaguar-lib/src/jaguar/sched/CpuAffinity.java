/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.sched;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.BitSet;

/**
 * The CPUs the calling thread may run on ({@code sched_setaffinity} on the thread itself, through
 * FFM). Java has no API for it; a thread pinned here stays on its CPU whatever the JVM's other
 * threads do, which a time-critical task needs so that its cache and its timer stay put.
 */
public final class CpuAffinity {
    /** A cpu_set_t: 1,024 CPUs. */
    private static final int SET_BYTES = 128;

    private CpuAffinity() {
    }

    /**
     * The CPUs the calling thread may run on now.
     *
     * @return a new set with bit {@code n} set for each CPU {@code n} the thread may run on
     * @throws IllegalStateException if {@code sched_getaffinity} fails
     */
    public static BitSet current() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(SET_BYTES);
            MemorySegment state = SchedCalls.callState(arena);
            if ((int) SchedCalls.GetAffinity.H.invokeExact(state, 0, (long) SET_BYTES, mask) != 0) {
                throw new IllegalStateException("sched_getaffinity of thread " + SchedCalls.tid() + " failed: errno " + SchedCalls.errno(state));
            }
            return BitSet.valueOf(mask.toArray(ValueLayout.JAVA_LONG));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Pins the calling thread to {@code cpu}: {@link #set} of that one CPU.
     *
     * @param cpu the CPU's number, 0 to 1,023, as the kernel counts them
     * @throws IndexOutOfBoundsException if {@code cpu} is negative
     * @throws IllegalArgumentException if {@code cpu} is 1,024 or more, or not online in this
     *         process's cpuset
     * @throws SecurityException if the kernel refuses
     */
    public static void pin(int cpu) {
        BitSet one = new BitSet();
        one.set(cpu);
        set(one);
    }

    /**
     * Lets the calling thread run on {@code cpus} only.
     *
     * @param cpus bit {@code n} set for each CPU {@code n} the thread may run on; not changed
     * @throws IllegalArgumentException if {@code cpus} is empty, names a CPU past the 1,024 a set
     *         holds, or holds none of the online CPUs of this process's cpuset
     * @throws SecurityException if the kernel refuses (the thread of another user: not this one)
     */
    public static void set(BitSet cpus) {
        if (cpus.isEmpty() || cpus.length() > SET_BYTES * 8) {
            throw new IllegalArgumentException("a thread's CPUs are 1 to " + SET_BYTES * 8 + " of CPUs 0-" + (SET_BYTES * 8 - 1) + ", not " + cpus);
        }
        BitSet allowed = current();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(SET_BYTES);
            long[] words = cpus.toLongArray();
            MemorySegment.copy(words, 0, mask, ValueLayout.JAVA_LONG, 0, words.length);
            MemorySegment state = SchedCalls.callState(arena);
            if ((int) SchedCalls.SetAffinity.H.invokeExact(state, 0, (long) SET_BYTES, mask) != 0) {
                int errno = SchedCalls.errno(state);
                if (errno == SchedCalls.EINVAL) {
                    throw new IllegalArgumentException("cannot run thread " + SchedCalls.tid() + " on CPUs " + cpus
                                    + ": none of them is online and in this process's cpuset (the thread runs on " + allowed + " now)");
                }
                if (errno == SchedCalls.EPERM) {
                    throw new SecurityException("the kernel refused to set thread " + SchedCalls.tid() + "'s CPUs to " + cpus + " (EPERM)");
                }
                throw new IllegalStateException("sched_setaffinity(thread " + SchedCalls.tid() + ", " + cpus + ") failed: errno " + errno);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
