/*
 * The kernels' port header for the MSP430F1611 build (-DKS_PORT_HEADER="ks_port_msp430.h",
 * see kernels/ks_config.h). The MSP430 reads flash like RAM: KS_FLASH stays empty.
 */
#ifndef KS_PORT_MSP430_H
#define KS_PORT_MSP430_H

#ifndef KS_LIMB_BITS
#define KS_LIMB_BITS 16
#endif

/* The field arithmetic in generated assembly on the hardware multiplier (gen_msp430_fp.py;
   ks_fp_msp430.h), for 16- and 32-bit limbs (8-bit limb arrays may be unaligned for word
   access); -DKS_MSP430_ASM=0 builds the portable C instead. */
#ifndef KS_MSP430_ASM
#define KS_MSP430_ASM (KS_LIMB_BITS == 16 || KS_LIMB_BITS == 32)
#endif
#if KS_MSP430_ASM
#define KS_FP_PORT_HEADER "ks_fp_msp430.h" /* included by kernels/ks_fp_impl.h */
#endif

/* ks_wipe_stack after an operation, as deep as it went below the public function (the test
   firmware's stack peaks: k * P ~1.7-1.9 KB, RSA-1024 2.5 KB), of the 10 KB of RAM. */
#ifndef KS_WIPE_STACK_EC
#define KS_WIPE_STACK_EC 2048
#endif
#ifndef KS_WIPE_STACK_RSA
#define KS_WIPE_STACK_RSA 2560
#endif

#endif
