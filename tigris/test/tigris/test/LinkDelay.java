/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.test;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A link's delay on a kernel without {@code netem}: iptables' NFQUEUE target hands each packet of
 * a host's link to this process (libnetfilter_queue, through FFM), which gives the kernel its
 * verdict (accept) a fixed time later, in arrival order. Packets wait in the kernel, not here: only
 * their ids are kept. Netlink queues are per network namespace: one process binds the queue in
 * each namespace named (entering it with {@code setns} to open the socket), and serves them all.
 * {@link NetnsCluster#delay} adds the rules. Usage: {@code LinkDelay MILLIS QUEUE NAMESPACE...};
 * it prints one line once the queues are bound and runs until killed or its standard input ends
 * (its parent died); the rules' {@code --queue-bypass} lets packets through when no process holds
 * the queue.
 */
public final class LinkDelay {
    private static final int NF_ACCEPT = 1;
    private static final byte NFQNL_COPY_META = 1;
    private static final int NFQA_CFG_F_GSO = 1 << 2;
    private static final int MSG_DONTWAIT = 0x40;
    private static final int EAGAIN = 11;
    private static final int ENOBUFS = 105;
    private static final int SOL_SOCKET = 1;
    private static final int SO_RCVBUFFORCE = 33;
    private static final int POLLIN = 1;
    private static final int O_RDONLY = 0;
    private static final int CLONE_NEWNET = 0x40000000;
    private static final ValueLayout.OfInt BIG_ENDIAN_INT = JAVA_INT.withOrder(ByteOrder.BIG_ENDIAN).withByteAlignment(1);

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup NFQ = SymbolLookup.libraryLookup("libnetfilter_queue.so.1", Arena.global());
    private static final MethodHandle OPEN = nfq("nfq_open", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle CREATE_QUEUE = nfq("nfq_create_queue", FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_SHORT, ADDRESS, ADDRESS));
    private static final MethodHandle SET_MODE = nfq("nfq_set_mode", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, JAVA_INT));
    private static final MethodHandle SET_MAXLEN = nfq("nfq_set_queue_maxlen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle SET_FLAGS = nfq("nfq_set_queue_flags", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT));
    private static final MethodHandle FD = nfq("nfq_fd", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle HANDLE_PACKET = nfq("nfq_handle_packet", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle SET_VERDICT = nfq("nfq_set_verdict", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle PACKET_HEADER = nfq("nfq_get_msg_packet_hdr", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle RECV = libc("recv", FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle POLL = LINKER.downcallHandle(LINKER.defaultLookup().find("poll").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle SETSOCKOPT = libc("setsockopt", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle OPEN_FILE = LINKER.downcallHandle(LINKER.defaultLookup().find("open").orElseThrow(),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
    private static final MethodHandle SETNS = libc("setns", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    private static final MethodHandle CLOSE = libc("close", FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    private static final long ERRNO_OFFSET = Linker.Option.captureStateLayout()
                    .byteOffset(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));

    private final long delayNanos;
    private final Queue[] queues;

    private LinkDelay(long delayNanos, int count) {
        this.delayNanos = delayNanos;
        this.queues = new Queue[count];
    }

    private static MethodHandle nfq(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(NFQ.find(name).orElseThrow(() -> new IllegalStateException(name + " is not in libnetfilter_queue.so.1")), d);
    }

    private static MethodHandle libc(String name, FunctionDescriptor d) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), d, Linker.Option.captureCallState("errno"));
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 3) {
            System.err.println("usage: LinkDelay MILLIS QUEUE NAMESPACE... (a namespace of ip netns, or - for this process's own)");
            System.exit(2);
        }
        long millis = Long.parseLong(args[0]);
        int queue = Integer.parseInt(args[1]);
        List<String> namespaces = List.of(args).subList(2, args.length);
        LinkDelay d = new LinkDelay(millis * 1_000_000, namespaces.size());
        for (int i = 0; i < namespaces.size(); i++) {
            d.queues[i] = d.bind(i, queue, namespaces.get(i));
        }
        System.out.println("delaying queue " + queue + " by " + millis + " ms in " + String.join(", ", namespaces));
        System.out.flush();
        // Its parent gone (stdin ends), it goes too: a delayer left behind would hold the queue.
        Thread.ofPlatform().daemon().start(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is sent on stdin
                }
            } catch (java.io.IOException e) {
                // ended either way
            }
            System.exit(0);
        });
        d.run();
    }

    /** One bound queue: its handles, and the ids of the packets it holds with when each is due, a ring in arrival order. */
    private static final class Queue {
        final String namespace;
        final MemorySegment h;
        final MemorySegment qh;
        final int fd;
        long[] ids = new long[1 << 12];
        long[] due = new long[1 << 12];
        int head;
        int tail;
        long overflows;

        Queue(String namespace, MemorySegment h, MemorySegment qh, int fd) {
            this.namespace = namespace;
            this.h = h;
            this.qh = qh;
            this.fd = fd;
        }

        void add(long id, long when) {
            int next = (tail + 1) & (ids.length - 1);
            if (next == head) {
                int n = ids.length;
                long[] i2 = new long[n * 2];
                long[] d2 = new long[n * 2];
                int count = (tail - head) & (n - 1);
                for (int k = 0; k < count; k++) {
                    i2[k] = ids[(head + k) & (n - 1)];
                    d2[k] = due[(head + k) & (n - 1)];
                }
                ids = i2;
                due = d2;
                head = 0;
                tail = count;
                next = count + 1;
            }
            ids[tail] = id;
            due[tail] = when;
            tail = next;
        }
    }

    /** Binds queue {@code num} in {@code namespace}: netlink sockets belong to the namespace of the thread that opens them. */
    private Queue bind(int index, int num, String namespace) throws Throwable {
        Arena arena = Arena.global();
        MemorySegment errno = arena.allocate(Linker.Option.captureStateLayout());
        int home = -1;
        if (!namespace.equals("-")) {
            home = (int) OPEN_FILE.invokeExact(errno, arena.allocateFrom("/proc/thread-self/ns/net"), O_RDONLY);
            if (home < 0) {
                throw new IllegalStateException("cannot open this thread's network namespace: errno " + errno.get(JAVA_INT, ERRNO_OFFSET));
            }
            int target = (int) OPEN_FILE.invokeExact(errno, arena.allocateFrom("/run/netns/" + namespace), O_RDONLY);
            if (target < 0) {
                throw new IllegalStateException("no network namespace " + namespace + ": errno " + errno.get(JAVA_INT, ERRNO_OFFSET));
            }
            int entered = (int) SETNS.invokeExact(errno, target, CLONE_NEWNET);
            int why = errno.get(JAVA_INT, ERRNO_OFFSET);
            int unused = (int) CLOSE.invokeExact(errno, target);
            if (entered < 0) {
                throw new IllegalStateException("cannot enter network namespace " + namespace + ": errno " + why);
            }
        }
        try {
            MemorySegment h = (MemorySegment) OPEN.invokeExact();
            if (h.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("nfq_open failed in " + namespace + ": no netfilter queue support (needs root and nfnetlink_queue)");
            }
            MethodHandle onPacket = MethodHandles.lookup().bind(this, "onPacket",
                            MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
            MemorySegment callback = LINKER.upcallStub(onPacket, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS), arena);
            MemorySegment qh = (MemorySegment) CREATE_QUEUE.invokeExact(h, (short) num, callback, MemorySegment.ofAddress(index));
            if (qh.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("nfq_create_queue(" + num + ") failed in " + namespace + ": another process holds the queue?");
            }
            check((int) SET_MODE.invokeExact(qh, NFQNL_COPY_META, 0), "nfq_set_mode");
            check((int) SET_MAXLEN.invokeExact(qh, 1 << 16), "nfq_set_queue_maxlen");
            // Whole GSO packets, one verdict each, instead of the kernel segmenting them for us (ignored by kernels without it).
            int unusedFlags = (int) SET_FLAGS.invokeExact(qh, NFQA_CFG_F_GSO, NFQA_CFG_F_GSO);
            int fd = (int) FD.invokeExact(h);
            check((int) SETSOCKOPT.invokeExact(errno, fd, SOL_SOCKET, SO_RCVBUFFORCE, arena.allocateFrom(JAVA_INT, 32 << 20), 4), "setsockopt(SO_RCVBUFFORCE)");
            return new Queue(namespace, h, qh, fd);
        } finally {
            if (home >= 0) {
                int back = (int) SETNS.invokeExact(errno, home, CLONE_NEWNET);
                int unused = (int) CLOSE.invokeExact(errno, home);
                if (back < 0) {
                    throw new IllegalStateException("cannot return to this process's network namespace");
                }
            }
        }
    }

    private void run() throws Throwable {
        Arena arena = Arena.global();
        MemorySegment buf = arena.allocate(1 << 17);
        MemorySegment pollfds = arena.allocate(8L * queues.length);
        MemorySegment errno = arena.allocate(Linker.Option.captureStateLayout());
        while (true) {
            long now = System.nanoTime();
            long next = now + 1_000_000_000L;
            for (int i = 0; i < queues.length; i++) {
                Queue q = queues[i];
                while (q.head != q.tail && q.due[q.head] - now <= 0) {
                    check((int) SET_VERDICT.invokeExact(q.qh, (int) q.ids[q.head], NF_ACCEPT, 0, MemorySegment.NULL), "nfq_set_verdict");
                    q.head = (q.head + 1) & (q.ids.length - 1);
                }
                if (q.head != q.tail && q.due[q.head] - next < 0) {
                    next = q.due[q.head];
                }
                pollfds.set(JAVA_INT, 8L * i, q.fd);
                pollfds.set(JAVA_SHORT, 8L * i + 4, (short) POLLIN);
                pollfds.set(JAVA_SHORT, 8L * i + 6, (short) 0);
            }
            int timeout = (int) Math.max(1, (next - now + 999_999) / 1_000_000);
            int ready = (int) POLL.invokeExact(pollfds, (long) queues.length, timeout);
            for (int i = 0; ready > 0 && i < queues.length; i++) {
                short revents = pollfds.get(JAVA_SHORT, 8L * i + 6);
                if ((revents & ~POLLIN) != 0) {
                    throw new IllegalStateException("the queue's socket in " + queues[i].namespace + " failed (poll revents " + revents + ")");
                }
                if ((revents & POLLIN) == 0) {
                    continue;
                }
                Queue q = queues[i];
                while (true) {
                    long n = (long) RECV.invokeExact(errno, q.fd, buf, buf.byteSize(), MSG_DONTWAIT);
                    if (n < 0) {
                        if (errno.get(JAVA_INT, ERRNO_OFFSET) == ENOBUFS) {
                            // The kernel dropped messages we were too slow for: those packets are lost, as on a congested link.
                            if (q.overflows++ == 0) {
                                System.out.println("queue in " + q.namespace + " overflowed: packets dropped");
                            }
                            continue;
                        }
                        break;
                    }
                    int unused = (int) HANDLE_PACKET.invokeExact(q.h, buf, (int) n);
                }
            }
        }
    }

    /** nfq_callback: notes the packet and when it is due; the verdict comes from the loop. */
    private int onPacket(MemorySegment queueHandle, MemorySegment nfmsg, MemorySegment nfad, MemorySegment data) {
        try {
            MemorySegment hdr = (MemorySegment) PACKET_HEADER.invokeExact(nfad);
            if (hdr.equals(MemorySegment.NULL)) {
                return -1;
            }
            hdr = hdr.reinterpret(7);
            queues[(int) data.address()].add(hdr.get(BIG_ENDIAN_INT, 0) & 0xffffffffL, System.nanoTime() + delayNanos);
            return 0;
        } catch (Throwable t) {
            t.printStackTrace();
            return -1;
        }
    }

    private static void check(int rc, String what) {
        if (rc < 0) {
            throw new IllegalStateException(what + " failed (" + rc + ")");
        }
    }
}
