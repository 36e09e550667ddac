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

#include "classfile/classFileStream.hpp"
#include "classfile/classLoader.hpp"
#include "classfile/classLoaderData.hpp"
#include "classfile/javaClasses.inline.hpp"
#include "classfile/moduleEntry.hpp"
#include "classfile/packageEntry.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "classfile/vmClasses.hpp"
#include "interpreter/bytecodes.hpp"
#include "jaguar/jaguarClassRewriting.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "logging/log.hpp"
#include "memory/oopFactory.hpp"
#include "memory/resourceArea.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/typeArrayOop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaCalls.hpp"
#include "utilities/growableArray.hpp"
#include "utilities/ostream.hpp"

static Symbol* _transformer_sym = nullptr;  // jaguar/pso/rewriter/PSOClassTransformer
static Symbol* _transform_sym = nullptr;    // transform
static Symbol* _transform_sig = nullptr;    // (Ljava/lang/ClassLoader;Ljava/lang/String;[B)[B
// The rewriter's class once resolved (the application loader never unloads it), and whether
// this image has none (then no class is ever handed over).
static InstanceKlass* volatile _transformer = nullptr;
static Symbol* _pso_sym = nullptr;          // jaguar/pso/PSO
static volatile bool _absent = false;

static void make_symbols() {
  if (_transform_sig == nullptr) {
    _transformer_sym = SymbolTable::new_permanent_symbol("jaguar/pso/rewriter/PSOClassTransformer");
    _transform_sym = SymbolTable::new_permanent_symbol("transform");
    Atomic::release_store(&_transform_sig, SymbolTable::new_permanent_symbol("(Ljava/lang/ClassLoader;Ljava/lang/String;[B)[B"));
  }
}

// Classes of the JDK's modules and of jaguar.lib (the rewriter's own) never use PSO fields
// through a rewritten class; skipping them here keeps every JDK tool free of the upcall.
static bool in_platform_module(Symbol* name, ClassLoaderData* loader_data) {
  TempNewSymbol package = ClassLoader::package_from_class_name(name);
  if (package == nullptr) {
    return false;
  }
  PackageEntry* entry = loader_data->packages()->lookup_only(package);
  if (entry == nullptr || entry->module() == nullptr || !entry->module()->is_named()) {
    return false;
  }
  ResourceMark rm;
  const char* module = entry->module()->name()->as_C_string();
  return strncmp(module, "java.", 5) == 0 || strncmp(module, "jdk.", 4) == 0 || strcmp(module, "jaguar.lib") == 0;
}

// A first look at the class file in the VM, so that most classes are never handed to Java: a
// class needs the rewriter only if it is a PSO class, reads or writes an instance field of one,
// or calls a method named allocate (PSOCandidateFilter in jaguar.lib has the whole rule, and
// decides what this cannot). Here a class is certainly left alone when its superclass and the
// owner of every instance field it reads or writes (its own aside) are JDK classes or loaded
// classes that do not extend jaguar.pso.PSO, and it names no method called allocate: most of a
// typical jar's classes (doc/pso.md, "Start-up"). Bytes this cannot read go to Java.
class ClassFileGlance : public StackObj {
  const u1* _b;
  int _length;
  GrowableArray<int> _offsets;   // where each constant pool entry's tag is (0: none)
  bool _ok;

  int u2_at(int at) const { return at + 2 <= _length ? (_b[at] << 8 | _b[at + 1]) : -1; }

  // The internal name of CONSTANT_Class entry 'index', or nullptr (and _ok cleared).
  const u1* class_name(int index, int* len) {
    if (index <= 0 || index >= _offsets.length() || _offsets.at(index) == 0 || _b[_offsets.at(index)] != JVM_CONSTANT_Class) {
      _ok = false;
      return nullptr;
    }
    int utf = u2_at(_offsets.at(index) + 1);
    if (utf <= 0 || utf >= _offsets.length() || _offsets.at(utf) == 0 || _b[_offsets.at(utf)] != JVM_CONSTANT_Utf8) {
      _ok = false;
      return nullptr;
    }
    *len = u2_at(_offsets.at(utf) + 1);
    return _b + _offsets.at(utf) + 3;
  }

  static bool is_jdk_class(const u1* name, int len) {
    const char* prefixes[] = {"java/", "javax/", "jdk/", "sun/"};
    for (const char* p : prefixes) {
      int n = (int) strlen(p);
      if (len >= n && strncmp((const char*) name, p, n) == 0) {
        return true;
      }
    }
    return false;
  }

