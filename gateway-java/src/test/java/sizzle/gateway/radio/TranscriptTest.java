package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import sizzle.link.DeviceLink;
import sizzle.link.LinkConfig;

/**
 * One exchange on a clean CC2420 channel, every frame's bytes and air time asserted: the
 * mote's first READY-SLEEP (nothing pending: it sleeps), its next one a poll period later
 * (PENDING: the gateway has a connection to open), NEWCONNECTION, a 150-byte message to the
 * mote (frame 0 ACKed, frame 1 the poll, ACK COMPLETE), a 40-byte answer in one frame,
 * DISCONNECT, and the mote's READY-SLEEP before it sleeps. Deterministic: simulated time only.
 * LINK.md §10 walks through these bytes.
 */
class TranscriptTest {
    @Test
    void aSampleExchangeByteForByte() {
        LinkRig r = new LinkRig(ChannelModel.cc2420(), LinkConfig.cc2420(), 0);
        r.medium.trace(true);
        r.mote.start(0);
        r.until(() -> r.peer() != null, 100, "discovery");
        r.peer().open(r.ms());
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.peer().isOpen(), 2000, "open");
        byte[] request = new byte[150];
        for (int i = 0; i < request.length; i++) request[i] = (byte) i;
        r.gatewaySend(request);
        r.until(() -> r.gatewaySide().sent == 1, 1000, "request");
        byte[] answer = new byte[40];
        for (int i = 0; i < answer.length; i++) answer[i] = (byte) (0xA0 + i);
        r.moteSend(answer);
        r.until(() -> r.gatewaySide().messages.size() == 1 && r.atMote.sent == 1, 1000, "answer");
        r.peer().close(r.ms());
        r.gateway.poke(LinkRig.MOTE);
        r.until(() -> r.mote.link().power() == DeviceLink.SLEEP, 1000, "sleep");
        List<String> lines = r.medium.transmissions().stream().map(RadioMedium.Transmission::toString).toList();
        assertEquals(List.of(
                "0us 1: 00016100000000145dfe01746865726d6f73746174e7ce", // mote: READY-SLEEP #0 (listen 20 ms, capacity 24,062, kind 1, "thermostat")
                "1928us 0: 0100100000000600df97", // gateway: ACK of READY-SLEEP, OK (nothing pending): the mote sleeps
                "1003000us 1: 00016100010000145dfe01746865726d6f73746174e8de", // mote: READY-SLEEP #1, a poll period later
                "1004928us 0: 010010000100060440cd", // gateway: ACK, PENDING
                "1006240us 0: 010031010000be0e", // gateway: NEWCONNECTION 1
                "1007688us 1: 0001100101000300f2e0", // mote: ACK of NEWCONNECTION (its last poll: #1)
                "1009200us 0: 0100010100000096000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b1dba", // gateway: DATA frame 0 of message 0: length 150, 92 bytes
                "1013656us 1: 000110010000000021d6", // mote: ACK, OK (frame 0 taken)
                "1015168us 0: 0100010100015c5d5e5f606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495a915", // gateway: DATA frame 1, the last (58 bytes), asking: the poll
                "1018472us 1: 0001100100010001749d", // mote: ACK, COMPLETE
                "1019984us 1: 0001010100000028a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c72c4b", // mote: DATA frame 0 of its message 0: 40 bytes, whole in one frame
                "1022776us 0: 0100100100000001c2d9", // gateway: ACK, COMPLETE
                "1024288us 0: 010041010000fb54", // gateway: DISCONNECT 1
                "1025736us 1: 000110010000040041b1", // mote: ACK of DISCONNECT
                "1027048us 1: 00016100020000145dfe01746865726d6f73746174f9ee", // mote: READY-SLEEP #2
                "1028976us 0: 0100100002000600a9ae" // gateway: ACK, OK: the mote sleeps
        ), lines);
        assertEquals(1_030_488, r.sim.nowUs());
        assertEquals(383, r.medium.bytes);
    }
}
