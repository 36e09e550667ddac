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
 *
 * @param owner the declaring class's binary name ({@code p.Outer$Inner})
 * @param name the method's name
 * @param descriptor the JVM method descriptor, for example {@code (JI)V}
 * @param isStatic whether the method is static (its receiver, if any, is not a template parameter)
 * @param parameters the type of each declared parameter, null where a template cannot use it;
 *        unmodifiable
 * @param parameterDescriptors each parameter's descriptor ({@code J}, {@code [B},
 *        {@code Ljava/lang/String;}); unmodifiable
 * @param returnType the return type, null for {@code void} and for types a template cannot return
 * @param returnsVoid whether the method returns {@code void}
 * @param returnDescriptor the return type's descriptor ({@code V}, {@code I}, ...)
 */
public record MethodSignature(String owner, String name, String descriptor, boolean isStatic, List<ValueType> parameters,
                List<String> parameterDescriptors, ValueType returnType, boolean returnsVoid, String returnDescriptor) {

    /**
     * Reads a signature from a JVM descriptor.
     *
     * @param owner the declaring class's binary name
     * @param name the method's name
     * @param descriptor a well-formed JVM method descriptor; a malformed one may throw
     *        {@link IndexOutOfBoundsException}
     * @param isStatic whether the method is static
     * @return the signature, with {@code byte}, {@code short}, {@code char}, {@code boolean},
     *         {@code int}, {@code long} as {@code i8}, {@code i16}, {@code u16}, {@code bool},
     *         {@code i32}, {@code i64} and every other type as null
     */
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

    /**
     * {@code Owner.name(descriptor)}, the way errors name a mapped method.
     *
     * @return for example {@code p.Mailbox.post(JI)V}
     */
    public String display() {
        return owner + "." + name + descriptor;
    }
}
