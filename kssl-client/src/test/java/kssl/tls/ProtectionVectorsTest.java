package kssl.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import ksecurity.prim.Bytes;
import ksecurity.prim.Sha256;
import org.junit.jupiter.api.Test;

/**
 * Known answers for the C server's handshake hash, key schedule, record protection and
 * session-name digest (native/sizzle/sz_handshake_hash.c, sz_key_schedule.c,
 * sz_record_protection.c, sz_session_cache.c), written by the Java code they mirror
 * (HandshakeHash, KeySchedule, AeadProtection, Rc4Protection, ServerHandshake.nameDigest).
 * The stored file must equal a fresh run; -Dsizzle.protection.vectors.write=true writes it again.
 *
 * Format (native/sizzle/tests/test_keys.c reads it), one item a line, hex in lower case, "-"
 * for empty bytes:
 * <pre>
 * case PROFILE NAME                  profile: modern, legacy-ecc or legacy-rsa
 * version VVVV / suite SSSS
 * premaster, client_random, server_random HEX
 * messages HEX                       handshake messages up to ClientKeyExchange (a few pieces: one line each)
 * session_hash HEX                   HandshakeHash.current after them
 * master HEX / master_ems HEX        without and (TLS only) with the extended master secret
 * key_block HEX                      the whole key block from master
 * finished_messages HEX              more messages before the client's Finished
 * client_finished HEX                verify_data over messages || finished_messages
 * server_messages HEX                the client's Finished message
 * server_finished HEX                verify_data over all three
 * seal DIR TYPE PLAIN FRAGMENT       DIR c (client writes: the server opens) or s (server writes:
 *                                    the server seals); in sequence order per direction from 0;
 *                                    a 16 KiB record as "*N #SHA256": N bytes (i * 31 + 7) mod 256,
 *                                    the SHA-256 of its fragment
 * open_fail TYPE AFTER FRAGMENT WHAT the client-written FRAGMENT opened after the first AFTER
 *                                    good client records must fail with bad_record_mac
 * end
 * name_digest NAME DIGEST            ServerHandshake.nameDigest of NAME's bytes
 * </pre>
 */
class ProtectionVectorsTest {
    /** Records longer than this are written as "*N" and the SHA-256 of their fragment ("#HEX"). */
    private static final int BIG = 4096;
    static final Path FILE = Path.of("../native/sizzle/tests/protection-vectors.txt");

    @Test
    void storedVectorsMatchTheJava() throws Exception {
        String text = format();
        if (Boolean.getBoolean("sizzle.protection.vectors.write")) {
            Files.writeString(FILE, text, StandardCharsets.US_ASCII);
        }
        assertEquals(Files.readString(FILE, StandardCharsets.US_ASCII), text, "matches " + FILE);
    }

    static String format() throws Exception {
        StringBuilder sb = new StringBuilder();
        sb.append("# Written by kssl-client ProtectionVectorsTest (-Dsizzle.protection.vectors.write=true): the Java\n");
        sb.append("# HandshakeHash, KeySchedule, AeadProtection, Rc4Protection and ServerHandshake.nameDigest.\n");
        int gcm = CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256;
        int ccm = CipherSuite.TLS_ECDHE_ECDSA_WITH_AES_128_CCM_8;
        int ecdh = CipherSuite.TLS_ECDH_ECDSA_WITH_RC4_128_SHA;
        int rsaSha = CipherSuite.TLS_RSA_WITH_RC4_128_SHA;
        int rsaMd5 = CipherSuite.TLS_RSA_WITH_RC4_128_MD5;
        for (int round = 1; round <= 2; round++) {
            writeCase(sb, "modern", ProtocolVersion.TLS12, gcm, 32, round);
            writeCase(sb, "modern", ProtocolVersion.TLS12, ccm, 32, round);
            for (int v : new int[] {ProtocolVersion.SSL30, ProtocolVersion.TLS10}) {
                writeCase(sb, "legacy-ecc", v, ecdh, 20, round);
                writeCase(sb, "legacy-rsa", v, rsaSha, 48, round);
                writeCase(sb, "legacy-rsa", v, rsaMd5, 48, round);
            }
        }
        Method nd = ServerHandshake.class.getDeclaredMethod("nameDigest", ClientHello.class);
        nd.setAccessible(true);
        StringBuilder longName = new StringBuilder();
        while (longName.length() < 255) {
            longName.append(longName.length() % 64 == 63 ? '.' : (char) ('A' + longName.length() % 26));
        }
        String[] names = {"a", "Z", "thermostat.local", "Thermostat.LOCAL", "MOTE-1.example.ORG", "@[`{~09",
            longName.toString()};
        for (String name : names) {
            ClientHello h = new ClientHello();
            byte[] b = name.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(b, 0, h.serverName, 0, b.length);
            h.serverNameLength = b.length;
            byte[] d = (byte[]) nd.invoke(null, h);
            sb.append("name_digest ").append(hex(b)).append(' ').append(hex(d)).append('\n');
        }
        return sb.toString();
    }

