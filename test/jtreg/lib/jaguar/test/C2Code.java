/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The machine code of one C2 compilation, parsed from {@code -XX:CompileCommand=print} output
 * (the image's hsdis, AT&T syntax): instructions with their address, mnemonic, operands and
 * HotSpot's comment, and the innermost loops found from backward jumps.
 */
public final class C2Code {
    private static final Pattern INSN = Pattern.compile("^\\s*0x([0-9a-f]+):\\s+(\\S+)\\s*([^;]*?)\\s*(?:;(.*))?$");
    private static final Pattern TARGET = Pattern.compile("^0x([0-9a-f]+)$");

    /** One instruction; {@code comment} is HotSpot's annotation after ';' ("" when none). */
    public record Insn(long at, String op, String args, String comment) {
        public boolean isJump() {
            return op.startsWith("j");
        }

        public boolean isConditionalJump() {
            return isJump() && !op.startsWith("jmp");
        }

        /** Whether an operand is memory other than the stack ("(%rsi)", "8(%r9, %rcx, 4)"; not "(%rsp)"). */
        public boolean accessesMemory() {
            return args.contains("(") && !args.contains("%rsp") && !op.startsWith("lea") && !op.startsWith("nop");
        }

        public boolean matches(String prefix) {
            return (op + " " + args).startsWith(prefix);
        }

        /** The target of a direct jump, -1 for anything else. */
        public long target() {
            Matcher m = TARGET.matcher(args);
            return isJump() && m.matches() ? Long.parseUnsignedLong(m.group(1), 16) : -1;
        }

        @Override
        public String toString() {
            return "0x" + Long.toHexString(at) + ": " + op + " " + args;
        }
    }

    /** A loop without a loop inside: its instructions from the back edge's target to the back edge. */
    public record Loop(List<Insn> body, Insn backEdge) {
        /** Conditional jumps inside the body other than the back edge: checks left in the loop. */
        public List<Insn> branches() {
            return body.stream().filter(i -> i != backEdge && i.isConditionalJump()).toList();
        }

        /** Instructions that load or store memory other than the stack. */
        public long memoryAccesses() {
            return body.stream().filter(Insn::accessesMemory).count();
        }

        /** As {@link C2Code#hasSequence}, inside the loop's body. */
        public boolean hasSequence(String... ops) {
            return C2Code.hasSequence(body, ops);
        }

        public boolean has(String op) {
            return body.stream().anyMatch(i -> i.matches(op));
        }

        /** The body's address range and instructions, for failure messages. */
        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("loop 0x" + Long.toHexString(backEdge.target()) + "..0x" + Long.toHexString(backEdge.at()) + ":\n");
            body.forEach(i -> b.append("  ").append(i).append('\n'));
            return b.toString();
        }
    }

    private final String text;
    private final List<Insn> insns;

    private C2Code(String text, List<Insn> insns) {
        this.text = text;
        this.insns = insns;
    }

    /**
     * The last C2 compilation of {@code method} ("Class::name") in {@code printOutput}, main code
     * only (up to the exception handler stub).
     */
    public static C2Code lastCompilation(String printOutput, String method) {
        int at = -1;
        for (int from = 0; (from = printOutput.indexOf("Compiled method (c2)", from)) >= 0; from++) {
            int eol = printOutput.indexOf('\n', from);
            String header = printOutput.substring(from, eol < 0 ? printOutput.length() : eol);
            if (header.contains(" " + method + " ")) {
                at = from;
            }
        }
        if (at < 0) {
            throw new AssertionError("no C2 compilation of " + method + " was printed");
        }
        String code = printOutput.substring(at);
        int next = code.indexOf("Compiled method (", 1);
        code = next > 0 ? code.substring(0, next) : code;
        int end = code.indexOf("[Exception Handler]");
        code = end > 0 ? code.substring(0, end) : code;
        List<Insn> insns = new ArrayList<>();
        for (String line : code.lines().toList()) {
            Matcher m = INSN.matcher(line);
            if (m.matches()) {
                insns.add(new Insn(Long.parseUnsignedLong(m.group(1), 16), m.group(2), m.group(3).replaceAll("\\s+", " ").trim(),
                                m.group(4) == null ? "" : m.group(4).trim()));
            }
        }
        if (insns.isEmpty()) {
            throw new AssertionError("the compilation of " + method + " printed no instructions (is hsdis loaded?):\n" + code);
        }
        return new C2Code(code, insns);
    }

    public List<Insn> insns() {
        return insns;
    }

    /** The printed text, for failure messages. */
    public String text() {
        return text;
    }

    /** Loops whose range holds no other loop, in address order. */
    public List<Loop> innermostLoops() {
        List<Insn> backEdges = insns.stream().filter(i -> i.target() >= 0 && i.target() <= i.at()).toList();
        List<Loop> loops = new ArrayList<>();
        for (Insn edge : backEdges) {
            long from = edge.target();
            boolean holdsLoop = backEdges.stream().anyMatch(o -> o != edge && o.target() >= from && o.at() <= edge.at());
            if (!holdsLoop) {
                loops.add(new Loop(insns.stream().filter(i -> i.at() >= from && i.at() <= edge.at()).toList(), edge));
            }
        }
        return loops;
    }

    /**
     * The innermost loop with the most instructions: the only one, or C2's main loop when it split
     * a counted loop into pre, main and post loops.
     */
    public Loop largestInnermostLoop() {
        return innermostLoops().stream().max(java.util.Comparator.comparingInt(l -> l.body().size()))
                        .orElseThrow(() -> new AssertionError("no loop in the compiled code:\n" + text));
    }

    /**
     * C2's main loop of a counted loop it split into pre, main and post loops: the innermost loop
     * with the most memory accesses (not the longest: a long range check can nest the loop in one
     * over chunks, whose code between the inner loops is longer than the main loop).
     */
    public Loop mainLoop() {
        return innermostLoops().stream().max(java.util.Comparator.comparingLong(Loop::memoryAccesses))
                        .orElseThrow(() -> new AssertionError("no loop in the compiled code:\n" + text));
    }

    /** HotSpot's relocation comments of calls to Java methods in the code, if any. */
    public List<String> javaCalls() {
        return text.lines().filter(l -> l.contains("{static_call") || l.contains("virtual_call")).map(String::trim).toList();
    }

    /**
     * Whether {@code ops} occur as consecutive instructions, each a prefix of "mnemonic operands"
     * (e.g. "mov" matches "movl", "lock xadd" matches "lock xaddq %rax, 8(%rsi)").
     */
    public boolean hasSequence(String... ops) {
        return hasSequence(insns, ops);
    }

    private static boolean hasSequence(List<Insn> insns, String... ops) {
        for (int i = 0; i + ops.length <= insns.size(); i++) {
            boolean all = true;
            for (int k = 0; k < ops.length && all; k++) {
                all = insns.get(i + k).matches(ops[k]);
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    public boolean has(String op) {
        return insns.stream().anyMatch(i -> i.matches(op));
    }
}
