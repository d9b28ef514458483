package sizzle.interop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The flash a mote image takes, read from its ELF: the file bytes of every loadable segment
 * (PT_LOAD) whose load (physical) address lies in the mote's flash: code, constants, the
 * initial values of .data (which the start-up copies to RAM) and the interrupt vectors. These
 * are exactly the bytes the Intel hex beside the ELF holds and a programmer writes; avr-size
 * -C calls them "Program". ATmega128: flash at 0 to 0x1FFFF (128 KB; RAM is at 0x800000 in
 * avr-gcc's addresses). MSP430F1611: flash at 0x4000 to 0xFFFF (48 KB with the vectors), and
 * the information memory, 256 B of flash at 0x1000 to 0x10FF, counted apart (its own budget:
 * the linker script puts AES's S-box there, or MD5's T).
 */
final class ElfFlash {
    private ElfFlash() {
    }

    /** Main-flash bytes of the image for platform avr or msp430 (the information memory apart). */
    static int bytes(Path elf, String platform) throws IOException {
        return loaded(elf, platform)[0];
    }

    /** The bytes the image puts in the MSP430F1611's information memory (0 on the ATmega128). */
    static int infoMemoryBytes(Path elf, String platform) throws IOException {
        return loaded(elf, platform)[1];
    }

    /** {main flash, information memory}: the file bytes of the image's loadable segments. */
    private static int[] loaded(Path elf, String platform) throws IOException {
        long lo;
        long hi;
        switch (platform) {
            case "avr":
                lo = 0;
                hi = 0x20000;
                break;
            case "msp430":
                lo = 0x4000;
                hi = 0x10000;
                break;
            default:
                throw new IllegalArgumentException("a mote platform: avr or msp430, not " + platform);
        }
        boolean info = platform.equals("msp430");
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(elf)).order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(0) != 0x464c457f || b.get(4) != 1 || b.get(5) != 1) {
            throw new IOException(elf + ": not a 32-bit little-endian ELF");
        }
        int phoff = b.getInt(0x1c);
        int phentsize = Short.toUnsignedInt(b.getShort(0x2a));
        int phnum = Short.toUnsignedInt(b.getShort(0x2c));
        int[] bytes = new int[2];
        for (int i = 0; i < phnum; i++) {
            int h = phoff + i * phentsize;
            long paddr = Integer.toUnsignedLong(b.getInt(h + 12));
            int filesz = b.getInt(h + 16);
            if (b.getInt(h) == 1 /* PT_LOAD */ && filesz > 0) {
                if (paddr >= lo && paddr + filesz <= hi) {
                    bytes[0] += filesz;
                } else if (info && paddr >= 0x1000 && paddr + filesz <= 0x1100) {
                    bytes[1] += filesz;
                } else {
                    throw new IOException(elf + ": a segment of " + filesz + " B loads at 0x" + Long.toHexString(paddr)
                            + ", outside the flash");
                }
            }
        }
        return bytes;
    }
}
