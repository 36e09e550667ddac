package tigris;

/**
 * A ModuleThread that hands its {@link ModuleIF} one downstream end per doOperation, chosen by the
 * subclass's policy (round-robin, random, lottery: {@code tigris.dq}), or null if it has none (a
 * sink).
 */
public abstract class ChoosingModuleThread extends ModuleThread {
    private final ModuleIF module;

    protected ChoosingModuleThread(ModuleIF module, ModuleConfig config) {
        super(module, config);
        this.module = module;
    }

    /**
     * The downstream end for the next doOperation, chosen among {@link #downstream()} (never
     * empty here); may wait for credit.
     */
    protected abstract ProducerEnd selectDownstream() throws InterruptedException;

    @Override
    protected final void doOperation(Water in) throws EndOfRiverException, InterruptedException {
        module.doOperation(in, downstream().isEmpty() ? null : selectDownstream());
    }
}
