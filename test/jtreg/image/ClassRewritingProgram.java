import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.util.Arrays;

/**
 * Loads RewrittenPoint through the application class loader and through a loader of its own
 * (child-first for that one class), and prints whether each copy was rewritten: its laid-out
 * fields gone, its accessors there.
 */
public class ClassRewritingProgram {
    static final class OwnLoader extends ClassLoader {
        OwnLoader() {
            super("own", ClassLoader.getSystemClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("RewrittenPoint")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = ClassRewritingProgram.class.getResourceAsStream("/RewrittenPoint.class")) {
                        byte[] b = in.readAllBytes();
                        c = defineClass(name, b, 0, b.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    static String describe(Class<?> c) {
        boolean fieldsGone = Arrays.stream(c.getDeclaredFields()).map(Field::getName).noneMatch(n -> n.equals("x") || n.equals("y"));
        boolean accessors = Arrays.stream(c.getDeclaredMethods()).anyMatch(m -> m.getName().equals("$pso$get$x"));
        return c.getClassLoader().getName() + " rewritten=" + (fieldsGone && accessors);
    }

    public static void main(String[] args) throws Exception {
        System.out.println(describe(RewrittenPoint.class));
        System.out.println(describe(new OwnLoader().loadClass("RewrittenPoint")));
    }
}
