# SPDX-License-Identifier: MIT
# config.mk - what the library carries (loader/core/config.h):
#   BSPKIT_FAMILIES="source quake"  only these families, by the names
#                                   bsp_family_name gives (empty: all)
#   BSPKIT_LZMA=0                   no LZMA decoder (compressed lumps are
#                                   then "unsupported")
#   BSPKIT_ACCESS=0                 no typed map access (bsp_get_counts ..
#                                   bsp_entity_vector answer "unsupported")
#   BSPKIT_AMBIENT=0                no bsp_ambient ("unsupported")
#   BSPKIT_VARIANTS="strata vindictus"  only these of the game variants:
#                                   strata bloodlines dark_messiah vindictus
#                                   tactical_intervention hl2_xbox (Source),
#                                   quake64 hexen2 (Quake), qbism daikatana
#                                   (Quake 2), ibsp47 raven qfusion (Quake 3);
#                                   all (the default) or none (each family's
#                                   own format alone)
#   BSPKIT_COLLISION=0              no collision (bsp_trace and the other
#                                   collision queries answer "unsupported")
#   BSPKIT_DISPCOLL=0               collision without Source displacements
#                                   (terrain does not collide)
#   BSPKIT_PAK=0                    no pakfile reader (bsp_pak_* answer
#                                   "unsupported")
#   BSPKIT_JOBS=0                   no decode jobs (options.jobs above 0 is
#                                   "unsupported"; the steps decode)
#   BSPKIT_STRINGS=0                no status sentences or lump names
#                                   (bsp_status_message gives the name)
# Included by the Makefile after LOADER_SRC; sets CONFIG_FLAGS for loader
# objects and CONFIG_STAMP, a file that changes when the choice does, so
# that objects of another choice in the same BUILD are rebuilt.

BSPKIT_FAMILIES ?=
BSPKIT_LZMA ?= 1
BSPKIT_ACCESS ?= 1
BSPKIT_AMBIENT ?= 1
BSPKIT_VARIANTS ?= all
BSPKIT_STRINGS ?= 1
BSPKIT_COLLISION ?= 1
BSPKIT_DISPCOLL ?= 1
BSPKIT_PAK ?= 1
BSPKIT_JOBS ?= 1
BSPKIT_FAMILY_NAMES := source quake goldsrc bsp2 quake2 quake3 nightfire respawn
BSPKIT_VARIANT_NAMES := strata bloodlines dark_messiah vindictus tactical_intervention hl2_xbox \
                        quake64 hexen2 qbism daikatana ibsp47 raven qfusion

ifneq ($(filter-out $(BSPKIT_FAMILY_NAMES),$(BSPKIT_FAMILIES)),)
$(error BSPKIT_FAMILIES: unknown $(filter-out $(BSPKIT_FAMILY_NAMES),$(BSPKIT_FAMILIES)); known: $(BSPKIT_FAMILY_NAMES))
endif
# all and none stand alone; the names are any subset (empty: an error, as
# a script that meant none or all should say which).
ifneq ($(filter-out $(BSPKIT_VARIANT_NAMES),$(BSPKIT_VARIANTS)),)
ifneq ($(words $(BSPKIT_VARIANTS))$(filter all none,$(BSPKIT_VARIANTS)),1$(strip $(BSPKIT_VARIANTS)))
$(error BSPKIT_VARIANTS: '$(BSPKIT_VARIANTS)': all, none or some of: $(BSPKIT_VARIANT_NAMES))
endif
endif
ifeq ($(strip $(BSPKIT_VARIANTS)),)
$(error BSPKIT_VARIANTS is empty: all, none or some of: $(BSPKIT_VARIANT_NAMES))
endif
$(foreach v,BSPKIT_LZMA BSPKIT_ACCESS BSPKIT_AMBIENT BSPKIT_STRINGS BSPKIT_COLLISION BSPKIT_DISPCOLL BSPKIT_PAK BSPKIT_JOBS,$(if $(filter 0 1,$($(v))),,\
    $(error $(v) must be 0 or 1, not '$($(v))')))

upper = $(shell echo $(1) | tr a-z A-Z)
CONFIG_FLAGS := $(foreach f,$(sort $(BSPKIT_FAMILIES)),-DBSPKIT_FAMILY_$(call upper,$(f))=1) \
                -DBSPKIT_LZMA=$(BSPKIT_LZMA) -DBSPKIT_ACCESS=$(BSPKIT_ACCESS) \
                -DBSPKIT_AMBIENT=$(BSPKIT_AMBIENT) -DBSPKIT_STRINGS=$(BSPKIT_STRINGS) \
                -DBSPKIT_COLLISION=$(BSPKIT_COLLISION) -DBSPKIT_DISPCOLL=$(BSPKIT_DISPCOLL) \
                -DBSPKIT_PAK=$(BSPKIT_PAK) -DBSPKIT_JOBS=$(BSPKIT_JOBS) \
                $(if $(filter none,$(BSPKIT_VARIANTS)),-DBSPKIT_VARIANTS=0, \
                  $(foreach v,$(sort $(filter-out all,$(BSPKIT_VARIANTS))),-DBSPKIT_VARIANT_$(call upper,$(v))=1))
# (without the decoder, lzma/unpack.c stays: its answers for Valve's
# blocks keep the loader linkable)
ifeq ($(BSPKIT_LZMA),0)
LOADER_SRC := $(filter-out loader/lzma/lzma_decoder.c,$(LOADER_SRC))
endif

CONFIG_STAMP := $(BUILD)/config.flags
# $(call write_stamp,TEXT) in a stamp's recipe: the target holds TEXT, and
# is rewritten (so newer than what was built from it) only when TEXT changes
write_stamp = @mkdir -p $(dir $@); echo '$(1)' | cmp -s - $@ || echo '$(1)' > $@
$(CONFIG_STAMP): config-force
	$(call write_stamp,$(CONFIG_FLAGS))
.PHONY: config-force
config-force:

# The reduced builds the suite checks (test/suite/34-subsets.sh, 35-core.sh):
# the host tool built with only Source (and two of its variants, by name,
# without decode jobs),
# only Quake, Source without the decoder, and every family as a game takes
# it (CORE: what mk/size.mk's core rows measure), for size (-Os: the
# decoder's compact form), with the decoder tests.
CORE := BSPKIT_ACCESS=0 BSPKIT_AMBIENT=0 BSPKIT_VARIANTS=none BSPKIT_STRINGS=0 BSPKIT_COLLISION=0 BSPKIT_PAK=0
SUBSETS := source quake source-nolzma core
SUBSET_source := BSPKIT_FAMILIES=source BSPKIT_VARIANTS="strata vindictus" BSPKIT_JOBS=0
SUBSET_quake := BSPKIT_FAMILIES=quake
SUBSET_source-nolzma := BSPKIT_FAMILIES=source BSPKIT_LZMA=0
SUBSET_core := $(CORE) CFLAGS="-Os -g"
SUBSET_BINS := t/test_selection
SUBSET_BINS_core := t/test_lzma
.PHONY: subsets
subsets:
	@$(foreach s,$(SUBSETS),$(MAKE) --no-print-directory BUILD=$(BUILD)/sub/$s $(SUBSET_$s) \
	    $(addprefix $(BUILD)/sub/$s/,bspkit $(SUBSET_BINS) $(SUBSET_BINS_$s)) || exit 1;)
