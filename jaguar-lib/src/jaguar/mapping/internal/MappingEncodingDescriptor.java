/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.internal;

/**
 * Byte layout of a checked mapping as the VM receives it ({@link VmMappings#install}): the one
 * definition of the format. The VM's reader includes a C++ header generated from this class
 * (make/tools/EncodingHeader.java), so a constant changed here changes both sides.
 *
 * <p>All fields are little-endian. A mapping is a header, then {@code slotCount} slots, then
 * {@code instructionCount} instructions, then {@code rawLength} bytes that byte templates point
 * into. A slot is a value of the template: a parameter, a constant, or an instruction's result;
 * instructions name their operands by slot number, so the VM needs no parser.
 */
public final class MappingEncodingDescriptor {
    private MappingEncodingDescriptor() {
    }

    public static final int MAGIC = 0x314D474A; // "JGM1"
    public static final int VERSION = 1;

    // ---- header ------------------------------------------------------------------------------
    public static final int HEADER_LENGTH = 16;
    public static final int MAGIC_OFFSET = 0;               // u32
    public static final int VERSION_OFFSET = 4;            // u8
    public static final int SLOT_COUNT_OFFSET = 5;         // u8
    public static final int PARAMETER_COUNT_OFFSET = 6;    // u8: declared parameters, receiver not counted
    public static final int INSTRUCTION_COUNT_OFFSET = 7;  // u8
    public static final int RETURN_TYPE_OFFSET = 8;        // u8: a TYPE_* code, TYPE_VOID, or TYPE_OTHER
    public static final int FLAGS_OFFSET = 9;              // u8: FLAG_*
    public static final int RAW_LENGTH_OFFSET = 10;        // u16
    public static final int RESERVED_OFFSET = 12;          // u32, zero

    public static final int FLAG_STATIC = 1;

    // ---- slots -------------------------------------------------------------------------------
    public static final int SLOT_LENGTH = 16;
    public static final int SLOT_KIND_OFFSET = 0;          // u8: SLOT_*
    public static final int SLOT_TYPE_OFFSET = 1;          // u8: TYPE_*
    public static final int SLOT_PARAMETER_OFFSET = 2;     // u8: declared parameter index (SLOT_PARAMETER)
    public static final int SLOT_CONSTANT_OFFSET = 8;      // i64 (SLOT_CONSTANT)

    public static final int SLOT_PARAMETER = 1;
    public static final int SLOT_CONSTANT = 2;
    public static final int SLOT_RESULT = 3;

    public static final int MAX_SLOTS = 255;
    /** Marks an absent operand or result. */
    public static final int NO_SLOT = 0xFF;

    // ---- value types (ValueType); TYPE_VOID and TYPE_OTHER only as a return type -------------
    public static final int TYPE_VOID = 0;
    public static final int TYPE_I8 = 1;
    public static final int TYPE_U8 = 2;
    public static final int TYPE_I16 = 3;
    public static final int TYPE_U16 = 4;
    public static final int TYPE_I32 = 5;
    public static final int TYPE_I64 = 6;
    public static final int TYPE_BOOL = 7;
    /** A parameter or return type templates cannot use (reference, float, double). */
    public static final int TYPE_OTHER = 8;

    // ---- instructions ------------------------------------------------------------------------
    public static final int INSTRUCTION_LENGTH = 16;
    public static final int OP_OFFSET = 0;                 // u8: OP_*
    public static final int WIDTH_OFFSET = 1;              // u8: TYPE_* of a memory access or bswap
    public static final int MODE_OFFSET = 2;               // u8: ORDER_*, FENCE_* or PREFETCH_*
    public static final int RESULT_OFFSET = 3;             // u8: slot defined, or NO_SLOT
    public static final int BASE_OFFSET = 4;               // u8: address base (i64), or the first operand
    public static final int INDEX_OFFSET = 5;              // u8: address index, or NO_SLOT
    public static final int OPERAND_B_OFFSET = 6;          // u8: stored value, expected value, delta, right operand
    public static final int OPERAND_C_OFFSET = 7;          // u8: new value of cas/cmpxchg
    public static final int DISPLACEMENT_OFFSET = 8;       // i32
    public static final int RAW_OFFSET_OFFSET = 12;        // u16: OP_BYTES, OP_SYSCALL: where its record starts in the raw section
    public static final int RAW_RECORD_LENGTH_OFFSET = 14; // u16

    public static final int OP_LOAD = 1;        // result = load.width.order [base + index + disp]
    public static final int OP_STORE = 2;       // store.width.order [address], b
    public static final int OP_FENCE = 3;       // mode: FENCE_*
    public static final int OP_SFENCE = 4;
    public static final int OP_BSWAP = 5;       // result = bswap.width base
    public static final int OP_CAS = 6;         // result(bool) = cas.width.order [address], b, c
    public static final int OP_CMPXCHG = 7;     // result = cmpxchg.width.order [address], b, c
    public static final int OP_GETADD = 8;      // result = getadd.width [address], b
    public static final int OP_GETSET = 9;      // result = getset.width [address], b
    public static final int OP_ADD = 10;        // result = base + b
    public static final int OP_PAUSE = 11;
    public static final int OP_PREFETCH = 12;   // mode: PREFETCH_*
    public static final int OP_RDTSC = 13;      // result(i64)
    public static final int OP_BYTES = 14;      // raw machine code; record in the raw section
    public static final int OP_RETURN = 15;     // return base
    public static final int OP_SYSCALL = 16;    // result(i64, or NO_SLOT) = syscall; record in the raw section
    public static final int OP_LAST = OP_SYSCALL;

    public static final int ORDER_PLAIN = 0;
    public static final int ORDER_OPAQUE = 1;
    public static final int ORDER_ACQUIRE = 2;
    public static final int ORDER_RELEASE = 3;
    public static final int ORDER_VOLATILE = 4;

    public static final int FENCE_LOAD = 1;
    public static final int FENCE_STORE = 2;
    public static final int FENCE_FULL = 3;

    public static final int PREFETCH_T0 = 0;
    public static final int PREFETCH_T1 = 1;
    public static final int PREFETCH_T2 = 2;
    public static final int PREFETCH_NTA = 3;
    public static final int PREFETCH_W = 4;

    // ---- a byte template's record in the raw section -----------------------------------------
    // u8 code length, code, u8 input count, per input (u8 register, u8 slot), u8 output register
    // or NO_REGISTER, u8 1 if the output is 32-bit, u16 mask of the registers the bytes write (the
    // raw byte verifier's write set, implicit writes included; bit = x86 register number), u8 1
    // if the bytes access or order memory (the verifier's finding: C2 keeps them a barrier).
    public static final int NO_REGISTER = 0xFF;
    public static final int MAX_CODE_LENGTH = 64;

    // ---- a system call's record in the raw section -------------------------------------------
    // u8 operand count (1 + arguments), then that many slots (i64): the number, then the
    // arguments in the ABI's order (rdi, rsi, rdx, r10, r8, r9).
    public static final int MAX_SYSCALL_OPERANDS = 7;

    // ---- what VmMappings.install0 answers --------------------------------------------------
    public static final int INSTALLED = 0;
    public static final int ALREADY_INSTALLED = 1;
}
