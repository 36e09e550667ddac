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

    /** By river: each output's staged file (the latest attempt's). */
    private final Map<String, Map<Path, Staged>> rivers = new HashMap<>();
    /** By river: the parts its last commit put in place, until their markers are written. */
    private final Map<String, List<Path>> committed = new HashMap<>();

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
        } else if (s != null) {
            Files.deleteIfExists(s.file());
        }
        files.put(file, new Staged(a.epoch(), mine));
        return mine;
    }

    /**
     * Puts every file of {@code a}'s river staged on this node in place (each the latest attempt's
     * up to {@code a}: a file an earlier attempt finished and a later one did not write again is
     * part of the job too): synced, the old marker beside it deleted, renamed, the directory
     * synced. The parts are remembered for {@link #mark}.
     */
    synchronized List<Path> commit(RiverAttempt a) throws IOException {
        Map<Path, Staged> files = rivers.getOrDefault(a.river(), Map.of());
        List<Path> done = new ArrayList<>();
        for (var e : files.entrySet()) {
            Path file = e.getKey();
            Staged s = e.getValue();
            if (s.epoch() > a.epoch()) {
                throw new IOException("output " + file + ": attempt " + a.epoch() + " of river " + a.river() + " is stale: attempt " + s.epoch() + " wrote it here");
            }
            if (!Files.exists(s.file())) {
                throw new IOException("output " + file + ": its staged file " + s.file() + " is gone");
            }
            try (FileChannel ch = FileChannel.open(s.file(), StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.deleteIfExists(marker(file));
            Files.move(s.file(), file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            syncDirectory(file.getParent());
            done.add(file);
        }
        rivers.remove(a.river());
        committed.put(a.river(), List.copyOf(done));
        return done;
    }

    /** Writes the job's marker beside each part this node committed for {@code river}: the job's every part, one a line. */
    synchronized void mark(RiverAttempt river, List<CommittedPart> job) throws IOException {
        StringBuilder text = new StringBuilder("tigris river " + river.river() + " attempt " + river.epoch() + " committed " + job.size() + " part(s)\n");
        for (CommittedPart p : job) {
            text.append(p.node()).append(' ').append(p.bytes()).append(' ').append(p.path()).append('\n');
        }
        for (Path file : committed.getOrDefault(river.river(), List.of())) {
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
