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

#include "classfile/classLoaderData.hpp"
#include "classfile/javaClasses.hpp"
#include "classfile/moduleEntry.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "classfile/vmClasses.hpp"
#include "jaguar/jaguarMapping.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "logging/log.hpp"
#include "logging/logConfiguration.hpp"
#include "memory/arena.hpp"
#include "memory/oopFactory.hpp"
#include "memory/resourceArea.hpp"
#include "oops/annotations.hpp"
#include "oops/constantPool.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/method.hpp"
#include "oops/objArrayOop.inline.hpp"
#include "oops/typeArrayOop.inline.hpp"
#include "runtime/arguments.hpp"
#include "runtime/atomic.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/javaCalls.hpp"
#include "runtime/jniHandles.inline.hpp"
#include "runtime/mutexLocker.hpp"
#include "utilities/bytes.hpp"
#include "utilities/globalCounter.inline.hpp"
#include "utilities/growableArray.hpp"
#include "utilities/ostream.hpp"

// ---- the side table ------------------------------------------------------------------------

namespace {

// One installed mapping. Immutable but for the report bits; freed only after every reader that
// could have found it has left its critical section.
class MappingEntry : public CHeapObj<mtCompiler> {
 public:
  Method* const _method;
  InstanceKlass* const _holder;
  u1* const _bytes;
  const int _length;
  volatile uint _reported;   // bit (jit * 16 + reason): reported under -Xlog:jaguar

  MappingEntry(Method* m, u1* bytes, int length)
    : _method(m), _holder(m->method_holder()), _bytes(bytes), _length(length), _reported(0) {
    assert(bytes != nullptr && length > 0, "an entry holds a validated encoding");
  }
  ~MappingEntry() { FREE_C_HEAP_ARRAY(u1, _bytes); }
};

// Open addressing with linear probing, keyed by Method*. Never changed once published: a writer
// builds a new table and publishes it whole.
class MappingTable : public CHeapObj<mtCompiler> {
  const int _capacity;   // a power of two, more than twice _count
  int _count;
  MappingEntry** _slots;

  static uint hash(const Method* m) {
    uintptr_t v = (uintptr_t)m >> LogBytesPerWord;
    return (uint)(v ^ (v >> 32)) * 0x9E3779B1u;
  }

 public:
  explicit MappingTable(int entries) : _capacity(capacity_for(entries)), _count(0) {
    _slots = NEW_C_HEAP_ARRAY(MappingEntry*, _capacity, mtCompiler);
    for (int i = 0; i < _capacity; i++) _slots[i] = nullptr;
  }
  ~MappingTable() { FREE_C_HEAP_ARRAY(MappingEntry*, _slots); }

  static int capacity_for(int entries) {
    int c = 16;
    while (c < 2 * entries + 1) c *= 2;
    return c;
  }

  int count() const { return _count; }

  MappingEntry* get(const Method* m) const {
    const uint mask = (uint)_capacity - 1;
    for (uint i = hash(m) & mask; ; i = (i + 1) & mask) {
      MappingEntry* e = _slots[i];
      if (e == nullptr || e->_method == m) {
        return e;
      }
    }
  }

  // Only before the table is published.
  void put(MappingEntry* e) {
    assert(get(e->_method) == nullptr, "one entry per method");
    assert(2 * (_count + 1) < _capacity, "sized for its entries");
    const uint mask = (uint)_capacity - 1;
    uint i = hash(e->_method) & mask;
    while (_slots[i] != nullptr) i = (i + 1) & mask;
    _slots[i] = e;
    _count++;
  }

  template <typename F> void each(F f) const {
    for (int i = 0; i < _capacity; i++) {
      if (_slots[i] != nullptr) f(_slots[i]);
    }
  }
};

} // namespace

static MappingTable* volatile _table = nullptr;   // written under JaguarMappings_lock
static volatile int _count = 0;

// Publishes 'fresh' in place of the current table, then frees the old table and the 'dropped'
// entries once no reader can still see them. Under JaguarMappings_lock.
static void publish(MappingTable* fresh, GrowableArray<MappingEntry*>* dropped) {
  assert_lock_strong(JaguarMappings_lock);
  MappingTable* old = _table;
  Atomic::release_store(&_table, fresh);
  Atomic::release_store(&_count, fresh->count());
  GlobalCounter::write_synchronize();
  delete old;
  if (dropped != nullptr) {
    for (int i = 0; i < dropped->length(); i++) delete dropped->at(i);
  }
}

