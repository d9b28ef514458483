package sizzle.gateway.radio;

/** A node on the simulated medium: the gateway's radio or a mote's. */
public interface RadioStation {
    int address();

    /** Whether the receiver is on (a sleeping mote's is not: frames to it are lost). */
    boolean radioOn();

    /** A frame heard on the air (every station with its radio on hears every frame). */
    void hear(byte[] frame);
}
