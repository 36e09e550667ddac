/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.List;

import tigris.pipe.FilterArgumentException;
import tigris.pipe.PipelineExpression.Argument;

/** The common shapes of filter arguments, each refused with the argument named. */
final class Arguments {
    private Arguments() {
    }

    /** Refuses any argument. */
    static void none(List<Argument> args) throws FilterArgumentException {
        if (!args.isEmpty()) {
            throw new FilterArgumentException(0, "takes no arguments, got '" + args.getFirst().text() + "'");
        }
    }

    /** The whole number {@code text} of argument {@code i}, at least {@code min}. */
    static long number(String text, int i, long min, String what) throws FilterArgumentException {
        long n;
        try {
            n = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new FilterArgumentException(i, what + " '" + text + "' is not a whole number");
        }
        if (n < min) {
            throw new FilterArgumentException(i, what + " " + n + " is below " + min);
        }
        return n;
    }

    /** Refuses argument {@code i} as one the filter does not take. */
    static FilterArgumentException unknown(List<Argument> args, int i) {
        Argument a = args.get(i);
        return new FilterArgumentException(i, a.named() ? "takes no parameter " + a.key() : "does not take '" + a.text() + "'");
    }
}
