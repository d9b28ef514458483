package sizzle.interop;

import org.junit.jupiter.api.BeforeAll;

/**
 * TlsAttackerHelloTest's probes, each one, against the C firmware's host build (modern): the C
 * engine must answer every probe as the Java server does (the same alert, the same close, the
 * same log line), since both are held to one state machine (kssl-client/STATES.md).
 */
class TlsAttackerHelloFirmwareTest extends TlsAttackerHelloTest {
    /** Hides the Java server's start: the C host build, with its DEMO identity, instead. */
    @BeforeAll
    static void start() throws Exception {
        server = ProbedServer.firmware("modern");
    }
}
