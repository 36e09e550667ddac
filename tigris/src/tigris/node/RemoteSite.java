/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

import tigris.RiverAttempt;
import tigris.river.ConsumerEndPlan;
import tigris.river.ModulePlan;
import tigris.river.ProducerEndPlan;
import tigris.river.RiverSite;
import tigris.transport.Endpoint;
import tigris.transport.Site;

/** A node's share of a river, reached across RMI: the control agent's side of the assembly. */
final class RemoteSite implements RiverSite {
    private final ControlAgent.Node node;
    private final RiverManager manager;
    private final RiverAttempt river;

    RemoteSite(ControlAgent.Node node, RiverManager manager, RiverAttempt river) {
        this.node = node;
        this.manager = manager;
        this.river = river;
    }

    ControlAgent.Node node() {
        return node;
    }

    /** A node starts its Reflex runtime when its first time-critical module arrives. */
    @Override
    public boolean runsTimeCritical() {
        return true;
    }

    @Override
    public Site site() {
        return new Site(node.name(), node.host());
    }

    @Override
    public Map<String, Endpoint> grow(List<ModulePlan> modules, List<ConsumerEndPlan> consumers) throws IOException {
        try {
            return manager.grow(river, modules, consumers);
        } catch (RemoteException e) {
            throw failed(e);
        }
    }

    @Override
    public void join(List<ProducerEndPlan> producers) throws IOException {
        try {
            manager.join(river, producers);
        } catch (RemoteException e) {
            throw failed(e);
        }
    }

    @Override
    public void start() throws IOException {
        try {
            manager.start(river);
        } catch (RemoteException e) {
            throw failed(e);
        }
    }

    /** What the node said went wrong, or that it could not be reached. */
    private IOException failed(RemoteException e) {
        return new IOException(ControlAgent.nodeError(e), e);
    }

    @Override
    public String toString() {
        return node.toString();
    }
}
