/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.river;

import java.lang.reflect.InvocationTargetException;

import tigris.ModuleConfig;
import tigris.ModuleLifecycle;
import tigris.ModuleThread;

/** The one place module instances are made: class, checks, constructor, configuration, thread. */
public final class ModuleFactory {
    private ModuleFactory() {
    }

    /**
     * The thread of module instance {@code plan}, its class loaded by {@code loader}, on node
     * {@code node} (empty outside a node).
     *
     * @param loader the loader of the module's class: the river's jar's, or Tigris's own
     * @param plan the instance to make
     * @param node the name of the node it runs on; empty outside a node
     * @param outputs where its output files are written until the river commits; null: in place
     * @return the instance's thread, not started, with no reservoirs yet
     * @throws IllegalArgumentException saying what is wrong: no such class, not a module, a
     *         policy it cannot run under, a constructor that threw (its exception, not the
     *         reflection's), a time-critical module (it needs a Reflex runtime)
     */
    public static ModuleThread create(ClassLoader loader, ModulePlan plan, String node, tigris.OutputStage outputs) {
        return create(loader, plan, node, outputs, null);
    }

    /**
     * As {@link #create(ClassLoader, ModulePlan, String, tigris.OutputStage)}; a time-critical
     * module ({@link ModulePlan#timeCritical()}) gets a {@link tigris.reflex.ReflexStage} that runs
     * it as a task of {@code reflexes}.
     *
     * @param loader the loader of the module's class: the river's jar's, or Tigris's own
     * @param plan the instance to make
     * @param node the name of the node it runs on; empty outside a node
     * @param outputs where its output files are written until the river commits; null: in place
     * @param reflexes the runtime a time-critical module runs on; null if the site has none
     * @return the instance's thread ({@code ReflexStage} for a time-critical module), not started,
     *         with no reservoirs yet
     * @throws IllegalArgumentException as the other {@code create}, and for a time-critical module
     *         with no runtime to run it on or a class that is not a {@link tigris.ModuleIF}
     */
    public static ModuleThread create(ClassLoader loader, ModulePlan plan, String node, tigris.OutputStage outputs, jaguar.reflex.ReflexRuntime reflexes) {
        String module = plan.instance();
        Class<?> c;
        try {
            c = Class.forName(plan.className(), true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("module " + module + ": class " + plan.className() + " is not "
                            + (plan.jar() == null ? "one of Tigris's own modules" : "in jar " + plan.jar()));
        } catch (LinkageError e) {
            throw new IllegalArgumentException("module " + module + ": class " + plan.className() + " cannot be loaded: " + e, e);
        }
        if (!ModuleLifecycle.class.isAssignableFrom(c)) {
            throw new IllegalArgumentException("module " + module + ": " + plan.className() + " does not implement tigris.ModuleIF");
        }
        String wrong = plan.policy().mismatch(module, c);
        if (wrong != null) {
            throw new IllegalArgumentException(wrong);
        }
        ModuleLifecycle m;
        try {
            m = (ModuleLifecycle) c.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("module " + module + ": the constructor of " + plan.className() + " threw " + e.getCause(), e.getCause());
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new IllegalArgumentException("module " + module + ": " + plan.className() + " has no public no-argument constructor", e);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("module " + module + ": cannot instantiate " + plan.className() + ": " + e, e);
        }
        ModuleConfig config = new ModuleConfig(module, plan.index(), plan.instances(), plan.parameters(), node, plan.home(), outputs);
        if (plan.timeCritical() != null) {
            if (reflexes == null) {
                throw new IllegalArgumentException("module " + module + " is time-critical, and its site (node '" + node
                                + "') was given no Reflex runtime to run it on");
            }
            if (!(m instanceof tigris.ModuleIF one)) {
                throw new IllegalArgumentException("module " + module + " is time-critical, and " + plan.className()
                                + " is not a tigris.ModuleIF: its stage hands the module one downstream end that never waits");
            }
            return new tigris.reflex.ReflexStage(one, config, plan.timeCritical(), reflexes);
        }
        ModuleThread t = plan.policy().newThread(m, config);
        t.scheduling(plan.scheduling());
        return t;
    }
}
