package tigris.node;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

import tigris.ThreadStatus;

/**
 * The per-host manager (the thesis's RiverMgr), controlled over RMI by a control agent: it grows
 * a river on its host (modules from pushed jars, reservoirs, connections), starts and stops it,
 * and reports, and performs the few {@link NodeAction}s an agent needs outside rivers. Every call
 * is authenticated by the cluster key (mutual TLS) and its arguments pass a deserialization filter
 * that admits only strings, string maps, byte arrays, numbers and the node actions.
 *
 * <p>Errors are {@link RemoteException}s whose message names the node and what was wrong.
 */
public interface RiverManager extends Remote {
    /** The node's name. */
    String name() throws RemoteException;

    /** Stores a jar of module classes under {@code jarName}; modules load from it in their own class loader. */
    void pushJar(String river, String jarName, byte[] jar) throws RemoteException;

    /**
     * Creates module thread {@code module} (instance {@code instance} of {@code instances}) of
     * class {@code className} from pushed jar {@code jarName} (null: one of Tigris's own modules),
     * with parameters and a thread policy (ROUND_ROBIN, RANDOM, LOTTERY, PARTITIONED).
     */
    void createModule(String river, String module, String className, String jarName, Map<String, String> parameters, int instance,
                    int instances, String policy) throws RemoteException;

    /** Opens the consumer's end of TCP reservoir {@code reservoir} into {@code module}; returns the port it listens on. */
    int listen(String river, String reservoir, String module) throws RemoteException;

    /** Connects {@code module}'s output to a consumer's end listening at host:port. */
    void connect(String river, String reservoir, String module, String host, int port, int window, int waterSize) throws RemoteException;

    /**
     * Opens the consumer's end of verbs reservoir {@code reservoir} into {@code module}: an
     * rdma_cm listener on {@code address} (an address of this host's RDMA device) for a producer
     * asking for at most {@code window} Waters in flight; returns its port.
     */
    int listenVerbs(String river, String reservoir, String module, String address, int window) throws RemoteException;

    /** Connects {@code module}'s output over verbs to a consumer's end listening at host:port (made by listenVerbs). */
    void connectVerbs(String river, String reservoir, String module, String host, int port, int window, int waterSize) throws RemoteException;

    /** Joins two modules on this node with a memory reservoir. */
    void connectLocal(String river, String reservoir, String from, String to, int window, int waterSize) throws RemoteException;

    /** Makes the producer's end of a shared-memory reservoir out of {@code module}: segment {@code segment} on this host. */
    void connectShm(String river, String reservoir, String module, String segment, int window, int waterSize) throws RemoteException;

    /** Maps the consumer's end of shared-memory reservoir segment {@code segment} (made by connectShm on this host) into {@code module}. */
    void attachShm(String river, String reservoir, String module, String segment) throws RemoteException;

    /** Starts every module thread of the river on this node (after every connection is made). */
    void start(String river) throws RemoteException;

    /** Stops every module thread of the river on this node. */
    void stop(String river) throws RemoteException;

    /** Every module thread's status on this node, its module's report included. */
    List<ThreadStatus> status(String river) throws RemoteException;

    /** Stops the river if it runs and frees everything it holds on this node. */
    void destroy(String river) throws RemoteException;

    /**
     * Starts {@code action} on this node and returns at once (an action may take longer than the
     * agent waits for any answer); {@link #awaitAction} follows it.
     *
     * @return the action's id on this node
     */
    long perform(NodeAction<?> action) throws RemoteException;

    /**
     * Where action {@code id} stands once it ends or {@code waitMillis} (at most a second) pass.
     * An ended action's outcome is handed out once, then forgotten.
     */
    ActionOutcome awaitAction(long id, long waitMillis) throws RemoteException;
}
