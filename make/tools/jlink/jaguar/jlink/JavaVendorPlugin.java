/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.jlink;

/** {@code --java-vendor=<name>}: the {@code java.vendor} property of the linked image. */
public final class JavaVendorPlugin extends VersionPropsConstantPlugin {
    public JavaVendorPlugin() {
        super("java-vendor", "VENDOR");
    }
}
