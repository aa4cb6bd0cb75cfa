# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- what failures say; the defects of issue 9 part 6; unknown sizes ------
# test_errors (C): status sentences, failed loads, the game lump base,
# streams of unknown size. Then the tool on maps test/craft/craft_errors.py spoils
# in one way each (the crafted files live in $BUILD/errors and go at the end).
gen_maps=$(gen_maps) || skip "errors: no generated maps in $MAPS: test_errors not run"
[ -n "$gen_maps" ] && run_prog errors $BUILD/t/test_errors $gen_maps
for arch in ppc ppc64; do
    if [ -z "$gen_maps" ]; then
        skip "$arch-errors: no generated maps"
    elif [ -x build/$arch/t/test_errors ] && command -v qemu-$arch > /dev/null; then
        run_prog $arch-errors qemu-$arch build/$arch/t/test_errors $gen_maps
    else
        cross_missing "$arch: build/$arch/t/test_errors or qemu-$arch missing (make cross)"
    fi
done

E=$BUILD/errors
rm -rf "$E"
mkdir -p "$E"
craft() { python3 test/craft/craft_errors.py "$1" "$MAPS/$2" "$E/$3"; }
asan_tool=$BUILD/asan/bspkit
tool=$BUILD/bspkit

# A load failure: name, sentence and the lump where the load stopped.
expect=$(craft bad_node q1.bsp bad_node.bsp)
$asan_tool info "$E/bad_node.bsp" > "$E/bad_node.out" 2> "$E/bad_node.err"
rc=$?
if [ $rc -eq 1 ] && python3 - "$E/bad_node.out" "$expect" <<'EOF'
import json, sys
got = json.loads(open(sys.argv[1]).read())
want = json.loads(sys.argv[2])
ok = got["error"] == "corrupt" and got["message"].endswith(".") and len(got["message"]) > 20
ok = ok and all(got[k] == want[k] for k in ("lump", "index", "offset"))
sys.exit(0 if ok else 1)
EOF
then
    if grep -q "lump 5, nodes, at file offset" "$E/bad_node.err"; then
        pass "tool: a failed load prints the status, its sentence and the lump it stopped in"
    else fail "tool: no readable message on stderr: $(cat "$E/bad_node.err")"; fi
else
    fail "tool: failed load reported as $(cat "$E/bad_node.out") (exit $rc)"
fi

# gamelumps: a sub-lump whose unpacking window is 2^32 - 1 bytes (need + 1
# wrapped to a 0-byte block before).
craft gamelump_wrap demo.bsp wrap.bsp > /dev/null
$asan_tool gamelumps "$E/wrap.bsp" > "$E/wrap.out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q '^{"error":"[a-z_]*"}$' "$E/wrap.out" && ! grep -q Sanitizer "$E/wrap.out"; then
    pass "tool: gamelumps with a 4 GiB sub-lump window fails cleanly ($(grep -o '"error":"[a-z_]*"' "$E/wrap.out"))"
else
    fail "tool: gamelumps with a 4 GiB sub-lump window: exit $rc, $(head -c 300 "$E/wrap.out")"
fi

# gamelumps (docs/tool.md "No such data"): a Source map whose game lump
# holds no sub-lumps lists nothing and exits 0, as props on a Source map
# without 'sprp'; a family without game lumps is unsupported, exit 3, and
# standard error names what is missing.
craft no_gamelump demo.bsp nogame.bsp > /dev/null
$asan_tool gamelumps "$E/nogame.bsp" > "$E/nogame.out" 2> /dev/null
rc1=$?
$asan_tool gamelumps "$MAPS/q1.bsp" > "$E/q1game.out" 2> "$E/q1game.err"
rc2=$?
if [ $rc1 -eq 0 ] && [ ! -s "$E/nogame.out" ] &&
   [ $rc2 -eq 3 ] && [ "$(cat "$E/q1game.out")" = '{"error":"unsupported"}' ] &&
   grep -q 'quake maps have no game lump' "$E/q1game.err"; then
    pass "tool: gamelumps on an empty game lump lists nothing; on quake unsupported (exit 3, named)"
else
    fail "tool: gamelumps without a game lump: exit $rc1 '$(cat "$E/nogame.out")', quake exit $rc2 '$(cat "$E/q1game.out")' '$(cat "$E/q1game.err")'"
fi

# A directory is not "Success".
$tool info "$MAPS" > "$E/dir.out" 2> "$E/dir.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "Is a directory" "$E/dir.err" && ! grep -q Success "$E/dir.err"; then
    pass "tool: a directory is reported as a directory"
