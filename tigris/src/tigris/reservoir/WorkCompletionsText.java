/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reservoir;

import jaguar.verbs.WorkCompletions;

/** How a failed completion reads in a reservoir's error. */
final class WorkCompletionsText {
    private WorkCompletionsText() {
    }

    static String of(WorkCompletions wc, int i) {
        return wc.opcode(i) + " completed with " + WorkCompletions.statusName(wc.status(i)) + " (status " + wc.status(i) + ")";
    }
}
