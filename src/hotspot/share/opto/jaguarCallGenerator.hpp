#ifndef SHARE_OPTO_JAGUARCALLGENERATOR_HPP
#define SHARE_OPTO_JAGUARCALLGENERATOR_HPP

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
  // mapping, inlining refused (-XX:-Inline, CompileCommand=dontinline), a holder whose
  // initialisation caller cannot assume, or an operation C2 cannot expand (reported once).
  static CallGenerator* for_mapping(Compile* C, ciMethod* callee, ciMethod* caller);
};

#endif // SHARE_OPTO_JAGUARCALLGENERATOR_HPP
