package tigris.reservoir;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/** Reading and writing a TCP reservoir's stream, laid out as {@link TcpWireDescriptor} says (doc/tigris.md, "TCP reservoirs"). */
final class TcpProtocol {
    static final int MAGIC = TcpWireDescriptor.MAGIC;
    static final int VERSION = TcpWireDescriptor.VERSION;
    static final int FRAME_HEADER = TcpWireDescriptor.FRAME_HEADER;
    static final int FRAME_KIND_OFFSET = TcpWireDescriptor.FRAME_KIND_OFFSET;
    static final int FRAME_VALUE_OFFSET = TcpWireDescriptor.FRAME_VALUE_OFFSET;
    static final byte DATA = TcpWireDescriptor.DATA;
    static final byte END = TcpWireDescriptor.END;
    static final byte CREDIT = TcpWireDescriptor.CREDIT;
    static final byte HEARTBEAT = TcpWireDescriptor.HEARTBEAT;
    static final byte FAILED = TcpWireDescriptor.FAILED;
    static final int MAX_WINDOW = 1 << 16;
    static final int MAX_WATER = 1 << 30;

    private TcpProtocol() {
    }

    static ByteBuffer header() {
        return ByteBuffer.allocateDirect(FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
    }

    static void putFrame(ByteBuffer h, byte type, byte kind, int value) {
        h.clear();
        h.put(type).put(kind).putShort((short) 0).putInt(value).flip();
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

    /** A producer's hello; {@code attempt} null for an end outside any river. */
    static ByteBuffer hello(String name, int window, int waterSize, tigris.RiverAttempt attempt) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        byte[] r = attempt == null ? new byte[0] : attempt.river().getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length + r.length).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC).putInt(VERSION).putInt(window).putInt(waterSize).putShort((short) n.length).put(n);
        b.putShort((short) r.length).put(r).putInt(attempt == null ? 0 : attempt.epoch()).flip();
        return b;
    }

    /** Longest river name a hello may carry (a {@link tigris.RiverAttempt}'s). */
    static final int MAX_RIVER = 100;

    /** A hello whose river attempt is malformed: the consumer refuses it, telling the producer why. */
    static final class MalformedAttempt extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedAttempt(String message) {
            super(message);
        }
    }

    /**
     * The river attempt at the end of a hello, after the name: null for none.
     *
     * @throws MalformedAttempt if it names no attempt (a name too long or not a river's, an epoch below 1), saying why in a few words
     */
    static tigris.RiverAttempt readAttempt(SocketChannel ch, String what) throws IOException {
        String river = readString(ch, what);
        ByteBuffer e = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, e, what);
        int epoch = e.flip().getInt();
        if (river.isEmpty() && epoch == 0) {
            return null;
        }
        if (river.length() > MAX_RIVER) {
            throw new MalformedAttempt("the hello names a river of " + river.length() + " characters (at most " + MAX_RIVER + ")");
        }
        try {
            return new tigris.RiverAttempt(river, epoch);
        } catch (IllegalArgumentException x) {
            throw new MalformedAttempt("the hello names no river attempt: " + x.getMessage());
        }
    }

    static ByteBuffer welcome(int status, String message) {
        byte[] m = message.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(TcpWireDescriptor.WELCOME_FIXED + m.length).order(ByteOrder.LITTLE_ENDIAN);
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
            case FAILED -> "FAILED";
            default -> "unknown frame type " + Byte.toUnsignedInt(type);
        };
    }
}
