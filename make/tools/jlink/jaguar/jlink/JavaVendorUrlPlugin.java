/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.jlink;

/** {@code --java-vendor-url=<url>}: the {@code java.vendor.url} property of the linked image. */
public final class JavaVendorUrlPlugin extends VersionPropsConstantPlugin {
    public JavaVendorUrlPlugin() {
        super("java-vendor-url", "VENDOR_URL");
    }
}
