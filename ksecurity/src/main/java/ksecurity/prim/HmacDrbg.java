package ksecurity.prim;

/**
 * HMAC_DRBG with SHA-256 (SP 800-90A Rev. 1 §10.1.2): instantiate, reseed, and generate with
 * optional additional input, without prediction resistance. Security strength 256 bits, so
 * entropy input must be at least 32 bytes. Requests are limited to 2^19 bits (65,536 bytes);
 * after reseedInterval requests, generate refuses until reseed is called.
 */
public final class HmacDrbg {
    /** SP 800-90A Table 2: max_number_of_bits_per_request = 2^19 bits. */
    public static final int MAX_REQUEST_BYTES = 1 << 16;
    /** SP 800-90A Table 2: reseed_interval at most 2^48. */
    public static final long MAX_RESEED_INTERVAL = 1L << 48;
    /** Security strength in bytes: the minimum entropy input. */
    public static final int MIN_ENTROPY_BYTES = 32;

    private final Hmac hmac = new Hmac(new Sha256());
    private final byte[] k = new byte[32];
    private final byte[] v = new byte[32];
    private final long reseedInterval;
    private long reseedCounter;
    private static final byte[] ZERO = {0};
    private static final byte[] ONE = {1};

    /** A DRBG that asks for reseeding after {@code reseedInterval} generate calls (1..2^48). */
    public HmacDrbg(long reseedInterval) {
        if (reseedInterval < 1 || reseedInterval > MAX_RESEED_INTERVAL) {
            throw new IllegalArgumentException("reseed interval must be 1..2^48");
        }
        this.reseedInterval = reseedInterval;
    }

    public HmacDrbg() {
        this(MAX_RESEED_INTERVAL);
    }

    /** §10.1.2.3: seed material = entropy || nonce || personalization (nonce and pers may be null). */
    public void instantiate(byte[] entropy, int eOff, int eLen, byte[] nonce, int nOff, int nLen,
            byte[] pers, int pOff, int pLen) {
        checkEntropy(eLen);
        for (int i = 0; i < 32; i++) {
            k[i] = 0;
            v[i] = 1;
        }
        update(entropy, eOff, eLen, nonce, nOff, nLen, pers, pOff, pLen);
        reseedCounter = 1;
    }

    /** §10.1.2.4: seed material = entropy || additional input (which may be null). */
    public void reseed(byte[] entropy, int eOff, int eLen, byte[] add, int aOff, int aLen) {
        checkInstantiated();
        checkEntropy(eLen);
        update(entropy, eOff, eLen, add, aOff, aLen, null, 0, 0);
        reseedCounter = 1;
    }

    /** True when the next generate would refuse for want of a reseed. */
    public boolean needsReseed() {
        return reseedCounter > reseedInterval;
    }

    public boolean isInstantiated() {
        return reseedCounter != 0;
    }

    /** Number of generate calls since the last (re)seed, plus one, as the standard counts. */
    public long reseedCounter() {
        return reseedCounter;
    }

    /**
     * §10.1.2.5: writes len bytes of output. Returns false, writing nothing, if a reseed is
     * required first. add (additional input) may be null.
     */
    public boolean generate(byte[] out, int off, int len, byte[] add, int aOff, int aLen) {
        checkInstantiated();
        if (len < 0 || len > MAX_REQUEST_BYTES) {
            throw new IllegalArgumentException("DRBG request must be 0..65536 bytes");
        }
        if (needsReseed()) {
            return false;
        }
        boolean hasAdd = add != null && aLen > 0;
        if (hasAdd) {
            update(add, aOff, aLen, null, 0, 0, null, 0, 0);
        }
        hmac.init(k, 0, 32);
        int done = 0;
        while (done < len) {
            hmac.update(v, 0, 32);
            hmac.doFinal(v, 0);
            int n = len - done < 32 ? len - done : 32;
            System.arraycopy(v, 0, out, off + done, n);
            done += n;
        }
        update(add, aOff, hasAdd ? aLen : 0, null, 0, 0, null, 0, 0);
        reseedCounter++;
        return true;
    }

    /** HMAC_DRBG_Update (§10.1.2.2) with provided_data = a || b || c (each part may be empty). */
    private void update(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen, byte[] c, int cOff, int cLen) {
        boolean empty = (a == null || aLen == 0) && (b == null || bLen == 0) && (c == null || cLen == 0);
        for (int round = 0; round < 2; round++) {
            hmac.init(k, 0, 32);
            hmac.update(v, 0, 32);
            hmac.update(round == 0 ? ZERO : ONE, 0, 1);
            if (a != null) {
                hmac.update(a, aOff, aLen);
            }
            if (b != null) {
                hmac.update(b, bOff, bLen);
            }
            if (c != null) {
                hmac.update(c, cOff, cLen);
            }
            hmac.doFinal(k, 0);
            hmac.init(k, 0, 32);
            hmac.update(v, 0, 32);
            hmac.doFinal(v, 0);
            if (empty) {
                return;
            }
        }
    }

    private static void checkEntropy(int len) {
        if (len < MIN_ENTROPY_BYTES) {
            throw new IllegalArgumentException("DRBG entropy input must be at least 32 bytes");
        }
    }

    private void checkInstantiated() {
        if (reseedCounter == 0) {
            throw new IllegalStateException("DRBG not instantiated");
        }
    }

    /** Uninstantiate (§9.4): wipes the state. */
    public void clear() {
        for (int i = 0; i < 32; i++) {
            k[i] = 0;
            v[i] = 0;
        }
        hmac.clear();
        reseedCounter = 0;
    }
}
