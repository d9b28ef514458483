package sizzle.gateway.bridge;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An output stream whose writes are handed, as copies, to the radio's thread: how a TCP
 * client's bytes (the front door's thread) and a Java mote's server's bytes (its own thread)
 * reach the link, whose state only the radio's thread touches. Once the stream has ended
 * (its link connection closed), a write fails saying why.
 */
final class HandOver extends OutputStream {
    private final Executor radio;
    private final Consumer<byte[]> take;
    private final Supplier<String> ended;

    /** {@code take}: runs on the radio's thread with each write's bytes; {@code ended}: why writes fail now, or null. */
    HandOver(Executor radio, Consumer<byte[]> take, Supplier<String> ended) {
        this.radio = radio;
        this.take = take;
        this.ended = ended;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        String e = ended.get();
        if (e != null) throw new IOException(e);
        if (len == 0) return;
        byte[] copy = java.util.Arrays.copyOfRange(b, off, off + len);
        radio.execute(() -> take.accept(copy));
    }
}
