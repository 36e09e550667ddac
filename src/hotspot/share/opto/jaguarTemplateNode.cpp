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

#include "opto/jaguarTemplateNode.hpp"
#include "opto/phaseX.hpp"
#include "opto/type.hpp"

const Type* JaguarTemplateNode::tuple_for(const JaguarTemplate* t) {
  if (t->_output_reg == JaguarTemplate::NO_REGISTER) {
    return TypeTuple::MEMBAR;
  }
  if (!t->_output_wide) {
    const Type** fields = TypeTuple::fields(1);
    fields[TypeFunc::Parms] = TypeInt::INT;
    return TypeTuple::make(TypeFunc::Parms + 1, fields);
  }
  const Type** fields = TypeTuple::fields(2);
  fields[TypeFunc::Parms] = TypeLong::LONG;
  fields[TypeFunc::Parms + 1] = Type::HALF;
  return TypeTuple::make(TypeFunc::Parms + 2, fields);
}

const Type* JaguarTemplateNode::Value(PhaseGVN* phase) const {
  if (in(0) == nullptr || phase->type(in(0)) == Type::TOP) {
    return Type::TOP;
  }
  return bottom_type();
}
