package tigris.reservoir;

/**
 * The byte layout of a shared-memory reservoir ring ({@link ShmReservoir}), the one definition
 * its ends and the tests share. Little-endian, in 64-byte lines so that each process writes its
 * own line:
 *
 * <pre>
 * line 0   0 u32 magic "TGRM" (written last, with release)   4 u32 version   8 u32 slots   12 u32 slot size
 * line 1   0 u64 tail (slots published by the producer)      8 u64 End of River flag   16 u64 producer pid
 * line 2   0 u64 head (slots freed by the consumer)          8 u64 consumer pid
 * slots    from byte 192, each {@link #stride} bytes: u32 payload length, u32 kind ({@link #DATA} or
 *          {@link #SKIPPED}), then the payload
 * </pre>
 */
public final class ShmRingDescriptor {
    /** "TGRM" read as a little-endian u32. */
    public static final int MAGIC = 0x4D524754;
    public static final int VERSION = 1;
    /** A cache line: each process writes only its own. */
    public static final int LINE = 64;

    public static final long MAGIC_OFFSET = 0;
    public static final long VERSION_OFFSET = 4;
    public static final long SLOTS_OFFSET = 8;
    public static final long SLOT_SIZE_OFFSET = 12;
    public static final long TAIL_OFFSET = LINE;
    public static final long ENDED_OFFSET = LINE + 8;
    public static final long PRODUCER_PID_OFFSET = LINE + 16;
    public static final long HEAD_OFFSET = 2 * LINE;
    public static final long CONSUMER_PID_OFFSET = 2 * LINE + 8;
    /** Where the first slot starts: after the three header lines. */
    public static final long FIRST_SLOT_OFFSET = 3 * LINE;

    /** Bytes of a slot's header, before its payload. */
    public static final int SLOT_HEADER = 8;
    public static final int SLOT_LENGTH_OFFSET = 0;
    public static final int SLOT_KIND_OFFSET = 4;
    /** Slot kinds: a published Water, or a slot released without a put. */
    public static final int DATA = 1, SKIPPED = 2;

    private ShmRingDescriptor() {
    }

    /** Bytes from one slot to the next for payloads of {@code slotSize}: header and payload, whole lines. */
    public static long stride(int slotSize) {
        return (SLOT_HEADER + (long) slotSize + LINE - 1) / LINE * LINE;
    }

    /** Offset of slot {@code i}'s header in a ring of {@code slotSize}-byte payloads. */
    public static long slotOffset(long i, int slotSize) {
        return FIRST_SLOT_OFFSET + i * stride(slotSize);
    }

    /** Bytes of a ring of {@code slots} slots of {@code slotSize}-byte payloads. */
    public static long segmentBytes(int slots, int slotSize) {
        return FIRST_SLOT_OFFSET + slots * stride(slotSize);
    }
}
