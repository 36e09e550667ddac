/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.verbs;

import java.util.Map;

/** errno values and names, for messages ({@code ENOMEM (12, Cannot allocate memory)}). */
final class Errno {
    private Errno() {}

    static final int EPERM = 1, ENOENT = 2, EINTR = 4, EIO = 5, EBADF = 9, EAGAIN = 11, ENOMEM = 12, EACCES = 13, EFAULT = 14,
            EBUSY = 16, EEXIST = 17, ENODEV = 19, EINVAL = 22, ENOSPC = 28, ENOSYS = 38, EOPNOTSUPP = 95,
            EADDRINUSE = 98, EADDRNOTAVAIL = 99, ENETUNREACH = 101, ECONNRESET = 104, ETIMEDOUT = 110,
            ECONNREFUSED = 111, EHOSTUNREACH = 113;

    private static final Map<Integer, String> NAMES = Map.ofEntries(
            Map.entry(EPERM, "EPERM"), Map.entry(ENOENT, "ENOENT"), Map.entry(EINTR, "EINTR"), Map.entry(EIO, "EIO"), Map.entry(EBADF, "EBADF"),
            Map.entry(EAGAIN, "EAGAIN"), Map.entry(ENOMEM, "ENOMEM"), Map.entry(EACCES, "EACCES"),
            Map.entry(EFAULT, "EFAULT"), Map.entry(EBUSY, "EBUSY"), Map.entry(EEXIST, "EEXIST"),
            Map.entry(ENODEV, "ENODEV"), Map.entry(EINVAL, "EINVAL"), Map.entry(ENOSPC, "ENOSPC"),
            Map.entry(ENOSYS, "ENOSYS"), Map.entry(EOPNOTSUPP, "EOPNOTSUPP"), Map.entry(EADDRINUSE, "EADDRINUSE"),
            Map.entry(EADDRNOTAVAIL, "EADDRNOTAVAIL"), Map.entry(ENETUNREACH, "ENETUNREACH"),
            Map.entry(ECONNRESET, "ECONNRESET"), Map.entry(ETIMEDOUT, "ETIMEDOUT"),
            Map.entry(ECONNREFUSED, "ECONNREFUSED"), Map.entry(EHOSTUNREACH, "EHOSTUNREACH"));

    static String name(int errno) {
        return NAMES.getOrDefault(errno, "errno " + errno);
    }

    static String describe(int errno) {
        return name(errno) + " (" + errno + ", " + LibVerbs.strerror(errno) + ")";
    }
}
