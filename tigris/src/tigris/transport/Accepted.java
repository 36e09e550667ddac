package tigris.transport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import tigris.ConsumerEnd;

/** The wait for a consumer's end that a listener accepts on a thread of its own (TCP, verbs). */
final class Accepted {
    private Accepted() {
    }

    /** The end {@code accepted} makes, within {@code timeout}; its failure as an IOException naming {@code what}. */
    static <E extends ConsumerEnd> E await(CompletableFuture<E> accepted, Duration timeout, String what) throws IOException, InterruptedException {
        try {
            return accepted.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException(what + ": its producer did not connect within " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            Throwable c = e.getCause() instanceof UncheckedIOException u ? u.getCause() : e.getCause();
            throw new IOException(what + ": " + c.getMessage(), c);
        }
    }
}
