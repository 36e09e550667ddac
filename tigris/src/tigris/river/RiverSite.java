package tigris.river;

import java.io.IOException;

import tigris.transport.Endpoint;
import tigris.transport.ReservoirPlan;
import tigris.transport.Site;

/**
 * One node's share of a river, as the {@link RiverAssembler} grows it: in this JVM
 * ({@link LocalSite}) or on a node across RMI ({@link RemoteSite}).
 */
public interface RiverSite {
    /** The node and the address it is listed at, for the transports' join rules. */
    Site site();

    /** Makes module instance {@code plan}'s thread here (not started). */
    void createModule(ModulePlan plan) throws IOException;

    /** Opens the consumer's end of {@code plan} into instance {@code module} here; returns where its producer finds it. */
    Endpoint openConsumer(ReservoirPlan plan, String module) throws IOException;

    /** Opens the producer's end of {@code plan} out of instance {@code module} here, joined to the consumer's end at {@code at}. */
    void openProducer(ReservoirPlan plan, String module, Endpoint at) throws IOException;

    /** Starts every module thread here, once every consumer's end is joined. */
    void start() throws IOException;
}
