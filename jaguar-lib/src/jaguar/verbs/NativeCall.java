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

/**
 * One control-path C function of libibverbs or librdmacm, called with errno captured, so that a
 * failure becomes a {@link VerbsException} naming the call and the errno. Not for the data path:
 * each call boxes its arguments and allocates the capture state.
 */
final class NativeCall {
    private static final StructLayout STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private final String name;
    private final MethodHandle handle;
    private final String unavailable;

    private NativeCall(String name, MethodHandle handle, String unavailable) {
        this.name = name;
        this.handle = handle;
        this.unavailable = unavailable;
    }

    static NativeCall of(String name, MemorySegment symbol, FunctionDescriptor descriptor) {
        return new NativeCall(name, Linker.nativeLinker().downcallHandle(symbol, descriptor, Linker.Option.captureCallState("errno")), null);
    }

    /** A function this host lacks: every call throws a {@link NoRdmaDeviceException} with {@code why}. */
    static NativeCall unavailable(String name, String why) {
        return new NativeCall(name, null, why);
    }

    String name() {
        return name;
    }

    /** Calls a function that returns a pointer, NULL with errno set on failure. */
    MemorySegment pointer(String detail, Object... args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(STATE);
            MemorySegment p = (MemorySegment) invoke(state, args);
            if (p.equals(MemorySegment.NULL)) {
                throw new VerbsException(name, errno(state), detail);
            }
            return p;
        }
    }

    /**
     * Calls a function that returns 0 on success and, on failure, either a positive errno (the
     * libibverbs convention) or -1 with errno set (librdmacm's).
     */
    void status(String detail, Object... args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(STATE);
            int rc = (int) invoke(state, args);
            if (rc != 0) {
                throw new VerbsException(name, rc > 0 ? rc : errno(state), detail);
            }
        }
    }

    /** Calls a function that returns an int that callers interpret; -1 means failure with errno set. */
    int intResult(String detail, Object... args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(STATE);
            int rc = (int) invoke(state, args);
            if (rc < 0) {
                throw new VerbsException(name, rc == -1 ? errno(state) : -rc, detail);
            }
            return rc;
        }
    }

    /** Calls a function whose result is not an error report (ibv_ack_cq_events, rdma_ack_cm_event...). */
    Object plain(Object... args) {
        try (Arena arena = Arena.ofConfined()) {
            return invoke(arena.allocate(STATE), args);
        }
    }

    private Object invoke(MemorySegment state, Object[] args) {
        if (handle == null) {
            throw new NoRdmaDeviceException(unavailable);
        }
        Object[] all = new Object[args.length + 1];
        all[0] = state;
        System.arraycopy(args, 0, all, 1, args.length);
        try {
            return handle.invokeWithArguments(all);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(name + " failed unexpectedly", t);
        }
    }

    private static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }
}
