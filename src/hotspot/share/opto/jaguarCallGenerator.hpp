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

#ifndef SHARE_OPTO_JAGUARCALLGENERATOR_HPP
#define SHARE_OPTO_JAGUARCALLGENERATOR_HPP

#include "jaguar/jaguarMappings.hpp"
#include "memory/allStatic.hpp"

class CallGenerator;
class ciMethod;
class Compile;

// C2's expansion of Jaguar code mappings: a call whose target has a checked mapping becomes the
// mapping's operations, built from C2's own nodes (raw-memory accesses with the same decorators
// as Unsafe's off-heap accesses, memory barriers, atomics), so the loop optimiser sees them as it
// sees Unsafe and MemorySegment code.
class JaguarCallGenerator : AllStatic {
 public:
  // An inline generator for a statically bound call of callee from caller, or nullptr: no
  // mapping, or one of the fall-backs reported under -Xlog:jaguar (forced, -XX:-Inline,
  // CompileCommand=dontinline, a holder whose initialisation caller cannot assume, an
  // operation C2 cannot expand).
  static CallGenerator* for_mapping(Compile* C, ciMethod* callee, ciMethod* caller);

  // Reports that C2 compiles a call of callee as a call, for a reason decided outside
  // for_mapping (Compile::call_generator: a virtual call, a site that allows no inlining).
  static void report_call(ciMethod* callee, JaguarFallback reason);
};

#endif // SHARE_OPTO_JAGUARCALLGENERATOR_HPP
