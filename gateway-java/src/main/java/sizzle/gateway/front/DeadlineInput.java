package sizzle.gateway.front;

import java.io.FilterInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A client socket's input under one deadline for its whole first message (the ClientHello or
 * the request head): each read may wait only for the time left, so a client that drips a byte
 * now and then, each inside any per-read timeout, cannot hold a gateway thread for long. Once
 * the gateway forwards, {@link #disarm()} lifts the deadline: a device may take its time then.
 */
final class DeadlineInput extends FilterInputStream {
    private final Socket socket;
    private final int ms;
    private final long deadline;
    private volatile boolean armed = true;

    DeadlineInput(Socket socket, int ms) throws IOException {
        super(socket.getInputStream());
        this.socket = socket;
        this.ms = ms;
        deadline = System.nanoTime() + ms * 1_000_000L;
    }

    /** No deadline from now on (and no read timeout). */
    void disarm() throws IOException {
        armed = false;
        socket.setSoTimeout(0);
    }

    private void arm() throws IOException {
        if (!armed) {
            return;
        }
        long left = (deadline - System.nanoTime()) / 1_000_000L;
        if (left <= 0) {
            throw new SocketTimeoutException("the first message took longer than " + ms + " ms");
        }
        socket.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
    }

    @Override
    public int read() throws IOException {
        arm();
        return super.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        arm();
        return super.read(b, off, len);
    }
}
