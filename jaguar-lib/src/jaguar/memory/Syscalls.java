/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * System calls that may block, made through an FFM downcall that leaves the thread in native
 * state while the kernel has it: a {@code syscall} template runs in Java thread state and may
 * only make calls that cannot block (jaguar.mapping.template.NonBlockingSyscalls). Results are
 * the kernel's: a count, or -errno; errno is never set. Not exported.
 */
public final class Syscalls {
    /** mov eax, 1 (SYS_write); syscall; ret: the System V arguments are already the syscall's. */
    private static final MethodHandle WRITE = ExecutableStub.linkMayBlock(
            new byte[] {(byte) 0xB8, 0x01, 0x00, 0x00, 0x00, 0x0F, 0x05, (byte) 0xC3},
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));

    private Syscalls() {
    }

    /** write(fd, buffer, length): bytes written, or -errno. */
    public static long write(long fd, long buffer, long length) {
        try {
            return (long) WRITE.invokeExact(fd, buffer, length);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
