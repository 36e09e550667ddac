import jaguar.pso.PSO;

/** A PSO class: the rewriter removes its laid-out field and adds accessors. */
public class RewrittenPoint extends PSO {
    public int x;
    public long y;
}
