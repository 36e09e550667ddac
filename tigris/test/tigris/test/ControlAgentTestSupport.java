/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

/** Helpers for the control tests. */
final class ControlAgentTestSupport {
    private ControlAgentTestSupport() {
    }

    /** Every message in a cause chain, for assertions on where a failure came from. */
    static String chain(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            sb.append(c).append(" <- ");
        }
        return sb.toString();
    }
}
