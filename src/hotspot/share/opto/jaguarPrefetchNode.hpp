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

#ifndef SHARE_OPTO_JAGUARPREFETCHNODE_HPP
#define SHARE_OPTO_JAGUARPREFETCHNODE_HPP

#include "opto/node.hpp"
#include "opto/type.hpp"

class MachNode;
class Matcher;

// A template's prefetch hint. It has no memory effect, so it sits on the I/O chain, as C2's own
// allocation prefetches do: ordered with calls and other I/O, pinned below its control, but
// loads and stores move freely around it and a loop with one still vectorises. Inputs: control,
// I/O, the address (a long). Its value is the new I/O state.
class JaguarPrefetchNode : public Node {
  const int _hint;   // JaguarEncoding::PREFETCH_*
 public:
  JaguarPrefetchNode(Node* ctrl, Node* io, Node* address, int hint) : Node(ctrl, io, address), _hint(hint) {}
  virtual int Opcode() const;
  virtual uint size_of() const { return sizeof(*this); }
  virtual uint hash() const { return NO_HASH; }   // every prefetch is issued where it was written
  virtual const Type* bottom_type() const { return Type::ABIO; }
  virtual const Type* Value(PhaseGVN* phase) const;
  virtual uint ideal_reg() const { return NotAMachineReg; }
  virtual uint match_edge(uint idx) const { return idx == Address; }

  enum { Control = 0, IO = 1, Address = 2 };
  int hint() const { return _hint; }

  // The hand-written Mach node (cpu/x86/jaguarPrefetchNode_x86.cpp).
  MachNode* match_prefetch(Matcher* m);
};

#endif // SHARE_OPTO_JAGUARPREFETCHNODE_HPP
