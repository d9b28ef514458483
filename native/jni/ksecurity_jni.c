/*
 * JNI glue for ksecurity.jni.NativeKernels: copies the Java arrays into stack buffers, calls
 * the kernels, copies the result back, and wipes the copies of secrets with ks_wipe (a plain
 * memset of a buffer never read again is removed by the optimiser): scalars, exponents, the
 * bases and moduli of the RSA halves (the primes of a CRT key), and the results (an ECDH
 * shared point, a half of a private operation). Every length is checked here again,
 * whatever the Java side did.
 */
#include <jni.h>
#include <string.h>

#include "ks_config.h"
#include "ks_ec.h"
#include "ks_rsa.h"
#include "ks_wipe.h"

#define MAX_FIELD 32
#define MAX_ORDER 32
#define MAX_RSA (KS_RSA_MAX_BITS / 8)

/* Copies array a (exactly len bytes) into buf; 0 on success, -1 if null or of another length. */
static int get(JNIEnv *env, jbyteArray a, jsize len, uint8_t *buf)
{
    if (a == NULL || (*env)->GetArrayLength(env, a) != len) {
        return -1;
    }
    (*env)->GetByteArrayRegion(env, a, 0, len, (jbyte *)buf);
    return (*env)->ExceptionCheck(env) ? -1 : 0;
}

static int put(JNIEnv *env, jbyteArray a, jsize len, const uint8_t *buf)
{
    (*env)->SetByteArrayRegion(env, a, 0, len, (const jbyte *)buf);
    return (*env)->ExceptionCheck(env) ? -1 : 0;
}

/* Lengths for a curve: 0, or -1 for an unknown curve. */
static int lengths(jint curve, jsize *fb, jsize *ob)
{
    int f = ks_ec_field_bytes(curve), o = ks_ec_order_bytes(curve);
    if (f <= 0 || o <= 0) {
        return -1;
    }
    *fb = f;
    *ob = o;
    return 0;
}

JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcMul(JNIEnv *env, jclass cls,
    jint curve, jbyteArray k, jbyteArray point, jbyteArray out)
{
    uint8_t kb[MAX_ORDER], pb[2 * MAX_FIELD], ob[2 * MAX_FIELD];
    jsize fl, ol;
    int rc = KS_INVALID;
    (void)cls;
    if (lengths(curve, &fl, &ol) == 0 && out != NULL
        && (*env)->GetArrayLength(env, out) == 2 * fl && get(env, k, ol, kb) == 0
        && get(env, point, 2 * fl, pb) == 0) {
        rc = ks_ec_mul(curve, kb, pb, ob);
        if (put(env, out, 2 * fl, ob) != 0) {
            rc = KS_INVALID;
        }
    }
    ks_wipe(kb, sizeof kb);
    ks_wipe(ob, sizeof ob);
    return rc;
}

JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcMulBase(JNIEnv *env, jclass cls,
    jint curve, jbyteArray k, jbyteArray out)
{
    uint8_t kb[MAX_ORDER], ob[2 * MAX_FIELD];
    jsize fl, ol;
    int rc = KS_INVALID;
    (void)cls;
    if (lengths(curve, &fl, &ol) == 0 && out != NULL
        && (*env)->GetArrayLength(env, out) == 2 * fl && get(env, k, ol, kb) == 0) {
        rc = ks_ec_mul_base(curve, kb, ob);
        if (put(env, out, 2 * fl, ob) != 0) {
            rc = KS_INVALID;
        }
    }
    ks_wipe(kb, sizeof kb);
    ks_wipe(ob, sizeof ob);
    return rc;
}

JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcMulAdd(JNIEnv *env, jclass cls,
    jint curve, jbyteArray u1, jbyteArray u2, jbyteArray q, jbyteArray out)
{
    uint8_t b1[MAX_ORDER], b2[MAX_ORDER], qb[2 * MAX_FIELD], ob[2 * MAX_FIELD];
    jsize fl, ol;
    int rc = KS_INVALID;
    (void)cls;
    if (lengths(curve, &fl, &ol) == 0 && out != NULL
        && (*env)->GetArrayLength(env, out) == 2 * fl && get(env, u1, ol, b1) == 0
        && get(env, u2, ol, b2) == 0 && get(env, q, 2 * fl, qb) == 0) {
        rc = ks_ec_mul_add_vartime(curve, b1, b2, qb, ob);
        if (put(env, out, 2 * fl, ob) != 0) {
            rc = KS_INVALID;
        }
    }
    return rc;
}

JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcTableSize(JNIEnv *env, jclass cls,
    jint curve)
{
    (void)env;
    (void)cls;
    return ks_ec_table_size(curve);
}

/* A key's verification table, pinned for the call: NULL unless it has the curve's table size
   (*len set). Release it with ReleasePrimitiveArrayCritical. */
static jbyte *table_critical(JNIEnv *env, jint curve, jbyteArray table, jsize *len)
{
    *len = (*env)->GetArrayLength(env, table);
    if (*len != ks_ec_table_size(curve)) {
        return NULL;
    }
    return (*env)->GetPrimitiveArrayCritical(env, table, NULL);
}

/* Public data only (a public key and its table): nothing to wipe. The table (up to
   KS_EC_TABLE_MAX bytes) is written in place through a critical pointer rather than through a
   buffer of that size on the thread's stack. */
JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcPrecompute(JNIEnv *env, jclass cls,
    jint curve, jbyteArray q, jbyteArray table)
{
    uint8_t qb[2 * MAX_FIELD];
    jsize fl, ol, len;
    jbyte *t;
    int rc;
    (void)cls;
    if (lengths(curve, &fl, &ol) != 0 || table == NULL || get(env, q, 2 * fl, qb) != 0) {
        return KS_INVALID;
    }
    t = table_critical(env, curve, table, &len);
    if (t == NULL) {
        return KS_INVALID;
    }
    rc = ks_ec_precompute_vartime(curve, qb, (uint8_t *)t, (size_t)len);
    (*env)->ReleasePrimitiveArrayCritical(env, table, t, 0);
    return rc;
}

/* Public data only: u1, u2, r, the key or its table (read in place, as above). */
JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeEcVerify(JNIEnv *env, jclass cls,
    jint curve, jbyteArray u1, jbyteArray u2, jbyteArray q, jbyteArray table, jbyteArray r)
{
    uint8_t b1[MAX_ORDER], b2[MAX_ORDER], rb[MAX_ORDER], qb[2 * MAX_FIELD];
    jsize fl, ol, len;
    jbyte *t;
    int rc;
    (void)cls;
    if (lengths(curve, &fl, &ol) != 0 || get(env, u1, ol, b1) != 0 || get(env, u2, ol, b2) != 0
        || get(env, r, ol, rb) != 0) {
        return KS_INVALID;
    }
    if (table == NULL) {
        return get(env, q, 2 * fl, qb) != 0 ? KS_INVALID : ks_ec_verify_vartime(curve, b1, b2, qb, NULL, 0, rb);
    }
    t = table_critical(env, curve, table, &len);
    if (t == NULL) {
        return KS_INVALID;
    }
    rc = ks_ec_verify_vartime(curve, b1, b2, NULL, (const uint8_t *)t, (size_t)len, rb);
    (*env)->ReleasePrimitiveArrayCritical(env, table, t, JNI_ABORT);
    return rc;
}

JNIEXPORT jint JNICALL Java_ksecurity_jni_NativeKernels_nativeModExp(JNIEnv *env, jclass cls,
    jbyteArray base, jbyteArray exp, jbyteArray mod, jbyteArray out)
{
    uint8_t bb[MAX_RSA], eb[MAX_RSA], mb[MAX_RSA], ob[MAX_RSA];
    jsize ml, el;
    int rc = KS_INVALID;
    (void)cls;
    if (mod == NULL || exp == NULL || out == NULL) {
        return KS_INVALID;
    }
    ml = (*env)->GetArrayLength(env, mod);
    el = (*env)->GetArrayLength(env, exp);
    if (ml > 0 && ml <= MAX_RSA && el <= MAX_RSA && (*env)->GetArrayLength(env, out) == ml
        && get(env, base, ml, bb) == 0 && get(env, exp, el, eb) == 0
        && get(env, mod, ml, mb) == 0) {
        rc = ks_modexp(bb, eb, (size_t)el, mb, (size_t)ml, ob);
        if (rc == KS_OK && put(env, out, ml, ob) != 0) {
            rc = KS_INVALID;
        }
    }
    ks_wipe(eb, sizeof eb);
    ks_wipe(bb, sizeof bb);
    ks_wipe(mb, sizeof mb);
    ks_wipe(ob, sizeof ob);
    return rc;
}
