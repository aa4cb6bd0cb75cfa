#!/bin/sh
# SPDX-License-Identifier: MIT
# lzma_ppc_count.sh - instructions the LZMA decoder executes on 32-bit
# PowerPC (qemu-ppc, one instruction per translation block, every block
# logged), for comparing decoder versions. Not part of the suite.
#
#   sh test/bench/lzma_ppc_count.sh [DECODER.c [CFLAGS]]
#
# DECODER.c defaults to loader/lzma/lzma_decoder.c (another revision:
# git show REV:loader/lzma/lzma_decoder.c > /tmp/old.c, with its header
# beside it or -I to one), CFLAGS to -O2. Data: about 640 KB of text and
# machine code from the host (/usr/include, /usr/bin), compressed as Valve
# does (raw LZMA1, lc=3 lp=0 pb=2, 256 KiB dictionary) with python3's
# lzma. The driver decodes each stream once, out of place, checks the
# output, and the script counts the logged instructions whose function is
# one of the decoder's (its object's symbols). Needs powerpc-linux-gnu-gcc,
# qemu-ppc (7.2: -singlestep) and python3; takes a few minutes.
set -e
SRC=${1:-loader/lzma/lzma_decoder.c}
CFLAGS=${2:--O2}
W=${LZMA_COUNT_DIR:-build/lzma_ppc_count}
CC=powerpc-linux-gnu-gcc
mkdir -p $W

python3 - "$W" <<'PY'
import lzma, glob, os, sys
w = sys.argv[1]
def take(paths, limit):
    out = bytearray()
    for p in sorted(paths):
        try:
            with open(p, "rb") as f:
                out += f.read(limit - len(out))
        except OSError:
            pass
        if len(out) >= limit:
            break
    return bytes(out)
sets = {"text": take(glob.glob("/usr/include/*.h"), 320000),
        "code": take(["/usr/bin/qemu-ppc", "/usr/bin/python3"], 320000)}
filt = [{"id": lzma.FILTER_LZMA1, "preset": 6, "dict_size": 256 << 10, "lc": 3, "lp": 0, "pb": 2}]
for name, data in sets.items():
    comp = lzma.compress(data, format=lzma.FORMAT_RAW, filters=filt)
    open(os.path.join(w, name + ".raw"), "wb").write(data)
    open(os.path.join(w, name + ".lzma"), "wb").write(comp)
PY

cat > $W/drive.c <<'EOF'
/* Decodes each NAME.lzma (raw, lc=3 lp=0 pb=2, 256 KiB) and compares with
 * NAME.raw. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lzma_decoder.h"
static unsigned char *slurp(const char *p, long *n)
{
    FILE *f = fopen(p, "rb");
    unsigned char *b;
    if (!f) return 0;
    fseek(f, 0, SEEK_END);
    *n = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)*n + 1);
    if (fread(b, 1, (size_t)*n, f) != (size_t)*n) return 0;
    fclose(f);
    return b;
}
int main(int argc, char **argv)
{
    static const unsigned char raw_props[5] = { 0x5d, 0, 0, 4, 0 };
    bsp__lzma_props p;
    int i;
    bsp__lzma_parse_props(raw_props, &p);
    for (i = 1; i < argc; i++) {
        char path[512];
        long nraw, nin;
        unsigned char *raw, *in, *buf;
        void *probs = malloc(bsp__lzma_probs_bytes(&p));
        int r;
        snprintf(path, sizeof path, "%s.raw", argv[i]);
        raw = slurp(path, &nraw);
        snprintf(path, sizeof path, "%s.lzma", argv[i]);
        in = slurp(path, &nin);
        if (!raw || !in) return 2;
        buf = malloc((size_t)(nraw + nin));
        memcpy(buf + nraw, in, (size_t)nin);
        r = bsp__lzma_decode(&p, probs, buf, (unsigned)nraw, (unsigned)nraw, (unsigned)nin);
        if (r != BSP_LZMA_OK || memcmp(buf, raw, (size_t)nraw) != 0) {
            fprintf(stderr, "%s: result %d or output differs\n", argv[i], r);
            return 1;
        }
    }
    return 0;
}
EOF

INC="-I$(dirname "$SRC") -Iloader/lzma"
$CC -std=c99 -msdata=none -fno-pic -ffreestanding -fno-builtin $CFLAGS $INC -c "$SRC" -o $W/dec.o
$CC -std=c99 -O2 -static -Iloader/lzma $W/drive.c $W/dec.o -o $W/drive
powerpc-linux-gnu-nm $W/dec.o | awk '$2 ~ /^[Tt]$/ { print $3 }' > $W/syms
rm -f $W/log
mkfifo $W/log
qemu-ppc -singlestep -d exec,nochain -D $W/log $W/drive $W/text $W/code &
awk 'NR == FNR { s[$1] = 1; next } /^Trace/ && ($NF in s) { n++ } END { printf "%d\n", n }' $W/syms $W/log
wait $!
rm -f $W/log