else
    fail "tool: directory: exit $rc, $(cat "$E/dir.err")"
fi

# A file that cannot be opened: the path and the OS's reason, in the JSON
# too; a directory or a missing file for the map, a missing folder for
# render's picture.
$tool info "$E/missing.bsp" > "$E/missing.out" 2> "$E/missing.err"
rc=$?
$tool render "$MAPS/q1.bsp" -o "$E/no/such/dir/p.png" > "$E/nodir.out" 2> "$E/nodir.err"
rc2=$?
if [ $rc -eq 1 ] && [ $rc2 -eq 1 ] && python3 - "$E/dir.out" "$MAPS" "Is a directory" \
       "$E/missing.out" "$E/missing.bsp" "No such file or directory" \
       "$E/nodir.out" "$E/no/such/dir/p.png" "No such file or directory" <<'EOF'
import json, sys
a = sys.argv[1:]
for out, path, reason in zip(a[0::3], a[1::3], a[2::3]):
    got = json.loads(open(out).read())
    if got["error"] != "io" or got["path"] != path or got["reason"] != reason or path not in got["message"]:
        sys.exit("%s: %s" % (out, got))
EOF
then
    if grep -q "$E/missing.bsp: No such file or directory" "$E/missing.err" &&
       grep -q "cannot write the picture $E/no/such/dir/p.png: No such file or directory" "$E/nodir.err"; then
        pass "tool: a file that cannot be opened or written: its path and the OS's reason (JSON and stderr)"
    else fail "tool: unopenable file, stderr: $(cat "$E/missing.err" "$E/nodir.err")"; fi
else
    fail "tool: unopenable file: exit $rc/$rc2, $(cat "$E/dir.out" "$E/missing.out" "$E/nodir.out")"
fi

# A file cut short inside a lump: on disk bsp_open refuses the directory
# (bad_lump), through a pipe the load finds the end (truncated); both name
# the same lump (the first one a front-to-back read meets), its offset and
# length and the file's size, and say what is wrong with it.
head -c 15000 "$MAPS/q1.bsp" > "$E/cut.bsp"
$tool info "$E/cut.bsp" > "$E/cut.file" 2> "$E/cut.file.err"
rc1=$?
cat "$E/cut.bsp" | $asan_tool info - > "$E/cut.pipe" 2> "$E/cut.pipe.err"
rc2=$?
# standard input that is the file itself: its size is known, as on disk
$asan_tool info - < "$E/cut.bsp" > "$E/cut.stdin" 2> /dev/null
if [ $rc1 -eq 1 ] && [ $rc2 -eq 1 ] && python3 - "$E/cut.file" "$E/cut.pipe" "$E/cut.stdin" "$MAPS/q1.bsp" <<'EOF'
import json, struct, sys
f, p, s = (json.loads(open(x).read()) for x in sys.argv[1:4])
data = open(sys.argv[4], "rb").read()
# the Quake directory: the lowest-offset lump that ends past byte 15000
lumps = [struct.unpack_from("<2I", data, 4 + 8 * i) for i in range(15)]
want = min((o, i) for i, (o, n) in enumerate(lumps) if n and o + n > 15000)[1]
facts = ("lump", "index", "offset", "length", "file_size")
ok = f["error"] == "bad_lump" and p["error"] == "truncated" and s == f
ok = ok and all(f[k] == p[k] for k in facts) and f["index"] == want
ok = ok and f["offset"] == lumps[want][0] and f["length"] == lumps[want][1] and f["file_size"] == 15000
ok = ok and "past the end of the 15000-byte file" in f["detail"] and "data ends at byte 15000" in p["detail"]
sys.exit(0 if ok else "%s\n%s\n%s" % (f, p, s))
EOF
then
    if grep -q "lump [0-9]* ([a-z]*) at file offset [0-9]*, [0-9]* bytes long, ends at byte" "$E/cut.file.err" &&
       ! grep -q "overlaps the header or another lump" "$E/cut.file.err" &&
       grep -q "but the data ends at byte 15000" "$E/cut.pipe.err"; then
        pass "tool: a cut file names the same lump, offset, length and file size from disk and through a pipe"
    else fail "tool: cut file, stderr: $(cat "$E/cut.file.err" "$E/cut.pipe.err")"; fi
else
    fail "tool: cut file: exit $rc1/$rc2: $(cat "$E/cut.file" "$E/cut.pipe")"
fi

