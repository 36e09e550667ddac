/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

import jaguar.pso.PSO;

/** An event: an offer to sell {@code symbol} at {@code price}. */
public class Offer extends PSO {
    public int symbol;
    public long price;
}
