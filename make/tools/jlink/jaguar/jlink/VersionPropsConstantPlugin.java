/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.jlink;

import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.FieldModel;
import java.lang.classfile.attribute.ConstantValueAttribute;
import java.lang.classfile.instruction.ConstantInstruction;
import java.util.Map;

import jdk.tools.jlink.plugin.Plugin;
import jdk.tools.jlink.plugin.ResourcePool;
import jdk.tools.jlink.plugin.ResourcePoolBuilder;
import jdk.tools.jlink.plugin.ResourcePoolEntry;

/**
 * Sets one compile-time string constant of {@code java.lang.VersionProps}, the class java.base reads
 * its vendor system properties from: OpenJDK's build fills them from its configure arguments, and an
 * image linked from a vendor's run-time image keeps that vendor's. javac copies such a constant into
 * every method that reads it, so the field's ConstantValue and every {@code ldc} of the old string
 * get the new value. A class of another shape fails the link rather than leaving the old value.
 */
abstract class VersionPropsConstantPlugin implements Plugin {
    private static final String VERSION_PROPS = "/java.base/java/lang/VersionProps.class";

    private final String option;
    private final String field;
    private String value;

    VersionPropsConstantPlugin(String option, String field) {
        this.option = option;
        this.field = field;
    }

    @Override
    public String getName() {
        return option;
    }

    @Override
    public String getDescription() {
        return "Sets java.lang.VersionProps." + field + " (Jaguar's image build)";
    }

    @Override
    public String getArgumentsDescription() {
        return "<value>";
    }

    @Override
    public Category getType() {
        return Category.TRANSFORMER;
    }

    @Override
    public boolean hasArguments() {
        return true;
    }

    @Override
    public boolean hasRawArgument() {
        return true;
    }

    @Override
    public void configure(Map<String, String> config) {
        value = config.get(option);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("--" + option + " needs a non-empty value");
        }
    }

    @Override
    public ResourcePool transform(ResourcePool in, ResourcePoolBuilder out) {
        boolean[] found = {false};
        in.transformAndCopy(entry -> {
            if (entry.type() == ResourcePoolEntry.Type.CLASS_OR_RESOURCE && entry.path().equals(VERSION_PROPS)) {
                found[0] = true;
                return entry.copyWithContent(withConstant(entry.contentBytes()));
            }
            return entry;
        }, out);
        if (!found[0]) {
            throw new IllegalStateException("--" + option + ": the image has no " + VERSION_PROPS);
        }
        return out.build();
    }

    private byte[] withConstant(byte[] classBytes) {
        ClassFile cf = ClassFile.of();
        ClassModel versionProps = cf.parse(classBytes);
        String old = versionProps.fields().stream()
                .filter(f -> f.fieldName().equalsString(field))
                .flatMap(f -> f.findAttribute(Attributes.constantValue()).stream())
                .map(a -> a.constant().constantValue())
                .filter(String.class::isInstance).map(String.class::cast)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("--" + option + ": VersionProps has no string constant "
                        + field + " (a java.base of another release?)"));
        int[] loads = {0};
        ClassTransform inlinedCopies = ClassTransform.transformingMethodBodies((code, element) -> {
            if (element instanceof ConstantInstruction load && old.equals(load.constantValue())) {
                code.loadConstant(value);
                loads[0]++;
            } else {
                code.with(element);
            }
        });
        ClassTransform theField = (cls, element) -> {
            if (element instanceof FieldModel f && f.fieldName().equalsString(field)) {
                cls.transformField(f, (fields, fe) -> fields.with(fe instanceof ConstantValueAttribute
                        ? ConstantValueAttribute.of(value) : fe));
            } else {
                cls.with(element);
            }
        };
        byte[] rewritten = cf.transformClass(versionProps, theField.andThen(inlinedCopies));
        if (loads[0] == 0) {
            throw new IllegalStateException("--" + option + ": no method of VersionProps reads " + field
                    + " (\"" + old + "\"); a java.base of another release?");
        }
        return rewritten;
    }
}
