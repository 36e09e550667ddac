/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * Generates jaguar/verbs/VerbsAbi.java from the installed rdma-core headers: an FFM StructLayout
 * per struct the binding touches (the fields it uses, padding in between, padded to the C size),
 * the byte offsets it reads them at, taken from those layouts, and the enum values. Built and run
 * by make (make/Verbs.gmk); jaguar-lib/test/.../VerbsAbiTest checks the result against a C dump.
 * Fields must be listed in offset order; the generator fails the build when a field's size does
 * not match its Java carrier or fields overlap, so a changed header cannot slip through.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <rdma/rdma_user_rxe.h>
#include <rdma/ib_user_verbs.h>
#include <netinet/in.h>
#include <pthread.h>

static const char *cur_struct;
static size_t cur_off;
static int first;
static char consts[1 << 16];
static const char *pending_name;

static void begin(const char *jname, const char *cname) {
  cur_struct = cname; cur_off = 0; first = 1;
  printf("\n    /** {@code %s} */\n    static final StructLayout %s = MemoryLayout.structLayout(", cname, jname);
  pending_name = cname;
}

static void sep(void) { printf(first ? "\n" : ",\n"); first = 0; }

static void pad_to(size_t off) {
  if (off < cur_off) { fprintf(stderr, "verbs_abi_gen: %s: fields overlap or are out of order at offset %zu\n", cur_struct, off); exit(1); }
  if (off > cur_off) { sep(); printf("            MemoryLayout.paddingLayout(%zu)", off - cur_off); cur_off = off; }
}

/* carrier: "JAVA_BYTE", ... or "BYTES" for a byte array of the field's size. */
static void field(const char *jconst, const char *cfield, size_t off, size_t size, const char *carrier) {
  size_t want = !strcmp(carrier, "JAVA_BYTE") ? 1 : !strcmp(carrier, "JAVA_SHORT") ? 2 : !strcmp(carrier, "JAVA_INT") ? 4
              : !strcmp(carrier, "JAVA_LONG") || !strcmp(carrier, "ADDRESS") ? 8 : size;
  if (want != size) { fprintf(stderr, "verbs_abi_gen: %s.%s is %zu bytes, not a %s\n", cur_struct, cfield, size, carrier); exit(1); }
  pad_to(off);
  sep();
  if (!strcmp(carrier, "BYTES")) printf("            MemoryLayout.sequenceLayout(%zu, JAVA_BYTE).withName(\"%s\")", size, cfield);
  else printf("            %s.withName(\"%s\")", carrier, cfield);
  cur_off = off + size;
}

static void end(size_t size) { pad_to(size); printf(").withName(\"%s\");\n", pending_name); }

