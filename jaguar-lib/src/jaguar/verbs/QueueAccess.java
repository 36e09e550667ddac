/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * How the binding reaches the rings of a queue pair or completion queue: through the provider
 * library's data-path calls (ibv_post_send, ibv_post_recv, ibv_poll_cq), or directly, writing work
 * requests into the queues the device shares with the process and reading completions out of
 * them, with Jaguar's code mappings (doc/verbs.md, "Direct queue access"). Direct access exists
 * where the provider's queue format is known: Soft-RoCE (rxe) now.
 */
public enum QueueAccess {
    /**
     * Direct where this process's provider is one Jaguar knows and every check of its queues
     * passes, else the provider's calls. {@code -Djaguar.verbs.queueAccess=provider} makes AUTO
     * mean PROVIDER (the baseline of the benchmarks).
     */
    AUTO,
    /** Always the provider library's calls. */
    PROVIDER,
    /** Direct, or fail at creation with the reason it cannot be. */
    DIRECT;

    /** What AUTO resolves to in this VM. */
    static final boolean AUTO_IS_DIRECT = autoIsDirect(System.getProperty("jaguar.verbs.queueAccess", "auto"));

    /** Why this access means the provider's calls without trying direct access, or null to try it. */
    String providerOnlyReason() {
        return this == PROVIDER ? "PROVIDER access was asked for"
                : this == AUTO && !AUTO_IS_DIRECT ? "-Djaguar.verbs.queueAccess=provider" : null;
    }

    private static boolean autoIsDirect(String value) {
        return switch (value) {
            case "auto" -> true;
            case "provider" -> false;
            default -> throw new IllegalArgumentException("-Djaguar.verbs.queueAccess=" + value + ": expected auto or provider");
        };
    }
}
