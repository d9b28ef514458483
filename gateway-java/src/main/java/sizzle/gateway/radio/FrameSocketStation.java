package sizzle.gateway.radio;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A mote whose link runs elsewhere, on the simulated medium: the C firmware built with
 * SZ_FW_LINK=1 (native/sizzle/port/sz_port_link.c), reached over its byte link (the host
 * build's TCP port, or a simulator's harness port for the UART or the mailbox). Frames go both
 * ways over the byte stream as LINK.md §13 says: each is its length (1 byte, 1–127) then its
 * bytes; a lone 0 to the mote is sendDone, sent when the medium has finished putting the mote's
 * last frame on the air (so the mote's frames take the channel model's air time, and its
 * timers count from when they have gone, as on a radio). The mote's own link decides what it
 * hears: every frame on the air is passed on (a sleeping mote's port drops them).
 *
 * <p>The socket is read on a thread of its own; everything on the medium happens on the radio's
 * thread ({@code radio}: a {@link RealTimeRadio}).
 */
public final class FrameSocketStation implements RadioStation, AutoCloseable {
    private final RadioMedium medium;
    private final Executor radio;
    private final int address;
    private final Socket socket;
    private final OutputStream out;
    private final Consumer<String> log;
    private volatile boolean closed;

    /**
     * Connects to the mote's byte link at {@code at} (retrying for up to {@code timeoutMs} while
     * its simulator starts) and joins {@code medium} as radio address {@code address}; call on
     * any thread but the radio's.
     */
    public FrameSocketStation(RadioMedium medium, Executor radio, int address, InetSocketAddress at, int timeoutMs,
            Consumer<String> log) throws IOException, InterruptedException {
        this.medium = medium;
        this.radio = radio;
        this.address = address;
        this.log = log;
        this.socket = connect(at, timeoutMs);
        this.out = socket.getOutputStream();
        radio.execute(() -> medium.join(this));
        Thread t = new Thread(this::readFrames, "frames from radio " + address);
        t.setDaemon(true);
        t.start();
    }

    private static Socket connect(InetSocketAddress at, int timeoutMs) throws IOException, InterruptedException {
        long until = System.nanoTime() + timeoutMs * 1_000_000L;
        for (;;) {
            Socket s = new Socket();
            try {
                s.connect(at, 1000);
                s.setTcpNoDelay(true);
                return s;
            } catch (IOException e) {
                s.close();
                if (System.nanoTime() > until) throw e;
                Thread.sleep(50);
            }
        }
    }

    private void readFrames() {
        try {
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            for (;;) {
                int len = in.read();
                if (len < 0) throw new EOFException();
                if (len == 0 || len > 127) throw new IOException("a frame of " + len + " bytes from the mote's byte link");
                byte[] f = new byte[len];
                in.readFully(f);
                radio.execute(() -> {
                    if (!closed) medium.transmit(this, f, len, () -> send(null));
                });
            }
        } catch (IOException e) {
            if (!closed) log.accept("radio " + address + ": the mote's byte link ended: " + e.getMessage());
            radio.execute(() -> medium.leave(this));
        }
    }

    /** A frame heard (null: sendDone) to the mote (radio thread). */
    private void send(byte[] frame) {
        if (closed) return;
        try {
            if (frame == null) {
                out.write(0);
            } else {
                byte[] b = new byte[1 + frame.length];
                b[0] = (byte) frame.length;
                System.arraycopy(frame, 0, b, 1, frame.length);
                out.write(b);
            }
            out.flush();
        } catch (IOException e) {
            // the reader sees the socket end and leaves the medium
        }
    }

    public int address() {
        return address;
    }

    public boolean radioOn() {
        return !closed;
    }

    public void hear(byte[] frame) {
        if (frame.length >= 1 && frame.length <= 127) send(frame);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        socket.close();
    }
}
