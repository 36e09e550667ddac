/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import jaguar.mapping.template.Instruction;
import jaguar.mapping.template.MethodSignature;
import jaguar.mapping.template.Template;
import jaguar.mapping.template.TemplateException;
import jaguar.mapping.template.X86Register;
import jaguar.mapping.x86.RawByteVerifier;
import jaguar.mapping.x86.RawBytesRefused;
import jaguar.mapping.x86.X86DecodeException;
import jaguar.mapping.x86.X86Decoder;
import jaguar.mapping.x86.X86Instruction;
import jaguar.test.ChildJvm;

/**
 * The raw byte fuzzing campaign (doc/code-mappings.md, "Raw bytes"; RawByteFuzzTest says what is
 * checked). Candidates come from {@link RawByteCandidates}; each accepted template's declarations
 * are derived from the verifier (its memory registers as inputs, its write set as output and
 * clobbers), so that what is checked is the verifier's own claims.
 */
final class RawByteFuzz {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();
    /** The registers a template may name (X86Register), as a mask. */
    private static final int NAMEABLE = maskOf(List.of(X86Register.values()));
    /** Instructions whose results differ from run to run: checked natively, not in the JIT comparison. */
    private static final Set<String> NONDETERMINISTIC = Set.of("rdtsc", "rdtscp", "rdrand", "rdseed", "cpuid");
    /** The interpreter first (the Java bodies), then C2, C1 and C2 compiling everything. */
    private static final List<List<String>> JVM_CONFIGURATIONS = List.of(List.of("-Xint"), List.of("-XX:-TieredCompilation", "-Xbatch"),
            List.of("-XX:TieredStopAtLevel=1", "-Xbatch"), List.of("-Xcomp", "-XX:-TieredCompilation"));
    /** Templates per generated class in the JIT comparison. */
    private static final int JIT_BATCH = 100;
    /**
     * Registers capstone 4 lists as written where the manuals say the instruction leaves them
     * alone: cwd/cdq/cqo write only rdx (LLVM's tables, which capstone's are generated from,
     * name AX among their defs), and test al, imm8 writes nothing. The native run still checks
     * that these registers keep their sentinels.
     */
    private static final Map<String, Integer> CAPSTONE_OVERSTATES = Map.of("cwd/cdq/cqo", 1, "test", 1);

    /** What capstone and the native run said of a template that ran clean. */
    record NativeResult(int reads, boolean flagsIn) {
    }
    /** Where the JIT comparison's templates find memory: a fixed address, so results do not depend on where it lands. */
    static final long BUFFER_ADDRESS = 0x3F0000000000L, BUFFER_SIZE = 1 << 20;

    /** One accepted template and what the campaign learned of it. */
    record Accepted(byte[] code, int inputs, int indexOnly, X86Register output, int writes, List<Integer> lengths,
            List<String> mnemonics, String text) {
        String hex() {
            return HEX.formatHex(code);
        }
    }

    /** The campaign's counts and findings; findings are what fails the test. */
    static final class Report {
        int candidates, accepted, refused, declarationChecks, harnessOk, harnessFaults, jitTemplates, jitRuns;
        final Map<String, Integer> refusals = new TreeMap<>();
        final Set<String> mnemonicsAccepted = new java.util.TreeSet<>();
        final List<String> findings = new ArrayList<>();

        void assertClean() {
            if (!findings.isEmpty()) {
                throw new AssertionError(findings.size() + " finding(s):\n  " + String.join("\n  ", findings));
            }
            if (accepted == 0 || harnessOk == 0 || jitTemplates == 0) {
                throw new AssertionError("the campaign checked nothing: " + this);
            }
        }

        @Override
        public String toString() {
            return String.format("""
                    raw byte fuzzing: %d candidates, %d accepted (%d distinct mnemonics), %d refused
                      declarations cross-checked through the template checker: %d
                      native harness: %d ran clean, %d memory faults (scratch page not covering the access; not the register contract)
                      JIT comparison: %d templates (%d JVM runs), each under C2, C1 and -Xcomp against the interpreter
                      refusals by reason: %s
                      mnemonics accepted: %s
                      findings: %d (JVM crashes, disagreements with capstone, registers changed outside the write set, JIT results unlike the Java body)""",
                    candidates, accepted, mnemonicsAccepted.size(), refused, declarationChecks, harnessOk, harnessFaults,
                    jitTemplates, jitRuns, refusals, mnemonicsAccepted, findings.size());
        }
    }

