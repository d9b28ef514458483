package ksecurity.math;

import java.math.BigInteger;
import java.util.Random;
import ksecurity.prim.Sha256;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.agreement.ECDHBasicAgreement;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;

/**
 * A throwaway micro-benchmark, run by hand from the test classpath (not a test): ECDH and
 * ECDSA (SHA-256, RFC 6979) per second on each curve and RSA CRT private operations, the
 * pure-Java kernels against Bouncy Castle's lightweight API with its optimized custom curves
 * (CustomNamedCurves) and blinded RSA, in alternating rounds.
 */
public final class BenchMain {
    interface Op {
        void run();
    }

    public static void main(String[] args) {
        Kernels.use(Kernels.javaEc(), Kernels.javaModExp());
        // arguments: curve names (secp256r1 ...) and/or "rsa" to measure only those; none: all
        java.util.List<String> only = java.util.Arrays.asList(args);
        int[] ids = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1};
        for (int id : ids) {
            if (!only.isEmpty() && !only.contains(Curves.name(id))) {
                continue;
            }
            X9ECParameters x9 = BcCurves.params(id);
            ECDomainParameters dom = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
            Random rnd = new Random(1);
            BigInteger d = BcCurves.randomScalar(id, rnd);
            ECPoint q = x9.getG().multiply(BcCurves.randomScalar(id, rnd)).normalize();
            byte[] db = BcCurves.fixed(d, Curves.orderBytes(id));
            byte[] peer = q.getEncoded(false);
            byte[] hash = new byte[32];
            rnd.nextBytes(hash);
            byte[] sig = new byte[2 * Curves.orderBytes(id)];
            Ecdsa.sign(id, db, 0, hash, 0, 32, new Sha256(), sig, 0);

            ECDHBasicAgreement ag = new ECDHBasicAgreement();
            ag.init(new ECPrivateKeyParameters(d, dom));
            ECDSASigner bcSign = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
            bcSign.init(true, new ECPrivateKeyParameters(d, dom));
            BigInteger[] rs = bcSign.generateSignature(hash);
            ECDSASigner bcVerify = new ECDSASigner();
            byte[] ownEncoded = x9.getG().multiply(d).getEncoded(false);

            // Both sides decode the peer's point for every agreement, as a TLS server does (BC would
            // otherwise keep its precomputation for the same point object between calls).
            double[] ecdh = compare(() -> EcKeys.agree(id, db, 0, peer, 0, peer.length),
                    () -> ag.calculateAgreement(new ECPublicKeyParameters(x9.getCurve().decodePoint(peer), dom)));
            double[] sign = compare(() -> Ecdsa.sign(id, db, 0, hash, 0, 32, new Sha256(), sig, 0),
                    () -> bcSign.generateSignature(hash));
            double[] verify = compare(() -> Ecdsa.verify(id, EcPoints.decode(id, ownEncoded, 0, ownEncoded.length), hash,
                    0, 32, sig, 0), () -> {
                        bcVerify.init(false, new ECPublicKeyParameters(x9.getCurve().decodePoint(ownEncoded), dom));
                        bcVerify.verifySignature(hash, rs[0], rs[1]);
                    });
            System.out.printf("%-10s ECDH %6.0f/s (BC %6.0f/s, x%.2f)  sign %6.0f/s (BC %6.0f/s, x%.2f)"
                    + "  verify %6.0f/s (BC %6.0f/s, x%.2f)%n", Curves.name(id), ecdh[0], ecdh[1], ecdh[2],
                    sign[0], sign[1], sign[2], verify[0], verify[1], verify[2]);
        }
        for (int bits : only.isEmpty() || only.contains("rsa") ? new int[] {1024, 2048} : new int[0]) {
            RsaKeyMaterial k = RsaKeyGen.generate(bits, 65537, new TestRandom(bits));
            RsaCrt crt = new RsaCrt(k.p, k.q, k.dp, k.dq, k.qinv, k.e, new TestRandom(1));
            byte[] in = new byte[bits / 8];
            in[1] = 5;
            byte[] out = new byte[bits / 8];
            org.bouncycastle.crypto.engines.RSABlindedEngine bc = new org.bouncycastle.crypto.engines.RSABlindedEngine();
            bc.init(true, new org.bouncycastle.crypto.params.RSAPrivateCrtKeyParameters(new BigInteger(1, k.n),
                    new BigInteger(1, k.e), new BigInteger(1, k.d), new BigInteger(1, k.p), new BigInteger(1, k.q),
                    new BigInteger(1, k.dp), new BigInteger(1, k.dq), new BigInteger(1, k.qinv)));
            double[] priv = compare(() -> crt.privateOp(in, 0, in.length, out, 0),
                    () -> bc.processBlock(in, 0, in.length));
            System.out.printf("RSA-%d private (CRT, blinded, checked) %6.0f/s (BC %6.0f/s, x%.2f)%n", bits, priv[0],
                    priv[1], priv[2]);
        }
    }

    /**
     * Ours and theirs in alternating 200 ms rounds (so both see the same machine load) after a
     * warm-up: {median rate ours, median rate theirs, median of the per-round ratios}.
     */
    static double[] compare(Op ours, Op theirs) {
        round(ours, 1000);
        round(theirs, 1000);
        int rounds = 7;
        double[] a = new double[rounds];
        double[] b = new double[rounds];
        double[] ratio = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            a[r] = round(ours, 200);
            b[r] = round(theirs, 200);
            ratio[r] = a[r] / b[r];
        }
        java.util.Arrays.sort(a);
        java.util.Arrays.sort(b);
        java.util.Arrays.sort(ratio);
        return new double[] {a[rounds / 2], b[rounds / 2], ratio[rounds / 2]};
    }

    static double round(Op op, long millis) {
        long start = System.nanoTime();
        long end = start + millis * 1_000_000L;
        int count = 0;
        long now;
        do {
            op.run();
            count++;
            now = System.nanoTime();
        } while (now < end);
        return count / ((now - start) / 1e9);
    }
}
