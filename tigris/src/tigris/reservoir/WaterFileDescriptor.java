package tigris.reservoir;

/**
 * The byte layout of a Water file ({@link FileReservoir}), the one definition its ends and the
 * tests share. Little-endian:
 *
 * <pre>
 * header   0 u32 magic "TGRW"   4 u32 version   8 u32 Water size   12 u32 reserved (0)
 * then, per Water: u32 length ({@link #FRAME_HEADER} bytes) and that many bytes
 * </pre>
 */
public final class WaterFileDescriptor {
    /** "TGRW" read as a little-endian u32. */
    public static final int MAGIC = 0x57524754;
    public static final int VERSION = 1;
    /** Bytes of the file header. */
    public static final int HEADER_SIZE = 16;
    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int WATER_SIZE_OFFSET = 8;
    /** Bytes before each Water's own: its length. */
    public static final int FRAME_HEADER = 4;

    private WaterFileDescriptor() {
    }

    /** Bytes of a file holding Waters of the given lengths. */
    public static long fileBytes(int... waterLengths) {
        long n = HEADER_SIZE;
        for (int length : waterLengths) {
            n += FRAME_HEADER + length;
        }
        return n;
    }
}
