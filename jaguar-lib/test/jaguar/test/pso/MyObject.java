/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.pso;

import jaguar.pso.PSO;

/** The thesis's Figure 7, verbatim apart from the package. */
public class MyObject extends PSO {
    public static int getPSOSize() {
        return 0; /* Jaguar redirected */
    }

    public int someInt;
    public byte someByte;
    public MyObject someRef;
}
