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
#include "jaguarTemplates_x86.hpp"
#include "opto/ad.hpp"
#include "opto/c2_MacroAssembler.hpp"
#include "opto/jaguarTemplateNode.hpp"
#include "opto/machnode.hpp"
#include "opto/matcher.hpp"
#include "opto/regalloc.hpp"
#include "opto/regmask.hpp"
#include "utilities/ostream.hpp"

// The register mask of one x86-64 general-purpose register, both halves for a long.
static RegMask register_mask(int reg, bool wide) {
  assert(reg >= 0 && reg < Register::number_of_registers, "x86-64 register %d", reg);
  RegMask rm;
  VMReg v = as_Register(reg)->as_VMReg();
  rm.Insert(OptoReg::as_OptoReg(v));
  if (wide) {
    rm.Insert(OptoReg::as_OptoReg(v->next()));
  }
  return rm;
}

// The machine node of a JaguarTemplateNode: no ADL rule can express registers chosen per call
// site, so its masks are computed here and its code is emitted as the template says.
class MachJaguarTemplateNode : public MachMemBarNode {
  const JaguarTemplate* _template;
  const Type* _type;
  RegMask _input_masks[JaguarTemplate::MAX_INPUTS];

 public:
  MachJaguarTemplateNode(const JaguarTemplate* t, const Type* type) : MachMemBarNode(), _template(t), _type(type) {
    for (int i = 0; i < t->_input_count; i++) {
      _input_masks[i] = register_mask(t->_input_reg[i], t->_input_wide[i]);
    }
  }
  virtual uint size_of() const { return sizeof(*this); }
  virtual uint rule() const { return 9999999; }   // no ADL rule; outside the rematerialisable range
  virtual int ideal_Opcode() const { return Op_JaguarTemplate; }
  virtual const Type* bottom_type() const { return _type; }
  virtual uint ideal_reg() const { return NotAMachineReg; }
  virtual const RegMask& out_RegMask() const { return RegMask::Empty; }
  virtual const RegMask& in_RegMask(uint idx) const {
    uint i = idx - TypeFunc::Parms;
    if (idx < TypeFunc::Parms || i >= (uint)_template->_input_count) {
      return RegMask::Empty;
    }
    return _input_masks[i];
  }

  virtual void emit(C2_MacroAssembler* masm, PhaseRegAlloc* ra_) const {
    for (int i = 0; i < _template->_code_length; i++) {
      masm->emit_int8(_template->_code[i]);
    }
  }

#ifndef PRODUCT
  virtual const char* Name() const { return "jaguar_template"; }
  virtual void format(PhaseRegAlloc* ra, outputStream* st) const {
    st->print("JAGUAR %s", _template->_name);
    for (int i = 0; i < _template->_input_count; i++) {
      st->print(" %s", Matcher::regName[ra->get_reg_first(in(TypeFunc::Parms + i))]);
    }
  }
#endif
};

Node* JaguarTemplateNode::match(const ProjNode* proj, const Matcher* m) {
  if (proj->_con == TypeFunc::Parms) {
    const JaguarTemplate* t = _template;
    return new MachProjNode(this, proj->_con, register_mask(t->_output_reg, t->_output_wide),
                            t->_output_wide ? Op_RegL : Op_RegI);
  }
  return MemBarNode::match(proj, m);
}

MachNode* JaguarTemplateNode::match_template(Matcher* m) {
  const JaguarTemplate* t = _template;
  MachJaguarTemplateNode* mach = new MachJaguarTemplateNode(t, bottom_type());
  for (uint i = 0; i < req(); i++) {
    mach->add_req(in(i));   // old-space inputs; Matcher::xform converts them
  }
  {
    // Flags are always destroyed; so is every register the code writes (_clobbers: for raw
    // bytes the raw byte verifier's write set, implicit writes included), inputs it leaves
    // alone survive. The output register is defined by the result projection, or destroyed
    // when nobody reads it.
    m->push_projection(new MachProjNode(mach, TypeFunc::Parms + 2, INT_FLAGS_mask(), Op_RegFlags));
    int destroyed = t->_clobbers;
    if (t->_output_reg != JaguarTemplate::NO_REGISTER) {
      Node* result = proj_out_or_null(TypeFunc::Parms);
      if (result != nullptr && result->outcnt() > 0) {
        destroyed &= ~(1 << t->_output_reg);
      } else {
        destroyed |= 1 << t->_output_reg;
      }
    }
    if (destroyed != 0) {
      RegMask kill;
      for (int r = 0; r < 16; r++) {
        if ((destroyed & (1 << r)) != 0) {
          kill.OR(register_mask(r, true));
        }
      }
      m->push_projection(new MachProjNode(mach, TypeFunc::Parms + 3, kill, MachProjNode::fat_proj));
    }
  }
  return mach;
}

#endif // COMPILER2
