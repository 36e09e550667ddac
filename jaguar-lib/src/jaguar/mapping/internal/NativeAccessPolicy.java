/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.mapping.internal;

import java.lang.reflect.Method;
import java.net.URL;
import java.security.CodeSource;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jaguar.mapping.MappingWarnings;
import jdk.internal.access.SharedSecrets;
import jdk.internal.module.ModuleBootstrap;

/**
 * Machine code from a user's class is a restricted capability, as FFM's restricted methods and
 * JNI are: a typed template with a raw address can write anywhere, so every mapping counts. The
 * decision is made for the module that declares the mapping, once, when the mapping is
 * registered, by JDK 25's rules: a module with native access ({@code --enable-native-access})
 * maps freely; otherwise, under {@code --illegal-native-access=warn} (the default) the first
 * mapping of the module prints a warning in the JDK's words and grants the module native access,
 * and under {@code =deny} the mapping is refused and its Java body runs. Users of External
 * Objects need nothing: their mappings are declared by {@code jaguar.lib}.
 */
final class NativeAccessPolicy {
    /** Modules warned about; all unnamed modules count as one, as for the JDK. */
    private static final Set<Object> WARNED = ConcurrentHashMap.newKeySet();

    private NativeAccessPolicy() {
    }

    /** Whether {@code m}'s mapping may be installed; prints the warning or the refusal. */
    static boolean permits(Method m) {
        Class<?> holder = m.getDeclaringClass();
        Module module = holder.getModule();
        if (module.isNativeAccessEnabled()) {
            return true;
        }
        String where = describe(module, holder);
        String flag = module.isNamed() ? module.getName() : "ALL-UNNAMED";
        switch (ModuleBootstrap.illegalNativeAccess()) {
            case ALLOW -> {
                return true;
            }
            case DENY -> {
                MappingWarnings.warnOnce(MappingWarnings.key(m), "code mapping " + MappingWarnings.key(m) + " refused: it is declared in "
                                + where + ", which has no native access (--illegal-native-access=deny); calls run its Java body."
                                + " Use --enable-native-access=" + flag + " to map it");
                return false;
            }
            default -> {
                if (WARNED.add(module.isNamed() ? module : "ALL-UNNAMED")) {
                    System.err.printf("""
                                    WARNING: A code mapping in %s has been registered
                                    WARNING: %s is declared in %s
                                    WARNING: Use --enable-native-access=%s to avoid a warning for code mappings declared in this module
                                    WARNING: Code mappings will be refused under --illegal-native-access=deny unless native access is enabled
                                    """, holder.getName(), MappingWarnings.key(m), where, flag);
                    // One warning per module, as the JDK gives for restricted methods.
                    if (module.isNamed()) {
                        SharedSecrets.getJavaLangAccess().addEnableNativeAccess(module);
                    } else {
                        SharedSecrets.getJavaLangAccess().addEnableNativeAccessToAllUnnamed();
                    }
                }
                return true;
            }
        }
    }

    private static String describe(Module module, Class<?> holder) {
        String mod = module.isNamed() ? "module " + module.getName() : "an unnamed module";
        CodeSource cs = holder.getProtectionDomain().getCodeSource();
        URL url = cs == null ? null : cs.getLocation();
        return url == null ? mod : mod + " (" + url + ")";
    }
}
