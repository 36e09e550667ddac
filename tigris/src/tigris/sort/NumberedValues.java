/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.sort;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The text of a parameter that gives values by number ({@code N=VALUE,...}: a stripe's copy, a
 * stripe's records, a file group's moved output), each number (from 0) once. The one parser and
 * writer of that form, so every such parameter refuses a bad value the same way.
 */
final class NumberedValues {
    private NumberedValues() {
    }

    /**
     * {@code v} as a map; IllegalArgumentException naming {@code key}, the number's meaning and
     * the value's if it is not {@code N=VALUE,...} with each number once.
     */
    static <T> Map<Integer, T> decode(String key, String number, String what, String v, Function<String, T> value) {
        Map<Integer, T> m = new TreeMap<>();
        for (String item : v.split(",")) {
            int eq = item.indexOf('=');
            try {
                int n = Integer.parseInt(item.substring(0, Math.max(0, eq)).trim());
                String rest = item.substring(eq + 1).trim();
                if (eq < 0 || n < 0 || rest.isEmpty() || m.put(n, value.apply(rest)) != null) {
                    throw new IllegalArgumentException();
                }
            } catch (IllegalArgumentException e) {   // NumberFormatException too
                throw new IllegalArgumentException(key + "=" + v + ": not " + number + "=" + what + ",... with each " + number.toLowerCase(java.util.Locale.ROOT)
                                + " (a number from 0) once");
            }
        }
        return m;
    }

    /** {@code m} as {@code N=VALUE,...}; a value whose text holds ',' is refused, naming {@code what} (it would read back as two). */
    static <T> String encode(Map<Integer, T> m, String what) {
        StringBuilder sb = new StringBuilder();
        m.forEach((n, value) -> {
            String text = value.toString();
            if (text.contains(",")) {
                throw new IllegalArgumentException(what + " " + n + " is " + text + ": such a value may not contain ','");
            }
            sb.append(sb.isEmpty() ? "" : ",").append(n).append('=').append(text);
        });
        return sb.toString();
    }
}
