/**
 * The SSL/TLS engine shared by the KSSL client and the Sizzle server, for SSL 3.0, TLS 1.0
 * and TLS 1.2 on KSecurity (CLDC 1.1). Entry points: {@link kssl.tls.TlsConfig} and
 * {@link kssl.tls.TlsConnection}.
 *
 * <p>What a server needs, and what the motes' C firmware mirrors file for file: the record
 * layer and its protections (RecordLayer, RecordProtection, AeadProtection, Rc4Protection),
 * the handshake reader, writer and hash (HandshakeReader, HandshakeWriter, HandshakeHash,
 * HandshakeType), the hello codecs and extensions (ClientHello, ServerHello, Extensions,
 * Certificate), the key schedule (KeySchedule), the server state machine (Handshake,
 * ServerHandshake, with its written state table in {@code kssl-client/STATES.md}), the keys
 * it serves with (ServerIdentity, EcdhKey, ServerRsaParams), suites, versions and profiles
 * (CipherSuite, ProtocolVersion, Profile), alerts (Alert, TlsException), the session cache
 * (Session, SessionCache), and the connection and its configuration (TlsConnection,
 * TlsConfig, AppInputStream, AppOutputStream).
 *
 * <p>Client only: ClientHandshake, its hello (ClientOffer), and the checks of the server's certificates
 * (CertificateCallback, VerifiedCertificates).
 */
package kssl.tls;
