package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** The server's plaintext records on the wire, and the handshake messages in them, for tests. */
final class ServerWire {
    record Record(int type, int version, byte[] body) {
    }

    record Message(int type, byte[] body) {
    }

    final List<Record> records = new ArrayList<>();
    /** The handshake messages before the first ChangeCipherSpec (the plaintext flight). */
    final List<Message> messages = new ArrayList<>();
    /** Record types in wire order. */
    final List<Integer> types = new ArrayList<>();

    ServerWire(byte[] wire) {
        int p = 0;
        ByteArrayOutputStream hs = new ByteArrayOutputStream();
        boolean plain = true;
        while (p + 5 <= wire.length) {
            int len = Bytes.u16(wire, p + 3);
            Record r = new Record(wire[p], Bytes.u16(wire, p + 1), Bytes.copy(wire, p + 5, len));
            records.add(r);
            types.add(r.type());
            if (r.type() == RecordLayer.CHANGE_CIPHER_SPEC) {
                plain = false;
            } else if (plain && r.type() == RecordLayer.HANDSHAKE) {
                hs.writeBytes(r.body());
            }
            p += 5 + len;
        }
        byte[] h = hs.toByteArray();
        int q = 0;
        while (q + 4 <= h.length) {
            int len = Bytes.u24(h, q + 1);
            messages.add(new Message(h[q], Bytes.copy(h, q + 4, len)));
            q += 4 + len;
        }
    }

    Message message(int type) {
        for (Message m : messages) {
            if (m.type() == type) {
                return m;
            }
        }
        return null;
    }

    /** ServerHello's server_version. */
    int serverVersion() {
        return Bytes.u16(message(HandshakeType.SERVER_HELLO).body(), 0);
    }

    /** ServerHello's session_id. */
    byte[] sessionId() {
        byte[] sh = message(HandshakeType.SERVER_HELLO).body();
        return Bytes.copy(sh, 35, sh[34]);
    }

    /** True if the server went straight to ChangeCipherSpec after ServerHello (an abbreviated handshake). */
    boolean resumed() {
        return types.size() >= 2 && messages.size() == 1 && types.get(1) == RecordLayer.CHANGE_CIPHER_SPEC;
    }
}
