package sizzle.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The retargeted jar of each portable module is what a CLDC phone or the SPOT's Squawk VM
 * loads: every class of the module is there, every class file is major version 47 (Java 1.3),
 * and every method that branches or catches carries a CLDC StackMap attribute (the
 * preverification those VMs need) and no Java 6 StackMapTable.
 */
class CldcClassFilesTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("../..").normalize();

    @ParameterizedTest
    @ValueSource(strings = {"ksecurity", "kssl-client", "sizzle-server"})
    void portableJarIsPreverifiedCldc(String module) throws IOException {
        Path jar = ROOT.resolve(module).resolve("target").resolve(module + "-cldc.jar");
        Path classes = ROOT.resolve(module).resolve("target/classes");
        assertTrue(Files.isRegularFile(jar), jar + " exists (built at package time)");
        long expected;
        try (Stream<Path> s = Files.walk(classes)) {
            expected = s.filter(p -> p.toString().endsWith(".class")).count();
        }
        int seen = 0, withStackMap = 0;
        List<String> problems = new ArrayList<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : z.stream().toList()) {
                if (!e.getName().endsWith(".class")) continue;
                seen++;
                ClassFacts facts = ClassFacts.read(z.getInputStream(e).readAllBytes());
                if (facts.major != 47) problems.add(e.getName() + " is major " + facts.major);
                if (facts.stackMapTables > 0) problems.add(e.getName() + " has StackMapTable");
                problems.addAll(facts.unverified.stream().map(m -> e.getName() + " " + m + " lacks StackMap").toList());
                withStackMap += facts.stackMaps;
            }
        }
        assertEquals(expected, seen, "every class of " + module + " is in the CLDC jar");
        assertTrue(problems.isEmpty(), problems.toString());
        assertTrue(withStackMap > 0, "preverified: StackMap attributes present");
    }

    /** The MIDlet suite's budget in bytes (kssl-client/target/sizzle-midlet.jar: 157,732 measured 2026-11-28; 173,063 before the size options of midlet.pro). */
    static final long SUITE_BUDGET = 160_000;

    /**
     * The thermostat MIDlet suite (ProGuard: shrunk, optimised, renamed) is as loadable: every
     * class major 47 with StackMap where needed, the manifest names a MIDlet class that is in
     * the jar, and the jar stays within its budget.
     */
    @org.junit.jupiter.api.Test
    void midletSuiteIsPreverifiedCldcWithinItsBudget() throws IOException {
        Path jar = ROOT.resolve("kssl-client/target/sizzle-midlet.jar");
        assertTrue(Files.isRegularFile(jar), jar + " exists (built at package time)");
        List<String> problems = new ArrayList<>();
        try (java.util.jar.JarFile z = new java.util.jar.JarFile(jar.toFile())) {
            java.util.jar.Attributes m = z.getManifest().getMainAttributes();
            assertEquals("MIDP-2.0", m.getValue("MicroEdition-Profile"));
            assertEquals("CLDC-1.1", m.getValue("MicroEdition-Configuration"));
            String midlet = m.getValue("MIDlet-1").split(",")[2].trim();
            assertTrue(z.getEntry(midlet.replace('.', '/') + ".class") != null, midlet + " is in the suite");
            for (ZipEntry e : z.stream().toList()) {
                if (!e.getName().endsWith(".class")) continue;
                ClassFacts facts = ClassFacts.read(z.getInputStream(e).readAllBytes());
                if (facts.major != 47) problems.add(e.getName() + " is major " + facts.major);
                if (facts.stackMapTables > 0) problems.add(e.getName() + " has StackMapTable");
                problems.addAll(facts.unverified.stream().map(x -> e.getName() + " " + x + " lacks StackMap").toList());
            }
        }
        assertTrue(problems.isEmpty(), problems.toString());
        long size = Files.size(jar);
        System.out.println("MIDlet suite: " + size + " bytes");
        assertTrue(size <= SUITE_BUDGET, "the suite is " + size + " bytes, over its budget of " + SUITE_BUDGET);
    }

    /** What this test needs from a class file: its version and, per method, branches vs StackMap. */
    static final class ClassFacts {
        int major, stackMaps, stackMapTables;
        final List<String> unverified = new ArrayList<>();

        static ClassFacts read(byte[] bytes) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
            ClassFacts f = new ClassFacts();
            assertEquals(0xCAFEBABE, in.readInt());
            in.readUnsignedShort();
            f.major = in.readUnsignedShort();
            String[] utf8 = constantPool(in);
            in.skipBytes(6);
            in.skipBytes(2 * in.readUnsignedShort());
            int fields = in.readUnsignedShort();
            for (int i = 0; i < fields; i++) {
                in.skipBytes(6);
                skipAttributes(in);
            }
            int methods = in.readUnsignedShort();
            for (int i = 0; i < methods; i++) {
                in.skipBytes(2);
                String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
                int attrs = in.readUnsignedShort();
                for (int a = 0; a < attrs; a++) {
                    String attr = utf8[in.readUnsignedShort()];
                    byte[] body = in.readNBytes(in.readInt());
                    if (attr.equals("Code")) f.code(name, body, utf8);
                }
            }
            return f;
        }

        private void code(String method, byte[] body, String[] utf8) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(body));
            in.skipBytes(4);
            byte[] code = in.readNBytes(in.readInt());
            int handlers = in.readUnsignedShort();
            in.skipBytes(8 * handlers);
            boolean hasMap = false;
            int attrs = in.readUnsignedShort();
            for (int a = 0; a < attrs; a++) {
                String attr = utf8[in.readUnsignedShort()];
                in.skipBytes(in.readInt());
                if (attr.equals("StackMap")) { hasMap = true; stackMaps++; }
                if (attr.equals("StackMapTable")) stackMapTables++;
            }
            if ((handlers > 0 || branches(code)) && !hasMap) unverified.add(method);
        }

        /** Whether the bytecode has a jump; walks instruction by instruction (JVMS §6.5 lengths). */
        static boolean branches(byte[] code) {
            int pc = 0;
            while (pc < code.length) {
                int op = code[pc] & 0xff;
                if ((op >= 0x99 && op <= 0xa8) || (op >= 0xc6 && op <= 0xc9) || op == 0xaa || op == 0xab) return true;
                pc += length(code, pc, op);
            }
            return false;
        }

        private static int length(byte[] code, int pc, int op) {
            if (op == 0x10 || op == 0x12 || (op >= 0x15 && op <= 0x19) || (op >= 0x36 && op <= 0x3a)
                    || op == 0xa9 || op == 0xbc) return 2;
            if (op == 0x11 || op == 0x13 || op == 0x14 || op == 0x84 || (op >= 0xb2 && op <= 0xb8)
                    || op == 0xbb || op == 0xbd || op == 0xc0 || op == 0xc1) return 3;
            if (op == 0xc5) return 4;
            if (op == 0xb9 || op == 0xba) return 5;
            if (op == 0xc4) return (code[pc + 1] & 0xff) == 0x84 ? 6 : 4;
            return 1;
        }

        private static String[] constantPool(DataInputStream in) throws IOException {
            int n = in.readUnsignedShort();
            String[] utf8 = new String[n];
            for (int i = 1; i < n; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> { in.skipBytes(8); i++; }
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    default -> throw new IOException("constant pool tag " + tag);
                }
            }
            return utf8;
        }

        private static void skipAttributes(DataInputStream in) throws IOException {
            int n = in.readUnsignedShort();
            for (int i = 0; i < n; i++) {
                in.skipBytes(2);
                in.skipBytes(in.readInt());
            }
        }
    }

    @org.junit.jupiter.api.Test
    void branchDetectionSeesJumps() {
        assertTrue(ClassFacts.branches(new byte[] {0x03, (byte) 0x99, 0, 3, (byte) 0xb1}), "ifeq");
        assertFalse(ClassFacts.branches(new byte[] {0x10, (byte) 0x99, (byte) 0xb1}), "bipush operand is not a jump");
    }
}
