/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * One typed module parameter: its key, how its value is read from and written to the text a
 * river file or the control agent carries, its default (may be null: absent means null) and
 * whether it is mandatory. A module defines each key once, as a constant, and reads and writes its
 * parameters through it, so a key is never spelled twice and a bad value is refused with the
 * module, key and value named.
 */
public record Parameter<T>(String key, Function<String, T> parse, Function<T, String> format, T orElse, boolean mandatory) {
    public Parameter {
        java.util.Objects.requireNonNull(key, "key");
        java.util.Objects.requireNonNull(parse, "parse");
        java.util.Objects.requireNonNull(format, "format");
    }

    /** An optional parameter with a default (null: absent means null). */
    public Parameter(String key, Function<String, T> parse, Function<T, String> format, T orElse) {
        this(key, parse, format, orElse, false);
    }

    /** This parameter, mandatory: a module refuses to start without it. */
    public Parameter<T> required() {
        return new Parameter<>(key, parse, format, null, true);
    }

    /** A whole number. */
    public static Parameter<Long> longValue(String key, Long orElse) {
        return new Parameter<>(key, v -> {
            try {
                return Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("is not an integer");
            }
        }, String::valueOf, orElse);
    }

    /** A whole number that fits an int. */
    public static Parameter<Integer> intValue(String key, Integer orElse) {
        return new Parameter<>(key, v -> {
            try {
                return Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("is not an integer of at most " + Integer.MAX_VALUE);
            }
        }, String::valueOf, orElse);
    }

    /** true or false, nothing else. */
    public static Parameter<Boolean> bool(String key, Boolean orElse) {
        return new Parameter<>(key, v -> switch (v.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("is neither 'true' nor 'false'");
        }, String::valueOf, orElse);
    }

    /** One of an enum's constants, written in lower case. */
    public static <E extends Enum<E>> Parameter<E> enumOf(String key, Class<E> type, E orElse) {
        return new Parameter<>(key, v -> {
            for (E e : type.getEnumConstants()) {
                if (e.name().equalsIgnoreCase(v.trim())) {
                    return e;
                }
            }
            StringBuilder names = new StringBuilder();
            for (E e : type.getEnumConstants()) {
                names.append(names.isEmpty() ? "" : ", ").append('\'').append(e.name().toLowerCase(Locale.ROOT)).append('\'');
            }
            throw new IllegalArgumentException("is not one of " + names);
        }, e -> e.name().toLowerCase(Locale.ROOT), orElse);
    }

    /** A path; {@code {node}} in it becomes the module's node's name when read ({@link ModuleConfig#path}). */
    public static Parameter<Path> path(String key, Path orElse) {
        return new Parameter<>(key, Path::of, Path::toString, orElse);
    }

    /** Text, as it is. */
    public static Parameter<String> text(String key, String orElse) {
        return new Parameter<>(key, v -> v, v -> v, orElse);
    }

    /**
     * The value in {@code config}, or the default.
     *
     * @throws IllegalArgumentException naming the module, key and value if the value is bad, or
     *         the module and key if a required parameter is missing
     */
    public T from(ModuleConfig config) {
        String v = config.parameters().get(key);
        if (v == null) {
            if (mandatory) {
                throw new IllegalArgumentException("module " + config.name() + " needs parameter '" + key + "' (has " + config.parameters().keySet() + ")");
            }
            return orElse;
        }
        if (v.contains("{node}")) {
            if (config.node().isEmpty()) {
                throw new IllegalArgumentException("module " + config.name() + ": parameter " + key + "='" + v + "' names {node}, but it runs on no node");
            }
            v = v.replace("{node}", config.node());
        }
        try {
            return parse.apply(v);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("module " + config.name() + ": parameter " + key + "='" + v + "' " + e.getMessage(), e);
        }
    }

    /** Puts {@code value} into {@code parameters} as text; a null value puts nothing (the default applies). */
    public void put(Map<String, String> parameters, T value) {
        if (value != null) {
            parameters.put(key, format.apply(value));
        }
    }
}
