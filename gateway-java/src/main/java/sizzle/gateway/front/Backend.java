package sizzle.gateway.front;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * How the gateway opens a device's byte stream: a loopback TCP port (a simulator's harness or a
 * Java server: {@link #tcp}) or a link connection over the radio (sizzle.gateway.bridge). The
 * front door copies the client's bytes into it and its bytes back, unchanged.
 */
public interface Backend {
    /** One open byte stream to the device. */
    interface Stream extends Closeable {
        /** The device's bytes; -1 when it has ended the stream; an IOException if the path failed. */
        InputStream input() throws IOException;

        OutputStream output() throws IOException;

        /** The client has sent everything: the device is told so once what was written has gone. */
        void shutdownOutput() throws IOException;
    }

    /** Opens a stream to the device, waiting at most {@code timeoutMs}; throws if it cannot. */
    Stream open(int timeoutMs) throws IOException;

    /**
     * The path's state in a few words, for the device list ("" when there is nothing to say);
     * null when the device is not there (a radio device not heard for two poll periods): the
     * list then leaves it out, until it is heard again.
     */
    default String state() {
        return "";
    }

    /** A device listening on a TCP address. */
    static Backend tcp(InetSocketAddress address) {
        return new Backend() {
            public Stream open(int timeoutMs) throws IOException {
                Socket s = new Socket();
                try {
                    s.connect(address, timeoutMs);
                    s.setTcpNoDelay(true);
                } catch (IOException e) {
                    s.close();
                    throw e;
                }
                return new Stream() {
                    public InputStream input() throws IOException {
                        return s.getInputStream();
                    }

                    public OutputStream output() throws IOException {
                        return s.getOutputStream();
                    }

                    public void shutdownOutput() throws IOException {
                        s.shutdownOutput();
                    }

                    public void close() throws IOException {
                        s.close();
                    }
                };
            }

            public String toString() {
                return "tcp " + address;
            }
        };
    }
}
