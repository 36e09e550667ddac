/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package tigris.node;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tigris.RiverAttempt;

/**
 * A node's output files not yet committed, by river. An attempt writes each output file under a
 * name of its own in the file's directory ({@code .NAME.tigris-RIVER@EPOCH}: same file system, so
 * the commit is a rename); a later attempt of the river that writes the same file on this node
 * drops the earlier attempt's file, or takes it over when it keeps what that attempt finished
 * (a sort's key ranges). Only a commit from
 * the agent puts a file in place, after deleting the job marker an earlier job left beside it; the
 * marker ({@code NAME.committed}) is written once every part of the job is in place.
 */
final class StagedOutputs {
    /** The suffix of a committed part's marker. */
    static final String MARKER = ".committed";

    /** A file one attempt is writing. */
    private record Staged(int epoch, Path file) {
    }

    /** An output ready to be put in place, or put in place: where, and its size. */
    record Prepared(Path output, long bytes) {
    }

    /** By river: each output's staged file (the latest attempt's). */
    private final Map<String, Map<Path, Staged>> rivers = new HashMap<>();
    /** By river: the parts its last commit put in place, until their markers are written. */
    private final Map<String, List<Prepared>> committed = new HashMap<>();

    /** The staged name of {@code output} for attempt {@code a}. */
    static Path stagedName(Path output, RiverAttempt a) {
        return output.resolveSibling("." + output.getFileName() + ".tigris-" + a.fileName());
    }

    /** Where attempt {@code a} writes {@code output}; {@code keep}: an earlier attempt's file is carried over, else dropped ({@link tigris.OutputStage}). */
    synchronized Path stage(RiverAttempt a, Path output, boolean keep) throws IOException {
        Path file = output.toAbsolutePath().normalize();
        if (file.getFileName() == null) {
            throw new IOException("output " + output + " names no file");
        }
        Map<Path, Staged> files = rivers.computeIfAbsent(a.river(), r -> new LinkedHashMap<>());
        Staged s = files.get(file);
        if (s != null && s.epoch() == a.epoch()) {
            return s.file();
        }
        if (s != null && s.epoch() > a.epoch()) {
            throw new IOException("output " + file + ": attempt " + a.epoch() + " of river " + a.river() + " is stale: attempt " + s.epoch() + " writes it here");
        }
        Path mine = stagedName(file, a);
        if (s != null && keep && Files.exists(s.file())) {
            Files.move(s.file(), mine, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } else {
            if (s != null) {
                Files.deleteIfExists(s.file());
            }
            // A file left under this name (a node that restarted) is no part of this attempt.
            Files.deleteIfExists(mine);
        }
        files.put(file, new Staged(a.epoch(), mine));
        return mine;
    }

    /**
     * The files of {@code a}'s river staged on this node that a commit of {@code a} would put in
     * place (each file's latest attempt up to {@code a}: a file an earlier attempt finished and a
     * later one did not write again is part of the job too), synced to the disk: the slow half of a
     * commit, done before anything is renamed.
     */
    synchronized List<Prepared> prepare(RiverAttempt a) throws IOException {
        List<Prepared> ready = new ArrayList<>();
        for (var e : committable(a).entrySet()) {
            try (FileChannel ch = FileChannel.open(e.getValue().file(), StandardOpenOption.WRITE)) {
                ch.force(true);
                ready.add(new Prepared(e.getKey(), ch.size()));
            }
        }
        return ready;
    }

    /**
     * Puts the files {@link #prepare} lists in place: each synced again (nothing to write if it was
     * prepared), the old marker beside it deleted, renamed, the directory synced. The parts are
     * remembered for {@link #mark}; a file renamed is forgotten at once, so a commit that fails
     * half-way can be asked again for the rest.
     */
    synchronized List<Prepared> commit(RiverAttempt a) throws IOException {
        Map<Path, Staged> files = rivers.getOrDefault(a.river(), new LinkedHashMap<>());
        List<Prepared> done = new ArrayList<>(committedSoFar(a));
        try {
            for (var e : committable(a).entrySet()) {
                Path file = e.getKey();
                long bytes;
                try (FileChannel ch = FileChannel.open(e.getValue().file(), StandardOpenOption.WRITE)) {
                    ch.force(true);
                    bytes = ch.size();
                }
                Files.deleteIfExists(marker(file));
                Files.move(e.getValue().file(), file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                syncDirectory(file.getParent());
                files.remove(file);
                done.add(new Prepared(file, bytes));
            }
        } finally {
            committed.put(a.river(), List.copyOf(done));
        }
        if (files.isEmpty()) {
            rivers.remove(a.river());
        }
        return done;
    }

    /** What an earlier, failed commit of {@code a}'s river put in place here. */
    private List<Prepared> committedSoFar(RiverAttempt a) {
        return committed.getOrDefault(a.river(), List.of());
    }

    /** The staged file of every output of {@code a}'s river here, the latest attempt's up to {@code a}; IOException if a later attempt staged one, or one is gone. */
    private Map<Path, Staged> committable(RiverAttempt a) throws IOException {
        Map<Path, Staged> out = new LinkedHashMap<>();
        for (var e : rivers.getOrDefault(a.river(), Map.of()).entrySet()) {
            Staged s = e.getValue();
            if (s.epoch() > a.epoch()) {
                throw new IOException("output " + e.getKey() + ": attempt " + a.epoch() + " of river " + a.river() + " is stale: attempt " + s.epoch() + " wrote it here");
            }
            if (!Files.exists(s.file())) {
                throw new IOException("output " + e.getKey() + ": its staged file " + s.file() + " is gone");
            }
            out.put(e.getKey(), s);
        }
        return out;
    }

    /** Whether any output of {@code river} is staged or committed without its marker here. */
    synchronized boolean holds(String river) {
        return rivers.containsKey(river) || committed.containsKey(river);
    }

    /** Writes the job's marker beside each part this node committed for {@code river}: the job's every part, one a line. */
    synchronized void mark(RiverAttempt river, List<CommittedPart> job) throws IOException {
        StringBuilder text = new StringBuilder("tigris river " + river.river() + " attempt " + river.epoch() + " committed " + job.size() + " part(s)\n");
        for (CommittedPart p : job) {
            text.append(p.node()).append(' ').append(p.bytes()).append(' ').append(p.path()).append('\n');
        }
        for (Prepared part : committed.getOrDefault(river.river(), List.of())) {
            Path file = part.output();
            Path m = marker(file);
            Path tmp = m.resolveSibling("." + m.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(tmp, m, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(file.getParent());
        }
        committed.remove(river.river());
    }

    /**
     * Deletes the files attempt {@code a} staged (every attempt's up to it when {@code upTo}: the
     * job is given up), so nothing of it is left to commit.
     */
    synchronized void discard(RiverAttempt a, boolean upTo) {
        if (upTo) {
            committed.remove(a.river());
        }
        Map<Path, Staged> files = rivers.get(a.river());
        if (files == null) {
            return;
        }
        files.values().removeIf(s -> {
            if (s.epoch() == a.epoch() || upTo && s.epoch() < a.epoch()) {
                try {
                    Files.deleteIfExists(s.file());
                } catch (IOException e) {
                    // left behind: a hidden file no commit will use
                }
                return true;
            }
            return false;
        });
        if (files.isEmpty()) {
            rivers.remove(a.river());
        }
    }

    static Path marker(Path part) {
        return part.resolveSibling(part.getFileName() + MARKER);
    }

    private static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }
}
