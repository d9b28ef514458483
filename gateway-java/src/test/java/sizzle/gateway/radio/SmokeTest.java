package sizzle.gateway.radio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import sizzle.link.LinkConfig;

class SmokeTest {
    @Test
    void oneExchange() {
        LinkRig r = new LinkRig(ChannelModel.cc1000(), LinkConfig.cc1000(), 1);
        r.medium.trace(true);
        r.connect();
        byte[] req = new byte[100];
        for (int i = 0; i < req.length; i++) req[i] = (byte) i;
        assertTrue(r.gatewaySend(req));
        r.until(() -> r.atMote.messages.size() == 1, 5000, "request");
        assertArrayEquals(req, r.atMote.messages.get(0));
        assertTrue(r.moteSend(req));
        r.until(() -> r.gatewaySide().messages.size() == 1, 5000, "response");
        r.peer().close(r.ms());
        r.gateway.poke(1);
        r.until(() -> r.atMote.closed == 1 && r.gatewaySide().closed == 1, 5000, "close");
        r.medium.transmissions().forEach(System.out::println);
        System.out.println(r.peer().stats + " | " + r.mote.link().stats);
    }
}
