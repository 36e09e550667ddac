package tigris.test;

import jaguar.pso.PSO;

/** A PSO carried in test Waters. */
public class Record extends PSO {
    public long key;
    public int value;
    public Record next;
}
