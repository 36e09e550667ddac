/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * Waits, with a deadline, for a file descriptor of the binding's (an rdma_cm channel's) to become
 * readable: poll(2) with errno captured, so a signal (EINTR) polls again for the time left and any
 * other failure, or a descriptor poll reports invalid or failed, is an exception naming it instead
 * of a loop that never ends or a read that blocks for ever.
 */
final class FdPoll {
    private FdPoll() {}

    private static final StructLayout STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle POLL = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("poll").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), Linker.Option.captureCallState("errno"));
    private static final short POLLIN = 0x1, POLLERR = 0x8, POLLHUP = 0x10, POLLNVAL = 0x20;

    /**
     * Whether {@code fd} becomes readable within {@code millis} (0: now, without waiting).
     *
     * @param fd the descriptor
     * @param millis how long to wait, at least 0
     * @param what what the wait is for, named in an error
     * @return true if it is readable, false if the time ran out first
     * @throws VerbsException if poll(2) fails other than by EINTR, or says the descriptor is not
     *         open (POLLNVAL) or failed (POLLERR, POLLHUP without data)
     */
    static boolean readable(int fd, long millis, String what) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(STATE);
            MemorySegment pfd = arena.allocate(8, 4);   // struct pollfd { int fd; short events, revents; }
            pfd.set(JAVA_INT, 0, fd);
            pfd.set(JAVA_SHORT, 4, POLLIN);
            long deadline = System.nanoTime() + millis * 1_000_000L;
            while (true) {
                long left = Math.max(0, (deadline - System.nanoTime()) / 1_000_000L);
                int n = (int) POLL.invokeExact(state, pfd, 1L, (int) Math.min(left, Integer.MAX_VALUE));
                if (n > 0) {
                    short revents = pfd.get(JAVA_SHORT, 6);
                    if ((revents & POLLNVAL) != 0) {
                        throw new VerbsException("poll", Errno.EBADF, what + ": descriptor " + fd + " is not open");
                    }
                    if ((revents & POLLIN) == 0 && (revents & (POLLERR | POLLHUP)) != 0) {
                        throw new VerbsException("poll", what + ": descriptor " + fd + " failed (revents 0x" + Integer.toHexString(revents) + ")");
                    }
                    return true;
                }
                if (n < 0) {
                    int errno = (int) ERRNO.get(state, 0L);
                    if (errno != Errno.EINTR) {
                        throw new VerbsException("poll", errno, what);
                    }
                } else if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("poll(2) for " + what + " failed unexpectedly", t);
        }
    }
}
