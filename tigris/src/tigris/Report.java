/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.io.Serializable;

/**
 * What a module says of itself while it runs and once it has ended ({@link ModuleLifecycle#report()}):
 * a value the control agent reads from the nodes' status, typed by the module (TigrisSort's
 * partitioners and sorters have their own records), never a line of text parsed back. A report
 * of a class the agent may not have (a user's jar) travels as its {@link Object#toString() toString()}, in a
 * {@link TextReport}.
 */
public interface Report extends Serializable {
}
