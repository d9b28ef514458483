package ksecurity.cert;

import ksecurity.prim.Bytes;
import java.util.Vector;

/**
 * PEM (RFC 7468) blocks: "-----BEGIN label-----", base64, "-----END label-----". Text
 * outside blocks is ignored, as openssl writes and reads it.
 */
public final class Pem {
    private static final String BEGIN = "-----BEGIN ";
    private static final String END = "-----END ";
    private static final String DASHES = "-----";

    private final String label;
    private final byte[] der;

    private Pem(String label, byte[] der) {
        this.label = label;
        this.der = der;
    }

    public String getLabel() {
        return label;
    }

    public byte[] getDer() {
        return Bytes.copy(der, 0, der.length);
    }

    /** True if the bytes look like PEM text rather than DER (DER starts with a SEQUENCE tag). */
    public static boolean isPem(byte[] data) {
        return data != null && data.length > 0 && data[0] != DerReader.SEQUENCE && indexOf(data, BEGIN) >= 0;
    }

    /** Every block in the text, in order. */
    public static Pem[] decodeAll(byte[] text) throws CertificateException {
        String s = latin1(text);
        Vector blocks = new Vector();
        int p = 0;
        while (true) {
            int b = s.indexOf(BEGIN, p);
            if (b < 0) {
                break;
            }
            int le = s.indexOf(DASHES, b + BEGIN.length());
            if (le < 0) {
                throw CertificateException.malformed("bad PEM header");
            }
            String label = s.substring(b + BEGIN.length(), le);
            String endLine = END.concat(label).concat(DASHES);
            int e = s.indexOf(endLine, le + DASHES.length());
            if (e < 0) {
                throw CertificateException.malformed("PEM block without its END line");
            }
            String body = s.substring(le + DASHES.length(), e);
            if (body.indexOf(':') >= 0) {
                throw new CertificateException(CertificateException.UNSUPPORTED_ALGORITHM,
                        "encrypted PEM (headers) not supported");
            }
            blocks.addElement(new Pem(label, Base64.decode(body)));
            p = e + endLine.length();
        }
        Pem[] r = new Pem[blocks.size()];
        blocks.copyInto(r);
        return r;
    }

    /** Writes one block with 64-character lines and a final newline. */
    public static String encode(String label, byte[] der) {
        StringBuffer sb = new StringBuffer();
        sb.append(BEGIN).append(label).append(DASHES).append('\n');
        sb.append(Base64.encode(der)).append('\n');
        sb.append(END).append(label).append(DASHES).append('\n');
        return sb.toString();
    }

    private static String latin1(byte[] b) {
        char[] c = new char[b.length];
        for (int i = 0; i < b.length; i++) {
            c[i] = (char) (b[i] & 0xFF);
        }
        return new String(c);
    }

    private static int indexOf(byte[] data, String needle) {
        int n = Math.min(data.length, 4096); // a BEGIN line comes early or not at all
        return latin1(Bytes.copy(data, 0, n)).indexOf(needle);
    }
}
