package tigris.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tigris.ConsumerEnd;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * Every end performs every method of its interface, in protocol order, on every transport: no end
 * refuses half of what it offers (the verbs ends run the same protocol in VerbsReservoirTest, on a
 * device).
 */
class EndConformanceTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"memory", "shm", "tcp", "file"})
    void everyEndPerformsEveryMethodInProtocolOrder(String transport) throws Exception {
        TransportEnds ends = TransportEnds.open(transport, 4, 64, dir);
        ProducerEnd out = ends.producer();
        assertFalse(out.name().isEmpty());
        assertTrue(out.window() >= 1);
        int credits = out.credits();
        assertTrue(credits >= 1, transport + ": credits before any put: " + credits);
        Water w = out.spring().createWater(8);
        w.buffer().putLong(0, 0x5EED_0000_0000_0001L);
        w.setLength(8);
        w.setKind((byte) 9);
        out.put(w);
        out.endOfRiver();
        out.endOfRiver();   // idempotent
        ConsumerEnd in = ends.consumer();
        try {
            Water got = in.get();
            assertEquals(0x5EED_0000_0000_0001L, got.buffer().getLong(0), transport);
            assertEquals(9, got.kind(), transport);
            got.release();
            in.creditBack();
            assertNull(in.get(), transport + ": End of River after the Water");
            assertTrue(in.isEnded());
            assertNull(in.poll(), transport + ": nothing after End of River");
        } finally {
            ends.close();
        }
    }

    /**
     * No end refuses an operation of its own interface: Tigris's sources throw no
     * UnsupportedOperationException (they may catch the JDK's).
     */
    @Test
    void noTigrisClassThrowsUnsupportedOperation() throws Exception {
        Path src = Path.of(System.getProperty("tigris.test.data")).resolve("../../src").normalize();
        assertTrue(Files.isDirectory(src.resolve("tigris")), "Tigris's sources at " + src);
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                assertFalse(Files.readString(f).contains("new UnsupportedOperationException"), f + " throws UnsupportedOperationException");
            }
        }
    }
}