  // Whether the class named is certainly no PSO class: a JDK class, or one already loaded by
  // this loader none of whose superclasses is named jaguar/pso/PSO (by name, as the Java filter
  // decides).
  static bool certainly_not_pso(const u1* name, int len, Handle loader, Symbol* pso, Thread* current) {
    if (is_jdk_class(name, len)) {
      return true;
    }
    Symbol* sym = SymbolTable::probe((const char*) name, len);
    if (sym == nullptr) {
      return false;   // never named in this VM, so not loaded: unknown
    }
    InstanceKlass* k = SystemDictionary::find_instance_klass(current, sym, loader);
    if (k == nullptr) {
      return false;
    }
    for (Klass* s = k; s != nullptr; s = s->super()) {
      if (s->name() == pso) {
        return false;
      }
    }
    return true;
  }

 public:
  ClassFileGlance(const u1* bytes, int length) : _b(bytes), _length(length), _offsets(), _ok(true) {}

  // True only when the rewriter certainly has nothing to do for this class file.
  bool certainly_left_alone(Handle loader, Symbol* pso, Thread* current) {
    if (_length < 10 || _b[0] != 0xCA || _b[1] != 0xFE || _b[2] != 0xBA || _b[3] != 0xBE) {
      return false;
    }
    int count = u2_at(8);
    _offsets.at_put_grow(count > 0 ? count - 1 : 0, 0);
    int p = 10;
    for (int i = 1; i < count; i++) {
      if (p >= _length) {
        return false;
      }
      _offsets.at_put(i, p);
      u1 tag = _b[p];
      switch (tag) {
        case JVM_CONSTANT_Utf8: { int n = u2_at(p + 1); if (n < 0) return false; p += 3 + n; break; }
        case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: case JVM_CONSTANT_Fieldref: case JVM_CONSTANT_Methodref:
        case JVM_CONSTANT_InterfaceMethodref: case JVM_CONSTANT_NameAndType: case JVM_CONSTANT_Dynamic:
        case JVM_CONSTANT_InvokeDynamic: p += 5; break;
        case JVM_CONSTANT_Long: case JVM_CONSTANT_Double: p += 9; i++; break;
        case JVM_CONSTANT_Class: case JVM_CONSTANT_String: case JVM_CONSTANT_MethodType: case JVM_CONSTANT_Module:
        case JVM_CONSTANT_Package: p += 3; break;
        case JVM_CONSTANT_MethodHandle: p += 4; break;
        default: return false;
      }
    }
    int len;
    const u1* self = class_name(u2_at(p + 2), &len);
    int self_len = len;
    int super_index = u2_at(p + 4);
    if (!_ok || super_index < 0) {
      return false;
    }
    if (super_index != 0) {
      const u1* super_name = class_name(super_index, &len);
      if (!_ok || !certainly_not_pso(super_name, len, loader, pso, current)) {
        return false;
      }
    }
    // Only instance fields are laid out in a container: the Fieldrefs getfield and putfield may
    // use are those a B4 or B5 byte after the constant pool names (a byte scan can mark too
    // many, never too few).
    GrowableArray<bool> instance_access(_offsets.length(), _offsets.length(), false);
    for (int k = p; k + 2 < _length; k++) {
      if (_b[k] == Bytecodes::_getfield || _b[k] == Bytecodes::_putfield) {
        int index = u2_at(k + 1);
        if (index > 0 && index < _offsets.length() && _offsets.at(index) != 0 && _b[_offsets.at(index)] == JVM_CONSTANT_Fieldref) {
          instance_access.at_put(index, true);
        }
      }
    }
    for (int i = 1; i < _offsets.length(); i++) {
      int at = _offsets.at(i);
      if (at == 0) {
        continue;
      }
      if (_b[at] == JVM_CONSTANT_Fieldref && instance_access.at(i)) {
        const u1* owner = class_name(u2_at(at + 1), &len);
        if (!_ok) {
          return false;
        }
        bool own = len == self_len && memcmp(owner, self, len) == 0;
        if (!own && !certainly_not_pso(owner, len, loader, pso, current)) {
          return false;
        }
      } else if (_b[at] == JVM_CONSTANT_Methodref || _b[at] == JVM_CONSTANT_InterfaceMethodref) {
        int nt = u2_at(at + 3);
        if (nt <= 0 || nt >= _offsets.length() || _offsets.at(nt) == 0) {
          return false;
        }
        int utf = u2_at(_offsets.at(nt) + 1);
        if (utf <= 0 || utf >= _offsets.length() || _offsets.at(utf) == 0) {
          return false;
        }
        int n = u2_at(_offsets.at(utf) + 1);
        if (n == 8 && memcmp(_b + _offsets.at(utf) + 3, "allocate", 8) == 0) {
          return false;
        }
      }
    }
    return true;
  }
};