    private static void writeCase(StringBuilder sb, String profile, int version, int suite, int pmsLen, int round)
            throws Exception {
        String name = CipherSuite.name(suite) + "-" + Integer.toHexString(version) + "-" + round;
        SeededRandom rnd = new SeededRandom("protection " + hex16(suite) + " " + hex16(version) + " " + round);
        byte[] pms = bytes(rnd, pmsLen);
        if (pmsLen == 48) {
            pms[0] = 3;
            pms[1] = (byte) (version & 0xFF);
        }
        byte[] cr = bytes(rnd, 32);
        byte[] sr = bytes(rnd, 32);
        sb.append("case ").append(profile).append(' ').append(name).append('\n');
        sb.append("version ").append(hex16(version)).append('\n');
        sb.append("suite ").append(hex16(suite)).append('\n');
        sb.append("premaster ").append(hex(pms)).append('\n');
        sb.append("client_random ").append(hex(cr)).append('\n');
        sb.append("server_random ").append(hex(sr)).append('\n');

        HandshakeHash hash = new HandshakeHash();
        hash.setVersion(version);
        // ClientHello, ServerHello, Certificate, ServerHelloDone, ClientKeyExchange: pieces of
        // lengths around a real flight's (one empty: the C hash must take it too)
        int[] pieces = {round == 1 ? 517 : 1944, 0, 90, 530 + round, 4, 70};
        for (int n : pieces) {
            byte[] m = bytes(rnd, n);
            hash.update(m, 0, n);
            sb.append("messages ").append(hex(m)).append('\n');
        }
        byte[] sessionHash = new byte[36];
        int sn = hash.current(sessionHash, 0);
        sb.append("session_hash ").append(Bytes.hex(sessionHash, 0, sn)).append('\n');

        KeySchedule ks = new KeySchedule(version, suite, cr, sr);
        ks.deriveMaster(pms, 0, pms.length, false, hash);
        byte[] master = ks.master.clone();
        sb.append("master ").append(hex(master)).append('\n');
        if (version != ProtocolVersion.SSL30) {
            KeySchedule ems = new KeySchedule(version, suite, cr, sr);
            ems.deriveMaster(pms, 0, pms.length, true, hash);
            sb.append("master_ems ").append(hex(ems.master)).append('\n');
        }
        int kbLen = 2 * (CipherSuite.macLength(suite) + CipherSuite.keyMaterialLength(suite)
                + CipherSuite.fixedIvLength(suite));
        byte[] kb = new byte[kbLen];
        if (version == ProtocolVersion.SSL30) {
            new ksecurity.prim.TlsPrf().ssl3(master, 0, 48, sr, 0, 32, cr, 0, 32, kb, 0, kbLen);
        } else if (version == ProtocolVersion.TLS12) {
            new ksecurity.prim.TlsPrf().tls12(master, 0, 48, ksecurity.prim.TlsPrf.ascii("key expansion"), sr, 0, 32,
                    cr, 0, 32, kb, 0, kbLen);
        } else {
            new ksecurity.prim.TlsPrf().tls10(master, 0, 48, ksecurity.prim.TlsPrf.ascii("key expansion"), sr, 0, 32,
                    cr, 0, 32, kb, 0, kbLen);
        }
        sb.append("key_block ").append(hex(kb)).append('\n');

        byte[] fm = bytes(rnd, 300 + 7 * round);
        hash.update(fm, 0, fm.length);
        sb.append("finished_messages ").append(hex(fm)).append('\n');
        byte[] vd = new byte[36];
        int vn = ks.finished(true, hash, vd);
        sb.append("client_finished ").append(Bytes.hex(vd, 0, vn)).append('\n');
        byte[] cf = new byte[4 + vn];
        cf[0] = 20;
        cf[3] = (byte) vn;
        System.arraycopy(vd, 0, cf, 4, vn);
        hash.update(cf, 0, cf.length);
        sb.append("server_messages ").append(hex(cf)).append('\n');
        vn = ks.finished(false, hash, vd);
        sb.append("server_finished ").append(Bytes.hex(vd, 0, vn)).append('\n');

        RecordProtection client = ks.protection(true);
        RecordProtection server = ks.protection(false);
        // a second pair to check the Java's own opens (the client's records, as the server reads them)
        KeySchedule ks2 = new KeySchedule(version, suite, cr, sr);
        ks2.setMaster(master);
        RecordProtection serverRead = ks2.protection(true);
        ks2.protection(false).clear();
        int[] types = {22, 23, 23, 23, 21, 23};
        int[] sizes = {vn + 4, 0, 1, 100, 2, 16384};
        int prefix = client.prefixLength();
        byte[][] clientFragments = new byte[sizes.length][];
        for (int dir = 0; dir < 2; dir++) {
            RecordProtection p = dir == 0 ? client : server;
            for (int i = 0; i < sizes.length; i++) {
                byte[] plain = sizes[i] > BIG ? pattern(sizes[i]) : bytes(rnd, sizes[i]);
                byte[] buf = new byte[prefix + plain.length + p.expansion()];
                System.arraycopy(plain, 0, buf, prefix, plain.length);
                int n = p.seal(i, types[i], version, buf, 0, plain.length);
                byte[] frag = Bytes.copy(buf, 0, n);
                sb.append("seal ").append(dir == 0 ? 'c' : 's').append(' ').append(types[i]).append(' ');
                if (plain.length > BIG) {
                    Sha256 d = new Sha256();
                    d.update(frag, 0, n);
                    byte[] digest = new byte[32];
                    d.doFinal(digest, 0);
                    sb.append('*').append(plain.length).append(" #").append(hex(digest)).append('\n');
                } else {
                    sb.append(hex(plain)).append(' ').append(hex(frag)).append('\n');
                }
                if (dir == 0) {
                    clientFragments[i] = frag;
                    byte[] b = frag.clone();
                    int pn = serverRead.open(i, types[i], version, b, 0, b.length);
                    assertArrayEquals(plain, Bytes.copy(b, prefix, pn), name + " open " + i);
                }
            }
        }
        // Opens that must fail: a flipped bit in each part of records 2 and 3 (first and last
        // byte of the explicit nonce, the ciphertext, the tag or MAC), each cut one byte short, a
        // record replayed (the wrong sequence number), the wrong type, and fragments shorter than
        // a nonce and tag or a MAC.
        int macOrTag = client.expansion() - prefix;
        for (int i = 2; i <= 3; i++) {
            byte[] f = clientFragments[i];
            int len = f.length;
            int body = len - macOrTag;
            int[] at = {0, prefix - 1, prefix, body - 1, body, len - 1};
            for (int k = 0; k < at.length; k++) {
                if (at[k] < 0 || (k > 0 && at[k] == at[k - 1])) {
                    continue;
                }
                byte[] bad = f.clone();
                bad[at[k]] ^= (byte) (1 << (at[k] % 8));
                failCase(sb, ks2, types, clientFragments, i, types[i], bad, "flip-" + at[k]);
            }
            failCase(sb, ks2, types, clientFragments, i, types[i], Bytes.copy(f, 0, len - 1), "cut-1");
        }
        failCase(sb, ks2, types, clientFragments, 2, types[1], clientFragments[1], "replayed");
        failCase(sb, ks2, types, clientFragments, 1, 22, clientFragments[1], "wrong-type");
        int[] shorts = {0, 1, prefix, prefix + macOrTag - 1};
        for (int k = 0; k < shorts.length; k++) {
            if (k == 0 || shorts[k] > shorts[k - 1]) {
                failCase(sb, ks2, types, clientFragments, 1, 23, Bytes.copy(clientFragments[3], 0, shorts[k]),
                        "short-" + shorts[k]);
            }
        }
        sb.append("end\n");
    }

