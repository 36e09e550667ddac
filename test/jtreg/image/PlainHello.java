/** A class the PSO class rewriter's filter rules out without the ClassFile API. */
public class PlainHello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
