/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.pipe.filters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;

import tigris.ModuleConfig;
import tigris.Water;
import tigris.pipe.BoundFilter;
import tigris.pipe.FilterArgumentException;
import tigris.pipe.FilterClasses;
import tigris.pipe.FilterDefinition;
import tigris.pipe.Outlet;
import tigris.pipe.PipeModule;
import tigris.pipe.PipelineExpression.Argument;
import tigris.pipe.PortLines;
import tigris.pipe.WaterWriter;
import tigris.pipe.plan.FilterCost;

/**
 * {@code grep [-v] [-i] [-F] [-x] PATTERN} (or {@code pattern=PATTERN}): sorts lines into those it
 * selects (class 1, {@code match}: those that match, or with -v those that do not) and the others
 * (class 0, {@code other}), which a plain pipe drops and {@code |!} takes. The pattern is a Java
 * regular expression unless -F or it holds no metacharacter (then a byte search). As grep, it ends
 * a last line that has no newline with one.
 */
public final class Grep implements FilterDefinition {
    /**
     * Made by {@link java.util.ServiceLoader}, which finds Tigris's filters as providers of
     * {@link FilterDefinition}; it holds no state, so one serves every pipeline.
     */
    public Grep() {
    }

    static final String PATTERN = "pattern";
    static final String INVERT = "invert";
    static final String IGNORE_CASE = "ignore-case";
    static final String FIXED = "fixed";
    static final String WHOLE_LINE = "whole-line";
    static final FilterClasses CLASSES = FilterClasses.passOrReject("match", "other");

    @Override
    public String name() {
        return "grep";
    }

    @Override
    public String usage() {
        return "grep [-v] [-i] [-F] [-x] PATTERN | grep pattern=PATTERN";
    }

    @Override
    public String summary() {
        return "selects the lines that match a pattern (class 1, match); the others are class 0 (other, taken by |!)";
    }

    @Override
    public BoundFilter bind(List<Argument> args) throws FilterArgumentException {
        Map<String, String> p = new LinkedHashMap<>();
        String pattern = null;
        int patternAt = -1;
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.named()) {
                if (!a.key().equals(PATTERN)) {
                    throw Arguments.unknown(args, i);
                }
                if (pattern != null) {
                    throw new FilterArgumentException(i, "takes one pattern");
                }
                pattern = a.value();
                patternAt = i;
                continue;
            }
            String w = a.value();
            if (w.startsWith("-") && w.length() > 1 && pattern == null) {
                for (char c : w.substring(1).toCharArray()) {
                    switch (c) {
                        case 'v' -> p.put(INVERT, "true");
                        case 'i' -> p.put(IGNORE_CASE, "true");
                        case 'F' -> p.put(FIXED, "true");
                        case 'x' -> p.put(WHOLE_LINE, "true");
                        default -> throw new FilterArgumentException(i, "-" + c + " is not an option of Tigris's grep (it takes -v, -i, -F, -x);"
                                        + " to run the system's grep, write exec grep ...");
                    }
                }
                continue;
            }
            if (pattern != null) {
                throw new FilterArgumentException(i, "takes one pattern; '" + w + "' is a second (files are read with file in=PATH before it)");
            }
            pattern = w;
            patternAt = i;
        }
        if (pattern == null) {
            throw new FilterArgumentException(-1, "needs a pattern");
        }
        try {
            new LineMatcher(pattern, p.containsKey(FIXED), p.containsKey(IGNORE_CASE), false);
        } catch (PatternSyntaxException e) {
            throw new FilterArgumentException(patternAt, "'" + pattern + "' is not a regular expression: " + e.getDescription());
        }
        p.put(PATTERN, pattern);
        StringBuilder label = new StringBuilder("grep");
        args.forEach(a -> label.append(' ').append(a.text()));
        return new BoundFilter(label.toString(), Module.class, p, true, true, CLASSES);
    }

    /** Sorts each line into class 1 or 0, making only the Waters of the classes some pipe takes. */
    @FilterCost(nanosPerByte = 4.6)
    public static final class Module extends PipeModule {
        /** Made reflectively by the river, one for each place the filter runs; {@link #open} then reads its parameters. */
        public Module() {
        }

        private LineMatcher matcher;
        private boolean invert;
        private final PortLines lines = new PortLines();

        @Override
        protected boolean readsLinesByPort() {
            return true;
        }
        private WaterWriter selected;
        private WaterWriter others;
        private boolean ready;
        private static final byte[] NEWLINE = {'\n'};

        @Override
        protected void open(ModuleConfig config) {
            invert = Boolean.parseBoolean(config.get(INVERT, "false"));
            matcher = new LineMatcher(config.get(PATTERN), Boolean.parseBoolean(config.get(FIXED, "false")),
                            Boolean.parseBoolean(config.get(IGNORE_CASE, "false")), Boolean.parseBoolean(config.get(WHOLE_LINE, "false")));
        }

        private void writers(Outlet out) {
            if (!ready) {
                selected = out.wants(1) ? new WaterWriter(out, 1, true) : null;
                others = out.wants(0) ? new WaterWriter(out, 0, true) : null;
                ready = true;
            }
        }

        @Override
        protected void take(Water in, Outlet out) throws Exception {
            writers(out);
            if (selected == null && others == null) {
                return;
            }
            lines.take(in, this::line);
        }

        private void line(byte[] b, int from, int to) throws InterruptedException {
            int end = to > from && b[to - 1] == '\n' ? to - 1 : to;
            boolean pass = matcher.matches(b, from, end) != invert;
            WaterWriter w = pass ? selected : others;
            if (w != null) {
                w.write(b, from, to - from);
                if (end == to) {
                    // A last line without a newline gets one, as grep gives it.
                    w.write(NEWLINE, 0, 1);
                }
            }
        }

        @Override
        protected void finish(Outlet out) throws Exception {
            writers(out);
            if (selected == null && others == null) {
                return;
            }
            lines.finish(this::line);
            if (selected != null) {
                selected.flush();
            }
            if (others != null) {
                others.flush();
            }
        }
    }
}
