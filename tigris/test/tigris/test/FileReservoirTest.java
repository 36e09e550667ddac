package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tigris.ModuleConfig;
import tigris.ReservoirFailedException;
import tigris.Water;
import tigris.dq.RoundRobinModuleThread;
import tigris.reservoir.FileReservoir;
import tigris.reservoir.WaterFileReader;
import tigris.reservoir.WaterFileWriter;
import tigris.reservoir.WaterFileDescriptor;

/** File reservoirs: a river writes Waters to a file and another reads them back, PSOs and all. */
class FileReservoirTest {
    @TempDir
    Path dir;

    @Test
    void watersWrittenToAFileComeBackAsTheSameWaters() throws Exception {
        Path f = dir.resolve("waters.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 4096)) {
            TestModules.runToEnd(new RoundRobinModuleThread(new TestModules.Source(300, 7), ModuleConfig.of("source", Map.of())).addDownstream(out));
            assertEquals(300, out.waters());
        }
        var sink = new TestModules.Sink();
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            TestModules.runToEnd(new RoundRobinModuleThread(sink, ModuleConfig.of("sink", Map.of())).addUpstream(in));
        }
        long n = 300 * 7;
        assertEquals(300, sink.waters.get());
        assertEquals(n, sink.records.get());
        assertEquals(n * (n - 1) / 2, sink.keySum.get());
        assertTrue(sink.sawEnd);
    }

    @Test
    void aRawReaderCutsAnyFileIntoWaters() throws Exception {
        Path f = dir.resolve("raw.bin");
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Files.write(f, bytes);
        try (WaterFileReader in = FileReservoir.rawReader("raw", f, 300)) {
            int at = 0;
            for (int expected : List.of(300, 300, 300, 100)) {
                Water w = in.get();
                assertEquals(expected, w.length());
                assertEquals(bytes[at + expected - 1], w.buffer().getByte(expected - 1));
                at += expected;
                w.release();
            }
            assertNull(in.get());
            assertTrue(in.isEnded());
        }
    }

    @Test
    void badFilesAreNamedWithWhatIsWrong() throws Exception {
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, () -> FileReservoir.reader("in", dir.resolve("missing")));
        assertTrue(missing.getMessage().contains("missing"));
        Path junk = dir.resolve("junk");
        Files.writeString(junk, "not a water file at all");
        IOException e = assertThrows(IOException.class, () -> FileReservoir.reader("in", junk));
        assertTrue(e.getMessage().contains("is not a Tigris Water file"), e.getMessage());

        Path f = dir.resolve("cut.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            for (int i = 0; i < 3; i++) {
                Water w = out.spring().createWater(256);
                w.setLength(200);
                out.put(w);
            }
            out.endOfRiver();
        }
        byte[] all = Files.readAllBytes(f);
        Files.write(f, java.util.Arrays.copyOf(all, all.length - 50));
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            in.get().release();
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains("ends inside Water 3 (200 bytes) at offset " + WaterFileDescriptor.frameOffset(200, 200)), x.getMessage());
        }
    }

    @Test
    void aVersion1WaterFileIsRefusedWithBothVersionsNamed() throws Exception {
        Path f = dir.resolve("old.tgr");
        ByteBuffer h = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, 1)
                        .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, 256);
        Files.write(f, h.array());
        IOException e = assertThrows(IOException.class, () -> FileReservoir.reader("in", f));
        assertEquals(f + " is a Water file of version 1; this reader knows versions 2 to " + WaterFileDescriptor.VERSION, e.getMessage());
    }

    /**
     * A failed producer's file ends with its cause, which a reader gives after the Waters before it;
     * a failure frame claiming a longer cause than a writer writes is named as what it is.
     */
    @Test
    void aFailedWritersFileEndsWithItsCause() throws Exception {
        Path f = dir.resolve("failed.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            Water w = out.spring().createWater(256);
            w.setLength(10);
            out.put(w);
            out.endWithFailure("module gen#0 failed: disk full");
        }
        assertEquals(WaterFileDescriptor.frameOffset(10) + WaterFileDescriptor.FRAME_HEADER + "module gen#0 failed: disk full".length(), Files.size(f));
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            tigris.UpstreamFailedException x = assertThrows(tigris.UpstreamFailedException.class, in::get);
            assertEquals("reservoir in: the stream ends with its producer's failure: module gen#0 failed: disk full (" + f + ")", x.getMessage());
        }
        Path hostile = dir.resolve("hostile.tgr");
        ByteBuffer b = ByteBuffer.allocate(WaterFileDescriptor.HEADER_SIZE + WaterFileDescriptor.FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(WaterFileDescriptor.MAGIC_OFFSET, WaterFileDescriptor.MAGIC).putInt(WaterFileDescriptor.VERSION_OFFSET, WaterFileDescriptor.VERSION)
                        .putInt(WaterFileDescriptor.WATER_SIZE_OFFSET, 256);
        b.putInt(WaterFileDescriptor.HEADER_SIZE, WaterFileDescriptor.FAILED).putInt(WaterFileDescriptor.HEADER_SIZE + WaterFileDescriptor.FAILED_CAUSE_LENGTH_OFFSET, 5000);
        Files.write(hostile, b.array());
        try (WaterFileReader in = FileReservoir.reader("in", hostile)) {
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertEquals("reservoir in: " + hostile + " at offset 16: a failure frame with a cause of 5000 bytes, more than 1024", x.getMessage());
        }
    }

    @Test
    void aFileWithoutEndOfRiverIsNamedTruncated() throws Exception {
        Path f = dir.resolve("unfinished.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 256)) {
            for (int i = 0; i < 2; i++) {
                Water w = out.spring().createWater(256);
                w.setLength(100);
                out.put(w);
            }
            // closed without End of River: the writer died, as far as a reader can tell
        }
        assertEquals(WaterFileDescriptor.frameOffset(100, 100), Files.size(f), "ends at a Water's end");
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            in.get().release();
            in.get().release();
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains(f + " ends after Water 2 without End of River (offset " + WaterFileDescriptor.frameOffset(100, 100) + ")"),
                            x.getMessage());
        }
        // The complete file has one more frame, and bytes after it are named too.
        Path whole = dir.resolve("whole.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", whole, 256)) {
            out.endOfRiver();
        }
        assertEquals(WaterFileDescriptor.fileBytes(), Files.size(whole));
        Files.write(whole, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        try (WaterFileReader in = FileReservoir.reader("in", whole)) {
            ReservoirFailedException x = assertThrows(ReservoirFailedException.class, in::get);
            assertTrue(x.getMessage().contains("holds 3 more bytes after its End of River frame"), x.getMessage());
        }
    }

    @Test
    void theEndsOfferOnlyTheirOwnOperations() throws Exception {
        // Each end has only its own half: what a writer cannot do is not there to be refused.
        for (var m : WaterFileWriter.class.getMethods()) {
            assertFalse(java.util.Set.of("poll", "get", "isEnded", "creditBack").contains(m.getName()), "writer has " + m);
        }
        for (var m : WaterFileReader.class.getMethods()) {
            assertFalse(java.util.Set.of("put", "endOfRiver", "spring", "credits").contains(m.getName()), "reader has " + m);
        }
        Path f = dir.resolve("roles.tgr");
        try (WaterFileWriter out = FileReservoir.writer("out", f, 64)) {
            Water big = out.spring().createWater(64);
            assertEquals(out.window(), out.credits(), "a file takes what it is given");
            out.endOfRiver();
            assertEquals(0, out.credits());
            assertThrows(IllegalStateException.class, () -> out.put(big));
        }
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            assertNull(in.get());
        }
    }

    @Test
    void aReaderReadsAheadOnlyAsFarAsItsCreditsAllow() throws Exception {
        Path f = dir.resolve("ahead.tgr");
        int n = 3 * FileReservoir.READ_AHEAD;
        try (WaterFileWriter out = FileReservoir.writer("out", f, 64)) {
            for (int i = 0; i < n; i++) {
                Water w = out.spring().createWater(64);
                w.buffer().putInt(0, i);
                w.setLength(4);
                out.put(w);
            }
            out.endOfRiver();
        }
        try (WaterFileReader in = FileReservoir.reader("in", f)) {
            Water first = in.get();
            Thread.sleep(200);
            assertEquals(FileReservoir.READ_AHEAD, in.waters(), "read ahead by its window, no further, while no credit comes back");
            first.release();
            in.creditBack();
            for (int i = 1; i < n; i++) {
                Water w = in.get();
                assertEquals(i, w.buffer().getInt(0));
                w.release();
                in.creditBack();
            }
            assertNull(in.get());
            assertEquals(n, in.waters());
        }
    }
}
