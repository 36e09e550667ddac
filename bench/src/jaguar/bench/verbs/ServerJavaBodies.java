package jaguar.bench.verbs;

import java.util.TreeMap;

import jaguar.mapping.CodeMappings;

/**
 * A benchmark server's code-mapping Java-body count at each of the last N messages it received,
 * so that at the client's goodbye it can say how many ran during the client's measured part (its
 * last N messages): the SERVER line that bench/tools/verbs-perf.sh puts on the run's WARM line.
 */
final class ServerJavaBodies {
    private final long[] runsAt;
    private long messages;

    ServerJavaBodies(int lastMessages) {
        runsAt = new long[lastMessages];
    }

    /** Call once per message; returns the count, which the server may pass on to the client. */
    long record() {
        long runs = CodeMappings.javaBodyRuns();
        runsAt[(int) (messages++ % runsAt.length)] = runs;
        return runs;
    }

    /** The SERVER line; {@code runsAtGoodbye} is read before the teardown runs Java bodies of its own. */
    void print(long runsAtGoodbye) {
        if (messages >= runsAt.length) {
            System.out.println("SERVER java bodies during the last " + runsAt.length + " messages "
                    + (runsAtGoodbye - runsAt[(int) (messages % runsAt.length)]) + ", whole run "
                    + WarmUp.since(new TreeMap<>()));
        }
    }
}
