/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.reflex;

/** An Offer subclass with no fields of its own: the same size, another class. */
public class SpecialOffer extends Offer {
}
