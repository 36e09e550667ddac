#include "opto/jaguarTemplateNode.hpp"
#include "opto/phaseX.hpp"
#include "opto/type.hpp"

const Type* JaguarTemplateNode::tuple_for(const JaguarTemplate* t) {
  if (t->_output_reg == JaguarTemplate::NO_REGISTER) {
    return TypeTuple::MEMBAR;
  }
  if (!t->_output_wide) {
    const Type** fields = TypeTuple::fields(1);
    fields[TypeFunc::Parms] = TypeInt::INT;
    return TypeTuple::make(TypeFunc::Parms + 1, fields);
  }
  const Type** fields = TypeTuple::fields(2);
  fields[TypeFunc::Parms] = TypeLong::LONG;
  fields[TypeFunc::Parms + 1] = Type::HALF;
  return TypeTuple::make(TypeFunc::Parms + 2, fields);
}

const Type* JaguarTemplateNode::Value(PhaseGVN* phase) const {
  if (in(0) == nullptr || phase->type(in(0)) == Type::TOP) {
    return Type::TOP;
  }
  return bottom_type();
}
