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

#include "c1/c1_Compilation.hpp"
#include "c1/c1_GraphBuilder.hpp"
#include "c1/c1_Instruction.hpp"
#include "c1/c1_ValueStack.hpp"
#include "ci/ciMethod.hpp"
#include "compiler/compilerDirectives.hpp"
#include "jaguar/jaguarMapping.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "runtime/globals.hpp"
#include "runtime/vm_version.hpp"

using namespace JaguarEncoding;

// C1's expansion of Jaguar code mappings: the typed operations become the HIR that C1 builds
// for Unsafe's off-heap accesses (null base, long offset), fences and atomics, so tier-3 code
// runs templates instead of calls into the interpreter; a byte swap is spelled in shifts and
// masks. A mapping with an operation C1 has no HIR for (cmpxchg, sfence, rdtsc, prefetch, raw
// bytes, syscall) stays a call of its Java body until C2 compiles the caller; so does every call
// C1 does not bind statically. Both are reported once under -Xlog:jaguar.

// The first operation of 'map' C1 has no expansion for, or nullptr.
static const char* c1_missing_operation(const JaguarMapping* map) {
  for (int i = 0; i < map->instruction_count(); i++) {
    switch (map->op(i)) {
      case OP_LOAD: case OP_STORE: case OP_FENCE: case OP_CAS: case OP_GETADD: case OP_GETSET: case OP_ADD: case OP_BSWAP:
      case OP_RETURN:
        break;
      case OP_PAUSE:
        if (!VM_Version::supports_on_spin_wait()) return "pause";
        break;
      default:
        return JaguarMapping::op_name(map->op(i));
    }
  }
  return nullptr;
}

void GraphBuilder::report_jaguar_call(ciMethod* target, Bytecodes::Code code, ciInstanceKlass* holder) {
  if (JaguarMappings::is_empty() || !target->is_loaded()) {
    return;
  }
  JaguarFallback reason;
  if (!Inline) {
    reason = JaguarFallback::inlining_off;
  } else if (compilation()->directive()->should_not_inline(target)) {
    reason = JaguarFallback::dontinline;
  } else if (code == Bytecodes::_invokestatic && !holder->is_initialized()) {
    reason = JaguarFallback::class_init;
  } else if (code == Bytecodes::_invokevirtual || code == Bytecodes::_invokeinterface) {
    reason = JaguarFallback::virtual_call;
  } else {
    return;   // try_inline_jaguar_mapping reported why (forced, an operation C1 lacks)
  }
  JaguarMappings::report_fallback(target->get_Method(), "C1", reason);
}

static BasicType memory_type(int width) {
  switch (width) {
    case TYPE_I8: case TYPE_U8: return T_BYTE;
    case TYPE_I16:              return T_SHORT;
    case TYPE_U16:              return T_CHAR;
    case TYPE_I32:              return T_INT;
    default:                    return T_LONG;
  }
}

