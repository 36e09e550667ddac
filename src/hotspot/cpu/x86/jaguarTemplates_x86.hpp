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

#ifndef CPU_X86_JAGUARTEMPLATES_X86_HPP
#define CPU_X86_JAGUARTEMPLATES_X86_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

// The x86-64 side of Jaguar's machine templates (doc/hotspot.md): the bytes C2 emits for the
// operations that have no ideal node, the Linux system-call ABI, and the registers a raw
// template may name. Registers are x86-64 numbers (rax = 0 ... r15 = 15).
class JaguarTemplatesX86 : AllStatic {
 public:
  enum {
    RAX = 0, RCX = 1, RDX = 2, R11 = 11,
    RDTSC_CLOBBERS = 1 << RDX,                    // rdx holds the counter's upper half
    SYSCALL_CLOBBERS = (1 << RCX) | (1 << R11)    // the kernel's return address and flags
  };

  // sfence
  static const u1* sfence_code(int* length) {
    static const u1 code[] = { 0x0F, 0xAE, 0xF8 };
    *length = (int)sizeof(code);
    return code;
  }

  // rdtsc; shl rdx, 32; or rax, rdx: the 64-bit counter in rax.
  static const u1* rdtsc_code(int* length) {
    static const u1 code[] = { 0x0F, 0x31, 0x48, 0xC1, 0xE2, 0x20, 0x48, 0x09, 0xD0 };
    *length = (int)sizeof(code);
    return code;
  }

  // syscall
  static const u1* syscall_code(int* length) {
    static const u1 code[] = { 0x0F, 0x05 };
    *length = (int)sizeof(code);
    return code;
  }

  // The register of a system call's operand k: the number in rax, arguments in rdi, rsi, rdx,
  // r10, r8, r9; the result comes back in rax.
  static int syscall_register(int k) {
    static const int abi[] = { 0, 7, 6, 2, 10, 8, 9 };
    assert(k >= 0 && k < (int)(sizeof(abi) / sizeof(abi[0])), "operand %d of a system call", k);
    return abi[k];
  }

  // Registers a raw template may name: not rsp (4), rbp (5), r12 (the heap base) or r15 (the
  // current thread).
  static bool is_template_register(int r) {
    return r >= 0 && r < 16 && r != 4 && r != 5 && r != 12 && r != 15;
  }
};

#endif // CPU_X86_JAGUARTEMPLATES_X86_HPP
