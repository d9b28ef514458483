package sizzle;

/** Sizzle: the HTTPS server for small devices (written in issue 3). */
