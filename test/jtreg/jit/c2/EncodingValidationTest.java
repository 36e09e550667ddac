/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * @test
 * @summary The VM takes checked encodings only through VmMappings.install0 and validates their
 *          structure: each kind of malformed encoding is refused with an IllegalArgumentException
 *          naming the fault; 20,000 random mutations of six valid encodings, each installed on a
 *          method of its own, are refused for every class of fault the validator knows or
 *          installed; every installed one that addresses only its own region is run by a caller
 *          WhiteBox compiled with C2, and by one compiled with C1 when C1 expands it (the level
 *          checked before and after each run): no Java body runs, and C1 and C2 agree.
 * @library /lib /test/lib
 * @modules jaguar.lib/jaguar.mapping.internal:+open
 * @build jdk.test.whitebox.WhiteBox jaguar.test.Compilation
 * @run driver jdk.test.lib.helpers.ClassFileInstaller jdk.test.whitebox.WhiteBox
 * @run main/othervm/timeout=600 -Xbootclasspath/a:. -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI -Xbatch
 *      -Djaguar.mapping.strict=true EncodingValidationTest
 */

import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_String;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_long;
import static java.lang.constant.ConstantDescs.CD_void;
import static jaguar.mapping.internal.MappingEncodingDescriptor.*;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

import jaguar.mapping.CodeMappings;
import jaguar.mapping.internal.MappingEncoder;
import jaguar.test.Compilation;

public class EncodingValidationTest {
    static final int MUTATIONS = 20_000;
    static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    static final ClassDesc CODE_MAPPINGS = ClassDesc.of("jaguar.mapping.CodeMappings");

    /**
     * The validator's faults by class; a refusal whose message fits none fails the test, so a
     * new kind of refusal is classified here (and must name its fault to be).
     */
    static final Map<String, Pattern> CAUSES = new LinkedHashMap<>();
    static {
        CAUSES.put("header", Pattern.compile("shorter than its header|bad magic|encoding version|reserved header bytes|unknown flags N$"
                        + "|^N slots$|no instructions|its header describes|longer than any valid one"));
        CAUSES.put("signature", Pattern.compile("static flag does not match|encoding has N parameters|^return type code"));
        CAUSES.put("slot", Pattern.compile("^slot N has|^slot N names parameter|^slot N: parameter|has two slots|^constant slot"));
        CAUSES.put("operand", Pattern.compile("uses slot N before it is defined|: [a-z ]+ is (iN|N-bit)$|unexpected (operand|index|result)"
                        + "|address index is a bool"));
        CAUSES.put("result", Pattern.compile("bad result slot|result slot N has type code|returned value of type|has no return"
                        + "|follows return|return in a method that returns no"));
        CAUSES.put("operation", Pattern.compile("unknown op code|width code|order N|fence kind|prefetch hint|add result type code"));
        CAUSES.put("raw record", Pattern.compile("raw record|code bytes|register N|output width flag|memory flag|syscall with N operands|on a VM for another CPU"));
    }

    /** A valid encoding mutations start from, for a method of the given shape. */
    record Base(String name, String template, boolean returnsInt) {
        MethodTypeDesc desc() {
            return MethodTypeDesc.of(returnsInt ? CD_int : CD_long, CD_long, CD_int);
        }
    }

    static final List<Base> BASES = List.of(
                    new Base("load-add", "s = load.i64 [$0 + $1 + 8]; r = add s, $0; return r", false),
                    new Base("store-fence-load", "store.i32.release [$0 + 16], $1; fence.full; v = load.u16.acquire [$0 + 18]; return v", true),
                    new Base("atomics", "old = getadd.i32 [$0 + 32], $1; n = getset.i64 [$0 + 40], $0; ok = cas.i64 [$0 + 48], n, $0;"
                                    + " w = cmpxchg.i32 [$0 + 56], old, $1; r = bswap.i32 w; return r", true),
                    new Base("machine", "prefetch.t0 [$0 + $1 + 64]; sfence; t = rdtsc; pause; return t", false),
                    new Base("raw bytes", "r = x86 \"48 8D 04 37\" in(rdi=$0, rsi=$1) out(rax); return r", false),
                    new Base("syscall", "r = syscall 39; return r", false));

    /** Shapes of the targets' signatures, for CodeMappings.check. */
    static long shapeLong(long a, int b) {
        return a + b;
    }

