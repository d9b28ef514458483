package ksecurity.math;

import java.math.BigInteger;
import java.util.Random;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.agreement.ECDHBasicAgreement;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.math.ec.ECPoint;

/** Throwaway micro-benchmark (not a test): ECDH scalar mult, ours vs BC. */
public final class EcBenchMain {
    public static void main(String[] args) {
        int[] ids = {Curves.SECP160R1, Curves.SECP192R1, Curves.SECP224R1, Curves.SECP256R1};
        EcKernel k = Kernels.javaEc();
        for (int round = 0; round < 3; round++) {
            for (int id : ids) {
                X9ECParameters bc = BcCurves.params(id);
                Random rnd = new Random(1);
                BigInteger d = BcCurves.randomScalar(id, rnd);
                ECPoint q = bc.getG().multiply(BcCurves.randomScalar(id, rnd)).normalize();
                byte[] db = BcCurves.fixed(d, Curves.orderBytes(id));
                byte[] qb = BcCurves.xy(id, q);
                byte[] out = new byte[qb.length];
                int iters = 400;
                long t0 = System.nanoTime();
                for (int i = 0; i < iters; i++) {
                    k.scalarMult(id, db, qb, out);
                }
                long t1 = System.nanoTime();
                for (int i = 0; i < iters; i++) {
                    k.scalarMultBase(id, db, out);
                }
                long t2 = System.nanoTime();
                ECDomainParameters dom = new ECDomainParameters(bc.getCurve(), bc.getG(), bc.getN(), bc.getH());
                ECDHBasicAgreement ag = new ECDHBasicAgreement();
                ag.init(new ECPrivateKeyParameters(d, dom));
                ECPublicKeyParameters pub = new ECPublicKeyParameters(q, dom);
                for (int i = 0; i < iters; i++) {
                    ag.calculateAgreement(pub);
                }
                long t3 = System.nanoTime();
                System.out.printf("%s ecdh ours %.0f/s  base %.0f/s  bc ecdh %.0f/s%n", Curves.name(id),
                        iters / ((t1 - t0) / 1e9), iters / ((t2 - t1) / 1e9), iters / ((t3 - t2) / 1e9));
            }
        }
    }
}
