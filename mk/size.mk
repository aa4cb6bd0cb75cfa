# SPDX-License-Identifier: MIT
# size.mk - `make size`: the loader's footprint on 32-bit PowerPC at -Os
# (text + read-only data + data of loader/ and port/, no maps, no platform)
# for the builds a game would choose, against the goals of issue 13.
# Included after baremetal.mk (uses BM_CC, BM_SIZE, BM_CFLAGS, LOADER_SRC).
# Each configuration builds in its own $(BUILD)/size/NAME.

SIZE_CONFIGS := all source-lzma source quake
SIZE_all          := BSPKIT_FAMILIES= BSPKIT_LZMA=1
SIZE_source-lzma  := BSPKIT_FAMILIES=source BSPKIT_LZMA=1
SIZE_source       := BSPKIT_FAMILIES=source BSPKIT_LZMA=0
SIZE_quake        := BSPKIT_FAMILIES="quake goldsrc bsp2" BSPKIT_LZMA=0
SIZE_LABEL_all         := all families, LZMA
SIZE_LABEL_source-lzma := source, LZMA
SIZE_LABEL_source      := source, no LZMA
SIZE_LABEL_quake       := quake goldsrc bsp2, no LZMA
SIZE_GOAL_all          := 30000
SIZE_GOAL_source-lzma  := 20000

SIZE_CFLAGS = $(filter-out -O2 -g,$(BM_CFLAGS)) -Os
SIZE_OBJ := $(LOADER_SRC:%.c=$(BUILD)/os/%.o) $(BUILD)/os/port/bsp_mem.o

$(BUILD)/os/%.o: %.c $(HEADERS) $(CONFIG_STAMP)
	@mkdir -p $(dir $@)
	@$(BM_CC) $(SIZE_CFLAGS) $(CONFIG_FLAGS) -c $< -o $@

# One row: label, bytes, goal and verdict (when there is a goal).
.PHONY: size size-row
size-row: $(SIZE_OBJ)
	@$(BM_SIZE) -t $(SIZE_OBJ) | awk -v label='$(SIZE_LABEL)' -v goal='$(SIZE_GOAL)' \
	    'END { b = $$1 + $$2; printf "%-30s %7d", label, b; \
	           if (goal != "") printf "  %7d  %s", goal, (b <= goal ? "ok" : "over"); print "" }'

size:
	@echo "loader on 32-bit PowerPC (e500mc), -Os: text + rodata + data, bytes"
	@printf "%-30s %7s  %7s\n" configuration bytes goal
	@for c in $(SIZE_CONFIGS); do \
	    case $$c in \
	    all) $(MAKE) -s --no-print-directory BUILD=$(BUILD)/size/$$c $(SIZE_all) SIZE_LABEL="$(SIZE_LABEL_all)" SIZE_GOAL=$(SIZE_GOAL_all) size-row ;; \
	    source-lzma) $(MAKE) -s --no-print-directory BUILD=$(BUILD)/size/$$c $(SIZE_source-lzma) SIZE_LABEL="$(SIZE_LABEL_source-lzma)" SIZE_GOAL=$(SIZE_GOAL_source-lzma) size-row ;; \
	    source) $(MAKE) -s --no-print-directory BUILD=$(BUILD)/size/$$c $(SIZE_source) SIZE_LABEL="$(SIZE_LABEL_source)" size-row ;; \
	    quake) $(MAKE) -s --no-print-directory BUILD=$(BUILD)/size/$$c $(SIZE_quake) SIZE_LABEL="$(SIZE_LABEL_quake)" size-row ;; \
	    esac || exit 1; \
	done
