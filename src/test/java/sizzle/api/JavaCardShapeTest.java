package sizzle.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * KSecurity mirrors the Java Card 3.0.5 API: for every class it mirrors, each public or protected
 * constant, constructor and method of the real one (jcardsim's javacard.* classes) must exist in
 * ours with the same types (packages mapped), the same static/abstract/final shape and, for
 * constants, the same value. Ours may add members (RC4, HMAC-SHA-224); it may not miss any.
 */
class JavaCardShapeTest {
    @ParameterizedTest
    @ValueSource(strings = {
        "javacard.framework.CardRuntimeException",
        "javacard.security.CryptoException",
        "javacard.security.Key", "javacard.security.PublicKey", "javacard.security.PrivateKey",
        "javacard.security.SecretKey", "javacard.security.ECKey", "javacard.security.ECPublicKey",
        "javacard.security.ECPrivateKey", "javacard.security.RSAPublicKey", "javacard.security.RSAPrivateKey",
        "javacard.security.RSAPrivateCrtKey", "javacard.security.AESKey", "javacard.security.HMACKey",
        "javacard.security.KeyBuilder", "javacard.security.KeyPair", "javacard.security.Signature",
        "javacard.security.KeyAgreement", "javacard.security.MessageDigest",
        "javacard.security.InitializedMessageDigest", "javacard.security.RandomData",
        "javacardx.crypto.Cipher", "javacardx.crypto.AEADCipher"})
    void mirrors(String javaCardName) throws Exception {
        Class<?> real = Class.forName(javaCardName);
        Class<?> ours = Class.forName(map(javaCardName));
        List<String> missing = new ArrayList<>();

        assertEquals(real.isInterface(), ours.isInterface(), "interface or class");
        assertEquals(Modifier.isAbstract(real.getModifiers()), Modifier.isAbstract(ours.getModifiers()), "abstract");
        assertEquals(Modifier.isFinal(real.getModifiers()), Modifier.isFinal(ours.getModifiers()), "final");
        if (real.getSuperclass() != null && real.getSuperclass() != Object.class) {
            assertEquals(map(real.getSuperclass().getName()), ours.getSuperclass().getName(), "superclass");
        }
        for (Class<?> i : real.getInterfaces()) {
            assertTrue(Arrays.stream(ours.getInterfaces()).anyMatch(o -> o.getName().equals(map(i.getName()))),
                    "implements " + i.getName());
        }

        for (Field f : real.getDeclaredFields()) {
            if (!visible(f.getModifiers())) continue;
            Field o;
            try {
                o = ours.getDeclaredField(f.getName());
            } catch (NoSuchFieldException e) {
                missing.add("field " + f.getName());
                continue;
            }
            assertEquals(map(f.getType().getName()), o.getType().getName(), f.getName());
            assertEquals(f.getModifiers() & (Modifier.STATIC | Modifier.FINAL | Modifier.PUBLIC),
                    o.getModifiers() & (Modifier.STATIC | Modifier.FINAL | Modifier.PUBLIC), f.getName());
            if (Modifier.isStatic(f.getModifiers()) && Modifier.isFinal(f.getModifiers())) {
                assertEquals(f.get(null), o.get(null), "value of " + f.getName());
            }
        }
        for (Method m : real.getDeclaredMethods()) {
            if (!visible(m.getModifiers())) continue;
            Method o;
            try {
                o = ours.getDeclaredMethod(m.getName(), map(m.getParameterTypes()));
            } catch (NoSuchMethodException e) {
                missing.add("method " + m.getName() + Arrays.toString(m.getParameterTypes()));
                continue;
            }
            assertEquals(map(m.getReturnType().getName()), o.getReturnType().getName(), "return type of " + m);
            int shape = Modifier.STATIC | Modifier.ABSTRACT | Modifier.FINAL | Modifier.PUBLIC | Modifier.PROTECTED;
            assertEquals(m.getModifiers() & shape, o.getModifiers() & shape, "modifiers of " + m);
        }
        for (Constructor<?> c : real.getDeclaredConstructors()) {
            if (!visible(c.getModifiers())) continue;
            try {
                Constructor<?> o = ours.getDeclaredConstructor(map(c.getParameterTypes()));
                assertEquals(c.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED),
                        o.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED), "constructor " + c);
            } catch (NoSuchMethodException e) {
                missing.add("constructor " + Arrays.toString(c.getParameterTypes()));
            }
        }
        assertTrue(missing.isEmpty(), ours.getName() + " lacks " + missing);
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String map(String name) {
        return name.replace("javacard.framework.", "ksecurity.framework.")
                .replace("javacard.security.", "ksecurity.security.")
                .replace("javacardx.crypto.", "ksecurity.crypto.");
    }

    private static Class<?>[] map(Class<?>[] types) throws ClassNotFoundException {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> t : types) {
            out.add(t.isPrimitive() || t.isArray() ? t : Class.forName(map(t.getName())));
        }
        return out.toArray(new Class<?>[0]);
    }
}
