package tigris.reservoir;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * The wire format of a TCP reservoir (doc/tigris.md, "TCP reservoirs"). Little-endian.
 *
 * <pre>
 * hello    producer -> consumer: u32 MAGIC, u32 VERSION, u32 window, u32 waterSize, u16 n, n bytes name (UTF-8)
 * welcome  consumer -> producer: u32 MAGIC, u32 status (0 ok), u16 n, n bytes message (UTF-8)
 * frame    either way:          u8 type, 3 bytes 0, u32 value, then value bytes for DATA
 *   DATA      producer -> consumer: one Water's bytes
 *   END       producer -> consumer: End of River
 *   CREDIT    consumer -> producer: value Waters processed (credits back), batched
 *   HEARTBEAT either way:          nothing to say; the peer is alive
 * </pre>
 */
final class TcpProtocol {
    static final int MAGIC = 0x53524754;   // "TGRS"
    static final int VERSION = 1;
    static final int FRAME_HEADER = 8;
    static final byte DATA = 1;
    static final byte END = 2;
    static final byte CREDIT = 3;
    static final byte HEARTBEAT = 4;
    static final int MAX_WINDOW = 1 << 16;
    static final int MAX_WATER = 1 << 30;

    private TcpProtocol() {
    }

    static ByteBuffer header() {
        return ByteBuffer.allocateDirect(FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    }

    static void putFrame(ByteBuffer h, byte type, int value) {
        h.clear();
        h.put(type).put((byte) 0).put((byte) 0).put((byte) 0).putInt(value).flip();
    }

    static void writeFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    static void readFully(SocketChannel ch, ByteBuffer b, String what) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new EOFException("connection closed by the peer while reading " + what);
            }
        }
    }

    static ByteBuffer hello(String name, int window, int waterSize) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(18 + n.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).putInt(VERSION).putInt(window).putInt(waterSize).putShort((short) n.length).put(n).flip();
        return b;
    }

    static ByteBuffer welcome(int status, String message) {
        byte[] m = message.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(10 + m.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).putInt(status).putShort((short) m.length).put(m).flip();
        return b;
    }

    /** Reads a u16-length-prefixed UTF-8 string. */
    static String readString(SocketChannel ch, String what) throws IOException {
        ByteBuffer len = ByteBuffer.allocate(2).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, len, what);
        ByteBuffer s = ByteBuffer.allocate(Short.toUnsignedInt(len.flip().getShort()));
        readFully(ch, s, what);
        return new String(s.array(), StandardCharsets.UTF_8);
    }

    static String typeName(byte type) {
        return switch (type) {
            case DATA -> "DATA";
            case END -> "END";
            case CREDIT -> "CREDIT";
            case HEARTBEAT -> "HEARTBEAT";
            default -> "unknown frame type " + Byte.toUnsignedInt(type);
        };
    }
}
