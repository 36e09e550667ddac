/*
 * @test
 * @summary ExternalBuffer's indexed accessors leave no check in an inner loop that Graal does not
 *          peel (an indexed loop inlined into a tiny outer loop, as in JMH's measurement stub):
 *          every innermost loop of the compiled code has its back edge as its only branch.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm HoistedChecksProgram
 * @run main/othervm/timeout=600 HoistedChecksTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jaguar.test.ChildJvm;

public class HoistedChecksTest {
    static final Pattern HEX_CODE = Pattern.compile("HexCode [0-9a-f]+ ([0-9a-f]+)");
    static final Pattern INSN = Pattern.compile("^\\s*([0-9a-f]+):\\s+(?:[0-9a-f]{2} )+\\s*(\\S+)\\s*(.*)$");
    static final Pattern TARGET = Pattern.compile("^0x([0-9a-f]+)");

    record Insn(long at, String op, String args) {
        boolean isJump() {
            return op.startsWith("j");
        }

        boolean isConditionalJump() {
            return isJump() && !op.equals("jmp");
        }

        long target() {
            Matcher m = TARGET.matcher(args);
            return m.find() ? Long.parseUnsignedLong(m.group(1), 16) : -1;
        }
    }

    public static void main(String[] args) throws Exception {
        Path dumps = Path.of("dumps").toAbsolutePath();
        ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=dontinline,HoistedChecksProgram::sumNested",
                        "-XX:CompileCommand=dontinline,HoistedChecksProgram::fillNested",
                        "-Djdk.graal.Dump=CodeInstall:1", "-Djdk.graal.PrintBackendCFG=true",
                        "-Djdk.graal.MethodFilter=HoistedChecksProgram.sumNested,HoistedChecksProgram.fillNested",
                        "-Djdk.graal.DumpPath=" + dumps),
                        "HoistedChecksProgram", List.of(), 400).shouldSucceed("HoistedChecksProgram");

        List<Path> cfgs;
        try (var s = Files.walk(dumps)) {
            cfgs = s.filter(p -> p.toString().endsWith(".cfg")).sorted().toList();
        }
        for (String method : List.of("sumNested", "fillNested")) {
            List<Path> mine = cfgs.stream().filter(p -> p.getFileName().toString().contains("." + method + "(")).toList();
            if (mine.isEmpty()) {
                throw new AssertionError("Graal wrote no code dump for HoistedChecksProgram." + method + " under " + dumps);
            }
            for (Path cfg : mine) {
                check(method, cfg);
            }
        }
    }

    /** Every installed version of the method: each innermost loop's only conditional jump is its back edge. */
    static void check(String method, Path cfg) throws Exception {
        Matcher m = HEX_CODE.matcher(Files.readString(cfg));
        int versions = 0;
        while (m.find()) {
            versions++;
            Path bin = Path.of(method + ".bin");
            Files.write(bin, HexFormat.of().parseHex(m.group(1)));
            Process p = new ProcessBuilder("objdump", "-D", "-M", "intel", "-b", "binary", "-m", "i386:x86-64", bin.toString())
                            .redirectErrorStream(true).start();
            String asm = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new AssertionError("objdump failed:\n" + asm);
            }
            List<Insn> insns = new ArrayList<>();
            for (String line : asm.lines().toList()) {
                Matcher im = INSN.matcher(line);
                if (im.matches()) {
                    insns.add(new Insn(Long.parseLong(im.group(1), 16), im.group(2), im.group(3)));
                }
            }
            checkLoops(method, cfg, insns, asm);
        }
        if (versions == 0) {
            throw new AssertionError("no HexCode in " + cfg);
        }
    }

    static void checkLoops(String method, Path cfg, List<Insn> insns, String asm) {
        List<Insn> backEdges = insns.stream().filter(i -> i.isJump() && i.target() >= 0 && i.target() <= i.at()).toList();
        int innermost = 0;
        for (Insn edge : backEdges) {
            long from = edge.target();
            long to = edge.at();
            boolean containsLoop = backEdges.stream().anyMatch(o -> o != edge && o.target() >= from && o.at() <= to);
            if (containsLoop || !edge.isConditionalJump()) {
                continue;
            }
            innermost++;
            List<Insn> branches = insns.stream().filter(i -> i.at() >= from && i.at() < to && i.isConditionalJump()).toList();
            if (!branches.isEmpty()) {
                System.out.println(asm);
                throw new AssertionError(method + " (" + cfg.getFileName() + "): the loop at 0x" + Long.toHexString(from) + "-0x"
                                + Long.toHexString(to) + " still branches inside its body: " + branches
                                + " (a check that did not leave the loop; see ExternalBuffer.checkAccessible)");
            }
        }
        if (innermost == 0) {
            System.out.println(asm);
            throw new AssertionError(method + " (" + cfg.getFileName() + "): no loop found in the compiled code");
        }
        System.out.println(method + " (" + cfg.getFileName() + "): " + innermost + " innermost loop(s), none with a check inside");
    }
}
