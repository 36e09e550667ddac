package jaguar.bench.pso;

import java.io.Serializable;

/** MessageNode as a Serializable Java object: what the thesis wrote with an ObjectOutputStream. */
public final class JavaNode implements Serializable {
    private static final long serialVersionUID = 1L;

    public byte b0, b1, b2, b3;
    public int i0, i1, i2, i3;
    public JavaNode next;
}
