/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks, or adds, the licence header of every source file of the project's own (LICENSE: GPL
 * version 2 with the Classpath Exception; Jaguar's HotSpot files carry HotSpot's GPLv2 header,
 * as the files they sit beside do). Files are those git tracks, less data: recorded results,
 * corpora, patches of upstream files (they keep upstream's headers), documentation.
 * Usage: java LicenseHeaders.java [--add] REPOSITORY
 */
public class LicenseHeaders {
    static final String COPYRIGHT = "Copyright (c) 2026, the Jaguar authors.";
    static final String SPDX = "SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0";
    /** How a file's header may read: ours, or HotSpot's own GPLv2 text (src/hotspot). */
    static final Pattern HEADER = Pattern.compile("Copyright \\(c\\) \\d{4}(, \\d{4})?, [^\\n]*\\n(.*\\n){0,3}.*("
                    + Pattern.quote(SPDX) + "|under the terms of the GNU General Public License version 2 only)");
    static final Pattern EXCLUDED = Pattern.compile("^(bench/results/|test/jtreg/pso/corpus/|src/hotspot/patches/)|\\.(md|txt|tsv|json|png|gitignore)$"
                    + "|^test/verbs-vm/modules\\.order$");

    enum Style {
        BLOCK("/*\n * ", "\n * ", "\n */\n"), HASH("# ", "\n# ", "\n"), XML("<!--\n  ", "\n  ", "\n-->\n");

        final String open, between, close;

        Style(String open, String between, String close) {
            this.open = open;
            this.between = between;
            this.close = close;
        }

        String header() {
            return open + COPYRIGHT + between + SPDX + close;
        }
    }

    public static void main(String[] args) throws Exception {
        boolean add = args.length == 2 && args[0].equals("--add");
        if (args.length != (add ? 2 : 1)) {
            System.err.println("usage: java LicenseHeaders.java [--add] REPOSITORY");
            System.exit(2);
        }
        Path repo = Path.of(args[add ? 1 : 0]);
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String name : tracked(repo)) {
            Style style = styleOf(name);
            if (style == null || EXCLUDED.matcher(name).find()) {
                continue;
            }
            checked++;
            Path file = repo.resolve(name);
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String head = text.lines().limit(30).reduce("", (a, b) -> a + b + "\n");
            if (HEADER.matcher(head).find()) {
                continue;
            }
            if (add) {
                Files.writeString(file, withHeader(text, style), StandardCharsets.UTF_8);
            }
            missing.add(name);
        }
        if (add) {
            System.out.println("licence header added to " + missing.size() + " of " + checked + " files");
        } else if (!missing.isEmpty()) {
            System.out.println(missing.size() + " of " + checked + " source files lack the licence header (LICENSE; "
                            + "`make license-headers` adds it):");
            missing.forEach(m -> System.out.println("  " + m));
            System.exit(1);
        } else {
            System.out.println("licence headers: all " + checked + " source files carry one");
        }
    }

    static List<String> tracked(Path repo) throws IOException, InterruptedException {
        Process git = new ProcessBuilder("git", "-C", repo.toString(), "ls-files", "-z").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (git.waitFor() != 0) {
            throw new IOException("git ls-files failed in " + repo + ": the check reads the files git tracks");
        }
        List<String> names = new ArrayList<>();
        for (String n : out.split("\0")) {
            if (!n.isEmpty()) {
                names.add(n);
            }
        }
        return names;
    }

    /** The comment style of a source file, or null for a file that is not source. */
    static Style styleOf(String name) {
        String base = name.substring(name.lastIndexOf('/') + 1);
        if (base.matches(".*\\.(java|c|h|cpp|hpp|js|css)")) {
            return Style.BLOCK;
        }
        if (base.matches(".*\\.(sh|py|gmk|s)|Makefile|configure|TEST\\.ROOT|TEST\\.groups")
                        || name.equals(".ci/run") || name.equals("tigris/bin/tigris") || name.equals("test/verbs-vm/init")) {
            return Style.HASH;
        }
        if (base.matches(".*\\.(xml|html)")) {
            return Style.XML;
        }
        return null;
    }

    /** The text with the header after any line that must stay first (#!, <?xml, <!DOCTYPE). */
    static String withHeader(String text, Style style) {
        int at = 0;
        if (text.startsWith("#!") || text.startsWith("<?xml") || text.regionMatches(true, 0, "<!DOCTYPE", 0, 9)) {
            int eol = text.indexOf('\n');
            at = eol < 0 ? text.length() : eol + 1;
        }
        String rest = text.substring(at);
        String gap = style == Style.BLOCK && !rest.startsWith("\n") ? "\n" : "";
        return text.substring(0, at) + style.header() + gap + rest;
    }
}
