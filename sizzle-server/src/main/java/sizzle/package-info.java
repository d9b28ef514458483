/**
 * Sizzle: the HTTPS server for small devices. {@link sizzle.SizzleServer} runs HTTP over TLS
 * ({@link sizzle.TlsLayer}, {@link sizzle.TlsServerConnection} on the kssl engine) on a
 * transport's connections, in the mote's one-connection mode
 * ({@link sizzle.OneConnectionServer}) or the desktop's multi-connection mode
 * ({@link sizzle.MultiConnectionServer}), each connection within its {@link sizzle.Deadlines};
 * the HTTP layer is in sizzle.http, the thermostat and the server's assembly
 * (sizzle.app.ThermostatServer) in sizzle.app. CLDC 1.1.
 */
package sizzle;
