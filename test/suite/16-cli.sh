# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- the command line (docs/tool.md) ---------------------------------------
# 1. --help lists every query line the parser accepts: the words are read
#    from the parser's own table in tools/cli/cmd_query.c (not from the help
#    text), must equal --list-queries, and each is answered as a known word.
#    The commands likewise: tools/cli/bspkit.c's table, --list-commands,
#    --help and docs/tool.md's command table name the same words.
# 2. An unknown query word is named on standard error; the answer line
#    stays the contract's {"q":..,"error":"bad_query"}.
# 3. Every listing command on one generated map of every family follows
#    docs/tool.md "No such data": data the family's format has lists
#    (exit 0, no error line); data it has not answers {"error":"unsupported"},
#    names what is missing on standard error and exits 3. Which family has
#    which data is written here from the formats (docs/formats.md), not
#    taken from the tool.
cli=$BUILD/cli
tool=$BUILD/bspkit
mkdir -p $cli

# A table's words ($2) against what the tool lists ($3): FAIL and 1 when the
# table gave none or the listing differs.
same_words() {
    if [ -z "$2" ]; then fail "cli: no $1 found in the table"; return 1; fi
    [ "$2" = "$3" ] && return 0
    fail "cli: the tool lists $1 '$3', the table has '$2'"
    return 1
}

# -- 1. the query words ---------------------------------------------------
# rows of `lines[] = { { "word", "args", ...` up to the { NULL ... } row
words=$(sed -n '/^} lines\[\] = {$/,/{ NULL/p' tools/cli/cmd_query.c |
        sed -n 's/^ *{ "\([a-z]*\)",.*/\1/p' | tr '\n' ' ')
words=$(echo $words)
listed=$($tool --list-queries | tr '\n' ' ')
listed=$(echo $listed)
$tool --help > $cli/help.txt
if same_words "query words (tools/cli/cmd_query.c)" "$words" "$listed"; then
    missing=""
    for w in $words; do
        grep -Eq "^ +$w( |\$)" $cli/help.txt || missing="$missing $w"
    done
    n=$(echo $words | wc -w)
    if [ -z "$missing" ] && [ "$n" -ge 12 ]; then
        pass "cli: --help lists all $n query lines of the parser's table ($words)"
    else
        fail "cli: --help leaves out query lines:$missing (of $n)"
    fi
fi

# -- 1b. the commands: one table (tools/cli/bspkit.c's commands[]) that the
# dispatch, --help and --list-commands read; docs/tool.md names each
cmds=$(sed -n '/^static const tool_command commands\[\] = {$/,/^};/p' tools/cli/bspkit.c |
       sed -n 's/^ *{ "\([a-z-]*\)", run_.*/\1/p' | tr '\n' ' ')
cmds=$(echo $cmds)
listed=$($tool --list-commands | tr '\n' ' ')
listed=$(echo $listed)
if same_words "commands (tools/cli/bspkit.c)" "$cmds" "$listed"; then
    missing=""
    for c in $cmds; do
        grep -Eq "^  $c( |\$)" $cli/help.txt || missing="$missing $c:help"
        grep -Eq "^\| \`$c( |\`)" docs/tool.md || missing="$missing $c:docs/tool.md"
        # a known command without its map is a usage error (render in a
        # tool without pictures: unsupported, 3), never an unknown one
        $tool $c > /dev/null 2> $cli/cmd.err
        rc=$?
        { [ $rc -eq 2 ] || [ $rc -eq 3 ]; } && ! grep -q "unknown command" $cli/cmd.err ||
            missing="$missing $c:exit$rc"
    done
    $tool frob > /dev/null 2> $cli/cmd.err
    rc=$?
    { [ $rc -eq 2 ] && grep -q "unknown command 'frob'" $cli/cmd.err; } || missing="$missing frob:exit$rc"
    n=$(echo $cmds | wc -w)
    if [ -z "$missing" ] && [ "$n" -ge 15 ]; then
        pass "cli: the $n commands of the table are dispatched, in --help and in docs/tool.md"
    else
        fail "cli: commands of the table not dispatched or not documented:$missing (of $n)"
    fi
fi

m=$MAPS/q2.bsp
if [ ! -f "$m" ]; then
    skip "cli: $m absent: query words not run"
