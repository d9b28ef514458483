/**
 * KSSL: the SSL/TLS engine shared by the client and the server — one record layer, one set of
 * handshake codecs, a client and a server state machine, application data streams — for SSL
 * 3.0, TLS 1.0 and TLS 1.2 on KSecurity. Entry points: {@link kssl.TlsConfig} and
 * {@link kssl.TlsConnection}. CLDC 1.1.
 */
package kssl;
