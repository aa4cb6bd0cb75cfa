# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the suite's own helpers ------------------------------------------------
# test/run.sh on planted parts in a folder of their own (SUITE=): a FAIL
# line names the part's file and line (also from inside a function and for
# a program run_prog runs; a program's FAIL line without a file:line gets
# the part's), a program that checks nothing and a part that reports
# nothing are failures, a variable one part sets is not seen by the next,
# and the run exits non-zero with the summary line; two parts at a time
# leave the same log as one. And check.h: a
# failed CHECK names its file and line.
st=$BUILD/suite-self
rm -rf "$st" && mkdir -p "$st/parts"
# (written with @F@ and @R@ for the calls: run.sh numbers the calls of
# this part's own copy, the planted ones must be numbered in theirs)
sed 's/@F@/fail/; s/@R@/run_prog/; s/@C@/cross_missing/' > "$st/parts/10-planted.sh" <<'EOF'
leak=set-by-part-10
pass "planted pass"
@F@ "planted failure"
in_a_function() {
    @F@   "planted failure in a function"
}
in_a_function
@R@ silent true
@R@ crash false
@R@ script sh -c 'echo "FAIL a script without a line"; exit 1'
@C@ "planted: build/ppc/x missing (make cross)"
EOF
sed 's/@F@/fail/' > "$st/parts/20-after.sh" <<'EOF'
if [ -z "${leak:-}" ]; then pass "no variable of part 10 here"
else @F@ "part 10's variable leaked: $leak"; fi
EOF
printf 'true\n' > "$st/parts/30-quiet.sh"
PARTS= SKIP_PARTS= SUITE_CROSS=1 SUITE_JOBS=2 SUITE=$st/parts BUILD=$st/build sh test/run.sh > "$st/run.out" 2>&1
st_rc=$?
# one part at a time: the same log, line for line (the parts' logs are
# joined in name order, whatever ran first)
PARTS= SKIP_PARTS= SUITE_CROSS=1 SUITE_JOBS=1 SUITE=$st/parts BUILD=$st/build1 sh test/run.sh > "$st/run1.out" 2>&1
p=$st/parts
st_bad=""
grep -qx "FAIL $p/10-planted.sh:3: planted failure" "$st/run.out" || st_bad="$st_bad top-level-line"
grep -qx "FAIL $p/10-planted.sh:5: planted failure in a function" "$st/run.out" || st_bad="$st_bad function-line"
grep -q "^FAIL $p/10-planted.sh:8: silent: printed no PASS, FAIL or SKIP line" "$st/run.out" || st_bad="$st_bad silent-program"
grep -q "^FAIL $p/10-planted.sh:9: crash: exited with status 1" "$st/run.out" || st_bad="$st_bad crashed-program"
grep -qx "FAIL $p/10-planted.sh:10: a script without a line" "$st/run.out" || st_bad="$st_bad unlocated-program-line"
grep -qx "FAIL $p/10-planted.sh:11: planted: build/ppc/x missing (make cross)" "$st/run.out" || st_bad="$st_bad cross-missing"
grep -q "^FAIL $p/30-quiet.sh:-: part 30-quiet.sh reported no PASS, FAIL or SKIP line" "$st/run.out" || st_bad="$st_bad quiet-part"
grep -q "leaked" "$st/run.out" && st_bad="$st_bad variable-leak"
[ "$(tail -1 "$st/run.out")" = "2 passed, 7 failed, 0 skipped" ] || st_bad="$st_bad summary"
[ $st_rc -ne 0 ] || st_bad="$st_bad exit-status-0"
sed "s|$st/build1/|$st/build/|g" "$st/build1/test.log" | cmp -s "$st/build/test.log" - || st_bad="$st_bad log-differs-by-jobs"
[ "$(grep -c '^PASS planted pass' "$st/build/test.log")" = 1 ] || st_bad="$st_bad log-joined"
if [ -z "$st_bad" ]; then
    pass "suite: planted failures name their part's file and line, silent programs and parts fail, no variable leaks, exit non-zero"
else
    fail "suite: run.sh on planted parts:$st_bad (exit $st_rc; see $st/run.out)"
fi

# check.h: the file and line of the failed CHECK, in the program's output
cat > "$st/planted.c" <<'EOF'
#include "check.h"
int main(void)
{
    CHECK(1 == 1, "planted pass", "never printed");
    CHECK(1 == 2, "planted failure", "1 is not %d", 2);
    return check_exit();
}
EOF
if ! ${CC:-cc} -std=c99 -Wall -Wextra -Werror -I test/common "$st/planted.c" -o "$st/planted" 2> "$st/cc.err"; then
    fail "suite: a program with check.h does not compile: $(head -3 "$st/cc.err")"
else
    "$st/planted" > "$st/planted.out"
    c_rc=$?
    if [ $c_rc -ne 0 ] && grep -qx "FAIL $st/planted.c:5: planted failure: 1 is not 2" "$st/planted.out" &&
       grep -qx "PASS planted pass" "$st/planted.out"; then
        pass "suite: a failed CHECK prints its file and line, the program exits non-zero"
    else
        fail "suite: check.h's FAIL line: exit $c_rc, '$(cat "$st/planted.out")'"
    fi
fi
