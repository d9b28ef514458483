package sizzle.gateway.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import sizzle.template.StoredTranscripts;

/**
 * LINK.md §13, the gateway's messages to a C mote, on the host build of the legacy-ecc firmware
 * over the link (the ATmega128's and MSP430F1611's port).
 */
@Timeout(120)
class CMoteFlightTest {
    /**
     * The gateway sends a C mote one flight a message, since the mote reads a message in its
     * record buffer and writes its answer there. A gateway that goes on past a record the server
     * answers loses the connection: sent a ClientHello and a ChangeCipherSpec record as one DATA
     * message, the server writes its flight over the ChangeCipherSpec it has not read; the port
     * sends the flight and ends the connection, so the engine never reads its own bytes as the
     * client's (it would answer them with an alert: the test fails so without the port's check).
     * The next client is served.
     */
    @Test
    void aMessagePastAnAnsweredRecordEndsThatConnectionOnly(@TempDir Path dir) throws Exception {
        CMoteTemplateTest.overLink(dir, false, line -> { }, (g, m, bridge) -> {
            int device = 1;
            byte[] hello = StoredTranscripts.records("legacy-ecdh-ecdsa-rc4-sha-tls10.txt").get(0).bytes();
            byte[] joined = RecordFramerTest.concat(hello, RecordFramerTest.record(20, 1, 1));
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), m.devicePort)) {
                s.setSoTimeout(30_000);
                assertTrue(CMoteTemplateTest.await(bridge, device, p -> {
                    boolean ok = p.isOpen() && p.canSend() && p.send(joined, 0, joined.length, bridge.nowMs());
                    if (ok) bridge.poke(device);
                    return ok;
                }), "the gateway sent the hello and a record after it as one message");
                byte[] got = s.getInputStream().readAllBytes();
                RecordFramer records = new RecordFramer();
                records.add(got, 0, got.length);
                List<Integer> types = new ArrayList<>();
                for (byte[] r; (r = records.next(got.length, RecordFramer.Joining.ONE)) != null; ) types.add(r[0] & 0xFF);
                assertEquals(0, records.held(), "whole records");
                assertEquals(List.of(22), types, "the server's flight, then the connection's end: no alert about its own bytes");
            }
            String page = CMoteTemplateTest.get(m, g.sharedPort());
            assertTrue(page.contains("<title>Thermostat</title>"), page);
        });
    }
}
