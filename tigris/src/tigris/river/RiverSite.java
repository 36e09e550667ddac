/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import tigris.transport.Endpoint;
import tigris.transport.Site;

/**
 * One node's share of a river, as the {@link RiverAssembler} grows it, in three calls whatever
 * the river's width: in this JVM ({@link LocalSite}) or on a node across RMI ({@code RemoteSite}).
 */
public interface RiverSite {
    /** {@return the node and the address it is listed at, for the transports' join rules} */
    Site site();

    /**
     * Makes the threads of module instances {@code modules} here (not started) and opens the
     * consumer's ends {@code consumers} into them.
     *
     * @param modules the module instances placed here
     * @param consumers the consumer's ends placed here, each into one of those instances
     * @return where each consumer's end's producer finds it, by reservoir name
     * @throws IOException if something could not be made or opened (a node's answer, an end the
     *         transport could not open), saying which and why
     */
    Map<String, Endpoint> grow(List<ModulePlan> modules, List<ConsumerEndPlan> consumers) throws IOException;

    /**
     * Opens the producer's ends {@code producers} here, each joined to its consumer's end, and
     * adds each to its module instance's thread.
     *
     * @param producers the producer's ends placed here, out of instances grown here
     * @throws IOException if an end could not be opened or joined (its consumer's node refused it,
     *         could not be reached, ...), saying which and why
     */
    void join(List<ProducerEndPlan> producers) throws IOException;

    /**
     * Whether it can run a time-critical module (a Reflex task, {@link tigris.graph.TimeCritical}):
     * a node can (it starts a Reflex runtime when the first arrives), a site in this JVM only if
     * it was given one.
     *
     * @return true if it can; false by default
     */
    default boolean runsTimeCritical() {
        return false;
    }

    /**
     * Starts every module thread here, once every consumer's end is joined.
     *
     * @throws IOException if the site could not be told to start (a node that does not answer)
     */
    void start() throws IOException;
}
