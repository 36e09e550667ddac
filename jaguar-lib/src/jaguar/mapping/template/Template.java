/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.List;
import java.util.Map;

/**
 * A checked template: its instructions and the type of every named result. Only
 * {@link TemplateChecker} makes these, so a Template is always valid for its {@link #signature()}.
 *
 * @param signature the mapped method the template was checked against
 * @param instructions the checked instructions, in order, the raw byte ones carrying the
 *        verifier's findings; unmodifiable
 * @param localTypes the type of every result the template names, by name; unmodifiable
 */
public record Template(MethodSignature signature, List<Instruction> instructions, Map<String, ValueType> localTypes) {

    /**
     * Parses and checks {@code text} for {@code signature}; the exception names the method and fault.
     *
     * @param signature the method the template maps
     * @param text the template's source, as in {@code @CodeMapping}
     * @return the checked template
     * @throws TemplateException if the text does not parse or does not check; the message starts
     *         with {@link MethodSignature#display()} and names the line
     */
    public static Template compile(MethodSignature signature, String text) throws TemplateException {
        java.util.List<Instruction> code;
        try {
            code = TemplateParser.parse(text);
        } catch (TemplateException e) {
            throw new TemplateException(signature.display() + ": " + e.getMessage());
        }
        return TemplateChecker.check(signature, code);
    }

    /**
     * The type an operand has at its use; constants are typed by context and answer null.
     *
     * @param o a parameter, a result defined by this template, or a constant
     * @return the parameter's or result's type; null for a constant, and for a parameter whose
     *         type a template cannot use (float, double, reference)
     */
    public ValueType typeOf(Operand o) {
        return switch (o) {
            case Operand.Parameter p -> signature.parameters().get(p.index());
            case Operand.Local l -> localTypes.get(l.name());
            case Operand.Constant c -> null;
        };
    }
}
