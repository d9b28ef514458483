/**
 * KSSL's client API for phones and the desktop (CLDC 1.1 / MIDP 2.0): the {@code https://}
 * {@link kssl.Connector} and its MIDP {@code HttpsConnection}, the socket openers, the MIDP
 * {@code SecurityInfo} and {@code Certificate} views. The SSL/TLS engine underneath is
 * {@link kssl.tls}.
 */
package kssl;