    /**
     * The Java's own open of bad, after the first `after` client records are opened, must fail
     * with bad_record_mac; then its line.
     */
    private static void failCase(StringBuilder sb, KeySchedule keys, int[] types, byte[][] fragments, int after,
            int type, byte[] bad, String what) throws Exception {
        KeySchedule ks = new KeySchedule(keys.version, keys.suite, keys.clientRandom, keys.serverRandom);
        ks.setMaster(keys.master);
        RecordProtection read = ks.protection(true);
        ks.protection(false).clear();
        for (int i = 0; i < after; i++) {
            byte[] f = fragments[i].clone();
            read.open(i, types[i], keys.version, f, 0, f.length);
        }
        try {
            read.open(after, type, keys.version, bad.clone(), 0, bad.length);
            fail("open of " + what + " must fail");
        } catch (TlsException e) {
            assertEquals(Alert.BAD_RECORD_MAC, e.getAlert());
        }
        sb.append("open_fail ").append(type).append(' ').append(after).append(' ').append(hex(bad)).append(' ')
                .append(what).append('\n');
    }

    /** The plaintext written "*N": byte i is (i * 31 + 7) mod 256. */
    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    private static byte[] bytes(SeededRandom rnd, int n) {
        byte[] b = new byte[n];
        if (n > 0) {
            rnd.generateData(b, (short) 0, (short) n);
        }
        return b;
    }

    private static String hex(byte[] b) {
        return b.length == 0 ? "-" : Bytes.hex(b, 0, b.length);
    }

    private static String hex16(int v) {
        String s = Integer.toHexString(0x10000 | v);
        return s.substring(1);
    }
}
