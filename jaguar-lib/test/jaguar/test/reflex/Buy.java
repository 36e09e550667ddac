package jaguar.test.reflex;

import jaguar.pso.PSO;

/** An event: a buy order a task wrote. */
public class Buy extends PSO {
    public int symbol;
    public long price;
}
