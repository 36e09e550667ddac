/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.ExecPolicy;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * Runs a Unix process with its standard input and output joined to the pipes before and after it
 * ({@link tigris.pipe.ProcessFilter}). Two threads of its own move the bytes, one writing its
 * input, one reading its output into a short queue; the module's thread hands Waters to the
 * first and drains the second, and never waits on one without draining the other, so a process
 * that writes much more than it reads (or the reverse) never deadlocks the pipeline. A process
 * that closes its input early (it has read what it wants) is given nothing more; one that exits
 * with a status other than 0 fails the river, as a shell with {@code pipefail} would.
 */
@FilterCost(nanosPerByte = 4.0)
public final class ProcessModule extends PipeModule {
    /**
     * Made reflectively by the river, one for each place the process runs; {@link #open} then
     * starts the process its parameters name.
     */
    public ProcessModule() {
    }

    /**
     * The parameter naming the program to run: a name, found on the PATH where the filter runs,
     * or an absolute path; the node must allow it ({@link tigris.pipe.ExecPolicy}), the open fails
     * otherwise.
     */
    public static final String PROGRAM = "program";
    /**
     * The parameter that, {@code "true"}, gives the process the JVM's own standard input instead
     * of a pipe and makes the filter a source: a process that begins a pipeline (absent: false).
     */
    public static final String INHERIT_INPUT = "inherit-input";

    /**
     * The parameter of argument {@code i}: the arguments are read from {@code arg.0} up to the
     * first index that has none.
     *
     * @param i the argument's index, from 0 (the program itself is not an argument)
     * @return the parameter's name, {@code arg.}<i>i</i>
     */
    public static String argumentKey(int i) {
        return "arg." + i;
    }

    private static final byte[] END = new byte[0];
    private static final int CHUNK = 64 << 10;

    private Process process;
    private String label;
    private boolean source;
    private final BlockingQueue<byte[]> toInput = new ArrayBlockingQueue<>(4);
    private final BlockingQueue<byte[]> fromOutput = new ArrayBlockingQueue<>(4);
    private volatile IOException outputFailure;
    private volatile boolean inputClosedByProcess;
    private Thread writer;
    private Thread reader;
    private WaterWriter out;
    private boolean outputEnded;

    @Override
    protected void open(ModuleConfig config) throws IOException {
        Path program = ExecPolicy.program(config.get(PROGRAM), config.node());
        List<String> command = new ArrayList<>(List.of(program.toString()));
        for (int i = 0; config.parameters().containsKey(argumentKey(i)); i++) {
            command.add(config.get(argumentKey(i)));
        }
        label = String.join(" ", command);
        source = Boolean.parseBoolean(config.get(INHERIT_INPUT, "false"));
        ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        if (source) {
            b.redirectInput(ProcessBuilder.Redirect.INHERIT);
        }
        try {
            process = b.start();
        } catch (IOException e) {
            throw new IOException("cannot start " + label + ": " + tigris.FileProblems.describe(e), e);
        }
        String name = config.name();
        reader = Thread.ofPlatform().daemon().name("tigris-process-out-" + name).start(this::readOutput);
        if (!source) {
            writer = Thread.ofPlatform().daemon().name("tigris-process-in-" + name).start(this::writeInput);
        }
    }

    private void readOutput() {
        InputStream s = process.getInputStream();
        try {
            while (true) {
                byte[] b = new byte[CHUNK];
                int n = s.readNBytes(b, 0, 1);
                if (n <= 0) {
                    break;
                }
                int more = Math.min(s.available(), CHUNK - 1);
                if (more > 0) {
                    n += s.readNBytes(b, 1, more);
                }
                fromOutput.put(n == CHUNK ? b : java.util.Arrays.copyOf(b, n));
            }
        } catch (IOException e) {
            outputFailure = e;
        } catch (InterruptedException e) {
            return;
        }
        try {
            fromOutput.put(END);
        } catch (InterruptedException e) {
            // the module is being destroyed
        }
    }

    private void writeInput() {
        OutputStream s = process.getOutputStream();
        try {
            while (true) {
                byte[] b = toInput.take();
                if (b == END) {
                    break;
                }
                if (!inputClosedByProcess) {
                    try {
                        s.write(b);
                    } catch (IOException e) {
                        // It closed its input (head -1 has read its line): what is left is not for it.
                        inputClosedByProcess = true;
                    }
                }
            }
            s.close();
        } catch (IOException e) {
            inputClosedByProcess = true;
        } catch (InterruptedException e) {
            // destroyed
        }
    }

    @Override
    protected boolean isSource() {
        return source;
    }

    private WaterWriter writer(Outlet o) {
        if (out == null) {
            out = new WaterWriter(o, 0, false);
        }
        return out;
    }

    /** Puts what the process has written so far, waiting for none. */
    private void drain(Outlet o) throws InterruptedException, IOException {
        byte[] b;
        while (!outputEnded && (b = fromOutput.poll()) != null) {
            put(o, b);
        }
    }

    private void put(Outlet o, byte[] b) throws InterruptedException, IOException {
        if (b == END) {
            outputEnded = true;
            if (outputFailure != null) {
                throw new IOException("reading the output of " + label + ": " + tigris.FileProblems.describe(outputFailure), outputFailure);
            }
            return;
        }
        writer(o).write(b, 0, b.length);
    }

    /** Hands {@code b} to the input thread, draining the output while it has no room. */
    private void feed(byte[] b, Outlet o) throws InterruptedException, IOException {
        while (!toInput.offer(b, 1, TimeUnit.MILLISECONDS)) {
            drain(o);
            if (!process.isAlive() && outputEnded) {
                return;
            }
        }
    }

    @Override
    protected void take(Water in, Outlet o) throws Exception {
        byte[] b = new byte[in.length()];
        in.buffer().get(0, b, 0, b.length);
        if (!inputClosedByProcess) {
            feed(b, o);
        }
        drain(o);
        writer(o).flush();
    }

    @Override
    protected boolean produce(Outlet o) throws Exception {
        put(o, fromOutput.take());
        if (!outputEnded) {
            writer(o).flush();
            return true;
        }
        ended(o);
        return false;
    }

    @Override
    protected void finish(Outlet o) throws Exception {
        feed(END, o);
        while (!outputEnded) {
            put(o, fromOutput.take());
        }
        ended(o);
    }

    /** The output ended: puts the rest and waits for the exit status. */
    private void ended(Outlet o) throws Exception {
        writer(o).flush();
        int status = process.waitFor();
        if (status != 0) {
            throw new IOException(label + " exited with status " + status + (status > 128 ? " (signal " + (status - 128) + ")" : "")
                            + "; a pipeline fails when one of its processes does");
        }
    }

    @Override
    protected void close() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
        if (writer != null) {
            writer.interrupt();
        }
        if (reader != null) {
            reader.interrupt();
        }
    }
}
