/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tigris.ModuleConfig;
import tigris.Parameter;
import tigris.sort.KeySplitters;
import tigris.sort.PartitionParameters;
import tigris.sort.SortParameters;

/** Module parameters are typed records: each key defined once, written and read back the same, bad text refused by name. */
class ParameterTest {
    private static IllegalArgumentException refused(Map<String, String> parameters) {
        return assertThrows(IllegalArgumentException.class, () -> SortParameters.from(ModuleConfig.of("sort#2", parameters)));
    }

    @Test
    void parametersRoundTripThroughTheirText() {
        var partition = new PartitionParameters(Path.of("/data/in-{node}"), 5L, 100L, null, KeySplitters.decode("10,ff00"), 200_000, 1 << 20,
                        PartitionParameters.Payload.ENTRIES);
        var config = new ModuleConfig("partition#0", 0, 2, partition.toMap(), "h1");
        var read = PartitionParameters.from(config);
        assertEquals(Path.of("/data/in-h1"), read.input(), "{node} becomes the node's name when read");
        assertEquals(partition.splitters().encode(), read.splitters().encode());
        assertEquals(5L, read.first());
        assertNull(read.stripes(), "absent: all instances");
        assertEquals(PartitionParameters.Payload.ENTRIES, read.send());
        assertEquals("entries", partition.toMap().get("send"));

        var sort = new SortParameters(Path.of("/out"), SortParameters.Layout.OWN, 2, 4, 1 << 20, Path.of("/tmp"), false, true, 7, null);
        assertEquals(sort, SortParameters.from(ModuleConfig.of("sort", sort.toMap())));
    }

    @Test
    void aMovedInstanceReadsItsHomesNameAsEveryWayOfAskingDoes() {
        // sort#1 was placed on h1; a river job moved it to h2 after h1 was lost: it rebuilds h1's part.
        var moved = new ModuleConfig("sort#1", 1, 2, Map.of("output", "/data/out-{node}", "partitioners", "1", "label", "{node}"), "h2", "h1", null);
        assertEquals(Path.of("/data/out-h1"), moved.path("output"));
        assertEquals(Path.of("/data/out-h1"), SortParameters.from(moved).output(), "a typed parameter reads {node} as ModuleConfig.path does");
        assertEquals("h1", Parameter.text("label", null).from(moved));
    }

    @Test
    void badTextIsRefusedNamingTheModuleTheKeyAndTheValue() {
        Map<String, String> ok = Map.of("output", "/out", "partitioners", "2");
        SortParameters.from(ModuleConfig.of("sort#2", ok));
        assertEquals("module sort#2: parameter direct='yes' is neither 'true' nor 'false'",
                        refused(Map.of("output", "/out", "partitioners", "2", "direct", "yes")).getMessage());
        assertEquals("module sort#2: parameter layout='mine' is not one of 'shared', 'own'",
                        refused(Map.of("output", "/out", "partitioners", "2", "layout", "mine")).getMessage());
        assertEquals("module sort#2: parameter memory='lots' is not an integer",
                        refused(Map.of("output", "/out", "partitioners", "2", "memory", "lots")).getMessage());
        assertEquals("module sort#2 needs parameter 'partitioners' (has [output])", refused(Map.of("output", "/out")).getMessage());
        assertEquals("module sort#2: parameter partitioners (how many send to it) must be at least 1, got 0",
                        refused(Map.of("output", "/out", "partitioners", "0")).getMessage());
        assertEquals("module sort#2: parameter output='/out-{node}' names {node}, but it runs on no node",
                        refused(Map.of("output", "/out-{node}", "partitioners", "2")).getMessage());
        IllegalArgumentException water = assertThrows(IllegalArgumentException.class,
                        () -> PartitionParameters.from(ModuleConfig.of("p", Map.of("input", "/in", "water", "150"))));
        assertEquals("module p: water=150 is not a positive multiple of 100 bytes", water.getMessage());
    }
}
