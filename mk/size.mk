# SPDX-License-Identifier: MIT
# size.mk - `make size`: the loader's footprint on 32-bit PowerPC at -Os
# (text + read-only data + data of loader/ and port/, no maps, no platform)
# for the builds a game would choose, against the goals of issue 13.
# Included after baremetal.mk (uses BM_CC, BM_SIZE, BM_CFLAGS, LOADER_SRC).
# Each configuration builds in its own $(BUILD)/size/NAME. A row is a name,
# its make variables, its label and, where one is set, its goal.
#
# The goals were set for the loader and its queries, before map access
# (BSPKIT_ACCESS), ambient light (BSPKIT_AMBIENT), Source's game variants
# (BSPKIT_VARIANTS) and the resumable loader. "core" rows are what a console
# game carries to load maps and ask the contract's queries: the resumable
# loader and validation, the entity iterator and game lumps (spawning,
# static props), and none of what such a game leaves out: map access,
# ambient light, the variants of games it is not, text for people
# (BSPKIT_STRINGS). They are what the goals measure (CORE, mk/config.mk:
# the same build the suite tests as `core`); the "everything" rows carry
# every option, to show their cost.

EVERYTHING := BSPKIT_ACCESS=1 BSPKIT_AMBIENT=1 BSPKIT_VARIANTS=all BSPKIT_STRINGS=1 BSPKIT_PAK=1
SIZE_CONFIGS := all all-core all-core-coll source-lzma source-lzma-core source-lzma-core-coll \
                source-lzma-core-coll-nodisp \
                source-core quake-core
# core with collision: what a game that moves players with bspkit carries
CORE_COLL := $(filter-out BSPKIT_COLLISION=%,$(CORE)) BSPKIT_COLLISION=1
SIZE_all              := BSPKIT_FAMILIES= BSPKIT_LZMA=1 $(EVERYTHING)
SIZE_all-core         := BSPKIT_FAMILIES= BSPKIT_LZMA=1 $(CORE)
SIZE_source-lzma      := BSPKIT_FAMILIES=source BSPKIT_LZMA=1 $(EVERYTHING)
SIZE_source-lzma-core := BSPKIT_FAMILIES=source BSPKIT_LZMA=1 $(CORE)
SIZE_all-core-coll    := BSPKIT_FAMILIES= BSPKIT_LZMA=1 $(CORE_COLL)
SIZE_source-lzma-core-coll := BSPKIT_FAMILIES=source BSPKIT_LZMA=1 $(CORE_COLL)
# the same without Source terrain's collision (docs/queries.md 8.14)
SIZE_source-lzma-core-coll-nodisp := BSPKIT_FAMILIES=source BSPKIT_LZMA=1 $(CORE_COLL) BSPKIT_DISPCOLL=0
SIZE_source-core      := BSPKIT_FAMILIES=source BSPKIT_LZMA=0 $(CORE)
SIZE_quake-core       := BSPKIT_FAMILIES="quake goldsrc bsp2" BSPKIT_LZMA=0 $(CORE)
SIZE_LABEL_all              := all families, LZMA, everything
SIZE_LABEL_all-core         := all families, LZMA, core
SIZE_LABEL_source-lzma      := source, LZMA, everything
SIZE_LABEL_source-lzma-core := source, LZMA, core
SIZE_LABEL_all-core-coll    := all families, LZMA, core, collision
SIZE_LABEL_source-lzma-core-coll := source, LZMA, core, collision
SIZE_LABEL_source-lzma-core-coll-nodisp := source, LZMA, core, collision, no terrain
SIZE_LABEL_source-core      := source, no LZMA, core
SIZE_LABEL_quake-core       := quake goldsrc bsp2, no LZMA, core
SIZE_GOAL_all-core          := 30000
SIZE_GOAL_source-lzma-core  := 20000
SIZE_GOAL_source-lzma-core-coll := 24000

SIZE_CFLAGS = $(filter-out -O2 -g,$(BM_CFLAGS)) -Os
SIZE_OBJ := $(LOADER_SRC:%.c=$(BUILD)/os/%.o) $(BUILD)/os/port/bsp_mem.o

$(BUILD)/os/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	@$(BM_CC) $(SIZE_CFLAGS) $(CONFIG_FLAGS) -c $< -o $@

# One row: label, bytes, goal and verdict (when there is a goal).
.PHONY: size size-row size-doc
size-row: $(SIZE_OBJ)
	@$(BM_SIZE) -t $(SIZE_OBJ) | awk -v label='$(SIZE_LABEL)' -v goal='$(SIZE_GOAL)' \
	    'END { b = $$1 + $$2; printf "%-36s %7d", label, b; \
	           if (goal != "") printf "  %7d  %s", goal, (b <= goal ? "ok" : "over"); print "" }'

size:
	@echo "loader on 32-bit PowerPC (e500mc), -Os: text + rodata + data, bytes"
	@echo "(core: $(CORE); everything: all built)"
	@printf "%-36s %7s  %7s\n" configuration bytes goal
	@$(foreach c,$(SIZE_CONFIGS),$(MAKE) -s --no-print-directory BUILD=$(BUILD)/size/$c \
	    $(SIZE_$c) SIZE_LABEL="$(SIZE_LABEL_$c)" SIZE_GOAL=$(SIZE_GOAL_$c) size-row || exit 1;)
# docs/building.md's table, rewritten from what `make size` prints (the
# suite's part 68 checks the page against the command).
size-doc:
	@$(MAKE) -s --no-print-directory size > $(BUILD)/size.txt
	@python3 mk/size_doc.py docs/building.md < $(BUILD)/size.txt
