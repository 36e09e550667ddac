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

#include "ci/ciMethod.hpp"
#include "ci/ciSignature.hpp"
#include "code/dependencies.hpp"
#include "compiler/compilerDirectives.hpp"
#include "compiler/compileTask.hpp"
#include "jaguar/jaguarMapping.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "oops/accessDecorators.hpp"
#include "opto/addnode.hpp"
#include "opto/callGenerator.hpp"
#include "opto/compile.hpp"
#include "opto/convertnode.hpp"
#include "opto/graphKit.hpp"
#include "opto/jaguarCallGenerator.hpp"
#include "opto/jaguarPrefetchNode.hpp"
#include "opto/jaguarTemplateNode.hpp"
#include "opto/matcher.hpp"
#include "opto/subnode.hpp"
#include "runtime/globals.hpp"
#include "utilities/macros.hpp"
#ifdef AMD64
#include CPU_HEADER(jaguarTemplates)
#endif

using namespace JaguarEncoding;

namespace {

class JaguarMappingGenerator : public InlineCallGenerator {
  const JaguarMapping* _map;
 public:
  JaguarMappingGenerator(ciMethod* m, const JaguarMapping* map) : InlineCallGenerator(m), _map(map) {}
  virtual JVMState* generate(JVMState* jvms);
};

// Builds one call site's nodes.
class Expansion : public StackObj {
  GraphKit& _kit;
  const JaguarMapping* _map;
  Node* _values[NO_SLOT];

  PhaseGVN& gvn() { return _kit.gvn(); }

  // A slot's value: validation proved every slot is defined before it is used.
  Node* value(int s) const {
    assert(known(s), "slot %d used before it is defined", s);
    return _values[s];
  }
  bool known(int s) const { return s >= 0 && s < NO_SLOT && _values[s] != nullptr; }

  static BasicType memory_type(int width) {
    switch (width) {
      case TYPE_I8: case TYPE_U8: return T_BYTE;   // u8: a byte load masked, which C2 folds into LoadUB
      case TYPE_I16:              return T_SHORT;
      case TYPE_U16:              return T_CHAR;
      case TYPE_I32:              return T_INT;
      default:                    return T_LONG;
    }
  }

  static DecoratorSet order(int mode) {
    switch (mode) {
      case ORDER_OPAQUE:  return MO_RELAXED;
      case ORDER_ACQUIRE: return MO_ACQUIRE;
      case ORDER_RELEASE: return MO_RELEASE;
      case ORDER_VOLATILE: return MO_SEQ_CST;
      default:            return MO_UNORDERED;
    }
  }

  // The mapping's [base + index + disp] as Unsafe's off-heap address: null base, long offset.
  Node* address(int i) {
    return _kit.basic_plus_adr(_kit.top(), _kit.makecon(TypePtr::NULL_PTR), offset(i));
  }

  // The same address as a long.
  Node* offset(int i) {
    Node* offset = value(_map->base(i));
    int x = _map->index(i);
    if (x != NO_SLOT) {
      Node* index = _map->slot_is_long(x) ? value(x) : gvn().transform(new ConvI2LNode(value(x)));
      offset = gvn().transform(new AddLNode(offset, index));
    }
    if (_map->displacement(i) != 0) {
      offset = gvn().transform(new AddLNode(offset, _kit.longcon(_map->displacement(i))));
    }
    return offset;
  }

  // A machine template that carries the template's inputs: a barrier over all memory, or, if
  // it neither accesses nor orders memory, a reader of all memory that writes none (the memory
  // state after it is the one before). Returns its result, or nullptr.
  Node* machine_template(const JaguarTemplate* t, Node* const* inputs) {
    JaguarTemplateNode* node = new JaguarTemplateNode(_kit.C, t);
    Node* memory = _kit.reset_memory();
    node->init_req(TypeFunc::Control, _kit.control());
    node->init_req(TypeFunc::Memory, memory);
    for (int k = 0; k < t->_input_count; k++) {
      node->add_req(inputs[k]);
    }
    Node* n = gvn().transform(node);
    _kit.set_control(gvn().transform(new ProjNode(n, TypeFunc::Control)));
    if (t->_orders_memory) {
      _kit.set_all_memory_call(n);
    } else {
      _kit.set_all_memory(memory);
    }
    return t->_output_reg == JaguarTemplate::NO_REGISTER ? nullptr : gvn().transform(new ProjNode(n, TypeFunc::Parms));
  }


  static bool is_memory_op(int op) {
    return op == OP_LOAD || op == OP_STORE || op == OP_CAS || op == OP_CMPXCHG || op == OP_GETADD || op == OP_GETSET;
  }

