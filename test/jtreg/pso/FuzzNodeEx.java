/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/** A subclass of FuzzNode with fields of its own, reached through FuzzNode-typed references. */
public class FuzzNodeEx extends FuzzNode {
    public byte tail;
    public float weight;
    public long extra;
    public FuzzNode child;
    public FuzzLeaf second;
}
