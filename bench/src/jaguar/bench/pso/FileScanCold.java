/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * FileScan with a cold page cache: before every scan, sync and drop the page cache (needs root;
 * run with single-shot mode, make -C bench filescan-cold). Drops the whole machine's cache.
 */
public class FileScanCold extends FileScan {
    @Setup(Level.Invocation)
    public void dropCaches() throws IOException, InterruptedException {
        if (new ProcessBuilder("sync").inheritIO().start().waitFor() != 0) {
            throw new IOException("sync failed");
        }
        Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3");
    }
}
