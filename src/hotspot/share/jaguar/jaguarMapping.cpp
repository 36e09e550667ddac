/*
 * Copyright (c) 2026, the Jaguar authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 *
 */

#include "jaguar/jaguarMapping.hpp"
#include "oops/method.hpp"
#include "runtime/signature.hpp"
#include "utilities/macros.hpp"
#include "utilities/ostream.hpp"
#ifdef AMD64
#include CPU_HEADER(jaguarTemplates)
#endif

using namespace JaguarEncoding;

jint JaguarMapping::s4_at(int offset) const {
  assert(offset >= 0 && offset + 4 <= _length, "offset %d outside an encoding of %d bytes", offset, _length);
  juint v = 0;
  for (int i = 3; i >= 0; i--) v = (v << 8) | _bytes[offset + i];
  return (jint)v;
}

jlong JaguarMapping::s8_at(int offset) const {
  assert(offset >= 0 && offset + 8 <= _length, "offset %d outside an encoding of %d bytes", offset, _length);
  julong v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | _bytes[offset + i];
  return (jlong)v;
}

static int type_code_of(BasicType bt) {
  switch (bt) {
    case T_BOOLEAN: return TYPE_BOOL;
    case T_BYTE:    return TYPE_I8;
    case T_SHORT:   return TYPE_I16;
    case T_CHAR:    return TYPE_U16;
    case T_INT:     return TYPE_I32;
    case T_LONG:    return TYPE_I64;
    case T_VOID:    return TYPE_VOID;
    default:        return TYPE_OTHER;
  }
}

static bool is_value_type(int t) { return t >= TYPE_I8 && t <= TYPE_BOOL; }

// Whether a value of type t may be returned where the method returns rt (the template
// language's rule: exactly, except that int takes every 32-bit-or-narrower integer).
static bool returnable(int t, int rt) {
  switch (rt) {
    case TYPE_I64: return t == TYPE_I64;
    case TYPE_I32: return t != TYPE_I64 && t != TYPE_BOOL;
    case TYPE_I16: return t == TYPE_I16 || t == TYPE_I8 || t == TYPE_U8;
    case TYPE_U16: return t == TYPE_U16 || t == TYPE_U8;
    default:       return t == rt;
  }
}

// Whether a constant fits the method's return type.
static bool constant_fits(jlong v, int rt) {
  switch (rt) {
    case TYPE_BOOL: return v == 0 || v == 1;
    case TYPE_I8:   return v == (jbyte)v;
    case TYPE_I16:  return v == (jshort)v;
    case TYPE_U16:  return v == (jchar)v;
    default:        return true;
  }
}
static bool is_width(int t)      { return t >= TYPE_I8 && t <= TYPE_I64; }

// x86-64 register numbers a byte template may name; none on another CPU (its raw x86 templates
// and system calls are refused).
static bool is_template_register(int r) {
#ifdef AMD64
  return JaguarTemplatesX86::is_template_register(r);
#else
  return false;
#endif
}

const char* JaguarMapping::op_name(int op) {
  switch (op) {
    case OP_LOAD:     return "load";
    case OP_STORE:    return "store";
    case OP_FENCE:    return "fence";
    case OP_SFENCE:   return "sfence";
    case OP_BSWAP:    return "bswap";
    case OP_CAS:      return "cas";
    case OP_CMPXCHG:  return "cmpxchg";
    case OP_GETADD:   return "getadd";
    case OP_GETSET:   return "getset";
    case OP_ADD:      return "add";
    case OP_PAUSE:    return "pause";
    case OP_PREFETCH: return "prefetch";
    case OP_RDTSC:    return "rdtsc";
    case OP_BYTES:    return "x86";
    case OP_RETURN:   return "return";
    case OP_SYSCALL:  return "syscall";
    default:          return "?";
  }
}

// Collects the method's declared parameter types (receiver not counted) as type codes.
class JaguarParameterTypes : public SignatureIterator {
 public:
  int _count;
  int _types[256];
  JaguarParameterTypes(Symbol* signature) : SignatureIterator(signature), _count(0) {
    do_parameters_on(this);
  }
  void do_type(BasicType type) {
    if (_count < 256) _types[_count] = type_code_of(type);
    _count++;
  }
};

#define JAGUAR_FAIL(...) do { jio_snprintf(err, err_len, __VA_ARGS__); return false; } while (0)

