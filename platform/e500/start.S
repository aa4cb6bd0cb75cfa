/* SPDX-License-Identifier: MIT */
/* start.S - entry of a bare-metal image on a PowerPC e500 core (Book E).
 *
 * Entered as QEMU's mpc8544ds -kernel boot (and ePAPR boot loaders) leave
 * the core: supervisor mode, translation on with TLB1 entry 0 mapping low RAM
 * 1:1 (effective = physical), r3 = device tree (ignored here), r6 = the
 * ePAPR magic, r7 = bytes covered by that initial mapping. This file then
 *   1. turns on the FPU (the loader does IEEE single/double arithmetic),
 *   2. maps the CCSR device registers (UART, reset) with a TLB1 entry,
 *   3. checks that the image lies inside the initial RAM mapping,
 *   4. sets up the stack and clears .bss,
 *   5. points every exception vector at a handler that reports and exits,
 *   6. calls main() and hands its result to board_exit().
 * Porting to another Book E board: change CCSR_BASE (and the UART/reset
 * offsets in board.c); a core without a classic FPU (e500v1/v2: SPE) needs a
 * soft-float build instead of the MSR[FP] bit below.
 */
#include "board.h"
#include "booke.h"

/* MSR: FP available, machine check enabled; external, critical and debug
 * interrupts stay off (nothing here handles them). */
#define MSR_FP     0x00002000
#define MSR_ME     0x00001000
#define MSR_RUN    (MSR_FP | MSR_ME)

    .section .text.start, "ax"
    .globl _start
_start:
    lis     r0, MSR_RUN@h
    ori     r0, r0, MSR_RUN@l
    mtmsr   r0
    isync

    lis     r8, MAS0_TLB1_ESEL1@h
    mtspr   SPR_MAS0, r8
    lis     r8, MAS1_V_IPROT_1M@h
    ori     r8, r8, MAS1_V_IPROT_1M@l
    mtspr   SPR_MAS1, r8
    lis     r8, CCSR_BASE@h
    ori     r8, r8, MAS2_I_G
    mtspr   SPR_MAS2, r8
    lis     r8, CCSR_BASE@h
    ori     r8, r8, MAS3_SW_SR
    mtspr   SPR_MAS3, r8
    li      r8, 0                   /* physical address bits 32-35: 0 */
    mtspr   SPR_MAS7, r8
    isync
    msync                           /* e500 manuals: msync; tlbwe; isync */
    tlbwe
    isync

    /* An image (with .bss and stack) larger than the boot loader's mapping
     * would fault on its first touch of unmapped RAM; say so instead. Only
     * an ePAPR boot (r6 = magic) tells us the mapping's size. */
    lis     r8, EPAPR_MAGIC@h
    ori     r8, r8, EPAPR_MAGIC@l
    cmplw   r6, r8
    bne     1f
    lis     r8, _end@ha
    addi    r8, r8, _end@l
    cmplw   r8, r7
    bgt     image_too_big
1:
    /* Stack: a zero back-chain word ends the ABI's frame list. */
    lis     r1, __stack_top@ha
    addi    r1, r1, __stack_top@l
    li      r0, 0
    stwu    r0, -16(r1)

    /* .bss: both ends are 8-aligned (linker script), so clear words. */
    lis     r8, __bss_start@ha
    addi    r8, r8, __bss_start@l
    lis     r9, __bss_end@ha
    addi    r9, r9, __bss_end@l
2:  cmplw   r8, r9
    bge     3f
    stw     r0, 0(r8)
    addi    r8, r8, 4
    b       2b
3:
    /* Exceptions: IVPR gives a vector's upper 16 bits, IVORn the lower. */
    lis     r8, _vectors@h
    mtspr   SPR_IVPR, r8
    SET_IVORS

    bl      main
    bl      board_exit              /* r3 = main's result; never returns */

/* Print a fixed message on the UART without RAM or stack, then reset. */
image_too_big:
    lis     r8, too_big_msg@ha
    addi    r8, r8, too_big_msg@l
    lis     r9, (CCSR_BASE + UART0_OFFSET)@h
    ori     r9, r9, (CCSR_BASE + UART0_OFFSET)@l
    UART_PUTS_R8_R9
    lis     r9, (CCSR_BASE + GUTS_OFFSET)@h
    ori     r9, r9, (CCSR_BASE + GUTS_OFFSET)@l
    li      r10, GUTS_RSTCR_HRESET_REQ
    stw     r10, GUTS_RSTCR(r9)
7:  b       7b

    .section .rodata
too_big_msg:
    .asciz  "FAIL e500: the image does not fit the boot loader's RAM mapping (linker/e500.ld)\r\n"

/* Sixteen 16-byte vector stubs, at _vectors + 16 * n for IVORn. Each passes
 * its number to board_exception with the faulting address (SRR0; critical
 * and machine-check interrupts save theirs elsewhere, so it is only a hint
 * for IVOR0, 1 and 15), ESR and DEAR, on a fresh stack: the old one may be
 * what failed. board_exception prints a FAIL line and exits. */
    VECTOR_STUBS exception_common

exception_common:
    lis     r0, MSR_RUN@h
    ori     r0, r0, MSR_RUN@l
    mtmsr   r0
    isync
    mfspr   r4, SPR_SRR0
    mfspr   r5, SPR_ESR
    mfspr   r6, SPR_DEAR
    lis     r1, __stack_top@ha
    addi    r1, r1, __stack_top@l
    li      r0, 0
    stwu    r0, -16(r1)
    bl      board_exception
8:  b       8b

    .section .note.GNU-stack, "", @progbits
