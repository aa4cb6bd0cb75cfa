# SPDX-License-Identifier: MIT
# config.mk - what the library carries (loader/family/selection.h):
#   BSPKIT_FAMILIES="source quake"  only these families, by the names
#                                   bsp_family_name gives (empty: all)
#   BSPKIT_LZMA=0                   no LZMA decoder (compressed lumps are
#                                   then "unsupported")
#   BSPKIT_ACCESS=0                 no typed map access (bsp_get_counts ..
#                                   bsp_entity_vector answer "unsupported")
#   BSPKIT_AMBIENT=0                no bsp_ambient ("unsupported")
# Included by the Makefile after LOADER_SRC; sets CONFIG_FLAGS for loader
# objects and CONFIG_STAMP, a file that changes when the choice does, so
# that objects of another choice in the same BUILD are rebuilt.

BSPKIT_FAMILIES ?=
BSPKIT_LZMA ?= 1
BSPKIT_ACCESS ?= 1
BSPKIT_AMBIENT ?= 1
BSPKIT_FAMILY_NAMES := source quake goldsrc bsp2 quake2 quake3 nightfire

ifneq ($(filter-out $(BSPKIT_FAMILY_NAMES),$(BSPKIT_FAMILIES)),)
$(error BSPKIT_FAMILIES: unknown $(filter-out $(BSPKIT_FAMILY_NAMES),$(BSPKIT_FAMILIES)); known: $(BSPKIT_FAMILY_NAMES))
endif
$(foreach v,BSPKIT_LZMA BSPKIT_ACCESS BSPKIT_AMBIENT,$(if $(filter 0 1,$($(v))),,\
    $(error $(v) must be 0 or 1, not '$($(v))')))

CONFIG_FLAGS := $(foreach f,$(sort $(BSPKIT_FAMILIES)),-DBSPKIT_FAMILY_$(shell echo $(f) | tr a-z A-Z)=1) \
                -DBSPKIT_LZMA=$(BSPKIT_LZMA) -DBSPKIT_ACCESS=$(BSPKIT_ACCESS) \
                -DBSPKIT_AMBIENT=$(BSPKIT_AMBIENT)
ifeq ($(BSPKIT_LZMA),0)
LOADER_SRC := $(filter-out loader/lzma/%,$(LOADER_SRC))
endif

CONFIG_STAMP := $(BUILD)/config.flags
$(CONFIG_STAMP): config-force
	@mkdir -p $(dir $@)
	@echo '$(CONFIG_FLAGS)' | cmp -s - $@ || echo '$(CONFIG_FLAGS)' > $@
.PHONY: config-force
config-force:

# The reduced builds the suite checks (test/suite/35-subsets.sh, 36-core.sh):
# the host tool built with only Source, only Quake, Source without the
# decoder, and every family without the optional features, for size (-Os:
# the decoder's compact form), with the decoder tests.
SUBSETS := source quake source-nolzma core
SUBSET_source := BSPKIT_FAMILIES=source
SUBSET_quake := BSPKIT_FAMILIES=quake
SUBSET_source-nolzma := BSPKIT_FAMILIES=source BSPKIT_LZMA=0
SUBSET_core := BSPKIT_ACCESS=0 BSPKIT_AMBIENT=0 CFLAGS="-Os -g"
SUBSET_BINS_core := t/test_lzma
.PHONY: subsets
subsets:
	@$(foreach s,$(SUBSETS),$(MAKE) --no-print-directory BUILD=$(BUILD)/sub/$s $(SUBSET_$s) \
	    $(addprefix $(BUILD)/sub/$s/,bspkit $(SUBSET_BINS_$s)) || exit 1;)
