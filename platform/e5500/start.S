/* SPDX-License-Identifier: MIT */
/* start.S - entry of a bare-metal image on a 64-bit PowerPC e5500 core
 * (Book E, 64-bit: the class of the consoles' Xenon and Cell PPU).
 *
 * Entered as QEMU's ppce500 -kernel boot leaves the core: supervisor mode,
 * 32-bit computation mode (MSR[CM] = 0), translation on with TLB1 entry 0
 * mapping low RAM 1:1, r6 = the ePAPR magic, r7 = bytes covered by that
 * mapping. This file then
 *   1. switches to 64-bit mode (MSR[CM]) with the FPU on, and makes
 *      interrupts run in 64-bit mode too (EPCR[ICM]),
 *   2. maps the CCSR device registers, which this machine puts above 4 GiB
 *      (physical 0xF_E000_0000), at effective address CCSR_BASE, so that the
 *      e500 board code (platform/e500/board.c) works unchanged,
 *   3. checks that the image lies inside the initial RAM mapping,
 *   4. sets the TOC pointer (r2: 64-bit code reaches its data through it),
 *      the stack, and clears .bss,
 *   5. points every exception vector at a handler that reports and exits,
 *   6. calls main() and hands its result to board_exit().
 * The image is ELFv2 (-mabi=elfv2): no function descriptors, so the ELF
 * entry and `bl` targets are code addresses.
 */
#include "board.h"
#include "booke.h"

/* MSR (low word): CM = 64-bit computation mode, FP available, machine check
 * enabled. EPCR[ICM]: interrupts are taken in 64-bit mode. */
#define MSR_CM     0x80000000
#define MSR_FP     0x00002000
#define MSR_ME     0x00001000
#define EPCR_ICM   0x02000000

/* MAS7 of the CCSR entry: physical address bits 32-35. */
#define CCSR_PHYS_HIGH  0xF

/* A 32-bit constant into a register, zero-extended (lis sign-extends). */
#define LOAD32(r, v) li r, 0; oris r, r, (v)@h; ori r, r, (v)@l

    .section .text.start, "ax"
    .globl _start
_start:
    LOAD32(r0, MSR_CM | MSR_FP | MSR_ME)
    mtmsr   r0
    isync
    /* A core without 64-bit mode keeps CM clear: say so rather than run
     * 64-bit code with 32-bit addresses. */
    mfmsr   r8
    andis.  r8, r8, MSR_CM@h
    beq     not_64bit
    LOAD32(r8, EPCR_ICM)
    mtspr   SPR_EPCR, r8
    isync

    LOAD32(r8, MAS0_TLB1_ESEL1)
    mtspr   SPR_MAS0, r8
    LOAD32(r8, MAS1_V_IPROT_1M)
    mtspr   SPR_MAS1, r8
    LOAD32(r8, CCSR_BASE | MAS2_I_G)
    mtspr   SPR_MAS2, r8
    LOAD32(r8, CCSR_BASE | MAS3_SW_SR)
    mtspr   SPR_MAS3, r8
    li      r8, CCSR_PHYS_HIGH
    mtspr   SPR_MAS7, r8
    isync
    msync
    tlbwe
    isync

    /* As on the e500: an image larger than the boot mapping would fault on
     * its first touch of unmapped RAM; say so instead. */
    LOAD32(r8, EPAPR_MAGIC)
    clrldi  r6, r6, 32
    cmpld   r6, r8
    bne     1f
    LOAD32(r8, _end)
    clrldi  r7, r7, 32
    cmpld   r8, r7
    bgt     image_too_big
1:
    LOAD32(r2, .TOC.)
    /* Stack: 16-byte aligned, a zero back-chain word ends the frame list;
     * the ABI's minimal frame is 32 bytes (ELFv2). */
    LOAD32(r1, __stack_top)
    li      r0, 0
    stdu    r0, -32(r1)

    /* .bss: both ends 8-aligned (linker script), cleared a doubleword at a
     * time. */
    LOAD32(r8, __bss_start)
    LOAD32(r9, __bss_end)
2:  cmpld   r8, r9
    bge     3f
    std     r0, 0(r8)
    addi    r8, r8, 8
    b       2b
3:
    LOAD32(r8, _vectors)
    mtspr   SPR_IVPR, r8
    SET_IVORS

    bl      main
    nop
    bl      board_exit              /* r3 = main's result; never returns */
    nop

/* Print a fixed message (r8) on the UART without RAM or stack, then reset. */
not_64bit:
    LOAD32(r8, not_64bit_msg)
    b       print_and_reset
image_too_big:
    LOAD32(r8, too_big_msg)
print_and_reset:
    LOAD32(r9, CCSR_BASE + UART0_OFFSET)
    UART_PUTS_R8_R9
    LOAD32(r9, CCSR_BASE + GUTS_OFFSET)
    li      r10, GUTS_RSTCR_HRESET_REQ
    stw     r10, GUTS_RSTCR(r9)
7:  b       7b

    .section .rodata
too_big_msg:
    .asciz  "FAIL e5500: the image does not fit the boot loader's RAM mapping (linker/e5500.ld)\r\n"
not_64bit_msg:
    .asciz  "FAIL e5500: the core stayed in 32-bit mode (MSR[CM] clear)\r\n"

/* Sixteen 16-byte vector stubs, as on the e500: board_exception prints a
 * FAIL line with the interrupt's number, SRR0, ESR and DEAR, and exits. */
    VECTOR_STUBS exception_common

exception_common:
    LOAD32(r0, MSR_CM | MSR_FP | MSR_ME)
    mtmsr   r0
    isync
    mfspr   r4, SPR_SRR0
    mfspr   r5, SPR_ESR
    mfspr   r6, SPR_DEAR
    LOAD32(r2, .TOC.)
    LOAD32(r1, __stack_top)
    li      r0, 0
    stdu    r0, -32(r1)
    bl      board_exception
    nop
8:  b       8b

    .section .note.GNU-stack, "", @progbits
