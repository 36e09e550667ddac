/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

/**
 * There is no RDMA device to use: libibverbs or librdmacm is not installed (or too old), the
 * kernel has no RDMA support (ENOSYS), or no device (or not the one asked for) is present. The
 * message says which, and what to do (doc/verbs.md: Soft-RoCE gives any Linux host an rxe
 * device). A missing library is reported so at every call that needs it.
 */
public final class NoRdmaDeviceException extends VerbsException {
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception; its {@link #call()} is {@code "no RDMA device"} and its
     * {@link #errno()} 0.
     *
     * @param message what is missing and what to do about it
     */
    public NoRdmaDeviceException(String message) {
        super("no RDMA device", message);
    }
}
