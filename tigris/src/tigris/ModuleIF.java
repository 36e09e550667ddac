package tigris;

/**
 * A Tigris module (the thesis's Figure 12): a unit of computation that a {@link ModuleThread}
 * calls once per input Water. Modules know nothing of the dataflow graph: the thread chooses the
 * upstream reservoir each Water comes from and the downstream reservoir handed to
 * {@link #doOperation}.
 */
public interface ModuleIF {
    /** A name unique in the graph, for reports and errors. */
    String getName();

    /** Called once by the module's thread before the first {@link #doOperation}. */
    void init(ModuleConfig config);

    /** Called once by the module's thread after the last {@link #doOperation}, also on failure. */
    void destroy();

    /**
     * Processes one Water. {@code in} is the Water taken from an upstream reservoir, or null at End
     * of River (every upstream reservoir has ended), or null on every call for a module without
     * upstream reservoirs (a source), which ends by throwing {@link EndOfRiverException}.
     * {@code out} is the downstream reservoir chosen for this call: put zero or more Waters into it,
     * made by {@code out.spring()} or, to pass it on unchanged, {@code in} itself. A module
     * without downstream reservoirs gets a reservoir that refuses puts.
     *
     * <p>{@code in} belongs to the module for the duration of the call: once the call returns
     * (and it was not put downstream) the thread releases it, and the module must not keep it.
     *
     * @throws EndOfRiverException to end this module's river: its thread stops calling it and
     *         ends every downstream reservoir
     */
    void doOperation(Water in, Reservoir out) throws EndOfRiverException, InterruptedException;

    /**
     * What the module says of itself in its node's status reports (a line of text: counters while
     * it runs, a result once it has ended), read by the control agent; called from other threads,
     * so it reads what it reports from volatile or final fields. Empty by default.
     */
    default String report() {
        return "";
    }
}