bool JaguarMapping::validate(Method* m, char* err, size_t err_len) const {
  if (_length < HEADER_LENGTH) JAGUAR_FAIL("encoding of %d bytes is shorter than its header", _length);
  if ((juint)s4_at(MAGIC_OFFSET) != (juint)MAGIC) JAGUAR_FAIL("bad magic number");
  if (u1_at(VERSION_OFFSET) != VERSION) JAGUAR_FAIL("encoding version %d, this VM reads %d", u1_at(VERSION_OFFSET), VERSION);
  if (s4_at(RESERVED_OFFSET) != 0) JAGUAR_FAIL("reserved header bytes are not zero");
  if ((u1_at(FLAGS_OFFSET) & ~FLAG_STATIC) != 0) JAGUAR_FAIL("unknown flags 0x%x", u1_at(FLAGS_OFFSET));
  int nslots = slot_count();
  int ninsns = instruction_count();
  if (nslots >= NO_SLOT) JAGUAR_FAIL("%d slots", nslots);
  if (ninsns == 0) JAGUAR_FAIL("no instructions");
  int expected = HEADER_LENGTH + nslots * SLOT_LENGTH + ninsns * INSTRUCTION_LENGTH + u2_at(RAW_LENGTH_OFFSET);
  if (_length != expected) JAGUAR_FAIL("encoding has %d bytes, its header describes %d", _length, expected);
  if (is_static() != m->is_static()) JAGUAR_FAIL("static flag does not match the method");

  JaguarParameterTypes params(m->signature());
  if (params._count != parameter_count() || params._count > 255) {
    JAGUAR_FAIL("encoding has %d parameters, the method %d", parameter_count(), params._count);
  }
  int rt = type_code_of(m->result_type());
  if (return_type() != rt) JAGUAR_FAIL("return type code %d, the method's is %d", return_type(), rt);

  bool defined[NO_SLOT];
  bool param_seen[256];
  for (int p = 0; p < 256; p++) param_seen[p] = false;
  for (int s = 0; s < nslots; s++) {
    int kind = slot_kind(s), type = slot_type(s);
    if (!is_value_type(type)) JAGUAR_FAIL("slot %d has type code %d", s, type);
    switch (kind) {
      case SLOT_PARAMETER: {
        int p = slot_parameter(s);
        if (p >= params._count) JAGUAR_FAIL("slot %d names parameter %d of %d", s, p, params._count);
        if (param_seen[p]) JAGUAR_FAIL("parameter %d has two slots", p);
        if (params._types[p] != type) JAGUAR_FAIL("slot %d: parameter %d has type code %d, not %d", s, p, params._types[p], type);
        param_seen[p] = true;
        defined[s] = true;
        break;
      }
      case SLOT_CONSTANT:
        if (type != TYPE_I32 && type != TYPE_I64) JAGUAR_FAIL("constant slot %d has type code %d", s, type);
        if (type == TYPE_I32 && slot_constant(s) != (jlong)(jint)slot_constant(s)) JAGUAR_FAIL("constant slot %d does not fit i32", s);
        defined[s] = true;
        break;
      case SLOT_RESULT:
        defined[s] = false;
        break;
      default:
        JAGUAR_FAIL("slot %d has kind %d", s, kind);
    }
  }

  // Operand checks: a slot must exist and be defined; 'wide' asks for an i64, otherwise a 32-bit value.
#define USE(slot, wide, what) do { int s_ = (slot); \
    if (s_ >= nslots || !defined[s_]) JAGUAR_FAIL("instruction %d: %s uses slot %d before it is defined", i, what, s_); \
    if (slot_is_long(s_) != (wide)) JAGUAR_FAIL("instruction %d: %s is %s", i, what, slot_is_long(s_) ? "i64" : "32-bit"); } while (0)
#define ABSENT(slot, what) do { if ((slot) != NO_SLOT) JAGUAR_FAIL("instruction %d: unexpected %s", i, what); } while (0)
#define DEFINE(type) do { int r_ = result(i); \
    if (r_ >= nslots || slot_kind(r_) != SLOT_RESULT || defined[r_]) JAGUAR_FAIL("instruction %d: bad result slot %d", i, r_); \
    if (slot_type(r_) != (type)) JAGUAR_FAIL("instruction %d: result slot %d has type code %d, not %d", i, r_, slot_type(r_), (type)); \
    defined[r_] = true; } while (0)
