/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * A verbs or rdma_cm call failed. The message names the call, the errno and its meaning, and what
 * the call was about ({@code ibv_reg_mr(16 MiB at 0x7f...): ENOMEM (12, Cannot allocate memory)}).
 */
public class VerbsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The C function that failed; part of the serialised form. */
    private final String call;
    /** The errno it reported, 0 if none; part of the serialised form. */
    private final int errno;

    /**
     * A failure that reported an errno. The message is {@code call(detail): NAME (errno, text)}.
     *
     * @param call the C function that failed, e.g. {@code ibv_reg_mr}
     * @param errno the error number it reported (positive)
     * @param detail what the call was about (device, sizes, queue pair), or null or empty for
     *               nothing
     */
    public VerbsException(String call, int errno, String detail) {
        super(call + (detail == null || detail.isEmpty() ? "" : "(" + detail + ")") + ": "
                + Errno.describe(errno));
        this.call = call;
        this.errno = errno;
    }

    /**
     * For failures that are not an errno (a completion with an error status, a rejected
     * connection). The message is {@code call: message}; {@link #errno()} is 0.
     *
     * @param call what failed: a C function or a step ({@code "rdma_cm"}, {@code "work completion"})
     * @param message what went wrong
     */
    public VerbsException(String call, String message) {
        super(call + ": " + message);
        this.call = call;
        this.errno = 0;
    }

    /**
     * What failed.
     *
     * @return the C function that failed, e.g. {@code ibv_create_qp}, or the step, e.g.
     *         {@code "rdma_cm"}
     */
    public String call() {
        return call;
    }

    /**
     * The error number, for code that handles some failures (ENOMEM from a full queue,
     * ETIMEDOUT from an accept).
     *
     * @return the errno the call reported; 0 where the failure was not an errno
     */
    public int errno() {
        return errno;
    }
}
