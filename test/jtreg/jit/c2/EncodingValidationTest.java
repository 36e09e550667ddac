/*
 * @test
 * @summary The VM takes checked encodings only through VmMappings.install0 and validates their
 *          structure: each kind of malformed encoding is refused with an IllegalArgumentException
 *          naming the fault, thousands of random mutations of a valid one are refused or
 *          installed without harm, and a caller of the method with whatever was installed
 *          compiles under C2 and runs without crashing the VM.
 * @library /lib
 * @modules jaguar.lib/jaguar.mapping.internal:+open
 * @run main/othervm/timeout=300 EncodingValidationTest
 */

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import jaguar.mapping.CodeMappings;
import jaguar.mapping.internal.MappingEncoder;
import jaguar.mapping.internal.MappingEncodingDescriptor;

public class EncodingValidationTest {
    static long sink;

    /** The target: no annotation, so nothing is installed for it but what this test hands over. */
    static long target(long a, int b) {
        return a + b;
    }

    static long caller(long a) {
        long s = 0;
        for (int i = 0; i < 100; i++) {
            s += target(a, i);
        }
        return s;
    }

    static final Method INSTALL;
    static {
        try {
            INSTALL = Class.forName("jaguar.mapping.internal.VmMappings").getDeclaredMethod("install0", Method.class, byte[].class);
            INSTALL.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The VM's answer: "installed", "already", or the IllegalArgumentException's message. */
    static String install(Method m, byte[] encoding) throws Throwable {
        try {
            int r = (int) INSTALL.invoke(null, m, encoding);
            return r == MappingEncodingDescriptor.INSTALLED ? "installed" : "already";
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) {
                return "refused: " + iae.getMessage();
            }
            throw e.getCause();
        }
    }

    /** Whether every memory operation of an encoding addresses [$0 + ($1) + small displacement]. */
    static boolean touchesOnlyNearBase(byte[] e) {
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        int slots = b.get(MappingEncodingDescriptor.SLOT_COUNT_OFFSET) & 0xFF;
        int insns = b.get(MappingEncodingDescriptor.INSTRUCTION_COUNT_OFFSET) & 0xFF;
        for (int i = 0; i < insns; i++) {
            int at = MappingEncodingDescriptor.HEADER_LENGTH + slots * MappingEncodingDescriptor.SLOT_LENGTH
                            + i * MappingEncodingDescriptor.INSTRUCTION_LENGTH;
            int op = b.get(at + MappingEncodingDescriptor.OP_OFFSET);
            boolean memory = op == MappingEncodingDescriptor.OP_LOAD || op == MappingEncodingDescriptor.OP_STORE
                            || (op >= MappingEncodingDescriptor.OP_CAS && op <= MappingEncodingDescriptor.OP_GETSET)
                            || op == MappingEncodingDescriptor.OP_PREFETCH;
            if (!memory) {
                continue;
            }
            int base = b.get(at + MappingEncodingDescriptor.BASE_OFFSET) & 0xFF;
            int index = b.get(at + MappingEncodingDescriptor.INDEX_OFFSET) & 0xFF;
            int disp = b.getInt(at + MappingEncodingDescriptor.DISPLACEMENT_OFFSET);
            boolean baseIsA = isParameter(b, base, 0);
            boolean indexOk = index == MappingEncodingDescriptor.NO_SLOT || isParameter(b, index, 1);
            if (!baseIsA || !indexOk || Math.abs(disp) > 1024) {
                return false;
            }
        }
        return true;
    }

    static boolean isParameter(ByteBuffer b, int slot, int parameter) {
        int at = MappingEncodingDescriptor.HEADER_LENGTH + slot * MappingEncodingDescriptor.SLOT_LENGTH;
        return slot < (b.get(MappingEncodingDescriptor.SLOT_COUNT_OFFSET) & 0xFF)
                        && b.get(at + MappingEncodingDescriptor.SLOT_KIND_OFFSET) == MappingEncodingDescriptor.SLOT_PARAMETER
                        && b.get(at + MappingEncodingDescriptor.SLOT_PARAMETER_OFFSET) == parameter;
    }

    static void expectRefused(String what, Method m, byte[] encoding, String fault) throws Throwable {
        String got = install(m, encoding);
        if (!got.startsWith("refused: ") || !got.contains(fault)) {
            throw new AssertionError(what + ": expected a refusal mentioning '" + fault + "', got '" + got + "'");
        }
    }

    public static void main(String[] args) throws Throwable {
        Method target = EncodingValidationTest.class.getDeclaredMethod("target", long.class, int.class);
        Method other = EncodingValidationTest.class.getDeclaredMethod("caller", long.class);
        byte[] valid = MappingEncoder.encode(CodeMappings.check(target, "s = load.i64 [$0 + $1 + 8]; r = add s, $0; return r"));
        ByteBuffer v = ByteBuffer.wrap(valid).order(ByteOrder.LITTLE_ENDIAN);

        expectRefused("truncated", target, java.util.Arrays.copyOf(valid, 10), "shorter than its header");
        expectRefused("extra byte", target, java.util.Arrays.copyOf(valid, valid.length + 1), "its header describes");
        byte[] b = valid.clone();
        b[0] ^= 1;
        expectRefused("magic", target, b, "bad magic");
        b = valid.clone();
        b[MappingEncodingDescriptor.VERSION_OFFSET] = 9;
        expectRefused("version", target, b, "version");
        expectRefused("other signature", other, valid, "parameters");
        b = valid.clone();
        int firstInsn = MappingEncodingDescriptor.HEADER_LENGTH + (v.get(MappingEncodingDescriptor.SLOT_COUNT_OFFSET) & 0xFF)
                        * MappingEncodingDescriptor.SLOT_LENGTH;
        b[firstInsn + MappingEncodingDescriptor.OP_OFFSET] = 99;
        expectRefused("op code", target, b, "unknown op code");
        b = valid.clone();
        b[firstInsn + MappingEncodingDescriptor.BASE_OFFSET] = (byte) 200;
        expectRefused("slot index", target, b, "before it is defined");
        expectRefused("null encoding", target, new byte[0], "shorter than its header");

        // Random mutations: refused, or installed (then the method keeps it), never a crash.
        Random r = new Random(42);
        int refused = 0, accepted = 0;
        byte[] installed = null;
        for (int i = 0; i < 20_000; i++) {
            b = valid.clone();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            }
            String got = install(target, b);
            if (got.startsWith("refused: ")) {
                refused++;
            } else {
                accepted++;
                installed = installed == null ? b : installed;
            }
        }
        if (refused == 0) {
            throw new AssertionError("no mutation was refused");
        }
        // What the VM kept for target, C2 compiles into its caller without harm. The caller runs
        // it only if its memory operations stay inside the region given to it: a mutated
        // displacement is a wild address, which is the template's meaning, not the VM's fault.
        boolean ran = false;
        if (installed == null || touchesOnlyNearBase(installed)) {
            try (var arena = java.lang.foreign.Arena.ofConfined()) {
                long base = arena.allocate(8192, 8).address();
                for (int i = 0; i < 20_000; i++) {
                    sink += caller(base + 4096);
                }
            }
            ran = true;
        }
        System.out.println("refused " + refused + " mutations, accepted " + accepted + "; caller "
                        + (ran ? "compiled and ran" : "not run: the kept encoding addresses far memory"));
    }
}
