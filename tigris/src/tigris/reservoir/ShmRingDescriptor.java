package tigris.reservoir;

/**
 * The byte layout of a shared-memory reservoir ring ({@link ShmReservoir}), the one definition
 * its ends and the tests share. Little-endian, in 64-byte lines so that each process writes its
 * own line:
 *
 * <pre>
 * line 0   0 u32 magic "TGRM" (written last, with release)   4 u32 version   8 u32 slots   12 u32 slot size
 *          16 u32 epoch   20 u16 n   22 n bytes river name (UTF-8, into line 1): the river attempt the
 *          producer belongs to (epoch 0 and n = 0: none); lines 0 and 1 are written once, before the magic
 * line 2   0 u64 tail (slots published by the producer)      8 u64 end flag   16 u64 producer pid
 * line 4   0 u64 head (slots freed by the consumer)          8 u64 consumer pid
 * slots    from line 6 (byte 384), each {@link #stride} bytes: u32 payload length, u8 state
 *          ({@link #DATA}, {@link #SKIPPED} or {@link #FAILED}), u8 the Water's kind, u16 0, then the payload
 * </pre>
 *
 * The end flag is 0 while the river runs, {@link #END_OF_RIVER} once every Water is published, or
 * {@link #ENDED_BY_FAILURE} when the producer failed; the failure's cause (UTF-8, at most {@link
 * tigris.ProducerEnd#MAX_CAUSE_BYTES}) is then the payload of the last published slot, in state
 * {@link #FAILED}, if a slot was free for it. At either end the slots handed out and never put are
 * published as {@link #SKIPPED}, so every slot put before the end is published.
 *
 * Lines 3 and 5 stay empty, and line 1 holds only what is written before the ring is used: CPUs
 * fetch lines in adjacent pairs, so the producer's and the consumer's lines are two apart, as
 * Agrona pads its counters (version 1 had them adjacent).
 */
public final class ShmRingDescriptor {
    /** "TGRM" read as a little-endian u32. */
    public static final int MAGIC = 0x4D524754;
    /** 4: the river attempt in the header (3: a producer's failure; 2: the Water's kind in the slot header, and the ends' lines two apart). */
    public static final int VERSION = 4;
    /** A cache line: each process writes only its own. */
    public static final int LINE = 64;

    public static final long MAGIC_OFFSET = 0;
    public static final long VERSION_OFFSET = 4;
    public static final long SLOTS_OFFSET = 8;
    public static final long SLOT_SIZE_OFFSET = 12;
    public static final long EPOCH_OFFSET = 16;
    public static final long RIVER_LENGTH_OFFSET = 20;
    public static final long RIVER_OFFSET = 22;
    /** Longest river name the header holds: to the end of line 1. */
    public static final int MAX_RIVER = (int) (2 * LINE - RIVER_OFFSET);
    public static final long TAIL_OFFSET = 2 * LINE;
    public static final long ENDED_OFFSET = TAIL_OFFSET + 8;
    public static final long PRODUCER_PID_OFFSET = TAIL_OFFSET + 16;
    public static final long HEAD_OFFSET = 4 * LINE;
    public static final long CONSUMER_PID_OFFSET = HEAD_OFFSET + 8;
    /** Where the first slot starts: after the header lines and their gaps. */
    public static final long FIRST_SLOT_OFFSET = 6 * LINE;

    /** Bytes of a slot's header, before its payload. */
    public static final int SLOT_HEADER = 8;
    public static final int SLOT_LENGTH_OFFSET = 0;
    /** The slot's state (u8), and beside it the Water's kind (u8): written and read as one u32 word. */
    public static final int SLOT_STATE_OFFSET = 4;
    public static final int SLOT_KIND_OFFSET = 5;
    /** Slot states: a published Water, a slot released without a put, the producer's failure. */
    public static final int DATA = 1, SKIPPED = 2, FAILED = 3;
    /** Values of the end flag. */
    public static final long END_OF_RIVER = 1, ENDED_BY_FAILURE = 2;

    /** The u32 word at {@link #SLOT_STATE_OFFSET} of a slot in {@code state} holding a Water of {@code kind}. */
    public static int stateWord(int state, byte kind) {
        return state | Byte.toUnsignedInt(kind) << 8;
    }

    /** The state in a slot's state word. */
    public static int state(int stateWord) {
        return stateWord & 0xff;
    }

    /** The Water's kind in a slot's state word. */
    public static byte kind(int stateWord) {
        return (byte) (stateWord >>> 8);
    }

    /** True if a state word's reserved bytes are 0, as every writer of this version leaves them. */
    public static boolean reservedClear(int stateWord) {
        return stateWord >>> 16 == 0;
    }

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