  Node* emit(int i) {
    const TypePtr* raw = TypeRawPtr::BOTTOM;
    int alias = _kit.C->get_alias_index(raw);
    int w = _map->width(i);
    DecoratorSet d = IN_NATIVE | C2_UNSAFE_ACCESS | order(_map->mode(i));
    switch (_map->op(i)) {
      case OP_LOAD: {
        BasicType bt = memory_type(w);
        if (_map->mode(i) == ORDER_PLAIN) d |= C2_UNALIGNED;
        Node* v = _kit.access_load_at(_kit.top(), address(i), raw, Type::get_const_basic_type(bt), bt, d);
        if (w == TYPE_U8) {
          v = gvn().transform(new AndINode(v, _kit.intcon(0xFF)));
        }
        return v;
      }
      case OP_STORE: {
        BasicType bt = memory_type(w);
        if (_map->mode(i) == ORDER_PLAIN) d |= C2_UNALIGNED;
        _kit.access_store_at(_kit.top(), address(i), raw, value(_map->operand_b(i)), Type::get_const_basic_type(bt), bt, d);
        return nullptr;
      }
      case OP_FENCE:
        _kit.insert_mem_bar(Op_MemBarCPUOrder);
        switch (_map->mode(i)) {
          case FENCE_LOAD:  _kit.insert_mem_bar(Op_LoadFence); break;
          case FENCE_STORE: _kit.insert_mem_bar(Op_StoreFence); break;
          default:          _kit.insert_mem_bar(Op_MemBarVolatile); break;
        }
        return nullptr;
      case OP_PAUSE:
        _kit.insert_mem_bar(Op_OnSpinWait);
        return nullptr;
#ifdef AMD64
      case OP_SFENCE: {
        JaguarTemplate* t = new (_kit.C->comp_arena()) JaguarTemplate("sfence");
        t->_code = JaguarTemplatesX86::sfence_code(&t->_code_length);
        return machine_template(t, nullptr);
      }
      case OP_RDTSC: {
        JaguarTemplate* t = new (_kit.C->comp_arena()) JaguarTemplate("rdtsc");
        t->_code = JaguarTemplatesX86::rdtsc_code(&t->_code_length);
        t->_output_reg = JaguarTemplatesX86::RAX;
        t->_clobbers = JaguarTemplatesX86::RDTSC_CLOBBERS;
        t->_orders_memory = false;   // not rdtscp: the CPU does not order it either
        return machine_template(t, nullptr);
      }
      case OP_BYTES: {
        // The record the raw byte verifier's findings went into (MappingEncodingDescriptor):
        // code, inputs (register, slot), output register, its width, the registers written,
        // whether the bytes access or order memory.
        const u1* rec = _map->raw_record(i);
        int at = 0;
        JaguarTemplate* t = new (_kit.C->comp_arena()) JaguarTemplate("x86");
        t->_code_length = rec[at++];
        t->_code = rec + at;   // the mapping was copied into this compilation's arena
        at += t->_code_length;
        t->_input_count = rec[at++];
        assert(t->_input_count <= JaguarTemplate::MAX_INPUTS, "validated: one input per register");
        Node* in[JaguarTemplate::MAX_INPUTS];
        for (int k = 0; k < t->_input_count; k++) {
          t->_input_reg[k] = rec[at++];
          int s = rec[at++];
          // A 32-bit value reaches its register sign-extended (C2 leaves a RegI's upper half undefined).
          in[k] = _map->slot_is_long(s) ? value(s) : gvn().transform(new ConvI2LNode(value(s)));
          t->_input_wide[k] = true;
        }
        int out = rec[at++];
        t->_output_reg = out == NO_REGISTER ? JaguarTemplate::NO_REGISTER : out;
        t->_output_wide = rec[at++] == 0;
        t->_clobbers = rec[at] | (rec[at + 1] << 8);
        t->_orders_memory = rec[at + 2] != 0;
        return machine_template(t, in);
      }
      case OP_SYSCALL: {
        JaguarTemplate* t = new (_kit.C->comp_arena()) JaguarTemplate("syscall");
        t->_code = JaguarTemplatesX86::syscall_code(&t->_code_length);
        const u1* rec = _map->raw_record(i);
        Node* in[MAX_SYSCALL_OPERANDS];
        t->_input_count = rec[0];
        assert(t->_input_count >= 1 && t->_input_count <= MAX_SYSCALL_OPERANDS, "validated");
        for (int k = 0; k < t->_input_count; k++) {
          t->_input_reg[k] = JaguarTemplatesX86::syscall_register(k);
          t->_input_wide[k] = true;
          in[k] = value(rec[1 + k]);
        }
        t->_output_reg = JaguarTemplatesX86::RAX;
        t->_clobbers = JaguarTemplatesX86::SYSCALL_CLOBBERS;
        return machine_template(t, in);
      }
      case OP_PREFETCH: {
        // A hint with no memory effect: on the I/O chain, not a barrier (JaguarPrefetchNode).
        Node* p = gvn().transform(new JaguarPrefetchNode(_kit.control(), _kit.i_o(), offset(i), _map->mode(i)));
        _kit.set_i_o(p);
        return nullptr;
      }
#endif // AMD64
      case OP_BSWAP: {
        Node* in = value(_map->base(i));
        switch (w) {
          case TYPE_I16: return gvn().transform(new ReverseBytesSNode(in));
          case TYPE_U16: return gvn().transform(new ReverseBytesUSNode(in));
          case TYPE_I32: return gvn().transform(new ReverseBytesINode(in));
          default:       return gvn().transform(new ReverseBytesLNode(in));
        }
      }
      case OP_CAS:
      case OP_CMPXCHG: {
        BasicType bt = memory_type(w);
        Node* adr = address(i);
        Node* expected = value(_map->operand_b(i));
        Node* desired = value(_map->operand_c(i));
        if (_map->op(i) == OP_CAS) {
          return _kit.access_atomic_cmpxchg_bool_at(_kit.makecon(TypePtr::NULL_PTR), adr, raw, alias, expected, desired,
                                                    Type::get_const_basic_type(bt), bt, d);
        }
        return _kit.access_atomic_cmpxchg_val_at(_kit.makecon(TypePtr::NULL_PTR), adr, raw, alias, expected, desired,
                                                 Type::get_const_basic_type(bt), bt, d);
      }
      case OP_GETADD:
      case OP_GETSET: {
        BasicType bt = memory_type(w);
        Node* adr = address(i);
        Node* v = value(_map->operand_b(i));
        if (_map->op(i) == OP_GETADD) {
          return _kit.access_atomic_add_at(_kit.makecon(TypePtr::NULL_PTR), adr, raw, alias, v, Type::get_const_basic_type(bt), bt, d);
        }
        return _kit.access_atomic_xchg_at(_kit.makecon(TypePtr::NULL_PTR), adr, raw, alias, v, Type::get_const_basic_type(bt), bt, d);
      }
      case OP_ADD: {
        Node* a = value(_map->base(i));
        Node* b = value(_map->operand_b(i));
        return _map->slot_is_long(_map->result(i)) ? gvn().transform(new AddLNode(a, b)) : gvn().transform(new AddINode(a, b));
      }
      default:
        ShouldNotReachHere();
        return nullptr;
    }
  }

