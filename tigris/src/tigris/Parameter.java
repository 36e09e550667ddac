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
 *
 * @param <T> the type of the value a module reads
 * @param key the parameter's key in the module's parameters ({@code "count"}); not null
 * @param parse reads a value's text (with {@code {node}} already replaced); throws an
 *        {@link IllegalArgumentException} whose message completes "parameter KEY='TEXT' ..." (such
 *        as "is not an integer") for text it refuses; not null
 * @param format writes a value as the text {@code parse} reads back; not null
 * @param orElse what an absent parameter reads as; null means absent reads as null
 * @param mandatory whether an absent parameter is refused instead
 */
public record Parameter<T>(String key, Function<String, T> parse, Function<T, String> format, T orElse, boolean mandatory) {
    /**
     * Makes a parameter.
     *
     * @throws NullPointerException if {@code key}, {@code parse} or {@code format} is null
     */
    public Parameter {
        java.util.Objects.requireNonNull(key, "key");
        java.util.Objects.requireNonNull(parse, "parse");
        java.util.Objects.requireNonNull(format, "format");
    }

    /**
     * An optional parameter with a default.
     *
     * @param key the parameter's key; not null
     * @param parse reads a value's text, refusing bad text with an {@link IllegalArgumentException}; not null
     * @param format writes a value as the text {@code parse} reads back; not null
     * @param orElse what an absent parameter reads as; null means absent reads as null
     * @throws NullPointerException if {@code key}, {@code parse} or {@code format} is null
     */
    public Parameter(String key, Function<String, T> parse, Function<T, String> format, T orElse) {
        this(key, parse, format, orElse, false);
    }

    /**
     * This parameter, mandatory: a module refuses to start without it.
     *
     * @return a new parameter of the same key and text, with no default
     */
    public Parameter<T> required() {
        return new Parameter<>(key, parse, format, null, true);
    }

    /**
     * A whole number: decimal, in a long's range, blanks around it ignored.
     *
     * @param key the parameter's key; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
    public static Parameter<Long> longValue(String key, Long orElse) {
        return new Parameter<>(key, v -> {
            try {
                return Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("is not an integer");
            }
        }, String::valueOf, orElse);
    }

    /**
     * A whole number that fits an int: decimal, blanks around it ignored.
     *
     * @param key the parameter's key; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
    public static Parameter<Integer> intValue(String key, Integer orElse) {
        return new Parameter<>(key, v -> {
            try {
                return Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("is not an integer of at most " + Integer.MAX_VALUE);
            }
        }, String::valueOf, orElse);
    }

    /**
     * {@code true} or {@code false}, nothing else (in lower case; blanks around it ignored).
     *
     * @param key the parameter's key; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
    public static Parameter<Boolean> bool(String key, Boolean orElse) {
        return new Parameter<>(key, v -> switch (v.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("is neither 'true' nor 'false'");
        }, String::valueOf, orElse);
    }

    /**
     * One of an enum's constants, written in lower case and read in any case; text that names none
     * is refused with the names it may be.
     *
     * @param <E> the enum
     * @param key the parameter's key; not null
     * @param type the enum's class; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
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

    /**
     * A path; {@code {node}} in it becomes the module's home node's name when read ({@link #from}).
     *
     * @param key the parameter's key; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
    public static Parameter<Path> path(String key, Path orElse) {
        return new Parameter<>(key, Path::of, Path::toString, orElse);
    }

    /**
     * Text, as it is (but for {@code {node}}, which {@link #from} replaces in every parameter).
     *
     * @param key the parameter's key; not null
     * @param orElse what an absent parameter reads as; may be null
     * @return the parameter, optional
     */
    public static Parameter<String> text(String key, String orElse) {
        return new Parameter<>(key, v -> v, v -> v, orElse);
    }

    /**
     * The value in {@code config}, or the default. Every {@code {node}} in the text becomes
     * {@code config.home()}, the node the instance was placed on first (the node it runs on unless
     * a river job moved it), before it is parsed, whatever the parameter's type: as
     * {@link ModuleConfig#path} reads it.
     *
     * @param config the module's configuration, whose parameters hold the text
     * @return the value parsed, or {@link #orElse()} if the parameter is absent and not mandatory
     * @throws IllegalArgumentException naming the module, key and value if the value is bad, or
     *         the module and key if a required parameter is missing, or if the text names
     *         {@code {node}} and the module runs on no node
     */
    public T from(ModuleConfig config) {
        String v = config.parameters().get(key);
        if (v == null) {
            if (mandatory) {
                throw new IllegalArgumentException("module " + config.name() + " needs parameter '" + key + "' (has " + config.parameters().keySet() + ")");
            }
            return orElse;
        }
        v = config.onHome(key, v);
        try {
            return parse.apply(v);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("module " + config.name() + ": parameter " + key + "='" + v + "' " + e.getMessage(), e);
        }
    }

    /**
     * Puts {@code value} into {@code parameters} as text; a null value puts nothing (the default applies).
     *
     * @param parameters a module's parameters being written (a graph's, a river file's), changed here
     * @param value the value, written by {@link #format()}; null for none
     */
    public void put(Map<String, String> parameters, T value) {
        if (value != null) {
            parameters.put(key, format.apply(value));
        }
    }
}
