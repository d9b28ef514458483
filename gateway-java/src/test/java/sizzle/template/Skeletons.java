package sizzle.template;

import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * Makes a protocol template from a stored transcript's handshake (LINK.md §9.1): one side's records
 * of one connection up to the first application data, in order, with everything that differs between
 * connections zeroed (randoms, session ids, EC points, signatures, RSA premasters, every byte
 * of an encrypted record's fragment) and what belongs to one device or one connection only cut
 * out (Certificate messages: those are the device's templates 0–3; key_share and encrypted_client_hello data). What is
 * left is the fixed framing: record headers, message types and lengths, versions, cipher suite
 * and extension lists.
 */
final class Skeletons {
    private static final int KEEP = 0, ZERO = 1, CUT = 2;

    private Skeletons() {
    }

    /** The template of connection {@code conn}'s records from {@code side} ('C' the client, 'S' the server). */
    static byte[] of(List<StoredTranscripts.Rec> recs, int conn, char side) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = recs.size();
        int[][] marks = new int[n][];
        for (int i = 0; i < n; i++) marks[i] = new int[recs.get(i).bytes().length];
        for (int i = 0; i < n; i++) {
            if (recs.get(i).contentType() == 23) {
                // the handshake of this connection ends here: the rest of it is application data and alerts
                int c = recs.get(i).connection();
                while (i + 1 < n && recs.get(i + 1).connection() == c) {
                    marks[++i] = null;
                }
            }
        }
        mark(recs, marks, conn, side);
        for (int i = 0; i < n; i++) {
            if (marks[i] == null || recs.get(i).contentType() == 23 || recs.get(i).connection() != conn || recs.get(i).side() != side) continue;
            byte[] b = recs.get(i).bytes();
            for (int k = 0; k < b.length; k++) {
                if (marks[i][k] == KEEP) out.write(b[k]);
                else if (marks[i][k] == ZERO) out.write(0);
            }
        }
        return out.toByteArray();
    }

    /** Marks one direction of one connection: its handshake messages' variable fields, and everything after its ChangeCipherSpec. */
    private static void mark(List<StoredTranscripts.Rec> recs, int[][] marks, int conn, char side) {
        // the direction's plaintext handshake stream, each byte's (record, offset)
        int[] ri = new int[1 << 16], ro = new int[1 << 16];
        byte[] s = new byte[1 << 16];
        int len = 0;
        boolean encrypted = false;
        for (int i = 0; i < recs.size(); i++) {
            StoredTranscripts.Rec r = recs.get(i);
            if (r.connection() != conn || r.side() != side || marks[i] == null) continue;
            byte[] b = r.bytes();
            if (r.contentType() == 20) {
                encrypted = true;
                continue;
            }
            if (encrypted || r.contentType() != 22 || b.length < 5) {
                for (int k = 5; k < b.length; k++) marks[i][k] = ZERO;
                continue;
            }
            for (int k = 5; k < b.length; k++) {
                ri[len] = i;
                ro[len] = k;
                s[len++] = b[k];
            }
        }
        int p = 0;
        while (p + 4 <= len) {
            int type = s[p] & 0xFF, l = u24(s, p + 1), body = p + 4, end = Math.min(len, body + l);
            switch (type) {
                case 1: { // ClientHello: random, session id, key_share data
                    set(marks, ri, ro, body + 2, body + 34, ZERO);
                    int sid = s[body + 34] & 0xFF;
                    set(marks, ri, ro, body + 35, body + 35 + sid, ZERO);
                    int q = body + 35 + sid;
                    q += 2 + u16(s, q);
                    q += 1 + (s[q] & 0xFF);
                    if (q + 2 <= end) {
                        q += 2;
                        while (q + 4 <= end) {
                            int et = u16(s, q), el = u16(s, q + 2);
                            if (et == 51 || et == 0xfe0d) set(marks, ri, ro, q + 4, q + 4 + el, CUT); // key shares, ECH (GREASE): per connection
                            q += 4 + el;
                        }
                    }
                    break;
                }
                case 2: { // ServerHello: random, session id
                    set(marks, ri, ro, body + 2, body + 34, ZERO);
                    set(marks, ri, ro, body + 35, body + 35 + (s[body + 34] & 0xFF), ZERO);
                    break;
                }
                case 11: // Certificate: the device's own template
                    set(marks, ri, ro, p, end, CUT);
                    break;
                case 12: { // ServerKeyExchange (named curve): point, then the signature
                    int pl = s[body + 3] & 0xFF;
                    set(marks, ri, ro, body + 4, body + 4 + pl, ZERO);
                    set(marks, ri, ro, body + 4 + pl + 4, end, ZERO); // after sigalg (TLS 1.2) and length; in TLS 1.0 the signature's own first bytes too
                    break;
                }
                case 16: // ClientKeyExchange: the point or the encrypted premaster, after its length
                    set(marks, ri, ro, body + 1, end, ZERO);
                    break;
                default:
                    break;
            }
            p = body + l;
        }
    }

    private static void set(int[][] marks, int[] ri, int[] ro, int from, int to, int what) {
        for (int k = from; k < to; k++) marks[ri[k]][ro[k]] = what;
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    private static int u24(byte[] b, int at) {
        return (b[at] & 0xFF) << 16 | u16(b, at + 1);
    }
}
