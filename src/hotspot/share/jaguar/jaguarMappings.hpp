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

#ifndef SHARE_JAGUAR_JAGUARMAPPINGS_HPP
#define SHARE_JAGUAR_JAGUARMAPPINGS_HPP

#include "memory/allStatic.hpp"
#include "utilities/exceptions.hpp"
#include "utilities/globalDefinitions.hpp"

class Arena;
class InstanceKlass;
class JaguarMapping;
class Method;
class methodHandle;

// Why a JIT compiled a call of a mapped method as a call of its Java body. Each is reported
// once per method, JIT and reason under -Xlog:jaguar (doc/hotspot.md).
enum class JaguarFallback {
  forced,             // -XX:+JaguarForceFallback
  inlining_off,       // -XX:-Inline
  dontinline,         // CompileCommand dontinline (or a directive)
  class_init,         // the call needs its class's initialisation barrier
  zero_address,       // an address known at compile time to be zero
  unsupported,        // an operation this JIT has no expansion for (named in the report)
  virtual_call,       // the call is not statically bound
  not_inlinable_site, // the JIT allows no inlining at this call site
  count
};

// The VM's table of checked code mappings (doc/hotspot.md). jaguar.lib's checker hands each
// mapping over through VmMappings.install0, which only that class of the run-time image can
// link; the table keeps it beside the Method (no new Method field) until the class is unloaded
// or redefined, and the JITs expand what find() returns. Lookups take no lock: writers publish
// a new table and free the old one after GlobalCounter::write_synchronize().
class JaguarMappings : AllStatic {
 public:
  // Called when a class is about to be initialised, with no lock held and before the class is
  // marked as being initialised (so the Java checker adds no class-initialisation edges): if
  // its methods carry @CodeMapping, jaguar.lib's MappingRegistrar checks and installs them.
  // A checker fault is a refusal the registrar reports; a VirtualMachineError (stack overflow,
  // out of memory) stays pending and fails this initialisation attempt.
  static void class_initializing(InstanceKlass* ik, TRAPS);

  // Native linking: the VM's own entry for jaguar.lib's VmMappings.install0, else nullptr.
  static address native_entry(const methodHandle& method);

  // A copy in 'arena' of m's checked mapping, or nullptr. Lock-free; safe from compiler threads.
  static JaguarMapping* find(Method* m, Arena* arena);
  static bool is_empty();

  static void class_unloaded(InstanceKlass* ik);
  static void class_redefined(InstanceKlass* ik);

  // True for a class of the jaguar.lib module of the run-time image, defined by the application
  // class loader: user code cannot define such a class.
  static bool is_jaguar_lib_class(InstanceKlass* ik);

  // -Xlog:jaguar+jit (or its alias -Djaguar.jit.trace=true): one line per mapped call site.
  static bool trace();
  static void trace_call_site(Method* callee, Method* caller, const char* jit);

  // Reports under -Xlog:jaguar, once per method, JIT and reason, that a JIT compiles calls of m
  // as calls of its Java body. 'detail' may be nullptr. From compiler threads.
  static void report_fallback(Method* m, const char* jit, JaguarFallback reason, const char* detail = nullptr);
};

#endif // SHARE_JAGUAR_JAGUARMAPPINGS_HPP
