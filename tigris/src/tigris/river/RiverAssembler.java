/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.graph.Connection;
import tigris.graph.ModuleSpec;
import tigris.graph.RiverGraph;
import tigris.transport.Endpoint;
import tigris.transport.ReservoirPlan;
import tigris.transport.Site;
import tigris.transport.Transport;
import tigris.transport.Transports;

/**
 * The one component that builds a river: a validated graph, a placement of every module instance
 * on a site, and the transports. It refuses, before anything is made, a pair of instances the
 * connection's transport cannot join; then it makes every module thread, joins every
 * (producer instance, consumer instance) pair of every connection (memory within a site, the
 * connection's transport between sites; every site's consumer's ends first, then the producer's
 * ends joined to their endpoints: a call per site for each, not per pair); then it starts every site. A river in one JVM is one {@link LocalSite}; the control
 * agent's river is a {@code RemoteSite} per node.
 */
public final class RiverAssembler {
    private RiverAssembler() {
    }

    /**
     * A river as assembled: the site of each instance, and how many reservoirs each transport made.
     *
     * @param where each module instance's site, by instance name ({@code "sort#3"}), in the graph's
     *        order of modules
     * @param made how many reservoirs each transport made, by transport id ({@code "memory"},
     *        {@code "tcp"}, ...)
     */
    public record Assembled(Map<String, RiverSite> where, Map<String, Integer> made) {
        /**
         * Starts every site, each once its consumer's ends are joined.
         *
         * @throws AssemblyException naming the site that could not start
         */
        public void start() throws AssemblyException {
            for (RiverSite site : new java.util.LinkedHashSet<>(where.values())) {
                step(site, site::start);
            }
        }
    }

    /** A step of the assembly that failed, with the site it failed at. */
    public static final class AssemblyException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient RiverSite site;

        AssemblyException(RiverSite site, String message, Throwable cause) {
            super(message, cause);
            this.site = site;
        }