// Byte swaps as Integer/Long/Short/Character.reverseBytes compute them.
Value GraphBuilder::jaguar_byte_swap(int width, Value x) {
  auto ci = [&](jint v) { return append(new Constant(new IntConstant(v))); };
  auto cl = [&](jlong v) { return append(new Constant(new LongConstant(v))); };
  auto op = [&](Bytecodes::Code code, Value a, Value b) -> Value {
    switch (code) {
      case Bytecodes::_ishl: case Bytecodes::_ishr: case Bytecodes::_iushr:
      case Bytecodes::_lshl: case Bytecodes::_lushr:
        return append(new ShiftOp(code, a, b));
      default:
        return append(new LogicOp(code, a, b));
    }
  };
  switch (width) {
    case TYPE_I16:   // ((x & 0xFF) << 24 >> 16) | ((x >>> 8) & 0xFF): sign-extended
      return op(Bytecodes::_ior, op(Bytecodes::_ishr, op(Bytecodes::_ishl, op(Bytecodes::_iand, x, ci(0xFF)), ci(24)), ci(16)),
                op(Bytecodes::_iand, op(Bytecodes::_iushr, x, ci(8)), ci(0xFF)));
    case TYPE_U16:   // ((x & 0xFF) << 8) | ((x >>> 8) & 0xFF)
      return op(Bytecodes::_ior, op(Bytecodes::_ishl, op(Bytecodes::_iand, x, ci(0xFF)), ci(8)),
                op(Bytecodes::_iand, op(Bytecodes::_iushr, x, ci(8)), ci(0xFF)));
    case TYPE_I32:   // (x << 24) | ((x & 0xFF00) << 8) | ((x >>> 8) & 0xFF00) | (x >>> 24)
      return op(Bytecodes::_ior,
                op(Bytecodes::_ior, op(Bytecodes::_ishl, x, ci(24)), op(Bytecodes::_ishl, op(Bytecodes::_iand, x, ci(0xFF00)), ci(8))),
                op(Bytecodes::_ior, op(Bytecodes::_iand, op(Bytecodes::_iushr, x, ci(8)), ci(0xFF00)), op(Bytecodes::_iushr, x, ci(24))));
    default: {       // Long.reverseBytes
      Value m = cl(CONST64(0x00FF00FF00FF00FF));
      Value y = op(Bytecodes::_lor, op(Bytecodes::_lshl, op(Bytecodes::_land, x, m), ci(8)),
                   op(Bytecodes::_land, op(Bytecodes::_lushr, x, ci(8)), m));
      Value k = cl(CONST64(0xFFFF0000));
      return op(Bytecodes::_lor,
                op(Bytecodes::_lor, op(Bytecodes::_lshl, y, ci(48)), op(Bytecodes::_lshl, op(Bytecodes::_land, y, k), ci(16))),
                op(Bytecodes::_lor, op(Bytecodes::_land, op(Bytecodes::_lushr, y, ci(16)), k), op(Bytecodes::_lushr, y, ci(48))));
    }
  }
}

// A fence or spin-wait hint. Like the JDK's own (vmIntrinsics::preserves_state is false for
// them), it ends C1's knowledge of memory: no load is reused across it.
void GraphBuilder::append_fence(vmIntrinsics::ID id) {
  append_split(new Intrinsic(voidType, id, new Values(0), false, copy_state_for_exception(), vmIntrinsics::preserves_state(id), false));
}

