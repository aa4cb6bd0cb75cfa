/* SPDX-License-Identifier: MIT */
/* sha256.c - SHA-256 (FIPS 180-4) of a byte string as lower-case hex: the
 * `sha256` keys of docs/queries.md 11.10, which tests compare with
 * Python's hashlib. Written from the standard's description. */
#include <string.h>

#include "sha256.h"

static const uint32_t K[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

#define ROR(x, n) ((x) >> (n) | (x) << (32 - (n)))

static void block(uint32_t h[8], const unsigned char *p)
{
    uint32_t w[64], a[8], k;
    for (k = 0; k < 16; k++)
        w[k] = (uint32_t)p[4 * k] << 24 | (uint32_t)p[4 * k + 1] << 16 | (uint32_t)p[4 * k + 2] << 8 | p[4 * k + 3];
    for (k = 16; k < 64; k++) {
        uint32_t s0 = ROR(w[k - 15], 7) ^ ROR(w[k - 15], 18) ^ (w[k - 15] >> 3);
        uint32_t s1 = ROR(w[k - 2], 17) ^ ROR(w[k - 2], 19) ^ (w[k - 2] >> 10);
        w[k] = w[k - 16] + s0 + w[k - 7] + s1;
    }
    memcpy(a, h, sizeof a);
    for (k = 0; k < 64; k++) {
        uint32_t t1 = a[7] + (ROR(a[4], 6) ^ ROR(a[4], 11) ^ ROR(a[4], 25)) +
                      ((a[4] & a[5]) ^ (~a[4] & a[6])) + K[k] + w[k];
        uint32_t t2 = (ROR(a[0], 2) ^ ROR(a[0], 13) ^ ROR(a[0], 22)) +
                      ((a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]));
        memmove(a + 1, a, 7 * sizeof a[0]);
        a[4] += t1;
        a[0] = t1 + t2;
    }
    for (k = 0; k < 8; k++) h[k] += a[k];
}

void tool_sha256_hex(const void *data, size_t n, char hex[65])
{
    static const uint32_t h0[8] = { 0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
                                    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u };
    const unsigned char *p = (const unsigned char *)data;
    unsigned char tail[128];
    uint32_t h[8];
    size_t done = 0, rest, pad, k;
    uint64_t bits = (uint64_t)n * 8;
    memcpy(h, h0, sizeof h);
    for (; n - done >= 64; done += 64) block(h, p + done);
    rest = n - done;
    memcpy(tail, p + done, rest);
    tail[rest] = 0x80;
    pad = rest < 56 ? 64 : 128;
    memset(tail + rest + 1, 0, pad - rest - 1);
    for (k = 0; k < 8; k++) tail[pad - 1 - k] = (unsigned char)(bits >> (8 * k));
    block(h, tail);
    if (pad == 128) block(h, tail + 64);
    for (k = 0; k < 32; k++) {
        static const char digits[] = "0123456789abcdef";
        unsigned char b = (unsigned char)(h[k / 4] >> (24 - 8 * (k % 4)));
        hex[2 * k] = digits[b >> 4];
        hex[2 * k + 1] = digits[b & 15];
    }
    hex[64] = '\0';
}
