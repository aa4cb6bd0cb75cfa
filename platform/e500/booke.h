/* SPDX-License-Identifier: MIT */
/* booke.h - what the e500 (32-bit) and e5500 (64-bit) start-up codes share:
 * Book E special-purpose register numbers, the CCSR TLB entry's fields, and
 * the exception vector stubs. Assembler only. */
#ifndef BSP_BOOKE_H
#define BSP_BOOKE_H

#define SPR_DEAR   61
#define SPR_ESR    62
#define SPR_IVPR   63
#define SPR_SRR0   26
#define SPR_EPCR   307
#define SPR_MAS0   624
#define SPR_MAS1   625
#define SPR_MAS2   626
#define SPR_MAS3   627
#define SPR_MAS7   944
#define SPR_IVOR0  400

/* TLB1 entry 1: CCSR_BASE, 1 MiB, cache-inhibited and guarded (device
 * registers must be neither cached nor read speculatively), supervisor
 * read/write, protected from invalidation (IPROT). TSIZE 0x500 is 1 MiB in
 * both MMU encodings (e500v2: 4^5 KiB; e500mc/e5500: 2^10 KiB). */
#define MAS0_TLB1_ESEL1 0x10010000
#define MAS1_V_IPROT_1M 0xC0000500
#define MAS2_I_G        0x0000000A
#define MAS3_SW_SR      0x00000005

#define EPAPR_MAGIC 0x45504150

/* IVORn = 16 * n, the stubs' offsets from IVPR (clobbers r8). */
    .macro SET_IVORS
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    li      r8, (\n * 16)
    mtspr   SPR_IVOR0 + \n, r8
    .endr
    isync
    .endm

/* Sixteen 16-byte vector stubs, at _vectors + 16 * n for IVORn. Each passes
 * its number in r3 to `common`, which reports it and exits. */
    .macro VECTOR_STUBS common
    .section .text.vectors, "ax"
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    .balign 16
    li      r3, \n
    b       \common
    .endr
    .endm

/* Write the NUL-terminated string at r8 to the 16550 at r9, polling, with
 * no RAM or stack (clobbers r8, r10, r11). */
    .macro UART_PUTS_R8_R9
1:  lbz     r10, 0(r8)
    cmpwi   r10, 0
    beq     3f
2:  lbz     r11, UART_LSR(r9)
    andi.   r11, r11, UART_LSR_THRE
    beq     2b
    stb     r10, UART_THR(r9)
    addi    r8, r8, 1
    b       1b
3:
    .endm

#endif
