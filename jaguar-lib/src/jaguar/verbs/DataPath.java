/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The data-path calls of one device context. ibv_post_send, ibv_post_recv, ibv_poll_cq and
 * ibv_req_notify_cq are static inline in verbs.h: they jump through the provider's function
 * pointers in {@code ibv_context.ops}, and so does this class, with critical linkage (no thread
 * state transition: these calls never block) and pointers passed as plain longs (no segment per
 * call). The handles are final fields of the context's objects; doc/verbs.md has the costs.
 */
final class DataPath {
    /**
     * -Djaguar.verbs.criticalDowncalls=false links the data path like any FFM call (a thread
     * state transition per call, as JNI makes): the baseline of the verbs benchmarks, not for use.
     */
    private static final Linker.Option[] LINKAGE = Boolean.parseBoolean(
            System.getProperty("jaguar.verbs.criticalDowncalls", "true"))
            ? new Linker.Option[] {Linker.Option.critical(false)} : new Linker.Option[0];

    /** int post_send(struct ibv_qp *, struct ibv_send_wr *, struct ibv_send_wr **bad) */
    final MethodHandle postSend;
    /** int post_recv(struct ibv_qp *, struct ibv_recv_wr *, struct ibv_recv_wr **bad) */
    final MethodHandle postRecv;
    /** int poll_cq(struct ibv_cq *, int num_entries, struct ibv_wc *) */
    final MethodHandle pollCq;
    /** int req_notify_cq(struct ibv_cq *, int solicited_only) */
    final MethodHandle reqNotifyCq;

    DataPath(MemorySegment context) {
        MemorySegment ctx = context.reinterpret(VerbsAbi.IBV_CONTEXT.byteSize());
        postSend = handle(ctx, VerbsAbi.CTX_OPS_POST_SEND, "post_send",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        postRecv = handle(ctx, VerbsAbi.CTX_OPS_POST_RECV, "post_recv",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG));
        pollCq = handle(ctx, VerbsAbi.CTX_OPS_POLL_CQ, "poll_cq",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_LONG));
        reqNotifyCq = handle(ctx, VerbsAbi.CTX_OPS_REQ_NOTIFY_CQ, "req_notify_cq",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT));
    }

    private static MethodHandle handle(MemorySegment ctx, long offset, String op, FunctionDescriptor d) {
        MemorySegment fp = ctx.get(ADDRESS, offset);
        if (fp.equals(MemorySegment.NULL)) {
            throw new VerbsException("ibv_context.ops." + op, "the provider does not implement it");
        }
        return Linker.nativeLinker().downcallHandle(fp, d, LINKAGE);
    }
}
