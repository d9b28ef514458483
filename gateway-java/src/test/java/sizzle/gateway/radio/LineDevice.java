package sizzle.gateway.radio;

import java.util.List;

/**
 * A device end of the link driven by text lines (native/link/tests/sz_link_line.h): one
 * command in ({@code init CAP}, {@code start T}, {@code rx T HEX}, {@code done T},
 * {@code tick T}, {@code send T HEX}, {@code ready T}, {@code close T}, {@code stats}), its
 * events and its state out, the last line {@code end RADIO DEADLINE}. The same protocol puts
 * the Java {@code DeviceLink} ({@link JavaLineDevice}) and the C device end
 * ({@link ProcessLineDevice}: native/link as a host program) on the simulated radio, so that
 * their replies can be compared line for line.
 */
interface LineDevice extends AutoCloseable {
    /** Runs one command; the reply's lines, the {@code end} line last. */
    List<String> call(String command);

    @Override
    default void close() {
    }
}
