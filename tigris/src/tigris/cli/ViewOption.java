/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.function.Function;

import java.nio.file.Path;

import tigris.node.ClusterIdentity;
import tigris.view.LiveView;
import tigris.view.ViewAddress;
import tigris.view.ViewLogin;

/**
 * {@code --view [HOST:]PORT} of the commands that run a river: the live view is bound before any
 * work (a bad or unprotected address is a usage error, an address in use a failure) and its
 * address printed, with how to log in off loopback ({@code --view-password-file FILE}'s password,
 * or one made for the run); it is closed when the command's work ends.
 */
final class ViewOption {
    private ViewOption() {
    }

    /** The command's work, given the view (null without {@code --view}). */
    interface Viewed {
        int run(LiveView view) throws Exception;
    }

    /**
     * Runs {@code body} with the view {@code spec} asks for (none if null), printing its address on
     * {@code announce}; {@code usage} turns a bad option into the command's usage status.
     */
    static int serve(String command, String spec, ClusterIdentity identity, Path passwordFile, PrintStream announce, PrintStream err,
                    Function<String, Integer> usage, Viewed body) throws Exception {
        LiveView view = null;
        if (spec == null && passwordFile != null) {
            return usage.apply("--view-password-file is the password of a live view: give --view HOST:PORT too");
        }
        if (spec != null) {
            ViewLogin login = null;
            try {
                ViewAddress at = ViewAddress.parse(spec);
                if (at.isLoopback() && passwordFile != null) {
                    return usage.apply("--view-password-file: a view on loopback asks no password (it answers this machine only)");
                }
                if (!at.isLoopback()) {
                    login = passwordFile != null ? ViewLogin.fromFile(passwordFile) : ViewLogin.random();
                }
                view = LiveView.start(at, identity, login);
            } catch (IllegalArgumentException e) {
                return usage.apply(e.getMessage());
            } catch (IOException e) {
                err.println("tigris " + command + ": " + e.getMessage());
                return ExitCode.FAILED.status();
            }
            announce.println("live view: " + view.uri() + (login == null ? "" : " (" + login.howToLogIn() + ")"));
        }
        try {
            return body.run(view);
        } finally {
            if (view != null) {
                view.close();
            }
        }
    }
}
