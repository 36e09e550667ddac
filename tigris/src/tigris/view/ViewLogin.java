/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.view;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

import tigris.FileProblems;

/**
 * The password of a live view off loopback: the view's own, never a key store's (a key store's
 * password unlocks a cluster identity; a browser's login is sent to whoever serves the page). Either
 * the first line of a file the user keeps, or made at random for one run and shown to the user
 * who started it. Only its hash is kept.
 */
public final class ViewLogin {
    /** The shortest password a view accepts from a file: guessing one a second must stay hopeless. */
    public static final int MIN_LENGTH = 12;

    private final byte[] hash;
    private final String told;

    private ViewLogin(String password, String told) {
        this.hash = hash(password.toCharArray());
        this.told = told;
    }

    /**
     * The password on the first line of {@code file}, all of it (spaces included), read as UTF-8.
     *
     * @param file the user's password file; not null
     * @return a login for that password
     * @throws IOException if the file cannot be read or its password is shorter than {@value #MIN_LENGTH} characters
     */
    public static ViewLogin fromFile(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IOException("cannot read the live view's password file " + file + ": " + FileProblems.describe(e), e);
        }
        String password = lines.isEmpty() ? "" : lines.getFirst();
        if (password.length() < MIN_LENGTH) {
            throw new IOException("the live view's password in " + file + " has " + password.length() + " characters: give it at least " + MIN_LENGTH);
        }
        return new ViewLogin(password, "the password in " + file);
    }

    /**
     * A password made for one run, shown by {@link #howToLogIn}.
     *
     * @return a login whose password is 128 bits from a {@link SecureRandom}, as 32 hex digits
     */
    public static ViewLogin random() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        String password = HexFormat.of().formatHex(b);
        return new ViewLogin(password, "password " + password + " (made for this run)");
    }

    /**
     * What the user who started the view is told.
     *
     * @return a sentence with the user name ({@link LiveView#USER}) and the file the password is in,
     *         or, for a {@link #random()} login, the password itself
     */
    public String howToLogIn() {
        return "log in as " + LiveView.USER + " with " + told;
    }

    /** Whether {@code password} is this login's (compared in constant time). */
    boolean matches(char[] password) {
        return MessageDigest.isEqual(hash, hash(password));
    }

    private static byte[] hash(char[] password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(new String(password).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JDK", e);
        }
    }
}
