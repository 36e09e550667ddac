/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * Sleeping on a 32-bit word of an External Object until another thread, in this process or one
 * that maps the same shared memory, changes it and wakes the sleepers: Linux's futex(2), through
 * FFM's call of libc's {@code syscall}. The words are checked as every External Object access is:
 * inside the buffer, aligned, and the buffer alive for the call.
 *
 * <p>The waiter's side: read the word, decide to sleep, {@link #await} with the value read; the
 * kernel compares the word with it atomically with going to sleep, so a change made between the
 * read and the sleep is never missed. The waker's side: change the word, then {@link #wake}.
 * Futexes are not private: sleepers in other processes on the same shared page are woken.
 */
public final class Futex {
    private static final int FUTEX_WAIT = 0;
    private static final int FUTEX_WAKE = 1;
    private static final int EAGAIN = 11, EINTR = 4, ETIMEDOUT = 110;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    /** syscall(2)'s number of futex on this machine. */
    private static final long SYS_FUTEX = switch (System.getProperty("os.arch")) {
        case "amd64", "x86_64" -> 202;
        case "aarch64" -> 98;
        default -> -1;
    };
    /** long syscall(long number, ...): the futex's arguments are variadic. */
    private static final MethodHandle SYSCALL = LINKER.downcallHandle(LINKER.defaultLookup().findOrThrow("syscall"),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT),
                    Linker.Option.captureCallState("errno"), Linker.Option.firstVariadicArg(1));
    private static final StructLayout TIMESPEC = MemoryLayout.structLayout(ValueLayout.JAVA_LONG.withName("sec"), ValueLayout.JAVA_LONG.withName("nsec"));

    private Futex() {
    }

    /**
     * Sleeps while the u32 at {@code offset} of {@code buffer} holds {@code expected}, at most
     * {@code timeoutNanos}, until a {@link #wake} on it. Blocks the calling thread in the kernel
     * (a virtual thread pins its carrier meanwhile).
     *
     * @param buffer the buffer holding the word; it need not be writable
     * @param offset byte offset of the word in {@code buffer}; the word's address must be a multiple
     *               of 4
     * @param expected the value last read from the word: the call returns at once if the word no
     *                 longer holds it
     * @param timeoutNanos longest sleep in nanoseconds; 0 or negative returns at once (after the
     *                     comparison)
     * @return false if the time ran out; true if woken, or the word did not hold {@code expected}
     *         (a signal can also end the sleep early: callers look at what they wait for again)
     * @throws IllegalArgumentException if the word is outside the buffer or not aligned to 4 bytes
     * @throws IllegalStateException if the buffer is closed, or futex(2) fails otherwise (the
     *         message carries errno)
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws UnsupportedOperationException on a processor whose futex syscall number Jaguar does not
     *         know (only x86-64 and AArch64 are)
     */
    public static boolean await(ExternalBuffer buffer, long offset, int expected, long timeoutNanos) {
        long address = word(buffer, offset);
        checkMachine();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            MemorySegment timeout = arena.allocate(TIMESPEC);
            long t = Math.max(0, timeoutNanos);
            timeout.set(ValueLayout.JAVA_LONG, 0, t / 1_000_000_000L);
            timeout.set(ValueLayout.JAVA_LONG, 8, t % 1_000_000_000L);
            long r = (long) SYSCALL.invokeExact(state, SYS_FUTEX, address, FUTEX_WAIT, expected, timeout, 0L, 0);
            if (r == 0) {
                return true;
            }
            int errno = (int) ERRNO.get(state, 0L);
            return switch (errno) {
                case EAGAIN, EINTR -> true;
                case ETIMEDOUT -> false;
                default -> throw new IllegalStateException("futex wait on " + buffer + " at " + offset + " failed: errno " + errno);
            };
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    /**
     * Wakes at most {@code count} sleepers on the u32 at {@code offset} of {@code buffer}, in this
     * process and in others that map the same memory. Change the word before calling it.
     *
     * @param buffer the buffer holding the word
     * @param offset byte offset of the word in {@code buffer}; the word's address must be a multiple
     *               of 4
     * @param count most sleepers to wake; {@code Integer.MAX_VALUE} wakes them all
     * @return how many were woken (0 if none slept on the word)
     * @throws IllegalArgumentException if the word is outside the buffer or not aligned to 4 bytes
     * @throws IllegalStateException if the buffer is closed, or futex(2) fails (the message
     *         carries errno)
     * @throws WrongThreadException if the buffer is confined to another thread
     * @throws UnsupportedOperationException on a processor whose futex syscall number Jaguar does not
     *         know (only x86-64 and AArch64 are)
     */
    public static int wake(ExternalBuffer buffer, long offset, int count) {
        long address = word(buffer, offset);
        checkMachine();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            long r = (long) SYSCALL.invokeExact(state, SYS_FUTEX, address, FUTEX_WAKE, count, MemorySegment.NULL, 0L, 0);
            if (r < 0) {
                throw new IllegalStateException("futex wake on " + buffer + " at " + offset + " failed: errno " + (int) ERRNO.get(state, 0L));
            }
            return (int) r;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    private static long word(ExternalBuffer buffer, long offset) {
        buffer.checkAccessible();
        if (offset < 0 || offset > buffer.size() - 4) {
            throw new IllegalArgumentException("futex word at " + offset + " is outside " + buffer + " (" + buffer.size() + " bytes)");
        }
        long address = buffer.address() + offset;
        if ((address & 3) != 0) {
            throw new IllegalArgumentException("futex word at " + offset + " of " + buffer + " is not aligned to 4 bytes");
        }
        return address;
    }

    private static void checkMachine() {
        if (SYS_FUTEX < 0) {
            throw new UnsupportedOperationException("futex: no syscall number known for " + System.getProperty("os.arch"));
        }
    }
}
