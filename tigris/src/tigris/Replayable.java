/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

/**
 * A source module whose output depends only on its parameters and on the input it reads through
 * {@link ModuleConfig#inputPath}: a river job may run it again, from the start, on its home node or,
 * when that node is lost, on the holder of its home's mirror (the next node of the job), where it
 * reads the mirror instead. A river job recovers from a lost node only if every source of its
 * river is replayable ({@code tigris.node.MovingPlanner}); the modules downstream are run again
 * from what the sources put, so they must compute the same from the same Waters.
 */
public interface Replayable {
}
