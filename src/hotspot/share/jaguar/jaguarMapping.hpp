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

#ifndef SHARE_JAGUAR_JAGUARMAPPING_HPP
#define SHARE_JAGUAR_JAGUARMAPPING_HPP

#include "jaguar/jaguarEncoding.hpp"
#include "memory/allocation.hpp"
#include "utilities/globalDefinitions.hpp"

class Method;
class outputStream;

// A read-only view of one checked mapping in the layout of jaguar.lib's
// MappingEncodingDescriptor (constants in jaguarEncoding.hpp, generated from it). The Java checker
// made it; validate() proves that its structure fits the method before anything else reads it,
// so a JIT can expand it without checking again.
class JaguarMapping : public ArenaObj {
  const u1* _bytes;
  int _length;

  u1 u1_at(int offset) const {
    assert(offset >= 0 && offset < _length, "offset %d outside an encoding of %d bytes", offset, _length);
    return _bytes[offset];
  }
  u2 u2_at(int offset) const {
    assert(offset >= 0 && offset + 1 < _length, "offset %d outside an encoding of %d bytes", offset, _length);
    return (u2)(_bytes[offset] | (_bytes[offset + 1] << 8));
  }
  jint s4_at(int offset) const;
  jlong s8_at(int offset) const;

  int slot_offset(int s) const {
    assert(s >= 0 && s < JaguarEncoding::NO_SLOT, "slot %d", s);
    return JaguarEncoding::HEADER_LENGTH + s * JaguarEncoding::SLOT_LENGTH;
  }
  int insn_offset(int i) const {
    assert(i >= 0 && i <= instruction_count(), "instruction %d of %d", i, instruction_count());
    return slot_offset(slot_count()) + i * JaguarEncoding::INSTRUCTION_LENGTH;
  }
  int raw_start() const { return insn_offset(instruction_count()); }

 public:
  JaguarMapping(const u1* bytes, int length) : _bytes(bytes), _length(length) {}

  const u1* bytes() const { return _bytes; }
  int length() const { return _length; }

  // Checks every field against the format and against m's signature. On failure returns false
  // with the fault in err.
  bool validate(Method* m, char* err, size_t err_len) const;

  int slot_count() const { return u1_at(JaguarEncoding::SLOT_COUNT_OFFSET); }
  int parameter_count() const { return u1_at(JaguarEncoding::PARAMETER_COUNT_OFFSET); }
  int instruction_count() const { return u1_at(JaguarEncoding::INSTRUCTION_COUNT_OFFSET); }
  int return_type() const { return u1_at(JaguarEncoding::RETURN_TYPE_OFFSET); }
  bool is_static() const { return (u1_at(JaguarEncoding::FLAGS_OFFSET) & JaguarEncoding::FLAG_STATIC) != 0; }

  int slot_kind(int s) const { return u1_at(slot_offset(s) + JaguarEncoding::SLOT_KIND_OFFSET); }
  int slot_type(int s) const { return u1_at(slot_offset(s) + JaguarEncoding::SLOT_TYPE_OFFSET); }
  int slot_parameter(int s) const { return u1_at(slot_offset(s) + JaguarEncoding::SLOT_PARAMETER_OFFSET); }
  jlong slot_constant(int s) const { return s8_at(slot_offset(s) + JaguarEncoding::SLOT_CONSTANT_OFFSET); }
  bool slot_is_long(int s) const { return slot_type(s) == JaguarEncoding::TYPE_I64; }

  int op(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::OP_OFFSET); }
  int width(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::WIDTH_OFFSET); }
  int mode(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::MODE_OFFSET); }
  int result(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::RESULT_OFFSET); }
  int base(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::BASE_OFFSET); }
  int index(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::INDEX_OFFSET); }
  int operand_b(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::OPERAND_B_OFFSET); }
  int operand_c(int i) const { return u1_at(insn_offset(i) + JaguarEncoding::OPERAND_C_OFFSET); }
  jint displacement(int i) const { return s4_at(insn_offset(i) + JaguarEncoding::DISPLACEMENT_OFFSET); }

  // A byte template's record (OP_BYTES).
  const u1* raw_record(int i) const {
    assert(op(i) == JaguarEncoding::OP_BYTES || op(i) == JaguarEncoding::OP_SYSCALL, "instruction %d has no raw record", i);
    return _bytes + raw_start() + u2_at(insn_offset(i) + JaguarEncoding::RAW_OFFSET_OFFSET);
  }
  int raw_record_length(int i) const { return u2_at(insn_offset(i) + JaguarEncoding::RAW_RECORD_LENGTH_OFFSET); }

  static const char* op_name(int op);
  void print_on(outputStream* st) const;
};

#endif // SHARE_JAGUAR_JAGUARMAPPING_HPP
