/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.WaterPool;
import tigris.sort.SortModule;
import tigris.sort.SortParameters;
import tigris.sort.SortWaterKind;

/** A sorter fed entries (keys and record numbers of its input file) refuses entries that do not fit that file. */
class SortModuleEntriesTest {
    @TempDir
    Path dir;

    private SortModule sorterOf(Path input) {
        SortModule s = new SortModule();
        s.init(ModuleConfig.of("sort", new SortParameters(dir.resolve("out.dat"), SortParameters.Layout.SHARED, null, 1, 1 << 20, dir, true, true, 0,
                        input).toMap()));
        return s;
    }

    /** A Water of entries (key prefix, then suffix << 48 | record), little-endian as partitioners write them. */
    private static Water entries(WaterPool pool, long... recordNumbers) {
        Water w = pool.createWater(16 * recordNumbers.length);
        for (int i = 0; i < recordNumbers.length; i++) {
            w.buffer().putLong(16L * i, 0x0102030405060708L + i, ByteOrder.LITTLE_ENDIAN);
            w.buffer().putLong(16L * i + 8, recordNumbers[i], ByteOrder.LITTLE_ENDIAN);
        }
        w.setLength(16 * recordNumbers.length);
        w.setKind(SortWaterKind.ENTRIES);
        return w;
    }

    @Test
    void anEntryNamingARecordPastTheInputIsRefusedByNumberAndFile() throws Exception {
        Path input = dir.resolve("in.dat");
        Files.write(input, new byte[100 * 10]);
        SortModule s = sorterOf(input);
        WaterPool pool = new WaterPool(1 << 16, 4);
        try {
            s.doOperation(entries(pool, 0, 9, 3), null);
            assertEquals(3, s.recordsReceived());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.doOperation(entries(pool, 4, 10), null));
            assertTrue(e.getMessage().contains("names record 10 of " + input + ", which has 10 records"), e.getMessage());
        } finally {
            s.destroy();
        }
    }

    @Test
    void aWaterOfPartEntriesIsRefused() throws Exception {
        Path input = dir.resolve("in.dat");
        Files.write(input, new byte[100 * 10]);
        SortModule s = sorterOf(input);
        try {
            Water w = new WaterPool(1 << 16, 4).createWater(1000);
            w.setLength(40);
            w.setKind(SortWaterKind.ENTRIES);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.doOperation(w, null));
            assertTrue(e.getMessage().contains("a Water of 40 bytes is not whole 16-byte entries"), e.getMessage());
        } finally {
            s.destroy();
        }
    }

    @Test
    void aWaterOfTheWrongKindIsRefused() throws Exception {
        Path input = dir.resolve("in.dat");
        Files.write(input, new byte[100 * 10]);
        SortModule s = sorterOf(input);
        WaterPool pool = new WaterPool(1 << 16, 4);
        try {
            // 400 bytes: as many whole 100-byte records as 16-byte entries; only the kind tells.
            Water records = pool.createWater(400);
            records.setLength(400);
            records.setKind(SortWaterKind.RECORDS);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.doOperation(records, null));
            assertEquals("module sort: a Water of records where entries or a tally were expected", e.getMessage());
            Water unkinded = pool.createWater(400);
            unkinded.setLength(400);
            e = assertThrows(IllegalArgumentException.class, () -> s.doOperation(unkinded, null));
            assertEquals("module sort: a Water of kind 0 (not TigrisSort's) where entries or a tally were expected", e.getMessage());
            Water fakeTally = pool.createWater(400);
            fakeTally.setLength(400);
            fakeTally.setKind(SortWaterKind.TALLY);
            e = assertThrows(IllegalArgumentException.class, () -> s.doOperation(fakeTally, null));
            assertTrue(e.getMessage().contains("a Water of kind tally without a tally's magic (400 bytes)"), e.getMessage());
            assertEquals(0, s.recordsReceived());
        } finally {
            s.destroy();
        }
    }

    @Test
    void aMissingEntriesInputIsNamedAtInit() {
        Path missing = dir.resolve("nowhere.dat");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sorterOf(missing));
        assertTrue(e.getMessage().contains("cannot read entries-from input " + missing), e.getMessage());
    }
}
