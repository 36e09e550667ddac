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
