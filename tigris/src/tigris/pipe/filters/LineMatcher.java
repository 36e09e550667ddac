/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Whether a line's bytes match grep's pattern: a fixed string by a byte search (ASCII case
 * folded under -i), else a regular expression over the bytes read as ISO-8859-1 characters, so a
 * pattern's non-ASCII letters match their UTF-8 bytes and no line is ever decoded.
 */
final class LineMatcher {
    private final byte[] fixed;
    private final boolean ignoreCase;
    private final Pattern regex;
    private final boolean wholeLine;

    LineMatcher(String pattern, boolean fixedString, boolean ignoreCase, boolean wholeLine) {
        this.ignoreCase = ignoreCase;
        this.wholeLine = wholeLine;
        boolean literal = fixedString || pattern.chars().noneMatch(c -> "\\^$.|?*+()[]{}".indexOf(c) >= 0);
        byte[] utf8 = pattern.getBytes(StandardCharsets.UTF_8);
        if (literal) {
            fixed = ignoreCase ? lower(utf8) : utf8;
            regex = null;
        } else {
            fixed = null;
            String latin1 = new String(utf8, StandardCharsets.ISO_8859_1);
            // UNIX_LINES: a line's bytes read as ISO-8859-1 hold 0x85 (NEL), which Java would take for a line's end.
            regex = Pattern.compile(latin1, Pattern.UNIX_LINES | (ignoreCase ? Pattern.CASE_INSENSITIVE : 0));
        }
    }

    private static byte[] lower(byte[] b) {
        byte[] l = b.clone();
        for (int i = 0; i < l.length; i++) {
            l[i] = lowerAscii(l[i]);
        }
        return l;
    }

    private static byte lowerAscii(byte c) {
        return c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
    }

    /** Whether {@code b[from, to)} (no newline) matches. */
    boolean matches(byte[] b, int from, int to) {
        if (regex != null) {
            var m = regex.matcher(new Latin1(b, from, to));
            return wholeLine ? m.matches() : m.find();
        }
        int n = fixed.length;
        if (wholeLine) {
            return to - from == n && at(b, from);
        }
        if (n == 0) {
            return true;
        }
        byte first = fixed[0];
        for (int i = from, last = to - n; i <= last; i++) {
            byte c = ignoreCase ? lowerAscii(b[i]) : b[i];
            if (c == first && at(b, i)) {
                return true;
            }
        }
        return false;
    }

    private boolean at(byte[] b, int i) {
        for (int k = 0; k < fixed.length; k++) {
            byte c = ignoreCase ? lowerAscii(b[i + k]) : b[i + k];
            if (c != fixed[k]) {
                return false;
            }
        }
        return true;
    }

    /** Bytes as the characters 0 to 255, without a copy. */
    private record Latin1(byte[] b, int from, int to) implements CharSequence {
        @Override
        public int length() {
            return to - from;
        }

        @Override
        public char charAt(int i) {
            return (char) (b[from + i] & 0xFF);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Latin1(b, from + start, from + end);
        }

        @Override
        public String toString() {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
    }
}
