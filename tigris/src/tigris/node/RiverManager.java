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
    /**
     * The node's name.
     *
     * @return its certificate's name, which the agent checks against the name it listed the node under
     * @throws RemoteException if the node cannot be reached
     */
    String name() throws RemoteException;

    /**
     * Begins attempt {@code river} on this node, the first call of every attempt, with a lease of
     * {@code leaseMillis} that every later call naming the attempt renews ({@link #renew} when there
     * is nothing else to say), and the attempt's key, which its reservoirs' handshakes prove to
     * each other. An attempt older than one this node has begun of the same river is refused as
     * stale; an older one still here is fenced first.
     *
     * @param river the attempt
     * @param leaseMillis how long the node goes on without word from the agent before it fences
     *        the attempt, ms: 100 to an hour
     * @param key the attempt's secret, which this node's reservoirs of it prove and never send
     * @throws RemoteException refusing it if {@code key} is null, the lease is out of range, the
     *         attempt is stale or was begun here already; or if the node cannot be reached
     */
    void begin(RiverAttempt river, long leaseMillis, AttemptKey key) throws RemoteException;

    /**
     * Renews this node's lease on {@code river}; refused, saying why, if the node fenced it.
     *
     * @param river the attempt
     * @throws RemoteException refusing it if the attempt was never begun here, was destroyed, is
     *         stale or was fenced (then saying why); or if the node cannot be reached
     */
    void renew(RiverAttempt river) throws RemoteException;

    /**
     * Syncs every output file the river's attempts up to {@code river} staged on this node (each
     * file's latest) and lists them with their sizes: the slow first step of a job's commit, after
     * which nothing is left to write. Refused if this node has begun a later attempt, fenced this
     * one, or still runs it.
     *
     * @param river the job's last attempt
     * @return each staged file's final path and synced size, none put in place yet
     * @throws RemoteException refusing it as above, or if this node has begun no attempt of the
     *         river up to {@code river} since it started (what it staged is not known here), or a
     *         file cannot be synced; or if the node cannot be reached
     */
    List<CommittedPart> prepare(RiverAttempt river) throws RemoteException;

    /**
     * Puts in place every output file {@link #prepare} listed (a rename each), the job's commit:
     * refused as {@code prepare} is.
     *
     * @param river the job's last attempt, as given to {@code prepare}
     * @return the files put in place
     * @throws RemoteException refusing it as {@code prepare} does, or if a file cannot be put in
     *         place; or if the node cannot be reached
     */
    List<CommittedPart> commit(RiverAttempt river) throws RemoteException;

    /**
     * The second phase: writes the job's marker, listing all of {@code job}'s parts, beside each
     * part this node committed. The job has then ended here: a later job may use the river's name
     * again from epoch 1.
     *
     * @param river the job's last attempt, as given to {@link #commit}
     * @param job every part the job committed, on every node
     * @throws RemoteException if a marker cannot be written, or the node cannot be reached
     */
    void markCommitted(RiverAttempt river, List<CommittedPart> job) throws RemoteException;

    /**
     * Deletes every output file the river's attempts up to {@code river} staged here and did not
     * commit: the job was given up. Nothing is refused: a node that staged nothing has nothing to
     * delete.
     *
     * @param river the job's last attempt
     * @throws RemoteException if the node cannot be reached
     */
    void discard(RiverAttempt river) throws RemoteException;

    /**
     * Stores a jar of module classes under {@code jarName}; modules load from it in their own class
     * loader. A second jar of the same name replaces the first.
     *
     * @param river the attempt whose modules the jar is for; it goes with the attempt
     * @param jarName a plain file name ending in {@code .jar}, at most 100 characters of
     *        {@code [A-Za-z0-9._-]}
     * @param jar the jar's bytes
     * @throws RemoteException refusing it if the attempt is not running here (as {@link #renew}
     *         says) or the name is not such a name, or if the jar cannot be stored; or if the node
     *         cannot be reached
     */
    void pushJar(RiverAttempt river, String jarName, byte[] jar) throws RemoteException;

    /**
     * Grows this node's share of the river: the threads of module instances {@code modules} (not
     * started; each class from the pushed jar its plan names, none: Tigris's own modules) and the
     * consumer's ends {@code consumers} into them, each by the transport its plan names.
     *
     * @param river the attempt
     * @param modules the module instances placed on this node
     * @param consumers the consumer's ends of the reservoirs into those instances
     * @return where each consumer's end's producer finds it, by reservoir name
     * @throws RemoteException refusing it if the attempt is not running here, a plan names a jar
     *         that was not pushed, or a module or an end cannot be made (saying which); or if the
     *         node cannot be reached
     */
    Map<String, Endpoint> grow(RiverAttempt river, List<ModulePlan> modules, List<ConsumerEndPlan> consumers) throws RemoteException;

    /**
     * Opens the producer's ends {@code producers} of the river on this node, each joined to its
     * consumer's end. Returns once every end is open.
     *
     * @param river the attempt
     * @param producers the producer's ends out of this node's instances, each with its
     *        consumer's endpoint that {@link #grow} handed back
     * @throws RemoteException refusing it if the attempt is not running here, or an end cannot
     *         be opened or joined (saying which); or if the node cannot be reached
     */
    void join(RiverAttempt river, List<ProducerEndPlan> producers) throws RemoteException;

    /**
     * Starts every module thread of the river on this node (after every connection is made).
     *
     * @param river the attempt
     * @throws RemoteException refusing it if the attempt is not running here, or a consumer's end
     *         was never joined by its producer; or if the node cannot be reached
     */
    void start(RiverAttempt river) throws RemoteException;

    /**
     * Stops every module thread of the river on this node because the river cannot complete, for
     * {@code cause}: their reservoirs end with it, not End of River ({@link tigris.ModuleThread#stop(String)}).
     * A river not here is passed over.
     *
     * @param river the attempt
     * @param cause why the river cannot complete, for the modules' failures downstream
     * @throws RemoteException if the node cannot be reached
     */
    void stop(RiverAttempt river, String cause) throws RemoteException;

    /**
     * Every module thread's status on this node, its module's report included.
     *
     * @param river the attempt
     * @return a status per module thread of the attempt on this node
     * @throws RemoteException refusing it if the attempt is not running here (it was fenced: the
     *         agent takes the node for lost); or if the node cannot be reached
     */
    List<ThreadStatus> status(RiverAttempt river) throws RemoteException;

    /**
     * Stops the river if it runs and frees everything it holds on this node: threads, ends, pushed
     * jars and its directory. A river not here is passed over. What it staged stays, for a commit
     * or a {@link #discard}.
     *
     * @param river the attempt
     * @throws RemoteException if the node cannot be reached
     */
    void destroy(RiverAttempt river) throws RemoteException;

    /**
     * Makes the action {@code plan} names (its class from the plan's jar, or Tigris's own module),
     * starts it on this node and returns at once (an action may take longer than the agent waits
     * for any answer); {@link #awaitAction} follows it.
     *
     * @param plan the action
     * @return the action's id on this node
     * @throws RemoteException naming the class if it cannot be made (not found, not a {@link NodeAction}, no public no-argument constructor),
     *         or its jar has a bad name or cannot be stored; or if the node cannot be reached
     */
    long perform(ActionPlan<?> plan) throws RemoteException;

    /**
     * Where action {@code id} stands once it ends or {@code waitMillis} (at most a second) pass.
     * An ended action's outcome is handed out once, then forgotten; one not collected within ten
     * minutes of its end may be forgotten too (its agent died).
     *
     * @param id the id {@link #perform} handed back
     * @param waitMillis how long to wait for the action to end, ms: 0 to 1000 (more counts as 1000)
     * @return the outcome: {@link ActionOutcome.State#RUNNING} if it has not ended by then
     * @throws RemoteException if there is no such action here (never started, or its outcome was
     *         collected), or the node cannot be reached
     */
    ActionOutcome awaitAction(long id, long waitMillis) throws RemoteException;
}