 public:
  Expansion(GraphKit& kit, const JaguarMapping* map) : _kit(kit), _map(map) {
    for (int s = 0; s < NO_SLOT; s++) _values[s] = nullptr;
  }

  // Binds parameters and constants. False if an address that needs no loaded value is known to
  // be zero: C2 types such an access as a null dereference; the call is then left to the Java
  // body, as Unsafe's intrinsics leave a zero address to the native method.
  bool bind(ciMethod* callee) {
    ciSignature* sig = callee->signature();
    int arg_slot[256];
    int at = callee->is_static() ? 0 : 1;
    for (int p = 0; p < sig->count(); p++) {
      arg_slot[p] = at;
      at += sig->type_at(p)->size();
    }
    for (int s = 0; s < _map->slot_count(); s++) {
      switch (_map->slot_kind(s)) {
        case SLOT_PARAMETER: _values[s] = _kit.argument(arg_slot[_map->slot_parameter(s)]); break;
        case SLOT_CONSTANT:  _values[s] = _map->slot_is_long(s) ? _kit.longcon(_map->slot_constant(s))
                                                                : _kit.intcon((jint)_map->slot_constant(s)); break;
        default: break;
      }
    }
    for (int i = 0; i < _map->instruction_count(); i++) {
      int op = _map->op(i);
      if (op == OP_ADD && known(_map->base(i)) && known(_map->operand_b(i))) {
        _values[_map->result(i)] = emit(i);   // pure: safe to build ahead
      } else if (is_memory_op(op)) {
        bool bound = known(_map->base(i)) && (_map->index(i) == NO_SLOT || known(_map->index(i)));
        if (bound && gvn().type(address(i))->higher_equal(TypePtr::NULL_PTR)) {
          return false;
        }
      }
    }
    return true;
  }

