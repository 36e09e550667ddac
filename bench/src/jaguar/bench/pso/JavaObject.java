package jaguar.bench.pso;

/** MyObject as a plain Java object: the Java column of Figure 8. */
public final class JavaObject {
    public int someInt;
    public byte someByte;
    public JavaObject someRef;
}
