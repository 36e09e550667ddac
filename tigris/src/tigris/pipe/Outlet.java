package tigris.pipe;

import java.util.ArrayList;
import java.util.List;

import tigris.ModuleConfig;
import tigris.ProducerEnd;
import tigris.Water;

/**
 * Where a {@link PipeModule} puts its Waters: each goes, by its class, to every pipe after the
 * filter that selects that class (a copy for each but the last), or nowhere. The pipes are the
 * module's downstream ends in its graph connections' order; the selection of end {@code i} is its
 * parameter {@code route.i} ({@link ClassSet}), written by {@link PipelinePlan}; with none, a single
 * end takes every class.
 */
public final class Outlet {
    /** The parameter that says which classes downstream end {@code i} takes: {@code route.i}. */
    public static String routeKey(int end) {
        return "route." + end;
    }

    /** The parameter that says how large the Waters of the module's pipes are: {@code water}. */
    public static final String WATER = "water";

    private final String module;
    private final List<ClassSet> routes;
    private final int waterSize;
    private final ClassSet wanted;
    private List<ProducerEnd> ends;
    private final List<ProducerEnd> matching = new ArrayList<>();

    Outlet(ModuleConfig config) {
        this.module = config.name();
        List<ClassSet> r = new ArrayList<>();
        for (int i = 0; config.parameters().containsKey(routeKey(i)); i++) {
            r.add(ClassSet.parse(config.get(routeKey(i))));
        }
        this.routes = List.copyOf(r);
        ClassSet w = routes.isEmpty() ? ClassSet.ALL : ClassSet.NONE;
        for (ClassSet s : routes) {
            w = w.or(s);
        }
        this.wanted = w;
        this.waterSize = (int) config.getLong(WATER, 64 << 10);
        if (waterSize < 1) {
            throw new IllegalArgumentException("module " + module + ": parameter water=" + waterSize + " is not positive");
        }
    }

    void bind(List<ProducerEnd> outs) {
        if (ends != null) {
            return;
        }
        if (!routes.isEmpty() && routes.size() != outs.size()) {
            throw new IllegalStateException("module " + module + " has " + outs.size() + " downstream reservoir(s) but routes for " + routes.size());
        }
        if (routes.isEmpty() && outs.size() > 1) {
            throw new IllegalStateException("module " + module + " has " + outs.size() + " downstream reservoirs and no route to choose among them");
        }
        ends = List.copyOf(outs);
    }

    /** Whether any pipe after the filter takes Waters of class {@code c}: a filter need not make those nobody takes. */
    public boolean wants(int c) {
        return wanted.contains(c) && ends != null && !ends.isEmpty();
    }

    /** The size of a Water the pipes after the filter carry. */
    public int waterSize() {
        return waterSize;
    }

    /** A new, empty Water of {@link #waterSize()} bytes, the caller's. */
    public Water water() {
        if (ends == null || ends.isEmpty()) {
            throw new IllegalStateException("module " + module + " has no pipe after it to make Waters for");
        }
        return ends.getFirst().spring().createWater(waterSize);
    }

    /**
     * Puts {@code w}, of class {@code c}, into every pipe that takes the class; releases it if
     * none does. Afterwards it is not the caller's.
     */
    public void put(Water w, int c) throws InterruptedException {
        w.setKind((byte) c);
        matching.clear();
        for (int i = 0; i < ends.size(); i++) {
            if (routes.isEmpty() || routes.get(i).contains(c)) {
                matching.add(ends.get(i));
            }
        }
        if (matching.isEmpty()) {
            w.release();
            return;
        }
        for (int i = 0; i < matching.size() - 1; i++) {
            ProducerEnd e = matching.get(i);
            e.put(copy(w, e));
        }
        matching.getLast().put(w);
    }

    /** {@code w}'s bytes and class in a new Water of {@code end}'s. */
    private static Water copy(Water w, ProducerEnd end) {
        long total = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            total += w.length(i);
        }
        Water c = end.spring().createWater((int) Math.max(1, total));
        long at = 0;
        for (int i = 0; i < w.bufferCount(); i++) {
            w.buffer(i).copyTo(0, c.buffer(), at, w.length(i));
            at += w.length(i);
        }
        c.setLength((int) at);
        c.setKind(w.kind());
        return c;
    }
}
