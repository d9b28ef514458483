package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sizzle.link.Frame;
import sizzle.link.LinkConfig;
import sizzle.link.LinkListener;
import sizzle.link.LinkStats;

/**
 * Segmentation at both frame sizes, at every boundary: a message one byte short of a frame
 * boundary, on it and one past, for the first frame, the second, and the largest message;
 * on a clean channel each goes in exactly the frames LINK.md §4 says (counted on the air),
 * each way, and arrives byte for byte. One byte more than the largest is refused by send();
 * a message longer than the device's buffer is refused by the device, and the gateway closes.
 */
class SegmentationTest {
    @ParameterizedTest(name = "frame size {0}")
    @ValueSource(ints = {29, 102})
    void everyBoundaryBothWays(int frameSize) {
        boolean mica = frameSize == 29;
        LinkConfig cfg = mica ? LinkConfig.cc1000() : LinkConfig.cc2420();
        LinkRig rig = new LinkRig(mica ? ChannelModel.cc1000() : ChannelModel.cc2420(), cfg, 7);
        rig.connect();
        int first = Frame.firstData(frameSize), rest = Frame.restData(frameSize), max = Frame.maxMessage(frameSize);
        int[] lengths = {1, first - 1, first, first + 1, first + rest - 1, first + rest, first + rest + 1,
            first + 2 * rest, max - rest, max - 1, max};
        Random r = new Random(frameSize);
        for (int len : lengths) {
            byte[] m = new byte[len];
            r.nextBytes(m);
            roundTrip(rig, m, true);
            roundTrip(rig, m, false);
        }
        assertFalse(rig.peer().send(new byte[max + 1], 0, max + 1, rig.ms()), "longer than 256 frames");
        assertEquals(0, rig.peer().stats.get(LinkStats.RETRANSMITS) + rig.mote.link().stats.get(LinkStats.RETRANSMITS));
    }

    private static void roundTrip(LinkRig rig, byte[] m, boolean toMote) {
        Recorder to = toMote ? rig.atMote : rig.gatewaySide();
        int before = to.messages.size();
        rig.medium.trace(true);
        rig.medium.transmissions().clear();
        if (toMote) {
            // The gateway starts a message on the mote's grant: its READY for this one.
            rig.mote.link().ready(rig.ms());
            rig.mote.poke();
            assertEquals(true, rig.gatewaySend(m));
        } else {
            assertEquals(true, rig.moteSend(m));
        }
        rig.until(() -> to.messages.size() == before + 1, 60_000, m.length + " bytes");
        rig.until(() -> rig.sim.nowUs() > rig.medium.transmissions().get(rig.medium.transmissions().size() - 1).endUs() + 200_000, 1_000, "quiet");
        assertArrayEquals(m, to.messages.get(before), m.length + " bytes");
        int from = toMote ? Frame.GATEWAY : LinkRig.MOTE;
        long dataFrames = rig.medium.transmissions().stream()
                .filter(t -> t.from() == from && (t.frame()[Frame.TYPE_FLAGS] & 0xF0) == 0).count();
        assertEquals(Frame.frameCount(m.length, rig.cfg.frameSize), dataFrames, m.length + " bytes: frames on the air");
    }

    @ParameterizedTest(name = "frame size {0}")
    @ValueSource(ints = {29, 102})
    void aMessageLongerThanTheDeviceTakesIsRefused(int frameSize) {
        LinkConfig cfg = frameSize == 29 ? LinkConfig.cc1000() : LinkConfig.cc2420();
        cfg.capacity = 300; // the mote's buffer (the gateway's template is copied for the mote)
        LinkRig rig = new LinkRig(frameSize == 29 ? ChannelModel.cc1000() : ChannelModel.cc2420(), cfg, 8);
        rig.connect();
        assertEquals(true, rig.gatewaySend(new byte[301]));
        rig.until(() -> rig.gatewaySide().closed == 1 && rig.atMote.closed == 1, 10_000, "refusal");
        assertEquals(LinkListener.PEER_CLOSED, rig.atMote.lastReason, "the gateway said DISCONNECT");
        assertEquals(LinkListener.REFUSED_TOO_LONG, rig.gatewaySide().lastReason);
        assertEquals(1, rig.mote.link().stats.get(LinkStats.TOO_LONG));
        assertEquals(0, rig.atMote.messages.size());
    }
}
