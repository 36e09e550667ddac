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

#include "utilities/macros.hpp"
#ifdef COMPILER2
#include "asm/register.hpp"
#include "jaguar/jaguarEncoding.hpp"
#include "opto/ad.hpp"
#include "opto/c2_MacroAssembler.hpp"
#include "opto/jaguarPrefetchNode.hpp"
#include "opto/machnode.hpp"
#include "opto/matcher.hpp"
#include "opto/regalloc.hpp"
#include "runtime/vm_version.hpp"
#include "utilities/ostream.hpp"

// The machine node of a JaguarPrefetchNode: the address in any long register, no result, no
// kills; the I/O input only orders it.
class MachJaguarPrefetchNode : public MachNode {
  const int _hint;
 public:
  explicit MachJaguarPrefetchNode(int hint) : MachNode(), _hint(hint) {}
  virtual uint size_of() const { return sizeof(*this); }
  virtual uint rule() const { return 9999998; }   // no ADL rule; outside the rematerialisable range
  virtual int ideal_Opcode() const { return Op_JaguarPrefetch; }
  virtual const Type* bottom_type() const { return Type::ABIO; }
  virtual uint ideal_reg() const { return NotAMachineReg; }
  virtual const RegMask& out_RegMask() const { return RegMask::Empty; }
  virtual const RegMask& in_RegMask(uint idx) const {
    return idx == JaguarPrefetchNode::Address ? LONG_REG_mask() : RegMask::Empty;
  }

  virtual void emit(C2_MacroAssembler* masm, PhaseRegAlloc* ra_) const {
    Address a(as_Register(ra_->get_encode(in(JaguarPrefetchNode::Address))), 0);
    switch (_hint) {
      case JaguarEncoding::PREFETCH_T1:  masm->prefetcht1(a); break;
      case JaguarEncoding::PREFETCH_T2:  masm->prefetcht2(a); break;
      case JaguarEncoding::PREFETCH_NTA: masm->prefetchnta(a); break;
      case JaguarEncoding::PREFETCH_W:
        if (VM_Version::supports_3dnow_prefetch()) {
          masm->prefetchw(a);
        } else {
          masm->prefetcht0(a);   // prefetchw is a hint; t0 is the closest the CPU has
        }
        break;
      default: masm->prefetcht0(a); break;
    }
  }

#ifndef PRODUCT
  virtual const char* Name() const { return "jaguar_prefetch"; }
  virtual void format(PhaseRegAlloc* ra, outputStream* st) const {
    st->print("JAGUAR prefetch [%s]", Matcher::regName[ra->get_reg_first(in(JaguarPrefetchNode::Address))]);
  }
#endif
};

MachNode* JaguarPrefetchNode::match_prefetch(Matcher* m) {
  assert(req() == 3, "control, I/O, address");
  MachJaguarPrefetchNode* mach = new MachJaguarPrefetchNode(_hint);
  for (uint i = 0; i < req(); i++) {
    mach->add_req(in(i));   // old-space inputs; Matcher::xform converts them
  }
  return mach;
}

#endif // COMPILER2