bool JaguarMappings::is_empty() {
  return Atomic::load_acquire(&_count) == 0;
}

JaguarMapping* JaguarMappings::find(Method* m, Arena* arena) {
  if (is_empty()) {
    return nullptr;
  }
  GlobalCounter::CriticalSection cs(Thread::current());
  MappingTable* t = Atomic::load_acquire(&_table);
  MappingEntry* e = t == nullptr ? nullptr : t->get(m);
  if (e == nullptr) {
    return nullptr;
  }
  u1* copy = NEW_ARENA_ARRAY(arena, u1, e->_length);
  memcpy(copy, e->_bytes, e->_length);
  return new (arena) JaguarMapping(copy, e->_length);
}

static void drop_holder(InstanceKlass* ik) {
  if (JaguarMappings::is_empty()) {
    return;
  }
  MutexLocker ml(JaguarMappings_lock, Mutex::_no_safepoint_check_flag);
  MappingTable* old = _table;
  int kept = 0;
  old->each([&](MappingEntry* e) { if (e->_holder != ik) kept++; });
  if (kept == old->count()) {
    return;
  }
  MappingTable* fresh = new MappingTable(kept);
  GrowableArray<MappingEntry*> dropped(old->count() - kept, mtCompiler);
  old->each([&](MappingEntry* e) {
    if (e->_holder != ik) fresh->put(e); else dropped.append(e);
  });
  publish(fresh, &dropped);
}

void JaguarMappings::class_unloaded(InstanceKlass* ik)  { drop_holder(ik); }
void JaguarMappings::class_redefined(InstanceKlass* ik) { drop_holder(ik); }

// ---- reports -------------------------------------------------------------------------------

// Holder.name(parameter types), as jaguar.lib names methods.
static void print_method(outputStream* s, Method* m) {
  s->print("%s.%s(", m->method_holder()->external_name(), m->name()->as_C_string());
  m->signature()->print_as_signature_external_parameters(s);
  s->print(")");
}

// Runs f in the VM state a compiler thread (in native) needs to read metadata names.
template <typename F> static void in_vm(F f) {
  Thread* t = Thread::current();
  if (t->is_Java_thread() && JavaThread::cast(t)->thread_state() == _thread_in_native) {
    ThreadInVMfromNative tiv(JavaThread::cast(t));
    f();
  } else {
    f();
  }
}

bool JaguarMappings::trace() {
  return log_is_enabled(Info, jaguar, jit);
}

void JaguarMappings::trace_call_site(Method* callee, Method* caller, const char* jit) {
  in_vm([&]() {
    ResourceMark rm;
    stringStream s;
    s.print("mapped ");
    print_method(&s, callee);
    s.print(" in ");
    print_method(&s, caller);
    s.print(" (%s)", jit);
    log_info(jaguar, jit)("%s", s.base());
  });
}

static const char* fallback_reason(JaguarFallback reason) {
  switch (reason) {
    case JaguarFallback::forced:             return "forced by -XX:+JaguarForceFallback";
    case JaguarFallback::inlining_off:       return "inlining is off (-XX:-Inline)";
    case JaguarFallback::dontinline:         return "a CompileCommand or compiler directive says dontinline";
    case JaguarFallback::class_init:         return "its class is not initialised yet and the call needs the initialisation barrier";
    case JaguarFallback::zero_address:       return "an address is zero at compile time (the call stays a call, as Unsafe's intrinsics leave it)";
    case JaguarFallback::unsupported:        return "no expansion for operation";
    case JaguarFallback::virtual_call:       return "the call is not statically bound (virtual dispatch)";
    case JaguarFallback::not_inlinable_site: return "the JIT allows no inlining at this call site";
    default:                                 ShouldNotReachHere(); return nullptr;
  }
}

