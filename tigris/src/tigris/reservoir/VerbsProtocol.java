package tigris.reservoir;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import jaguar.ext.ExternalBuffer;

/**
 * The wire format of a verbs reservoir (doc/tigris.md, "Verbs reservoirs"). Every message is a
 * send with 32-bit immediate data: the top 8 bits say what it is, the low 24 a value. Data lands
 * straight in the consumer's registered Water buffers (one posted receive per buffer), so a
 * Water's bytes cross the network once and are never copied in Java on either side.
 *
 * <pre>
 * HELLO    producer -> consumer: bytes u32 MAGIC, u32 VERSION, u32 window, u32 waterSize, u16 n, n bytes name (LE)
 * WELCOME  consumer -> producer: value = status (0 ok); bytes = the refusal, UTF-8, when not ok
 * DATA     producer -> consumer: value = the Water's kind; its bytes, into the consumer buffer of the next posted receive
 * END      producer -> consumer: End of River, no bytes
 * FAILED   producer -> consumer: the producer failed; bytes = its cause, UTF-8, at most MAX_CAUSE_BYTES and the Water size
 * CREDIT   consumer -> producer: value = buffers re-posted (credits back), no bytes
 * </pre>
 */
final class VerbsProtocol {
    private VerbsProtocol() {
    }

    static final int MAGIC = 0x56524754;   // "TGRV"
    /** 3: FAILED (2: DATA's value is the Water's kind, 0 in version 1). */
    static final int VERSION = 3;
    static final int HELLO = 1;
    static final int WELCOME = 2;
    static final int DATA = 3;
    static final int END = 4;
    static final int CREDIT = 5;
    static final int FAILED = 6;
    /** Bytes of a control buffer (hello, welcome with a refusal). */
    static final int CONTROL = 256;
    static final int MAX_WINDOW = 4096;
    static final int MAX_WATER = 1 << 30;

    static int imm(int type, int value) {
        return type << 24 | value & 0xffffff;
    }

    static int type(int imm) {
        return imm >>> 24;
    }

    static int value(int imm) {
        return imm & 0xffffff;
    }

    /** Writes the hello at {@code offset}; returns its length. */
    static int writeHello(ExternalBuffer b, long offset, String name, int window, int waterSize) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        if (18 + n.length > CONTROL) {
            throw new IllegalArgumentException("reservoir name too long for a verbs reservoir: " + name);
        }
        b.putInt(offset, MAGIC, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 4, VERSION, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 8, window, ByteOrder.LITTLE_ENDIAN);
        b.putInt(offset + 12, waterSize, ByteOrder.LITTLE_ENDIAN);
        b.putShort(offset + 16, (short) n.length, ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n.length; i++) {
            b.putByte(offset + 18 + i, n[i]);
        }
        return 18 + n.length;
    }

    /** A hello as received: checked for magic, version and a consistent length. */
    record Hello(String name, int window, int waterSize) {
        static Hello read(ExternalBuffer b, long offset, int length, String peer) throws IOException {
            if (length < 18 || b.getInt(offset, ByteOrder.LITTLE_ENDIAN) != MAGIC) {
                throw new IOException(peer + " is not a Tigris verbs reservoir producer (bad hello)");
            }
            int version = b.getInt(offset + 4, ByteOrder.LITTLE_ENDIAN);
            if (version != VERSION) {
                throw new IOException(peer + " speaks verbs reservoir protocol version " + version + ", this end " + VERSION);
            }
            int n = Short.toUnsignedInt(b.getShort(offset + 16, ByteOrder.LITTLE_ENDIAN));
            if (18 + n != length) {
                throw new IOException(peer + " sent a malformed hello (" + length + " bytes, name of " + n + ")");
            }
            byte[] name = new byte[n];
            for (int i = 0; i < n; i++) {
                name[i] = b.getByte(offset + 18 + i);
            }
            return new Hello(new String(name, StandardCharsets.UTF_8), b.getInt(offset + 8, ByteOrder.LITTLE_ENDIAN),
                    b.getInt(offset + 12, ByteOrder.LITTLE_ENDIAN));
        }
    }
}
