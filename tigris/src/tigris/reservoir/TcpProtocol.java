package tigris.reservoir;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import tigris.RiverAttempt;

/** Reading and writing the TCP data plane's streams, laid out as {@link TcpWireDescriptor} says (doc/tigris-transport.md). */
final class TcpProtocol {
    static final int MAGIC = TcpWireDescriptor.MAGIC;
    static final int VERSION = TcpWireDescriptor.VERSION;
    static final int FRAME_HEADER = TcpWireDescriptor.FRAME_HEADER;
    static final int MAX_WINDOW = 1 << 16;
    static final int MAX_WATER = 1 << 30;
    /** Longest river name an OPEN may carry (a {@link RiverAttempt}'s). */
    static final int MAX_RIVER = 100;
    /** Longest payload of a frame that is not DATA: an OPEN, a refusal, a cause, a cancel. */
    static final int MAX_CONTROL = 8192;
    /** Longest node name in a hello or welcome. */
    static final int MAX_NODE = 255;

    private TcpProtocol() {
    }

    /** A frame header in a new buffer, ready to write. */
    static ByteBuffer frame(byte type, byte kind, int channel, int value) {
        ByteBuffer h = ByteBuffer.allocate(FRAME_HEADER).order(ByteOrder.LITTLE_ENDIAN);
        h.put(type).put(kind).putShort((short) 0).putInt(channel).putInt(value).flip();
        return h;
    }

    /** A frame with a UTF-8 text payload (REFUSE, FAILED, CANCEL), cut to {@code max} bytes. */
    static ByteBuffer[] textFrame(byte type, int channel, byte[] text) {
        return new ByteBuffer[] {frame(type, tigris.Water.DATA, channel, text.length), ByteBuffer.wrap(text)};
    }

    /** {@code text} in UTF-8, cut to at most {@code max} bytes on a character's boundary. */
    static byte[] utf8(String text, int max) {
        byte[] b = String.valueOf(text).getBytes(StandardCharsets.UTF_8);
        if (b.length <= max) {
            return b;
        }
        int n = max;
        while (n > 0 && (b[n] & 0xC0) == 0x80) {
            n--;
        }
        return java.util.Arrays.copyOf(b, n);
    }

    /** A dialing node's hello. */
    static byte[] hello(String node) {
        byte[] n = utf8(node, MAX_NODE);
        return ByteBuffer.allocate(TcpWireDescriptor.HELLO_FIXED + n.length).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC).putInt(VERSION)
                        .putShort((short) n.length).put(n).array();
    }

    /** An accepting node's welcome: its name (status 0), or why it refuses. */
    static byte[] welcome(int status, String text) {
        byte[] m = utf8(text, MAX_CONTROL);
        return ByteBuffer.allocate(TcpWireDescriptor.WELCOME_FIXED + m.length).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC).putInt(status)
                        .putShort((short) m.length).put(m).array();
    }

    /** The u32 MAGIC and u32 that open a hello (the version) or a welcome (the status), read from a blocking stream. */
    static int[] readOpening(InputStream in) throws IOException {
        byte[] b = new byte[8];
        new DataInputStream(in).readFully(b);
        ByteBuffer w = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        return new int[] {w.getInt(), w.getInt()};
    }

    /** A u16-length-prefixed UTF-8 string from a blocking stream, of at most {@code max} bytes. */
    static String readString(InputStream in, int max, String what) throws IOException {
        DataInputStream d = new DataInputStream(in);
        int n = Short.toUnsignedInt(Short.reverseBytes(d.readShort()));
        if (n > max) {
            throw new IOException(what + " of " + n + " bytes (at most " + max + ")");
        }
        byte[] s = new byte[n];
        d.readFully(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static void write(OutputStream out, byte[] b) throws IOException {
        out.write(b);
        out.flush();
    }

    /** What an OPEN asks for. */
    record Open(String reservoir, RiverAttempt attempt, int window, int waterSize) {
    }

    /** An OPEN whose payload is malformed: the consumer refuses it, telling the producer why. */
    static final class MalformedOpen extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedOpen(String message) {
            super(message);
        }
    }

    /** The OPEN frame of channel {@code channel}; {@code attempt} null for an end outside any river. */
    static ByteBuffer[] open(int channel, String reservoir, RiverAttempt attempt, int window, int waterSize) {
        byte[] n = utf8(reservoir, MAX_CONTROL / 2);
        byte[] r = attempt == null ? new byte[0] : utf8(attempt.river(), MAX_RIVER * 4);
        ByteBuffer p = ByteBuffer.allocate(TcpWireDescriptor.OPEN_FIXED + n.length + r.length).order(ByteOrder.LITTLE_ENDIAN);
        p.putInt(window).putInt(waterSize).putInt(attempt == null ? 0 : attempt.epoch()).putShort((short) n.length).put(n).putShort((short) r.length).put(r)
                        .flip();
        return new ByteBuffer[] {frame(TcpWireDescriptor.OPEN, tigris.Water.DATA, channel, p.remaining()), p};
    }

    /**
     * Reads an OPEN's payload.
     *
     * @throws MalformedOpen if it is cut short, names no reservoir, or names no river attempt (a name
     *         too long or not a river's, an epoch below 1), saying why in a few words
     */
    static Open readOpen(ByteBuffer p) throws MalformedOpen {
        p.order(ByteOrder.LITTLE_ENDIAN);
        try {
            int window = p.getInt();
            int waterSize = p.getInt();
            int epoch = p.getInt();
            String name = string(p);
            String river = string(p);
            if (p.hasRemaining()) {
                throw new MalformedOpen("the open has " + p.remaining() + " bytes after the river's name");
            }
            if (name.isEmpty()) {
                throw new MalformedOpen("the open names no reservoir");
            }
            RiverAttempt attempt = null;
            if (!river.isEmpty() || epoch != 0) {
                if (river.length() > MAX_RIVER) {
                    throw new MalformedOpen("the open names a river of " + river.length() + " characters (at most " + MAX_RIVER + ")");
                }
                try {
                    attempt = new RiverAttempt(river, epoch);
                } catch (IllegalArgumentException x) {
                    throw new MalformedOpen("the open names no river attempt: " + x.getMessage());
                }
            }
            return new Open(name, attempt, window, waterSize);
        } catch (java.nio.BufferUnderflowException e) {
            throw new MalformedOpen("the open is cut short");
        }
    }

    private static String string(ByteBuffer p) {
        int n = Short.toUnsignedInt(p.getShort());
        byte[] s = new byte[n];
        p.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static String text(ByteBuffer p) {
        byte[] s = new byte[p.remaining()];
        p.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }

    static String typeName(byte type) {
        return switch (type) {
            case TcpWireDescriptor.OPEN -> "OPEN";
            case TcpWireDescriptor.ACCEPT -> "ACCEPT";
            case TcpWireDescriptor.REFUSE -> "REFUSE";
            case TcpWireDescriptor.DATA -> "DATA";
            case TcpWireDescriptor.END -> "END";
            case TcpWireDescriptor.FAILED -> "FAILED";
            case TcpWireDescriptor.CREDIT -> "CREDIT";
            case TcpWireDescriptor.CANCEL -> "CANCEL";
            case TcpWireDescriptor.HEARTBEAT -> "HEARTBEAT";
            default -> "unknown frame type " + Byte.toUnsignedInt(type);
        };
    }
}