        /** {@return the site the step failed at; null once the exception was serialized} */
        public RiverSite site() {
            return site;
        }
    }

    /**
     * Assembles {@code graph}: every module thread made, every reservoir joined; {@link Assembled#start()} starts it.
     *
     * @param graph the river; validated here if it was not
     * @param placement for each module, the site of each instance (a list as long as its instances)
     * @param jar the pushed jar its module classes come from; null: the sites' own classes
     * @return the river, built and not started
     * @throws tigris.graph.GraphException if the graph is not valid
     * @throws IllegalArgumentException if the placement does not fit the graph, a time-critical
     *         module is placed on a site that cannot run it, or a transport cannot join a pair it
     *         places ({@link UnjoinableException}); nothing was made
     * @throws AssemblyException naming the site and step that failed (what was made stays for
     *         the caller to destroy)
     */
    public static Assembled assemble(RiverGraph graph, Map<String, ? extends List<? extends RiverSite>> placement, String jar) throws AssemblyException {
        return assemble(graph, placement, Map.of(), jar);
    }

    /**
     * As {@link #assemble(RiverGraph, Map, String)}, each instance in {@code homes} told the node
     * it was first placed on (a river job moved it after that node was lost: {@link ModulePlan#home}).
     *
     * @param graph the river; validated here if it was not
     * @param placement for each module, the site of each instance (a list as long as its instances)
     * @param homes the home node of each moved instance, by instance name; an instance not in it
     *         runs on its home
     * @param jar the pushed jar its module classes come from; null: the sites' own classes
     * @return the river, built and not started
     * @throws tigris.graph.GraphException if the graph is not valid
     * @throws IllegalArgumentException as {@link #assemble(RiverGraph, Map, String)}; nothing was made
     * @throws AssemblyException naming the site and step that failed (what was made stays for
     *         the caller to destroy)
     */
    public static Assembled assemble(RiverGraph graph, Map<String, ? extends List<? extends RiverSite>> placement, Map<String, String> homes, String jar)
                    throws AssemblyException {
        graph.validate();
        Map<String, RiverSite> where = new LinkedHashMap<>();
        for (ModuleSpec m : graph.moduleList()) {
            List<? extends RiverSite> sites = placement.get(m.name());
            if (sites == null || sites.size() != m.instances()) {
                throw new IllegalArgumentException("placement of module " + m.name() + ": " + m.instances() + " node(s) needed, got " + sites);
            }
            for (int i = 0; i < m.instances(); i++) {
                where.put(ModulePlan.instanceName(m.name(), i, m.instances()), sites.get(i));
            }
        }
        for (ModuleSpec m : graph.moduleList()) {
            RiverSite site = where.get(ModulePlan.instanceName(m.name(), 0, m.instances()));
            if (m.timeCritical() != null && !site.runsTimeCritical()) {
                throw new IllegalArgumentException("module " + m.name() + " is time-critical, and the site it is placed on (" + site + ") cannot run it: a time-critical module runs as a "
                                + "Reflex task, and this site was given no Reflex runtime");
            }
        }
        Map<String, Site> sites = new LinkedHashMap<>();
        where.forEach((instance, site) -> sites.put(instance, site.site()));
        List<Pair> pairs = pairs(graph, sites);
        for (Pair p : pairs) {
            check(p);
        }
        // Each site's share, so that growing the river is three calls per site however wide it is.
        Map<RiverSite, List<ModulePlan>> modules = new LinkedHashMap<>();
        Map<RiverSite, List<ConsumerEndPlan>> consumers = new LinkedHashMap<>();
        Map<RiverSite, List<ProducerEndPlan>> producers = new LinkedHashMap<>();
        for (RiverSite site : where.values()) {
            modules.putIfAbsent(site, new ArrayList<>());
            consumers.putIfAbsent(site, new ArrayList<>());
            producers.putIfAbsent(site, new ArrayList<>());
        }
        for (ModuleSpec m : graph.moduleList()) {
            for (int i = 0; i < m.instances(); i++) {
                String name = ModulePlan.instanceName(m.name(), i, m.instances());
                modules.get(where.get(name)).add(new ModulePlan(name, m.moduleClass().getName(), jar, m.parameters(), i, m.instances(), m.policy(),
                                m.scheduling(), homes.get(name), m.timeCritical()));
            }
        }
        Map<String, Integer> made = new LinkedHashMap<>();
        List<ReservoirPlan> plans = new ArrayList<>();
        for (Pair p : pairs) {
            ReservoirPlan plan = new ReservoirPlan(ReservoirPlan.nameOf(p.from(), p.to()), p.transport().id(), p.connection().reservoir().window(),
                            p.connection().reservoir().waterSize());
            plans.add(plan);
            consumers.get(where.get(p.to())).add(new ConsumerEndPlan(plan, p.to(), Connection.port(p.connection().to())));
            made.merge(p.transport().id(), 1, Integer::sum);
        }
        // The consumer's ends first, on every site: each producer's end joins its consumer's where it says.
        Map<String, Endpoint> at = new LinkedHashMap<>();
        for (RiverSite site : modules.keySet()) {
            step(site, () -> at.putAll(site.grow(modules.get(site), consumers.get(site))));
        }
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            ReservoirPlan plan = plans.get(i);
            Endpoint e = at.get(plan.name());
            if (e == null) {
                throw new AssemblyException(where.get(p.to()), "site " + where.get(p.to()) + " opened no consumer's end of reservoir " + plan.name(), null);
            }
            producers.get(where.get(p.from())).add(new ProducerEndPlan(plan, p.from(), e));
        }
        for (RiverSite site : producers.keySet()) {
            step(site, () -> site.join(producers.get(site)));
        }
        return new Assembled(where, made);
    }

    /** A pair of instances the connection's transport cannot join. */
    public static final class UnjoinableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final transient Connection connection;

        UnjoinableException(Connection connection, String message) {
            super(message);
            this.connection = connection;
        }

        /** {@return the connection whose transport cannot join the pair; null once the exception was serialized} */
        public Connection connection() {
            return connection;
        }
    }

    /**
     * Refuses a pair of instances, placed on the sites at {@code placement} (for each module, the
     * site of each instance), that the connection's transport cannot join: what
     * {@link #assemble} checks first, for a caller that knows the sites before it has them (a
     * river file's nodes).
     *
     * @param graph the river, validated
     * @param placement for each module of the graph, the site of each instance (a list at least
     *        as long as its instances)
     * @throws UnjoinableException naming the connection, both instances and their sites, and the transport's rule
     */
    public static void checkJoins(RiverGraph graph, Map<String, ? extends List<Site>> placement) {
        Map<String, Site> where = new LinkedHashMap<>();
        for (ModuleSpec m : graph.moduleList()) {
            List<Site> on = placement.get(m.name());
            for (int i = 0; i < m.instances(); i++) {
                where.put(ModulePlan.instanceName(m.name(), i, m.instances()), on.get(i));
            }
        }
        for (Pair p : pairs(graph, where)) {
            check(p);
        }
    }

    private static void check(Pair p) {
        if (!p.transport().canJoin(p.producer(), p.consumer())) {
            throw new UnjoinableException(p.connection(), "connection " + p.connection().from() + " -> " + p.connection().to() + " is "
                            + p.transport().label() + " (transport=" + p.transport().id() + "), but " + p.from() + " runs on " + p.producer() + " and "
                            + p.to() + " on " + p.consumer() + ": " + p.transport().joinRule());
        }
    }

    /** One reservoir to make: a connection's producer and consumer instances, where they are, and the transport that joins them. */
    private record Pair(Connection connection, String from, String to, Site producer, Site consumer, Transport transport) {
    }

    private static List<Pair> pairs(RiverGraph graph, Map<String, Site> where) {
        Map<String, ModuleSpec> specs = graph.modules();
        List<Pair> pairs = new ArrayList<>();
        for (Connection c : graph.connections()) {
            ModuleSpec from = specs.get(Connection.module(c.from()));
            ModuleSpec to = specs.get(Connection.module(c.to()));
            for (int p = 0; p < from.instances(); p++) {
                for (int q = 0; q < to.instances(); q++) {
                    String a = ModulePlan.instanceName(from.name(), p, from.instances());
                    String b = ModulePlan.instanceName(to.name(), q, to.instances());
                    Site sa = where.get(a);
                    Site sb = where.get(b);
                    pairs.add(new Pair(c, a, b, sa, sb, Transports.byId(sa.equals(sb) ? "memory" : c.reservoir().across())));
                }
            }
        }
        return pairs;
    }

    private interface Step {
        void run() throws IOException;
    }

    private static void step(RiverSite site, Step step) throws AssemblyException {
        try {
            step.run();
        } catch (AssemblyException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new AssemblyException(site, e.getMessage(), e);
        }
    }
}
