# SPDX-License-Identifier: MIT
# fuzz.mk - fuzzing, the fuzz regression corpus and loader/ line coverage.
# Included by the main Makefile after its variables and rules, as its last
# lines (uses BUILD, CC, WARN, FLOAT, CFLAGS, LDFLAGS, FREESTANDING, ASAN,
# TEST_SAN, LIB_SRC, HOST_SRC, HEADERS, LZMA_REF, LZMA_TEST_FLAGS, SDK and
# the rules for $(BUILD)/t/libbspkit.a and $(BUILD)/maps/.stamp).
#
#   make fuzz            every libFuzzer target (or those in FUZZ_TARGETS) for
#                        FUZZ_SECONDS (default 60) each, FUZZ_JOBS (default
#                        2) at a time; the corpus
#                        grows in $(BUILD)/fuzz/corpus/TARGET, crashes land in
#                        $(BUILD)/fuzz/artifacts/
#   make fuzz-bins       build the libFuzzer targets (clang, ASan + UBSan), or
#                        say why not; never fails for want of clang
#   make fuzz-smoke      what `make test` runs (test/fuzz/run.sh): replay the
#                        regression corpus, then FUZZ_SMOKE_SECONDS (default 20)
#                        of each target
#   make coverage        loader/ line coverage of the test suite (gcc
#                        --coverage, gcovr): the C tests, the bspkit tool on the
#                        generated and real maps, the regression corpus
#
# Targets (test/fuzz/): load (whole maps, every load option, every query),
# family (the same on maps whose header and directory the target writes, so
# mutations reach the records), lzma (the decoder in and out of place),
# lzma_diff (against liblzma), entity (the entity iterator), stream (maps
# through a forward-only stream of unknown size), resume (the resumable
# loader against bsp_load, reads and budgets from the input), jobs (the
# same with decode jobs held and reported in an order from the input), access (the map
# access API over maps loaded with BSP_LOAD_GEOMETRY; the load seeds), areas (area
# connectivity under closed, open and the input's own portal states; the load seeds), props (the static
# prop API on each map's 'sprp' sub-lump at every version; the load seeds), pak (the
# pakfile reader, whole or the stream's way, on test/craft/pak_gen.py's pakfiles), srclumps (cubemaps and
# world lights, with the map's header and altered ones; the load seeds), boxleaves (bsp_box_leaves
# and bsp_trace with the player and hull-class boxes; the load seeds), draw (bsp_leaf_disps,
# bsp_visible_faces and the entity getters; the load seeds), mesh (bsp_measure_mesh and
# bsp_mesh_build on every model, options and patch sets; the load seeds and
# test/craft/craft_mesh.py's maps), tex (the texture table and
# pixels, docs/queries.md 11.2; the load seeds and bspgen's tex/ maps), wad (WAD2/WAD3 and .wal
# files through a stream; bspgen's tex/ files), atlas (light styles
# combined, lightmap texels, the atlas and its update; the load seeds), grid (the
# LIGHTGRID_OCTREE parse and lookup on the lump alone; the generator's grid lumps), bspx (the BSPX directory
# and the light it brings, seekable and forward-only; bspgen's bspx/ maps), lit (a .lit as a second
# stream, bsp_load against the resumable loader; bspgen's bspx/ maps with their .lit). $(BUILD)/t/fuzz_replay runs inputs through the same
# code without libFuzzer; it is part of `bins`, so cross builds
# (BUILD=build/ppc64 CC=powerpc64-linux-gnu-gcc LDFLAGS=-static TEST_SAN=)
# make a static big-endian one for qemu-user too.

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_JOBS    ?= 2
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_TARGETS ?= load family lzma lzma_diff entity stream resume jobs access collision areas props pak srclumps boxleaves grid bspx lit curves draw mesh tex wad atlas
FUZZ_ALL     := load family lzma lzma_diff entity stream resume jobs access collision areas props pak srclumps boxleaves grid bspx lit curves draw mesh tex wad atlas
FUZZ_SRC     := $(FUZZ_ALL:%=test/fuzz/fuzz_%.c)
FUZZ_DEPS    := test/fuzz/fuzz.h test/fuzz/load_all.h test/common/exercise.h test/common/recstream.h test/common/resume_drive.h test/access/exercise_access.h $(HEADERS)
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o)
SHARED       ?= ../shared

