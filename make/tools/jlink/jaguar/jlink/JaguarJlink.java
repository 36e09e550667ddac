/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.jlink;

import jdk.tools.jlink.internal.PluginRepository;

/**
 * jlink with Jaguar's plugins: the JDK's jlink main, after registering the plugins that set
 * java.base's vendor constants (doc/architecture.md, "The image"). jlink finds plugins only in
 * its own module or through this registry, so the image build runs jlink's main class from here.
 */
public final class JaguarJlink {
    private JaguarJlink() {
    }

    public static void main(String[] args) throws Exception {
        PluginRepository.registerPlugin(new JavaVendorPlugin());
        PluginRepository.registerPlugin(new JavaVendorUrlPlugin());
        jdk.tools.jlink.internal.Main.main(args);
    }
}
