package jaguar.pso.rewriter;

import java.nio.charset.StandardCharsets;

/**
 * A quick look at a class file's constant pool, without the ClassFile API, that rules out
 * classes the rewriter would leave alone: a class whose superclass is a JDK class (so it is no
 * PSO class), that reads or writes no field of a class outside the JDK but its own, and that
 * calls no method named {@code allocate}. A hello world is then defined without the rewriter
 * ever loading the ClassFile API. Anything it cannot read is left to the rewriter, which reports
 * a malformed class properly.
 */
final class PSOCandidateFilter {
    private static final int UTF8 = 1, INTEGER = 3, FLOAT = 4, LONG = 5, DOUBLE = 6, CLASS = 7, STRING = 8, FIELDREF = 9,
                    METHODREF = 10, INTERFACE_METHODREF = 11, NAME_AND_TYPE = 12, METHOD_HANDLE = 15, METHOD_TYPE = 16,
                    DYNAMIC = 17, INVOKE_DYNAMIC = 18, MODULE = 19, PACKAGE = 20;
    private static final byte[] ALLOCATE = "allocate".getBytes(StandardCharsets.US_ASCII);

    private PSOCandidateFilter() {
    }

    /** False only when the rewriter certainly has nothing to do for this class file. */
    static boolean mayNeedRewrite(byte[] b) {
        try {
            return scan(b);
        } catch (IndexOutOfBoundsException e) {
            return true;
        }
    }

    private static boolean scan(byte[] b) {
        if (u4(b, 0) != 0xCAFEBABE) {
            return true;
        }
        int count = u2(b, 8);
        int[] offset = new int[count];   // where each entry's tag is
        int p = 10;
        for (int i = 1; i < count; i++) {
            offset[i] = p;
            int tag = b[p] & 0xFF;
            p += switch (tag) {
                case UTF8 -> 3 + u2(b, p + 1);
                case INTEGER, FLOAT, FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE, DYNAMIC, INVOKE_DYNAMIC -> 5;
                case LONG, DOUBLE -> 9;
                case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> 3;
                case METHOD_HANDLE -> 4;
                default -> throw new IndexOutOfBoundsException("constant pool tag " + tag);
            };
            if (tag == LONG || tag == DOUBLE) {
                i++;
            }
        }
        int thisClass = u2(b, p + 2);
        int superClass = u2(b, p + 4);
        if (superClass == 0 || !isJdkClass(b, offset, superClass)) {
            return true;   // java.lang.Object itself, or a superclass that might be a PSO class
        }
        for (int i = 1; i < count; i++) {
            int at = offset[i];
            if (at == 0) {
                continue;
            }
            int tag = b[at] & 0xFF;
            if (tag == FIELDREF) {
                int owner = u2(b, at + 1);
                if (owner != thisClass && !isJdkClass(b, offset, owner)) {
                    return true;
                }
            } else if (tag == METHODREF || tag == INTERFACE_METHODREF) {
                int nameAndType = offset[u2(b, at + 3)];
                if (utf8Equals(b, offset[u2(b, nameAndType + 1)], ALLOCATE)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether CONSTANT_Class {@code index} names a class of the JDK, which no PSO class is. */
    private static boolean isJdkClass(byte[] b, int[] offset, int index) {
        int name = offset[u2(b, offset[index] + 1)];
        int length = u2(b, name + 1);
        return startsWith(b, name + 3, length, "java/") || startsWith(b, name + 3, length, "javax/")
                        || startsWith(b, name + 3, length, "jdk/") || startsWith(b, name + 3, length, "sun/");
    }

    private static boolean startsWith(byte[] b, int at, int length, String prefix) {
        if (length < prefix.length()) {
            return false;
        }
        for (int k = 0; k < prefix.length(); k++) {
            if (b[at + k] != prefix.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    private static boolean utf8Equals(byte[] b, int entry, byte[] value) {
        int length = u2(b, entry + 1);
        if (length != value.length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (b[entry + 3 + k] != value[k]) {
                return false;
            }
        }
        return true;
    }

    private static int u2(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static int u4(byte[] b, int at) {
        return u2(b, at) << 16 | u2(b, at + 2);
    }
}
