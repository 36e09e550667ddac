/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.ext;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.Reference;

/**
 * The lifetime and ownership shared by a buffer and all its slices. The hot path reads one plain
 * field, {@link #access}, so the JIT hoists the check out of loops, and a structure laid over a
 * buffer (a Pre-Serialized Object) can keep its scope and check it with a single load.
 *
 * <p>Confined scopes (owner != null) free their memory on {@link #close()}: only the owner can
 * access or close, so no access can race with the free. Shared scopes (owner == null) only mark
 * themselves closed; the memory belongs to an automatic arena and is released when the last
 * buffer referring to this scope becomes unreachable, so a racing access in another thread still
 * touches mapped memory. Buffers keep {@code this} (hence {@link #root}) reachable across each raw
 * access with {@link Reference#reachabilityFence}.
 *
 * <p>A scope has a read-only twin ({@link ExternalBuffer#accessScope()} of a read-only buffer):
 * the same liveness and owner, and writes denied to every thread, so that a structure keeps one
 * scope and tests reads and writes against it, each with one load.
 *
 * <p>Public so that structures in other packages can keep it ({@link ExternalBuffer#scope()});
 * what they may do with it is test it.
 */
public final class BufferScope {
    /**
     * {@link #access} once closed: not 0 (shared), no thread id (ids are positive and smaller), and
     * positive, so that {@code access ^ tid} stays positive for every thread (see below).
     */
    private static final long CLOSED = Long.MAX_VALUE;

    /** The owner thread of a confined scope; null for a shared one. */
    final Thread owner;
    /** The whole region; holding it keeps an automatic arena's memory alive. */
    final MemorySegment root;
    /**
     * Who may access now: the owner's thread id for an open confined scope, 0 for an open shared
     * one, {@link #CLOSED} once closed. One field so that liveness and ownership are one load and
     * the test is arithmetic (see {@link #deniedToCurrentThread}). Plain on purpose: a hoisted read
     * is safe because shared memory outlives every access, and only the owner closes a confined
     * scope.
     */
    private long access;
    /** As {@link #access}, for writes: equal to it, except in a read-only twin, where it is {@link #CLOSED}. */
    private long writeAccess;
    /** The read-only twin, once asked for; closed with this scope. */
    private BufferScope readOnlyTwin;
    /** Frees the memory of a confined scope on close; null for shared scopes (freed by the GC). */
    private final Arena confinedArena;
    /** Shared scopes only: the arena of the segment views handed out by asSegment(), closed on close(). */
    private Arena viewArena;
    /** Shared scopes only: the view of {@link #root} in {@link #viewArena}, once made. */
    private MemorySegment sharedView;
    /** What holds {@link BufferPin}s now (a device registration each); close() is refused while any do. */
    private final java.util.List<String> pinHolders = new java.util.ArrayList<>(1);

    private BufferScope(Thread owner, MemorySegment root, Arena confinedArena) {
        this.owner = owner;
        this.access = owner == null ? 0 : owner.threadId();
        this.writeAccess = access;
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

    /**
     * The scope of a read-only view of this scope's memory: alive, and owned, exactly while this
     * one is; writes denied to every thread. One per scope, made on first use.
     */
    synchronized BufferScope readOnlyTwin() {
        if (readOnlyTwin == null) {
            BufferScope t = new BufferScope(owner, root, null);
            t.access = access;
            t.writeAccess = CLOSED;
            readOnlyTwin = t;
        }
        return readOnlyTwin;
    }

    /**
     * Whether the scope is still open. A read-only twin closes with the scope it was made from.
     *
     * @return false once the buffer (and so every slice sharing this scope) is closed
     */
    public boolean isAlive() {
        return access != CLOSED;
    }

    /**
     * 1 if the current thread may not access the memory now (the scope is closed, or confined to
     * another thread), else 0. An int computed without a branch, for a caller to pass to
     * {@code Objects.checkIndex(denied, 1)}: the JIT intrinsifies checkIndex to a range check
     * that leaves every loop in which it is invariant (see ExternalBuffer.checkAccessible). The
     * caller finds out which of the two it was off the hot path. Writability is not part of it
     * (see {@link #writableByCurrentThread}).
     *
     * @return 1 if access is denied to the current thread, 0 if allowed
     */
    public int deniedToCurrentThread() {
        long a = access;                                      // 0: open and shared
        long other = a ^ Thread.currentThread().threadId();   // 0: open and owned by the caller
        // Denied iff a != 0 && other != 0. Both are >= 0 (a is 0, a thread id or CLOSED, all
        // non-negative, and so is their xor with a thread id), so that is min(a, other) > 0:
        // a compare and a conditional move, then the sign of the negation.
        return (int) (-Math.min(a, other) >>> 63);
    }

    /**
     * Whether the current thread may read the memory now: open, and shared or owned by the caller.
     * Two compares of one loaded field, for structures that test a different scope at every access
     * (a PSO field of each object in turn), where the branch-free {@link #deniedToCurrentThread}
     * costs more; where the scope is invariant the JIT hoists either.
     *
     * @return true if the scope is open and either shared or confined to the current thread
     */
    public boolean readableByCurrentThread() {
        long a = access;
        return a == 0 || a == Thread.currentThread().threadId();
    }

    /**
     * As {@link #readableByCurrentThread}, and the memory may be written through this scope.
     *
     * @return true if the current thread may read and may write: always false for a read-only
     *         twin ({@link ExternalBuffer#accessScope()} of a read-only buffer)
     */
    public boolean writableByCurrentThread() {
        long a = writeAccess;
        return a == 0 || a == Thread.currentThread().threadId();
    }

    /**
     * A view of {@code root} that dies when this scope closes. For a shared scope it is a second,
     * closeable segment over the same memory whose cleanup action refers to {@link #root}, so that
     * holding the view alone also keeps the memory mapped. Made once and kept: every reinterpret
     * would register another cleanup action with the arena, a leak for a buffer whose view is
     * asked for per message (a reservoir sending Waters from pooled buffers).
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
            MemorySegment memory = root;
            sharedView = root.reinterpret(viewArena, ignored -> Reference.reachabilityFence(memory));
        }
        return sharedView;
    }

    /** Records that a device may access the memory until {@link #unpin}; the scope must be open. */
    synchronized void pin(String holder) {
        if (!isAlive()) {
            throw new IllegalStateException("buffer closed: cannot pin it for " + holder);
        }
        pinHolders.add(holder);
    }

    synchronized void unpin(String holder) {
        pinHolders.remove(holder);
    }

    /** Closes once; later calls do nothing. The caller has checked the owner thread. */
    void close() {
        Arena views;
        synchronized (this) {
            if (!isAlive()) {
                return;
            }
            if (!pinHolders.isEmpty()) {
                // A device may still DMA into the memory: freeing it now would let the device
                // write into whatever the allocator hands out next.
                throw new IllegalStateException("buffer still pinned by " + String.join(", ", pinHolders)
                        + ": close (deregister) those first");
            }
            access = CLOSED;
            writeAccess = CLOSED;
            if (readOnlyTwin != null) {
                readOnlyTwin.access = CLOSED;
            }
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
