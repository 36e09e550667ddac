/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * FFM downcall handles to bench/native/functions.c, plain and with Linker.Option.critical(false)
 * (no thread-state transition, heap access not allowed). They sit in static final fields because
 * only constant handles are inlined into their callers (see FEASIBILITY.md section 2). Pointers
 * are passed as JAVA_LONG addresses so no MemorySegment is materialised per call.
 */
public final class FfmLib {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = SymbolLookup.libraryLookup(BenchLibrary.PATH, Arena.global());

    private static final FunctionDescriptor VOID = FunctionDescriptor.ofVoid();
    private static final FunctionDescriptor INT_INT = FunctionDescriptor.of(JAVA_INT, JAVA_INT);
    private static final FunctionDescriptor INT_4INT = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT);
    private static final FunctionDescriptor LONG_LONG = FunctionDescriptor.of(JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor VOID_LONG_LONG = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor INT_LONG_LONG = FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG);
    private static final FunctionDescriptor VOID_LONG_LONG_INT = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_LONG, JAVA_INT);

    public static final MethodHandle NOOP = plain("jb_noop", VOID);
    public static final MethodHandle INC = plain("jb_inc", INT_INT);
    public static final MethodHandle SUM4 = plain("jb_sum4", INT_4INT);
    public static final MethodHandle LOAD8 = plain("jb_load8", LONG_LONG);
    public static final MethodHandle STORE8 = plain("jb_store8", VOID_LONG_LONG);
    public static final MethodHandle GET_INT = plain("jb_get_int", INT_LONG_LONG);
    public static final MethodHandle PUT_INT = plain("jb_put_int", VOID_LONG_LONG_INT);

    public static final MethodHandle NOOP_CRITICAL = critical("jb_noop", VOID);
    public static final MethodHandle INC_CRITICAL = critical("jb_inc", INT_INT);
    public static final MethodHandle SUM4_CRITICAL = critical("jb_sum4", INT_4INT);
    public static final MethodHandle LOAD8_CRITICAL = critical("jb_load8", LONG_LONG);
    public static final MethodHandle STORE8_CRITICAL = critical("jb_store8", VOID_LONG_LONG);
    public static final MethodHandle GET_INT_CRITICAL = critical("jb_get_int", INT_LONG_LONG);
    public static final MethodHandle PUT_INT_CRITICAL = critical("jb_put_int", VOID_LONG_LONG_INT);

    private FfmLib() {
    }

    private static MethodHandle plain(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(LIB.findOrThrow(name), fd);
    }

    private static MethodHandle critical(String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(LIB.findOrThrow(name), fd, Linker.Option.critical(false));
    }
}