#define ADDRESS() do { USE(base(i), true, "address base"); \
    if (index(i) != NO_SLOT) { int x_ = index(i); \
      if (x_ >= nslots || !defined[x_]) JAGUAR_FAIL("instruction %d: address index uses slot %d before it is defined", i, x_); \
      if (slot_type(x_) == TYPE_BOOL) JAGUAR_FAIL("instruction %d: address index is a bool", i); } } while (0)

  bool returned = false;
  for (int i = 0; i < ninsns; i++) {
    if (returned) JAGUAR_FAIL("instruction %d follows return", i);
    int o = op(i), w = width(i), md = mode(i);
    if (o != OP_BYTES && o != OP_SYSCALL && (u2_at(insn_offset(i) + RAW_OFFSET_OFFSET) != 0 || raw_record_length(i) != 0)) {
      JAGUAR_FAIL("instruction %d: raw record on a %s", i, op_name(o));
    }
    switch (o) {
      case OP_LOAD:
        if (!is_width(w)) JAGUAR_FAIL("instruction %d: load width code %d", i, w);
        if (md != ORDER_PLAIN && md != ORDER_OPAQUE && md != ORDER_ACQUIRE && md != ORDER_VOLATILE) JAGUAR_FAIL("instruction %d: load order %d", i, md);
        ADDRESS(); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        DEFINE(w);
        break;
      case OP_STORE:
        if (!is_width(w)) JAGUAR_FAIL("instruction %d: store width code %d", i, w);
        if (md != ORDER_PLAIN && md != ORDER_OPAQUE && md != ORDER_RELEASE && md != ORDER_VOLATILE) JAGUAR_FAIL("instruction %d: store order %d", i, md);
        ADDRESS(); USE(operand_b(i), w == TYPE_I64, "stored value"); ABSENT(operand_c(i), "operand"); ABSENT(result(i), "result");
        break;
      case OP_FENCE:
        if (md != FENCE_LOAD && md != FENCE_STORE && md != FENCE_FULL) JAGUAR_FAIL("instruction %d: fence kind %d", i, md);
        // fall through: no operands
      case OP_SFENCE:
      case OP_PAUSE:
        ABSENT(base(i), "operand"); ABSENT(index(i), "operand"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        ABSENT(result(i), "result");
        break;
      case OP_BSWAP:
        if (w != TYPE_I16 && w != TYPE_U16 && w != TYPE_I32 && w != TYPE_I64) JAGUAR_FAIL("instruction %d: bswap width code %d", i, w);
        USE(base(i), w == TYPE_I64, "bswap operand"); ABSENT(index(i), "index"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        DEFINE(w);
        break;
      case OP_CAS:
      case OP_CMPXCHG:
        if (w != TYPE_I32 && w != TYPE_I64) JAGUAR_FAIL("instruction %d: %s width code %d", i, op_name(o), w);
        if (md > ORDER_VOLATILE) JAGUAR_FAIL("instruction %d: order %d", i, md);
        ADDRESS(); USE(operand_b(i), w == TYPE_I64, "expected value"); USE(operand_c(i), w == TYPE_I64, "new value");
        DEFINE(o == OP_CAS ? TYPE_BOOL : w);
        break;
      case OP_GETADD:
      case OP_GETSET:
        if (w != TYPE_I32 && w != TYPE_I64) JAGUAR_FAIL("instruction %d: %s width code %d", i, op_name(o), w);
        if (md != ORDER_VOLATILE) JAGUAR_FAIL("instruction %d: %s order %d (always volatile)", i, op_name(o), md);
        ADDRESS(); USE(operand_b(i), w == TYPE_I64, "operand"); ABSENT(operand_c(i), "operand");
        DEFINE(w);
        break;
      case OP_ADD: {
        int r = result(i);
        if (r >= nslots) JAGUAR_FAIL("instruction %d: bad result slot %d", i, r);
        bool wide = slot_type(r) == TYPE_I64;
        if (!wide && slot_type(r) != TYPE_I32) JAGUAR_FAIL("instruction %d: add result type code %d", i, slot_type(r));
        USE(base(i), wide, "left operand"); USE(operand_b(i), wide, "right operand");
        ABSENT(index(i), "index"); ABSENT(operand_c(i), "operand");
        DEFINE(wide ? TYPE_I64 : TYPE_I32);
        break;
      }
      case OP_PREFETCH:
        if (md > PREFETCH_W) JAGUAR_FAIL("instruction %d: prefetch hint %d", i, md);
        ADDRESS(); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand"); ABSENT(result(i), "result");
        break;
      case OP_RDTSC:
        ABSENT(base(i), "operand"); ABSENT(index(i), "operand"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        DEFINE(TYPE_I64);
        break;
      case OP_BYTES: {
        NOT_AMD64(JAGUAR_FAIL("instruction %d: raw x86 bytes on a VM for another CPU", i);)
        ABSENT(base(i), "operand"); ABSENT(index(i), "operand"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        int start = u2_at(insn_offset(i) + RAW_OFFSET_OFFSET), len = raw_record_length(i);
        if (start + len > u2_at(RAW_LENGTH_OFFSET) || len < 1) JAGUAR_FAIL("instruction %d: raw record outside the raw section", i);
        const u1* rec = raw_record(i);
        int at = 0;
        int code_len = rec[at++];
        if (code_len < 1 || code_len > MAX_CODE_LENGTH) JAGUAR_FAIL("instruction %d: %d code bytes", i, code_len);
        at += code_len;
        if (at >= len) JAGUAR_FAIL("instruction %d: truncated raw record", i);
        int nin = rec[at++];
        int seen = 0;
        if (at + 2 * nin + 5 != len) JAGUAR_FAIL("instruction %d: raw record of %d bytes, its fields need %d", i, len, at + 2 * nin + 5);
        for (int k = 0; k < nin; k++) {
          int reg = rec[at++], s = rec[at++];
          if (!is_template_register(reg)) JAGUAR_FAIL("instruction %d: input register %d", i, reg);
          if ((seen & (1 << reg)) != 0) JAGUAR_FAIL("instruction %d: register %d bound twice", i, reg);
          seen |= 1 << reg;
          if (s >= nslots || !defined[s]) JAGUAR_FAIL("instruction %d: input uses slot %d before it is defined", i, s);
        }
        int out = rec[at++], out32 = rec[at++];
        int clobbers = rec[at] | (rec[at + 1] << 8), memory = rec[at + 2];
        if (out != NO_REGISTER && !is_template_register(out)) JAGUAR_FAIL("instruction %d: output register %d", i, out);
        if (out32 > 1) JAGUAR_FAIL("instruction %d: output width flag %d", i, out32);
        if (memory > 1) JAGUAR_FAIL("instruction %d: memory flag %d", i, memory);
        for (int reg = 0; reg < 16; reg++) {
          if ((clobbers & (1 << reg)) != 0 && !is_template_register(reg)) JAGUAR_FAIL("instruction %d: clobbers register %d", i, reg);
        }
        if (out == NO_REGISTER) {
          ABSENT(result(i), "result");
        } else {
          DEFINE(out32 ? TYPE_I32 : TYPE_I64);
        }
        break;
      }
      case OP_SYSCALL: {
        NOT_AMD64(JAGUAR_FAIL("instruction %d: an x86-64 system call on a VM for another CPU", i);)
        ABSENT(base(i), "operand"); ABSENT(index(i), "operand"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand");
        int start = u2_at(insn_offset(i) + RAW_OFFSET_OFFSET), len = raw_record_length(i);
        if (start + len > u2_at(RAW_LENGTH_OFFSET) || len < 2) JAGUAR_FAIL("instruction %d: raw record outside the raw section", i);
        const u1* rec = raw_record(i);
        int n = rec[0];
        if (n < 1 || n > MAX_SYSCALL_OPERANDS) JAGUAR_FAIL("instruction %d: syscall with %d operands", i, n);
        if (len != 1 + n) JAGUAR_FAIL("instruction %d: raw record of %d bytes, its fields need %d", i, len, 1 + n);
        for (int k = 0; k < n; k++) {
          USE(rec[1 + k], true, k == 0 ? "system call number" : "system call argument");
        }
        if (result(i) != NO_SLOT) {
          DEFINE(TYPE_I64);
        }
        break;
      }
      case OP_RETURN:
        if (rt == TYPE_VOID || rt == TYPE_OTHER) JAGUAR_FAIL("instruction %d: return in a method that returns no integral value", i);
        USE(base(i), rt == TYPE_I64, "returned value");
        if (slot_kind(base(i)) == SLOT_CONSTANT ? !constant_fits(slot_constant(base(i)), rt) : !returnable(slot_type(base(i)), rt)) {
          JAGUAR_FAIL("instruction %d: returned value of type code %d does not fit return type code %d", i, slot_type(base(i)), rt);
        }
        ABSENT(index(i), "index"); ABSENT(operand_b(i), "operand"); ABSENT(operand_c(i), "operand"); ABSENT(result(i), "result");
        returned = true;
        break;
      default:
        JAGUAR_FAIL("instruction %d: unknown op code %d", i, o);
    }
  }
  if (rt != TYPE_VOID && !returned) JAGUAR_FAIL("the method returns a value but the encoding has no return");
  return true;
}

#undef USE
#undef ABSENT
#undef DEFINE
#undef ADDRESS
#undef JAGUAR_FAIL

void JaguarMapping::print_on(outputStream* st) const {
  for (int i = 0; i < instruction_count(); i++) {
    st->print("%s%s", i == 0 ? "" : "; ", op_name(op(i)));
  }
}
