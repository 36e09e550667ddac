/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.template;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a template may know of its method: owner, name, parameter and return types, parsed from
 * the JVM descriptor so that reflection (at registration) and JVMCI (in the JIT) agree exactly.
 * A parameter or return type a template cannot handle (float, double, references) is recorded
 * as {@code null} with its descriptor character kept for the error message.
 */
public record MethodSignature(String owner, String name, String descriptor, boolean isStatic, List<ValueType> parameters,
                List<String> parameterDescriptors, ValueType returnType, boolean returnsVoid, String returnDescriptor) {

    public static MethodSignature of(String owner, String name, String descriptor, boolean isStatic) {
        List<ValueType> params = new ArrayList<>();
        List<String> descs = new ArrayList<>();
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            int end = i;
            while (descriptor.charAt(end) == '[') {
                end++;
            }
            if (descriptor.charAt(end) == 'L') {
                end = descriptor.indexOf(';', end);
            }
            String d = descriptor.substring(i, end + 1);
            descs.add(d);
            params.add(typeOf(d));
            i = end + 1;
        }
        String ret = descriptor.substring(i + 1);
        // Not List.copyOf: unsupported parameter types are recorded as null.
        return new MethodSignature(owner, name, descriptor, isStatic, Collections.unmodifiableList(params), List.copyOf(descs), typeOf(ret),
                        ret.equals("V"), ret);
    }

    private static ValueType typeOf(String d) {
        return switch (d) {
            case "B" -> ValueType.I8;
            case "S" -> ValueType.I16;
            case "C" -> ValueType.U16;
            case "Z" -> ValueType.BOOL;
            case "I" -> ValueType.I32;
            case "J" -> ValueType.I64;
            default -> null;
        };
    }

    /** {@code Owner.name(descriptor)}, the way errors name a mapped method. */
    public String display() {
        return owner + "." + name + descriptor;
    }
}
