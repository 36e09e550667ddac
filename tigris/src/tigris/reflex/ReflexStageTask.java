/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.reflex;

import jaguar.pso.PSOContainer;
import jaguar.reflex.OverrunPolicy;
import jaguar.reflex.ReflexTask;

/**
 * The Reflex task of a time-critical stage: each invocation is one run of {@link ReflexStage}.
 * A class of its own, outside the stage's nest, on purpose: {@code ReflexChecker} reads a task's
 * {@code execute()} and the methods of the task's own classes it calls, and refuses heap
 * references kept in fields or arrays. This class keeps one, the stage, in a final field set by
 * its constructor (not checked: it runs once, before the task is added); the stage's run keeps
 * Waters, ends and the module across runs, because a Water is a Java object over off-heap bytes
 * and the stage holds Waters by design. So the stage is Tigris's library code, trusted as the
 * checker trusts {@code jaguar.lib}, and its state is not the task's stable state: it needs only
 * a container's header there, and no transient arena. Runs never throw (a failure ends the stage
 * instead), so the transaction's rollback never has anything to undo.
 */
final class ReflexStageTask extends ReflexTask {
    private final ReflexStage stage;

    ReflexStageTask(ReflexStage stage, String name) {
        // SKIP: a run that overran its period does not make up the releases that passed; the next
        // run takes whatever arrived meanwhile anyway.
        super(name, 0, OverrunPolicy.SKIP, PSOContainer.HEADER_SIZE, 0);
        this.stage = stage;
    }

    /** On the scheduler's thread: the stage's ends get its Parker. */
    @Override
    protected void initialize() {
        stage.attachScheduler();
    }

    @Override
    protected void execute() {
        stage.runOnce();
    }
}