    static int shapeInt(long a, int b) {
        return b;
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
            return r == INSTALLED ? "installed" : "already";
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) {
                return "refused: " + iae.getMessage();
            }
            throw e.getCause();
        }
    }

    static void expectRefused(String what, Method m, byte[] encoding, String fault) throws Throwable {
        String got = install(m, encoding);
        if (!got.startsWith("refused: ") || !got.contains(fault)) {
            throw new AssertionError(what + ": expected a refusal mentioning '" + fault + "', got '" + got + "'");
        }
    }

    /** A class of {@code count} static methods t0, t1, ... of {@code base}'s shape, each a Java body of its own. */
    static Class<?> targets(String name, Base base, int count) throws Exception {
        byte[] bytes = ClassFile.of().build(ClassDesc.of(name), cb -> {
            cb.withSuperclass(CD_Object);
            for (int i = 0; i < count; i++) {
                cb.withMethodBody("t" + i, base.desc(), ClassFile.ACC_STATIC, code -> {
                    code.ldc("EncodingValidationTest").invokestatic(CODE_MAPPINGS, "enterJavaBody", MethodTypeDesc.of(CD_void, CD_String));
                    if (base.returnsInt()) {
                        code.iload(2).ireturn();
                    } else {
                        code.lload(0).iload(2).i2l().ladd().lreturn();
                    }
                });
            }
        });
        return LOOKUP.ensureInitialized(LOOKUP.defineClass(bytes));
    }

    /**
     * For each target, two callers of the same shape: {@code long cN_C2(long a)} and cN_C1, each
     * summing 100 calls of the target with i = 0..99 as its int argument.
     */
    static Class<?> callers(String name, List<Method> targets) throws Exception {
        byte[] bytes = ClassFile.of().build(ClassDesc.of(name), cb -> {
            cb.withSuperclass(CD_Object);
            for (int k = 0; k < targets.size(); k++) {
                Method t = targets.get(k);
                ClassDesc owner = ClassDesc.of(t.getDeclaringClass().getName());
                boolean returnsInt = t.getReturnType() == int.class;
                MethodTypeDesc desc = MethodTypeDesc.of(returnsInt ? CD_int : CD_long, CD_long, CD_int);
                for (String tier : List.of("C2", "C1")) {
                    cb.withMethodBody("c" + k + "_" + tier, MethodTypeDesc.of(CD_long, CD_long), ClassFile.ACC_STATIC, code -> {
                        var top = code.newLabel();
                        var end = code.newLabel();
                        code.lconst_0().lstore(2).iconst_0().istore(4);
                        code.labelBinding(top).iload(4).bipush(100).if_icmpge(end);
                        code.lload(2).lload(0).iload(4).invokestatic(owner, t.getName(), desc);
                        if (returnsInt) {
                            code.i2l();
                        }
                        code.ladd().lstore(2).iinc(4, 1).goto_(top);
                        code.labelBinding(end).lload(2).lreturn();
                    });
                }
            }
        });
        return LOOKUP.ensureInitialized(LOOKUP.defineClass(bytes));
    }

    static final Set<Integer> MEMORY_OPS = Set.of(OP_LOAD, OP_STORE, OP_CAS, OP_CMPXCHG, OP_GETADD, OP_GETSET, OP_PREFETCH);
    static final Set<Integer> ATOMIC_OPS = Set.of(OP_CAS, OP_CMPXCHG, OP_GETADD, OP_GETSET);
    /** What C1 expands (doc/hotspot.md); C1 leaves the rest a call of the Java body, so its caller is not run. */
    static final Set<Integer> C1_OPS = Set.of(OP_LOAD, OP_STORE, OP_FENCE, OP_PAUSE, OP_CAS, OP_GETADD, OP_GETSET, OP_BSWAP, OP_ADD, OP_RETURN);

    static int insnAt(ByteBuffer b, int i) {
        return HEADER_LENGTH + (b.get(SLOT_COUNT_OFFSET) & 0xFF) * SLOT_LENGTH + i * INSTRUCTION_LENGTH;
    }

    static List<Integer> ops(byte[] e) {
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> ops = new ArrayList<>();
        for (int i = 0; i < (b.get(INSTRUCTION_COUNT_OFFSET) & 0xFF); i++) {
            ops.add((int) b.get(insnAt(b, i) + OP_OFFSET));
        }
        return ops;
    }

    /**
     * Whether a caller may run an installed encoding: no raw bytes or system call (the VM checks
     * their records' structure, not what the mutated bytes or numbers do), and every memory
     * operation at [$0 + ($1) + small displacement] inside the region given to it, atomics
     * aligned. A mutated displacement is a wild address: the template's meaning, not the VM's fault.
     */
    static boolean runnable(byte[] e) {
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < (b.get(INSTRUCTION_COUNT_OFFSET) & 0xFF); i++) {
            int at = insnAt(b, i);
            int op = b.get(at + OP_OFFSET);
            if (op == OP_BYTES || op == OP_SYSCALL) {
                return false;
            }
            if (!MEMORY_OPS.contains(op)) {
                continue;
            }
            int base = b.get(at + BASE_OFFSET) & 0xFF;
            int index = b.get(at + INDEX_OFFSET) & 0xFF;
            int disp = b.getInt(at + DISPLACEMENT_OFFSET);
            boolean atomic = ATOMIC_OPS.contains(op);
            int align = b.get(at + WIDTH_OFFSET) == TYPE_I64 ? 8 : 4;
            if (!isParameter(b, base, 0) || Math.abs(disp) > 1024
                            || (index != NO_SLOT && (atomic || !isParameter(b, index, 1)))
                            || (atomic && disp % align != 0)) {
                return false;
            }
        }
        return true;
    }

    static boolean isParameter(ByteBuffer b, int slot, int parameter) {
        int at = HEADER_LENGTH + slot * SLOT_LENGTH;
        return slot < (b.get(SLOT_COUNT_OFFSET) & 0xFF) && b.get(at + SLOT_KIND_OFFSET) == SLOT_PARAMETER
                        && b.get(at + SLOT_PARAMETER_OFFSET) == parameter;
    }

    static String cause(String message) {
        String normal = message.replaceAll("0x[0-9a-f]+|-?\\d+", "N");
        for (var c : CAUSES.entrySet()) {
            if (c.getValue().matcher(normal).find()) {
                return c.getKey();
            }
        }
        throw new AssertionError("a refusal of no known class: '" + message + "' (classify it in CAUSES)");
    }

    public static void main(String[] args) throws Throwable {
        Method target = EncodingValidationTest.class.getDeclaredMethod("shapeLong", long.class, int.class);
        Method other = EncodingValidationTest.class.getDeclaredMethod("main", String[].class);
        byte[] valid = MappingEncoder.encode(CodeMappings.check(target, BASES.get(0).template()));
        ByteBuffer v = ByteBuffer.wrap(valid).order(ByteOrder.LITTLE_ENDIAN);

        expectRefused("truncated", target, Arrays.copyOf(valid, 10), "shorter than its header");
        expectRefused("extra byte", target, Arrays.copyOf(valid, valid.length + 1), "its header describes");
        byte[] b = valid.clone();
        b[0] ^= 1;
        expectRefused("magic", target, b, "bad magic");
        b = valid.clone();
        b[VERSION_OFFSET] = 9;
        expectRefused("version", target, b, "version");
        expectRefused("other signature", other, valid, "parameters");
        b = valid.clone();
        b[insnAt(v, 0) + OP_OFFSET] = 99;
        expectRefused("op code", target, b, "unknown op code");
        b = valid.clone();
        b[insnAt(v, 0) + BASE_OFFSET] = (byte) 200;
        expectRefused("slot index", target, b, "before it is defined");
        expectRefused("null encoding", target, new byte[0], "shorter than its header");
        // A method keeps the first mapping it was given: the same again is "already", another refused.
        Method first = targets("EvFirst", BASES.get(0), 1).getDeclaredMethod("t0", long.class, int.class);
        String got = install(first, valid) + ", " + install(first, valid);
        if (!got.equals("installed, already")) {
            throw new AssertionError("installing the same encoding twice: " + got);
        }
        b = MappingEncoder.encode(CodeMappings.check(target, "r = add $0, 1; return r"));
        expectRefused("second mapping", first, b, "already has a different mapping");

        // Random mutations, each on a fresh method (a method keeps its first mapping, so reusing
        // one would refuse every mutation after the first accepted one for that reason alone).
        Random r = new Random(42);
        Map<String, Integer> byCause = new LinkedHashMap<>();
        CAUSES.keySet().forEach(c -> byCause.put(c, 0));
        Map<String, Integer> byMessage = new TreeMap<>();
        Map<String, int[]> perBase = new LinkedHashMap<>();
        List<Method> runnable = new ArrayList<>();
        List<byte[]> runnableEncodings = new ArrayList<>();
        int perBaseCount = MUTATIONS / BASES.size();
        for (int k = 0; k < BASES.size(); k++) {
            Base base = BASES.get(k);
            Method shape = EncodingValidationTest.class.getDeclaredMethod(base.returnsInt() ? "shapeInt" : "shapeLong", long.class, int.class);
            byte[] start = MappingEncoder.encode(CodeMappings.check(shape, base.template()));
            Class<?> holder = targets("EvTargets" + k, base, perBaseCount);
            int[] counts = new int[2];
            for (int i = 0; i < perBaseCount; i++) {
                b = start.clone();
                for (int n = 1 + r.nextInt(3); n > 0; n--) {
                    b[r.nextInt(b.length)] = (byte) r.nextInt(256);
                }
                Method m = holder.getDeclaredMethod("t" + i, long.class, int.class);
                got = install(m, b);
                if (got.startsWith("refused: ")) {
                    String message = got.substring("refused: ".length());
                    byCause.merge(cause(message), 1, Integer::sum);
                    byMessage.merge(message.replaceAll("0x[0-9a-f]+|-?\\d+", "N"), 1, Integer::sum);
                    counts[0]++;
                } else if (got.equals("installed")) {
                    counts[1]++;
                    if (runnable(b)) {
                        runnable.add(m);
                        runnableEncodings.add(b);
                    }
                } else {
                    throw new AssertionError("a fresh method answered '" + got + "'");
                }
            }
            perBase.put(base.name(), counts);
        }
        System.out.println("refusals by cause: " + byCause);
        byMessage.forEach((m, n) -> System.out.printf("  %6d  %s%n", n, m));
        perBase.forEach((name, c) -> System.out.println("base " + name + ": refused " + c[0] + ", installed " + c[1]));
        byCause.forEach((c, n) -> {
            if (n == 0) {
                throw new AssertionError("no mutation was refused for a fault of class '" + c + "'");
            }
        });

        // Every installed encoding that stays in its region runs in a caller compiled by C2 and, if
        // C1 expands all its operations, in one compiled by C1 alone: each caller checked to be at
        // its level before and after its run.
        Class<?> callers = callers("EvCallers", runnable);
        int c2Expanded = 0, c1Expanded = 0, compared = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment region = arena.allocate(8192, 64);
            long base = region.address() + 4096;
            for (int k = 0; k < runnable.size(); k++) {
                List<Integer> ops = ops(runnableEncodings.get(k));
                boolean c1Expands = C1_OPS.containsAll(ops);
                long[] digest = new long[2];
                long[] bodyRuns = new long[2];
                for (int t = 0; t < (c1Expands ? 2 : 1); t++) {
                    int level = t == 0 ? Compilation.C2 : Compilation.C1;
                    Method caller = callers.getDeclaredMethod("c" + k + "_" + (t == 0 ? "C2" : "C1"), long.class);
                    Compilation.compile(caller, level, 60);
                    region.fill((byte) 0);
                    long before = CodeMappings.javaBodyRuns();
                    long result = (long) caller.invoke(null, base);
                    bodyRuns[t] = CodeMappings.javaBodyRuns() - before;
                    Compilation.requireLevel(caller, level, "after its run");
                    digest[t] = result;
                    for (long off = 0; off < region.byteSize(); off += 8) {
                        digest[t] = digest[t] * 31 + region.get(ValueLayout.JAVA_LONG, off);
                    }
                }
                String what = "installed encoding " + k + " (" + runnable.get(k).getDeclaringClass().getName() + "." + runnable.get(k).getName()
                                + ", ops " + ops + ")";
                // The address is a parameter, never known to be zero: C2 has no reason to leave a call.
                if (bodyRuns[0] != 0) {
                    throw new AssertionError(what + ": C2's caller ran the Java body " + bodyRuns[0] + " times");
                }
                c2Expanded++;
                if (c1Expands && bodyRuns[1] != 0) {
                    throw new AssertionError(what + ": C1's caller ran the Java body " + bodyRuns[1] + " times");
                }
                if (c1Expands) {
                    c1Expanded++;
                    if (digest[0] != digest[1]) {
                        throw new AssertionError(what + ": C2 and C1 disagree: " + Long.toHexString(digest[0]) + " against "
                                        + Long.toHexString(digest[1]));
                    }
                    compared++;
                }
            }
        }
        if (c2Expanded == 0) {
            throw new AssertionError("no mutation was installed in a form a caller can run");
        }
        System.out.println(runnable.size() + " installed encodings ran: C2 expanded " + c2Expanded + ", C1 " + c1Expanded
                        + "; C1 and C2 agree on " + compared);
    }
}
