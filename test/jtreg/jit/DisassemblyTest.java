/*
 * @test
 * @summary The compiled code of a hot caller, taken from Graal's code dump and disassembled with
 *          binutils' objdump, contains the templates' instructions inline and no Java call.
 * @requires os.arch == "amd64"
 * @library /lib
 * @build jaguar.test.Warmup jaguar.test.ChildJvm DisassemblyProgram
 * @run main/othervm/timeout=600 DisassemblyTest
 */

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jaguar.test.ChildJvm;

public class DisassemblyTest {
    static final Pattern HEX_CODE = Pattern.compile("HexCode [0-9a-f]+ ([0-9a-f]+)");
    static final Pattern COMMENT = Pattern.compile("Comment (\\d+) (.*?)  <\\|\\|@");
    static final Pattern INSN = Pattern.compile("^\\s*([0-9a-f]+):\\s+((?:[0-9a-f]{2} )+)\\s*(.*)$");

    public static void main(String[] args) throws Exception {
        Path dumps = Path.of("dumps").toAbsolutePath();
        // hot() must be compiled on its own (not only inlined into the warm-up loop) to be dumped.
        ChildJvm.run(List.of("-Djaguar.mapping.strict=true", "--enable-native-access=ALL-UNNAMED",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline,DisassemblyProgram::hot",
                        "-Djdk.graal.Dump=CodeInstall:1", "-Djdk.graal.PrintBackendCFG=true",
                        "-Djdk.graal.MethodFilter=DisassemblyProgram.hot", "-Djdk.graal.DumpPath=" + dumps),
                        "DisassemblyProgram", List.of(), 400).shouldSucceed("DisassemblyProgram");

        List<Path> cfgs;
        try (var s = Files.walk(dumps)) {
            cfgs = s.filter(p -> p.toString().endsWith(".cfg")).sorted().toList();
        }
        if (cfgs.isEmpty()) {
            throw new AssertionError("Graal wrote no code dump for DisassemblyProgram.hot under " + dumps);
        }
        // The last installed version is the one strict mode ran.
        String cfg = Files.readString(cfgs.getLast());
        Matcher m = HEX_CODE.matcher(cfg);
        String hex = null;
        while (m.find()) {
            hex = m.group(1);
        }
        if (hex == null) {
            throw new AssertionError("no HexCode in " + cfgs.getLast());
        }
        Path bin = Path.of("hot.bin");
        Files.write(bin, HexFormat.of().parseHex(hex));
        Process p = new ProcessBuilder("objdump", "-D", "-M", "intel", "-b", "binary", "-m", "i386:x86-64", bin.toString()).redirectErrorStream(true).start();
        String asm = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new AssertionError("objdump failed:\n" + asm);
        }
        System.out.println(asm);

        List<String> insns = new ArrayList<>();
        List<int[]> calls = new ArrayList<>();
        for (String line : asm.lines().toList()) {
            Matcher im = INSN.matcher(line);
            if (im.matches()) {
                String text = im.group(3).trim();
                insns.add(text);
                if (text.startsWith("call")) {
                    int at = Integer.parseInt(im.group(1), 16);
                    calls.add(new int[]{at, at + im.group(2).trim().split(" ").length});
                }
            }
        }
        requireSequence(insns, "mov    DWORD PTR", "sfence", "mov    DWORD PTR");
        require(insns, "rdtsc");
        require(insns, "lock xadd");

        // Every call must be one Graal annotated as a runtime stub, never a Java method.
        List<int[]> commentAt = new ArrayList<>();
        List<String> commentText = new ArrayList<>();
        Matcher cm = COMMENT.matcher(cfg);
        while (cm.find()) {
            commentAt.add(new int[]{Integer.parseInt(cm.group(1))});
            commentText.add(cm.group(2));
        }
        for (int i = 0; i < commentText.size(); i++) {
            String c = commentText.get(i);
            if (c.contains("DisassemblyProgram.ring") || c.contains("DisassemblyProgram.ticks") || c.contains("DisassemblyProgram.count")) {
                throw new AssertionError("compiled code still refers to a mapped method: " + c);
            }
        }
        for (int[] call : calls) {
            String what = "unannotated";
            for (int i = 0; i < commentAt.size(); i++) {
                int at = commentAt.get(i)[0];
                if (at >= call[0] && at <= call[1]) {
                    what = commentText.get(i);
                }
            }
            if (what.contains("HotSpotMethod<")) {
                throw new AssertionError("call at offset " + call[0] + " goes to a Java method: " + what);
            }
            System.out.println("call at " + call[0] + ": " + what);
        }
        System.out.println("templates found inline; " + calls.size() + " call(s), all to runtime stubs");
    }

    static void require(List<String> insns, String prefix) {
        if (insns.stream().noneMatch(s -> s.startsWith(prefix))) {
            throw new AssertionError("no '" + prefix + "' in the compiled code of DisassemblyProgram.hot");
        }
    }

    static void requireSequence(List<String> insns, String... prefixes) {
        for (int i = 0; i + prefixes.length <= insns.size(); i++) {
            boolean all = true;
            for (int k = 0; k < prefixes.length && all; k++) {
                all = insns.get(i + k).startsWith(prefixes[k]);
            }
            if (all) {
                return;
            }
        }
        throw new AssertionError("no consecutive " + String.join(" ; ", prefixes) + " in the compiled code of DisassemblyProgram.hot");
    }
}
