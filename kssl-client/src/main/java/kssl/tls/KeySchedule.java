package kssl.tls;

import ksecurity.prim.Bytes;
import ksecurity.prim.Md5;
import ksecurity.prim.TlsPrf;

/**
 * From the premaster secret to record keys and Finished values: the master secret (RFC 5246
 * §8.1; SSL 3.0 RFC 6101 §6.1; the extended master secret of RFC 7627 §4 over the session
 * hash), the key block and its partition (RFC 5246 §6.3; the export keys of RFC 2246 §6.3 and
 * RFC 6101 §6.2.2), and verify_data (RFC 5246 §7.4.9; SSL 3.0 §5.6.9).
 */
final class KeySchedule {
    private static final byte[] MASTER_SECRET = TlsPrf.ascii("master secret");
    private static final byte[] EXTENDED_MASTER_SECRET = TlsPrf.ascii("extended master secret");
    private static final byte[] KEY_EXPANSION = TlsPrf.ascii("key expansion");
    private static final byte[] CLIENT_FINISHED = TlsPrf.ascii("client finished");
    private static final byte[] SERVER_FINISHED = TlsPrf.ascii("server finished");
    private static final byte[] CLIENT_WRITE_KEY = TlsPrf.ascii("client write key");
    private static final byte[] SERVER_WRITE_KEY = TlsPrf.ascii("server write key");

    private final TlsPrf prf = new TlsPrf();
    private final byte[] hashBuf = new byte[36];
    final byte[] master = new byte[48];
    final byte[] clientRandom;
    final byte[] serverRandom;
    final int version;
    final int suite;

    KeySchedule(int version, int suite, byte[] clientRandom, byte[] serverRandom) {
        this.version = version;
        this.suite = suite;
        this.clientRandom = clientRandom;
        this.serverRandom = serverRandom;
    }

    /** Derives the master secret; with EMS the seed is the session hash so far. */
    void deriveMaster(byte[] pms, int off, int len, boolean ems, HandshakeHash hash) {
        if (version == ProtocolVersion.SSL30) {
            prf.ssl3(pms, off, len, clientRandom, 0, 32, serverRandom, 0, 32, master, 0, 48);
        } else if (ems) {
            int n = hash.current(hashBuf, 0);
            run(pms, off, len, EXTENDED_MASTER_SECRET, hashBuf, 0, n, null, 0, 0, master, 0, 48);
        } else {
            run(pms, off, len, MASTER_SECRET, clientRandom, 0, 32, serverRandom, 0, 32, master, 0, 48);
        }
    }

    /** Takes the master secret of a resumed session. */
    void setMaster(byte[] m) {
        System.arraycopy(m, 0, master, 0, 48);
    }

    /**
     * The key block: derived by the first call of {@link #protection} (the PRF over the master
     * secret, a dozen SHA-256 compressions), used by the second for the other direction, then
     * wiped. Between the two it is no more secret than the master secret kept beside it.
     */
    private byte[] keyBlock;

    /** The record protection for the data one side writes (called once for each side). */
    RecordProtection protection(boolean clientWrites) {
        int macLen = CipherSuite.macLength(suite);
        int keyLen = CipherSuite.keyMaterialLength(suite);
        int ivLen = CipherSuite.fixedIvLength(suite);
        byte[] kb = keyBlock;
        boolean last = kb != null;
        if (kb == null) {
            kb = new byte[2 * (macLen + keyLen + ivLen)];
            if (version == ProtocolVersion.SSL30) {
                prf.ssl3(master, 0, 48, serverRandom, 0, 32, clientRandom, 0, 32, kb, 0, kb.length);
            } else {
                run(master, 0, 48, KEY_EXPANSION, serverRandom, 0, 32, clientRandom, 0, 32, kb, 0, kb.length);
            }
            keyBlock = kb;
        }
        int macOff = clientWrites ? 0 : macLen;
        int keyOff = 2 * macLen + (clientWrites ? 0 : keyLen);
        int ivOff = 2 * (macLen + keyLen) + (clientWrites ? 0 : ivLen);
        RecordProtection p;
        if (CipherSuite.isAead(suite)) {
            boolean gcm = CipherSuite.cipher(suite) == CipherSuite.CIPHER_AES_128_GCM;
            p = new AeadProtection(gcm, kb, keyOff, kb, ivOff);
        } else {
            byte[] key = kb;
            int kOff = keyOff;
            if (CipherSuite.isExport(suite)) {
                key = exportKey(kb, keyOff, clientWrites);
                kOff = 0;
            }
            p = new Rc4Protection(version == ProtocolVersion.SSL30, CipherSuite.mac(suite), key, kOff, 16, kb, macOff);
            if (key != kb) {
                Bytes.wipe(key);   // the export key; the key block is wiped after its second use
            }
        }
        if (last) {
            Bytes.wipe(kb);
            keyBlock = null;
        }
        return p;
    }

    /** The final 16-byte RC4 key from the 5-byte export key material. */
    private byte[] exportKey(byte[] kb, int off, boolean client) {
        byte[] key = new byte[16];
        if (version == ProtocolVersion.SSL30) {
            Md5 md5 = new Md5();
            md5.update(kb, off, 5);
            md5.update(client ? clientRandom : serverRandom, 0, 32);
            md5.update(client ? serverRandom : clientRandom, 0, 32);
            md5.doFinal(key, 0);
        } else {
            prf.tls10(kb, off, 5, client ? CLIENT_WRITE_KEY : SERVER_WRITE_KEY, clientRandom, 0, 32, serverRandom, 0,
                    32, key, 0, 16);
        }
        return key;
    }

    /** verify_data for the Finished of one side over the handshake so far; returns its length. */
    int finished(boolean client, HandshakeHash hash, byte[] out) {
        if (version == ProtocolVersion.SSL30) {
            byte[] sender = client ? TlsPrf.SENDER_CLIENT : TlsPrf.SENDER_SERVER;
            prf.ssl3Hash(hash.md5Copy(), sender, master, 0, 48, out, 0);
            prf.ssl3Hash(hash.sha1Copy(), sender, master, 0, 48, out, 16);
            return 36;
        }
        int n = hash.current(hashBuf, 0);
        run(master, 0, 48, client ? CLIENT_FINISHED : SERVER_FINISHED, hashBuf, 0, n, null, 0, 0, out, 0, 12);
        return 12;
    }

    private void run(byte[] secret, int sOff, int sLen, byte[] label, byte[] s1, int o1, int l1, byte[] s2, int o2,
            int l2, byte[] out, int outOff, int outLen) {
        if (version == ProtocolVersion.TLS12) {
            prf.tls12(secret, sOff, sLen, label, s1, o1, l1, s2, o2, l2, out, outOff, outLen);
        } else {
            prf.tls10(secret, sOff, sLen, label, s1, o1, l1, s2, o2, l2, out, outOff, outLen);
        }
    }

    void clear() {
        Bytes.wipe(master);
    }
}
