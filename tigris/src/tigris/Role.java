/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.security.cert.X509Certificate;
import java.util.Locale;

import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * What a cluster certificate lets its holder do, written by the cluster's CA into the
 * certificate's subject as its organizational unit ({@code CN=h1, OU=node, O=tigris}): an agent
 * commands nodes, a node serves rivers and talks to other nodes. A node obeys only agents, so one
 * node's key cannot command another node.
 */
public enum Role {
    /** A node: serves rivers and talks to other nodes; obeys only agents. */
    NODE,
    /** An agent: commands nodes (grows, starts, stops and destroys rivers, pushes code). */
    AGENT;

    /** {@return the subject's organizational unit that names this role: {@code "node"} or {@code "agent"}} */
    public String unit() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The role a {@code tigris cert --role} value names.
     *
     * @param s the value, {@code "node"} or {@code "agent"} (lower case)
     * @return the role
     * @throws IllegalArgumentException if {@code s} names no role, saying which roles there are
     */
    public static Role parse(String s) {
        for (Role r : values()) {
            if (r.unit().equals(s)) {
                return r;
            }
        }
        throw new IllegalArgumentException("role " + s + ": say node or agent");
    }

    /**
     * The subject a certificate of {@code name} in this role has.
     *
     * @param name the node's or agent's name, its common name
     * @return the subject's distinguished name, {@code "CN=h1,OU=node,O=tigris"}
     */
    public String subject(String name) {
        return "CN=" + name + ",OU=" + unit() + ",O=tigris";
    }

    /**
     * The role {@code cert}'s subject names.
     *
     * @param cert a certificate, its chain not checked here
     * @return the role, or null if it names none (a key made before roles, or not by a Tigris CA)
     */
    public static Role of(X509Certificate cert) {
        String unit = attribute(cert, "OU");
        for (Role r : values()) {
            if (r.unit().equals(unit)) {
                return r;
            }
        }
        return null;
    }

    /**
     * The name (common name) {@code cert} was issued to, for messages and for checking a node's name.
     *
     * @param cert a certificate
     * @return its common name, or its whole subject if it has none
     */
    public static String nameOf(X509Certificate cert) {
        String cn = attribute(cert, "CN");
        return cn != null ? cn : cert.getSubjectX500Principal().getName();
    }

    private static String attribute(X509Certificate cert, String type) {
        try {
            for (Rdn rdn : new LdapName(cert.getSubjectX500Principal().getName()).getRdns()) {
                if (rdn.getType().equalsIgnoreCase(type)) {
                    return String.valueOf(rdn.getValue());
                }
            }
        } catch (InvalidNameException e) {
            return null;
        }
        return null;
    }
}
