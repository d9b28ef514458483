package ksecurity.cert;

import ksecurity.prim.Bytes;

/**
 * Distinguished names (X.501 Name as profiled by RFC 5280 4.1.2.4): the RFC 4514 string form
 * J2SE's getSubjectDN().getName() resembles, the common name a host-name check may fall back
 * to, and the CN-only names device certificates carry.
 *
 * <p>Names are compared by their DER bytes (see X509Certificate), not by these strings.
 */
public final class X500Name {
    private X500Name() {
    }

    /**
     * RFC 4514 form of a Name's encoding: RDNs last-first, separated by ",", multi-valued RDNs
     * joined by "+", known attribute types by short name (CN, O, ...) with their string values
     * as text under the RFC 4514 escapes; other types by dotted OID with "#" and the value's
     * DER in hex (RFC 4514 2.4), as are known types with non-string values.
     */
    public static String format(byte[] der) throws CertificateException {
        DerReader name = DerReader.open(der).readSequence();
        String[] rdns = new String[8];
        int n = 0;
        while (name.hasMore()) {
            DerReader rdn = name.readConstructed(DerReader.SET);
            StringBuffer sb = new StringBuffer();
            if (!rdn.hasMore()) {
                throw CertificateException.malformed("empty RDN");
            }
            while (rdn.hasMore()) {
                DerReader atv = rdn.readSequence();
                String type = atv.readOid();
                atv.readAny();
                if (sb.length() > 0) {
                    sb.append('+');
                }
                String shortName = Oid.attributeName(type);
                sb.append(shortName).append('=');
                // RFC 4514 2.4: a type in dotted form takes its value as "#" and the BER in hex.
                String text = shortName.equals(type) ? null : text(atv);
                if (text != null) {
                    escape(sb, text);
                } else {
                    sb.append('#');
                    Bytes.appendHex(sb, atv.buffer(), atv.elementOffset(), atv.elementLength());
                }
                atv.finish();
            }
            if (n == rdns.length) {
                String[] more = new String[n * 2];
                System.arraycopy(rdns, 0, more, 0, n);
                rdns = more;
            }
            rdns[n++] = sb.toString();
        }
        StringBuffer out = new StringBuffer();
        for (int i = n - 1; i >= 0; i--) {
            out.append(rdns[i]);
            if (i > 0) {
                out.append(',');
            }
        }
        return out.toString();
    }

    /** The most specific (last) CN of a Name's encoding, or null if it has none. */
    public static String commonName(byte[] der) throws CertificateException {
        DerReader name = DerReader.open(der).readSequence();
        String cn = null;
        while (name.hasMore()) {
            DerReader rdn = name.readConstructed(DerReader.SET);
            while (rdn.hasMore()) {
                DerReader atv = rdn.readSequence();
                String type = atv.readOid();
                atv.readAny();
                if (Oid.CN.equals(type)) {
                    cn = text(atv);
                }
            }
        }
        return cn;
    }

    /**
     * The encoding of a Name with one RDN holding one CN: PrintableString when the characters
     * allow it, UTF8String otherwise (RFC 5280 4.1.2.4).
     */
    public static byte[] encodeCommonName(String cn) {
        if (cn.length() == 0 || cn.length() > 64) {
            throw new IllegalArgumentException("CN must be 1..64 characters (RFC 5280 ub-common-name)");
        }
        DerWriter w = new DerWriter();
        w.begin(DerReader.SEQUENCE).begin(DerReader.SET).begin(DerReader.SEQUENCE);
        w.oid(Oid.CN);
        w.string(printable(cn) ? DerReader.PRINTABLE_STRING : DerReader.UTF8_STRING, cn);
        w.end().end().end();
        return w.toByteArray();
    }

    private static boolean printable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || " '()+,-./:=?".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The text of the attribute value just read, or null if it is not a string type. */
    private static String text(DerReader r) throws CertificateException {
        byte[] b = r.buffer();
        int off = r.valueOffset();
        int len = r.valueLength();
        switch (r.lastTag()) {
            case DerReader.UTF8_STRING:
                return Utf8.decode(b, off, len);
            case DerReader.PRINTABLE_STRING:
            case DerReader.IA5_STRING:
            case DerReader.T61_STRING: {
                // T61 is read as Latin-1, as most software does; the other two are ASCII.
                StringBuffer sb = new StringBuffer(len);
                for (int i = 0; i < len; i++) {
                    sb.append((char) (b[off + i] & 0xFF));
                }
                return sb.toString();
            }
            case DerReader.BMP_STRING: {
                if ((len & 1) != 0) {
                    throw CertificateException.malformed("odd BMPString length");
                }
                StringBuffer sb = new StringBuffer(len / 2);
                for (int i = 0; i < len; i += 2) {
                    sb.append((char) (((b[off + i] & 0xFF) << 8) | (b[off + i + 1] & 0xFF)));
                }
                return sb.toString();
            }
            case DerReader.UNIVERSAL_STRING: {
                if ((len & 3) != 0) {
                    throw CertificateException.malformed("bad UniversalString length");
                }
                StringBuffer sb = new StringBuffer(len / 4);
                for (int i = 0; i < len; i += 4) {
                    int c = ((b[off + i] & 0xFF) << 24) | ((b[off + i + 1] & 0xFF) << 16)
                            | ((b[off + i + 2] & 0xFF) << 8) | (b[off + i + 3] & 0xFF);
                    if (c < 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
                        throw CertificateException.malformed("bad UniversalString character");
                    }
                    Utf8.appendCodePoint(sb, c);
                }
                return sb.toString();
            }
            default:
                return null;
        }
    }

    /** RFC 4514 2.4 escaping. */
    private static void escape(StringBuffer sb, String v) {
        int n = v.length();
        for (int i = 0; i < n; i++) {
            char c = v.charAt(i);
            if (",+\"\\<>;".indexOf(c) >= 0 || (i == 0 && (c == '#' || c == ' ')) || (i == n - 1 && c == ' ')) {
                sb.append('\\').append(c);
            } else if (c == 0) {
                sb.append("\\00");
            } else {
                sb.append(c);
            }
        }
    }
}
