/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.SplittableRandom;

import jaguar.mapping.x86.X86DecodeException;
import jaguar.mapping.x86.X86Decoder;
import jaguar.mapping.x86.X86Instruction;

/**
 * Byte sequences for the raw byte fuzzing campaign: fresh instruction-shaped sequences (legacy
 * prefix, REX, an opcode from any map, half of them from the allow-list's neighbourhood, ModRM,
 * SIB, displacement and immediate bytes at random, cut to what the decoder reads) and mutations of
 * the kept corpus (bit flips, byte changes, insertions, deletions, splices).
 */
final class RawByteCandidates {
    /** Opcodes near what the allow-list accepts, so that many candidates get past the first refusal. */
    private static final int[] ONE_BYTE = {0x00, 0x01, 0x03, 0x09, 0x0B, 0x11, 0x13, 0x19, 0x21, 0x23, 0x29, 0x2B, 0x31, 0x33, 0x39,
        0x3B, 0x63, 0x69, 0x6B, 0x81, 0x83, 0x85, 0x87, 0x88, 0x89, 0x8A, 0x8B, 0x8D, 0x90, 0x91, 0x98, 0x99, 0x9E, 0x9F, 0xB8, 0xC1,
        0xC7, 0xD1, 0xD3, 0xF5, 0xF6, 0xF7, 0xF8, 0xF9, 0xFC, 0xFF, 0xA4, 0xAB, 0xCC, 0xE8, 0xEB, 0xC3, 0x50, 0x58};
    private static final int[] TWO_BYTE = {0x0D, 0x18, 0x1F, 0x31, 0x40, 0x44, 0x4F, 0x94, 0x9C, 0xA2, 0xA3, 0xA4, 0xA5, 0xAB, 0xAC,
        0xAE, 0xAF, 0xB0, 0xB1, 0xB3, 0xB6, 0xB7, 0xB8, 0xBA, 0xBB, 0xBC, 0xBD, 0xBE, 0xBF, 0xC0, 0xC1, 0xC3, 0xC7, 0xC8, 0xCB, 0x05,
        0x0B, 0x01};
    private static final int[] PREFIXES = {0x66, 0xF2, 0xF3, 0xF0, 0x2E, 0x64, 0x67};

    private final SplittableRandom rnd;
    private final List<byte[]> corpus;

    RawByteCandidates(long seed, List<byte[]> corpus) {
        this.rnd = new SplittableRandom(seed);
        this.corpus = corpus;
    }

    byte[] next() {
        if (!corpus.isEmpty() && rnd.nextInt(2) == 0) {
            return mutate(corpus.get(rnd.nextInt(corpus.size())));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int instructions = 1 + rnd.nextInt(3);
        for (int i = 0; i < instructions; i++) {
            out.writeBytes(instruction());
        }
        return cap(out.toByteArray());
    }

    /** One instruction's worth of bytes, cut to the decoder's length when it decodes. */
    private byte[] instruction() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        if (rnd.nextInt(10) == 0) {
            b.write(PREFIXES[rnd.nextInt(PREFIXES.length)]);
        }
        if (rnd.nextInt(10) < 6) {
            b.write(0x40 | rnd.nextInt(16));
        }
        int map = rnd.nextInt(20);
        boolean preferred = rnd.nextBoolean();
        if (map < 13) {
            b.write(preferred ? ONE_BYTE[rnd.nextInt(ONE_BYTE.length)] : rnd.nextInt(256));
        } else if (map < 19) {
            b.write(0x0F);
            b.write(preferred ? TWO_BYTE[rnd.nextInt(TWO_BYTE.length)] : rnd.nextInt(256));
        } else {
            b.write(0x0F);
            b.write(rnd.nextBoolean() ? 0x38 : 0x3A);
            b.write(rnd.nextInt(256));
        }
        // ModRM: register-direct half of the time, then SIB, displacement and immediate bytes.
        b.write(rnd.nextBoolean() ? 0xC0 | rnd.nextInt(64) : rnd.nextInt(256));
        for (int i = rnd.nextInt(9); i > 0; i--) {
            b.write(rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(256));
        }
        byte[] bytes = b.toByteArray();
        try {
            X86Instruction decoded = X86Decoder.decode(bytes, 0);
            return java.util.Arrays.copyOf(bytes, decoded.length());
        } catch (X86DecodeException e) {
            return bytes;
        }
    }

    private byte[] mutate(byte[] seed) {
        byte[] b = seed.clone();
        switch (rnd.nextInt(6)) {
            case 0 -> b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
            case 1 -> b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
            case 2 -> {
                int at = rnd.nextInt(b.length + 1);
                byte[] c = new byte[b.length + 1];
                System.arraycopy(b, 0, c, 0, at);
                c[at] = (byte) rnd.nextInt(256);
                System.arraycopy(b, at, c, at + 1, b.length - at);
                b = c;
            }
            case 3 -> {
                if (b.length > 1) {
                    int at = rnd.nextInt(b.length);
                    byte[] c = new byte[b.length - 1];
                    System.arraycopy(b, 0, c, 0, at);
                    System.arraycopy(b, at + 1, c, at, b.length - at - 1);
                    b = c;
                }
            }
            case 4 -> {
                byte[] other = corpus.get(rnd.nextInt(corpus.size()));
                byte[] c = java.util.Arrays.copyOf(b, b.length + other.length);
                System.arraycopy(other, 0, c, b.length, other.length);
                b = c;
            }
            default -> {
                byte[] c = java.util.Arrays.copyOf(b, b.length + 1);
                c[b.length] = (byte) rnd.nextInt(256);
                b = c;
            }
        }
        return cap(b);
    }

    private static byte[] cap(byte[] b) {
        return b.length > 64 ? java.util.Arrays.copyOf(b, 64) : b;
    }
}
