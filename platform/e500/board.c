/* SPDX-License-Identifier: MIT */
/* board.c - console and exit on the MPC8544's 16550 UART and reset control.
 * Freestanding: volatile accesses to the CCSR mapping start.S made. */
#include "board.h"

#define REG8(off)  (*(volatile uint8_t *)(uintptr_t)(CCSR_BASE + UART0_OFFSET + (off)))
#define REG32(off) (*(volatile uint32_t *)(uintptr_t)(CCSR_BASE + GUTS_OFFSET + (off)))

/* mbar orders the device accesses before it ahead of those after it. */
#define BARRIER() __asm__ __volatile__("mbar" ::: "memory")

void board_console_init(void)
{
    REG8(UART_IER) = 0x00;          /* polled: no interrupts */
    REG8(UART_LCR) = 0x03;          /* 8 data bits, no parity, 1 stop bit */
    REG8(UART_FCR) = 0x07;          /* FIFOs on and emptied */
    REG8(UART_MCR) = 0x03;          /* DTR, RTS */
    BARRIER();
}

static void uart_tx(uint8_t c)
{
    while (!(REG8(UART_LSR) & UART_LSR_THRE))
        ;
    REG8(UART_THR) = c;
}

void board_putc(char c)
{
    if (c == '\n') uart_tx('\r');
    uart_tx((uint8_t)c);
}

void board_puts(const char *s)
{
    while (*s) board_putc(*s++);
}

void board_exit(int status)
{
    (void)status;
    while (!(REG8(UART_LSR) & UART_LSR_TEMT))
        ;
    BARRIER();
    REG32(GUTS_RSTCR) = GUTS_RSTCR_HRESET_REQ;
    BARRIER();
    for (;;)
        ;                           /* the reset takes effect */
}

static void put_hex(uint32_t v)
{
    int i;
    board_puts("0x");
    for (i = 28; i >= 0; i -= 4) board_putc("0123456789abcdef"[(v >> i) & 15u]);
}

void board_exception(uint32_t ivor, uint32_t srr0, uint32_t esr, uint32_t dear)
{
    board_puts("\nFAIL e500: unexpected exception, IVOR");
    board_putc((char)('0' + ivor / 10));
    board_putc((char)('0' + ivor % 10));
    board_puts(" at ");
    put_hex(srr0);
    board_puts(" (ESR ");
    put_hex(esr);
    board_puts(", DEAR ");
    put_hex(dear);
    board_puts(")\n");
    board_exit(1);
}
