#include "classfile/classLoaderData.hpp"
#include "classfile/javaClasses.hpp"
#include "classfile/moduleEntry.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "classfile/vmClasses.hpp"
#include "jaguar/jaguarMapping.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "memory/arena.hpp"
#include "memory/resourceArea.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/method.hpp"
#include "oops/typeArrayOop.inline.hpp"
#include "runtime/arguments.hpp"
#include "runtime/atomic.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/javaCalls.hpp"
#include "runtime/jniHandles.inline.hpp"
#include "runtime/mutex.hpp"
#include "runtime/mutexLocker.hpp"
#include "utilities/defaultStream.hpp"
#include "utilities/ostream.hpp"
#include "utilities/resourceHash.hpp"

namespace {
  struct Entry {
    InstanceKlass* holder;
    u1* bytes;
    int length;
    bool reported;
  };
  typedef ResourceHashtable<Method*, Entry, 1009, AnyObj::C_HEAP, mtCompiler> Table;
}

static Table* _table = nullptr;   // created with _lock, under it
static Mutex* _lock = nullptr;
static volatile int _count = 0;
static int _trace = -1;

static Mutex* table_lock() {
  Mutex* l = Atomic::load_acquire(&_lock);
  if (l == nullptr) {
    Mutex* fresh = new Mutex(Mutex::nosafepoint, "JaguarMappings_lock");
    l = Atomic::cmpxchg(&_lock, (Mutex*)nullptr, fresh);
    if (l == nullptr) {
      l = fresh;
    } else {
      delete fresh;
    }
  }
  return l;
}

bool JaguarMappings::is_empty() {
  return Atomic::load_acquire(&_count) == 0;
}

bool JaguarMappings::trace() {
  if (_trace < 0) {
    const char* p = Arguments::get_property("jaguar.jit.trace");
    _trace = (p != nullptr && strcmp(p, "true") == 0) ? 1 : 0;
  }
  return _trace == 1;
}

JaguarMapping* JaguarMappings::find(Method* m, Arena* arena) {
  if (is_empty()) {
    return nullptr;
  }
  MutexLocker ml(table_lock(), Mutex::_no_safepoint_check_flag);
  Entry* e = _table->get(m);
  if (e == nullptr) {
    return nullptr;
  }
  u1* copy = NEW_ARENA_ARRAY(arena, u1, e->length);
  memcpy(copy, e->bytes, e->length);
  return new (arena) JaguarMapping(copy, e->length);
}

// Holder.name(parameter types), as the Graal extension names methods.
static void print_method(outputStream* s, Method* m) {
  s->print("%s.%s(", m->method_holder()->external_name(), m->name()->as_C_string());
  m->signature()->print_as_signature_external_parameters(s);
  s->print(")");
}

void JaguarMappings::trace_call_site(Method* callee, Method* caller, const char* jit) {
  ThreadInVMfromNative tiv(JavaThread::current());
  ResourceMark rm;
  stringStream s;
  s.print("[jaguar] mapped ");
  print_method(&s, callee);
  s.print(" in ");
  print_method(&s, caller);
  s.print(" (%s)", jit);
  fileStream err(defaultStream::error_stream());
  err.print_cr("%s", s.freeze());
}

void JaguarMappings::report_not_expanded(Method* m, const char* jit, const char* why) {
  {
    MutexLocker ml(table_lock(), Mutex::_no_safepoint_check_flag);
    Entry* e = _table == nullptr ? nullptr : _table->get(m);
    if (e == nullptr || e->reported) {
      return;
    }
    e->reported = true;
  }
  ResourceMark rm;
  fileStream err(defaultStream::error_stream());
  err.print_cr("[jaguar] warning: %s does not expand code mapping %s (%s); calls run its Java body",
               jit, m->external_name(), why);
}

class DropHolder {
  InstanceKlass* _holder;
 public:
  int _dropped;
  DropHolder(InstanceKlass* holder) : _holder(holder), _dropped(0) {}
  bool do_entry(Method* const& m, Entry const& e) {
    if (e.holder != _holder) {
      return false;
    }
    FREE_C_HEAP_ARRAY(u1, e.bytes);
    _dropped++;
    return true;
  }
};