# The arena cannot be allocated: out_of_memory, not bad_arena. (ulimit -v:
# the plain build, as ASan reserves terabytes of address space.)
craft huge_arena v20_lzma.bsp huge.bsp > /dev/null
(ulimit -v 600000 && exec $tool info "$E/huge.bsp") > "$E/huge.out" 2> "$E/huge.err"
rc=$?
if [ $rc -eq 1 ] && [ "$(cat "$E/huge.out")" = '{"error":"out_of_memory"}' ]; then
    pass "tool: an arena malloc cannot give is out_of_memory"
else
    fail "tool: 1.5 GB arena under a 600 MB limit: exit $rc, $(cat "$E/huge.out") $(cat "$E/huge.err")"
fi

# Repeated keys in one entity: one member whose value is an array.
expect=$(craft dup_keys q1.bsp dup.bsp)
$asan_tool entities "$E/dup.bsp" > "$E/dup.out" 2>&1
if python3 - "$E/dup.out" "$expect" <<'EOF'
import json, sys
def no_dups(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)
got = [json.loads(line, object_pairs_hook=no_dups) for line in open(sys.argv[1])]
want = json.loads(sys.argv[2])["entities"]
sys.exit(0 if got == want and list(got[1]) == list(want[1]) else 1)
EOF
then pass "tool: entities gives a repeated key once, its values as an array in file order"
else fail "tool: entities with repeated keys: $(head -c 300 "$E/dup.out")"; fi

# Pipes: '-' is standard input, and --forward reads a FIFO (size unknown).
m=$MAPS/q1.bsp
$tool info "$m" > "$E/info.want"
ok=1
cat "$m" | $asan_tool info - > "$E/info.stdin" 2>&1 && cmp -s "$E/info.want" "$E/info.stdin" || ok=0
cat "$m" | $asan_tool info --forward - > "$E/info.stdin2" 2>&1 && cmp -s "$E/info.want" "$E/info.stdin2" || ok=0
if [ $ok -eq 1 ]; then pass "tool: bspkit info - reads the map from a pipe"
else fail "tool: bspkit info - differs: $(head -c 200 "$E/info.stdin")"; fi
rm -f "$E/fifo"
if mkfifo "$E/fifo" 2>/dev/null; then
    cat "$m" > "$E/fifo" &
    $asan_tool query --forward "$E/fifo" < "${m%.bsp}.queries" > "$E/fifo.out" 2>&1
    wait
    if cmp -s "$E/fifo.out" "${m%.bsp}.expected"; then
        pass "tool: query --forward on a FIFO gives the file's answers"
    else
        fail "tool: query --forward on a FIFO: $(head -c 200 "$E/fifo.out")"
    fi
else
    skip "tool: mkfifo unavailable"
fi
$tool query - < /dev/null > /dev/null 2>&1
rc=$?
if [ $rc -eq 2 ]; then pass "tool: query - is refused (the queries come on standard input)"
else fail "tool: query - exited $rc"; fi

# 32-bit hosts: a file past 2 GiB (sparse: a few KB on disk), with a lump
# beyond 2 GiB, read by the 32-bit PowerPC build.
craft far_lump q1.bsp far.bsp > /dev/null
$tool entities "$m" > "$E/far.want"
$tool entities "$E/far.bsp" > "$E/far.host" 2>&1
if [ ! -x build/ppc/bspkit ] || ! command -v qemu-ppc > /dev/null; then
    cross_missing "tool: > 2 GiB on 32-bit: build/ppc/bspkit or qemu-ppc missing (make cross)"
elif qemu-ppc build/ppc/bspkit entities "$E/far.bsp" > "$E/far.ppc" 2>&1 &&
     cmp -s "$E/far.want" "$E/far.ppc" && cmp -s "$E/far.want" "$E/far.host"; then
    pass "tool: a 2 GiB+ file with a lump past 2 GiB loads on 32-bit ppc as on the host"
else
    fail "tool: 2 GiB+ file on 32-bit ppc: $(head -c 200 "$E/far.ppc")"
fi
if $tool --help | grep -q "docs/queries.md"; then pass "tool: --help points to docs/queries.md"
else fail "tool: --help does not name docs/queries.md"; fi

# --version: the library's version, on standard output, exit 0.
want=$(sed -n 's/^#define BSPKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' loader/bspkit.h | paste -sd.)
v1=$($tool --version 2> "$E/v.err"); rc1=$?
v2=$($tool -V 2>> "$E/v.err"); rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ "$v1" = "bspkit $want" ] && [ "$v2" = "$v1" ] && [ ! -s "$E/v.err" ]; then
    pass "tool: --version and -V print bspkit $want and exit 0"
