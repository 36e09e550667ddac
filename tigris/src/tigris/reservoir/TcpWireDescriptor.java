package tigris.reservoir;

/**
 * The byte layout of a TCP reservoir's stream ({@link TcpSender}, {@link TcpReceiver}), the one
 * definition its ends and the tests share. Little-endian:
 *
 * <pre>
 * hello    producer -> consumer: u32 MAGIC, u32 VERSION, u32 window, u32 waterSize, u16 n, n bytes name (UTF-8),
 *                               u16 r, r bytes river (UTF-8), u32 epoch: the river attempt the producer belongs
 *                               to (r = 0 and epoch 0: none, an end outside any river)
 * welcome  consumer -> producer: u32 MAGIC, u32 status (0 ok), u16 n, n bytes message (UTF-8)
 * frame    either way:          u8 type, u8 kind, u16 0, u32 value, then value bytes for DATA
 *   DATA      producer -> consumer: one Water's bytes, of Water kind "kind" (0 in other frames)
 *   END       producer -> consumer: End of River
 *   FAILED    producer -> consumer: the producer failed; value bytes of its cause (UTF-8, at most
 *             {@link tigris.ProducerEnd#MAX_CAUSE_BYTES}) follow; the stream ends there
 *   CREDIT    consumer -> producer: value Waters processed (credits back), batched
 *   HEARTBEAT either way:          nothing to say; the peer is alive
 * </pre>
 */
public final class TcpWireDescriptor {
    /** "TGRS" read as a little-endian u32. */
    public static final int MAGIC = 0x53524754;
    /** 4: the river attempt in the hello (3: the FAILED frame; 2: the Water's kind in the frame header, version 1 had 0 there). */
    public static final int VERSION = 4;
    /** Bytes of a hello besides the name and the river. */
    public static final int HELLO_FIXED = 24;
    /** Bytes of a welcome before the message. */
    public static final int WELCOME_FIXED = 10;

    public static final int FRAME_HEADER = 8;
    public static final int FRAME_TYPE_OFFSET = 0;
    public static final int FRAME_KIND_OFFSET = 1;
    public static final int FRAME_VALUE_OFFSET = 4;

    public static final byte DATA = 1;
    public static final byte END = 2;
    public static final byte CREDIT = 3;
    public static final byte HEARTBEAT = 4;
    public static final byte FAILED = 5;

    private TcpWireDescriptor() {
    }
}
