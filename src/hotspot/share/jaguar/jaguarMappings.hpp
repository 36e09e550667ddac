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

// The VM's table of checked code mappings (doc/hotspot.md). jaguar.lib's checker hands each
// mapping over through VmMappings.install0, which only that class of the run-time image can
// link; the table keeps it beside the Method (no new Method field) until the class is unloaded
// or redefined, and the JITs expand what find() returns.
class JaguarMappings : AllStatic {
 public:
  // Before a class's static initializer runs: if its methods carry @CodeMapping, jaguar.lib's
  // MappingRegistrar checks and installs them. Never fails the initialization.
  static void class_initializing(InstanceKlass* ik, TRAPS);

  // Native linking: the VM's own entry for jaguar.lib's VmMappings.install0, else nullptr.
  static address native_entry(const methodHandle& method);

  // A copy in 'arena' of m's checked mapping, or nullptr. Safe from compiler threads.
  static JaguarMapping* find(Method* m, Arena* arena);
  static bool is_empty();

  static void class_unloaded(InstanceKlass* ik);
  static void class_redefined(InstanceKlass* ik);

  // True for a class of the jaguar.lib module of the run-time image, defined by the application
  // class loader: user code cannot define such a class.
  static bool is_jaguar_lib_class(InstanceKlass* ik);

  // -Djaguar.jit.trace=true: one line per mapped call site.
  static bool trace();
  // Prints "[jaguar] mapped Holder.m(long) in Caller.c(int) (jit)"; from a compiler thread.
  static void trace_call_site(Method* callee, Method* caller, const char* jit);
  // Reports, once per method, that a JIT leaves m to its Java body, and why.
  static void report_not_expanded(Method* m, const char* jit, const char* why);
};

#endif // SHARE_JAGUAR_JAGUARMAPPINGS_HPP
