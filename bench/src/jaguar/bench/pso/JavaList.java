/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench.pso;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** PsoList's list as plain Java objects, allocated in list order. */
@State(Scope.Thread)
public class JavaList {
    public JavaObject[] objects;
    public JavaObject head;

    @Setup(Level.Trial)
    public void build() {
        objects = new JavaObject[PsoList.N];
        JavaObject prev = null;
        for (int i = 0; i < PsoList.N; i++) {
            JavaObject o = new JavaObject();
            o.someInt = i;
            o.someByte = (byte) i;
            if (prev != null) {
                prev.someRef = o;
            }
            objects[i] = o;
            prev = o;
        }
        head = objects[0];
    }
}
