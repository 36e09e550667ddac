package jaguar.ext;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

/**
 * The lifetime and ownership shared by a buffer and all its slices. The hot path reads only
 * {@link #closed} and {@link #ownerId}: plain fields, so the JIT hoists the checks out of loops.
 *
 * <p>Confined scopes (owner != null) free their memory on {@link #close()}: only the owner can
 * access or close, so no access can race with the free. Shared scopes (owner == null) only mark
 * themselves closed; the memory belongs to an automatic arena and is released when the last
 * buffer referring to this scope becomes unreachable, so a racing access in another thread still
 * touches mapped memory. Buffers keep {@code this} (hence {@link #root}) reachable across each raw
 * access with {@link Reference#reachabilityFence}.
 */
final class BufferScope {
    /** The owner thread of a confined scope; null for a shared one. */
    final Thread owner;
    /**
     * {@code owner.threadId()}, or 0 for a shared scope (thread ids are positive). The accessors'
     * owner test is arithmetic on it: comparing references in Java needs a branch.
     */
    final long ownerId;
    /** The whole region; holding it keeps an automatic arena's memory alive. */
    final MemorySegment root;
    /**
     * 0 while open, 1 once closed. Plain on purpose: a hoisted read is safe because shared memory
     * outlives every access. An int, not a boolean, so the accessors' liveness test is arithmetic:
     * a boolean can only be tested with a branch, and Graal turns a never-taken branch into an
     * UnreachedCode guard, which it never moves out of a loop (see ExternalBuffer.checkAccessible).
     */
    int closed;
    /** Frees the memory of a confined scope on close; null for shared scopes (freed by the GC). */
    private final Arena confinedArena;
    /** Shared scopes only: the arena of the segment views handed out by asSegment(), closed on close(). */
    private Arena viewArena;

    private BufferScope(Thread owner, MemorySegment root, Arena confinedArena) {
        this.owner = owner;
        this.ownerId = owner == null ? 0 : owner.threadId();
        this.root = root;
        this.confinedArena = confinedArena;
    }

    /** A scope owned by the current thread; {@code arena} must be confined to it and own {@code root}. */
    static BufferScope confined(Arena arena, MemorySegment root) {
        return new BufferScope(Thread.currentThread(), root, arena);
    }

    /** A scope any thread may use; {@code root} must belong to an automatic arena. */
    static BufferScope shared(MemorySegment root) {
        return new BufferScope(null, root, null);
    }

    boolean isConfined() {
        return owner != null;
    }

    boolean isAlive() {
        return closed == 0;
    }

    /**
     * A view of {@code root} that dies when this scope closes. For a shared scope it is a second,
     * closeable segment over the same memory whose cleanup action refers to {@link #root}, so that
     * holding the view alone also keeps the memory mapped.
     */
    synchronized MemorySegment view() {
        if (confinedArena != null) {
            return root;
        }
        if (!isAlive()) {
            throw new IllegalStateException("buffer closed");
        }
        if (viewArena == null) {
            viewArena = Arena.ofShared();
        }
        MemorySegment memory = root;
        return root.reinterpret(viewArena, ignored -> Reference.reachabilityFence(memory));
    }

    /** Closes once; later calls do nothing. The caller has checked the owner thread. */
    void close() {
        Arena views;
        synchronized (this) {
            if (!isAlive()) {
                return;
            }
            closed = 1;
            views = viewArena;
        }
        if (confinedArena != null) {
            confinedArena.close();
        }
        if (views != null) {
            views.close();
        }
    }
}