.PHONY: fuzz fuzz-bins fuzz-bins-real fuzz-seeds fuzz-smoke coverage

# Does $(FUZZ_CC) link a libFuzzer target? (clang and libclang-rt-dev)
FUZZ_PROBE = printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    | $(FUZZ_CC) -x c -fsanitize=fuzzer - -o $(FUZZ_DIR)/probe >/dev/null 2>&1

fuzz-bins:
	@mkdir -p $(FUZZ_DIR)
	@if $(FUZZ_PROBE); then $(MAKE) --no-print-directory -f $(firstword $(MAKEFILE_LIST)) fuzz-bins-real; \
	else echo "fuzz: $(FUZZ_CC) cannot build libFuzzer targets (apt-get install clang libclang-rt-14-dev); skipped"; \
	     rm -f $(FUZZ_ALL:%=$(FUZZ_DIR)/fuzz_%); fi

fuzz-bins-real: $(FUZZ_ALL:%=$(FUZZ_DIR)/fuzz_%) fuzz-seeds
# What the seeds need is built by this make before the one above starts, so
# that a parallel make never builds them twice at once.
fuzz-bins: $(BUILD)/maps/.stamp $(BUILD)/t/fuzz_mkseeds $(BUILD)/t/pak_lzma

# The library with coverage feedback for libFuzzer, the same flags otherwise
# (clang has no -fno-tree-loop-distribute-patterns: filtered out).
FUZZ_FREESTANDING := $(filter-out -fno-tree-loop-distribute-patterns,$(FREESTANDING))
$(FUZZ_DIR)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(WARN) $(FLOAT) $(FUZZ_FREESTANDING) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_DIR)/libbspkit.a: $(FUZZ_LIB_OBJ)
	$(AR) rcs $@ $^
$(FUZZ_DIR)/fuzz_%: test/fuzz/fuzz_%.c $(FUZZ_DEPS) $(FUZZ_DIR)/libbspkit.a
	$(FUZZ_CC) $(WARN) $(FLOAT) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer $< $(FUZZ_DIR)/libbspkit.a -llzma -lm -o $@

# The replay driver: every target, no libFuzzer, the suite's test flags.
$(BUILD)/t/fuzz_replay: test/fuzz/replay.c $(FUZZ_SRC) $(FUZZ_DEPS) test/common/check.h test/common/files.h $(BUILD)/t/libbspkit.a
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LZMA_TEST_FLAGS) -DFUZZ_REPLAY $(LDFLAGS) \
	    test/fuzz/replay.c $(FUZZ_SRC) $(BUILD)/t/libbspkit.a $(LZMA_REF) -lm -o $@
bins: $(BUILD)/t/fuzz_replay

# Seeds: the generated maps (every family and console variant; not the
# benchmark's large.bsp) and the real ones for `load`; the same maps in
# fuzz_family's form, and LZMA streams and entity texts cut from them, for
# the rest.
$(BUILD)/t/fuzz_mkseeds: test/fuzz/mkseeds.c test/common/files.h $(BUILD)/t/libbspkit.a $(HEADERS)
	$(CC) $(WARN) $(FLOAT) $(CFLAGS) $(TEST_SAN) $(LDFLAGS) $< $(BUILD)/t/libbspkit.a -llzma -lm -o $@
