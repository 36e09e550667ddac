import jaguar.mapping.CodeMapping;
import jaguar.mapping.CodeMappings;
import jaguar.test.Warmup;

/**
 * A user's program with two mappings in an unnamed module, whose Java bodies need no native
 * access. Prints "mapped" if the JIT came to run their templates, "not mapped" if their Java
 * bodies still ran when the warm-up's limit (seconds, the argument) ran out.
 */
public final class UserMappingProgram {
    @CodeMapping("r = add $0, $1; return r")
    static long add(long a, long b) {
        CodeMappings.enterJavaBody("UserMappingProgram.add");
        return a + b;
    }

    @CodeMapping("r = add $0, 1; return r")
    static int next(int a) {
        CodeMappings.enterJavaBody("UserMappingProgram.next");
        return a + 1;
    }

    static long round(long seed) {
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            sum = add(sum, next(i) + seed);
        }
        return sum;
    }

    public static void main(String[] args) {
        long[] seed = {0};
        try {
            Warmup.untilMapped(() -> round(seed[0]++), Long.parseLong(args[0]));
            System.out.println("mapped");
        } catch (AssertionError e) {
            System.out.println("not mapped");
        }
    }
}
