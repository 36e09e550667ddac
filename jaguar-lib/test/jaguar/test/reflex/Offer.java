package jaguar.test.reflex;

import jaguar.pso.PSO;

/** An event: an offer to sell {@code symbol} at {@code price}. */
public class Offer extends PSO {
    public int symbol;
    public long price;
}
