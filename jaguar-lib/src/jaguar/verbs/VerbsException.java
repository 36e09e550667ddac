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

    private final String call;
    private final int errno;

    public VerbsException(String call, int errno, String detail) {
        super(call + (detail == null || detail.isEmpty() ? "" : "(" + detail + ")") + ": "
                + Errno.describe(errno));
        this.call = call;
        this.errno = errno;
    }

    /** For failures that are not an errno (a completion with an error status, a rejected connection). */
    public VerbsException(String call, String message) {
        super(call + ": " + message);
        this.call = call;
        this.errno = 0;
    }

    /** The C function that failed, e.g. {@code ibv_create_qp}. */
    public String call() {
        return call;
    }

    /** The errno it reported; 0 where the failure was not an errno. */
    public int errno() {
        return errno;
    }
}
