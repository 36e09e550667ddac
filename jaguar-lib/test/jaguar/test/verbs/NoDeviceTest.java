/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.util.List;

import jaguar.verbs.NoRdmaDeviceException;
import jaguar.verbs.RdmaDevice;
import jaguar.verbs.Verbs;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Asking for a device that is not there is a clear exception, never a crash or a NULL. */
class NoDeviceTest {
    @Test
    void unknownDeviceIsNamed() {
        NoRdmaDeviceException e = assertThrows(NoRdmaDeviceException.class, () -> Verbs.open("jaguar-no-such-hca"));
        assertTrue(e.getMessage().contains("jaguar-no-such-hca") || e.getMessage().contains("no RDMA support"), e.getMessage());
    }

    @Test
    void hostWithoutRdmaSaysSo() {
        List<RdmaDevice> devices;
        try {
            devices = Verbs.devices();
        } catch (NoRdmaDeviceException e) {
            // This kernel has no RDMA support (the build host): the message says so and what to do.
            assertTrue(e.getMessage().contains("ENOSYS") && e.getMessage().contains("doc/verbs.md"), e.getMessage());
            assertThrows(NoRdmaDeviceException.class, Verbs::openFirst);
            return;
        }
        // A host with RDMA: every listed device opens.
        for (RdmaDevice d : devices) {
            try (var ctx = Verbs.open(d.name())) {
                assertTrue(ctx.queryDevice().physicalPortCount() >= 1, d.toString());
            }
        }
    }
}
