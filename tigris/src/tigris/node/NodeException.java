package tigris.node;

import java.rmi.RemoteException;

/**
 * A call a {@link RiverManager} refused or could not carry out. The message names the node, the
 * river and what was wrong, the cause's own message included, so the agent reports it as it is
 * (a plain RemoteException's message repeats its cause after "nested exception is", and the
 * cause alone loses which node, reservoir and module it was about).
 */
public final class NodeException extends RemoteException {
    private static final long serialVersionUID = 1L;
    private final String what;

    public NodeException(String what, Throwable cause) {
        super(what, cause);
        this.what = what;
    }

    @Override
    public String getMessage() {
        return what;
    }
}