fuzz-seeds: $(FUZZ_DIR)/seeds/.stamp
$(FUZZ_DIR)/seeds/.stamp: $(BUILD)/maps/.stamp $(BUILD)/t/fuzz_mkseeds $(BUILD)/t/pak_lzma
	@rm -rf $(FUZZ_DIR)/seeds
	@mkdir -p $(FUZZ_DIR)/seeds/load
	@for m in $(BUILD)/maps/*.bsp; do case $$m in */large.bsp) ;; *) cp "$$m" $(FUZZ_DIR)/seeds/load/;; esac; done
	@cp $(BUILD)/maps/vindictus/*.bsp $(FUZZ_DIR)/seeds/load/   # read as Vindictus by fuzz_load's last row
	@for m in $(BUILD)/maps/grid/*.bsp; do case $$m in *_header.bsp) ;; *) cp "$$m" $(FUZZ_DIR)/seeds/load/;; esac; done   # BSPX light grids, hostile ones among them (not the directory after the header: a forward-only load does not look there)
	@cp $(BUILD)/maps/brushlist/*.bsp $(FUZZ_DIR)/seeds/load/   # BSPX BRUSHLIST (docs/queries.md 13.7), hostile lists among them
	@cp $(BUILD)/maps/models640/*.bsp $(FUZZ_DIR)/seeds/load/   # 640-byte model lumps: Hexen II or Quake by plausibility (13.4)
	@for m in $(BUILD)/maps/respawn/*.bsp; do cp "$$m" $(FUZZ_DIR)/seeds/load/respawn-$$(basename $$m); done   # rBSP and PSBr (12.1), hostile headers among them
	@for m in $(wildcard $(SHARED)/maps/*/*.bsp $(SHARED)/maps/new/quake2/*.bsp $(SHARED)/maps/new/respawn/*.bsp); do \
	    cp "$$m" "$(FUZZ_DIR)/seeds/load/real-$$(basename $$(dirname $$m))-$$(basename $$m)"; done
	@$(BUILD)/t/fuzz_mkseeds $(FUZZ_DIR)/seeds $(FUZZ_DIR)/seeds/load/*.bsp
	@rm -rf $(FUZZ_DIR)/seeds/stream && cp -r $(FUZZ_DIR)/seeds/load $(FUZZ_DIR)/seeds/stream
	@mkdir -p $(FUZZ_DIR)/seeds/grid && cp $(BUILD)/maps/grid/*.lump $(FUZZ_DIR)/seeds/grid/
	@mkdir -p $(FUZZ_DIR)/seeds/resume
	@for m in $(FUZZ_DIR)/seeds/load/*.bsp; do \
	    { printf '\000\000\000\000'; cat "$$m"; } > $(FUZZ_DIR)/seeds/resume/$$(basename $$m); done
	@ln -s resume $(FUZZ_DIR)/seeds/jobs
	@ln -s load $(FUZZ_DIR)/seeds/access
	@ln -s load $(FUZZ_DIR)/seeds/collision
	@ln -s load $(FUZZ_DIR)/seeds/areas
	@ln -s load $(FUZZ_DIR)/seeds/props
	@ln -s load $(FUZZ_DIR)/seeds/boxleaves
	@mkdir -p $(FUZZ_DIR)/seeds/curves && cp $(FUZZ_DIR)/seeds/load/q3*.bsp $(FUZZ_DIR)/seeds/curves/
	@python3 test/craft/craft_curves.py $(BUILD)/maps/q3.bsp $(FUZZ_DIR)/seeds/curves
	@ln -s load $(FUZZ_DIR)/seeds/draw
	@mkdir -p $(FUZZ_DIR)/seeds/mesh $(FUZZ_DIR)/meshcurves && cp $(FUZZ_DIR)/seeds/load/*.bsp $(FUZZ_DIR)/seeds/mesh/
	@python3 test/craft/craft_curves.py $(BUILD)/maps/q3.bsp $(FUZZ_DIR)/meshcurves
	@python3 test/craft/craft_mesh.py $(BUILD)/maps $(FUZZ_DIR)/meshcurves $(FUZZ_DIR)/seeds/mesh
	@mkdir -p $(FUZZ_DIR)/seeds/tex $(FUZZ_DIR)/seeds/wad
	@cp $(FUZZ_DIR)/seeds/load/*.bsp $(BUILD)/maps/tex/*.bsp $(FUZZ_DIR)/seeds/tex/
	@for f in $(BUILD)/maps/tex/*.wad $(BUILD)/maps/tex/*.wal $(wildcard $(SHARED)/maps/goldsrc/*.wad); do \
	    case $$f in *.wal) c='\001';; *) c='\000';; esac; \
	    { printf "$$c"; cat "$$f"; } > $(FUZZ_DIR)/seeds/wad/$$(basename $$f); done
	@ln -s load $(FUZZ_DIR)/seeds/atlas
	@mkdir -p $(FUZZ_DIR)/seeds/pak
	@for k in plain aligned aligned1; do for o in le be; do \
	    python3 test/craft/pak_gen.py $(BUILD)/t/pak_lzma -$$o $(FUZZ_DIR)/pak.tmp $$k && \
	    for f in 0 1 2 3; do { printf "\\00$$f"; cat $(FUZZ_DIR)/pak.tmp; } > $(FUZZ_DIR)/seeds/pak/$$k-$$o-$$f; done; \
	done; done; rm -f $(FUZZ_DIR)/pak.tmp
	@ln -s load $(FUZZ_DIR)/seeds/srclumps
	@mkdir -p $(FUZZ_DIR)/seeds/bspx $(FUZZ_DIR)/seeds/lit
	@cp $(BUILD)/maps/bspx/*.bsp $(FUZZ_DIR)/seeds/bspx/
	@for m in $(wildcard $(SHARED)/maps/bsp2/example_q1_bspx.bsp $(SHARED)/maps/quake/q1_cube.bsp); do \
	    cp "$$m" "$(FUZZ_DIR)/seeds/bspx/real-$$(basename $$m)"; done
	@for l in $(BUILD)/maps/bspx/*.lit; do m=$${l%.lit}.bsp; \
	    python3 -c 'import struct,sys; m=open(sys.argv[1],"rb").read(); sys.stdout.buffer.write(struct.pack("<I",len(m))+m+open(sys.argv[2],"rb").read())' \
	        "$$m" "$$l" > $(FUZZ_DIR)/seeds/lit/$$(basename $$m); done
	@touch $@

fuzz: fuzz-bins $(BUILD)/t/fuzz_replay
	@BUILD=$(BUILD) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_TARGETS="$(FUZZ_TARGETS)" \
	    sh test/fuzz/run.sh fuzz

fuzz-smoke: fuzz-bins $(BUILD)/t/fuzz_replay
	@BUILD=$(BUILD) FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" sh test/fuzz/run.sh

# ---- line coverage of loader/ ---------------------------------------------
# The library and the C tests built with gcc --coverage (no sanitizers, -O0),
# run the way test/run.sh runs them, plus the bspkit tool's commands on every
# map; gcovr then reports loader/ alone.
COV_DIR   := $(BUILD)/cov
COV_FLAGS := -O0 -g --coverage
COV_OBJ   := $(LIB_SRC:%.c=$(COV_DIR)/obj/%.o)
COV_TESTS := test_unit test_api test_hostile test_lzma test_bounds

$(COV_DIR)/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(COV_FLAGS) -c $< -o $@
$(COV_DIR)/libbspkit.a: $(COV_OBJ)
	$(AR) rcs $@ $^
$(COV_DIR)/sdk/%.o: $(SDK)/%.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -D_7ZIP_ST -c $< -o $@
$(COV_DIR)/test_lzma: test/programs/test_lzma.c test/common/check.h $(COV_DIR)/libbspkit.a $(COV_DIR)/sdk/LzmaEnc.o $(COV_DIR)/sdk/LzFind.o
	$(CC) $(WARN) $(FLOAT) $(COV_FLAGS) $< $(COV_DIR)/libbspkit.a $(COV_DIR)/sdk/LzmaEnc.o \
	    $(COV_DIR)/sdk/LzFind.o -llzma -lm -o $@
$(COV_DIR)/test_%: test/programs/test_%.c $(wildcard test/common/*.h) $(COV_DIR)/libbspkit.a $(HOST_SRC)
	$(CC) $(WARN) $(FLOAT) $(COV_FLAGS) $< $(HOST_SRC) $(COV_DIR)/libbspkit.a -lm -o $@
$(COV_DIR)/bspkit: $(TOOL_SRC) $(HOST_SRC) $(COV_DIR)/libbspkit.a $(TOOL_STAMP)
	$(CC) $(WARN) $(FLOAT) $(COV_FLAGS) $(TOOL_INC) $(TOOL_SRC) $(HOST_SRC) $(COV_DIR)/libbspkit.a -lm -o $@
$(COV_DIR)/fuzz_replay: test/fuzz/replay.c $(FUZZ_SRC) $(FUZZ_DEPS) $(COV_DIR)/libbspkit.a
	$(CC) $(WARN) $(FLOAT) $(COV_FLAGS) -DFUZZ_REPLAY test/fuzz/replay.c $(FUZZ_SRC) \
	    $(COV_DIR)/libbspkit.a -llzma -lm -o $@

coverage: $(COV_TESTS:%=$(COV_DIR)/%) $(COV_DIR)/bspkit $(COV_DIR)/fuzz_replay $(BUILD)/maps/.stamp
	@BUILD=$(BUILD) SHARED=$(SHARED) sh test/fuzz/coverage.sh