void JaguarMappings::report_fallback(Method* m, const char* jit, JaguarFallback reason, const char* detail) {
  assert((int)reason < (int)JaguarFallback::count, "a reason");
  assert(strcmp(jit, "C1") == 0 || strcmp(jit, "C2") == 0, "a JIT");
  if (!log_is_enabled(Info, jaguar) || is_empty()) {
    return;
  }
  const uint bit = 1u << ((int)reason + (jit[1] == '1' ? 0 : 16));
  bool first = false;
  {
    GlobalCounter::CriticalSection cs(Thread::current());
    MappingTable* t = Atomic::load_acquire(&_table);
    MappingEntry* e = t == nullptr ? nullptr : t->get(m);
    first = e != nullptr && (Atomic::fetch_then_or(&e->_reported, bit) & bit) == 0;
  }
  if (!first) {
    return;
  }
  in_vm([&]() {
    ResourceMark rm;
    stringStream s;
    s.print("%s compiles calls of ", jit);
    print_method(&s, m);
    s.print(" as calls of its Java body: %s", fallback_reason(reason));
    if (detail != nullptr) {
      s.print(" '%s'", detail);
    }
    log_info(jaguar)("%s", s.base());
  });
}

// ---- registration --------------------------------------------------------------------------

static Symbol* _annotation_sym = nullptr;   // Ljaguar/mapping/CodeMapping;
static Symbol* _value_sym = nullptr;        // value
static Symbol* _registrar_sym = nullptr;    // jaguar/mapping/internal/MappingRegistrar
static Symbol* _register_sym = nullptr;     // registerDeclared
static Symbol* _register_sig = nullptr;     // (Ljava/lang/Class;[Ljava/lang/String;)V
static Symbol* _vm_mappings_sym = nullptr;  // jaguar/mapping/internal/VmMappings
static Symbol* _install_sym = nullptr;      // install0
static Symbol* _module_sym = nullptr;       // jaguar.lib
static Symbol* _location_sym = nullptr;     // jrt:/jaguar.lib, written last

static void make_symbols() {
  if (Atomic::load_acquire(&_location_sym) == nullptr) {
    _annotation_sym = SymbolTable::new_permanent_symbol("Ljaguar/mapping/CodeMapping;");
    _value_sym = SymbolTable::new_permanent_symbol("value");
    _registrar_sym = SymbolTable::new_permanent_symbol("jaguar/mapping/internal/MappingRegistrar");
    _register_sym = SymbolTable::new_permanent_symbol("registerDeclared");
    _register_sig = SymbolTable::new_permanent_symbol("(Ljava/lang/Class;[Ljava/lang/String;)V");
    _vm_mappings_sym = SymbolTable::new_permanent_symbol("jaguar/mapping/internal/VmMappings");
    _install_sym = SymbolTable::new_permanent_symbol("install0");
    _module_sym = SymbolTable::new_permanent_symbol("jaguar.lib");
    Atomic::release_store(&_location_sym, SymbolTable::new_permanent_symbol("jrt:/jaguar.lib"));
  }
}

// Whether a method of ik carries an annotation of type CodeMapping: a method with annotations,
// and the annotation's descriptor among the class's constants.
static bool declares_mappings(InstanceKlass* ik) {
  Array<Method*>* methods = ik->methods();
  bool annotated = false;
  for (int i = 0; i < methods->length() && !annotated; i++) {
    annotated = methods->at(i)->annotations() != nullptr;
  }
  if (!annotated) {
    return false;
  }
  make_symbols();
  ConstantPool* cp = ik->constants();
  for (int i = 1; i < cp->length(); i++) {
    if (cp->tag_at(i).is_utf8() && cp->symbol_at(i) == _annotation_sym) {
      return true;
    }
  }
  return false;
}

namespace {

// Reads a method's RuntimeVisibleAnnotations as the class file holds them (JVMS 4.7.16), with
// every index and length checked: the template of @CodeMapping is a constant of the class, so
// finding it needs no reflection, which would resolve every annotation's constants and could
// initialise other classes (an enum constant's class) from inside this one's initialisation.
class AnnotationReader : public StackObj {
  const u1* const _bytes;
  const int _length;
  const ConstantPool* const _cp;
  int _at;
  bool _ok;

  int u1_next() {
    if (_at + 1 > _length) { _ok = false; return 0; }
    return _bytes[_at++];
  }
  int u2_next() {
    if (_at + 2 > _length) { _ok = false; return 0; }
    int v = Bytes::get_Java_u2(const_cast<u1*>(_bytes + _at));
    _at += 2;
    return v;
  }
  Symbol* utf8(int index) {
    if (index <= 0 || index >= _cp->length() || !_cp->tag_at(index).is_utf8()) { _ok = false; return nullptr; }
    return _cp->symbol_at(index);
  }

