# SPDX-License-Identifier: MIT
# variants_left_out.sh - sourced by the subset parts (34-subsets.sh,
# 35-core.sh): what a build without some of the game variants answers.

# The game variant a map is, as BSPKIT_VARIANTS names it ("" for none),
# from the full build's `bspkit info` line INFO: the variant it names
# (Quake Live's is ibsp47's), strata for Source nodes (lump 5) at lump
# version 1, ibsp47 for any quake3 file of version 47.
variant_of() {
    vo=$(echo "$1" | sed -n 's/.*"variant":"\([a-z0-9_]*\)".*/\1/p')
    case $vo in
    strata | bloodlines | dark_messiah | vindictus | tactical_intervention | hl2_xbox) ;;
    quake64 | hexen2 | qbism | daikatana | raven | qfusion) ;;
    quakelive) vo=ibsp47 ;;
    *) vo= ;;
    esac
    if [ -z "$vo" ] && echo "$1" | grep -q '^{"family":"source",.*"index":5,[^}]*"version":1,'; then
        vo=strata
    fi
    if [ -z "$vo" ] && echo "$1" | grep -q '^{"family":"quake3","version":47,'; then
        vo=ibsp47
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
    # QBSP, RBSP, FBSP and Quake 64's " 46Q" are magics nothing else has;
    # IBSP 41 and 47 versions of known magics; Hexen II's 80-byte models
    # a model lump Quake's records do not fit (docs/building.md)
    qbism | raven | qfusion | quake64) echo bad_magic ;;
    daikatana | ibsp47) echo bad_version ;;
    hexen2) echo bad_lump ;;
    esac
}