else
    # each word alone: a known word with missing numbers (bad_query, and
    # standard error gives the word's form, never "unknown")
    : > $cli/known.q
    for w in $words; do echo "$w" >> $cli/known.q; done
    $tool query "$m" < $cli/known.q > $cli/known.out 2> $cli/known.err
    bad=""
    for w in $words; do
        grep -qx "{\"q\":\"$w\",\"error\":\"bad_query\"}" $cli/known.out || bad="$bad $w:answer"
        grep -q "^bspkit query: line [0-9]*: $w takes " $cli/known.err || bad="$bad $w:stderr"
    done
    grep -q unknown $cli/known.err && bad="$bad (a known word called unknown)"
    if [ -z "$bad" ]; then pass "cli: every word of the table is a query line the parser knows"
    else fail "cli: query words not parsed as known:$bad"; fi

    # -- 2. an unknown word ------------------------------------------------
    printf 'leaf 0 0 0\nfrobnicate 1 2 3\nLeaf 0 0 0\n' > $cli/unknown.q
    $tool query "$m" < $cli/unknown.q > $cli/unknown.out 2> $cli/unknown.err
    rc=$?
    if [ $rc -eq 0 ] && [ "$(sed -n 2p $cli/unknown.out)" = '{"q":"frobnicate","error":"bad_query"}' ] &&
       [ "$(sed -n 3p $cli/unknown.out)" = '{"q":"Leaf","error":"bad_query"}' ] &&
       grep -q "^bspkit query: line 2: unknown query word 'frobnicate'" $cli/unknown.err &&
       grep -q "^bspkit query: line 3: unknown query word 'Leaf'" $cli/unknown.err; then
        pass "cli: an unknown query word is named on standard error (line and word), the answer is the contract's"
    else
        fail "cli: unknown query word: exit $rc, '$(cat $cli/unknown.out)' '$(cat $cli/unknown.err)'"
    fi
    # merged into one file (2>&1), the output stays the contract's lines
    $tool query "$m" < $cli/unknown.q > $cli/merged.out 2>&1
    if cmp -s $cli/merged.out $cli/unknown.out; then
        pass "cli: with 2>&1 into one file the output is exactly the answer lines"
    else
        fail "cli: 2>&1 output differs from the answer lines: $(head -c 300 $cli/merged.out)"
    fi
fi

# -- 3. one rule for data a family lacks ------------------------------------
# has FAMILY COMMAND: 0 when the family's format has that data
has() {
    case $2 in
    brushes) case $1 in quake|goldsrc|bsp2) return 1 ;; esac ;;
    props|cubemaps|lights|pak|gamelumps) [ "$1" = source ] || return 1 ;;
    esac
    return 0
}
checked=0; bad=""; fams=""
for base in v20_ldr goldsrc q1 bsp2 q2 q3 nightfire; do
    m=$MAPS/$base.bsp
    if [ ! -f "$m" ]; then skip "cli: $m absent"; continue; fi
    fam=$($tool info "$m" 2>/dev/null | sed -n 's/^{"family":"\([a-z0-9]*\)".*/\1/p')
    [ -n "$fam" ] || { bad="$bad $base:info"; continue; }
    fams="$fams $fam"
    for c in info stats entities leaves faces models textures brushes props cubemaps lights pak gamelumps; do
        $tool $c "$m" > $cli/out 2> $cli/err
        rc=$?
        checked=$((checked + 1))
        if has $fam $c; then
            [ $rc -eq 0 ] && ! grep -q '^{"error"' $cli/out || bad="$bad $fam/$c:exit$rc"
        else
            [ $rc -eq 3 ] && [ "$(cat $cli/out)" = '{"error":"unsupported"}' ] &&
                grep -q "^bspkit: .*$base.bsp: $fam maps have no .* (unsupported)\$" $cli/err ||
                bad="$bad $fam/$c:exit$rc:'$(head -c 80 $cli/out)'"
        fi
    done
done
if [ $checked -gt 0 ] && [ -z "$bad" ]; then
    pass "cli: $checked listings on$fams: data the family has lists (exit 0), data it lacks is unsupported (exit 3, named)"
elif [ -n "$bad" ]; then
    fail "cli: listings off the rule:$bad"
fi

# the other exit statuses: a command line the tool cannot run is 2, a file
# that is not a map 1; neither is 3
printf 'not a map at all, just some text\n' > $cli/text.bsp
$tool leaves > /dev/null 2>&1; u1=$?
$tool leaves --frob "$MAPS/q1.bsp" > /dev/null 2>&1; u2=$?
$tool brushes $cli/text.bsp > /dev/null 2>&1; f1=$?
$tool props $cli/nowhere.bsp > /dev/null 2>&1; f2=$?
if [ $u1 -eq 2 ] && [ $u2 -eq 2 ] && [ $f1 -eq 1 ] && [ $f2 -eq 1 ]; then
    pass "cli: usage errors exit 2, a file that is not a map or is missing exits 1"
else
    fail "cli: exit statuses: no map $u1, unknown option $u2 (want 2); text file $f1, missing file $f2 (want 1)"
fi
