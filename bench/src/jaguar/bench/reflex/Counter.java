package jaguar.bench.reflex;

import jaguar.pso.PSO;

/** Table 1's event: a number (the paper's events of one integer). */
public class Counter extends PSO {
    public int owner;
    public long value;
}
