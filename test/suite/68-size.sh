# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- make size against docs/building.md -----------------------------------
# The page's `make size` table is what the command prints today: written
# by mk/size_doc.py (make size-doc), never by hand, so a change that moves
# a row must rewrite it (issue 42 item 7: the page showed 0.3.0's table as
# today's). The rows build in $BUILD/size with the 32-bit PowerPC compiler.
if ! command -v powerpc-linux-gnu-gcc >/dev/null; then
    cross_missing "size: powerpc-linux-gnu-gcc missing (make deps): docs/building.md's table not checked"
else
    if make -s --no-print-directory BUILD=$BUILD size > $BUILD/size.txt 2> $BUILD/size.err; then
        if python3 mk/size_doc.py --check docs/building.md < $BUILD/size.txt 2> $BUILD/size.diff; then
            pass "size: docs/building.md shows what make size prints ($(grep -c '^[a-z]' $BUILD/size.txt) lines)"
        else
            fail "size: docs/building.md's table is not make size's (make size-doc rewrites it):"
            cat $BUILD/size.diff
        fi
    else
        fail "size: make size failed: $(head -3 $BUILD/size.err)"
    fi
fi
