/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a pipeline expression into tokens as a shell would cut a command line: words with
 * {@code '...'} (literal) and {@code "..."} ({@code \"} and {@code \\} escaped) quotes and
 * {@code \} escapes outside them; {@code |}, {@code (}, {@code )} and {@code &} always stand
 * alone; {@code +} and {@code *} are operators only as words of their own (so {@code a+b} is a
 * word); a selector is what follows {@code |} with no space.
 */
final class PipelineLexer {
    enum Type { WORD, PIPE, LPAREN, RPAREN, AMP, PLUS, STAR, EOF }

    /**
     * One token. For a WORD: {@code text} with its quotes removed, {@code at[i]} the offset of
     * text's character i in the expression, {@code equalsAt} the index in text of its first
     * unquoted {@code =} (-1 if none), and whether it begins with an unquoted {@code !} or
     * {@code @}. For a PIPE: {@code text} is the selector written after it ("" if none).
     */
    record Token(Type type, String text, int offset, int[] at, int equalsAt, boolean bang, boolean hints) {
        /** Where text's character {@code i} was written. */
        int offsetOf(int i) {
            return at == null || at.length == 0 ? offset : at[Math.min(i, at.length - 1)];
        }

        String shown() {
            return switch (type) {
                case WORD -> "'" + text + "'";
                case PIPE -> "'|" + text + "'";
                case LPAREN -> "'('";
                case RPAREN -> "')'";
                case AMP -> "'&'";
                case PLUS -> "'+'";
                case STAR -> "'*'";
                case EOF -> "the end of the pipeline";
            };
        }
    }

    private final String s;
    private int i;

    private PipelineLexer(String s) {
        this.s = s;
    }

    static List<Token> tokens(String expression) throws PipelineSyntaxException {
        return new PipelineLexer(expression).all();
    }

    private List<Token> all() throws PipelineSyntaxException {
        List<Token> out = new ArrayList<>();
        while (true) {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= s.length()) {
                out.add(new Token(Type.EOF, "", s.length(), null, -1, false, false));
                return out;
            }
            char c = s.charAt(i);
            int start = i;
            switch (c) {
                case '|' -> {
                    i++;
                    while (i < s.length() && selectorChar(s.charAt(i))) {
                        i++;
                    }
                    out.add(new Token(Type.PIPE, s.substring(start + 1, i), start, null, -1, false, false));
                }
                case '(' -> {
                    i++;
                    out.add(new Token(Type.LPAREN, "(", start, null, -1, false, false));
                }
                case ')' -> {
                    i++;
                    out.add(new Token(Type.RPAREN, ")", start, null, -1, false, false));
                }
                case '&' -> {
                    i++;
                    out.add(new Token(Type.AMP, "&", start, null, -1, false, false));
                }
                default -> out.add(word());
            }
        }
    }

    private static boolean selectorChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == ':' || c == '!' || c == '.';
    }

    private static boolean special(char c) {
        return Character.isWhitespace(c) || c == '|' || c == '(' || c == ')' || c == '&';
    }

    private Token word() throws PipelineSyntaxException {
        int start = i;
        StringBuilder text = new StringBuilder();
        List<Integer> at = new ArrayList<>();
        int equalsAt = -1;
        boolean quotedAny = false;
        while (i < s.length() && !special(s.charAt(i))) {
            char c = s.charAt(i);
            if (c == '\'') {
                quotedAny = true;
                int close = s.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new PipelineSyntaxException(s, i, "this ' is not closed");
                }
                for (int k = i + 1; k < close; k++) {
                    text.append(s.charAt(k));
                    at.add(k);
                }
                i = close + 1;
            } else if (c == '"') {
                quotedAny = true;
                int open = i++;
                while (true) {
                    if (i >= s.length()) {
                        throw new PipelineSyntaxException(s, open, "this \" is not closed");
                    }
                    char d = s.charAt(i);
                    if (d == '"') {
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < s.length() && (s.charAt(i + 1) == '"' || s.charAt(i + 1) == '\\')) {
                        i++;
                        d = s.charAt(i);
                    }
                    text.append(d);
                    at.add(i);
                    i++;
                }
            } else if (c == '\\') {
                if (i + 1 >= s.length()) {
                    throw new PipelineSyntaxException(s, i, "a \\ at the end escapes nothing");
                }
                quotedAny = true;
                text.append(s.charAt(i + 1));
                at.add(i + 1);
                i += 2;
            } else {
                if (c == '=' && equalsAt < 0) {
                    equalsAt = text.length();
                }
                text.append(c);
                at.add(i);
                i++;
            }
        }
        String t = text.toString();
        int[] offsets = at.stream().mapToInt(Integer::intValue).toArray();
        char first = s.charAt(start);
        if (!quotedAny && t.equals("+")) {
            return new Token(Type.PLUS, t, start, offsets, -1, false, false);
        }
        if (!quotedAny && t.equals("*")) {
            return new Token(Type.STAR, t, start, offsets, -1, false, false);
        }
        return new Token(Type.WORD, t, start, offsets, equalsAt, first == '!', first == '@');
    }
}
