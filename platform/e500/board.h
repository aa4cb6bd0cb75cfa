/* SPDX-License-Identifier: MIT */
/* board.h - what a bare-metal program gets from its board: a console, an
 * exit, and a report of unexpected exceptions. This one is for an MPC8544
 * (e500) as QEMU's mpc8544ds machine emulates it; another board provides
 * the same four functions (and its own start-up code and linker script).
 * Shared with start.S, so the constants are plain numbers.
 */
#ifndef BSP_E500_BOARD_H
#define BSP_E500_BOARD_H

/* CCSR, the block of on-chip device registers. Its address is set by the
 * boot loader (CCSRBAR); QEMU's mpc8544ds puts it at 0xE0000000 (ppce500
 * at 0xFE0000000, above 4 GiB, which would need MAS7 in start.S). */
#define CCSR_BASE     0xE0000000
#define UART0_OFFSET  0x4500     /* DUART channel 0, a 16550 */
#define GUTS_OFFSET   0xE0000    /* global utilities */

/* 16550 registers (byte-wide, consecutive) */
#define UART_THR      0          /* transmit holding (write) */
#define UART_IER      1
#define UART_FCR      2
#define UART_LCR      3
#define UART_MCR      4
#define UART_LSR      5
#define UART_LSR_THRE 0x20       /* THR empty: room for a byte */
#define UART_LSR_TEMT 0x40       /* transmitter idle: every byte is out */

/* GUTS reset control: HRESET_REQ asks for a hard reset, which QEMU's
 * -no-reboot turns into an exit. */
#define GUTS_RSTCR             0xB0
#define GUTS_RSTCR_HRESET_REQ  0x2

#ifndef __ASSEMBLER__
#include <stdint.h>

/* Set the UART to 8N1 with FIFOs. The baud divisor is left as the boot
 * loader set it (it depends on the board's clock; QEMU ignores it). */
void board_console_init(void);
/* Write one byte, waiting while the transmitter is full ('\n' goes out as
 * "\r\n" for terminals). */
void board_putc(char c);
void board_puts(const char *s);
/* Wait until the console is drained, then reset the board (QEMU with
 * -no-reboot exits). status is main's result: the console output carries
 * the verdict, as there is no exit code to hand it to. */
void board_exit(int status) __attribute__((noreturn));
/* Called by start.S's vectors: prints "FAIL e500: exception ..." and exits. */
void board_exception(uint32_t ivor, uint32_t srr0, uint32_t esr, uint32_t dear)
    __attribute__((noreturn));
#endif

#endif
