/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/**
 * Uses the fields of RewrittenPoint, already loaded when this class is: its field accesses must
 * become accessor calls (else they fail with NoSuchFieldError), and of a loaded plain class,
 * which stay field accesses.
 */
public class PointUser {
    static final class Plain {
        int v = 41;
    }

    static String use(RewrittenPoint p, Plain plain) {
        p.x = plain.v + 1;
        p.y = 7;
        return "user x=" + p.x + " y=" + p.y;
    }
}
