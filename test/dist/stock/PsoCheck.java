/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import jaguar.ext.ExternalBuffer;
import jaguar.ext.OffHeapBuffer;
import jaguar.pso.PSOContainer;

/**
 * The README's PSO snippet (its statements, put where the README-SNIPPET line is by
 * stock-jdk-test.sh; its MyObject class goes to a file of its own), then the receiver's side it
 * describes: the sent bytes copied into another buffer, opened, and the root read back.
 */
public class PsoCheck {
    public static void main(String[] args) {
        // README-SNIPPET
        ExternalBuffer sent = c.bytes();
        OffHeapBuffer buf = OffHeapBuffer.allocate(sent.size());
        buf.copyFrom(sent, 0, 0, sent.size());
        MyObject r = PSOContainer.open(buf).root(MyObject.class);
        System.out.println("root someInt " + r.someInt + ", someRef.someInt " + r.someRef.someInt + ", sent " + sent.size() + " bytes");
    }
}
