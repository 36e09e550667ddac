package tigris.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import tigris.EndOfRiverException;
import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.Reservoir;
import tigris.Water;

/**
 * The first river of a sort across nodes (a source, one per node, no reservoirs): checks the
 * node's side of the sort as {@link SortPlan#check()} does on one machine (its input holds whole
 * records, its output's directory exists and is not the input, its disks have room, estimating
 * the output by the input), then reads a sample of the input's key prefixes, and reports both
 * to the control agent, which chooses the key ranges from every node's sample.
 *
 * <p>Parameters: {@code input}, {@code output}, {@code tmp} (paths; {@code {node}} becomes the
 * node's name), {@code partitioners} and {@code sorters} (on this node), {@code memory} (per
 * sorter), {@code samples}. Report, once ended: {@code records=N prefixes=HEX,HEX,...}.
 */
public final class KeySampleModule implements ModuleIF {
    /** Made by the river from its module class name. */
    public KeySampleModule() {
    }

    private String name;
    private SortPlan plan;
    private int samples;
    private volatile String result = "";

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void init(ModuleConfig config) {
        name = config.name();
        samples = (int) config.getLong("samples", 1000);
        Path tmp = config.parameters().containsKey("tmp") ? config.path("tmp") : Path.of(System.getProperty("java.io.tmpdir"));
        plan = new SortPlan(config.path("input"), config.path("output"), (int) config.getLong("partitioners", 1), (int) config.getLong("sorters", 1),
                        config.getLong("memory", 1L << 30), tmp, RecordGenerator.RECORD_BYTES, 1, false, true);
    }

    @Override
    public void doOperation(Water in, Reservoir out) throws EndOfRiverException {
        try {
            long records = plan.check();
            long[] prefixes = KeySplitters.samplePrefixes(plan.input(), 0, records, samples);
            StringBuilder sb = new StringBuilder(24 + prefixes.length * 17).append("records=").append(records).append(" prefixes=");
            for (int i = 0; i < prefixes.length; i++) {
                sb.append(i == 0 ? "" : ",").append(Long.toHexString(prefixes[i]));
            }
            result = sb.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        throw new EndOfRiverException();
    }

    @Override
    public String report() {
        return result;
    }

    @Override
    public void destroy() {
    }
}