static void drop_holder(InstanceKlass* ik) {
  if (JaguarMappings::is_empty()) {
    return;
  }
  MutexLocker ml(table_lock(), Mutex::_no_safepoint_check_flag);
  DropHolder drop(ik);
  _table->unlink(&drop);
  Atomic::release_store(&_count, _count - drop._dropped);
}

void JaguarMappings::class_unloaded(InstanceKlass* ik)  { drop_holder(ik); }
void JaguarMappings::class_redefined(InstanceKlass* ik) { drop_holder(ik); }

// ---- registration --------------------------------------------------------------------------

static Symbol* _annotation_sym = nullptr;   // Ljaguar/mapping/CodeMapping;
static Symbol* _registrar_sym = nullptr;    // jaguar/mapping/internal/MappingRegistrar
static Symbol* _register_sym = nullptr;     // registerDeclared
static Symbol* _register_sig = nullptr;     // (Ljava/lang/Class;)V
static Symbol* _vm_mappings_sym = nullptr;  // jaguar/mapping/internal/VmMappings
static Symbol* _install_sym = nullptr;      // install0
static Symbol* _module_sym = nullptr;       // jaguar.lib
static Symbol* _location_sym = nullptr;     // jrt:/jaguar.lib

static void make_symbols() {
  if (_location_sym == nullptr) {
    _annotation_sym = SymbolTable::new_permanent_symbol("Ljaguar/mapping/CodeMapping;");
    _registrar_sym = SymbolTable::new_permanent_symbol("jaguar/mapping/internal/MappingRegistrar");
    _register_sym = SymbolTable::new_permanent_symbol("registerDeclared");
    _register_sig = SymbolTable::new_permanent_symbol("(Ljava/lang/Class;)V");
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

bool JaguarMappings::is_jaguar_lib_class(InstanceKlass* ik) {
  make_symbols();
  ModuleEntry* module = ik->module();
  return module != nullptr && module->is_named() && module->name() == _module_sym
      && module->location() == _location_sym
      && ik->class_loader_data()->is_system_class_loader_data();
}

void JaguarMappings::class_initializing(InstanceKlass* ik, TRAPS) {
  if (!declares_mappings(ik)) {
    return;
  }
  oop system_loader = SystemDictionary::java_system_loader();
  if (system_loader == nullptr) {
    return;   // still booting: no user class has mappings yet
  }
  Handle loader(THREAD, system_loader);
  Klass* registrar = SystemDictionary::resolve_or_null(_registrar_sym, loader, THREAD);
  if (HAS_PENDING_EXCEPTION || registrar == nullptr || !is_jaguar_lib_class(InstanceKlass::cast(registrar))) {
    CLEAR_PENDING_EXCEPTION;
    return;   // an image without jaguar.lib: nothing to register with
  }
  JavaValue result(T_VOID);
  Handle mirror(THREAD, ik->java_mirror());
  JavaCalls::call_static(&result, registrar, _register_sym, _register_sig, mirror, THREAD);
  if (HAS_PENDING_EXCEPTION) {
    // The registrar reports its own faults; this is an error it could not even report
    // (out of memory, stack overflow). The class keeps its Java bodies.
    ResourceMark rm(THREAD);
    fileStream err(defaultStream::error_stream());
    err.print_cr("[jaguar] warning: code mappings of %s not registered: %s; calls run their Java bodies",
                 ik->external_name(), PENDING_EXCEPTION->klass()->external_name());
    CLEAR_PENDING_EXCEPTION;
  }
}

// ---- VmMappings.install0(Method, byte[]) ----------------------------------------------------

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
  int answer = JaguarEncoding::INSTALLED;
  {
    MutexLocker ml(table_lock(), Mutex::_no_safepoint_check_flag);
    if (_table == nullptr) {
      _table = new (mtCompiler) Table();
    }
    Entry* old = _table->get(m);
    if (old != nullptr) {
      answer = (old->length == length && memcmp(old->bytes, copy, length) == 0) ? JaguarEncoding::ALREADY_INSTALLED : -1;
    } else {
      Entry e = { m->method_holder(), copy, length, false };
      _table->put(m, e);
      Atomic::release_store(&_count, _count + 1);
      copy = nullptr;
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
