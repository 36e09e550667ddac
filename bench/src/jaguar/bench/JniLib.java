/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

package jaguar.bench;

/** JNI entry points into bench/native/jni.c; each forwards to the C function FfmLib binds. */
public final class JniLib {
    static {
        System.load(BenchLibrary.PATH.toString());
    }

    private JniLib() {
    }

    public static native void noop();

    public static native int inc(int x);

    public static native int sum4(int a, int b, int c, int d);

    public static native long load8(long address);

    public static native void store8(long address, long v);

    public static native int getInt(long base, long index);

    public static native void putInt(long base, long index, int v);

    /** GetByteArrayRegion: src[0, n) to native memory at dst. */
    public static native void copyToNative(byte[] src, long dst, int n);

    /** SetByteArrayRegion: native memory at src to dst[0, n). */
    public static native void copyFromNative(long src, byte[] dst, int n);
}
