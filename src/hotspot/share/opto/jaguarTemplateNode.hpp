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

#ifndef SHARE_OPTO_JAGUARTEMPLATENODE_HPP
#define SHARE_OPTO_JAGUARTEMPLATENODE_HPP

#include "opto/memnode.hpp"

class MachNode;
class Matcher;

// What one machine template does, fixed when C2 expands the call site: raw bytes with the
// registers they read, write and destroy. Registers are x86-64 numbers (rax = 0 ... r15 = 15).
class JaguarTemplate : public ArenaObj {
 public:
  enum { MAX_INPUTS = 16, NO_REGISTER = -1 };
  const u1* _code;
  int _code_length;
  int _input_count;
  int _input_reg[MAX_INPUTS];   // the register each data input is placed in
  bool _input_wide[MAX_INPUTS]; // the input is a long (else an int)
  int _output_reg;              // NO_REGISTER, or where the result is read
  bool _output_wide;
  int _clobbers;                // every register the code writes but the output (bit = register number)
  bool _orders_memory;          // the code accesses memory or orders it (a fence, cpuid, pause)
  const char* _name;            // for -XX:+PrintOptoAssembly

  explicit JaguarTemplate(const char* name)
    : _code(nullptr), _code_length(0), _input_count(0), _output_reg(NO_REGISTER),
      _output_wide(true), _clobbers(0), _orders_memory(true), _name(name) {}
};

// A machine template at a call site, a control node that is never commoned or moved. One that
// accesses or orders memory is a barrier over all of memory: the optimiser keeps every load and
// store on its side. One that does neither (rdtsc, register-only raw bytes) is placed as C2
// places System.nanoTime's leaf call: it reads all memory, so earlier stores stay before it,
// and writes none (no address type), so later stores follow it by control while loads common
// and hoist across it. Its data inputs follow the barrier's inputs (from TypeFunc::Parms); its
// result, if any, is the projection TypeFunc::Parms. The matcher turns it into a hand-written Mach node
// (cpu/x86/jaguarTemplateNode_x86.cpp) with one register mask per input, the result in its
// declared register, and kill projections for flags and every destroyed register.
class JaguarTemplateNode : public MemBarNode {
  const JaguarTemplate* _template;
  const Type* _type;   // the barrier's tuple, with the result's type at Parms if there is one
  static const Type* tuple_for(const JaguarTemplate* t);
 public:
  JaguarTemplateNode(Compile* C, const JaguarTemplate* t)
    : MemBarNode(C, t->_orders_memory ? Compile::AliasIdxBot : Compile::AliasIdxTop, nullptr),
      _template(t), _type(tuple_for(t)) {}
  virtual int Opcode() const;
  virtual uint size_of() const { return sizeof(*this); }
  virtual const Type* bottom_type() const { return _type; }
  virtual const Type* Value(PhaseGVN* phase) const;
  virtual Node* match(const ProjNode* proj, const Matcher* m);

  const JaguarTemplate* jaguar_template() const { return _template; }
  uint first_input() const { return TypeFunc::Parms; }

  // The Mach node for this template; kill projections go to the matcher's projection list.
  MachNode* match_template(Matcher* m);
};

#endif // SHARE_OPTO_JAGUARTEMPLATENODE_HPP
