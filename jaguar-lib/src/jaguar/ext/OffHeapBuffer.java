package jaguar.ext;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Zeroed native memory owned by the buffer: an arena allocation. */
public final class OffHeapBuffer extends ExternalBuffer {
    /** Allocations are aligned for the widest access, so ordered and atomic accesses at multiples of 8 work. */
    private static final long ALIGNMENT = Long.BYTES;

    private OffHeapBuffer(BufferScope scope) {
        super(scope, scope.root, false);
    }

    /** A buffer confined to the calling thread; {@link #close()} frees it at once. */
    public static OffHeapBuffer allocate(long size) {
        checkSize(size);
        Arena arena = Arena.ofConfined();
        return new OffHeapBuffer(BufferScope.confined(arena, arena.allocate(size, ALIGNMENT)));
    }

    /** A buffer any thread may use; freed once it is closed or not, when unreachable. */
    public static OffHeapBuffer allocateShared(long size) {
        checkSize(size);
        return new OffHeapBuffer(BufferScope.shared(Arena.ofAuto().allocate(size, ALIGNMENT)));
    }

    private static void checkSize(long size) {
        if (size <= 0) {
            throw new IllegalArgumentException("size=" + size + " must be positive");
        }
    }
}
