package tigris.dq;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;
import tigris.Partitions;
import tigris.Reservoir;

/**
 * The thesis's PartitionModuleThread: balances nothing, because the data decides. Each
 * doOperation gets every downstream reservoir as {@link Partitions}, in the consumer's instance
 * order, and the module puts each Water into the one its contents belong to.
 */
public final class PartitionModuleThread extends ModuleThread {
    private Partitions partitions;

    public PartitionModuleThread(ModuleIF module, ModuleConfig config) {
        super(module, config);
    }

    @Override
    protected Reservoir selectDownstream() {
        if (partitions == null) {
            partitions = partitionsOf(downstream());
        }
        return partitions;
    }
}
