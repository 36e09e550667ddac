#ifndef SHARE_JAGUAR_JAGUARCLASSREWRITING_HPP
#define SHARE_JAGUAR_JAGUARCLASSREWRITING_HPP

#include "memory/allStatic.hpp"
#include "utilities/exceptions.hpp"

class ClassFileStream;
class ClassLoaderData;
class Symbol;

// Pre-Serialized Objects need their classes, and the classes that use their fields, rewritten
// before they are parsed (doc/pso.md). jaguar.lib's rewriter used to run as a -javaagent baked
// into every launch, which cost a third of `java -version`; the VM now hands it the class files
// itself, and only those an application class loader defines outside the JDK's and Jaguar's own
// modules: a JDK tool or `-version` never calls it.
class JaguarClassRewriting : AllStatic {
 public:
  // The stream to parse for 'name': 'stream' itself, or the rewritten class file (in the
  // current resource area). Never fails the load: a rewriter that cannot run leaves the class
  // as it is and says so once.
  static ClassFileStream* rewrite(ClassFileStream* stream, Symbol* name, ClassLoaderData* loader_data, TRAPS);
};

#endif // SHARE_JAGUAR_JAGUARCLASSREWRITING_HPP