static InstanceKlass* transformer(TRAPS) {
  InstanceKlass* k = Atomic::load_acquire(&_transformer);
  if (k != nullptr || _absent) {
    return k;
  }
  make_symbols();
  Handle loader(THREAD, SystemDictionary::java_system_loader());
  Klass* found = SystemDictionary::resolve_or_null(_transformer_sym, loader, THREAD);
  if (HAS_PENDING_EXCEPTION || found == nullptr || !JaguarMappings::is_jaguar_lib_class(InstanceKlass::cast(found))) {
    CLEAR_PENDING_EXCEPTION;
    _absent = true;   // an image without jaguar.lib: nothing to rewrite with
    return nullptr;
  }
  k = InstanceKlass::cast(found);
  Atomic::release_store(&_transformer, k);
  return k;
}

ClassFileStream* JaguarClassRewriting::rewrite(ClassFileStream* stream, Symbol* name, ClassLoaderData* loader_data, TRAPS) {
  if (_absent || name == nullptr || loader_data->is_boot_class_loader_data() || loader_data->is_platform_class_loader_data()
      || SystemDictionary::java_system_loader() == nullptr) {
    return stream;
  }
  if (in_platform_module(name, loader_data)) {
    return stream;
  }
  Handle loader(THREAD, loader_data->class_loader());
  {
    ResourceMark rm(THREAD);
    if (_pso_sym == nullptr) {
      _pso_sym = SymbolTable::new_permanent_symbol("jaguar/pso/PSO");
    }
    ClassFileGlance glance(stream->buffer(), stream->length());
    if (glance.certainly_left_alone(loader, _pso_sym, THREAD)) {
      return stream;
    }
  }
  InstanceKlass* k = transformer(THREAD);
  if (k == nullptr) {
    return stream;
  }
  // An exhausted heap fails the load here too, rather than define the class unrewritten.
  Handle class_name = java_lang_String::create_from_symbol(name, CHECK_(stream));
  typeArrayOop array = oopFactory::new_byteArray(stream->length(), CHECK_(stream));
  typeArrayHandle bytes(THREAD, array);
  ArrayAccess<>::arraycopy_from_native(reinterpret_cast<const jbyte*>(stream->buffer()), bytes(),
                                       typeArrayOopDesc::element_offset<jbyte>(0), stream->length());
  JavaValue result(T_OBJECT);
  JavaCallArguments args;
  args.push_oop(loader);
  args.push_oop(class_name);
  args.push_oop(bytes);
  make_symbols();
  JavaCalls::call_static(&result, k, _transform_sym, _transform_sig, &args, THREAD);
  if (HAS_PENDING_EXCEPTION) {
    // The rewriter reports its own faults; this is one it could not report. A stack overflow or
    // an exhausted heap fails this load (the class must not be defined without its rewriting);
    // anything else leaves the class as it is, said once here.
    if (PENDING_EXCEPTION->is_a(vmClasses::VirtualMachineError_klass())) {
      return stream;
    }
    ResourceMark rm(THREAD);
    log_warning(jaguar)("PSO class rewriter failed on %s: %s; the class is loaded unchanged",
                        name->as_klass_external_name(), PENDING_EXCEPTION->klass()->external_name());
    CLEAR_PENDING_EXCEPTION;
    return stream;
  }
  oop rewritten = result.get_oop();
  if (rewritten == nullptr) {
    return stream;
  }
  typeArrayOop out = typeArrayOop(rewritten);
  int length = out->length();
  u1* copy = NEW_RESOURCE_ARRAY_IN_THREAD(THREAD, u1, length);
  ArrayAccess<>::arraycopy_to_native(out, typeArrayOopDesc::element_offset<jbyte>(0), reinterpret_cast<jbyte*>(copy), length);
  return new ClassFileStream(copy, length, stream->source(), /* from_boot_loader_modules_image */ false,
                             /* from_class_file_load_hook */ false);
}