    private RawByteFuzz() {
    }

    /**
     * Runs the campaign: {@code candidates} beyond the corpus, up to {@code jitTemplates} of the
     * accepted ones compared under the JITs; {@code newCorpus}, if not null, receives every distinct
     * accepted template.
     */
    static Report run(int candidates, long seed, int jitTemplates, Path newCorpus) throws Exception {
        Report report = new Report();
        List<byte[]> corpus = readCorpus();
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        RawByteCandidates gen = new RawByteCandidates(seed, corpus);
        Map<String, Accepted> accepted = new java.util.LinkedHashMap<>();
        for (int i = 0; i < corpus.size() + candidates; i++) {
            byte[] code = i < corpus.size() ? corpus.get(i) : gen.next();
            report.candidates++;
            Accepted a = judge(code, rnd, report);
            if (a != null) {
                report.accepted++;
                accepted.putIfAbsent(a.hex(), a);
                report.mnemonicsAccepted.addAll(a.mnemonics());
            } else {
                report.refused++;
            }
        }
        List<Accepted> distinct = new ArrayList<>(accepted.values());
        Map<String, NativeResult> clean = runNatively(distinct, report);
        List<Accepted> forJit = new ArrayList<>();
        for (Accepted a : distinct) {
            NativeResult n = clean.get(a.hex());
            if (forJit.size() < jitTemplates && n != null && a.output() != null
                    && a.mnemonics().stream().noneMatch(NONDETERMINISTIC::contains)) {
                Accepted deterministic = withEveryReadDeclared(a, n, report);
                if (deterministic != null) {
                    forJit.add(deterministic);
                }
            }
        }
        // Run again with the inputs the JIT comparison gives: only templates that still run clean
        // (every memory access inside the scratch area) go on.
        Map<String, NativeResult> stillClean = runNatively(forJit, new Report());
        forJit = forJit.stream().filter(a -> stillClean.containsKey(a.hex())).toList();
        for (int from = 0; from < forJit.size(); from += JIT_BATCH) {
            runUnderJits(forJit.subList(from, Math.min(forJit.size(), from + JIT_BATCH)), report);
        }
        if (newCorpus != null) {
            Files.write(newCorpus, distinct.stream().map(Accepted::hex).toList());
        }
        return report;
    }

