/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.pso;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Where the fields of one PSO class lie in its bytes, C-struct-like: an 8-byte header (fingerprint,
 * size), then the superclass's fields, then this class's in declaration order, each at the next
 * offset that is a multiple of its size; the whole rounded up to 8 bytes so that objects placed
 * one after another stay aligned.
 *
 * <p>The layout is computed once, by the class rewriter from the class file, and travels to the
 * runtime as a descriptor string baked into the rewritten class; the fingerprint is a CRC-32C of
 * that descriptor, so any change of class name, field name, type, order or offset changes it and
 * bytes written by another version of the class are refused instead of misread.
 *
 * <p>Arrays ({@link PSOArray}) have an element type instead of fields and a size that varies per
 * instance.
 */
public final class PSOLayout {
    /** Bytes of the object header: u32 fingerprint, u32 size. */
    public static final int HEADER_SIZE = 8;
    /** Every object starts at, and every size is, a multiple of this. */
    public static final int ALIGNMENT = 8;
    private static final String VERSION = "PSO1";

    private final String className;
    private final String superName;
    private final int size;
    private final List<PSOField> fields;
    private final PSOFieldType elementType;
    private final String descriptor;
    private final int fingerprint;

    private PSOLayout(String className, String superName, int size, List<PSOField> fields, PSOFieldType elementType) {
        this.className = className;
        this.superName = superName;
        this.size = size;
        this.fields = List.copyOf(fields);
        this.elementType = elementType;
        this.descriptor = encode();
        this.fingerprint = fingerprintOf(descriptor);
    }

    /**
     * A declared field before layout: name, type and, for references, the declared class.
     *
     * @param name the field's name
     * @param type its type in the bytes
     * @param referenceType for a {@link PSOFieldType#REFERENCE} field, the binary name of its
     *        declared PSO class; null for a primitive field
     */
    public record Declared(String name, PSOFieldType type, String referenceType) {
    }

    /**
     * The layout of {@code className} (binary name), whose superclass has layout {@code zuper}
     * (null when it is {@link PSO} itself) and which declares {@code own} in this order.
     *
     * @param className the class's binary name
     * @param zuper the superclass's layout, or null when the superclass is {@link PSO}
     * @param own the fields the class itself declares and lays out, in declaration order
     * @return the layout: the superclass's fields, then {@code own} each at the next multiple of
     *         its size, the size rounded up to 8
     * @throws IllegalArgumentException if {@code zuper} is an array layout (arrays cannot be
     *         extended), if a reference field lacks its declared class or a primitive one has
     *         one, or if the object would exceed 2 GiB
     */
    public static PSOLayout compute(String className, PSOLayout zuper, List<Declared> own) {
        List<PSOField> fields = new ArrayList<>();
        int end = HEADER_SIZE;
        String superName = "-";
        if (zuper != null) {
            if (zuper.isArray()) {
                throw new IllegalArgumentException(className + ": a PSO array class cannot be extended");
            }
            fields.addAll(zuper.fields);
            end = zuper.fieldsEnd();
            superName = zuper.className;
        }
        for (Declared d : own) {
            int sz = d.type().size();
            int offset = (end + sz - 1) & -sz;
            fields.add(new PSOField(d.name(), d.type(), offset, d.referenceType()));
            end = offset + sz;
        }
        return new PSOLayout(className, superName, roundUp(end), fields, null);
    }

    /**
     * The layout of a PSO array class with elements of {@code elementType}.
     *
     * @param className the array class's binary name
     * @param elementType the type of every element
     * @return a layout with no fields, whose {@link #size()} is that of an empty array
     */
    public static PSOLayout array(String className, PSOFieldType elementType) {
        return new PSOLayout(className, "-", PSOArray.DATA_OFFSET, List.of(), elementType);
    }

    static int roundUp(long n) {
        long r = (n + ALIGNMENT - 1) & -ALIGNMENT;
        if (r > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("PSO of " + n + " bytes is larger than 2 GiB");
        }
        return (int) r;
    }

    private int fieldsEnd() {
        int end = HEADER_SIZE;
        for (PSOField f : fields) {
            end = Math.max(end, f.offset() + f.type().size());
        }
        return end;
    }

    // ---- descriptor ------------------------------------------------------------------------------

    private String encode() {
        StringBuilder sb = new StringBuilder(VERSION).append('/').append(className).append('/').append(superName).append('/');
        if (elementType != null) {
            return sb.append("array/").append(elementType.descriptorCode()).toString();
        }
        sb.append(size);
        for (PSOField f : fields) {
            sb.append('/').append(f.name()).append('/').append(f.type().descriptorCode());
            if (f.referenceType() != null) {
                sb.append(f.referenceType()).append(';');
            }
            sb.append('/').append(f.offset());
        }
        return sb.toString();
    }