  void skip_value(int depth) {
    if (depth > 32) { _ok = false; return; }
    int tag = u1_next();
    switch (tag) {
      case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z': case 's': case 'c':
        u2_next(); break;
      case 'e':
        u2_next(); u2_next(); break;
      case '@':
        skip_annotation(depth + 1); break;
      case '[': {
        int n = u2_next();
        for (int i = 0; i < n && _ok; i++) skip_value(depth + 1);
        break;
      }
      default:
        _ok = false;
    }
  }
  void skip_annotation(int depth) {
    u2_next();
    int pairs = u2_next();
    for (int i = 0; i < pairs && _ok; i++) {
      u2_next();
      skip_value(depth);
    }
  }

 public:
  AnnotationReader(AnnotationArray* a, const ConstantPool* cp)
    : _bytes(a->length() > 0 ? a->adr_at(0) : nullptr), _length(a->length()), _cp(cp), _at(0), _ok(true) {}

  // The string constant of 'type''s element 'element', or nullptr (absent, not a string, or
  // the attribute is malformed).
  Symbol* string_element(const Symbol* type, const Symbol* element) {
    int count = u2_next();
    for (int a = 0; a < count && _ok; a++) {
      Symbol* t = utf8(u2_next());
      int pairs = u2_next();
      for (int p = 0; p < pairs && _ok; p++) {
        Symbol* name = utf8(u2_next());
        if (_ok && t == type && name == element && _at < _length && _bytes[_at] == 's') {
          _at++;
          Symbol* value = utf8(u2_next());
          return _ok ? value : nullptr;
        }
        skip_value(0);
      }
    }
    return nullptr;
  }
};

} // namespace

bool JaguarMappings::is_jaguar_lib_class(InstanceKlass* ik) {
  make_symbols();
  ModuleEntry* module = ik->module();
  return module != nullptr && module->is_named() && module->name() == _module_sym
      && module->location() == _location_sym
      && ik->class_loader_data()->is_system_class_loader_data();
}

void JaguarMappings::class_initializing(InstanceKlass* ik, TRAPS) {
  // A class another thread is initialising (or that failed) was registered, or is being, by
  // the thread that started; re-entrant calls from its <clinit> need no second look.
  if (ik->is_being_initialized() || ik->is_in_error_state() || !declares_mappings(ik)) {
    return;
  }
  oop system_loader = SystemDictionary::java_system_loader();
  if (system_loader == nullptr) {
    return;   // still booting: no user class has mappings yet
  }
  Handle loader(THREAD, system_loader);
  Klass* registrar = SystemDictionary::resolve_or_null(_registrar_sym, loader, CHECK);
  if (registrar == nullptr || !is_jaguar_lib_class(InstanceKlass::cast(registrar))) {
    return;   // an image without jaguar.lib: nothing to register with
  }
  // name, descriptor, template of every method with a @CodeMapping whose value is a string
  objArrayHandle strings;
  {
    ResourceMark rm(THREAD);
    GrowableArray<Symbol*> declared;
    Array<Method*>* methods = ik->methods();
    for (int i = 0; i < methods->length(); i++) {
      Method* m = methods->at(i);
      if (m->annotations() == nullptr) {
        continue;
      }
      AnnotationReader reader(m->annotations(), ik->constants());
      Symbol* code = reader.string_element(_annotation_sym, _value_sym);
      if (code != nullptr) {
        declared.append(m->name());
        declared.append(m->signature());
        declared.append(code);
      }
    }
    if (declared.is_empty()) {
      return;
    }
    objArrayOop array = oopFactory::new_objArray(vmClasses::String_klass(), declared.length(), CHECK);
    strings = objArrayHandle(THREAD, array);
    for (int i = 0; i < declared.length(); i++) {
      Handle s = java_lang_String::create_from_symbol(declared.at(i), CHECK);
      strings->obj_at_put(i, s());
    }
  }
  JavaValue result(T_VOID);
  JavaCallArguments args;
  args.push_oop(Handle(THREAD, ik->java_mirror()));
  args.push_oop(strings);
  // The registrar turns a checker's fault into a refusal it reports; what it lets through (a
  // VirtualMachineError) stays pending and fails this attempt to initialise the class.
  JavaCalls::call_static(&result, registrar, _register_sym, _register_sig, &args, CHECK);
}

