package sizzle.link;

/**
 * The radio below an endpoint, as TinyOS's AMSend: {@link #transmit} hands over one frame;
 * the radio calls the endpoint's {@code transmitted(now)} when it is on the air and gone
 * (sendDone), and only then is the next frame handed over. The frame buffer is the
 * endpoint's and is reused after transmitted: copy it if it must outlive that.
 */
public interface FrameSink {
    void transmit(byte[] frame, int length);
}
