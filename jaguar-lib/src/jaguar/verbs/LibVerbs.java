/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

/**
 * The exported C functions of libibverbs and librdmacm the binding calls on its control path. The
 * libraries load on first use; when one is missing (or lacks a function), each of its calls
 * throws a {@link NoRdmaDeviceException} saying which package to install, at every use, not only
 * the first: the static initialisers of {@link Ibv} and {@link Cm} never fail. Data-path calls are
 * static inline in verbs.h and go through the provider's function pointers instead (see
 * {@link DataPath}).
 */
final class LibVerbs {
    private LibVerbs() {}

    static final String IBVERBS = "libibverbs.so.1";
    static final String RDMACM = "librdmacm.so.1";

    private static final MethodHandle STRERROR = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("strerror").orElseThrow(),
            FunctionDescriptor.of(ADDRESS, JAVA_INT));

    static String strerror(int errno) {
        try {
            return ((MemorySegment) STRERROR.invokeExact(errno)).reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }

    /** A library's symbols, or, if it cannot be loaded, what to install. */
    record Library(String file, String debianPackage, SymbolLookup lookup) {
        static Library load(String file, String debianPackage) {
            try {
                return new Library(file, debianPackage, SymbolLookup.libraryLookup(file, Arena.global()));
            } catch (IllegalArgumentException e) {
                return new Library(file, debianPackage, null);
            }
        }

        NativeCall call(String name, FunctionDescriptor d) {
            if (lookup == null) {
                return NativeCall.unavailable(name, file + " is not installed (Debian: apt-get install " + debianPackage + "; ./configure installs it)");
            }
            return lookup.find(name).map(symbol -> NativeCall.of(name, symbol, d)).orElseGet(() -> NativeCall.unavailable(name,
                            file + " has no function " + name + ": rdma-core is too old (Debian: apt-get install " + debianPackage + ")"));
        }
    }

    /** libibverbs: loads with the first use of any of these. */
    static final class Ibv {
        private Ibv() {}

        private static final Library LIB = Library.load(IBVERBS, "libibverbs1 ibverbs-providers");

        private static NativeCall call(String name, FunctionDescriptor d) {
            return LIB.call(name, d);
        }

        static final NativeCall GET_DEVICE_LIST = call("ibv_get_device_list", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final NativeCall FREE_DEVICE_LIST = call("ibv_free_device_list", FunctionDescriptor.ofVoid(ADDRESS));
        static final NativeCall GET_DEVICE_NAME = call("ibv_get_device_name", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final NativeCall GET_DEVICE_GUID = call("ibv_get_device_guid", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
        static final NativeCall OPEN_DEVICE = call("ibv_open_device", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final NativeCall CLOSE_DEVICE = call("ibv_close_device", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall QUERY_DEVICE = call("ibv_query_device", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        // ibv_query_port is a macro over ibv_query_port(ctx, port, (struct _compat_ibv_port_attr *) attr): same symbol.
        static final NativeCall QUERY_PORT = call("ibv_query_port", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, ADDRESS));
        static final NativeCall QUERY_GID = call("ibv_query_gid", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_BYTE, JAVA_INT, ADDRESS));
        static final NativeCall ALLOC_PD = call("ibv_alloc_pd", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final NativeCall DEALLOC_PD = call("ibv_dealloc_pd", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall REG_MR = call("ibv_reg_mr", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
        static final NativeCall DEREG_MR = call("ibv_dereg_mr", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall CREATE_COMP_CHANNEL = call("ibv_create_comp_channel", FunctionDescriptor.of(ADDRESS, ADDRESS));
        static final NativeCall DESTROY_COMP_CHANNEL = call("ibv_destroy_comp_channel", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall CREATE_CQ = call("ibv_create_cq",
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        static final NativeCall DESTROY_CQ = call("ibv_destroy_cq", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall GET_CQ_EVENT = call("ibv_get_cq_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        static final NativeCall ACK_CQ_EVENTS = call("ibv_ack_cq_events", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
        static final NativeCall CREATE_QP = call("ibv_create_qp", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS));
        static final NativeCall MODIFY_QP = call("ibv_modify_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        static final NativeCall QUERY_QP = call("ibv_query_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        static final NativeCall DESTROY_QP = call("ibv_destroy_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall WC_STATUS_STR = call("ibv_wc_status_str", FunctionDescriptor.of(ADDRESS, JAVA_INT));
    }

    /** librdmacm: loads with the first connection made or accepted through rdma_cm. */
    static final class Cm {
        private Cm() {}

        private static final Library LIB = Library.load(RDMACM, "librdmacm1");

        private static NativeCall call(String name, FunctionDescriptor d) {
            return LIB.call(name, d);
        }

        static final NativeCall CREATE_EVENT_CHANNEL = call("rdma_create_event_channel", FunctionDescriptor.of(ADDRESS));
        static final NativeCall DESTROY_EVENT_CHANNEL = call("rdma_destroy_event_channel", FunctionDescriptor.ofVoid(ADDRESS));
        static final NativeCall CREATE_ID = call("rdma_create_id",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        static final NativeCall DESTROY_ID = call("rdma_destroy_id", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall BIND_ADDR = call("rdma_bind_addr", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final NativeCall RESOLVE_ADDR = call("rdma_resolve_addr",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        static final NativeCall RESOLVE_ROUTE = call("rdma_resolve_route", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        static final NativeCall LISTEN = call("rdma_listen", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        static final NativeCall CONNECT = call("rdma_connect", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final NativeCall ACCEPT = call("rdma_accept", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final NativeCall REJECT = call("rdma_reject", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_BYTE));
        static final NativeCall DISCONNECT = call("rdma_disconnect", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall CREATE_QP = call("rdma_create_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        static final NativeCall QUERY_QP = call("ibv_query_qp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        static final NativeCall DESTROY_QP = call("rdma_destroy_qp", FunctionDescriptor.ofVoid(ADDRESS));
        static final NativeCall MIGRATE_ID = call("rdma_migrate_id", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final NativeCall GET_CM_EVENT = call("rdma_get_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        static final NativeCall ACK_CM_EVENT = call("rdma_ack_cm_event", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        static final NativeCall EVENT_STR = call("rdma_event_str", FunctionDescriptor.of(ADDRESS, JAVA_INT));
        // rdma_get_src_port returns the port in network order (__be16).
        static final NativeCall GET_LOCAL_PORT = call("rdma_get_src_port", FunctionDescriptor.of(JAVA_SHORT, ADDRESS));
    }
}
