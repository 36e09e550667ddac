package jaguar.memory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;

/**
 * System calls as code mappings: the JIT inlines the {@code syscall} instruction itself, with no
 * libc, no call and no thread-state change (like a critical FFM downcall, so only for calls that
 * return promptly: a safepoint waits for them). The Java bodies run the same instruction from a
 * stub. Results are the kernel's: a count, or -errno; errno is never set. Not exported.
 */
public final class Syscalls {
    /** mov eax, 1 (SYS_write); syscall; ret: the System V arguments are already the syscall's. */
    private static final MethodHandle WRITE = ExecutableStub.link(
            new byte[] {(byte) 0xB8, 0x01, 0x00, 0x00, 0x00, 0x0F, 0x05, (byte) 0xC3},
            FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));

    static {
        CodeMappings.register(Syscalls.class);
    }

    private Syscalls() {
    }

    /** write(fd, buffer, length): bytes written, or -errno. */
    @CodeMapping("r = syscall 1, $0, $1, $2\nreturn r")
    public static long write(long fd, long buffer, long length) {
        CodeMappings.enterJavaBody("Syscalls.write");
        try {
            return (long) WRITE.invokeExact(fd, buffer, length);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }
}
