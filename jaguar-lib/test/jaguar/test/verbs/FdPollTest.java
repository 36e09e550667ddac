/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;

import jaguar.verbs.VerbsException;
import org.junit.jupiter.api.Test;

/**
 * The wait on an rdma_cm channel's descriptor (jaguar.verbs.FdPoll, package-private: reached
 * through the --add-opens make test-lib passes), on a pipe's: readable, timed out, a descriptor
 * that is not open, and a poll(2) that fails for good, which must end in an exception naming
 * errno, not a loop that polls for ever.
 */
class FdPollTest {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle PIPE = libc("pipe", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle WRITE = libc("write", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle CLOSE = libc("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final MethodHandle GETRLIMIT = libc("getrlimit", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle SETRLIMIT = libc("setrlimit", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS));
    private static final int RLIMIT_NOFILE = 7;

    private static MethodHandle libc(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), d);
    }

    private static boolean readable(int fd, long millis) throws Throwable {
        Method m = Class.forName("jaguar.verbs.FdPoll").getDeclaredMethod("readable", int.class, long.class, String.class);
        m.setAccessible(true);
        try {
            return (boolean) m.invoke(null, fd, millis, "test channel");
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A new pipe: its read and write descriptors. */
    private static int[] pipe(Arena arena) throws Throwable {
        MemorySegment fds = arena.allocate(JAVA_INT, 2);
        assertEquals(0, (int) PIPE.invokeExact(fds));
        return fds.toArray(JAVA_INT);
    }

    @Test
    void readableTimedOutAndClosedDescriptors() throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            int[] pipe = pipe(arena);
            int read = pipe[0], write = pipe[1];
            assertFalse(readable(read, 0), "an empty pipe is not readable now");
            long start = System.nanoTime();
            assertFalse(readable(read, 100), "nor within 100 ms");
            assertTrue(System.nanoTime() - start >= 90_000_000L, "the wait lasted its time");
            assertEquals(1L, (long) WRITE.invokeExact(write, arena.allocate(JAVA_BYTE), 1L));
            assertTrue(readable(read, 1000));
            assertEquals(0, (int) CLOSE.invokeExact(read));
            assertEquals(0, (int) CLOSE.invokeExact(write));
            VerbsException closed = assertThrows(VerbsException.class, () -> readable(read, 1000));
            assertTrue(closed.getMessage().startsWith("poll(test channel: descriptor " + read + " is not open): EBADF"), closed.getMessage());
        }
    }

    /** poll(2) with more descriptors than RLIMIT_NOFILE allows fails with EINVAL at every try. */
    @Test
    void aPollThatFailsForGoodIsAnErrorNotAnEndlessLoop() throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            int[] pipe = pipe(arena);
            int read = pipe[0], write = pipe[1];
            MemorySegment limit = arena.allocate(JAVA_LONG, 2), none = arena.allocate(JAVA_LONG, 2);
            assertEquals(0, (int) GETRLIMIT.invokeExact(RLIMIT_NOFILE, limit));
            none.setAtIndex(JAVA_LONG, 1, limit.getAtIndex(JAVA_LONG, 1));   // soft 0, hard as it was
            Class.forName("jaguar.verbs.FdPoll");   // loaded (its jar opened) before the limit drops
            readable(read, 0);
            Throwable failed;
            try {
                assertEquals(0, (int) SETRLIMIT.invokeExact(RLIMIT_NOFILE, none));
                failed = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(VerbsException.class, () -> readable(read, 1000)),
                                "poll(2) failing with EINVAL was retried for ever");
            } finally {
                assertEquals(0, (int) SETRLIMIT.invokeExact(RLIMIT_NOFILE, limit));
                assertEquals(0, (int) CLOSE.invokeExact(read) | (int) CLOSE.invokeExact(write));
            }
            assertTrue(failed.getMessage().startsWith("poll(test channel): EINVAL (22,"), failed.getMessage());
        }
    }
}
