package sizzle.gateway.radio;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Random;
import sizzle.link.LinkEndpoint;

/**
 * Seeded messages both ways at once on one connection: the gateway sends its list one message
 * at a time (each after the last is whole, and after the mote's READY for it); the mote says
 * READY after each message it takes and sends its own list meanwhile. Each side's sent bytes
 * are logged, to compare with what the other side received.
 */
final class Traffic {
    final ByteArrayOutputStream gatewaySent = new ByteArrayOutputStream(), moteSent = new ByteArrayOutputStream();
    final ArrayDeque<byte[]> toMote = new ArrayDeque<>(), toGateway = new ArrayDeque<>();
    final int messages;

    Traffic(long seed, int messages, int maxLen) {
        Random r = new Random(seed);
        this.messages = messages;
        for (int i = 0; i < messages; i++) {
            toMote.add(message(r, maxLen));
            toGateway.add(message(r, maxLen));
        }
    }

    private static byte[] message(Random r, int maxLen) {
        byte[] m = new byte[1 + r.nextInt(maxLen)];
        r.nextBytes(m);
        return m;
    }

    /** Starts both sides on the rig's open connection; the listeners' hooks keep them going. */
    void start(LinkRig rig) {
        rig.gatewaySide().afterSent = () -> next(rig.peer(), toMote, gatewaySent, rig);
        rig.atMote.afterReceived = () -> {
            rig.mote.link().ready(rig.ms());
            rig.mote.poke();
        };
        rig.atMote.afterSent = () -> next(rig.mote.link(), toGateway, moteSent, rig);
        next(rig.peer(), toMote, gatewaySent, rig);
        next(rig.mote.link(), toGateway, moteSent, rig);
    }

    /** Every message was received whole on both sides. */
    boolean done(LinkRig rig) {
        return rig.atMote.messages.size() == messages && rig.gatewaySide().messages.size() == messages;
    }

    private static void next(LinkEndpoint e, ArrayDeque<byte[]> q, ByteArrayOutputStream log, LinkRig rig) {
        byte[] m = q.poll();
        if (m == null) return;
        if (!e.send(m, 0, m.length, rig.ms())) throw new AssertionError("send refused");
        log.write(m, 0, m.length);
        rig.gateway.poke(LinkRig.MOTE);
        rig.mote.poke();
    }
}
