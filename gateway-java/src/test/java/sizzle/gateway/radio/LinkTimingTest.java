package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import sizzle.link.LinkConfig;

/**
 * What a message costs on a clean channel, from send() to the sender's COMPLETE (simulated
 * time, deterministic), the frames (both ways) and the bytes the link put on the air for it (its frames and the
 * answers; the radio's own overhead excluded): the figures in LINK.md §10. Sizes: the papers'
 * 286-byte ServerHello…ServerHelloDone record, a 1,000-byte page, Chromium's ClientHello in a
 * 1,949-byte record.
 */
class LinkTimingTest {
    @ParameterizedTest(name = "{0}, {1} bytes")
    @CsvSource({
        "cc1000, 286, 357010, 420, 16",
        "cc1000, 1000, 1150366, 1406, 50",
        "cc1000, 1949, 2202062, 2715, 95",
        "cc2420, 286, 17632, 340, 6",
        "cc2420, 1000, 49216, 1110, 13",
        "cc2420, 1949, 92064, 2139, 23"})
    void oneMessageToTheMote(String radio, int size, long micros, long airBytes, int frames) {
        boolean mica = radio.equals("cc1000");
        LinkRig r = new LinkRig(mica ? ChannelModel.cc1000() : ChannelModel.cc2420(), mica ? LinkConfig.cc1000() : LinkConfig.cc2420(), 0);
        r.connect();
        r.medium.trace(true);
        long bytesBefore = r.medium.bytes;
        long start = r.sim.nowUs();
        r.gatewaySend(new byte[size]);
        r.until(() -> r.gatewaySide().sent == 1, 10_000, "sent");
        long took = r.sim.nowUs() - start, bytes = r.medium.bytes - bytesBefore;
        System.out.println(radio + " " + size + " B: " + took + " us, " + bytes + " B on the air, " + r.medium.transmissions().size() + " frames");
        assertEquals(micros, took);
        assertEquals(airBytes, bytes);
        assertEquals(frames, r.medium.transmissions().size());
    }
}
