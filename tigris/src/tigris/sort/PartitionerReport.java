package tigris.sort;

import tigris.Report;

/** A partitioner's report: records read and bucketed so far, of its stripe's. */
public record PartitionerReport(long read, long of) implements Report {
    @Override
    public String toString() {
        return "read " + read + " of " + of + " records";
    }
}