    /** The kept corpus: one template's bytes in hex per line, # comments. */
    static List<byte[]> readCorpus() throws IOException {
        Path file = Path.of(System.getProperty("test.src", "."), "corpus.txt");
        if (!Files.exists(file)) {
            file = Path.of(System.getProperty("test.src", "."), "..", "fuzz", "corpus.txt");
        }
        List<byte[]> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String t = line.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                out.add(HEX.parseHex(t.split("\\s+")[0]));
            }
        }
        return out;
    }

    /**
     * The verifier's verdict with declarations it could accept: the memory registers as inputs (plus
     * a few more), everything nameable as writable. An accepted template is registered again with
     * exactly its write set declared (which must pass) and, sometimes, with one register of it
     * missing (which must be refused).
     */
    private static Accepted judge(byte[] code, SplittableRandom rnd, Report report) {
        int inputs = 0, index = 0, base = 0;
        for (int at = 0; at < code.length;) {
            X86Instruction insn;
            try {
                insn = X86Decoder.decode(code, at);
            } catch (X86DecodeException e) {
                break; // the verifier refuses it below
            }
            if (insn.base() >= 0) {
                base |= 1 << insn.base();
            }
            if (insn.index() >= 0) {
                index |= 1 << insn.index();
            }
            at += insn.length();
        }
        inputs = (base | index) & NAMEABLE;
        for (int extra = rnd.nextInt(3); extra > 0; extra--) {
            inputs |= 1 << X86Register.values()[rnd.nextInt(X86Register.values().length)].encoding();
        }
        RawByteVerifier.Verified verified;
        try {
            verified = RawByteVerifier.verify(code, inputs, NAMEABLE);
        } catch (RawBytesRefused e) {
            report.refusals.merge(reasonOf(e.getMessage()), 1, Integer::sum);
            return null;
        }
        int writes = verified.writes();
        X86Register output = null;
        if (writes != 0) {
            List<X86Register> written = registers(writes);
            output = written.get(rnd.nextInt(written.size()));
        } else if (inputs != 0) {
            output = registers(inputs).getFirst();
        }
        String text = templateText(code, inputs, output, writes);
        int params = Integer.bitCount(inputs);
        String descriptor = "(" + "J".repeat(params) + ")" + (output == null ? "V" : "J");
        try {
            Template t = Template.compile(MethodSignature.of("Fuzz", "m", descriptor, true), text);
            int checkedWrites = ((Instruction.ByteTemplate) t.instructions().getFirst()).writes();
            if (checkedWrites != writes) {
                report.findings.add(HEX.formatHex(code) + ": the template checker's write set " + checkedWrites + " is not the verifier's " + writes);
            }
        } catch (TemplateException e) {
            report.findings.add(HEX.formatHex(code) + ": accepted by the verifier, refused by the template checker: " + e.getMessage());
            return null;
        }
        // One written register left undeclared must be refused.
        int clobbers = writes & ~(output == null ? 0 : 1 << output.encoding());
        if (clobbers != 0 && rnd.nextInt(4) == 0) {
            report.declarationChecks++;
            int dropped = Integer.lowestOneBit(clobbers);
            try {
                Template.compile(MethodSignature.of("Fuzz", "m", descriptor, true), templateText(code, inputs, output, writes & ~dropped));
                report.findings.add(HEX.formatHex(code) + ": accepted although " + RawByteVerifier.name(Integer.numberOfTrailingZeros(dropped))
                        + ", which it writes, was not declared");
            } catch (TemplateException expected) {
                // refused, as it must be
            }
        }
        List<Integer> lengths = verified.instructions().stream().map(d -> d.instruction().length()).toList();
        List<String> mnemonics = verified.instructions().stream().map(d -> d.meaning().mnemonic()).toList();
        return new Accepted(code, inputs, index & ~base & NAMEABLE, output, writes, lengths, mnemonics, text);
    }

    /** The reason part of a refusal, without the offset and bytes, to count refusals by kind. */
    private static String reasonOf(String message) {
        int colon = message.indexOf("): ");
        String reason = colon >= 0 ? message.substring(colon + 3) : message;
        reason = reason.replaceAll("\\b(r[a-z0-9]+|e[a-z]{2})\\b", "REG").replaceAll("[0-9A-F]{2}( [0-9A-F]{2})*", "..");
        return reason.length() > 70 ? reason.substring(0, 70) : reason;
    }

    private static String templateText(byte[] code, int inputs, X86Register output, int writes) {
        StringBuilder t = new StringBuilder(output == null ? "" : "r = ").append("x86 \"").append(HEX.formatHex(code)).append('"');
        List<X86Register> in = registers(inputs);
        if (!in.isEmpty()) {
            t.append(" in(");
            for (int k = 0; k < in.size(); k++) {
                t.append(k == 0 ? "" : ", ").append(in.get(k)).append("=$").append(k);
            }
            t.append(')');
        }
        if (output != null) {
            t.append(" out(").append(output).append(')');
        }
        List<X86Register> clobbers = registers(writes & ~(output == null ? 0 : 1 << output.encoding()));
        if (!clobbers.isEmpty()) {
            t.append(" clobber(").append(String.join(", ", clobbers.stream().map(X86Register::toString).toList())).append(')');
        }
        return output == null ? t.toString() : t + "\nreturn r";
    }

    /**
     * For the JIT comparison a template must compute the same thing on every run: every register it
     * reads (capstone's read set) or writes is a declared input, and it reads no flags it did not
     * set (both would be whatever the surrounding code left). Null if that cannot be declared.
     */
    private static Accepted withEveryReadDeclared(Accepted a, NativeResult n, Report report) {
        int memory = 0;
        for (int at = 0; at < a.code().length;) {
            try {
                X86Instruction insn = X86Decoder.decode(a.code(), at);
                memory |= (insn.base() >= 0 ? 1 << insn.base() : 0) | (insn.index() >= 0 ? 1 << insn.index() : 0);
                at += insn.length();
            } catch (X86DecodeException e) {
                return null;
            }
        }
        // Written registers are declared inputs too: capstone's read set misses some
        // read-modify-write destinations (cmpxchg's), and an output the bytes may leave alone
        // must hold a defined value.
        int inputs = n.reads() | memory | a.writes() | 1 << a.output().encoding();
        if (n.flagsIn() || (inputs & ~NAMEABLE) != 0 || a.mnemonics().stream().anyMatch(RawByteFuzz::readsFlags)) {
            return null;
        }
        String text = templateText(a.code(), inputs, a.output(), a.writes());
        String descriptor = "(" + "J".repeat(Integer.bitCount(inputs)) + ")J";
        try {
            Template.compile(MethodSignature.of("Fuzz", "m", descriptor, true), text);
        } catch (TemplateException e) {
            report.findings.add(a.hex() + ": refused once every register it reads is declared an input: " + e.getMessage());
            return null;
        }
        return new Accepted(a.code(), inputs, a.indexOnly() & inputs, a.output(), a.writes(), a.lengths(), a.mnemonics(), text);
    }

    /**
     * Instructions of the allow-list that read the flags: a template that runs one reads whatever
     * the code around it left there (capstone's flag bits miss some, rcl's and cmc's among them).
     */
    private static boolean readsFlags(String mnemonic) {
        return mnemonic.startsWith("cmov") || mnemonic.startsWith("set")
                || List.of("adc", "sbb", "rcl", "rcr", "cmc", "lahf").contains(mnemonic);
    }

    /** Whether an instruction of {@code a} reads or writes memory (lea and nop name memory they never touch). */
    private static boolean accessesMemory(Accepted a) {
        for (int at = 0, k = 0; at < a.code().length; k++) {
            try {
                X86Instruction insn = X86Decoder.decode(a.code(), at);
                String m = a.mnemonics().get(k);
                if (insn.memory() && !m.equals("lea") && !m.equals("nop")) {
                    return true;
                }
                at += insn.length();
            } catch (X86DecodeException e) {
                return true;
            }
        }
        return false;
    }

    /** Checks (a) and (b) with the native harness; returns the templates that ran clean. */
    private static Map<String, NativeResult> runNatively(List<Accepted> templates, Report report) throws Exception {
        Path harness = Path.of(System.getProperty("test.nativepath"), "x86check");
        Process p = new ProcessBuilder(harness.toString()).start();
        CompletableFuture<List<String>> lines = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
                return r.lines().toList();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try (Writer w = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII)) {
            for (Accepted a : templates) {
                w.write(a.hex() + " " + a.inputs() + "\n");
            }
        }
        List<String> out = lines.get(10, TimeUnit.MINUTES);
        if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0 || out.size() != templates.size()) {
            throw new AssertionError("the native harness " + harness + " failed (exit " + p.exitValue() + ", " + out.size() + " of "
                    + templates.size() + " lines):\n" + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
        Map<String, NativeResult> clean = new java.util.LinkedHashMap<>();
        for (int i = 0; i < templates.size(); i++) {
            Accepted a = templates.get(i);
            Map<String, String> f = fields(out.get(i));
            String where = a.hex() + " (" + String.join("; ", a.mnemonics()) + "): ";
            String javaLengths = String.join(",", a.lengths().stream().map(String::valueOf).toList());
            if (!f.get("len").equals(javaLengths)) {
                report.findings.add(where + "instruction lengths " + javaLengths + ", capstone " + f.get("len"));
                continue;
            }
            int capstoneWrites = Integer.parseInt(f.get("write")) & ~(1 << 4);
            for (String m : a.mnemonics()) {
                capstoneWrites &= ~CAPSTONE_OVERSTATES.getOrDefault(m, 0);
            }
            if ((capstoneWrites & ~a.writes()) != 0) {
                report.findings.add(where + "capstone says it writes " + names(capstoneWrites & ~a.writes()) + ", outside the verifier's write set "
                        + names(a.writes()));
            }
            int memory = Integer.parseInt(f.get("base")) | Integer.parseInt(f.get("index"));
            boolean addresses = !a.mnemonics().contains("lea") && !a.mnemonics().contains("nop");
            if (addresses && (memory & ~a.inputs()) != 0) {
                report.findings.add(where + "capstone says it addresses memory through " + names(memory & ~a.inputs()) + ", not a declared input");
            }
            String run = f.get("run");
            if (run.startsWith("fault")) {
                report.harnessFaults++;
                continue;
            }
            if (!run.equals("ok")) {
                report.findings.add(where + "the native run ended in " + run);
                continue;
            }
            int changed = Integer.parseInt(f.get("changed"));
            if ((changed & ~a.writes()) != 0) {
                report.findings.add(where + "changed " + names(changed & ~a.writes()) + ", outside the verifier's write set " + names(a.writes()));
                continue;
            }
            report.harnessOk++;
            clean.put(a.hex(), new NativeResult(Integer.parseInt(f.get("read")), f.get("flagsin").equals("1")));
        }
        return clean;
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> m = new java.util.HashMap<>();
        for (String kv : line.trim().split(" ")) {
            int eq = kv.indexOf('=');
            m.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return m;
    }

    /**
     * (c): the templates as mappings of one generated class, whose Java bodies are their bytes
     * (RawBytes) and whose hot callers keep fourteen values live across the call; the callers'
     * checksums under C2 and C1 must equal the interpreter's.
     */
    private static void runUnderJits(List<Accepted> templates, Report report) throws Exception {
        if (templates.isEmpty()) {
            return;
        }
        Path dir = Files.createTempDirectory(Path.of("."), "rawbytes-jit");
        Files.writeString(dir.resolve("FuzzMappings.java"), source(templates));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, "-d", dir.toString(), dir.resolve("FuzzMappings.java").toString()) != 0) {
            throw new AssertionError("the generated mapping class does not compile: " + dir.resolve("FuzzMappings.java"));
        }
        report.jitTemplates += templates.size();
        String expected = null;
        for (List<String> jit : JVM_CONFIGURATIONS) {
            List<String> vm = new ArrayList<>(jit);
            vm.add("--enable-native-access=ALL-UNNAMED");
            ChildJvm.Result r = ChildJvm.run(vm, dir.toString(), "FuzzMappings", List.of("20000"), 600);
            report.jitRuns++;
            if (r.exitCode() != 0) {
                report.findings.add("FuzzMappings under " + jit + " exited with " + r.exitCode() + " (" + dir + "):\n" + r.stderr());
                continue;
            }
            if (expected == null) {
                expected = r.stdout();
                continue;
            }
            List<String> want = expected.lines().toList(), got = r.stdout().lines().toList();
            for (int k = 0; k < templates.size(); k++) {
                if (k >= got.size() || !want.get(k).equals(got.get(k))) {
                    report.findings.add(jit + ": template " + templates.get(k).text().replace('\n', ';') + ": the interpreter computed "
                            + want.get(k) + ", this JIT " + (k < got.size() ? got.get(k) : "nothing"));
                }
            }
        }
    }

    /** The generated class: mapping k, its Java body's handle, and its hot caller. */
    private static String source(List<Accepted> templates) {
        StringBuilder s = new StringBuilder("""
                import java.lang.foreign.*;
                import java.lang.invoke.*;
                import jaguar.mapping.CodeMapping;
                import jaguar.mapping.RawBytes;

                public class FuzzMappings {
                    static final long PTR = %dL + %dL / 2;
                """.formatted(BUFFER_ADDRESS, BUFFER_SIZE));
        for (int k = 0; k < templates.size(); k++) {
            Accepted a = templates.get(k);
            int n = Integer.bitCount(a.inputs());
            List<String> params = new ArrayList<>(), args = new ArrayList<>(), classes = new ArrayList<>();
            List<X86Register> in = registers(a.inputs());
            for (int i = 0; i < n; i++) {
                params.add("long p" + i);
                classes.add("long.class");
                boolean isIndex = (a.indexOnly() & 1 << in.get(i).encoding()) != 0;
                args.add(isIndex ? "8L" : "PTR");
            }
            // As the native harness gave them (which proved every access stays in the scratch
            // area): a template that touches memory gets the pointer in every input but an index;
            // one that does not gets live values.
            if (!accessesMemory(a)) {
                for (int i = 0; i < n; i++) {
                    args.set(i, "v" + (i % 14));
                }
            }
            s.append("""
                        @CodeMapping("%s")
                        static long m%d(%s) {
                            try { return (long) H%d.invokeExact(%s); } catch (Throwable t) { throw new AssertionError(t); }
                        }
                        static final MethodHandle H%d = RawBytes.bodyOf(MethodHandles.lookup(), "m%d", MethodType.methodType(long.class%s));
                        static long caller%d(long s) {
                            long v0 = s * 0x9E3779B97F4A7C15L, v1 = v0 ^ (v0 >>> 29), v2 = v1 * 31 + 7, v3 = v2 ^ (v2 << 13), v4 = v3 + v0,
                                 v5 = v4 * 17, v6 = v5 ^ v1, v7 = v6 + 3 * v2, v8 = v7 ^ (v7 >>> 7), v9 = v8 * 5 + v3,
                                 v10 = v9 ^ v4, v11 = v10 + v5, v12 = v11 * 9 ^ v6, v13 = v12 + v7;
                            long r = m%d(%s);
                            return r + (v0 ^ v1 * 3 ^ v2 * 5 ^ v3 * 7 ^ v4 * 11 ^ v5 * 13 ^ v6 * 17 ^ v7 * 19 ^ v8 * 23 ^ v9 * 29
                                    ^ v10 * 31 ^ v11 * 37 ^ v12 * 41 ^ v13 * 43);
                        }
                    """.formatted(a.text().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"), k, String.join(", ", params), k,
                    String.join(", ", params.stream().map(p -> p.substring(5)).toList()), k, k,
                    classes.isEmpty() ? "" : ", " + String.join(", ", classes), k, k, String.join(", ", args)));
        }
        s.append("""
                    public static void main(String[] args) throws Throwable {
                        MemorySegment mmap = Linker.nativeLinker().defaultLookup().findOrThrow("mmap");
                        MethodHandle map = Linker.nativeLinker().downcallHandle(mmap, FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
                        // PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_FIXED_NOREPLACE
                        long at = (long) map.invokeExact(%dL, %dL, 3, 0x02 | 0x20 | 0x100000, -1, 0L);
                        if (at != %dL) throw new IllegalStateException("cannot map the fuzz buffer at its fixed address: " + at);
                        int rounds = Integer.parseInt(args[0]);
                        long[] sums = new long[%d];
                        for (int round = 0; round < rounds; round++) {
                """.formatted(BUFFER_ADDRESS, BUFFER_SIZE, BUFFER_ADDRESS, templates.size()));
        for (int k = 0; k < templates.size(); k++) {
            s.append("            sums[").append(k).append("] += caller").append(k).append("(round * 0x632BE59BD9B4E019L + ").append(k).append(");\n");
        }
        s.append("""
                        }
                        StringBuilder out = new StringBuilder();
                        for (long v : sums) out.append(v).append('\\n');
                        System.out.print(out);
                    }
                }
                """);
        return s.toString();
    }

    private static List<X86Register> registers(int mask) {
        List<X86Register> out = new ArrayList<>();
        for (X86Register r : X86Register.values()) {
            if ((mask & 1 << r.encoding()) != 0) {
                out.add(r);
            }
        }
        return out;
    }

    private static int maskOf(List<X86Register> regs) {
        int m = 0;
        for (X86Register r : regs) {
            m |= 1 << r.encoding();
        }
        return m;
    }

    private static String names(int mask) {
        List<String> n = new ArrayList<>();
        for (int r = 0; r < 16; r++) {
            if ((mask & 1 << r) != 0) {
                n.add(RawByteVerifier.name(r));
            }
        }
        return String.join(",", n);
    }
}
