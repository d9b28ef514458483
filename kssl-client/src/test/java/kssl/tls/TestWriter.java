package kssl.tls;

import ksecurity.prim.Bytes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/** Handshake messages written with the engine's own writer, as bytes without record headers, for tests. */
final class TestWriter {
    interface Body {
        void write(HandshakeWriter w) throws IOException;
    }

    private TestWriter() {
    }

    static byte[] messages(Body body) {
        try {
            ByteArrayOutputStream wire = new ByteArrayOutputStream();
            RecordLayer records = new RecordLayer(new ByteArrayInputStream(new byte[0]), wire, RecordLayer.MAX_FRAGMENT,
                    RecordLayer.MAX_FRAGMENT, ProtocolVersion.TLS12);
            body.write(new HandshakeWriter(records, new HandshakeHash()));
            records.flush();
            byte[] w = wire.toByteArray();
            ByteArrayOutputStream m = new ByteArrayOutputStream();
            for (int p = 0; p < w.length; p += 5 + Bytes.u16(w, p + 3)) {
                m.write(w, p + 5, Bytes.u16(w, p + 3));
            }
            return m.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
