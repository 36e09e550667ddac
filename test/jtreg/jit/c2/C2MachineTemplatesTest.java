/*
 * @test
 * @summary C2 expands the templates it has no ideal node for (rdtsc, sfence, prefetch with
 *          every hint and address form, syscall with up to six arguments, raw x86 bytes) as
 *          hand-written machine nodes: once compiled no Java body runs, the counter moves
 *          forward, system calls return the kernel's answers, and values live across the
 *          templates survive register allocation (rdtsc destroys rdx; syscall rcx and r11; the
 *          raw bytes rcx, by the verifier's write set; all of them the flags).
 * @library /lib
 * @modules jaguar.lib/jaguar.memory
 * @build jaguar.test.Warmup
 * @run main/othervm -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,C2MachineTemplatesTest::round C2MachineTemplatesTest
 * @run main/othervm -XX:-TieredCompilation -Djaguar.mapping.strict=true
 *      -XX:CompileCommand=quiet -XX:CompileCommand=dontinline,C2MachineTemplatesTest::round C2MachineTemplatesTest
 */

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.memory.NativeMemory;
import jaguar.test.Warmup;

public class C2MachineTemplatesTest {
    static final int N = 64;

    @CodeMapping("prefetch.nta [$0 + $1 + 64]")
    static void prefetchNta(long base, int offset) {
        CodeMappings.enterJavaBody("prefetchNta");
    }

    @CodeMapping("prefetch.w [$0 + $1]")
    static void prefetchForWrite(long base, long offset) {
        CodeMappings.enterJavaBody("prefetchForWrite");
    }

    @CodeMapping("prefetch.t1 [$0]; prefetch.t2 [$0 - 128]")
    static void prefetchLevels(long address) {
        CodeMappings.enterJavaBody("prefetchLevels");
    }

    static final long PID = ProcessHandle.current().pid();

    @CodeMapping("r = syscall 39; return r")
    static long getpid() {
        CodeMappings.enterJavaBody("getpid");
        return PID;
    }

    /** pread64(fd, buffer, count, offset): the offset goes in r10; fd -1 answers -EBADF. */
    @CodeMapping("r = syscall 17, $0, $1, $2, $3; return r")
    static long pread(long fd, long buffer, long count, long offset) {
        CodeMappings.enterJavaBody("pread");
        return fd < 0 ? -9 : Long.MIN_VALUE;
    }

    /** An anonymous mmap with neither MAP_SHARED nor MAP_PRIVATE: the kernel answers -EINVAL, maps nothing. */
    @CodeMapping("r = syscall 9, $0, $1, $2, $3, $4, $5; return r")
    static long mmap(long address, long length, long protection, long flags, long fd, long offset) {
        CodeMappings.enterJavaBody("mmap");
        return (flags & 0x23) == 0x20 ? -22 : Long.MIN_VALUE;
    }

    /** lea rax, [rdi + rsi]; mov rcx, rax; add rcx, rcx; xor rax, rcx: raw bytes writing rax and rcx. */
    @CodeMapping("r = x86 \"48 8D 04 37 48 89 C1 48 01 C9 48 31 C8\" in(rdi=$0, rsi=$1) out(rax) clobber(rcx); return r")
    static long mix(long a, long b) {
        CodeMappings.enterJavaBody("mix");
        long s = a + b;
        return s ^ (2 * s);
    }

    /** Twelve values live across every template: a clobbered register would change the sum. */
    static long round(long base, long a, long b, long c, long d, long e, long f) {
        long g = a * 3, h = b * 5, i = c * 7, j = d * 11, k = e * 13, l = f * 17;
        long before = NativeMemory.timestampCounter();
        long sum = 0;
        boolean forward = true;
        for (int n = 0; n < N; n++) {
            prefetchNta(base, n * 8);
            prefetchForWrite(base, n * 8L);
            prefetchLevels(base + 4096);
            NativeMemory.prefetch(base + n);
            NativeMemory.putLong(base + 8L * n, a + b * n);
            NativeMemory.writeCombiningFence();
            long t = NativeMemory.timestampCounter();
            forward &= t >= before;
            before = t;
            sum += NativeMemory.getLong(base + 8L * n) + a + b + c + d + e + f + g + h + i + j + k + l;
            // Each adds zero when the kernel answered as expected.
            sum += (getpid() - PID) + (pread(-1, base, 8, n) + 9) + (mmap(0, 4096, 1, 0x20, -1, 0) + 22);
            long s = a + n + b;
            sum += mix(a + n, b) - (s ^ (2 * s));
        }
        return forward ? sum : -sum;
    }

    static long expected(long a, long b, long c, long d, long e, long f) {
        long g = a * 3, h = b * 5, i = c * 7, j = d * 11, k = e * 13, l = f * 17;
        long sum = 0;
        for (int n = 0; n < N; n++) {
            sum += a + b * n + a + b + c + d + e + f + g + h + i + j + k + l;
        }
        return sum;
    }

    public static void main(String[] args) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mem = arena.allocate(8192, 64);
            long base = mem.address() + 256;
            long[] seed = {1};
            Warmup.untilMapped(() -> round(base, seed[0]++, 2, 3, 4, 5, 6), 120);
            CodeMappings.setStrict(true);
            for (long s = 1; s < 2000; s += 37) {
                long got = round(base, s, s * 2, s ^ 5, 7 - s, s << 3, s * s);
                long want = expected(s, s * 2, s ^ 5, 7 - s, s << 3, s * s);
                if (got != want) {
                    throw new AssertionError("seed " + s + ": compiled " + got + ", expected " + want
                                    + (got == -want ? " (rdtsc went backwards)" : " (a live value was clobbered)"));
                }
            }
        }
        System.out.println("C2 ran rdtsc, sfence, prefetch, syscall and raw bytes as templates; live values intact");
    }
}
