package sizzle.tools;

import com.google.gson.JsonObject;
import java.nio.file.Path;

/** One kind of Wycheproof test (a schema): runs a case, says whether KSecurity accepted it. */
interface VectorKind {
    /**
     * True if the operation succeeded with exactly the expected output, false if KSecurity
     * refused it (a false verification, a mismatch); a CryptoException also means refused.
     */
    boolean run(JsonObject group, JsonObject test);

    /** The runner for a file's schema; an unsupported schema or algorithm is a usage error. */
    static VectorKind of(JsonObject doc, Path file) {
        String schema = doc.has("schema") ? doc.get("schema").getAsString() : "";
        String algorithm = doc.has("algorithm") ? doc.get("algorithm").getAsString() : "";
        switch (schema) {
            case "aead_test_schema_v1.json":
                if (algorithm.equals("AES-GCM") || algorithm.equals("AES-CCM")) return new AeadVectors(algorithm);
                break;
            case "mac_test_schema_v1.json":
                if (algorithm.equals("AES-CMAC")) return new CmacVectors();
                break;
            case "ecdh_test_schema_v1.json":
                return new EcdhVectors(true);
            case "ecdh_ecpoint_test_schema_v1.json":
                return new EcdhVectors(false);
            case "ecdsa_verify_schema_v1.json":
                return new EcdsaVectors(false);
            case "ecdsa_p1363_verify_schema_v1.json":
                return new EcdsaVectors(true);
            case "rsaes_pkcs1_decrypt_schema_v1.json":
                return new RsaVectors(RsaVectors.Mode.DECRYPT);
            case "rsassa_pkcs1_verify_schema_v1.json":
                return new RsaVectors(RsaVectors.Mode.VERIFY);
            case "rsassa_pkcs1_generate_schema_v1.json":
                return new RsaVectors(RsaVectors.Mode.SIGN);
            default:
                break;
        }
        Vectors.usage(file.getFileName() + ": unsupported kind of vectors (" + algorithm + ", " + schema + ")");
        return null;
    }
}
