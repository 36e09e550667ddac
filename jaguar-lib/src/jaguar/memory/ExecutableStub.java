/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.memory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * A few bytes of x86-64 code in an executable page, callable through an FFM downcall. This is how
 * the Java body of a mapping whose template is raw machine code (rdtsc, sfence) does exactly what
 * the template does in the interpreter and C1. The code must follow the System V calling
 * convention (result in rax, only caller-saved registers touched) and end in {@code ret}.
 * Public for the other packages of this module (jaguar.memory is not exported).
 */
public final class ExecutableStub {
    private static final int PROT_READ = 1, PROT_WRITE = 2, PROT_EXEC = 4;
    private static final int MAP_PRIVATE = 0x02, MAP_ANONYMOUS = 0x20;
    private static final long PAGE = 4096;

    private ExecutableStub() {
    }

    /**
     * Maps {@code code} executable (never freed: stubs live as long as the VM) and links it as a
     * critical downcall: the thread stays in Java state, as in a template, so the code must
     * return promptly.
     */
    public static MethodHandle link(byte[] code, FunctionDescriptor type) {
        return link(code, type, Linker.Option.critical(false));
    }

    /** As {@link #link(byte[], FunctionDescriptor)} for code that may block: the thread is in native state while it runs. */
    public static MethodHandle linkMayBlock(byte[] code, FunctionDescriptor type) {
        return link(code, type, new Linker.Option[0]);
    }

    private static MethodHandle link(byte[] code, FunctionDescriptor type, Linker.Option... options) {
        if (code.length > PAGE) {
            throw new IllegalArgumentException("stub of " + code.length + " bytes exceeds one page");
        }
        Linker linker = Linker.nativeLinker();
        try {
            MethodHandle mmap = linker.downcallHandle(linker.defaultLookup().findOrThrow("mmap"),
                            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
            MethodHandle mprotect = linker.downcallHandle(linker.defaultLookup().findOrThrow("mprotect"),
                            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
            MemorySegment page = (MemorySegment) mmap.invokeExact(MemorySegment.NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
            if (page.address() == -1L) {
                throw new IllegalStateException("mmap of an executable stub page failed");
            }
            MemorySegment.copy(MemorySegment.ofArray(code), 0, page.reinterpret(PAGE, Arena.global(), null), 0, code.length);
            if ((int) mprotect.invokeExact(page, PAGE, PROT_READ | PROT_EXEC) != 0) {
                throw new IllegalStateException("mprotect(PROT_EXEC) of a stub page failed (is W^X enforced?)");
            }
            return linker.downcallHandle(page, type, options);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot create executable stub", t);
        }
    }
}
