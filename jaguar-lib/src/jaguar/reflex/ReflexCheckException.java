/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.reflex;

import java.util.List;

/** A task class whose code breaks the rules {@link ReflexChecker} checks; the message lists each violation. */
public final class ReflexCheckException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient List<String> violations;

    ReflexCheckException(Class<?> task, List<String> violations) {
        super("task class " + task.getName() + " may keep heap references past an invocation or block on a lock (" + violations.size()
                        + (violations.size() == 1 ? " violation" : " violations") + "):\n  " + String.join("\n  ", violations));
        this.violations = List.copyOf(violations);
    }

    /**
     * One line each: class, method, bytecode offset, line, instruction and why.
     *
     * @return the violations, at least one, unmodifiable; empty after deserialisation (the list is
     *         not serialised, the message is)
     */
    public List<String> violations() {
        return violations;
    }
}