bool GraphBuilder::try_inline_jaguar_mapping(ciMethod* callee, bool ignore_return) {
  if (JaguarMappings::is_empty()) {
    return false;
  }
  JaguarMapping* map = JaguarMappings::find(callee->get_Method(), compilation()->arena());
  if (map == nullptr) {
    return false;
  }
  if (JaguarForceFallback) {
    JaguarMappings::report_fallback(callee->get_Method(), "C1", JaguarFallback::forced);
    return false;
  }
  const char* missing = c1_missing_operation(map);
  if (missing != nullptr) {
    JaguarMappings::report_fallback(callee->get_Method(), "C1", JaguarFallback::unsupported, missing);
    return false;
  }
  // The call site keeps its profile, as an intrinsic's does, so C2 sees how hot it is.
  Values* args = state()->pop_arguments(callee->arg_size());
  int first = callee->is_static() ? 0 : 1;
  if (!callee->is_static()) {
    null_check(args->at(0));   // a null receiver throws as the call would
  }
  if (is_profiling() && profile_calls() && callee != method()) {
    compilation()->set_would_profile(true);
    profile_call(callee, callee->is_static() ? nullptr : args->at(0), nullptr, nullptr, true);
  }

  Value values[NO_SLOT];
  for (int s = 0; s < map->slot_count(); s++) {
    switch (map->slot_kind(s)) {
      case SLOT_PARAMETER: values[s] = args->at(first + map->slot_parameter(s)); break;
      case SLOT_CONSTANT:
        values[s] = map->slot_is_long(s) ? append(new Constant(new LongConstant(map->slot_constant(s))))
                                         : append(new Constant(new IntConstant((jint)map->slot_constant(s))));
        break;
      default: values[s] = nullptr; break;
    }
  }
  // Validation proved every slot is defined before it is used.
  auto value = [&](int s) -> Value {
    assert(s >= 0 && s < NO_SLOT && values[s] != nullptr, "slot %d used before it is defined", s);
    return values[s];
  };
  Value null_base = append(new Constant(objectNull));
  Value result = nullptr;

  for (int i = 0; i < map->instruction_count(); i++) {
    int op = map->op(i), w = map->width(i), mode = map->mode(i);
    Value offset = nullptr;
    if (op == OP_LOAD || op == OP_STORE || op == OP_CAS || op == OP_GETADD || op == OP_GETSET) {
      offset = value(map->base(i));
      int x = map->index(i);
      if (x != NO_SLOT) {
        Value index = map->slot_is_long(x) ? value(x) : append(new Convert(Bytecodes::_i2l, value(x), longType));
        offset = append(new ArithmeticOp(Bytecodes::_ladd, offset, index, nullptr));
      }
      if (map->displacement(i) != 0) {
        offset = append(new ArithmeticOp(Bytecodes::_ladd, offset, append(new Constant(new LongConstant(map->displacement(i)))), nullptr));
      }
    }
    Value v = nullptr;
    switch (op) {
      case OP_LOAD:
        // Acquire and volatile loads are C1's volatile access, as its getXAcquire intrinsics are
        // (a plain load on x86, but one that kills C1's memory state).
        v = append(new UnsafeGet(memory_type(w), null_base, offset, mode == ORDER_VOLATILE || mode == ORDER_ACQUIRE));
        if (w == TYPE_U8) {
          v = append(new LogicOp(Bytecodes::_iand, v, append(new Constant(new IntConstant(0xFF)))));
        }
        break;
      case OP_STORE:
        if (mode == ORDER_RELEASE) {
          append_fence(vmIntrinsics::_storeFence);
        }
        append(new UnsafePut(memory_type(w), null_base, offset, value(map->operand_b(i)), mode == ORDER_VOLATILE));
        kill_all();
        break;
      case OP_FENCE: {
        vmIntrinsics::ID id = mode == FENCE_LOAD ? vmIntrinsics::_loadFence
                            : mode == FENCE_STORE ? vmIntrinsics::_storeFence : vmIntrinsics::_fullFence;
        append_fence(id);
        break;
      }
      case OP_PAUSE:
        append_fence(vmIntrinsics::_onSpinWait);
        break;
      case OP_CAS: {
        Values* cas_args = new Values(4);
        cas_args->push(null_base);
        cas_args->push(offset);
        cas_args->push(value(map->operand_b(i)));
        cas_args->push(value(map->operand_c(i)));
        vmIntrinsics::ID id = w == TYPE_I64 ? vmIntrinsics::_compareAndSetLong : vmIntrinsics::_compareAndSetInt;
        v = append_split(new Intrinsic(intType, id, cas_args, false, copy_state_for_exception(), false));
        break;
      }
      case OP_GETADD:
      case OP_GETSET:
        v = append(new UnsafeGetAndSet(memory_type(w), null_base, offset, value(map->operand_b(i)), op == OP_GETADD));
        kill_all();
        break;
      case OP_BSWAP:
        v = jaguar_byte_swap(w, value(map->base(i)));
        break;
      case OP_ADD:
        v = append(new ArithmeticOp(map->slot_is_long(map->result(i)) ? Bytecodes::_ladd : Bytecodes::_iadd,
                                    value(map->base(i)), value(map->operand_b(i)), nullptr));
        break;
      case OP_RETURN:
        result = value(map->base(i));
        break;
      default:
        ShouldNotReachHere();
    }
    if (map->result(i) != NO_SLOT) {
      values[map->result(i)] = v;
    }
  }
  compilation()->set_has_unsafe_access(true);
  if (result != nullptr && !ignore_return) {
    push(as_ValueType(callee->return_type()), result);
  }
  if (JaguarMappings::trace()) {
    JaguarMappings::trace_call_site(callee->get_Method(), method()->get_Method(), "C1");
  }
  return true;
}
