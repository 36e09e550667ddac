/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso.rewriter;

import java.lang.classfile.AttributeMapper;
import java.lang.classfile.AttributedElement;
import java.lang.classfile.BufWriter;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassReader;
import java.lang.classfile.CustomAttribute;

/**
 * The mark the rewriter leaves on every class file it rewrites: an empty class attribute, which
 * the JVM ignores and reflection does not show. Rewriting is not idempotent (a rewritten PSO class
 * has lost the fields its layout is computed from), and on Jaguar's JDK a class can reach the
 * rewriter twice: through {@link PSOAgent}'s JVMTI hook, then through the VM's own, which runs
 * right after it. The second sees the mark and leaves the class alone
 * ({@link PSOCandidateFilter} reads it without the ClassFile API; {@link PSOClassRewriter} checks
 * it too).
 */
final class RewrittenMark extends CustomAttribute<RewrittenMark> {
    /** The attribute's name; a compile-time constant, so the filter names it without loading this class. */
    static final String NAME = "jaguar.pso.Rewritten";
    static final RewrittenMark INSTANCE = new RewrittenMark();

    private RewrittenMark() {
        super(Mapper.MAPPER);
    }

    /** Whether {@code cm} carries the mark. */
    static boolean isOn(ClassModel cm) {
        for (var a : cm.attributes()) {
            if (a.attributeName().equalsString(NAME)) {
                return true;
            }
        }
        return false;
    }

    /** Writes the mark: its name and no content. Never registered for reading: the mark is found by name. */
    private static final class Mapper implements AttributeMapper<RewrittenMark> {
        static final Mapper MAPPER = new Mapper();

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public RewrittenMark readAttribute(AttributedElement enclosing, ClassReader cf, int pos) {
            return INSTANCE;
        }

        @Override
        public void writeAttribute(BufWriter buf, RewrittenMark attr) {
            buf.writeIndex(buf.constantPool().utf8Entry(NAME));
            buf.writeInt(0);
        }

        @Override
        public AttributeStability stability() {
            return AttributeStability.STATELESS;
        }
    }
}
