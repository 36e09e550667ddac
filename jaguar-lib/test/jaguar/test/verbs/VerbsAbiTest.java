/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.test.verbs;

import java.io.IOException;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.PaddingLayout;
import java.lang.foreign.StructLayout;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verbs struct layouts Jaguar generated at build time, checked against what the C compiler
 * says of the installed headers now: every field's offset and size, every struct's size and every
 * enum value. The C dump is written from the Java side's own view (field names, constants), so a
 * field the generator placed wrongly, or a header that changed since the build, fails here.
 */
class VerbsAbiTest {
    @TempDir
    Path dir;

    @Test
    void layoutsAndConstantsMatchTheInstalledHeaders() throws Exception {
        Class<?> abi = Class.forName("jaguar.verbs.VerbsAbi");
        List<StructLayout> structs = new ArrayList<>();
        Map<String, Long> javaValues = new HashMap<>();
        StringBuilder c = new StringBuilder("""
                #include <stdio.h>
                #include <stddef.h>
                #include <infiniband/verbs.h>
                #include <rdma/rdma_cma.h>
                #include <rdma/rdma_user_rxe.h>
                #include <rdma/ib_user_verbs.h>
                #include <netinet/in.h>
                int main(void) {
                """);
        // Named constants that are not C names carry their C expression; the rxe provider's private
        // struct offsets have no header to check against (RxeQueueFinder validates them at run time).
        Map<String, String> derived = new HashMap<>();
        Field derivedField = abi.getDeclaredField("DERIVED_C");
        derivedField.setAccessible(true);
        for (String[] e : (String[][]) derivedField.get(null)) {
            derived.put(e[0], e[1]);
        }
        int ints = 0;
        for (Field f : abi.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            if (f.getType() == StructLayout.class) {
                StructLayout s = (StructLayout) f.get(null);
                structs.add(s);
                String type = s.name().orElseThrow();
                c.append("  printf(\"%s\\tsize\\t%zu\\n\", \"").append(type).append("\", sizeof(").append(type).append("));\n");
                javaValues.put(type + " size", s.byteSize());
                for (MemoryLayout m : s.memberLayouts()) {
                    if (m instanceof PaddingLayout) {
                        continue;
                    }
                    String field = m.name().orElseThrow();
                    long off = s.byteOffset(MemoryLayout.PathElement.groupElement(field));
                    c.append("  printf(\"%s\\t%zu\\t%zu\\n\", \"").append(type).append('.').append(field).append("\", offsetof(")
                            .append(type).append(", ").append(field).append("), sizeof(((").append(type).append(" *) 0)->")
                            .append(field).append("));\n");
                    javaValues.put(type + "." + field, off * 1000 + m.byteSize());
                }
            } else if (f.getType() == int.class && !f.getName().startsWith("RXE_PRIVATE_")) {
                c.append("  printf(\"%s\\t%lld\\n\", \"").append(f.getName()).append("\", (long long) (")
                        .append(derived.getOrDefault(f.getName(), f.getName())).append("));\n");
                javaValues.put(f.getName(), (long) f.getInt(null));
                ints++;
            }
        }
        c.append("  return 0;\n}\n");
        assertTrue(structs.size() >= 15, "VerbsAbi has the structs the binding uses: " + structs.size());
        assertTrue(ints >= 50, "VerbsAbi has the enum values the binding uses: " + ints);
        for (StructLayout s : structs) {
            assertTrue(s instanceof GroupLayout);
        }

        Path src = dir.resolve("dump.c");
        Files.writeString(src, c);
        Path exe = dir.resolve("dump");
        run(List.of("gcc", "-o", exe.toString(), src.toString()));
        String out = run(List.of(exe.toString()));
        int checked = 0;
        for (String line : out.split("\n")) {
            String[] w = line.split("\t");
            long cValue = w.length == 3 && w[1].equals("size") ? Long.parseLong(w[2])
                    : w.length == 3 ? Long.parseLong(w[1]) * 1000 + Long.parseLong(w[2]) : Long.parseLong(w[1]);
            String key = w.length == 3 && w[1].equals("size") ? w[0] + " size" : w[0];
            Long javaValue = javaValues.get(key);
            assertEquals(cValue, javaValue, key + (w.length == 3 && !w[1].equals("size")
                    ? " (offset*1000+size): C says offset " + w[1] + " size " + w[2] : ""));
            checked++;
        }
        assertEquals(javaValues.size(), checked, "every Java entry was compared with C");
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), command + " timed out");
        assertEquals(0, p.exitValue(), command + " failed:\n" + out);
        return out;
    }
}