#define STRUCT(j, t) do { typedef struct t T_; begin(#j, "struct " #t); const char *J_ = #j; (void) J_;
#define F(jc, f, carrier) field(#jc, #f, offsetof(T_, f), sizeof(((T_ *) 0)->f), carrier); \
    off_line(J_, #jc, #f);
#define END } while (0); end_struct();
static size_t cur_size;
static void off_line(const char *jstruct, const char *jconst, const char *cfield) {
  char line[256];
  snprintf(line, sizeof line, "    static final long %s = offset(%s, \"%s\");\n", jconst, jstruct, cfield);
  strcat(consts, line);
}
#define SIZE_OF(t) (cur_size = sizeof(struct t))
static void end_struct(void) { end(cur_size); }
#define C(x) printf("    static final int %s = %lld;\n", #x, (long long) (x))
/*
 * A named compile-time constant (code-mapping templates can only use those). Its C expression goes
 * to DERIVED_C so that VerbsAbiTest can check it against the headers, except for the provider's
 * private structs, which no installed header declares (RxeQueueFinder checks those at run time).
 */
static char derived[1 << 16];
static void ci(const char *name, long long value, const char *expr) {
  printf("    static final int %s = %lld;\n", name, value);
  if (strncmp(name, "RXE_PRIVATE_", 12) != 0) {
    char line[512];
    snprintf(line, sizeof line, "            {\"%s\", \"%s\"},\n", name, expr);
    strcat(derived, line);
  }
}
#define CI(name, x) ci(#name, (long long) (x), #x)
#define FAIL_UNLESS(cond, what) do { if (!(cond)) { fprintf(stderr, "verbs_abi_gen: %s\n", what); exit(1); } } while (0)

/*
 * The rxe provider's private queue pair and completion queue (rdma-core providers/rxe/rxe.h and
 * libibverbs/driver.h, unchanged in these parts from v28 to v56): only the prefix the binding
 * reads to find the queues the provider mapped. Nothing is trusted at run time without checks:
 * RxeQueueFinder compares every value read through these offsets with what the kernel reports
 * (/proc/self/maps, ibv_query_qp, the queue headers) and falls back to the provider's calls on any
 * mismatch.
 */
struct jaguar_rxe_wq { void *queue; pthread_spinlock_t lock; unsigned int max_sge; unsigned int max_inline; };
struct jaguar_verbs_qp { union { struct ibv_qp qp; struct ibv_qp_ex qp_ex; }; uint32_t comp_mask; void *xrcd; };
struct jaguar_rxe_qp {
  struct jaguar_verbs_qp vqp;
  struct mminfo rq_mmap_info; struct jaguar_rxe_wq rq;
  struct mminfo sq_mmap_info; struct jaguar_rxe_wq sq;
};
struct jaguar_verbs_cq { union { struct ibv_cq cq; struct ibv_cq_ex cq_ex; }; };
struct jaguar_rxe_cq { struct jaguar_verbs_cq vcq; struct mminfo mmap_info; void *queue; };

static void rxe_abi(void) {
  printf("\n    // Soft-RoCE (rxe): the queues it shares with the kernel (rdma/rdma_user_rxe.h, a kernel ABI),\n"
         "    // the doorbell command (rdma/ib_user_verbs.h) and the provider's private structs (see the generator).\n");
  CI(RXE_QUEUE_LOG2_ELEM_SIZE, offsetof(struct rxe_queue_buf, log2_elem_size));
  CI(RXE_QUEUE_INDEX_MASK, offsetof(struct rxe_queue_buf, index_mask));
  CI(RXE_QUEUE_PRODUCER, offsetof(struct rxe_queue_buf, producer_index));
  CI(RXE_QUEUE_CONSUMER, offsetof(struct rxe_queue_buf, consumer_index));
  CI(RXE_QUEUE_DATA, offsetof(struct rxe_queue_buf, data));

  CI(RXE_SEND_WR_SIZE, sizeof(struct rxe_send_wr));
  CI(RXE_SEND_WQE_SIZE, sizeof(struct rxe_send_wqe));
  CI(RXE_SWQE_WR_ID, offsetof(struct rxe_send_wqe, wr.wr_id));
  CI(RXE_SWQE_OPCODE, offsetof(struct rxe_send_wqe, wr.opcode));
  CI(RXE_SWQE_SEND_FLAGS, offsetof(struct rxe_send_wqe, wr.send_flags));
  CI(RXE_SWQE_IMM_DATA, offsetof(struct rxe_send_wqe, wr.ex.imm_data));
  CI(RXE_SWQE_REMOTE_ADDR, offsetof(struct rxe_send_wqe, wr.wr.rdma.remote_addr));
  CI(RXE_SWQE_RKEY, offsetof(struct rxe_send_wqe, wr.wr.rdma.rkey));
  CI(RXE_SWQE_STATUS, offsetof(struct rxe_send_wqe, status));
  CI(RXE_SWQE_STATE, offsetof(struct rxe_send_wqe, state));
  CI(RXE_SWQE_IOVA, offsetof(struct rxe_send_wqe, iova));
  CI(RXE_SWQE_SSN, offsetof(struct rxe_send_wqe, ssn));
  CI(RXE_SWQE_DMA_LENGTH, offsetof(struct rxe_send_wqe, dma.length));
  CI(RXE_SWQE_DMA_RESID, offsetof(struct rxe_send_wqe, dma.resid));
  CI(RXE_SWQE_DMA_CUR_SGE, offsetof(struct rxe_send_wqe, dma.cur_sge));
  CI(RXE_SWQE_DMA_NUM_SGE, offsetof(struct rxe_send_wqe, dma.num_sge));
  CI(RXE_SWQE_DMA_SGE_OFFSET, offsetof(struct rxe_send_wqe, dma.sge_offset));
  CI(RXE_SWQE_SGE_ADDR, offsetof(struct rxe_send_wqe, dma.sge[0].addr));
  CI(RXE_SWQE_SGE_LENGTH, offsetof(struct rxe_send_wqe, dma.sge[0].length));
  CI(RXE_SWQE_SGE_LKEY, offsetof(struct rxe_send_wqe, dma.sge[0].lkey));
  CI(RXE_SWQE_INLINE_DATA, offsetof(struct rxe_send_wqe, dma.inline_data));
  FAIL_UNLESS(offsetof(struct rxe_send_wqe, wr) == 0 && sizeof(struct rxe_send_wr) % 8 == 0,
              "struct rxe_send_wr is not an 8-byte multiple at the start of struct rxe_send_wqe");

  CI(RXE_RECV_WQE_SIZE, sizeof(struct rxe_recv_wqe));
  CI(RXE_RWQE_WR_ID, offsetof(struct rxe_recv_wqe, wr_id));
  CI(RXE_RWQE_DMA_LENGTH, offsetof(struct rxe_recv_wqe, dma.length));
  CI(RXE_RWQE_DMA_RESID, offsetof(struct rxe_recv_wqe, dma.resid));
  CI(RXE_RWQE_DMA_CUR_SGE, offsetof(struct rxe_recv_wqe, dma.cur_sge));
  CI(RXE_RWQE_DMA_NUM_SGE, offsetof(struct rxe_recv_wqe, dma.num_sge));
  CI(RXE_RWQE_DMA_SGE_OFFSET, offsetof(struct rxe_recv_wqe, dma.sge_offset));
  CI(RXE_RWQE_SGE_ADDR, offsetof(struct rxe_recv_wqe, dma.sge[0].addr));
  CI(RXE_RWQE_SGE_LENGTH, offsetof(struct rxe_recv_wqe, dma.sge[0].length));
  CI(RXE_RWQE_SGE_LKEY, offsetof(struct rxe_recv_wqe, dma.sge[0].lkey));
  CI(RXE_SGE_SIZE, sizeof(struct rxe_sge));

  /* A completion in an rxe CQ is a struct ib_uverbs_wc, which the binding copies into ibv_wc arrays as the provider does. */
  CI(RXE_CQE_SIZE, sizeof(struct ib_uverbs_wc));
  FAIL_UNLESS(sizeof(struct ib_uverbs_wc) == sizeof(struct ibv_wc)
              && offsetof(struct ib_uverbs_wc, wr_id) == offsetof(struct ibv_wc, wr_id)
              && offsetof(struct ib_uverbs_wc, status) == offsetof(struct ibv_wc, status)
              && offsetof(struct ib_uverbs_wc, opcode) == offsetof(struct ibv_wc, opcode)
              && offsetof(struct ib_uverbs_wc, byte_len) == offsetof(struct ibv_wc, byte_len)
              && offsetof(struct ib_uverbs_wc, ex.imm_data) == offsetof(struct ibv_wc, imm_data)
              && offsetof(struct ib_uverbs_wc, qp_num) == offsetof(struct ibv_wc, qp_num)
              && offsetof(struct ib_uverbs_wc, wc_flags) == offsetof(struct ibv_wc, wc_flags),
              "struct ib_uverbs_wc and struct ibv_wc differ: rxe completions cannot be copied as ibv_wc");

  /* The doorbell of an rxe send queue: a POST_SEND command header and body with no work requests, written to cmd_fd. */
  CI(UVERBS_CMD_POST_SEND, IB_USER_VERBS_CMD_POST_SEND);
  CI(UVERBS_POST_SEND_SIZE, sizeof(struct ib_uverbs_cmd_hdr) + sizeof(struct ib_uverbs_post_send));
  CI(UVERBS_POST_SEND_RESP_SIZE, sizeof(struct ib_uverbs_post_send_resp));
  CI(UVERBS_HDR_COMMAND, offsetof(struct ib_uverbs_cmd_hdr, command));
  CI(UVERBS_HDR_IN_WORDS, offsetof(struct ib_uverbs_cmd_hdr, in_words));
  CI(UVERBS_HDR_OUT_WORDS, offsetof(struct ib_uverbs_cmd_hdr, out_words));
  CI(UVERBS_POST_SEND_RESPONSE, sizeof(struct ib_uverbs_cmd_hdr) + offsetof(struct ib_uverbs_post_send, response));
  CI(UVERBS_POST_SEND_QP_HANDLE, sizeof(struct ib_uverbs_cmd_hdr) + offsetof(struct ib_uverbs_post_send, qp_handle));
  CI(UVERBS_POST_SEND_WR_COUNT, sizeof(struct ib_uverbs_cmd_hdr) + offsetof(struct ib_uverbs_post_send, wr_count));
  CI(UVERBS_POST_SEND_SGE_COUNT, sizeof(struct ib_uverbs_cmd_hdr) + offsetof(struct ib_uverbs_post_send, sge_count));
  CI(UVERBS_POST_SEND_WQE_SIZE, sizeof(struct ib_uverbs_cmd_hdr) + offsetof(struct ib_uverbs_post_send, wqe_size));
  CI(IBV_SEND_WR_BYTES, sizeof(struct ibv_send_wr));

  CI(RXE_PRIVATE_QP_RQ_MMAP_OFFSET, offsetof(struct jaguar_rxe_qp, rq_mmap_info.offset));
  CI(RXE_PRIVATE_QP_RQ_MMAP_SIZE, offsetof(struct jaguar_rxe_qp, rq_mmap_info.size));
  CI(RXE_PRIVATE_QP_RQ_QUEUE, offsetof(struct jaguar_rxe_qp, rq.queue));
  CI(RXE_PRIVATE_QP_RQ_MAX_SGE, offsetof(struct jaguar_rxe_qp, rq.max_sge));
  CI(RXE_PRIVATE_QP_SQ_MMAP_OFFSET, offsetof(struct jaguar_rxe_qp, sq_mmap_info.offset));
  CI(RXE_PRIVATE_QP_SQ_MMAP_SIZE, offsetof(struct jaguar_rxe_qp, sq_mmap_info.size));
  CI(RXE_PRIVATE_QP_SQ_QUEUE, offsetof(struct jaguar_rxe_qp, sq.queue));
  CI(RXE_PRIVATE_QP_SQ_MAX_SGE, offsetof(struct jaguar_rxe_qp, sq.max_sge));
  CI(RXE_PRIVATE_QP_SQ_MAX_INLINE, offsetof(struct jaguar_rxe_qp, sq.max_inline));
  CI(RXE_PRIVATE_QP_PREFIX_SIZE, sizeof(struct jaguar_rxe_qp));
  CI(RXE_PRIVATE_CQ_MMAP_OFFSET, offsetof(struct jaguar_rxe_cq, mmap_info.offset));
  CI(RXE_PRIVATE_CQ_MMAP_SIZE, offsetof(struct jaguar_rxe_cq, mmap_info.size));
  CI(RXE_PRIVATE_CQ_QUEUE, offsetof(struct jaguar_rxe_cq, queue));
  CI(RXE_PRIVATE_CQ_PREFIX_SIZE, sizeof(struct jaguar_rxe_cq));
}

int main(void) {
  printf("// Generated by jaguar-lib/native/verbs_abi_gen.c from the installed rdma-core headers. Do not edit.\n"
         "package jaguar.verbs;\n\n"
         "import java.lang.foreign.MemoryLayout;\nimport java.lang.foreign.StructLayout;\n\n"
         "import static java.lang.foreign.ValueLayout.*;\n\n"
         "/** The C ABI of libibverbs and librdmacm as compiled on the build host: layouts, offsets, enum values. */\n"
         "final class VerbsAbi {\n    private VerbsAbi() {}\n\n"
         "    private static long offset(StructLayout s, String field) {\n"
         "        return s.byteOffset(MemoryLayout.PathElement.groupElement(field));\n    }\n");

  SIZE_OF(ibv_context); STRUCT(IBV_CONTEXT, ibv_context)
    F(CTX_DEVICE, device, "ADDRESS")
    F(CTX_OPS_POLL_CQ, ops.poll_cq, "ADDRESS") F(CTX_OPS_REQ_NOTIFY_CQ, ops.req_notify_cq, "ADDRESS")
    F(CTX_OPS_POST_SRQ_RECV, ops.post_srq_recv, "ADDRESS")
    F(CTX_OPS_POST_SEND, ops.post_send, "ADDRESS") F(CTX_OPS_POST_RECV, ops.post_recv, "ADDRESS")
    F(CTX_CMD_FD, cmd_fd, "JAVA_INT") F(CTX_ASYNC_FD, async_fd, "JAVA_INT") F(CTX_NUM_COMP_VECTORS, num_comp_vectors, "JAVA_INT")
  END
  SIZE_OF(ibv_device_attr); STRUCT(IBV_DEVICE_ATTR, ibv_device_attr)
    F(DEVATTR_FW_VER, fw_ver, "BYTES") F(DEVATTR_NODE_GUID, node_guid, "JAVA_LONG") F(DEVATTR_MAX_MR_SIZE, max_mr_size, "JAVA_LONG")
    F(DEVATTR_VENDOR_ID, vendor_id, "JAVA_INT") F(DEVATTR_VENDOR_PART_ID, vendor_part_id, "JAVA_INT")
    F(DEVATTR_MAX_QP, max_qp, "JAVA_INT") F(DEVATTR_MAX_QP_WR, max_qp_wr, "JAVA_INT") F(DEVATTR_MAX_SGE, max_sge, "JAVA_INT")
    F(DEVATTR_MAX_CQ, max_cq, "JAVA_INT") F(DEVATTR_MAX_CQE, max_cqe, "JAVA_INT") F(DEVATTR_MAX_MR, max_mr, "JAVA_INT")
    F(DEVATTR_MAX_PD, max_pd, "JAVA_INT") F(DEVATTR_PHYS_PORT_CNT, phys_port_cnt, "JAVA_BYTE")
  END
  SIZE_OF(ibv_port_attr); STRUCT(IBV_PORT_ATTR, ibv_port_attr)
    F(PORT_STATE, state, "JAVA_INT") F(PORT_MAX_MTU, max_mtu, "JAVA_INT") F(PORT_ACTIVE_MTU, active_mtu, "JAVA_INT")
    F(PORT_GID_TBL_LEN, gid_tbl_len, "JAVA_INT") F(PORT_MAX_MSG_SZ, max_msg_sz, "JAVA_INT")
    F(PORT_LID, lid, "JAVA_SHORT") F(PORT_LINK_LAYER, link_layer, "JAVA_BYTE")
  END
  SIZE_OF(ibv_mr); STRUCT(IBV_MR, ibv_mr)
    F(MR_CONTEXT, context, "ADDRESS") F(MR_PD, pd, "ADDRESS") F(MR_ADDR, addr, "ADDRESS") F(MR_LENGTH, length, "JAVA_LONG")
    F(MR_HANDLE, handle, "JAVA_INT") F(MR_LKEY, lkey, "JAVA_INT") F(MR_RKEY, rkey, "JAVA_INT")
  END
  SIZE_OF(ibv_comp_channel); STRUCT(IBV_COMP_CHANNEL, ibv_comp_channel)
    F(CHANNEL_CONTEXT, context, "ADDRESS") F(CHANNEL_FD, fd, "JAVA_INT")
  END
  SIZE_OF(ibv_cq); STRUCT(IBV_CQ, ibv_cq)
    F(CQ_CONTEXT, context, "ADDRESS") F(CQ_CHANNEL, channel, "ADDRESS") F(CQ_CQ_CONTEXT, cq_context, "ADDRESS")
    F(CQ_HANDLE, handle, "JAVA_INT") F(CQ_CQE, cqe, "JAVA_INT")
  END
  SIZE_OF(ibv_qp); STRUCT(IBV_QP, ibv_qp)
    F(QP_CONTEXT, context, "ADDRESS") F(QP_QP_CONTEXT, qp_context, "ADDRESS") F(QP_PD, pd, "ADDRESS")
    F(QP_SEND_CQ, send_cq, "ADDRESS") F(QP_RECV_CQ, recv_cq, "ADDRESS")
    F(QP_HANDLE, handle, "JAVA_INT") F(QP_NUM, qp_num, "JAVA_INT") F(QP_STATE, state, "JAVA_INT") F(QP_TYPE, qp_type, "JAVA_INT")
  END
  SIZE_OF(ibv_qp_init_attr); STRUCT(IBV_QP_INIT_ATTR, ibv_qp_init_attr)
    F(QPIA_QP_CONTEXT, qp_context, "ADDRESS") F(QPIA_SEND_CQ, send_cq, "ADDRESS") F(QPIA_RECV_CQ, recv_cq, "ADDRESS")
    F(QPIA_SRQ, srq, "ADDRESS")
    F(QPIA_MAX_SEND_WR, cap.max_send_wr, "JAVA_INT") F(QPIA_MAX_RECV_WR, cap.max_recv_wr, "JAVA_INT")
    F(QPIA_MAX_SEND_SGE, cap.max_send_sge, "JAVA_INT") F(QPIA_MAX_RECV_SGE, cap.max_recv_sge, "JAVA_INT")
    F(QPIA_MAX_INLINE_DATA, cap.max_inline_data, "JAVA_INT")
    F(QPIA_QP_TYPE, qp_type, "JAVA_INT") F(QPIA_SQ_SIG_ALL, sq_sig_all, "JAVA_INT")
  END
  SIZE_OF(ibv_qp_attr); STRUCT(IBV_QP_ATTR, ibv_qp_attr)
    F(QPA_QP_STATE, qp_state, "JAVA_INT") F(QPA_CUR_QP_STATE, cur_qp_state, "JAVA_INT") F(QPA_PATH_MTU, path_mtu, "JAVA_INT")
    F(QPA_QKEY, qkey, "JAVA_INT") F(QPA_RQ_PSN, rq_psn, "JAVA_INT") F(QPA_SQ_PSN, sq_psn, "JAVA_INT")
    F(QPA_DEST_QP_NUM, dest_qp_num, "JAVA_INT") F(QPA_QP_ACCESS_FLAGS, qp_access_flags, "JAVA_INT")
    F(QPA_CAP_MAX_SEND_WR, cap.max_send_wr, "JAVA_INT") F(QPA_CAP_MAX_RECV_WR, cap.max_recv_wr, "JAVA_INT")
    F(QPA_CAP_MAX_SEND_SGE, cap.max_send_sge, "JAVA_INT") F(QPA_CAP_MAX_RECV_SGE, cap.max_recv_sge, "JAVA_INT")
    F(QPA_CAP_MAX_INLINE_DATA, cap.max_inline_data, "JAVA_INT")
    F(QPA_AH_DGID, ah_attr.grh.dgid, "BYTES") F(QPA_AH_FLOW_LABEL, ah_attr.grh.flow_label, "JAVA_INT")
    F(QPA_AH_SGID_INDEX, ah_attr.grh.sgid_index, "JAVA_BYTE") F(QPA_AH_HOP_LIMIT, ah_attr.grh.hop_limit, "JAVA_BYTE")
    F(QPA_AH_TRAFFIC_CLASS, ah_attr.grh.traffic_class, "JAVA_BYTE")
    F(QPA_AH_DLID, ah_attr.dlid, "JAVA_SHORT") F(QPA_AH_SL, ah_attr.sl, "JAVA_BYTE")
    F(QPA_AH_SRC_PATH_BITS, ah_attr.src_path_bits, "JAVA_BYTE") F(QPA_AH_STATIC_RATE, ah_attr.static_rate, "JAVA_BYTE")
    F(QPA_AH_IS_GLOBAL, ah_attr.is_global, "JAVA_BYTE") F(QPA_AH_PORT_NUM, ah_attr.port_num, "JAVA_BYTE")
    F(QPA_PKEY_INDEX, pkey_index, "JAVA_SHORT")
    F(QPA_SQ_DRAINING, sq_draining, "JAVA_BYTE") F(QPA_MAX_RD_ATOMIC, max_rd_atomic, "JAVA_BYTE")
    F(QPA_MAX_DEST_RD_ATOMIC, max_dest_rd_atomic, "JAVA_BYTE") F(QPA_MIN_RNR_TIMER, min_rnr_timer, "JAVA_BYTE")
    F(QPA_PORT_NUM, port_num, "JAVA_BYTE") F(QPA_TIMEOUT, timeout, "JAVA_BYTE") F(QPA_RETRY_CNT, retry_cnt, "JAVA_BYTE")
    F(QPA_RNR_RETRY, rnr_retry, "JAVA_BYTE")
  END
  SIZE_OF(ibv_sge); STRUCT(IBV_SGE, ibv_sge)
    F(SGE_ADDR, addr, "JAVA_LONG") F(SGE_LENGTH, length, "JAVA_INT") F(SGE_LKEY, lkey, "JAVA_INT")
  END
  SIZE_OF(ibv_send_wr); STRUCT(IBV_SEND_WR, ibv_send_wr)
    F(SWR_WR_ID, wr_id, "JAVA_LONG") F(SWR_NEXT, next, "ADDRESS") F(SWR_SG_LIST, sg_list, "ADDRESS")
    F(SWR_NUM_SGE, num_sge, "JAVA_INT") F(SWR_OPCODE, opcode, "JAVA_INT") F(SWR_SEND_FLAGS, send_flags, "JAVA_INT")
    F(SWR_IMM_DATA, imm_data, "JAVA_INT")
    F(SWR_RDMA_REMOTE_ADDR, wr.rdma.remote_addr, "JAVA_LONG") F(SWR_RDMA_RKEY, wr.rdma.rkey, "JAVA_INT")
  END
  SIZE_OF(ibv_recv_wr); STRUCT(IBV_RECV_WR, ibv_recv_wr)
    F(RWR_WR_ID, wr_id, "JAVA_LONG") F(RWR_NEXT, next, "ADDRESS") F(RWR_SG_LIST, sg_list, "ADDRESS") F(RWR_NUM_SGE, num_sge, "JAVA_INT")
  END
  SIZE_OF(ibv_wc); STRUCT(IBV_WC, ibv_wc)
    F(WC_WR_ID, wr_id, "JAVA_LONG") F(WC_STATUS, status, "JAVA_INT") F(WC_OPCODE, opcode, "JAVA_INT")
    F(WC_VENDOR_ERR, vendor_err, "JAVA_INT") F(WC_BYTE_LEN, byte_len, "JAVA_INT") F(WC_IMM_DATA, imm_data, "JAVA_INT")
    F(WC_QP_NUM, qp_num, "JAVA_INT") F(WC_SRC_QP, src_qp, "JAVA_INT") F(WC_WC_FLAGS, wc_flags, "JAVA_INT")
  END
  SIZE_OF(rdma_cm_id); STRUCT(RDMA_CM_ID, rdma_cm_id)
    F(CMID_VERBS, verbs, "ADDRESS") F(CMID_CHANNEL, channel, "ADDRESS") F(CMID_CONTEXT, context, "ADDRESS") F(CMID_QP, qp, "ADDRESS")
    F(CMID_SRC_SIN, route.addr.src_sin, "BYTES") F(CMID_DST_SIN, route.addr.dst_sin, "BYTES")
    F(CMID_PS, ps, "JAVA_INT") F(CMID_PORT_NUM, port_num, "JAVA_BYTE") F(CMID_PD, pd, "ADDRESS")
  END
  SIZE_OF(rdma_cm_event); STRUCT(RDMA_CM_EVENT, rdma_cm_event)
    F(CMEV_ID, id, "ADDRESS") F(CMEV_LISTEN_ID, listen_id, "ADDRESS") F(CMEV_EVENT, event, "JAVA_INT") F(CMEV_STATUS, status, "JAVA_INT")
    F(CMEV_PRIVATE_DATA, param.conn.private_data, "ADDRESS") F(CMEV_PRIVATE_DATA_LEN, param.conn.private_data_len, "JAVA_BYTE")
    F(CMEV_RESPONDER_RESOURCES, param.conn.responder_resources, "JAVA_BYTE") F(CMEV_INITIATOR_DEPTH, param.conn.initiator_depth, "JAVA_BYTE")
  END
  SIZE_OF(rdma_conn_param); STRUCT(RDMA_CONN_PARAM, rdma_conn_param)
    F(CONN_PRIVATE_DATA, private_data, "ADDRESS") F(CONN_PRIVATE_DATA_LEN, private_data_len, "JAVA_BYTE")
    F(CONN_RESPONDER_RESOURCES, responder_resources, "JAVA_BYTE") F(CONN_INITIATOR_DEPTH, initiator_depth, "JAVA_BYTE")
    F(CONN_FLOW_CONTROL, flow_control, "JAVA_BYTE") F(CONN_RETRY_COUNT, retry_count, "JAVA_BYTE")
    F(CONN_RNR_RETRY_COUNT, rnr_retry_count, "JAVA_BYTE") F(CONN_SRQ, srq, "JAVA_BYTE") F(CONN_QP_NUM, qp_num, "JAVA_INT")
  END
  SIZE_OF(rdma_event_channel); STRUCT(RDMA_EVENT_CHANNEL, rdma_event_channel)
    F(EVCH_FD, fd, "JAVA_INT")
  END
  SIZE_OF(sockaddr_in); STRUCT(SOCKADDR_IN, sockaddr_in)
    F(SIN_FAMILY, sin_family, "JAVA_SHORT") F(SIN_PORT, sin_port, "JAVA_SHORT") F(SIN_ADDR, sin_addr, "JAVA_INT")
  END

  printf("\n%s\n", consts);
  printf("    static final long GID_SIZE = %zu;\n", sizeof(union ibv_gid));
  C(AF_INET); C(RDMA_PS_TCP);
  C(IBV_QPT_RC); C(IBV_QPT_UC); C(IBV_QPT_UD);
  C(IBV_QPS_RESET); C(IBV_QPS_INIT); C(IBV_QPS_RTR); C(IBV_QPS_RTS); C(IBV_QPS_SQD); C(IBV_QPS_SQE); C(IBV_QPS_ERR);
  C(IBV_MTU_256); C(IBV_MTU_512); C(IBV_MTU_1024); C(IBV_MTU_2048); C(IBV_MTU_4096);
  C(IBV_PORT_ACTIVE); C(IBV_LINK_LAYER_INFINIBAND); C(IBV_LINK_LAYER_ETHERNET);
  C(IBV_QP_STATE); C(IBV_QP_CUR_STATE); C(IBV_QP_ACCESS_FLAGS); C(IBV_QP_PKEY_INDEX); C(IBV_QP_PORT); C(IBV_QP_QKEY);
  C(IBV_QP_AV); C(IBV_QP_PATH_MTU); C(IBV_QP_TIMEOUT); C(IBV_QP_RETRY_CNT); C(IBV_QP_RNR_RETRY); C(IBV_QP_RQ_PSN);
  C(IBV_QP_MAX_QP_RD_ATOMIC); C(IBV_QP_CAP); C(IBV_QP_MIN_RNR_TIMER); C(IBV_QP_SQ_PSN); C(IBV_QP_MAX_DEST_RD_ATOMIC); C(IBV_QP_DEST_QPN);
  C(IBV_ACCESS_LOCAL_WRITE); C(IBV_ACCESS_REMOTE_WRITE); C(IBV_ACCESS_REMOTE_READ); C(IBV_ACCESS_REMOTE_ATOMIC);
  C(IBV_WR_RDMA_WRITE); C(IBV_WR_RDMA_WRITE_WITH_IMM); C(IBV_WR_SEND); C(IBV_WR_SEND_WITH_IMM); C(IBV_WR_RDMA_READ);
  C(IBV_SEND_FENCE); C(IBV_SEND_SIGNALED); C(IBV_SEND_SOLICITED); C(IBV_SEND_INLINE);
  C(IBV_WC_SUCCESS); C(IBV_WC_WITH_IMM);
  C(IBV_WC_SEND); C(IBV_WC_RDMA_WRITE); C(IBV_WC_RDMA_READ); C(IBV_WC_RECV); C(IBV_WC_RECV_RDMA_WITH_IMM);
  C(RDMA_CM_EVENT_ADDR_RESOLVED); C(RDMA_CM_EVENT_ADDR_ERROR); C(RDMA_CM_EVENT_ROUTE_RESOLVED); C(RDMA_CM_EVENT_ROUTE_ERROR);
  C(RDMA_CM_EVENT_CONNECT_REQUEST); C(RDMA_CM_EVENT_CONNECT_RESPONSE); C(RDMA_CM_EVENT_CONNECT_ERROR);
  C(RDMA_CM_EVENT_UNREACHABLE); C(RDMA_CM_EVENT_REJECTED); C(RDMA_CM_EVENT_ESTABLISHED); C(RDMA_CM_EVENT_DISCONNECTED);
  C(RDMA_CM_EVENT_DEVICE_REMOVAL); C(RDMA_CM_EVENT_TIMEWAIT_EXIT);
  rxe_abi();
  printf("\n    /** The C expression of each named constant above that is not a C name itself (for VerbsAbiTest). */\n"
         "    static final String[][] DERIVED_C = {\n%s    };\n}\n", derived);
  return 0;
}
