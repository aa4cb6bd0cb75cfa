# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- the folders form one chain (docs/source-map.md) -------------
# test/layers.py checks every include and, over this build's objects, every
# call between loader files: down the chain only, and no loops.
python3 test/layers.py --objects $BUILD/obj > $BUILD/layers.out 2>&1
grep -E '^(PASS|FAIL) ' $BUILD/layers.out >> "$LOG"
grep -E '^FAIL ' $BUILD/layers.out
grep -qE '^(PASS|FAIL) ' $BUILD/layers.out || fail "layers: test/layers.py printed no verdict"

# The check can fail: a copy of the tree with one include up the chain, and
# objects with a call up the chain and two files that call each other.
demo=$BUILD/layers-demo
rm -rf $demo && mkdir -p $demo/tree $demo/obj/loader/core
cp -r loader port platform $demo/tree/
echo '#include "../access/map_access.h"' >> $demo/tree/loader/core/fmath.c
if python3 test/layers.py --root $demo/tree > $demo/inc.out 2>&1; then
    fail "layers: an include from core/ up to access/ passes the check"
elif grep -q '^FAIL layers: loader/core/fmath.c includes loader/access/map_access.h' $demo/inc.out; then
    pass "layers: the check fails on an include from core/ up to access/, naming it"
else
    fail "layers: the check failed without naming the include"; cat $demo/inc.out
fi
cp -r $BUILD/obj/loader $demo/obj/
printf 'int bsp_get_counts(void);\nint bsp__demo_up(void) { return bsp_get_counts(); }\n' > $demo/up.c
printf 'int bsp__demo_b(void);\nint bsp__demo_a(void) { return bsp__demo_b(); }\n' > $demo/a.c
printf 'int bsp__demo_a(void);\nint bsp__demo_b(void) { return bsp__demo_a(); }\n' > $demo/b.c
for f in up a b; do ${CC:-cc} -c $demo/$f.c -o $demo/obj/loader/core/demo_$f.o; done
python3 test/layers.py --objects $demo/obj > $demo/call.out 2>&1
if grep -q '^FAIL layers: loader/core/demo_up.c uses bsp_get_counts of loader/access/' $demo/call.out &&
   grep -q '^FAIL layers: files call each other in a loop: loader/core/demo_a.c -> loader/core/demo_b.c' \
       $demo/call.out; then
    pass "layers: the check fails on a call from core/ up to access/ and on two files calling each other"
else
    fail "layers: a call up the chain or a loop of calls went unnoticed"; cat $demo/call.out
fi