else fail "tool: --version: exit $rc1/$rc2, '$v1' '$v2' (want 'bspkit $want'), stderr $(cat "$E/v.err")"; fi

# Every --help: on standard output, nothing on standard error, exit 0.
bad=""
for args in "--help" "-h" "info --help" "query --help" "load --help" "render --help" "render -h" \
            "render $MAPS/q1.bsp --help"; do
    $tool $args > "$E/help.out" 2> "$E/help.err"
    rc=$?
    { [ $rc -eq 0 ] && grep -q '^usage: bspkit' "$E/help.out" && [ ! -s "$E/help.err" ]; } || bad="$bad [$args: exit $rc]"
done
if $tool render --help | grep -q -- '--samples FILE.*with --top' &&
   $tool --help | grep -q 'samples FILE'; then :; else bad="$bad [render --samples not explained]"; fi
if [ -z "$bad" ]; then pass "tool: every --help goes to standard output with exit 0, render --help explains --samples"
else fail "tool: --help:$bad"; fi

# A command line the tool cannot run: one line naming the word, exit 2.
bad=""
usage_line() {   # want, then the arguments
    want=$1; shift
    $tool "$@" > "$E/use.out" 2> "$E/use.err"
    rc=$?
    { [ $rc -eq 2 ] && [ ! -s "$E/use.out" ] && [ "$(cat "$E/use.err")" = "$want" ]; } ||
        bad="$bad [$*: exit $rc, '$(head -3 "$E/use.err")']"
}
usage_line "bspkit: unknown option '--foo' (see bspkit --help)" --foo
usage_line "bspkit: unknown option '--foo' (see bspkit --help)" info --foo "$MAPS/q1.bsp"
usage_line "bspkit: unknown command 'frob' (see bspkit --help)" frob "$MAPS/q1.bsp"
usage_line "bspkit render: unknown option '--foo' (see bspkit render --help)" render "$MAPS/q1.bsp" --foo
usage_line "bspkit: option '--budget' needs a value (see bspkit --help)" info "$MAPS/q1.bsp" --budget
if [ -z "$bad" ]; then pass "tool: an unknown option or command is named in one line on stderr, exit 2"
else fail "tool: usage errors:$bad"; fi

# Hexen II's models (docs/queries.md 13.4), spoilt: a model lump 80 does
# not divide is Quake's and, 64 not dividing it either, bad_lump; the
# 640-byte lump with one model's clip head node past the clipnodes is not
# plausible, so Quake's 10 models, which do not load (corrupt): never half
# of each.
h2=$MAPS/q1_hexen2.bsp; h640=$MAPS/models640/q1_hexen2_640.bsp
if [ -f "$h2" ] && [ -f "$h640" ]; then
    python3 - "$h2" "$E/h2_150.bsp" "$h640" "$E/h2_640_bad.bsp" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], "rb").read())
ofs = struct.unpack_from("<i", d, 4 + 14 * 8)[0]
struct.pack_into("<i", d, 4 + 14 * 8 + 4, 150)
open(sys.argv[2], "wb").write(d)
d = bytearray(open(sys.argv[3], "rb").read())
ofs, ln = struct.unpack_from("<ii", d, 4 + 14 * 8)
clips = struct.unpack_from("<i", d, 4 + 9 * 8 + 4)[0] // 8
struct.pack_into("<i", d, ofs + 7 * 80 + 36 + 4 * 3, clips)   # the last model's headnode[3]
open(sys.argv[4], "wb").write(d)
PY
    a=$($asan_tool stats "$E/h2_150.bsp" 2>/dev/null); b=$($asan_tool info "$E/h2_640_bad.bsp" 2>/dev/null)
    c=$($asan_tool stats "$E/h2_640_bad.bsp" 2>/dev/null)
    if echo "$a" | grep -q '"error":"bad_lump".*64-byte records' && ! echo "$b" | grep -q '"variant"' &&
       echo "$c" | grep -q '"error":"corrupt"'; then
        pass "hexen2: a model lump of 150 bytes is bad_lump; a 640-byte one with an implausible model is Quake's, corrupt"
    else
        fail "hexen2: spoilt models: '$(echo "$a" | head -c 120)' '$(echo "$b" | head -c 80)' '$(echo "$c" | head -c 120)'"
    fi
else
    fail "hexen2: q1_hexen2.bsp or models640/q1_hexen2_640.bsp not generated"
fi
rm -rf "$E"
