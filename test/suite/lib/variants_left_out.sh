# SPDX-License-Identifier: MIT
# variants_left_out.sh - sourced by the subset parts (34-subsets.sh,
# 35-core.sh): what a build without some of Source's game variants answers.

# The Source variant a map is, "" for none, from the full build's
# `bspkit info` line INFO: the variant it names, or strata for Source nodes
# (lump 5) at lump version 1. Only the variants BSPKIT_VARIANTS chooses
# among count: another family's variant (quake2's qbism) is always built.
variant_of() {
    vo=$(echo "$1" | sed -n 's/.*"variant":"\([a-z0-9_]*\)".*/\1/p')
    case $vo in
    strata | bloodlines | dark_messiah | vindictus | tactical_intervention | hl2_xbox) ;;
    *) vo= ;;
    esac
    if [ -z "$vo" ] && echo "$1" | grep -q '^{"family":"source",.*"index":5,[^}]*"version":1,'; then
        vo=strata
    fi
    echo "$vo"
}

# The status of a file of VARIANT in a build that left VARIANT out: what a
# bspkit that never knew the variant answers (docs/building.md "Builds with
# fewer formats"). Vindictus: the tool recognises it and bsp_use_variant
# refuses. The original Xbox's HL2: still told, and refused (a bspkit that
# never knew it would misread it; docs/queries.md 13.5).
left_out_status() {
    case $1 in
    strata) echo bad_lump_version ;;
    bloodlines | dark_messiah | hl2_xbox) echo bad_version ;;
    tactical_intervention) echo bad_magic ;;
    vindictus) echo unsupported ;;
    esac
}
