# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the folders form one chain (docs/source-map.md) -------------
# test/checks/layers.py checks every include and, over this build's objects, every
# call between loader files: down the chain only, and no loops. The tool is
# built in one compiler run, so its files are compiled here one by one for
# the same check of its folders (tools/common <- pictures, simulate <- cli).
layers_tool_obj() {   # SRC_ROOT OUT: every tools/*/*.c of SRC_ROOT as an object under OUT
    for f in "$1"/tools/*/*.c; do
        rel=${f#"$1"/}
        mkdir -p "$2/$(dirname "$rel")"
        ${CC:-cc} -std=c99 -I"$1"/loader -DBSPKIT_PICTURES=0 -c "$f" -o "$2/${rel%.c}.o" || return 1
    done
}
rm -rf $BUILD/layers-tools
layers_tool_obj . $BUILD/layers-tools/obj || fail "layers: the tool's files do not compile one by one"
run_prog layers python3 test/checks/layers.py --objects $BUILD/obj --objects $BUILD/layers-tools/obj \
    --source-map docs/source-map.md

# The check can fail: a copy of the tree with one include up the chain, and
# objects with a call up the chain and two files that call each other.
demo=$BUILD/layers-demo
rm -rf $demo && mkdir -p $demo/tree $demo/obj/loader/core
cp -r loader port platform tools $demo/tree/
echo '#include "../access/map_access.h"' >> $demo/tree/loader/core/fmath.c
if python3 test/checks/layers.py --root $demo/tree > $demo/inc.out 2>&1; then
    fail "layers: an include from core/ up to access/ passes the check"
elif grep -q '^FAIL layers: loader/core/fmath.c includes loader/access/map_access.h' $demo/inc.out; then
    pass "layers: the check fails on an include from core/ up to access/, naming it"
else
    fail "layers: the check failed without naming the include"; cat $demo/inc.out
fi
# pipeline/ is the loader's top floor and enters cmodel/ through cmodel.h
# alone: a map access file that includes the plan, and the pipeline
# including one of the collision model's builders, both fail
cp -r loader $demo/top && mkdir -p $demo/top-tree && mv $demo/top $demo/top-tree/loader
cp -r port platform tools $demo/top-tree/
echo '#include "../pipeline/plan.h"' >> $demo/top-tree/loader/access/entity.c
echo '#include "../cmodel/hull_build.h"' >> $demo/top-tree/loader/pipeline/load.c
python3 test/checks/layers.py --root $demo/top-tree > $demo/top.out 2>&1
if grep -q '^FAIL layers: loader/access/entity.c includes loader/pipeline/plan.h: loader/access may not use loader/pipeline' \
        $demo/top.out &&
   grep -q '^FAIL layers: loader/pipeline/load.c includes loader/cmodel/hull_build.h: loader/pipeline enters loader/cmodel through loader/cmodel/cmodel.h alone' \
        $demo/top.out; then
    pass "layers: the check fails on access/ including pipeline/ and on pipeline/ including a cmodel/ builder's header"
else
    fail "layers: an include of pipeline/ from below, or of a cmodel/ builder from pipeline/, went unnoticed"; cat $demo/top.out
fi
cp -r $BUILD/obj/loader $demo/obj/
printf 'int bsp_get_counts(void);\nint bsp__demo_up(void) { return bsp_get_counts(); }\n' > $demo/up.c
printf 'int bsp__demo_b(void);\nint bsp__demo_a(void) { return bsp__demo_b(); }\n' > $demo/a.c
printf 'int bsp__demo_a(void);\nint bsp__demo_b(void) { return bsp__demo_a(); }\n' > $demo/b.c
for f in up a b; do ${CC:-cc} -c $demo/$f.c -o $demo/obj/loader/core/demo_$f.o; done
# and the pipeline calling a builder of cmodel/ by name
printf 'int bsp__hulls_build(void);\nint bsp__demo_pipe(void) { return bsp__hulls_build(); }\n' > $demo/pipe.c
${CC:-cc} -c $demo/pipe.c -o $demo/obj/loader/pipeline/demo_pipe.o
python3 test/checks/layers.py --objects $demo/obj > $demo/call.out 2>&1
if grep -q '^FAIL layers: loader/core/demo_up.c uses bsp_get_counts of loader/access/' $demo/call.out &&
   grep -q '^FAIL layers: files call each other in a loop: loader/core/demo_a.c -> loader/core/demo_b.c' \
       $demo/call.out &&
   grep -q '^FAIL layers: loader/pipeline/demo_pipe.c uses bsp__hulls_build of loader/cmodel/hull_build.c: loader/pipeline calls loader/cmodel' \
       $demo/call.out; then
    pass "layers: the check fails on a call from core/ up to access/, on two files calling each other and on pipeline/ calling a cmodel/ builder"
else
    fail "layers: a call up the chain, a loop of calls or a builder called from pipeline/ went unnoticed"; cat $demo/call.out
fi

# The same for the tool's folders: a shared helper that includes the
# command front's header, and one that calls back into a command (the
# circle tools/bspkit.c once was: main and the helpers the commands use).
mkdir -p $demo/tool-tree/loader && cp -r tools platform $demo/tool-tree/ && cp loader/bspkit.h $demo/tool-tree/loader/
echo '#include "../cli/commands.h"' >> $demo/tool-tree/tools/common/output.c
printf 'int cmd_stats(const char *path, int forward);\nint tool_demo_back(void) { return cmd_stats("", 0); }\n' \
    >> $demo/tool-tree/tools/common/identify.c
layers_tool_obj $demo/tool-tree $demo/tool-obj
python3 test/checks/layers.py --root $demo/tool-tree --objects $demo/tool-obj > $demo/tool.out 2>&1
if grep -q '^FAIL layers: tools/common/output.c includes tools/cli/commands.h: tools/common may not use tools/cli' \
        $demo/tool.out &&
   grep -q '^FAIL layers: tools/common/identify.c uses cmd_stats of tools/cli/cmd_info.c: tools/common may not use tools/cli' \
        $demo/tool.out &&
   grep -q '^FAIL layers: files call each other in a loop: .*tools/cli/cmd_info.c.*tools/common/identify.c' $demo/tool.out; then
    pass "layers: the check fails on a tools/common include of tools/cli and on a helper calling back into a command (a loop)"
else
    fail "layers: a back-include or a call circle in tools/ went unnoticed"; cat $demo/tool.out
fi

# docs/source-map.md is held against the tree: a loader file it does not
# name, a name it gives that is not there, a folder listed twice, each fails
mt=$demo/map-tree
rm -rf $mt && mkdir -p $mt/docs && cp -r loader port platform linker $mt/
: > $mt/loader/core/planted.c
sed -e 's/^      version.c .*/      gone.c              a file the tree does not have/' \
    -e 's/^    linker\/ .*/&\n    linker\/               again/' docs/source-map.md > $mt/docs/source-map.md
python3 test/checks/layers.py --root $mt --source-map $mt/docs/source-map.md > $demo/map.out 2>&1
if grep -q "^FAIL layers: $mt/docs/source-map.md does not name loader/core/planted.c" $demo/map.out &&
   grep -q "^FAIL layers: $mt/docs/source-map.md does not name loader/core/version.c" $demo/map.out &&
   grep -q "^FAIL layers: $mt/docs/source-map.md names loader/core/gone.c, which the tree does not have" $demo/map.out &&
   grep -q "^FAIL layers: $mt/docs/source-map.md: linker/ is listed 2 times" $demo/map.out; then
    pass "layers: the source map check fails on a file the map leaves out, a name the tree lacks and a folder listed twice"
else
    fail "layers: a file left out of docs/source-map.md, a stale name or a folder listed twice went unnoticed"; cat $demo/map.out
fi
