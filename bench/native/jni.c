/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/* JNI entry points of jaguar.bench.JniLib: each forwards to the same C function the FFM
 * downcalls bind (functions.c), plus the JNI array-region copies of the copy benchmark. */
#include <jni.h>
#include "functions.h"

#define JNI_NAME(m) Java_jaguar_bench_JniLib_##m

JNIEXPORT void JNICALL JNI_NAME(noop)(JNIEnv *env, jclass cls) {
    jb_noop();
}

JNIEXPORT jint JNICALL JNI_NAME(inc)(JNIEnv *env, jclass cls, jint x) {
    return jb_inc(x);
}

JNIEXPORT jint JNICALL JNI_NAME(sum4)(JNIEnv *env, jclass cls, jint a, jint b, jint c, jint d) {
    return jb_sum4(a, b, c, d);
}

JNIEXPORT jlong JNICALL JNI_NAME(load8)(JNIEnv *env, jclass cls, jlong address) {
    return jb_load8((const int64_t *) (intptr_t) address);
}

JNIEXPORT void JNICALL JNI_NAME(store8)(JNIEnv *env, jclass cls, jlong address, jlong v) {
    jb_store8((int64_t *) (intptr_t) address, v);
}

JNIEXPORT jint JNICALL JNI_NAME(getInt)(JNIEnv *env, jclass cls, jlong base, jlong index) {
    return jb_get_int((const int32_t *) (intptr_t) base, index);
}

JNIEXPORT void JNICALL JNI_NAME(putInt)(JNIEnv *env, jclass cls, jlong base, jlong index, jint v) {
    jb_put_int((int32_t *) (intptr_t) base, index, v);
}

/* Java byte[] -> native memory. */
JNIEXPORT void JNICALL JNI_NAME(copyToNative)(JNIEnv *env, jclass cls, jbyteArray src, jlong dst, jint n) {
    (*env)->GetByteArrayRegion(env, src, 0, n, (jbyte *) (intptr_t) dst);
}

/* Native memory -> Java byte[]. */
JNIEXPORT void JNICALL JNI_NAME(copyFromNative)(JNIEnv *env, jclass cls, jlong src, jbyteArray dst, jint n) {
    (*env)->SetByteArrayRegion(env, dst, 0, n, (const jbyte *) (intptr_t) src);
}
