package kssl;

/** KSSL: the SSL/TLS engine shared by the client and the server (written in issue 3). */
