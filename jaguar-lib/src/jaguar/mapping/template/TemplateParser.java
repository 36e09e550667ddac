/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Parses template text into {@link Instruction}s. One instruction per line (or separated by
 * {@code ;}); {@code #} starts a comment. Syntax only: types and limits are the
 * {@link TemplateChecker}'s job. See doc/code-mappings.md for the language.
 */
public final class TemplateParser {
    /** Longest raw byte template accepted, in bytes. */
    public static final int MAX_CODE_BYTES = 64;

    private final List<String> tokens = new ArrayList<>();
    private int pos;
    private int line;

    private TemplateParser() {
    }

    /**
     * Parses a template's text.
     *
     * @param text the template, lines separated by {@code \n}
     * @return the instructions, in order; empty for a text with none (which the checker refuses)
     * @throws TemplateException at the first syntax error, naming the line and the fault (not the
     *         method, which the parser does not know)
     */
    public static List<Instruction> parse(String text) throws TemplateException {
        List<Instruction> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        TemplateParser p = new TemplateParser();
        for (int i = 0; i < lines.length; i++) {
            String src = lines[i];
            int hash = indexOutsideString(src, '#');
            if (hash >= 0) {
                src = src.substring(0, hash);
            }
            for (String stmt : splitOutsideStrings(src, ';')) {
                if (!stmt.isBlank()) {
                    out.add(p.statement(i + 1, stmt));
                }
            }
        }
        return out;
    }

    private Instruction statement(int lineNo, String text) throws TemplateException {
        this.line = lineNo;
        tokenize(text);
        String result = null;
        if (tokens.size() > 1 && tokens.get(1).equals("=")) {
            result = tokens.get(0);
            if (!isIdentifier(result)) {
                throw error("'" + result + "' is not a name for a result");
            }
            pos = 2;
        }
        String mnemonic = next("an operation");
        String[] parts = mnemonic.split("\\.");
        String op = parts[0];
        Instruction insn = switch (op) {
            case "load" -> {
                need(result, op);
                Width w = width(parts, op, true);
                yield new Instruction.Load(line, result, w, order(parts, 2, Order.PLAIN, op), address());
            }
            case "store" -> {
                noResult(result, op);
                Width w = width(parts, op, true);
                Order o = order(parts, 2, Order.PLAIN, op);
                Address a = address();
                expect(",");
                yield new Instruction.Store(line, w, o, a, operand());
            }
            case "fence" -> {
                noResult(result, op);
                if (parts.length != 2) {
                    throw error("fence needs a kind: fence.load, fence.store or fence.full");
                }
                FenceKind k = switch (parts[1]) {
                    case "load" -> FenceKind.LOAD;
                    case "store" -> FenceKind.STORE;
                    case "full" -> FenceKind.FULL;
                    default -> throw error("unknown fence '" + parts[1] + "' (load, store, full)");
                };
                yield new Instruction.Fence(line, k);
            }
            case "sfence" -> {
                noResult(result, op);
                noSuffix(parts, op);
                yield new Instruction.Fence(line, FenceKind.X86_SFENCE);
            }
            case "bswap" -> {
                need(result, op);
                Width w = width(parts, op, false);
                yield new Instruction.ByteSwap(line, result, w, operand());
            }
            case "cas", "cmpxchg" -> {
                need(result, op);
                Width w = width(parts, op, false);
                Order o = order(parts, 2, Order.VOLATILE, op);
                Address a = address();
                expect(",");
                Operand e = operand();
                expect(",");
                Operand n = operand();
                yield op.equals("cas") ? new Instruction.CompareAndSet(line, result, w, o, a, e, n)
                                : new Instruction.CompareAndExchange(line, result, w, o, a, e, n);
            }
            case "getadd", "getset" -> {
                need(result, op);
                Width w = width(parts, op, false);
                if (parts.length > 2) {
                    throw error(op + " is always volatile; drop '." + parts[2] + "'");
                }
                Address a = address();
                expect(",");
                Operand v = operand();
                yield op.equals("getadd") ? new Instruction.GetAndAdd(line, result, w, a, v)
                                : new Instruction.GetAndSet(line, result, w, a, v);
            }
            case "add" -> {
                need(result, op);
                noSuffix(parts, op);
                Operand l = operand();
                expect(",");
                yield new Instruction.Add(line, result, l, operand());
            }
            case "pause" -> {
                noResult(result, op);
                noSuffix(parts, op);
                yield new Instruction.SpinWait(line);
            }
            case "prefetch" -> {
                noResult(result, op);
                PrefetchHint h = PrefetchHint.T0;
                if (parts.length == 2) {
                    h = PrefetchHint.parse(parts[1]);
                    if (h == null) {
                        throw error("unknown prefetch hint '" + parts[1] + "' (t0, t1, t2, nta, w)");
                    }
                } else if (parts.length > 2) {
                    throw error("prefetch takes one hint");
                }
                yield new Instruction.Prefetch(line, h, address());
            }
            case "rdtsc" -> {
                need(result, op);
                noSuffix(parts, op);
                yield new Instruction.Timestamp(line, result);
            }
            case "syscall" -> {
                noSuffix(parts, op);
                Operand number = operand();
                List<Operand> arguments = new ArrayList<>();
                while (accept(",")) {
                    arguments.add(operand());
                }
                if (arguments.size() > Instruction.SystemCall.MAX_ARGUMENTS) {
                    throw error("syscall takes at most " + Instruction.SystemCall.MAX_ARGUMENTS + " arguments after the number, not " + arguments.size());
                }
                yield new Instruction.SystemCall(line, result, number, List.copyOf(arguments));
            }
            case "x86" -> {
                noSuffix(parts, op);
                yield byteTemplate(result);
            }
            case "return" -> {
                noResult(result, op);
                noSuffix(parts, op);
                yield new Instruction.Return(line, operand());
            }
            default -> throw error("unknown operation '" + mnemonic + "'");
        };
        if (pos < tokens.size()) {
            throw error("unexpected '" + tokens.get(pos) + "' after " + op);
        }
        return insn;
    }

    private Instruction byteTemplate(String result) throws TemplateException {
        String lit = next("a quoted byte string");
        if (!lit.startsWith("\"")) {
            throw error("x86 needs its bytes as a quoted hex string, e.g. \"0F AE F8\"");
        }
        String hex = lit.substring(1, lit.length() - 1).replaceAll("\\s+", "");
        byte[] code;
        try {
            code = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw error("bad hex in byte template: " + e.getMessage());
        }
        if (code.length == 0) {
            throw error("empty byte template");
        }
        if (code.length > MAX_CODE_BYTES) {
            throw error("byte template has " + code.length + " bytes; the limit is " + MAX_CODE_BYTES);
        }
        List<Instruction.ByteTemplate.Binding> inputs = new ArrayList<>();
        X86Register out = null;
        boolean out32 = false;
        List<X86Register> clobbers = new ArrayList<>();
        while (pos < tokens.size()) {
            String clause = next("in(...), out(...) or clobber(...)");
            expect("(");
            switch (clause) {
                case "in" -> {
                    do {
                        X86Register r = register(next("a register"));
                        expect("=");
                        inputs.add(new Instruction.ByteTemplate.Binding(r, operand()));
                    } while (accept(","));
                }
                case "out" -> {
                    String name = next("a register");
                    X86Register r = X86Register.parse(name);
                    if (r == null) {
                        r = register32(name);
                        out32 = true;
                    }
                    out = r;
                }
                case "clobber" -> {
                    do {
                        clobbers.add(register(next("a register")));
                    } while (accept(","));
                }
                default -> throw error("unknown byte-template clause '" + clause + "' (in, out, clobber)");
            }
            expect(")");
        }
        if ((out == null) != (result == null)) {
            throw error(out == null ? "byte template defines '" + result + "' but has no out(register)"
                            : "byte template has out(" + out + ") but its result is not named (write 'r = x86 ...')");
        }
        return new Instruction.ByteTemplate(line, result, code, List.copyOf(inputs), out, out32, List.copyOf(clobbers), 0, true);
    }

    private X86Register register(String name) throws TemplateException {
        X86Register r = X86Register.parse(name);
        if (r == null) {
            throw error("register '" + name + "' cannot be used by a byte template (allowed: " + allowedRegisters() + ")");
        }
        return r;
    }

    private X86Register register32(String name) throws TemplateException {
        for (X86Register r : X86Register.values()) {
            String n = r.toString();
            String low = n.startsWith("r") && Character.isDigit(n.charAt(1)) ? n + "d" : "e" + n.substring(1);
            if (low.equals(name)) {
                return r;
            }
        }
        throw error("register '" + name + "' cannot be used by a byte template (allowed: " + allowedRegisters() + ")");
    }

    private static String allowedRegisters() {
        StringBuilder sb = new StringBuilder();
        for (X86Register r : X86Register.values()) {
            sb.append(sb.isEmpty() ? "" : " ").append(r);
        }
        return sb.toString();
    }

    private Address address() throws TemplateException {
        expect("[");
        Operand base = operand();
        Operand index = null;
        long disp = 0;
        while (!accept("]")) {
            boolean minus;
            if (accept("+")) {
                minus = false;
            } else if (accept("-")) {
                minus = true;
            } else {
                throw error("expected '+', '-' or ']' in address, found '" + peek() + "'");
            }
            Operand o = operand();
            if (o instanceof Operand.Constant c) {
                disp += minus ? -c.value() : c.value();
            } else if (minus) {
                throw error("only constants can be subtracted in an address");
            } else if (index == null) {
                index = o;
            } else {
                throw error("an address has at most a base, one index and a constant");
            }
        }
        if (base instanceof Operand.Constant) {
            throw error("the base of an address must be a parameter or a result, not a constant");
        }
        if (disp != (int) disp) {
            throw error("address displacement " + disp + " does not fit in 32 bits");
        }
        return new Address(base, index, (int) disp);
    }

    private Operand operand() throws TemplateException {
        String t = next("a value");
        if (t.startsWith("$")) {
            try {
                return new Operand.Parameter(Integer.parseInt(t.substring(1)));
            } catch (NumberFormatException e) {
                throw error("'" + t + "' is not a parameter ($0, $1, ...)");
            }
        }
        boolean negative = false;
        if (t.equals("-")) {
            negative = true;
            t = next("a number");
        }
        if (!t.isEmpty() && Character.isDigit(t.charAt(0))) {
            try {
                long v = t.startsWith("0x") || t.startsWith("0X") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseLong(t);
                return new Operand.Constant(negative ? -v : v);
            } catch (NumberFormatException e) {
                throw error("'" + t + "' is not a number");
            }
        }
        if (negative || !isIdentifier(t)) {
            throw error("expected a value ($N, a result name or a number), found '" + t + "'");
        }
        return new Operand.Local(t);
    }

    private Width width(String[] parts, String op, boolean subword) throws TemplateException {
        if (parts.length < 2) {
            throw error(op + " needs a width, e.g. " + op + ".i32");
        }
        Width w = Width.parse(parts[1]);
        if (w == null) {
            throw error("unknown width '" + parts[1] + "' (i8 u8 i16 u16 i32 i64)");
        }
        if (!subword && op.equals("bswap") && w.bytes() == 1) {
            throw error("bswap of one byte is the identity; use i16, u16, i32 or i64");
        }
        if (!subword && !op.equals("bswap") && w != Width.I32 && w != Width.I64) {
            throw error(op + " works on i32 or i64 only, not " + w);
        }
        return w;
    }

    private Order order(String[] parts, int at, Order dflt, String op) throws TemplateException {
        if (parts.length <= at) {
            return dflt;
        }
        if (parts.length > at + 1) {
            throw error("too many suffixes on " + op);
        }
        Order o = Order.parse(parts[at]);
        if (o == null) {
            throw error("unknown memory order '" + parts[at] + "' (plain opaque acquire release volatile)");
        }
        return o;
    }

    private void noSuffix(String[] parts, String op) throws TemplateException {
        if (parts.length > 1) {
            throw error(op + " takes no suffix");
        }
    }

    private void need(String result, String op) throws TemplateException {
        if (result == null) {
            throw error(op + " produces a value; name it (r = " + op + " ...)");
        }
    }

    private void noResult(String result, String op) throws TemplateException {
        if (result != null) {
            throw error(op + " produces no value to assign to '" + result + "'");
        }
    }

    private void tokenize(String s) throws TemplateException {
        tokens.clear();
        pos = 0;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                int end = s.indexOf('"', i + 1);
                if (end < 0) {
                    throw error("unterminated string");
                }
                tokens.add(s.substring(i, end + 1));
                i = end + 1;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.') {
                int j = i;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || "_$.".indexOf(s.charAt(j)) >= 0)) {
                    j++;
                }
                tokens.add(s.substring(i, j));
                i = j;
            } else if ("=,[]+-()".indexOf(c) >= 0) {
                tokens.add(String.valueOf(c));
                i++;
            } else {
                throw error("unexpected character '" + c + "'");
            }
        }
    }

    private String peek() {
        return pos < tokens.size() ? tokens.get(pos) : "end of line";
    }

    private String next(String what) throws TemplateException {
        if (pos >= tokens.size()) {
            throw error("expected " + what + " at end of line");
        }
        return tokens.get(pos++);
    }

    private boolean accept(String t) {
        if (pos < tokens.size() && tokens.get(pos).equals(t)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String t) throws TemplateException {
        if (!accept(t)) {
            throw error("expected '" + t + "', found '" + peek() + "'");
        }
    }

    private TemplateException error(String msg) {
        return new TemplateException("line " + line + ": " + msg);
    }

    private static boolean isIdentifier(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_') {
                return false;
            }
        }
        return true;
    }

    private static int indexOutsideString(String s, char c) {
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char x = s.charAt(i);
            if (x == '"') {
                inString = !inString;
            } else if (x == c && !inString) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> splitOutsideStrings(String s, char sep) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        boolean inString = false;
        for (int i = 0; i < s.length(); i++) {
            char x = s.charAt(i);
            if (x == '"') {
                inString = !inString;
            } else if (x == sep && !inString) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }
}