    /**
     * Parses what {@link #descriptor()} wrote; throws IllegalArgumentException naming the fault.
     *
     * @param descriptor a layout descriptor, as {@code PSO1/MyObject/-/24/someInt/I/8/...}
     * @return the layout, whose {@link #descriptor()} equals {@code descriptor}
     * @throws IllegalArgumentException if {@code descriptor} is not one that
     *         {@link #descriptor()} could have written
     */
    public static PSOLayout parse(String descriptor) {
        String[] p = descriptor.split("/", -1);
        if (p.length < 5 || !p[0].equals(VERSION)) {
            throw new IllegalArgumentException("not a " + VERSION + " layout descriptor: " + descriptor);
        }
        try {
            if (p[3].equals("array")) {
                PSOFieldType t = PSOFieldType.ofDescriptorCode(p[4].charAt(0));
                return array(p[1], t);
            }
            int size = Integer.parseInt(p[3]);
            if ((p.length - 4) % 3 != 0) {
                throw new IllegalArgumentException("field list is not name/type/offset triples");
            }
            List<PSOField> fields = new ArrayList<>();
            for (int i = 4; i < p.length; i += 3) {
                String code = p[i + 1];
                PSOFieldType t = PSOFieldType.ofDescriptorCode(code.charAt(0));
                if (t == null) {
                    throw new IllegalArgumentException("unknown field type " + code);
                }
                String ref = t == PSOFieldType.REFERENCE ? code.substring(1, code.length() - 1) : null;
                fields.add(new PSOField(p[i], t, Integer.parseInt(p[i + 2]), ref));
            }
            PSOLayout l = new PSOLayout(p[1], p[2], size, fields, null);
            if (!l.descriptor.equals(descriptor)) {
                throw new IllegalArgumentException("does not round-trip");
            }
            return l;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed layout descriptor (" + e.getMessage() + "): " + descriptor, e);
        }
    }

    private static int fingerprintOf(String descriptor) {
        CRC32C crc = new CRC32C();
        crc.update(descriptor.getBytes(StandardCharsets.UTF_8));
        int f = (int) crc.getValue();
        // 0 is what unwritten (zeroed) memory holds: never a valid fingerprint.
        return f == 0 ? 1 : f;
    }

    // ---- queries ---------------------------------------------------------------------------------

    /**
     * Binary name of the class.
     *
     * @return for example {@code com.example.Outer$MyObject}
     */
    public String className() {
        return className;
    }

    /**
     * Bytes one object takes, header included; for arrays the size of an empty one.
     *
     * @return a multiple of 8, at least {@link #HEADER_SIZE}; 16 for arrays
     */
    public int size() {
        return size;
    }

    /**
     * The laid-out fields, the superclass's first.
     *
     * @return the fields in offset order; unmodifiable, empty for arrays
     */
    public List<PSOField> fields() {
        return fields;
    }

    /**
     * The field called {@code name}, or null.
     *
     * @param name a field name
     * @return the field; where a class and its superclass both declare {@code name}, the class's
     *         own; null if no laid-out field has the name
     */
    public PSOField field(String name) {
        for (int i = fields.size() - 1; i >= 0; i--) {
            if (fields.get(i).name().equals(name)) {
                return fields.get(i);
            }
        }
        return null;
    }

    /**
     * Whether this is the layout of a {@link PSOArray} class.
     *
     * @return {@code true} if the layout has an element type instead of fields
     */
    public boolean isArray() {
        return elementType != null;
    }

    /**
     * The element type of an array layout, or null.
     *
     * @return the type of every element; null for a layout that is not an array's
     */
    public PSOFieldType elementType() {
        return elementType;
    }

    /**
     * The layout descriptor: format version, class and superclass names, size and every field's
     * name, type and offset, {@code /}-separated. Its CRC-32C is the {@link #fingerprint()}.
     *
     * @return for example {@code PSO1/MyObject/-/24/someInt/I/8/someByte/B/12/someRef/LMyObject;/16}
     */
    public String descriptor() {
        return descriptor;
    }

    /**
     * The 32-bit value every object of this layout carries in its header.
     *
     * @return the CRC-32C of {@link #descriptor()}, never 0 (a CRC of 0 becomes 1), so zeroed
     *         memory never passes for an object
     */
    public int fingerprint() {
        return fingerprint;
    }

    @Override
    public String toString() {
        return descriptor + " (fingerprint 0x" + Integer.toHexString(fingerprint) + ")";
    }
}
