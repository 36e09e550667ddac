package jaguar.test.reflex;

import jaguar.pso.PSO;

/** A task's stable state in the transaction tests: a PSO in the task's container. */
public class Account extends PSO {
    public long balance;
    public int deposits;
    public Account previous;
}
