#include "classfile/classFileStream.hpp"
#include "classfile/classLoader.hpp"
#include "classfile/classLoaderData.hpp"
#include "classfile/javaClasses.inline.hpp"
#include "classfile/moduleEntry.hpp"
#include "classfile/packageEntry.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "jaguar/jaguarClassRewriting.hpp"
#include "jaguar/jaguarMappings.hpp"
#include "memory/oopFactory.hpp"
#include "memory/resourceArea.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/typeArrayOop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaCalls.hpp"
#include "utilities/defaultStream.hpp"
#include "utilities/ostream.hpp"

static Symbol* _transformer_sym = nullptr;  // jaguar/pso/rewriter/PSOClassTransformer
static Symbol* _transform_sym = nullptr;    // transform
static Symbol* _transform_sig = nullptr;    // (Ljava/lang/ClassLoader;Ljava/lang/String;[B)[B
// The rewriter's class once resolved (the application loader never unloads it), and whether
// this image has none (then no class is ever handed over).
static InstanceKlass* volatile _transformer = nullptr;
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
  InstanceKlass* k = transformer(THREAD);
  if (k == nullptr) {
    return stream;
  }
  Handle loader(THREAD, loader_data->class_loader());
  Handle class_name = java_lang_String::create_from_symbol(name, THREAD);
  if (HAS_PENDING_EXCEPTION) {
    CLEAR_PENDING_EXCEPTION;
    return stream;
  }
  typeArrayOop array = oopFactory::new_byteArray(stream->length(), THREAD);
  if (HAS_PENDING_EXCEPTION) {
    CLEAR_PENDING_EXCEPTION;
    return stream;
  }
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
    // The rewriter reports its own faults; this is one it could not report (out of memory,
    // stack overflow). The class is defined as it is.
    ResourceMark rm(THREAD);
    fileStream err(defaultStream::error_stream());
    err.print_cr("[jaguar] warning: PSO class rewriter failed on %s: %s; the class is loaded unchanged",
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