// ---- VmMappings.install0(Method, byte[]) ----------------------------------------------------

// -Djaguar.jit.trace=true, the older spelling of -Xlog:jaguar+jit: applied when the first
// mapping is installed (no call site is mapped before that).
static void apply_trace_alias() {
  static volatile int applied = 0;
  if (Atomic::load(&applied) != 0 || Atomic::cmpxchg(&applied, 0, 1) != 0) {
    return;
  }
  const char* p = Arguments::get_property("jaguar.jit.trace");
  if (p != nullptr && strcmp(p, "true") == 0 && !log_is_enabled(Info, jaguar, jit)) {
    LogConfiguration::configure_stdout(LogLevel::Info, true, LOG_TAGS(jaguar, jit));
  }
}

static Method* reflected_method(oop reflected) {
  if (reflected->klass() != vmClasses::reflect_Method_klass()) {
    return nullptr;
  }
  oop mirror = java_lang_reflect_Method::clazz(reflected);
  int slot = java_lang_reflect_Method::slot(reflected);
  Klass* k = java_lang_Class::as_Klass(mirror);
  if (k == nullptr || !k->is_instance_klass()) {
    return nullptr;
  }
  return InstanceKlass::cast(k)->method_with_idnum(slot);
}

JVM_ENTRY(jint, JaguarMappings_install0(JNIEnv* env, jclass unused, jobject method, jbyteArray encoding))
  if (method == nullptr || encoding == nullptr) {
    THROW_MSG_0(vmSymbols::java_lang_NullPointerException(), "method and encoding are required");
  }
  Method* m = reflected_method(JNIHandles::resolve_non_null(method));
  if (m == nullptr) {
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), "not a method");
  }
  if (m->is_native() || m->is_abstract()) {
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), "a mapped method needs a Java body");
  }
  if (m->is_synchronized() || m->method_holder()->is_interface()) {
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), "synchronized and interface methods cannot be mapped");
  }
  typeArrayOop bytes = typeArrayOop(JNIHandles::resolve_non_null(encoding));
  int length = bytes->length();
  const int longest = JaguarEncoding::HEADER_LENGTH + (JaguarEncoding::NO_SLOT - 1) *
                      (JaguarEncoding::SLOT_LENGTH + JaguarEncoding::INSTRUCTION_LENGTH) + 0xFFFF;
  if (length > longest) {
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), "encoding longer than any valid one");
  }
  u1* copy = NEW_C_HEAP_ARRAY(u1, MAX2(length, 1), mtCompiler);
  if (length > 0) {
    memcpy(copy, bytes->byte_at_addr(0), length);
  }
  char err[256];
  JaguarMapping mapping(copy, length);
  if (!mapping.validate(m, err, sizeof(err))) {
    FREE_C_HEAP_ARRAY(u1, copy);
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), err);
  }
  apply_trace_alias();
  int answer = JaguarEncoding::INSTALLED;
  {
    MutexLocker ml(JaguarMappings_lock, Mutex::_no_safepoint_check_flag);
    MappingTable* old = _table;
    MappingEntry* present = old == nullptr ? nullptr : old->get(m);
    if (present != nullptr) {
      answer = (present->_length == length && memcmp(present->_bytes, copy, length) == 0) ? JaguarEncoding::ALREADY_INSTALLED : -1;
    } else {
      MappingTable* fresh = new MappingTable((old == nullptr ? 0 : old->count()) + 1);
      if (old != nullptr) {
        old->each([&](MappingEntry* e) { fresh->put(e); });
      }
      fresh->put(new MappingEntry(m, copy, length));
      copy = nullptr;   // the entry owns it
      publish(fresh, nullptr);
    }
  }
  if (copy != nullptr) {
    FREE_C_HEAP_ARRAY(u1, copy);
  }
  if (answer < 0) {
    // Checked once: a second, different mapping for the same method is refused.
    THROW_MSG_0(vmSymbols::java_lang_IllegalArgumentException(), "the method already has a different mapping");
  }
  return answer;
JVM_END

address JaguarMappings::native_entry(const methodHandle& method) {
  make_symbols();
  InstanceKlass* holder = method->method_holder();
  if (holder->name() != _vm_mappings_sym || method->name() != _install_sym || !is_jaguar_lib_class(holder)) {
    return nullptr;
  }
  return CAST_FROM_FN_PTR(address, JaguarMappings_install0);
}
