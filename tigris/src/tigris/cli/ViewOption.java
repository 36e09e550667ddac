package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.function.Function;

import tigris.node.ClusterKey;
import tigris.view.LiveView;
import tigris.view.ViewAddress;

/**
 * {@code --view [HOST:]PORT} of the commands that run a river: the live view is bound before any
 * work (a bad or unprotected address is a usage error, an address in use a failure) and its
 * address printed; it is closed when the command's work ends.
 */
final class ViewOption {
    private ViewOption() {
    }

    /** The command's work, given the view (null without {@code --view}). */
    interface Viewed {
        int run(LiveView view) throws Exception;
    }

    /**
     * Runs {@code body} with the view {@code spec} asks for (none if null), printing its address on
     * {@code announce}; {@code usage} turns a bad option into the command's usage status.
     */
    static int serve(String command, String spec, ClusterKey key, PrintStream announce, PrintStream err, Function<String, Integer> usage,
                    Viewed body) throws Exception {
        LiveView view = null;
        if (spec != null) {
            try {
                view = LiveView.start(ViewAddress.parse(spec), key);
            } catch (IllegalArgumentException e) {
                return usage.apply(e.getMessage());
            } catch (IOException e) {
                err.println("tigris " + command + ": " + e.getMessage());
                return ExitCode.FAILED.status();
            }
            announce.println("live view: " + view.uri());
        }
        try {
            return body.run(view);
        } finally {
            if (view != null) {
                view.close();
            }
        }
    }
}
