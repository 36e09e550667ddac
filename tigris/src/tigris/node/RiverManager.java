/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

import tigris.AttemptKey;
import tigris.RiverAttempt;
import tigris.ThreadStatus;
import tigris.river.ConsumerEndPlan;
import tigris.river.ModulePlan;
import tigris.river.ProducerEndPlan;
import tigris.transport.Endpoint;

/**
 * The per-host manager (the thesis's RiverMgr), controlled over RMI by a control agent: it grows
 * a river on its host (modules from pushed jars, reservoirs, connections), starts and stops it,
 * and reports, and performs the {@link NodeAction}s an application asks for outside rivers. Each river
 * attempt is begun with a lease that the agent's calls renew; a node whose lease on an attempt
 * runs out fences it itself (stops it, commits nothing of it), and a node refuses an attempt of a
 * river older than one it has begun. Every call
 * comes from a holder of an agent's certificate (mutual TLS) and its arguments pass a deserialization filter
 * that admits only strings, string maps, byte arrays, numbers, module and reservoir end plans, the
 * transports' endpoints and action plans. No call changes when a transport or an application is added.
 *
 * <p>Errors are {@link RemoteException}s whose message names the node and what was wrong.
 */
public interface RiverManager extends Remote {
    /** The node's name. */
    String name() throws RemoteException;

    /**
     * Begins attempt {@code river} on this node, the first call of every attempt, with a lease of
     * {@code leaseMillis} that every later call naming the attempt renews ({@link #renew} when there
     * is nothing else to say), and the attempt's key, which its reservoirs' handshakes prove to
     * each other. An attempt older than one this node has begun of the same river is refused as
     * stale; an older one still here is fenced first.
     */
    void begin(RiverAttempt river, long leaseMillis, AttemptKey key) throws RemoteException;

    /** Renews this node's lease on {@code river}; refused, saying why, if the node fenced it. */
    void renew(RiverAttempt river) throws RemoteException;

    /**
     * Syncs every output file the river's attempts up to {@code river} staged on this node (each
     * file's latest) and lists them with their sizes: the slow first step of a job's commit, after
     * which nothing is left to write. Refused if this node has begun a later attempt, fenced this
     * one, or still runs it.
     */
    List<CommittedPart> prepare(RiverAttempt river) throws RemoteException;

    /**
     * Puts in place every output file {@link #prepare} listed (a rename each), the job's commit:
     * refused as {@code prepare} is.
     *
     * @return the files put in place
     */
    List<CommittedPart> commit(RiverAttempt river) throws RemoteException;

    /** The second phase: writes the job's marker, listing all of {@code job}'s parts, beside each part this node committed. */
    void markCommitted(RiverAttempt river, List<CommittedPart> job) throws RemoteException;

    /** Deletes every output file the river's attempts up to {@code river} staged here and did not commit: the job was given up. */
    void discard(RiverAttempt river) throws RemoteException;

    /** Stores a jar of module classes under {@code jarName}; modules load from it in their own class loader. */
    void pushJar(RiverAttempt river, String jarName, byte[] jar) throws RemoteException;

    /**
     * Grows this node's share of the river: the threads of module instances {@code modules} (not
     * started; each class from the pushed jar its plan names, none: Tigris's own modules) and the
     * consumer's ends {@code consumers} into them, each by the transport its plan names.
     *
     * @return where each consumer's end's producer finds it, by reservoir name
     */
    Map<String, Endpoint> grow(RiverAttempt river, List<ModulePlan> modules, List<ConsumerEndPlan> consumers) throws RemoteException;

    /** Opens the producer's ends {@code producers} of the river on this node, each joined to its consumer's end. */
    void join(RiverAttempt river, List<ProducerEndPlan> producers) throws RemoteException;

    /** Starts every module thread of the river on this node (after every connection is made). */
    void start(RiverAttempt river) throws RemoteException;

    /**
     * Stops every module thread of the river on this node because the river cannot complete, for
     * {@code cause}: their reservoirs end with it, not End of River ({@link tigris.ModuleThread#stop(String)}).
     */
    void stop(RiverAttempt river, String cause) throws RemoteException;

    /** Every module thread's status on this node, its module's report included. */
    List<ThreadStatus> status(RiverAttempt river) throws RemoteException;

    /** Stops the river if it runs and frees everything it holds on this node. */
    void destroy(RiverAttempt river) throws RemoteException;

    /**
     * Makes the action {@code plan} names (its class from the plan's jar, or Tigris's own module),
     * starts it on this node and returns at once (an action may take longer than the agent waits
     * for any answer); {@link #awaitAction} follows it.
     *
     * @return the action's id on this node
     * @throws RemoteException naming the class if it cannot be made (not found, not a {@link NodeAction}, no public no-argument constructor)
     */
    long perform(ActionPlan<?> plan) throws RemoteException;

    /**
     * Where action {@code id} stands once it ends or {@code waitMillis} (at most a second) pass.
     * An ended action's outcome is handed out once, then forgotten.
     */
    ActionOutcome awaitAction(long id, long waitMillis) throws RemoteException;
}
