/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.List;
import java.util.Map;

/**
 * A checked template: its instructions, the type of every named result, and whether it contains
 * raw machine code. Only {@link TemplateChecker} makes these, so a Template is always valid for
 * its {@link #signature()}.
 */
public record Template(MethodSignature signature, List<Instruction> instructions, Map<String, ValueType> localTypes) {

    /** Parses and checks {@code text} for {@code signature}; the exception names the method and fault. */
    public static Template compile(MethodSignature signature, String text) throws TemplateException {
        java.util.List<Instruction> code;
        try {
            code = TemplateParser.parse(text);
        } catch (TemplateException e) {
            throw new TemplateException(signature.display() + ": " + e.getMessage());
        }
        return TemplateChecker.check(signature, code);
    }

    /** The type an operand has at its use; constants are typed by context and answer null. */
    public ValueType typeOf(Operand o) {
        return switch (o) {
            case Operand.Parameter p -> signature.parameters().get(p.index());
            case Operand.Local l -> localTypes.get(l.name());
            case Operand.Constant c -> null;
        };
    }
}
