/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.lang.module.ModuleReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The runtime knows no application: no class of Tigris's runtime packages (its core, the node and
 * agent, rivers, graphs, transports, reservoirs, Distributed Queues, the live view) names anything
 * of TigrisSort, in a reference, a descriptor or a signature. An application brings its modules
 * and its node actions by name. Read from the classes in Jaguar's image, with the ClassFile API.
 */
class RuntimeLayersTest {
    /** Packages (as class file paths) that make up the runtime. */
    private static final Set<String> RUNTIME = Set.of("tigris/", "tigris/node/", "tigris/river/", "tigris/graph/", "tigris/transport/",
                    "tigris/reservoir/", "tigris/dq/", "tigris/view/", "tigris/flow/", "tigris/events/");
    private static final String APPLICATION = "tigris/sort/";

    @Test
    void noRuntimeClassNamesTheSort() throws IOException {
        Module runtime = tigris.ModuleThread.class.getModule();
        List<String> offending = new ArrayList<>();
        int read = 0;
        try (ModuleReader reader = runtime.getLayer().configuration().findModule(runtime.getName()).orElseThrow().reference().open()) {
            for (String entry : reader.list().filter(e -> e.endsWith(".class")).toList()) {
                String pkg = entry.substring(0, entry.lastIndexOf('/') + 1);
                if (!RUNTIME.contains(pkg)) {
                    continue;
                }
                read++;
                ClassModel c = ClassFile.of().parse(reader.read(entry).map(b -> {
                    byte[] bytes = new byte[b.remaining()];
                    b.get(bytes);
                    reader.release(b);
                    return bytes;
                }).orElseThrow());
                for (PoolEntry e : c.constantPool()) {
                    if (e instanceof Utf8Entry u && u.stringValue().contains(APPLICATION)) {
                        offending.add(entry + " names " + u.stringValue());
                    }
                }
            }
        }
        assertTrue(read > 100, "the runtime's classes were read: " + read);
        assertTrue(offending.isEmpty(), "runtime classes that name the sort: " + offending);
    }
}
