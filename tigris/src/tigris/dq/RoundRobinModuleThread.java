package tigris.dq;

import java.util.List;

import tigris.ModuleConfig;
import tigris.ModuleIF;
import tigris.ModuleThread;
import tigris.Reservoir;

/**
 * The thesis's RRModuleThread: downstream reservoirs in turn, one per doOperation, whatever their
 * credit (a put waits for the chosen reservoir's consumer). Balances nothing; the baseline.
 */
public final class RoundRobinModuleThread extends ModuleThread {
    private int next;

    public RoundRobinModuleThread(ModuleIF module, ModuleConfig config) {
        super(module, config);
    }

    @Override
    protected Reservoir selectDownstream() {
        List<Reservoir> d = downstream();
        Reservoir r = d.get(next);
        next = next + 1 == d.size() ? 0 : next + 1;
        return r;
    }
}
