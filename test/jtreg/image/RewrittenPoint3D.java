/** A PSO class by inheritance, defined after RewrittenPoint: the VM's first look finds its loaded superclass is a PSO class. */
public class RewrittenPoint3D extends RewrittenPoint {
    public int z;
}
