/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import tigris.FileProblems;
import tigris.ModuleConfig;
import tigris.Water;

/** A file a filter writes its stream into: the path its parameter names, staged on a node until the job commits; every failure names the file. */
final class OutputFile implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;

    private OutputFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Opens (truncating) the file parameter {@code key} of {@code config} names. */
    static OutputFile open(ModuleConfig config, String key) throws IOException {
        Path path = config.path(key);
        try {
            return new OutputFile(path, FileChannel.open(config.stage(path), StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                            StandardOpenOption.TRUNCATE_EXISTING));
        } catch (IOException e) {
            throw new IOException("cannot write " + path + ": " + FileProblems.describe(e), e);
        }
    }

    void write(Water w) throws IOException {
        try {
            Channels.write(w, channel);
        } catch (IOException e) {
            throw new IOException("writing " + path + ": " + FileProblems.describe(e), e);
        }
    }

    /** Closes it, saying so if what was written could not be flushed. */
    void finish() throws IOException {
        try {
            channel.close();
        } catch (IOException e) {
            throw new IOException("closing " + path + ": " + FileProblems.describe(e), e);
        }
    }

    /** Closes it after a failure: what went wrong was said already. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // the failure that brought us here is the one reported
        }
    }
}