  // Emits every operation in order; the returned value, or nullptr for void.
  Node* run() {
    Node* ret = nullptr;
    for (int i = 0; i < _map->instruction_count(); i++) {
      int op = _map->op(i);
      if (op == OP_RETURN) {
        ret = value(_map->base(i));
      } else if (op == OP_ADD && known(_map->result(i))) {
        continue;   // built by bind()
      } else {
        Node* v = emit(i);
        if (_map->result(i) != NO_SLOT) {
          _values[_map->result(i)] = v;
        }
      }
    }
    return ret;
  }
};

// The operation of 'map' C2 cannot expand yet, or nullptr.
const char* missing_operation(const JaguarMapping* map) {
  for (int i = 0; i < map->instruction_count(); i++) {
    switch (map->op(i)) {
      case OP_PAUSE:
        if (!Matcher::match_rule_supported(Op_OnSpinWait)) return "pause";
        break;
      case OP_BSWAP:
        if (!Matcher::match_rule_supported(Op_ReverseBytesI) || !Matcher::match_rule_supported(Op_ReverseBytesL) ||
            !Matcher::match_rule_supported(Op_ReverseBytesS) || !Matcher::match_rule_supported(Op_ReverseBytesUS)) return "bswap";
        break;
      case OP_SFENCE: case OP_RDTSC: case OP_PREFETCH: case OP_BYTES: case OP_SYSCALL:
        NOT_AMD64(return JaguarMapping::op_name(map->op(i));)   // machine templates are x86-64's
        break;
      default:
        break;
    }
  }
  return nullptr;
}

JVMState* JaguarMappingGenerator::generate(JVMState* jvms) {
  GraphKit kit(jvms);
  Compile* C = kit.C;
  ciMethod* callee = method();
  Expansion expansion(kit, _map);
  if (!expansion.bind(callee)) {
    JaguarMappings::report_fallback(callee->get_Method(), "C2", JaguarFallback::zero_address);
    return nullptr;   // Parse::do_call compiles the call without us
  }
  if (!callee->is_static()) {
    kit.null_check_receiver_before_call(callee);   // a null receiver throws as the Java body's call would
    if (kit.stopped()) {
      return kit.transfer_exceptions_into_jvms();
    }
  }
  if (C->env()->jvmti_can_hotswap_or_post_breakpoint()) {
    C->dependencies()->assert_evol_method(callee);   // redefinition drops the mapping: deoptimise
  }
  C->set_has_unsafe_access(true);
  Node* result = expansion.run();
  if (result != nullptr) {
    if (callee->return_type()->basic_type() == T_LONG) {
      kit.push_pair(result);
    } else {
      kit.push(result);
    }
  }
  CompileTask::print_inlining_ul(callee, jvms->depth() - 1, jvms->bci(), InliningResult::SUCCESS, "(jaguar code mapping)");
  C->inline_printer()->record(callee, jvms, InliningResult::SUCCESS, "(jaguar code mapping)");
  if (JaguarMappings::trace()) {
    JaguarMappings::trace_call_site(callee->get_Method(), jvms->method()->get_Method(), "C2");
  }
  return kit.transfer_exceptions_into_jvms();
}

} // namespace

CallGenerator* JaguarCallGenerator::for_mapping(Compile* C, ciMethod* callee, ciMethod* caller) {
  if (JaguarMappings::is_empty()) {
    return nullptr;
  }
  Method* m = callee->get_Method();
  JaguarMapping* map = JaguarMappings::find(m, C->comp_arena());
  if (map == nullptr) {
    return nullptr;
  }
  if (JaguarForceFallback) {
    JaguarMappings::report_fallback(m, "C2", JaguarFallback::forced);
    return nullptr;
  }
  // -XX:-Inline and CompileCommand=dontinline leave the call to the Java body (allow_inline
  // alone does not say: InlineAccessors keeps it set under -XX:-Inline).
  if (!C->do_inlining()) {
    JaguarMappings::report_fallback(m, "C2", JaguarFallback::inlining_off);
    return nullptr;
  }
  if (C->directive()->should_not_inline(callee)) {
    JaguarMappings::report_fallback(m, "C2", JaguarFallback::dontinline);
    return nullptr;
  }
  // A mapping is installed before its class's <clinit> runs: as for inlining, a call that would
  // need the class initialisation barrier stays a call (InlineTree::should_not_inline).
  if (!callee->holder()->is_initialized() && C->needs_clinit_barrier(callee->holder(), caller)) {
    JaguarMappings::report_fallback(m, "C2", JaguarFallback::class_init);
    return nullptr;
  }
  const char* missing = missing_operation(map);
  if (missing != nullptr) {
    JaguarMappings::report_fallback(m, "C2", JaguarFallback::unsupported, missing);
    return nullptr;
  }
  return new JaguarMappingGenerator(callee, map);
}

void JaguarCallGenerator::report_call(ciMethod* callee, JaguarFallback reason) {
  if (!JaguarMappings::is_empty()) {
    JaguarMappings::report_fallback(callee->get_Method(), "C2", reason);
  }
}
